/**
 * Passwordless sign-in and the quick SMS login's phone verification.
 *
 * - `POST …/auth/v1/passwordless/{magiclink|code}/prelogin` (api-contract A
 *   passwordlessPreLogin; sign-in §7 SI-7.38): `{ email | username | userId }`
 *   → `{}`. A known user gets an email: a magic link
 *   `<host>/account/login/magic-link?token=…` or a 6-digit code. Unknown users
 *   get the same answer and nothing is sent (no enumeration). Sending is
 *   limited to one per `codeResendIntervalSeconds` (lifecycle settings, 30 s)
 *   per user and type: 429 "Too many requests. Try again in N seconds" with
 *   `Retry-After`. A new link or code revokes the earlier live ones.
 * - `POST …/passwordless/{magiclink|code}/postlogin` (passwordlessPostLogin):
 *   `{ token }` (the link's token, or the code) → the login response and the
 *   refresh cookie as a password login gives them (amr `otp`), or the MFA
 *   challenge when the user has MFA. 400 for an invalid, used, replaced
 *   (`…no longer valid; a newer one was sent`) or expired secret. The email
 *   link or code proves the address, so an unverified user becomes verified.
 *   (`smscode` is served by routes/lifecycle.ts with the same rules.)
 * - `POST …/users/v1/phone` (changePhoneNumberWithVerification, signed in):
 *   `{ phoneNumber }` (E.164) → `{ changePhoneId }`; an SMS code goes to the
 *   new number. `POST …/users/v1/phone/verify` (verifyChangePhoneNumber):
 *   `{ changePhoneId, code }` → `{}` and the number is the user's. A wrong
 *   code counts; the fifth revokes it.
 *
 * Secrets are stored as SHA-256 only (table `passwordless_tokens`, migration
 * 0008_passwordless); times follow the emulator clock (`PUT /_emulator/clock`).
 *
 * Test helpers under `/_emulator`: `GET|PUT /auth-strategies` (the vendor's
 * public auth strategies: `{ strategy }` sets the main one, or whole
 * `mainAuthStrategies` / `secondaryAuthStrategies` lists), `PUT /user-phone`
 * `{ email, phoneNumber }` (a user's phone number, `null` clears it).
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { requireAuth } from '../http/auth.ts';
import { parseBody, optStr } from '../http/body.ts';
import { HttpError, badRequest, conflict, errorBody, notFound } from '../http/errors.ts';
import { hostOrigin } from '../http/origin.ts';
import { SECONDARY_AUTH_STRATEGIES, passwordlessTokens, users, vendors } from '../db/schema.ts';
import { randomToken, sha256 } from '../crypto/tokens.ts';
import { emulatorNow, emulatorDate } from '../clock.ts';
import { send } from '../outbox.ts';
import { findUserByEmail, getUser, getVendor, type UserRow } from '../session/accounts.ts';
import { completePrimaryAuth } from '../session/mfa-challenge.ts';
import { getLifecycleSettings, sixDigitCode } from '../lifecycle.ts';
import { normalisePhone } from '../lifecycle.ts';

type Ctx = Context<AppEnv>;
type Kind = 'magiclink' | 'code' | 'phone';
type Row = typeof passwordlessTokens.$inferSelect;

/** Lifetimes: magic link 15 minutes, email code 10 minutes, phone-change SMS code 5 minutes. */
export const PASSWORDLESS_TTL_SECONDS: Record<Kind, number> = { magiclink: 15 * 60, code: 10 * 60, phone: 5 * 60 };
/** Wrong codes of one phone change before it is revoked. */
export const MAX_PHONE_CODE_ATTEMPTS = 5;
/** amr of a passwordless sign-in (RFC 8176 "otp": a one-time secret sent out of band). */
export const PASSWORDLESS_AMR = ['otp'];

const LABEL: Record<Kind, [label: string, code: string]> = {
  magiclink: ['magic link', 'ER-MAGIC-LINK'],
  code: ['code', 'ER-OTC'],
  phone: ['code', 'ER-CHANGE-PHONE'],
};

