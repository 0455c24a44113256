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
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/body.ts';
import { badRequest, errorBody, notFound } from '../http/errors.ts';
import { mfaCodes, mfaPhones, mfaTokens, mfaWebauthn, mfaWebauthnChallenges, users } from '../db/schema.ts';
import { randomToken, sha256 } from '../crypto/tokens.ts';
import { emulatorNow } from '../clock.ts';
import { send } from '../outbox.ts';
import { getUser, getVendor, loadMfaToken } from '../session.ts';
import { MFA_STRATEGIES, addPhone, getMfaSettings, maskPhone, mfaDevicesOf, setEmailDevice, updateMfaSettings, type MfaStrategy } from '../mfa-devices.ts';
import { relyingParty } from './passkeys.ts';
import { assertNotEnrolled, finishMfa, issueRecoveryCode } from './mfa.ts';

type Ctx = Context<AppEnv>;
type MfaTokenRow = typeof mfaTokens.$inferSelect;

const BASE = '/identity/resources/auth/v1/user/mfa';
/** How long a WebAuthn MFA challenge may be answered: 5 minutes (also the options' `timeout`). */
export const WEBAUTHN_MFA_TTL_MS = 5 * 60 * 1000;
/** Wrong tries before a code is revoked. */
export const MAX_CODE_ATTEMPTS = 5;

const AMR = { sms: ['pwd', 'mfa', 'sms'], email: ['pwd', 'mfa', 'otp'], webauthn: ['pwd', 'mfa', 'hwk'] };
const E164 = /^\+[1-9]\d{6,14}$/;
const rememberDevice = z.boolean().nullish();

export const mfaMethodRoutes = new Hono<AppEnv>();
export const mfaMethodEmulatorRoutes = new Hono<AppEnv>();

async function requireStrategy(c: Ctx, strategy: MfaStrategy): Promise<void> {
  const settings = await getMfaSettings(c.var.db);
  if (!settings.strategies[strategy]) throw badRequest(`The ${strategy} MFA strategy is not active`, 'ER-MFA-STRATEGY-INACTIVE');
}

// ---------------------------------------------------------------- codes

/**
 * Sends a code for `row` on `channel` to `to`: rate-limited, revokes the previous
 * code of the channel, stores the hashes, writes the outbox. Answers `{ otcToken }`.
 * The 429 is returned (not thrown) by the caller through {@link tooSoon}.
 */
async function sendCode(c: Ctx, row: MfaTokenRow, channel: 'sms' | 'email', to: string, opts: { deviceId?: string; phoneNumber?: string }) {
  const db = c.var.db;
  const settings = await getMfaSettings(db);
  const now = await emulatorNow(db);
  const [last] = await db
    .select()
    .from(mfaCodes)
    .where(and(eq(mfaCodes.mfaTokenHash, row.tokenHash), eq(mfaCodes.channel, channel)))
    .orderBy(desc(mfaCodes.createdAt))
    .limit(1);
  const wait = last ? Math.ceil((last.createdAt.getTime() + settings.resendIntervalSeconds * 1000 - now) / 1000) : 0;
  if (wait > 0) return { wait };
  await db
    .update(mfaCodes)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(mfaCodes.mfaTokenHash, row.tokenHash), eq(mfaCodes.channel, channel), isNull(mfaCodes.usedAt), isNull(mfaCodes.revokedAt)));
  const otcToken = randomToken(24);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(mfaCodes).values({
    otcHash: sha256(otcToken),
    mfaTokenHash: row.tokenHash,
    channel,
    deviceId: opts.deviceId ?? null,
    phoneNumber: opts.phoneNumber ?? null,
    codeHash: sha256(code),
    attempts: 0,
    expiresAt: new Date(now + settings.codeTtlSeconds * 1000),
    usedAt: null,
    revokedAt: null,
    createdAt: new Date(now),
  });
  const minutes = Math.max(1, Math.round(settings.codeTtlSeconds / 60));
  await send(
    db,
    channel === 'sms'
      ? { to, channel, subject: 'Sign-in code', text: `${code} is your sign-in code. It expires in ${minutes} minutes. Don't share it with anyone.`, code }
      : {
          to,
          channel,
          subject: 'Your sign-in code',
          text: `Use ${code} to finish signing in. The code expires in ${minutes} minutes. If you didn't try to sign in, change your password.`,
          code,
        },
  );
  return { otcToken };
}

