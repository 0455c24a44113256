/**
 * One-time codes (SMS, email) and WebAuthn challenges of MFA devices, shared by MFA at login (routes/mfa-methods.ts,
 * keyed by the SHA-256 of the mfaToken) and by the signed-in user's own devices (routes/user-mfa.ts, keyed by the
 * user). The key goes in the `mfaTokenHash` column of `mfa_codes` and `mfa_webauthn_challenges`.
 *
 * - Codes: 6 digits, written to the outbox with the code in its `code` field; the answer's `otcToken` names one.
 *   Code and otcToken are stored as SHA-256 only. Valid `codeTtlSeconds` on the emulator clock, single use,
 *   {@link MAX_CODE_ATTEMPTS} wrong tries revoke one, a new code of the same key and channel revokes the previous
 *   one, and at most one is sent per `resendIntervalSeconds` (`/_emulator/mfa-settings`).
 * - Challenges: single use, {@link WEBAUTHN_MFA_TTL_MS} to answer, bound to the relying party they were made for;
 *   attestations and assertions are verified for real with @simplewebauthn/server.
 */
import type { Context } from 'hono';
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
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import type { AppEnv } from './http/env.ts';
import type { Db } from './db/client.ts';
import { badRequest, errorBody } from './http/errors.ts';
import { mfaCodes, mfaWebauthn, mfaWebauthnChallenges } from './db/schema.ts';
import { randomToken, sha256 } from './crypto/tokens.ts';
import { emulatorNow, emulatorDate } from './clock.ts';
import { send } from './outbox.ts';
import { getMfaSettings, type MfaStrategy } from './mfa-devices.ts';
import { auditMfaFailed } from './session/events.ts';

type Ctx = Context<AppEnv>;
type CodeRow = typeof mfaCodes.$inferSelect;
type ChallengeRow = typeof mfaWebauthnChallenges.$inferSelect;
type WebauthnRow = typeof mfaWebauthn.$inferSelect;

/** How long a WebAuthn MFA challenge may be answered: 5 minutes (also the options' `timeout`). */
export const WEBAUTHN_MFA_TTL_MS = 5 * 60 * 1000;
/** Wrong tries before a code is revoked. */
export const MAX_CODE_ATTEMPTS = 5;
/** A phone number in E.164 form, like +15551234567. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/** The channel a code is sent on. */
export type CodeChannel = 'sms' | 'email';

/** Where a code belongs: its key, its channel, the device it was sent for (checked unless undefined), and the answer to a used one. */
export interface CodeScope {
  key: string;
  channel: CodeChannel;
  deviceId?: string | null;
  usedMessage: string;
}

/** The phone number typed (spaces, dashes, dots and parentheses dropped) in E.164 form; a 400 if it has no country code. */
export function e164Phone(typed: string): string {
  const phone = typed.replace(/[\s\-().]/g, '');
  if (!E164.test(phone)) throw badRequest('Enter the phone number with its country code, like +15551234567', 'ER-MFA-PHONE-INVALID');
  return phone;
}

/** Throws 400 ER-MFA-STRATEGY-INACTIVE unless one of `any` is an active MFA strategy. */
export async function requireStrategy(c: Ctx, ...any: MfaStrategy[]): Promise<void> {
  const { strategies } = await getMfaSettings(c.var.db);
  if (!any.some((s) => strategies[s])) throw badRequest(`The ${any.join(' or ')} MFA strategy is not active`, 'ER-MFA-STRATEGY-INACTIVE');
}

// ---------------------------------------------------------------- codes

/**
 * Sends a code of `key` on `channel` to `to` (for enrolment: `phoneNumber`; for a device: `deviceId`), revoking the
 * previous one, with the message `message` builds; `{ otcToken }`, or `{ wait }` seconds when the last code of the key
 * and channel is younger than `resendIntervalSeconds` (answer it with {@link tooSoon}).
 */
