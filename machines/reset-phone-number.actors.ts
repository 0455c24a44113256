/**
 * The reset-phone-number machine's actors on the app's API (api-contract E
 * resetPhoneNumber, verifyResetPhoneNumber, changePhoneNumber; A passwordless
 * SmsCode prelogin / postlogin for the sign-in with the new number).
 */
import { fromPromise } from 'xstate';
import type { FeApp } from '../src/app/types.ts';
import { toPublicUser, type PublicUser } from '../src/events/user.ts';

/** Actors of {@link import('./reset-phone-number.machine.ts').resetPhoneNumberMachine}: the users and passwordless APIs load with the flow. */
export function resetPhoneNumberActors(app: FeApp) {
  const users = () => import('../src/api/users.ts').then((m) => m.createUsersApi(app.client));
  const passwordless = () => import('../src/api/passwordless.ts').then((m) => m.createPasswordlessApi(app.client));
  return {
    requestCode: fromPromise<{ resetPhoneNumberToken: string }, { email: string }>(async ({ input, signal }) => (await users()).resetPhoneNumber(input, { signal })),
    verifyCode: fromPromise<{ changePhoneNumberToken: string }, { resetPhoneNumberToken: string; code: string }>(async ({ input, signal }) =>
      (await users()).verifyResetPhoneNumber(input, { signal }),
    ),
    changePhoneNumber: fromPromise<unknown, { changePhoneNumberToken: string; phoneNumber: string }>(async ({ input, signal }) =>
      (await users()).changePhoneNumber(input, { signal }),
    ),
    sendSmsCode: fromPromise<unknown, { phoneNumber: string }>(async ({ input, signal }) =>
      (await passwordless()).preLogin({ type: 'SmsCode', phoneNumber: input.phoneNumber }, { signal }),
    ),
    /** The texted code signs in (the app stores the session); the public user, or null when no session came of it (e.g. MFA asked). */
    loginWithCode: fromPromise<PublicUser | null, { code: string }>(async ({ input, signal }) => {
      const response = await (await passwordless()).postLogin({ type: 'SmsCode', token: input.code }, { signal });
      const result = await app.completeLogin(response);
      return result ? toPublicUser(result.user) : null;
    }),
  };
}
