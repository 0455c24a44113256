/**
 * The MFA area (api-contract B, C step-up, U authenticator enrolment; sign-in
 * §4 "Step-up", §7 SI-7.40, SI-7.41, SI-7.42, SI-7.56):
 * - during sign-in, with the login answer's `mfaToken`: authenticator app
 *   (verify, enrolment), SMS and email codes (send, verify, SMS enrolment),
 *   WebAuthn (options and verification, enrolment), recovery, and the
 *   remember-device check;
 * - step-up: a new MFA challenge for the signed-in user (`generateStepUpSession`);
 * - the signed-in user's own authenticator-app enrolment.
 *
 * A module of its own, loaded only by the elements that need it. Calls behave
 * as in ./auth.ts (source `login-box`, FeApiError on failure; `errorCode`
 * tells wrong, expired and used codes apart). The code verifications are
 * sign-in calls: a 401 there is a wrong code, so they never trigger the
 * client's refresh (`noRefresh`).
 */
import type { ApiClient, RequestOptions } from './client.ts';
import type { AuthenticatorEnrollment, LoginResponse, MfaDevices, MfaStrategy } from './types.ts';
import type { WebAuthnAssertion, WebAuthnAttestation, WebAuthnCreationOptions, WebAuthnRequestOptions } from './passkeys.ts';
import { AUTH_PATHS } from './auth.ts';
import { requestOptions, type CallOptions } from './request.ts';

const MFA = '/identity/resources/auth/v1/user/mfa';
const id = (deviceId: string) => encodeURIComponent(deviceId);

/** Paths of the MFA calls beyond {@link AUTH_PATHS}' (contract B, C, U), without the prefix. */
export const MFA_PATHS = Object.freeze({
  rememberDevice: '/identity/resources/configurations/v1/mfa-policy/allow-remember-device',
  emailCode: `${MFA}/emailcode`,
  emailCodeVerify: `${MFA}/emailcode/verify`,
  smsEnroll: `${MFA}/sms/enroll`,
  smsEnrollVerify: `${MFA}/sms/enroll/verify`,
  sms: (deviceId: string) => `${MFA}/sms/${id(deviceId)}`,
  smsVerify: (deviceId: string) => `${MFA}/sms/${id(deviceId)}/verify`,
  webauthnEnroll: `${MFA}/webauthn/enroll`,
  webauthnEnrollVerify: `${MFA}/webauthn/enroll/verify`,
  webauthn: (deviceId: string) => `${MFA}/webauthn/${id(deviceId)}`,
  webauthnVerify: (deviceId: string) => `${MFA}/webauthn/${id(deviceId)}/verify`,
  stepUpGenerate: '/identity/resources/auth/v1/user/step-up/generate',
  userAuthenticatorEnroll: '/identity/resources/users/v1/mfa/authenticator/enroll',
  userAuthenticatorEnrollVerify: '/identity/resources/users/v1/mfa/authenticator/enroll/verify',
});

/** Message the API gives when step-up finds no second factor (admin §8; sign-in §8 → noMFAEnrolledStepUp). */
export const MFA_NOT_ENROLLED = 'MFA is not enrolled';

/**
 * Answer of step-up generate: an MFA challenge (`mfaDevices`: the user's devices of every kind, api-contract MfaDevs;
 * `mfaStrategies`: the active strategies), or (already stepped up) a login response.
 */
export type StepUpSession =
  (LoginResponse & { accessToken: string }) | { mfaToken: string; mfaEnrolled?: boolean; mfaDevices?: MfaDevices; mfaStrategies?: MfaStrategy[]; accessToken?: undefined };

/** `allow-remember-device` answer: whether "remember this device" may be offered, and for how long (seconds). */
export interface RememberDeviceAnswer {
  isAllowedToRemember: boolean;
  mfaDeviceExpiration: number;
}

/** The answer of a code being sent (SMS, email): its token, and for SMS the number as the server shows it. */
export interface OtcSent {
  otcToken: string;
  phoneNumber?: string;
}

/** Extra request options of the code verifications (sign-in calls: no refresh on 401). */
const VERIFY: RequestOptions = { noRefresh: true };

/**
 * Creates the MFA calls on top of `client`: sign-in (with the `mfaToken` of the
 * login answer), step-up, and the signed-in user's authenticator-app enrolment.
 */
