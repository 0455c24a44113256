/**
 * Sessions (api-contract S; admin spec §3 "Session", §5; AB-3.19, AB-7.38, AB-7.39, AB-7.40, SI-3.11).
 *
 * A session is a refresh-token family (session/families.ts): its `id` is the family id, which every access token of the
 * session carries as `sid`. It is live while its newest refresh token is neither revoked nor expired. Its
 * `createdAt` is the sign-in, `expires`, `ipAddress` and `userAgent` those of its newest refresh token (the
 * last sign-in or refresh). The current session is the one of the request's refresh cookie, else of the access
 * token's `sid`.
 *
 * Deleting a session revokes its refresh tokens (its access tokens expire on their own, as with the real API).
 * Session configurations are per tenant, in `tenants.settings.sessions` (shape and defaults: policies.ts), and
 * enforced by session/refresh.ts and session/issue.ts: a refresh past the forced re-login or the idle timeout is refused, a sign-in past the
 * maximum of concurrent sessions ends the oldest; the two timeouts as they stood at the session's sign-in (a change
 * applies from each user's next sign-in, issue 31). Every mutation writes an audit row.
 *
 * Permissions: a user's own sessions need only the sign-in; revoking another user's needs `fe.secure.delete.sessions`;
 * the configurations `fe.secure.read|write.securityPolicy` (403 `Not authorized`).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { audit } from '../../audit.ts';
import { requirePermission } from '../../http/permissions.ts';
import { emulatorDate } from '../../clock.ts';
import { parseBody } from '../../http/body.ts';
import { notFound } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { impersonationSessions, refreshTokens, tenants } from '../../db/schema.ts';
import { sessionConfigurationsOf, type SessionConfigurations, type SettingsWithSessions } from '../../policies.ts';
import { sha256 } from '../../crypto/tokens.ts';
import { readRefreshCookie } from '../../session/cookie.ts';
import { liveSessionFamilies, revokeFamily } from '../../session/families.ts';
import { membership } from '../../lifecycle.ts';

type Ctx = Context<AppEnv>;

export const adminSessionRoutes = new Hono<AppEnv>();

const SESSIONS = '/identity/resources/users/sessions/v1';
const CONFIG = '/identity/resources/configurations/sessions/v1';

guard(adminSessionRoutes, `${SESSIONS}/*`, CONFIG);

// ---------------------------------------------------------------- the user's sessions

/** ISessionResponse: one live session of the user. */
export interface SessionDto {
  id: string;
  expires: string;
  ipAddress?: string;
  userAgent?: string;
  createdAt: string;
  current: boolean;
  impersonated: boolean;
}

/** The family of the request's refresh cookie when it belongs to `userId`, else the access token's `sid`. */
async function currentSessionId(c: Ctx): Promise<string> {
  const cookie = readRefreshCookie(c);
  if (cookie) {
    const [row] = await c.var.db
      .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(cookie)));
    if (row && row.userId === c.var.auth.sub) return row.familyId;
  }
  return c.var.auth.sid;
}

/** The user's live sessions, oldest sign-in first, `current` marked. */
export async function liveSessions(c: Ctx, userId: string): Promise<SessionDto[]> {
  const db = c.var.db;
  const live = await liveSessionFamilies(db, userId);
  const current = await currentSessionId(c);
  const imp = live.length
    ? await db
        .select({ familyId: impersonationSessions.familyId })
        .from(impersonationSessions)
        .where(
          inArray(
            impersonationSessions.familyId,
            live.map((s) => s.familyId),
          ),
        )
    : [];
  const impersonated = new Set(imp.map((i) => i.familyId));
  return live.map(({ familyId, first, newest }) => ({
    id: familyId,
    expires: newest.expiresAt.toISOString(),
    ipAddress: newest.ipAddress ?? undefined,
    userAgent: newest.userAgent ?? undefined,
    createdAt: first.createdAt.toISOString(),
    current: familyId === current,
    impersonated: impersonated.has(familyId),
  }));
}

/** getCurrentUserSessions: `[ISessionResponse]` (AB-3.19, AB-7.39). */
adminSessionRoutes.get(`${SESSIONS}/me`, async (c) => c.json(await liveSessions(c, c.var.auth.sub)));

/** getCurrentUserSession: the session of this request; 404 when it has ended. */
adminSessionRoutes.get(`${SESSIONS}/me/current`, async (c) => {
  const current = (await liveSessions(c, c.var.auth.sub)).find((s) => s.current);
  if (!current) throw notFound('Session not found', 'ER-SESSION-NOT-FOUND');
  return c.json(current);
});

/** deleteAllSessionsForUser (registered before `me/{id}`): ends every other live session of the user, keeps this one. */
adminSessionRoutes.delete(`${SESSIONS}/me/all`, async (c) => {
  const others = (await liveSessions(c, c.var.auth.sub)).filter((s) => !s.current);
  for (const s of others) await revokeFamily(c.var.db, s.id);
  await audit(c, { action: 'user.sessions.deleted', targetId: c.var.auth.sub, details: { sessions: others.length }, severity: 'WARNING' });
  return c.json({});
});

