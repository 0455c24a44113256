/**
 * The users section (admin spec §2 "Users table columns", dialogs add/delete/enable/disable; §4; §9 page size 20;
 * SI-3.10, AB-2.01, AB-3.06, AB-3.07, AB-4.02–AB-4.09): a server-paged, server-sorted, virtualised table of the
 * tenant's users with search by email, the presets and a Status filter (pending invitations apart, issue 21 item 5),
 * and the dialogs. Reads the users, roles and groups resources; writes through their mutations. Renders loading,
 * empty, error and no-match states.
 */
import { useStore } from '@nanostores/react';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { Group, Role, UsersPreset } from '../../api/admin-types.ts';
import type { Translate } from '../../i18n/index.ts';
import { useT } from '../../i18n/use-t.ts';
import { ACCOUNT_USERS_PAGE_SIZE, createUsersResource, isPendingInvitation, type UserRow } from '../resources/users.ts';
import { type SubRoute, useRouteState, useSection, useSubRoute } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as usersCss from './users.css.ts';
import { actionsColumn, DataTable, type ColumnDef, type SortingState } from '../ui/data-table.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { Chips } from '../ui/chips.tsx';
import { SearchField } from '../ui/form.tsx';
import { RowMenu } from '../ui/row-menu.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, Loading, LoadStates } from '../ui/states.tsx';
import { useDebouncedSearch } from '../ui/use-search.ts';
import { AdminTabs } from '../ui/tabs.tsx';
import type { UserAction } from './UserDialogs.tsx';
import { Select } from '../ui/select.tsx';
import { UserCell, userName } from '../ui/user-cell.tsx';
import { RowDetails, useRowDetails, type RowDetailsField } from '../ui/row-details.tsx';
import { isScimUser, managedByKey, shownRoles } from './user-roles.ts';
import type { BulkUserAction } from '../../../machines/admin-bulk-users.machine.ts';
import { useDateTime, type DateText } from '../shell/use-date-time.ts';
import { createGroupsResource } from '../resources/groups.ts';
import { createRolesResource } from '../resources/roles.ts';
import { createSubTenantsResource } from '../resources/sub-tenants.ts';
import { useApplicationsOn, useAppsText } from './apps-text.ts';

/**
 * The dialogs and the sub-accounts tab: each its own chunk, loaded when it opens (every one is a sub-route or a
 * choice), so the list's first row does not wait for them (the lite portal's 150 KiB budget, test/node/size.test.ts).
 */
const InviteToAccountDialog = lazy(() => import('./SubAccountDialogs.tsx').then((m) => ({ default: m.InviteToAccountDialog })));
const AddUserDialog = lazy(() => import('./AddUserDialog.tsx').then((m) => ({ default: m.AddUserDialog })));
const BulkInviteDialog = lazy(() => import('./AddUserDialog.tsx').then((m) => ({ default: m.BulkInviteDialog })));
const InviteLinkDialog = lazy(() => import('./InviteLinkDialog.tsx').then((m) => ({ default: m.InviteLinkDialog })));
const UserActionDialog = lazy(() => import('./UserDialogs.tsx').then((m) => ({ default: m.UserActionDialog })));
const BulkUsersDialog = lazy(() => import('./BulkUsersDialog.tsx').then((m) => ({ default: m.BulkUsersDialog })));
const SubTenantUsers = lazy(() => import('./SubTenantUsers.tsx').then((m) => ({ default: m.SubTenantUsers })));
import { APPLICATION_PERMISSIONS } from '../resources/applications.ts';
import { holdsKey } from '../../entitlements/permissions.ts';

