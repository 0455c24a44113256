/**
 * MFA during sign-in (api-contract B; sign-in §7 SI-7.41, SI-7.42): verify, authenticator enrolment, recovery.
 * A module of its own, loaded only by the elements that need it. Calls
 * behave as in ./auth.ts (source `login-box`, FeApiError on failure).
 */
import type { ApiClient, RequestOptions } from './client.ts';
import type { AuthenticatorEnrollment, LoginResponse } from './types.ts';

import { AUTH_PATHS, type CallOptions } from './auth.ts';

/** Creates the calls on top of `client`. */
export function createMfaLoginApi(client: ApiClient) {
  const lb = (o: CallOptions = {}, extra: RequestOptions = {}): RequestOptions => ({
    source: 'login-box',
    signal: o.signal,
    ...extra,
  });

  const api = {
    /**
     * MFA at login: `POST /identity/resources/auth/v1/user/mfa/verify` with
     * `{mfaToken, value, rememberDevice?, invitationToken?}` (contract B loginWithMfa, SI-7.31).
     * `value` is the one-time code.
     *
     * @returns the raw {@link LoginResponse} with tokens.
     * @throws FeApiError — e.g. 400/401 for a wrong or expired code.
     */
    loginWithMfa(
      params: { mfaToken: string; value: string; rememberDevice?: boolean; invitationToken?: string },
      o?: CallOptions,
    ): Promise<LoginResponse> {
      return client.post<LoginResponse>(AUTH_PATHS.mfaVerify, params, lb(o));
    },

    /**
     * Starts authenticator-app enrolment during login:
     * `POST /identity/resources/auth/v1/user/mfa/authenticator/enroll` with `{mfaToken}` (contract B, SI-7.42).
     *
     * @returns `{qrCode, secret?}`; `qrCode` is an image data URL.
     * @throws FeApiError
     */
    preEnrollAuthenticatorApp(params: { mfaToken: string }, o?: CallOptions): Promise<AuthenticatorEnrollment> {
      return client.post<AuthenticatorEnrollment>(AUTH_PATHS.authenticatorEnroll, { mfaToken: params.mfaToken }, lb(o));
    },

    /**
     * Finishes authenticator-app enrolment during login:
     * `POST /identity/resources/auth/v1/user/mfa/authenticator/enroll/verify`
     * with `{mfaToken, token, rememberDevice?}` (contract B, SI-7.42). `token` is the 6-digit code.
     *
     * @returns the raw {@link LoginResponse} (includes `recoveryCode`).
     * @throws FeApiError
     */
    enrollAuthenticatorApp(
      params: { mfaToken: string; token: string; rememberDevice?: boolean },
      o?: CallOptions,
    ): Promise<LoginResponse> {
      return client.post<LoginResponse>(AUTH_PATHS.authenticatorEnrollVerify, params, lb(o));
    },

    /**
     * Verifies an enrolled authenticator app during login:
     * `POST /identity/resources/auth/v1/user/mfa/authenticator/{deviceId}/verify`
     * with `{mfaToken, value, rememberDevice?}` (contract B, SI-7.42).
     *
     * @returns the raw {@link LoginResponse}.
     * @throws FeApiError
     */
    verifyAuthenticatorApp(
      params: { deviceId: string; mfaToken: string; value: string; rememberDevice?: boolean },
      o?: CallOptions,
    ): Promise<LoginResponse> {
      const { deviceId, ...body } = params;
      return client.post<LoginResponse>(AUTH_PATHS.authenticatorVerify(deviceId), body, lb(o));
    },

    /**
     * MFA recovery at login: `POST /identity/resources/auth/v1/user/mfa/recover`
     * with `{email, recoveryCode}` (contract B recoverMfaToken, SI-7.41).
     *
     * @returns whatever JSON arrives (`void` in the contract; `{}` on an empty body).
     * @throws FeApiError
     */
    recoverMfa(params: { email: string; recoveryCode: string }, o?: CallOptions): Promise<Partial<LoginResponse>> {
      return client.post<Partial<LoginResponse>>(AUTH_PATHS.mfaRecover, params, lb(o));
    },
  };
  return {
    ...api,
    /**
     * Verifies a sign-in code: `{deviceId}/verify` when the authenticator device is known, else `mfa/verify`.
     * @returns the login response
     * @throws FeApiError — e.g. "Invalid code"
     */
    verifyCode(input: { mfaToken: string; deviceId?: string; code: string; rememberDevice?: boolean }, o?: CallOptions): Promise<LoginResponse> {
      return input.deviceId
        ? api.verifyAuthenticatorApp({ deviceId: input.deviceId, mfaToken: input.mfaToken, value: input.code, rememberDevice: input.rememberDevice }, o)
        : api.loginWithMfa({ mfaToken: input.mfaToken, value: input.code, rememberDevice: input.rememberDevice }, o);
    },
  };
}
