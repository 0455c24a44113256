/**
 * The MFA challenge after a first factor — whether MFA is due (a device, or the account's policy),
 * the MFA token and its answer, or else the session; loading and spending an MFA token.
 */
import type { Context } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mfaTokens } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest } from '../http/errors.ts';
import { randomToken, sha256 } from '../crypto/tokens.ts';
import { emulatorDate, emulatorNow } from '../clock.ts';
import { activeStrategies, isRememberedDevice, mfaDeviceCount, mfaDevicesOf } from '../mfa-devices.ts';
import { effectivePolicies } from '../policies.ts';
import { type UserRow } from './accounts.ts';
import { auditSignedIn } from './events.ts';
import { issueSession } from './issue.ts';

type Ctx = Context<AppEnv>;

export const MFA_TOKEN_TTL_MS = 10 * 60 * 1000;

/**
 * True when the MFA policy in force for the user's account (`user.activeTenantId`: the account's own over the
 * vendor's, policies.ts) forces MFA (Force or ForceExceptSAML) and the user is not exempt (`mfaBypass`).
 */
export async function mfaPolicyForces(db: Db, vendorId: string, user: UserRow): Promise<boolean> {
  const { mfa } = await effectivePolicies(db, vendorId, user.activeTenantId);
  return mfa.enforceMFAType !== 'DontForce' && !user.mfaBypass;
}

export async function mfaRequiredResponse(db: Db, user: UserRow, opts: { isBreachedPassword: boolean }) {
  // every kind of device (mfa-devices.ts), and the active strategies (for enrolment)
  const mfaDevices = await mfaDevicesOf(db, user.id);
  const enrolled = Object.values(mfaDevices).some((list) => list.length > 0);
  const mfaToken = randomToken(32);
  const now = await emulatorNow(db);
  await db.insert(mfaTokens).values({
    tokenHash: sha256(mfaToken),
    userId: user.id,
    pendingSecret: null,
    isBreachedPassword: opts.isBreachedPassword,
    expiresAt: new Date(now + MFA_TOKEN_TTL_MS),
    consumedAt: null,
    createdAt: new Date(now),
  });
  return {
    mfaRequired: true as const,
    mfaToken,
    mfaEnrolled: enrolled,
    mfaStrategies: await activeStrategies(db),
    mfaDevices,
    userId: user.id,
    email: user.email,
  };
}

/**
 * After a successful first factor: either an MFA challenge (no tokens) or a
 * full session. MFA is required when the user has an authenticator or the
 * MFA policy in force for the user's account forces it.
 */
export async function completePrimaryAuth(c: Ctx, user: UserRow, opts: { isBreachedPassword: boolean; amr?: string[] }) {
  const db = c.var.db;
  const enrolled = (await mfaDeviceCount(db, user.id)) > 0;
  // a browser remembered at an earlier MFA (rememberDevice, mfa-devices.ts) skips it until it expires
  if ((enrolled || (await mfaPolicyForces(db, c.var.rt.vendorId, user))) && !(await isRememberedDevice(c, user.id))) {
    return mfaRequiredResponse(db, user, opts);
  }
  const lr = await issueSession(c, user, { amr: opts.amr ?? ['pwd'], isBreachedPassword: opts.isBreachedPassword });
  await auditSignedIn(c, user, lr.tenantId, lr.amr);
  return lr;
}

/** Loads a live MFA token (not expired, not consumed) or answers 400. */
export async function loadMfaToken(db: Db, mfaToken: string) {
  const [row] = await db
    .select()
    .from(mfaTokens)
    .where(eq(mfaTokens.tokenHash, sha256(mfaToken)));
  if (!row || row.consumedAt || row.expiresAt.getTime() <= (await emulatorNow(db))) {
    throw badRequest('The MFA token is invalid or has expired', 'ER-MFA-TOKEN-INVALID');
  }
  return row;
}

export async function consumeMfaToken(db: Db, tokenHash: string): Promise<void> {
  const res = await db
    .update(mfaTokens)
    .set({ consumedAt: await emulatorDate(db) })
    .where(and(eq(mfaTokens.tokenHash, tokenHash), isNull(mfaTokens.consumedAt)))
    .returning({ h: mfaTokens.tokenHash });
  if (res.length === 0) throw badRequest('The MFA token is invalid or has expired', 'ER-MFA-TOKEN-INVALID');
}