/** The presets of the filter (AB-3.07); `''` = all users. */
const PRESETS: ('' | UsersPreset)[] = ['', 'mfa-unenrolled', 'breached-passwords', 'inactive'];
/** The statuses of the status filter (issue 21 items 5, 11); `''` = members and invitations alike. */
const STATUSES = ['', 'active', 'disabled', 'pending', 'temporary', 'locked'] as const;
/** The row dialogs a sub-route (deep link, story) may open: `<action>::userId` (`#/admin/users/delete:<userId>`). */
const ROW_DIALOGS: UserAction[] = ['roles', 'expiry', 'enable', 'disable', 'delete', 'revoke', 'apps', 'removeAccount'];

/** The row dialog a sub-route names (`delete::userId`, issue 30 item 2), or null. */
export function rowDialogOf({ route, params }: Pick<SubRoute, 'route' | 'params'>): { action: UserAction; userId: string } | null {
  const action = ROW_DIALOGS.find((a) => route === `${a}::userId`);
  return action ? { action, userId: params.userId } : null;
}

/**
 * What the signed-in admin may do to a row (the section's `can('write')` and `can('delete')`) and what the table shows
 * about it (issue 34): `acting` in a sub-account (its users by name; "remove from this account and its sub-accounts"),
 * the per-user sub-account `access` switch, and the `apps` of the `multi-apps-admin-portal` flag.
 */
interface RowRights {
  write: boolean;
  delete: boolean;
  acting: boolean;
  access: boolean;
  apps: boolean;
}

/** What a row shows, for its cells and its details alike (issue 31 item 7: the details list every column in full). */
interface RowText {
  t: Translate;
  dateText: DateText;
  rolesById: Map<string, Role>;
  groups: Group[];
  groupName: (id: string) => string;
  /** A user's applications in words (the `multi-apps-admin-portal` flag on and the applications known), else null. */
  appsText: ((row: UserRow) => string) | null;
  /** The per-user sub-account access is shown (the account has sub-accounts, or the portal acts in one). */
  showAccess: boolean;
}

/** A user's roles as the table writes them: direct ones, then those through groups marked "via <group>". */
function roleLabels(row: UserRow, { t, rolesById, groups }: RowText): { key: string; label: string }[] {
  return shownRoles(row.roleIds, row.groupIds, rolesById, groups).map((r) => ({
    key: r.id,
    label: r.via.length ? t('admin.users.roleViaGroups', { role: r.name, groups: r.via.join(', ') }) : r.name,
  }));
}

/** The state chips of a row (pending or unverified, disabled, locked, temporary, SCIM-managed), in the identity cell. */
function StateChips({ row, text: { t, dateText, showAccess } }: { row: UserRow; text: RowText }) {
  return (
    <span className={css.chips}>
      {isPendingInvitation(row) ? (
        <span className={css.chip}>{t('admin.users.pending')}</span>
      ) : !row.verified ? (
        <span className={css.chip}>{t('admin.users.unverified')}</span>
      ) : null}
      {row.isDisabled ? <span className={css.badgeDanger}>{t('admin.users.disabled')}</span> : null}
      {row.isLocked ? <span className={css.badgeDanger}>{t('admin.users.locked')}</span> : null}
      {row.temporaryExpirationDate ? <span className={css.chip}>{t('admin.users.temporary', { date: dateText(row.temporaryExpirationDate) })}</span> : null}
      {showAccess && row.subAccountAccessAllowed ? <span className={css.chip}>{t('admin.users.access.chip')}</span> : null}
      {/* a user pushed by SCIM is changed in the identity provider (the emulator refuses admin writes): the mark, and the reason said */}
      {isScimUser(row) ? (
        <span className={css.chip} data-scim-managed="">
          <span aria-hidden="true">{t('admin.users.managedBy.scim')}</span>
          <span className={css.visuallyHidden}>{t('admin.users.scimNoteFor', { name: userName(row) })}</span>
        </span>
      ) : null}
    </span>
  );
}