const tooSoon = (c: Ctx, wait: number) => c.json(errorBody(`Please wait ${wait} seconds before requesting a new code`, 'ER-MFA-CODE-RATE-LIMIT'), 429);

/**
 * Checks `code` against the code `otcToken` names (of `channel`). Used, replaced
 * and expired codes are told apart; a wrong code counts a try (committed: the
 * answer is returned, not thrown). Returns the code row and the live mfaToken row,
 * or the error answer.
 */
async function checkCode(c: Ctx, body: { mfaToken: string; otcToken: string; code: string }, channel: 'sms' | 'email') {
  const db = c.var.db;
  const [row] = await db
    .select()
    .from(mfaCodes)
    .where(eq(mfaCodes.otcHash, sha256(body.otcToken)));
  if (!row || row.channel !== channel || row.mfaTokenHash !== sha256(body.mfaToken)) {
    return { error: c.json(errorBody('Invalid code', 'ER-MFA-INVALID-CODE'), 400) } as const;
  }
  if (row.usedAt) return { error: c.json(errorBody('This code was already used. Start over to sign in again.', 'ER-MFA-CODE-USED'), 400) } as const;
  const token = await loadMfaToken(db, body.mfaToken);
  const now = await emulatorNow(db);
  if (row.revokedAt && row.attempts >= MAX_CODE_ATTEMPTS) {
    return { error: c.json(errorBody('Too many wrong codes. Send a new code.', 'ER-MFA-CODE-ATTEMPTS'), 400) } as const;
  }
  if (row.revokedAt) return { error: c.json(errorBody('This code was replaced by a newer one. Enter the latest code we sent.', 'ER-MFA-CODE-REPLACED'), 400) } as const;
  if (row.expiresAt.getTime() <= now) return { error: c.json(errorBody('This code has expired. Send a new code.', 'ER-MFA-CODE-EXPIRED'), 400) } as const;
  if (row.codeHash !== sha256(body.code.trim())) {
    const attempts = row.attempts + 1;
    await db
      .update(mfaCodes)
      .set({ attempts, ...(attempts >= MAX_CODE_ATTEMPTS ? { revokedAt: new Date(now) } : {}) })
      .where(eq(mfaCodes.otcHash, row.otcHash));
    return { error: c.json(errorBody('Invalid code', 'ER-MFA-INVALID-CODE'), 400) } as const;
  }
  const used = await db
    .update(mfaCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(mfaCodes.otcHash, row.otcHash), isNull(mfaCodes.usedAt)))
    .returning({ h: mfaCodes.otcHash });
  if (used.length === 0) return { error: c.json(errorBody('This code was already used. Start over to sign in again.', 'ER-MFA-CODE-USED'), 400) } as const;
  return { code: row, token } as const;
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
  const sent = await sendCode(c, row, 'email', to, {});
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
  const phone = body.phoneNumber.replace(/[\s\-().]/g, '');
  if (!E164.test(phone)) throw badRequest('Enter the phone number with its country code, like +15551234567', 'ER-MFA-PHONE-INVALID');
  const row = await loadMfaToken(c.var.db, body.mfaToken);
  await assertNotEnrolled(c, row.userId);
  await requireStrategy(c, 'SMS');
  const sent = await sendCode(c, row, 'sms', phone, { phoneNumber: phone });
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
  const sent = await sendCode(c, row, 'sms', phone.phoneNumber, { deviceId: phone.id });
  if ('wait' in sent) return tooSoon(c, sent.wait!);
  return c.json({ otcToken: sent.otcToken, phoneNumber: maskPhone(phone.phoneNumber) });
});

