/**
 * Sub-account changes (api-contract §N: createSubTenant, updateSubTenant, deleteSubTenant, updateSubTenantManagement,
 * updateSubTenantHierarchySettings; issue 34 item 2) and the emulator's own move: domain code for
 * routes/admin/sub-tenants.ts, which checks who may act where, audits and emits the events. The tree's queries are in
 * hierarchy.ts; here the writes.
 *
 * Every structural change (create, delete, move) first takes {@link lockHierarchy}: on a Postgres server two
 * requests interleave (READ COMMITTED), and two moves checked apart could each pass the cycle check and make a cycle
 * together, or a sub-account could be created under a parent being deleted. The lock holds until the request's
 * transaction ends (app.ts runs every mutating request in one); PGlite runs one transaction at a time anyway.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import type { AppEnv } from './http/env.ts';
import {
  apiTokens,
  groupConfigurations,
  impersonationSessions,
  ssoConfigurations,
  stepUpTokens,
  tenants,
  userGroups,
  userTenants,
  users,
  vendors,
  type SubAccountAccessType,
  type TenantSettings,
} from './db/schema.ts';
import { emulatorDate } from './clock.ts';
import { badRequest, conflict } from './http/errors.ts';
import { removeFromTenants } from './team.ts';
import { emitUserEvent, webhookUser } from './events/payloads.ts';
import { deleteConfiguration } from './sso/configurations.ts';
import { isInSubtree } from './hierarchy.ts';

type Ctx = Context<AppEnv>;
export type TenantRow = typeof tenants.$inferSelect;

/** Serialises the structural changes of a vendor's tree (see the module comment): locks the vendor's row. */
export async function lockHierarchy(db: Db, vendorId: string): Promise<void> {
  await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).for('update');
}

/** The refusal of a delete while the account has sub-accounts (the admin spec has no text for it: ours). */
export const HAS_SUB_ACCOUNTS = 'This account has sub-accounts. Delete or move them first.';
/** Its error code. */
export const HAS_SUB_ACCOUNTS_CODE = 'ER-TENANT-HAS-SUB-ACCOUNTS';
/** The refusal of a move under the account itself or one of its sub-accounts. */
export const MOVE_MAKES_CYCLE = 'An account cannot be moved under itself or one of its sub-accounts';
/** Its error code. */
export const MOVE_MAKES_CYCLE_CODE = 'ER-TENANT-HIERARCHY-CYCLE';

/** The optional fields of createSubTenant kept with the account (its account settings, api-contract §O). */
export interface NewAccountSettings {
  website?: string;
  applicationUrl?: string;
  logo?: string;
  address?: string;
  timezone?: string;
  currency?: string;
}

/** What {@link createSubAccount} makes. */
export interface NewSubAccount {
  /** Default a random UUID. */
  tenantId?: string;
  name: string;
  parentTenantId: string;
  isReseller?: boolean;
  settings?: NewAccountSettings;
}

/**
 * Creates a sub-account of `parentTenantId` (the caller checked that it may act there). The account gets its billing
 * from the `tenants` insert trigger (migration 0010). 409 `Tenant already exists` for a taken tenant id.
 * @returns the new row
 */
