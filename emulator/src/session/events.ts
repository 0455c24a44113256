/**
 * The audit rows of session events (src/audit.ts writes them): signed in, signed out, a refused
 * refresh, a wrong MFA code at sign-in.
 */
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { mfaTokens, refreshTokens, users } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { sha256 } from '../crypto/tokens.ts';
import { auditUser } from '../audit.ts';
import { type UserRow } from './accounts.ts';
import { emitUserEvent } from '../events/payloads.ts';

type Ctx = Context<AppEnv>;

/**
 * The audit row of a completed sign-in (`user.signed-in`, INFO), by the user, in the session's tenant; `amr` names the
 * method. Emits the sign-in's event too, one of three by the method: `frontegg.user.authenticatedWithSAML` (`saml`),
 * `frontegg.user.authenticatedWithSSO` (`oidc`, `social`), else `frontegg.user.authenticated`; its payload says
 * `authenticationMethod` (the `amr` list).
 */
export async function auditSignedIn(c: Ctx, user: UserRow, tenantId: string, amr: string[]): Promise<void> {
  await auditUser(c, user, tenantId, {
    action: 'user.signed-in',
    description: `Signed in (${amr.join(', ')})`,
    details: { amr },
  });
  const key = amr.includes('saml')
    ? 'frontegg.user.authenticatedWithSAML'
    : amr.some((m) => m === 'oidc' || m === 'social')
      ? 'frontegg.user.authenticatedWithSSO'
      : 'frontegg.user.authenticated';
  await emitUserEvent(c.var.db, key, { userId: user.id, tenantId, extra: { authenticationMethod: amr } });
}

/**
 * The audit row of a wrong MFA code at sign-in (`user.mfa.failed`, WARNING, durable) for the user of the MFA token
 * `tokenHash`; `method` names the factor (authenticator, sms, email…). Nothing when the token is unknown.
 */
export async function auditMfaFailed(c: Ctx, tokenHash: string, method: string): Promise<void> {
  const [row] = await c.var.db
    .select({ id: users.id, email: users.email, tenantId: users.activeTenantId })
    .from(mfaTokens)
    .innerJoin(users, eq(users.id, mfaTokens.userId))
    .where(eq(mfaTokens.tokenHash, tokenHash));
  if (!row) return;
  await auditUser(c, row, row.tenantId, {
    action: 'user.mfa.failed',
    severity: 'WARNING',
    description: `Wrong MFA code (${method}): ${row.email}`,
    details: { method },
    durable: true,
  });
}

/** The audit row of a sign-out (`user.signed-out`, INFO) of the session `row`. */
export async function auditSignedOut(c: Ctx, row: { userId: string; tenantId: string; familyId: string }): Promise<void> {
  const [user] = await c.var.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.userId));
  await auditUser(c, user ?? { id: row.userId }, row.tenantId, { action: 'user.signed-out', details: { sessionId: row.familyId } });
}

/**
 * The audit row of a refused refresh (`session.refresh.refused`, WARNING) when the token names a session (revoked,
 * reused, expired, the user locked or disabled). A missing or unknown token writes nothing: a page load without a
 * session asks for a refresh too.
 */
export async function auditRefreshRefused(c: Ctx, token: string | undefined | null, reason: string): Promise<void> {
  if (!token) return;
  const [row] = await c.var.db
    .select({ userId: refreshTokens.userId, tenantId: refreshTokens.tenantId, familyId: refreshTokens.familyId, email: users.email })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row) return;
  await auditUser(c, { id: row.userId, email: row.email }, row.tenantId, {
    action: 'session.refresh.refused',
    targetId: row.familyId,
    severity: 'WARNING',
    description: `Session refresh refused (${reason}): ${row.email}`,
    details: { reason, sessionId: row.familyId },
    durable: true,
  });
}