/** A row's states in words, for its details ("Locked, Temporary until …"); a member in none of them is "Active". */
function stateWords(row: UserRow, { t, dateText, showAccess }: RowText): string {
  const words = [
    isPendingInvitation(row) ? t('admin.users.pending') : !row.verified ? t('admin.users.unverified') : '',
    row.isDisabled ? t('admin.users.disabled') : '',
    row.isLocked ? t('admin.users.locked') : '',
    row.temporaryExpirationDate ? t('admin.users.temporary', { date: dateText(row.temporaryExpirationDate) }) : '',
    showAccess && row.subAccountAccessAllowed ? t('admin.users.access.chip') : '',
    isScimUser(row) ? t('admin.users.scimNoteFor', { name: userName(row) }) : '',
  ].filter(Boolean);
  return words.length ? words.join(', ') : t('admin.users.status.active');
}

/**
 * What the cells read that arrives after the rows (roles, groups) or may change (formats): given by the view around the
 * table, so the columns stay the same when it arrives and no cell is drawn anew (a focused name, an open menu keep
 * their element).
 */
const RowTextContext = createContext<RowText | null>(null);
const useRowText = (): RowText => useContext(RowTextContext)!;

/** The identity cell: the name (it opens the row's details) over the email, the state chips, and on a phone a summary. */
function IdentityCell({ row, onDetails }: { row: UserRow; onDetails: (row: UserRow) => void }) {
  const text = useRowText();
  const { t, dateText } = text;
  return (
    <UserCell user={row} onDetails={() => onDetails(row)}>
      <StateChips row={row} text={text} />
      {/* a phone: the roles and when last seen, under the name (the details hold the rest) */}
      <span className={`${css.muted} ${css.ellipsis} ${css.narrowOnly}`} data-narrow-summary="">
        {[
          roleLabels(row, text)
            .map((r) => r.label)
            .join(', ') || t('admin.users.noRoles'),
          row.lastLogin ? t('admin.users.lastSeenOn', { date: dateText(row.lastLogin) }) : t('admin.users.neverSeen'),
        ].join(' · ')}
      </span>
    </UserCell>
  );
}

/** The groups cell: a chip a group. */
function GroupsCell({ row }: { row: UserRow }) {
  const { groupName } = useRowText();
  return <Chips items={row.groupIds.map((id) => ({ key: id, label: groupName(id) }))} />;
}

/** The roles cell: direct roles, then those given through the user's groups, marked "via <group>". */
function RolesCell({ row }: { row: UserRow }) {
  const text = useRowText();
  return <Chips none={text.t('admin.none')} items={roleLabels(row, text)} />;
}

/** When the user joined (the sort key) over when they were last seen. */
function ActivityCell({ row }: { row: UserRow }) {
  const { t, dateText } = useRowText();
  return (
    <span className={css.cellStack}>
      <span className={css.ellipsis}>{t('admin.users.joinedOn', { date: dateText(row.createdAt) })}</span>
      <span className={`${css.muted} ${css.ellipsis}`}>{row.lastLogin ? t('admin.users.lastSeenOn', { date: dateText(row.lastLogin) }) : t('admin.users.neverSeen')}</span>
    </span>
  );
}

/**
 * The table's columns. Their sizes fit the portal at 1280 px, 928 px of table (issue 31 item 7: every column shows at
 * desktop widths; the user column takes what is left, about 270 px), two facts to a column where they belong together
 * (joined over last seen; managed by over the applications); narrower, they leave by priority, and the name opens the
 * row's details, which hold every field in full. The cells read the roles, groups and formats from `RowTextContext`.
 */
