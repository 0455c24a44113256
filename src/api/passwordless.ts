/**
 * Passwordless sign-in calls (api-contract A passwordlessPreLogin /
 * passwordlessPostLogin; sign-in §7 SI-7.38) — magic link, email code and SMS
 * code (also the SMS sign-in after a phone reset) — and the verified phone
 * change of the quick SMS login (api-contract E
 * changePhoneNumberWithVerification, verifyChangePhoneNumber). A module of its
 * own, loaded on demand by the login box when a passwordless step or a
 * magic-link callback starts; calls behave as in ./auth.ts (source
 * `login-box`, FeApiError on failure). The vendor's public auth strategies
 * are ./auth.ts' `getPublicAuthStrategies`.
 */
import type { ApiClient } from './client.ts';
import { requestOptions, type CallOptions } from './request.ts';
import type { LoginResponse } from './types.ts';

/** A passwordless type as the login box names it (sign-in §3), or one of the contract's username variants. */
export type PasswordlessApiType = 'MagicLink' | 'Code' | 'SmsCode' | 'UsernameAndMagicLink' | 'UsernameAndCode' | 'UsernameAndSms';

/** The prelogin path segment (api-contract A): `type.toLowerCase()`, the username variants mapped to their base type. */
export function preLoginType(type: PasswordlessApiType): string {
  const mapped: Record<string, string> = { UsernameAndCode: 'code', UsernameAndMagicLink: 'magiclink', UsernameAndSms: 'smscode' };
  return mapped[type] ?? type.toLowerCase();
}

/** Paths (without the prefix). Postlogin lower-cases the type with no mapping (api-contract A). */
export const PASSWORDLESS_PATHS = Object.freeze({
  preLogin: (type: PasswordlessApiType) => `/identity/resources/auth/v1/passwordless/${preLoginType(type)}/prelogin`,
  postLogin: (type: PasswordlessApiType) => `/identity/resources/auth/v1/passwordless/${type.toLocaleLowerCase()}/postlogin`,
  phone: '/identity/resources/users/v1/phone',
  phoneVerify: '/identity/resources/users/v1/phone/verify',
});

/** Creates the calls on top of `client`. */
export function createPasswordlessApi(client: ApiClient) {
  return {
    /**
     * `POST auth/v1/passwordless/{type}/prelogin` with `{ email | userId | phoneNumber, invitationToken? }`:
     * sends the magic link (email), the code (email) or the SMS code (the user's phone; type `SmsCode`
     * with `{ phoneNumber }`). Resolves `{}` also for an unknown user (no enumeration).
     * @throws FeApiError — 400 no identifier, 429 `Too many requests. Try again in N seconds` (sent moments ago).
     */
    async preLogin(
      { type, ...body }: { type: PasswordlessApiType; email?: string; userId?: string; phoneNumber?: string; invitationToken?: string },
      o?: CallOptions,
    ): Promise<{ phoneNumber?: string }> {
      return client.post<{ phoneNumber?: string }>(PASSWORDLESS_PATHS.preLogin(type), body, requestOptions(o));
    },
    /**
     * `POST auth/v1/passwordless/{type}/postlogin` with `{ token, invitationToken? }` (the code typed, or the
     * magic link's `token` query parameter; type `SmsCode`: the SMS code). A sign-in call: no refresh on 401.
     * @returns the login response: tokens (and the refresh cookie), or the MFA challenge (`mfaRequired`, `mfaToken`).
     * @throws FeApiError — 400 an invalid, used, replaced or expired code or link; 401 a locked user.
     */
    postLogin({ type, ...body }: { type: PasswordlessApiType; token: string; invitationToken?: string }, o?: CallOptions): Promise<LoginResponse> {
      return client.post<LoginResponse>(PASSWORDLESS_PATHS.postLogin(type), body, requestOptions(o, { noRefresh: true }));
    },
    /**
     * `POST users/v1/phone` with `{ phoneNumber }` (E.164), signed in: texts a code to the new number.
     * @returns `{ changePhoneId }` for {@link verifyChangePhoneNumber}.
     * @throws FeApiError — 400 not E.164, 401 no session, 409 a number of another user, 429 sent moments ago.
     */
    changePhoneNumberWithVerification(body: { phoneNumber: string }, o?: CallOptions): Promise<{ changePhoneId: string }> {
      return client.post<{ changePhoneId: string }>(PASSWORDLESS_PATHS.phone, body, requestOptions(o));
    },
    /**
     * `POST users/v1/phone/verify` with `{ changePhoneId, code }`: the number becomes the user's.
     * @throws FeApiError — 400 `Invalid code` (counted) or a used / replaced / expired code.
     */
    async verifyChangePhoneNumber(body: { changePhoneId: string; code: string }, o?: CallOptions): Promise<void> {
      await client.post(PASSWORDLESS_PATHS.phoneVerify, body, requestOptions(o));
    },
  };
}

/** The passwordless calls of one client. */
export type PasswordlessApi = ReturnType<typeof createPasswordlessApi>;
