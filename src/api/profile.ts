/**
 * The signed-in user's own account areas: profile, email change, password change, sessions, MFA devices and
 * passkeys (api-contract §G profile rows, §S, §U: authenticator app, SMS, WebAuthn security keys, passkeys). Calls send `frontegg-source: admin-portal`, take a trailing
 * {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';
import type { MfaDevices, Profile, ProfileUpdate, UserSession } from './admin-types.ts';
import type { PasskeyDevice, WebAuthnAssertion, WebAuthnAttestation, WebAuthnCreationOptions, WebAuthnRequestOptions } from './passkeys.ts';

const ID = '/identity/resources';

/** Paths, without the `/{prefix}`. */
export const PROFILE_PATHS = Object.freeze({
  me: `${ID}/users/v2/me`,
  image: '/team/resources/profile/me/image/v1',
  email: `${ID}/users/v1/email/me`,
  emailVerify: `${ID}/users/v1/email/me/verify`,
  changePassword: `${ID}/users/v1/passwords/change`,
  sessions: `${ID}/users/sessions/v1/me`,
  mfaDevices: `${ID}/users/v1/mfa/devices`,
  mfa: `${ID}/users/v1/mfa`,
  passkeys: `${ID}/users/webauthn/v1/devices`,
});

/** The answer that enrols a device: the recovery code when it is the user's first device (shown once), else nothing. */
export interface MfaEnrolled {
  recoveryCode?: string;
}

/** An SMS code sent (enrolment or removal): its token, and the phone it went to (masked). */
export interface SmsCodeSent {
  otcToken: string;
  phoneNumber: string;
}

const dev = (deviceId: string) => encodeURIComponent(deviceId);

