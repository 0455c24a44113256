/**
 * Row locks that serialize the read-then-write requests of the admin routes. PGlite runs one transaction at a time,
 * but on a Postgres server (`DATABASE_URL`, READ COMMITTED) two requests interleave: a "replace the set" edit
 * (delete the rows, insert the new ones) can leave the union of both sets or fail on a duplicate key, and a
 * "check, then insert" can let two equal keys in. Each helper takes `SELECT … FOR UPDATE` on one row, held until the
 * request's transaction ends (`app.ts` runs every mutating request in one), so a second request waits there and its
 * following statements see what the first committed. Call them inside that transaction, before the first read that
 * the write depends on. A missing row locks nothing (the caller's own checks answer 404).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { roles, tenants, userTenants } from './schema.ts';

/** Locks the tenant `tenantId` (the public tenant id): for writes whose check spans the tenant, e.g. a free role key. */
export async function lockTenant(db: Db, tenantId: string): Promise<void> {
  await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.tenantId, tenantId)).for('update');
}

/** Locks the membership of user `userId` in tenant `tenantId`: for edits that replace the member's roles in it. */
export async function lockMembership(db: Db, userId: string, tenantId: string): Promise<void> {
  await db
    .select({ userId: userTenants.userId })
    .from(userTenants)
    .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)))
    .for('update');
}

/** Locks the role `roleId`: for edits that replace its permission links. */
export async function lockRole(db: Db, roleId: string): Promise<void> {
  await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId)).for('update');
}
