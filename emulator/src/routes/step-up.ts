/**
 * Step-up (api-contract.md §C generateStepupSession; spec sign-in §4): a
 * signed-in user with MFA proves a second factor again. `generate` answers an
 * MFA challenge whose mfaToken is bound to the caller's session, listing the
 * user's devices of every kind (src/mfa-devices.ts: authenticator apps, phones,
 * email, WebAuthn keys). The MFA-at-login verify routes then complete it via
 * `finishStepUp` (src/mfa.ts) — `…/user/mfa/verify` or `…/authenticator/{id}/verify`
 * (routes/mfa.ts), `…/sms/{id}/verify`, `…/emailcode/verify` or
 * `…/webauthn/{id}/verify` (routes/mfa-methods.ts) — which continues the same
 * session (same `sid`) with `acr` = multi-factor, `amr` + mfa and the method
 * (`otp` authenticator app or email code, `sms`, `hwk` WebAuthn) and a fresh
 * `auth_time`, so that the client's `isSteppedUp` (sign-in §4) holds.
 *
 * Also a test-only shortcut to enrol a TOTP authenticator for a user
 * (`/_emulator/users/:userId/authenticators`).
 */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { requireAuth } from '../http/auth.ts';
import { parseBody } from '../http/body.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { authenticators, stepUpTokens, users } from '../db/schema.ts';
import { sha256 } from '../crypto/tokens.ts';
import { newSecret } from '../crypto/totp.ts';
import { emulatorDate } from '../clock.ts';
import { getUser } from '../session/accounts.ts';
import { mfaRequiredResponse } from '../session/mfa-challenge.ts';
import { mfaDeviceCount } from '../mfa-devices.ts';

export const stepUpRoutes = new Hono<AppEnv>();

/**
 * generateStepupSession `{ maxAge }` (bearer). No MFA device of any kind: 400
 * `{ errors: ['MFA is not enrolled'] }`. Otherwise the MFA challenge
 * `{ mfaToken, mfaEnrolled: true, mfaDevices, mfaRequired: true, mfaStrategies }`
 * (`mfaDevices`: MfaDevs of every kind, phone numbers masked). A remembered
 * browser does not skip it.
 */
stepUpRoutes.post('/identity/resources/auth/v1/user/step-up/generate', requireAuth, async (c) => {
  const { maxAge } = await parseBody(
    c,
    z.object({
      maxAge: z
        .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
        .pipe(z.number().int().min(0))
        .nullish(),
    }),
  );
  const db = c.var.db;
  const auth = c.var.auth;
  const user = await getUser(db, auth.sub);
  if ((await mfaDeviceCount(db, user.id)) === 0) throw new HttpError(400, 'MFA is not enrolled');
  const challenge = await mfaRequiredResponse(db, user, { isBreachedPassword: false });
  await db.insert(stepUpTokens).values({
    tokenHash: sha256(challenge.mfaToken),
    familyId: auth.sid,
    tenantId: auth.tenantId,
    amr: auth.amr ?? [],
    maxAge: maxAge ?? null,
    createdAt: await emulatorDate(db),
  });
  return c.json({
    mfaToken: challenge.mfaToken,
    mfaEnrolled: true,
    mfaDevices: challenge.mfaDevices,
    mfaRequired: true,
    mfaStrategies: challenge.mfaStrategies,
  });
});

// ---------------------------------------------------------------- test-only (/_emulator)

export const stepUpEmulatorRoutes = new Hono<AppEnv>();

/** Enrols a TOTP authenticator for a user without the login flow: `{ secret? }` → 201 `{ id, secret }`. */
stepUpEmulatorRoutes.post('/users/:userId/authenticators', async (c) => {
  const { secret } = await parseBody(
    c,
    z.object({
      secret: z
        .string()
        .regex(/^[A-Z2-7]+=*$/, 'secret must be base32')
        .optional(),
    }),
  );
  const db = c.var.db;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, c.req.param('userId')));
  if (!user) throw notFound('User not found');
  const row = { id: randomUUID(), userId: user.id, secret: secret ?? newSecret(), lastUsedStep: null, createdAt: await emulatorDate(db) };
  await db.insert(authenticators).values(row);
  return c.json({ id: row.id, secret: row.secret }, 201);
});
