/**
 * Actors of the legacy SAML machine (machines/admin-saml.machine.ts), on the app's SSO resource; IllegalState is
 * logged with the app's logger (AB-8.09).
 */
import { fromPromise } from 'xstate';
import type { FeApp } from '../src/app/types.ts';
import type { SamlConfiguration, SamlConfigurationInput } from '../src/api/sso.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';
import { createSsoResource } from '../src/admin/resources/sso.ts';
import type { IllegalStateError } from './admin-saml.machine.ts';

/** Actors of the legacy SAML machine on `resources`; `app.logger` logs IllegalState. */
export function adminSamlActors(resources: AdminResources, app: Pick<FeApp, 'logger'>) {
  const sso = resources.use(createSsoResource);
  return {
    loadSaml: fromPromise<SamlConfiguration>(() => sso.loadSaml.run()),
    saveSaml: fromPromise<SamlConfiguration, SamlConfigurationInput>(({ input }) => sso.saveSaml.run(input)),
    validateSamlDomain: fromPromise<SamlConfiguration>(() => sso.validateSamlDomain.run()),
    logIllegalState: fromPromise<void, { error: IllegalStateError }>(async ({ input }) => app.logger.error(input.error)),
  };
}
