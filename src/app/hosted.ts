/**
 * Hosted login in the browser (sign-in §1, §2, §7; contract §4 EO1), for apps created with
 * `hostedLoginBox: true`. Loaded on demand (dynamic import) by the app and `<fe-routes>`, so the
 * embedded login box never pays for it.
 *
 * - {@link loginWithRedirect}: `GET {baseUrl}/oauth/authorize` with scope "openid email profile",
 *   S256 PKCE, state, a 16-character random nonce, and acr_values / max_age / organization when
 *   given (SI-7.46–7.49); verifier, state and nonce wait in sessionStorage.
 * - {@link handleCallback} (route `hostedLoginRedirectUrl`, default `/oauth/callback`): checks state,
 *   exchanges the code at `POST {baseUrl}/{prefix}/oauth/token` (JSON, SI-7.43), checks the id token's
 *   nonce and builds the session per EO1 (token = id_token, user from its claims + me, expiresIn default 300).
 * - {@link silentRefresh}: `POST {prefix}/oauth/authorize/silent { tenantId }` with the hosted
 *   session's cookie (SI-7.44), used by `app.refresh()` instead of the embedded refresh.
 * - {@link logoutHosted}: `GET {prefix}/oauth/logout?id_token_hint&post_logout_redirect_uri` (SI-7.45).
 * - {@link hostedTransport}: the app's session transport in this mode (src/app/transport.ts).
 */
import { decodeClaims } from '../auth/claims.ts';
import { MULTI_FACTOR_ACR } from '../auth/step-up.ts';
import type { LoginResponse } from '../api/types.ts';
import { FeErrorEvent, FeLoginEvent, FeNavigateEvent, toPublicUser } from '../events/index.ts';
import type { SessionTransport } from './transport.ts';
import type { FeApp, LoginResult } from './types.ts';

/** The OAuth token response (contract §5 OAuthTok). */
export interface OAuthTokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in?: number;
  token_type?: string;
}

/** Options of {@link loginWithRedirect}. */
export interface LoginWithRedirectOptions {
  /** Where to go after the sign-in (checked like every redirectUrl, sign-in §5). */
  redirectUrl?: string;
  /** `acr_values` of the authorize request (space separated). */
  acrValues?: string;
  /** `max_age` in seconds: the authentication must be at most this old. */
  maxAge?: number;
  /** `organization`: the tenant to sign in to. */
  organization?: string;
}

interface Pending {
  state: string;
  verifier: string;
  nonce: string;
  redirectUri: string;
  redirectUrl?: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const storageKey = (app: FeApp) => `fe-hosted-login:${app.options.clientId ?? ''}`;

function b64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/** A random string of `length` letters and digits (the nonce: 16, sign-in §7). */
export function randomString(length: number): string {
  // 62 × 4 = 248: bytes below it map uniformly onto the alphabet
  let out = '';
  while (out.length < length) for (const b of randomBytes(length * 2)) if (b < 248 && out.length < length) out += ALPHABET[b % 62];
  return out;
}

/** The S256 code challenge of a PKCE verifier (RFC 7636 §4.2). */
export async function s256(verifier: string): Promise<string> {
  return b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** The origin (and path) of the identity API, without a trailing slash: `baseUrl` resolved against the page. */
function apiBase(app: FeApp): string {
  return new URL(app.options.baseUrl, location.href).href.replace(/\/+$/, '');
}

/** The OAuth token response as a login response (contract §4 EO1): the token is the id token. */
export function fromOAuth(tokens: OAuthTokens): LoginResponse {
  let claims: Record<string, unknown> = {};
  try {
    claims = decodeClaims(tokens.id_token);
  } catch {
    /* an opaque id token: the user comes from me */
  }
  return { mfaRequired: false, ...claims, accessToken: tokens.id_token, refreshToken: tokens.refresh_token, expiresIn: tokens.expires_in || 300 } as unknown as LoginResponse;
}

/**
 * Sends the browser to the hosted login (`{baseUrl}/oauth/authorize`).
 * @returns the authorize URL (after navigating to it).
 */
export async function loginWithRedirect(app: FeApp, options: LoginWithRedirectOptions = {}): Promise<string> {
  const pending: Pending = {
    state: b64url(randomBytes(16)),
    verifier: b64url(randomBytes(32)),
    nonce: randomString(16),
    redirectUri: new URL(app.routes.hostedLoginRedirectUrl, location.href).href,
    redirectUrl: options.redirectUrl,
  };
  sessionStorage.setItem(storageKey(app), JSON.stringify(pending));
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: app.options.clientId ?? '',
    redirect_uri: pending.redirectUri,
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await s256(pending.verifier),
    code_challenge_method: 'S256',
  });
  if (options.acrValues) q.set('acr_values', options.acrValues);
  if (options.maxAge !== undefined && Number.isFinite(options.maxAge)) q.set('max_age', String(Math.max(0, Math.floor(options.maxAge))));
  if (options.organization) q.set('organization', options.organization);
  const url = `${apiBase(app)}/oauth/authorize?${q}`;
  app.navigate(url);
  return url;
}

/** Error of {@link handleCallback}. */
export class HostedLoginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostedLoginError';
  }
}

/**
 * Completes the hosted login on the callback page: state check, code exchange (PKCE), nonce check,
 * session (EO1). `url` defaults to the page URL (read before anything is awaited).
 * @returns the login result and where to go next (the stored redirectUrl, checked, or the authenticated URL).
 * @throws HostedLoginError when the answer is an error, the request does not match, or the exchange fails.
 */
