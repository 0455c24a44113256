/** A fieldset of checkboxes over a list of items (roles of a user or token, permissions …): the kit knows no domain type. */
import * as css from './admin.css.ts';
import { CheckboxRow } from './form.tsx';

/** One item of a checklist: its key (the value checked), its label and, when it has one, a muted description. */
export interface ChecklistItem {
  key: string;
  label: string;
  description?: string | null;
}

/** An item's label and, when it has one, its description (muted): the label of a checkbox. */
export function ItemLabel({ item }: { item: ChecklistItem }) {
  return (
    <>
      {item.label}
      {item.description ? <span className={css.muted}> — {item.description}</span> : null}
    </>
  );
}

/** Checkboxes of `items`; `value` are the checked keys. */
export function Checklist({
  legend,
  items,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  items: readonly ChecklistItem[];
  value: string[];
  onChange: (keys: string[]) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className={`${css.field} ${css.bareFieldset}`} disabled={disabled}>
      <legend className={css.label}>{legend}</legend>
      {items.map((item) => (
        <CheckboxRow key={item.key} checked={value.includes(item.key)} onChange={(on) => onChange(on ? [...value, item.key] : value.filter((k) => k !== item.key))}>
          <ItemLabel item={item} />
        </CheckboxRow>
      ))}
    </fieldset>
  );
}