export async function createSubAccount(db: Db, vendorId: string, input: NewSubAccount): Promise<TenantRow> {
  await lockHierarchy(db, vendorId);
  const tenantId = input.tenantId || randomUUID();
  const [taken] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.tenantId, tenantId));
  if (taken) throw conflict('Tenant already exists', 'ER-TENANT-EXISTS');
  const now = await emulatorDate(db);
  const settings: TenantSettings = Object.fromEntries(Object.entries(input.settings ?? {}).filter(([, v]) => v !== undefined && v !== ''));
  const [row] = await db
    .insert(tenants)
    .values({
      id: randomUUID(),
      tenantId,
      vendorId,
      name: input.name,
      metadata: null,
      isReseller: input.isReseller ?? false,
      settings,
      parentTenantId: input.parentTenantId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

/** The changes {@link updateSubAccount} applies; absent fields stay. */
export interface SubAccountPatch {
  name?: string;
  isReseller?: boolean;
  subAccountAccessType?: SubAccountAccessType;
}

/**
 * Applies `patch` to the account; returns the row after it and the names of the fields that changed (none: nothing
 * is written).
 */
export async function updateSubAccount(db: Db, row: TenantRow, patch: SubAccountPatch): Promise<{ saved: TenantRow; changed: (keyof SubAccountPatch)[] }> {
  const changed = (Object.keys(patch) as (keyof SubAccountPatch)[]).filter((k) => patch[k] !== undefined && patch[k] !== row[k]);
  if (!changed.length) return { saved: row, changed };
  const [saved] = await db
    .update(tenants)
    .set({
      name: patch.name ?? row.name,
      isReseller: patch.isReseller ?? row.isReseller,
      subAccountAccessType: patch.subAccountAccessType ?? row.subAccountAccessType,
      updatedAt: await emulatorDate(db),
    })
    .where(eq(tenants.id, row.id))
    .returning();
  return { saved, changed };
}

/**
 * Moves the account under `newParentId` (the caller checked that it may act at both ends). 400
 * {@link MOVE_MAKES_CYCLE} when the new parent is the account itself or one of its descendants.
 * @returns the row after the move and its parent before it
 */
export async function moveSubAccount(db: Db, vendorId: string, row: TenantRow, newParentId: string): Promise<{ saved: TenantRow; from: string | null }> {
  await lockHierarchy(db, vendorId);
  if (await isInSubtree(db, vendorId, row.tenantId, newParentId)) throw badRequest(MOVE_MAKES_CYCLE, MOVE_MAKES_CYCLE_CODE);
  const [saved] = await db
    .update(tenants)
    .set({ parentTenantId: newParentId, updatedAt: await emulatorDate(db) })
    .where(eq(tenants.id, row.id))
    .returning();
  return { saved, from: row.parentTenantId };
}

/**
 * Deletes the account `row`, a leaf: 400 {@link HAS_SUB_ACCOUNTS} while it has a sub-account. Its members leave it
 * — a user whose only account it was is deleted (team.ts `removeFromTenants`; `frontegg.user.removedFromTenant` and
 * `frontegg.user.deleted` emitted as for any removal) — and what the account owned goes with it: its roles, billing,
 * webhooks, restrictions and the other rows that cascade from `tenants`, and those that do not: its groups, SSO
 * configurations (their routed domains too), tenant API tokens, impersonation and step-up rows. Its audit log stays.
 * @returns the users removed from it and the ones deleted with it
 */
export async function deleteSubAccount(c: Ctx, row: TenantRow): Promise<{ removedUsers: number; deletedUsers: number }> {
  const db = c.var.db;
  await lockHierarchy(db, row.vendorId);
  const [child] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.parentTenantId, row.tenantId), ne(tenants.tenantId, row.tenantId)))
    .limit(1);
  if (child) throw badRequest(HAS_SUB_ACCOUNTS, HAS_SUB_ACCOUNTS_CODE);
  const tenantId = row.tenantId;

  let removedUsers = 0;
  let deletedUsers = 0;
  const members = await db.select({ userId: userTenants.userId }).from(userTenants).where(eq(userTenants.tenantId, tenantId));
  for (const { userId } of members) {
    const user = await webhookUser(db, userId, tenantId);
    const { userDeleted } = await removeFromTenants(db, userId, [tenantId]);
    await emitUserEvent(db, 'frontegg.user.removedFromTenant', { userId, tenantId, user });
    if (userDeleted) await emitUserEvent(db, 'frontegg.user.deleted', { userId, tenantId, user });
    removedUsers++;
    if (userDeleted) deletedUsers++;
  }
  // a user whose active account it was without a membership there (made by hand) moves to an account it has
  const strays = await db.select({ id: users.id }).from(users).where(eq(users.activeTenantId, tenantId));
  for (const { id } of strays) {
    const [next] = await db.select({ tenantId: userTenants.tenantId }).from(userTenants).where(eq(userTenants.userId, id)).limit(1);
    if (next) await db.update(users).set({ activeTenantId: next.tenantId }).where(eq(users.id, id));
    else await removeFromTenants(db, id, [tenantId]);
  }

  for (const config of await db.select().from(ssoConfigurations).where(eq(ssoConfigurations.tenantId, tenantId))) await deleteConfiguration(c, config);
  await db.delete(userGroups).where(eq(userGroups.tenantId, tenantId));
  await db.delete(groupConfigurations).where(eq(groupConfigurations.tenantId, tenantId));
  await db.delete(apiTokens).where(eq(apiTokens.tenantId, tenantId));
  await db.delete(impersonationSessions).where(eq(impersonationSessions.tenantId, tenantId));
  await db.delete(stepUpTokens).where(eq(stepUpTokens.tenantId, tenantId));
  await db.delete(tenants).where(eq(tenants.id, row.id));
  return { removedUsers, deletedUsers };
}

