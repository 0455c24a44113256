/**
 * The users of the tenant and its sub-accounts (admin spec §4 "Sub-tenant user deletion", §9 "Sub-tenant users: 20
 * per page, sorted by name descending"; AB-4.12, AB-6.06, AB-7.26): one row per user with each account and its roles,
 * search by name or email, and removal from chosen accounts (the row leaves only when every account was chosen).
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { SubTenantUser } from '../../api/sub-tenants.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { buttonColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { AdminDialog } from '../ui/dialog.tsx';
import { CheckboxRow, DialogActions, SearchField } from '../ui/form.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { EmptyState, ErrorSlot, LoadStates } from '../ui/states.tsx';
import { useDebouncedSearch } from '../ui/use-search.ts';
import { useSave } from '../ui/use-save.ts';
import { createSubTenantsResource } from '../resources/sub-tenants.ts';
import { userColumn, userName } from '../ui/user-cell.tsx';

/** The sub-account users view (a tab of the users section). */
export function SubTenantUsers() {
  const { t, resources, app } = useSection();
  const subTenants = useStore(resources.use(createSubTenantsResource).$subTenants);
  const tenants = useStore(app.stores.$tenants);
  const list = resources.use(createSubTenantsResource).list;
  const query = useStore(list.$query);
  const state = useStore(list.$state);
  const { text: search, setText: setSearch } = useDebouncedSearch(list.setSearch, query.search);
  const [removing, setRemoving] = useState<SubTenantUser | null>(null);
  const data = state.data;
  const nameOf = useMemo(() => {
    const names = new Map<string, string>((subTenants.data ?? []).map((s) => [s.tenantId, s.tenantName ?? s.tenantId]));
    if (tenants.activeTenant) names.set(tenants.activeTenant.tenantId, tenants.activeTenant.name);
    return (id: string) => names.get(id) ?? id;
  }, [subTenants.data, tenants.activeTenant]);
  const columns = useMemo<ColumnDef<SubTenantUser, unknown>[]>(
    () => [
      userColumn(t('admin.users.col.user'), 240),
      {
        id: 'accounts',
        header: t('admin.users.sub.col.accounts'),
        size: 320,
        cell: ({ row }) => (
          <span className={css.chips}>
            {row.original.tenants.map((m) => (
              <span key={m.tenantId} className={css.chip}>
                {nameOf(m.tenantId)}
                {m.roles.length ? `: ${m.roles.map((r) => r.name).join(', ')}` : ''}
              </span>
            ))}
          </span>
        ),
      },
      buttonColumn<SubTenantUser>(t('admin.actions'), 160, {
        text: t('admin.users.sub.remove'),
        label: (row) => `${t('admin.users.sub.remove')}: ${row.email}`,
        onClick: setRemoving,
      }),
    ],
    [t, nameOf],
  );
  return (
    <div className={css.section}>
      <div className={css.toolbar} role="search">
        <SearchField label={t('admin.users.sub.searchLabel')} fieldId="fe-sub-users-search" value={search} onSearch={setSearch} />
      </div>
      <LoadStates state={state} retry={list.retry}>
        <>
          <DataTable
            busy={state.loading}
            label={t('admin.users.sub.table')}
            columns={columns}
            data={data?.items ?? []}
            empty={query.search ? <EmptyState title={t('admin.users.noMatch', { query: query.search })} /> : <EmptyState title={t('admin.users.sub.empty')} />}
          />
          <Pagination page={query.page} totalPages={data?.totalPages ?? 1} onPage={list.setPage} busy={state.loading} />
        </>
      </LoadStates>
      {removing ? <RemoveDialog user={removing} nameOf={nameOf} onClose={() => setRemoving(null)} /> : null}
    </div>
  );
}

/**
 * Choose the accounts a user leaves (all of them by default), then remove (AB-4.12); `onRemoved` hears of the removal
 * (e.g. the users table of a sub-account acted in, read again).
 */
export function RemoveDialog({ user, nameOf, onClose, onRemoved }: { user: SubTenantUser; nameOf: (id: string) => string; onClose: () => void; onRemoved?: () => void }) {
  const { t, resources, toasts } = useSection();
  const [chosen, setChosen] = useState<string[]>(() => user.tenants.map((m) => m.tenantId));
  const [missing, setMissing] = useState(false);
  const save = useSave();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(chosen.length === 0);
    if (chosen.length === 0) return;
    void save.run(
      () => resources.use(createSubTenantsResource).removeUser.run({ user, tenantIds: chosen }),
      () => {
        toasts.show(t('admin.users.sub.removed', { email: user.email, count: chosen.length }));
        onRemoved?.();
        onClose();
      },
    );
  };
  return (
    <AdminDialog open onClose={onClose} busy={save.busy} title={t('admin.users.sub.removeTitle', { name: userName(user) })}>
      <form className={css.form} onSubmit={submit} noValidate>
        <fieldset className={`${css.field} ${css.bareFieldset}`}>
          <legend>{t('admin.users.sub.removeBody', { email: user.email })}</legend>
          {user.tenants.map((m) => (
            <CheckboxRow
              key={m.tenantId}
              checked={chosen.includes(m.tenantId)}
              onChange={(on) => setChosen((c) => (on ? [...c, m.tenantId] : c.filter((id) => id !== m.tenantId)))}
              disabled={save.busy}
            >
              {nameOf(m.tenantId)}
            </CheckboxRow>
          ))}
        </fieldset>
        {missing ? (
          <p className={css.fieldError} role="alert">
            {t('admin.users.sub.removeNone')}
          </p>
        ) : null}
        <ErrorSlot error={save.error} />
        <DialogActions onCancel={onClose} busy={save.busy} label={t('admin.users.sub.remove')} busyLabel={t('admin.deleting')} danger />
      </form>
    </AdminDialog>
  );
}