/** verifyMFASMSForLogin `{ mfaToken, otcToken, code, rememberDevice }` → LR. */
mfaMethodRoutes.post(`${BASE}/sms/:deviceId/verify`, async (c) => {
  const body = await parseBody(c, otcBody);
  const checked = await checkCode(c, body, 'sms');
  if ('error' in checked) return checked.error;
  if (checked.code.deviceId !== c.req.param('deviceId')) return c.json(errorBody('Invalid code', 'ER-MFA-INVALID-CODE'), 400);
  return c.json(await finishMfa(c, checked.token, { amr: AMR.sms, rememberDevice: body.rememberDevice }));
});

// ---------------------------------------------------------------- WebAuthn (literal paths before {deviceId})

async function storeChallenge(c: Ctx, row: MfaTokenRow, challenge: string, deviceId: string | null) {
  const rp = relyingParty(c);
  const webauthnToken = randomToken(24);
  await c.var.db.insert(mfaWebauthnChallenges).values({
    tokenHash: sha256(webauthnToken),
    mfaTokenHash: row.tokenHash,
    deviceId,
    challenge,
    rpId: rp.rpID,
    origin: rp.origin,
    expiresAt: new Date(Date.now() + WEBAUTHN_MFA_TTL_MS),
    consumedAt: null,
  });
  return webauthnToken;
}

/** Takes (consumes) the challenge `webauthnToken` names for this mfaToken and device; a failure is an error message. */
async function takeChallenge(c: Ctx, webauthnToken: string, mfaToken: string, deviceId: string | null) {
  const db = c.var.db;
  const [row] = await db
    .select()
    .from(mfaWebauthnChallenges)
    .where(eq(mfaWebauthnChallenges.tokenHash, sha256(webauthnToken)));
  if (!row || row.mfaTokenHash !== sha256(mfaToken) || row.deviceId !== deviceId) return { error: 'Unknown WebAuthn challenge' } as const;
  const taken = await db
    .update(mfaWebauthnChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(mfaWebauthnChallenges.tokenHash, row.tokenHash), isNull(mfaWebauthnChallenges.consumedAt)))
    .returning({ h: mfaWebauthnChallenges.tokenHash });
  if (taken.length === 0) return { error: 'The WebAuthn challenge was already used' } as const;
  if (row.expiresAt.getTime() <= Date.now()) return { error: 'The WebAuthn challenge has expired' } as const;
  return { row } as const;
}

const failed = (c: Ctx, message: string) => c.json(errorBody(message, 'ER-WEBAUTHN-INVALID'), 400);

const credential = z
  .object({ id: z.string().min(1), rawId: z.string().optional(), type: z.string().default('public-key'), clientExtensionResults: z.record(z.string(), z.unknown()).default({}) })
  .passthrough();

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
  const options = await generateRegistrationOptions({
    rpName: vendor.name,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    timeout: WEBAUTHN_MFA_TTL_MS,
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
  });
  const webauthnToken = await storeChallenge(c, row, options.challenge, null);
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
      options: credential.extend({
        response: z.object({ clientDataJSON: z.string().min(1), attestationObject: z.string().min(1), transports: z.array(z.string()).optional() }).passthrough(),
      }),
      rememberDevice,
    }),
  );
  const db = c.var.db;
  const token = await loadMfaToken(db, body.mfaToken);
  const taken = await takeChallenge(c, body.webauthnToken, body.mfaToken, null);
  if ('error' in taken) return failed(c, taken.error!);
  await requireStrategy(c, body.deviceType === 'Platform' ? 'WebAuthnPlatform' : 'WebAuthnCrossPlatform');
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: { ...body.options, rawId: body.options.rawId ?? body.options.id, type: 'public-key' } as unknown as RegistrationResponseJSON,
      expectedChallenge: taken.row.challenge,
      expectedOrigin: taken.row.origin,
      expectedRPID: taken.row.rpId,
      requireUserVerification: false,
    });
  } catch (e) {
    return failed(c, `The security key could not be verified: ${(e as Error).message}`);
  }
  if (!verification.verified || !verification.registrationInfo) return failed(c, 'The security key could not be verified');
  const user = await getUser(db, token.userId);
  await assertNotEnrolled(c, user.id);
  const info = verification.registrationInfo;
  await db.insert(mfaWebauthn).values({
    id: info.credential.id,
    userId: user.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: body.options.response.transports ?? [],
    deviceType: body.deviceType,
    name: body.deviceType === 'Platform' ? 'This device' : 'Security key',
    createdAt: new Date(),
    lastUsedAt: null,
  });
  const recoveryCode = await issueRecoveryCode(c, user, body.deviceType === 'Platform' ? 'A platform authenticator' : 'A security key');
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
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(c).rpID,
    timeout: WEBAUTHN_MFA_TTL_MS,
    userVerification: 'preferred',
    allowCredentials: [{ id: key.id, transports: key.transports as never }],
  });
  const webauthnToken = await storeChallenge(c, row, options.challenge, key.id);
  return c.json({ webauthnToken, options });
});

