/**
 * One webhook's delivery inspector (issue 33 item 2, beyond Frontegg; deep link `#/admin/webhooks/<id>`): its
 * deliveries newest first — when, the event, the status (failed ones marked by word and icon, not colour alone), how
 * many attempts, the last answer's status and the next attempt — filtered by status and by event, each opening its
 * attempts (`#/admin/webhooks/<id>/deliveries/<deliveryId>`) and, for an admin who may write, resent (same
 * `webhook-id`); "Recover failed since <time>"; the signing secret's format and, while a rotated secret's old one still
 * signs, "End overlap now"; and the "verify it" snippets (Node.js and Python, the `standardwebhooks` verifier) to copy.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { createWebhooksResource, DELIVERIES_PAGE_SIZE, DELIVERY_STATUSES, type DeliveryStatus, type WebhookConfiguration, type WebhookDelivery } from '../resources/webhooks.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime, type DateText } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { CopyField } from '../ui/copy-field.tsx';
import { actionsColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { TextField } from '../ui/form.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { PanelHeader, SectionHeader } from '../ui/section-header.tsx';
import { Select } from '../ui/select.tsx';
import { EmptyState, ErrorSlot, LoadStates } from '../ui/states.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { CallsLog } from './CallsLog.tsx';
import { isoOfLocalInput, localInputValue, nodeSnippet, overlapActive, pythonSnippet, secretFormatOf } from './model.ts';
import * as webhooksCss from './webhooks.css.ts';

/** A delivery's status: the word, and for a failed one an icon (not colour alone). */
export function DeliveryStatusBadge({ status, t }: { status: DeliveryStatus; t: Translate }) {
  if (status === 'failed')
    return (
      <span className={css.badgeDanger} data-failed="">
        <span aria-hidden="true">⚠ </span>
        {t('admin.webhooks.delivery.failed')}
      </span>
    );
  return <span className={status === 'succeeded' ? css.badgeOk : css.chip}>{t(`admin.webhooks.delivery.${status}`)}</span>;
}

/** An event key that breaks onto lines at its dots, never inside a word. */
function EventKey({ eventKey }: { eventKey: string }) {
  const parts = eventKey.split('.');
  return (
    <code>
      {parts.map((part, i) => (
        <span key={i}>
          {i ? '.' : ''}
          {i ? <wbr /> : null}
          {part}
        </span>
      ))}
    </code>
  );
}

function columns(opts: {
  t: Translate;
  dateText: DateText;
  webhookId: string;
  canWrite: boolean;
  onOpen: (deliveryId: string) => void;
  onResend: (row: WebhookDelivery) => void;
}): ColumnDef<WebhookDelivery, unknown>[] {
  const { t, dateText, webhookId, canWrite, onOpen, onResend } = opts;
  const cols: ColumnDef<WebhookDelivery, unknown>[] = [
    {
      id: 'createdAt',
      header: t('admin.webhooks.delivery.col.time'),
      size: 168,
      enableSorting: false,
      // the time is the delivery's link to its attempts; on a phone the event under it (its column has left)
      cell: ({ row }) => (
        <span className={css.cellStack}>
          <a
            href={`#/admin/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(row.original.id)}`}
            aria-label={t('admin.webhooks.delivery.openFor', { event: row.original.eventKey, time: dateText(row.original.createdAt, { time: true }) })}
            onClick={(e) => {
              e.preventDefault();
              onOpen(row.original.id);
            }}
          >
            <time dateTime={row.original.createdAt} className={css.wraps}>
              {dateText(row.original.createdAt, { time: true })}
            </time>
          </a>
          <span className={`${css.muted} ${css.ellipsis} ${css.narrowOnly}`}>{row.original.eventKey}</span>
        </span>
      ),
    },
    {
      id: 'eventKey',
      header: t('admin.webhooks.delivery.col.event'),
      size: 220,
      meta: { priority: 3 },
      enableSorting: false,
      cell: ({ row }) => <EventKey eventKey={row.original.eventKey} />,
    },
    {
      id: 'status',
      header: t('admin.webhooks.delivery.col.status'),
      size: 120,
      // the status never leaves
      meta: { priority: 0 },
      enableSorting: false,
      cell: ({ row }) => <DeliveryStatusBadge status={row.original.status} t={t} />,
    },
    { id: 'attempts', accessorKey: 'attempts', header: t('admin.webhooks.delivery.col.attempts'), size: 96, meta: { priority: 2 }, enableSorting: false },
    {
      id: 'lastStatusCode',
      header: t('admin.webhooks.delivery.col.lastStatus'),
      size: 112,
      meta: { priority: 4 },
      enableSorting: false,
      cell: ({ row }) => row.original.lastStatusCode ?? <span className={css.muted}>{t('admin.none')}</span>,
    },
    {
      id: 'nextAttemptAt',
      header: t('admin.webhooks.delivery.col.next'),
      size: 152,
      meta: { priority: 5 },
      enableSorting: false,
      cell: ({ row }) =>
        row.original.nextAttemptAt ? (
          <time dateTime={row.original.nextAttemptAt} className={css.wraps}>
            {dateText(row.original.nextAttemptAt, { time: true })}
          </time>
        ) : (
          <span className={css.muted}>{t('admin.none')}</span>
        ),
    },
  ];
  if (!canWrite) return cols;
  return [
    ...cols,
    actionsColumn<WebhookDelivery>(t('admin.actions'), 112, (row) => (
      <button
        type="button"
        className={css.secondaryButton}
        aria-label={t('admin.webhooks.resendFor', { event: row.eventKey, time: dateText(row.createdAt, { time: true }) })}
        onClick={() => onResend(row)}
      >
        {t('admin.webhooks.resend')}
      </button>
    )),
  ];
}

