/**
 * The roles section (admin spec §3 "Role", "Permission", §6; AB-3.01–AB-3.03, AB-6.02, AB-6.03, AB-7.16–AB-7.18,
 * SI-6.01): two tabs. Roles: a virtualised, sortable table of the tenant's and the built-in (vendor-level) roles with
 * name, key, description, default and built-in badges and the number of permissions, searched by name; add, edit
 * (`PATCH` + `PUT` permissions) and delete (confirmed) a tenant role; built-in roles open read-only. Permissions: one
 * permission given to many roles at once. Writes need `fe.secure.write.roles`: without it the write buttons are
 * hidden and roles open read-only. Renders loading, empty, no-match and error states.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { Role } from '../../api/admin-types.ts';
import type { Translate } from '../../i18n/index.ts';
import { useT } from '../../i18n/use-t.ts';
import { useRouteState, useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as rolesCss from './roles.css.ts';
import { actionsColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { SearchField } from '../ui/form.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { useLastData } from '../ui/use-last-data.ts';
import { useSave } from '../ui/use-save.ts';
import { isVendorRole, parseRolesDialog, type RolesDialog } from './model.ts';
import { PermissionsPanel } from './PermissionsPanel.tsx';
import { RoleDialog } from './RoleDialog.tsx';
import { createRolesResource } from '../resources/roles.ts';

type TabId = 'roles' | 'permissions';

function columns(t: Translate, canWrite: boolean, open: (d: RolesDialog) => void): ColumnDef<Role, unknown>[] {
  return [
    {
      id: 'name',
      accessorFn: (r) => r.name,
      header: t('admin.roles.col.name'),
      // the growing column: at least this wide
      size: 220,
      cell: ({ row }) => (
        <span className={css.cellStack}>
          <span>
            {row.original.name} {row.original.isDefault ? <span className={css.chip}>{t('admin.roles.default')}</span> : null}{' '}
            {isVendorRole(row.original) ? <span className={css.chip}>{t('admin.roles.builtIn')}</span> : null}
          </span>
          {row.original.description ? <span className={css.muted}>{row.original.description}</span> : null}
        </span>
      ),
    },
    // narrow, the key leaves first (the name says what the role is)
    { id: 'key', meta: { priority: 2 }, accessorFn: (r) => r.key, header: t('admin.roles.col.key'), size: 160, cell: ({ row }) => <code>{row.original.key}</code> },
    {
      id: 'permissions',
      accessorFn: (r) => r.permissions.length,
      header: t('admin.roles.col.permissions'),
      size: 140,
      cell: ({ row }) => t('admin.roles.permissionCount', { count: row.original.permissions.length }),
    },
    {
      // how many users hold the role (directly or through a group), when the server answers it
      id: 'users',
      accessorFn: (r) => r.usersCount ?? -1,
      header: t('admin.roles.col.users'),
      size: 110,
      cell: ({ row }) =>
        row.original.usersCount === undefined ? null : (
          <span className={row.original.usersCount ? undefined : css.muted}>{t('admin.roles.userCount', { count: row.original.usersCount })}</span>
        ),
    },
    actionsColumn(t('admin.actions'), 150, (item) => {
      const role = item;
      const editable = canWrite && !isVendorRole(role);
      return (
        <span className={rolesCss.rowActions}>
          <button
            type="button"
            className={css.iconButton}
            aria-label={t(editable ? 'admin.roles.editLabel' : 'admin.roles.viewLabel', { name: role.name })}
            onClick={() => open({ kind: 'edit', roleId: role.id })}
          >
            {t(editable ? 'admin.roles.edit' : 'admin.roles.view')}
          </button>
          {editable ? (
            <button
              type="button"
              className={css.iconButton}
              aria-label={t('admin.roles.deleteLabel', { name: role.name })}
              onClick={() => open({ kind: 'delete', roleId: role.id })}
            >
              {t('admin.roles.delete')}
            </button>
          ) : null}
        </span>
      );
    }),
  ];
}

/** The roles section view. */
export function RolesView() {
  const section = useSection();
  const { app, resources } = section;
  const t = useT(app);
  const canWrite = section.can('write');
  // a deep link or story may open a dialog (or the permissions tab) at once
  const [dialog, setDialog] = useRouteState<RolesDialog | null>(parseRolesDialog);
  const [tab, setTab] = useState<TabId>(() => (dialog?.kind === 'permissions' || dialog?.kind === 'attach' ? 'permissions' : 'roles'));
  const [search, setSearch] = useState('');
  const roles = useStore(resources.use(createRolesResource).$roles);
  const roleList = useLastData(roles.data);
  const close = useCallback(() => setDialog(null), [setDialog]);
  const cols = useMemo(() => columns(t, canWrite, setDialog), [t, canWrite, setDialog]);
  const query = search.trim().toLowerCase();
  const rows = useMemo(() => (roleList ?? []).filter((r) => !query || r.name.toLowerCase().includes(query)), [roleList, query]);
  const byId = (id: string) => roleList?.find((r) => r.id === id);
  const editing = dialog?.kind === 'edit' ? byId(dialog.roleId) : undefined;
  const deleting = dialog?.kind === 'delete' ? byId(dialog.roleId) : undefined;
  const onAttach = useCallback((permissionId: string | null) => setDialog(permissionId ? { kind: 'attach', permissionId } : null), [setDialog]);

  return (
    <section className={css.section} aria-labelledby="fe-roles-title">
      <SectionHeader titleId="fe-roles-title" title={t('admin.roles.title')}>
        {canWrite ? (
          <button type="button" className={css.button} onClick={() => setDialog({ kind: 'add' })}>
            {t('admin.roles.add')}
          </button>
        ) : null}
      </SectionHeader>
      {!canWrite ? <p className={css.muted}>{t('admin.roles.readOnly')}</p> : null}
      <Tabs className={css.tabs} selectedKey={tab} onSelectionChange={(key) => setTab(key as TabId)}>
        <TabList className={css.tabList} aria-label={t('admin.roles.tabs')}>
          <Tab id="roles" className={css.tab}>
            {t('admin.roles.tab.roles')}
          </Tab>
          <Tab id="permissions" className={css.tab}>
            {t('admin.roles.tab.permissions')}
          </Tab>
        </TabList>
        <TabPanel id="roles" className={css.section}>
          <div className={css.toolbar} role="search">
            <SearchField label={t('admin.roles.searchLabel')} fieldId="fe-roles-search" name="role-search" value={search} onSearch={setSearch} />
          </div>
          <LoadStates state={{ ...roles, data: roleList }} retry={() => resources.use(createRolesResource).$roles.revalidate()}>
            <DataTable
              label={t('admin.roles.table')}
              columns={cols}
              data={rows}
              rowHeight={64}
              empty={
                query ? (
                  <EmptyState title={t('admin.roles.noMatch', { query: search.trim() })} />
                ) : (
                  <EmptyState title={t('admin.roles.empty')}>
                    <p className={css.muted}>{t('admin.roles.emptyHint')}</p>
                  </EmptyState>
                )
              }
            />
          </LoadStates>
        </TabPanel>
        <TabPanel id="permissions" className={css.section}>
          <PermissionsPanel canWrite={canWrite} attachId={dialog?.kind === 'attach' ? dialog.permissionId : null} onAttach={onAttach} />
        </TabPanel>
      </Tabs>
      {dialog?.kind === 'add' && canWrite ? <RoleDialog readOnly={false} onClose={close} /> : null}
      {editing ? <RoleDialog key={editing.id} role={editing} readOnly={!canWrite} onClose={close} /> : null}
      {deleting && canWrite && !isVendorRole(deleting) ? <DeleteRoleDialog role={deleting} onClose={close} /> : null}
    </section>
  );
}

/** Confirms and deletes a tenant role (AB-7.17); the failure stays in the dialog, announced. */
function DeleteRoleDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const { busy, error, run } = useSave();
  const confirm = () =>
    run(
      () => resources.use(createRolesResource).deleteRole.run({ id: role.id }),
      () => {
        toasts.show(t('admin.roles.deleted', { name: role.name }));
        onClose();
      },
    );
  return (
    <ConfirmDialog
      open
      title={t('admin.roles.deleteTitle', { name: role.name })}
      body={t('admin.roles.deleteBody')}
      action={t('admin.roles.deleteAction')}
      busyAction={t('admin.deleting')}
      busy={busy}
      error={error}
      onClose={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