/** verifyMFAWebAuthnForLogin `{ mfaToken, webauthnToken, options: WA-Assert, rememberDevice }` → LR. */
mfaMethodRoutes.post(`${BASE}/webauthn/:deviceId/verify`, async (c) => {
  const body = await parseBody(
    c,
    z.object({
      mfaToken: z.string().min(1),
      webauthnToken: z.string().min(1),
      options: credential.extend({
        response: z
          .object({ clientDataJSON: z.string().min(1), authenticatorData: z.string().min(1), signature: z.string().min(1), userHandle: z.string().nullish() })
          .passthrough(),
      }),
      rememberDevice,
    }),
  );
  const db = c.var.db;
  const deviceId = c.req.param('deviceId');
  const token = await loadMfaToken(db, body.mfaToken);
  const taken = await takeChallenge(c, body.webauthnToken, body.mfaToken, deviceId);
  if ('error' in taken) return failed(c, taken.error!);
  const [key] = await db
    .select()
    .from(mfaWebauthn)
    .where(and(eq(mfaWebauthn.id, deviceId), eq(mfaWebauthn.userId, token.userId)));
  if (!key || body.options.id !== key.id) return failed(c, 'This security key is not registered for this account');
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: { ...body.options, rawId: body.options.rawId ?? body.options.id, type: 'public-key' } as unknown as AuthenticationResponseJSON,
      expectedChallenge: taken.row.challenge,
      expectedOrigin: taken.row.origin,
      expectedRPID: taken.row.rpId,
      requireUserVerification: false,
      credential: { id: key.id, publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')), counter: key.counter, transports: key.transports as never },
    });
  } catch (e) {
    return failed(c, `The security key could not be verified: ${(e as Error).message}`);
  }
  if (!verification.verified) return failed(c, 'The security key could not be verified');
  await db.update(mfaWebauthn).set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(mfaWebauthn.id, key.id));
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

/** Turns remember-device on or off for tests: also in `PUT /_emulator/mfa-policy` (routes/emulator.ts). */
export async function applyRememberPolicy(c: Ctx, body: { allowRememberMyDevice?: boolean; mfaDeviceExpiration?: number }) {
  const patch: { allowRememberMyDevice?: boolean; mfaDeviceExpiration?: number } = {};
  if (body.allowRememberMyDevice !== undefined) patch.allowRememberMyDevice = body.allowRememberMyDevice;
  if (body.mfaDeviceExpiration !== undefined) patch.mfaDeviceExpiration = body.mfaDeviceExpiration;
  const s = Object.keys(patch).length ? await updateMfaSettings(c.var.db, patch) : await getMfaSettings(c.var.db);
  return { allowRememberMyDevice: s.allowRememberMyDevice, mfaDeviceExpiration: s.mfaDeviceExpiration };
}
