/**
 * The signed-in user's own data as the portal reads and writes it (admin spec §3 "Profile fields", "Session";
 * SI-3.07, AB-3.19, AB-5.02, AB-7.28, AB-7.39; api-contract §G profile rows, §S, §U): the profile, the sessions, the
 * MFA devices and the passkeys, and their writes. Each write puts the server's answer into the cache (no refetch)
 * or marks the keys it changed stale. WebAuthn ceremonies (security keys, passkeys) run here through
 * @simplewebauthn/browser, itself loaded only when a ceremony starts.
 */
import type { MfaDevices, Profile, ProfileUpdate, UserSession } from '../../api/admin-types.ts';
import type { PasskeyDevice } from '../../api/passkeys.ts';
import type { ApiClient } from '../../api/client.ts';
import { createProfileApi, type MfaEnrolled, type SmsCodeSent } from '../../api/profile.ts';
import type { QueryContext } from './query.ts';

/** Cache keys of the user's own data. */
export const PROFILE_KEY = 'admin/profile/me';
export const SESSIONS_KEY = 'admin/profile/sessions';
export const MFA_DEVICES_KEY = 'admin/profile/mfa-devices';
export const PASSKEYS_KEY = 'admin/profile/passkeys';

/** What a profile save sends: the changed fields (possibly none) and, when a new picture was chosen, its bytes (AB-5.02). */
export interface ProfileSave {
  update: ProfileUpdate;
  picture?: Blob;
}

