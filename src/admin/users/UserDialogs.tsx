/**
 * The per-user dialogs of the users section (admin spec §2: delete, enable, disable, revoke a pending invitation; §4: role edit optimistic with
 * rollback, temporary users; AB-2.01, AB-4.02–AB-4.09). Destructive actions confirm; saves show progress and a
 * toast; a failure stays in the dialog, announced.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Role } from '../../api/admin-types.ts';
import { createUsersResource, type UserRow } from '../resources/users.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { AdminDialog, ConfirmDialog } from '../ui/dialog.tsx';
import { DialogActions, TextField } from '../ui/form.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { Checklist } from '../ui/checklist.tsx';
import { roleItem } from '../resources/roles.ts';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { useSave } from '../ui/use-save.ts';
import { userName } from '../ui/user-cell.tsx';

/** The dialogs of issue 34 (applications, sub-account access, leaving a sub-account): their own chunk, loaded when one opens. */
const subAccountDialogs = () => import('./SubAccountDialogs.tsx');
const ApplicationsDialog = lazy(() => subAccountDialogs().then((m) => ({ default: m.ApplicationsDialog })));
const SubAccountAccessNow = lazy(() => subAccountDialogs().then((m) => ({ default: m.SubAccountAccessNow })));
const RemoveFromAccountDialog = lazy(() => subAccountDialogs().then((m) => ({ default: m.RemoveFromAccountDialog })));

/** What the row menu asks for (`revoke`: a pending invitation's "Revoke invitation"; `unlock`: a locked user's "Unlock user"). */
export type UserAction = 'roles' | 'resend' | 'permanent' | 'unlock' | 'expiry' | 'enable' | 'disable' | 'delete' | 'revoke' | 'apps' | 'access' | 'removeAccount';

/** One open dialog for `row` ('resend', 'permanent' and 'unlock' have none: they run at once, see {@link RunNow}). */
export function UserActionDialog({ action, row, roles, onClose }: { action: UserAction; row: UserRow; roles: Role[]; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const users = resources.use(createUsersResource);
  const { busy, error, run: save } = useSave();
  const name = userName(row);
  const run = (work: () => Promise<unknown>, done: string) =>
    save(work, () => {
      toasts.show(done);
      onClose();
    });

  switch (action) {
    case 'delete':
    case 'revoke': {
      // Frontegg revokes an invitation by removing the invitee from the account (deleteUser): its link stops working
      const revoke = action === 'revoke';
      const email = row.email;
      return (
        <ConfirmDialog
          open
          title={revoke ? t('admin.users.revokeTitle', { email }) : t('admin.users.deleteTitle', { name })}
          body={t(revoke ? 'admin.users.revokeBody' : 'admin.users.deleteBody', { email })}
          action={t(revoke ? 'admin.users.revokeInvitation' : 'admin.users.delete')}
          busyAction={t(revoke ? 'admin.users.revoking' : 'admin.deleting')}
          busy={busy}
          error={error}
          onClose={onClose}
          onConfirm={() => run(() => users.deleteUser.run({ userId: row.id }), t(revoke ? 'admin.users.revoked' : 'admin.users.deleted', { email }))}
        />
      );
    }
    case 'disable':
    case 'enable': {
      const disable = action === 'disable';
      return (
        <ConfirmDialog
          open
          danger={disable}
          title={t(disable ? 'admin.users.disableTitle' : 'admin.users.enableTitle', { name })}
          body={t(disable ? 'admin.users.disableBody' : 'admin.users.enableBody', { email: row.email })}
          action={t(disable ? 'admin.users.disable' : 'admin.users.enable')}
          busyAction={t('admin.saving')}
          busy={busy}
          error={error}
          onClose={onClose}
          onConfirm={() =>
            run(() => users.setDisabled.run({ userId: row.id, disabled: disable }), t(disable ? 'admin.users.disabledToast' : 'admin.users.enabledToast', { email: row.email }))
          }
        />
      );
    }
    case 'roles':
      return <EditRolesDialog row={row} roles={roles} onClose={onClose} />;
    case 'expiry':
      return <ExpiryDialog row={row} onClose={onClose} />;
    case 'resend':
    case 'permanent':
    case 'unlock':
      return <RunNow action={action} row={row} onClose={onClose} />;
    // issue 34: applications, the sub-account access switch, leaving a sub-account acted in and its sub-accounts
    case 'apps':
    case 'access':
    case 'removeAccount': {
      const Dialog = { apps: ApplicationsDialog, access: SubAccountAccessNow, removeAccount: RemoveFromAccountDialog }[action];
      return (
        <Suspense fallback={null}>
          <Dialog row={row} onClose={onClose} />
        </Suspense>
      );
    }
  }
}

/**
 * Resend, make-permanent and unlock ask nothing (an unlock only gives back what the lockout took): they run as soon as
 * the menu chooses them (the kit's inline action), progress announced, then a toast.
 */
function RunNow({ action, row, onClose }: { action: 'resend' | 'permanent' | 'unlock'; row: UserRow; onClose: () => void }) {
  const { t, resources } = useSection();
  const users = resources.use(createUsersResource);
  // a refusal is toasted in the server's words
  const resend = useInlineAction(users.resend, { failed: (reason) => reason });
  const permanent = useInlineAction(users.setExpiration, { failed: (reason) => reason });
  const unlock = useInlineAction(users.unlock, { failed: (reason) => reason });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const email = row.email;
    const running =
      action === 'resend'
        ? resend.run({ user: row }, t('admin.users.resent', { email }))
        : action === 'unlock'
          ? unlock.run({ userId: row.id }, t('admin.users.unlocked', { email }))
          : permanent.run({ userId: row.id, expirationInSeconds: null }, t('admin.users.madePermanent', { email }));
    void running.then(onClose);
  });
  return resend.running || permanent.running || unlock.running ? (
    <p role="status" className={css.muted}>
      {t('admin.saving')}
    </p>
  ) : null;
}

