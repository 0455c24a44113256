/**
 * The admin portal's server data (architecture "Admin portal" resources/): ONE query cache per app, fetcher stores
 * and mutators per API area built on src/api, invalidating the keys they change. Section views read these stores
 * (`useStore`) and call the mutators; they never call src/api.
 */
import type { FeApp } from '../../app/types.ts';
import type { ApiClient } from '../../api/client.ts';
import { createQueryContext, type QueryContext } from './query.ts';

/**
 * The account the resources act in when it is not the signed-in user's own (issue 34 item 3: the portal acting in a
 * sub-account, src/admin/shell/acting.ts): its id and name. Their client then carries that account's token.
 */
export interface AdminScope {
  tenantId: string;
  name: string;
}

/**
 * A resource: made from the app's query context and API client (it builds its own API from `client`), once per app.
 * Every section reads its resources through `resources.use(factory)`, its own and another section's alike (the users
 * table reads `resources.use(createRolesResource)`): one cache per app, so they share the data, and no list here is
 * edited when a section is added. `scope` is the sub-account acted in (null: the user's own account), for a resource
 * whose defaults differ there (the users list: 10 a page by name, AB-2.05).
 */
export type ResourceFactory<T> = (q: QueryContext, client: ApiClient, scope: AdminScope | null) => T;

/**
 * The resources of one app: its query context, and each resource made on first use (only its API client is used). With
 * `scope`, the resources of a sub-account acted in: `app.client` is then a client carrying that account's token
 * (src/api/scoped-client.ts), and the cache is their own (nothing is shared with the user's own account).
 */
export function createAdminResources(app: Pick<FeApp, 'client'>, scope: AdminScope | null = null) {
  const q = createQueryContext();
  const own = new Map<ResourceFactory<unknown>, unknown>();
  return {
    query: q,
    /** The sub-account these resources act in, or null for the user's own account. */
    scope,
    /** The resource `factory` makes, made on first use and kept for the app (one per factory). */
    use<T>(factory: ResourceFactory<T>): T {
      if (!own.has(factory)) own.set(factory, factory(q, app.client, scope));
      return own.get(factory) as T;
    },
  };
}

/** The admin resources of one app. */
export type AdminResources = ReturnType<typeof createAdminResources>;

const perApp = new WeakMap<FeApp, AdminResources>();

/** The resources of `app`, created on first use (one cache per app: every section element of the app shares it). */
export function adminResourcesOf(app: FeApp): AdminResources {
  let r = perApp.get(app);
  if (!r) perApp.set(app, (r = createAdminResources(app)));
  return r;
}
