/**
 * The allAccounts section (issue 34 items 1–2; admin spec §2 "allAccounts", §3 "Tenant/account", §9; api-contract
 * §N; AB-2.04, AB-3.11–3.13, AB-6.11–6.12, AB-7.23–7.25), `<fe-admin-accounts>` on its own:
 *
 * - the active account's sub-accounts as a **tree** (the active account at the root with its users; each level loaded
 *   when opened, 50 at a time, "Show more"; keyboard as an ARIA treegrid) or as a **table** (50 a page; sub-route
 *   `table`), switched in the toolbar; sorted by name, created or id; the totals of the subtree (`hierarchy/v2/metadata`);
 * - a **search** by name across the whole subtree (a table of the matches, in either view);
 * - each account's **page** (sub-route `:tenantId`): breadcrumbs, facts, reseller, access type, its sub-accounts;
 * - the **changes** as dialogs, each a sub-route: `add` / `add:<id>` (create), `rename:<id>`, `move:<id>`,
 *   `delete:<id>`. Without `fe.account-hierarchy.write.subAccount` the section is read-only (no add, no change).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ACCOUNT_SORT_FIELDS, createAllAccountsResource, type AccountRow, type AccountsSort } from '../resources/all-accounts.ts';
import { useSection, useSubRoute, type SubRoute } from '../shell/context.ts';
import { EnterAccountButton } from '../shell/EnterAccountButton.tsx';
import * as css from '../ui/admin.css.ts';
import { SearchField } from '../ui/form.tsx';
import type { RowAction } from '../ui/row-menu.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { Select } from '../ui/select.tsx';
import { EmptyState, Loading } from '../ui/states.tsx';
import { useDebouncedSearch } from '../ui/use-search.ts';
import { CreateDialog, DeleteDialog, MoveDialog, RenameDialog } from './AccountDialogs.tsx';
import { AccountPage } from './AccountPage.tsx';
import { AccountsTable } from './AccountsTable.tsx';
import { AccountTree } from './AccountTree.tsx';
import * as own from './all-accounts.css.ts';
import { isDialogRoute, ROUTES, ROW_DIALOGS, type RowDialog } from './model.ts';

/** The two views of the accounts. */
type ViewKind = 'tree' | 'table';

/** A sub-route of the section (where a dialog goes back to). */
type Place = Pick<SubRoute, 'route' | 'params'>;
/** The section's start. */
const START: Place = { route: null, params: {} };

