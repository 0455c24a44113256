/**
 * Users of the tenant, as the admin portal's users section manages them (api-contract §G, §H; admin spec §7 "Users
 * and teams", AB-7.01–AB-7.12). Every call sends `frontegg-source: admin-portal` and the bearer, takes a trailing
 * {@link CallOptions} and rejects with an `FeApiError` (403 "Not authorized" without the permission key).
 */
import type { ApiClient } from './client.ts';
import { adminOptions, joinIds } from './admin-request.ts';
import type { CallOptions } from './request.ts';
import { isFeApiError } from './errors.ts';
import type { AddUserRequest, InviteLink, InviteLinkConfiguration, Page, TenantUser, UserGroupIds, UserRoleIds, UsersQuery } from './admin-types.ts';

const ID = '/identity/resources';

/** Paths, without the `/{prefix}`. */
export const TEAM_PATHS = Object.freeze({
  usersV3: `${ID}/users/v3`,
  usersRoles: `${ID}/users/v3/roles`,
  usersGroups: `${ID}/users/v3/groups`,
  addUser: `${ID}/users/v2`,
  members: '/team/resources/members/v1',
  stats: '/team/resources/stats/v1/members',
  tenantUser: (userId: string) => `${ID}/tenants/users/v1/${encodeURIComponent(userId)}`,
  unlock: (userId: string) => `${ID}/users/v1/${encodeURIComponent(userId)}/unlock`,
  temporary: (userId: string) => `${ID}/users/temporary/v1/${encodeURIComponent(userId)}`,
  temporaryConfiguration: `${ID}/users/temporary/v1/configuration`,
  resendInvitationAll: `${ID}/users/v1/invitation/reset/all`,
  inviteLink: `${ID}/tenants/invites/v1/user`,
  inviteLinkConfiguration: `${ID}/tenants/invites/v1/configuration`,
});

/** Invite-link lifetime when the admin does not choose one, minutes (admin spec §9: 43200 = 30 days). */
export const INVITE_LINK_MINUTES = 43_200;

/** Members stats (loadStats): counts of users. */
export interface MemberStats {
  totalItems: number;
  addedThisWeek: number;
  superAdmins: number;
}

