/**
 * MFA at login for SMS, email codes and WebAuthn (api-contract.md §B; sign-in
 * §7 SI-7.42, SI-7.56), beside the authenticator app in ./mfa.ts.
 *
 * Codes (SMS, email):
 * - 6 digits, sent to the outbox (`/_emulator/outbox`, channel `sms` / `email`,
 *   the code in its `code` field); the answer's `otcToken` names it. Code and
 *   otcToken are stored as SHA-256 only.
 * - Valid for `codeTtlSeconds` (default 300 s = 5 minutes) on the emulator
 *   clock; single use; 5 wrong tries revoke it; a new code for the same
 *   mfaToken and channel revokes the previous one.
 * - At most one code per `resendIntervalSeconds` (default 30 s) per mfaToken
 *   and channel: 429 "Please wait N seconds before requesting a new code".
 * - Each failure has its own answer (400): wrong `Invalid code`
 *   (ER-MFA-INVALID-CODE), expired (ER-MFA-CODE-EXPIRED), already used
 *   (ER-MFA-CODE-USED), replaced by a newer code (ER-MFA-CODE-REPLACED), too
 *   many wrong tries (ER-MFA-CODE-ATTEMPTS). A used code is recognised before
 *   the (then consumed) mfaToken is checked.
 *
 * WebAuthn (security keys and platform authenticators), verified for real with
 * @simplewebauthn/server against the host page's RP (as routes/passkeys.ts):
 * `webauthnToken` names a single-use challenge that expires after 5 minutes.
 *
 * Enrolment (SMS, email, WebAuthn) is for users with no MFA device (forced
 * enrolment) and only for active strategies (`/_emulator/mfa-settings`); the
 * first device issues the recovery code (`recoveryCode` in the answer).
 * Every verify takes `rememberDevice` (mfa-devices.ts).
 *
 * Test helpers under `/_emulator`: `GET|PUT /mfa-settings`,
 * `POST /users/:userId/mfa-phones` `{ phoneNumber }`,
 * `POST /users/:userId/mfa-emails` `{ email? }`, `GET /users/:userId/mfa-devices`.
 * (A WebAuthn MFA device is made through the login flow; `/users/:userId/authenticators`
 * in ./step-up.ts makes a TOTP one.)
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/body.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { mfaPhones, mfaTokens, mfaWebauthn, users } from '../db/schema.ts';
import { sha256 } from '../crypto/tokens.ts';
import { getUser, getVendor } from '../session/accounts.ts';
import { loadMfaToken } from '../session/mfa-challenge.ts';
import { MFA_STRATEGIES, addPhone, getMfaSettings, maskPhone, mfaDevicesOf, setEmailDevice, updateMfaSettings } from '../mfa-devices.ts';
import {
  E164,
  addWebauthnDevice,
  assertionCredential,
  attestationCredential,
  authenticationOptions,
  e164Phone,
  findCode,
  invalidCode,
  registrationOptions,
  requireStrategy,
  sendCode,
  storeChallenge,
  takeChallenge,
  tooSoon,
  useCode,
  verifyAssertion,
  verifyAttestation,
  webauthnDeviceLabel,
  webauthnFailed,
  type CodeChannel,
  type CodeScope,
} from '../mfa-codes.ts';
import { relyingParty } from '../http/origin.ts';
import { assertNotEnrolled, finishMfa, issueRecoveryCode } from '../mfa.ts';
import { emulatorDate } from '../clock.ts';

type Ctx = Context<AppEnv>;
type MfaTokenRow = typeof mfaTokens.$inferSelect;

const BASE = '/identity/resources/auth/v1/user/mfa';

const AMR = { sms: ['pwd', 'mfa', 'sms'], email: ['pwd', 'mfa', 'otp'], webauthn: ['pwd', 'mfa', 'hwk'] };
const rememberDevice = z.boolean().nullish();

export const mfaMethodRoutes = new Hono<AppEnv>();
export const mfaMethodEmulatorRoutes = new Hono<AppEnv>();

// ---------------------------------------------------------------- codes

/** The scope of the codes of a sign-in: the mfaToken's on `channel`. */
const signInScope = (mfaToken: string, channel: CodeChannel): CodeScope => ({
  key: sha256(mfaToken),
  channel,
  usedMessage: 'This code was already used. Start over to sign in again.',
});

