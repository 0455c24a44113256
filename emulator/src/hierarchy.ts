/**
 * The tenant hierarchy (api-contract §N; admin spec §4, §9; issue 34): a tenant's parent is `tenants.parent_tenant_id`;
 * a tenant's scope is itself and its descendants. The tree walks (recursive SQL, never the whole tree in memory), the
 * pages, search and metadata of hierarchy v2, the users of a scope (one row per user, with the memberships, roles and
 * permissions inside the scope) and their list query. Domain code for routes/admin/hierarchy.ts; the sub-account
 * changes are in sub-accounts.ts; no routes here.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { roles, tenants, userTenantRoles, userTenants, users, type SubAccountAccessType } from './db/schema.ts';
import { badRequest, notFound } from './http/errors.ts';
import { usersWithMfa } from './mfa-devices.ts';
import { roleDto } from './session/authorization.ts';
import { likeEscape, permissionLinks, permissionsGrantedBy, push } from './team.ts';

type UserRow = typeof users.$inferSelect;

/** Sort keys of loadAllUsers; the default is name, descending (AB-9.08). */
export const SUB_TENANT_USER_SORT_KEYS = ['name', 'email', 'createdAt'] as const;
export type SubTenantUserSortKey = (typeof SUB_TENANT_USER_SORT_KEYS)[number];

// ---------------------------------------------------------------- the tree, in SQL

/**
 * The tree is walked in SQL, never loaded whole: every walk is a `WITH RECURSIVE … CYCLE` query (the same text on
 * PGlite, which is Postgres 17, and on a Postgres server), bounded to the vendor's rows, following
 * `tenants_parent_tenant_id_idx` down or the tenant id's unique index up. `CYCLE tenant_id SET is_cycle USING path`
 * stops a walk at a tenant it has already met on its way, so a cycle written into the database by hand ends the walk
 * instead of looping; the routes refuse every change that would make one.
 */

/** One tenant of the vendor, as the hierarchy needs it. */
export interface TenantNode {
  tenantId: string;
  name: string;
  parentTenantId: string | null;
  isLocked: boolean;
  createdAt: Date;
}

/** A tenant and its distance from the tenant a walk started at (1 = a direct child, or the direct parent). */
export interface LeveledNode {
  node: TenantNode;
  level: number;
}

interface NodeRow {
  tenant_id: string;
  name: string;
  parent_tenant_id: string | null;
  is_locked: boolean;
  created_at: Date | string;
  level: number;
}

/** The rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const leveled = (r: NodeRow): LeveledNode => ({
  node: { tenantId: r.tenant_id, name: r.name, parentTenantId: r.parent_tenant_id, isLocked: r.is_locked, createdAt: new Date(r.created_at) },
  level: Number(r.level),
});

/** A list of SQL parameters, for `in (…)`. */
const sqlList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The tenant ids of the subtree of `rootId` — itself and every descendant, the vendor's only — as a parenthesised
 * subquery for `inArray(column, subtreeIds(…))` or `in`; empty for an unknown root.
 */
export function subtreeIds(vendorId: string, rootId: string): SQL {
  return sql`(with recursive sub(tenant_id) as (
      select tenant_id from tenants where tenant_id = ${rootId} and vendor_id = ${vendorId}
      union all
      select t.tenant_id from tenants t join sub on t.parent_tenant_id = sub.tenant_id where t.vendor_id = ${vendorId}
    ) cycle tenant_id set is_cycle using path
    select tenant_id from sub where not is_cycle)`;
}

/**
 * The tenant ids of the subtree of `rootId` (itself first, then every descendant): one walk, for a request that
 * filters several queries by the same scope (the walk is the costly part at thousands of accounts: run it once).
 */
export async function subtreeList(db: Db, vendorId: string, rootId: string): Promise<string[]> {
  const rows = await rowsOf<{ tenant_id: string }>(db, sql`select tenant_id from ${subtreeIds(vendorId, rootId)} s`);
  return [rootId, ...rows.map((r) => r.tenant_id).filter((id) => id !== rootId)];
}

/** The tenant `tenantId` of the vendor, or undefined. */
export async function tenantNode(db: Db, vendorId: string, tenantId: string): Promise<TenantNode | undefined> {
  const [t] = await db
    .select({ tenantId: tenants.tenantId, name: tenants.name, parentTenantId: tenants.parentTenantId, isLocked: tenants.isLocked, createdAt: tenants.createdAt })
    .from(tenants)
    .where(and(eq(tenants.tenantId, tenantId), eq(tenants.vendorId, vendorId)));
  return t;
}

