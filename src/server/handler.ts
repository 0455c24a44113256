/**
 * `createRequestHandler(options)`: `(request: Request) => Promise<Response | null>` —
 * the host server's routes for the session; `null` for every other path.
 *
 * - `GET {routes.login}` (hosted login only, default `/account/login`): redirects to the
 *   authorize endpoint (`{baseUrl}/oauth/authorize`, scope "openid email profile", S256 PKCE,
 *   a 16-character nonce, state) and keeps state, verifier and nonce in a sealed,
 *   10-minute `fe_oauth_<clientId>` cookie. `?redirectUrl=/path` (same-origin path) is where the
 *   callback lands.
 * - `GET {routes.callback}` (hosted login only, default `/oauth/callback`): checks `state`,
 *   exchanges the code at the token endpoint (SI-7.14), checks the id token's nonce, seals the tokens into the session
 *   cookie and redirects to the authenticated URL.
 * - `GET|POST {routes.logout}` (default `/account/logout`): revokes the session at the API,
 *   clears the cookie and redirects — with hosted login through `GET {prefix}/oauth/logout`
 *   (`post_logout_redirect_uri` = the app's `afterLogoutUrl`), otherwise to `afterLogoutUrl`.
 * - `/{prefix}/*` (default `/frontegg/*`): proxied to `{baseUrl}/{prefix}/*`. The session's access
 *   token is sent as `Authorization: Bearer` (refreshed first when it expires within 10 s), except on
 *   refresh, activate and logout requests (sign-in §7). The browser's refresh
 *   (`…/auth/v1/user/token/refresh`) is answered with the sealed refresh token and re-sealed;
 *   answers carrying new tokens (login, MFA verify, sign-up, activation, impersonation, …) are sealed
 *   into the session cookie and their `refreshToken` is removed before the browser sees them; the
 *   API's own `fe_refresh_*` cookie is never passed on. So the elements, pointed at the host origin
 *   (`baseUrl = location.origin`), share one rotation chain with the server.
 * - Logout (the route or the proxied `…/auth/v1/logout`, `…/oauth/logout`) remembers the session as signed
 *   out before it calls the API (`TokenClient.revoke`, see tokens.ts). A refresh of it that is still in
 *   flight then answers 401 and clears the cookie instead of sealing a new one, and requests still carrying
 *   its cookie are served as signed out — so the user does not stay signed in after logging out.
 */
import { type ServerSessionOptions } from './config.ts';
import { parseCookies, sealData, serializeCookie, unsealData, type SessionTokens } from './cookie.ts';
import { accessTokenExpiring, createServerSession, type FeServerSession } from './session.ts';
import { embeddedRefreshCookie, SessionRevokedError, setCookieValue, toTokenSet, TokenError, type TokenSet } from './tokens.ts';

export type RequestHandler = (request: Request) => Promise<Response | null>;

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
const REFRESH_PATH = /^\/identity\/resources\/auth\/v1\/user\/token\/refresh\/?$/;
const LOGOUT_PATH = /^\/(identity\/resources\/auth\/v1\/logout|oauth\/logout)\/?$/;
/** Requests sent without Authorization (sign-in §7): refresh, activate, logout. */
const NO_AUTH_PATH =
  /^\/(identity\/resources\/auth\/v1\/user\/token\/refresh|identity\/resources\/users\/v1\/activate(\/.*)?|identity\/resources\/auth\/v1\/logout|oauth\/logout)\/?$/;

const OAUTH_COOKIE_TTL = 600;

function b64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const randomString = (bytes: number) => b64url(crypto.getRandomValues(new Uint8Array(bytes)));
async function s256(verifier: string): Promise<string> {
  return b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A 16-character random nonce (sign-in §7). */
function nonce16(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => NONCE_ALPHABET[b % NONCE_ALPHABET.length]).join('');
}

function redirect(location: string, setCookie: string[] = []): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const c of setCookie) headers.append('set-cookie', c);
  return new Response(null, { status: 302, headers });
}

function textResponse(status: number, text: string, setCookie: string[] = []): Response {
  const headers = new Headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  for (const c of setCookie) headers.append('set-cookie', c);
  return new Response(text, { status, headers });
}

/** A same-origin path (`/…`, not `//…`), else undefined. */
function localPath(value: string | null): string | undefined {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : undefined;
}

interface OAuthState {
  state: string;
  verifier: string;
  nonce: string;
  returnTo?: string;
}

