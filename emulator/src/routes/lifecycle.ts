/**
 * Account lifecycle (api-contract.md §D, §E, §A passwordless): activation
 * (link, code, resend), reset phone number, SMS one-time-code sign-in, unlock.
 * Tokens are single use, hashed, expire (src/lifecycle.ts), and every message
 * goes to the outbox.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { and, asc, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { parseBody, emailField, optStr } from '../http/body.ts';
import { HttpError, badRequest, conflict, errorBody } from '../http/errors.ts';
import { lifecycleTokens, userTenants, users } from '../db/schema.ts';
import { checkPasswordPolicy, hashPassword, isBreachedPassword } from '../crypto/passwords.ts';
import { randomToken, sha256 } from '../crypto/tokens.ts';
import { emulatorNow, emulatorDate } from '../clock.ts';
import { send } from '../outbox.ts';
import { findUserByEmail, getUser, getVendor, type UserRow } from '../session/accounts.ts';
import { completePrimaryAuth } from '../session/mfa-challenge.ts';
import {
  consumeLifecycleToken,
  enforceCodeRateLimit,
  issueLifecycleToken,
  loadLifecycleToken,
  needsActivation,
  normalisePhone,
  sendActivationEmail,
  sixDigitCode,
  tokenProblem,
  wrongCodeAnswer,
} from '../lifecycle.ts';
import { emitUserEvent } from '../events/payloads.ts';

export const lifecycleRoutes = new Hono<AppEnv>();
type Ctx = import('hono').Context<AppEnv>;
const USERS = '/identity/resources/users';

// ---------------------------------------------------------------- activation

/** getActivateAccountStrategy: `{ shouldSetPassword }` for a live activation token; 400 missing/invalid/used/expired. */
lifecycleRoutes.get(`${USERS}/v1/activate/strategy`, async (c) => {
  const userId = c.req.query('userId');
  const token = c.req.query('token');
  if (!userId || !token) throw badRequest('userId and token are required');
  const row = await loadLifecycleToken(c.var.db, 'activation', token, userId);
  const user = await getUser(c.var.db, row.userId);
  return c.json({ shouldSetPassword: !user.passwordHash });
});

const activateBody = {
  userId: z.string().min(1, 'userId is required'),
  token: z.string().min(1, 'token is required'),
  password: optStr(),
  recaptchaToken: optStr(),
  lastTermsCheck: z.unknown().optional(),
};

/**
 * Activates: sets the password when the user has none (policy-checked),
 * verifies the email, activates the membership of the user's tenant, consumes
 * the token and signs in (LR + refresh cookie, or the MFA challenge).
 */
async function activate(c: Ctx, body: { userId: string; token: string; password?: string }, code?: string) {
  const db = c.var.db;
  const row = await loadLifecycleToken(db, 'activation', body.token, body.userId);
  if (code !== undefined) {
    const wrong = await wrongCodeAnswer(c, row, code);
    if (wrong) return wrong;
  }
  const user = await getUser(db, row.userId);
  let passwordHash = user.passwordHash;
  if (!passwordHash) {
    if (!body.password) throw badRequest('password is required', 'ER-PASSWORD-REQUIRED');
    const vendor = await getVendor(db, c.var.rt.vendorId);
    const problems = checkPasswordPolicy(body.password, vendor.passwordConfig);
    if (problems.length) throw new HttpError(400, problems, 'ER-PASSWORD-POLICY');
    passwordHash = await hashPassword(body.password);
  }
  const breached = !user.passwordHash && body.password ? isBreachedPassword(body.password) : false;
  await consumeLifecycleToken(db, row);
  const [updated] = await db
    .update(users)
    .set({ passwordHash, verified: true, lastLogin: await emulatorDate(db), ...(user.passwordHash ? {} : { isBreachedPassword: breached }) })
    .where(eq(users.id, user.id))
    .returning();
  await db
    .update(userTenants)
    .set({ activated: true })
    .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, user.activeTenantId)));
  await emitUserEvent(db, 'frontegg.user.activated', { userId: user.id, tenantId: user.activeTenantId });
  return c.json(await completePrimaryAuth(c, updated, { isBreachedPassword: breached }));
}

/** activateAccount: `{ userId, token, password? }` → LR + cookie. */
lifecycleRoutes.post(`${USERS}/v1/activate`, async (c) => activate(c, await parseBody(c, z.object(activateBody))));

