/**
 * Sub-accounts as the users section reads them (admin spec §4, §9; AB-4.12): the tenant's descendants, and pages of
 * the users of the tenant and its sub-tenants (20 a page, name descending). A removal leaves the cached page only
 * when it covered all of the user's tenants (AB-4.12); otherwise the user stays, with fewer tenants.
 */
import type { ReadableAtom } from 'nanostores';
import type { SubTenant, SubTenantsApi, SubTenantUser, SubTenantUsersQuery } from '../../api/sub-tenants.ts';
import type { QueryContext } from './query.ts';

/** Key prefix of the sub-tenant users pages. */
export const SUB_TENANT_USERS_KEY = 'admin/sub-tenant-users?';
/** Sub-tenant users per page (admin spec §9). */
export const SUB_TENANT_USERS_PAGE_SIZE = 20;

/** A page of sub-tenant users as the cache holds it. */
export interface SubTenantUsersPage {
  items: SubTenantUser[];
  totalPages: number;
}

/**
 * Whether removing `user` from `tenantIds` takes them off the list (AB-4.12): only when the removal covered every
 * tenant of theirs shown in the list.
 */
export function removalCoversAll(user: SubTenantUser, tenantIds: readonly string[]): boolean {
  const removed = new Set(tenantIds);
  return user.tenants.every((t) => removed.has(t.tenantId));
}

/** Builds the sub-accounts resource of one app. */
export function createSubTenantsResource(q: QueryContext, api: SubTenantsApi) {
  return {
    /** The tenant's descendants; `[]` when it has none or they cannot be read (the sub-account view is then not offered). */
    $subTenants: q.createFetcherStore<SubTenant[]>(['admin/sub-tenants'], { fetcher: () => api.getSubTenants().catch(() => [] as SubTenant[]) }),
    /** A store of the page for the query in `$queryJson` (JSON of {@link SubTenantUsersQuery}). */
    page($queryJson: ReadableAtom<string>) {
      return q.createFetcherStore<SubTenantUsersPage>([SUB_TENANT_USERS_KEY, $queryJson], {
        fetcher: (_prefix, json) => api.loadAllUsers(JSON.parse(String(json)) as SubTenantUsersQuery),
      });
    },
    /** Removes `user` from `tenantIds`; the cached page of `key` drops the user only when that covered all their tenants (AB-4.12). */
    removeUser: q.mutation<{ key: string; user: SubTenantUser; tenantIds: string[] }>(async ({ key, user, tenantIds }, cache) => {
      await api.removeUserFromTenants(user.id, tenantIds);
      const page = cache.read<SubTenantUsersPage>(key);
      if (!page) return;
      const gone = removalCoversAll(user, tenantIds);
      cache.write(key, {
        ...page,
        items: gone
          ? page.items.filter((u) => u.id !== user.id)
          : page.items.map((u) =>
              u.id === user.id ? { ...u, tenants: u.tenants.filter((t) => !tenantIds.includes(t.tenantId)), tenantIds: u.tenantIds.filter((id) => !tenantIds.includes(id)) } : u,
            ),
      });
    }),
  };
}

/** The sub-accounts resource of one app. */
export type SubTenantsResource = ReturnType<typeof createSubTenantsResource>;