/** The inspector of webhook `id`, with a way back to the webhooks and to each delivery. */
export function WebhookDeliveries({ id, onBack, onOpen }: { id: string; onBack: () => void; onOpen: (deliveryId: string) => void }) {
  const section = useSection();
  const { t, resources } = section;
  const canWrite = section.can('write');
  const webhooks = resources.use(createWebhooksResource);
  const list = useStore(webhooks.$webhooks);
  const webhook = list.data?.find((w) => w._id === id);
  const name = webhook?.displayName ?? id;
  const dateText = useDateTime();
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [eventKey, setEventKey] = useState('');
  const [page, setPage] = useState(1);
  const query = { status: status || undefined, eventKey: eventKey || undefined, offset: (page - 1) * DELIVERIES_PAGE_SIZE, limit: DELIVERIES_PAGE_SIZE };
  const $deliveries = webhooks.deliveries(id, query);
  const deliveries = useStore($deliveries);

  const resend = useInlineAction(webhooks.resend, {
    done: () => t('admin.webhooks.resent'),
    failed: (reason) => t('admin.webhooks.resendFailed', { reason }),
  });
  const resendRun = resend.run;
  const cols = useMemo(
    () => columns({ t, dateText, webhookId: id, canWrite, onOpen, onResend: (row) => void resendRun({ id, deliveryId: row.id }) }),
    [t, dateText, canWrite, onOpen, resendRun, id],
  );
  const eventItems = [{ key: '', label: t('admin.webhooks.filter.allEvents') }, ...(webhook?.eventKeys ?? []).map((k) => ({ key: k, label: k }))];
  const statusItems = [
    { key: '' as const, label: t('admin.webhooks.filter.allStatuses') },
    ...DELIVERY_STATUSES.map((s) => ({ key: s, label: t(`admin.webhooks.delivery.${s}`) })),
  ];
  const total = deliveries.data?.count;
  const filtered = !!(status || eventKey);

  return (
    <>
      <SectionHeader titleId="fe-webhooks-title" title={t('admin.webhooks.deliveriesTitle', { name })} intro={webhook?.url ?? t('admin.webhooks.deliveriesIntro')}>
        <button type="button" className={css.secondaryButton} onClick={onBack}>
          {t('admin.webhooks.back')}
        </button>
        <button type="button" className={css.button} onClick={() => $deliveries.revalidate()} aria-disabled={deliveries.loading || undefined}>
          {deliveries.loading ? t('admin.webhooks.refreshing') : t('admin.webhooks.refresh')}
        </button>
      </SectionHeader>
      <div className={css.toolbar} role="search" aria-label={t('admin.webhooks.filter.label')}>
        <Select
          label={t('admin.webhooks.filter.status')}
          name="status"
          items={statusItems}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <Select
          label={t('admin.webhooks.filter.event')}
          name="eventKey"
          items={eventItems}
          value={eventKey}
          onChange={(v) => {
            setEventKey(v);
            setPage(1);
          }}
        />
      </div>
      <LoadStates state={deliveries} retry={() => $deliveries.revalidate()}>
        <>
          <DataTable
            label={t('admin.webhooks.deliveriesTable', { name })}
            columns={cols}
            data={deliveries.data?.rows ?? []}
            empty={
              <EmptyState title={t(filtered ? 'admin.webhooks.deliveriesNoMatch' : 'admin.webhooks.deliveriesEmpty')}>
                <p className={css.muted}>{t(filtered ? 'admin.webhooks.deliveriesNoMatchHint' : 'admin.webhooks.deliveriesEmptyHint')}</p>
              </EmptyState>
            }
          />
          <Pagination page={page} totalPages={Math.max(1, Math.ceil((total ?? 0) / DELIVERIES_PAGE_SIZE))} total={total} onPage={setPage} busy={deliveries.loading} />
        </>
      </LoadStates>
      {canWrite ? <Recover id={id} /> : null}
      <CallsLog id={id} canWrite={canWrite} />
      {webhook ? <Signing webhook={webhook} canWrite={canWrite} /> : null}
    </>
  );
}