/** Builds the profile resource of one app (its API from `client`); sections read it with `resources.use(createProfileResource)`. */
export function createProfileResource(q: QueryContext, client: ApiClient) {
  const profile = createProfileApi(client);
  const devicesChanged = () => q.cache.invalidate((k) => k === MFA_DEVICES_KEY || k === PASSKEYS_KEY || k === PROFILE_KEY);

  return {
    /** The profile (`GET users/v2/me`). */
    $profile: q.createFetcherStore<Profile>([PROFILE_KEY], { fetcher: () => profile.getProfile() }),
    /** The user's live sessions, `current` marked (AB-3.19, AB-7.39). */
    $sessions: q.createFetcherStore<UserSession[]>([SESSIONS_KEY], { fetcher: () => profile.getSessions() }),
    /** The user's MFA devices: authenticator apps, SMS phones (masked), security keys (§U getMFADevices). */
    $mfaDevices: q.createFetcherStore<MfaDevices>([MFA_DEVICES_KEY], { fetcher: () => profile.getMfaDevices() }),
    /** The user's passkeys (§U getWebAuthnDevices). */
    $passkeys: q.createFetcherStore<PasskeyDevice[]>([PASSKEYS_KEY], { fetcher: () => profile.getPasskeys().then((r) => r.devices ?? []) }),

    /**
     * Saves the profile (AB-7.28, AB-5.02): the picture first (when given: `PUT …/profile/me/image/v1`, its URL then
     * kept), then the changed fields (`PUT users/v2/me`, only when there are any). The cached profile becomes the
     * server's answer. Resolves with the saved profile.
     * @throws FeApiError — the first refused call; the cache keeps what the server accepted
     */
    saveProfile: q.mutation<ProfileSave, Profile | undefined>(async ({ update, picture }, cache) => {
      if (picture) {
        const url = await profile.uploadProfileImage(picture);
        const before = cache.read<Profile>(PROFILE_KEY);
        if (before) cache.write(PROFILE_KEY, { ...before, profilePictureUrl: url });
      }
      if (Object.keys(update).length > 0) {
        const saved = await profile.updateProfile(update);
        // the emulator's GET does not return every field the PUT does: keep the fields the answer lacks
        cache.write(PROFILE_KEY, { ...cache.read<Profile>(PROFILE_KEY), ...saved });
      } else if (picture) {
        cache.invalidate((k) => k === PROFILE_KEY);
      }
      return cache.read<Profile>(PROFILE_KEY);
    }),

    /** Changes the password (`POST users/v1/passwords/change`, SI-7.26). @throws FeApiError — wrong current password or policy */
    changePassword: q.mutation<{ password: string; newPassword: string }>(({ password, newPassword }) => profile.changePassword(password, newPassword)),

    /** Sends a code to a new email address (`POST users/v1/email/me`). @throws FeApiError — 400 same address, 409 taken, 429 too soon */
    requestEmailChange: q.mutation<{ email: string }>(({ email }) => profile.requestEmailChange(email)),

    /** Changes the email with the code sent to it; the cached profile shows the new address. @throws FeApiError — 400 wrong code */
    verifyEmailChange: q.mutation<{ email: string; code: string }>(async ({ email, code }, cache) => {
      await profile.verifyEmailChange(email, code);
      const before = cache.read<Profile>(PROFILE_KEY);
      if (before) cache.write(PROFILE_KEY, { ...before, email });
    }),

    /** Ends one session (AB-7.39): gone from the cached list once the server agrees. @throws FeApiError */
    revokeSession: q.mutation<{ id: string }>(async ({ id }, cache) => {
      await profile.revokeSession(id);
      cache.edit<UserSession[]>(SESSIONS_KEY, (list) => list.filter((s) => s.id !== id));
    }),

    /** Ends every session but this one (AB-7.39): the cached list keeps only the current one. @throws FeApiError */
    revokeOtherSessions: q.mutation<void>(async (_none, cache) => {
      await profile.revokeOtherSessions();
      cache.edit<UserSession[]>(SESSIONS_KEY, (list) => list.filter((s) => s.current));
    }),

    /** Starts an authenticator-app enrolment: a QR code (PNG data URL) and the base32 secret. @throws FeApiError — already enrolled */
    startAuthenticator: q.mutation<void, { qrCode: string; secret: string }>(() => profile.preEnrollAuthenticator()),
    /** Finishes it with the app's first 6-digit code; the devices are refetched. @throws FeApiError — "Invalid code" */
    verifyAuthenticator: q.mutation<{ code: string }, MfaEnrolled>(async ({ code }) => {
      const r = await profile.enrollAuthenticator(code.trim());
      devicesChanged();
      return r;
    }),
    /** Removes an authenticator app with one of its current codes. @throws FeApiError — "Invalid code" */
    removeAuthenticator: q.mutation<{ deviceId: string; code: string }>(async ({ deviceId, code }) => {
      await profile.disableAuthenticator(deviceId, code.trim());
      devicesChanged();
    }),

    /** Sends an SMS code to a phone to enrol (E.164). @throws FeApiError — invalid phone, strategy off, duplicate, too soon */
    startSms: q.mutation<{ phoneNumber: string }, SmsCodeSent>(({ phoneNumber }) => profile.preEnrollSms(phoneNumber.trim())),
    /** Finishes an SMS enrolment with the code; the devices are refetched. @throws FeApiError — wrong code */
    verifySms: q.mutation<{ otcToken: string; code: string }, MfaEnrolled>(async ({ otcToken, code }) => {
      const r = await profile.enrollSms(otcToken, code.trim());
      devicesChanged();
      return r;
    }),
    /** Sends a code to a phone being removed. @throws FeApiError — too soon */
    startSmsRemoval: q.mutation<{ deviceId: string }, SmsCodeSent>(({ deviceId }) => profile.preDisableSms(deviceId)),
    /** Removes a phone with the code sent to it. @throws FeApiError — wrong code */
    removeSms: q.mutation<{ deviceId: string; otcToken: string; code: string }>(async ({ deviceId, otcToken, code }) => {
      await profile.disableSms(deviceId, otcToken, code.trim());
      devicesChanged();
    }),

    /**
     * Adds a security key (WebAuthn MFA, §U): options, the browser's dialog, verification. The kind follows the
     * authenticator's attachment (platform → `Platform`). @throws the browser's DOMException (NotAllowedError when
     * cancelled) or FeApiError
     */
    addSecurityKey: q.mutation<void, MfaEnrolled>(async () => {
      const lib = await import('@simplewebauthn/browser');
      const { webauthnToken, options } = await profile.preEnrollWebAuthn();
      const attestation = await lib.startRegistration({ optionsJSON: options as never });
      const deviceType = attestation.authenticatorAttachment === 'platform' ? 'Platform' : 'CrossPlatform';
      const r = await profile.enrollWebAuthn({ webauthnToken, deviceType, options: { ...attestation } });
      devicesChanged();
      return r;
    }),
    /** Removes a security key with an assertion of that key. @throws DOMException or FeApiError */
    removeSecurityKey: q.mutation<{ deviceId: string }>(async ({ deviceId }) => {
      const lib = await import('@simplewebauthn/browser');
      const { webauthnToken, options } = await profile.preDisableWebAuthn(deviceId);
      const assertion = await lib.startAuthentication({ optionsJSON: options as never });
      await profile.disableWebAuthn(deviceId, { webauthnToken, options: { ...assertion } as never });
      devicesChanged();
    }),

    /** Adds a passkey (a discoverable credential for signing in). @throws DOMException or FeApiError */
    addPasskey: q.mutation<void>(async () => {
      const lib = await import('@simplewebauthn/browser');
      const options = await profile.createPasskeyOptions();
      const attestation = await lib.startRegistration({ optionsJSON: options as never });
      const deviceType = attestation.authenticatorAttachment === 'cross-platform' ? 'CrossPlatform' : 'Platform';
      await profile.verifyPasskey({ ...attestation, deviceType });
      devicesChanged();
    }),
    /** Removes a passkey: gone from the cached list once the server agrees. @throws FeApiError */
    removePasskey: q.mutation<{ deviceId: string }>(async ({ deviceId }, cache) => {
      await profile.deletePasskey(deviceId);
      cache.edit<PasskeyDevice[]>(PASSKEYS_KEY, (list) => list.filter((d) => d.id !== deviceId));
    }),
  };
}

/** The profile resource of one app. */
export type ProfileResource = ReturnType<typeof createProfileResource>;
