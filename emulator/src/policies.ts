/**
 * The security policies in force for one account (admin spec §3 AB-3.24–3.26, §7 "Security policies"; issue 22):
 * an account's own policy (`tenants.settings.policies`, set from the portal's security section) over the vendor's
 * (`vendors.mfa_policy`, `vendors.lockout_policy`, `vendor_policies.password_history`), and the account's restriction
 * configs with their defaults. Read by the routes that set them and by every place that enforces them (sign-in,
 * password change and reset, the restriction checks, the security center).
 */
import type { Context } from 'hono';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import {
  passwordHistory as passwordHistoryTable,
  tenants,
  vendorPolicies,
  vendors,
  type LockoutPolicy,
  type MfaPolicy,
  type PasswordHistoryPolicy,
  type TenantSettings,
} from './db/schema.ts';
import type { AppEnv } from './http/env.ts';
import { HttpError } from './http/errors.ts';
import { verifyPassword } from './crypto/passwords.ts';
import { auditUser } from './audit.ts';
import { emulatorDate } from './clock.ts';

/** The password-history policy of a vendor that never set one: off, one password remembered. */
export const DEFAULT_PASSWORD_HISTORY_POLICY: PasswordHistoryPolicy = Object.freeze({
  id: 'password-history-policy',
  enabled: false,
  historySize: 1,
  createdAt: '1970-01-01T00:00:00.000Z',
  updatedAt: '1970-01-01T00:00:00.000Z',
});

/** The IP restriction config of an account that never set one (AB-3.16): inactive, allow list. */
export const DEFAULT_IP_RESTRICTION_CONFIG: NonNullable<TenantSettings['ipRestrictionConfig']> = Object.freeze({ isActive: false, strategy: 'ALLOW' });

/** The email-domain restriction config of an account that never set one (AB-3.18): inactive, block list, public domains allowed. */
export const DEFAULT_DOMAIN_RESTRICTION_CONFIG: NonNullable<TenantSettings['domainRestrictionConfig']> = Object.freeze({
  active: false,
  listType: 'BLOCK',
  blockPublicDomains: false,
});

/** The vendor's three policies: MFA, lockout, password history. @throws HttpError 500 when the vendor is not seeded */
export async function vendorPolicySet(db: Db, vendorId: string): Promise<{ mfa: MfaPolicy; lockout: LockoutPolicy; passwordHistory: PasswordHistoryPolicy }> {
  const [v] = await db.select({ mfa: vendors.mfaPolicy, lockout: vendors.lockoutPolicy }).from(vendors).where(eq(vendors.id, vendorId));
  if (!v) throw new HttpError(500, 'Vendor is not seeded');
  const [p] = await db.select({ passwordHistory: vendorPolicies.passwordHistory }).from(vendorPolicies).where(eq(vendorPolicies.vendorId, vendorId));
  return { mfa: v.mfa, lockout: v.lockout, passwordHistory: p?.passwordHistory ?? DEFAULT_PASSWORD_HISTORY_POLICY };
}

/** An account's settings (`{}` for an unknown tenant id). */
export async function tenantSettings(db: Db, tenantId: string): Promise<TenantSettings> {
  const [t] = await db.select({ settings: tenants.settings }).from(tenants).where(eq(tenants.tenantId, tenantId));
  return t?.settings ?? {};
}

/**
 * The policies in force for account `tenantId`: each the account's own when it set one, else the vendor's.
 * @throws HttpError 500 when the vendor is not seeded
 */
export async function effectivePolicies(db: Db, vendorId: string, tenantId: string): Promise<{ mfa: MfaPolicy; lockout: LockoutPolicy; passwordHistory: PasswordHistoryPolicy }> {
  // one query at a time: `db` may be a transaction on one connection (node-postgres and PGlite refuse or stall concurrent queries there)
  const vendor = await vendorPolicySet(db, vendorId);
  const settings = await tenantSettings(db, tenantId);
  const own = settings.policies ?? {};
  return { mfa: own.mfa ?? vendor.mfa, lockout: own.lockout ?? vendor.lockout, passwordHistory: own.passwordHistory ?? vendor.passwordHistory };
}

/** An account's IP restriction config, with the default when it never set one. */
export function ipRestrictionConfigOf(settings: TenantSettings): NonNullable<TenantSettings['ipRestrictionConfig']> {
  return { ...DEFAULT_IP_RESTRICTION_CONFIG, ...settings.ipRestrictionConfig };
}

/** An account's email-domain restriction config, with the default when it never set one. */
export function domainRestrictionConfigOf(settings: TenantSettings): NonNullable<TenantSettings['domainRestrictionConfig']> {
  return { ...DEFAULT_DOMAIN_RESTRICTION_CONFIG, ...settings.domainRestrictionConfig };
}

// ---------------------------------------------------------------- password history (AB-3.26; issue 22 item 1)

/** How many earlier password hashes the emulator keeps a user (the policy's `historySize` is at most 10). */
export const PASSWORD_HISTORY_KEPT = 10;

/** The refusal of a password within the history (Frontegg's wording; no text in the spec's catalogue). */
export const PASSWORD_USED_RECENTLY = 'Password was used recently. Choose a different password.';

