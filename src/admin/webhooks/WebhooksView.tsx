/**
 * The webhooks section (admin spec §2 "webhooks", §3 "Connectivity", §4 "Webhook test", §9; api-contract §Y; AB-3.39,
 * AB-4.30, AB-7.57, AB-7.60, AB-9.15; issue 33 items 1, 2, 5): the tenant's webhooks by name — display name, URL,
 * how many events, the active switch (optimistic, rolled back with a toast when refused) and the last call's status —
 * with "Add webhook" (a form; a secret left empty is generated and shown once), and per row Deliveries, Edit, Test
 * and Delete (confirmed). Each webhook's deliveries are its sub-page (`#/admin/webhooks/<id>`), each delivery's
 * attempts another (`#/admin/webhooks/<id>/deliveries/<deliveryId>`); the dialogs are sub-routes too (`add`,
 * `edit:<id>`, `test:<id>`, `delete:<id>`). Without `fe.connectivity.write.webhooks` the section is read-only: no add,
 * no edit, the switch disabled; without the delete key no delete.
 *
 * Beside the webhooks, tabs (sub-routes `email`, `sms`, `slack`, `reports`; issue 33 items 3–4) hold the other
 * channels — email and SMS recipients per event, the Slack workspace's channels per event — and the reports; each
 * tab's panel is its own chunk, loaded when the tab is opened.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useMemo, type LazyExoticComponent, type ReactNode } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { createWebhooksResource, type WebhookConfiguration } from '../resources/webhooks.ts';
import { useSection, useSubRoute } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { actionsColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { CheckboxRow } from '../ui/form.tsx';
import { RowMenu, type RowAction } from '../ui/row-menu.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, Loading, LoadStates } from '../ui/states.tsx';
import { AdminTabs } from '../ui/tabs.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { useSave } from '../ui/use-save.ts';
import { DeliveryView } from './DeliveryView.tsx';
import { LastCall } from './LastCall.tsx';
import { holdsAllKeys } from '../../entitlements/permissions.ts';
import { CHANNEL_TABS, LOGS_PERMISSION, ROUTES, type ChannelTab } from './model.ts';
import { TestDialog } from './TestDialog.tsx';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import * as webhooksCss from './webhooks.css.ts';

/** The channel tabs' panels, each its own chunk. */
const PANELS: Record<ChannelTab, LazyExoticComponent<() => ReactNode>> = {
  email: lazy(() => import('./channels/EmailPanel.tsx').then((m) => ({ default: m.EmailPanel }))),
  sms: lazy(() => import('./channels/SmsPanel.tsx').then((m) => ({ default: m.SmsPanel }))),
  slack: lazy(() => import('./channels/SlackPanel.tsx').then((m) => ({ default: m.SlackPanel }))),
  reports: lazy(() => import('./reports/ReportsPanel.tsx').then((m) => ({ default: m.ReportsPanel }))),
};

/**
 * The webhooks section view: the section's tabs (the webhooks with a dialog open, or a channel's or the reports'
 * panel), one webhook's deliveries, or one delivery.
 */
export function WebhooksView() {
  const { t, permissions } = useSection();
  const { route, params, go } = useSubRoute();
  let page;
  if ((route === ROUTES.delivery || route === ROUTES.deliveries) && !holdsAllKeys(permissions, [LOGS_PERMISSION]))
    page = (
      <>
        <SectionHeader titleId="fe-webhooks-title" title={t('admin.webhooks.title')}>
          <button type="button" className={css.secondaryButton} onClick={() => go(null)}>
            {t('admin.webhooks.back')}
          </button>
        </SectionHeader>
        <EmptyState title={t('admin.webhooks.logsDenied')} />
      </>
    );
  else if (route === ROUTES.delivery) page = <DeliveryView id={params.id} deliveryId={params.deliveryId} onBack={() => go(ROUTES.deliveries, { id: params.id })} />;
  else if (route === ROUTES.deliveries)
    page = <WebhookDeliveries id={params.id} onBack={() => go(null)} onOpen={(deliveryId) => go(ROUTES.delivery, { id: params.id, deliveryId })} />;
  else page = <SectionTabs />;
  return (
    <section className={css.section} aria-labelledby="fe-webhooks-title">
      {page}
    </section>
  );
}