/**
 * Every descendant of `rootId` (not itself), breadth first: by level (1 = a direct child), then by the names along
 * the way (case-insensitive, then tenant id: children of one parent sorted by name, each parent's children after
 * those of the parents before it). Empty for an unknown root or a leaf.
 */
export async function descendants(db: Db, vendorId: string, rootId: string): Promise<LeveledNode[]> {
  const rows = await rowsOf<NodeRow>(
    db,
    sql`with recursive sub(tenant_id, name, parent_tenant_id, is_locked, created_at, level, sort_key) as (
        select tenant_id, name, parent_tenant_id, is_locked, created_at, 0, array[]::text[]
          from tenants where tenant_id = ${rootId} and vendor_id = ${vendorId}
        union all
        select t.tenant_id, t.name, t.parent_tenant_id, t.is_locked, t.created_at, sub.level + 1, sub.sort_key || array[lower(t.name), t.tenant_id]
          from tenants t join sub on t.parent_tenant_id = sub.tenant_id where t.vendor_id = ${vendorId}
      ) cycle tenant_id set is_cycle using path
      select tenant_id, name, parent_tenant_id, is_locked, created_at, level from sub
        where not is_cycle and level > 0 order by level, sort_key collate "C"`,
  );
  return rows.map(leveled);
}

/**
 * The ancestors of `tenantId`, nearest first (level 1 = the direct parent; the last one is the top-level account), each
 * with its sub-account access type (who may enter the accounts below it: sub-account-access.ts); empty for a top-level
 * or unknown tenant.
 */
export async function ancestors(db: Db, vendorId: string, tenantId: string): Promise<(LeveledNode & { subAccountAccessType: SubAccountAccessType })[]> {
  const rows = await rowsOf<NodeRow & { sub_account_access_type: SubAccountAccessType }>(
    db,
    sql`with recursive up(tenant_id, name, parent_tenant_id, is_locked, created_at, sub_account_access_type, level) as (
        select tenant_id, name, parent_tenant_id, is_locked, created_at, sub_account_access_type, 0 from tenants where tenant_id = ${tenantId} and vendor_id = ${vendorId}
        union all
        select t.tenant_id, t.name, t.parent_tenant_id, t.is_locked, t.created_at, t.sub_account_access_type, up.level + 1
          from tenants t join up on t.tenant_id = up.parent_tenant_id where t.vendor_id = ${vendorId}
      ) cycle tenant_id set is_cycle using path
      select tenant_id, name, parent_tenant_id, is_locked, created_at, sub_account_access_type, level from up where not is_cycle and level > 0 order by level`,
  );
  return rows.map((r) => ({ ...leveled(r), subAccountAccessType: r.sub_account_access_type }));
}

/**
 * Which of `tenantIds` are inside the subtree of `rootId` (the root itself included): one walk up from each of them
 * (a few steps each, however big the subtree), in one query. Unknown ids and other vendors' tenants are never inside.
 */
export async function inSubtree(db: Db, vendorId: string, rootId: string, tenantIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(tenantIds)];
  if (!ids.length) return new Set();
  const rows = await rowsOf<{ start: string }>(
    db,
    sql`with recursive up(start, tenant_id, parent_tenant_id) as (
        select tenant_id, tenant_id, parent_tenant_id from tenants where vendor_id = ${vendorId} and tenant_id in (${sqlList(ids)})
        union all
        select up.start, t.tenant_id, t.parent_tenant_id from tenants t join up on t.tenant_id = up.parent_tenant_id where t.vendor_id = ${vendorId}
      ) cycle tenant_id set is_cycle using path
      select distinct start from up where tenant_id = ${rootId} and not is_cycle`,
  );
  return new Set(rows.map((r) => r.start));
}

/** Whether `tenantId` is `rootId` or one of its descendants. */
export async function isInSubtree(db: Db, vendorId: string, rootId: string, tenantId: string): Promise<boolean> {
  return (await inSubtree(db, vendorId, rootId, [tenantId])).has(tenantId);
}