/** The allAccounts section view. */
export function AllAccountsView() {
  const section = useSection();
  const { t, resources, app } = section;
  const canWrite = section.can('write');
  const canDelete = section.can('delete');
  const { route, params, go } = useSubRoute();
  const accounts = resources.use(createAllAccountsResource);
  const tenants = useStore(app.stores.$tenants);
  const active = tenants.activeTenant;
  const root = useMemo<AccountRow | null>(
    () => (active ? { tenantId: active.tenantId, name: active.name, createdAt: active.createdAt ?? '', metadata: { isParent: true }, isReseller: active.isReseller } : null),
    [active],
  );
  const known = useStore(accounts.$known);
  // the accounts opened; the active account is open unless closed (the tree opens at it)
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const [rootClosed, setRootClosed] = useState(false);
  const rootId = root?.tenantId;
  const expanded = useMemo(() => new Set([...opened, ...(rootId && !rootClosed ? [rootId] : [])]), [opened, rootId, rootClosed]);
  const setExpanded = useCallback(
    (next: Set<string>) => {
      setRootClosed(rootId !== undefined && !next.has(rootId));
      setOpened(new Set([...next].filter((id) => id !== rootId)));
    },
    [rootId],
  );
  // where a dialog goes back to: the page it was opened from (an account's, the table), else the section's start
  const [returnTo, setReturnTo] = useState<Place>(START);

  const find = (id: string | undefined): AccountRow | null => (id ? (id === root?.tenantId ? root : (known[id] ?? null)) : null);
  const dialog = isDialogRoute(route);
  const dialogRow = dialog && route !== ROUTES.add ? find(params.tenantId) : null;
  // a deep link to a row's dialog: the row is looked up first
  useEffect(() => {
    if (dialog && params.tenantId && !find(params.tenantId)) void accounts.locate(params.tenantId).catch(() => null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dialog, params.tenantId, accounts]);

  // what shows under a dialog: the page it was opened from (a deep link: the start)
  const under: Place = dialog ? returnTo : { route, params };
  const page = under.route === ROUTES.account ? under.params.tenantId : undefined;
  const view: ViewKind = under.route === ROUTES.table ? 'table' : 'tree';
  const open = useCallback((row: AccountRow) => go(ROUTES.account, { tenantId: row.tenantId }), [go]);
  const actions = useCallback(
    (row: AccountRow, isRoot: boolean): RowAction<RowDialog | 'open'>[] => [
      { id: 'open', label: t('admin.allAccounts.open') },
      ...(canWrite ? [{ id: 'add' as const, label: t('admin.allAccounts.addHere') }] : []),
      ...(canWrite && !isRoot
        ? [
            { id: 'rename' as const, label: t('admin.allAccounts.rename') },
            { id: 'move' as const, label: t('admin.allAccounts.moveAction') },
          ]
        : []),
      ...(canDelete && !isRoot ? [{ id: 'delete' as const, label: t('admin.allAccounts.delete') }] : []),
    ],
    [t, canWrite, canDelete],
  );
  const onAction = useCallback(
    (row: AccountRow, action: RowDialog | 'open') => {
      if (action === 'open') {
        open(row);
        return;
      }
      setReturnTo({ route, params });
      go(ROW_DIALOGS[action], { tenantId: row.tenantId });
    },
    [go, open, route, params],
  );
  const close = useCallback(() => {
    setReturnTo(START);
    go(returnTo.route, returnTo.params);
  }, [go, returnTo]);
  const closeDeleted = useCallback(
    (deleted: AccountRow) => {
      // the page of the account deleted is gone: back to the start
      setReturnTo(START);
      go(returnTo.route === ROUTES.account && returnTo.params.tenantId === deleted.tenantId ? null : returnTo.route, returnTo.params);
    },
    [go, returnTo],
  );

  if (!root) return <Loading label={t('admin.loading')} />;
  const dialogs = (
    <>
      {route === ROUTES.add && canWrite ? <CreateDialog accounts={accounts} root={root} parent={page ? (find(page) ?? undefined) : undefined} onClose={close} /> : null}
      {route === ROUTES.addUnder && canWrite && dialogRow ? <CreateDialog accounts={accounts} root={root} parent={dialogRow} onClose={close} /> : null}
      {route === ROUTES.rename && canWrite && dialogRow ? <RenameDialog accounts={accounts} row={dialogRow} onClose={close} /> : null}
      {route === ROUTES.move && canWrite && dialogRow ? <MoveDialog accounts={accounts} root={root} row={dialogRow} onClose={close} /> : null}
      {route === ROUTES.remove && canDelete && dialogRow ? <DeleteDialog accounts={accounts} row={dialogRow} onClose={() => closeDeleted(dialogRow)} /> : null}
    </>
  );
  return (
    <section className={css.section} aria-labelledby="fe-all-accounts-title">
      {page ? (
        <AccountPage
          key={page}
          tenantId={page}
          accounts={accounts}
          root={root}
          onBack={() => go(null)}
          onOpen={(row) => (row.tenantId === root.tenantId ? go(null) : open(row))}
          actions={actions}
          onAction={onAction}
          enter={(row) => <EnterAccountButton tenantId={row.tenantId} name={row.name} />}
        />
      ) : (
        <Start
          root={root}
          view={view}
          onView={(kind) => go(kind === 'table' ? ROUTES.table : null)}
          expanded={expanded}
          onExpandedChange={setExpanded}
          onOpen={open}
          actions={actions}
          onAction={onAction}
          onAdd={
            canWrite
              ? () => {
                  setReturnTo({ route, params });
                  go(ROUTES.add);
                }
              : undefined
          }
        />
      )}
      {dialogs}
    </section>
  );
}

/** Props of the section's start. */
interface StartProps {
  root: AccountRow;
  view: ViewKind;
  onView: (view: ViewKind) => void;
  expanded: ReadonlySet<string>;
  onExpandedChange: (expanded: Set<string>) => void;
  onOpen: (row: AccountRow) => void;
  actions: (row: AccountRow, isRoot: boolean) => RowAction<RowDialog | 'open'>[];
  onAction: (row: AccountRow, action: RowDialog | 'open') => void;
  onAdd?: () => void;
}

/** The section's start: header, toolbar (search, view, sort), totals, and the tree, the table or the search's matches. */
function Start(props: StartProps) {
  const { t, resources } = useSection();
  const { root } = props;
  const accounts = resources.use(createAllAccountsResource);
  const query = useStore(accounts.list.$query);
  const sort = useStore(accounts.$sort);
  const figures = useStore(accounts.$figures)[root.tenantId];
  const rootLevel = useStore(accounts.$children)[root.tenantId];
  const { text: search, setText: setSearch } = useDebouncedSearch(accounts.list.setSearch, query.search);
  const searching = Boolean(query.search);
  const setSort = (next: Partial<AccountsSort>) => accounts.setSort({ ...sort, ...next });
  return (
    <>
      <SectionHeader titleId="fe-all-accounts-title" title={t('admin.allAccounts.title')} intro={t('admin.allAccounts.intro')}>
        {props.onAdd ? (
          <button type="button" className={css.button} onClick={props.onAdd}>
            {t('admin.allAccounts.add')}
          </button>
        ) : null}
      </SectionHeader>
      {!props.onAdd ? <p className={css.muted}>{t('admin.allAccounts.readOnly')}</p> : null}
      <div className={own.tools}>
        <div role="search">
          <SearchField label={t('admin.allAccounts.searchLabel')} fieldId="fe-all-accounts-search" name="search" value={search} onSearch={setSearch} />
        </div>
        <div role="group" aria-label={t('admin.allAccounts.view')} className={css.toolbar}>
          {(['tree', 'table'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              className={props.view === kind ? css.button : css.secondaryButton}
              aria-pressed={props.view === kind}
              onClick={() => props.onView(kind)}
            >
              {t(`admin.allAccounts.view.${kind}`)}
            </button>
          ))}
        </div>
        <Select
          label={t('admin.allAccounts.sortBy')}
          name="sortBy"
          value={sort.by}
          onChange={(by) => setSort({ by })}
          items={ACCOUNT_SORT_FIELDS.map((key) => ({ key, label: t(`admin.allAccounts.sort.${key}`) }))}
        />
        <Select
          label={t('admin.allAccounts.order')}
          name="order"
          value={sort.order}
          onChange={(order) => setSort({ order })}
          items={[
            { key: 'ASC', label: t('admin.allAccounts.order.ASC') },
            { key: 'DESC', label: t('admin.allAccounts.order.DESC') },
          ]}
        />
      </div>
      <p className={own.totals}>{figures?.subAccounts !== undefined ? t('admin.allAccounts.totals', { count: figures.subAccounts, name: root.name }) : '\u00a0'}</p>
      {searching || props.view === 'table' ? (
        <AccountsTable accounts={accounts} onOpen={props.onOpen} actions={props.actions} onAction={props.onAction} />
      ) : (
        <>
          <AccountTree
            root={root}
            accounts={accounts}
            expanded={props.expanded}
            onExpandedChange={props.onExpandedChange}
            onOpen={props.onOpen}
            actions={props.actions}
            onAction={props.onAction}
          />
          {rootLevel && !rootLevel.loading && !rootLevel.error && rootLevel.items.length === 0 ? (
            <EmptyState title={t('admin.allAccounts.empty')}>
              <p className={css.muted}>{t(props.onAdd ? 'admin.allAccounts.emptyHint' : 'admin.allAccounts.emptyReadOnly')}</p>
            </EmptyState>
          ) : null}
        </>
      )}
    </>
  );
}
