/**
 * The actors of the steps after sign-in (machines/after-sign-in.machine.ts)
 * on the app: the breached password's reset link (POST users/v1/passwords/reset),
 * the quick SMS login registration (POST users/v1/phone, then
 * users/v1/phone/verify; remembered in this browser, src/auth/quick-login.ts),
 * and the passkey prompt (src/passkeys). Loaded on demand with the machine,
 * when a sign-in completes. Every call passes the actor's abort signal.
 */
import { fromPromise } from 'xstate';
import type { FeApp } from '../src/app/types.ts';
import { QUICK_LOGIN_KEY, QUICK_LOGIN_USER_KEY, storage } from '../src/auth/quick-login.ts';
import type { PublicUser } from '../src/events/user.ts';
import type { QuickLoginInput } from './after-sign-in.machine.ts';

/** Actors of {@link import('./after-sign-in.machine.ts').afterSignInMachine} on `app`. */
export function afterSignInActors(app: FeApp) {
  const passwordless = () => import('../src/api/passwordless.ts').then((m) => m.createPasswordlessApi(app.client));
  const passkeys = () => import('../src/passkeys/index.ts');
  return {
    sendResetPasswordEmail: fromPromise<unknown, { email: string }>(async ({ input, signal }) =>
      (await import('../src/api/users.ts')).createUsersApi(app.client).forgotPassword(input, { signal }),
    ),
    /**
     * `send` (POST users/v1/phone → `{ changePhoneId }`), `verify` (POST users/v1/phone/verify; then this
     * user's quick SMS login is remembered in this browser).
     */
    quickLogin: fromPromise<{ changePhoneId?: string } | undefined, QuickLoginInput>(async ({ input, signal }) => {
      const api = await passwordless();
      if (input.op === 'send') return api.changePhoneNumberWithVerification({ phoneNumber: input.phoneNumber }, { signal });
      await api.verifyChangePhoneNumber({ changePhoneId: input.changePhoneId, code: input.code }, { signal });
      const id = String(input.user?.id ?? input.user?.sub ?? '');
      const s = storage();
      if (id) {
        s?.setItem(QUICK_LOGIN_KEY + id, 'sms');
        s?.setItem(QUICK_LOGIN_USER_KEY, id);
      }
      return undefined;
    }),
    passkeysCheck: fromPromise<boolean, { user: PublicUser | null }>(async ({ input }) => (await passkeys()).shouldPromptPasskeys(app, input.user)),
    passkeyRegister: fromPromise<unknown>(async ({ signal }) => (await passkeys()).registerPasskey(app, { signal })),
    passkeysDismiss: fromPromise<unknown, { user: PublicUser | null }>(async ({ input }) => (await passkeys()).dismissPasskeysPrompt(app, input.user)),
  };
}
