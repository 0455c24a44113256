/**
 * Forgot / reset password (api-contract.md §E). The reset link goes to the
 * outbox; it points at the host's `/account/reset-password` route on the
 * calling page's origin (`Origin`, `Referer` or `X-Forwarded-Host` when trusted:
 * an allowed origin, the issuer's origin or a loopback origin), else on the issuer.
 * Also changePassword (§ teams, bearer): `POST …/passwords/change`, and the security center's bulk reset of breached
 * passwords (`POST …/passwords/breached/reset/bulk`).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { parseBody, emailField } from '../http/body.ts';
import { HttpError, badRequest, unauthorized } from '../http/errors.ts';
import { requireAuth } from '../http/auth.ts';
import { passwordResetTokens, refreshTokens, userTenants, users } from '../db/schema.ts';
import { requirePermission } from '../http/permissions.ts';
import { presetCondition } from '../team.ts';
import { checkPasswordPolicy, hashPassword, isBreachedPassword, verifyPassword } from '../crypto/passwords.ts';
import { randomToken, sha256 } from '../crypto/tokens.ts';
import { findUserByEmail, getUser, getVendor } from '../session/accounts.ts';
import { refuseReusedPassword, rememberReplacedPassword } from '../policies.ts';
import { send } from '../outbox.ts';
import { hostOrigin } from '../http/origin.ts';
import { audit, auditUser } from '../audit.ts';
import { emulatorNow, emulatorDate } from '../clock.ts';
import { emitUserEvent } from '../events/payloads.ts';

export const passwordRoutes = new Hono<AppEnv>();
const BASE = '/identity/resources/users/v1/passwords';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The host page origin, with the same rules as every other emailed link (http/origin.ts). */
const appOrigin = (c: Context<AppEnv>): string => hostOrigin(c);

/**
 * Sends `user` a password-reset email (outbox): a single-use reset token valid {@link RESET_TOKEN_TTL_MS} ms and the
 * link `<host>/account/reset-password?userId=…&token=…` that opens the reset flow (validate, then verify below).
 * `reason` 'breached' (the security center's SEND_RESET_BREACHED_PASSWORD_EMAIL) says why the user should reset.
 */
export async function sendResetPasswordEmail(c: Context<AppEnv>, user: { id: string; email: string }, reason: 'forgot' | 'breached' = 'forgot'): Promise<void> {
  const token = randomToken(32);
  const now = await emulatorNow(c.var.db);
  await c.var.db.insert(passwordResetTokens).values({
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(now + RESET_TOKEN_TTL_MS),
    usedAt: null,
    createdAt: new Date(now),
  });
  const link = `${appOrigin(c)}/account/reset-password?userId=${encodeURIComponent(user.id)}&token=${encodeURIComponent(token)}`;
  const why =
    reason === 'breached'
      ? `The password of ${user.email} appears in a list of breached passwords. Open this link within an hour to choose a new one:`
      : `Someone asked to reset the password of ${user.email}. Open this link within an hour to choose a new one:`;
  await send(c.var.db, {
    to: user.email,
    channel: 'email',
    subject: reason === 'breached' ? 'Your password was found in a breach: reset it' : 'Reset your password',
    link,
    code: token,
    text: `${why}\n${link}${reason === 'breached' ? '' : '\n\nIf it was not you, ignore this email.'}`,
  });
}

/** forgotPassword: always 200 `{}` (no enumeration); a known user gets a reset link by email. */
passwordRoutes.post(`${BASE}/reset`, async (c) => {
  const { email } = await parseBody(c, z.object({ email: emailField() }));
  const user = await findUserByEmail(c.var.db, email);
  if (user) {
    await sendResetPasswordEmail(c, user);
    await emitUserEvent(c.var.db, 'frontegg.user.forgotPassword', { userId: user.id, tenantId: user.activeTenantId });
  }
  return c.json({});
});

/**
 * sendResetBreachedPasswordEmails (the security center's SEND_RESET_BREACHED_PASSWORD_EMAIL, AB-3.33; bearer,
 * `fe.secure.write.users`, else 403 `Not authorized`): `POST …/passwords/breached/reset/bulk`, no body → 200 `{}`.
 * Every member of the caller's account with a breached password (the users list's `breached-passwords` preset) gets
 * the password-reset email and token of forgotPassword (its link opens the same reset flow); the reset clears the flag.
 * One audit row (`users.breached-passwords.reset-requested`, WARNING) with the number of users emailed.
 */
passwordRoutes.post(`${BASE}/breached/reset/bulk`, requireAuth, requirePermission('fe.secure.write.users'), async (c) => {
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  const breached = await db
    .select({ id: users.id, email: users.email })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(and(eq(userTenants.tenantId, tenantId), presetCondition('breached-passwords', 0, 0)));
  for (const user of breached) await sendResetPasswordEmail(c, user, 'breached');
  await audit(c, { action: 'users.breached-passwords.reset-requested', targetId: tenantId, details: { users: breached.length }, severity: 'WARNING' });
  return c.json({});
});

