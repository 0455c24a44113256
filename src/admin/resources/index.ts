/**
 * The admin portal's server data (architecture "Admin portal" resources/): ONE query cache per app, fetcher stores
 * and mutators per API area built on src/api, invalidating the keys they change. Section views read these stores
 * (`useStore`) and call the mutators; they never call src/api.
 */
import type { FeApp } from '../../app/types.ts';
import type { ApiClient } from '../../api/client.ts';
import { createAccountApi } from '../../api/account.ts';
import { createGroupsApi } from '../../api/groups.ts';
import { createProfileApi } from '../../api/profile.ts';
import { createSubTenantsApi } from '../../api/sub-tenants.ts';
import { createRolesApi } from '../../api/roles.ts';
import { createTeamApi } from '../../api/team.ts';
import { createTokensApi } from '../../api/tokens.ts';
import { createAccountResource } from './account.ts';
import { createGroupsResource } from './groups.ts';
import { createProfileResource } from './profile.ts';
import { createQueryContext, type QueryContext } from './query.ts';
import { createRolesResource } from './roles.ts';
import { createSubTenantsResource } from './sub-tenants.ts';
import { createTokensResource } from './tokens.ts';
import { createUsersResource } from './users.ts';

/**
 * A section's own resource: made from the app's query context and API client, once per app (a section built with
 * `npm run new:section` reads its resource through `resources.use(factory)`, so no list here is edited).
 */
export type ResourceFactory<T> = (q: QueryContext, client: ApiClient) => T;

/** Every resource of one app (only its API client is used). */
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
    users: createUsersResource(q, createTeamApi(app.client)),
    roles: createRolesResource(q, createRolesApi(app.client)),
    groups: createGroupsResource(q, createGroupsApi(app.client)),
    tokens: createTokensResource(q, createTokensApi(app.client)),
    account: createAccountResource(q, createAccountApi(app.client)),
    profile: createProfileResource(q, createProfileApi(app.client)),
    subTenants: createSubTenantsResource(q, createSubTenantsApi(app.client)),
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
