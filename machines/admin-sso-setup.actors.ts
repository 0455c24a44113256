/**
 * Actors of the SSO setup flow (machines/admin-sso-setup.machine.ts), built on the app's SSO resource: the
 * configuration made joins the section's list; the authorization is saved call by call (roles, then mappings).
 */
import { fromPromise } from 'xstate';
import type { SsoConfiguration } from '../src/api/sso.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';
import { createSsoResource, type SsoAuthorizationInput, type SsoCreateInput } from '../src/admin/resources/sso.ts';

/** Actors of the setup machine on `resources`. */
export function adminSsoSetupActors(resources: AdminResources) {
  const sso = resources.use(createSsoResource);
  return {
    createConfiguration: fromPromise<SsoConfiguration, SsoCreateInput>(({ input }) => sso.create.run(input)),
    saveAuthorization: fromPromise<void, SsoAuthorizationInput>(({ input }) => sso.saveAuthorization.run(input)),
  };
}
