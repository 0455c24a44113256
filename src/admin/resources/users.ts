/**
 * The users section's server data (admin spec §4 "Users", AB-4.02–AB-4.07): a page of users v3 with each user's role
 * and group ids, and the writes on it. Optimistic where the spec says so (role edit), rolled back on error; the list
 * edits the spec names (add prepends, delete removes, enable/disable toggles) applied to the cached page.
 */
import type { ReadableAtom } from 'nanostores';
import type { AddUserRequest, InviteLink, InviteLinkConfiguration, Page, TenantUser, UsersQuery } from '../../api/admin-types.ts';
import type { TeamApi } from '../../api/team.ts';
import type { CacheTools, QueryContext } from './query.ts';

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

/** The cache key of one users query (`USERS_KEY` + the query's JSON, the fetcher store's key parts joined). */
export function usersKey(queryJson: string): string {
  return USERS_KEY + queryJson;
}

/** Applies `edit` to the cached page of `key` (no refetch). */
function editPage(cache: CacheTools, key: string, edit: (page: Page<UserRow>) => Page<UserRow>): void {
  const page = cache.read<Page<UserRow>>(key);
  if (page) cache.write(key, edit(page));
}

/** Builds the users resource of one app. */
export function createUsersResource(q: QueryContext, team: TeamApi) {
  /** Loads one page and, for its users, their role and group ids (in parallel; a groups failure is swallowed, AB-8.13). */
  async function loadPage(query: UsersQuery): Promise<Page<UserRow>> {
    const page = await team.getUsers(query);
    const ids = page.items.map((u) => u.id);
    const [roles, groups] = ids.length ? await Promise.all([team.getUsersRoles(ids), team.getUsersGroups(ids).catch(() => [])]) : [[], []];
    const rolesOf = new Map(roles.map((r) => [r.userId, r.roleIds]));
    const groupsOf = new Map(groups.map((g) => [g.userId, g.groupIds]));
    return { ...page, items: page.items.map((u) => ({ ...u, roleIds: rolesOf.get(u.id) ?? [], groupIds: groupsOf.get(u.id) ?? [] })) };
  }

  return {
    /** A store of the page for the query in `$queryJson` (JSON of {@link UsersQuery}), refetched when it changes. */
    page($queryJson: ReadableAtom<string>) {
      return q.createFetcherStore<Page<UserRow>>([USERS_KEY, $queryJson], { fetcher: (_prefix, json) => loadPage(JSON.parse(String(json)) as UsersQuery) });
    },

    /** Invites a user (AB-4.04): the answer is prepended to the page of `key`. @throws FeApiError */
    addUser: q.mutation<{ key: string; user: AddUserRequest }, TenantUser>(async ({ key, user }, cache) => {
      const created = await team.addUser(user);
      const row: UserRow = { ...created, roleIds: user.roleIds ?? [], groupIds: [] };
      editPage(cache, key, (page) => ({
        ...page,
        items: [row, ...page.items.filter((u) => u.id !== created.id)],
        _metadata: { ...page._metadata, totalItems: page._metadata.totalItems + 1 },
      }));
      return created;
    }),

    /** Removes a user (AB-4.03): gone from the page of `key` once the server agrees. @throws FeApiError */
    deleteUser: q.mutation<{ key: string; userId: string }>(async ({ key, userId }, cache) => {
      await team.deleteUser(userId);
      editPage(cache, key, (page) => ({
        ...page,
        items: page.items.filter((u) => u.id !== userId),
        _metadata: { ...page._metadata, totalItems: Math.max(0, page._metadata.totalItems - 1) },
      }));
    }),

    /** Enables or disables a user (AB-4.02): toggles `isDisabled` in the page. @throws FeApiError */
    setDisabled: q.mutation<{ key: string; userId: string; disabled: boolean }>(async ({ key, userId, disabled }, cache) => {
      await (disabled ? team.disableUser(userId) : team.enableUser(userId));
      editPage(cache, key, (page) => ({ ...page, items: page.items.map((u) => (u.id === userId ? { ...u, isDisabled: disabled } : u)) }));
    }),

    /**
     * Sets a user's roles, optimistically (AB-4.05): the page shows the new roles at once and gets the old ones back
     * if the server refuses (AB-4.06). A user who had roles and is left with none is sent `['']` (AB-4.07).
     * @throws Error {@link USER_NOT_IN_STATE} when the page of `key` does not hold the user (nothing is sent)
     * @throws FeApiError — after the rollback
     */
    setRoles: q.mutation<{ key: string; userId: string; roleIds: string[] }>(async ({ key, userId, roleIds }, cache) => {
      const user = cache.read<Page<UserRow>>(key)?.items.find((u) => u.id === userId);
      // an edit of a user the page does not hold is refused before any call (AB-8.08)
      if (!user) throw new Error(USER_NOT_IN_STATE);
      const had = user.roleIds;
      editPage(cache, key, (page) => ({ ...page, items: page.items.map((u) => (u.id === userId ? { ...u, roleIds } : u)) }));
      try {
        await team.updateUserRoles({ id: userId, roleIds, hadRoles: had.length > 0 });
      } catch (error) {
        // roll back this user's roles only: other edits made meanwhile stay
        editPage(cache, key, (page) => ({ ...page, items: page.items.map((u) => (u.id === userId ? { ...u, roleIds: had } : u)) }));
        throw error;
      }
    }),

    /** Makes a temporary user permanent (`expirationInSeconds` null, AB-4.08) or sets a new expiry in seconds from now (AB-4.09); refetches the pages (the table stays on screen). */
    setExpiration: q.mutation<{ userId: string; expirationInSeconds: number | null }>(async ({ userId, expirationInSeconds }, cache) => {
      await (expirationInSeconds === null ? team.makePermanent(userId) : team.setExpiration(userId, expirationInSeconds));
      cache.revalidate((k) => k.startsWith(USERS_KEY));
    }),

    /** Resends the activation email (email not verified yet) or else the invitation to the tenant (AB-7.12). */
    resend: q.mutation<{ user: TenantUser }>(async ({ user }) => {
      await (user.verified ? team.resendInvitation(user.email) : team.resendActivation(user.id));
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
