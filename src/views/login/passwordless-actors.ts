/**
 * The login machine's passwordless actors as the login box provides them
 * (loaded on demand, with the calls of src/api/passwordless.ts): `start`,
 * `passwordlessPreLogin`, `passwordlessPostLogin`, `postLogin` (callback
 * pages: the magic link here, social / OIDC / SAML in src/federation) and
 * `quickLogin` (the quick SMS login of mode `registerQuickLogin`).
 */
import type { FeApp } from '../../app/app.ts';
import { createPasswordlessApi } from '../../api/passwordless.ts';
import type { LoginCallback, PasswordlessType, QuickLoginInput } from '../../../machines/login.machine.ts';
import type { LoginResponse } from '../../api/types.ts';
// "Failed to authenticate" (sign-in §8) may show on preLogin, whose texts are loaded first
import '../../i18n/en-passwordless.ts';
import { QUICK_LOGIN_KEY, QUICK_LOGIN_USER_KEY, loginStart, storage } from './start.ts';
import type { LoginContext } from '../../../machines/login.machine.ts';

const api = (app: FeApp) => createPasswordlessApi(app.client);

/** `start`: the strategy (GET …/auth/strategies/public), the callback page, the login mode (./start.ts). */
export function start(app: FeApp, _input: unknown, signal?: AbortSignal): Promise<Partial<LoginContext>> {
  return loginStart(app, api(app).getPublicAuthStrategies({ signal }));
}

/** `passwordlessPreLogin`: POST passwordless/{type}/prelogin (email, or the quick login's user id). */
export function preLogin(app: FeApp, input: { type: PasswordlessType; email?: string; userId?: string }, signal?: AbortSignal): Promise<unknown> {
  return api(app).preLogin(input, { signal });
}

/** `passwordlessPostLogin`: POST passwordless/{type}/postlogin with the code → the login response. */
export function postLogin(app: FeApp, input: { type: PasswordlessType; token: string }, signal?: AbortSignal): Promise<LoginResponse> {
  return api(app).postLogin(input, { signal });
}

/**
 * `postLogin` (interfaces §2): kind `magicLink` → POST passwordless/MagicLink/postlogin with the link's
 * `token`; other kinds → src/federation/callback.ts `runPostLogin` (loaded on demand).
 * @throws FeApiError / Error — the machine shows "Failed to authenticate".
 */
export async function callback(app: FeApp, input: LoginCallback): Promise<LoginResponse> {
  if (input.kind === 'magicLink') return api(app).postLogin({ type: 'MagicLink', token: input.params.token ?? '' });
  return (await import('../../federation/callback.ts')).runPostLogin(app, input as { kind: 'social' | 'oidc' | 'saml'; params: Record<string, string> });
}

/**
 * `quickLogin`: `send` (POST users/v1/phone → `{ changePhoneId }`), `verify`
 * (POST users/v1/phone/verify; then this user's quick SMS login is remembered
 * in this browser, see ./start.ts).
 * @throws FeApiError from the calls.
 */
export async function quickLogin(app: FeApp, input: QuickLoginInput): Promise<unknown> {
  if (input.op === 'send') return api(app).changePhoneNumberWithVerification({ phoneNumber: input.phoneNumber });
  await api(app).verifyChangePhoneNumber({ changePhoneId: input.changePhoneId, code: input.code });
  const id = String(input.user?.id ?? input.user?.sub ?? '');
  const s = storage();
  if (id) {
    s?.setItem(QUICK_LOGIN_KEY + id, 'sms');
    s?.setItem(QUICK_LOGIN_USER_KEY, id);
  }
  return undefined;
}
