/**
 * Federated sign-in for the login box (loaded on demand; nothing here is on
 * the path before the first input): social login providers and the start of
 * a social login (authorization code + PKCE, sign-in §3, §7 SI-7.37).
 *
 * - {@link socialProviders}: the vendor's active providers (built-in and
 *   custom), asked once per app.
 * - {@link startSocialLogin}: builds the authorization request (S256 PKCE,
 *   a random `state` that is also the `nonce`), remembers the flow in
 *   sessionStorage ({@link PENDING_KEY}) and answers the provider's URL, which
 *   the login machine navigates to (`fe-navigate`, then `app.navigate`). The
 *   provider sends the browser back to `/account/social/success`, where the
 *   login box runs ./callback.ts `runPostLogin`.
 *
 * OIDC and SAML SSO start on the server: pre-login answers an address (the
 * emulator's `…/auth/sso/{id}/start`) that the login machine's
 * `redirectToSSO` step navigates to; only their callbacks run here.
 */
import { assertSafeUrl } from '../auth/safe-url.ts';
import type { FeApp } from '../app/types.ts';
import type { CustomSocialLoginProvider, LoginMethodOrigin, SocialLoginProvider } from '../api/types.ts';
import { createFederationApi, type FederationApi } from '../api/federation.ts';
import { enFederation } from '../i18n/en-federation.ts';
import { addMessages, type MessageKey } from '../i18n/index.ts';
import { PENDING_KEY } from './keys.ts';

// the federation errors below are texts of this catalogue
addMessages('en', enFederation);

export { PENDING_KEY } from './keys.ts';
/** A pending social login older than this is refused on return (ms). */
export const PENDING_TTL_MS = 10 * 60 * 1000;
/** Scopes asked for when the provider names none. */
export const DEFAULT_SCOPES = 'openid email profile';

const apis = new WeakMap<FeApp, FederationApi>();
/** The federation calls of `app` (one instance per app). */
export function federationApi(app: FeApp): FederationApi {
  let api = apis.get(app);
  if (!api) apis.set(app, (api = createFederationApi(app.client)));
  return api;
}

/** A provider button's data: a built-in provider (`type`) or a custom one (`id`, `displayName`). */
export interface SocialProviderEntry {
  /** The `{provider}` of the post-login path: the type (built-in) or the custom provider's id. */
  key: string;
  /** Built-in type (`github` …) or `custom`. */
  type: string;
  origin: Exclude<LoginMethodOrigin, 'direct'>;
  /** Custom providers only: the name to show (data, not catalogue text). */
  displayName?: string;
  logoUrl?: string;
  clientId: string;
  authorizationUrl: string;
  redirectUrl: string;
  scopes: string;
}

function fromBuiltIn(p: SocialLoginProvider): SocialProviderEntry | null {
  if (!p.active || !p.authorizationUrl) return null;
  const base = (typeof p.options?.scopes === 'string' && p.options.scopes) || DEFAULT_SCOPES;
  const scopes = [...new Set([...base.split(/\s+/), ...(p.additionalScopes ?? [])].filter(Boolean))].join(' ');
  return { key: p.type, type: p.type, origin: 'social-login', clientId: p.clientId, authorizationUrl: p.authorizationUrl, redirectUrl: p.redirectUrl, scopes };
}

function fromCustom(p: CustomSocialLoginProvider): SocialProviderEntry | null {
  if (!p.active || !p.authorizationUrl) return null;
  return {
    key: p.id,
    type: 'custom',
    origin: 'custom-social-login',
    displayName: p.displayName,
    logoUrl: p.ssoLogoUrl || undefined,
    clientId: p.clientId,
    authorizationUrl: p.authorizationUrl,
    redirectUrl: p.redirectUrl,
    scopes: p.scopes || DEFAULT_SCOPES,
  };
}

const providerLists = new WeakMap<FeApp, Promise<SocialProviderEntry[]>>();
/**
 * The vendor's active social providers, built-in first (api-contract A
 * getSocialLoginProvidersV2, getCustomSocialLoginProvidersV1), asked once per
 * app. A failed list counts as empty (logged at debug) and is asked again next time.
 */
