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
  /**
   * Which policy: the block's id prefix is `fe-security-<kind>` (`<id>-title` labels the form), its title, intro
   * and save button read `admin.security.<kind>.title`, `.intro` and `.save`.
   */
  kind: 'mfa' | 'sessions' | 'lockout' | 'history';
  /** The policy's read (a fetcher store's value). */
  state: ReadState;
  retry: () => void;
  /** The save (`useSave()`): `busy` shows progress on the button and `aria-busy` on the form; `error`, the last save's failure (or a problem of the fields), is shown as an alert. */
  save: { busy: boolean; error: unknown };
  /** The admin may write: the save button is shown. */
  canWrite: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/** A settings block (see the module comment). */
export function PolicyForm(p: PolicyFormProps) {
  const { t } = useSection();
  const { busy, error } = p.save;
  const id = `fe-security-${p.kind}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && p.canWrite) p.onSubmit();
  };
  return (
    <form className={`${css.form} ${securityCss.card}`} aria-labelledby={`${id}-title`} aria-busy={busy || undefined} onSubmit={submit} noValidate>
      <div className={css.cellStack}>
        <h3 id={`${id}-title`} className={css.subtitle}>
          {t(`admin.security.${p.kind}.title`)}
        </h3>
        <p className={`${css.muted} ${css.flush}`}>{t(`admin.security.${p.kind}.intro`)}</p>
      </div>
      <LoadStates state={p.state} retry={p.retry}>
        {p.state.data ? (
          <>
            {p.children}
            <ErrorSlot error={error} />
            {p.canWrite ? (
              <div className={css.toolbar}>
                <button type="submit" className={css.button} aria-disabled={busy || undefined}>
                  {busy ? t('admin.saving') : t(`admin.security.${p.kind}.save`)}
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
