/**
 * The webhooks section's server data (scaffolded by `npm run new:section`): a paged list of items and the writes on
 * it. Read by the section through `resources.use(createWebhooksResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import { createWebhooksApi, WEBHOOKS_PATHS, type WebhooksItem, type WebhooksQuery } from '../../api/webhooks.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { QueryContext } from './query.ts';

/** The area's paths, for the section's preview data (views take values from resources, not from src/api). */
export { WEBHOOKS_PATHS };

/** Key prefix of every webhooks page in the cache. */
export const WEBHOOKS_KEY = 'admin/webhooks?';
/** Rows a page (admin spec §9). */
export const WEBHOOKS_PAGE_SIZE = 20;

/** The API query of a list query. */
export function webhooksQuery(query: ListQuery): WebhooksQuery {
  return {
    _offset: (query.page - 1) * query.pageSize,
    _limit: query.pageSize,
    _filter: query.search || undefined,
    _sortBy: query.sort ? (query.sort.id as WebhooksQuery['_sortBy']) : undefined,
    _order: query.sort ? (query.sort.desc ? 'DESC' : 'ASC') : undefined,
  };
}

/** Builds the webhooks resource of one app. */
export function createWebhooksResource(q: QueryContext, client: ApiClient) {
  const api = createWebhooksApi(client);
  const list = pagedList<WebhooksItem>(q, {
    key: WEBHOOKS_KEY,
    pageSize: WEBHOOKS_PAGE_SIZE,
    load: async (query) => {
      const page = await api.list(webhooksQuery(query));
      return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
    },
  });
  return {
    /** The section's list: its query (page, search, sort) and state. */
    list,
    /** Adds an item: prepended to the page on screen. @throws FeApiError */
    add: q.mutation<{ name: string }, WebhooksItem>(async (input) => {
      const item = await api.add(input);
      list.editCurrent((page) => ({ ...page, items: [item, ...page.items], total: page.total === undefined ? undefined : page.total + 1 }));
      return item;
    }),
  };
}