/** A tenant's fields shared by ISubTenant, ISubTenantTree and IParentTenant; `status` is `locked` for a locked tenant, else `active`. */
export function tenantFields(t: TenantNode) {
  return { tenantId: t.tenantId, tenantName: t.name, status: t.isLocked ? 'locked' : 'active', createdAt: t.createdAt.toISOString() };
}

/** One node of ISubTenantTree. */
export interface TreeNode extends ReturnType<typeof tenantFields> {
  children: TreeNode[];
}

/** ISubTenantTree of `root`: it and its descendants (as {@link descendants} lists them), children sorted by name. */
export function treeOf(root: TenantNode, below: readonly LeveledNode[]): TreeNode {
  const out: TreeNode = { ...tenantFields(root), children: [] };
  const byId = new Map<string, TreeNode>([[root.tenantId, out]]);
  // breadth first: a node's parent is always placed before it
  for (const { node } of below) {
    const parent = node.parentTenantId ? byId.get(node.parentTenantId) : undefined;
    if (!parent || byId.has(node.tenantId)) continue;
    const tree: TreeNode = { ...tenantFields(node), children: [] };
    parent.children.push(tree);
    byId.set(node.tenantId, tree);
  }
  return out;
}

// ---------------------------------------------------------------- hierarchy v2: pages, search, metadata

/** Sort keys of searchSubTenants (AB-3.13). */
export const ACCOUNT_SORT_KEYS = ['createdAt', 'name', 'tenantId'] as const;
export type AccountSortKey = (typeof ACCOUNT_SORT_KEYS)[number];