/**
 * Edit roles: the dialog closes at once and the table shows the new roles (optimistic, AB-4.05); if the server
 * refuses, the old roles come back (AB-4.06) and a toast says why.
 */
function EditRolesDialog({ row, roles, onClose }: { row: UserRow; roles: Role[]; onClose: () => void }) {
  const { t, resources } = useSection();
  const [roleIds, setRoleIds] = useState(row.roleIds);
  // the dialog hides at once (the table already shows the new roles); it stays mounted until the save has answered
  const [sent, setSent] = useState(false);
  const name = userName(row);
  const setRoles = useInlineAction(resources.use(createUsersResource).setRoles, { failed: (message) => t('admin.users.rolesFailed', { name, message }) });
  const submit = () => {
    setSent(true);
    void setRoles.run({ userId: row.id, roleIds }, t('admin.users.rolesSaved', { name })).then(onClose);
  };
  return (
    <AdminDialog open={!sent} onClose={onClose} title={t('admin.users.editRolesTitle', { name })}>
      <form
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Checklist legend={t('admin.users.roles')} items={roles.map(roleItem)} value={roleIds} onChange={setRoleIds} />
        <DialogActions onCancel={onClose} label={t('admin.save')} />
      </form>
    </AdminDialog>
  );
}

/** A new access end for a temporary user, in days from now (AB-4.09). */
function ExpiryDialog({ row, onClose }: { row: UserRow; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const dateText = useDateTime();
  const [days, setDays] = useState(30);
  const { busy, error, run } = useSave();
  const save = () =>
    run(
      () => resources.use(createUsersResource).setExpiration.run({ userId: row.id, expirationInSeconds: days * 86_400 }),
      () => {
        const date = dateText(Date.now() + days * 86_400_000);
        toasts.show(t('admin.users.expirySaved', { email: row.email, date }));
        onClose();
      },
    );
  return (
    <AdminDialog open onClose={onClose} busy={busy} title={t('admin.users.setExpiryTitle', { name: userName(row) })}>
      <form
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void save();
        }}
      >
        <TextField
          label={t('admin.users.expiresInDays')}
          fieldId="fe-user-expiry-days"
          hint={row.temporaryExpirationDate ? t('admin.users.expiryNow', { date: dateText(row.temporaryExpirationDate) }) : undefined}
          type="number"
          min={1}
          max={365}
          value={days}
          onChange={(e) => setDays(Math.max(1, Number(e.target.value) || 1))}
          autoFocus
        />
        <ErrorSlot error={error} />
        <DialogActions onCancel={onClose} busy={busy} label={t('admin.save')} busyLabel={t('admin.saving')} />
      </form>
    </AdminDialog>
  );
}
