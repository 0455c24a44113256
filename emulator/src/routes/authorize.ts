/**
 * Hosted login (issue 3 "Hosted login mode"; sign-in §1, §2, §7; contract §4): the emulator's
 * interactive OAuth 2.0 / OpenID Connect authorization endpoint, hand-written (authorization code
 * flow with mandatory S256 PKCE only) on the code store of routes/oauth.ts, so that
 * `POST /frontegg/oauth/token` exchanges the codes issued here.
 *
 * - `GET /oauth/authorize` (also `/frontegg/oauth/authorize`): `client_id`, `redirect_uri` (a trusted
 *   origin: loopback, an allowed CORS origin or the issuer), `response_type=code`, `scope` (with
 *   `openid`), `state`, `nonce`, `code_challenge` + `code_challenge_method=S256`; optional `acr_values`,
 *   `max_age`, `organization` (a tenant id or name the code's session is bound to), `prompt`
 *   (`login`, `none`), `login_hint`.
 *   - a bad `client_id` or `redirect_uri` → 400 HTML page (never a redirect, RFC 6749 §4.1.2.1);
 *   - other bad parameters → 302 `redirect_uri?error=invalid_request&error_description&state`;
 *   - a live emulator session (the `fe_refresh_<clientId>` cookie on the emulator's origin) that satisfies
 *     `max_age` (now − auth_time ≤ max_age) and `acr_values` (the session's acr is one of them), and no
 *     `prompt=login` → 302 `redirect_uri?code&state` at once;
 *   - `prompt=none` without such a session → 302 `redirect_uri?error=login_required&state`;
 *   - otherwise the hosted login page: our own `<fe-login-box>` from the built bundle (`/hosted/assets/*`
 *     = the repo's `dist/`) inside `<fe-app base-url=<issuer>>`, so its refresh cookie is first-party to
 *     the emulator. A session that is not good enough has its cookie cleared first (the user signs in again).
 *     After `fe-login` the page continues to `/oauth/authorize/continue?<same query>`. The page has no inline
 *     script or style (strict CSP, http/csp.ts): `/hosted/assets/hosted-login.{css,js}` (emulator/src/pages/),
 *     the continue URL in `<main data-continue-url>`.
 * - `GET /oauth/authorize/continue?<same query>`: same checks; with a session that satisfies max_age
 *   (acr_values are voluntary here: the id token says which acr the user reached) →
 *   302 `redirect_uri?code&state`, else back to `/oauth/authorize`. The code is bound to the PKCE challenge,
 *   the nonce, redirect_uri and the session's user, tenant, amr, acr and auth_time.
 * - `POST /frontegg/oauth/authorize/silent { tenantId }` (cookie): rotates the session's refresh token exactly
 *   like the embedded refresh (new cookie) and answers the OAuth token response
 *   `{ access_token, refresh_token, id_token, expires_in, token_type }`; 401 without a live session.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type Context } from 'hono';
import { eq, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { errorBody } from '../http/errors.ts';
import { setPageSecurityHeaders } from '../http/csp.ts';
import { pageAsset } from '../pages/assets.ts';
import { parseBody } from '../http/body.ts';
import { refreshTokens, tenants } from '../db/schema.ts';
import { sha256 } from '../crypto/tokens.ts';
import { getUser, userTenantList } from '../session/accounts.ts';
import { clearRefreshCookie, readRefreshCookie } from '../session/cookie.ts';
import { auditRefreshRefused } from '../session/events.ts';
import { rotateRefreshToken } from '../session/refresh.ts';
import { emulatorNow } from '../clock.ts';
import { idToken, issueAuthorizationCode } from '../oauth.ts';

type Ctx = Context<AppEnv>;

/** The repo's built library (`npm run build` / `npx vite build` at the root). */
export const DIST_DIR = fileURLToPath(new URL('../../../dist/', import.meta.url));
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json' };

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function errorPage(c: Ctx, status: 400, message: string) {
  c.header('cache-control', 'no-store');
  setPageSecurityHeaders(c);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p id="error">${esc(message)}</p></main></body></html>`,
    status,
  );
}

interface AuthorizeRequest {
  redirectUri: URL;
  state?: string;
  nonce?: string;
  codeChallenge: string;
  acrValues: string[];
  maxAge?: number;
  organization?: string;
  prompt: string[];
  query: string;
}

type Checked = { ok: true; req: AuthorizeRequest } | { ok: false; res: Response };

function trustedRedirect(c: Ctx, value: string | undefined): URL | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hash || url.username || url.password) return null;
  const rt = c.var.rt;
  return LOOPBACK.has(url.hostname) || rt.corsOrigins.includes(url.origin) || url.origin === new URL(rt.issuer).origin ? url : null;
}

function back(redirectUri: URL, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

/** Validates an authorization request (RFC 6749 §4.1.1, RFC 7636, OpenID Connect Core §3.1.2.1). */
function check(c: Ctx): Checked {
  const q = (k: string) => c.req.query(k) || undefined;
  if (q('client_id') !== c.var.rt.clientId) return { ok: false, res: errorPage(c, 400, 'Unknown client_id') };
  const redirectUri = trustedRedirect(c, q('redirect_uri'));
  if (!redirectUri) return { ok: false, res: errorPage(c, 400, 'redirect_uri is missing or not an allowed origin') };
  const state = q('state');
  const fail = (error: string, description: string): Checked => ({ ok: false, res: c.redirect(back(redirectUri, { error, error_description: description, state }), 302) });
  if (q('response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  const scope = (q('scope') ?? '').split(' ').filter(Boolean);
  if (!scope.includes('openid')) return fail('invalid_scope', 'scope must include openid');
  const codeChallenge = q('code_challenge');
  if (!codeChallenge || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) return fail('invalid_request', 'a S256 code_challenge is required (PKCE)');
  if (q('code_challenge_method') !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  const maxAgeText = q('max_age');
  if (maxAgeText !== undefined && !/^\d+$/.test(maxAgeText)) return fail('invalid_request', 'max_age must be a number of seconds');
  const url = new URL(c.req.url);
  return {
    ok: true,
    req: {
      redirectUri,
      state,
      nonce: q('nonce'),
      codeChallenge,
      acrValues: (q('acr_values') ?? '').split(' ').filter(Boolean),
      maxAge: maxAgeText === undefined ? undefined : Number(maxAgeText),
      organization: q('organization'),
      prompt: (q('prompt') ?? '').split(' ').filter(Boolean),
      query: url.search,
    },
  };
}

/** The browser's live emulator session (refresh cookie), without rotating it. */
async function liveSession(c: Ctx) {
  const token = readRefreshCookie(c);
  if (!token) return null;
  const [row] = await c.var.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row || row.revokedAt || row.expiresAt.getTime() <= (await emulatorNow(c.var.db))) return null;
  const user = await getUser(c.var.db, row.userId).catch(() => null);
  if (!user || user.isLocked) return null;
  return { row, user };
}

type Session = NonNullable<Awaited<ReturnType<typeof liveSession>>>;

/** True when the session answers max_age and (unless `acr: false`) acr_values. */
async function satisfies(c: Ctx, s: Session, req: AuthorizeRequest, opts: { acr: boolean } = { acr: true }): Promise<boolean> {
  if (req.maxAge !== undefined) {
    const now = Math.floor((await emulatorNow(c.var.db)) / 1000);
    if (now - s.row.authTime > req.maxAge) return false;
  }
  if (opts.acr && req.acrValues.length && !(s.row.acr && req.acrValues.includes(s.row.acr))) return false;
  return true;
}

/** The tenant of `organization` (id or name) when the user is a member; else the session's tenant. */
async function tenantFor(c: Ctx, s: Session, organization?: string): Promise<string> {
  if (!organization) return s.row.tenantId;
  const [t] = await c.var.db
    .select({ tenantId: tenants.tenantId })
    .from(tenants)
    .where(or(eq(tenants.tenantId, organization), eq(tenants.name, organization)));
  const member = t && (await userTenantList(c.var.db, s.user.id)).some((m) => m.tenantId === t.tenantId);
  return member ? t.tenantId : s.row.tenantId;
}

async function codeRedirect(c: Ctx, s: Session, req: AuthorizeRequest) {
  const code = issueAuthorizationCode(
    c.var.rt,
    {
      userId: s.user.id,
      redirectUri: req.redirectUri.href,
      codeChallenge: req.codeChallenge,
      nonce: req.nonce,
      tenantId: await tenantFor(c, s, req.organization),
      auth: { amr: s.row.amr, acr: s.row.acr, authTime: s.row.authTime },
    },
    await emulatorNow(c.var.db),
  );
  c.header('cache-control', 'no-store');
  return c.redirect(back(req.redirectUri, { code, state: req.state }), 302);
}

/**
 * One of the emulator's hosted pages (login, portal): our elements from the built bundle under `/hosted/assets/`,
 * the page's own script first (module scripts run in order after parsing), no inline script or style (the page's
 * CSP, http/csp.ts). `body` is trusted markup built by the caller with {@link esc}.
 */
function hostedPage(c: Ctx, page: { title: string; scripts: string[]; body: string }) {
  c.header('cache-control', 'no-store');
  setPageSecurityHeaders(c);
  return c.html(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${esc(page.title)}</title>
    <link rel="stylesheet" href="/hosted/assets/hosted-login.css" />
${page.scripts.map((src) => `    <script type="module" src="/hosted/assets/${esc(src)}"></script>`).join('\n')}
  </head>
  <body>
${page.body}
  </body>
</html>`);
}

