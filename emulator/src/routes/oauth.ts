/**
 * OAuth (api-contract.md §C, §4; sign-in §7): the token endpoint a host
 * server uses for its session (refresh_token and authorization_code grants),
 * and the hosted-login logout. The interactive `/oauth/authorize` (hosted login) is routes/authorize.ts;
 * it issues its codes through `issueAuthorizationCode` (src/oauth.ts). Tests can also issue codes with the
 * test-only `POST /_emulator/oauth/codes`.
 *
 * - `POST /frontegg/oauth/token`, JSON or `application/x-www-form-urlencoded`:
 *   - `grant_type=refresh_token`, `refresh_token`, `client_id`, `client_secret` (or HTTP Basic) →
 *     rotates the refresh token exactly like the embedded refresh (same family, reuse of a
 *     revoked token revokes the family), optional `tenantId` like the embedded refresh.
 *   - `grant_type=authorization_code`, `code`, `redirect_uri` (must equal the code's),
 *     `client_id`, `client_secret` — or, for a public client, no secret but a PKCE
 *     `code_verifier` (S256) matching the code's challenge. Codes are single use; a reused
 *     code revokes the session it started (RFC 6749 §4.1.2).
 *   - answer `{ access_token, refresh_token, id_token, expires_in, token_type: 'Bearer' }`, no cookie.
 *   - errors: the emulator's `{ errors, errorCode }` plus RFC 6749's `error`, `error_description`:
 *     400 `invalid_request` / `invalid_grant` / `unsupported_grant_type`, 401 `invalid_client`.
 * - `GET /frontegg/oauth/logout?id_token_hint&post_logout_redirect_uri&state`: revokes the session
 *   named by the id token hint (`sid`; signature checked, expiry not) and the one of the refresh cookie,
 *   clears the cookie, and redirects (302) to post_logout_redirect_uri (+ state) when it is a trusted
 *   origin (loopback, an allowed CORS origin or the issuer); without one answers `{}`.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { compactVerify, decodeJwt } from 'jose';
import type { AppEnv } from '../http/env.ts';
import { HttpError, errorBody, notFound } from '../http/errors.ts';
import { httpUrl, parseBody, optStr } from '../http/body.ts';
import { refreshTokens } from '../db/schema.ts';
import { SEED } from '../db/seed.ts';
import { sha256 } from '../crypto/tokens.ts';
import { findUserByEmail, getUser, userTenantList, type UserRow } from '../session/accounts.ts';
import { clearRefreshCookie, readRefreshCookie } from '../session/cookie.ts';
import { auditRefreshRefused, auditSignedOut } from '../session/events.ts';
import { revokeFamily } from '../session/families.ts';
import { issueSession, type LoginResponse } from '../session/issue.ts';
import { rotateRefreshToken } from '../session/refresh.ts';
import { emulatorNow } from '../clock.ts';
import { CODE_TTL_MS, codes, idToken, issueAuthorizationCode } from '../oauth.ts';

type Ctx = Context<AppEnv>;

class OAuthError extends HttpError {
  constructor(
    status: 400 | 401,
    readonly error: string,
    description: string,
  ) {
    super(status, description, error);
  }
}
const oauthBody = (e: OAuthError) => ({ ...errorBody(e.errors, e.error), error: e.error, error_description: e.errors[0] });

function safeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The token request's parameters, from JSON or a form body. */
async function readParams(c: Ctx): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  const out: Record<string, string> = {};
  if (type.includes('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(text)) out[k] = v;
    return out;
  }
  if (!text.trim()) return out;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new OAuthError(400, 'invalid_request', 'The request body is not valid JSON');
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

/** Client authentication: client_id/client_secret in the body or HTTP Basic. `secret: false` = no secret was sent. */
function authenticateClient(c: Ctx, p: Record<string, string>): { secret: boolean } {
  let clientId = p.client_id;
  let secret = p.client_secret;
  const basic = c.req.header('authorization')?.match(/^Basic\s+(.+)$/i);
  if (basic) {
    const [id, ...rest] = atob(basic[1]).split(':');
    clientId = decodeURIComponent(id ?? '');
    secret = decodeURIComponent(rest.join(':'));
  }
  if (clientId !== undefined && clientId !== c.var.rt.clientId) throw new OAuthError(401, 'invalid_client', 'Unknown client');
  if (secret === undefined || secret === '') return { secret: false };
  if (!safeEqual(secret, SEED.clientSecret)) throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
  return { secret: true };
}

async function tokenAnswer(c: Ctx, user: UserRow, lr: LoginResponse, nonce?: string) {
  // issueSession sets the browser refresh cookie; the token endpoint answers in the body only
  c.header('set-cookie', undefined);
  c.header('cache-control', 'no-store');
  return c.json({
    access_token: lr.accessToken,
    refresh_token: lr.refreshToken,
    id_token: await idToken(c, user, lr, nonce),
    expires_in: lr.expiresIn,
    token_type: 'Bearer',
  });
}

async function refreshGrant(c: Ctx, p: Record<string, string>) {
  if (!p.refresh_token) throw new OAuthError(400, 'invalid_request', 'refresh_token is required');
  const fail = (msg: string) => c.json(oauthBody(new OAuthError(400, 'invalid_grant', msg)), 400);
  // a failure is answered (not thrown) so that a revocation commits: token theft detection
  const rotated = await rotateRefreshToken(c, p.refresh_token, p.tenantId);
  if (!rotated.ok) {
    await auditRefreshRefused(c, p.refresh_token, rotated.message);
    return fail(rotated.message);
  }
  const { user, lr } = rotated;
  return tokenAnswer(c, user, lr);
}

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return Buffer.from(digest).toString('base64url');
}

