/**
 * The subscription section's server data (scaffolded by `npm run new:section`): a paged list of items and the writes on
 * it. Read by the section through `resources.use(createSubscriptionResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import { createSubscriptionApi, SUBSCRIPTION_PATHS, type SubscriptionItem, type SubscriptionQuery } from '../../api/subscription.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { QueryContext } from './query.ts';

/** The area's paths, for the section's preview data (views take values from resources, not from src/api). */
export { SUBSCRIPTION_PATHS };

/** Key prefix of every subscription page in the cache. */
export const SUBSCRIPTION_KEY = 'admin/subscription?';
/** Rows a page (admin spec §9). */
export const SUBSCRIPTION_PAGE_SIZE = 20;

/** The API query of a list query. */
export function subscriptionQuery(query: ListQuery): SubscriptionQuery {
  return {
    _offset: (query.page - 1) * query.pageSize,
    _limit: query.pageSize,
    _filter: query.search || undefined,
    _sortBy: query.sort ? (query.sort.id as SubscriptionQuery['_sortBy']) : undefined,
    _order: query.sort ? (query.sort.desc ? 'DESC' : 'ASC') : undefined,
  };
}

/** Builds the subscription resource of one app. */
export function createSubscriptionResource(q: QueryContext, client: ApiClient) {
  const api = createSubscriptionApi(client);
  const list = pagedList<SubscriptionItem>(q, {
    key: SUBSCRIPTION_KEY,
    pageSize: SUBSCRIPTION_PAGE_SIZE,
    load: async (query) => {
      const page = await api.list(subscriptionQuery(query));
      return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
    },
  });
  return {
    /** The section's list: its query (page, search, sort) and state. */
    list,
    /** Adds an item: prepended to the page on screen. @throws FeApiError */
    add: q.mutation<{ name: string }, SubscriptionItem>(async (input) => {
      const item = await api.add(input);
      list.editCurrent((page) => ({ ...page, items: [item, ...page.items], total: page.total === undefined ? undefined : page.total + 1 }));
      return item;
    }),
  };
}
