/**
 * The per-user dialogs of the users section (admin spec §2: delete, enable, disable; §4: role edit optimistic with
 * rollback, temporary users; AB-2.01, AB-4.02–AB-4.09). Destructive actions confirm; saves show progress and a
 * toast; a failure stays in the dialog, announced.
 */
import { useState } from 'react';
import type { Role } from '../../api/admin-types.ts';
import type { Translate } from '../../i18n/index.ts';
import type { UserRow } from '../resources/users.ts';
import { useSection, type SectionView } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { AdminDialog, ConfirmDialog } from '../ui/dialog.tsx';
import { DialogActions, TextField } from '../ui/form.tsx';
import { ErrorSlot, messageOf } from '../ui/states.tsx';
import { Checklist } from '../ui/checklist.tsx';
import { roleItem } from '../resources/roles.ts';
import { useSave } from '../ui/use-save.ts';

/** What the row menu asks for. */
export type UserAction = 'roles' | 'resend' | 'permanent' | 'expiry' | 'enable' | 'disable' | 'delete';

/** One open dialog for `row` ('resend' and 'permanent' have none: see {@link runNow}). */
export function UserActionDialog({
  action,
  row,
  pageKey,
  roles,
  t,
  locale,
  onClose,
}: {
  action: UserAction;
  row: UserRow;
  pageKey: string;
  roles: Role[];
  t: Translate;
  locale: string;
  onClose: () => void;
}) {
  const { resources, toasts } = useSection();
  const users = resources.users;
  const { busy, error, run: save } = useSave();
  const name = row.name || row.email;
  const run = (work: () => Promise<unknown>, done: string) =>
    save(work, () => {
      toasts.show(done);
      onClose();
    });

  switch (action) {
    case 'delete':
      return (
        <ConfirmDialog
          open
          t={t}
          title={t('admin.users.deleteTitle', { name })}
          body={t('admin.users.deleteBody', { email: row.email })}
          action={t('admin.users.delete')}
          busyAction={t('admin.deleting')}
          busy={busy}
          error={error}
          onClose={onClose}
          onConfirm={() => run(() => users.deleteUser.run({ key: pageKey, userId: row.id }), t('admin.users.deleted', { email: row.email }))}
        />
      );
    case 'disable':
    case 'enable': {
      const disable = action === 'disable';
      return (
        <ConfirmDialog
          open
          t={t}
          danger={disable}
          title={t(disable ? 'admin.users.disableTitle' : 'admin.users.enableTitle', { name })}
          body={t(disable ? 'admin.users.disableBody' : 'admin.users.enableBody', { email: row.email })}
          action={t(disable ? 'admin.users.disable' : 'admin.users.enable')}
          busyAction={t('admin.saving')}
          busy={busy}
          error={error}
          onClose={onClose}
          onConfirm={() =>
            run(
              () => users.setDisabled.run({ key: pageKey, userId: row.id, disabled: disable }),
              t(disable ? 'admin.users.disabledToast' : 'admin.users.enabledToast', { email: row.email }),
            )
          }
        />
      );
    }
    case 'roles':
      return <EditRolesDialog row={row} pageKey={pageKey} roles={roles} t={t} onClose={onClose} />;
    case 'expiry':
      return <ExpiryDialog row={row} t={t} locale={locale} onClose={onClose} />;
    case 'resend':
    case 'permanent':
      return null;
  }
}

/** Resend and make-permanent ask nothing: they run from the menu and report through a toast. */
export function runNow(section: SectionView, action: 'resend' | 'permanent', row: UserRow, t: Translate): void {
  const { resources, toasts } = section;
  const work = action === 'resend' ? resources.users.resend.run({ user: row }) : resources.users.setExpiration.run({ userId: row.id, expirationInSeconds: null });
  work.then(
    () => toasts.show(t(action === 'resend' ? 'admin.users.resent' : 'admin.users.madePermanent', { email: row.email })),
    (error: unknown) => toasts.show(messageOf(error, t)),
  );
}

/**
 * Edit roles: the dialog closes at once and the table shows the new roles (optimistic, AB-4.05); if the server
 * refuses, the old roles come back (AB-4.06) and a toast says why.
 */
function EditRolesDialog({ row, pageKey, roles, t, onClose }: { row: UserRow; pageKey: string; roles: Role[]; t: Translate; onClose: () => void }) {
  const { resources, toasts } = useSection();
  const [roleIds, setRoleIds] = useState(row.roleIds);
  const name = row.name || row.email;
  const save = () => {
    onClose();
    resources.users.setRoles.run({ key: pageKey, userId: row.id, roleIds }).then(
      () => toasts.show(t('admin.users.rolesSaved', { name })),
      (error: unknown) => toasts.show(t('admin.users.rolesFailed', { name, message: messageOf(error, t) })),
    );
  };
  return (
    <AdminDialog open onClose={onClose} title={t('admin.users.editRolesTitle', { name })}>
      <form
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Checklist legend={t('admin.users.roles')} items={roles.map(roleItem)} value={roleIds} onChange={setRoleIds} />
        <DialogActions t={t} onCancel={onClose} label={t('admin.save')} />
      </form>
    </AdminDialog>
  );
}

/** A new access end for a temporary user, in days from now (AB-4.09). */
function ExpiryDialog({ row, t, locale, onClose }: { row: UserRow; t: Translate; locale: string; onClose: () => void }) {
  const { resources, toasts } = useSection();
  const [days, setDays] = useState(30);
  const { busy, error, run } = useSave();
  const save = () =>
    run(
      () => resources.users.setExpiration.run({ userId: row.id, expirationInSeconds: days * 86_400 }),
      () => {
        const date = new Date(Date.now() + days * 86_400_000).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
        toasts.show(t('admin.users.expirySaved', { email: row.email, date }));
        onClose();
      },
    );
  return (
    <AdminDialog open onClose={onClose} busy={busy} title={t('admin.users.setExpiryTitle', { name: row.name || row.email })}>
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
          type="number"
          min={1}
          max={365}
          value={days}
          onChange={(e) => setDays(Math.max(1, Number(e.target.value) || 1))}
          autoFocus
        />
        <ErrorSlot error={error} t={t} />
        <DialogActions t={t} onCancel={onClose} busy={busy} label={t('admin.save')} busyLabel={t('admin.saving')} />
      </form>
    </AdminDialog>
  );
}