function loginPage(c: Ctx, req: AuthorizeRequest, prefix: string) {
  const rt = c.var.rt;
  const issuer = new URL(rt.issuer).origin;
  const continueUrl = `${prefix}/oauth/authorize/continue${req.query}`;
  const hint = c.req.query('login_hint');
  // hosted-login.js reads the continue URL from <main>
  return hostedPage(c, {
    title: 'Sign in',
    scripts: ['hosted-login.js', 'fe-login-box.js'],
    body: `    <main data-continue-url="${esc(continueUrl)}">
      <h1 class="visually-hidden">Sign in</h1>
      <fe-app base-url="${esc(issuer)}" client-id="${esc(rt.clientId)}">
        <fe-login-box${hint ? ` email="${esc(hint)}"` : ''}></fe-login-box>
      </fe-app>
    </main>`,
  });
}

/**
 * The hosted admin portal (sign-in §2, SI-2.27: `/oauth/portal` on the base URL): `<fe-admin-portal>` against this
 * origin's session (the hosted login's refresh cookie); signed out, the login box in its place (hosted-portal.js
 * swaps them).
 */
function portalPage(c: Ctx) {
  const rt = c.var.rt;
  const issuer = new URL(rt.issuer).origin;
  return hostedPage(c, {
    title: 'Admin portal',
    scripts: ['hosted-portal.js', 'fe-login-box.js', 'fe-admin-portal.js'],
    body: `    <main>
      <h1>Admin portal</h1>
      <fe-app base-url="${esc(issuer)}" client-id="${esc(rt.clientId)}">
        <fe-admin-portal hidden></fe-admin-portal>
        <fe-login-box hidden></fe-login-box>
      </fe-app>
    </main>`,
  });
}

