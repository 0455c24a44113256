/**
 * Webhooks (scaffolded by `npm run new:section`): the API area of the webhooks section. Calls send
 * `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}`. */
export const WEBHOOKS_PATHS = Object.freeze({ list: '/webhooks/resources/v1' });

/** One webhooks item. `createdAt` is an ISO date. */
export interface WebhooksItem {
  id: string;
  name: string;
  createdAt: string;
}

/** A page of items: `_metadata` counts rows and pages. */
export interface WebhooksPage {
  items: WebhooksItem[];
  _metadata: { totalItems: number; totalPages: number };
}

/** The list query: rows from `_offset`, `_limit` of them, `_filter` by name, sorted by `_sortBy` in `_order`. */
export interface WebhooksQuery {
  _offset: number;
  _limit: number;
  _filter?: string;
  _sortBy?: 'name' | 'createdAt';
  _order?: 'ASC' | 'DESC';
}

/** Creates the webhooks calls on top of `client`. */
export function createWebhooksApi(client: ApiClient) {
  return {
    /** `GET /webhooks/resources/v1`: one page of items. */
    list(query: WebhooksQuery, o?: CallOptions): Promise<WebhooksPage> {
      return client.get<WebhooksPage>(WEBHOOKS_PATHS.list, adminOptions(o, { query: { ...query } }));
    },
    /** `POST /webhooks/resources/v1` with `{ name }`: the item made. */
    add(input: { name: string }, o?: CallOptions): Promise<WebhooksItem> {
      return client.post<WebhooksItem>(WEBHOOKS_PATHS.list, input, adminOptions(o));
    },
  };
}
