/** The forgot-password machine's actors on the app's API (api-contract E forgotPassword). */
import { fromPromise } from 'xstate';
import type { FeApp } from '../src/app/types.ts';

/** Actors of {@link import('./forgot-password.machine.ts').forgotPasswordMachine}: the users API loads with the flow. */
export function forgotPasswordActors(app: FeApp) {
  const users = () => import('../src/api/users.ts').then((m) => m.createUsersApi(app.client));
  return {
    sendResetLink: fromPromise<unknown, { email: string }>(async ({ input, signal }) => (await users()).forgotPassword(input, { signal })),
  };
}
