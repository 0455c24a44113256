/**
 * The kit's combo box (react-aria-components `ComboBox`): a labelled text input that filters a list of options as the
 * user types (Arrow Down or the chevron opens it; arrows move, Enter chooses, Escape closes), for long lists (time
 * zones, countries, users). A description and an error, tied to the input by `aria-describedby`; styled like the other
 * inputs (admin.css.ts); items are key and label.
 */
import { Button, ComboBox as AriaComboBox, Group, Input, ListBox, ListBoxItem, Label, Popover } from 'react-aria-components';
import * as css from './admin.css.ts';
import { ariaFieldProps, FieldTexts, type KitFieldProps, type SelectItem } from './select.tsx';

/** A combo box of `items`; `value` is the chosen key (`''`: none). The options shown contain what was typed. */
export function ComboBox<K extends string>(props: KitFieldProps & { items: readonly SelectItem<K>[]; value: K; onChange: (value: K) => void }) {
  const items = props.items.map((item) => ({ id: item.key, label: item.label }));
  return (
    <AriaComboBox {...ariaFieldProps(props)} defaultItems={items}>
      <Label className={css.label}>{props.label}</Label>
      <Group className={css.comboGroup}>
        <Input className={css.input} />
        <Button className={css.iconButton}>
          <span aria-hidden="true">▾</span>
        </Button>
      </Group>
      <FieldTexts description={props.description} error={props.error} />
      <Popover placement="bottom start">
        <ListBox className={css.listBox}>
          {(item: { id: string; label: string }) => (
            <ListBoxItem id={item.id} textValue={item.label} className={css.option}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
