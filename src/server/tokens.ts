/**
 * Server-side token calls (sign-in §7; contract §4, §C):
 * - the token endpoint `POST {baseUrl}/{prefix}/oauth/token` (JSON) with
 *   `grant_type: 'refresh_token'` or `'authorization_code'` and the client credentials;
 * - without a client secret, the embedded refresh `POST …/identity/resources/auth/v1/user/token/refresh`
 *   with the refresh token in the `fe_refresh_<clientId>` cookie.
 * Answers map to {@link TokenSet}: `expiresIn` defaults to 300 s (SI-7.15, SI-9), `mfaRequired` to false (SI-7.16).
 * Concurrent refreshes of one refresh token share one request, and a refresh token
 * that was just rotated maps to its result for a short grace period, so parallel
 * requests carrying the same (old) cookie never present a spent token (which the
 * API treats as theft and answers by revoking the session).
 *
 * Signed-out sessions are remembered (issue 6: the logout/refresh race): {@link TokenClient.revoke}
 * notes the SHA-256 fingerprint of the session's refresh token and of every token it was rotated
 * from or into here, until its access token expires (at least {@link REVOKED_MIN_TTL_MS}, at most
 * 24 h; at most {@link MAX_REVOKED} sessions, the oldest forgotten first). A refresh of such a token
 * fails without calling the API; a refresh that was already in flight when the logout came is
 * refused when it returns (its new refresh token is revoked at the API too), and callers check
 * {@link TokenClient.revocationCheck} right before they answer with a sealed cookie. So a refresh in
 * flight cannot seal a new session cookie after the logout cleared it. The memory is per process:
 * with several server instances the API's own revocation still ends the session at its next refresh.
 */
import { decodeJwt } from 'jose';
import type { ServerConfig } from './config.ts';

export const DEFAULT_EXPIRES_IN = 300;

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  idToken?: string;
  expiresIn: number;
  mfaRequired: boolean;
}

/** A failed token call. `status` is the HTTP status (0 = network); `definitive` = the session is dead (4xx). */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'TokenError';
  }
  get definitive(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** Maps an OAuth token answer (snake_case) or a login response (camelCase) to a {@link TokenSet}. */
export function toTokenSet(body: Record<string, unknown>, fallbackRefreshToken?: string): TokenSet {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const accessToken = str(body.access_token) ?? str(body.accessToken);
  const refreshToken = str(body.refresh_token) ?? str(body.refreshToken) ?? fallbackRefreshToken;
  if (!accessToken || !refreshToken) throw new TokenError('The token answer has no access or refresh token', 502, body);
  const expires = Number(body.expires_in ?? body.expiresIn);
  return {
    accessToken,
    refreshToken,
    idToken: str(body.id_token) ?? str(body.idToken),
    expiresIn: Number.isFinite(expires) && expires > 0 ? expires : DEFAULT_EXPIRES_IN,
    mfaRequired: body.mfaRequired === true,
  };
}

/** The value of cookie `name` in `Set-Cookie` headers. */
export function setCookieValue(setCookies: string[], name: string): string | undefined {
  for (const sc of setCookies) {
    const pair = sc.split(';')[0];
    const i = pair.indexOf('=');
    if (pair.slice(0, i).trim() === name) return pair.slice(i + 1).trim() || undefined;
  }
  return undefined;
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    const v = text ? JSON.parse(text) : {};
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return { errors: [text] };
  }
}

function errorMessage(body: Record<string, unknown>, res: Response): string {
  if (Array.isArray(body.errors)) return body.errors.join(', ');
  if (typeof body.error_description === 'string') return body.error_description;
  if (typeof body.error === 'string') return body.error;
  return `Error ${res.status} - ${res.statusText}`;
}

export const embeddedRefreshCookie = (clientId: string) => `fe_refresh_${clientId}`;

