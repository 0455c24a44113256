/**
 * Actors of the add-MFA-device flow (machines/admin-enroll-mfa.machine.ts), built on the app's profile resource:
 * every enrolment refetches the user's devices.
 */
import { fromPromise } from 'xstate';
import type { AdminResources } from '../src/admin/resources/index.ts';
import type { Enrolled } from './admin-enroll-mfa.machine.ts';
import { createProfileResource } from '../src/admin/resources/profile.ts';

/** The actors of the machine on `resources.use(createProfileResource)`. */
export function adminEnrollMfaActors(resources: AdminResources) {
  const p = resources.use(createProfileResource);
  return {
    startAuthenticator: fromPromise<{ qrCode: string; secret: string }>(() => p.startAuthenticator.run()),
    verifyAuthenticator: fromPromise<Enrolled, { code: string }>(({ input }) => p.verifyAuthenticator.run(input)),
    sendSms: fromPromise<{ otcToken: string; phoneNumber: string }, { phoneNumber: string }>(({ input }) => p.startSms.run(input)),
    verifySms: fromPromise<Enrolled, { otcToken: string; code: string }>(({ input }) => p.verifySms.run(input)),
    addSecurityKey: fromPromise<Enrolled>(() => p.addSecurityKey.run()),
  };
}
