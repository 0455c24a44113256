/**
 * Usage (scaffolded by `npm run new:section`): the API area of the usage section. Calls send
 * `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}`. */
export const USAGE_PATHS = Object.freeze({ list: '/usage/resources/v1' });

/** One usage item. `createdAt` is an ISO date. */
export interface UsageItem {
  id: string;
  name: string;
  createdAt: string;
}

/** A page of items: `_metadata` counts rows and pages. */
export interface UsagePage {
  items: UsageItem[];
  _metadata: { totalItems: number; totalPages: number };
}

/** The list query: rows from `_offset`, `_limit` of them, `_filter` by name, sorted by `_sortBy` in `_order`. */
export interface UsageQuery {
  _offset: number;
  _limit: number;
  _filter?: string;
  _sortBy?: 'name' | 'createdAt';
  _order?: 'ASC' | 'DESC';
}

/** Creates the usage calls on top of `client`. */
export function createUsageApi(client: ApiClient) {
  return {
    /** `GET /usage/resources/v1`: one page of items. */
    list(query: UsageQuery, o?: CallOptions): Promise<UsagePage> {
      return client.get<UsagePage>(USAGE_PATHS.list, adminOptions(o, { query: { ...query } }));
    },
    /** `POST /usage/resources/v1` with `{ name }`: the item made. */
    add(input: { name: string }, o?: CallOptions): Promise<UsageItem> {
      return client.post<UsageItem>(USAGE_PATHS.list, input, adminOptions(o));
    },
  };
}
