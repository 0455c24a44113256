/**
 * Sessions as records — a session is a refresh-token family; the live ones of a user, revoking one,
 * the account's session configurations, and the impersonation sessions (routes/tenants.ts) pinned to their tenant.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { impersonationSessions, refreshTokens, type SessionPolicyStamp } from '../db/schema.ts';
import { forbidden } from '../http/errors.ts';
import { emulatorDate, emulatorNow } from '../clock.ts';
import { sessionConfigurationsOf, tenantSettings, type SessionConfigurations } from '../policies.ts';

/**
 * The refusal of an impersonated session (an access token with `act`) asking for another tenant than its own (a token
 * for it, a switch to it): an impersonation stays in the tenant it was opened in, so the admin's account never reaches
 * another account of the user (issue 29).
 */
export const impersonationCannotLeave = () => forbidden('An impersonated session cannot leave its tenant', 'ER-IMPERSONATION-TENANT');

/** The tenant an impersonation session (refresh family `familyId`, routes/tenants.ts) was opened in; undefined for any other session. */
export async function impersonationTenant(db: Db, familyId: string): Promise<string | undefined> {
  const [imp] = await db.select({ tenantId: impersonationSessions.tenantId }).from(impersonationSessions).where(eq(impersonationSessions.familyId, familyId));
  return imp?.tenantId;
}

type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** One live session: its family id, its first refresh token (the sign-in) and its newest (the last sign-in or refresh). */
export interface LiveSessionFamily {
  familyId: string;
  first: RefreshTokenRow;
  newest: RefreshTokenRow;
}

/**
 * The user's live sessions (refresh-token families whose newest token is neither revoked nor expired on the emulator
 * clock), oldest sign-in first. The session's tenant is its newest token's `tenantId`.
 */
export async function liveSessionFamilies(db: Db, userId: string): Promise<LiveSessionFamily[]> {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId)).orderBy(asc(refreshTokens.createdAt));
  const families = new Map<string, RefreshTokenRow[]>();
  for (const r of rows) families.set(r.familyId, [...(families.get(r.familyId) ?? []), r]);
  const now = await emulatorNow(db);
  return [...families.entries()].flatMap(([familyId, list]) => {
    const newest = list.reduce((a, b) => (b.createdAt >= a.createdAt ? b : a));
    const alive = !newest.revokedAt && newest.expiresAt.getTime() > now;
    return alive ? [{ familyId, first: list[0], newest }] : [];
  });
}

/** The session configurations of account `tenantId` (routes/admin/sessions.ts stores them; defaults: all off). */
export async function sessionConfigurationsFor(db: Db, tenantId: string): Promise<SessionConfigurations> {
  return sessionConfigurationsOf(await tenantSettings(db, tenantId));
}

/**
 * The forced re-login and idle timeout of a session (issue 31 item 1): those stamped on its newest refresh token at
 * its sign-in (session/issue.ts), else (a row from before the stamp, or no token) the account's now. A change of the
 * account's policy so applies to a signed-in user from their next sign-in, never to the session they changed it in.
 */
export async function sessionPolicyOf(db: Db, familyId: string | undefined, tenantId: string): Promise<SessionPolicyStamp> {
  if (familyId) {
    const [row] = await db
      .select({ stamp: refreshTokens.sessionPolicy, tenantId: refreshTokens.tenantId })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, familyId))
      .orderBy(desc(refreshTokens.createdAt))
      .limit(1);
    if (row?.stamp && row.tenantId === tenantId) return row.stamp;
  }
  return policyStamp(await sessionConfigurationsFor(db, tenantId));
}

/** The two timeouts of an account's session configurations, as a session keeps them (`refresh_tokens.session_policy`). */
export function policyStamp(config: SessionConfigurations): SessionPolicyStamp {
  return { sessionTimeoutConfiguration: config.sessionTimeoutConfiguration, sessionIdleTimeoutConfiguration: config.sessionIdleTimeoutConfiguration };
}

/** Revokes every refresh token of a family (a session). */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: await emulatorDate(db) })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
