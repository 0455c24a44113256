/**
 * Finishing a second factor, shared by every MFA route (routes/mfa.ts, routes/mfa-methods.ts, routes/user-mfa.ts):
 * a login MFA issues the session, a step-up MFA (routes/step-up.ts) continues the session it was generated for; the
 * first enrolment issues the recovery code. Domain code: no routes here.
 */
import type { Context } from 'hono';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppEnv } from './http/env.ts';
import { badRequest, unauthorized } from './http/errors.ts';
import { mfaTokens, recoveryCodes, refreshTokens, stepUpTokens } from './db/schema.ts';
import { MFA_ACR } from './crypto/jwt.ts';
import { normaliseRecoveryCode, recoveryCode, sha256 } from './crypto/tokens.ts';
import { getUser, type UserRow } from './session/accounts.ts';
import { auditSignedIn } from './session/events.ts';
import { issueSession, type LoginResponse } from './session/issue.ts';
import { consumeMfaToken } from './session/mfa-challenge.ts';
import { auditUser } from './audit.ts';
import { mfaDeviceCount, rememberDevice as rememberBrowser } from './mfa-devices.ts';
import { send } from './outbox.ts';
import { emulatorDate } from './clock.ts';

type Ctx = Context<AppEnv>;

const MFA_AMR = ['pwd', 'mfa', 'otp'];

/**
 * Ends a successful MFA: consumes the mfaToken, remembers the browser when
 * asked (and allowed), and issues the session (`amr` of the factor used:
 * otp, sms or hwk) — or, for a step-up mfaToken, continues its session.
 */
export async function finishMfa(c: Ctx, row: typeof mfaTokens.$inferSelect, opts: { amr?: string[]; rememberDevice?: boolean | null } = {}) {
  await consumeMfaToken(c.var.db, row.tokenHash);
  const user = await getUser(c.var.db, row.userId);
  if (opts.rememberDevice) await rememberBrowser(c, user.id);
  // A step-up mfaToken continues the session it was generated for (routes/step-up.ts), adding the factor's amr.
  const steppedUp = await finishStepUp(
    c,
    user,
    row.tokenHash,
    (opts.amr ?? MFA_AMR).filter((m) => m !== 'pwd'),
  );
  const amr = opts.amr ?? MFA_AMR;
  await auditUser(c, user, user.activeTenantId, {
    action: 'user.mfa.verified',
    description: `MFA verified (${amr.filter((m) => m !== 'pwd').join(', ')}): ${user.email}`,
    details: { amr, stepUp: Boolean(steppedUp) },
  });
  if (steppedUp) return steppedUp;
  const lr = await issueSession(c, user, { amr, acr: MFA_ACR, isBreachedPassword: row.isBreachedPassword });
  await auditSignedIn(c, user, lr.tenantId, lr.amr);
  return lr;
}

/** Refuses enrolment at login when the user already has an MFA device (any kind). */
export async function assertNotEnrolled(c: Ctx, userId: string): Promise<void> {
  if ((await mfaDeviceCount(c.var.db, userId)) > 0) throw badRequest('MFA is already enrolled', 'ER-MFA-ALREADY-ENROLLED');
}

/**
 * A first enrolment issues the user's recovery code (replacing an older one);
 * answers it, to be shown once. Also mails the user that MFA is on.
 */
export async function issueRecoveryCode(c: Ctx, user: { id: string; email: string }, what: string): Promise<string> {
  const db = c.var.db;
  const code = recoveryCode();
  const createdAt = await emulatorDate(db);
  await db
    .insert(recoveryCodes)
    .values({ userId: user.id, codeHash: sha256(normaliseRecoveryCode(code)), createdAt })
    .onConflictDoUpdate({ target: recoveryCodes.userId, set: { codeHash: sha256(normaliseRecoveryCode(code)), createdAt } });
  await send(db, {
    to: user.email,
    channel: 'email',
    subject: 'Two-factor authentication is on',
    text: `${what} was added to your account. Keep the recovery code you were shown in a safe place: it is the only way in if you lose the device.`,
  });
  return code;
}

/** What a TOTP (or email code) verification adds to the session's amr: the default of {@link finishStepUp}. */
const TOTP_AMR = ['mfa', 'otp'];

/**
 * Called by the MFA verify routes (every kind, through `finishMfa` in
 * routes/mfa.ts) after a correct second factor on a consumed mfaToken.
 * When that token came from step-up/generate, the session it was bound to
 * continues (its live refresh tokens are rotated out) with `acr` multi-factor,
 * the session's `amr` plus `factorAmr` (`['mfa', 'otp' | 'sms' | 'hwk']`,
 * default authenticator app) and a fresh auth_time; otherwise undefined (a
 * login MFA, handled by the caller). A session that ended in between (logout,
 * reuse detection) answers 401.
 */
export async function finishStepUp(c: Ctx, user: UserRow, mfaTokenHash: string, factorAmr: string[] = TOTP_AMR): Promise<LoginResponse | undefined> {
  const db = c.var.db;
  const [s] = await db.select().from(stepUpTokens).where(eq(stepUpTokens.tokenHash, mfaTokenHash));
  if (!s) return undefined;
  const live = await db
    .update(refreshTokens)
    .set({ revokedAt: await emulatorDate(db) })
    .where(and(eq(refreshTokens.familyId, s.familyId), eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (live.length === 0) throw unauthorized('Session not found');
  const amr = [...new Set([...s.amr, ...factorAmr])];
  const lr = await issueSession(c, user, { amr, acr: MFA_ACR }, { tenantId: s.tenantId, familyId: s.familyId });
  await db
    .update(refreshTokens)
    .set({ replacedBy: sha256(lr.refreshToken) })
    .where(
      inArray(
        refreshTokens.id,
        live.map((r) => r.id),
      ),
    );
  return lr;
}