/**
 * True when `password` is one of the user's last `policy.historySize` passwords: the current one (`currentHash`)
 * and the `historySize - 1` before it (`password_history`, newest first). Always false when the policy is off.
 */
export async function isPasswordInHistory(db: Db, userId: string, currentHash: string | null, password: string, policy: PasswordHistoryPolicy): Promise<boolean> {
  if (!policy.enabled) return false;
  if (currentHash && (await verifyPassword(password, currentHash))) return true;
  const earlier = await db
    .select({ hash: passwordHistoryTable.passwordHash })
    .from(passwordHistoryTable)
    .where(eq(passwordHistoryTable.userId, userId))
    .orderBy(desc(passwordHistoryTable.createdAt), desc(passwordHistoryTable.id))
    .limit(Math.max(0, policy.historySize - 1));
  for (const { hash } of earlier) if (await verifyPassword(password, hash)) return true;
  return false;
}

/**
 * Refuses a new password within the history of the policy in force for the user's account (`user.activeTenantId`):
 * 400 {@link PASSWORD_USED_RECENTLY} (`ER-PASSWORD-HISTORY`), audited `user.password.refused` (WARNING, durable, with
 * the client address). Call before a user with a password sets a new one (change, reset).
 * @throws HttpError 400 when the password is within the history
 */
export async function refuseReusedPassword(
  c: Context<AppEnv>,
  user: { id: string; email: string; activeTenantId: string; passwordHash: string | null },
  password: string,
): Promise<void> {
  const db = c.var.db;
  const { passwordHistory } = await effectivePolicies(db, c.var.rt.vendorId, user.activeTenantId);
  if (!(await isPasswordInHistory(db, user.id, user.passwordHash, password, passwordHistory))) return;
  await auditUser(c, user, user.activeTenantId, {
    action: 'user.password.refused',
    severity: 'WARNING',
    description: `New password refused (used recently): ${user.email}`,
    details: { email: user.email, reason: 'password history', historySize: passwordHistory.historySize },
    durable: true,
  });
  throw new HttpError(400, PASSWORD_USED_RECENTLY, 'ER-PASSWORD-HISTORY');
}

/**
 * Records the hash a user's password change replaces (`password_history`, whatever the policy: turning it on later
 * covers the passwords already used) and keeps the newest {@link PASSWORD_HISTORY_KEPT} of the user.
 */
export async function rememberReplacedPassword(db: Db, userId: string, replacedHash: string | null): Promise<void> {
  if (!replacedHash) return;
  await db.insert(passwordHistoryTable).values({ userId, passwordHash: replacedHash, createdAt: await emulatorDate(db) });
  const stale = await db
    .select({ id: passwordHistoryTable.id })
    .from(passwordHistoryTable)
    .where(eq(passwordHistoryTable.userId, userId))
    .orderBy(desc(passwordHistoryTable.createdAt), desc(passwordHistoryTable.id))
    .offset(PASSWORD_HISTORY_KEPT);
  if (stale.length)
    await db.delete(passwordHistoryTable).where(
      inArray(
        passwordHistoryTable.id,
        stale.map((r) => r.id),
      ),
    );
}

// ---------------------------------------------------------------- session configurations (SI-3.11; issue 22 item 2)

/** ISessionConfigurations (SI-3.11: forced re-login, idle timeout, concurrent sessions); timeouts in seconds. */
export interface SessionConfigurations {
  sessionTimeoutConfiguration: { isActive: boolean; timeout: number };
  sessionIdleTimeoutConfiguration: { isActive: boolean; timeout: number };
  sessionConcurrentConfiguration: { isActive: boolean; maxSessions: number };
}

/** Every session policy off until an admin sets it: 24 h forced re-login, 30 min idle, 10 sessions. */
export const DEFAULT_SESSION_CONFIGURATIONS: SessionConfigurations = Object.freeze({
  sessionTimeoutConfiguration: { isActive: false, timeout: 86_400 },
  sessionIdleTimeoutConfiguration: { isActive: false, timeout: 1_800 },
  sessionConcurrentConfiguration: { isActive: false, maxSessions: 10 },
});

/** Tenant settings as routes/admin/sessions.ts stores them: the session configurations under `sessions`. */
export type SettingsWithSessions = TenantSettings & { sessions?: Partial<SessionConfigurations> };

/** An account's session configurations (`tenants.settings.sessions`), each object with its default when never set. */
export function sessionConfigurationsOf(settings: SettingsWithSessions): SessionConfigurations {
  const d = DEFAULT_SESSION_CONFIGURATIONS;
  const own = settings.sessions ?? {};
  return {
    sessionTimeoutConfiguration: { ...d.sessionTimeoutConfiguration, ...own.sessionTimeoutConfiguration },
    sessionIdleTimeoutConfiguration: { ...d.sessionIdleTimeoutConfiguration, ...own.sessionIdleTimeoutConfiguration },
    sessionConcurrentConfiguration: { ...d.sessionConcurrentConfiguration, ...own.sessionConcurrentConfiguration },
  };
}
