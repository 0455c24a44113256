/**
 * The bulk action dialog of the users section (issue 21 item 11): one confirmation for the selected users (delete,
 * disable, or a role change that first picks the roles), progress while each is applied in turn, then a result per
 * user — done, or failed with the server's message — summed up in one announced line. Flow:
 * machines/admin-bulk-users.machine.ts (bound in flows.ts).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { Role } from '../../api/admin-types.ts';
import type { BulkUser, BulkUserAction, BulkUserResult } from '../../../machines/admin-bulk-users.machine.ts';
import { roleItem } from '../resources/roles.ts';
import { useSection } from '../shell/context.ts';
import { useSectionFlow } from '../shell/use-section-flow.ts';
import * as css from '../ui/admin.css.ts';
import * as usersCss from './users.css.ts';
import { Checklist } from '../ui/checklist.tsx';
import { AdminDialog } from '../ui/dialog.tsx';
import { DialogActions, DoneActions } from '../ui/form.tsx';
import { messageOf } from '../ui/states.tsx';
import { bulkUsersFlow } from './flows.ts';
import { createUsersResource } from '../resources/users.ts';

/** Props of {@link BulkUsersDialog}: the action, the selected users, the roles to pick from, and what to do after. */
export interface BulkUsersDialogProps {
  action: BulkUserAction;
  users: BulkUser[];
  roles: Role[];
  /** The run is over and the dialog closed (`applied`: the ids done). */
  onClose: (applied: string[]) => void;
}

/** The dialog: titled by the action and the count ("Delete 3 users"). */
export function BulkUsersDialog(props: BulkUsersDialogProps) {
  const { t } = useSection();
  const { action } = props;
  // the users as selected when the dialog opened (deleted rows leave the table meanwhile)
  const [users] = useState(props.users);
  const [applied, setApplied] = useState<string[]>([]);
  return (
    <AdminDialog open onClose={() => props.onClose(applied)} title={t(`admin.users.bulk.${action}.title`, { count: users.length })} role="alertdialog">
      <BulkUsersFlow {...props} users={users} onApplied={setApplied} />
    </AdminDialog>
  );
}

function BulkUsersFlow({ action, users, roles, onClose, onApplied }: BulkUsersDialogProps & { onApplied: (ids: string[]) => void }) {
  const { t, resources } = useSection();
  const actor = useSectionFlow(bulkUsersFlow, { action, users });
  const snapshot = useSelector(actor, (s) => s);
  const [roleIds, setRoleIds] = useState<string[]>([]);
  // after the run the table and its count are the server's
  useEffect(() => {
    const sub = actor.on('applied', (e) => {
      onApplied(e.userIds);
      resources.use(createUsersResource).refreshList();
    });
    return () => sub.unsubscribe();
  }, [actor, resources, onApplied]);
  const { context } = snapshot;
  const done = () => onClose(context.results.filter((r) => r.ok).map((r) => r.user.id));
  if (snapshot.matches('results')) return <BulkUsersResults action={action} results={context.results} onDone={done} />;
  const busy = snapshot.hasTag('busy');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) actor.send({ type: 'form.submit', roleIds });
  };
  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={busy}>
      <p>{t(`admin.users.bulk.${action}.body`, { count: users.length })}</p>
      <details className={usersCss.disclosure}>
        <summary className={usersCss.disclosureSummary}>{t('admin.users.bulk.who', { count: users.length })}</summary>
        <ul>
          {users.map((u) => (
            <li key={u.id}>{u.email}</li>
          ))}
        </ul>
      </details>
      {action === 'roles' ? <Checklist legend={t('admin.users.roles')} items={roles.map(roleItem)} value={roleIds} onChange={setRoleIds} disabled={busy} /> : null}
      {busy ? (
        <p role="status" className={css.muted}>
          {t('admin.users.bulk.progress', { done: context.index, total: users.length })}
        </p>
      ) : null}
      {/* Cancel has the focus (a destructive action must not run on Enter) */}
      <DialogActions
        onCancel={() => onClose([])}
        busy={busy}
        label={t(`admin.users.bulk.${action}.action`, { count: users.length })}
        danger={action === 'delete' || action === 'disable'}
        autoFocusCancel
      />
    </form>
  );
}

/** The result: one announced line ("2 deleted, 1 failed"), then each user with its result, failures first. */
function BulkUsersResults({ action, results, onDone }: { action: BulkUserAction; results: BulkUserResult[]; onDone: () => void }) {
  const { t } = useSection();
  const failed = results.filter((r) => !r.ok);
  const ok = results.length - failed.length;
  return (
    <div className={css.form}>
      <p role="status" className={css.subtitle}>
        {[t(`admin.users.bulk.${action}.done`, { count: ok }), ...(failed.length ? [t('admin.users.bulk.failed', { count: failed.length })] : [])].join(', ')}
      </p>
      <ul className={css.resultList}>
        {[...failed, ...results.filter((r) => r.ok)].map((r) => (
          <li key={r.user.id}>
            {r.user.email}: {r.ok ? <span className={css.muted}>{t('admin.users.bulk.ok')}</span> : <span className={css.fieldError}>{messageOf(r.error, t)}</span>}
          </li>
        ))}
      </ul>
      <DoneActions label={t('admin.done')} onDone={onDone} />
    </div>
  );
}
