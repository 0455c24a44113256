/**
 * Federation callbacks (sign-in §2 routes `/account/social/success`,
 * `/account/oidc/callback`, `/account/saml/callback`): the login box (the
 * login machine's `postLogin` state) calls {@link runPostLogin} with the
 * callback's query string; the answer is a login response that continues
 * like a password login (MFA, or the session stored by the login actors). Loaded on demand.
 */
import { SSO_TEST_STATE_PREFIX, type SsoTestFinished } from '../api/federation.ts';
import type { LoginResponse } from '../api/types.ts';
import type { FeApp } from '../app/types.ts';
import { federationApi, federationError, takePendingSocialLogin } from './index.ts';

/** Input of {@link runPostLogin}: the callback kind and the callback URL's query string as an object. */
export interface FederationCallbackInput {
  kind: 'social' | 'oidc' | 'saml';
  params: Record<string, string>;
}

/** The callback URL the identity provider sent the browser to, without its query (the OIDC `redirectUri`). */
function currentCallbackUrl(): string {
  return location.origin + location.pathname;
}

/**
 * Completes a federated sign-in.
 * - `social`: `?code&state` (or `?error`). The state must be the one this
 *   tab started with (sessionStorage, single use, 10 min); then
 *   `POST …/user/sso/{provider}/postlogin?code&redirectUri&code_verifier&state`
 *   with body `{ invitationToken }` (SI-7.37).
 * - `oidc`: `?code&state` → `POST …/user/oidc/postlogin {code, state, redirectUri}`
 *   with this page's URL as redirectUri (SI-7.35). A state that starts with
 *   `sso-test.` is an administrator's test sign-in of the connection (issue 31
 *   item 5): the code, or the IdP's `error`, is posted and the answer is
 *   `{ ssoTestSignIn }` — nobody signs in, the result is the admin portal's.
 * - `saml`: `?RelayState&code` (the one-time code the emulator's ACS handed
 *   over after validating the SAML response) → `POST …/user/saml/postlogin
 *   {RelayState, code}`; a callback carrying `SAMLResponse` posts
 *   `{RelayState, SAMLResponse}` instead (SI-7.34).
 * `signal` aborts the call (the login machine left the step).
 * @returns the login response (tokens, or an MFA challenge), or {@link SsoTestFinished} for a test sign-in.
 * @throws FederationError (catalogue key `federation.error.*`) when the
 *   provider answered an error or the callback does not belong to a login of
 *   this tab; FeApiError when the identity API refuses (the login machine
 *   shows "Failed to authenticate" for social/OIDC, loginWithSSOFailed for SSO).
 */
export async function runPostLogin(app: FeApp, input: FederationCallbackInput, signal?: AbortSignal): Promise<LoginResponse | SsoTestFinished> {
  const p = input.params ?? {};
  const api = federationApi(app);
  if (input.kind === 'social') {
    const pending = takePendingSocialLogin();
    if (p.error) throw federationError(app, p.error === 'access_denied' ? 'federation.error.cancelled' : 'federation.failed');
    if (!pending || !p.state || p.state !== pending.state || !p.code) throw federationError(app, 'federation.error.stale');
    return api.loginViaSocialLogin(
      pending.provider,
      { code: p.code, redirectUri: pending.redirectUri, code_verifier: pending.codeVerifier, state: pending.state },
      pending.invitationToken ? { invitationToken: pending.invitationToken } : {},
      { signal },
    );
  }
  const testState = input.kind === 'oidc' ? (p.state ?? p.RelayState) : undefined;
  if (testState?.startsWith(SSO_TEST_STATE_PREFIX)) {
    // the IdP's answer to a test sign-in, an error too, is the test's result
    const { code, error, error_description } = p;
    return api.oidcTestPostLogin({ state: testState, code, error, error_description, redirectUri: currentCallbackUrl() }, { signal });
  }
  if (p.error) throw federationError(app, p.error === 'access_denied' ? 'federation.error.cancelled' : 'federation.failed');
  if (input.kind === 'oidc') {
    const state = p.state ?? p.RelayState;
    if (!p.code || !state) throw federationError(app, 'federation.error.stale');
    return api.oidcPostLogin({ code: p.code, state, redirectUri: currentCallbackUrl() }, { signal });
  }
  if (!p.RelayState || !(p.code || p.SAMLResponse)) throw federationError(app, 'federation.error.stale');
  return api.samlPostLogin(p.code ? { RelayState: p.RelayState, code: p.code } : { RelayState: p.RelayState, SAMLResponse: p.SAMLResponse }, { signal });
}
