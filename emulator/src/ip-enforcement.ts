/**
 * IP enforcement on signed-in requests (restrictions.ts; admin spec §3 AB-3.16, SI-8.13): a middleware that checks the
 * caller's address against the IP restrictions of the access token's account, and the per-route opt-out.
 *
 * The emulator runs {@link enforceIpRestrictions} after `requireAuth` (http/auth.ts) has verified the token and before
 * the route: app.ts lists it in the runtime's `afterAuth`, so every route that needs a signed-in user is checked,
 * whichever module serves it, and http/ knows nothing of restrictions. A route that must answer whatever the caller's
 * address opts out by listing {@link anyAddress} among its handlers (the two verify routes, so that a portal can tell
 * an administrator that a change would lock them out, and they can fix it). Sign-ins, refreshes (session/issue.ts) and API
 * token exchanges (routes/admin/tokens.ts) call `enforceIpRestriction` themselves.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './http/env.ts';
import { enforceIpRestriction } from './restrictions.ts';

/** The opt-out: a route listing this handler answers whatever the caller's address. It does nothing itself. */
export const anyAddress: MiddlewareHandler<AppEnv> = async (_c, next) => next();

/**
 * Refuses a signed-in request (`c.var.auth` set) whose address the account's IP restrictions refuse, unless its route
 * lists {@link anyAddress}.
 * @throws HttpError 403 `IP address is not allowed` (`ER-IP-RESTRICTED`) or `ip metadata not found`; the refusal's
 *   audit row `user.ip-restriction.refused` (via `request`) stays
 */
export const enforceIpRestrictions: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.var.auth;
  if (auth && !matchedRoutes(c).some((r) => r.handler === anyAddress)) {
    await enforceIpRestriction(c, auth.tenantId, { id: auth.sub, email: auth.email }, 'request');
  }
  await next();
};