export async function sendCode(
  db: Db,
  key: string,
  channel: CodeChannel,
  to: string,
  opts: { deviceId?: string; phoneNumber?: string },
  message: (code: string, minutes: number) => { subject: string; text: string },
): Promise<{ otcToken: string } | { wait: number }> {
  const settings = await getMfaSettings(db);
  const now = await emulatorNow(db);
  const ofKey = and(eq(mfaCodes.mfaTokenHash, key), eq(mfaCodes.channel, channel));
  const [last] = await db.select().from(mfaCodes).where(ofKey).orderBy(desc(mfaCodes.createdAt)).limit(1);
  const wait = last ? Math.ceil((last.createdAt.getTime() + settings.resendIntervalSeconds * 1000 - now) / 1000) : 0;
  if (wait > 0) return { wait };
  await db
    .update(mfaCodes)
    .set({ revokedAt: new Date(now) })
    .where(and(ofKey, isNull(mfaCodes.usedAt), isNull(mfaCodes.revokedAt)));
  const otcToken = randomToken(24);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(mfaCodes).values({
    otcHash: sha256(otcToken),
    mfaTokenHash: key,
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
  await send(db, { to, channel, ...message(code, Math.max(1, Math.round(settings.codeTtlSeconds / 60))), code });
  return { otcToken };
}

/** The 429 answer to a code asked for too soon after the last one. */
export const tooSoon = (c: Ctx, wait: number) => c.json(errorBody(`Please wait ${wait} seconds before requesting a new code`, 'ER-MFA-CODE-RATE-LIMIT'), 429);

/** The 400 answer to a wrong or unknown code. */
export const invalidCode = (c: Ctx) => c.json(errorBody('Invalid code', 'ER-MFA-INVALID-CODE'), 400);

/** The code `otcToken` names if it belongs to `scope` and is not used yet; else the answer (invalid, or used). */
export async function findCode(c: Ctx, scope: CodeScope, otcToken: string): Promise<{ row: CodeRow } | { error: Response }> {
  const [row] = await c.var.db
    .select()
    .from(mfaCodes)
    .where(eq(mfaCodes.otcHash, sha256(otcToken)));
  const deviceMatches = scope.deviceId === undefined || row?.deviceId === scope.deviceId;
  if (!row || row.mfaTokenHash !== scope.key || row.channel !== scope.channel || !deviceMatches) return { error: invalidCode(c) };
  if (row.usedAt) return { error: c.json(errorBody(scope.usedMessage, 'ER-MFA-CODE-USED'), 400) };
  return { row };
}

/**
 * Checks `code` against a code {@link findCode} found and uses it up. Replaced, expired and too-often-wrong codes are
 * told apart; a wrong code counts a try (committed: the answer is returned, not thrown). The answer, or undefined.
 */
export async function useCode(c: Ctx, scope: CodeScope, row: CodeRow, code: string): Promise<Response | undefined> {
  const db = c.var.db;
  const now = await emulatorNow(db);
  if (row.revokedAt && row.attempts >= MAX_CODE_ATTEMPTS) return c.json(errorBody('Too many wrong codes. Send a new code.', 'ER-MFA-CODE-ATTEMPTS'), 400);
  if (row.revokedAt) return c.json(errorBody('This code was replaced by a newer one. Enter the latest code we sent.', 'ER-MFA-CODE-REPLACED'), 400);
  if (row.expiresAt.getTime() <= now) return c.json(errorBody('This code has expired. Send a new code.', 'ER-MFA-CODE-EXPIRED'), 400);
  if (row.codeHash !== sha256(code.trim())) {
    const attempts = row.attempts + 1;
    await db
      .update(mfaCodes)
      .set({ attempts, ...(attempts >= MAX_CODE_ATTEMPTS ? { revokedAt: new Date(now) } : {}) })
      .where(eq(mfaCodes.otcHash, row.otcHash));
    await auditMfaFailed(c, row.mfaTokenHash, row.channel);
    return invalidCode(c);
  }
  const used = await db
    .update(mfaCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(mfaCodes.otcHash, row.otcHash), isNull(mfaCodes.usedAt)))
    .returning({ h: mfaCodes.otcHash });
  if (used.length === 0) return c.json(errorBody(scope.usedMessage, 'ER-MFA-CODE-USED'), 400);
  return undefined;
}

/** {@link findCode} then {@link useCode}: the used code row, or the answer. */
export async function checkCode(c: Ctx, scope: CodeScope, body: { otcToken: string; code: string }): Promise<{ row: CodeRow } | { error: Response }> {
  const found = await findCode(c, scope, body.otcToken);
  if ('error' in found) return found;
  const error = await useCode(c, scope, found.row, body.code);
  return error ? { error } : found;
}

// ---------------------------------------------------------------- WebAuthn

const credential = z
  .object({ id: z.string().min(1), rawId: z.string().optional(), type: z.string().default('public-key'), clientExtensionResults: z.record(z.string(), z.unknown()).default({}) })
  .passthrough();

/** The body schema of a new key's attestation (WA-Attest). */
export const attestationCredential = credential.extend({
  response: z.object({ clientDataJSON: z.string().min(1), attestationObject: z.string().min(1), transports: z.array(z.string()).optional() }).passthrough(),
});

/** The body schema of a key's assertion (WA-Assert). */
export const assertionCredential = credential.extend({
  response: z.object({ clientDataJSON: z.string().min(1), authenticatorData: z.string().min(1), signature: z.string().min(1), userHandle: z.string().nullish() }).passthrough(),
});

/** The 400 answer to a WebAuthn challenge or credential that fails. */
export const webauthnFailed = (c: Ctx, message: string) => c.json(errorBody(message, 'ER-WEBAUTHN-INVALID'), 400);

/** Stores a single-use challenge of `key` (for `deviceId`, or null: an enrolment) bound to the relying party `rp`; its webauthnToken. */
export async function storeChallenge(db: Db, key: string, challenge: string, deviceId: string | null, rp: { rpID: string; origin: string }): Promise<string> {
  const webauthnToken = randomToken(24);
  await db.insert(mfaWebauthnChallenges).values({
    tokenHash: sha256(webauthnToken),
    mfaTokenHash: key,
    deviceId,
    challenge,
    rpId: rp.rpID,
    origin: rp.origin,
    expiresAt: new Date((await emulatorNow(db)) + WEBAUTHN_MFA_TTL_MS),
    consumedAt: null,
  });
  return webauthnToken;
}

/** Takes (consumes) the challenge `webauthnToken` names for `key` and `deviceId`; a failure is an error message. */
export async function takeChallenge(db: Db, key: string, webauthnToken: string, deviceId: string | null): Promise<{ row: ChallengeRow } | { error: string }> {
  const [row] = await db
    .select()
    .from(mfaWebauthnChallenges)
    .where(eq(mfaWebauthnChallenges.tokenHash, sha256(webauthnToken)));
  if (!row || row.mfaTokenHash !== key || row.deviceId !== deviceId) return { error: 'Unknown WebAuthn challenge' };
  const now = await emulatorNow(db);
  const taken = await db
    .update(mfaWebauthnChallenges)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(mfaWebauthnChallenges.tokenHash, row.tokenHash), isNull(mfaWebauthnChallenges.consumedAt)))
    .returning({ h: mfaWebauthnChallenges.tokenHash });
  if (taken.length === 0) return { error: 'The WebAuthn challenge was already used' };
  if (row.expiresAt.getTime() <= now) return { error: 'The WebAuthn challenge has expired' };
  return { row };
}

