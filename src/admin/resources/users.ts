/**
 * The users section's server data (admin spec §4 "Users", AB-4.02–AB-4.07): a page of users v3 with each user's role
 * and group ids, and the writes on it. Optimistic where the spec says so (role edit), rolled back on error; the list
 * edits the spec names (add prepends, delete removes, enable/disable toggles) applied to the cached page.
 */
import type { AddUserRequest, InviteLink, InviteLinkConfiguration, TenantUser, UsersPreset, UsersQuery, UsersSortBy, UsersStatus } from '../../api/admin-types.ts';
import { isFeApiError } from '../../api/errors.ts';
import type { ApiClient } from '../../api/client.ts';
import { createTeamApi } from '../../api/team.ts';
import { createSubTenantsApi } from '../../api/sub-tenants.ts';
import type { AdminScope } from './index.ts';
import { pagedList, type ListPage, type ListQuery, type ListSort } from './paged.ts';
import type { QueryContext } from './query.ts';

/** A row of the users table: the v3 user plus its role ids and group ids in the tenant (AB-6.04). */
export interface UserRow extends TenantUser {
  roleIds: string[];
  groupIds: string[];
}

/** The error of an edit of a user the cached page does not hold (admin spec §8, AB-8.08). */
export const USER_NOT_IN_STATE = 'User not in state';

/** Key prefix of every users page in the cache. */
export const USERS_KEY = 'admin/users?';

/** Cache key of the admin's invite link. */
export const INVITE_LINK_KEY = 'admin/invite-link';

/** Page size of the users table (admin spec §9: team defaults, page size 20, offset 0). */
export const USERS_PAGE_SIZE = 20;

/** Page size of a sub-account's users, acting in it (admin spec §9 "account users limit 10"; AB-2.05). */
export const ACCOUNT_USERS_PAGE_SIZE = 10;

/** The sort of a sub-account's users, acting in it (issue 34 item 3: 10 a page, by name). */
export const ACCOUNT_USERS_SORT: ListSort = { id: 'name', desc: false };

/** Inactive threshold of the `inactive` preset, seconds (admin spec §9: 7776000 = 90 days). */
export const INACTIVE_SECONDS = 7_776_000;

/** Whether `user` is a pending invitation: invited to the tenant, not joined yet (Frontegg's `activatedForTenant` false). */
export const isPendingInvitation = (user: Pick<TenantUser, 'activatedForTenant'>) => user.activatedForTenant === false;

/**
 * What became of one address of a bulk invite (AB-4.10, AB-4.11): `invited`; or not invited because it is already
 * a `member` of the account or already has a `pending` invitation (checked before sending: nothing is sent).
 */
export type InviteOutcome = 'invited' | 'member' | 'pending';

/**
 * The users v3 query of a list query (AB-7.01, AB-9.06, AB-9.09; issue 21 item 11): rows from `(page - 1) ×
 * pageSize`, the search as `_filter` (name or email), the `preset` filter with its inactivity threshold, the filters
 * `status`, `roleId` and `groupId` as `_status`, `_roleId`, `_groupId`; the sort as `_sortBy` / `_order` (none: the
 * server's newest first).
 */
export function usersQuery(query: ListQuery): UsersQuery {
  const preset = (query.filters.preset || undefined) as UsersPreset | undefined;
  const status = (query.filters.status || undefined) as UsersStatus | undefined;
  return {
    _limit: query.pageSize,
    _offset: (query.page - 1) * query.pageSize,
    _filter: query.search || undefined,
    _preset: preset,
    _maxInactiveSeconds: preset === 'inactive' ? INACTIVE_SECONDS : undefined,
    _status: status,
    _roleId: query.filters.roleId || undefined,
    _groupId: query.filters.groupId || undefined,
    _sortBy: query.sort ? (query.sort.id as UsersSortBy) : undefined,
    _order: query.sort ? (query.sort.desc ? 'DESC' : 'ASC') : undefined,
  };
}

/** Replaces the row of user `id` wherever a page holds it. */
const withRow =
  (id: string, edit: (row: UserRow) => UserRow) =>
  (page: ListPage<UserRow>): ListPage<UserRow> => ({ ...page, items: page.items.map((u) => (u.id === id ? edit(u) : u)) });

/**
 * Builds the users resource of one app (its API from `client`); sections read it with `resources.use(createUsersResource)`.
 * In a sub-account acted in (`scope`, issue 34): 10 users a page by name (AB-2.05), and a user's roles are set in that
 * account through the sub-accounts call (setUserRolesForSubTenants).
 */
