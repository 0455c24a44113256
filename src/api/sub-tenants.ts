/**
 * Sub-accounts: the tenant hierarchy and the users of a tenant and its sub-tenants (api-contract §N; admin spec §4
 * "Sub-tenant user deletion", §9 "Sub-tenant users: 20 per page, sorted by name descending"; AB-6.06, AB-7.23,
 * AB-7.26), and the accounts of the allAccounts section (issue 34: `hierarchy/v2` pages; the section's calls all live here). Calls send `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an
 * `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';
import type { Role } from './admin-types.ts';

/** Paths, without the `/{prefix}`. */
export const SUB_TENANT_PATHS = Object.freeze({
  hierarchy: '/tenants/resources/hierarchy/v1',
  /** `GET` searchSubTenants (`_limit`, `_offset`, `_filter`, `_subTenantId`, `_sortBy`, `_order`): one page of accounts. */
  search: '/tenants/resources/hierarchy/v2',
  /** `GET` getHierarchyMetadata (`_tenantIds=a,b`): per account its sub-account total and whether it is a parent. */
  metadata: '/tenants/resources/hierarchy/v2/metadata',
  /** `GET {prefix}/{tenantId}` getParentTenantsById: the ancestors of an account (breadcrumbs). */
  parents: '/tenants/resources/hierarchy/v1/parents',
  /** `POST` createSubTenant; `{prefix}/{tenantId}`: PATCH rename, DELETE, PUT `/management`, `/hierarchy-settings`, and the move. */
  subTenants: '/tenants/resources/sub-tenants/v1',
  /** `POST` getTenantsUsersCount `{ tenantIds }`. */
  usersCount: '/identity/resources/tenants/users/v1/count',
  users: '/identity/resources/sub-tenants/users/v1',
  /** `POST` GetUserJwt `{ tenantId }` (§F): a token of that account for the signed-in user (entering a sub-account). */
  userJwt: '/identity/resources/users/v3/me/token',
  /** `POST` addUsersToSubTenant (trailing slash as the reference client sends it). */
  usersV2: '/identity/resources/sub-tenants/users/v2/',
});

/**
 * The last segment of the move of a sub-account (our extension, not Frontegg's: `PUT sub-tenants/v1/{tenantId}/<this>`
 * `{ parentTenantId }`). One constant, so the path the emulator serves (emulator/README.md) is changed here only.
 */
export const SUB_TENANT_MOVE_SEGMENT = 'parent';

/** GetUserJwt's answer (§F): the account's access token, when it expires (an HTTP date) and in how many seconds. */
export interface UserJwt {
  accessToken: string;
  expires?: string;
  expiresIn?: number;
}

/** addUsersToSubTenant's body (§N): up to 5 users invited into `tenantId` with `roleIds`. */
export interface AddUsersToSubTenant {
  users: { email: string; name?: string }[];
  tenantId: string;
  roleIds: string[];
  /** "Also give access to existing and future sub-accounts" (AB-6.10). */
  allowSubAccountAccess: boolean;
}

/** Users one addUsersToSubTenant call invites at most (issue 34 item 4). */
export const SUB_TENANT_INVITE_MAX = 5;

/** How a sub-account's users reach it (admin spec §3 "Tenant/account"; AB-3.11, AB-6.11: `defaultOff` in dialogs). */
export type SubAccountAccessType = 'defaultOff' | 'defaultOn' | 'alwaysOn';

/** One account of a `hierarchy/v2` page (`SearchSubTenantsResponse`); `createdAt` an ISO date. */
export interface AccountRow {
  tenantId: string;
  name: string;
  createdAt: string;
  metadata: { isParent?: boolean };
  isReseller?: boolean;
  subAccountAccessType?: SubAccountAccessType;
}

/**
 * A page of accounts (`FronteggPaginationWrapper`): `_links.next` is the next page's URL (its query, from which the
 * client reads `_offset`), empty on the last page.
 */
export interface AccountsPage {
  items: AccountRow[];
  _metadata: { totalItems: number; totalPages: number };
  _links?: { next: string; prev: string; first: string; last: string };
}

/**
 * The `hierarchy/v2` query (`SearchSubTenantsParams`): `_subTenantId` the parent whose children are listed (left out:
 * the active account's), `_filter` a name to search the whole subtree for; AB-2.04: `_limit` 50.
 */
export interface AccountsQuery {
  _offset: number;
  _limit: number;
  _filter?: string;
  _subTenantId?: string;
  _sortBy?: 'createdAt' | 'name' | 'tenantId';
  _order?: 'ASC' | 'DESC';
}

/** An account's hierarchy metadata (`getHierarchyMetadata`): how many sub-accounts it has, whether it has any. */
export interface HierarchyMetadata {
  tenantId: string;
  totalSubTenants: number;
  isParent: boolean;
}

/** The users of an account (`getTenantsUsersCount`): all of them, and those allowed into its sub-accounts. */
export interface TenantUsersCount {
  tenantId: string;
  totalUsers: number;
  totalAccessAllowedUsers?: number;
}