/** activateAccountWithOTC: `{ userId, token, code, password? }` → LR + cookie; 400 `Invalid code` (counted; 5 wrong codes burn the token). */
lifecycleRoutes.post(`${USERS}/v1/activate/code`, async (c) => {
  const body = await parseBody(c, z.object({ ...activateBody, code: z.string().min(1, 'code is required') }));
  return activate(c, body, body.code);
});

/** resendActivationEmail: always `{}`; an un-activated user gets a new link (the previous one stops working). */
lifecycleRoutes.post(`${USERS}/v1/activate/reset`, async (c) => {
  const { email } = await parseBody(c, z.object({ email: emailField() }));
  const user = await findUserByEmail(c.var.db, email);
  if (user && needsActivation(user)) await sendActivationEmail(c, user);
  return c.json({});
});

// ---------------------------------------------------------------- reset phone number

/** resetPhoneNumber: `{ email }` → `{ resetPhoneNumberToken }` and an email with a 6-digit code; unknown emails get a token that never verifies. */
lifecycleRoutes.post(`${USERS}/v1/phone/reset`, async (c) => {
  const { email } = await parseBody(c, z.object({ email: emailField() }));
  const db = c.var.db;
  const user = await findUserByEmail(db, email);
  if (!user) return c.json({ resetPhoneNumberToken: randomToken(32) });
  await enforceCodeRateLimit(c, user.id, 'phone_reset');
  const issued = await issueLifecycleToken(db, { kind: 'phone_reset', userId: user.id, withCode: true });
  await send(db, {
    to: user.email,
    channel: 'email',
    subject: 'Reset your phone number',
    code: issued.code,
    text: `Someone asked to change the phone number of ${user.email}. Your code is ${issued.code}; it expires ${issued.expiresAt.toISOString()}.\n\nIf it was not you, ignore this email.`,
  });
  return c.json({ resetPhoneNumberToken: issued.token });
});

/** verifyResetPhoneNumber: `{ resetPhoneNumberToken, code }` → `{ changePhoneNumberToken }`. */
lifecycleRoutes.post(`${USERS}/v1/phone/reset/verify`, async (c) => {
  const body = await parseBody(
    c,
    z.object({
      resetPhoneNumberToken: z.string().min(1, 'resetPhoneNumberToken is required'),
      code: z.string().min(1, 'code is required'),
    }),
  );
  const db = c.var.db;
  const row = await loadLifecycleToken(db, 'phone_reset', body.resetPhoneNumberToken);
  const wrong = await wrongCodeAnswer(c, row, body.code);
  if (wrong) return wrong;
  await consumeLifecycleToken(db, row);
  const issued = await issueLifecycleToken(db, { kind: 'phone_change', userId: row.userId });
  return c.json({ changePhoneNumberToken: issued.token });
});

/** changePhoneNumber: `{ changePhoneNumberToken, phoneNumber }` → `{}`; 400 bad number, 409 number of another user. */
lifecycleRoutes.put(`${USERS}/v1/phone/change`, async (c) => {
  const body = await parseBody(
    c,
    z.object({
      changePhoneNumberToken: z.string().min(1, 'changePhoneNumberToken is required'),
      phoneNumber: z.string().min(1, 'phoneNumber is required'),
    }),
  );
  const db = c.var.db;
  const phone = normalisePhone(body.phoneNumber);
  if (!phone) throw badRequest('phoneNumber must be an international number, e.g. +14155550100', 'ER-PHONE-INVALID');
  const row = await loadLifecycleToken(db, 'phone_change', body.changePhoneNumberToken);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), ne(users.id, row.userId)));
  if (taken) throw conflict('The phone number is already in use', 'ER-PHONE-IN-USE');
  await consumeLifecycleToken(db, row);
  const [user] = await db.update(users).set({ phoneNumber: phone }).where(eq(users.id, row.userId)).returning();
  await send(db, {
    to: user.email,
    channel: 'email',
    subject: 'Your phone number was changed',
    text: `The phone number of your account is now ${phone}.`,
  });
  return c.json({});
});

// ---------------------------------------------------------------- SMS one-time code sign-in

const AUTH = '/identity/resources/auth/v1';

async function findSmsUser(c: Ctx, body: { phoneNumber?: string; email?: string; userId?: string }): Promise<UserRow | undefined> {
  const db = c.var.db;
  if (body.userId) return (await db.select().from(users).where(eq(users.id, body.userId)))[0];
  if (body.email) return findUserByEmail(db, body.email);
  const phone = body.phoneNumber ? normalisePhone(body.phoneNumber) : undefined;
  if (!phone) return undefined;
  return (await db.select().from(users).where(eq(users.phoneNumber, phone)).orderBy(asc(users.createdAt)).limit(1))[0];
}

