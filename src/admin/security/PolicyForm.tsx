/**
 * One block of the security section's settings (AB-4.01: its own read, save, progress and error): a form labelled
 * by its heading, with an intro, the read's states (loading, failure with a retry), its fields once the policy is
 * there, the save's failure (an announced alert; the fields keep what was typed), and the save button — shown only
 * to an admin who may write — that shows progress while the save runs.
 */
import type { FormEvent, ReactNode } from 'react';
import * as css from '../ui/admin.css.ts';
import * as securityCss from './security.css.ts';
import { ErrorSlot, LoadStates, type ReadState } from '../ui/states.tsx';
import { useSection } from '../shell/context.ts';

/** Props of {@link PolicyForm}. */
export interface PolicyFormProps {
  /** The id prefix of the block (`<id>-title` labels the form). */
  id: string;
  title: string;
  intro: string;
  /** The policy's read (a fetcher store's value). */
  state: ReadState;
  retry: () => void;
  /** The save is running (progress on the button, `aria-busy` on the form). */
  busy: boolean;
  /** The last save's failure (or a problem of the fields), shown as an alert. */
  error: unknown;
  /** The admin may write: the save button is shown. */
  canWrite: boolean;
  saveLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** A settings block (see the module comment). */
export function PolicyForm(p: PolicyFormProps) {
  const { t } = useSection();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!p.busy && p.canWrite) p.onSubmit();
  };
  return (
    <form className={`${css.form} ${securityCss.card}`} aria-labelledby={`${p.id}-title`} aria-busy={p.busy || undefined} onSubmit={submit} noValidate>
      <div className={css.cellStack}>
        <h3 id={`${p.id}-title`} className={css.subtitle}>
          {p.title}
        </h3>
        <p className={`${css.muted} ${css.flush}`}>{p.intro}</p>
      </div>
      <LoadStates state={p.state} retry={p.retry}>
        {p.state.data ? (
          <>
            {p.children}
            <ErrorSlot error={p.error} />
            {p.canWrite ? (
              <div className={css.toolbar}>
                <button type="submit" className={css.button} aria-disabled={p.busy || undefined}>
                  {p.busy ? t('admin.saving') : p.saveLabel}
                </button>
              </div>
            ) : null}
          </>
        ) : null}
      </LoadStates>
    </form>
  );
}

/** A labelled whole-number field with its hint and announced error (min/max for the browser's spin buttons). */
export function NumberField(props: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  min: number;
  max: number;
  /** Shown, not editable (an admin without the write permission). */
  readOnly?: boolean;
  onChange: (value: string) => void;
}) {
  const described = [props.error ? `${props.id}-error` : '', props.hint ? `${props.id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        className={securityCss.numberInput}
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        step={1}
        value={props.value}
        readOnly={props.readOnly}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint ? (
        <span id={`${props.id}-hint`} className={css.hint}>
          {props.hint}
        </span>
      ) : null}
      {props.error ? (
        <span id={`${props.id}-error`} className={css.fieldError} role="alert">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}
