/**
 * Subscription (scaffolded by `npm run new:section`): the API area of the subscription section. Calls send
 * `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}`. */
export const SUBSCRIPTION_PATHS = Object.freeze({ list: '/subscription/resources/v1' });

/** One subscription item. `createdAt` is an ISO date. */
export interface SubscriptionItem {
  id: string;
  name: string;
  createdAt: string;
}

/** A page of items: `_metadata` counts rows and pages. */
export interface SubscriptionPage {
  items: SubscriptionItem[];
  _metadata: { totalItems: number; totalPages: number };
}

/** The list query: rows from `_offset`, `_limit` of them, `_filter` by name, sorted by `_sortBy` in `_order`. */
export interface SubscriptionQuery {
  _offset: number;
  _limit: number;
  _filter?: string;
  _sortBy?: 'name' | 'createdAt';
  _order?: 'ASC' | 'DESC';
}

/** Creates the subscription calls on top of `client`. */
export function createSubscriptionApi(client: ApiClient) {
  return {
    /** `GET /subscription/resources/v1`: one page of items. */
    list(query: SubscriptionQuery, o?: CallOptions): Promise<SubscriptionPage> {
      return client.get<SubscriptionPage>(SUBSCRIPTION_PATHS.list, adminOptions(o, { query: { ...query } }));
    },
    /** `POST /subscription/resources/v1` with `{ name }`: the item made. */
    add(input: { name: string }, o?: CallOptions): Promise<SubscriptionItem> {
      return client.post<SubscriptionItem>(SUBSCRIPTION_PATHS.list, input, adminOptions(o));
    },
  };
}
