/**
 * The signed-in user's own MFA devices (api-contract U): list; authenticator-app enrolment (enroll → QR code and
 * secret; enroll/verify → the device and a recovery code) and removal; SMS and WebAuthn enrolment and removal.
 * Used by step-up's noMFAEnrolledStepUp and by the profile's security section. Bearer required.
 *
 * - SMS and WebAuthn enrolment need the strategy active (`/_emulator/mfa-settings`, as at login); unlike enrolment
 *   at login, a signed-in user may add a device beside others. The first device issues the recovery code
 *   (`{ recoveryCode }`), later ones answer `{}`.
 * - Removing a device proves possession of it: a TOTP code of that authenticator, an SMS code sent to that phone
 *   (`sms/{id}/disable` → `{ otcToken, phoneNumber }`), or a WebAuthn assertion of that key
 *   (`webauthn/{id}/disable` → `{ webauthnToken, options }`). Removing the last device also drops the recovery code.
 * - SMS codes and WebAuthn challenges use the login flow's tables, rules and answers (../mfa-codes.ts: 6-digit
 *   codes valid `codeTtlSeconds`, one per `resendIntervalSeconds`, single use, `MAX_CODE_ATTEMPTS` wrong tries;
 *   challenges single use for 5 minutes, bound to the host page's RP), keyed by the user instead of an mfaToken.
 * - Every enrolment and removal writes an audit row.
 */
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { requireAuth } from '../http/auth.ts';
import { audit } from '../audit.ts';
import { parseBody } from '../http/body.ts';
import { badRequest, conflict, errorBody, notFound } from '../http/errors.ts';
import { authenticators, mfaPhones, mfaWebauthn, pendingAuthenticators, recoveryCodes } from '../db/schema.ts';
import { matchStep, newSecret, otpauthUri } from '../crypto/totp.ts';
import { normaliseRecoveryCode, recoveryCode, sha256 } from '../crypto/tokens.ts';
import { getUser, getVendor } from '../session/accounts.ts';
import { hasAuthenticator } from '../session/profile.ts';
import { addPhone, maskPhone, mfaDeviceCount, mfaDevicesOf } from '../mfa-devices.ts';
import { send } from '../outbox.ts';
import { issueRecoveryCode } from '../mfa.ts';
import {
  addWebauthnDevice,
  assertionCredential,
  attestationCredential,
  authenticationOptions,
  checkCode,
  e164Phone,
  registrationOptions,
  requireStrategy,
  sendCode,
  storeChallenge,
  takeChallenge,
  tooSoon,
  verifyAssertion,
  verifyAttestation,
  webauthnDeviceLabel,
  webauthnFailed,
  type CodeScope,
} from '../mfa-codes.ts';
import { relyingParty } from '../http/origin.ts';
import { emitUserEvent } from '../events/payloads.ts';
import { emulatorDate, totpTime } from '../clock.ts';

type Ctx = Context<AppEnv>;

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
  const createdAt = await emulatorDate(c.var.db);
  await c.var.db
    .insert(pendingAuthenticators)
    .values({ userId: user.id, secret, createdAt })
    .onConflictDoUpdate({ target: pendingAuthenticators.userId, set: { secret, createdAt } });
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
  const step = matchStep(pending.secret, token, await totpTime(db));
  if (step === null) return c.json(errorBody('Invalid code', 'ER-MFA-INVALID-CODE'), 400);
  await db.delete(pendingAuthenticators).where(eq(pendingAuthenticators.userId, user.id));
  const now = await emulatorDate(db);
  await db.insert(authenticators).values({ id: randomUUID(), userId: user.id, secret: pending.secret, lastUsedStep: step, createdAt: now });
  const code = recoveryCode();
  await db
    .insert(recoveryCodes)
    .values({ userId: user.id, codeHash: sha256(normaliseRecoveryCode(code)), createdAt: now })
    .onConflictDoUpdate({ target: recoveryCodes.userId, set: { codeHash: sha256(normaliseRecoveryCode(code)), createdAt: now } });
  await send(db, {
    to: user.email,
    channel: 'email',
    subject: 'Two-factor authentication is on',
    text: 'An authenticator app was added to your account. Keep the recovery code you were shown in a safe place.',
  });
  await audit(c, { action: 'mfa.authenticator.enrolled', targetId: user.id });
  await emitUserEvent(db, 'frontegg.user.enrolledMFA', { userId: user.id, tenantId: c.var.auth.tenantId, extra: { mfaType: 'authenticator' } });
  return c.json({ recoveryCode: code });
});

