/**
 * The authorization of an SSO connection (admin spec §6; AB-6.08, AB-6.09): the default roles every user signing in
 * through it gets (a multi-select of the account's roles), and group-to-role mappings (IdP group name → roles; rows
 * added, edited and removed here, saved together). A failed save keeps the rows as typed; the failure is announced.
 */
import { useState, type FormEvent } from 'react';
import type { Role } from '../../api/admin-types.ts';
import { authorizationProblem, type AuthorizationDraft } from '../../../machines/admin-sso-setup.machine.ts';
import { roleItem } from '../resources/roles.ts';
import * as css from '../ui/admin.css.ts';
import * as ssoCss from './sso.css.ts';
import { Checklist } from '../ui/checklist.tsx';
import { TextField } from '../ui/form.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { useSection } from '../shell/context.ts';

/** Props of {@link AuthorizationForm}. */
export interface AuthorizationFormProps {
  /** The element id prefix (two forms may share a page). */
  id: string;
  roles: Role[];
  initial: AuthorizationDraft;
  busy: boolean;
  error: unknown;
  /** Without write permission: everything shown, nothing editable, no buttons. */
  readOnly?: boolean;
  onSubmit: (draft: AuthorizationDraft) => void;
  /** The submit button's text and its text while busy. */
  submitLabel: string;
  busyLabel: string;
  /** Extra buttons after the submit button (Skip, Back). */
  children?: React.ReactNode;
}

/** The default roles and the group mappings of one connection. */
export function AuthorizationForm({ id, roles, initial, busy, error, readOnly, onSubmit, submitLabel, busyLabel, children }: AuthorizationFormProps) {
  const { t } = useSection();
  const [draft, setDraft] = useState<AuthorizationDraft>(initial);
  const [problem, setProblem] = useState<number | null>(null);
  const items = roles.map(roleItem);
  const setGroup = (i: number, patch: Partial<AuthorizationDraft['groups'][number]>) =>
    setDraft((d) => ({ ...d, groups: d.groups.map((g, j) => (j === i ? { ...g, ...patch } : g)) }));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || readOnly) return;
    const wrong = authorizationProblem(draft);
    setProblem(wrong);
    if (wrong !== null) {
      e.currentTarget.querySelector<HTMLInputElement>(`#${id}-group-${wrong}`)?.focus();
      return;
    }
    onSubmit(draft);
  };
  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={busy || undefined} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={css.subtitle}>
        {t('admin.sso.auth.title')}
      </h3>
      <p className={`${css.muted} ${css.flush}`}>{t('admin.sso.auth.intro')}</p>
      {items.length ? (
        <Checklist
          legend={t('admin.sso.auth.defaultRoles')}
          items={items}
          value={draft.roleIds}
          onChange={(roleIds) => setDraft((d) => ({ ...d, roleIds }))}
          disabled={busy || readOnly}
        />
      ) : (
        <p className={css.muted}>{t('admin.sso.auth.noRoles')}</p>
      )}
      <fieldset className={`${css.field} ${css.bareFieldset}`} disabled={busy || readOnly}>
        <legend className={css.label}>{t('admin.sso.auth.groups')}</legend>
        <span className={css.hint}>{t('admin.sso.auth.groupsHint')}</span>
        {draft.groups.length === 0 ? <p className={css.muted}>{t('admin.sso.auth.noGroups')}</p> : null}
        <ul className={ssoCss.mappings}>
          {draft.groups.map((g, i) => (
            <li key={g.id ?? `new-${i}`} className={ssoCss.card} data-group-row={i}>
              <TextField
                label={t('admin.sso.auth.groupName')}
                fieldId={`${id}-group-${i}`}
                name="group"
                autoComplete="off"
                value={g.group}
                error={problem === i ? t('admin.sso.auth.groupRequired') : null}
                onChange={(e) => setGroup(i, { group: e.target.value })}
              />
              {items.length ? (
                <Checklist
                  legend={t('admin.sso.auth.groupRoles', { group: g.group || '…' })}
                  items={items}
                  value={g.roleIds}
                  onChange={(roleIds) => setGroup(i, { roleIds })}
                  disabled={busy || readOnly}
                />
              ) : null}
              {readOnly ? null : (
                <span>
                  <button
                    type="button"
                    className={css.secondaryButton}
                    aria-label={t('admin.sso.auth.removeGroupLabel', { group: g.group || String(i + 1) })}
                    onClick={() => setDraft((d) => ({ ...d, groups: d.groups.filter((_, j) => j !== i) }))}
                  >
                    {t('admin.sso.auth.removeGroup')}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
        {readOnly ? null : (
          <span>
            <button type="button" className={css.secondaryButton} onClick={() => setDraft((d) => ({ ...d, groups: [...d.groups, { group: '', roleIds: [] }] }))}>
              {t('admin.sso.auth.addGroup')}
            </button>
          </span>
        )}
      </fieldset>
      <ErrorSlot error={error} />
      {readOnly ? null : (
        <div className={css.dialogActions}>
          {children}
          <button type="submit" className={css.button} aria-disabled={busy || undefined}>
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      )}
    </form>
  );
}
