/**
 * Actors of the SSO setup flow (machines/admin-sso-setup.machine.ts), built on the app's SSO resource: the
 * configuration made joins the section's list; the authorization is saved call by call (roles, then mappings); the
 * last step switches the connection on.
 */
import { fromPromise } from 'xstate';
import type { SsoConfiguration } from '../src/api/sso.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';
import { createSsoResource, type SsoAuthorizationInput, type SsoCreateInput } from '../src/admin/resources/sso.ts';
import { setupErrorKey } from '../src/admin/sso/model.ts';

/** Actors of the setup machine on `resources`. */
export function adminSsoSetupActors(resources: AdminResources) {
  const sso = resources.use(createSsoResource);
  return {
    // an address that cannot be reached is said as a sentence of the catalogue (issue 31 item 5), not the server's code
    createConfiguration: fromPromise<SsoConfiguration, SsoCreateInput>(({ input }) =>
      sso.create.run(input).catch((error: unknown) => {
        const key = setupErrorKey(error);
        throw key ? { key, statusCode: (error as { statusCode?: number }).statusCode } : error;
      }),
    ),
    saveAuthorization: fromPromise<void, SsoAuthorizationInput>(({ input }) => sso.saveAuthorization.run(input)),
    enableConfiguration: fromPromise<SsoConfiguration, { id: string }>(({ input }) => sso.setEnabled.run({ id: input.id, enabled: true })),
  };
}
