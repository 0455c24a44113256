/**
 * The signed-in user's own MFA devices (api-contract U): list, and
 * authenticator-app enrolment (enroll → QR code and secret; enroll/verify →
 * the device and a recovery code). Used by step-up's noMFAEnrolledStepUp and,
 * later, by the profile's security section. Bearer required.
 */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { requireAuth } from '../http/auth.ts';
import { parseBody } from '../http/body.ts';
import { badRequest, errorBody } from '../http/errors.ts';
import { authenticators, pendingAuthenticators, recoveryCodes } from '../db/schema.ts';
import { matchStep, newSecret, otpauthUri } from '../crypto/totp.ts';
import { normaliseRecoveryCode, recoveryCode, sha256 } from '../crypto/tokens.ts';
import { getUser, getVendor, hasAuthenticator } from '../session.ts';
import { mfaDevicesOf } from '../mfa-devices.ts';
import { send } from '../outbox.ts';

export const userMfaRoutes = new Hono<AppEnv>();
const BASE = '/identity/resources/users/v1/mfa';

userMfaRoutes.use(`${BASE}/*`, requireAuth);

/** getMFADevices: `{ webauthn, phones, authenticators, emails }` — the user's devices of every kind (phone numbers masked). */
userMfaRoutes.get(`${BASE}/devices`, async (c) => c.json(await mfaDevicesOf(c.var.db, c.var.auth.sub)));

/** preEnrollMFAAuthenticatorApp: `{ qrCode, secret }`; the secret waits for its first code. */
userMfaRoutes.post(`${BASE}/authenticator/enroll`, async (c) => {
  const user = await getUser(c.var.db, c.var.auth.sub);
  if ((await hasAuthenticator(c.var.db, user.id)).length > 0) throw badRequest('MFA is already enrolled', 'ER-MFA-ALREADY-ENROLLED');
  const secret = newSecret();
  await c.var.db
    .insert(pendingAuthenticators)
    .values({ userId: user.id, secret, createdAt: new Date() })
    .onConflictDoUpdate({ target: pendingAuthenticators.userId, set: { secret, createdAt: new Date() } });
  const vendor = await getVendor(c.var.db, c.var.rt.vendorId);
  return c.json({ qrCode: await QRCode.toDataURL(otpauthUri(secret, user.email, vendor.name)), secret });
});

/** enrollMFAAuthenticatorApp: `{ token }` (the first code) → `{ recoveryCode }`; wrong code → 400 "Invalid code". */
userMfaRoutes.post(`${BASE}/authenticator/enroll/verify`, async (c) => {
  const { token } = await parseBody(c, z.object({ token: z.string().min(1) }));
  const db = c.var.db;
  const user = await getUser(db, c.var.auth.sub);
  const [pending] = await db.select().from(pendingAuthenticators).where(eq(pendingAuthenticators.userId, user.id));
  if (!pending) throw badRequest('Authenticator enrolment was not started', 'ER-MFA-NOT-STARTED');
  const step = matchStep(pending.secret, token);
  if (step === null) return c.json(errorBody('Invalid code', 'ER-MFA-INVALID-CODE'), 400);
  await db.delete(pendingAuthenticators).where(eq(pendingAuthenticators.userId, user.id));
  await db.insert(authenticators).values({ id: randomUUID(), userId: user.id, secret: pending.secret, lastUsedStep: step, createdAt: new Date() });
  const code = recoveryCode();
  await db
    .insert(recoveryCodes)
    .values({ userId: user.id, codeHash: sha256(normaliseRecoveryCode(code)), createdAt: new Date() })
    .onConflictDoUpdate({ target: recoveryCodes.userId, set: { codeHash: sha256(normaliseRecoveryCode(code)), createdAt: new Date() } });
  await send(db, {
    to: user.email,
    channel: 'email',
    subject: 'Two-factor authentication is on',
    text: 'An authenticator app was added to your account. Keep the recovery code you were shown in a safe place.',
  });
  return c.json({ recoveryCode: code });
});
