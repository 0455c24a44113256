/**
 * The security section's server data (scaffolded by `npm run new:section`): a paged list of items and the writes on
 * it. Read by the section through `resources.use(createSecurityResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import { createSecurityApi, type SecurityItem, type SecurityQuery } from '../../api/security.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { QueryContext } from './query.ts';

/** Key prefix of every security page in the cache. */
export const SECURITY_KEY = 'admin/security?';
/** Rows a page (admin spec §9). */
export const SECURITY_PAGE_SIZE = 20;

/** The API query of a list query. */
export function securityQuery(query: ListQuery): SecurityQuery {
  return {
    _offset: (query.page - 1) * query.pageSize,
    _limit: query.pageSize,
    _filter: query.search || undefined,
    _sortBy: query.sort ? (query.sort.id as SecurityQuery['_sortBy']) : undefined,
    _order: query.sort ? (query.sort.desc ? 'DESC' : 'ASC') : undefined,
  };
}

/** Builds the security resource of one app. */
export function createSecurityResource(q: QueryContext, client: ApiClient) {
  const api = createSecurityApi(client);
  const list = pagedList<SecurityItem>(q, {
    key: SECURITY_KEY,
    pageSize: SECURITY_PAGE_SIZE,
    load: async (query) => {
      const page = await api.list(securityQuery(query));
      return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
    },
  });
  return {
    /** The section's list: its query (page, search, sort) and state. */
    list,
    /** Adds an item: prepended to the page on screen. @throws FeApiError */
    add: q.mutation<{ name: string }, SecurityItem>(async (input) => {
      const item = await api.add(input);
      list.editCurrent((page) => ({ ...page, items: [item, ...page.items], total: page.total === undefined ? undefined : page.total + 1 }));
      return item;
    }),
  };
}