async function codeGrant(c: Ctx, p: Record<string, string>, client: { secret: boolean }) {
  if (!p.code) throw new OAuthError(400, 'invalid_request', 'code is required');
  if (!p.redirect_uri) throw new OAuthError(400, 'invalid_request', 'redirect_uri is required');
  const now = await emulatorNow(c.var.db);
  const store = codes(c.var.rt, now);
  const key = sha256(p.code);
  const entry = store.get(key);
  if (!entry || entry.expiresAt <= now) throw new OAuthError(400, 'invalid_grant', 'The authorization code is invalid or has expired');
  if (entry.usedBy) {
    await revokeFamily(c.var.db, entry.usedBy);
    return c.json(oauthBody(new OAuthError(400, 'invalid_grant', 'The authorization code has already been used')), 400);
  }
  if (entry.redirectUri !== p.redirect_uri) throw new OAuthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
  if (entry.codeChallenge) {
    if (!p.code_verifier || (await s256(p.code_verifier)) !== entry.codeChallenge) throw new OAuthError(400, 'invalid_grant', 'code_verifier does not match the code challenge');
  } else if (!client.secret) {
    throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
  }
  const user = await getUser(c.var.db, entry.userId);
  if (user.isLocked) throw new OAuthError(400, 'invalid_grant', 'User is locked');
  const memberOf = new Set((await userTenantList(c.var.db, user.id)).map((t) => t.tenantId));
  const tenantId = entry.tenantId && memberOf.has(entry.tenantId) ? entry.tenantId : undefined;
  const lr = await issueSession(c, user, entry.auth ?? { amr: ['pwd'] }, { tenantId });
  entry.usedBy = decodeJwt(lr.accessToken).sid as string;
  return tokenAnswer(c, user, lr, entry.nonce);
}

export const oauthRoutes = new Hono<AppEnv>();

oauthRoutes.post('/oauth/token', async (c) => {
  try {
    const p = await readParams(c);
    const client = authenticateClient(c, p);
    if (p.grant_type === 'refresh_token') {
      if (!client.secret) throw new OAuthError(401, 'invalid_client', 'Client authentication failed');
      return await refreshGrant(c, p);
    }
    if (p.grant_type === 'authorization_code') return await codeGrant(c, p, client);
    throw new OAuthError(400, p.grant_type ? 'unsupported_grant_type' : 'invalid_request', p.grant_type ? `Unsupported grant_type ${p.grant_type}` : 'grant_type is required');
  } catch (e) {
    if (e instanceof OAuthError) return c.json(oauthBody(e), e.status as 400 | 401);
    throw e;
  }
});

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

oauthRoutes.get('/oauth/logout', async (c) => {
  const rt = c.var.rt;
  const hint = c.req.query('id_token_hint');
  if (hint) {
    try {
      await compactVerify(hint, rt.key.publicKey);
      const claims = decodeJwt(hint);
      if (claims.aud === rt.clientId && typeof claims.sid === 'string') await revokeFamily(c.var.db, claims.sid);
    } catch {
      /* a bad hint is ignored */
    }
  }
  const token = readRefreshCookie(c);
  if (token) {
    const [row] = await c.var.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    if (row) {
      await revokeFamily(c.var.db, row.familyId);
      await auditSignedOut(c, row);
    }
  }
  clearRefreshCookie(c);
  const target = c.req.query('post_logout_redirect_uri');
  if (!target) return c.json({});
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return c.json(errorBody('post_logout_redirect_uri is not a valid URL', 'invalid_request'), 400);
  }
  const trusted =
    (url.protocol === 'http:' || url.protocol === 'https:') && (LOOPBACK.has(url.hostname) || rt.corsOrigins.includes(url.origin) || url.origin === new URL(rt.issuer).origin);
  if (!trusted) return c.json(errorBody('post_logout_redirect_uri is not an allowed origin', 'invalid_request'), 400);
  const state = c.req.query('state');
  if (state) url.searchParams.set('state', state);
  return c.redirect(url.href, 302);
});

// ---------------------------------------------------------------- test helper (mounted under /_emulator)

export const oauthEmulatorRoutes = new Hono<AppEnv>();

const codeBody = z.object({
  email: z.string().trim().toLowerCase(),
  redirectUri: httpUrl(),
  codeChallenge: optStr(),
  codeChallengeMethod: z.literal('S256').optional(),
  nonce: optStr(),
  tenantId: optStr(),
});

/**
 * `POST /_emulator/oauth/codes { email, redirectUri, codeChallenge?, nonce?, tenantId? }` → 201 `{ code, expiresIn }`:
 * an authorization code as the (not yet built) hosted login would issue after the user signed in.
 */
oauthEmulatorRoutes.post('/oauth/codes', async (c) => {
  const body = await parseBody(c, codeBody);
  const user = await findUserByEmail(c.var.db, body.email);
  if (!user) throw notFound('User not found');
  const code = issueAuthorizationCode(
    c.var.rt,
    {
      userId: user.id,
      redirectUri: body.redirectUri,
      codeChallenge: body.codeChallenge,
      nonce: body.nonce,
      tenantId: body.tenantId,
    },
    await emulatorNow(c.var.db),
  );
  return c.json({ code, expiresIn: CODE_TTL_MS / 1000 }, 201);
});

/** Mounts the OAuth routes (under `/frontegg`) and the test helper (under `/_emulator`). */
export function mountOAuth(app: Hono<AppEnv>, apiPrefix: string): void {
  app.route(apiPrefix, oauthRoutes);
  app.route('/_emulator', oauthEmulatorRoutes);
}