export function socialProviders(app: FeApp): Promise<SocialProviderEntry[]> {
  let p = providerLists.get(app);
  if (!p) {
    const api = federationApi(app);
    const quiet = <T>(q: Promise<T[]>) =>
      q.catch((error) => {
        app.logger.debug('social login providers not loaded', error);
        providerLists.delete(app);
        return [] as T[];
      });
    p = Promise.all([quiet(api.getSocialLoginProviders()), quiet(api.getCustomSocialLoginProviders())]).then(([builtIn, custom]) =>
      [...builtIn.map(fromBuiltIn), ...custom.map(fromCustom)].filter((x): x is SocialProviderEntry => !!x),
    );
    providerLists.set(app, p);
  }
  return p;
}

/** The social login a tab started: what the callback needs to finish it. */
export interface PendingSocialLogin {
  provider: string;
  origin: Exclude<LoginMethodOrigin, 'direct'>;
  state: string;
  codeVerifier: string;
  redirectUri: string;
  /** The login page's `redirectUrl` query parameter (where to go after sign-in). */
  redirectUrl?: string;
  invitationToken?: string;
  /** ms since the epoch. */
  createdAt: number;
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** `n` random bytes, base64url. */
export const randomString = (n = 32) => b64url(crypto.getRandomValues(new Uint8Array(n)));
/** The S256 PKCE challenge of `verifier` (RFC 7636 §4.2). */
export async function pkceChallenge(verifier: string): Promise<string> {
  return b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** The redirect URI of a provider: its configured redirect URL, else this page's social callback route. */
export function socialRedirectUri(app: FeApp, provider: Pick<SocialProviderEntry, 'redirectUrl'>): string {
  return provider.redirectUrl || new URL(app.routes.socialLoginCallbackUrl, location.href).href;
}

/**
 * Starts a social login (sign-in §3): remembers `{provider, state,
 * codeVerifier, redirectUri, …}` in sessionStorage and answers the provider's
 * authorization URL with `response_type=code`, `client_id`, `redirect_uri`,
 * `scope`, `state`, `nonce` (= state), `code_challenge` and
 * `code_challenge_method=S256` (the caller navigates there: the login
 * machine emits the navigation).
 * @returns the authorization URL.
 * @throws UnsafeUrlError when the provider's `authorizationUrl` is not https
 *   (or http on a loopback host): nothing is stored.
 */
export async function startSocialLogin(app: FeApp, provider: SocialProviderEntry): Promise<string> {
  // a provider's authorization endpoint comes from the API: only https (or loopback http) is opened
  const authorizationUrl = assertSafeUrl(provider.authorizationUrl);
  const state = randomString(32);
  const codeVerifier = randomString(48);
  const redirectUri = socialRedirectUri(app, provider);
  const here = new URLSearchParams(location.search);
  const pending: PendingSocialLogin = {
    provider: provider.key,
    origin: provider.origin,
    state,
    codeVerifier,
    redirectUri,
    createdAt: Date.now(),
    redirectUrl: here.get('redirectUrl') ?? undefined,
    invitationToken: here.get('invitationToken') ?? undefined,
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(authorizationUrl);
  const params = {
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    scope: provider.scopes,
    state,
    nonce: state,
    code_challenge: await pkceChallenge(codeVerifier),
    code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

/**
 * Takes (reads and removes) the pending social login of this tab.
 * @returns it, or null when there is none or it is older than {@link PENDING_TTL_MS}.
 */
export function takePendingSocialLogin(): PendingSocialLogin | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as PendingSocialLogin;
    return p && typeof p.state === 'string' && Date.now() - p.createdAt <= PENDING_TTL_MS ? p : null;
  } catch {
    return null;
  }
}

/** A federated sign-in that failed in the browser (no call made), with a catalogue key; `message` is the text in the app's locale. */
export class FederationError extends Error {
  constructor(
    readonly key: MessageKey,
    message: string,
  ) {
    super(message);
    this.name = 'FederationError';
  }
}

/** A {@link FederationError} for `key`, its message in the app's locale. */
export function federationError(app: FeApp, key: MessageKey): FederationError {
  return new FederationError(key, app.i18n.$t.get()(key));
}
