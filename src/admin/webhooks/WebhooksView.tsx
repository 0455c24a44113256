/**
 * The webhooks section (admin spec §2 "webhooks", §3 "Connectivity", §4 "Webhook test", §9; api-contract §Y; AB-3.39,
 * AB-4.30, AB-7.57, AB-7.60, AB-9.15; issue 33 items 1, 2, 5): the tenant's webhooks by name — display name, URL,
 * how many events, the active switch (optimistic, rolled back with a toast when refused) and the last call's status —
 * with "Add webhook" (a form; a secret left empty is generated and shown once), and per row Deliveries, Edit, Test
 * and Delete (confirmed). Each webhook's deliveries are its sub-page (`#/admin/webhooks/<id>`), each delivery's
 * attempts another (`#/admin/webhooks/<id>/deliveries/<deliveryId>`); the dialogs are sub-routes too (`add`,
 * `edit:<id>`, `test:<id>`, `delete:<id>`). Without `fe.connectivity.write.webhooks` the section is read-only: no add,
 * no edit, the switch disabled; without the delete key no delete.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useMemo } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { createWebhooksResource, type WebhookConfiguration } from '../resources/webhooks.ts';
import { useSection, useSubRoute } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { actionsColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { CheckboxRow } from '../ui/form.tsx';
import { RowMenu, type RowAction } from '../ui/row-menu.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { useSave } from '../ui/use-save.ts';
import { DeliveryView } from './DeliveryView.tsx';
import { LastCall } from './LastCall.tsx';
import { ROUTES } from './model.ts';
import { TestDialog } from './TestDialog.tsx';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import * as webhooksCss from './webhooks.css.ts';

/** The webhooks section view: the webhooks (with a dialog open), one webhook's deliveries, or one delivery. */
export function WebhooksView() {
  const { route, params, go } = useSubRoute();
  let page;
  if (route === ROUTES.delivery) page = <DeliveryView id={params.id} deliveryId={params.deliveryId} onBack={() => go(ROUTES.deliveries, { id: params.id })} />;
  else if (route === ROUTES.deliveries)
    page = <WebhookDeliveries id={params.id} onBack={() => go(null)} onOpen={(deliveryId) => go(ROUTES.delivery, { id: params.id, deliveryId })} />;
  else page = <Webhooks />;
  return (
    <section className={css.section} aria-labelledby="fe-webhooks-title">
      {page}
    </section>
  );
}

/** A row's actions, in the order the menu shows them. */
type Action = 'deliveries' | 'edit' | 'test' | 'delete';

function columns(opts: {
  t: Translate;
  canWrite: boolean;
  canDelete: boolean;
  onActive: (row: WebhookConfiguration, on: boolean) => void;
  onAction: (row: WebhookConfiguration, action: Action) => void;
}): ColumnDef<WebhookConfiguration, unknown>[] {
  const { t, canWrite, canDelete, onActive, onAction } = opts;
  const actions = (): RowAction<Action>[] => [
    { id: 'deliveries' as const, label: t('admin.webhooks.deliveries') },
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
    {
      id: 'lastCall',
      header: t('admin.webhooks.col.lastCall'),
      size: 144,
      meta: { priority: 2 },
      enableSorting: false,
      cell: ({ row }) => <LastCall id={row.original._id} />,
    },
    actionsColumn<WebhookConfiguration>(t('admin.actions'), 64, (row) => (
      <RowMenu label={t('admin.webhooks.actionsFor', { name: row.displayName })} actions={actions()} onAction={(a) => onAction(row, a)} />
    )),
  ];
}

/** The webhooks table with its states, the add and edit form, the test and the delete confirmation. */
function Webhooks() {
  const section = useSection();
  const { t, resources, toasts } = section;
  const canWrite = section.can('write');
  const canDelete = section.can('delete');
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
    return columns({ t, canWrite, canDelete, onActive, onAction });
  }, [t, canWrite, canDelete, setActive, go]);

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
      <SectionHeader titleId="fe-webhooks-title" title={t('admin.webhooks.title')} intro={t('admin.webhooks.intro')}>
        {addButton}
      </SectionHeader>
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
