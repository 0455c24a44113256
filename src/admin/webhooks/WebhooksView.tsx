/**
 * The webhooks section (scaffolded by `npm run new:section`): a server-paged, searchable, sortable table of the
 * account's items, with its designed states (loading, empty, no match, error with a retry) and an add form for an
 * admin who may write (`can('write')`). The list's query lives in its store (resources/webhooks.ts).
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { WebhooksItem } from '../../api/webhooks.ts';
import { createWebhooksResource } from '../resources/webhooks.ts';
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
import * as webhooksCss from './webhooks.css.ts';

/** The webhooks section view. */
export function WebhooksView() {
  const section = useSection();
  const { t, resources, toasts } = section;
  const dateText = useDateTime();
  const webhooks = resources.use(createWebhooksResource);
  const query = useStore(webhooks.list.$query);
  const state = useStore(webhooks.list.$state);
  const { text: search, setText: setSearch } = useDebouncedSearch(webhooks.list.setSearch, query.search);
  const canWrite = section.can('write');
  const columns = useMemo<ColumnDef<WebhooksItem, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('admin.webhooks.col.name'), size: 260, enableSorting: true },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('admin.webhooks.col.createdAt'),
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
      () => webhooks.add.run({ name: name.trim() }),
      (item) => {
        toasts.show(t('admin.webhooks.added', { name: item.name }));
        setName('');
      },
    );
  };

  return (
    <section className={css.section} aria-labelledby="fe-webhooks-title" aria-busy={state.loading || undefined}>
      <SectionHeader titleId="fe-webhooks-title" title={t('admin.webhooks.title')} />
      {canWrite ? (
        <form className={webhooksCss.addForm} onSubmit={add} aria-busy={save.busy || undefined}>
          <TextField label={t('admin.webhooks.name')} fieldId="fe-webhooks-name" name="name" value={name} onChange={(e) => setName(e.target.value)} required autoComplete="off" />
          <button type="submit" className={css.button} disabled={save.busy || !name.trim()}>
            {save.busy ? t('admin.webhooks.adding') : t('admin.webhooks.add')}
          </button>
        </form>
      ) : (
        <p className={css.muted}>{t('admin.webhooks.readOnly')}</p>
      )}
      <ErrorSlot error={save.error} />
      <div className={css.toolbar} role="search">
        <TextField
          label={t('admin.webhooks.searchLabel')}
          fieldId="fe-webhooks-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      <LoadStates state={state} retry={webhooks.list.retry}>
        <>
          <DataTable
            label={t('admin.webhooks.table')}
            columns={columns}
            data={state.data?.items ?? []}
            getRowId={(x) => x.id}
            sorting={query.sort ? [query.sort] : []}
            onSortingChange={(s) => webhooks.list.setSort(s[0] ?? null)}
            manualSorting
            empty={query.search ? <EmptyState title={t('admin.webhooks.noMatch', { query: query.search })} /> : <EmptyState title={t('admin.webhooks.empty')} />}
          />
          <Pagination page={query.page} totalPages={state.data?.totalPages ?? 1} total={state.data?.total} onPage={webhooks.list.setPage} busy={state.loading} />
        </>
      </LoadStates>
    </section>
  );
}
