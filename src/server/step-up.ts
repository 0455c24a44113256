/**
 * `requireAuthLevel({ acr, maxAge })`: a route guard that asks for a stronger or fresher sign-in with the RFC 9470
 * step-up challenge (issue 35 part 1). It reads the access token of the request — `Authorization: Bearer`, else the
 * session cookie of `fe-elements/server` (refreshed when expired, see session.ts) — verifies it against the JWKS, and
 * checks the token's `acr`/`amr` and `auth_time` (RFC 9068 §2.2.1, OIDC Core §2). When they fall short it answers
 * `401` with
 * `WWW-Authenticate: Bearer error="insufficient_user_authentication", error_description="…", acr_values="…", max_age=…`
 * (and the same fields as a JSON body); `stepUpFetch` in the browser answers it. No valid token at all: `401` with
 * `WWW-Authenticate: Bearer` (RFC 6750 §3, no error code).
 *
 * One guard, three shapes: Express / node:http middleware (`app.get('/api/x', guard, handler)`), Hono middleware
 * (`guard.hono`), and a wrapper of a Web `(Request) => Response` handler (`guard.handle(handler)`, Next.js route
 * handlers); `guard.check(request)` is the decision itself.
 *
 * Why a `server` option beside `{ acr, maxAge }`: the guard needs what the host's server session has — the JWKS URL,
 * issuer and audience (client ID) to verify a token's signature, the encryption password to unseal the session
 * cookie, and the token client to refresh an expired one. Without it, the guard uses one server session per process
 * made from the `FE_*` environment variables (`createServerSession(configFromEnv())`, at its first request). Pass the
 * host's own (`feExpress(…)`, `createServerSession(…)`) whenever it has one: the guard then shares its JWKS cache, its
 * coalesced refreshes (a refresh token is spent once) and its memory of signed-out sessions.
 */
import { MULTI_FACTOR_ACR } from '../auth/step-up.ts';
import { formatStepUpChallenge, INSUFFICIENT_USER_AUTHENTICATION, type StepUpChallenge } from '../auth/www-authenticate.ts';
import { appendSetCookie, type NextFunction, type NodeLikeRequest, type NodeLikeResponse } from './express.ts';
import type { AccessClaims } from './jwks.ts';
import { configFromEnv } from './config.ts';
import { createServerSession, headersOf, type FeServerSession, type RequestLike, type ServerSession } from './session.ts';

/** What a route needs of the sign-in. */
export interface AuthLevel {
  /**
   * Accepted `acr` values (any one). The multi-factor policy
   * (`http://schemas.openid.net/pape/policies/2007/06/multi-factor`) is also met by `amr` containing `mfa`.
   */
  acr?: string | readonly string[];
  /** The sign-in (`auth_time`) may be at most this many seconds old. */
  maxAge?: number;
}

/** Options of {@link requireAuthLevel}: the level, and where tokens are verified. */
export interface RequireAuthLevelOptions extends AuthLevel {
  /**
   * The server session that verifies tokens on the JWKS and reads (unseals, refreshes) the session cookie:
   * `createServerSession(…)`, or `feExpress(…)`, whose `server` it takes. Default: one server session per process from
   * the `FE_*` environment variables (`createServerSession(configFromEnv())`, made at the guard's first request; a
   * missing or invalid variable makes that request fail with `ServerConfigError`). Pass the host's own when it has one,
   * so that the guard and the host's routes share one refresh per refresh token and one JWKS cache.
   */
  server?: FeServerSession | { server: FeServerSession };
  /** `error_description` of the challenge (for developers). Default "A stronger or more recent sign-in is required". */
  description?: string;
  /** `realm` of the challenges, when set. */
  realm?: string;
  /** The clock, ms since the epoch (tests). Default `Date.now`. */
  now?: () => number;
}

