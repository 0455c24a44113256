/**
 * The add-user and bulk-invite dialogs (admin spec §2 "add user", §4 "Bulk add"; SI-3.08; AB-4.04, AB-4.10,
 * AB-4.11): each runs its machine (machines/admin-add-user.machine.ts, admin-bulk-invite.machine.ts) on the users
 * resource. A refused invitation keeps the form as typed and shows the server's message, announced.
 */
import { useStore } from '@nanostores/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { AddUserDraft } from '../../../machines/admin-add-user.machine.ts';
import { parseEmails, type Unallowed } from '../../../machines/admin-bulk-invite.machine.ts';
import type { Role } from '../../api/admin-types.ts';
import type { Translate } from '../../i18n/index.ts';
import { looksLikeEmail } from '../../auth/email.ts';
import { useSection } from '../shell/context.ts';
import { useSectionFlow } from '../shell/use-section-flow.ts';
import { addUserFlow, bulkInviteFlow } from './flows.ts';
import * as css from '../ui/admin.css.ts';
import * as usersCss from './users.css.ts';
import { AdminDialog } from '../ui/dialog.tsx';
import { CheckboxRow, DialogActions, DoneActions, TextAreaField, TextField } from '../ui/form.tsx';
import { ErrorSlot, messageOf } from '../ui/states.tsx';
import type { Toasts } from '../ui/toast.tsx';
import { Checklist } from '../ui/checklist.tsx';
import { roleItem } from '../resources/roles.ts';
import { createUsersResource } from '../resources/users.ts';

/** The add-user dialog (the new user is prepended to the users page on screen). */
export function AddUserDialog(props: { open: boolean; onClose: () => void; roles: Role[]; toasts: Toasts }) {
  const { t } = useSection();
  const { open, onClose } = props;
  return (
    <AdminDialog open={open} onClose={onClose} title={t('admin.users.addTitle')}>
      {open ? <AddUserForm {...props} /> : null}
    </AdminDialog>
  );
}

function AddUserForm({ onClose, roles, toasts }: { onClose: () => void; roles: Role[]; toasts: Toasts }) {
  const { t, resources } = useSection();
  const [defaultRoleIds] = useState(() => roles.filter((r) => r.isDefault).map((r) => r.id));
  const actor = useSectionFlow(addUserFlow, { roleIds: defaultRoleIds });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  // the form shows the machine's draft: the default roles when the dialog opens (a story's state: its own)
  const [draft, setDraft] = useState<AddUserDraft>(() => actor.getSnapshot().context.draft);
  const [emailError, setEmailError] = useState('');
  const [temporary, setTemporary] = useState(() => draft.expiresInDays !== null);
  const temporaryEnabled = useStore(resources.use(createUsersResource).$temporaryEnabled).data === true;

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
      <ErrorSlot error={error} />
      <DialogActions onCancel={onClose} busy={busy} label={t('admin.users.invite')} busyLabel={t('admin.users.inviting')} />
    </form>
  );
}

/**
 * The bulk-invite dialog: emails in (checked before anything is sent), each invited on its own unless it is a member
 * or invited already, then a summary and the folded invited and not-invited lists (AB-4.10, AB-4.11); the table then
 * shows the server's users and count.
 */
export function BulkInviteDialog(props: { open: boolean; onClose: () => void; roles: Role[] }) {
  const { t } = useSection();
  return (
    <AdminDialog open={props.open} onClose={props.onClose} title={t('admin.users.bulkTitle')}>
      {props.open ? <BulkInviteForm {...props} /> : null}
    </AdminDialog>
  );
}

function BulkInviteForm({ onClose, roles }: { onClose: () => void; roles: Role[] }) {
  const { t, resources } = useSection();
  const actor = useSectionFlow(bulkInviteFlow, {});
  const snapshot = useSelector(actor, (s) => s);
  // what the machine holds once submitted (a story's state), else nothing typed and the default roles
  const [text, setText] = useState(() => snapshot.context.emails.join('\n'));
  const [roleIds, setRoleIds] = useState<string[]>(() => (snapshot.context.emails.length ? snapshot.context.roleIds : roles.filter((r) => r.isDefault).map((r) => r.id)));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { context } = snapshot;

  // after the run the table and its count are the server's (no row prepended per invitation)
  useEffect(() => {
    const sub = actor.on('invited', () => resources.use(createUsersResource).refreshList());
    return () => sub.unsubscribe();
  }, [actor, resources]);

  if (snapshot.matches('results')) return <BulkInviteResults allowed={context.allowed} unallowed={context.unallowed} onDone={onClose} />;
  const busy = snapshot.hasTag('busy');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const emails = parseEmails(text);
    // every address is checked before anything is sent: a typo is fixed here, not reported after half the run
    const invalid = emails.filter((email) => !looksLikeEmail(email));
    const error = emails.length === 0 ? t('admin.users.bulkNone') : invalid.length ? t('admin.users.bulkInvalid', { count: invalid.length, list: invalid.join(', ') }) : null;
    setFieldError(error);
    if (error) {
      (e.currentTarget as HTMLFormElement).querySelector('textarea')?.focus();
      return;
    }
    actor.send({ type: 'form.submit', emails, roleIds });
  };
  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={busy}>
      <TextAreaField
        label={t('admin.users.bulkEmails')}
        fieldId="fe-bulk-emails"
        error={fieldError}
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
      <DialogActions onCancel={onClose} busy={busy} label={t('admin.users.bulkInvite')} />
    </form>
  );
}

/** Why an address was not invited, in words. */
function reasonText(u: Unallowed, t: Translate): string {
  if (u.reason === 'refused') return messageOf(u.error, t);
  return t(u.reason === 'member' ? 'admin.users.bulkReason.member' : 'admin.users.bulkReason.pending');
}

/**
 * The result of a bulk invite (AB-4.11): one announced line that sums it up ("25 invited, 1 already a member"), then
 * the invited and the not-invited addresses, each list folded, every not-invited one with its reason.
 */
function BulkInviteResults({ allowed, unallowed, onDone }: { allowed: string[]; unallowed: Unallowed[]; onDone: () => void }) {
  const { t } = useSection();
  const count = (reason: Unallowed['reason']) => unallowed.filter((u) => u.reason === reason).length;
  const parts = [
    t('admin.users.bulkSummaryInvited', { count: allowed.length }),
    ...(count('member') ? [t('admin.users.bulkSummaryMember', { count: count('member') })] : []),
    ...(count('pending') ? [t('admin.users.bulkSummaryPending', { count: count('pending') })] : []),
    ...(count('refused') ? [t('admin.users.bulkSummaryRefused', { count: count('refused') })] : []),
  ];
  return (
    <div className={css.form}>
      <p role="status" className={css.subtitle}>
        {parts.join(', ')}
      </p>
      {allowed.length > 0 ? (
        <details className={usersCss.disclosure}>
          <summary className={usersCss.disclosureSummary}>{t('admin.users.bulkAllowed', { count: allowed.length })}</summary>
          <ul>
            {allowed.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {unallowed.length > 0 ? (
        <details className={usersCss.disclosure}>
          <summary className={usersCss.disclosureSummary}>{t('admin.users.bulkUnallowed', { count: unallowed.length })}</summary>
          <ul>
            {unallowed.map((u) => (
              <li key={u.email}>
                {u.email}: <span className={u.reason === 'refused' ? css.fieldError : css.muted}>{reasonText(u, t)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <DoneActions label={t('admin.done')} onDone={onDone} />
    </div>
  );
}
