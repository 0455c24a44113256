/**
 * MFA devices of every kind (sign-in §3 "MFA device kinds": authenticators,
 * phones, emails, webauthn), the MFA settings, and remembered browsers.
 * Shared by session/mfa-challenge.ts (the MFA challenge at login), routes/mfa.ts,
 * routes/mfa-methods.ts and routes/config.ts.
 *
 * Settings (one row in `mfa_settings`, test-settable through
 * `PUT /_emulator/mfa-settings` and `PUT /_emulator/mfa-policy`):
 * - `strategies`: which MFA strategies are active (default: AuthenticatorApp only);
 * - `allowRememberMyDevice` / `mfaDeviceExpiration` (seconds, default 30 days):
 *   the remember-device policy;
 * - `codeTtlSeconds` (default {@link DEFAULT_MFA_SETTINGS}: 300 = 5 minutes, as
 *   the SMS codes of the lifecycle flows) and `resendIntervalSeconds` (default
 *   30: one code per 30 s per mfaToken and channel).
 *
 * Remembered browsers: a verify with `rememberDevice: true` (when allowed) sets
 * the httpOnly cookie `fe_mfa_device_<clientId>` to a random token whose
 * SHA-256 is stored with the user and an expiry; the next primary sign-in of
 * that user from that browser skips MFA until then.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { authenticators, mfaEmails, mfaPhones, mfaRememberedDevices, mfaSettings, mfaWebauthn } from './db/schema.ts';
import type { AppEnv } from './http/env.ts';
import { randomToken, sha256 } from './crypto/tokens.ts';
import { emulatorNow, emulatorDate } from './clock.ts';

type Ctx = Context<AppEnv>;

/** MFA strategies (sign-in §3, SI-3.25). */
export const MFA_STRATEGIES = ['AuthenticatorApp', 'WebAuthnPlatform', 'WebAuthnCrossPlatform', 'SMS', 'EmailCode'] as const;
export type MfaStrategy = (typeof MFA_STRATEGIES)[number];

export interface MfaSettings {
  strategies: Record<MfaStrategy, boolean>;
  allowRememberMyDevice: boolean;
  /** Seconds a remembered browser skips MFA. */
  mfaDeviceExpiration: number;
  /** Seconds an SMS or email code is valid. */
  codeTtlSeconds: number;
  /** Seconds between two codes sent for one mfaToken on one channel. */
  resendIntervalSeconds: number;
}

export const DEFAULT_MFA_SETTINGS: MfaSettings = {
  strategies: { AuthenticatorApp: true, WebAuthnPlatform: false, WebAuthnCrossPlatform: false, SMS: false, EmailCode: false },
  allowRememberMyDevice: false,
  mfaDeviceExpiration: 30 * 86400,
  codeTtlSeconds: 5 * 60,
  resendIntervalSeconds: 30,
};

const SETTINGS_ID = 'default';

export async function getMfaSettings(db: Db): Promise<MfaSettings> {
  const [row] = await db.select().from(mfaSettings).where(eq(mfaSettings.id, SETTINGS_ID));
  const saved = (row?.settings ?? {}) as Partial<MfaSettings>;
  return { ...DEFAULT_MFA_SETTINGS, ...saved, strategies: { ...DEFAULT_MFA_SETTINGS.strategies, ...(saved.strategies ?? {}) } };
}

/** Merges `patch` into the settings (strategies merge per strategy). */
export async function updateMfaSettings(db: Db, patch: Partial<Omit<MfaSettings, 'strategies'>> & { strategies?: Partial<Record<MfaStrategy, boolean>> }): Promise<MfaSettings> {
  const current = await getMfaSettings(db);
  const settings: MfaSettings = { ...current, ...patch, strategies: { ...current.strategies, ...(patch.strategies ?? {}) } };
  await db
    .insert(mfaSettings)
    .values({ id: SETTINGS_ID, settings: settings as unknown as Record<string, unknown> })
    .onConflictDoUpdate({ target: mfaSettings.id, set: { settings: settings as unknown as Record<string, unknown> } });
  return settings;
}

/** The active strategies, in the contract's order (login response `mfaStrategies`). */
export async function activeStrategies(db: Db): Promise<MfaStrategy[]> {
  const s = await getMfaSettings(db);
  return MFA_STRATEGIES.filter((k) => s.strategies[k]);
}

/** `+15551234567` → `+1 *** *** 4567`-like: the country prefix kept and all but the last 4 digits hidden. */
export function maskPhone(phone: string): string {
  return phone.length <= 6 ? phone : phone.slice(0, 2) + '*'.repeat(phone.length - 6) + phone.slice(-4);
}

/** MfaDevs (api-contract §5): every device of the user, oldest first. Phone numbers are masked. */
export async function mfaDevicesOf(db: Db, userId: string) {
  // one query at a time: `db` may be a transaction, a single connection (node-postgres 9 refuses concurrent queries on one)
  const auths = await db.select({ id: authenticators.id }).from(authenticators).where(eq(authenticators.userId, userId)).orderBy(asc(authenticators.createdAt));
  const phones = await db.select().from(mfaPhones).where(eq(mfaPhones.userId, userId)).orderBy(asc(mfaPhones.createdAt));
  const emails = await db.select().from(mfaEmails).where(eq(mfaEmails.userId, userId));
  const keys = await db.select().from(mfaWebauthn).where(eq(mfaWebauthn.userId, userId)).orderBy(asc(mfaWebauthn.createdAt));
  return {
    webauthn: keys.map((k) => ({ id: k.id, deviceType: k.deviceType, name: k.name })),
    phones: phones.map((p) => ({ id: p.id, phoneNumber: maskPhone(p.phoneNumber) })),
    authenticators: auths.map((a) => ({ id: a.id })),
    emails: emails.map((e) => ({ email: e.email })),
  };
}