/** The decision of {@link AuthLevelGuard.check}. */
export type AuthLevelResult =
  { ok: true; claims: AccessClaims; session?: ServerSession; setCookie: string[] } | { ok: false; response: Response; challenge?: StepUpChallenge; setCookie: string[] };

/** Express / node:http middleware with the other shapes as properties. */
export interface AuthLevelGuard {
  /** Express: on success `req.feClaims` (and `req.feSession` for a cookie session) are set and `next()` runs. */
  (req: NodeLikeRequest & { feClaims?: AccessClaims; feSession?: ServerSession }, res: NodeLikeResponse, next: NextFunction): void;
  /** The decision for a request (its headers: a `Request`, `Headers` or `{ headers }`). */
  check(request: RequestLike): Promise<AuthLevelResult>;
  /** Hono middleware: answers the challenge, or sets `c.set('feClaims', claims)` and runs `next()`. */
  hono(
    c: { req: { raw: Request }; set?(key: string, value: unknown): void; header?(name: string, value: string, options?: { append?: boolean }): void },
    next: () => Promise<void>,
  ): Promise<Response | void>;
  /** Wraps a Web handler (Next.js route handlers): the handler runs only when the level is met. */
  handle<A extends unknown[]>(handler: (request: Request, ...rest: A) => Response | Promise<Response>): (request: Request, ...rest: A) => Promise<Response>;
}

const DEFAULT_DESCRIPTION = 'A stronger or more recent sign-in is required';

let envServer: FeServerSession | undefined;

/** The server session of guards made without `server`: one per process, from the `FE_*` environment variables. */
function serverFromEnv(): FeServerSession {
  return (envServer ??= createServerSession(configFromEnv()));
}

/**
 * True when `claims` meet `level` at `now` (ms): `acr` is one of `level.acr` (the multi-factor policy also by `amr`
 * containing `mfa`), and `auth_time` (s) is at most `level.maxAge` s before `now`. No level: true.
 */
export function meetsAuthLevel(claims: Readonly<Record<string, unknown>>, level: AuthLevel, now = Date.now()): boolean {
  const wanted = level.acr === undefined ? [] : [level.acr].flat();
  if (wanted.length) {
    const amr = Array.isArray(claims.amr) ? claims.amr : [];
    const met = wanted.some((acr) => claims.acr === acr || (acr === MULTI_FACTOR_ACR && amr.includes('mfa')));
    if (!met) return false;
  }
  if (level.maxAge !== undefined) {
    const authTime = claims.auth_time;
    if (typeof authTime !== 'number' || now / 1000 - authTime > level.maxAge) return false;
  }
  return true;
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string>, setCookie: string[]): Response {
  const h = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  for (const c of setCookie) h.append('set-cookie', c);
  return new Response(JSON.stringify(body), { status, headers: h });
}

/**
 * A guard that lets a request through when its access token meets `{ acr, maxAge }`, else answers the RFC 9470
 * challenge (see the module). Tokens are verified with `options.server` (JWKS of the identity API), by default a
 * server session from the `FE_*` environment variables (see {@link RequireAuthLevelOptions.server}).
 *
 * ```js
 * const fe = feExpress(configFromEnv(process.env));
 * app.get('/api/cases', requireAuthLevel({ maxAge: 300, server: fe }), (req, res) => res.json(cases));
 * // Hono: app.get('/api/cases', guard.hono, (c) => c.json(cases));  Next.js: export const GET = guard.handle(handler);
 * // an API with no session of its own (Bearer tokens only), configured by FE_BASE_URL, FE_CLIENT_ID, …:
 * app.get('/api/keys', requireAuthLevel({ acr: 'http://schemas.openid.net/pape/policies/2007/06/multi-factor' }), …);
 * ```
 * @throws TypeError when neither `acr` nor `maxAge` is given, or `maxAge` is not a non-negative number.
 * The guard's request fails with `ServerConfigError` when it has no `server` and the environment lacks a variable.
 */
