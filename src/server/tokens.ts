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
 */
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
  constructor(message: string, readonly status: number, readonly body?: unknown) {
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
  /** The tokens that replaced `refreshToken` within the grace period, if any. */
  recent(refreshToken: string): TokenSet | undefined;
}

/** How long a rotated refresh token keeps mapping to its successor. */
export const ROTATION_GRACE_MS = 30_000;

export function createTokenClient(config: ServerConfig): TokenClient {
  const inflight = new Map<string, Promise<{ tokens: TokenSet }>>();
  const rotated = new Map<string, { tokens: TokenSet; at: number }>();

  const prune = () => {
    const now = Date.now();
    for (const [k, v] of rotated) if (now - v.at > ROTATION_GRACE_MS) rotated.delete(k);
  };

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

  const doRefresh = (rt: string) =>
    config.secureJwt ? tokenEndpoint({ grant_type: 'refresh_token', refresh_token: rt }) : embeddedRefresh(rt);

  function coalesce<T extends { tokens: TokenSet }>(refreshToken: string, fn: (rt: string) => Promise<T>): Promise<T | { tokens: TokenSet }> {
    prune();
    const done = rotated.get(refreshToken);
    if (done) return Promise.resolve({ tokens: done.tokens });
    const running = inflight.get(refreshToken);
    if (running) return running;
    const p = fn(refreshToken).then(
      (result) => {
        rotated.set(refreshToken, { tokens: result.tokens, at: Date.now() });
        return result;
      },
    ).finally(() => inflight.delete(refreshToken));
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
      return rotated.get(refreshToken)?.tokens;
    },
  };
}