/**
 * passwordlessPreLogin for smscode: `{ phoneNumber | email | userId }` → `{}`;
 * a known user with a phone number gets an SMS with a 6-digit code (unknown
 * users: nothing is sent, same answer). 429 when a code was sent < 30 s ago.
 */
lifecycleRoutes.post(`${AUTH}/passwordless/smscode/prelogin`, async (c) => {
  const body = await parseBody(
    c,
    z.object({
      phoneNumber: optStr(),
      email: optStr(),
      userId: optStr(),
      username: optStr(),
      recaptchaToken: optStr(),
      invitationToken: optStr(),
    }),
  );
  if (!body.phoneNumber && !body.email && !body.userId) throw badRequest('phoneNumber, email or userId is required');
  const db = c.var.db;
  const user = await findSmsUser(c, body);
  if (!user?.phoneNumber) return c.json({});
  await enforceCodeRateLimit(c, user.id, 'sms_login');
  // The code alone identifies the sign-in, so it is unique among live codes.
  const now = new Date(await emulatorNow(db));
  let code = sixDigitCode();
  for (let i = 0; i < 10; i++) {
    const [clash] = await db
      .select({ h: lifecycleTokens.tokenHash })
      .from(lifecycleTokens)
      .where(
        and(
          eq(lifecycleTokens.kind, 'sms_login'),
          eq(lifecycleTokens.codeHash, sha256(code)),
          isNull(lifecycleTokens.usedAt),
          isNull(lifecycleTokens.revokedAt),
          gt(lifecycleTokens.expiresAt, now),
        ),
      );
    if (!clash) break;
    code = sixDigitCode();
  }
  const issued = await issueLifecycleToken(db, { kind: 'sms_login', userId: user.id, code });
  await send(db, {
    to: user.phoneNumber,
    channel: 'sms',
    subject: 'Sign-in code',
    code,
    text: `${code} is your sign-in code. It expires ${issued.expiresAt.toISOString()}.`,
  });
  return c.json({});
});

/** passwordlessPostLogin for smscode: `{ token: <the SMS code> }` → LR + cookie (or the MFA challenge); 400 invalid/used/expired code. */
lifecycleRoutes.post(`${AUTH}/passwordless/smscode/postlogin`, async (c) => {
  const body = await parseBody(c, z.object({ token: z.string().trim().min(1, 'token is required'), recaptchaToken: optStr(), invitationToken: optStr() }));
  const db = c.var.db;
  const [row] = await db
    .select()
    .from(lifecycleTokens)
    .where(and(eq(lifecycleTokens.kind, 'sms_login'), eq(lifecycleTokens.codeHash, sha256(body.token))))
    .orderBy(desc(lifecycleTokens.createdAt))
    .limit(1);
  const problem = await tokenProblem(db, 'sms_login', row);
  if (problem) throw problem;
  const user = await getUser(db, row.userId);
  if (user.isLocked) return c.json(errorBody('User is locked', 'ER-USER-LOCKED'), 401);
  const vendor = await getVendor(db, c.var.rt.vendorId);
  if (!user.verified && !vendor.publicConfig.allowNotVerifiedUsersLogin) throw badRequest('User is not verified', 'ER-USER-NOT-VERIFIED');
  await consumeLifecycleToken(db, row);
  await db
    .update(users)
    .set({ failedLoginAttempts: 0, lastLogin: await emulatorDate(db) })
    .where(eq(users.id, user.id));
  return c.json(await completePrimaryAuth(c, user, { isBreachedPassword: false, amr: ['sms'] }));
});

// ---------------------------------------------------------------- unlock

/** unlockMe: `{ token }` from the lock email → `{}`; unlocks and clears the failure counter. */
lifecycleRoutes.post(`${USERS}/v3/me/unlock`, async (c) => {
  const { token } = await parseBody(c, z.object({ token: z.string().min(1, 'token is required') }));
  const db = c.var.db;
  const row = await loadLifecycleToken(db, 'unlock', token);
  await consumeLifecycleToken(db, row);
  await db.update(users).set({ isLocked: false, failedLoginAttempts: 0 }).where(eq(users.id, row.userId));
  return c.json({});
});