/** The sign-in code message on `channel`. */
const signInMessage =
  (channel: CodeChannel) =>
  (code: string, minutes: number): { subject: string; text: string } =>
    channel === 'sms'
      ? { subject: 'Sign-in code', text: `${code} is your sign-in code. It expires in ${minutes} minutes. Don't share it with anyone.` }
      : {
          subject: 'Your sign-in code',
          text: `Use ${code} to finish signing in. The code expires in ${minutes} minutes. If you didn't try to sign in, change your password.`,
        };

/** Sends a sign-in code for `row` on `channel` to `to` ({@link sendCode}). */
const sendSignInCode = (c: Ctx, row: MfaTokenRow, channel: CodeChannel, to: string, opts: { deviceId?: string; phoneNumber?: string }) =>
  sendCode(c.var.db, row.tokenHash, channel, to, opts, signInMessage(channel));

/**
 * Checks `code` against the code `otcToken` names (of `channel`, for this mfaToken). A used code is recognised before
 * the (then consumed) mfaToken is checked. Returns the code row and the live mfaToken row, or the error answer.
 */
async function checkCode(c: Ctx, body: { mfaToken: string; otcToken: string; code: string }, channel: CodeChannel) {
  const scope = signInScope(body.mfaToken, channel);
  const found = await findCode(c, scope, body.otcToken);
  if ('error' in found) return found;
  const token = await loadMfaToken(c.var.db, body.mfaToken);
  const error = await useCode(c, scope, found.row, body.code);
  if (error) return { error } as const;
  return { code: found.row, token } as const;
}

const otcBody = z.object({ mfaToken: z.string().min(1), otcToken: z.string().min(1), code: z.string().min(1), rememberDevice });

// ---------------------------------------------------------------- email code

/** preVerifyMFAEmailCode `{ mfaToken }` → `{ otcToken }`: a code to the user's email device (or, enrolling with EmailCode active, the user's email). */
mfaMethodRoutes.post(`${BASE}/emailcode`, async (c) => {
  const { mfaToken } = await parseBody(c, z.object({ mfaToken: z.string().min(1) }));
  const row = await loadMfaToken(c.var.db, mfaToken);
  const user = await getUser(c.var.db, row.userId);
  const devices = await mfaDevicesOf(c.var.db, user.id);
  let to = devices.emails[0]?.email;
  if (!to) {
    await assertNotEnrolled(c, user.id);
    await requireStrategy(c, 'EmailCode');
    to = user.email;
  }
  const sent = await sendSignInCode(c, row, 'email', to, {});
  if ('wait' in sent) return tooSoon(c, sent.wait!);
  return c.json({ otcToken: sent.otcToken });
});

/** verifyMFAEmailCode `{ mfaToken, otcToken, code, rememberDevice }` → LR (a first email device: + recoveryCode). */
mfaMethodRoutes.post(`${BASE}/emailcode/verify`, async (c) => {
  const body = await parseBody(c, otcBody);
  const checked = await checkCode(c, body, 'email');
  if ('error' in checked) return checked.error;
  const user = await getUser(c.var.db, checked.token.userId);
  const devices = await mfaDevicesOf(c.var.db, user.id);
  let recoveryCode: string | undefined;
  if (devices.emails.length === 0) {
    await assertNotEnrolled(c, user.id);
    await setEmailDevice(c.var.db, user.id, user.email);
    recoveryCode = await issueRecoveryCode(c, user, 'Email codes');
  }
  const lr = await finishMfa(c, checked.token, { amr: AMR.email, rememberDevice: body.rememberDevice });
  return c.json(recoveryCode ? { ...lr, mfaEnrolled: true, recoveryCode } : lr);
});

