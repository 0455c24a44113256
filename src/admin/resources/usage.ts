/**
 * The usage section's server data (scaffolded by `npm run new:section`): a paged list of items and the writes on
 * it. Read by the section through `resources.use(createUsageResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import { createUsageApi, USAGE_PATHS, type UsageItem, type UsageQuery } from '../../api/usage.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { QueryContext } from './query.ts';

/** The area's paths, for the section's preview data (views take values from resources, not from src/api). */
export { USAGE_PATHS };

/** Key prefix of every usage page in the cache. */
export const USAGE_KEY = 'admin/usage?';
/** Rows a page (admin spec §9). */
export const USAGE_PAGE_SIZE = 20;

/** The API query of a list query. */
export function usageQuery(query: ListQuery): UsageQuery {
  return {
    _offset: (query.page - 1) * query.pageSize,
    _limit: query.pageSize,
    _filter: query.search || undefined,
    _sortBy: query.sort ? (query.sort.id as UsageQuery['_sortBy']) : undefined,
    _order: query.sort ? (query.sort.desc ? 'DESC' : 'ASC') : undefined,
  };
}

/** Builds the usage resource of one app. */
export function createUsageResource(q: QueryContext, client: ApiClient) {
  const api = createUsageApi(client);
  const list = pagedList<UsageItem>(q, {
    key: USAGE_KEY,
    pageSize: USAGE_PAGE_SIZE,
    load: async (query) => {
      const page = await api.list(usageQuery(query));
      return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
    },
  });
  return {
    /** The section's list: its query (page, search, sort) and state. */
    list,
    /** Adds an item: prepended to the page on screen. @throws FeApiError */
    add: q.mutation<{ name: string }, UsageItem>(async (input) => {
      const item = await api.add(input);
      list.editCurrent((page) => ({ ...page, items: [item, ...page.items], total: page.total === undefined ? undefined : page.total + 1 }));
      return item;
    }),
  };
}
