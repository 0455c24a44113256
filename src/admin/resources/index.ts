/**
 * The admin portal's server data (architecture "Admin portal" resources/): ONE query cache per app, fetcher stores
 * and mutators per API area built on src/api, invalidating the keys they change. Section views read these stores
 * (`useStore`) and call the mutators; they never call src/api.
 */
import type { FeApp } from '../../app/types.ts';
import type { ApiClient } from '../../api/client.ts';
import { createQueryContext, type QueryContext } from './query.ts';

/**
 * A resource: made from the app's query context and API client (it builds its own API from `client`), once per app.
 * Every section reads its resources through `resources.use(factory)`, its own and another section's alike (the users
 * table reads `resources.use(createRolesResource)`): one cache per app, so they share the data, and no list here is
 * edited when a section is added.
 */
export type ResourceFactory<T> = (q: QueryContext, client: ApiClient) => T;

/** The resources of one app: its query context, and each resource made on first use (only its API client is used). */
export function createAdminResources(app: Pick<FeApp, 'client'>) {
  const q = createQueryContext();
  const own = new Map<ResourceFactory<unknown>, unknown>();
  return {
    query: q,
    /** The resource `factory` makes, made on first use and kept for the app (one per factory). */
    use<T>(factory: ResourceFactory<T>): T {
      if (!own.has(factory)) own.set(factory, factory(q, app.client));
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