function authorizeHandler(prefix: string) {
  return async (c: Ctx) => {
    const checked = check(c);
    if (!checked.ok) return checked.res;
    const req = checked.req;
    const s = await liveSession(c);
    const good = s && !req.prompt.includes('login') && (await satisfies(c, s, req));
    if (good) return codeRedirect(c, s, req);
    if (req.prompt.includes('none')) return c.redirect(back(req.redirectUri, { error: 'login_required', error_description: 'The user must sign in', state: req.state }), 302);
    // a session that is not good enough: the user signs in again (the page must not restore it)
    if (s) clearRefreshCookie(c);
    return loginPage(c, req, prefix);
  };
}

function continueHandler(prefix: string) {
  return async (c: Ctx) => {
    const checked = check(c);
    if (!checked.ok) return checked.res;
    const s = await liveSession(c);
    // prompt=login was answered by the sign-in that led here; acr_values are voluntary (OpenID Connect
    // Core §5.5.1.1): the code carries the acr the user reached, and the client decides
    if (s && (await satisfies(c, s, checked.req, { acr: false }))) return codeRedirect(c, s, checked.req);
    const q = new URLSearchParams(checked.req.query);
    q.delete('prompt');
    return c.redirect(`${prefix}/oauth/authorize?${q}`, 302);
  };
}