// ---------------------------------------------------------------- shared by SMS, WebAuthn and removal

/** The key of the user's own codes and challenges in the login flow's tables (never the hash of an mfaToken). */
const ownKey = (userId: string) => `user:${userId}`;

/** After a removal: audit, and mail the user; the last device gone also drops the recovery code. */
async function deviceRemoved(c: Ctx, user: { id: string; email: string }, what: string, action: string, deviceId: string): Promise<void> {
  const db = c.var.db;
  const left = await mfaDeviceCount(db, user.id);
  if (left === 0) await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  await send(db, {
    to: user.email,
    channel: 'email',
    subject: left === 0 ? 'Two-factor authentication is off' : 'An MFA device was removed',
    text: `${what} was removed from your account.${left === 0 ? ' Your account no longer asks for a second factor.' : ''} If you didn't do this, change your password.`,
  });
  await audit(c, { action, targetId: deviceId, details: { devicesLeft: left }, severity: 'WARNING' });
  await emitUserEvent(db, 'frontegg.user.disabledMFA', { userId: user.id, tenantId: c.var.auth.tenantId, extra: { mfaType: action.split('.')[1] } });
}

/** After an enrolment: audit; the first device issues the recovery code (answered once). */
async function deviceAdded(c: Ctx, user: { id: string; email: string }, what: string, action: string, deviceId: string, hadDevices: boolean) {
  const recovery = hadDevices ? undefined : await issueRecoveryCode(c, user, what);
  if (hadDevices) await send(c.var.db, { to: user.email, channel: 'email', subject: 'An MFA device was added', text: `${what} was added to your account.` });
  await audit(c, { action, targetId: deviceId });
  await emitUserEvent(c.var.db, 'frontegg.user.enrolledMFA', { userId: user.id, tenantId: c.var.auth.tenantId, extra: { mfaType: action.split('.')[1] } });
  return recovery ? { recoveryCode: recovery } : {};
}

// ---------------------------------------------------------------- authenticator removal

/** disableMFAAuthenticatorApp `{ token }`: a current code of that authenticator removes it (a replayed code is wrong). */
userMfaRoutes.post(`${BASE}/authenticator/:deviceId/disable/verify`, async (c) => {
  const { token } = await parseBody(c, z.object({ token: z.string({ message: 'token is required' }).min(1, 'token is required') }));
  const db = c.var.db;
  const user = await getUser(db, c.var.auth.sub);
  const [device] = await db
    .select()
    .from(authenticators)
    .where(and(eq(authenticators.id, c.req.param('deviceId')), eq(authenticators.userId, user.id)));
  if (!device) throw notFound('MFA device not found', 'ER-MFA-DEVICE-NOT-FOUND');
  const step = matchStep(device.secret, token, await totpTime(db));
  if (step === null || (device.lastUsedStep !== null && step <= device.lastUsedStep)) return c.json(errorBody('Invalid code', 'ER-MFA-INVALID-CODE'), 400);
  await db.delete(authenticators).where(eq(authenticators.id, device.id));
  await deviceRemoved(c, user, 'An authenticator app', 'mfa.authenticator.disabled', device.id);
  return c.json({});
});

// ---------------------------------------------------------------- SMS

/** The scope of the user's SMS codes for `deviceId` (null: an enrolment). */
const ownScope = (userId: string, deviceId: string | null): CodeScope => ({
  key: ownKey(userId),
  channel: 'sms',
  deviceId,
  usedMessage: 'This code was already used. Send a new code.',
});

/** Sends the user an SMS code ({@link sendCode}) to add (`phoneNumber`) or remove (`deviceId`) a phone. */
function sendOwnCode(c: Ctx, userId: string, to: string, opts: { deviceId?: string; phoneNumber?: string }) {
  const purpose = opts.deviceId ? 'remove this phone from your account' : 'add this phone to your account';
  return sendCode(c.var.db, ownKey(userId), 'sms', to, opts, (code, minutes) => ({
    subject: 'Verification code',
    text: `${code} is your code to ${purpose}. It expires in ${minutes} minutes.`,
  }));
}

