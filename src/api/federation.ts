/**
 * Federation calls (api-contract A, V; sign-in §7 SI-7.34–7.37, 7.51, 7.52):
 * social login providers and post-login, OIDC and SAML post-login, the
 * public SSO configuration and the SAML SP configuration. A module of its
 * own, loaded on demand by src/federation; calls behave as in ./auth.ts
 * (source `login-box`, FeApiError on failure).
 */
import type { ApiClient } from './client.ts';
import { requestOptions, type CallOptions } from './request.ts';
import type { CustomSocialLoginProvider, LoginResponse, SamlVendorConfiguration, SocialLoginProvider, SocialLoginResponse } from './types.ts';

/** Paths (without the prefix). */
export const FEDERATION_PATHS = {
  socialProviders: '/identity/resources/sso/v2',
  customSocialProviders: '/identity/resources/sso/custom/v1',
  socialPostLogin: (provider: string) => `/identity/resources/auth/v1/user/sso/${encodeURIComponent(provider)}/postlogin`,
  oidcPostLogin: '/identity/resources/auth/v1/user/oidc/postlogin',
  samlPostLogin: '/identity/resources/auth/v1/user/saml/postlogin',
  ssoPublicConfiguration: '/team/resources/sso/v2/configurations/public',
  samlVendorConfiguration: '/team/resources/sso/v1/saml/configurations/vendor-config',
} as const;

/** How the state of an administrator's OIDC test sign-in starts (the emulator's federation/test-sign-in.ts). */
export const SSO_TEST_STATE_PREFIX = 'sso-test.';

/** The post-login's answer to an administrator's test sign-in (issue 31 item 5): the test is over, nobody signed in. */
export interface SsoTestFinished {
  ssoTestSignIn: { id: string; status: 'succeeded' | 'failed' };
}

/** Query of the social post-login (each sent only when set; contract A loginViaSocialLogin). */
export interface SocialPostLoginQuery {
  code?: string;
  id_token?: string;
  redirectUri?: string;
  code_verifier?: string;
  code_verifier_pkce?: string;
  state?: string;
}

/** Creates the calls on top of `client`. */
export function createFederationApi(client: ApiClient) {
  // the post-logins are sign-in calls: a 401 there is a refused login, never a reason to refresh
  const postLogin = { noRefresh: true } as const;
  return {
    /** `GET …/sso/v2` (public) → the vendor's built-in social providers, active or not. */
    getSocialLoginProviders(o?: CallOptions): Promise<SocialLoginProvider[]> {
      return client.get<SocialLoginProvider[]>(FEDERATION_PATHS.socialProviders, requestOptions(o)).then((r) => (Array.isArray(r) ? r : []));
    },
    /** `GET …/sso/custom/v1` (public) → the vendor's custom social providers. */
    getCustomSocialLoginProviders(o?: CallOptions): Promise<CustomSocialLoginProvider[]> {
      return client.get<{ providers?: CustomSocialLoginProvider[] }>(FEDERATION_PATHS.customSocialProviders, requestOptions(o)).then((r) => r?.providers ?? []);
    },
    /**
     * `POST …/auth/v1/user/sso/{provider}/postlogin?code&redirectUri&code_verifier&state` with body
     * `{ metadata, invitationToken }` → the login response plus `isNewUser` (refresh cookie set on success).
     */
    loginViaSocialLogin(provider: string, query: SocialPostLoginQuery, body: { metadata?: string; invitationToken?: string } = {}, o?: CallOptions) {
      return client.post<SocialLoginResponse>(FEDERATION_PATHS.socialPostLogin(provider), body, requestOptions(o, { ...postLogin, query: { ...query } }));
    },
    /** `POST …/auth/v1/user/oidc/postlogin {code, state, redirectUri}` → the login response. */
    oidcPostLogin(body: { code: string; state: string; redirectUri: string }, o?: CallOptions): Promise<LoginResponse> {
      return client.post<LoginResponse>(FEDERATION_PATHS.oidcPostLogin, body, requestOptions(o, postLogin));
    },
    /**
     * `POST …/auth/v1/user/oidc/postlogin {state, code?, error?, error_description?, redirectUri}` for an
     * administrator's test sign-in of an OIDC SSO connection (issue 31 item 5; the state starts with
     * {@link SSO_TEST_STATE_PREFIX}): the IdP's code, or its error, is handed over; nobody signs in.
     * @returns `{ ssoTestSignIn: { id, status } }` (the result itself is the portal's)
     * @throws FeApiError 400 `ER-SSO-STATE-INVALID` when the test's state is unknown, spent or expired
     */
    oidcTestPostLogin(body: { state: string; code?: string; error?: string; error_description?: string; redirectUri: string }, o?: CallOptions): Promise<SsoTestFinished> {
      return client.post<SsoTestFinished>(FEDERATION_PATHS.oidcPostLogin, body, requestOptions(o, postLogin));
    },
    /**
     * `POST …/auth/v1/user/saml/postlogin` → the login response. Body `{RelayState, code}` with the one-time
     * code the ACS handed to the callback (the emulator's design, see emulator/src/routes/federation.ts), or
     * `{RelayState, SAMLResponse}` when the page holds the SAML response itself.
     */
    samlPostLogin(body: { RelayState: string; code?: string; SAMLResponse?: string }, o?: CallOptions): Promise<LoginResponse> {
      return client.post<LoginResponse>(FEDERATION_PATHS.samlPostLogin, body, requestOptions(o, postLogin));
    },
    /** `GET …/team/resources/sso/v2/configurations/public` → `{ isActive }` (LOAD_SSO_PUBLIC_CONFIGURATION). */
    getSSOPublicConfiguration(o?: CallOptions): Promise<{ isActive: boolean }> {
      return client.get<{ isActive: boolean }>(FEDERATION_PATHS.ssoPublicConfiguration, requestOptions(o));
    },
    /** `GET …/team/resources/sso/v1/saml/configurations/vendor-config` (signed in; the config's source, not `login-box`) → `{ acsUrl, spEntityId }`. */
    getSamlVendorConfiguration(o?: CallOptions): Promise<SamlVendorConfiguration> {
      return client.get<SamlVendorConfiguration>(FEDERATION_PATHS.samlVendorConfiguration, requestOptions(o, { source: undefined }));
    },
  };
}

export type FederationApi = ReturnType<typeof createFederationApi>;
