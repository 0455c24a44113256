/**
 * The sso section's server data (scaffolded by `npm run new:section`): a paged list of items and the writes on
 * it. Read by the section through `resources.use(createSsoResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import { createSsoApi, SSO_PATHS, type SsoItem, type SsoQuery } from '../../api/sso.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { QueryContext } from './query.ts';

/** The area's paths, for the section's preview data (views take values from resources, not from src/api). */
export { SSO_PATHS };

/** Key prefix of every sso page in the cache. */
export const SSO_KEY = 'admin/sso?';
/** Rows a page (admin spec §9). */
export const SSO_PAGE_SIZE = 20;

/** The API query of a list query. */
export function ssoQuery(query: ListQuery): SsoQuery {
  return {
    _offset: (query.page - 1) * query.pageSize,
    _limit: query.pageSize,
    _filter: query.search || undefined,
    _sortBy: query.sort ? (query.sort.id as SsoQuery['_sortBy']) : undefined,
    _order: query.sort ? (query.sort.desc ? 'DESC' : 'ASC') : undefined,
  };
}

/** Builds the sso resource of one app. */
export function createSsoResource(q: QueryContext, client: ApiClient) {
  const api = createSsoApi(client);
  const list = pagedList<SsoItem>(q, {
    key: SSO_KEY,
    pageSize: SSO_PAGE_SIZE,
    load: async (query) => {
      const page = await api.list(ssoQuery(query));
      return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
    },
  });
  return {
    /** The section's list: its query (page, search, sort) and state. */
    list,
    /** Adds an item: prepended to the page on screen. @throws FeApiError */
    add: q.mutation<{ name: string }, SsoItem>(async (input) => {
      const item = await api.add(input);
      list.editCurrent((page) => ({ ...page, items: [item, ...page.items], total: page.total === undefined ? undefined : page.total + 1 }));
      return item;
    }),
  };
}