export function createUsersResource(q: QueryContext, client: ApiClient, scope: AdminScope | null = null) {
  const team = createTeamApi(client);
  const subTenants = createSubTenantsApi(client);
  /** Loads one page and, for its users, their role and group ids (in parallel; a groups failure is swallowed, AB-8.13). */
  async function loadPage(query: ListQuery): Promise<ListPage<UserRow>> {
    const page = await team.getUsers(usersQuery(query));
    const ids = page.items.map((u) => u.id);
    const [roles, groups] = ids.length ? await Promise.all([team.getUsersRoles(ids), team.getUsersGroups(ids).catch(() => [])]) : [[], []];
    const rolesOf = new Map(roles.map((r) => [r.userId, r.roleIds]));
    const groupsOf = new Map(groups.map((g) => [g.userId, g.groupIds]));
    return {
      items: page.items.map((u) => ({ ...u, roleIds: rolesOf.get(u.id) ?? [], groupIds: groupsOf.get(u.id) ?? [] })),
      total: page._metadata.totalItems,
      totalPages: page._metadata.totalPages,
    };
  }
  /** A users list of its own (own query; `pageSize` rows a page): every users list shares the cached pages, so edits reach them all. */
  const newList = (pageSize = USERS_PAGE_SIZE) => pagedList<UserRow>(q, { key: USERS_KEY, pageSize, load: loadPage });
  const list = scope ? pagedList<UserRow>(q, { key: USERS_KEY, pageSize: ACCOUNT_USERS_PAGE_SIZE, load: loadPage, initial: { sort: ACCOUNT_USERS_SORT } }) : newList();

  return {
    /** The users table's list: its query (page, search, preset filter, sort) and state live here, not in the view. */
    list,
    /** Another users list with a query of its own (e.g. the group members dialog's search for candidates). */
    newList,

    /** Invites a user (AB-4.04): the answer is prepended to the page on screen. @throws FeApiError */
    addUser: q.mutation<{ user: AddUserRequest }, TenantUser>(async ({ user }) => {
      const created = await team.addUser(user);
      const row: UserRow = { ...created, roleIds: user.roleIds ?? [], groupIds: [] };
      list.editCurrent((page) => ({ ...page, items: [row, ...page.items.filter((u) => u.id !== created.id)], total: page.total === undefined ? undefined : page.total + 1 }));
      return created;
    }),

    /**
     * Invites one address of a bulk invite (AB-4.10), checked first (`GET users/v3` by the exact email): a member or a
     * pending invitation is not sent again (its outcome says which); else `POST users/v2` (a 409 — a member meanwhile
     * — is `member` too). The pages are not edited: after the run, {@link refreshList} shows the server's table.
     * @returns what became of the address
     * @throws FeApiError — any other refusal (400 bad email, 403, network)
     */
    invite: q.mutation<{ email: string; roleIds: string[] }, InviteOutcome>(async ({ email, roleIds }) => {
      const known = await team.findUserByEmail(email);
      if (known) return isPendingInvitation(known) ? 'pending' : 'member';
      try {
        await team.addUser({ email, roleIds });
        return 'invited';
      } catch (error) {
        if (isFeApiError(error) && error.statusCode === 409) return 'member';
        throw error;
      }
    }),

    /**
     * Invites up to 5 users into the sub-account acted in with `roleIds` (addUsersToSubTenant v2, issue 34 item 4),
     * `allowSubAccountAccess` giving them access to its existing and future sub-accounts (AB-6.10); the pages are
     * refetched. Acting in a sub-account only.
     * @throws Error outside a sub-account (nothing is sent)
     * @throws FeApiError — the server's refusal (nothing is invited)
     */
    inviteToAccount: q.mutation<{ emails: string[]; roleIds: string[]; allowSubAccountAccess: boolean }>(async ({ emails, roleIds, allowSubAccountAccess }) => {
      if (!scope) throw new Error('Not acting in a sub-account');
      await subTenants.addUsersToSubTenant({ users: emails.map((email) => ({ email })), tenantId: scope.tenantId, roleIds, allowSubAccountAccess });
      list.refresh();
    }),

    /**
     * The per-user sub-account access switch (updateSubAccountAccess, AB-6.10), optimistically: the pages show the new
     * value at once and the old one again if the server refuses. @throws FeApiError — after the rollback
     */
    setSubAccountAccess: q.mutation<{ userId: string; allow: boolean }>(async ({ userId, allow }) => {
      const had = list.find((u) => u.id === userId)?.subAccountAccessAllowed;
      list.edit(withRow(userId, (u) => ({ ...u, subAccountAccessAllowed: allow })));
      try {
        const effective = await subTenants.updateSubAccountAccess(userId, allow);
        if (effective !== allow) list.edit(withRow(userId, (u) => ({ ...u, subAccountAccessAllowed: effective })));
      } catch (error) {
        list.edit(withRow(userId, (u) => ({ ...u, subAccountAccessAllowed: had })));
        throw error;
      }
    }),

    /** Refetches every cached users page (e.g. after a bulk invite): the table and its count become the server's. */
    refreshList: () => list.refresh(),

    /** Removes a user (AB-4.03), or revokes a pending invitation: gone from every cached page once the server agrees. @throws FeApiError */
    deleteUser: q.mutation<{ userId: string }>(async ({ userId }) => {
      await team.deleteUser(userId);
      list.edit((page) => {
        const items = page.items.filter((u) => u.id !== userId);
        return { ...page, items, total: page.total === undefined || items.length === page.items.length ? page.total : Math.max(0, page.total - 1) };
      });
    }),

    /** Enables or disables a user (AB-4.02): toggles `isDisabled` wherever a cached page holds the user. @throws FeApiError */
    setDisabled: q.mutation<{ userId: string; disabled: boolean }>(async ({ userId, disabled }) => {
      await (disabled ? team.disableUser(userId) : team.enableUser(userId));
      list.edit(withRow(userId, (u) => ({ ...u, isDisabled: disabled })));
    }),

    /** Unlocks a user the lockout policy locked (issue 31 item 4): `isLocked` false wherever a cached page holds the user. @throws FeApiError */
    unlock: q.mutation<{ userId: string }>(async ({ userId }) => {
      await team.unlockUser(userId);
      list.edit(withRow(userId, (u) => ({ ...u, isLocked: false })));
    }),

    /**
     * Sets a user's roles, optimistically (AB-4.05): the pages show the new roles at once and get the old ones back
     * if the server refuses (AB-4.06). A user who had roles and is left with none is sent `['']` (AB-4.07).
     * @throws Error {@link USER_NOT_IN_STATE} when no cached page holds the user (nothing is sent)
     * @throws FeApiError — after the rollback
     */
    setRoles: q.mutation<{ userId: string; roleIds: string[] }>(async ({ userId, roleIds }) => {
      const user = list.find((u) => u.id === userId);
      // an edit of a user no page holds is refused before any call (AB-8.08)
      if (!user) throw new Error(USER_NOT_IN_STATE);
      const had = user.roleIds;
      list.edit(withRow(userId, (u) => ({ ...u, roleIds })));
      try {
        await (scope ? subTenants.setUserRolesForSubTenant(userId, scope.tenantId, roleIds) : team.updateUserRoles({ id: userId, roleIds, hadRoles: had.length > 0 }));
      } catch (error) {
        // roll back this user's roles only: other edits made meanwhile stay
        list.edit(withRow(userId, (u) => ({ ...u, roleIds: had })));
        throw error;
      }
    }),

    /** Makes a temporary user permanent (`expirationInSeconds` null, AB-4.08) or sets a new expiry in seconds from now (AB-4.09); refetches the pages (the table stays on screen). */
    setExpiration: q.mutation<{ userId: string; expirationInSeconds: number | null }>(async ({ userId, expirationInSeconds }) => {
      await (expirationInSeconds === null ? team.makePermanent(userId) : team.setExpiration(userId, expirationInSeconds));
      list.refresh();
    }),

    /**
     * Resends the invitation to a pending invitee (`resendInvitationLink`: `POST users/v2 { email, provider }`), else the
     * activation email of a member whose email is not verified yet (`resendActivationLink`) (AB-7.12).
     */
    resend: q.mutation<{ user: TenantUser }>(async ({ user }) => {
      await (isPendingInvitation(user) ? team.resendInvitation(user.email) : team.resendActivation(user.id));
    }),

    /** The admin's invite link (AB-3.34), null when there is none. */
    $inviteLink: q.createFetcherStore<InviteLink | null>([INVITE_LINK_KEY], { fetcher: () => team.getInviteLink() }),
    /** Whether invite links are allowed; `{ tenantInvitationsAllowed: false }` when it cannot be read. */
    $inviteLinkConfiguration: q.createFetcherStore<InviteLinkConfiguration>(['admin/invite-link-config'], {
      fetcher: () => team.getInviteLinkConfiguration().catch(() => ({ tenantInvitationsAllowed: false, emailsEnabled: false })),
    }),
    /** Creates the link (43200 minutes unless given, AB-7.13) or, with `update`, changes its expiry and email switch (AB-7.14). */
    saveInviteLink: q.mutation<{ update: boolean; expiresInMinutes?: number; shouldSendEmail?: boolean }, InviteLink>(async ({ update, ...params }, cache) => {
      const link = await (update ? team.updateInviteLink(params) : team.createInviteLink(params));
      cache.write(INVITE_LINK_KEY, link);
      return link;
    }),
    /** Deletes the link: it stops working (AB-7.15). */
    deleteInviteLink: q.mutation<void>(async (_none, cache) => {
      await team.deleteInviteLink();
      cache.write(INVITE_LINK_KEY, null);
    }),

    /** Whether temporary users are on (`GET users/temporary/v1/configuration`); false when it fails. */
    $temporaryEnabled: q.createFetcherStore<boolean>(['admin/users/temporary-config'], {
      fetcher: () =>
        team.getTemporaryConfiguration().then(
          (c) => Boolean(c.enabled),
          () => false,
        ),
    }),
  };
}

/** The users resource of one app. */
export type UsersResource = ReturnType<typeof createUsersResource>;