/** An ancestor of an account (`getParentTenantsById`): `level` 1 = the direct parent. */
export interface ParentTenant {
  tenantId: string;
  tenantName: string;
  level: number;
  status?: string;
  createdAt?: string;
}

/** A new sub-account (`createSubTenant`): its name and parent; `tenantId` left out, the server makes one. */
export interface NewSubTenant {
  name: string;
  parentTenantId: string;
  tenantId?: string;
  isReseller?: boolean;
}

/** What the server answers for a created or changed sub-account (`CreateSubTenantResponse`, the fields read here). */
export interface SubTenantResponse {
  tenantId: string;
  name?: string;
  createdAt?: string;
  isReseller?: boolean;
  subAccountAccessType?: SubAccountAccessType;
}

/**
 * The `_offset` of the page a `_links.next` URL names (a path with its query, or a whole URL), or null when there is
 * no next page (`''`, absent, or no `_offset` in it).
 */
export function nextOffset(link: string | undefined | null): number | null {
  if (!link) return null;
  const value = new URL(link, 'http://x.invalid').searchParams.get('_offset');
  const offset = value === null ? NaN : Number(value);
  return Number.isInteger(offset) && offset >= 0 ? offset : null;
}

/** A descendant of the signed-in user's tenant (ISubTenant); `level` 1 = a direct child. */
export interface SubTenant {
  tenantId: string;
  tenantName?: string;
  status?: string;
  createdAt?: string;
  level: number;
}

/** A user of the tenant or a sub-tenant (ISubTenantUser), with a membership per tenant. */
export interface SubTenantUser {
  id: string;
  email: string;
  name?: string;
  verified?: boolean;
  createdAt?: string;
  tenantIds: string[];
  tenants: { tenantId: string; roles: Role[]; activated: boolean; lastLogin?: string | null }[];
}

/** Query of loadAllUsers: offsets and limits in rows; `_filter` an email or name substring. */
export interface SubTenantUsersQuery {
  _offset: number;
  _limit: number;
  _filter: string;
  _sortBy: 'name' | 'email' | 'createdAt';
  _order: 'ASC' | 'DESC';
}

/** The path of one sub-account under `sub-tenants/v1`. */
const subTenantPath = (tenantId: string) => `${SUB_TENANT_PATHS.subTenants}/${encodeURIComponent(tenantId)}`;

