/**
 * Passkeys (WebAuthn discoverable credentials): registration for the signed-in
 * user (api-contract U: webAuthnCreateNewDeviceSession, verifyNewDeviceSession,
 * getWebAuthnDevices, deleteWebAuthnDevice) and sign-in (api-contract A:
 * webAuthnPreLogin, webAuthnPostLogin), verified for real with
 * @simplewebauthn/server.
 *
 * - The relying party is the host page: rpID = its host name and the expected
 *   origin = its origin, taken from `Origin` / `Referer` / `X-Forwarded-Host`
 *   when trusted (an allowed CORS origin, the issuer or a loopback origin; see
 *   http/origin.ts), else the issuer. They are stored with the challenge, so
 *   the answer must come from the page the options were made for.
 * - Challenges are single use (consumed by the first answer, right or wrong)
 *   and expire after {@link CHALLENGE_TTL_MS}.
 * - A passkey sign-in issues the same login response and refresh cookie as a
 *   password login, with `amr ['hwk']`. A user-verified passkey is a
 *   multi-factor credential in itself, so no further MFA challenge follows.
 *
 * Test helpers under `/_emulator`: `PUT /passkeys` turns the vendor's
 * `Passkeys` secondary strategy and the `admin_portal_passkeys` flag on or
 * off; `GET /users/:userId/passkeys` lists a user's credentials.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppEnv } from '../http/env.ts';
import { requireAuth } from '../http/auth.ts';
import { parseBody, optStr } from '../http/body.ts';
import { errorBody, notFound } from '../http/errors.ts';
import { relyingParty } from '../http/origin.ts';
import { featureFlags, passkeyChallenges, passkeys, users, vendors } from '../db/schema.ts';
import { findUserByEmail, getUser, getVendor } from '../session/accounts.ts';
import { auditSignedIn } from '../session/events.ts';
import { issueSession } from '../session/issue.ts';
import { emulatorDate, emulatorNow } from '../clock.ts';

type Ctx = Context<AppEnv>;

/** How long a WebAuthn challenge may be answered: 5 minutes (also the options' `timeout`). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The feature flag of the passkey prompt (the name preview mode uses, src/preview/data.ts). */
export const PASSKEYS_FLAG = 'admin_portal_passkeys';
/** amr of a passkey sign-in (RFC 8176 "hwk": proof of possession of a hardware-secured key). */
export const PASSKEY_AMR = ['hwk'];

const DEVICES = '/identity/resources/users/webauthn/v1/devices';
const AUTH = '/identity/resources/auth/v1/webauthn';

export const passkeyRoutes = new Hono<AppEnv>();
export const passkeyEmulatorRoutes = new Hono<AppEnv>();

/** Registers both route groups on the emulator app. */
export function mountPasskeys(app: Hono<AppEnv>, apiPrefix: string): void {
  app.route(apiPrefix, passkeyRoutes);
  app.route('/_emulator', passkeyEmulatorRoutes);
}

async function storeChallenge(c: Ctx, challenge: string, kind: 'registration' | 'authentication', userId: string | null, rp: { rpID: string; origin: string }) {
  await c.var.db.insert(passkeyChallenges).values({
    challenge,
    kind,
    userId,
    rpId: rp.rpID,
    origin: rp.origin,
    expiresAt: new Date((await emulatorNow(c.var.db)) + CHALLENGE_TTL_MS),
    consumedAt: null,
  });
}

/** The challenge inside `clientDataJSON` (base64url JSON), or undefined when it cannot be read. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the challenge an answer carries: it must exist, be of `kind`, belong to
 * `userId` (registration) and be live. It is consumed at once (single use): the
 * caller answers failures with a *returned* error so the consumption commits.
 */
async function takeChallenge(c: Ctx, clientDataJSON: string, kind: 'registration' | 'authentication', userId?: string) {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return { error: 'The WebAuthn response has no readable challenge' } as const;
  const db = c.var.db;
  const [row] = await db.select().from(passkeyChallenges).where(eq(passkeyChallenges.challenge, challenge));
  if (!row || row.kind !== kind || (userId !== undefined && row.userId !== userId)) return { error: 'Unknown WebAuthn challenge' } as const;
  const now = await emulatorNow(db);
  const taken = await db
    .update(passkeyChallenges)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(passkeyChallenges.challenge, challenge), isNull(passkeyChallenges.consumedAt)))
    .returning({ challenge: passkeyChallenges.challenge });
  if (taken.length === 0) return { error: 'The WebAuthn challenge was already used' } as const;
  if (row.expiresAt.getTime() <= now) return { error: 'The WebAuthn challenge has expired' } as const;
  return { row } as const;
}

