/**
 * Provisioning (scaffolded by `npm run new:section`): the API area of the provisioning section. Calls send
 * `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}`. */
export const PROVISIONING_PATHS = Object.freeze({ list: '/provisioning/resources/v1' });

/** One provisioning item. `createdAt` is an ISO date. */
export interface ProvisioningItem {
  id: string;
  name: string;
  createdAt: string;
}

/** A page of items: `_metadata` counts rows and pages. */
export interface ProvisioningPage {
  items: ProvisioningItem[];
  _metadata: { totalItems: number; totalPages: number };
}

/** The list query: rows from `_offset`, `_limit` of them, `_filter` by name, sorted by `_sortBy` in `_order`. */
export interface ProvisioningQuery {
  _offset: number;
  _limit: number;
  _filter?: string;
  _sortBy?: 'name' | 'createdAt';
  _order?: 'ASC' | 'DESC';
}

/** Creates the provisioning calls on top of `client`. */
export function createProvisioningApi(client: ApiClient) {
  return {
    /** `GET /provisioning/resources/v1`: one page of items. */
    list(query: ProvisioningQuery, o?: CallOptions): Promise<ProvisioningPage> {
      return client.get<ProvisioningPage>(PROVISIONING_PATHS.list, adminOptions(o, { query: { ...query } }));
    },
    /** `POST /provisioning/resources/v1` with `{ name }`: the item made. */
    add(input: { name: string }, o?: CallOptions): Promise<ProvisioningItem> {
      return client.post<ProvisioningItem>(PROVISIONING_PATHS.list, input, adminOptions(o));
    },
  };
}
