/**
 * `createServerSession(options)`: the host server's view of the session —
 * reads and writes the sealed cookie, verifies access tokens against the JWKS,
 * refreshes them, and builds the session for server rendering.
 */
import { decodeJwt } from 'jose';
import { resolveConfig, type ServerConfig, type ServerSessionOptions } from './config.ts';
import { clearChunkedCookie, parseCookies, readChunked, sealTokens, setChunkedCookie, unsealTokens, type SessionTokens } from './cookie.ts';
import { createJwksVerifier, TokenExpiredError, type AccessClaims, type JwksVerifier } from './jwks.ts';
import { createTokenClient, SessionRevokedError, TokenError, type TokenClient, type TokenSet } from './tokens.ts';

/** Anything carrying the request's headers: a `Request`, `Headers`, Node's `IncomingMessage`, or `{ headers }`. */
export type RequestLike = Request | Headers | { headers: Headers | Record<string, string | string[] | undefined> };

/** The signed-in user as the server shows it: the access token's claims, no tokens. */
export interface SessionUser {
  id: string;
  email?: string;
  name?: string;
  tenantId?: string;
  tenantIds?: string[];
  roles?: string[];
  permissions?: string[];
  profilePictureUrl?: string | null;
  [claim: string]: unknown;
}

export interface ServerSession {
  user: SessionUser;
  claims: AccessClaims;
  accessToken: string;
  tenantId?: string;
  /** `exp` of the access token, seconds since the epoch. */
  expiresAt: number;
  /** The entitlements bundle (contract F, `GET entitlements/api/v2/user-entitlements`) when asked for and loaded. */
  entitlements?: unknown;
}

export interface SessionResult {
  session: ServerSession | null;
  /**
   * `Set-Cookie` values the answer must carry: the renewed session after a refresh,
   * or clearing a cookie that is no session (tampered, expired, revoked). Often empty.
   */
  setCookie: string[];
  /**
   * Why there is no session, when there was a cookie (diagnostics). `signed-out`: the session was
   * signed out through this server (its logout route or proxied logout) — see `TokenClient.revoke`.
   */
  reason?: 'invalid-cookie' | 'invalid-token' | 'refresh-failed' | 'unreachable' | 'signed-out';
}

export interface GetSessionOptions {
  /** Also load the entitlements bundle (sign-in §4). */
  entitlements?: boolean;
}

export interface FeServerSession {
  readonly config: ServerConfig;
  readonly tokens: TokenClient;
  readonly jwks: JwksVerifier;
  /** The session of a request, refreshing an expired access token (see {@link SessionResult.setCookie}). */
  getSession(request: RequestLike, options?: GetSessionOptions): Promise<SessionResult>;
  /** The unsealed tokens of a request, or null. */
  readTokens(request: RequestLike): Promise<SessionTokens | null>;
  /** `Set-Cookie` values storing `tokens` (chunked when large; stale chunks of `request` cleared). */
  sessionCookies(tokens: SessionTokens, request?: RequestLike): Promise<string[]>;
  /** `Set-Cookie` values clearing the session cookie and its chunks. */
  clearCookies(request?: RequestLike): string[];
  /** Verifies an access token against the JWKS; throws (TokenExpiredError when only expired). */
  verifyAccessToken(token: string): Promise<AccessClaims>;
  /** Builds the session object for verified claims (and loads entitlements when asked). */
  toSession(accessToken: string, claims: AccessClaims, options?: GetSessionOptions): Promise<ServerSession>;
}

export function headersOf(request: RequestLike): Headers {
  if (request instanceof Headers) return request;
  const h = request.headers;
  if (h instanceof Headers) return h;
  const out = new Headers();
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) out.append(k, x);
    else out.set(k, v);
  }
  return out;
}

export function requestCookies(request: RequestLike | undefined): Map<string, string> {
  return request ? parseCookies(headersOf(request).get('cookie')) : new Map();
}

const TECHNICAL_CLAIMS = new Set(['iss', 'aud', 'iat', 'exp', 'nbf', 'jti', 'type', 'typ']);

/** The public user of verified claims: `id` = `sub`, JWT bookkeeping claims left out. */
export function userFromClaims(claims: AccessClaims): SessionUser {
  const user: SessionUser = { id: claims.sub };
  for (const [k, v] of Object.entries(claims)) if (!TECHNICAL_CLAIMS.has(k)) user[k] = v;
  return user;
}

/** True when the access token expires within `leewaySeconds` (or cannot be read). */
export function accessTokenExpiring(token: string, leewaySeconds = 10): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp !== 'number' || exp - leewaySeconds <= Date.now() / 1000;
  } catch {
    return true;
  }
}