export function requireAuthLevel(options: RequireAuthLevelOptions): AuthLevelGuard {
  const level: AuthLevel = { acr: options.acr, maxAge: options.maxAge };
  if (level.acr === undefined && level.maxAge === undefined) throw new TypeError('requireAuthLevel needs acr or maxAge');
  if (level.maxAge !== undefined && !(Number.isFinite(level.maxAge) && level.maxAge >= 0)) throw new TypeError('requireAuthLevel: maxAge must be a non-negative number of seconds');
  const given = options.server;
  const serverOf = (): FeServerSession => (given === undefined ? serverFromEnv() : 'server' in given ? given.server : given);
  const now = options.now ?? Date.now;
  const realm = options.realm;
  const challenge: StepUpChallenge = {
    error: INSUFFICIENT_USER_AUTHENTICATION,
    errorDescription: options.description ?? DEFAULT_DESCRIPTION,
    acrValues: level.acr === undefined ? [] : [level.acr].flat(),
    ...(level.maxAge !== undefined ? { maxAge: Math.floor(level.maxAge) } : {}),
    ...(realm !== undefined ? { realm } : {}),
  };

  const unauthenticated = (setCookie: string[]): AuthLevelResult => ({
    ok: false,
    response: jsonResponse(401, { error: 'unauthorized' }, { 'www-authenticate': realm === undefined ? 'Bearer' : `Bearer realm="${realm.replace(/["\\]/g, '\\$&')}"` }, setCookie),
    setCookie,
  });

  async function check(request: RequestLike): Promise<AuthLevelResult> {
    const server = serverOf();
    const authorization = headersOf(request).get('authorization');
    let claims: AccessClaims;
    let session: ServerSession | undefined;
    let setCookie: string[] = [];
    const bearer = authorization && /^bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (bearer) {
      try {
        claims = await server.verifyAccessToken(bearer);
      } catch {
        return unauthenticated([]);
      }
    } else {
      const result = await server.getSession(request);
      setCookie = result.setCookie;
      if (!result.session) return unauthenticated(setCookie);
      session = result.session;
      claims = session.claims;
    }
    if (meetsAuthLevel(claims, level, now())) return { ok: true, claims, session, setCookie };
    const body = {
      error: INSUFFICIENT_USER_AUTHENTICATION,
      error_description: challenge.errorDescription,
      ...(challenge.acrValues.length ? { acr_values: challenge.acrValues.join(' ') } : {}),
      ...(challenge.maxAge !== undefined ? { max_age: challenge.maxAge } : {}),
    };
    return { ok: false, challenge, setCookie, response: jsonResponse(401, body, { 'www-authenticate': formatStepUpChallenge(challenge) }, setCookie) };
  }

  const guard = ((req, res, next) => {
    check(req)
      .then(async (result) => {
        if (result.ok) {
          appendSetCookie(res, result.setCookie);
          req.feClaims = result.claims;
          if (result.session) req.feSession = result.session;
          return next();
        }
        res.statusCode = result.response.status;
        result.response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') res.setHeader(key, value);
        });
        appendSetCookie(res, result.setCookie);
        const body = new Uint8Array(await result.response.arrayBuffer());
        res.write(body);
        res.end();
      })
      .catch(next);
  }) as AuthLevelGuard;

  guard.check = check;
  guard.hono = async (c, next) => {
    const result = await check(c.req.raw);
    if (!result.ok) return result.response;
    for (const cookie of result.setCookie) c.header?.('set-cookie', cookie, { append: true });
    c.set?.('feClaims', result.claims);
    await next();
  };
  guard.handle =
    (handler) =>
    async (request, ...rest) => {
      const result = await check(request);
      if (!result.ok) return result.response;
      const response = await handler(request, ...rest);
      if (!result.setCookie.length) return response;
      const out = new Response(response.body, response);
      for (const cookie of result.setCookie) out.headers.append('set-cookie', cookie);
      return out;
    };
  return guard;
}
