/**
 * The provisioning section (scaffolded by `npm run new:section`): a server-paged, searchable, sortable table of the
 * account's items, with its designed states (loading, empty, no match, error with a retry) and an add form for an
 * admin who may write (`can('write')`). The list's query lives in its store (resources/provisioning.ts).
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { ProvisioningItem } from '../../api/provisioning.ts';
import { useT } from '../../i18n/use-t.ts';
import { createProvisioningResource } from '../resources/provisioning.ts';
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

/** The provisioning section view. */
export function ProvisioningView() {
  const section = useSection();
  const { app, resources, toasts } = section;
  const t = useT(app);
  const dateText = useDateTime();
  const provisioning = resources.use(createProvisioningResource);
  const query = useStore(provisioning.list.$query);
  const state = useStore(provisioning.list.$state);
  const { text: search, setText: setSearch } = useDebouncedSearch(provisioning.list.setSearch, query.search);
  const canWrite = section.can('write');
  const columns = useMemo<ColumnDef<ProvisioningItem, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('admin.provisioning.col.name'), size: 260, enableSorting: true },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('admin.provisioning.col.createdAt'),
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
      () => provisioning.add.run({ name: name.trim() }),
      (item) => {
        toasts.show(t('admin.provisioning.added', { name: item.name }));
        setName('');
      },
    );
  };

  return (
    <section className={css.section} aria-labelledby="fe-provisioning-title" aria-busy={state.loading || undefined}>
      <SectionHeader titleId="fe-provisioning-title" title={t('admin.provisioning.title')} />
      {canWrite ? (
        <form className={css.toolbar} onSubmit={add} aria-busy={save.busy || undefined}>
          <TextField
            label={t('admin.provisioning.name')}
            fieldId="fe-provisioning-name"
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoComplete="off"
          />
          <button type="submit" className={css.button} disabled={save.busy || !name.trim()}>
            {save.busy ? t('admin.provisioning.adding') : t('admin.provisioning.add')}
          </button>
        </form>
      ) : (
        <p className={css.muted}>{t('admin.provisioning.readOnly')}</p>
      )}
      <ErrorSlot error={save.error} t={t} />
      <div className={css.toolbar} role="search">
        <TextField
          label={t('admin.provisioning.searchLabel')}
          fieldId="fe-provisioning-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      <LoadStates t={t} state={state} retry={provisioning.list.retry}>
        <>
          <DataTable
            label={t('admin.provisioning.table')}
            columns={columns}
            data={state.data?.items ?? []}
            getRowId={(x) => x.id}
            sorting={query.sort ? [query.sort] : []}
            onSortingChange={(s) => provisioning.list.setSort(s[0] ?? null)}
            manualSorting
            empty={query.search ? <EmptyState title={t('admin.provisioning.noMatch', { query: query.search })} /> : <EmptyState title={t('admin.provisioning.empty')} />}
          />
          <Pagination page={query.page} totalPages={state.data?.totalPages ?? 1} total={state.data?.total} onPage={provisioning.list.setPage} t={t} busy={state.loading} />
        </>
      </LoadStates>
    </section>
  );
}