const otcBody = z.object({
  otcToken: z.string({ message: 'otcToken is required' }).min(1, 'otcToken is required'),
  code: z.string({ message: 'code is required' }).min(1, 'code is required'),
});

/** preEnrollMFASMS `{ phoneNumber }` (E.164) → `{ otcToken, phoneNumber }` (masked): a code to that phone. */
userMfaRoutes.post(`${BASE}/sms/enroll`, async (c) => {
  const body = await parseBody(c, z.object({ phoneNumber: z.string({ message: 'phoneNumber is required' }).trim() }));
  const phone = e164Phone(body.phoneNumber);
  await requireStrategy(c, 'SMS');
  const userId = c.var.auth.sub;
  const [dup] = await c.var.db
    .select()
    .from(mfaPhones)
    .where(and(eq(mfaPhones.userId, userId), eq(mfaPhones.phoneNumber, phone)));
  if (dup) throw conflict('This phone is already an MFA device of your account', 'ER-MFA-DEVICE-EXISTS');
  const sent = await sendOwnCode(c, userId, phone, { phoneNumber: phone });
  if ('wait' in sent) return tooSoon(c, sent.wait!);
  return c.json({ otcToken: sent.otcToken, phoneNumber: maskPhone(phone) });
});

/** enrollMFASMS `{ otcToken, code }`: the phone becomes a device → `{ recoveryCode }` (first device) or `{}`. */
userMfaRoutes.post(`${BASE}/sms/enroll/verify`, async (c) => {
  const body = await parseBody(c, otcBody);
  const user = await getUser(c.var.db, c.var.auth.sub);
  const checked = await checkCode(c, ownScope(user.id, null), body);
  if ('error' in checked) return checked.error;
  if (!checked.row.phoneNumber) throw badRequest('This code was not sent for an enrolment', 'ER-MFA-NOT-STARTED');
  await requireStrategy(c, 'SMS');
  const hadDevices = (await mfaDeviceCount(c.var.db, user.id)) > 0;
  const { id } = await addPhone(c.var.db, user.id, checked.row.phoneNumber);
  return c.json(await deviceAdded(c, user, 'A phone for text message codes', 'mfa.sms.enrolled', id, hadDevices));
});

async function ownPhone(c: Ctx, deviceId: string) {
  const [phone] = await c.var.db
    .select()
    .from(mfaPhones)
    .where(and(eq(mfaPhones.id, deviceId), eq(mfaPhones.userId, c.var.auth.sub)));
  if (!phone) throw notFound('MFA device not found', 'ER-MFA-DEVICE-NOT-FOUND');
  return phone;
}

/** preDisableMFASMS → `{ otcToken, phoneNumber }` (masked): a code to the phone being removed. */
userMfaRoutes.post(`${BASE}/sms/:deviceId/disable`, async (c) => {
  const phone = await ownPhone(c, c.req.param('deviceId'));
  const sent = await sendOwnCode(c, c.var.auth.sub, phone.phoneNumber, { deviceId: phone.id });
  if ('wait' in sent) return tooSoon(c, sent.wait!);
  return c.json({ otcToken: sent.otcToken, phoneNumber: maskPhone(phone.phoneNumber) });
});

/** disableMFASMS `{ otcToken, code }`: removes the phone. */
userMfaRoutes.post(`${BASE}/sms/:deviceId/disable/verify`, async (c) => {
  const body = await parseBody(c, otcBody);
  const phone = await ownPhone(c, c.req.param('deviceId'));
  const checked = await checkCode(c, ownScope(phone.userId, phone.id), body);
  if ('error' in checked) return checked.error;
  await c.var.db.delete(mfaPhones).where(eq(mfaPhones.id, phone.id));
  await deviceRemoved(c, await getUser(c.var.db, phone.userId), `The phone ${maskPhone(phone.phoneNumber)}`, 'mfa.sms.disabled', phone.id);
  return c.json({});
});

// ---------------------------------------------------------------- WebAuthn

/** preEnrollMFAWebAuthn → `{ webauthnToken, options }` (WA-Create for the host page's RP, the user's keys excluded). */
userMfaRoutes.post(`${BASE}/webauthn/enroll`, async (c) => {
  await requireStrategy(c, 'WebAuthnPlatform', 'WebAuthnCrossPlatform');
  const db = c.var.db;
  const user = await getUser(db, c.var.auth.sub);
  const vendor = await getVendor(db, c.var.rt.vendorId);
  const keys = await db.select().from(mfaWebauthn).where(eq(mfaWebauthn.userId, user.id));
  const rp = relyingParty(c);
  const options = await registrationOptions(vendor.name, rp.rpID, user, keys);
  return c.json({ webauthnToken: await storeChallenge(db, ownKey(user.id), options.challenge, null, rp), options });
});

