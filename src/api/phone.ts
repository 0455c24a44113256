/**
 * Reset phone number and SMS one-time-code sign-in (api-contract E
 * resetPhoneNumber / verifyResetPhoneNumber / changePhoneNumber; A
 * passwordless smscode pre/post login). A module of its own: only the
 * reset-phone page loads it.
 */
import type { ApiClient } from './client.ts';
import type { LoginResponse } from './types.ts';

export const PHONE_PATHS = Object.freeze({
  reset: '/identity/resources/users/v1/phone/reset',
  verify: '/identity/resources/users/v1/phone/reset/verify',
  change: '/identity/resources/users/v1/phone/change',
  smsPreLogin: '/identity/resources/auth/v1/passwordless/smscode/prelogin',
  smsPostLogin: '/identity/resources/auth/v1/passwordless/smscode/postlogin',
});

/** Creates the reset-phone and SMS sign-in calls on top of `client`. */
export function createPhoneApi(client: ApiClient) {
  const o = { source: 'login-box' as const, withoutAuthorization: true };
  return {
    /**
     * `POST users/v1/phone/reset` with `{ email }` → `{ resetPhoneNumberToken }`; a 6-digit code is emailed
     * (an unknown email gets a token that never verifies: no enumeration).
     * @throws FeApiError — 429 `Too many requests. Try again in N seconds` when a code was sent moments ago.
     */
    async resetPhoneNumber(params: { email: string }): Promise<{ resetPhoneNumberToken: string }> {
      return client.post<{ resetPhoneNumberToken: string }>(PHONE_PATHS.reset, { email: params.email }, o);
    },
    /**
     * `POST users/v1/phone/reset/verify` with `{ resetPhoneNumberToken, code }` → `{ changePhoneNumberToken }`.
     * @throws FeApiError — 400 `Invalid code`, or an expired / used / replaced token.
     */
    async verifyResetPhoneNumber(params: { resetPhoneNumberToken: string; code: string }): Promise<{ changePhoneNumberToken: string }> {
      return client.post<{ changePhoneNumberToken: string }>(PHONE_PATHS.verify, params, o);
    },
    /**
     * `PUT users/v1/phone/change` with `{ changePhoneNumberToken, phoneNumber }` (E.164) → `{}`.
     * @throws FeApiError — 400 a number that is not E.164 or an expired token, 409 a number of another user.
     */
    async changePhoneNumber(params: { changePhoneNumberToken: string; phoneNumber: string }): Promise<void> {
      await client.put(PHONE_PATHS.change, params, o);
    },
    /**
     * `POST auth/v1/passwordless/smscode/prelogin` with `{ phoneNumber }` → `{}`; an SMS with a 6-digit code is sent
     * when the number belongs to a user (same answer otherwise).
     * @throws FeApiError — 429 when a code was sent moments ago.
     */
    async smsPreLogin(params: { phoneNumber: string }): Promise<void> {
      await client.post(PHONE_PATHS.smsPreLogin, { phoneNumber: params.phoneNumber }, o);
    },
    /**
     * `POST auth/v1/passwordless/smscode/postlogin` with `{ token: <the SMS code> }` → a login response
     * (with an access token, or the MFA challenge) and the refresh cookie.
     * @throws FeApiError — 400 an invalid, used or expired code; 401 a locked user.
     */
    async smsPostLogin(params: { code: string }): Promise<LoginResponse> {
      return client.post<LoginResponse>(PHONE_PATHS.smsPostLogin, { token: params.code }, o);
    },
  };
}

/** The reset-phone calls of one client. */
export type PhoneApi = ReturnType<typeof createPhoneApi>;