/** WA-Create options for a new MFA key of `user` at the relying party `rpID` (named `rpName`), the keys `exclude` left out. */
export function registrationOptions(rpName: string, rpID: string, user: { id: string; email: string; name: string }, exclude: WebauthnRow[] = []) {
  return generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    timeout: WEBAUTHN_MFA_TTL_MS,
    attestationType: 'none',
    excludeCredentials: exclude.map((k) => ({ id: k.id, transports: k.transports as never })),
    authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
  });
}

/** WA-Req options allowing only the MFA key `key` at the relying party `rpID`. */
export function authenticationOptions(rpID: string, key: WebauthnRow) {
  return generateAuthenticationOptions({
    rpID,
    timeout: WEBAUTHN_MFA_TTL_MS,
    userVerification: 'preferred',
    allowCredentials: [{ id: key.id, transports: key.transports as never }],
  });
}

/** Verifies a new key's attestation against the challenge taken: the credential, or an error message. */
export async function verifyAttestation(options: z.infer<typeof attestationCredential>, challenge: ChallengeRow): Promise<{ credential: WebAuthnCredential } | { error: string }> {
  try {
    const verification = await verifyRegistrationResponse({
      response: { ...options, rawId: options.rawId ?? options.id, type: 'public-key' } as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      requireUserVerification: false,
    });
    if (!verification.verified || !verification.registrationInfo) return { error: 'The security key could not be verified' };
    return { credential: verification.registrationInfo.credential };
  } catch (e) {
    return { error: `The security key could not be verified: ${(e as Error).message}` };
  }
}

/** Verifies an assertion of the MFA key `key` against the challenge taken: the key's new counter, or an error message. */
export async function verifyAssertion(
  options: z.infer<typeof assertionCredential>,
  challenge: ChallengeRow,
  key: WebauthnRow,
): Promise<{ newCounter: number } | { error: string }> {
  try {
    const verification = await verifyAuthenticationResponse({
      response: { ...options, rawId: options.rawId ?? options.id, type: 'public-key' } as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rpId,
      requireUserVerification: false,
      credential: { id: key.id, publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')), counter: key.counter, transports: key.transports as never },
    });
    if (!verification.verified) return { error: 'The security key could not be verified' };
    return { newCounter: verification.authenticationInfo.newCounter };
  } catch (e) {
    return { error: `The security key could not be verified: ${(e as Error).message}` };
  }
}

/** Stores a verified key as an MFA device of `userId` (`deviceType` Platform: "This device", else "Security key"). */
export async function addWebauthnDevice(
  db: Db,
  userId: string,
  credential: WebAuthnCredential,
  deviceType: 'Platform' | 'CrossPlatform',
  transports: string[] = [],
): Promise<void> {
  await db.insert(mfaWebauthn).values({
    id: credential.id,
    userId,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports,
    deviceType,
    name: deviceType === 'Platform' ? 'This device' : 'Security key',
    createdAt: await emulatorDate(db),
    lastUsedAt: null,
  });
}

/** How an enrolment names a WebAuthn device of `deviceType` in mails and the recovery-code notice. */
export const webauthnDeviceLabel = (deviceType: 'Platform' | 'CrossPlatform') => (deviceType === 'Platform' ? 'A platform authenticator' : 'A security key');