/** "Recover failed since <time>": every delivery that failed since then is sent again (default: a day ago). */
function Recover({ id }: { id: string }) {
  const { t, resources } = useSection();
  const webhooks = resources.use(createWebhooksResource);
  const [since, setSince] = useState(() => localInputValue(Date.now() - 24 * 3600_000));
  const [problem, setProblem] = useState(false);
  const recover = useInlineAction(webhooks.recover, { done: () => t('admin.webhooks.recovered'), inline: true });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const iso = isoOfLocalInput(since);
    setProblem(!iso);
    if (iso && !recover.running) void recover.run({ id, since: iso });
  };
  return (
    <section className={css.form} aria-labelledby="fe-webhook-recover-title">
      <PanelHeader titleId="fe-webhook-recover-title" title={t('admin.webhooks.recoverTitle')} intro={t('admin.webhooks.recoverIntro')} />
      <form className={webhooksCss.inlineForm} onSubmit={submit} aria-busy={recover.running || undefined}>
        <TextField
          label={t('admin.webhooks.recoverSince')}
          fieldId="fe-webhook-recover-since"
          name="since"
          type="datetime-local"
          value={since}
          onChange={(e) => setSince(e.target.value)}
          error={problem ? t('admin.webhooks.recoverSinceInvalid') : null}
        />
        <button type="submit" className={css.button} aria-disabled={recover.running || undefined}>
          {recover.running ? t('admin.webhooks.recovering') : t('admin.webhooks.recover')}
        </button>
      </form>
      <ErrorSlot error={recover.error} />
    </section>
  );
}

/** The signing secret: its format, a rotation's overlap (with "End overlap now"), and the "verify it" snippets. */
function Signing({ webhook, canWrite }: { webhook: WebhookConfiguration; canWrite: boolean }) {
  const { t, resources } = useSection();
  const webhooks = resources.use(createWebhooksResource);
  const dateText = useDateTime();
  const format = secretFormatOf(webhook);
  const end = useInlineAction(webhooks.endOverlap, {
    done: () => t('admin.webhooks.overlapEnded'),
    failed: (reason) => t('admin.webhooks.overlapEndFailed', { reason }),
  });
  // the time the page opened: the overlap's end is hours away, not seconds
  const [now] = useState(() => Date.now());
  const overlapping = overlapActive(webhook.secretOverlapUntil, now);
  return (
    <section className={css.form} aria-labelledby="fe-webhook-signing-title">
      <PanelHeader titleId="fe-webhook-signing-title" title={t('admin.webhooks.signingTitle')} intro={t(`admin.webhooks.format.${format}`)} />
      {overlapping ? (
        <div className={webhooksCss.inlineForm}>
          <p className={`${css.notice} ${css.flush}`}>{t('admin.webhooks.overlapUntil', { time: dateText(webhook.secretOverlapUntil!, { time: true }) })}</p>
          {canWrite ? (
            <button type="button" className={css.secondaryButton} aria-disabled={end.busy || undefined} onClick={() => !end.busy && void end.run({ id: webhook._id })}>
              {end.busy ? t('admin.webhooks.endingOverlap') : t('admin.webhooks.endOverlap')}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className={webhooksCss.snippets}>
        <CopyField id="fe-webhook-format" label={t('admin.webhooks.formatLabel')} value={format === 'raw' ? "{ format: 'raw' }" : 'whsec_…'} />
        <CopyField id="fe-webhook-verify-node" label={t('admin.webhooks.verifyNode')} value={nodeSnippet(format)} />
        <CopyField id="fe-webhook-verify-python" label={t('admin.webhooks.verifyPython')} value={pythonSnippet(format)} />
      </div>
    </section>
  );
}