export async function handleCallback(app: FeApp, url: string = location.href): Promise<{ result: LoginResult; redirectUrl: string }> {
  const params = new URL(url).searchParams;
  const key = storageKey(app);
  let pending: Pending | null = null;
  try {
    pending = JSON.parse(sessionStorage.getItem(key) || 'null');
  } catch {
    /* treated as missing */
  }
  sessionStorage.removeItem(key);
  const error = params.get('error');
  if (error) throw new HostedLoginError(params.get('error_description') || error);
  const code = params.get('code');
  if (!code || !pending || pending.state !== params.get('state')) throw new HostedLoginError('The sign-in request has expired or does not match');
  // the app's start-up refresh settles first, so that a failed one cannot end the new session
  await app.start();
  const tokens = await app.client.post<OAuthTokens>(
    '/oauth/token',
    { code, code_verifier: pending.verifier, redirect_uri: pending.redirectUri, grant_type: 'authorization_code' },
    { withoutAuthorization: true },
  );
  let nonce: unknown;
  try {
    nonce = decodeClaims(tokens.id_token).nonce;
  } catch {
    /* checked below */
  }
  if (nonce !== pending.nonce) throw new HostedLoginError('The id token does not match the sign-in request');
  const result = await app.completeLogin(fromOAuth(tokens), 'interactive');
  if (!result) throw new HostedLoginError('The sign-in did not return a session');
  return { result, redirectUrl: app.resolvePostAuthUrl(pending.redirectUrl) };
}

/** Silent refresh of a hosted session (SI-7.44): the OAuth answer as a login response. */
export async function silentRefresh(app: FeApp, tenantId: string | null): Promise<LoginResponse> {
  const tokens = await app.client.post<OAuthTokens>('/oauth/authorize/silent', { tenantId }, { withoutAuthorization: true, credentials: 'include' });
  return fromOAuth(tokens);
}

/**
 * Hosted logout (SI-7.45): sends the browser to `{prefix}/oauth/logout` with the id token as
 * `id_token_hint` and `post_logout_redirect_uri` (default: the authenticated URL on this origin).
 * @returns the logout URL (after navigating to it).
 */
export function logoutHosted(app: FeApp, postLogoutRedirectUri = new URL(app.routes.authenticatedUrl, location.href).href): string {
  const idToken = app.stores.$session.get().accessToken;
  const url = app.client.url('/oauth/logout', { id_token_hint: idToken ?? undefined, post_logout_redirect_uri: postLogoutRedirectUri });
  app.navigate(url);
  return url;
}

/**
 * `<fe-routes>` in hosted mode: the login route redirects to the hosted login (with the page's
 * redirectUrl, and maxAge / acr_values / organization when present), the callback route completes
 * the sign-in (fires `fe-login`, then a cancelable `fe-navigate` to the redirect URL), the logout
 * route logs out through the hosted logout.
 */
export async function runHostedRoute(app: FeApp, route: 'loginUrl' | 'hostedLoginRedirectUrl' | 'logoutUrl', host: HTMLElement): Promise<void> {
  const page = location.href;
  const q = new URL(page).searchParams;
  if (route === 'loginUrl') {
    // the start-up silent refresh rotates the session cookie: let it settle, or the authorize
    // request could carry the cookie it just replaced
    await app.start();
    const maxAge = q.get('maxAge') ?? q.get('max_age');
    await loginWithRedirect(app, {
      redirectUrl: q.get('redirectUrl') ?? undefined,
      acrValues: q.get('acr_values') ?? undefined,
      maxAge: maxAge === null ? undefined : Number(maxAge),
      organization: q.get('organization') ?? undefined,
    });
  } else if (route === 'logoutUrl') {
    // the session restored first, so the hosted logout names it (id_token_hint)
    await app.start();
    await app.logout();
  } else {
    try {
      const { result, redirectUrl } = await handleCallback(app, page);
      host.dispatchEvent(new FeLoginEvent({ user: toPublicUser(result.user), restored: false }));
      const url = new URL(redirectUrl, location.href).href;
      if (host.dispatchEvent(new FeNavigateEvent({ url }))) app.navigate(url);
    } catch (error) {
      const message = (error as { message?: string }).message || 'Sign-in failed';
      app.logger.warn('hosted login callback failed', error);
      const alert = document.createElement('p');
      alert.setAttribute('role', 'alert');
      alert.textContent = `Sign-in failed: ${message}`;
      host.replaceChildren(alert);
      host.dispatchEvent(new FeErrorEvent({ message }));
    }
  }
}

/**
 * The session transport of hosted login (src/app/transport.ts): silent refresh, hosted logout (the
 * browser leaves; never settles), step-up through the hosted login (`acr_values` = the multi-factor
 * policy, `max_age`, back to this page), and the login, logout and callback routes of `<fe-routes>`.
 */
export function hostedTransport(app: FeApp): SessionTransport {
  return {
    routes: ['loginUrl', 'logoutUrl', 'hostedLoginRedirectUrl'],
    refresh: (tenantId) => silentRefresh(app, tenantId),
    logout: () => (logoutHosted(app), new Promise<void>(() => {})),
    stepUp: async (maxAge) => void (await loginWithRedirect(app, { acrValues: MULTI_FACTOR_ACR, maxAge, redirectUrl: location.href })),
    runRoute: (route, host) => runHostedRoute(app, route, host),
  };
}
