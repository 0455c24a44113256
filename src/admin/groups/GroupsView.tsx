/**
 * The groups section (admin spec §3 "Group", §6 "groups hold roles and users"; AB-3.08, AB-6.05, AB-7.19): a
 * virtualised, sortable table of the tenant's groups — colour and name, description, roles, member count, managed
 * by — with create, edit, delete (confirmed) and a members-and-roles dialog. Writes need `fe.secure.write.groups`;
 * groups managed by SCIM keep their details and members (the directory owns them). Renders loading, empty, error
 * and "groups turned off" states.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useMemo } from 'react';
import type { Group } from '../../api/admin-types.ts';
import type { Translate } from '../../i18n/index.ts';
import { useT } from '../../i18n/use-t.ts';
import { createGroupsResource, isScimGroup } from '../resources/groups.ts';
import { type SubRoute, useRouteState, useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as groupsCss from './groups.css.ts';
import { actionsColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { Chips } from '../ui/chips.tsx';
import { RowMenu } from '../ui/row-menu.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { DeleteGroupDialog, GroupFormDialog } from './GroupFormDialog.tsx';
import { GroupMembersDialog } from './GroupMembersDialog.tsx';
import { Swatch } from './Swatch.tsx';

/** What a row's menu asks for. */
export type GroupAction = 'members' | 'edit' | 'delete';

/** The open dialog: create, or an action on the group `id` (undefined = the first group: a deep link without id). */
export type GroupsDialog = { kind: 'create' } | { kind: GroupAction; id?: string };

/**
 * The dialog a sub-route (a deep link, a story) asks for (issue 30 item 2): `create`, or `members` / `edit` / `delete`,
 * optionally of one group (`members::groupId`: `#/admin/groups/members:<groupId>`).
 */
export function dialogOf({ route, params }: Pick<SubRoute, 'route' | 'params'>): GroupsDialog | null {
  const [kind] = (route ?? '').split(':');
  if (kind === 'create') return { kind };
  if (kind === 'members' || kind === 'edit' || kind === 'delete') return { kind, id: params.groupId };
  return null;
}

function columns(t: Translate, canWrite: boolean, onAction: (group: Group, action: GroupAction) => void): ColumnDef<Group, unknown>[] {
  return [
    {
      id: 'name',
      header: t('admin.groups.col.name'),
      size: 190,
      accessorFn: (g) => g.name.toLowerCase(),
      enableSorting: true,
      cell: ({ row }) => (
        <span className={groupsCss.nameCell}>
          <Swatch color={row.original.color} />
          <span>{row.original.name}</span>
          {isScimGroup(row.original) ? <span className={css.chip}>{t('admin.groups.scimBadge')}</span> : null}
        </span>
      ),
    },
    {
      id: 'description',
      header: t('admin.groups.col.description'),
      size: 160,
      enableSorting: false,
      cell: ({ row }) => row.original.description || <span className={css.muted}>{t('admin.none')}</span>,
    },
    {
      id: 'roles',
      header: t('admin.groups.col.roles'),
      size: 150,
      enableSorting: false,
      cell: ({ row }) => <Chips none={t('admin.none')} items={(row.original.roles ?? []).map((r) => ({ key: r.id, label: r.name }))} />,
    },
    {
      id: 'members',
      header: t('admin.groups.col.members'),
      size: 90,
      accessorFn: (g) => g.users?.length ?? 0,
      enableSorting: true,
      cell: ({ row }) => row.original.users?.length ?? 0,
    },
    {
      id: 'managedBy',
      header: t('admin.groups.col.managedBy'),
      size: 100,
      enableSorting: false,
      cell: ({ row }) => t(isScimGroup(row.original) ? 'admin.groups.managedBy.scim2' : 'admin.groups.managedBy.frontegg'),
    },
    actionsColumn(t('admin.actions'), 56, (item) => <GroupRowMenu group={item} canWrite={canWrite} onAction={onAction} />),
  ];
}

/** The actions of one row: members and roles always; edit and delete for a writer, not for a SCIM group. */
function GroupRowMenu({ group, canWrite, onAction }: { group: Group; canWrite: boolean; onAction: (group: Group, action: GroupAction) => void }) {
  const { t } = useSection();
  const editable = canWrite && !isScimGroup(group);
  const items: { id: GroupAction; label: string }[] = [
    { id: 'members', label: canWrite ? t('admin.groups.manage') : t('admin.groups.view') },
    ...(editable
      ? [
          { id: 'edit' as const, label: t('admin.groups.edit') },
          { id: 'delete' as const, label: t('admin.groups.delete') },
        ]
      : []),
  ];
  return <RowMenu label={t('admin.actionsFor', { name: group.name })} actions={items} onAction={(action) => onAction(group, action)} />;
}

/** The groups section view. */
export function GroupsView() {
  const section = useSection();
  const { app, resources } = section;
  const t = useT(app);
  const list = useStore(resources.use(createGroupsResource).$list);
  const config = useStore(resources.use(createGroupsResource).$config);
  const canWrite = section.can('write');
  // a deep link or story may open a dialog at once
  const [dialog, setDialog] = useRouteState<GroupsDialog | null>(dialogOf);
  const onAction = useCallback((group: Group, action: GroupAction) => setDialog({ kind: action, id: group.id }), [setDialog]);
  const cols = useMemo(() => columns(t, canWrite, onAction), [t, canWrite, onAction]);
  const groups = list.data ?? [];
  const enabled = config.data?.enabled !== false;
  const rolesEnabled = config.data?.rolesEnabled !== false;
  const first = (!list.data && list.loading) || (!config.data && config.loading);
  const target = dialog && dialog.kind !== 'create' ? (dialog.id ? groups.find((g) => g.id === dialog.id) : groups[0]) : undefined;
  const close = useCallback(() => setDialog(null), [setDialog]);

  return (
    <section className={css.section} aria-labelledby="fe-groups-title">
      <SectionHeader titleId="fe-groups-title" title={t('admin.groups.title')}>
        {canWrite && enabled && !first ? (
          <button type="button" className={css.button} onClick={() => setDialog({ kind: 'create' })}>
            {t('admin.groups.create')}
          </button>
        ) : null}
      </SectionHeader>
      {!canWrite && enabled && !first && !list.error ? <p className={css.hint}>{t('admin.groups.readOnly')}</p> : null}
      <LoadStates
        state={{ data: first ? undefined : enabled ? list.data : config.data, loading: first, error: list.error }}
        retry={() => resources.use(createGroupsResource).$list.revalidate()}
      >
        {!enabled ? (
          <EmptyState title={t('admin.groups.disabled')}>
            <p className={css.muted}>{t('admin.groups.disabledHint')}</p>
          </EmptyState>
        ) : (
          <DataTable
            label={t('admin.groups.table')}
            columns={cols}
            data={groups}
            empty={
              <EmptyState title={t('admin.groups.empty')}>
                <p className={css.muted}>{t('admin.groups.emptyHint')}</p>
              </EmptyState>
            }
          />
        )}
      </LoadStates>
      <GroupFormDialog open={dialog?.kind === 'create' && canWrite} onClose={close} />
      <GroupFormDialog open={dialog?.kind === 'edit' && !!target && canWrite} group={target} onClose={close} />
      {dialog?.kind === 'delete' && target && canWrite ? <DeleteGroupDialog group={target} onClose={close} /> : null}
      {dialog?.kind === 'members' && target ? <GroupMembersDialog group={target} canWrite={canWrite} rolesEnabled={rolesEnabled} onClose={close} /> : null}
    </section>
  );
}
