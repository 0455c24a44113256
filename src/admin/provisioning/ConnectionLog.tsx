/**
 * One connection's request log (issue 23 item 6: "so an admin can see why a push failed"): the SCIM requests its
 * identity provider made, newest first — the request (method and resource), the user it is about by name and email
 * (issue 31 item 7: a person, not a UUID), status (a failed one marked with the word "Failed" and an icon, not by colour
 * alone), the error detail in full, and when (date over time) — with Refresh and Back, and an empty state that says
 * what to do. A request's whole content (the full resource path, the user's id) is one keyboard press away: the
 * request opens its details (the kit's RowDetails). Deep link `#/admin/provisioning/<id>`.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { createProvisioningResource, type ScimRequestLogEntry } from '../resources/provisioning.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime, type DateText } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import * as provisioningCss from './provisioning.css.ts';
import { DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { RowDetails, RowDetailsTrigger, useRowDetails, type RowDetailsField } from '../ui/row-details.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { UserCell, userName } from '../ui/user-cell.tsx';
import { isFailedRequest, requestPath } from './model.ts';

/** A request's status: "200 OK", or the word "Failed" with an icon (not colour alone). */
function Status({ entry, t }: { entry: ScimRequestLogEntry; t: Translate }) {
  return isFailedRequest(entry.status) ? (
    <span className={css.badgeDanger} data-failed="">
      <span aria-hidden="true">⚠ </span>
      {t('admin.provisioning.log.failed', { status: entry.status })}
    </span>
  ) : (
    <span>{t('admin.provisioning.log.ok', { status: entry.status })}</span>
  );
}

/** The words of a request in its row: its method and path, the user's id left out when the user is shown by name. */
const requestText = (entry: ScimRequestLogEntry) => `${entry.method} ${requestPath(entry.resource, entry.user?.id)}`;

/** Every field of a logged request in full, for its details dialog. */
function detailsOf(entry: ScimRequestLogEntry, t: Translate, dateText: DateText): RowDetailsField[] {
  return [
    { label: t('admin.provisioning.log.col.method'), value: <code>{entry.method}</code> },
    { label: t('admin.provisioning.log.col.resource'), value: <code className={provisioningCss.resource}>{entry.resource}</code> },
    {
      label: t('admin.provisioning.log.col.user'),
      value: entry.user ? (
        <>
          <UserCell user={entry.user} />
          <span className={css.muted}>{t('admin.provisioning.log.userId', { id: entry.user.id })}</span>
        </>
      ) : (
        ''
      ),
    },
    { label: t('admin.provisioning.log.col.status'), value: <Status entry={entry} t={t} /> },
    { label: t('admin.provisioning.log.col.error'), value: entry.error ?? '' },
    { label: t('admin.provisioning.log.col.time'), value: dateText(entry.createdAt, { time: true }) },
  ];
}

/** The log of connection `id`, with a way back to the connections. */
export function ConnectionLog({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, resources } = useSection();
  const provisioning = resources.use(createProvisioningResource);
  const connections = useStore(provisioning.$connections);
  const $log = provisioning.log(id);
  const log = useStore($log);
  const dateText = useDateTime();
  const details = useRowDetails<ScimRequestLogEntry>();
  const openDetails = details.open;
  const connection = connections.data?.find((c) => c.id === id);
  const name = connection?.connectionName ?? id;
  const cols = useMemo<ColumnDef<ScimRequestLogEntry, unknown>[]>(
    () => [
      // the request grows (the first column) and opens the details; the status never leaves; on a narrow screen the
      // time, then the user, then the error leave (the details hold them)
      {
        id: 'resource',
        accessorKey: 'resource',
        header: t('admin.provisioning.log.col.request'),
        size: 160,
        enableSorting: true,
        cell: ({ row }) => (
          <span className={css.cellStack}>
            <code>
              <RowDetailsTrigger name={requestText(row.original)} onOpen={() => openDetails(row.original)} />
            </code>
            {/* a phone: the user and the time, under the request (the details hold the rest) */}
            <span className={`${css.muted} ${css.ellipsis} ${css.narrowOnly}`}>
              {[row.original.user ? `${userName(row.original.user)}` : '', dateText(row.original.createdAt, { time: true })].filter(Boolean).join(' · ')}
            </span>
          </span>
        ),
      },
      {
        id: 'user',
        accessorFn: (r) => (r.user ? userName(r.user) : ''),
        header: t('admin.provisioning.log.col.user'),
        size: 168,
        meta: { priority: 2 },
        enableSorting: true,
        cell: ({ row }) => (row.original.user ? <UserCell user={row.original.user} /> : <span className={css.muted}>{t('admin.none')}</span>),
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('admin.provisioning.log.col.status'),
        size: 144,
        meta: { priority: 0 },
        enableSorting: true,
        cell: ({ row }) => <Status entry={row.original} t={t} />,
      },
      {
        id: 'error',
        accessorFn: (r) => r.error ?? '',
        header: t('admin.provisioning.log.col.error'),
        size: 208,
        meta: { priority: 1 },
        enableSorting: false,
        // the whole text, on as many lines as it needs
        cell: ({ row }) => (row.original.error ? <span className={css.wraps}>{row.original.error}</span> : <span className={css.muted}>{t('admin.none')}</span>),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('admin.provisioning.log.col.time'),
        size: 152,
        meta: { priority: 3 },
        enableSorting: true,
        // the date over the time: both whole in a narrow column
        cell: ({ row }) => (
          <time dateTime={row.original.createdAt} className={`${css.cellStack} ${css.wraps}`}>
            {dateText(row.original.createdAt, { time: true })}
          </time>
        ),
      },
    ],
    [t, dateText, openDetails],
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
      {details.row ? <RowDetails title={requestText(details.row)} fields={detailsOf(details.row, t, dateText)} onClose={details.close} /> : null}
    </>
  );
}
