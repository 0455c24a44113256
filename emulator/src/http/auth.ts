/** Bearer-token middleware for authenticated routes. */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { unauthorized } from './errors.ts';
import { verifyAccessToken, type AccessClaims } from '../crypto/jwt.ts';
import { emulatorNow } from '../clock.ts';

/**
 * Requires a valid access token. Accepts `Authorization: Bearer <jwt>` and,
 * for the reference client's `[jwt]` operations (api-contract.md §2), the raw
 * JWT without the `Bearer ` prefix (the form the portal sends a sub-account's token in). Then runs the runtime's
 * `afterAuth` middleware (app.ts: a sub-account's token still allowed there, src/sub-account-access.ts; the IP
 * restrictions of the token's account, src/ip-enforcement.ts) before the route.
 * @throws HttpError 401 `Unauthorized`; whatever an `afterAuth` middleware throws (403 `No access` for a sub-account
 * the user may no longer act in, 403 for a refused address)
 */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  // already verified for this request (two route groups may guard the same path, e.g. users/v2: list and add)
  if (c.var.auth) return next();
  const header = c.req.header('authorization')?.trim() ?? '';
  const token = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '') : header;
  if (!token || token.split('.').length !== 3) throw unauthorized('Unauthorized');
  let auth: AccessClaims;
  try {
    const now = await emulatorNow(c.var.db);
    auth = await verifyAccessToken(c.var.rt.key, token, { issuer: c.var.rt.issuer, audience: c.var.rt.clientId, now });
  } catch {
    throw unauthorized('Unauthorized');
  }
  c.set('auth', auth);
  const after = c.var.rt.afterAuth ?? [];
  const run = async (i: number): Promise<void> => {
    if (i < after.length) await after[i](c, () => run(i + 1));
    else await next();
  };
  await run(0);
};

/**
 * Guards a route group with {@link requireAuth}, once, at the top of its module: every path of `patterns` (Hono
 * paths, exact or ending in `/*` for the path itself and everything under it). A route module is mounted under
 * `/frontegg` beside the public routes, so a `use('*')` there would guard those too: list only paths the group
 * owns, which no public route shares (test/admin-guards.test.ts checks both sides).
 */
export function guard(app: Hono<AppEnv>, ...patterns: string[]): void {
  for (const pattern of patterns) app.use(pattern, requireAuth);
}

/**
 * {@link guard} for a path a route group shares with a public module that answers for other requests (e.g. `GET
 * /metadata`: the audits entity is the audit log's, every other entity public): only the requests `when` picks are
 * guarded; the others pass on untouched.
 */
export function guardWhen(app: Hono<AppEnv>, when: (c: Context<AppEnv>) => boolean, ...patterns: string[]): void {
  for (const pattern of patterns) app.use(pattern, async (c, next) => (when(c) ? requireAuth(c, next) : next()));
}
