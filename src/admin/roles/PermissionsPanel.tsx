/**
 * The permissions tab of the roles section (admin spec §3 "Permission", §6 "a permission can be attached to many
 * roles at once"; AB-3.02, AB-3.03, AB-6.03): every permission with its category, assignment type and roles, searchable,
 * and per permission a "Roles…" dialog that gives it to several roles in one call. Giving only adds (as the API does):
 * roles that hold it show checked and locked, built-in roles locked; taking away is the role's own edit.
 */
import { useStore } from '@nanostores/react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { Permission, Role } from '../../api/admin-types.ts';
import type { Translate } from '../../i18n/index.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as rolesCss from './roles.css.ts';
import { actionsColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { AdminDialog } from '../ui/dialog.tsx';
import { Chips } from '../ui/chips.tsx';
import { DialogActions, SearchField } from '../ui/form.tsx';
import { EmptyState, ErrorSlot, LoadStates } from '../ui/states.tsx';
import { useLastData } from '../ui/use-last-data.ts';
import { useSave } from '../ui/use-save.ts';
import { isVendorRole } from './model.ts';
import { createRolesResource } from '../resources/roles.ts';

/**
 * A row of the table: the permission with its category's name ('' for none known). The name is part of the row, not
 * looked up by the column: the table keeps each row's values until its data changes, so a lookup made before the
 * categories arrived would show "Other" for good (issue 31 item 8).
 */
type PermissionRow = Permission & { categoryName: string };

function columns(t: Translate, rolesById: Map<string, Role>, canWrite: boolean, onRoles: (p: Permission) => void): ColumnDef<PermissionRow, unknown>[] {
  const cols: ColumnDef<PermissionRow, unknown>[] = [
    {
      id: 'name',
      accessorFn: (p) => p.name,
      header: t('admin.perms.col.name'),
      size: 240,
      // the name and description are the server's, written for people; the key stays on hover
      cell: ({ row }) => (
        <span className={css.cellStack} title={row.original.key}>
          <span>{row.original.name}</span>
          <span className={css.muted}>{row.original.description || row.original.key}</span>
        </span>
      ),
    },
    {
      id: 'category',
      accessorFn: (p) => p.categoryName,
      header: t('admin.perms.col.category'),
      size: 190, // "Account hierarchy", "User management" whole at desktop widths
      cell: ({ getValue }) => String(getValue() || t('admin.roles.otherCategory')),
    },
    {
      id: 'type',
      accessorFn: (p) => p.assignmentType ?? 'ASSIGNABLE',
      header: t('admin.perms.col.type'),
      size: 120,
      cell: ({ getValue }) => t(`admin.perms.type.${getValue() as 'ASSIGNABLE' | 'ALWAYS' | 'NEVER'}`),
    },
    {
      id: 'roles',
      header: t('admin.perms.col.roles'),
      size: 220,
      enableSorting: false,
      cell: ({ row }) => <Chips none={t('admin.none')} items={(row.original.roleIds ?? []).map((id) => ({ key: id, label: rolesById.get(id)?.name ?? id }))} />,
    },
  ];
  if (!canWrite) return cols;
  return [
    ...cols,
    actionsColumn(t('admin.actions'), 130, (item) => {
      const p = item;
      if (p.assignmentType === 'ALWAYS') return <span className={css.muted}>{t('admin.perms.alwaysShort')}</span>;
      if (p.assignmentType === 'NEVER') return <span className={css.muted}>{t('admin.perms.neverShort')}</span>;
      return (
        <button type="button" className={css.iconButton} aria-label={t('admin.perms.rolesLabel', { name: p.name })} onClick={() => onRoles(p)}>
          {t('admin.perms.roles')}
        </button>
      );
    }),
  ];
}

/** The permissions tab. `attachId` is the permission whose roles dialog is open. */
export function PermissionsPanel({ canWrite, attachId, onAttach }: { canWrite: boolean; attachId: string | null; onAttach: (permissionId: string | null) => void }) {
  const { t, resources } = useSection();
  const permissions = useStore(resources.use(createRolesResource).$permissions);
  const categories = useStore(resources.use(createRolesResource).$categories);
  const roles = useStore(resources.use(createRolesResource).$roles);
  const permissionList = useLastData(permissions.data);
  const categoryList = useLastData(categories.data);
  const roleList = useLastData(roles.data);
  const [search, setSearch] = useState('');
  const rolesById = useMemo(() => new Map((roleList ?? []).map((r) => [r.id, r])), [roleList]);
  const categoriesById = useMemo(() => new Map((categoryList ?? []).map((c) => [c.id, c])), [categoryList]);
  const cols = useMemo(() => columns(t, rolesById, canWrite, (p) => onAttach(p.id)), [t, rolesById, canWrite, onAttach]);
  const query = search.trim().toLowerCase();
  const rows = useMemo<PermissionRow[]>(
    () =>
      (permissionList ?? [])
        .filter((p) => !query || p.name.toLowerCase().includes(query) || p.key.toLowerCase().includes(query))
        .map((p) => ({ ...p, categoryName: (p.categoryId && categoriesById.get(p.categoryId)?.name) || '' })),
    [permissionList, categoriesById, query],
  );
  const attaching = attachId ? permissionList?.find((p) => p.id === attachId) : undefined;
  const error = permissions.error ?? roles.error;
  return (
    <div className={css.section}>
      {canWrite ? <p className={css.muted}>{t('admin.perms.intro')}</p> : null}
      <div className={css.toolbar} role="search">
        <SearchField label={t('admin.perms.searchLabel')} fieldId="fe-permissions-search" name="permission-search" value={search} onSearch={setSearch} />
      </div>
      <LoadStates
        state={{ data: permissionList, loading: permissions.loading, error }}
        retry={() => (permissions.error ? resources.use(createRolesResource).$permissions.revalidate() : resources.use(createRolesResource).$roles.revalidate())}
      >
        <DataTable
          label={t('admin.perms.table')}
          columns={cols}
          data={rows}
          rowHeight={64}
          empty={query ? <EmptyState title={t('admin.perms.noMatch', { query: search.trim() })} /> : <EmptyState title={t('admin.perms.empty')} />}
        />
      </LoadStates>
      {attaching && canWrite ? <AttachDialog permission={attaching} roles={roleList ?? []} onClose={() => onAttach(null)} /> : null}
    </div>
  );
}

/** Gives one permission to the roles picked (`PUT permissions/v1/{id}/roles`, AB-6.03); a failure keeps the picks. */
function AttachDialog({ permission, roles, onClose }: { permission: Permission; roles: Role[]; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const id = useId();
  const holders = new Set(permission.roleIds ?? []);
  const [picked, setPicked] = useState<string[]>([]);
  const { busy, error, run } = useSave();
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setMissing(picked.length === 0);
    if (picked.length === 0) return;
    void run(
      () => resources.use(createRolesResource).attachPermissionToRoles.run({ permissionId: permission.id, roleIds: picked }),
      () => {
        toasts.show(t('admin.perms.attached', { name: permission.name, count: picked.length }));
        onClose();
      },
    );
  };
  return (
    <AdminDialog open onClose={onClose} busy={busy} title={t('admin.perms.attachTitle', { name: permission.name })}>
      <form className={css.form} onSubmit={submit} noValidate aria-busy={busy}>
        <p className={css.muted}>{t('admin.perms.attachIntro')}</p>
        <fieldset className={`${css.field} ${css.bareFieldset}`} disabled={busy} aria-describedby={missing ? `${id}-missing` : undefined}>
          <legend className={css.label}>{t('admin.perms.attachRoles')}</legend>
          {roles.map((role, i) => {
            const has = holders.has(role.id);
            const locked = has || isVendorRole(role);
            const reasonId = `${id}-${role.id}`;
            return (
              <label key={role.id} className={`${css.checkboxRow} ${css.alignStart}`}>
                <input
                  type="checkbox"
                  className={rolesCss.topBox}
                  checked={has || picked.includes(role.id)}
                  disabled={locked}
                  aria-describedby={locked ? reasonId : undefined}
                  autoFocus={i === roles.findIndex((r) => !holders.has(r.id) && !isVendorRole(r))}
                  onChange={(e) => setPicked((p) => (e.target.checked ? [...p, role.id] : p.filter((x) => x !== role.id)))}
                />
                <span className={css.cellStack}>
                  <span>{role.name}</span>
                  {locked ? (
                    <span id={reasonId} className={css.hint}>
                      {has ? t('admin.perms.hasIt') : t('admin.perms.builtInRole')}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
          {missing ? (
            <span id={`${id}-missing`} className={css.fieldError} role="alert">
              {t('admin.perms.pickOne')}
            </span>
          ) : null}
        </fieldset>
        <ErrorSlot error={error} />
        <DialogActions onCancel={onClose} busy={busy} label={t('admin.perms.attach')} busyLabel={t('admin.saving')} />
      </form>
    </AdminDialog>
  );
}