/** enrollMFAWebAuthn `{ deviceType, webauthnToken, options: WA-Attest }` → `{ recoveryCode }` (first device) or `{}`. */
userMfaRoutes.post(`${BASE}/webauthn/enroll/verify`, async (c) => {
  const body = await parseBody(
    c,
    z.object({
      webauthnToken: z.string({ message: 'webauthnToken is required' }).min(1, 'webauthnToken is required'),
      deviceType: z.enum(['Platform', 'CrossPlatform'], { message: 'deviceType must be Platform or CrossPlatform' }).default('CrossPlatform'),
      options: attestationCredential,
    }),
  );
  const db = c.var.db;
  const taken = await takeChallenge(db, ownKey(c.var.auth.sub), body.webauthnToken, null);
  if ('error' in taken) return webauthnFailed(c, taken.error);
  await requireStrategy(c, body.deviceType === 'Platform' ? 'WebAuthnPlatform' : 'WebAuthnCrossPlatform');
  const verified = await verifyAttestation(body.options, taken.row);
  if ('error' in verified) return webauthnFailed(c, verified.error);
  const [existing] = await db.select({ id: mfaWebauthn.id }).from(mfaWebauthn).where(eq(mfaWebauthn.id, verified.credential.id));
  if (existing) throw conflict('This security key is already registered', 'ER-MFA-DEVICE-EXISTS');
  const user = await getUser(db, c.var.auth.sub);
  const hadDevices = (await mfaDeviceCount(db, user.id)) > 0;
  await addWebauthnDevice(db, user.id, verified.credential, body.deviceType, body.options.response.transports);
  return c.json(await deviceAdded(c, user, webauthnDeviceLabel(body.deviceType), 'mfa.webauthn.enrolled', verified.credential.id, hadDevices));
});

async function ownKeyDevice(c: Ctx, deviceId: string) {
  const [key] = await c.var.db
    .select()
    .from(mfaWebauthn)
    .where(and(eq(mfaWebauthn.id, deviceId), eq(mfaWebauthn.userId, c.var.auth.sub)));
  if (!key) throw notFound('MFA device not found', 'ER-MFA-DEVICE-NOT-FOUND');
  return key;
}

/** preDisableMFAWebAuthn → `{ webauthnToken, options }` (WA-Req allowing only that key). */
userMfaRoutes.post(`${BASE}/webauthn/:deviceId/disable`, async (c) => {
  const key = await ownKeyDevice(c, c.req.param('deviceId'));
  const rp = relyingParty(c);
  const options = await authenticationOptions(rp.rpID, key);
  return c.json({ webauthnToken: await storeChallenge(c.var.db, ownKey(c.var.auth.sub), options.challenge, key.id, rp), options });
});

/** disableMFAWebAuthn `{ webauthnToken, options: WA-Assert }`: an assertion of that key removes it. */
userMfaRoutes.post(`${BASE}/webauthn/:deviceId/disable/verify`, async (c) => {
  const body = await parseBody(
    c,
    z.object({ webauthnToken: z.string({ message: 'webauthnToken is required' }).min(1, 'webauthnToken is required'), options: assertionCredential }),
  );
  const db = c.var.db;
  const key = await ownKeyDevice(c, c.req.param('deviceId'));
  const taken = await takeChallenge(db, ownKey(c.var.auth.sub), body.webauthnToken, key.id);
  if ('error' in taken) return webauthnFailed(c, taken.error);
  if (body.options.id !== key.id) return webauthnFailed(c, 'This is not the security key being removed');
  const verified = await verifyAssertion(body.options, taken.row, key);
  if ('error' in verified) return webauthnFailed(c, verified.error);
  await db.delete(mfaWebauthn).where(eq(mfaWebauthn.id, key.id));
  await deviceRemoved(
    c,
    await getUser(db, key.userId),
    `The ${key.deviceType === 'Platform' ? 'platform authenticator' : 'security key'} "${key.name}"`,
    'mfa.webauthn.disabled',
    key.id,
  );
  return c.json({});
});
