/**
 * One connection's request log (issue 23 item 6: "so an admin can see why a push failed"): the SCIM requests its
 * identity provider made, newest first — method, resource, status (a failed one marked with the word "Failed" and an
 * icon, not by colour alone), the error detail, and when — with Refresh and Back, and an empty state that says what
 * to do. Deep link `#/admin/provisioning/<id>`.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { createProvisioningResource, type ScimRequestLogEntry } from '../resources/provisioning.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import * as provisioningCss from './provisioning.css.ts';
import { DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { isFailedRequest } from './model.ts';

/** The log of connection `id`, with a way back to the connections. */
export function ConnectionLog({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, resources } = useSection();
  const provisioning = resources.use(createProvisioningResource);
  const connections = useStore(provisioning.$connections);
  const $log = provisioning.log(id);
  const log = useStore($log);
  const dateText = useDateTime();
  const connection = connections.data?.find((c) => c.id === id);
  const name = connection?.connectionName ?? id;
  const cols = useMemo<ColumnDef<ScimRequestLogEntry, unknown>[]>(
    () => [
      // the resource grows (the first column); the status never leaves; on a narrow screen time, then method, then the error leave
      {
        id: 'resource',
        accessorKey: 'resource',
        header: t('admin.provisioning.log.col.resource'),
        size: 180,
        enableSorting: true,
        cell: ({ row }) => (
          <code title={row.original.resource} className={provisioningCss.resource}>
            {row.original.resource}
          </code>
        ),
      },
      {
        id: 'method',
        accessorKey: 'method',
        header: t('admin.provisioning.log.col.method'),
        size: 80,
        meta: { priority: 2 },
        enableSorting: true,
        cell: ({ row }) => <code>{row.original.method}</code>,
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('admin.provisioning.log.col.status'),
        size: 120,
        meta: { priority: 0 },
        enableSorting: true,
        cell: ({ row }) =>
          isFailedRequest(row.original.status) ? (
            <span className={css.badgeDanger} data-failed="">
              <span aria-hidden="true">⚠ </span>
              {t('admin.provisioning.log.failed', { status: row.original.status })}
            </span>
          ) : (
            <span>{t('admin.provisioning.log.ok', { status: row.original.status })}</span>
          ),
      },
      {
        id: 'error',
        accessorFn: (r) => r.error ?? '',
        header: t('admin.provisioning.log.col.error'),
        size: 240,
        meta: { priority: 1 },
        enableSorting: false,
        // at most two lines in the row; the whole text in its title
        cell: ({ row }) =>
          row.original.error ? (
            <span title={row.original.error} className={provisioningCss.errorText}>
              {row.original.error}
            </span>
          ) : (
            <span className={css.muted}>{t('admin.none')}</span>
          ),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('admin.provisioning.log.col.time'),
        size: 150,
        meta: { priority: 3 },
        enableSorting: true,
        cell: ({ row }) => dateText(row.original.createdAt, { time: true }),
      },
    ],
    [t, dateText],
  );
  return (
    <>
      <SectionHeader titleId="fe-provisioning-title" title={t('admin.provisioning.log.title', { name })} intro={t('admin.provisioning.log.intro')}>
        <button type="button" className={css.secondaryButton} onClick={onBack}>
          {t('admin.provisioning.log.back')}
        </button>
        <button type="button" className={css.button} onClick={() => $log.revalidate()} aria-disabled={log.loading || undefined}>
          {log.loading ? t('admin.provisioning.log.refreshing') : t('admin.provisioning.log.refresh')}
        </button>
      </SectionHeader>
      <LoadStates state={log} retry={() => $log.revalidate()}>
        <DataTable
          label={t('admin.provisioning.log.table', { name })}
          columns={cols}
          data={log.data ?? []}
          getRowId={(r) => r.id ?? `${r.createdAt} ${r.method} ${r.resource}`}
          empty={
            <EmptyState title={t('admin.provisioning.log.empty')}>
              <p className={css.muted}>{t('admin.provisioning.log.emptyHint')}</p>
            </EmptyState>
          }
        />
      </LoadStates>
    </>
  );
}