/** The section's header and tabs: Webhooks, Email, SMS, Slack, Reports (a tab is a sub-route: Back returns to the one before). */
function SectionTabs() {
  const section = useSection();
  const { t } = section;
  const { route, go } = useSubRoute();
  const tab: ChannelTab | 'webhooks' = (CHANNEL_TABS as readonly (string | null)[]).includes(route) ? (route as ChannelTab) : 'webhooks';
  const panel = (id: ChannelTab) => {
    const Panel = PANELS[id];
    return (
      <Suspense fallback={<Loading label={t('admin.loading')} />}>
        <Panel />
      </Suspense>
    );
  };
  return (
    <>
      <SectionHeader titleId="fe-webhooks-title" title={t('admin.webhooks.title')} intro={t('admin.webhooks.intro')}>
        {tab === 'webhooks' && section.can('write') ? (
          <button type="button" className={css.button} onClick={() => go(ROUTES.add)}>
            {t('admin.webhooks.add')}
          </button>
        ) : null}
      </SectionHeader>
      <AdminTabs
        label={t('admin.webhooks.tabs')}
        selected={tab}
        onSelect={(id) => go(id === 'webhooks' ? null : id)}
        tabs={[
          { id: 'webhooks', label: t('admin.webhooks.tab.webhooks'), content: tab === 'webhooks' ? <Webhooks /> : null },
          ...CHANNEL_TABS.map((id) => ({ id, label: t(`admin.webhooks.tab.${id}`), content: tab === id ? panel(id) : null })),
        ]}
      />
    </>
  );
}

/** A row's actions, in the order the menu shows them. */
type Action = 'deliveries' | 'edit' | 'test' | 'delete';

function columns(opts: {
  t: Translate;
  canReadLogs: boolean;
  canWrite: boolean;
  canDelete: boolean;
  onActive: (row: WebhookConfiguration, on: boolean) => void;
  onAction: (row: WebhookConfiguration, action: Action) => void;
}): ColumnDef<WebhookConfiguration, unknown>[] {
  const { t, canReadLogs, canWrite, canDelete, onActive, onAction } = opts;
  const actions = (): RowAction<Action>[] => [
    ...(canReadLogs ? [{ id: 'deliveries' as const, label: t('admin.webhooks.deliveries') }] : []),
    ...(canWrite
      ? [
          { id: 'edit' as const, label: t('admin.webhooks.edit') },
          { id: 'test' as const, label: t('admin.webhooks.test') },
        ]
      : []),
    ...(canDelete ? [{ id: 'delete' as const, label: t('admin.webhooks.delete') }] : []),
  ];
  return [
    {
      id: 'displayName',
      accessorKey: 'displayName',
      header: t('admin.webhooks.col.name'),
      size: 180,
      enableSorting: true,
      // a link to the webhook's deliveries (its deep link), followed in place; the URL under it on a phone
      cell: ({ row }) => (
        <span className={css.cellStack}>
          {canReadLogs ? (
            <a
              href={`#/admin/webhooks/${encodeURIComponent(row.original._id)}`}
              aria-label={t('admin.webhooks.openDeliveriesFor', { name: row.original.displayName })}
              onClick={(e) => {
                e.preventDefault();
                onAction(row.original, 'deliveries');
              }}
            >
              {row.original.displayName}
            </a>
          ) : (
            <span>{row.original.displayName}</span>
          )}
          <span className={`${css.muted} ${css.ellipsis} ${css.narrowOnly}`}>{row.original.url}</span>
        </span>
      ),
    },
    {
      id: 'url',
      accessorKey: 'url',
      header: t('admin.webhooks.col.url'),
      size: 240,
      meta: { priority: 3 },
      enableSorting: true,
      cell: ({ row }) => <code className={`${webhooksCss.url} ${css.wraps}`}>{row.original.url}</code>,
    },
    {
      id: 'events',
      accessorFn: (r) => r.eventKeys.length,
      header: t('admin.webhooks.col.events'),
      size: 104,
      meta: { priority: 4 },
      enableSorting: true,
      cell: ({ row }) => t('admin.webhooks.eventCount', { count: row.original.eventKeys.length }),
    },
    {
      id: 'isActive',
      header: t('admin.webhooks.col.active'),
      size: 104,
      // the switch never leaves: on a phone too the admin turns a webhook on or off where it is listed
      meta: { priority: 0 },
      enableSorting: false,
      cell: ({ row }) => (
        <CheckboxRow
          role="switch"
          name={`active-${row.original._id}`}
          checked={row.original.isActive}
          disabled={!canWrite}
          aria-label={t('admin.webhooks.activeFor', { name: row.original.displayName })}
          onChange={(on) => onActive(row.original, on)}
        >
          {row.original.isActive ? t('admin.webhooks.on') : t('admin.webhooks.off')}
        </CheckboxRow>
      ),
    },
    ...(canReadLogs ? [lastCallColumn(t)] : []),
    // a reader without the logs' key has no action on a row: no menu
    ...(actions().length
      ? [
          actionsColumn<WebhookConfiguration>(t('admin.actions'), 64, (row) => (
            <RowMenu label={t('admin.webhooks.actionsFor', { name: row.displayName })} actions={actions()} onAction={(a) => onAction(row, a)} />
          )),
        ]
      : []),
  ];
}