// ---------------------------------------------------------------- SMS (literal paths before {deviceId})

/** preEnrollMFASMSForLogin `{ mfaToken, phoneNumber }` (E.164) → `{ otcToken, phoneNumber }` (masked). */
mfaMethodRoutes.post(`${BASE}/sms/enroll`, async (c) => {
  const body = await parseBody(c, z.object({ mfaToken: z.string().min(1), phoneNumber: z.string().trim() }));
  const phone = e164Phone(body.phoneNumber);
  const row = await loadMfaToken(c.var.db, body.mfaToken);
  await assertNotEnrolled(c, row.userId);
  await requireStrategy(c, 'SMS');
  const sent = await sendSignInCode(c, row, 'sms', phone, { phoneNumber: phone });
  if ('wait' in sent) return tooSoon(c, sent.wait!);
  return c.json({ otcToken: sent.otcToken, phoneNumber: maskPhone(phone) });
});

/** enrollMFASMSForLogin `{ mfaToken, otcToken, code, rememberDevice }` → LR + recoveryCode; the phone becomes a device. */
mfaMethodRoutes.post(`${BASE}/sms/enroll/verify`, async (c) => {
  const body = await parseBody(c, otcBody);
  const checked = await checkCode(c, body, 'sms');
  if ('error' in checked) return checked.error;
  if (checked.code.deviceId || !checked.code.phoneNumber) throw badRequest('This code was not sent for an enrolment', 'ER-MFA-NOT-STARTED');
  const user = await getUser(c.var.db, checked.token.userId);
  await assertNotEnrolled(c, user.id);
  await addPhone(c.var.db, user.id, checked.code.phoneNumber);
  const recoveryCode = await issueRecoveryCode(c, user, 'A phone for text message codes');
  const lr = await finishMfa(c, checked.token, { amr: AMR.sms, rememberDevice: body.rememberDevice });
  return c.json({ ...lr, mfaEnrolled: true, recoveryCode });
});

async function userPhone(c: Ctx, row: MfaTokenRow, deviceId: string) {
  const [phone] = await c.var.db
    .select()
    .from(mfaPhones)
    .where(and(eq(mfaPhones.id, deviceId), eq(mfaPhones.userId, row.userId)));
  if (!phone) throw notFound('MFA device not found', 'ER-MFA-DEVICE-NOT-FOUND');
  return phone;
}

/** preVerifyMFASMSForLogin `{ mfaToken }` → `{ otcToken, phoneNumber }` (masked): a code to that phone. */
mfaMethodRoutes.post(`${BASE}/sms/:deviceId`, async (c) => {
  const { mfaToken } = await parseBody(c, z.object({ mfaToken: z.string().min(1) }));
  const row = await loadMfaToken(c.var.db, mfaToken);
  const phone = await userPhone(c, row, c.req.param('deviceId'));
  const sent = await sendSignInCode(c, row, 'sms', phone.phoneNumber, { deviceId: phone.id });
  if ('wait' in sent) return tooSoon(c, sent.wait!);
  return c.json({ otcToken: sent.otcToken, phoneNumber: maskPhone(phone.phoneNumber) });
});

/** verifyMFASMSForLogin `{ mfaToken, otcToken, code, rememberDevice }` → LR. */
mfaMethodRoutes.post(`${BASE}/sms/:deviceId/verify`, async (c) => {
  const body = await parseBody(c, otcBody);
  const checked = await checkCode(c, body, 'sms');
  if ('error' in checked) return checked.error;
  if (checked.code.deviceId !== c.req.param('deviceId')) return invalidCode(c);
  return c.json(await finishMfa(c, checked.token, { amr: AMR.sms, rememberDevice: body.rememberDevice }));
});