function columns(t: Translate, onDetails: (row: UserRow) => void, onAction: (row: UserRow, action: UserAction) => void, rights: RowRights): ColumnDef<UserRow, unknown>[] {
  return [
    {
      // sortable columns need an accessor (the server sorts: manualSorting); in a sub-account acted in, by name (AB-2.05)
      ...(rights.acting ? { id: 'name', accessorFn: (u: UserRow) => u.name ?? u.email } : { id: 'email', accessorKey: 'email' as const }),
      header: t('admin.users.col.user'),
      size: 136,
      enableSorting: true,
      cell: ({ row }) => <IdentityCell row={row.original} onDetails={onDetails} />,
    },
    { id: 'groups', meta: { priority: 3 }, header: t('admin.users.col.groups'), size: 88, enableSorting: false, cell: ({ row }) => <GroupsCell row={row.original} /> },
    { id: 'roles', meta: { priority: 1 }, header: t('admin.users.col.roles'), size: 104, enableSorting: false, cell: ({ row }) => <RolesCell row={row.original} /> },
    {
      id: 'createdAt',
      meta: { priority: 2 },
      accessorKey: 'createdAt',
      header: t('admin.users.col.activity'),
      size: 192,
      enableSorting: true,
      cell: ({ row }) => <ActivityCell row={row.original} />,
    },
    {
      // who manages the user over the applications they may use: one column, two lines
      id: 'managedBy',
      meta: { priority: 4 },
      header: t('admin.users.col.managedBy'),
      size: 152,
      enableSorting: false,
      cell: ({ row }) => (
        <span className={css.cellStack}>
          <span className={css.ellipsis}>{t(managedByKey(row.original.managedBy))}</span>
          <AppsLine row={row.original} />
        </span>
      ),
    },
    // a read-only admin has no row action: no actions column at all
    ...(rights.write || rights.delete
      ? [
          // a user pushed by SCIM has no menu: the SCIM mark in its identity cell says why
          actionsColumn<UserRow>(t('admin.actions'), 72, (item) => (isScimUser(item) ? null : <UserRowMenu row={item} onAction={onAction} rights={rights} />)),
        ]
      : []),
  ];
}

/** A user's applications (the `multi-apps-admin-portal` flag on), else "All applications". */
function AppsLine({ row }: { row: UserRow }) {
  const { t, appsText } = useRowText();
  return <span className={`${css.muted} ${css.ellipsis}`}>{appsText ? appsText(row) : t('admin.users.allApplications')}</span>;
}

/** Every column of a row in full, for its details dialog (row-details.tsx). */
function detailsOf(row: UserRow, text: RowText): RowDetailsField[] {
  const { t, dateText, groupName } = text;
  const roles = roleLabels(row, text);
  return [
    { label: t('admin.users.details.name'), value: row.name ?? '' },
    { label: t('admin.users.details.email'), value: row.email },
    { label: t('admin.users.details.state'), value: stateWords(row, text) },
    { label: t('admin.users.col.applications'), value: text.appsText ? text.appsText(row) : t('admin.users.allApplications') },
    { label: t('admin.users.col.groups'), value: row.groupIds.map(groupName).join(', ') },
    { label: t('admin.users.col.roles'), value: roles.map((r) => r.label).join(', ') },
    { label: t('admin.users.col.joinedAt'), value: dateText(row.createdAt, { time: true }) },
    { label: t('admin.users.col.lastSeen'), value: row.lastLogin ? dateText(row.lastLogin, { time: true }) : t('admin.users.neverSeen') },
    { label: t('admin.users.col.managedBy'), value: t(managedByKey(row.managedBy)) },
  ];
}

/**
 * The actions menu of one row (keyboard: Enter/Space opens, arrows move, Escape closes): only what the admin may do.
 * A pending invitation (someone who never joined) offers "Resend invitation" and "Revoke invitation" instead of the
 * member's activation email, disable and delete; a temporary user "Make permanent" and "Change access end"; a locked
 * user "Unlock user" (issue 31 item 4).
 */