/** The last call's column (with the key to read the webhooks' logs). */
function lastCallColumn(t: Translate): ColumnDef<WebhookConfiguration, unknown> {
  return {
    id: 'lastCall',
    header: t('admin.webhooks.col.lastCall'),
    size: 144,
    meta: { priority: 2 },
    enableSorting: false,
    cell: ({ row }) => <LastCall id={row.original._id} />,
  };
}

/** The webhooks tab: the table with its states, the add and edit form, the test and the delete confirmation. */
function Webhooks() {
  const section = useSection();
  const { t, resources, toasts } = section;
  const canWrite = section.can('write');
  const canDelete = section.can('delete');
  const canReadLogs = holdsAllKeys(section.permissions, [LOGS_PERMISSION]);
  const { route, params, go } = useSubRoute();
  const webhooks = resources.use(createWebhooksResource);
  const result = useStore(webhooks.$webhooks);
  const rows = useMemo(() => result.data ?? [], [result.data]);
  const find = useCallback((id: string | undefined) => rows.find((r) => r._id === id) ?? null, [rows]);
  // the dialogs are sub-routes (a deep link or a story opens one); a row's dialog waits for its row
  const adding = route === ROUTES.add;
  const editing = route === ROUTES.edit ? find(params.webhookId) : null;
  const testing = route === ROUTES.test ? find(params.webhookId) : null;
  const deleting = route === ROUTES.remove ? find(params.webhookId) : null;
  const close = useCallback(() => go(null), [go]);
  const { busy, error, setError, run } = useSave();

  const active = useInlineAction(webhooks.setActive, {
    done: (_, { webhook, isActive }) => t(isActive ? 'admin.webhooks.turnedOn' : 'admin.webhooks.turnedOff', { name: webhook.displayName }),
    failed: (reason, { webhook }) => t('admin.webhooks.activeFailed', { name: webhook.displayName, reason }),
  });
  const setActive = active.run;
  const cols = useMemo(() => {
    const onActive = (webhook: WebhookConfiguration, isActive: boolean) => void setActive({ webhook, isActive });
    const onAction = (row: WebhookConfiguration, action: Action) =>
      action === 'deliveries' ? go(ROUTES.deliveries, { id: row._id }) : go(ROUTES[action === 'delete' ? 'remove' : action], { webhookId: row._id });
    return columns({ t, canReadLogs, canWrite, canDelete, onActive, onAction });
  }, [t, canReadLogs, canWrite, canDelete, setActive, go]);

  const closeDelete = () => {
    setError(null);
    close();
  };
  const confirmDelete = (row: WebhookConfiguration) =>
    run(
      () => webhooks.remove.run({ id: row._id }),
      () => {
        toasts.show(t('admin.webhooks.deleted', { name: row.displayName }));
        closeDelete();
      },
    );

  const addButton = canWrite ? (
    <button type="button" className={css.button} onClick={() => go(ROUTES.add)}>
      {t('admin.webhooks.add')}
    </button>
  ) : null;
  return (
    <>
      {!canWrite ? <p className={css.muted}>{t('admin.webhooks.readOnly')}</p> : null}
      <LoadStates state={result} retry={() => webhooks.$webhooks.revalidate()}>
        <DataTable
          label={t('admin.webhooks.table')}
          columns={cols}
          data={rows}
          getRowId={(r) => r._id}
          empty={
            <EmptyState title={t('admin.webhooks.empty')}>
              <p className={css.muted}>{t(canWrite ? 'admin.webhooks.emptyHint' : 'admin.webhooks.emptyReadOnly')}</p>
              {addButton}
            </EmptyState>
          }
        />
      </LoadStates>
      {adding && canWrite ? <WebhookDialog onClose={close} /> : null}
      {editing && canWrite ? <WebhookDialog webhook={editing} onClose={close} /> : null}
      {testing && canWrite ? <TestDialog webhook={testing} onClose={close} /> : null}
      {deleting && canDelete ? (
        <ConfirmDialog
          open
          title={t('admin.webhooks.deleteTitle', { name: deleting.displayName })}
          body={<p className={css.flush}>{t('admin.webhooks.deleteBody', { url: deleting.url })}</p>}
          action={t('admin.webhooks.deleteAction')}
          busyAction={t('admin.deleting')}
          busy={busy}
          error={error}
          onClose={closeDelete}
          onConfirm={() => void confirmDelete(deleting)}
        />
      ) : null}
    </>
  );
}
