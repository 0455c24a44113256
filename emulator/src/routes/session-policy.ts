/**
 * The idle session timeout for the signed-in user (emulator addition; issue 22 item 2 "In the browser", SI-3.11):
 * `<fe-app>` signs an idle user out after the account's idle timeout, but Frontegg's client reads the session
 * configurations only with `fe.secure.read.securityPolicy` (GET /identity/resources/configurations/sessions/v1,
 * routes/admin/sessions.ts). This route answers any signed-in member of the account with the one part the browser
 * needs, from the same settings and defaults.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { guard } from '../http/auth.ts';
import type { SessionConfigurations } from '../policies.ts';
import { sessionPolicyOf } from '../session/families.ts';

/** The answer of `GET …/configurations/sessions/v1/me`: the account's idle timeout, `timeout` in seconds. */
export interface SessionIdlePolicy {
  sessionIdleTimeoutConfiguration: SessionConfigurations['sessionIdleTimeoutConfiguration'];
}

const ME = '/identity/resources/configurations/sessions/v1/me';

export const sessionPolicyRoutes = new Hono<AppEnv>();

guard(sessionPolicyRoutes, ME);

/**
 * `GET …/configurations/sessions/v1/me` (bearer, no permission): `{ sessionIdleTimeoutConfiguration: { isActive,
 * timeout } }` of the token's session: the account's (`tenants.settings.sessions`, else the default: inactive,
 * 1800 s) as it was when the session signed in (issue 31 item 1: a change applies from the next sign-in; the server
 * enforces the same, session/refresh.ts). 401 `Unauthorized` without a valid access token.
 */
sessionPolicyRoutes.get(ME, async (c) => {
  const policy = await sessionPolicyOf(c.var.db, c.var.auth.sid, c.var.auth.tenantId);
  const body: SessionIdlePolicy = { sessionIdleTimeoutConfiguration: policy.sessionIdleTimeoutConfiguration };
  return c.json(body);
});
