/**
 * Refreshing a session — spending a refresh token once (rotation, reuse revokes the family), the
 * account's forced re-login and idle timeout, and the next token of the session (session/issue.ts).
 */
import type { Context } from 'hono';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { sha256 } from '../crypto/tokens.ts';
import { emulatorNow } from '../clock.ts';
import { type UserRow, getUser, userTenantList } from './accounts.ts';
import { impersonationTenant, sessionConfigurationsFor, revokeFamily } from './families.ts';
import { issueSession, type LoginResponse } from './issue.ts';

type Ctx = Context<AppEnv>;

type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** The refusal reason of a refresh past the account's forced re-login (`sessionTimeoutConfiguration`). */
export const SESSION_LIFETIME_ENDED = 'Session has expired (forced re-login)';
/** The refusal reason of a refresh past the account's idle timeout (`sessionIdleTimeoutConfiguration`). */
export const SESSION_IDLE_TIMEOUT = 'Session has expired (idle timeout)';

/**
 * Forced re-login and idle timeout (SI-3.11; issue 22 item 2), by the emulator clock: the refresh token `row` may not
 * be spent when its session signed in more than `sessionTimeoutConfiguration.timeout` seconds ago, or was last
 * refreshed (the token's own `createdAt`) more than `sessionIdleTimeoutConfiguration.timeout` seconds ago, the active
 * configurations being those stamped on the session at its sign-in (session/issue.ts; else, for a row from before the
 * stamp, the account's now). @returns the refusal reason, or null
 */
async function sessionPolicyRefusal(db: Db, row: RefreshTokenRow, now: number): Promise<string | null> {
  const config = row.sessionPolicy ?? (await sessionConfigurationsFor(db, row.tenantId));
  const lifetime = config.sessionTimeoutConfiguration;
  if (lifetime.isActive) {
    const [first] = await db
      .select({ createdAt: refreshTokens.createdAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, row.familyId))
      .orderBy(asc(refreshTokens.createdAt))
      .limit(1);
    const signedInAt = (first ?? row).createdAt.getTime();
    if (now - signedInAt > lifetime.timeout * 1000) return SESSION_LIFETIME_ENDED;
  }
  const idle = config.sessionIdleTimeoutConfiguration;
  if (idle.isActive && now - row.createdAt.getTime() > idle.timeout * 1000) return SESSION_IDLE_TIMEOUT;
  return null;
}

/**
 * Spends a refresh token and issues the next one of its session (one
 * rotation, shared by the embedded refresh, the OAuth refresh grant and the
 * silent authorize). A revoked token presented again is treated as theft:
 * the whole family (session) is revoked. The new session keeps the old one's
 * amr, acr and auth_time (a refresh is not an authentication) and moves to
 * `tenantId` when the user belongs to it, else to the user's active tenant. A session past its account's forced
 * re-login or idle timeout is refused and ended (see {@link sessionPolicyRefusal}).
 * @returns the user and the login response, or the failure message
 *   (callers answer it, not throw it, so that a revocation commits).
 */
export async function rotateRefreshToken(
  c: Ctx,
  token: string | undefined | null,
  tenantId?: string | null,
): Promise<{ ok: true; user: UserRow; lr: LoginResponse } | { ok: false; message: string }> {
  const db = c.var.db;
  const fail = (message: string) => ({ ok: false as const, message });
  if (!token) return fail('Session not found');
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row) return fail('Session not found');
  if (row.revokedAt) {
    await revokeFamily(db, row.familyId);
    return fail('Session has been revoked');
  }
  const now = await emulatorNow(db);
  if (row.expiresAt.getTime() <= now) return fail('Session has expired');
  const policyRefusal = await sessionPolicyRefusal(db, row, now);
  if (policyRefusal) {
    await revokeFamily(db, row.familyId);
    return fail(policyRefusal);
  }
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (revoked.length === 0) {
    await revokeFamily(db, row.familyId);
    return fail('Session has been revoked');
  }
  const user = await getUser(db, row.userId);
  if (user.isLocked) {
    await revokeFamily(db, row.familyId);
    return fail('User is locked');
  }
  const memberOf = new Set((await userTenantList(db, user.id)).map((t) => t.tenantId));
  if (memberOf.size === 0) {
    // disabled everywhere, or a temporary user past the expiry (admin §4)
    await revokeFamily(db, row.familyId);
    return fail('User is disabled');
  }
  // an impersonation stays in the tenant it was opened in: it never crosses into another account of the user (issue 29)
  const pinned = await impersonationTenant(db, row.familyId);
  if (pinned && !memberOf.has(pinned)) {
    await revokeFamily(db, row.familyId);
    return fail('User is not a member of this tenant');
  }
  const requested = tenantId && memberOf.has(tenantId) ? tenantId : undefined;
  const fallback = memberOf.has(user.activeTenantId) ? user.activeTenantId : memberOf.has(row.tenantId) ? row.tenantId : [...memberOf][0];
  const target = pinned ?? requested ?? fallback;
  const lr = await issueSession(
    c,
    user,
    { amr: row.amr, acr: row.acr, authTime: row.authTime },
    {
      tenantId: target,
      familyId: row.familyId,
      // the session keeps the policy of its sign-in while it stays in its account
      sessionPolicy: target === row.tenantId ? (row.sessionPolicy ?? undefined) : undefined,
    },
  );
  await db
    .update(refreshTokens)
    .set({ replacedBy: sha256(lr.refreshToken) })
    .where(eq(refreshTokens.id, row.id));
  return { ok: true, user, lr };
}