const silentBody = z.object({ tenantId: z.string().nullish() }).passthrough();

async function silent(c: Ctx) {
  const { tenantId } = await parseBody(c, silentBody);
  const fail = (msg: string) => {
    clearRefreshCookie(c);
    return c.json({ ...errorBody(msg), error: 'login_required', error_description: msg }, 401);
  };
  const token = readRefreshCookie(c);
  const rotated = await rotateRefreshToken(c, token, tenantId);
  if (!rotated.ok) {
    await auditRefreshRefused(c, token, rotated.message);
    return fail(rotated.message);
  }
  const { user, lr } = rotated;
  c.header('cache-control', 'no-store');
  return c.json({
    access_token: lr.accessToken,
    refresh_token: lr.refreshToken,
    id_token: await idToken(c, user, lr),
    expires_in: lr.expiresIn,
    token_type: 'Bearer',
  });
}

async function asset(c: Ctx) {
  const rel = decodeURIComponent(new URL(c.req.url).pathname.replace(/^\/hosted\/assets\//, ''));
  const file = normalize(join(DIST_DIR, rel));
  if (!file.startsWith(DIST_DIR.endsWith(sep) ? DIST_DIR : DIST_DIR + sep) || !TYPES[extname(file)]) return c.json(errorBody('Not found', 'ER-NOT-FOUND'), 404);
  try {
    const body = await readFile(file);
    return c.body(body, 200, { 'content-type': TYPES[extname(file)]!, 'cache-control': 'no-store' });
  } catch {
    return c.json(errorBody('Not found (run the build at the repo root)', 'ER-NOT-FOUND'), 404);
  }
}

/**
 * `GET /.well-known/openid-configuration` (OpenID Connect Discovery 1.0 §3): what the hosted login
 * supports, so standard relying-party libraries (openid-client, checked in emulator/test/oidc-client.test.ts)
 * can use the emulator as an OpenID provider. Endpoints are absolute URLs on the issuer.
 */
export function discovery(issuer: string, apiPrefix: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}${apiPrefix}/oauth/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    end_session_endpoint: `${issuer}${apiPrefix}/oauth/logout`,
    scopes_supported: ['openid', 'email', 'profile'],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'acr', 'amr', 'sid', 'email', 'email_verified', 'name', 'tenantId'],
    prompt_values_supported: ['none', 'login'],
  };
}

/**
 * Mounts the hosted login at the root and under `apiPrefix`, the silent authorize under `apiPrefix`, `/hosted/assets/*`
 * (the page's own hosted-login.css/.js, else the built library) and the discovery document.
 */
export function mountAuthorize(app: Hono<AppEnv>, apiPrefix: string): void {
  const r = new Hono<AppEnv>();
  r.get('/.well-known/openid-configuration', (c) => c.json(discovery(c.var.rt.issuer, apiPrefix)));
  for (const prefix of ['', apiPrefix]) {
    r.get(`${prefix}/oauth/authorize`, authorizeHandler(prefix));
    r.get(`${prefix}/oauth/authorize/continue`, continueHandler(prefix));
    r.get(`${prefix}/oauth/portal`, portalPage);
  }
  r.post(`${apiPrefix}/oauth/authorize/silent`, silent);
  // the hosted login page's own CSS and JS (emulator/src/pages/), before the built library (dist/)
  r.get('/hosted/assets/hosted-login.css', pageAsset('hosted-login.css'));
  r.get('/hosted/assets/hosted-login.js', pageAsset('hosted-login.js'));
  r.get('/hosted/assets/hosted-portal.js', pageAsset('hosted-portal.js'));
  r.get('/hosted/assets/*', asset);
  app.route('/', r);
}
