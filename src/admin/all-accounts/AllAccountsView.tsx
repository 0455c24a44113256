/**
 * The allAccounts section (scaffolded by `npm run new:section`): a server-paged, searchable, sortable table of the
 * account's items, with its designed states (loading, empty, no match, error with a retry) and an add form for an
 * admin who may write (`can('write')`). The list's query lives in its store (resources/all-accounts.ts).
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { createAllAccountsResource, type AccountRow } from '../resources/all-accounts.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import { EnterAccountButton } from '../shell/EnterAccountButton.tsx';
import * as css from '../ui/admin.css.ts';
import { DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { TextField } from '../ui/form.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { useDebouncedSearch } from '../ui/use-search.ts';

/** The allAccounts section view. */
export function AllAccountsView() {
  const section = useSection();
  const { t, resources } = section;
  const dateText = useDateTime();
  const allAccounts = resources.use(createAllAccountsResource);
  const query = useStore(allAccounts.list.$query);
  const state = useStore(allAccounts.list.$state);
  const { text: search, setText: setSearch } = useDebouncedSearch(allAccounts.list.setSearch, query.search);
  const columns = useMemo<ColumnDef<AccountRow, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('admin.allAccounts.col.name'), size: 260, enableSorting: true },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('admin.allAccounts.col.createdAt'),
        size: 160,
        enableSorting: true,
        cell: ({ row }) => dateText(row.original.createdAt),
      },
      // issue 34 (ui-enter): acting in the account; the account tree (ui-tree) puts this button in its rows
      {
        id: 'enter',
        header: t('admin.actions'),
        size: 120,
        enableSorting: false,
        cell: ({ row }) => <EnterAccountButton tenantId={row.original.tenantId} name={row.original.name} />,
      },
    ],
    [t, dateText],
  );

  return (
    <section className={css.section} aria-labelledby="fe-all-accounts-title" aria-busy={state.loading || undefined}>
      <SectionHeader titleId="fe-all-accounts-title" title={t('admin.allAccounts.title')} />
      <div className={css.toolbar} role="search">
        <TextField
          label={t('admin.allAccounts.searchLabel')}
          fieldId="fe-all-accounts-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      <LoadStates state={state} retry={allAccounts.list.retry}>
        <>
          <DataTable
            label={t('admin.allAccounts.table')}
            columns={columns}
            data={state.data?.items ?? []}
            getRowId={(x) => x.tenantId}
            sorting={query.sort ? [query.sort] : []}
            onSortingChange={(s) => allAccounts.list.setSort(s[0] ?? null)}
            manualSorting
            empty={query.search ? <EmptyState title={t('admin.allAccounts.noMatch', { query: query.search })} /> : <EmptyState title={t('admin.allAccounts.empty')} />}
          />
          <Pagination page={query.page} totalPages={state.data?.totalPages ?? 1} total={state.data?.total} onPage={allAccounts.list.setPage} busy={state.loading} />
        </>
      </LoadStates>
    </section>
  );
}
