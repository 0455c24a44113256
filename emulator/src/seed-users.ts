/**
 * The emulator's scale seed (`POST /_emulator/seed-users`, `--seed-users N`): many users in one tenant, quickly, for
 * the users list at scale (bench and tests). Emulator-only domain code.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { SEED } from './db/seed.ts';
import { authenticators, mfaPhones, roles, tenants, userTenantRoles, userTenants, users } from './db/schema.ts';
import { notFound } from './http/errors.ts';
import { emulatorNow } from './clock.ts';
import { hashPassword } from './crypto/passwords.ts';

/** The password of every seeded user (`POST /_emulator/seed-users`). */
export const SEEDED_USER_PASSWORD = 'Seed-Passw0rd!';
let seededHash: Promise<string> | undefined;

const BATCH = 1000;
const DAY = 86400_000;

/**
 * Creates `count` users in `tenantId` (default the seeded tenant) quickly: batched inserts, one password hash
 * ({@link SEEDED_USER_PASSWORD}) for all. Deterministic: user number n is `userNNNNN@example.com` ("User NNNNN"),
 * numbering on after the users an earlier call made. Every 10th has an authenticator app and every 15th an SMS phone
 * (MFA enrolled), every 8th a breached password, every 6th never signed in and every 7th not for 100+ days (inactive),
 * every 500th is disabled; two in three hold the ReadOnly role, the rest none. createdAt spreads over the past year,
 * lastLogin over the past 90 days.
 */
export async function seedUsers(db: Db, opts: { count: number; tenantId?: string; vendorId?: string }): Promise<{ created: number }> {
  const tenantId = opts.tenantId ?? SEED.tenantId;
  const vendorId = opts.vendorId ?? SEED.vendorId;
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.tenantId, tenantId));
  if (!tenant) throw notFound('Tenant not found');
  const [readOnly] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.vendorId, vendorId), eq(roles.key, 'ReadOnly'), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))));
  const [{ last }] = await db.select({ last: sql<number | null>`max(substring(${users.email} from '^user([0-9]+)@example\\.com$')::int)` }).from(users);
  const first = Number(last ?? 0) + 1;
  const width = Math.max(5, String(first + opts.count - 1).length);
  const passwordHash = await (seededHash ??= hashPassword(SEEDED_USER_PASSWORD));
  const now = await emulatorNow(db);
  for (let start = 0; start < opts.count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, opts.count - start) }, (_, k) => first + start + k);
    const rows = batch.map((n) => {
      const num = String(n).padStart(width, '0');
      const createdAt = new Date(now - ((n * 7919) % 365) * DAY - (n % 86400) * 1000);
      const lastLogin = n % 6 === 0 ? null : n % 7 === 0 ? new Date(now - (100 + (n % 200)) * DAY) : new Date(now - ((n * 31) % 90) * DAY);
      return {
        id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        vendorId,
        email: `user${num}@example.com`,
        name: `User ${num}`,
        passwordHash,
        phoneNumber: null,
        profilePictureUrl: null,
        verified: true,
        superUser: false,
        mfaBypass: false,
        metadata: null,
        activeTenantId: tenantId,
        isLocked: false,
        failedLoginAttempts: 0,
        lastLogin,
        isBreachedPassword: n % 8 === 0,
        createdAt,
      };
    });
    await db.insert(users).values(rows);
    await db.insert(userTenants).values(rows.map((r, k) => ({ userId: r.id, tenantId, createdAt: r.createdAt, disabled: batch[k] % 500 === 0 })));
    const withRole = readOnly ? rows.filter((_, k) => batch[k] % 3 !== 0) : [];
    if (withRole.length) await db.insert(userTenantRoles).values(withRole.map((r) => ({ userId: r.id, tenantId, roleId: readOnly.id })));
    const totp = rows.filter((_, k) => batch[k] % 10 === 0);
    if (totp.length) await db.insert(authenticators).values(totp.map((r) => ({ id: randomUUID(), userId: r.id, secret: 'JBSWY3DPEHPK3PXP', createdAt: r.createdAt })));
    const sms = rows.flatMap((r, k) =>
      batch[k] % 15 === 0 ? [{ id: randomUUID(), userId: r.id, phoneNumber: `+1555${String(batch[k]).padStart(7, '0')}`, createdAt: r.createdAt }] : [],
    );
    if (sms.length) await db.insert(mfaPhones).values(sms);
  }
  // fresh planner statistics, so the lists pick the indexes of migration 0010 right after a bulk load
  await db.execute(sql`analyze users, user_tenants, user_tenant_roles, authenticators, mfa_phones`);
  return { created: opts.count };
}
