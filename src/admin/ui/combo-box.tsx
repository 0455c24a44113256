/**
 * The kit's combo box (react-aria-components `ComboBox`): a labelled text input that filters a list of options as the
 * user types (Arrow Down or the chevron opens it; arrows move, Enter chooses, Escape closes), for long lists (time
 * zones, countries, users). A description and an error, tied to the input by `aria-describedby`; styled like the other
 * inputs (admin.css.ts); items are key and label.
 */
import { Button, ComboBox as AriaComboBox, FieldError, Group, Input, ListBox, ListBoxItem, Label, Popover, Text, type Key } from 'react-aria-components';
import * as css from './admin.css.ts';
import type { KitFieldProps, SelectItem } from './select.tsx';

/** The value and field props of react-aria's ComboBox, from a kit field's. */
function ariaFieldProps<K extends string>(props: KitFieldProps & { value: K; onChange: (value: K) => void }) {
  return {
    className: css.field,
    selectedKey: props.value,
    onSelectionChange: (key: Key | null) => key !== null && props.onChange(String(key) as K),
    name: props.name,
    isDisabled: props.disabled,
    isInvalid: Boolean(props.error),
  };
}

/**
 * What a kit combo box shows inside react-aria's `ComboBox`: its label, the input (named `name`) with the chevron, the
 * description and the error, and the list of options (items `{ id, label }`) — shared by {@link ComboBox} and the
 * combo boxes whose options a server search gives (the accounts' parent picker).
 */
export function ComboBoxParts({ label, description, error, name }: Pick<KitFieldProps, 'label' | 'description' | 'error' | 'name'>) {
  return (
    <>
      <Label className={css.label}>{label}</Label>
      <Group className={css.comboGroup}>
        <Input className={css.input} name={name} autoComplete={name ? 'off' : undefined} />
        <Button className={css.iconButton}>
          <span aria-hidden="true">▾</span>
        </Button>
      </Group>
      {description ? (
        <Text slot="description" className={css.hint}>
          {description}
        </Text>
      ) : null}
      <FieldError className={css.fieldError}>
        <span role="alert">{error}</span>
      </FieldError>
      <Popover placement="bottom start">
        <ListBox className={css.listBox}>
          {(item: { id: string; label: string }) => (
            <ListBoxItem id={item.id} textValue={item.label} className={css.option}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </>
  );
}

/** A combo box of `items`; `value` is the chosen key (`''`: none). The options shown contain what was typed. */
export function ComboBox<K extends string>(props: KitFieldProps & { items: readonly SelectItem<K>[]; value: K; onChange: (value: K) => void }) {
  const items = props.items.map((item) => ({ id: item.key, label: item.label }));
  return (
    <AriaComboBox {...ariaFieldProps(props)} defaultItems={items}>
      <ComboBoxParts label={props.label} description={props.description} error={props.error} />
    </AriaComboBox>
  );
}
