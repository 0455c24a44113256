/**
 * Sub-accounts as the users section reads them (admin spec §4, §9; AB-4.12): the tenant's descendants, and pages of
 * the users of the tenant and its sub-tenants (20 a page, name descending). A removal leaves the cached page only
 * when it covered all of the user's tenants (AB-4.12); otherwise the user stays, with fewer tenants.
 */
import type { ApiClient } from '../../api/client.ts';
import { createSubTenantsApi, type SubTenant, type SubTenantUser, type SubTenantUsersQuery } from '../../api/sub-tenants.ts';

/** Users one invitation into a sub-account takes at most (issue 34 item 4; the API's rule, for the views). */
export { SUB_TENANT_INVITE_MAX } from '../../api/sub-tenants.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { QueryContext } from './query.ts';

/** Key prefix of the sub-tenant users pages. */
export const SUB_TENANT_USERS_KEY = 'admin/sub-tenant-users?';
/** Sub-tenant users per page (admin spec §9). */
export const SUB_TENANT_USERS_PAGE_SIZE = 20;

/** The loadAllUsers query of a list query: 20 a page, name descending (admin spec §9), the search as `_filter`. */
export function subTenantUsersQuery(query: ListQuery): SubTenantUsersQuery {
  return { _offset: (query.page - 1) * query.pageSize, _limit: query.pageSize, _filter: query.search, _sortBy: 'name', _order: 'DESC' };
}

/**
 * Whether removing `user` from `tenantIds` takes them off the list (AB-4.12): only when the removal covered every
 * tenant of theirs shown in the list.
 */
export function removalCoversAll(user: SubTenantUser, tenantIds: readonly string[]): boolean {
  const removed = new Set(tenantIds);
  return user.tenants.every((t) => removed.has(t.tenantId));
}

/** Builds the sub-accounts resource of one app (its API from `client`); sections read it with `resources.use(createSubTenantsResource)`. */
export function createSubTenantsResource(q: QueryContext, client: ApiClient) {
  const api = createSubTenantsApi(client);
  const list = pagedList<SubTenantUser>(q, { key: SUB_TENANT_USERS_KEY, pageSize: SUB_TENANT_USERS_PAGE_SIZE, load: (query) => api.loadAllUsers(subTenantUsersQuery(query)) });
  return {
    /** The tenant's descendants; `[]` when it has none or they cannot be read (the sub-account view is then not offered). */
    $subTenants: q.createFetcherStore<SubTenant[]>(['admin/sub-tenants'], { fetcher: () => api.getSubTenants().catch(() => [] as SubTenant[]) }),
    /** The users of the tenant and its sub-tenants: the list's query (page, search) and state. */
    list,
    /**
     * The user with exactly this email among the users of the account and its sub-accounts, with their memberships
     * there (for "remove from this account and its sub-accounts"), or null. @throws FeApiError
     */
    findUser: async (email: string): Promise<SubTenantUser | null> => {
      const page = await api.loadAllUsers({ _offset: 0, _limit: 20, _filter: email, _sortBy: 'email', _order: 'ASC' });
      return page.items.find((u) => u.email.toLowerCase() === email.toLowerCase()) ?? null;
    },
    /** Removes `user` from `tenantIds`; the cached pages drop the user only when that covered all their tenants (AB-4.12). */
    removeUser: q.mutation<{ user: SubTenantUser; tenantIds: string[] }>(async ({ user, tenantIds }) => {
      await api.removeUserFromTenants(user.id, tenantIds);
      const gone = removalCoversAll(user, tenantIds);
      list.edit((page) => ({
        ...page,
        items: gone
          ? page.items.filter((u) => u.id !== user.id)
          : page.items.map((u) =>
              u.id === user.id ? { ...u, tenants: u.tenants.filter((t) => !tenantIds.includes(t.tenantId)), tenantIds: u.tenantIds.filter((id) => !tenantIds.includes(id)) } : u,
            ),
      }));
    }),
  };
}

/** The sub-accounts resource of one app. */
export type SubTenantsResource = ReturnType<typeof createSubTenantsResource>;