// ---------------------------------------------------------------- the scale seed

/** Names the scale seed gives its accounts (a word, then the account's number). */
const SEED_WORDS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', 'Tyrell', 'Cyberdyne', 'Soylent', 'Vandelay'];

/** What {@link seedTenantTree} makes. */
export interface TenantTreeSeed {
  /** The account the tree hangs under. */
  parentTenantId: string;
  /** Levels below the parent (1–8). */
  depth: number;
  /** Sub-accounts of each account (1–50). */
  breadth: number;
  /** At most this many accounts in all (the last level filled in part); default every one of the full tree. */
  count?: number;
  /** The tenant id prefix (default `acct`): account number n of level l is `<prefix>-<l>-<n>`. */
  prefix?: string;
}

/**
 * Seeds a tree of sub-accounts under `parentTenantId` in one `INSERT … SELECT` over `generate_series`, level by level
 * (breadth first: level l has `breadth^l` accounts, the last level fewer when `count` runs out; account i of level l
 * is a child of account ⌊i / breadth⌋ of level l − 1). Names are `<word> <nnnnn>` (a word of {@link SEED_WORDS} and
 * the account's number in the whole seed, 5 digits or more), so a name search finds one account or a few;
 * createdAt runs back one minute per account from now. Each gets its billing from the insert trigger. 409 when a
 * tenant id is taken (a second seed needs another `prefix`).
 * @returns how many accounts were made, and per level (level 1 first)
 */
export async function seedTenantTree(db: Db, vendorId: string, seed: TenantTreeSeed): Promise<{ created: number; levels: number[] }> {
  const prefix = seed.prefix ?? 'acct';
  const full = Array.from({ length: seed.depth }, (_, l) => seed.breadth ** (l + 1));
  let left = seed.count ?? full.reduce((a, b) => a + b, 0);
  const levels = full.map((n) => {
    const take = Math.max(0, Math.min(n, left));
    left -= take;
    return take;
  });
  const created = levels.reduce((a, b) => a + b, 0);
  const [taken] = await db
    .select({ tenantId: tenants.tenantId })
    .from(tenants)
    .where(inArray(tenants.tenantId, [`${prefix}-1-0`, `${prefix}-${seed.depth}-0`]))
    .limit(1);
  if (taken) throw conflict(`Tenant ${taken.tenantId} already exists`, 'ER-TENANT-EXISTS');
  await lockHierarchy(db, vendorId);
  const now = (await emulatorDate(db)).toISOString();
  // one row per level: its number, how many accounts it has, and the seed number of its first account
  const firsts = levels.map((_, l) => 1 + levels.slice(0, l).reduce((a, b) => a + b, 0));
  const levelRows = sql.join(
    levels.map((n, l) => sql`(${l + 1}::int, ${n}::int, ${firsts[l]}::int)`),
    sql`, `,
  );
  const words = sql.raw(`array[${SEED_WORDS.map((w) => `'${w}'`).join(', ')}]`);
  await db.execute(sql`
    insert into tenants (id, tenant_id, vendor_id, name, metadata, is_reseller, created_at, updated_at, is_locked, settings, parent_tenant_id)
    select gen_random_uuid()::text,
           ${prefix}::text || '-' || lv.l || '-' || i,
           ${vendorId},
           (${words})[1 + (lv.first + i) % ${SEED_WORDS.length}::int] || ' ' || lpad((lv.first + i)::text, greatest(5, length((lv.first + i)::text)), '0'),
           null, false,
           ${now}::timestamptz - make_interval(mins => lv.first + i),
           ${now}::timestamptz - make_interval(mins => lv.first + i),
           false, '{}'::jsonb,
           case when lv.l = 1 then ${seed.parentTenantId}::text else ${prefix}::text || '-' || (lv.l - 1) || '-' || (i / ${seed.breadth}::int) end
      from (values ${levelRows}) as lv(l, n, first)
      cross join lateral generate_series(0, lv.n - 1) as i
     order by lv.l, i`);
  await db.execute(sql`analyze tenants`);
  return { created, levels };
}
