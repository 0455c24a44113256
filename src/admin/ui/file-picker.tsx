/**
 * A file input that looks like the kit's secondary button (issue 21 item 13): the native input stays in the page,
 * visually hidden but focusable and named by the button's text, so the keyboard, screen readers and tests use it as
 * before; the label shows the focus ring (`:has(:focus-visible)`) and a 44 px target.
 */
import type { ChangeEvent } from 'react';
import * as css from './admin.css.ts';

/** What a {@link FilePicker} takes: its visible `label` (also the input's name for assistive technology) and the input's attributes. */
export interface FilePickerProps {
  label: string;
  name: string;
  accept: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  /** The id of the hint that describes the input. */
  describedBy?: string;
}

/** A "Choose a picture"-style button that opens the file chooser. */
export function FilePicker({ label, name, accept, onChange, disabled, describedBy }: FilePickerProps) {
  return (
    <label className={css.filePicker} data-disabled={disabled ? '' : undefined}>
      <input type="file" className={css.filePickerInput} name={name} accept={accept} onChange={onChange} disabled={disabled} aria-describedby={describedBy} />
      <span>{label}</span>
    </label>
  );
}
