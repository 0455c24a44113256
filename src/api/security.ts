/**
 * Security (scaffolded by `npm run new:section`): the API area of the security section. Calls send
 * `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}`. */
export const SECURITY_PATHS = Object.freeze({ list: '/security/resources/v1' });

/** One security item. `createdAt` is an ISO date. */
export interface SecurityItem {
  id: string;
  name: string;
  createdAt: string;
}

/** A page of items: `_metadata` counts rows and pages. */
export interface SecurityPage {
  items: SecurityItem[];
  _metadata: { totalItems: number; totalPages: number };
}

/** The list query: rows from `_offset`, `_limit` of them, `_filter` by name, sorted by `_sortBy` in `_order`. */
export interface SecurityQuery {
  _offset: number;
  _limit: number;
  _filter?: string;
  _sortBy?: 'name' | 'createdAt';
  _order?: 'ASC' | 'DESC';
}

/** Creates the security calls on top of `client`. */
export function createSecurityApi(client: ApiClient) {
  return {
    /** `GET /security/resources/v1`: one page of items. */
    list(query: SecurityQuery, o?: CallOptions): Promise<SecurityPage> {
      return client.get<SecurityPage>(SECURITY_PATHS.list, adminOptions(o, { query: { ...query } }));
    },
    /** `POST /security/resources/v1` with `{ name }`: the item made. */
    add(input: { name: string }, o?: CallOptions): Promise<SecurityItem> {
      return client.post<SecurityItem>(SECURITY_PATHS.list, input, adminOptions(o));
    },
  };
}
