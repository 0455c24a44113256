/**
 * The kit's select: a native `<select>` with its label, a description and an error, both tied to it by
 * `aria-describedby` (the error also announced). Native on purpose: the browser's own list (type-to-jump, arrow keys,
 * the phone's picker, autofill and form data under `name`) at no weight — react-aria's Select added 8 to 24 KiB gzip
 * to each section that used it (issue "Admin kit": the kit must not add to a section's weight). Long lists to search
 * (time zones, users) take the kit's ComboBox (combo-box.tsx, react-aria). Styled like the other inputs (admin.css.ts);
 * items are key and label: the kit knows no domain type.
 */
import { useId, type ReactNode } from 'react';
import * as css from './admin.css.ts';

/** One option: its key (the value) and its visible label. */
export interface SelectItem<K extends string = string> {
  key: K;
  label: string;
}

/** What a labelled kit field (Select, ComboBox) takes besides its items and value. */
export interface KitFieldProps {
  /** The visible label (the control's accessible name). */
  label: ReactNode;
  /** A description under the control. */
  description?: ReactNode;
  /** The field's problem: the control is invalid and the message, announced, describes it. */
  error?: ReactNode;
  /** The control's name (forms, autofill, tests). */
  name?: string;
  disabled?: boolean;
}

/** A select of `items`; `value` is the chosen key (`''` allowed, e.g. "all"). Fires `onChange` with the new key. */
export function Select<K extends string>(props: KitFieldProps & { items: readonly SelectItem<K>[]; value: K; onChange: (value: K) => void }) {
  const id = useId();
  const describedBy = [props.description ? `${id}-d` : '', props.error ? `${id}-e` : ''].filter(Boolean).join(' ');
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        className={css.input}
        name={props.name}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => props.onChange(e.target.value as K)}
      >
        {props.items.map((item) => (
          <option key={item.key} value={item.key}>
            {item.label}
          </option>
        ))}
      </select>
      {props.description ? (
        <span id={`${id}-d`} className={css.hint}>
          {props.description}
        </span>
      ) : null}
      {props.error ? (
        <span id={`${id}-e`} className={css.fieldError} role="alert">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}