function UserRowMenu({ row, onAction, rights }: { row: UserRow; onAction: (row: UserRow, action: UserAction) => void; rights: RowRights }) {
  const { t } = useSection();
  const invitation = isPendingInvitation(row);
  const temporary: { id: UserAction; label: string }[] = row.temporaryExpirationDate
    ? [
        { id: 'permanent', label: t('admin.users.makePermanent') },
        { id: 'expiry', label: t('admin.users.setExpiry') },
      ]
    : [];
  // a locked user (the lockout policy) is unlocked first of all: it is what stands between them and the account
  const unlock: { id: UserAction; label: string }[] = row.isLocked ? [{ id: 'unlock', label: t('admin.users.unlock') }] : [];
  // issue 34: a user's applications (the flag on) and sub-account access (the account has sub-accounts or is one)
  const more: { id: UserAction; label: string }[] = [
    ...(rights.apps ? [{ id: 'apps' as const, label: t('admin.users.apps.edit') }] : []),
    ...(rights.access && !invitation ? [{ id: 'access' as const, label: t(row.subAccountAccessAllowed ? 'admin.users.access.deny' : 'admin.users.access.allow') }] : []),
  ];
  const writes: { id: UserAction; label: string }[] = invitation
    ? [...unlock, { id: 'roles', label: t('admin.users.editRoles') }, { id: 'resend', label: t('admin.users.resendInvitation') }, ...temporary, ...more]
    : [
        ...unlock,
        { id: 'roles', label: t('admin.users.editRoles') },
        ...(row.verified ? [] : [{ id: 'resend' as const, label: t('admin.users.resendActivation') }]),
        ...temporary,
        row.isDisabled ? { id: 'enable' as const, label: t('admin.users.enable') } : { id: 'disable' as const, label: t('admin.users.disable') },
        ...more,
      ];
  // in a sub-account acted in, a member leaves it and its sub-accounts (admin spec §4 "Sub-tenant user deletion")
  const remove = invitation
    ? { id: 'revoke' as const, label: t('admin.users.revokeInvitation') }
    : rights.acting
      ? { id: 'removeAccount' as const, label: t('admin.users.sub.removeFromAccount') }
      : { id: 'delete' as const, label: t('admin.users.delete') };
  const items = [...(rights.write ? writes : []), ...(rights.delete ? [remove] : [])];
  return <RowMenu label={t('admin.actionsFor', { name: userName(row) })} actions={items} onAction={(action) => onAction(row, action)} />;
}

