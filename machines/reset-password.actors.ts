/** The reset-password machine's actors on the app's API (api-contract E: validate, verify; password configuration). */
import { fromPromise } from 'xstate';
import type { PasswordConfig } from '../src/api/types.ts';
import type { FeApp } from '../src/app/types.ts';

/** Actors of {@link import('./reset-password.machine.ts').resetPasswordMachine}. */
export function resetPasswordActors(app: FeApp) {
  const users = () => import('../src/api/users.ts').then((m) => m.createUsersApi(app.client));
  return {
    /** The link is live (else rejects), and the user's password rules (empty when they do not load). */
    validate: fromPromise<{ passwordConfig: PasswordConfig }, { userId: string; token: string }>(async ({ input, signal }) => {
      const api = await users();
      const [, passwordConfig] = await Promise.all([api.validateResetPasswordToken(input, { signal }), api.getPasswordConfig(input.userId, { signal }).catch(() => ({}))]);
      return { passwordConfig };
    }),
    resetPassword: fromPromise<unknown, { userId: string; token: string; password: string }>(async ({ input, signal }) => (await users()).resetPassword(input, { signal })),
  };
}
