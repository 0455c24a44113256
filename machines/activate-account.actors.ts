/** The activate-account machine's actors on the app's API (api-contract: getActivateAccountStrategy, activateAccountV2, activateAccountWithOTC, resendActivationEmail; password configuration). */
import { fromPromise } from 'xstate';
import type { FeApp } from '../src/app/types.ts';
import { toPublicUser, type PublicUser } from '../src/events/user.ts';
import type { ActivateRequest, ActivationPlan } from './activate-account.machine.ts';

/** Actors of {@link import('./activate-account.machine.ts').activateAccountMachine}: the users API loads with the flow. */
export function activateAccountActors(app: FeApp) {
  const users = () => import('../src/api/users.ts').then((m) => m.createUsersApi(app.client));
  return {
    /** Whether the user must set a password (rejects when the link is dead), and the user's password rules (empty when they do not load). */
    getStrategy: fromPromise<ActivationPlan, { userId: string; token: string }>(async ({ input, signal }) => {
      const api = await users();
      const [strategy, passwordConfig] = await Promise.all([api.getActivationStrategy(input, { signal }), api.getPasswordConfig(input.userId, { signal }).catch(() => ({}))]);
      return { shouldSetPassword: !!strategy.shouldSetPassword, passwordConfig };
    }),
    /**
     * Activates (with the emailed code in the code variant), then stores the answer as the
     * session (`app.completeLogin`) and answers only the public user — the tokens stay here.
     * Null when the account is active but not signed in here (MFA is asked for, or storing failed).
     */
    activate: fromPromise<PublicUser | null, ActivateRequest>(async ({ input, signal }) => {
      const api = await users();
      const { code, ...link } = input;
      const response = code !== undefined ? await api.activateAccountWithCode({ ...link, code }, { signal }) : await api.activateAccount(link, { signal });
      try {
        return toPublicUser((await app.completeLogin(response))?.user);
      } catch (error) {
        app.logger.warn('activation: the new session could not be stored', error);
        return null;
      }
    }),
    resendActivation: fromPromise<unknown, { email: string }>(async ({ input, signal }) => (await users()).resendActivation(input, { signal })),
  };
}
