/** The unlock-account machine's actors on the app's API (SI-7.29 `POST v3/me/unlock`). */
import { fromPromise } from 'xstate';
import type { FeApp } from '../src/app/types.ts';

/** Actors of {@link import('./unlock-account.machine.ts').unlockAccountMachine}: the users API loads with the flow. */
export function unlockAccountActors(app: FeApp) {
  const users = () => import('../src/api/users.ts').then((m) => m.createUsersApi(app.client));
  return {
    unlock: fromPromise<unknown, { token: string }>(async ({ input, signal }) => (await users()).unlockAccount(input, { signal })),
  };
}
