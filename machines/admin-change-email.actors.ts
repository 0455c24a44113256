/** Actors of the change-email flow (machines/admin-change-email.machine.ts), built on the app's profile resource. */
import { fromPromise } from 'xstate';
import type { AdminResources } from '../src/admin/resources/index.ts';
import { createProfileResource } from '../src/admin/resources/profile.ts';

/** `requestCode` and `verifyCode` through the profile resource (the cached profile shows the new address once verified). */
export function adminChangeEmailActors(resources: AdminResources) {
  return {
    requestCode: fromPromise<void, { email: string }>(({ input }) => resources.use(createProfileResource).requestEmailChange.run(input)),
    verifyCode: fromPromise<void, { email: string; code: string }>(({ input }) => resources.use(createProfileResource).verifyEmailChange.run(input)),
  };
}
