/**
 * The usage section (scaffolded by `npm run new:section`): a server-paged, searchable, sortable table of the
 * account's items, with its designed states (loading, empty, no match, error with a retry) and an add form for an
 * admin who may write (`can('write')`). The list's query lives in its store (resources/usage.ts).
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { UsageItem } from '../../api/usage.ts';
import { createUsageResource } from '../resources/usage.ts';
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
import * as usageCss from './usage.css.ts';

/** The usage section view. */
export function UsageView() {
  const section = useSection();
  const { t, resources, toasts } = section;
  const dateText = useDateTime();
  const usage = resources.use(createUsageResource);
  const query = useStore(usage.list.$query);
  const state = useStore(usage.list.$state);
  const { text: search, setText: setSearch } = useDebouncedSearch(usage.list.setSearch, query.search);
  const canWrite = section.can('write');
  const columns = useMemo<ColumnDef<UsageItem, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('admin.usage.col.name'), size: 260, enableSorting: true },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('admin.usage.col.createdAt'),
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
      () => usage.add.run({ name: name.trim() }),
      (item) => {
        toasts.show(t('admin.usage.added', { name: item.name }));
        setName('');
      },
    );
  };

  return (
    <section className={css.section} aria-labelledby="fe-usage-title" aria-busy={state.loading || undefined}>
      <SectionHeader titleId="fe-usage-title" title={t('admin.usage.title')} />
      {canWrite ? (
        <form className={usageCss.addForm} onSubmit={add} aria-busy={save.busy || undefined}>
          <TextField label={t('admin.usage.name')} fieldId="fe-usage-name" name="name" value={name} onChange={(e) => setName(e.target.value)} required autoComplete="off" />
          <button type="submit" className={css.button} disabled={save.busy || !name.trim()}>
            {save.busy ? t('admin.usage.adding') : t('admin.usage.add')}
          </button>
        </form>
      ) : (
        <p className={css.muted}>{t('admin.usage.readOnly')}</p>
      )}
      <ErrorSlot error={save.error} />
      <div className={css.toolbar} role="search">
        <TextField label={t('admin.usage.searchLabel')} fieldId="fe-usage-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      </div>
      <LoadStates state={state} retry={usage.list.retry}>
        <>
          <DataTable
            label={t('admin.usage.table')}
            columns={columns}
            data={state.data?.items ?? []}
            getRowId={(x) => x.id}
            sorting={query.sort ? [query.sort] : []}
            onSortingChange={(s) => usage.list.setSort(s[0] ?? null)}
            manualSorting
            empty={query.search ? <EmptyState title={t('admin.usage.noMatch', { query: query.search })} /> : <EmptyState title={t('admin.usage.empty')} />}
          />
          <Pagination page={query.page} totalPages={state.data?.totalPages ?? 1} total={state.data?.total} onPage={usage.list.setPage} busy={state.loading} />
        </>
      </LoadStates>
    </section>
  );
}
