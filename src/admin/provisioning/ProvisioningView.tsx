/**
 * The provisioning section (admin spec §2 "provisioning", §3 "Provisioning connection", §7 "Directory (SCIM)";
 * AB-3.23, AB-7.53): the tenant's SCIM 2.0 connections — name, identity provider, users and groups it pushed, last
 * sync ("Never" before its first request), and the "sync to user management" switch (optimistic, rolled back with a
 * toast when refused) — with "Add connection" (machines/admin-scim-connection.machine.ts: the token shown once) and
 * delete (confirmed; optionally with the users and groups the connection pushed). Each connection's request log is
 * its sub-view, deep-linkable as `#/admin/provisioning/<id>` (the sub-route `:id`, the shell's: `useSubRoute()`). Without
 * `fe.secure.write.provisioningConfiguration` the section is read-only: no add, switch disabled, no delete.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useMemo, useState } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { createProvisioningResource, type ScimConnection } from '../resources/provisioning.ts';
import { useSection, useSubRoute } from '../shell/context.ts';
import { useDateTime, type DateText } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { withButtonColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { CheckboxRow } from '../ui/form.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { useSave } from '../ui/use-save.ts';
import { ConnectionLog } from './ConnectionLog.tsx';
import { CreateConnectionDialog } from './CreateConnectionDialog.tsx';
import { LOG_LINK, timeAgo } from './model.ts';

/** The provisioning section view: the connections, or one connection's request log. */
export function ProvisioningView() {
  const section = useSection();
  const canWrite = section.can('write');
  // the sub-route (the shell's, issue 30 item 2): a connection's request log, or the connections
  const { route, params, go } = useSubRoute();
  const logId = route === LOG_LINK ? params.id : null;
  const openLog = useCallback((id: string) => go(LOG_LINK, { id }), [go]);
  return (
    <section className={css.section} aria-labelledby="fe-provisioning-title">
      {logId ? <ConnectionLog id={logId} onBack={() => go(null)} /> : <Connections canWrite={canWrite} onOpenLog={openLog} />}
    </section>
  );
}

function columns(opts: {
  t: Translate;
  dateText: DateText;
  locale: string;
  canWrite: boolean;
  onSync: (row: ScimConnection, on: boolean) => void;
  onOpenLog: (id: string) => void;
  onDelete: (row: ScimConnection) => void;
}): ColumnDef<ScimConnection, unknown>[] {
  const { t, dateText, locale, canWrite, onSync, onOpenLog, onDelete } = opts;
  const now = Date.now();
  const cols: ColumnDef<ScimConnection, unknown>[] = [
    {
      id: 'connectionName',
      accessorKey: 'connectionName',
      header: t('admin.provisioning.col.name'),
      size: 144,
      enableSorting: true,
      // a link to the connection's request log (its deep link), followed in place
      cell: ({ row }) => (
        <a
          href={`#/admin/provisioning/${row.original.id}`}
          title={row.original.connectionName}
          aria-label={t('admin.provisioning.openLogFor', { name: row.original.connectionName })}
          onClick={(e) => {
            e.preventDefault();
            onOpenLog(row.original.id);
          }}
        >
          {row.original.connectionName}
        </a>
      ),
    },
    {
      id: 'source',
      accessorKey: 'source',
      header: t('admin.provisioning.col.source'),
      size: 144,
      meta: { priority: 4 },
      enableSorting: true,
      cell: ({ row }) => t(`admin.provisioning.source.${row.original.source}`),
    },
    { id: 'userCount', accessorFn: (r) => r.userCount ?? 0, header: t('admin.provisioning.col.users'), size: 72, meta: { priority: 3 }, enableSorting: true },
    { id: 'groupCount', accessorFn: (r) => r.groupCount ?? 0, header: t('admin.provisioning.col.groups'), size: 84, meta: { priority: 5 }, enableSorting: true },
    {
      id: 'lastSync',
      accessorFn: (r) => r.lastSync ?? '',
      header: t('admin.provisioning.col.lastSync'),
      // wide enough for a date and time at 1280 px (issue 31 item 7: it was cut), and may wrap rather than be cut
      size: 160,
      meta: { priority: 2 },
      enableSorting: true,
      cell: ({ row }) => {
        const at = row.original.lastSync;
        if (!at) return <span className={css.muted}>{t('admin.never')}</span>;
        return (
          <span className={css.cellStack}>
            <time dateTime={at}>{timeAgo(at, now, locale)}</time>
            <span className={`${css.muted} ${css.wraps}`}>{dateText(at, { time: true })}</span>
          </span>
        );
      },
    },
    {
      id: 'sync',
      header: t('admin.provisioning.col.sync'),
      size: 96,
      meta: { priority: 1 },
      enableSorting: false,
      cell: ({ row }) => (
        <CheckboxRow
          role="switch"
          name={`sync-${row.original.id}`}
          checked={row.original.syncToUserManagement}
          disabled={!canWrite}
          aria-label={t('admin.provisioning.syncFor', { name: row.original.connectionName })}
          onChange={(on) => onSync(row.original, on)}
        >
          {row.original.syncToUserManagement ? t('admin.provisioning.syncOn') : t('admin.provisioning.syncOff')}
        </CheckboxRow>
      ),
    },
  ];
  return withButtonColumn(cols, canWrite, t('admin.actions'), 104, {
    text: t('admin.provisioning.delete'),
    label: (row) => t('admin.provisioning.deleteFor', { name: row.connectionName }),
    onClick: onDelete,
  });
}

