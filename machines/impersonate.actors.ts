/** The impersonate machine's actors on the app (api-contract F impersonate; the app's auth API is in the core chunk). */
import { fromPromise } from 'xstate';
import { impersonatorOf } from '../src/auth/impersonation.ts';
import type { FeApp } from '../src/app/types.ts';
import { toPublicUser } from '../src/events/user.ts';
import type { Impersonated } from './impersonate.machine.ts';

/** The admin's session once the app knows whether there is one (the start-up refresh settled); rejects when `signal` aborts. */
async function sessionSettled(app: FeApp, signal: AbortSignal) {
  const { $session } = app.stores;
  if (!$session.get().isLoading) return $session.get();
  return new Promise<ReturnType<typeof $session.get>>((resolve, reject) => {
    const done = () => {
      stop();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(signal.reason);
    };
    const stop = $session.listen((session) => {
      if (session.isLoading) return;
      done();
      resolve(session);
    });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Actors of {@link import('./impersonate.machine.ts').impersonateMachine}. */
export function impersonateActors(app: FeApp) {
  return {
    /**
     * Waits for the admin's session, asks for one of the user's (the admin's
     * access token as bearer and `actorToken`), and has the app store it;
     * answers the impersonated user (no tokens) and the admin's id (`act.sub`).
     */
    impersonate: fromPromise<Impersonated, { impersonatedUserId: string; redirectUrl: string | null }>(async ({ input, signal }) => {
      const { accessToken } = await sessionSettled(app, signal);
      const users = (await import('../src/api/users.ts')).createUsersApi(app.client);
      const response = await users.impersonate({ ...input, actorToken: accessToken }, { signal });
      const result = await app.completeLogin(response);
      if (!result) throw new Error(app.i18n.$t.get()('error.generic'));
      return { user: toPublicUser(result.user), actorId: impersonatorOf(result.user) };
    }),
  };
}