// ---------------------------------------------------------------- WebAuthn (literal paths before {deviceId})

/** preEnrollMFAWebAuthnForLogin `{ mfaToken }` → `{ webauthnToken, options }` (WA-Create for the host page's RP). */
mfaMethodRoutes.post(`${BASE}/webauthn/enroll`, async (c) => {
  const { mfaToken } = await parseBody(c, z.object({ mfaToken: z.string().min(1) }));
  const row = await loadMfaToken(c.var.db, mfaToken);
  await assertNotEnrolled(c, row.userId);
  const settings = await getMfaSettings(c.var.db);
  if (!settings.strategies.WebAuthnPlatform && !settings.strategies.WebAuthnCrossPlatform) await requireStrategy(c, 'WebAuthnCrossPlatform');
  const user = await getUser(c.var.db, row.userId);
  const vendor = await getVendor(c.var.db, c.var.rt.vendorId);
  const rp = relyingParty(c);
  const options = await registrationOptions(vendor.name, rp.rpID, user);
  const webauthnToken = await storeChallenge(c.var.db, row.tokenHash, options.challenge, null, rp);
  return c.json({ webauthnToken, options });
});

/** enrollMFAWebAuthnForLogin `{ mfaToken, webauthnToken, deviceType, options: WA-Attest, rememberDevice }` → LR + recoveryCode. */
mfaMethodRoutes.post(`${BASE}/webauthn/enroll/verify`, async (c) => {
  const body = await parseBody(
    c,
    z.object({
      mfaToken: z.string().min(1),
      webauthnToken: z.string().min(1),
      deviceType: z.enum(['Platform', 'CrossPlatform']).default('CrossPlatform'),
      options: attestationCredential,
      rememberDevice,
    }),
  );
  const db = c.var.db;
  const token = await loadMfaToken(db, body.mfaToken);
  const taken = await takeChallenge(db, sha256(body.mfaToken), body.webauthnToken, null);
  if ('error' in taken) return webauthnFailed(c, taken.error);
  await requireStrategy(c, body.deviceType === 'Platform' ? 'WebAuthnPlatform' : 'WebAuthnCrossPlatform');
  const verified = await verifyAttestation(body.options, taken.row);
  if ('error' in verified) return webauthnFailed(c, verified.error);
  const user = await getUser(db, token.userId);
  await assertNotEnrolled(c, user.id);
  await addWebauthnDevice(db, user.id, verified.credential, body.deviceType, body.options.response.transports);
  const recoveryCode = await issueRecoveryCode(c, user, webauthnDeviceLabel(body.deviceType));
  const lr = await finishMfa(c, token, { amr: AMR.webauthn, rememberDevice: body.rememberDevice });
  return c.json({ ...lr, mfaEnrolled: true, recoveryCode });
});

/** preVerifyMFAWebAuthnForLogin `{ mfaToken }` → `{ webauthnToken, options }` (WA-Req allowing that key). */
mfaMethodRoutes.post(`${BASE}/webauthn/:deviceId`, async (c) => {
  const { mfaToken } = await parseBody(c, z.object({ mfaToken: z.string().min(1) }));
  const row = await loadMfaToken(c.var.db, mfaToken);
  const [key] = await c.var.db
    .select()
    .from(mfaWebauthn)
    .where(and(eq(mfaWebauthn.id, c.req.param('deviceId')), eq(mfaWebauthn.userId, row.userId)));
  if (!key) throw notFound('MFA device not found', 'ER-MFA-DEVICE-NOT-FOUND');
  const rp = relyingParty(c);
  const options = await authenticationOptions(rp.rpID, key);
  const webauthnToken = await storeChallenge(c.var.db, row.tokenHash, options.challenge, key.id, rp);
  return c.json({ webauthnToken, options });
});

