/**
 * One block of the security section's settings (AB-4.01: its own read, save, progress and error): a form labelled
 * by its heading, with an intro, the read's states (loading, failure with a retry), its fields once the policy is
 * there, the save's failure (an announced alert; the fields keep what was typed), and the save button — shown only
 * to an admin who may write — that shows progress while the save runs, or says why the block cannot be saved as it
 * stands. Every block of the security section saves on its Save (issue 31 item 2); while its draft differs from the
 * stored policy ({@link useDraft}), leaving asks first.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import * as css from '../ui/admin.css.ts';
import * as securityCss from './security.css.ts';
import { ErrorSlot, LoadStates, type ReadState } from '../ui/states.tsx';
import { useSection } from '../shell/context.ts';
import { useUnsavedChanges } from '../ui/use-unsaved-changes.ts';

/** Props of {@link PolicyForm}. */
export interface PolicyFormProps {
  /**
   * Which policy: the block's id prefix is `fe-security-<kind>` (`<id>-title` labels the form), its title, intro
   * and save button read `admin.security.<kind>.title`, `.intro` and `.save`.
   */
  kind: 'mfa' | 'sessions' | 'lockout' | 'history' | 'ip' | 'domain';
  /** The policy's read (a fetcher store's value). */
  state: ReadState;
  retry: () => void;
  /** The save (`useSave()`): `busy` shows progress on the button and `aria-busy` on the form; `error`, the last save's failure (or a problem of the fields), is shown as an alert. */
  save: { busy: boolean; error: unknown };
  /** The admin may write: the save button is shown. */
  canWrite: boolean;
  onSubmit: () => void;
  /** Why the block cannot be saved as it stands (e.g. an empty allow list enforced): shown, Save disabled and described by it. */
  blocked?: string;
  children: ReactNode;
}

/** A settings block (see the module comment). */
export function PolicyForm(p: PolicyFormProps) {
  const { t } = useSection();
  const { busy, error } = p.save;
  const id = `fe-security-${p.kind}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && p.canWrite && !p.blocked) p.onSubmit();
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
            {p.canWrite && p.blocked ? (
              <p id={`${id}-blocked`} className={`${css.notice} ${css.flush}`}>
                {p.blocked}
              </p>
            ) : null}
            {p.canWrite ? (
              <div className={css.toolbar}>
                <button type="submit" className={css.button} aria-disabled={busy || !!p.blocked || undefined} aria-describedby={p.blocked ? `${id}-blocked` : undefined}>
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

/**
 * The draft of a block: what the admin typed over the stored policy (null: nothing typed, the stored one shows). While
 * it differs from the stored one, leaving asks first (issue 31 item 2, `useUnsavedChanges`).
 */
export function useDraft<T>(stored: T | undefined) {
  const [draft, setDraft] = useState<T | null>(null);
  const value = draft ?? stored;
  // over the latest draft (two changes before a render — preact batches them — both count)
  const edit = (patch: Partial<T>) => setDraft((d) => ({ ...((d ?? stored) as T), ...patch }));
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(stored);
  useUnsavedChanges(dirty);
  return { value, edit, dirty, clear: () => setDraft(null) };
}