const tokenBody = { userId: z.string().min(1), token: z.string().min(1) };

async function liveToken(c: Context<AppEnv>, userId: string, token: string) {
  const [row] = await c.var.db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), eq(passwordResetTokens.userId, userId)));
  if (!row || row.usedAt) throw badRequest('The reset password link is invalid', 'ER-RESET-TOKEN-INVALID');
  if (row.expiresAt.getTime() <= (await emulatorNow(c.var.db))) throw new HttpError(410, 'The reset password link has expired', 'ER-RESET-TOKEN-EXPIRED');
  return row;
}

/** validateResetPasswordToken: 200 `{}` when valid, 400 invalid, 410 expired. */
passwordRoutes.post(`${BASE}/reset/validate`, async (c) => {
  const body = await parseBody(c, z.object(tokenBody));
  await liveToken(c, body.userId, body.token);
  return c.json({});
});

/**
 * resetPassword: sets the password, unlocks the user and ends every session. 400 ER-PASSWORD-POLICY when the new
 * password breaks the vendor's rules, 400 ER-PASSWORD-HISTORY when it is within the password history in force for
 * the user's account (policies.ts; the link stays usable). The replaced hash joins the user's history.
 */
passwordRoutes.post(`${BASE}/reset/verify`, async (c) => {
  const body = await parseBody(c, z.object({ ...tokenBody, password: z.string().min(1) }));
  const db = c.var.db;
  const row = await liveToken(c, body.userId, body.token);
  const vendor = await getVendor(db, c.var.rt.vendorId);
  const problems = checkPasswordPolicy(body.password, vendor.passwordConfig);
  if (problems.length) throw new HttpError(400, problems, 'ER-PASSWORD-POLICY');
  const before = await getUser(db, row.userId);
  await refuseReusedPassword(c, before, body.password);
  const now = await emulatorDate(db);
  await db.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.tokenHash, row.tokenHash));
  await rememberReplacedPassword(db, before.id, before.passwordHash);
  const [user] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.password), isBreachedPassword: isBreachedPassword(body.password), isLocked: false, failedLoginAttempts: 0 })
    .where(eq(users.id, row.userId))
    .returning();
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, row.userId), isNull(refreshTokens.revokedAt)));
  await auditUser(c, user, user.activeTenantId, {
    action: 'user.password.reset',
    description: `Password reset (all sessions signed out): ${user.email}`,
    details: { email: user.email, unlocked: true },
  });
  await emitUserEvent(db, 'frontegg.user.changedPassword', { userId: user.id, tenantId: user.activeTenantId, extra: { reason: 'reset' } });
  await send(db, { to: user.email, channel: 'email', subject: 'Your password was changed', text: 'The password of your account was just changed. All sessions were signed out.' });
  return c.json({});
});

/**
 * changePassword (bearer): `{ password, newPassword }` → 200 `{}`. 400 ER-PASSWORD-INCORRECT when
 * `password` is not the current one, 400 ER-PASSWORD-POLICY when the new one breaks the vendor's
 * rules, 400 ER-PASSWORD-HISTORY when it is within the password history in force for the user's account
 * (policies.ts). The replaced hash joins the user's history. The caller's session stays; the user's other sessions end. Audited (`user.password.changed`)
 * and emailed.
 */
passwordRoutes.post(`${BASE}/change`, requireAuth, async (c) => {
  const body = await parseBody(c, z.object({ password: z.string().min(1, 'password is required'), newPassword: z.string().min(1, 'newPassword is required') }));
  const db = c.var.db;
  const auth = c.var.auth;
  const [user] = await db.select().from(users).where(eq(users.id, auth.sub));
  if (!user) throw unauthorized();
  if (!(await verifyPassword(body.password, user.passwordHash))) throw badRequest('The current password is incorrect', 'ER-PASSWORD-INCORRECT');
  const vendor = await getVendor(db, c.var.rt.vendorId);
  const problems = checkPasswordPolicy(body.newPassword, vendor.passwordConfig);
  if (problems.length) throw new HttpError(400, problems, 'ER-PASSWORD-POLICY');
  await refuseReusedPassword(c, user, body.newPassword);
  await rememberReplacedPassword(db, user.id, user.passwordHash);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.newPassword), isBreachedPassword: isBreachedPassword(body.newPassword) })
    .where(eq(users.id, user.id));
  await db
    .update(refreshTokens)
    .set({ revokedAt: await emulatorDate(db) })
    .where(and(eq(refreshTokens.userId, user.id), ne(refreshTokens.familyId, auth.sid), isNull(refreshTokens.revokedAt)));
  await audit(c, { action: 'user.password.changed', targetId: user.id });
  await emitUserEvent(db, 'frontegg.user.changedPassword', { userId: user.id, tenantId: auth.tenantId });
  await send(db, {
    to: user.email,
    channel: 'email',
    subject: 'Your password was changed',
    text: 'The password of your account was just changed. Your other sessions were signed out.',
  });
  return c.json({});
});