/** What one page of hierarchy v2 asks for. */
export interface AccountsQuery {
  /** Whose children are listed, or whose subtree is searched (already checked to be in the caller's subtree). */
  parentId: string;
  /** A name to search the whole subtree of `parentId` for (case-insensitive substring); absent: the direct children. */
  filter?: string;
  sortBy: AccountSortKey;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

/** One account of a hierarchy v2 page (SearchSubTenantsResponse). */
export interface AccountItem {
  tenantId: string;
  name: string;
  createdAt: string;
  metadata: { isParent: boolean };
  isReseller: boolean;
  subAccountAccessType: SubAccountAccessType;
}

const ACCOUNT_SORT: Record<AccountSortKey, SQL> = {
  name: sql`lower(${tenants.name}) collate "C"`,
  createdAt: sql`${tenants.createdAt}`,
  tenantId: sql`${tenants.tenantId} collate "C"`,
};

/**
 * The tenant ids of the accounts below `rootId` (any depth, not `rootId` itself) whose name matches `pattern` (an
 * `ILIKE` pattern), as a parenthesised subquery. It never walks the whole subtree: the matches are found first (the
 * `tenants_name_trgm_idx` trigram index serves a selective pattern), then their ancestors, walking up (`UNION`: each
 * account once however many matches share it), then down from `rootId` over those ancestors only. `UNION` also ends
 * the walks at a cycle written by hand.
 */
export function subtreeMatches(vendorId: string, rootId: string, pattern: string): SQL {
  return sql`(with recursive hit(tenant_id, parent_tenant_id) as (
        select tenant_id, parent_tenant_id from tenants where vendor_id = ${vendorId} and name ilike ${pattern} and tenant_id <> ${rootId}
      ), anc(tenant_id, parent_tenant_id) as (
        select tenant_id, parent_tenant_id from hit
        union
        select t.tenant_id, t.parent_tenant_id from tenants t join anc on t.tenant_id = anc.parent_tenant_id where t.vendor_id = ${vendorId}
      ), down(tenant_id) as (
        select ${rootId}::text
        union
        select anc.tenant_id from anc join down on anc.parent_tenant_id = down.tenant_id
      )
      select tenant_id from hit where tenant_id in (select tenant_id from down))`;
}

/**
 * One page of accounts and how many there are: without `filter` the direct children of `parentId`; with it, every
 * account below `parentId` (any depth, not `parentId` itself) whose name contains it, case-insensitively
 * ({@link subtreeMatches}). Sorted by `sortBy` then tenant id, both in `order`. One query (the total is a window
 * count), a second only for a page past the end.
 */
export async function accountsPage(db: Db, vendorId: string, q: AccountsQuery): Promise<{ items: AccountItem[]; total: number }> {
  const where = and(
    eq(tenants.vendorId, vendorId),
    q.filter ? inArray(tenants.tenantId, subtreeMatches(vendorId, q.parentId, `%${likeEscape(q.filter)}%`)) : eq(tenants.parentTenantId, q.parentId),
    sql`${tenants.tenantId} <> ${q.parentId}`,
  );
  const dir = q.order === 'ASC' ? asc : desc;
  const rows = await db
    .select({
      tenantId: tenants.tenantId,
      name: tenants.name,
      createdAt: tenants.createdAt,
      isReseller: tenants.isReseller,
      subAccountAccessType: tenants.subAccountAccessType,
      // written out: drizzle leaves a one-table query's columns unqualified, and inside the subquery those would be c's
      isParent: sql<boolean>`exists (select 1 from tenants c where c.parent_tenant_id = tenants.tenant_id and c.vendor_id = ${vendorId} and c.tenant_id <> tenants.tenant_id)`,
      total: sql<number>`count(*) over ()`,
    })
    .from(tenants)
    .where(where)
    .orderBy(dir(ACCOUNT_SORT[q.sortBy]), dir(sql`${tenants.tenantId} collate "C"`))
    .limit(q.limit)
    .offset(q.offset);
  const total = rows.length ? Number(rows[0].total) : q.offset ? Number((await db.select({ n: count() }).from(tenants).where(where))[0].n) : 0;
  return {
    items: rows.map((r) => ({
      tenantId: r.tenantId,
      name: r.name,
      createdAt: r.createdAt.toISOString(),
      metadata: { isParent: Boolean(r.isParent) },
      isReseller: r.isReseller,
      subAccountAccessType: r.subAccountAccessType,
    })),
    total,
  };
}

/**
 * GetHierarchyMetadataResponse of each of `tenantIds` (in that order): `totalSubTenants` counts every account below
 * it, at any depth (the total an account tree shows: "Acme has 60 sub-accounts in all"), `isParent` whether it has
 * one. One recursive walk down from all of them, the one read here that walks a whole subtree: a `UNION` walk (a row
 * met again is dropped, so a cycle in the data ends it) instead of `CYCLE`, whose path arrays made it 80 ms for a top
 * account over 10,000 on PGlite; 34 ms this way (scripts/bench-hierarchy.mjs).
 */
export async function hierarchyMetadata(db: Db, vendorId: string, tenantIds: readonly string[]): Promise<{ tenantId: string; totalSubTenants: number; isParent: boolean }[]> {
  const ids = [...new Set(tenantIds)];
  const rows = ids.length
    ? await rowsOf<{ root: string; total: number }>(
        db,
        sql`with recursive sub(root, tenant_id) as (
            select tenant_id, tenant_id from tenants where vendor_id = ${vendorId} and tenant_id in (${sqlList(ids)})
            union
            select sub.root, t.tenant_id from tenants t join sub on t.parent_tenant_id = sub.tenant_id where t.vendor_id = ${vendorId}
          )
          select root, (count(*) - 1)::int as total from sub group by root`,
      )
    : [];
  const totals = new Map(rows.map((r) => [r.root, Number(r.total)]));
  return tenantIds.map((tenantId) => {
    const total = totals.get(tenantId) ?? 0;
    return { tenantId, totalSubTenants: total, isParent: total > 0 };
  });
}

const SORT_COLUMNS: Record<SubTenantUserSortKey, SQL> = {
  name: sql`lower(${users.name})`,
  email: sql`${users.email}`,
  createdAt: sql`${users.createdAt}`,
};

/**
 * A scope: tenant ids, or a subquery of them (`subtreeIds(vendorId, tenantId)`: a tenant and its descendants, walked
 * in SQL).
 */
export type Scope = string[] | SQL;

/** One page of the users of `scope` (a user once, whatever its memberships there), filtered and sorted in SQL, and their count. */
export async function scopeUsers(
  db: Db,
  scope: Scope,
  q: { limit: number; offset: number; sortBy: SubTenantUserSortKey; order: 'ASC' | 'DESC'; filter?: string },
): Promise<{ rows: UserRow[]; total: number }> {
  const members = db.selectDistinct({ id: userTenants.userId }).from(userTenants).where(inArray(userTenants.tenantId, scope));
  const where = and(inArray(users.id, members), q.filter ? or(ilike(users.email, `%${likeEscape(q.filter)}%`), ilike(users.name, `%${likeEscape(q.filter)}%`)) : undefined);
  const col = SORT_COLUMNS[q.sortBy];
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(q.order === 'ASC' ? asc(col) : desc(col), asc(users.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total: Number(total) };
}

// ---------------------------------------------------------------- the users of a scope

/** ISubTenantUser of each of `rows`: memberships, roles and permissions inside `scope` only, in a fixed number of queries. */
export async function subTenantUsers(db: Db, rows: UserRow[], scope: Scope) {
  const ids = rows.length ? rows.map((u) => u.id) : [''];
  const inScope = (col: typeof userTenants.tenantId | typeof userTenantRoles.tenantId) => inArray(col, scope);
  // one query at a time: `db` may be a transaction, a single connection (node-postgres 9 refuses concurrent queries on one)
  const memberships = await db
    .select()
    .from(userTenants)
    .where(and(inArray(userTenants.userId, ids), inScope(userTenants.tenantId)))
    .orderBy(asc(userTenants.createdAt), asc(userTenants.tenantId));
  const roleLinks = await db
    .select({ userId: userTenantRoles.userId, tenantId: userTenantRoles.tenantId, r: roles })
    .from(userTenantRoles)
    .innerJoin(roles, eq(roles.id, userTenantRoles.roleId))
    .where(and(inArray(userTenantRoles.userId, ids), inScope(userTenantRoles.tenantId)))
    .orderBy(asc(roles.level), asc(roles.key));
  const enrolled = await usersWithMfa(db, ids);
  const roleIds = [...new Set(roleLinks.map((l) => l.r.id))];
  const permLinks = await permissionLinks(db, roleIds);
  const permIdsByRole = new Map<string, string[]>();
  for (const l of permLinks) push(permIdsByRole, l.roleId, l.p.id);
  const membershipsOf = new Map<string, (typeof memberships)[number][]>();
  for (const m of memberships) push(membershipsOf, m.userId, m);
  const rolesOf = new Map<string, (typeof roleLinks)[number]['r'][]>();
  for (const l of roleLinks) push(rolesOf, `${l.userId} ${l.tenantId}`, l.r);

  return rows.map((u) => {
    const mine = membershipsOf.get(u.id) ?? [];
    const tenantIds = mine.map((m) => m.tenantId);
    return {
      id: u.id,
      sub: u.id,
      email: u.email,
      verified: u.verified,
      mfaEnrolled: enrolled.has(u.id),
      mfaBypass: u.mfaBypass,
      name: u.name,
      phoneNumber: u.phoneNumber ?? undefined,
      profilePictureUrl: u.profilePictureUrl ?? undefined,
      provider: 'local',
      tenantId: tenantIds.includes(u.activeTenantId) ? u.activeTenantId : tenantIds[0],
      tenantIds,
      isLocked: u.isLocked,
      tenants: mine.map((m) => {
        const held = rolesOf.get(`${u.id} ${m.tenantId}`) ?? [];
        return {
          tenantId: m.tenantId,
          roles: held.map((r) => roleDto(r, permIdsByRole.get(r.id) ?? [])),
          permissions: permissionsGrantedBy(permLinks, new Set(held.map((r) => r.id))),
          activated: m.activated,
          // the emulator keeps one last sign-in per user, not per tenant
          lastLogin: u.lastLogin?.toISOString(),
        };
      }),
      superUser: u.superUser || undefined,
      metadata: u.metadata ?? '{}',
      createdAt: u.createdAt.toISOString(),
    };
  });
}

/** The user, who must be a member of each of `tenantIds`: 404 for an unknown user, 400 naming a tenant it is not in. */
export async function memberOfAll(db: Db, userId: string, tenantIds: string[]): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound('User not found', 'ER-USER-NOT-FOUND');
  const rows = await db
    .select({ tenantId: userTenants.tenantId })
    .from(userTenants)
    .where(and(eq(userTenants.userId, userId), inArray(userTenants.tenantId, tenantIds)));
  const held = new Set(rows.map((r) => r.tenantId));
  const missing = tenantIds.filter((id) => !held.has(id));
  if (missing.length === tenantIds.length) throw notFound('User not found', 'ER-USER-NOT-FOUND');
  if (missing.length) throw badRequest(`The user is not a member of tenant ${missing.join(', ')}`);
  return u;
}
