/**
 * Sso (scaffolded by `npm run new:section`): the API area of the sso section. Calls send
 * `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}`. */
export const SSO_PATHS = Object.freeze({ list: '/sso/resources/v1' });

/** One sso item. `createdAt` is an ISO date. */
export interface SsoItem {
  id: string;
  name: string;
  createdAt: string;
}

/** A page of items: `_metadata` counts rows and pages. */
export interface SsoPage {
  items: SsoItem[];
  _metadata: { totalItems: number; totalPages: number };
}

/** The list query: rows from `_offset`, `_limit` of them, `_filter` by name, sorted by `_sortBy` in `_order`. */
export interface SsoQuery {
  _offset: number;
  _limit: number;
  _filter?: string;
  _sortBy?: 'name' | 'createdAt';
  _order?: 'ASC' | 'DESC';
}

/** Creates the sso calls on top of `client`. */
export function createSsoApi(client: ApiClient) {
  return {
    /** `GET /sso/resources/v1`: one page of items. */
    list(query: SsoQuery, o?: CallOptions): Promise<SsoPage> {
      return client.get<SsoPage>(SSO_PATHS.list, adminOptions(o, { query: { ...query } }));
    },
    /** `POST /sso/resources/v1` with `{ name }`: the item made. */
    add(input: { name: string }, o?: CallOptions): Promise<SsoItem> {
      return client.post<SsoItem>(SSO_PATHS.list, input, adminOptions(o));
    },
  };
}
