/** The sign-up machine's actors on the app's API (api-contract F getVendorConfig, E loadPasswordConfig, D signUpUser). */
import { fromPromise } from 'xstate';
import type { SignUpRequest } from '../src/api/types.ts';
import type { FeApp } from '../src/app/types.ts';
import { toPublicUser } from '../src/events/user.ts';
import type { SignUpOutcome, SignUpPolicy } from './sign-up.machine.ts';

/** Actors of {@link import('./sign-up.machine.ts').signUpMachine}: the users API loads with the flow. */
export function signUpActors(app: FeApp) {
  const users = () => import('../src/api/users.ts').then((m) => m.createUsersApi(app.client));
  return {
    /** Sign-ups open unless the public config says `allowSignups: false`; the password rules (empty when they do not load). */
    loadPolicy: fromPromise<SignUpPolicy>(async ({ signal }) => {
      const api = await users();
      const [config, passwordConfig] = await Promise.all([app.auth.getVendorConfig({ signal }), api.getPasswordConfig(undefined, { signal }).catch(() => ({}))]);
      return { allowSignups: config.allowSignups !== false, passwordConfig };
    }),
    /**
     * Creates the account; when the answer signs the user in at once, stores the session
     * (`app.completeLogin`) and answers only the public user — the tokens stay here.
     */
    signUp: fromPromise<SignUpOutcome, SignUpRequest>(async ({ input, signal }) => {
      const r = await (await users()).signUp(input, { signal });
      const created = { userId: r.userId, tenantId: r.tenantId, shouldActivate: !!r.shouldActivate };
      const auth = r.shouldActivate ? undefined : r.authResponse;
      if (!auth?.accessToken || auth.mfaRequired) return { ...created, user: null, mustSignIn: !!auth?.mfaRequired };
      try {
        const result = await app.completeLogin(auth);
        return { ...created, user: toPublicUser(result?.user), mustSignIn: !result };
      } catch (error) {
        // the account exists: sign in from the login page
        app.logger.warn('sign-up: the new session could not be stored', error);
        return { ...created, user: null, mustSignIn: true };
      }
    }),
  };
}