export type MfaDevices = Awaited<ReturnType<typeof mfaDevicesOf>>;

/** How many MFA devices the user has (any kind). */
export async function mfaDeviceCount(db: Db, userId: string): Promise<number> {
  const d = await mfaDevicesOf(db, userId);
  return d.webauthn.length + d.phones.length + d.authenticators.length + d.emails.length;
}

/** Which of `userIds` have an MFA device of any kind (the admin lists' `mfaEnrolled`), in four queries whatever their number. */
export async function usersWithMfa(db: Db, userIds: string[]): Promise<Set<string>> {
  const enrolled = new Set<string>();
  for (const table of [authenticators, mfaPhones, mfaEmails, mfaWebauthn]) {
    for (const row of await db.selectDistinct({ userId: table.userId }).from(table).where(inArray(table.userId, userIds))) enrolled.add(row.userId);
  }
  return enrolled;
}

/** Removes every MFA device of the user (recovery). */
export async function removeMfaDevices(db: Db, userId: string): Promise<void> {
  await db.delete(authenticators).where(eq(authenticators.userId, userId));
  await db.delete(mfaPhones).where(eq(mfaPhones.userId, userId));
  await db.delete(mfaEmails).where(eq(mfaEmails.userId, userId));
  await db.delete(mfaWebauthn).where(eq(mfaWebauthn.userId, userId));
  await db.delete(mfaRememberedDevices).where(eq(mfaRememberedDevices.userId, userId));
}

/** Adds a phone device: `{ id }`. */
export async function addPhone(db: Db, userId: string, phoneNumber: string): Promise<{ id: string }> {
  const id = randomUUID();
  await db.insert(mfaPhones).values({ id, userId, phoneNumber, createdAt: await emulatorDate(db) });
  return { id };
}

/** Adds (or replaces) the user's email device. */
export async function setEmailDevice(db: Db, userId: string, email: string): Promise<void> {
  await db
    .insert(mfaEmails)
    .values({ userId, email, createdAt: await emulatorDate(db) })
    .onConflictDoUpdate({ target: mfaEmails.userId, set: { email } });
}

// ---------------------------------------------------------------- remembered browsers

export const rememberCookieName = (clientId: string) => `fe_mfa_device_${clientId}`;

/** Whether this request's browser is remembered for `userId` (a live remembered-device row for its cookie). */
export async function isRememberedDevice(c: Ctx, userId: string): Promise<boolean> {
  const token = getCookie(c, rememberCookieName(c.var.rt.clientId));
  if (!token) return false;
  const settings = await getMfaSettings(c.var.db);
  if (!settings.allowRememberMyDevice) return false;
  const now = new Date(await emulatorNow(c.var.db));
  const [row] = await c.var.db
    .select()
    .from(mfaRememberedDevices)
    .where(and(eq(mfaRememberedDevices.tokenHash, sha256(token)), eq(mfaRememberedDevices.userId, userId), gt(mfaRememberedDevices.expiresAt, now)));
  return !!row;
}

/**
 * After a successful MFA verify with `rememberDevice: true`: when the policy
 * allows it, remembers this browser for the user (cookie + hashed row) for
 * `mfaDeviceExpiration` seconds. Does nothing otherwise.
 */
export async function rememberDevice(c: Ctx, userId: string): Promise<void> {
  const settings = await getMfaSettings(c.var.db);
  if (!settings.allowRememberMyDevice || settings.mfaDeviceExpiration <= 0) return;
  const token = randomToken(32);
  const now = await emulatorNow(c.var.db);
  await c.var.db.insert(mfaRememberedDevices).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(now + settings.mfaDeviceExpiration * 1000),
    createdAt: new Date(now),
  });
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const secure = new URL(c.req.url).protocol === 'https:' || proto === 'https';
  setCookie(c, rememberCookieName(c.var.rt.clientId), token, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: settings.mfaDeviceExpiration });
}

/** Turns remember-device on or off for tests: also in `PUT /_emulator/mfa-policy` (routes/emulator.ts). */
export async function applyRememberPolicy(c: Ctx, body: { allowRememberMyDevice?: boolean; mfaDeviceExpiration?: number }) {
  const patch: { allowRememberMyDevice?: boolean; mfaDeviceExpiration?: number } = {};
  if (body.allowRememberMyDevice !== undefined) patch.allowRememberMyDevice = body.allowRememberMyDevice;
  if (body.mfaDeviceExpiration !== undefined) patch.mfaDeviceExpiration = body.mfaDeviceExpiration;
  const s = Object.keys(patch).length ? await updateMfaSettings(c.var.db, patch) : await getMfaSettings(c.var.db);
  return { allowRememberMyDevice: s.allowRememberMyDevice, mfaDeviceExpiration: s.mfaDeviceExpiration };
}