const failed = (c: Ctx, message: string, code = 'ER-WEBAUTHN-INVALID') => c.json(errorBody(message, code), 400);

const credentialResponse = z.object({
  id: z.string().min(1, 'id is required'),
  rawId: z.string().optional(),
  type: z.string().default('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().nullish(),
});

const attestation = credentialResponse.extend({
  response: z
    .object({
      clientDataJSON: z.string().min(1),
      attestationObject: z.string().min(1),
      transports: z.array(z.string()).optional(),
    })
    .passthrough(),
  deviceType: optStr(),
});

const assertion = credentialResponse.extend({
  response: z
    .object({
      clientDataJSON: z.string().min(1),
      authenticatorData: z.string().min(1),
      signature: z.string().min(1),
      userHandle: z.string().nullish(),
    })
    .passthrough(),
  recaptchaToken: optStr(),
  invitationToken: optStr(),
});

const deviceDto = (p: typeof passkeys.$inferSelect) => ({
  id: p.id,
  deviceType: p.deviceType === 'multiDevice' ? 'Platform' : 'CrossPlatform',
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString(),
});

// ---------------------------------------------------------------- registration (api-contract U), bearer

passkeyRoutes.use(DEVICES, requireAuth);
passkeyRoutes.use(`${DEVICES}/*`, requireAuth);

/** webAuthnCreateNewDeviceSession → WA-Create (registration options for a discoverable credential). */
passkeyRoutes.post(DEVICES, async (c) => {
  const db = c.var.db;
  const user = await getUser(db, c.var.auth.sub);
  const vendor = await getVendor(db, c.var.rt.vendorId);
  const rp = relyingParty(c);
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: vendor.name,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new TextEncoder().encode(user.id),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(c, options.challenge, 'registration', user.id, rp);
  return c.json(options);
});

/** verifyNewDeviceSession: WA-Attest → stores the credential; `{}`. */
passkeyRoutes.post(`${DEVICES}/verify`, async (c) => {
  const body = await parseBody(c, attestation);
  const db = c.var.db;
  const user = await getUser(db, c.var.auth.sub);
  const taken = await takeChallenge(c, body.response.clientDataJSON, 'registration', user.id);
  if ('error' in taken) return failed(c, taken.error!);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: { ...body, rawId: body.rawId ?? body.id, type: 'public-key' } as RegistrationResponseJSON,
      expectedChallenge: taken.row.challenge,
      expectedOrigin: taken.row.origin,
      expectedRPID: taken.row.rpId,
      requireUserVerification: true,
    });
  } catch (e) {
    return failed(c, `The passkey could not be verified: ${(e as Error).message}`);
  }
  if (!verification.verified) return failed(c, 'The passkey could not be verified');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const [dup] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, credential.id));
  if (dup) return failed(c, 'This passkey is already registered', 'ER-WEBAUTHN-DUPLICATE');
  await db.insert(passkeys).values({
    id: credential.id,
    userId: user.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? body.response.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    createdAt: await emulatorDate(db),
    lastUsedAt: null,
  });
  return c.json({});
});

/** getWebAuthnDevices → `{ devices: [{ id, deviceType, createdAt }] }`. */
passkeyRoutes.get(DEVICES, async (c) => {
  const rows = await c.var.db.select().from(passkeys).where(eq(passkeys.userId, c.var.auth.sub)).orderBy(asc(passkeys.createdAt));
  return c.json({ devices: rows.map(deviceDto) });
});

/** deleteWebAuthnDevice; 404 when the device is not the caller's. */
passkeyRoutes.delete(`${DEVICES}/:deviceId`, async (c) => {
  const res = await c.var.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, c.req.param('deviceId')), eq(passkeys.userId, c.var.auth.sub)))
    .returning({ id: passkeys.id });
  if (res.length === 0) throw notFound('Device not found', 'ER-WEBAUTHN-DEVICE-NOT-FOUND');
  return c.json({});
});

// ---------------------------------------------------------------- sign-in (api-contract A), public

/**
 * webAuthnPreLogin `{ email? | userId? }` → WA-Req. Without a known user (or
 * one without passkeys) `allowCredentials` is empty: any discoverable passkey
 * for this RP may answer (the "Sign in with a passkey" button and browser autofill).
 */
