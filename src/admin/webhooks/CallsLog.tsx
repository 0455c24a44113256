/**
 * A webhook's log as Frontegg keeps it (admin spec §3 "Webhook: logs (id, limit, offset)", §4, §9; api-contract §Y
 * `getWebhookLog`, `postWebhookRetry`; AB-3.39, AB-4.31, AB-7.61–7.62, AB-9.14): its calls, newest first, 10 a page
 * from offset 0 — when, the answer's status (a failure marked by word and icon) and the call's body (the emulator logs
 * the event sent; in full, pretty-printed, in the row's details) — and, for an admin who may write, Retry: it succeeded only when the retry
 * was answered 202; any other status is said as a failure.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { createWebhooksResource, WEBHOOK_LOG_DEFAULTS, type WebhookLog } from '../resources/webhooks.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { actionsColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { RowDetails, RowDetailsTrigger, useRowDetails } from '../ui/row-details.tsx';
import { PanelHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { attemptSucceeded, prettyBody, retrySucceeded } from './model.ts';
import * as webhooksCss from './webhooks.css.ts';

/** The log of webhook `id`, paged. */
export function CallsLog({ id, canWrite }: { id: string; canWrite: boolean }) {
  const { t, resources, toasts } = useSection();
  const webhooks = resources.use(createWebhooksResource);
  const dateText = useDateTime();
  const [page, setPage] = useState(1);
  const $logs = webhooks.logs(id, WEBHOOK_LOG_DEFAULTS.offset + (page - 1) * WEBHOOK_LOG_DEFAULTS.limit);
  const logs = useStore($logs);
  const details = useRowDetails<WebhookLog>();
  const openDetails = details.open;
  const retry = useInlineAction(webhooks.retry, {
    // a retry answered otherwise than 202 did not succeed (AB-4.31): said as a failure
    done: (result) => {
      if (retrySucceeded(result.statusCode)) return t('admin.webhooks.retried');
      toasts.show(t('admin.webhooks.retryNotAccepted', { status: result.statusCode }), 'error');
      return undefined;
    },
    failed: (reason) => t('admin.webhooks.retryFailed', { reason }),
  });
  const retryRun = retry.run;
  const cols = useMemo<ColumnDef<WebhookLog, unknown>[]>(() => {
    const time = (log: WebhookLog) => dateText(log.createdAt, { time: true });
    const cols: ColumnDef<WebhookLog, unknown>[] = [
      {
        id: 'createdAt',
        header: t('admin.webhooks.delivery.col.time'),
        size: 168,
        enableSorting: false,
        cell: ({ row }) => <RowDetailsTrigger name={time(row.original)} onOpen={() => openDetails(row.original)} />,
      },
      {
        id: 'statusCode',
        header: t('admin.webhooks.delivery.col.status'),
        size: 136,
        // the status never leaves
        meta: { priority: 0 },
        enableSorting: false,
        cell: ({ row }) =>
          attemptSucceeded(row.original.statusCode) ? (
            <span>{t('admin.webhooks.status.ok', { status: row.original.statusCode })}</span>
          ) : (
            <span className={css.badgeDanger} data-failed="">
              <span aria-hidden="true">⚠ </span>
              {t('admin.webhooks.status.failed', { status: row.original.statusCode })}
            </span>
          ),
      },
      {
        id: 'body',
        header: t('admin.webhooks.callBody'),
        size: 240,
        meta: { priority: 2 },
        enableSorting: false,
        cell: ({ row }) => <code className={`${css.ellipsis} ${css.block}`}>{prettyBody(row.original.body).replace(/\s+/g, ' ')}</code>,
      },
    ];
    if (!canWrite) return cols;
    return [
      ...cols,
      actionsColumn<WebhookLog>(t('admin.actions'), 112, (log) => (
        <button
          type="button"
          className={css.secondaryButton}
          aria-label={t('admin.webhooks.retryFor', { time: time(log) })}
          onClick={() => void retryRun({ webhookId: id, logId: log.id })}
        >
          {t('admin.webhooks.retry')}
        </button>
      )),
    ];
  }, [t, dateText, canWrite, openDetails, retryRun, id]);
  const total = logs.data?.count;
  return (
    <section className={css.form} aria-labelledby="fe-webhook-calls-title">
      <PanelHeader titleId="fe-webhook-calls-title" title={t('admin.webhooks.callsTitle')} intro={t('admin.webhooks.callsIntro')} />
      <LoadStates state={logs} retry={() => $logs.revalidate()}>
        <>
          <DataTable label={t('admin.webhooks.callsTitle')} columns={cols} data={logs.data?.rows ?? []} empty={<EmptyState title={t('admin.webhooks.callsEmpty')} />} />
          {total && total > WEBHOOK_LOG_DEFAULTS.limit ? (
            <Pagination page={page} totalPages={Math.ceil(total / WEBHOOK_LOG_DEFAULTS.limit)} total={total} onPage={setPage} busy={logs.loading} />
          ) : null}
        </>
      </LoadStates>
      {details.row ? (
        <RowDetails
          title={dateText(details.row.createdAt, { time: true })}
          fields={[
            { label: t('admin.webhooks.delivery.col.status'), value: String(details.row.statusCode) },
            {
              label: t('admin.webhooks.callBody'),
              value: prettyBody(details.row.body) ? (
                <pre className={webhooksCss.code} tabIndex={0}>
                  {prettyBody(details.row.body)}
                </pre>
              ) : (
                ''
              ),
            },
          ]}
          onClose={details.close}
        />
      ) : null}
    </section>
  );
}