/** The users section view. */
export function UsersView() {
  const section = useSection();
  const { app, resources, toasts } = section;
  const t = useT(app);
  const dateText = useDateTime();
  // the query (page, search, preset, sort) lives in the users list's store, not here
  const list = resources.use(createUsersResource).list;
  // acting in a sub-account (issue 34, src/admin/shell/acting.ts): its users, 10 a page by name, its own dialogs
  const acting = resources.scope;
  const query = useStore(list.$query);
  const state = useStore(list.$state);
  const { text: search, setText: setSearch } = useDebouncedSearch(list.setSearch, query.search);
  const preset = (query.filters.preset ?? '') as '' | UsersPreset;
  const status = query.filters.status ?? '';
  // `#/admin/users/pending` opens the pending invitations
  const { route } = useSubRoute();
  useEffect(() => {
    if (route === 'pending') list.setFilter('status', 'pending');
  }, [route, list]);
  const sorting: SortingState = query.sort ? [query.sort] : [];
  // a deep link or story may open the add or bulk-invite dialog at once
  const [dialog, setDialog] = useRouteState<{ action: UserAction | 'add' | 'bulk' | 'link' | 'invite'; row?: UserRow } | null>((sub) =>
    sub.route === 'add' || sub.route === 'bulk' || sub.route === 'link' || sub.route === 'invite' ? { action: sub.route } : null,
  );

  // a row dialog named by a deep link or story opens once its row is on the page
  const [linked, setLinked] = useRouteState(rowDialogOf);
  const closeDialog = useCallback(() => {
    setDialog(null);
    setLinked(null);
  }, [setDialog, setLinked]);

  const roles = useStore(resources.use(createRolesResource).$roles);
  const groups = useStore(resources.use(createGroupsResource).$groups);
  const rolesById = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r])), [roles.data]);
  const groupsById = useMemo(() => new Map((groups.data ?? []).map((g) => [g.id, g.name])), [groups.data]);

  const onAction = useCallback((row: UserRow, action: UserAction) => setDialog({ action, row }), [setDialog]);
  // may this admin change users, remove them (admin spec §6: fe.secure.write.users, fe.secure.delete.users)
  const canWrite = section.can('write');
  const canDelete = section.can('delete');
  // a row's details (its whole content, keyboard reachable: issue 31 item 7), opened from its name
  const details = useRowDetails<UserRow>();
  const openDetails = details.open;
  // sub-accounts (admin spec §9): a tab of their users when the tenant has any and the user may read them
  const subTenants = useStore(resources.use(createSubTenantsResource).$subTenants);
  const subAccounts = (subTenants.data?.length ?? 0) > 0 && section.can('read', 'allAccounts');
  // the per-user sub-account access switch (AB-6.10): where there are sub-accounts, for who may change them
  const showAccess = (subAccounts || acting !== null) && section.can('write', 'allAccounts');
  // applications (AB-6.14: behind the `multi-apps-admin-portal` flag)
  const apps = useAppsText();
  const appsOn = useApplicationsOn();
  const text = useMemo<RowText>(
    () => ({ t, dateText, rolesById, groups: groups.data ?? [], groupName: (id) => groupsById.get(id) ?? id, appsText: apps.text, showAccess }),
    [t, dateText, rolesById, groups.data, groupsById, apps.text, showAccess],
  );
  const rights = useMemo<RowRights>(
    () => ({ write: canWrite, delete: canDelete, acting: acting !== null, access: showAccess, apps: appsOn && holdsKey(section.permissions, APPLICATION_PERMISSIONS.assign) }),
    [canWrite, canDelete, acting, showAccess, appsOn, section.permissions],
  );
  const cols = useMemo(() => columns(t, openDetails, onAction, rights), [t, openDetails, onAction, rights]);
  // the previous page stays on screen while the next one loads (no flash of a spinner on paging, sorting, search)
  const data = state.data;
  const rows = data?.items ?? [];
  // the applications of the users shown (the flag on)
  const { showUsers } = apps;
  const rowIds = rows.map((r) => r.id).join(',');
  useEffect(() => {
    if (appsOn && rowIds) showUsers(rowIds.split(','));
  }, [appsOn, rowIds, showUsers]);
  const linkedRow = linked ? rows.find((r) => r.id === linked.userId) : undefined;
  const open = dialog ?? (linked && linkedRow ? { action: linked.action, row: linkedRow } : null);
  const total = data?.total ?? 0;

  // rows selected for a bulk action (issue 21 item 11): of the page shown; another query shows other rows, so it clears
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [bulk, setBulk] = useState<BulkUserAction | null>(null);
  // the list's query store holds a new object only when the query changes
  const [selectedFor, setSelectedFor] = useState(query);
  if (selectedFor !== query) {
    setSelectedFor(query);
    setSelected(new Set());
  }
  const chosen = rows.filter((r) => selected.has(r.id));
  // Unlock (issue 31 item 4) acts on the locked users among those selected, and shows only when there are any
  const chosenLocked = chosen.filter((r) => r.isLocked);
  const canSelect = canWrite || canDelete;
  // `bulk-delete`, `bulk-disable`, `bulk-roles` (stories, deep links): the first three users of the page, that action
  const [bulkLink, setBulkLink] = useRouteState((sub) => /^bulk-(delete|disable|roles)$/.exec(sub.route ?? '')?.[1] as BulkUserAction | undefined);
  if (bulkLink && canSelect && rows.length > 0) {
    setBulkLink(undefined);
    setSelected(new Set(rows.slice(0, 3).map((r) => r.id)));
    setBulk(bulkLink);
  }

  /** One filter of the list: a select of `items` bound to the query's filter `key` (`''`: all). */
  const filterSelect = (key: string, name: string, label: string, items: { key: string; label: string }[]) => (
    <Select label={label} name={name} items={items} value={query.filters[key] ?? ''} onChange={(value) => list.setFilter(key, value)} />
  );
  const accountUsers = (
    <>
      <div className={css.toolbar} role="search">
        <SearchField label={t('admin.users.searchLabel')} fieldId="fe-users-search" value={search} onSearch={setSearch} />
        {filterSelect(
          'preset',
          'preset',
          t('admin.users.preset'),
          PRESETS.map((p) => ({ key: p, label: t(p ? `admin.users.preset.${p}` : 'admin.users.preset.all') })),
        )}
        {filterSelect(
          'status',
          'status',
          t('admin.users.status'),
          STATUSES.map((s) => ({ key: s, label: t(s ? `admin.users.status.${s}` : 'admin.users.status.all') })),
        )}
        {filterSelect('roleId', 'role', t('admin.users.role'), [{ key: '', label: t('admin.users.role.all') }, ...(roles.data ?? []).map((r) => ({ key: r.id, label: r.name }))])}
        {filterSelect('groupId', 'group', t('admin.users.group'), [
          { key: '', label: t('admin.users.group.all') },
          ...(groups.data ?? []).map((g) => ({ key: g.id, label: g.name })),
        ])}
      </div>
      {canSelect && chosen.length > 0 ? (
        <div className={usersCss.bulkBar} role="group" aria-label={t('admin.users.bulk.actions')}>
          <span role="status">{t('admin.users.bulk.selected', { count: chosen.length })}</span>
          {canWrite ? (
            <>
              <button type="button" className={css.secondaryButton} onClick={() => setBulk('roles')}>
                {t('admin.users.bulk.roles')}
              </button>
              <button type="button" className={css.secondaryButton} onClick={() => setBulk('disable')}>
                {t('admin.users.bulk.disable')}
              </button>
              {chosenLocked.length ? (
                <button type="button" className={css.secondaryButton} onClick={() => setBulk('unlock')}>
                  {t('admin.users.bulk.unlock', { count: chosenLocked.length })}
                </button>
              ) : null}
            </>
          ) : null}
          {canDelete ? (
            <button type="button" className={css.dangerButton} onClick={() => setBulk('delete')}>
              {t('admin.users.bulk.delete')}
            </button>
          ) : null}
          <button type="button" className={css.secondaryButton} onClick={() => setSelected(new Set())}>
            {t('admin.users.bulk.clear')}
          </button>
        </div>
      ) : null}
      {(canWrite || canDelete) && state.data?.items.some(isScimUser) ? <p className={css.hint}>{t('admin.users.scimNote')}</p> : null}
      <LoadStates state={state} retry={list.retry}>
        <RowTextContext.Provider value={text}>
          <DataTable
            selection={
              canSelect
                ? {
                    selected,
                    onChange: setSelected,
                    allLabel: t('admin.users.bulk.selectAll'),
                    rowLabel: (u: UserRow) => t('admin.users.bulk.select', { name: userName(u) }),
                  }
                : undefined
            }
            label={t('admin.users.table')}
            columns={cols}
            data={rows}
            sorting={sorting}
            onSortingChange={(s) => list.setSort(s[0] ?? null)}
            manualSorting
            busy={state.loading}
            empty={
              query.search ? (
                <EmptyState title={t('admin.users.noMatch', { query: query.search })} />
              ) : status === 'pending' && !query.filters.roleId && !query.filters.groupId ? (
                <EmptyState title={t('admin.users.noPending')} />
              ) : status || query.filters.roleId || query.filters.groupId ? (
                <EmptyState title={t('admin.users.noFilter')}>
                  <button type="button" className={css.secondaryButton} onClick={list.clearFilters}>
                    {t('admin.users.clearFilters')}
                  </button>
                </EmptyState>
              ) : preset ? (
                <EmptyState title={t('admin.users.noPreset')} />
              ) : (
                <EmptyState title={t('admin.users.empty')}>
                  <p className={css.muted}>{t('admin.users.emptyHint')}</p>
                </EmptyState>
              )
            }
          />
          <Pagination
            page={query.page}
            totalPages={data?.totalPages ?? 1}
            total={total}
            onPage={list.setPage}
            busy={state.loading}
            pageSize={query.pageSize}
            onPageSize={list.setPageSize}
            pageSizes={acting ? [ACCOUNT_USERS_PAGE_SIZE, 20, 50] : undefined}
          />
        </RowTextContext.Provider>
      </LoadStates>
    </>
  );

  return (
    <section className={css.section} aria-labelledby="fe-users-title" aria-busy={state.loading || undefined}>
      <SectionHeader titleId="fe-users-title" title={t('admin.users.title')}>
        {canWrite && acting ? (
          <button type="button" className={css.button} onClick={() => setDialog({ action: 'invite' })}>
            {t('admin.users.invite.open')}
          </button>
        ) : canWrite ? (
          <span className={css.toolbar}>
            <button type="button" className={css.secondaryButton} onClick={() => setDialog({ action: 'link' })}>
              {t('admin.users.inviteLink')}
            </button>
            <button type="button" className={css.secondaryButton} onClick={() => setDialog({ action: 'bulk' })}>
              {t('admin.users.bulk')}
            </button>
            <button type="button" className={css.button} onClick={() => setDialog({ action: 'add' })}>
              {t('admin.users.add')}
            </button>
          </span>
        ) : null}
      </SectionHeader>
      {!canWrite ? <p className={css.muted}>{t('admin.users.readOnly')}</p> : null}
      {subAccounts ? (
        <AdminTabs
          label={t('admin.users.tabs')}
          tabs={[
            { id: 'account', label: t('admin.users.tab.account'), content: accountUsers },
            {
              id: 'subAccounts',
              label: t('admin.users.tab.subAccounts'),
              content: (
                <Suspense fallback={<Loading label={t('admin.loading')} />}>
                  <SubTenantUsers />
                </Suspense>
              ),
            },
          ]}
        />
      ) : (
        accountUsers
      )}
      <Suspense fallback={null}>
        {canWrite && acting !== null && open?.action === 'invite' ? <InviteToAccountDialog open onClose={closeDialog} roles={roles.data ?? []} /> : null}
        {canWrite && open?.action === 'add' ? <AddUserDialog open onClose={closeDialog} roles={roles.data ?? []} toasts={toasts} /> : null}
        {canWrite && open?.action === 'bulk' ? <BulkInviteDialog open onClose={closeDialog} roles={roles.data ?? []} /> : null}
        {canWrite && open?.action === 'link' ? <InviteLinkDialog open onClose={closeDialog} /> : null}
        {bulk ? (
          <BulkUsersDialog
            action={bulk}
            users={(bulk === 'unlock' ? chosenLocked : chosen).map((u) => ({ id: u.id, email: u.email }))}
            roles={roles.data ?? []}
            onClose={(applied) => {
              setBulk(null);
              if (applied.length) setSelected((prev) => new Set([...prev].filter((id) => !applied.includes(id))));
            }}
          />
        ) : null}
        {open?.row &&
        open.action !== 'add' &&
        open.action !== 'bulk' &&
        open.action !== 'link' &&
        open.action !== 'invite' &&
        (open.action === 'delete' || open.action === 'revoke' || open.action === 'removeAccount' ? canDelete : canWrite) ? (
          <UserActionDialog action={open.action} row={open.row} roles={roles.data ?? []} onClose={closeDialog} />
        ) : null}
      </Suspense>
      {details.row ? <RowDetails title={userName(details.row)} fields={detailsOf(details.row, text)} onClose={details.close} /> : null}
    </section>
  );
}