passkeyRoutes.post(`${AUTH}/prelogin`, async (c) => {
  const body = await parseBody(c, z.object({ email: optStr(), userId: optStr(), recaptchaToken: optStr() }));
  const db = c.var.db;
  const user = body.userId ? (await db.select().from(users).where(eq(users.id, body.userId)))[0] : body.email ? await findUserByEmail(db, body.email) : undefined;
  const creds = user ? await db.select().from(passkeys).where(eq(passkeys.userId, user.id)) : [];
  const rp = relyingParty(c);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'required',
    allowCredentials: creds.map((p) => ({ id: p.id, transports: p.transports })),
  });
  await storeChallenge(c, options.challenge, 'authentication', null, rp);
  return c.json(options);
});

/** webAuthnPostLogin: WA-Assert → LR + refresh cookie (`amr ['hwk']`); 400 on a bad or reused answer; 401 locked. */
passkeyRoutes.post(`${AUTH}/postlogin`, async (c) => {
  const body = await parseBody(c, assertion);
  const db = c.var.db;
  const taken = await takeChallenge(c, body.response.clientDataJSON, 'authentication');
  if ('error' in taken) return failed(c, taken.error!);
  const [cred] = await db.select().from(passkeys).where(eq(passkeys.id, body.id));
  if (!cred) return failed(c, 'This passkey is not registered', 'ER-WEBAUTHN-UNKNOWN-CREDENTIAL');
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: { ...body, rawId: body.rawId ?? body.id, type: 'public-key' } as AuthenticationResponseJSON,
      expectedChallenge: taken.row.challenge,
      expectedOrigin: taken.row.origin,
      expectedRPID: taken.row.rpId,
      credential: { id: cred.id, publicKey: new Uint8Array(Buffer.from(cred.publicKey, 'base64url')), counter: cred.counter, transports: cred.transports as never },
      requireUserVerification: true,
    });
  } catch (e) {
    return failed(c, `The passkey could not be verified: ${(e as Error).message}`);
  }
  if (!verification.verified) return failed(c, 'The passkey could not be verified');
  const now = await emulatorDate(db);
  await db.update(passkeys).set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now }).where(eq(passkeys.id, cred.id));
  const user = await getUser(db, cred.userId);
  if (user.isLocked) return c.json(errorBody('User is locked', 'ER-USER-LOCKED'), 401);
  const vendor = await getVendor(db, c.var.rt.vendorId);
  if (!user.verified && !vendor.publicConfig.allowNotVerifiedUsersLogin) return failed(c, 'User is not verified', 'ER-USER-NOT-VERIFIED');
  await db.update(users).set({ failedLoginAttempts: 0, lastLogin: now }).where(eq(users.id, user.id));
  const lr = await issueSession(c, user, { amr: PASSKEY_AMR });
  await auditSignedIn(c, user, lr.tenantId, lr.amr);
  return c.json(lr);
});

// ---------------------------------------------------------------- test helpers (/_emulator)

/** `{ strategy?: boolean, flag?: boolean }`: the Passkeys secondary strategy and the admin_portal_passkeys flag. */
passkeyEmulatorRoutes.put('/passkeys', async (c) => {
  const body = await parseBody(c, z.object({ strategy: z.boolean().optional(), flag: z.boolean().optional() }));
  const db = c.var.db;
  const v = await getVendor(db, c.var.rt.vendorId);
  let authStrategies = v.authStrategies;
  if (body.strategy !== undefined) {
    const others = authStrategies.secondaryAuthStrategies.filter((s) => s.strategy !== 'Passkeys');
    authStrategies = { ...authStrategies, secondaryAuthStrategies: [...others, { strategy: 'Passkeys', isActive: body.strategy }] };
    await db.update(vendors).set({ authStrategies }).where(eq(vendors.id, v.id));
  }
  if (body.flag !== undefined) {
    await db
      .insert(featureFlags)
      .values({ name: PASSKEYS_FLAG, on: body.flag })
      .onConflictDoUpdate({ target: featureFlags.name, set: { on: body.flag } });
  }
  const [flag] = await db.select().from(featureFlags).where(eq(featureFlags.name, PASSKEYS_FLAG));
  return c.json({
    strategy: !!authStrategies.secondaryAuthStrategies.find((s) => s.strategy === 'Passkeys')?.isActive,
    flag: !!flag?.on,
  });
});

/** A user's passkeys (ids, counters), newest last. */
passkeyEmulatorRoutes.get('/users/:userId/passkeys', async (c) => {
  const rows = await c.var.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, c.req.param('userId')))
    .orderBy(asc(passkeys.createdAt));
  return c.json(rows.map((p) => ({ ...deviceDto(p), counter: p.counter, transports: p.transports, backedUp: p.backedUp })));
});
