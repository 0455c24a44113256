/**
 * Step-up and the signed-in user's own MFA enrolment (api-contract C
 * generateStepupSession, U authenticator enrol; sign-in §4 "Step-up",
 * §7). A module of its own so that pages without step-up do not load it.
 */
import type { ApiClient } from './client.ts';
import type { LoginResponse, MfaDevices, MfaStrategy } from './types.ts';

/** Paths, without the `/{prefix}`. */
export const STEP_UP_PATHS = Object.freeze({
  generate: '/identity/resources/auth/v1/user/step-up/generate',
  authenticatorEnroll: '/identity/resources/users/v1/mfa/authenticator/enroll',
  authenticatorEnrollVerify: '/identity/resources/users/v1/mfa/authenticator/enroll/verify',
});

/**
 * Answer of step-up generate: an MFA challenge (`mfaDevices`: the user's devices of every kind, api-contract MfaDevs;
 * `mfaStrategies`: the active strategies), or (already stepped up) a login response.
 */
export type StepUpSession =
  | (LoginResponse & { accessToken: string })
  | { mfaToken: string; mfaEnrolled?: boolean; mfaDevices?: MfaDevices; mfaStrategies?: MfaStrategy[]; accessToken?: undefined };

/** Creates the step-up calls on top of `client` (source `login-box`; bearer from the session). */
export function createStepUpApi(client: ApiClient) {
  const o = { source: 'login-box' as const };
  return {
    /**
     * `POST /identity/resources/auth/v1/user/step-up/generate` with `{ maxAge }` (seconds; SI-7.40).
     * @returns an MFA challenge (`mfaToken`, `mfaDevices`) or, when the session already satisfies it, a login response with `accessToken`.
     * @throws FeApiError — message `MFA is not enrolled` when the user has no second factor (SI-8.11).
     */
    generate(params: { maxAge?: number }): Promise<StepUpSession> {
      return client.post<StepUpSession>(STEP_UP_PATHS.generate, { maxAge: params.maxAge }, o);
    },
    /**
     * `POST /identity/resources/users/v1/mfa/authenticator/enroll` (contract U preEnrollMFAAuthenticatorApp).
     * @returns `{ qrCode, secret? }` — a QR code data URL and the base32 secret.
     * @throws FeApiError
     */
    preEnrollAuthenticator(): Promise<{ qrCode: string; secret?: string }> {
      return client.post(STEP_UP_PATHS.authenticatorEnroll, undefined, o);
    },
    /**
     * `POST /identity/resources/users/v1/mfa/authenticator/enroll/verify` with `{ token }` (the 6-digit code).
     * @returns `{ recoveryCode? }` (void in the contract).
     * @throws FeApiError — e.g. a wrong code.
     */
    enrollAuthenticator(params: { token: string }): Promise<{ recoveryCode?: string }> {
      return client.post(STEP_UP_PATHS.authenticatorEnrollVerify, { token: params.token }, o);
    },
  };
}

/** Message the API gives when step-up finds no second factor (admin §8; sign-in §8 → noMFAEnrolledStepUp). */
export const MFA_NOT_ENROLLED = 'MFA is not enrolled';
