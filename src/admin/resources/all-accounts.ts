/**
 * The allAccounts section's server data (issue 34; scaffolded by `npm run new:section`, its calls in the sub-accounts
 * area src/api/sub-tenants.ts): the active account's sub-accounts, a page of 50 at a time (AB-2.04), searchable by
 * name and sortable (createdAt, name, tenantId; AB-3.13). Read by the section through
 * `resources.use(createAllAccountsResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import { createSubTenantsApi, SUB_TENANT_PATHS, type AccountRow, type AccountsQuery } from '../../api/sub-tenants.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { QueryContext } from './query.ts';

/** The area's paths and shapes, for the section's preview data and views (views take values from resources, not src/api). */
export { SUB_TENANT_PATHS };
export type { AccountRow, AccountsQuery };

/** Key prefix of every accounts page in the cache. */
export const ALL_ACCOUNTS_KEY = 'admin/all-accounts?';
/** Accounts a page (admin spec §9 "accounts page limit 50"; AB-2.04). */
export const ALL_ACCOUNTS_PAGE_SIZE = 50;

/** The API query of a list query. */
export function allAccountsQuery(query: ListQuery): AccountsQuery {
  return {
    _offset: (query.page - 1) * query.pageSize,
    _limit: query.pageSize,
    _filter: query.search || undefined,
    _sortBy: query.sort ? (query.sort.id as AccountsQuery['_sortBy']) : undefined,
    _order: query.sort ? (query.sort.desc ? 'DESC' : 'ASC') : undefined,
  };
}

/** Builds the allAccounts resource of one app. */
export function createAllAccountsResource(q: QueryContext, client: ApiClient) {
  const api = createSubTenantsApi(client);
  const list = pagedList<AccountRow>(q, {
    key: ALL_ACCOUNTS_KEY,
    pageSize: ALL_ACCOUNTS_PAGE_SIZE,
    load: async (query) => {
      const page = await api.searchSubTenants(allAccountsQuery(query));
      return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
    },
  });
  return {
    /** The section's list: its query (page, search, sort) and state. */
    list,
  };
}
