/**
 * The subscription section (scaffolded by `npm run new:section`): a server-paged, searchable, sortable table of the
 * account's items, with its designed states (loading, empty, no match, error with a retry) and an add form for an
 * admin who may write (`can('write')`). The list's query lives in its store (resources/subscription.ts).
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { SubscriptionItem } from '../../api/subscription.ts';
import { createSubscriptionResource } from '../resources/subscription.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { TextField } from '../ui/form.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, ErrorSlot, LoadStates } from '../ui/states.tsx';
import { useDebouncedSearch } from '../ui/use-search.ts';
import { useSave } from '../ui/use-save.ts';
import * as subscriptionCss from './subscription.css.ts';

/** The subscription section view. */
export function SubscriptionView() {
  const section = useSection();
  const { t, resources, toasts } = section;
  const dateText = useDateTime();
  const subscription = resources.use(createSubscriptionResource);
  const query = useStore(subscription.list.$query);
  const state = useStore(subscription.list.$state);
  const { text: search, setText: setSearch } = useDebouncedSearch(subscription.list.setSearch, query.search);
  const canWrite = section.can('write');
  const columns = useMemo<ColumnDef<SubscriptionItem, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('admin.subscription.col.name'), size: 260, enableSorting: true },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('admin.subscription.col.createdAt'),
        size: 160,
        enableSorting: true,
        cell: ({ row }) => dateText(row.original.createdAt),
      },
    ],
    [t, dateText],
  );

  // an add form for an admin who may write: a failed save keeps what was typed
  const [name, setName] = useState('');
  const save = useSave();
  const add = (e: FormEvent) => {
    e.preventDefault();
    void save.run(
      () => subscription.add.run({ name: name.trim() }),
      (item) => {
        toasts.show(t('admin.subscription.added', { name: item.name }));
        setName('');
      },
    );
  };

  return (
    <section className={css.section} aria-labelledby="fe-subscription-title" aria-busy={state.loading || undefined}>
      <SectionHeader titleId="fe-subscription-title" title={t('admin.subscription.title')} />
      {canWrite ? (
        <form className={subscriptionCss.addForm} onSubmit={add} aria-busy={save.busy || undefined}>
          <TextField
            label={t('admin.subscription.name')}
            fieldId="fe-subscription-name"
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoComplete="off"
          />
          <button type="submit" className={css.button} disabled={save.busy || !name.trim()}>
            {save.busy ? t('admin.subscription.adding') : t('admin.subscription.add')}
          </button>
        </form>
      ) : (
        <p className={css.muted}>{t('admin.subscription.readOnly')}</p>
      )}
      <ErrorSlot error={save.error} />
      <div className={css.toolbar} role="search">
        <TextField
          label={t('admin.subscription.searchLabel')}
          fieldId="fe-subscription-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      <LoadStates state={state} retry={subscription.list.retry}>
        <>
          <DataTable
            label={t('admin.subscription.table')}
            columns={columns}
            data={state.data?.items ?? []}
            getRowId={(x) => x.id}
            sorting={query.sort ? [query.sort] : []}
            onSortingChange={(s) => subscription.list.setSort(s[0] ?? null)}
            manualSorting
            empty={query.search ? <EmptyState title={t('admin.subscription.noMatch', { query: query.search })} /> : <EmptyState title={t('admin.subscription.empty')} />}
          />
          <Pagination page={query.page} totalPages={state.data?.totalPages ?? 1} total={state.data?.total} onPage={subscription.list.setPage} busy={state.loading} />
        </>
      </LoadStates>
    </section>
  );
}