/** deleteSessionForUser: ends one of the user's own sessions (the current one too); 404 for any other id. */
adminSessionRoutes.delete(`${SESSIONS}/me/:id`, idParams('id'), async (c) => {
  const id = c.req.param('id');
  const session = (await liveSessions(c, c.var.auth.sub)).find((s) => s.id === id);
  if (!session) throw notFound('Session not found', 'ER-SESSION-NOT-FOUND');
  await revokeFamily(c.var.db, id);
  await audit(c, { action: 'session.deleted', targetId: id, details: { current: session.current }, severity: 'WARNING' });
  return c.json({});
});

/** revokeSessionsForUser `{ userId }` (AB-7.40, `fe.secure.delete.sessions`): ends every session of that user in the tenant. */
adminSessionRoutes.post(`${SESSIONS}/revoke`, requirePermission('fe.secure.delete.sessions'), async (c) => {
  const { userId } = await parseBody(c, z.object({ userId: z.string({ message: 'userId is required' }).min(1, 'userId is required') }));
  const tenantId = c.var.auth.tenantId;
  if (!(await membership(c.var.db, userId, tenantId))) throw notFound('User not found', 'ER-USER-NOT-FOUND');
  const revoked = await c.var.db
    .update(refreshTokens)
    .set({ revokedAt: await emulatorDate(c.var.db) })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.tenantId, tenantId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  await audit(c, { action: 'user.sessions.revoked', targetId: userId, details: { sessions: new Set(revoked.map((r) => r.familyId)).size }, severity: 'WARNING' });
  return c.json({});
});

// ---------------------------------------------------------------- session configurations

// the configurations' shape and defaults live in policies.ts (session/ enforces them); re-exported for the routes' readers
export { DEFAULT_SESSION_CONFIGURATIONS, type SessionConfigurations } from '../../policies.ts';

async function tenantRow(c: Ctx) {
  const [t] = await c.var.db.select().from(tenants).where(eq(tenants.tenantId, c.var.auth.tenantId));
  if (!t) throw notFound('Tenant not found', 'ER-TENANT-NOT-FOUND');
  return t;
}

/** The session configurations in force for a tenant (policies.ts `sessionConfigurationsOf`). */
export const configOf = sessionConfigurationsOf;

/** getSessionConfigurations (AB-7.38, `fe.secure.read.securityPolicy`). */
adminSessionRoutes.get(CONFIG, requirePermission('fe.secure.read.securityPolicy'), async (c) => {
  return c.json(configOf((await tenantRow(c)).settings));
});

const seconds = (name: string) =>
  z
    .number({ message: `${name} must be a number of seconds` })
    .int(`${name} must be a whole number of seconds`)
    .min(60, `${name} must be at least 60 seconds`)
    .max(365 * 86_400, `${name} must be at most 365 days`);

const configBody = z.object({
  sessionTimeoutConfiguration: z.object({ isActive: z.boolean(), timeout: seconds('sessionTimeoutConfiguration.timeout') }).nullish(),
  sessionIdleTimeoutConfiguration: z.object({ isActive: z.boolean(), timeout: seconds('sessionIdleTimeoutConfiguration.timeout') }).nullish(),
  sessionConcurrentConfiguration: z
    .object({
      isActive: z.boolean(),
      maxSessions: z.number().int('maxSessions must be a whole number').min(1, 'maxSessions must be at least 1').max(1000, 'maxSessions must be at most 1000'),
    })
    .nullish(),
});

/** createOrUpdateSessionConfigrations (sic; AB-7.38, `fe.secure.write.securityPolicy`): replaces the objects sent, keeps the others. */
adminSessionRoutes.post(CONFIG, requirePermission('fe.secure.write.securityPolicy'), async (c) => {
  const body = await parseBody(c, configBody);
  const tenant = await tenantRow(c);
  const settings: SettingsWithSessions = tenant.settings;
  const sessions: Partial<SessionConfigurations> = { ...settings.sessions };
  if (body.sessionTimeoutConfiguration) sessions.sessionTimeoutConfiguration = body.sessionTimeoutConfiguration;
  if (body.sessionIdleTimeoutConfiguration) sessions.sessionIdleTimeoutConfiguration = body.sessionIdleTimeoutConfiguration;
  if (body.sessionConcurrentConfiguration) sessions.sessionConcurrentConfiguration = body.sessionConcurrentConfiguration;
  const next: SettingsWithSessions = { ...settings, sessions };
  await c.var.db
    .update(tenants)
    .set({ settings: next, updatedAt: await emulatorDate(c.var.db) })
    .where(eq(tenants.id, tenant.id));
  await audit(c, { action: 'session-configuration.updated', targetId: tenant.tenantId, details: { ...configOf(next) }, severity: 'WARNING' });
  return c.json(configOf(next));
});
