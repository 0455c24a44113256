/**
 * The provisioning section's server data (scaffolded by `npm run new:section`): a paged list of items and the writes on
 * it. Read by the section through `resources.use(createProvisioningResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import { createProvisioningApi, PROVISIONING_PATHS, type ProvisioningItem, type ProvisioningQuery } from '../../api/provisioning.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { QueryContext } from './query.ts';

/** The area's paths, for the section's preview data (views take values from resources, not from src/api). */
export { PROVISIONING_PATHS };

/** Key prefix of every provisioning page in the cache. */
export const PROVISIONING_KEY = 'admin/provisioning?';
/** Rows a page (admin spec §9). */
export const PROVISIONING_PAGE_SIZE = 20;

/** The API query of a list query. */
export function provisioningQuery(query: ListQuery): ProvisioningQuery {
  return {
    _offset: (query.page - 1) * query.pageSize,
    _limit: query.pageSize,
    _filter: query.search || undefined,
    _sortBy: query.sort ? (query.sort.id as ProvisioningQuery['_sortBy']) : undefined,
    _order: query.sort ? (query.sort.desc ? 'DESC' : 'ASC') : undefined,
  };
}

/** Builds the provisioning resource of one app. */
export function createProvisioningResource(q: QueryContext, client: ApiClient) {
  const api = createProvisioningApi(client);
  const list = pagedList<ProvisioningItem>(q, {
    key: PROVISIONING_KEY,
    pageSize: PROVISIONING_PAGE_SIZE,
    load: async (query) => {
      const page = await api.list(provisioningQuery(query));
      return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
    },
  });
  return {
    /** The section's list: its query (page, search, sort) and state. */
    list,
    /** Adds an item: prepended to the page on screen. @throws FeApiError */
    add: q.mutation<{ name: string }, ProvisioningItem>(async (input) => {
      const item = await api.add(input);
      list.editCurrent((page) => ({ ...page, items: [item, ...page.items], total: page.total === undefined ? undefined : page.total + 1 }));
      return item;
    }),
  };
}
