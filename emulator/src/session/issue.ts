/**
 * Issuing a session — the tenant it is bound to, the account's IP restrictions, a new refresh token
 * of its family, the access token (session/access-token.ts, the one minter), the refresh cookie, the login response
 * (LR), and the account's maximum of concurrent sessions.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { impersonationSessions, refreshTokens, userTenants, type SessionPolicyStamp } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { unauthorized } from '../http/errors.ts';
import { randomToken, sha256 } from '../crypto/tokens.ts';
import { emulatorNow } from '../clock.ts';
import { clientIp } from '../http/client-ip.ts';
import { auditUser } from '../audit.ts';
import { enforceIpRestriction } from '../restrictions.ts';
import { mintAccessToken } from './access-token.ts';
import { type UserRow, getVendor, userTenantList } from './accounts.ts';
import { setRefreshCookie } from './cookie.ts';
import { liveSessionFamilies, policyStamp, sessionConfigurationsFor, revokeFamily } from './families.ts';
import { userProfile } from './profile.ts';

type Ctx = Context<AppEnv>;

export interface SessionAuth {
  amr: string[];
  acr?: string | null;
  authTime?: number;
  isBreachedPassword?: boolean;
}

/**
 * The tenant a session may be bound to: `wanted`, unless the user's membership there is disabled or a temporary one
 * past its expiry (admin §4) — then another tenant the user may use, or 401 "User is disabled" when there is none.
 */
async function usableTenant(db: Db, user: UserRow, wanted: string): Promise<string> {
  const [m] = await db
    .select({ disabled: userTenants.disabled, expires: userTenants.temporaryExpiresAt })
    .from(userTenants)
    .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, wanted)));
  if (!m || (!m.disabled && (!m.expires || m.expires.getTime() > (await emulatorNow(db))))) return wanted;
  const other = (await userTenantList(db, user.id))[0];
  if (!other) throw unauthorized(m.disabled ? 'User is disabled' : 'User access has expired');
  return other.tenantId;
}

/**
 * Issues a session: a new refresh token (in `familyId`, or a new family), an
 * access token, the refresh cookie, and returns the login response (LR). A new
 * session (no `familyId`) past the account's maximum of concurrent sessions ends
 * the user's oldest there (see {@link endSessionsPastMaximum}). The account's IP
 * restrictions are checked first: 403 for a refused address (restrictions.ts `enforceIpRestriction`).
 * The refresh token carries `opts.sessionPolicy` (a refresh in the same account passes the session's own), else the
 * account's forced re-login and idle timeout now (a sign-in, a step-up, a move into another account): the session
 * keeps them until it ends (issue 31 item 1, session/families.ts `sessionPolicyOf`).
 */
export async function issueSession(c: Ctx, user: UserRow, auth: SessionAuth, opts: { tenantId?: string; familyId?: string; sessionPolicy?: SessionPolicyStamp } = {}) {
  const db = c.var.db;
  const rt = c.var.rt;
  const vendor = await getVendor(db, rt.vendorId);
  const tenantId = await usableTenant(db, user, opts.tenantId ?? user.activeTenantId);
  // the account's IP restrictions (restrictions.ts): a refused address neither signs in nor refreshes (403)
  await enforceIpRestriction(c, tenantId, user, opts.familyId ? 'refresh' : 'sign-in');
  const profile = await userProfile(db, user, tenantId);
  // The token's times (iat, exp, a new auth_time) follow the emulator clock (PUT /_emulator/clock).
  // auth_time is the time of the authentication the caller passes on (a refresh keeps the session's).
  const clockNow = await emulatorNow(db);
  const authTime = auth.authTime ?? Math.floor(clockNow / 1000);
  const refreshTtl = vendor.tokenSettings.refreshTokenExpiresIn;

  const refreshToken = randomToken(32);
  const refreshId = randomUUID();
  const familyId = opts.familyId ?? randomUUID();
  // an impersonation session (routes/tenants.ts) is marked with the actor in every access token
  const [imp] = await db.select({ actorId: impersonationSessions.actorId }).from(impersonationSessions).where(eq(impersonationSessions.familyId, familyId));
  await db.insert(refreshTokens).values({
    id: refreshId,
    tokenHash: sha256(refreshToken),
    familyId,
    userId: user.id,
    tenantId,
    amr: auth.amr,
    acr: auth.acr ?? null,
    authTime,
    expiresAt: new Date(clockNow + refreshTtl * 1000),
    // the client of this sign-in or refresh: the session list shows it (api-contract S)
    ipAddress: clientIp(c),
    userAgent: c.req.header('user-agent') ?? null,
    createdAt: new Date(clockNow),
    sessionPolicy: opts.sessionPolicy ?? policyStamp(await sessionConfigurationsFor(db, tenantId)),
  });

  const session = { amr: auth.amr, acr: auth.acr, authTime, sid: familyId, ...(imp ? { act: { sub: imp.actorId } } : {}) };
  const { token: accessToken, exp, expiresIn } = await mintAccessToken(c, user, profile, session, clockNow);

  // a new sign-in (not a refresh, not an impersonation) past the account's maximum ends the oldest sessions
  if (!opts.familyId && !imp) await endSessionsPastMaximum(c, user, tenantId, familyId);

  setRefreshCookie(c, refreshToken, refreshTtl);
  return {
    ...profile,
    userId: user.id,
    accessToken,
    refreshToken,
    expiresIn,
    expires: new Date(exp * 1000).toUTCString(),
    exp,
    mfaRequired: false as const,
    emailVerified: user.verified,
    isBreachedPassword: auth.isBreachedPassword ?? false,
    amr: auth.amr,
    acr: auth.acr ?? undefined,
    auth_time: authTime,
  };
}

export type LoginResponse = Awaited<ReturnType<typeof issueSession>>;

/**
 * Maximum concurrent sessions (SI-3.11 maximumConcurrentSessions; issue 22 item 2): when the account's
 * `sessionConcurrentConfiguration` is active and the user now has more than `maxSessions` live sessions in `tenantId`,
 * ends the oldest (by sign-in) until `maxSessions` remain — never `keepFamilyId`, the session just signed in. Each
 * ended session is audited `session.revoked` (WARNING, reason `maxSessions`).
 */
async function endSessionsPastMaximum(c: Ctx, user: UserRow, tenantId: string, keepFamilyId: string): Promise<void> {
  const db = c.var.db;
  const { sessionConcurrentConfiguration: limit } = await sessionConfigurationsFor(db, tenantId);
  if (!limit.isActive) return;
  const inTenant = (await liveSessionFamilies(db, user.id)).filter((s) => s.newest.tenantId === tenantId);
  const excess = inTenant.length - limit.maxSessions;
  if (excess <= 0) return;
  const oldest = inTenant.filter((s) => s.familyId !== keepFamilyId).slice(0, excess);
  for (const s of oldest) {
    await revokeFamily(db, s.familyId);
    await auditUser(c, user, tenantId, {
      action: 'session.revoked',
      targetId: s.familyId,
      severity: 'WARNING',
      description: `Session ended: more than ${limit.maxSessions} concurrent sessions: ${user.email}`,
      details: { email: user.email, reason: 'maxSessions', maxSessions: limit.maxSessions, sessionId: s.familyId, signedInAt: s.first.createdAt.toISOString() },
    });
  }
}
