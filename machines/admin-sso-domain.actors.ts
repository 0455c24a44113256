/** Actors of the domain flow (machines/admin-sso-domain.machine.ts), on the app's SSO resource (the list refetches after each). */
import { fromPromise } from 'xstate';
import type { SsoDomain, SsoDomainValidation } from '../src/api/sso.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';
import { createSsoResource } from '../src/admin/resources/sso.ts';

/** Actors of the domain machine on `resources`. */
export function adminSsoDomainActors(resources: AdminResources) {
  const sso = resources.use(createSsoResource);
  return {
    addDomain: fromPromise<SsoDomain, { configId: string; domain: string }>(({ input }) => sso.addDomain.run(input)),
    validateDomain: fromPromise<SsoDomainValidation, { configId: string; domainId: string }>(({ input }) => sso.validateDomain.run(input)),
  };
}
