/**
 * The form pieces of the portal's dialogs and section forms (styled by admin.css.ts): the Cancel / submit action row,
 * labelled text fields with a hint and an announced error, and the checkbox row. A field's error is linked to its
 * control (`aria-invalid`, `aria-describedby`) and is an ARIA alert, so it is announced when it appears.
 */
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import * as css from './admin.css.ts';
import { useSection } from '../shell/context.ts';

/** Props of {@link DialogActions}. */
export interface DialogActionsProps {
  /** Cancel's action (usually the dialog's `onClose`). */
  onCancel: () => void;
  /** A save is running: the submit button shows `busyLabel` and is `aria-disabled`, Cancel is disabled. */
  busy?: boolean;
  /** Cancel's disabled state when it differs from `busy` (e.g. a browser ceremony that Cancel may abort). */
  cancelDisabled?: boolean;
  /** The submit button's text; without it the row has no submit button (put other buttons in `children`). */
  label?: string;
  /** The submit button's text while `busy` (default: `label`). */
  busyLabel?: string;
  /** The submit button is destructive (danger style). */
  danger?: boolean;
  /** The submit button takes the focus when the row mounts. */
  autoFocus?: boolean;
  /** Cancel takes the focus when the row mounts (before a destructive submit: Enter must not run it). */
  autoFocusCancel?: boolean;
  /** Buttons after the submit button. */
  children?: ReactNode;
}

/** A dialog's action row: Cancel, then the form's submit button (showing progress while busy), then `children`. */
export function DialogActions({ onCancel, busy, cancelDisabled = busy, label, busyLabel, danger, autoFocus, autoFocusCancel, children }: DialogActionsProps) {
  const { t } = useSection();
  return (
    <div className={css.dialogActions}>
      <button type="button" className={css.secondaryButton} onClick={onCancel} disabled={cancelDisabled} autoFocus={autoFocusCancel}>
        {t('admin.cancel')}
      </button>
      {label !== undefined ? (
        <button type="submit" className={danger ? css.dangerButton : css.button} aria-disabled={busy} autoFocus={autoFocus}>
          {busy && busyLabel !== undefined ? busyLabel : label}
        </button>
      ) : null}
      {children}
    </div>
  );
}

/** What a labelled field shows besides its control. */
export interface FieldTextProps {
  /** The visible label (the control's accessible name). */
  label: ReactNode;
  /** The control's id (its label's `for`), and the prefix of the hint's and error's: `<fieldId>-hint`, `<fieldId>-error`. */
  fieldId: string;
  /** A hint under the control (its description). */
  hint?: ReactNode;
  /** The field's problem: when set, the control is `aria-invalid` and the message an announced alert. */
  error?: ReactNode;
}

/** The `aria-invalid` and `aria-describedby` of a field's control (the error first, then the hint). */
function described({ fieldId, hint, error }: FieldTextProps) {
  const ids = [error ? `${fieldId}-error` : '', hint ? `${fieldId}-hint` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

/**
 * A control's label (tied by `for`), the control, then the hint and the error under it, outside the label: they
 * describe the control (`aria-describedby`) and are not part of its name.
 */
function FieldFrame({ label, fieldId, hint, error, children }: FieldTextProps & { children: ReactNode }) {
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={fieldId}>
        {label}
      </label>
      {children}
      {hint ? (
        <span id={`${fieldId}-hint`} className={css.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${fieldId}-error`} className={css.fieldError} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A field's frame around the control `render` makes from the control's own props (`id` and the `aria-*` that tie it
 * to its label, hint and error added): one shape for every labelled control of the kit.
 */
function framed<P extends FieldTextProps>({ label, fieldId, hint, error, ...own }: P, render: (control: Omit<P, keyof FieldTextProps> & { id: string }) => ReactNode) {
  const text = { label, fieldId, hint, error };
  return <FieldFrame {...text}>{render({ ...own, id: fieldId, ...described(text) })}</FieldFrame>;
}

/** A labelled `<input>` with an optional hint and error; other props go to the input. */
export function TextField(props: FieldTextProps & InputHTMLAttributes<HTMLInputElement>) {
  return framed(props, (input) => <input className={css.input} {...input} />);
}

/**
 * A labelled search box (`type="search"`, no autocomplete): `onSearch` gets the text at each change; other props go
 * to the input. Put it in a toolbar with `role="search"`.
 */
export function SearchField({
  onSearch,
  ...field
}: FieldTextProps & { value: string; onSearch: (text: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'>) {
  return <TextField type="search" autoComplete="off" {...field} onChange={(e) => onSearch(e.target.value)} />;
}

/**
 * A labelled one-time-code box: a numeric keyboard, the OS's code autofill (`autocomplete="one-time-code"`), named
 * `code`, required, focused when it mounts unless `autoFocus` is false; `onValue` gets the text at each change.
 */
export function OneTimeCodeField({ onValue, autoFocus = true, ...field }: FieldTextProps & { value: string; onValue: (text: string) => void; autoFocus?: boolean }) {
  return <TextField {...field} name="code" type="text" inputMode="numeric" autoComplete="one-time-code" onChange={(e) => onValue(e.target.value)} required autoFocus={autoFocus} />;
}

/** A labelled `<textarea>` with an optional hint and error; other props go to the textarea. */
export function TextAreaField(props: FieldTextProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return framed(props, (textarea) => <textarea className={css.textarea} {...textarea} />);
}

/** Props of {@link CheckboxRow}: the label, the checked state and the change; other props go to the checkbox. */
export type CheckboxRowProps = {
  children: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'children'>;

/** A checkbox and its label on one row. */
export function CheckboxRow({ children, checked, onChange, ...input }: CheckboxRowProps) {
  return (
    <label className={css.checkboxRow}>
      <input type="checkbox" className={css.checkbox} checked={checked} onChange={(e) => onChange(e.target.checked)} {...input} />
      <span>{children}</span>
    </label>
  );
}

/** A dialog's one closing action (Done, Close, I saved it): the primary button, focused when it appears unless `autoFocus` is false. */
export function DoneActions({ label, onDone, autoFocus = true }: { label: string; onDone: () => void; autoFocus?: boolean }) {
  return (
    <div className={css.dialogActions}>
      <button type="button" className={css.button} onClick={onDone} autoFocus={autoFocus}>
        {label}
      </button>
    </div>
  );
}
