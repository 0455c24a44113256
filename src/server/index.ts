/**
 * `fe-elements/server`: the host server's part of the session (sign-in §3, §5, §7–§9).
 * Web Crypto and fetch only — runs on Node 20+ and edge runtimes.
 *
 * - {@link createServerSession} / {@link configFromEnv}: validated configuration, the sealed
 *   session cookie, JWKS verification, token-endpoint refresh, `getSession` for server rendering.
 * - {@link createRequestHandler}: `(Request) => Promise<Response | null>` serving the hosted-login
 *   callback, logout and the `/frontegg/*` proxy.
 * - {@link feExpress}: the Express / node:http adapter.
 * - {@link renderSessionScript}: the `<script id="fe-session">` hint for a flash-free first paint.
 * - {@link requireAuthLevel}: a route guard answering the RFC 9470 step-up challenge when the access token's
 *   `acr`/`amr` or `auth_time` fall short (Express, Hono, Web handlers).
 */
export {
  configFromEnv,
  resolveConfig,
  ServerConfigError,
  ENV,
  SESSION_COOKIE_PREFIX,
  DEFAULT_SESSION_MAX_AGE,
  type ServerSessionOptions,
  type ServerConfig,
  type CookieOptions,
  type ServerRoutes,
  type SameSite,
} from './config.ts';
export {
  sealTokens,
  unsealTokens,
  sealData,
  unsealData,
  parseCookies,
  readChunked,
  setChunkedCookie,
  clearChunkedCookie,
  serializeCookie,
  applySetCookies,
  MAX_COOKIE_VALUE_BYTES,
  type SessionTokens,
} from './cookie.ts';
export {
  createTokenClient,
  toTokenSet,
  TokenError,
  SessionRevokedError,
  DEFAULT_EXPIRES_IN,
  ROTATION_GRACE_MS,
  REVOKED_MIN_TTL_MS,
  MAX_REVOKED,
  type TokenSet,
  type TokenClient,
  type RevokedTokens,
} from './tokens.ts';
export { createJwksVerifier, TokenExpiredError, type JwksVerifier, type JwksVerifierOptions, type AccessClaims } from './jwks.ts';
export {
  createServerSession,
  userFromClaims,
  type FeServerSession,
  type ServerSession,
  type SessionResult,
  type SessionUser,
  type GetSessionOptions,
  type RequestLike,
} from './session.ts';
export { createRequestHandler, type RequestHandler } from './handler.ts';
export { renderSessionScript, sessionHint, escapeJsonForHtml, SESSION_SCRIPT_ID, type SessionHint, type HintUser } from './script.ts';
export { feExpress, toWebRequest, writeWebResponse, appendSetCookie, type FeExpressMiddleware, type NodeLikeRequest, type NodeLikeResponse, type NextFunction } from './express.ts';
export { requireAuthLevel, meetsAuthLevel, type AuthLevel, type AuthLevelGuard, type AuthLevelResult, type RequireAuthLevelOptions } from './step-up.ts';
export {
  formatStepUpChallenge,
  stepUpChallengeOf,
  parseWwwAuthenticate,
  INSUFFICIENT_USER_AUTHENTICATION,
  type StepUpChallenge,
  type AuthChallenge,
} from '../auth/www-authenticate.ts';
