/**
 * Typed endpoint functions for sign-in and the session (api-contract.md
 * sections A, B, C, D, E, F; sign-in §7 "Calls"). Every call goes through the
 * {@link ApiClient}, so URLs get the prefix (SI-7.08), the headers of contract
 * §2 and the error normalisation of contract §3. Paths below are shown
 * without the `/{prefix}` (default `/frontegg`).
 *
 * Unless stated otherwise each call:
 * - sends `frontegg-source: login-box`;
 * - resolves with the server JSON as is ("[raw]" in the contract; `{}` for an empty body, SI-8.19);
 * - rejects with an {@link FeApiError} (`statusCode` = HTTP status, `0` when no
 *   answer arrived; `message` per the error table of contract §3).
 *
 * Every function takes an optional trailing {@link CallOptions} (`signal`), for
 * XState `fromPromise` actors; ./request.ts builds the request options.
 *
 * Also here: the vendor's public auth strategies (the one copy; the login box,
 * passwordless and passkeys read them) and impersonation (a session for another
 * user). The MFA, account-lifecycle, passwordless, tenant, federation and
 * passkey calls are areas of their own (./mfa.ts, ./users.ts, …), loaded on demand.
 */
import { assertSafeUrl, UnsafeUrlError } from '../auth/safe-url.ts';
import type { ApiClient } from './client.ts';
import { errorFromFetchResponse, networkError } from './errors.ts';
import { requestOptions, type CallOptions } from './request.ts';
import type {
  AdminBoxMetadata,
  Authorization,
  EntitlementsBundle,
  FeatureFlags,
  LoginResponse,
  MetadataResponse,
  PreLoginResult,
  PublicAuthStrategies,
  TenantsResponse,
  UserProfile,
  VendorConfig,
  VendorPublicInfo,
} from './types.ts';

/**
 * Paths of the sign-in endpoints, without the prefix (contract A–F), with the
 * MFA-at-login and users paths of the sign-in steps (./mfa.ts, ./users.ts use
 * them; the preview transport answers them).
 */
export const AUTH_PATHS = Object.freeze({
  preLogin: '/identity/resources/auth/v2/user/sso/prelogin',
  login: '/identity/resources/auth/v1/user',
  mfaVerify: '/identity/resources/auth/v1/user/mfa/verify',
  mfaRecover: '/identity/resources/auth/v1/user/mfa/recover',
  authenticatorEnroll: '/identity/resources/auth/v1/user/mfa/authenticator/enroll',
  authenticatorEnrollVerify: '/identity/resources/auth/v1/user/mfa/authenticator/enroll/verify',
  authenticatorVerify: (deviceId: string) => `/identity/resources/auth/v1/user/mfa/authenticator/${encodeURIComponent(deviceId)}/verify`,
  refreshToken: '/identity/resources/auth/v1/user/token/refresh',
  logout: '/identity/resources/auth/v1/logout',
  me: '/identity/resources/users/v2/me',
  authorization: '/identity/resources/users/v1/me/authorization',
  tenants: '/identity/resources/users/v3/me/tenants',
  entitlements: '/entitlements/api/v2/user-entitlements',
  flags: '/flags',
  metadata: '/metadata',
  vendorPublic: '/vendors/public',
  vendorConfig: '/identity/resources/configurations/v1/public',
  publicAuthStrategies: '/identity/resources/configurations/v1/auth/strategies/public',
  passwordConfig: '/identity/resources/users/v1/passwords/config',
  signUp: '/identity/resources/users/v1/signUp',
  forgotPassword: '/identity/resources/users/v1/passwords/reset',
  impersonate: '/identity/resources/impersonation/v1',
});

/** The typed sign-in API returned by {@link createAuthApi}. */
export type AuthApi = ReturnType<typeof createAuthApi>;

/**
 * Creates the sign-in endpoint functions on top of `client`.
 * See the module docstring for the common behaviour.
 */