export interface TokenClient {
  /** Refreshes (coalesced per refresh token; see the module doc). */
  refresh(refreshToken: string): Promise<TokenSet>;
  /** `grant_type=authorization_code` (SI-7.14). */
  exchangeCode(params: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet>;
  /**
   * Runs `fn` as *the* refresh of `refreshToken`: callers of {@link refresh} for the same token
   * wait for it and get its tokens. Used by the proxy, whose browser refresh must answer the
   * API's full login response.
   */
  coalesce<T extends { tokens: TokenSet }>(refreshToken: string, fn: (refreshToken: string) => Promise<T>): Promise<T | { tokens: TokenSet }>;
  /** The tokens that replaced `refreshToken` within the grace period, if any (none when that session was signed out). */
  recent(refreshToken: string): TokenSet | undefined;
  /**
   * Signs a session out: {@link markRevoked}, then `POST {prefix}/identity/resources/auth/v1/logout` with the
   * newest refresh token of its rotation chain in the `fe_refresh_<clientId>` cookie. Network errors are swallowed
   * (the caller clears the cookie anyway).
   */
  revoke(tokens: RevokedTokens): Promise<void>;
  /**
   * Remembers the session of `tokens` as signed out (see the module doc) without calling the API.
   * @returns the newest refresh token this process knows the session's was rotated into (or the given one).
   */
  markRevoked(tokens: RevokedTokens): Promise<string>;
  /**
   * Resolves to a synchronous test: true once the session of any of `refreshTokens` has been signed out here.
   * Evaluate it after the last `await` before answering with a sealed session cookie.
   */
  revocationCheck(...refreshTokens: string[]): Promise<() => boolean>;
}

/** What {@link TokenClient.revoke} needs: the refresh token; the access token (optional) bounds how long it is remembered. */
export interface RevokedTokens {
  refreshToken: string;
  accessToken?: string;
}

/** A refresh of a signed-out session (HTTP status 401; {@link TokenError.definitive}). */
export class SessionRevokedError extends TokenError {
  constructor() {
    super('Session has been revoked', 401);
    this.name = 'SessionRevokedError';
  }
}

/** How long a rotated refresh token keeps mapping to its successor. */
export const ROTATION_GRACE_MS = 30_000;
/** A signed-out session is remembered at least this long (a refresh in flight returns within it), in ms. */
export const REVOKED_MIN_TTL_MS = 2 * ROTATION_GRACE_MS;
/** … and at most this long, in ms. */
export const REVOKED_MAX_TTL_MS = 24 * 3600_000;
/** At most this many refresh-token fingerprints of signed-out sessions are remembered (~150 bytes each). */
export const MAX_REVOKED = 10_000;

/** SHA-256 of a token, hex (Web Crypto). */
async function fingerprint(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** Until when (ms since the epoch) a session signed out now is remembered: its access token's expiry, bounded. */
function revokedUntil(accessToken: string | undefined, now = Date.now()): number {
  let exp = 0;
  try {
    if (accessToken) exp = Number(decodeJwt(accessToken).exp ?? 0) * 1000;
  } catch {
    /* not a JWT: the minimum */
  }
  return Math.min(now + REVOKED_MAX_TTL_MS, Math.max(now + REVOKED_MIN_TTL_MS, exp + ROTATION_GRACE_MS));
}

export function createTokenClient(config: ServerConfig): TokenClient {
  const inflight = new Map<string, Promise<{ tokens: TokenSet }>>();
  /** old refresh token → its successor (and the successor's fingerprint, for a synchronous revocation test). */
  const rotated = new Map<string, { tokens: TokenSet; at: number; successor: string }>();
  /** fingerprints of signed-out refresh tokens → remembered until (ms); insertion order = age. */
  const revoked = new Map<string, number>();

  const prune = () => {
    const now = Date.now();
    for (const [k, v] of rotated) if (now - v.at > ROTATION_GRACE_MS) rotated.delete(k);
  };

  const isRevoked = (fp: string): boolean => {
    const until = revoked.get(fp);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    revoked.delete(fp);
    return false;
  };

  function remember(fp: string, until: number): void {
    const now = Date.now();
    const before = revoked.get(fp) ?? 0;
    revoked.delete(fp); // re-inserted as the newest
    revoked.set(fp, Math.max(until, before));
    if (revoked.size <= MAX_REVOKED) return;
    for (const [k, v] of revoked) if (v <= now) revoked.delete(k);
    for (const k of revoked.keys()) {
      if (revoked.size <= MAX_REVOKED) break;
      revoked.delete(k);
    }
  }

  async function markRevoked({ refreshToken, accessToken }: RevokedTokens): Promise<string> {
    const until = revokedUntil(accessToken);
    prune();
    // the whole rotation chain this process knows: what the token was rotated from, and into
    const chain = [refreshToken];
    for (let i = 0; i < chain.length; i++) {
      const next = rotated.get(chain[i])?.tokens.refreshToken;
      if (next && !chain.includes(next)) chain.push(next);
      for (const [old, r] of rotated) if (r.tokens.refreshToken === chain[i] && !chain.includes(old)) chain.push(old);
    }
    for (const fp of await Promise.all(chain.map(fingerprint))) remember(fp, until);
    // the newest: follow the successors from the given token
    let newest = refreshToken;
    for (let next = rotated.get(newest)?.tokens.refreshToken; next && next !== refreshToken; next = rotated.get(newest)?.tokens.refreshToken) newest = next;
    return newest;
  }

  async function logoutAtApi(refreshToken: string): Promise<void> {
    try {
      const res = await config.fetch(`${config.apiUrl}/identity/resources/auth/v1/logout`, {
        method: 'POST',
        headers: { cookie: `${embeddedRefreshCookie(config.clientId)}=${refreshToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
      await res.body?.cancel();
    } catch {
      /* the cookie is cleared anyway */
    }
  }

  async function revocationCheck(...refreshTokens: string[]): Promise<() => boolean> {
    const fps = await Promise.all(refreshTokens.map(fingerprint));
    return () => fps.some(isRevoked);
  }

  async function tokenEndpoint(body: Record<string, string | undefined>): Promise<TokenSet> {
    let res: Response;
    try {
      res = await config.fetch(`${config.apiUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...body, client_id: config.clientId, client_secret: config.clientSecret }),
      });
    } catch (e) {
      throw new TokenError(`The token endpoint is not reachable: ${(e as Error).message}`, 0);
    }
    const json = await readJson(res);
    if (!res.ok) throw new TokenError(errorMessage(json, res), res.status, json);
    return toTokenSet(json);
  }

  async function embeddedRefresh(refreshToken: string): Promise<TokenSet> {
    const name = embeddedRefreshCookie(config.clientId);
    let res: Response;
    try {
      res = await config.fetch(`${config.apiUrl}/identity/resources/auth/v1/user/token/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', cookie: `${name}=${refreshToken}` },
        body: JSON.stringify({ tenantId: null }),
      });
    } catch (e) {
      throw new TokenError(`The identity API is not reachable: ${(e as Error).message}`, 0);
    }
    const json = await readJson(res);
    if (!res.ok) throw new TokenError(errorMessage(json, res), res.status, json);
    return toTokenSet(json, setCookieValue(res.headers.getSetCookie?.() ?? [], name));
  }

  const doRefresh = (rt: string) => (config.secureJwt ? tokenEndpoint({ grant_type: 'refresh_token', refresh_token: rt }) : embeddedRefresh(rt));

  async function coalesce<T extends { tokens: TokenSet }>(refreshToken: string, fn: (rt: string) => Promise<T>): Promise<T | { tokens: TokenSet }> {
    const fp = await fingerprint(refreshToken);
    if (isRevoked(fp)) throw new SessionRevokedError();
    prune();
    const done = rotated.get(refreshToken);
    if (done) {
      if (isRevoked(done.successor)) throw new SessionRevokedError();
      return { tokens: done.tokens };
    }
    const running = inflight.get(refreshToken);
    if (running) return running;
    const p = (async () => {
      const result = await fn(refreshToken);
      const successor = await fingerprint(result.tokens.refreshToken);
      if (isRevoked(fp)) {
        // signed out while this refresh ran: its new session is dead too, here and at the API
        remember(successor, revokedUntil(result.tokens.accessToken));
        await logoutAtApi(result.tokens.refreshToken);
        throw new SessionRevokedError();
      }
      rotated.set(refreshToken, { tokens: result.tokens, at: Date.now(), successor });
      return result;
    })().finally(() => inflight.delete(refreshToken));
    inflight.set(refreshToken, p);
    return p;
  }

  return {
    async refresh(refreshToken) {
      return (await coalesce(refreshToken, async (rt) => ({ tokens: await doRefresh(rt) }))).tokens;
    },
    exchangeCode: ({ code, redirectUri, codeVerifier }) =>
      tokenEndpoint({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...(codeVerifier ? { code_verifier: codeVerifier } : {}) }),
    coalesce,
    recent(refreshToken) {
      prune();
      const done = rotated.get(refreshToken);
      return done && !isRevoked(done.successor) ? done.tokens : undefined;
    },
    async revoke(tokens) {
      await logoutAtApi(await markRevoked(tokens));
    },
    markRevoked,
    revocationCheck,
  };
}