/** verifyMFAWebAuthnForLogin `{ mfaToken, webauthnToken, options: WA-Assert, rememberDevice }` → LR. */
mfaMethodRoutes.post(`${BASE}/webauthn/:deviceId/verify`, async (c) => {
  const body = await parseBody(c, z.object({ mfaToken: z.string().min(1), webauthnToken: z.string().min(1), options: assertionCredential, rememberDevice }));
  const db = c.var.db;
  const deviceId = c.req.param('deviceId');
  const token = await loadMfaToken(db, body.mfaToken);
  const taken = await takeChallenge(db, sha256(body.mfaToken), body.webauthnToken, deviceId);
  if ('error' in taken) return webauthnFailed(c, taken.error);
  const [key] = await db
    .select()
    .from(mfaWebauthn)
    .where(and(eq(mfaWebauthn.id, deviceId), eq(mfaWebauthn.userId, token.userId)));
  if (!key || body.options.id !== key.id) return webauthnFailed(c, 'This security key is not registered for this account');
  const verified = await verifyAssertion(body.options, taken.row, key);
  if ('error' in verified) return webauthnFailed(c, verified.error);
  await db
    .update(mfaWebauthn)
    .set({ counter: verified.newCounter, lastUsedAt: await emulatorDate(db) })
    .where(eq(mfaWebauthn.id, key.id));
  return c.json(await finishMfa(c, token, { amr: AMR.webauthn, rememberDevice: body.rememberDevice }));
});

// ---------------------------------------------------------------- test helpers (/_emulator)

const settingsBody = z.object({
  strategies: z.partialRecord(z.enum(MFA_STRATEGIES), z.boolean()).optional(),
  allowRememberMyDevice: z.boolean().optional(),
  mfaDeviceExpiration: z.number().int().min(0).optional(),
  codeTtlSeconds: z.number().int().min(0).optional(),
  resendIntervalSeconds: z.number().int().min(0).optional(),
});

mfaMethodEmulatorRoutes.get('/mfa-settings', async (c) => c.json(await getMfaSettings(c.var.db)));

/** Merges `{ strategies?: { SMS: true, … }, allowRememberMyDevice?, mfaDeviceExpiration?, codeTtlSeconds?, resendIntervalSeconds? }`. */
mfaMethodEmulatorRoutes.put('/mfa-settings', async (c) => {
  const body = await parseBody(c, settingsBody);
  return c.json(await updateMfaSettings(c.var.db, body));
});

async function existingUser(c: Ctx) {
  const [user] = await c.var.db
    .select()
    .from(users)
    .where(eq(users.id, c.req.param('userId')!));
  if (!user) throw notFound('User not found');
  return user;
}

/** Gives a user an SMS device: `{ phoneNumber }` (E.164) → 201 `{ id, phoneNumber }`. */
mfaMethodEmulatorRoutes.post('/users/:userId/mfa-phones', async (c) => {
  const { phoneNumber } = await parseBody(c, z.object({ phoneNumber: z.string().regex(E164, 'phoneNumber must be E.164, like +15551234567') }));
  const user = await existingUser(c);
  const { id } = await addPhone(c.var.db, user.id, phoneNumber);
  return c.json({ id, phoneNumber }, 201);
});

/** Gives a user an email device: `{ email? }` (default the user's) → 201 `{ email }`. */
mfaMethodEmulatorRoutes.post('/users/:userId/mfa-emails', async (c) => {
  const { email } = await parseBody(c, z.object({ email: z.string().trim().toLowerCase().pipe(z.email()).optional() }));
  const user = await existingUser(c);
  await setEmailDevice(c.var.db, user.id, email ?? user.email);
  return c.json({ email: email ?? user.email }, 201);
});

/** A user's MFA devices of every kind (MfaDevs; phone numbers masked). */
mfaMethodEmulatorRoutes.get('/users/:userId/mfa-devices', async (c) => {
  const user = await existingUser(c);
  return c.json(await mfaDevicesOf(c.var.db, user.id));
});