export function createAuthApi(client: ApiClient) {
  return {
    /**
     * SSO pre-login: `POST /identity/resources/auth/v2/user/sso/prelogin`
     * with `{email, tenantId}` (contract A preLoginV2, SI-7.36).
     *
     * @returns `{address, idpType?, addressType?}` when the email belongs to an
     *   SSO connection, otherwise `null`. Any error (including an FeApiError)
     *   and an answer without `address` give `null` (contract §3 "client-side
     *   swallowing").
     * @throws UnsafeUrlError when the answer's `address` is not a safe
     *   navigation target (`javascript:`, `data:`, … — src/auth/safe-url.ts).
     */
    async preLogin(params: { email: string; tenantId?: string }, o?: CallOptions): Promise<PreLoginResult | null> {
      try {
        const r = await client.post<Partial<PreLoginResult> | null>(
          AUTH_PATHS.preLogin,
          { email: params.email, tenantId: params.tenantId },
          requestOptions(o, { noRefresh: true }),
        );
        if (!r || typeof r.address !== 'string' || !r.address) return null;
        // the address is navigated to (redirectToSSO): only https, same-origin or loopback http
        return { ...(r as PreLoginResult), address: assertSafeUrl(r.address) };
      } catch (error) {
        if (error instanceof UnsafeUrlError) throw error;
        return null;
      }
    },

    /**
     * Password login: `POST /identity/resources/auth/v1/user` with
     * `{email, password, invitationToken?, recaptchaToken?}` (contract A login [raw], SI-7.31).
     *
     * @returns the raw {@link LoginResponse}: with `accessToken` when signed in,
     *   or e.g. `{mfaRequired: true, mfaToken, mfaStrategies}` when MFA is needed.
     * @throws FeApiError — e.g. 401 for wrong credentials.
     */
    login(params: { email: string; password: string; invitationToken?: string; recaptchaToken?: string }, o?: CallOptions): Promise<LoginResponse> {
      // a 401 here means wrong credentials, not an expired session: no refresh
      return client.post<LoginResponse>(AUTH_PATHS.login, params, requestOptions(o, { noRefresh: true }));
    },

    /**
     * Embedded refresh: `POST /identity/resources/auth/v1/user/token/refresh`
     * with `{tenantId: tenantId ?? null}` and **no** Authorization header — the
     * refresh token travels in the httpOnly cookie (contract §4, C; SI-7.07, SI-7.12, SI-7.32).
     *
     * @returns a {@link LoginResponse} with a new `accessToken`; `expiresIn` in seconds. Without any refresh cookie
     *   the emulator answers a response without `accessToken` (200 `{}`: no session, not an error; the app reads it so).
     * @throws FeApiError — 401 when the refresh cookie is refused (expired, revoked, unknown).
     */
    refreshToken(params: { tenantId?: string | null } = {}, o?: CallOptions): Promise<LoginResponse> {
      return client.post<LoginResponse>(AUTH_PATHS.refreshToken, { tenantId: params.tenantId ?? null }, requestOptions(o, { withoutAuthorization: true }));
    },

    /**
     * Embedded logout: `POST /identity/resources/auth/v1/logout`, no body and no
     * Authorization header; the server clears the refresh cookie (contract §4, C; SI-7.07, SI-7.33).
     *
     * @throws FeApiError
     */
    async logout(o?: CallOptions): Promise<void> {
      await client.post(AUTH_PATHS.logout, undefined, requestOptions(o, { withoutAuthorization: true }));
    },

    /**
     * The signed-in user: `GET /identity/resources/users/v2/me` (contract F getMeV2, SI-7.18).
     *
     * @returns {@link UserProfile}
     * @throws FeApiError — 401 without a valid bearer token.
     */
    getMe(o?: CallOptions): Promise<UserProfile> {
      return client.get<UserProfile>(AUTH_PATHS.me, requestOptions(o));
    },

    /**
     * Roles and permissions of the user: `GET /identity/resources/users/v1/me/authorization`
     * (contract F getUserAuthorization, SI-7.21).
     *
     * @returns `{roles, permissions}`
     * @throws FeApiError
     */
    getAuthorization(o?: CallOptions): Promise<Authorization> {
      return client.get<Authorization>(AUTH_PATHS.authorization, requestOptions(o));
    },

    /**
     * Tenants of the user: `GET /identity/resources/users/v3/me/tenants`
     * (contract F getCurrentUserTenantsV3, SI-7.20).
     *
     * @returns `{tenants, activeTenant}`
     * @throws FeApiError
     */
    getTenants(o?: CallOptions): Promise<TenantsResponse> {
      return client.get<TenantsResponse>(AUTH_PATHS.tenants, requestOptions(o));
    },

    /**
     * Entitlements of the user: `GET /entitlements/api/v2/user-entitlements`
     * (contract F loadEntitlementsV2, SI-7.19). `expireTime` values are Unix ms, -1 = no expiry.
     *
     * @returns {@link EntitlementsBundle} `{features, plans, permissions}`
     * @throws FeApiError — callers swallow it and use defaults (SI-8.17).
     */
    getEntitlements(o?: CallOptions): Promise<EntitlementsBundle> {
      return client.get<EntitlementsBundle>(AUTH_PATHS.entitlements, requestOptions(o));
    },

    /**
     * Feature flags: `GET /flags` (contract F loadFeatureFlags, SI-7.11).
     *
     * @returns `{[flagName]: 'on' | 'off'}`
     * @throws FeApiError — callers swallow it and use `{}` (SI-8.17).
     */
    getFeatureFlags(o?: CallOptions): Promise<FeatureFlags> {
      return client.get<FeatureFlags>(AUTH_PATHS.flags, requestOptions(o));
    },

    /**
     * Admin-box metadata: `GET /metadata?entityName=adminBox`, answer
     * `{rows: [{configuration}]}` (sign-in §7, SI-7.09).
     *
     * @returns `rows[0].configuration` ({@link AdminBoxMetadata}; `{}` when the row has none).
     * @throws Error `'metadata not found: adminBox'` when `rows[0]` is missing (SI-8.12);
     *   FeApiError for HTTP failures.
     */
    async getAdminBoxMetadata(o?: CallOptions): Promise<AdminBoxMetadata> {
      const r = await client.get<Partial<MetadataResponse>>(AUTH_PATHS.metadata, requestOptions(o, { query: { entityName: 'adminBox' } }));
      const row = Array.isArray(r?.rows) ? r.rows[0] : undefined;
      if (!row) throw new Error('metadata not found: adminBox');
      return (row.configuration ?? {}) as AdminBoxMetadata;
    },

    /**
     * Metadata overrides: a plain `GET url` of an absolute URL (from
     * `metadataOverrides.url`) with credentials `'omit'` and none of the API
     * headers (sign-in §7, SI-7.10). The caller merges the answer into the metadata.
     *
     * @returns the parsed JSON (`{}` for an empty or unparseable body).
     * @throws FeApiError — for a non-OK answer (normalised like API errors), or
     *   statusCode 0 when no answer arrived.
     */
    async getMetadataOverrides(url: string, o?: CallOptions): Promise<Partial<AdminBoxMetadata>> {
      const doFetch = client.config.fetch ?? globalThis.fetch;
      let response: Response;
      try {
        response = await doFetch(url, { method: 'GET', credentials: 'omit', signal: o?.signal });
      } catch (error) {
        if (o?.signal?.aborted) throw o.signal.reason ?? error;
        throw networkError(error);
      }
      if (!response.ok) throw await errorFromFetchResponse(response);
      const text = await response.text();
      try {
        const parsed: unknown = text ? JSON.parse(text) : {};
        return parsed && typeof parsed === 'object' ? (parsed as Partial<AdminBoxMetadata>) : {};
      } catch {
        return {};
      }
    },

    /**
     * Vendor public info: `GET /vendors/public` (contract F getVendorPublicInfo, SI-7.53).
     *
     * @returns `{name, logo, icon, whiteLabelMode}`, `whiteLabelMode` defaulting to `false` (SI-3.28).
     * @throws FeApiError — callers log and swallow it (SI-8.17, SI-8.18).
     */
    async getVendorPublicInfo(o?: CallOptions): Promise<VendorPublicInfo> {
      const r = await client.get<Partial<VendorPublicInfo>>(AUTH_PATHS.vendorPublic, requestOptions(o));
      return { ...r, whiteLabelMode: r?.whiteLabelMode ?? false };
    },

    /**
     * Public vendor configuration: `GET /identity/resources/configurations/v1/public`
     * (contract F getVendorConfig).
     *
     * @returns {@link VendorConfig} (`allowSignups`, `authStrategy`, …)
     * @throws FeApiError
     */
    getVendorConfig(o?: CallOptions): Promise<VendorConfig> {
      return client.get<VendorConfig>(AUTH_PATHS.vendorConfig, requestOptions(o));
    },

    /**
     * The vendor's public auth strategies: `GET /identity/resources/configurations/v1/auth/strategies/public`
     * (contract P getVendorPublicAuthStrategiesConfig; named request LOAD_PUBLIC_AUTH_STRATEGIES_POLICY).
     * The login box reads the main strategy, passkeys the `Passkeys` secondary strategy.
     *
     * @returns `{ mainAuthStrategies: [{strategy}], secondaryAuthStrategies: [{strategy, isActive}] }`
     * @throws FeApiError — the login box swallows it and uses EmailAndPassword (sign-in §8).
     */
    getPublicAuthStrategies(o?: CallOptions): Promise<PublicAuthStrategies> {
      return client.get<PublicAuthStrategies>(AUTH_PATHS.publicAuthStrategies, requestOptions(o));
    },
  };
}