/** Creates the profile calls on top of `client`. */
export function createProfileApi(client: ApiClient) {
  return {
    /** `GET users/v2/me`: the signed-in user's profile. */
    getProfile(o?: CallOptions): Promise<Profile> {
      return client.get<Profile>(PROFILE_PATHS.me, adminOptions(o));
    },
    /** `PUT users/v2/me` (updateUserProfileV2, AB-7.28): only the given fields change. */
    updateProfile(update: ProfileUpdate, o?: CallOptions): Promise<Profile> {
      return client.put<Profile>(PROFILE_PATHS.me, update, adminOptions(o));
    },
    /**
     * `PUT team/resources/profile/me/image/v1` with a FormData `image` (updateProfileImage, AB-7.07).
     * @returns the picture's URL (plain text)
     * @throws FeApiError — 400 not an image, 413 too large ("Error request is too large")
     */
    uploadProfileImage(image: Blob, o?: CallOptions): Promise<string> {
      const form = new FormData();
      form.append('image', image, 'profile-image');
      return client.put<string>(PROFILE_PATHS.image, form, adminOptions(o, { responseType: 'text' }));
    },
    /** `POST users/v1/email/me` with `{ email }`: sends a code to the new address. */
    async requestEmailChange(email: string, o?: CallOptions): Promise<void> {
      await client.post(PROFILE_PATHS.email, { email }, adminOptions(o));
    },
    /** `POST users/v1/email/me/verify` with `{ email, code }`: changes the email. @throws FeApiError — 400 wrong code */
    async verifyEmailChange(email: string, code: string, o?: CallOptions): Promise<void> {
      await client.post(PROFILE_PATHS.emailVerify, { email, code }, adminOptions(o));
    },
    /** `POST users/v1/passwords/change` with `{ password, newPassword }` (SI-7.26). @throws FeApiError — 400 wrong current password or policy */
    async changePassword(password: string, newPassword: string, o?: CallOptions): Promise<void> {
      await client.post(PROFILE_PATHS.changePassword, { password, newPassword }, adminOptions(o));
    },
    /** `GET users/sessions/v1/me` (AB-7.39): the user's sessions, `current` marked. */
    getSessions(o?: CallOptions): Promise<UserSession[]> {
      return client.get<UserSession[]>(PROFILE_PATHS.sessions, adminOptions(o));
    },
    /** `DELETE users/sessions/v1/me/{id}` (AB-7.39): revokes one session. */
    async revokeSession(id: string, o?: CallOptions): Promise<void> {
      await client.delete(`${PROFILE_PATHS.sessions}/${encodeURIComponent(id)}`, undefined, adminOptions(o));
    },
    /** `DELETE users/sessions/v1/me/all` (AB-7.39): revokes every other session. */
    async revokeOtherSessions(o?: CallOptions): Promise<void> {
      await client.delete(`${PROFILE_PATHS.sessions}/all`, undefined, adminOptions(o));
    },
    /** `GET users/v1/mfa/devices` (getMFADevices): the user's MFA devices by kind. */
    getMfaDevices(o?: CallOptions): Promise<MfaDevices> {
      return client.get<MfaDevices>(PROFILE_PATHS.mfaDevices, adminOptions(o));
    },

    /** `POST users/v1/mfa/authenticator/enroll` (preEnrollMFAAuthenticatorApp): a QR code (PNG data URL) and the base32 secret. @throws FeApiError — 400 already enrolled */
    preEnrollAuthenticator(o?: CallOptions): Promise<{ qrCode: string; secret: string }> {
      return client.post(`${PROFILE_PATHS.mfa}/authenticator/enroll`, {}, adminOptions(o));
    },
    /** `POST users/v1/mfa/authenticator/enroll/verify` `{ token }` (the app's first 6-digit code). @throws FeApiError — 400 "Invalid code" */
    enrollAuthenticator(token: string, o?: CallOptions): Promise<MfaEnrolled> {
      return client.post<MfaEnrolled>(`${PROFILE_PATHS.mfa}/authenticator/enroll/verify`, { token }, adminOptions(o));
    },
    /** `POST users/v1/mfa/authenticator/{deviceId}/disable/verify` `{ token }`: a current code of that app removes it. @throws FeApiError — 400 "Invalid code" */
    async disableAuthenticator(deviceId: string, token: string, o?: CallOptions): Promise<void> {
      await client.post(`${PROFILE_PATHS.mfa}/authenticator/${dev(deviceId)}/disable/verify`, { token }, adminOptions(o));
    },
    /** `POST users/v1/mfa/sms/enroll` `{ phoneNumber }` (E.164): a code to that phone. @throws FeApiError — 400 invalid phone or strategy off, 409 already a device, 429 too soon */
    preEnrollSms(phoneNumber: string, o?: CallOptions): Promise<SmsCodeSent> {
      return client.post<SmsCodeSent>(`${PROFILE_PATHS.mfa}/sms/enroll`, { phoneNumber }, adminOptions(o));
    },
    /** `POST users/v1/mfa/sms/enroll/verify` `{ otcToken, code }`: the phone becomes a device. @throws FeApiError — 400 wrong, used or expired code */
    enrollSms(otcToken: string, code: string, o?: CallOptions): Promise<MfaEnrolled> {
      return client.post<MfaEnrolled>(`${PROFILE_PATHS.mfa}/sms/enroll/verify`, { otcToken, code }, adminOptions(o));
    },
    /** `POST users/v1/mfa/sms/{deviceId}/disable` (preDisableMFASMS): a code to the phone being removed. @throws FeApiError — 429 too soon */
    preDisableSms(deviceId: string, o?: CallOptions): Promise<SmsCodeSent> {
      return client.post<SmsCodeSent>(`${PROFILE_PATHS.mfa}/sms/${dev(deviceId)}/disable`, {}, adminOptions(o));
    },
    /** `POST users/v1/mfa/sms/{deviceId}/disable/verify` `{ otcToken, code }`: removes the phone. @throws FeApiError — 400 wrong code */
    async disableSms(deviceId: string, otcToken: string, code: string, o?: CallOptions): Promise<void> {
      await client.post(`${PROFILE_PATHS.mfa}/sms/${dev(deviceId)}/disable/verify`, { otcToken, code }, adminOptions(o));
    },
    /** `POST users/v1/mfa/webauthn/enroll` (preEnrollMFAWebAuthn): `{ webauthnToken, options }` (WA-Create). @throws FeApiError — 400 strategy off */
    preEnrollWebAuthn(o?: CallOptions): Promise<{ webauthnToken: string; options: WebAuthnCreationOptions }> {
      return client.post(`${PROFILE_PATHS.mfa}/webauthn/enroll`, {}, adminOptions(o));
    },
    /** `POST users/v1/mfa/webauthn/enroll/verify` `{ deviceType, webauthnToken, options: WA-Attest }`. @throws FeApiError — 400 not verified, 409 already registered */
    enrollWebAuthn(body: { webauthnToken: string; deviceType: 'Platform' | 'CrossPlatform'; options: WebAuthnAttestation }, o?: CallOptions): Promise<MfaEnrolled> {
      return client.post<MfaEnrolled>(`${PROFILE_PATHS.mfa}/webauthn/enroll/verify`, body, adminOptions(o));
    },
    /** `POST users/v1/mfa/webauthn/{deviceId}/disable` (preDisableMFAWebAuthn): `{ webauthnToken, options }` (WA-Req for that key only). */
    preDisableWebAuthn(deviceId: string, o?: CallOptions): Promise<{ webauthnToken: string; options: WebAuthnRequestOptions }> {
      return client.post(`${PROFILE_PATHS.mfa}/webauthn/${dev(deviceId)}/disable`, {}, adminOptions(o));
    },
    /** `POST users/v1/mfa/webauthn/{deviceId}/disable/verify` `{ webauthnToken, options: WA-Assert }`: an assertion of that key removes it. */
    async disableWebAuthn(deviceId: string, body: { webauthnToken: string; options: WebAuthnAssertion }, o?: CallOptions): Promise<void> {
      await client.post(`${PROFILE_PATHS.mfa}/webauthn/${dev(deviceId)}/disable/verify`, body, adminOptions(o));
    },
    /** `GET users/webauthn/v1/devices` (getWebAuthnDevices): the user's passkeys. */
    getPasskeys(o?: CallOptions): Promise<{ devices: PasskeyDevice[] }> {
      return client.get<{ devices: PasskeyDevice[] }>(PROFILE_PATHS.passkeys, adminOptions(o));
    },
    /** `POST users/webauthn/v1/devices` (webAuthnCreateNewDeviceSession): WA-Create for a discoverable credential. */
    createPasskeyOptions(o?: CallOptions): Promise<WebAuthnCreationOptions> {
      return client.post<WebAuthnCreationOptions>(PROFILE_PATHS.passkeys, {}, adminOptions(o));
    },
    /** `POST users/webauthn/v1/devices/verify` (verifyNewDeviceSession) with WA-Attest: stores the passkey. @throws FeApiError — 400 not verified or duplicate */
    async verifyPasskey(attestation: WebAuthnAttestation, o?: CallOptions): Promise<void> {
      await client.post(`${PROFILE_PATHS.passkeys}/verify`, attestation, adminOptions(o));
    },
    /** `DELETE users/webauthn/v1/devices/{deviceId}` (deleteWebAuthnDevice). @throws FeApiError — 404 not the user's */
    async deletePasskey(deviceId: string, o?: CallOptions): Promise<void> {
      await client.delete(`${PROFILE_PATHS.passkeys}/${dev(deviceId)}`, undefined, adminOptions(o));
    },
  };
}

/** The profile calls of one client. */
export type ProfileApi = ReturnType<typeof createProfileApi>;