const AUTH = '/identity/resources/auth/v1/passwordless';
const PHONE = '/identity/resources/users/v1/phone';

export const passwordlessRoutes = new Hono<AppEnv>();
export const passwordlessEmulatorRoutes = new Hono<AppEnv>();

/** Registers both route groups on the emulator app. */
export function mountPasswordless(app: Hono<AppEnv>, apiPrefix: string): void {
  app.route(apiPrefix, passwordlessRoutes);
  app.route('/_emulator', passwordlessEmulatorRoutes);
}

/** 429 when a secret of `kind` went to the user less than `codeResendIntervalSeconds` ago. */
async function enforceRateLimit(c: Ctx, userId: string, kind: Kind): Promise<void> {
  const db = c.var.db;
  const { codeResendIntervalSeconds } = await getLifecycleSettings(db);
  if (codeResendIntervalSeconds <= 0) return;
  const [last] = await db
    .select({ createdAt: passwordlessTokens.createdAt })
    .from(passwordlessTokens)
    .where(and(eq(passwordlessTokens.userId, userId), eq(passwordlessTokens.type, kind)))
    .orderBy(desc(passwordlessTokens.createdAt))
    .limit(1);
  const waitMs = last ? last.createdAt.getTime() + codeResendIntervalSeconds * 1000 - (await emulatorNow(db)) : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    c.header('Retry-After', String(seconds));
    throw new HttpError(429, `Too many requests. Try again in ${seconds} seconds`, 'ER-TOO-MANY-REQUESTS');
  }
}

/** Stores a new secret of `kind` for the user (revoking the earlier live ones). Codes are unique among live codes. */
async function issue(c: Ctx, kind: Kind, user: UserRow, phoneNumber?: string): Promise<{ id: string; secret: string; expiresAt: Date }> {
  const db = c.var.db;
  const now = new Date(await emulatorNow(db));
  await db
    .update(passwordlessTokens)
    .set({ revokedAt: now })
    .where(and(eq(passwordlessTokens.userId, user.id), eq(passwordlessTokens.type, kind), isNull(passwordlessTokens.usedAt), isNull(passwordlessTokens.revokedAt)));
  let secret = kind === 'magiclink' ? randomToken(32) : sixDigitCode();
  // the code alone identifies the sign-in (postlogin carries only `token`)
  for (let i = 0; kind === 'code' && i < 10; i++) {
    const [clash] = await db
      .select({ id: passwordlessTokens.id })
      .from(passwordlessTokens)
      .where(
        and(
          eq(passwordlessTokens.type, kind),
          eq(passwordlessTokens.secretHash, sha256(secret)),
          isNull(passwordlessTokens.usedAt),
          isNull(passwordlessTokens.revokedAt),
          gt(passwordlessTokens.expiresAt, now),
        ),
      );
    if (!clash) break;
    secret = sixDigitCode();
  }
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + PASSWORDLESS_TTL_SECONDS[kind] * 1000);
  await db.insert(passwordlessTokens).values({
    id,
    type: kind,
    secretHash: sha256(secret),
    userId: user.id,
    phoneNumber: phoneNumber ?? null,
    attempts: 0,
    expiresAt,
    usedAt: null,
    revokedAt: null,
    createdAt: now,
  });
  return { id, secret, expiresAt };
}

/** The 400 for a secret that cannot be used, or undefined when it is live. */
async function problem(c: Ctx, kind: Kind, row: Row | undefined): Promise<HttpError | undefined> {
  const [label, code] = LABEL[kind];
  if (!row) return badRequest(kind === 'magiclink' ? 'The magic link is invalid' : 'Invalid code', `${code}-INVALID`);
  if (row.usedAt) return badRequest(`The ${label} has already been used`, `${code}-USED`);
  if (row.revokedAt) return badRequest(`The ${label} is no longer valid; a newer one was sent`, `${code}-REPLACED`);
  if (row.expiresAt.getTime() <= (await emulatorNow(c.var.db))) return badRequest(`The ${label} has expired`, `${code}-EXPIRED`);
  return undefined;
}

