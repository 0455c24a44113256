/**
 * The add-user and bulk-invite dialogs (admin spec §2 "add user", §4 "Bulk add"; SI-3.08; AB-4.04, AB-4.10,
 * AB-4.11): each runs its machine (machines/admin-add-user.machine.ts, admin-bulk-invite.machine.ts) on the users
 * resource. A refused invitation keeps the form as typed and shows the server's message, announced.
 */
import { useStore } from '@nanostores/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { AddUserDraft } from '../../../machines/admin-add-user.machine.ts';
import { parseEmails } from '../../../machines/admin-bulk-invite.machine.ts';
import type { Role } from '../../api/admin-types.ts';
import type { Translate } from '../../i18n/index.ts';
import { looksLikeEmail } from '../../auth/email.ts';
import { useSection } from '../shell/context.ts';
import { useSectionFlow } from '../shell/use-section-flow.ts';
import { addUserFlow, bulkInviteFlow } from './flows.ts';
import * as css from '../ui/admin.css.ts';
import { AdminDialog } from '../ui/dialog.tsx';
import { CheckboxRow, DialogActions, DoneActions, TextAreaField, TextField } from '../ui/form.tsx';
import { ErrorSlot, messageOf } from '../ui/states.tsx';
import type { Toasts } from '../ui/toast.tsx';
import { Checklist } from '../ui/checklist.tsx';
import { roleItem } from '../resources/roles.ts';

/** The add-user dialog (the new user is prepended to the users page on screen). */
export function AddUserDialog(props: { open: boolean; onClose: () => void; roles: Role[]; t: Translate; toasts: Toasts }) {
  const { open, onClose, t } = props;
  return (
    <AdminDialog open={open} onClose={onClose} title={t('admin.users.addTitle')}>
      {open ? <AddUserForm {...props} /> : null}
    </AdminDialog>
  );
}

function AddUserForm({ onClose, roles, t, toasts }: { onClose: () => void; roles: Role[]; t: Translate; toasts: Toasts }) {
  const { resources } = useSection();
  const [defaultRoleIds] = useState(() => roles.filter((r) => r.isDefault).map((r) => r.id));
  const actor = useSectionFlow(addUserFlow, { roleIds: defaultRoleIds });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  // the form shows the machine's draft: the default roles when the dialog opens (a story's state: its own)
  const [draft, setDraft] = useState<AddUserDraft>(() => actor.getSnapshot().context.draft);
  const [emailError, setEmailError] = useState('');
  const [temporary, setTemporary] = useState(() => draft.expiresInDays !== null);
  const temporaryEnabled = useStore(resources.users.$temporaryEnabled).data === true;

  useEffect(() => {
    const sub = actor.on('added', (e) => {
      toasts.show(t('admin.users.added', { email: e.user.email }));
      onClose();
    });
    return () => sub.unsubscribe();
  }, [actor, onClose, t, toasts]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!looksLikeEmail(draft.email.trim())) {
      setEmailError(draft.email.trim() ? t('admin.users.email.invalid') : t('admin.required'));
      (e.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>('input[name=email]')?.focus();
      return;
    }
    setEmailError('');
    actor.send({ type: 'form.submit', draft: { ...draft, expiresInDays: temporary ? (draft.expiresInDays ?? 30) : null } });
  };
  const set = (patch: Partial<AddUserDraft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        label={t('admin.users.name')}
        fieldId="fe-add-user-name"
        name="name"
        autoComplete="off"
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
        autoFocus
      />
      <TextField
        label={t('admin.users.email')}
        fieldId="fe-add-user-email"
        error={emailError}
        name="email"
        type="email"
        autoComplete="off"
        required
        value={draft.email}
        onChange={(e) => set({ email: e.target.value })}
      />
      <TextField
        label={t('admin.users.phone')}
        fieldId="fe-add-user-phone"
        name="phone"
        type="tel"
        autoComplete="off"
        value={draft.phone}
        onChange={(e) => set({ phone: e.target.value })}
      />
      <Checklist legend={t('admin.users.roles')} items={roles.map(roleItem)} value={draft.roleIds} onChange={(roleIds) => set({ roleIds })} />
      {temporaryEnabled ? (
        <>
          <CheckboxRow checked={temporary} onChange={setTemporary}>
            {t('admin.users.temporaryUser')}
          </CheckboxRow>
          {temporary ? (
            <TextField
              label={t('admin.users.expiresInDays')}
              fieldId="fe-add-user-expires"
              type="number"
              min={1}
              max={365}
              value={draft.expiresInDays ?? 30}
              onChange={(e) => set({ expiresInDays: Math.max(1, Number(e.target.value) || 1) })}
            />
          ) : null}
        </>
      ) : null}
      <ErrorSlot error={error} t={t} />
      <DialogActions t={t} onCancel={onClose} busy={busy} label={t('admin.users.invite')} busyLabel={t('admin.users.inviting')} />
    </form>
  );
}

/** The bulk-invite dialog: emails in, each invited on its own, then the allowed and unallowed lists (AB-4.11). */
export function BulkInviteDialog(props: { open: boolean; onClose: () => void; roles: Role[]; t: Translate }) {
  return (
    <AdminDialog open={props.open} onClose={props.onClose} title={props.t('admin.users.bulkTitle')}>
      {props.open ? <BulkInviteForm {...props} /> : null}
    </AdminDialog>
  );
}

function BulkInviteForm({ onClose, roles, t }: { onClose: () => void; roles: Role[]; t: Translate }) {
  const actor = useSectionFlow(bulkInviteFlow, {});
  const snapshot = useSelector(actor, (s) => s);
  // what the machine holds once submitted (a story's state), else nothing typed and the default roles
  const [text, setText] = useState(() => snapshot.context.emails.join('\n'));
  const [roleIds, setRoleIds] = useState<string[]>(() => (snapshot.context.emails.length ? snapshot.context.roleIds : roles.filter((r) => r.isDefault).map((r) => r.id)));
  const [missing, setMissing] = useState(false);
  const { context } = snapshot;

  if (snapshot.matches('results')) {
    return (
      <div className={css.form}>
        <div role="status">
          <h3 className={css.subtitle}>{t('admin.users.bulkAllowed', { count: context.allowed.length })}</h3>
          <ul>
            {context.allowed.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
          {context.unallowed.length > 0 ? (
            <>
              <h3 className={css.subtitle}>{t('admin.users.bulkUnallowed', { count: context.unallowed.length })}</h3>
              <ul>
                {context.unallowed.map((u) => (
                  <li key={u.email}>
                    {u.email}: <span className={css.fieldError}>{messageOf(u.error, t)}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
        <DoneActions label={t('admin.done')} onDone={onClose} />
      </div>
    );
  }
  const busy = snapshot.hasTag('busy');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const emails = parseEmails(text);
    setMissing(emails.length === 0);
    if (emails.length) actor.send({ type: 'form.submit', emails, roleIds });
  };
  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={busy}>
      <TextAreaField
        label={t('admin.users.bulkEmails')}
        fieldId="fe-bulk-emails"
        error={missing ? t('admin.users.bulkNone') : null}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={busy}
        autoFocus
      />
      <Checklist legend={t('admin.users.roles')} items={roles.map(roleItem)} value={roleIds} onChange={setRoleIds} disabled={busy} />
      {busy ? (
        <p role="status" className={css.muted}>
          {t('admin.users.bulkProgress', { done: context.index, total: context.emails.length })}
        </p>
      ) : null}
      <DialogActions t={t} onCancel={onClose} busy={busy} label={t('admin.users.bulkInvite')} />
    </form>
  );
}