/** Creates the sub-account calls on top of `client`. */
export function createSubTenantsApi(client: ApiClient) {
  return {
    /** `GET tenants/resources/hierarchy/v1` (getSubTenants, AB-7.23): every descendant (one object is read as a list of one). */
    async getSubTenants(o?: CallOptions): Promise<SubTenant[]> {
      const answer = await client.get<SubTenant[] | SubTenant | null>(SUB_TENANT_PATHS.hierarchy, adminOptions(o));
      return Array.isArray(answer) ? answer : answer && 'tenantId' in answer ? [answer] : [];
    },
    /** `GET tenants/resources/hierarchy/v2` (searchSubTenants, AB-2.04, AB-7.23): one page of a parent's children, or of a name search. */
    searchSubTenants(query: AccountsQuery, o?: CallOptions): Promise<AccountsPage> {
      return client.get<AccountsPage>(SUB_TENANT_PATHS.search, adminOptions(o, { query: { ...query } }));
    },
    /** `GET hierarchy/v2/metadata?_tenantIds=a,b` (getHierarchyMetadata, AB-7.23): per account its sub-account total. */
    getHierarchyMetadata(tenantIds: readonly string[], o?: CallOptions): Promise<HierarchyMetadata[]> {
      return client.get<HierarchyMetadata[]>(SUB_TENANT_PATHS.metadata, adminOptions(o, { query: { _tenantIds: tenantIds.join(',') } }));
    },
    /** `POST tenants/users/v1/count` `{ tenantIds }` (getTenantsUsersCount, AB-7.23): the users of each account. */
    getTenantsUsersCount(tenantIds: readonly string[], o?: CallOptions): Promise<TenantUsersCount[]> {
      return client.post<TenantUsersCount[]>(SUB_TENANT_PATHS.usersCount, { tenantIds }, adminOptions(o));
    },
    /** `GET hierarchy/v1/parents/{tenantId}` (getParentTenantsById, AB-7.23): the account's ancestors, nearest first. */
    getParentTenantsById(tenantId: string, o?: CallOptions): Promise<ParentTenant[]> {
      return client.get<ParentTenant[]>(`${SUB_TENANT_PATHS.parents}/${encodeURIComponent(tenantId)}`, adminOptions(o));
    },
    /** `POST sub-tenants/v1` `{ name, parentTenantId, tenantId? }` (createSubTenant, AB-7.24): the new sub-account. */
    createSubTenant(data: NewSubTenant, o?: CallOptions): Promise<SubTenantResponse> {
      return client.post<SubTenantResponse>(SUB_TENANT_PATHS.subTenants, data, adminOptions(o));
    },
    /** `PATCH sub-tenants/v1/{tenantId}` `{ name }` (updateSubTenant, AB-7.24): renames it. */
    async updateSubTenant(tenantId: string, data: { name: string }, o?: CallOptions): Promise<void> {
      await client.patch(subTenantPath(tenantId), data, adminOptions(o));
    },
    /** `DELETE sub-tenants/v1/{tenantId}` (deleteSubTenant, AB-7.24): refused (the server's text) while it has sub-accounts. */
    async deleteSubTenant(tenantId: string, o?: CallOptions): Promise<void> {
      await client.delete(subTenantPath(tenantId), undefined, adminOptions(o));
    },
    /** `PUT sub-tenants/v1/{tenantId}/{@link SUB_TENANT_MOVE_SEGMENT}` `{ parentTenantId }` (our extension): moves it; a cycle is refused. */
    async moveSubTenant(tenantId: string, parentTenantId: string, o?: CallOptions): Promise<void> {
      await client.put(`${subTenantPath(tenantId)}/${SUB_TENANT_MOVE_SEGMENT}`, { parentTenantId }, adminOptions(o));
    },
    /** `PUT sub-tenants/v1/{tenantId}/management` `{ isReseller }` (updateSubTenantManagement, AB-7.25, AB-6.12). */
    async updateSubTenantManagement(tenantId: string, data: { isReseller: boolean }, o?: CallOptions): Promise<void> {
      await client.put(`${subTenantPath(tenantId)}/management`, data, adminOptions(o));
    },
    /** `PUT sub-tenants/v1/{tenantId}/hierarchy-settings` `{ subAccountAccessType }` (updateSubTenantHierarchySettings, AB-7.25, AB-3.11). */
    async updateSubTenantHierarchySettings(tenantId: string, data: { subAccountAccessType: SubAccountAccessType }, o?: CallOptions): Promise<void> {
      await client.put(`${subTenantPath(tenantId)}/hierarchy-settings`, data, adminOptions(o));
    },
    /** `GET sub-tenants/users/v1` (loadAllUsers, AB-7.26): a page of the users of the tenant and its sub-tenants. */
    loadAllUsers(query: SubTenantUsersQuery, o?: CallOptions): Promise<{ items: SubTenantUser[]; totalPages: number }> {
      return client.get(SUB_TENANT_PATHS.users, adminOptions(o, { query: { ...query } }));
    },
    /** `DELETE sub-tenants/users/v1` with `{ userId, subTenants: [{ tenantId }] }` (AB-7.26): removes those memberships. */
    async removeUserFromTenants(userId: string, tenantIds: readonly string[], o?: CallOptions): Promise<void> {
      await client.delete(SUB_TENANT_PATHS.users, { userId, subTenants: tenantIds.map((tenantId) => ({ tenantId })) }, adminOptions(o));
    },
    // ---- entering a sub-account and its users (issue 34 items 3, 4)
    /**
     * `POST users/v3/me/token { tenantId }` (GetUserJwt, §F): a token of account `tenantId` for the signed-in user,
     * sent with the client's own session (the caller's bearer).
     * @throws FeApiError — 403 when the user may not act there ("No access"), 401 without a session
     */
    getUserJwt(tenantId: string, o?: CallOptions): Promise<UserJwt> {
      return client.post<UserJwt>(SUB_TENANT_PATHS.userJwt, { tenantId }, adminOptions(o));
    },
    /** `POST sub-tenants/users/v2/` (addUsersToSubTenant, §N): invites up to {@link SUB_TENANT_INVITE_MAX} users with roles. */
    async addUsersToSubTenant(body: AddUsersToSubTenant, o?: CallOptions): Promise<void> {
      await client.post(SUB_TENANT_PATHS.usersV2, body, adminOptions(o));
    },
    /** `PATCH sub-tenants/users/v1/{userId}/roles` (setUserRolesForSubTenants, §N): the user's roles in `tenantId` become `roleIds`. */
    async setUserRolesForSubTenant(userId: string, tenantId: string, roleIds: readonly string[], o?: CallOptions): Promise<void> {
      await client.patch(`${SUB_TENANT_PATHS.users}/${encodeURIComponent(userId)}/roles`, { subTenantsRoles: [{ tenantId, roleIds: [...roleIds] }] }, adminOptions(o));
    },
    /**
     * `PUT sub-tenants/users/v1/{userId}/access { allowAccess }` (updateSubAccountAccess, §N; AB-6.10): the per-user
     * sub-account access switch in the caller's account. Resolves with the access in effect when the server says it
     * (`subAccountAccessAllowed`: on whatever the switch while the account's access type is `alwaysOn`), else `allowAccess`.
     */
    async updateSubAccountAccess(userId: string, allowAccess: boolean, o?: CallOptions): Promise<boolean> {
      const answer = await client.put<{ subAccountAccessAllowed?: boolean } | null>(
        `${SUB_TENANT_PATHS.users}/${encodeURIComponent(userId)}/access`,
        { allowAccess },
        adminOptions(o),
      );
      return typeof answer?.subAccountAccessAllowed === 'boolean' ? answer.subAccountAccessAllowed : allowAccess;
    },
  };
}

/** The sub-account calls of one client. */
export type SubTenantsApi = ReturnType<typeof createSubTenantsApi>;