/** Marks the secret used; a concurrent second use answers 400 "already been used". */
async function consume(c: Ctx, kind: Kind, row: Row): Promise<void> {
  const now = await emulatorDate(c.var.db);
  const res = await c.var.db
    .update(passwordlessTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordlessTokens.id, row.id), isNull(passwordlessTokens.usedAt), isNull(passwordlessTokens.revokedAt)))
    .returning({ id: passwordlessTokens.id });
  if (res.length === 0) throw (await problem(c, kind, { ...row, usedAt: now }))!;
}

const q = encodeURIComponent;
const preloginBody = z.object({
  email: optStr(),
  username: optStr(),
  userId: optStr(),
  phoneNumber: optStr(),
  recaptchaToken: optStr(),
  invitationToken: optStr(),
});

for (const kind of ['magiclink', 'code'] as const) {
  passwordlessRoutes.post(`${AUTH}/${kind}/prelogin`, async (c) => {
    const body = await parseBody(c, preloginBody);
    const identifier = body.email ?? body.username;
    if (!identifier && !body.userId) throw badRequest('email, username or userId is required');
    const db = c.var.db;
    const user = body.userId ? (await db.select().from(users).where(eq(users.id, body.userId)))[0] : await findUserByEmail(db, identifier!);
    if (!user) return c.json({});
    await enforceRateLimit(c, user.id, kind);
    const { secret, expiresAt } = await issue(c, kind, user);
    if (kind === 'magiclink') {
      const link = `${hostOrigin(c)}/account/login/magic-link?token=${q(secret)}`;
      await send(db, {
        to: user.email,
        channel: 'email',
        subject: 'Your sign-in link',
        link,
        text: `Hi ${user.name},\n\nOpen this link to sign in:\n${link}\n\nIt works once and expires ${expiresAt.toISOString()}. If you did not ask for it, ignore this email.`,
      });
    } else {
      await send(db, {
        to: user.email,
        channel: 'email',
        subject: 'Your sign-in code',
        code: secret,
        text: `Hi ${user.name},\n\n${secret} is your sign-in code. It works once and expires ${expiresAt.toISOString()}.`,
      });
    }
    return c.json({});
  });

  passwordlessRoutes.post(`${AUTH}/${kind}/postlogin`, async (c) => {
    const body = await parseBody(c, z.object({ token: z.string().trim().min(1, 'token is required'), recaptchaToken: optStr(), invitationToken: optStr() }));
    const db = c.var.db;
    const [row] = await db
      .select()
      .from(passwordlessTokens)
      .where(and(eq(passwordlessTokens.type, kind), eq(passwordlessTokens.secretHash, sha256(body.token))))
      .orderBy(desc(passwordlessTokens.createdAt))
      .limit(1);
    const bad = await problem(c, kind, row);
    if (bad) throw bad;
    const user = await getUser(db, row.userId);
    if (user.isLocked) return c.json(errorBody('User is locked', 'ER-USER-LOCKED'), 401);
    await consume(c, kind, row);
    await db
      .update(users)
      .set({ verified: true, failedLoginAttempts: 0, lastLogin: await emulatorDate(db) })
      .where(eq(users.id, user.id));
    return c.json(await completePrimaryAuth(c, { ...user, verified: true }, { isBreachedPassword: false, amr: PASSWORDLESS_AMR }));
  });
}

// ---------------------------------------------------------------- verified phone change (quick SMS login)

passwordlessRoutes.post(PHONE, requireAuth, async (c) => {
  const body = await parseBody(c, z.object({ phoneNumber: z.string().min(1, 'phoneNumber is required') }));
  const phone = normalisePhone(body.phoneNumber);
  if (!phone) throw badRequest('phoneNumber must be an international number, e.g. +14155550100', 'ER-PHONE-INVALID');
  const db = c.var.db;
  const user = await getUser(db, c.var.auth.sub);
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone));
  if (other && other.id !== user.id) throw conflict('This phone number belongs to another user', 'ER-PHONE-TAKEN');
  await enforceRateLimit(c, user.id, 'phone');
  const { id, secret, expiresAt } = await issue(c, 'phone', user, phone);
  await send(db, {
    to: phone,
    channel: 'sms',
    subject: 'Verification code',
    code: secret,
    text: `${secret} is your verification code. It expires ${expiresAt.toISOString()}.`,
  });
  return c.json({ changePhoneId: id });
});