/** The connections table with its states, the add flow and the delete confirmation. */
function Connections({ canWrite, onOpenLog }: { canWrite: boolean; onOpenLog: (id: string) => void }) {
  const { t, resources, toasts, app } = useSection();
  const { route } = useSubRoute();
  const provisioning = resources.use(createProvisioningResource);
  const result = useStore(provisioning.$connections);
  const locale = useStore(app.i18n.$locale);
  const dateText = useDateTime();
  // a deep link or story may open the create dialog (`create`) or ask about the first connection (`delete`)
  const [creating, setCreating] = useState(() => route === 'create' && canWrite);
  const [deleting, setDeleting] = useState<ScimConnection | null>(null);
  const [askFirst, setAskFirst] = useState(route === 'delete' && canWrite);
  const [deleteAll, setDeleteAll] = useState(false);
  const { busy, error, setError, run } = useSave();
  const rows = result.data ?? [];
  const target = deleting ?? (askFirst ? (rows[0] ?? null) : null);

  // the switch shows the new value at once; a refusal puts it back (the resource) and says why
  const nameOf = (id: string) => rows.find((r) => r.id === id)?.connectionName ?? id;
  const sync = useInlineAction(provisioning.setSync, {
    done: (_, { id, syncToUserManagement: on }) => t(on ? 'admin.provisioning.syncedOn' : 'admin.provisioning.syncedOff', { name: nameOf(id) }),
    failed: (reason, { id }) => t('admin.provisioning.syncFailed', { name: nameOf(id), reason }),
  });
  const setSync = sync.run;
  const cols = useMemo(() => {
    const onSync = (row: ScimConnection, on: boolean) => void setSync({ id: row.id, syncToUserManagement: on });
    return columns({ t, dateText, locale, canWrite, onSync, onOpenLog, onDelete: setDeleting });
  }, [t, dateText, locale, canWrite, onOpenLog, setSync]);

  const close = () => {
    setDeleting(null);
    setAskFirst(false);
    setDeleteAll(false);
    setError(null);
  };
  const confirm = (row: ScimConnection) =>
    run(
      () => provisioning.remove.run({ id: row.id, deleteAll }),
      () => {
        toasts.show(t(deleteAll ? 'admin.provisioning.deletedAll' : 'admin.provisioning.deleted', { name: row.connectionName }));
        close();
      },
    );

  return (
    <>
      <SectionHeader titleId="fe-provisioning-title" title={t('admin.provisioning.title')} intro={t('admin.provisioning.intro')}>
        {canWrite ? (
          <button type="button" className={css.button} onClick={() => setCreating(true)}>
            {t('admin.provisioning.add')}
          </button>
        ) : null}
      </SectionHeader>
      {!canWrite ? <p className={css.muted}>{t('admin.provisioning.readOnly')}</p> : null}
      <LoadStates state={result} retry={() => provisioning.$connections.revalidate()}>
        <DataTable
          label={t('admin.provisioning.table')}
          columns={cols}
          data={rows}
          empty={
            <EmptyState title={t('admin.provisioning.empty')}>
              <p className={css.muted}>{t(canWrite ? 'admin.provisioning.emptyHint' : 'admin.provisioning.emptyReadOnly')}</p>
              {canWrite ? (
                <button type="button" className={css.button} onClick={() => setCreating(true)}>
                  {t('admin.provisioning.add')}
                </button>
              ) : null}
            </EmptyState>
          }
        />
      </LoadStates>
      {creating ? <CreateConnectionDialog onClose={() => setCreating(false)} /> : null}
      {target ? (
        <ConfirmDialog
          open
          title={t('admin.provisioning.deleteTitle', { name: target.connectionName })}
          body={
            <div className={css.form}>
              <p className={css.flush}>{t('admin.provisioning.deleteBody')}</p>
              <CheckboxRow name="deleteAll" checked={deleteAll} disabled={busy} onChange={setDeleteAll}>
                {t('admin.provisioning.deleteAll', { users: target.userCount ?? 0, groups: target.groupCount ?? 0 })}
              </CheckboxRow>
            </div>
          }
          action={t('admin.provisioning.deleteAction')}
          busyAction={t('admin.deleting')}
          busy={busy}
          error={error}
          onClose={close}
          onConfirm={() => void confirm(target)}
        />
      ) : null}
    </>
  );
}