export function createServerSession(options: ServerSessionOptions | { config: ServerConfig }): FeServerSession {
  const config = 'config' in options ? options.config : resolveConfig(options);
  const tokens = createTokenClient(config);
  const jwks = createJwksVerifier({
    jwksUrl: `${config.baseUrl}/.well-known/jwks.json`,
    issuer: config.issuer,
    audience: config.clientId,
    fetch: config.fetch,
  });
  const cookieName = config.cookie.name;

  async function readTokens(request: RequestLike): Promise<SessionTokens | null> {
    return unsealTokens(readChunked(requestCookies(request), cookieName), config.encryptionPassword);
  }

  async function sessionCookies(t: SessionTokens, request?: RequestLike): Promise<string[]> {
    const sealed = await sealTokens(t, config.encryptionPassword, config.cookie.maxAge);
    return setChunkedCookie(cookieName, sealed, config.cookie, requestCookies(request));
  }

  const clearCookies = (request?: RequestLike) => clearChunkedCookie(cookieName, config.cookie, requestCookies(request));

  async function loadEntitlements(accessToken: string): Promise<unknown> {
    try {
      const res = await config.fetch(`${config.apiUrl}/entitlements/api/v2/user-entitlements`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      return res.ok ? await res.json() : undefined;
    } catch {
      // sign-in §8: a failed entitlements load is swallowed
      return undefined;
    }
  }

  async function toSession(accessToken: string, claims: AccessClaims, opts: GetSessionOptions = {}): Promise<ServerSession> {
    return {
      user: userFromClaims(claims),
      claims,
      accessToken,
      tenantId: typeof claims.tenantId === 'string' ? claims.tenantId : undefined,
      expiresAt: claims.exp ?? 0,
      ...(opts.entitlements ? { entitlements: await loadEntitlements(accessToken) } : {}),
    };
  }

  async function getSession(request: RequestLike, opts: GetSessionOptions = {}): Promise<SessionResult> {
    const present = requestCookies(request);
    const sealed = readChunked(present, cookieName);
    if (!sealed) return { session: null, setCookie: [] };
    let current = await unsealTokens(sealed, config.encryptionPassword);
    if (!current) return { session: null, setCookie: clearCookies(request), reason: 'invalid-cookie' };
    let setCookie: string[] = [];
    const signedOut = (): SessionResult => ({ session: null, setCookie: clearCookies(request), reason: 'signed-out' });
    // signed out here (a request sent before the logout's answer cleared the cookie)
    const carried = current.refreshToken;
    let revoked = await tokens.revocationCheck(carried);
    if (revoked()) return signedOut();

    // another request just rotated this refresh token: use its result (the browser still sent the old cookie)
    const newer = tokens.recent(current.refreshToken);
    if (newer) {
      current = { accessToken: newer.accessToken, refreshToken: newer.refreshToken };
      revoked = await tokens.revocationCheck(carried, current.refreshToken);
      setCookie = await sessionCookies(current, request);
    }

    let claims: AccessClaims;
    try {
      claims = await jwks.verify(current.accessToken);
    } catch (e) {
      if (!(e instanceof TokenExpiredError)) return { session: null, setCookie: clearCookies(request), reason: 'invalid-token' };
      let fresh: TokenSet;
      try {
        fresh = await tokens.refresh(current.refreshToken);
      } catch (err) {
        if (err instanceof SessionRevokedError) return signedOut();
        if (err instanceof TokenError && !err.definitive) return { session: null, setCookie, reason: 'unreachable' };
        return { session: null, setCookie: clearCookies(request), reason: 'refresh-failed' };
      }
      if (fresh.mfaRequired) return { session: null, setCookie: clearCookies(request), reason: 'refresh-failed' };
      current = { accessToken: fresh.accessToken, refreshToken: fresh.refreshToken };
      try {
        claims = await jwks.verify(current.accessToken);
      } catch {
        return { session: null, setCookie: clearCookies(request), reason: 'invalid-token' };
      }
      revoked = await tokens.revocationCheck(carried, current.refreshToken);
      setCookie = await sessionCookies(current, request);
    }
    const session = await toSession(current.accessToken, claims, opts);
    // after the last await: a logout that came meanwhile wins over the renewed cookie
    if (revoked()) return signedOut();
    return { session, setCookie };
  }

  return {
    config,
    tokens,
    jwks,
    getSession,
    readTokens,
    sessionCookies,
    clearCookies,
    verifyAccessToken: (t) => jwks.verify(t),
    toSession,
  };
}