/** Tokens in an API answer: top level, or `authResponse` (sign-up). */
function tokensIn(body: unknown): { holder: Record<string, unknown>; accessToken: string } | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  for (const holder of [b, b.authResponse]) {
    if (holder && typeof holder === 'object' && typeof (holder as Record<string, unknown>).accessToken === 'string') {
      return { holder: holder as Record<string, unknown>, accessToken: (holder as Record<string, unknown>).accessToken as string };
    }
  }
  return null;
}

export function createRequestHandler(options: ServerSessionOptions | FeServerSession): RequestHandler {
  const fe: FeServerSession = 'getSession' in options ? options : createServerSession(options);
  const { config } = fe;
  const oauthCookie = `fe_oauth_${config.clientId}`;
  const oauthCookieAttrs = { ...config.cookie, sameSite: 'lax' as const, maxAge: OAUTH_COOKIE_TTL };
  const refreshCookie = embeddedRefreshCookie(config.clientId);
  const prefix = `/${config.urlPrefix}`;

  const appOrigin = (url: URL) => config.appUrl ?? url.origin;
  const redirectUri = (url: URL) => `${appOrigin(url)}${config.routes.callback}`;

  async function startLogin(request: Request, url: URL): Promise<Response> {
    const st: OAuthState = { state: randomString(16), verifier: randomString(32), nonce: nonce16(), returnTo: localPath(url.searchParams.get('redirectUrl')) };
    const sealed = await sealData(st, config.encryptionPassword, OAUTH_COOKIE_TTL);
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: config.clientId,
      redirect_uri: redirectUri(url),
      scope: 'openid email profile',
      state: st.state,
      nonce: st.nonce,
      code_challenge: await s256(st.verifier),
      code_challenge_method: 'S256',
    });
    for (const k of ['acr_values', 'max_age', 'organization', 'login_hint']) {
      const v = url.searchParams.get(k);
      if (v) q.set(k, v);
    }
    return redirect(`${config.baseUrl}${config.authorizePath}?${q}`, [serializeCookie(oauthCookie, sealed, oauthCookieAttrs)]);
  }

  async function callback(request: Request, url: URL): Promise<Response> {
    const clearState = serializeCookie(oauthCookie, '', oauthCookieAttrs, 0);
    const error = url.searchParams.get('error');
    if (error) return textResponse(400, `Sign-in failed: ${url.searchParams.get('error_description') ?? error}`, [clearState]);
    const code = url.searchParams.get('code');
    const state = url.searchParams.get('state');
    const st = (await unsealData(parseCookies(request.headers.get('cookie')).get(oauthCookie), config.encryptionPassword)) as OAuthState | null;
    if (!code || !st || typeof st !== 'object' || typeof st.state !== 'string' || st.state !== state)
      return textResponse(400, 'Sign-in failed: the sign-in request has expired or does not match', [clearState]);
    let t: TokenSet;
    try {
      t = await fe.tokens.exchangeCode({ code, redirectUri: redirectUri(url), codeVerifier: st.verifier });
      await fe.verifyAccessToken(t.accessToken);
      // the id token must answer this sign-in request (OpenID Connect nonce)
      if (t.idToken && (await fe.verifyAccessToken(t.idToken)).nonce !== st.nonce) throw new TokenError('the id token does not match the sign-in request', 400);
    } catch (e) {
      return textResponse(e instanceof TokenError && e.definitive ? 400 : 502, `Sign-in failed: ${(e as Error).message}`, [clearState]);
    }
    if (t.mfaRequired) return textResponse(400, 'Sign-in failed: multi-factor authentication is required', [clearState]);
    const cookies = await fe.sessionCookies({ accessToken: t.accessToken, refreshToken: t.refreshToken }, request);
    return redirect(`${appOrigin(url)}${st.returnTo ?? config.routes.authenticatedUrl}`, [...cookies, clearState]);
  }

  async function logout(request: Request, url: URL): Promise<Response> {
    // remembered as signed out before the API is called: a refresh of this session still in flight
    // (the page's <fe-app> through the proxy, a server render) must not seal it again afterwards
    const tokens = await fe.readTokens(request);
    if (tokens) await fe.tokens.revoke(tokens);
    const clear = fe.clearCookies(request);
    const after = `${appOrigin(url)}${config.routes.afterLogoutUrl}`;
    if (config.hostedLogin) {
      return redirect(`${config.apiUrl}/oauth/logout?${new URLSearchParams({ post_logout_redirect_uri: after })}`, clear);
    }
    return redirect(after, clear);
  }

  /** Forwards to the API. `cookie` replaces the browser's cookies (which never reach the API). */
  async function forward(request: Request, url: URL, body: ArrayBuffer | undefined, auth: string | null, cookie?: string): Promise<Response> {
    const headers = new Headers(request.headers);
    for (const h of [...HOP_BY_HOP, 'host', 'cookie', 'content-length', 'accept-encoding', 'authorization']) headers.delete(h);
    if (auth) headers.set('authorization', auth);
    if (cookie) headers.set('cookie', cookie);
    headers.set('x-forwarded-host', url.host);
    headers.set('x-forwarded-proto', url.protocol.replace(':', ''));
    return config.fetch(`${config.apiUrl}${url.pathname.slice(prefix.length)}${url.search}`, {
      method: request.method,
      headers,
      body: body && body.byteLength ? body : undefined,
      redirect: 'manual',
    });
  }

  async function readBody(res: Response): Promise<{ text: string; json: unknown }> {
    const text = await res.text();
    let json: unknown;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
    }
    return { text, json };
  }

  /** The browser's answer: the API's, minus its refresh cookie and encoding headers, plus ours. */
  function answer(res: Response, body: string | null, setCookie: string[]): Response {
    const headers = new Headers();
    res.headers.forEach((v, k) => {
      if (k === 'set-cookie' || k === 'content-encoding' || k === 'content-length' || HOP_BY_HOP.includes(k)) return;
      headers.set(k, v);
    });
    for (const sc of res.headers.getSetCookie?.() ?? []) if (!sc.trim().startsWith(`${refreshCookie}=`)) headers.append('set-cookie', sc);
    for (const sc of setCookie) headers.append('set-cookie', sc);
    headers.set('cache-control', headers.get('cache-control') ?? 'no-store');
    const empty = res.status === 204 || res.status === 304 || res.status < 200;
    return new Response(empty ? null : body, { status: res.status, statusText: res.statusText, headers });
  }

  /** Seals the tokens of a successful answer; removes `refreshToken` from what the browser gets. */
  async function capture(request: Request, res: Response, json: unknown): Promise<{ body: string | null; setCookie: string[] }> {
    const found = res.ok ? tokensIn(json) : null;
    if (!found) return { body: null, setCookie: [] };
    const refreshToken = (typeof found.holder.refreshToken === 'string' && found.holder.refreshToken) || setCookieValue(res.headers.getSetCookie?.() ?? [], refreshCookie);
    if (!refreshToken) return { body: null, setCookie: [] };
    delete found.holder.refreshToken;
    return { body: JSON.stringify(json), setCookie: await fe.sessionCookies({ accessToken: found.accessToken, refreshToken }, request) };
  }

  /** The answer to a refresh of a signed-out session: 401, the cookie cleared. */
  function signedOut(request: Request): Response {
    const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' });
    for (const c of fe.clearCookies(request)) headers.append('set-cookie', c);
    return new Response(JSON.stringify({ errors: ['Session has been revoked'] }), { status: 401, headers });
  }

  async function proxyRefresh(request: Request, url: URL, body: ArrayBuffer | undefined, tokens: SessionTokens): Promise<Response> {
    type Forwarded = { tokens: TokenSet; res: Response; json: unknown };
    let rt = tokens.refreshToken;
    // at most twice: if another caller rotated the token meanwhile, refresh once more with the successor,
    // because the browser's refresh must answer the API's full login response
    for (let attempt = 0; attempt < 2; attempt++) {
      let result: Forwarded | { tokens: TokenSet };
      try {
        result = await fe.tokens.coalesce<Forwarded>(rt, async (token) => {
          const res = await forward(request, url, body, null, `${refreshCookie}=${token}`);
          const { text, json } = await readBody(res);
          const copy = new Response(null, { status: res.status, statusText: res.statusText, headers: res.headers });
          if (!res.ok) throw Object.assign(new TokenError('refresh failed', res.status, json), { response: copy, text });
          const t = toTokenSet((json ?? {}) as Record<string, unknown>, setCookieValue(res.headers.getSetCookie?.() ?? [], refreshCookie));
          return { tokens: t, res: copy, json };
        });
      } catch (e) {
        const failed = e as { response?: Response; text?: string };
        if (failed.response) {
          const dead = failed.response.status >= 400 && failed.response.status < 500;
          return answer(failed.response, failed.text ?? '', dead ? fe.clearCookies(request) : []);
        }
        if (e instanceof SessionRevokedError) return signedOut(request);
        return textResponse(502, JSON.stringify({ errors: ['The identity API is not reachable'] }));
      }
      if ('res' in result) {
        const json = result.json as Record<string, unknown>;
        delete json.refreshToken;
        const revoked = await fe.tokens.revocationCheck(tokens.refreshToken, rt, result.tokens.refreshToken);
        const setCookie = await fe.sessionCookies({ accessToken: result.tokens.accessToken, refreshToken: result.tokens.refreshToken }, request);
        // signed out while the new cookie was sealed: never answer with it after the logout cleared it
        if (revoked()) return signedOut(request);
        return answer(result.res, JSON.stringify(json), setCookie);
      }
      rt = result.tokens.refreshToken;
    }
    return textResponse(409, JSON.stringify({ errors: ['The session is being refreshed; try again'] }));
  }

  async function proxy(request: Request, url: URL): Promise<Response> {
    const apiPath = url.pathname.slice(prefix.length);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    let tokens = await fe.readTokens(request);
    let setCookie: string[] = [];
    /** True once the session this request carries (or was renewed into) has been signed out. */
    let revoked = () => false;

    if (tokens) {
      revoked = await fe.tokens.revocationCheck(tokens.refreshToken);
      if (revoked()) {
        // a request sent before the logout's answer arrived: no session, and the cookie stays cleared
        if (REFRESH_PATH.test(apiPath) && request.method === 'POST') return signedOut(request);
        tokens = null;
        revoked = () => false;
        setCookie = fe.clearCookies(request);
      }
    }

    if (REFRESH_PATH.test(apiPath) && request.method === 'POST' && tokens) return proxyRefresh(request, url, body, tokens);

    if (LOGOUT_PATH.test(apiPath) && tokens) {
      // remembered before the API hears of it (see logout()); the API gets the newest token of the chain
      const newest = await fe.tokens.markRevoked(tokens);
      const res = await forward(request, url, body, null, `${refreshCookie}=${newest}`);
      const { text } = await readBody(res);
      return answer(res, text, fe.clearCookies(request));
    }

    if (tokens) {
      const before = tokens.refreshToken;
      const newer = fe.tokens.recent(tokens.refreshToken);
      if (newer) tokens = { accessToken: newer.accessToken, refreshToken: newer.refreshToken };
      // (the successor of a rotation within the grace period may itself be expiring when access tokens are short-lived)
      if (accessTokenExpiring(tokens.accessToken)) {
        try {
          const t = await fe.tokens.refresh(tokens.refreshToken);
          tokens = { accessToken: t.accessToken, refreshToken: t.refreshToken };
        } catch (e) {
          if (!(e instanceof TokenError) || e.definitive) {
            tokens = null;
            setCookie.push(...fe.clearCookies(request));
          }
        }
      }
      if (tokens && tokens.refreshToken !== before) {
        revoked = await fe.tokens.revocationCheck(before, tokens.refreshToken);
        setCookie.push(...(await fe.sessionCookies(tokens, request)));
      }
    }
    const auth = NO_AUTH_PATH.test(apiPath) ? null : tokens ? `Bearer ${tokens.accessToken}` : request.headers.get('authorization');
    let res: Response;
    try {
      res = await forward(request, url, body, auth);
    } catch {
      return textResponse(502, JSON.stringify({ errors: ['The identity API is not reachable'] }), setCookie);
    }
    const { text, json } = await readBody(res);
    const captured = await capture(request, res, json);
    // the renewed cookie is not sent when the session was signed out meanwhile (the logout cleared it)
    if (!captured.setCookie.length && revoked()) setCookie = fe.clearCookies(request);
    return answer(res, captured.body ?? text, captured.setCookie.length ? captured.setCookie : setCookie);
  }

  return async (request: Request): Promise<Response | null> => {
    const url = new URL(request.url);
    const path = url.pathname;
    const { routes } = config;
    if (config.hostedLogin && path === routes.login && request.method === 'GET') return startLogin(request, url);
    if (config.hostedLogin && path === routes.callback && request.method === 'GET') return callback(request, url);
    if (path === routes.logout && (request.method === 'GET' || request.method === 'POST')) return logout(request, url);
    if (path === prefix || path.startsWith(`${prefix}/`)) return proxy(request, url);
    return null;
  };
}
