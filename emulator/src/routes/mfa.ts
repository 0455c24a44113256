/**
 * MFA during login (api-contract.md §B): the mfaToken flow for authenticator
 * apps, and recovery codes (SMS, email and WebAuthn: ./mfa-methods.ts).
 * Literal paths are registered before the `{deviceId}` ones (see "Routing
 * collisions" in api-contract.md). Enrolment at login is only for a user
 * with no MFA device at all (forced enrolment): a password alone must not
 * add a second factor to an enrolled account.
 */
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { parseBody, emailField, optStr } from '../http/body.ts';
import { badRequest, errorBody, notFound } from '../http/errors.ts';
import { authenticators, mfaTokens, recoveryCodes } from '../db/schema.ts';
import { matchStep, newSecret, otpauthUri } from '../crypto/totp.ts';
import { normaliseRecoveryCode, sha256 } from '../crypto/tokens.ts';
import { findUserByEmail, getUser, getVendor } from '../session/accounts.ts';
import { auditMfaFailed } from '../session/events.ts';
import { loadMfaToken } from '../session/mfa-challenge.ts';
import { removeMfaDevices } from '../mfa-devices.ts';
import { send } from '../outbox.ts';
import { assertNotEnrolled, finishMfa, issueRecoveryCode } from '../mfa.ts';
import { emulatorDate, totpTime } from '../clock.ts';

export const mfaRoutes = new Hono<AppEnv>();
type Ctx = Context<AppEnv>;

const BASE = '/identity/resources/auth/v1/user/mfa';
const rememberDevice = z.boolean().nullish();

/**
 * Checks a TOTP code against one authenticator and records the matched step
 * so that the same code cannot be replayed. Returns false on a wrong code.
 */
async function checkCode(c: Ctx, device: typeof authenticators.$inferSelect, code: string): Promise<boolean> {
  const step = matchStep(device.secret, code, await totpTime(c.var.db));
  if (step === null || (device.lastUsedStep !== null && step <= device.lastUsedStep)) return false;
  await c.var.db.update(authenticators).set({ lastUsedStep: step }).where(eq(authenticators.id, device.id));
  return true;
}

/** Wrong code: 400 "Invalid code". The answer is returned (not thrown) so the replay counter of other devices is untouched and the mfaToken stays usable. */
const invalidCode = async (c: Ctx, row: typeof mfaTokens.$inferSelect) => {
  await auditMfaFailed(c, row.tokenHash, 'authenticator');
  return c.json(errorBody('Invalid code', 'ER-MFA-INVALID-CODE'), 400);
};

/** loginWithMfa: verifies a code from any of the user's authenticators. */
mfaRoutes.post(`${BASE}/verify`, async (c) => {
  const body = await parseBody(c, z.object({ mfaToken: z.string().min(1), value: z.string().min(1), rememberDevice, invitationToken: optStr() }));
  const row = await loadMfaToken(c.var.db, body.mfaToken);
  const devices = await c.var.db.select().from(authenticators).where(eq(authenticators.userId, row.userId));
  if (devices.length === 0) throw badRequest('MFA is not enrolled', 'ER-MFA-NOT-ENROLLED');
  for (const d of devices) {
    if (await checkCode(c, d, body.value)) return c.json(await finishMfa(c, row, { rememberDevice: body.rememberDevice }));
  }
  return invalidCode(c, row);
});

/** preEnrollMFAAuthenticatorAppForLogin: `{ qrCode, secret }`; the secret is kept pending on the mfaToken. */
mfaRoutes.post(`${BASE}/authenticator/enroll`, async (c) => {
  const { mfaToken } = await parseBody(c, z.object({ mfaToken: z.string().min(1) }));
  const row = await loadMfaToken(c.var.db, mfaToken);
  const user = await getUser(c.var.db, row.userId);
  await assertNotEnrolled(c, user.id);
  const secret = newSecret();
  await c.var.db.update(mfaTokens).set({ pendingSecret: secret }).where(eq(mfaTokens.tokenHash, row.tokenHash));
  const vendor = await getVendor(c.var.db, c.var.rt.vendorId);
  const qrCode = await QRCode.toDataURL(otpauthUri(secret, user.email, vendor.name));
  return c.json({ qrCode, secret });
});

/** enrollMFAAuthenticatorAppForLogin: enrols the pending secret, answers LR + recoveryCode. */
mfaRoutes.post(`${BASE}/authenticator/enroll/verify`, async (c) => {
  const body = await parseBody(c, z.object({ mfaToken: z.string().min(1), token: z.string().min(1), rememberDevice }));
  const db = c.var.db;
  const row = await loadMfaToken(db, body.mfaToken);
  if (!row.pendingSecret) throw badRequest('Authenticator enrolment was not started', 'ER-MFA-NOT-STARTED');
  const step = matchStep(row.pendingSecret, body.token, await totpTime(db));
  if (step === null) return invalidCode(c, row);
  const user = await getUser(db, row.userId);
  await assertNotEnrolled(c, user.id);
  await db.insert(authenticators).values({ id: randomUUID(), userId: user.id, secret: row.pendingSecret, lastUsedStep: step, createdAt: await emulatorDate(db) });
  const code = await issueRecoveryCode(c, user, 'An authenticator app');
  const lr = await finishMfa(c, row, { rememberDevice: body.rememberDevice });
  return c.json({ ...lr, mfaEnrolled: true, recoveryCode: code });
});

/** verifyMFAAuthenticatorAppForLogin: verifies a code from one device. */
mfaRoutes.post(`${BASE}/authenticator/:deviceId/verify`, async (c) => {
  const body = await parseBody(c, z.object({ mfaToken: z.string().min(1), value: z.string().min(1), rememberDevice }));
  const row = await loadMfaToken(c.var.db, body.mfaToken);
  const [device] = await c.var.db
    .select()
    .from(authenticators)
    .where(and(eq(authenticators.id, c.req.param('deviceId')), eq(authenticators.userId, row.userId)));
  if (!device) throw notFound('MFA device not found', 'ER-MFA-DEVICE-NOT-FOUND');
  if (!(await checkCode(c, device, body.value))) return invalidCode(c, row);
  return c.json(await finishMfa(c, row, { rememberDevice: body.rememberDevice }));
});

/** recoverMfaToken: a single-use recovery code removes the user's MFA devices. */
mfaRoutes.post(`${BASE}/recover`, async (c) => {
  const { email, recoveryCode: code } = await parseBody(c, z.object({ email: emailField(), recoveryCode: z.string().min(1) }));
  const db = c.var.db;
  const user = await findUserByEmail(db, email);
  const [stored] = user ? await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)) : [];
  if (!user || !stored || stored.codeHash !== sha256(normaliseRecoveryCode(code))) throw badRequest('Invalid recovery code', 'ER-MFA-INVALID-RECOVERY-CODE');
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  // every MFA device of every kind, and remembered browsers
  await removeMfaDevices(db, user.id);
  await send(db, {
    to: user.email,
    channel: 'email',
    subject: 'Two-factor authentication was removed',
    text: 'Your recovery code was used to remove two-factor authentication from your account. Sign in and enrol a new device.',
  });
  return c.json({});
});