/** Creates the users-management calls on top of `client`. */
export function createTeamApi(client: ApiClient) {
  return {
    /**
     * `GET users/v3` (getUsersV3, AB-7.01): a page of the tenant's users.
     * @returns `{ items, _metadata: { totalItems, totalPages } }` (AB-7.02)
     */
    getUsers(query: UsersQuery, o?: CallOptions): Promise<Page<TenantUser>> {
      return client.get<Page<TenantUser>>(TEAM_PATHS.usersV3, adminOptions(o, { query: { ...query } }));
    },
    /**
     * `GET users/v3?_identifier=<email>&_identifierType=email&_limit=1` (getUsersV3, AB-7.01): the tenant's user with
     * exactly this email (any case) — a member or a pending invitation (`activatedForTenant` false) — or null.
     */
    async findUserByEmail(email: string, o?: CallOptions): Promise<TenantUser | null> {
      const page = await client.get<Page<TenantUser>>(TEAM_PATHS.usersV3, adminOptions(o, { query: { _identifier: email, _identifierType: 'email', _limit: 1 } }));
      return page.items[0] ?? null;
    },
    /** `GET users/v3/roles?ids=a,b` (getUsersRoles, AB-7.10): role ids per user in the tenant. */
    getUsersRoles(ids: readonly string[], o?: CallOptions): Promise<UserRoleIds[]> {
      return client.get<UserRoleIds[]>(TEAM_PATHS.usersRoles, adminOptions(o, { query: { ids: joinIds(ids) } }));
    },
    /** `GET users/v3/groups?ids=a,b` (getUsersGroups, AB-7.10): group ids per user in the tenant. */
    getUsersGroups(ids: readonly string[], o?: CallOptions): Promise<UserGroupIds[]> {
      return client.get<UserGroupIds[]>(TEAM_PATHS.usersGroups, adminOptions(o, { query: { ids: joinIds(ids) } }));
    },
    /**
     * `POST users/v2` with `{ …user, provider: 'local' }` (addUser, AB-7.08): invites a user to the tenant (an
     * invitation email goes out). `expirationInSeconds` makes the user temporary.
     * @returns the new user
     * @throws FeApiError — 409 when the email is already a member, 400 for a bad email
     */
    addUser(user: AddUserRequest, o?: CallOptions): Promise<TenantUser> {
      return client.post<TenantUser>(TEAM_PATHS.addUser, { ...user, provider: 'local' }, adminOptions(o));
    },
    /** `DELETE team/resources/members/v1/{userId}` (deleteUser, AB-7.05): removes the user from the tenant. */
    async deleteUser(userId: string, o?: CallOptions): Promise<void> {
      await client.delete(`${TEAM_PATHS.members}/${encodeURIComponent(userId)}`, undefined, adminOptions(o));
    },
    /**
     * `PUT team/resources/members/v1` with `{ id, roleIds }` (updateUser, AB-7.05). A user who had roles and is left
     * with none is sent one empty-string role id (AB-4.07): pass `hadRoles`.
     */
    async updateUserRoles(params: { id: string; roleIds: readonly string[]; hadRoles: boolean }, o?: CallOptions): Promise<void> {
      const roleIds = params.roleIds.length === 0 && params.hadRoles ? [''] : [...params.roleIds];
      await client.put(TEAM_PATHS.members, { id: params.id, roleIds }, adminOptions(o));
    },
    /** `POST team/resources/members/v1/{userId}/resendActivationEmail` with `{}` (AB-7.06). */
    async resendActivation(userId: string, o?: CallOptions): Promise<void> {
      await client.post(`${TEAM_PATHS.members}/${encodeURIComponent(userId)}/resendActivationEmail`, {}, adminOptions(o));
    },
    /** `POST users/v2` with `{ email, provider: 'local' }` (resendInvitationLink, AB-7.12). */
    async resendInvitation(email: string, o?: CallOptions): Promise<void> {
      await client.post(TEAM_PATHS.addUser, { email, provider: 'local' }, adminOptions(o));
    },
    /** `POST tenants/users/v1/{userId}/enable` (AB-7.08, AB-4.02). */
    async enableUser(userId: string, o?: CallOptions): Promise<void> {
      await client.post(`${TEAM_PATHS.tenantUser(userId)}/enable`, undefined, adminOptions(o));
    },
    /** `POST tenants/users/v1/{userId}/disable` (AB-7.08, AB-4.02). */
    async disableUser(userId: string, o?: CallOptions): Promise<void> {
      await client.post(`${TEAM_PATHS.tenantUser(userId)}/disable`, undefined, adminOptions(o));
    },
    /**
     * `POST users/v1/{userId}/unlock` (Frontegg's management API; issue 31 item 4): unlocks a member the lockout policy
     * locked. @throws FeApiError 400 `User is not locked`, 404 for a user outside the account.
     */
    async unlockUser(userId: string, o?: CallOptions): Promise<void> {
      await client.post(TEAM_PATHS.unlock(userId), undefined, adminOptions(o));
    },
    /** `PUT users/temporary/v1/{userId}` with `{ expirationInSeconds }` (AB-7.11, AB-4.09): a new expiry, seconds from now. */
    async setExpiration(userId: string, expirationInSeconds: number, o?: CallOptions): Promise<void> {
      await client.put(TEAM_PATHS.temporary(userId), { expirationInSeconds }, adminOptions(o));
    },
    /** `DELETE users/temporary/v1/{userId}` (AB-7.11, AB-4.08): makes a temporary user permanent. */
    async makePermanent(userId: string, o?: CallOptions): Promise<void> {
      await client.delete(TEAM_PATHS.temporary(userId), undefined, adminOptions(o));
    },
    /** `GET users/temporary/v1/configuration` (AB-7.11): `{ enabled }`. */
    getTemporaryConfiguration(o?: CallOptions): Promise<{ enabled: boolean }> {
      return client.get<{ enabled: boolean }>(TEAM_PATHS.temporaryConfiguration, adminOptions(o));
    },
    /** `GET tenants/invites/v1/configuration` (AB-7.15): whether links are allowed and emails can be sent. */
    getInviteLinkConfiguration(o?: CallOptions): Promise<InviteLinkConfiguration> {
      return client.get<InviteLinkConfiguration>(TEAM_PATHS.inviteLinkConfiguration, adminOptions(o));
    },
    /** `GET tenants/invites/v1/user` (AB-7.15): the admin's link, or null when there is none (404). */
    async getInviteLink(o?: CallOptions): Promise<InviteLink | null> {
      try {
        return await client.get<InviteLink>(TEAM_PATHS.inviteLink, adminOptions(o));
      } catch (error) {
        if (isFeApiError(error) && error.statusCode === 404) return null;
        throw error;
      }
    },
    /** `POST tenants/invites/v1/user` with `{ expiresInMinutes (default 43200), shouldSendEmail, roleIds }` (AB-7.13): a new link. */
    createInviteLink(params: { expiresInMinutes?: number; shouldSendEmail?: boolean; roleIds?: string[] } = {}, o?: CallOptions): Promise<InviteLink> {
      return client.post<InviteLink>(
        TEAM_PATHS.inviteLink,
        { expiresInMinutes: params.expiresInMinutes ?? INVITE_LINK_MINUTES, shouldSendEmail: params.shouldSendEmail ?? false, roleIds: params.roleIds ?? [] },
        adminOptions(o),
      );
    },
    /** `PATCH tenants/invites/v1/user` with `{ expiresInMinutes, shouldSendEmail }` (AB-7.14): the token stays. */
    updateInviteLink(params: { expiresInMinutes?: number; shouldSendEmail?: boolean }, o?: CallOptions): Promise<InviteLink> {
      return client.patch<InviteLink>(TEAM_PATHS.inviteLink, params, adminOptions(o));
    },
    /** `DELETE tenants/invites/v1/user` (AB-7.15): the link stops working. */
    async deleteInviteLink(o?: CallOptions): Promise<void> {
      await client.delete(TEAM_PATHS.inviteLink, undefined, adminOptions(o));
    },
    /** `GET team/resources/stats/v1/members` (loadStats, AB-7.07). */
    getStats(o?: CallOptions): Promise<MemberStats> {
      return client.get<MemberStats>(TEAM_PATHS.stats, adminOptions(o));
    },
  };
}

/** The users-management calls of one client. */
export type TeamApi = ReturnType<typeof createTeamApi>;
