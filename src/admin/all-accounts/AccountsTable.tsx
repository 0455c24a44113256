/**
 * The table of accounts (issue 34 item 1; AB-2.04, AB-3.13): the kit's server-paged, sortable table of the active
 * account's sub-accounts, 50 a page — or, while a name is searched, of the matches across the whole subtree (also in
 * the tree view: a search has no tree). Name (a link to the account's page), users, sub-accounts, created, id, and a
 * row's actions menu.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import type { AccountRow, AllAccountsResource } from '../resources/all-accounts.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { actionsColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { RowMenu, type RowAction } from '../ui/row-menu.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import type { RowDialog } from './model.ts';

/** Props of {@link AccountsTable}. */
export interface AccountsTableProps {
  accounts: AllAccountsResource;
  onOpen: (row: AccountRow) => void;
  actions: (row: AccountRow, isRoot: boolean) => RowAction<RowDialog | 'open'>[];
  onAction: (row: AccountRow, action: RowDialog | 'open') => void;
}

/** The table of the list's page (children of the active account, or a search's matches). */
export function AccountsTable({ accounts, onOpen, actions, onAction }: AccountsTableProps) {
  const { t } = useSection();
  const dateText = useDateTime();
  const query = useStore(accounts.list.$query);
  const state = useStore(accounts.list.$state);
  const figures = useStore(accounts.$figures);
  const columns = useMemo<ColumnDef<AccountRow, unknown>[]>(() => {
    const figure = (n: number | undefined) => (n === undefined ? '—' : String(n));
    return [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('admin.allAccounts.col.name'),
        size: 200,
        enableSorting: true,
        cell: ({ row }) => (
          <a
            href={`#/admin/allAccounts/${encodeURIComponent(row.original.tenantId)}`}
            onClick={(e) => {
              e.preventDefault();
              onOpen(row.original);
            }}
          >
            {row.original.name}
          </a>
        ),
      },
      { id: 'users', header: t('admin.allAccounts.col.users'), size: 88, enableSorting: false, cell: ({ row }) => figure(figures[row.original.tenantId]?.users) },
      {
        id: 'subAccounts',
        header: t('admin.allAccounts.col.subAccounts'),
        size: 120,
        meta: { priority: 2 },
        enableSorting: false,
        cell: ({ row }) => figure(figures[row.original.tenantId]?.subAccounts),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('admin.allAccounts.col.createdAt'),
        size: 150,
        meta: { priority: 3 },
        enableSorting: true,
        cell: ({ row }) => dateText(row.original.createdAt),
      },
      { id: 'tenantId', accessorKey: 'tenantId', header: t('admin.allAccounts.col.tenantId'), size: 200, meta: { priority: 4 }, enableSorting: true },
      actionsColumn<AccountRow>(t('admin.actions'), 64, (row) => {
        const menu = actions(row, false);
        return menu.length ? <RowMenu label={t('admin.allAccounts.actionsFor', { name: row.name })} actions={menu} onAction={(a) => onAction(row, a)} /> : null;
      }),
    ];
  }, [t, dateText, figures, onOpen, actions, onAction]);
  return (
    <LoadStates state={state} retry={accounts.list.retry}>
      <DataTable
        label={query.search ? t('admin.allAccounts.results', { query: query.search }) : t('admin.allAccounts.table')}
        columns={columns}
        data={state.data?.items ?? []}
        getRowId={(x) => x.tenantId}
        sorting={query.sort ? [query.sort] : []}
        onSortingChange={(s) => {
          const sort = s[0];
          if (sort) accounts.setSort({ by: sort.id as 'name', order: sort.desc ? 'DESC' : 'ASC' });
        }}
        manualSorting
        busy={state.stale}
        empty={query.search ? <EmptyState title={t('admin.allAccounts.noMatch', { query: query.search })} /> : <EmptyState title={t('admin.allAccounts.empty')} />}
      />
      <Pagination page={query.page} totalPages={state.data?.totalPages ?? 1} total={state.data?.total} onPage={accounts.list.setPage} busy={state.loading} />
      <p className={css.visuallyHidden} aria-live="polite">
        {query.search && state.data && !state.loading ? t('admin.allAccounts.matches', { count: state.data.total ?? state.data.items.length }) : ''}
      </p>
    </LoadStates>
  );
}
