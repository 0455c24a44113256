/**
 * The security policies in force for one account (admin spec §3 AB-3.24–3.26, §7 "Security policies"; issue 22):
 * an account's own policy (`tenants.settings.policies`, set from the portal's security section) over the vendor's
 * (`vendors.mfa_policy`, `vendors.lockout_policy`, `vendor_policies.password_history`), and the account's restriction
 * configs with their defaults. Read by the routes that set them and by every place that enforces them (sign-in,
 * password change and reset, the restriction checks, the security center).
 */
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { tenants, vendorPolicies, vendors, type LockoutPolicy, type MfaPolicy, type PasswordHistoryPolicy, type TenantSettings } from './db/schema.ts';
import { HttpError } from './http/errors.ts';

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
  const [vendor, settings] = await Promise.all([vendorPolicySet(db, vendorId), tenantSettings(db, tenantId)]);
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
