/** The accept-invitation machine's actors on the app's API (api-contract E: invitation accept, accept/code, activate; password configuration). */
import { fromPromise } from 'xstate';
import type { FeApp } from '../src/app/types.ts';
import { toPublicUser, type PublicUser } from '../src/events/user.ts';
import type { AcceptInput, AcceptOutput, ActivateInput } from './accept-invitation.machine.ts';

/** Actors of {@link import('./accept-invitation.machine.ts').acceptInvitationMachine}: the users API loads with the flow. */
export function acceptInvitationActors(app: FeApp) {
  const users = () => import('../src/api/users.ts').then((m) => m.createUsersApi(app.client));
  return {
    /** Accepts by link or by code; when the invitee must set a password, its rules too (empty when they do not load). */
    accept: fromPromise<AcceptOutput, AcceptInput>(async ({ input, signal }) => {
      const api = await users();
      const answer =
        input.mode === 'code'
          ? await api.acceptInvitationWithCode({ userId: input.userId, token: input.token, code: input.code ?? '' }, { signal })
          : await api.acceptInvitation({ userId: input.userId, token: input.token }, { signal });
      const passwordConfig = answer.shouldSetPassword ? await api.getPasswordConfig(answer.userId ?? input.userId, { signal }).catch(() => ({})) : undefined;
      return { ...answer, passwordConfig };
    }),
    /** Sets the password with the activation token; the answer signs in (the app stores the session); the public user, or null (e.g. MFA asked). */
    activate: fromPromise<PublicUser | null, ActivateInput>(async ({ input, signal }) => {
      const response = await (await users()).activateAccount(input, { signal });
      const result = await app.completeLogin(response);
      return result ? toPublicUser(result.user) : null;
    }),
  };
}