export function createMfaApi(client: ApiClient) {
  const api = {
    /**
     * MFA at login: `POST /identity/resources/auth/v1/user/mfa/verify` with
     * `{mfaToken, value, rememberDevice?, invitationToken?}` (contract B loginWithMfa, SI-7.31).
     * `value` is the one-time code.
     *
     * @returns the raw {@link LoginResponse} with tokens.
     * @throws FeApiError — e.g. 400/401 for a wrong or expired code.
     */
    loginWithMfa(params: { mfaToken: string; value: string; rememberDevice?: boolean; invitationToken?: string }, o?: CallOptions): Promise<LoginResponse> {
      return client.post<LoginResponse>(AUTH_PATHS.mfaVerify, params, requestOptions(o, VERIFY));
    },

    /**
     * Starts authenticator-app enrolment during login:
     * `POST /identity/resources/auth/v1/user/mfa/authenticator/enroll` with `{mfaToken}` (contract B, SI-7.42).
     *
     * @returns `{qrCode, secret?}`; `qrCode` is an image data URL.
     * @throws FeApiError
     */
    preEnrollAuthenticatorApp(params: { mfaToken: string }, o?: CallOptions): Promise<AuthenticatorEnrollment> {
      return client.post<AuthenticatorEnrollment>(AUTH_PATHS.authenticatorEnroll, { mfaToken: params.mfaToken }, requestOptions(o));
    },

    /**
     * Finishes authenticator-app enrolment during login:
     * `POST /identity/resources/auth/v1/user/mfa/authenticator/enroll/verify`
     * with `{mfaToken, token, rememberDevice?}` (contract B, SI-7.42). `token` is the 6-digit code.
     *
     * @returns the raw {@link LoginResponse} (includes `recoveryCode`).
     * @throws FeApiError
     */
    enrollAuthenticatorApp(params: { mfaToken: string; token: string; rememberDevice?: boolean }, o?: CallOptions): Promise<LoginResponse> {
      return client.post<LoginResponse>(AUTH_PATHS.authenticatorEnrollVerify, params, requestOptions(o, VERIFY));
    },

    /**
     * Verifies an enrolled authenticator app during login:
     * `POST /identity/resources/auth/v1/user/mfa/authenticator/{deviceId}/verify`
     * with `{mfaToken, value, rememberDevice?}` (contract B, SI-7.42).
     *
     * @returns the raw {@link LoginResponse}.
     * @throws FeApiError
     */
    verifyAuthenticatorApp(params: { deviceId: string; mfaToken: string; value: string; rememberDevice?: boolean }, o?: CallOptions): Promise<LoginResponse> {
      const { deviceId, ...body } = params;
      return client.post<LoginResponse>(AUTH_PATHS.authenticatorVerify(deviceId), body, requestOptions(o, VERIFY));
    },

    /**
     * MFA recovery at login: `POST /identity/resources/auth/v1/user/mfa/recover`
     * with `{email, recoveryCode}` (contract B recoverMfaToken, SI-7.41).
     *
     * @returns whatever JSON arrives (`void` in the contract; `{}` on an empty body).
     * @throws FeApiError
     */
    recoverMfa(params: { email: string; recoveryCode: string }, o?: CallOptions): Promise<Partial<LoginResponse>> {
      return client.post<Partial<LoginResponse>>(AUTH_PATHS.mfaRecover, params, requestOptions(o, VERIFY));
    },

    /**
     * Remember-device check (contract B checkIfAllowToRememberMfaDevice, SI-7.56):
     * `GET /identity/resources/configurations/v1/mfa-policy/allow-remember-device?mfaToken=…`.
     * @returns `{isAllowedToRemember, mfaDeviceExpiration}` (seconds).
     * @throws FeApiError — e.g. 400 for an expired mfaToken.
     */
    checkRememberDevice(params: { mfaToken: string }, o?: CallOptions): Promise<RememberDeviceAnswer> {
      return client.get<RememberDeviceAnswer>(MFA_PATHS.rememberDevice, requestOptions(o, { query: { mfaToken: params.mfaToken } }));
    },

    /**
     * Sends an email code (contract B preVerifyMFAEmailCode, SI-7.56): `POST …/user/mfa/emailcode` with `{mfaToken}`.
     * @returns `{otcToken}` — pass it to {@link verifyEmailCode} with the code.
     * @throws FeApiError — 429 when a code was sent less than 30 s ago.
     */
    preVerifyEmailCode(params: { mfaToken: string }, o?: CallOptions): Promise<OtcSent> {
      return client.post<OtcSent>(MFA_PATHS.emailCode, { mfaToken: params.mfaToken }, requestOptions(o));
    },

    /**
     * Verifies an email code (contract B verifyMFAEmailCode): `POST …/user/mfa/emailcode/verify`
     * with `{mfaToken, otcToken, code, rememberDevice?}`.
     * @returns the raw {@link LoginResponse} (tokens; `recoveryCode` at a first enrolment).
     * @throws FeApiError — 400 wrong (`ER-MFA-CODE-INVALID`), expired (`…-EXPIRED`) or used (`…-USED`) code.
     */
    verifyEmailCode(params: { mfaToken: string; otcToken: string; code: string; rememberDevice?: boolean }, o?: CallOptions): Promise<LoginResponse> {
      return client.post<LoginResponse>(MFA_PATHS.emailCodeVerify, params, requestOptions(o, VERIFY));
    },

    /**
     * Starts SMS enrolment during login (contract B preEnrollMFASMSForLogin):
     * `POST …/user/mfa/sms/enroll` with `{mfaToken, phoneNumber}` (E.164, e.g. `+15551234567`).
     * @returns `{otcToken, phoneNumber}`.
     * @throws FeApiError — 400 for an invalid number, 429 when too soon.
     */
    preEnrollSms(params: { mfaToken: string; phoneNumber: string }, o?: CallOptions): Promise<OtcSent> {
      return client.post<OtcSent>(MFA_PATHS.smsEnroll, params, requestOptions(o));
    },

    /**
     * Finishes SMS enrolment (contract B enrollMFASMSForLogin): `POST …/user/mfa/sms/enroll/verify`
     * with `{mfaToken, otcToken, code, rememberDevice?}`.
     * @returns the raw {@link LoginResponse} (includes `recoveryCode` at a first enrolment).
     * @throws FeApiError — as {@link verifyEmailCode}.
     */
    enrollSms(params: { mfaToken: string; otcToken: string; code: string; rememberDevice?: boolean }, o?: CallOptions): Promise<LoginResponse> {
      return client.post<LoginResponse>(MFA_PATHS.smsEnrollVerify, params, requestOptions(o, VERIFY));
    },

    /**
     * Sends a code to an enrolled phone (contract B preVerifyMFASMSForLogin): `POST …/user/mfa/sms/{deviceId}` with `{mfaToken}`.
     * @returns `{otcToken, phoneNumber}` (the number masked).
     * @throws FeApiError — 404 unknown device, 429 when too soon.
     */
    preVerifySms(params: { mfaToken: string; deviceId: string }, o?: CallOptions): Promise<OtcSent> {
      return client.post<OtcSent>(MFA_PATHS.sms(params.deviceId), { mfaToken: params.mfaToken }, requestOptions(o));
    },

    /**
     * Verifies an SMS code (contract B verifyMFASMSForLogin): `POST …/user/mfa/sms/{deviceId}/verify`
     * with `{mfaToken, otcToken, code, rememberDevice?}`.
     * @returns the raw {@link LoginResponse}.
     * @throws FeApiError — as {@link verifyEmailCode}.
     */
    verifySms(params: { mfaToken: string; deviceId: string; otcToken: string; code: string; rememberDevice?: boolean }, o?: CallOptions): Promise<LoginResponse> {
      const { deviceId, ...body } = params;
      return client.post<LoginResponse>(MFA_PATHS.smsVerify(deviceId), body, requestOptions(o, VERIFY));
    },

    /**
     * Starts WebAuthn enrolment (contract B preEnrollMFAWebAuthnForLogin): `POST …/user/mfa/webauthn/enroll` with `{mfaToken}`.
     * @returns `{webauthnToken, options}` (WA-Create, for `navigator.credentials.create`).
     * @throws FeApiError
     */
    preEnrollWebAuthn(params: { mfaToken: string }, o?: CallOptions): Promise<{ webauthnToken: string; options: WebAuthnCreationOptions }> {
      return client.post(MFA_PATHS.webauthnEnroll, { mfaToken: params.mfaToken }, requestOptions(o));
    },

    /**
     * Finishes WebAuthn enrolment (contract B enrollMFAWebAuthnForLogin): `POST …/user/mfa/webauthn/enroll/verify`
     * with `{mfaToken, webauthnToken, deviceType, options (WA-Attest), rememberDevice?}`.
     * @returns the raw {@link LoginResponse} (includes `recoveryCode` at a first enrolment).
     * @throws FeApiError — 400 when the attestation does not verify.
     */
    enrollWebAuthn(
      params: { mfaToken: string; webauthnToken: string; deviceType: 'Platform' | 'CrossPlatform'; options: WebAuthnAttestation; rememberDevice?: boolean },
      o?: CallOptions,
    ): Promise<LoginResponse> {
      return client.post<LoginResponse>(MFA_PATHS.webauthnEnrollVerify, params, requestOptions(o, VERIFY));
    },

    /**
     * Starts WebAuthn verification (contract B preVerifyMFAWebAuthnForLogin): `POST …/user/mfa/webauthn/{deviceId}` with `{mfaToken}`.
     * @returns `{webauthnToken, options}` (WA-Req, for `navigator.credentials.get`).
     * @throws FeApiError
     */
    preVerifyWebAuthn(params: { mfaToken: string; deviceId: string }, o?: CallOptions): Promise<{ webauthnToken: string; options: WebAuthnRequestOptions }> {
      return client.post(MFA_PATHS.webauthn(params.deviceId), { mfaToken: params.mfaToken }, requestOptions(o));
    },

    /**
     * Finishes WebAuthn verification (contract B verifyMFAWebAuthnForLogin): `POST …/user/mfa/webauthn/{deviceId}/verify`
     * with `{mfaToken, webauthnToken, options (WA-Assert), rememberDevice?}`.
     * @returns the raw {@link LoginResponse}.
     * @throws FeApiError — 400 when the assertion does not verify.
     */
    verifyWebAuthn(
      params: { mfaToken: string; deviceId: string; webauthnToken: string; options: WebAuthnAssertion; rememberDevice?: boolean },
      o?: CallOptions,
    ): Promise<LoginResponse> {
      const { deviceId, ...body } = params;
      return client.post<LoginResponse>(MFA_PATHS.webauthnVerify(deviceId), body, requestOptions(o, VERIFY));
    },

    /**
     * Step-up: `POST /identity/resources/auth/v1/user/step-up/generate` with `{ maxAge }` (seconds;
     * contract C generateStepupSession, SI-7.40), with the session's bearer.
     * @returns an MFA challenge (`mfaToken`, `mfaDevices`) or, when the session already satisfies it, a login response with `accessToken`.
     * @throws FeApiError — message {@link MFA_NOT_ENROLLED} when the user has no second factor (SI-8.11).
     */
    generateStepUpSession(params: { maxAge?: number }, o?: CallOptions): Promise<StepUpSession> {
      return client.post<StepUpSession>(MFA_PATHS.stepUpGenerate, { maxAge: params.maxAge }, requestOptions(o));
    },

    /**
     * The signed-in user's authenticator app: `POST /identity/resources/users/v1/mfa/authenticator/enroll`
     * (contract U preEnrollMFAAuthenticatorApp), with the session's bearer.
     * @returns `{ qrCode, secret? }` — a QR code data URL and the base32 secret.
     * @throws FeApiError
     */
    preEnrollMfaAuthenticatorApp(o?: CallOptions): Promise<{ qrCode: string; secret?: string }> {
      return client.post(MFA_PATHS.userAuthenticatorEnroll, undefined, requestOptions(o));
    },

    /**
     * Finishes the signed-in user's authenticator enrolment: `POST /identity/resources/users/v1/mfa/authenticator/enroll/verify`
     * with `{ token }` (the 6-digit code; contract U enrollMFAAuthenticatorApp).
     * @returns `{ recoveryCode? }` (void in the contract).
     * @throws FeApiError — e.g. a wrong code.
     */
    enrollMfaAuthenticatorApp(params: { token: string }, o?: CallOptions): Promise<{ recoveryCode?: string }> {
      return client.post(MFA_PATHS.userAuthenticatorEnrollVerify, { token: params.token }, requestOptions(o));
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

/** The MFA calls of one client. */
export type MfaApi = ReturnType<typeof createMfaApi>;