passwordlessRoutes.post(`${PHONE}/verify`, requireAuth, async (c) => {
  const body = await parseBody(c, z.object({ changePhoneId: z.string().min(1, 'changePhoneId is required'), code: z.string().trim().min(1, 'code is required') }));
  const db = c.var.db;
  const [row] = await db
    .select()
    .from(passwordlessTokens)
    .where(and(eq(passwordlessTokens.id, body.changePhoneId), eq(passwordlessTokens.type, 'phone'), eq(passwordlessTokens.userId, c.var.auth.sub)));
  const bad = await problem(c, 'phone', row);
  if (bad) throw bad;
  if (row.secretHash !== sha256(body.code)) {
    const attempts = row.attempts + 1;
    const burn = attempts >= MAX_PHONE_CODE_ATTEMPTS;
    await db
      .update(passwordlessTokens)
      .set({ attempts, ...(burn ? { revokedAt: new Date(await emulatorNow(db)) } : {}) })
      .where(eq(passwordlessTokens.id, row.id));
    // answered, not thrown: the attempt counter commits
    return c.json(errorBody(burn ? 'Invalid code. Too many wrong codes: request a new one' : 'Invalid code', 'ER-INVALID-CODE'), 400);
  }
  await consume(c, 'phone', row);
  await db.update(users).set({ phoneNumber: row.phoneNumber }).where(eq(users.id, row.userId));
  return c.json({});
});

// ---------------------------------------------------------------- test helpers (/_emulator)

const STRATEGIES = ['EmailAndPassword', 'MagicLink', 'Code', 'SmsCode', 'NoLocalAuthentication'] as const;

passwordlessEmulatorRoutes.get('/auth-strategies', async (c) => c.json((await getVendor(c.var.db, c.var.rt.vendorId)).authStrategies));

/** `{ strategy? , mainAuthStrategies?, secondaryAuthStrategies? }` → the vendor's auth strategies (what `GET …/auth/strategies/public` answers). */
passwordlessEmulatorRoutes.put('/auth-strategies', async (c) => {
  const body = await parseBody(
    c,
    z
      .object({
        strategy: z.enum(STRATEGIES).optional(),
        mainAuthStrategies: z.array(z.object({ strategy: z.string().min(1) })).optional(),
        // SI-3.26: only the five secondary strategies
        secondaryAuthStrategies: z.array(z.object({ strategy: z.enum(SECONDARY_AUTH_STRATEGIES), isActive: z.boolean() })).optional(),
      })
      .strict(),
  );
  const v = await getVendor(c.var.db, c.var.rt.vendorId);
  const authStrategies = {
    mainAuthStrategies: body.strategy ? [{ strategy: body.strategy }] : (body.mainAuthStrategies ?? v.authStrategies.mainAuthStrategies),
    secondaryAuthStrategies: body.secondaryAuthStrategies ?? v.authStrategies.secondaryAuthStrategies,
  };
  await c.var.db.update(vendors).set({ authStrategies }).where(eq(vendors.id, v.id));
  return c.json(authStrategies);
});

/** `{ email, phoneNumber }` (E.164, or null to clear) → `{ userId, phoneNumber }`. */
passwordlessEmulatorRoutes.put('/user-phone', async (c) => {
  const body = await parseBody(c, z.object({ email: z.string().min(1), phoneNumber: z.string().nullable() }));
  const phone = body.phoneNumber === null ? null : normalisePhone(body.phoneNumber);
  if (phone === undefined) throw badRequest('phoneNumber must be an international number, e.g. +14155550100');
  const user = await findUserByEmail(c.var.db, body.email);
  if (!user) throw notFound('User not found');
  await c.var.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, user.id));
  return c.json({ userId: user.id, phoneNumber: phone });
});
