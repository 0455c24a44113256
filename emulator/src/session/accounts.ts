/**
 * Who signs in — the vendor, users by id or email, and the tenants a user may use now, with the
 * tenant's answer shape (api-contract.md §5).
 */
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tenants, userTenants, users, vendors } from '../db/schema.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { emulatorNow } from '../clock.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The fields of a user's DTO that come from the user's own row, the same in every account (the signed-in user's
 * profile, `users/v2/me`, and the users tables UV3/UP of api-contract §5): identity, picture, flags and dates (ISO).
 */
export function userRowFields(u: UserRow) {
  return {
    id: u.id,
    sub: u.id,
    email: u.email,
    name: u.name,
    profileImage: u.profilePictureUrl ?? undefined,
    profilePictureUrl: u.profilePictureUrl ?? undefined,
    verified: u.verified,
    mfaBypass: u.mfaBypass,
    phoneNumber: u.phoneNumber ?? undefined,
    isLocked: u.isLocked,
    superUser: u.superUser,
    metadata: u.metadata ?? '{}',
    createdAt: u.createdAt.toISOString(),
    lastLogin: u.lastLogin?.toISOString(),
    subAccountAccessAllowed: false,
  };
}
export type TenantRow = typeof tenants.$inferSelect;

export async function getVendor(db: Db, vendorId: string) {
  const [v] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
  if (!v) throw new HttpError(500, 'Vendor is not seeded');
  return v;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return u;
}

export async function getUser(db: Db, userId: string): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw unauthorized('User not found');
  return u;
}

// ---------------------------------------------------------------- shapes (api-contract.md §5)

export function tenantDto(t: TenantRow) {
  return {
    id: t.id,
    tenantId: t.tenantId,
    name: t.name,
    vendorId: t.vendorId,
    deletedAt: null,
    metadata: t.metadata ?? undefined,
    isReseller: t.isReseller,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    address: undefined,
    timezone: undefined,
    dateFormat: undefined,
    timeFormat: undefined,
    currency: undefined,
    logo: undefined,
    logoUrl: undefined,
  };
}

/**
 * The tenants the user may use now: a pending invitation (activated = false) is not a membership yet, a disabled
 * membership (admin "disable user", api-contract G) and a temporary one past its expiry (contract H, on the emulator
 * clock) no longer are.
 */
export async function userTenantList(db: Db, userId: string): Promise<TenantRow[]> {
  const now = new Date(await emulatorNow(db));
  const rows = await db
    .select({ t: tenants })
    .from(userTenants)
    .innerJoin(tenants, eq(tenants.tenantId, userTenants.tenantId))
    .where(
      and(
        eq(userTenants.userId, userId),
        eq(userTenants.activated, true),
        eq(userTenants.disabled, false),
        or(isNull(userTenants.temporaryExpiresAt), gt(userTenants.temporaryExpiresAt, now)),
      ),
    )
    .orderBy(asc(userTenants.createdAt), asc(tenants.name));
  return rows.map((r) => r.t);
}
