/**
 * Passkeys (WebAuthn) calls: sign-in (api-contract A webAuthnPreLogin,
 * webAuthnPostLogin; sign-in §7 SI-7.39) and the signed-in user's passkey
 * devices (api-contract U webAuthnCreateNewDeviceSession,
 * verifyNewDeviceSession, getWebAuthnDevices, deleteWebAuthnDevice). A module
 * of its own, loaded on demand by src/passkeys; calls behave as in ./auth.ts
 * (source `login-box`, FeApiError on failure). Whether the vendor turned
 * passkeys on is ./auth.ts' `getPublicAuthStrategies`.
 */
import type { ApiClient } from './client.ts';
import type { LoginResponse } from './types.ts';
import { requestOptions, type CallOptions } from './request.ts';

/** Paths (without the prefix). */
export const PASSKEY_PATHS = {
  preLogin: '/identity/resources/auth/v1/webauthn/prelogin',
  postLogin: '/identity/resources/auth/v1/webauthn/postlogin',
  devices: '/identity/resources/users/webauthn/v1/devices',
  devicesVerify: '/identity/resources/users/webauthn/v1/devices/verify',
} as const;

/** WA-Req (IWebAuthnPreLoginResponse): options for `navigator.credentials.get` in JSON form. */
export interface WebAuthnRequestOptions {
  challenge: string;
  allowCredentials?: { type: 'public-key'; id: string; transports?: string[] }[];
  timeout?: number;
  rpId?: string;
  userVerification?: 'required' | 'preferred' | 'discouraged';
  [key: string]: unknown;
}

/** WA-Create (ICreateNewDeviceSessionResponse): options for `navigator.credentials.create` in JSON form. */
export interface WebAuthnCreationOptions {
  rp: { name: string; id?: string; icon?: string };
  user: { id: string; name: string; displayName: string };
  challenge: string;
  pubKeyCredParams: { type: 'public-key'; alg: number }[];
  excludeCredentials?: { type: 'public-key'; id: string; transports?: string[] }[];
  timeout?: number;
  authenticatorSelection?: Record<string, unknown>;
  [key: string]: unknown;
}

/** WA-Assert: the credential `navigator.credentials.get` gave, base64url-encoded. */
export interface WebAuthnAssertion {
  id: string;
  rawId?: string;
  type?: string;
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  [key: string]: unknown;
}

/** WA-Attest: the credential `navigator.credentials.create` gave, base64url-encoded, and its kind. */
export interface WebAuthnAttestation {
  id: string;
  rawId?: string;
  type?: string;
  response: { clientDataJSON: string; attestationObject: string; transports?: string[] };
  deviceType?: 'Platform' | 'CrossPlatform';
  [key: string]: unknown;
}

/** A passkey of the user (`getWebAuthnDevices`). */
export interface PasskeyDevice {
  id: string;
  deviceType?: 'Platform' | 'CrossPlatform';
  createdAt?: string;
}

/** Creates the calls on top of `client`. */
export function createPasskeysApi(client: ApiClient) {
  return {
    /** `POST …/auth/v1/webauthn/prelogin` `{ email? }` → WA-Req. Without an email any discoverable passkey may answer. */
    webAuthnPreLogin(params: { email?: string; userId?: string } = {}, o?: CallOptions): Promise<WebAuthnRequestOptions> {
      return client.post<WebAuthnRequestOptions>(PASSKEY_PATHS.preLogin, params, requestOptions(o));
    },
    /** `POST …/auth/v1/webauthn/postlogin` with WA-Assert → the login response (tokens; refresh cookie set). A sign-in call: no refresh on 401. */
    webAuthnPostLogin(assertion: WebAuthnAssertion & { invitationToken?: string }, o?: CallOptions): Promise<LoginResponse> {
      return client.post<LoginResponse>(PASSKEY_PATHS.postLogin, assertion, requestOptions(o, { noRefresh: true }));
    },
    /** `POST …/users/webauthn/v1/devices` (bearer) → WA-Create for a new passkey. */
    webAuthnCreateNewDeviceSession(o?: CallOptions): Promise<WebAuthnCreationOptions> {
      return client.post<WebAuthnCreationOptions>(PASSKEY_PATHS.devices, undefined, requestOptions(o));
    },
    /** `POST …/users/webauthn/v1/devices/verify` (bearer) with WA-Attest: stores the passkey. */
    verifyNewDeviceSession(attestation: WebAuthnAttestation, o?: CallOptions): Promise<void> {
      return client.post<void>(PASSKEY_PATHS.devicesVerify, attestation, requestOptions(o));
    },
    /** `GET …/users/webauthn/v1/devices` (bearer) → the user's passkeys. */
    async getWebAuthnDevices(o?: CallOptions): Promise<PasskeyDevice[]> {
      const r = await client.get<{ devices?: PasskeyDevice[] } | PasskeyDevice[]>(PASSKEY_PATHS.devices, requestOptions(o));
      return Array.isArray(r) ? r : (r?.devices ?? []);
    },
    /** `DELETE …/users/webauthn/v1/devices/{deviceId}` (bearer). */
    deleteWebAuthnDevice(deviceId: string, o?: CallOptions): Promise<void> {
      return client.delete<void>(`${PASSKEY_PATHS.devices}/${encodeURIComponent(deviceId)}`, undefined, requestOptions(o));
    },
  };
}

export type PasskeysApi = ReturnType<typeof createPasskeysApi>;
