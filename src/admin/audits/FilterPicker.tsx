/**
 * A filter of the audit log that is a picker of the values present (issue 31 item 6): a combo box (react-aria) whose
 * options are the values of the log that contain what was typed (read from the emulator as the text changes, any
 * case: "sso" offers every SSO action). Choosing an option filters by that value exactly; typed text without a choice
 * filters by a part (the log's rows whose action or user contains it), once per pause. Arrow Down or the chevron
 * opens the list; arrows move, Enter chooses, Escape closes.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, ComboBox, Group, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import type { AuditFilterValue, AuditValueField } from '../../api/audits.ts';
import * as css from '../ui/admin.css.ts';
import { useDebouncedSearch } from '../ui/use-search.ts';

/** Props of {@link FilterPicker}. */
export interface FilterPickerProps {
  /** The filter: `action` or `user`; also the input's `name`. */
  field: AuditValueField;
  /** The visible label. */
  label: string;
  /** The filter's text as the list holds it: the picked value's label, or the part typed. */
  initial: string;
  /** The values present that contain `search`; rejects on failure (then the list offers none). */
  load: (field: AuditValueField, search: string, o: { signal: AbortSignal }) => Promise<{ values: AuditFilterValue[] }>;
  /** How an option reads (the actor "System" or a SCIM connection in the admin's language). */
  labelOf: (value: AuditFilterValue) => string;
  /** A value was chosen: filter by it exactly. */
  onPick: (value: AuditFilterValue) => void;
  /** Text was typed (after a pause) and nothing chosen: filter by that part (`''`: no filter). */
  onType: (text: string) => void;
}

/** The action or user filter of the audit log: a combo box of the values present, typed text a partial match. */
export function FilterPicker(props: FilterPickerProps) {
  const { field, load, labelOf, onPick, onType } = props;
  const [options, setOptions] = useState<AuditFilterValue[]>([]);
  // the option last chosen: its label in the box is not typed text (no partial filter for it); the ref is what the
  // debounced commit and the options' effect read, the state what the box shows as selected
  const picked = useRef<{ key: string; text: string } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const pick = (value: { key: string; text: string } | null) => {
    picked.current = value;
    setSelected(value?.key ?? null);
  };
  const { text, setText } = useDebouncedSearch((typed) => {
    if (picked.current?.text !== typed) onType(typed.trim());
  }, props.initial);
  // the values that contain what the box holds (a chosen option's text: the options it came from)
  useEffect(() => {
    const abort = new AbortController();
    const search = picked.current?.text === text ? '' : text.trim();
    load(field, search, { signal: abort.signal }).then(
      (r) => setOptions(r.values),
      () => !abort.signal.aborted && setOptions([]),
    );
    return () => abort.abort();
  }, [field, load, text]);
  const items = options.map((v) => ({ id: v.value, label: labelOf(v), value: v }));
  const choose = (key: Key | null) => {
    const item = key === null ? undefined : items.find((i) => i.id === String(key));
    if (!item) return;
    pick({ key: item.id, text: item.label });
    setText(item.label);
    onPick(item.value);
  };
  return (
    <ComboBox
      className={css.field}
      items={items}
      inputValue={text}
      onInputChange={(next) => {
        if (picked.current && picked.current.text !== next) pick(null);
        setText(next);
      }}
      selectedKey={selected}
      onSelectionChange={choose}
      allowsCustomValue
      allowsEmptyCollection
      menuTrigger="input"
    >
      <Label className={css.label}>{props.label}</Label>
      <Group className={css.comboGroup}>
        <Input className={css.input} name={field} autoComplete="off" />
        <Button className={css.iconButton}>
          <span aria-hidden="true">▾</span>
        </Button>
      </Group>
      <Popover placement="bottom start">
        <ListBox className={css.listBox}>
          {(item: (typeof items)[number]) => (
            <ListBoxItem id={item.id} textValue={item.label} className={css.option}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
