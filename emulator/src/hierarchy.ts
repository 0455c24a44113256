/**
 * The tenant hierarchy (api-contract §N; admin spec §4, §9): a tenant's parent is `tenants.parent_tenant_id`; a
 * tenant's scope is itself and its descendants. The tree walks, the users of a scope (one row per user, with the
 * memberships, roles and permissions inside the scope) and their list query. Domain code for
 * routes/admin/hierarchy.ts; no routes here.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { roles, tenants, userTenantRoles, userTenants, users } from './db/schema.ts';
import { badRequest, notFound } from './http/errors.ts';
import { usersWithMfa } from './mfa-devices.ts';
import { roleDto } from './session/authorization.ts';
import { likeEscape, permissionLinks, permissionsGrantedBy, push } from './team.ts';

type UserRow = typeof users.$inferSelect;

/** Sort keys of loadAllUsers; the default is name, descending (AB-9.08). */
export const SUB_TENANT_USER_SORT_KEYS = ['name', 'email', 'createdAt'] as const;
export type SubTenantUserSortKey = (typeof SUB_TENANT_USER_SORT_KEYS)[number];

// ---------------------------------------------------------------- the hierarchy

/** One tenant of the vendor, as the hierarchy needs it. */
export interface TenantNode {
  tenantId: string;
  name: string;
  parentTenantId: string | null;
  isLocked: boolean;
  createdAt: Date;
}

/** The vendor's tenants by id and their children (sorted by name); the walks below guard against a cycle made in the database. */
export class Hierarchy {
  readonly byId = new Map<string, TenantNode>();
  private readonly children = new Map<string, TenantNode[]>();

  constructor(rows: TenantNode[]) {
    for (const t of rows) this.byId.set(t.tenantId, t);
    for (const t of [...rows].sort((a, b) => a.name.localeCompare(b.name) || a.tenantId.localeCompare(b.tenantId))) {
      if (!t.parentTenantId || !this.byId.has(t.parentTenantId)) continue;
      const list = this.children.get(t.parentTenantId);
      if (list) list.push(t);
      else this.children.set(t.parentTenantId, [t]);
    }
  }

  childrenOf(tenantId: string): TenantNode[] {
    return this.children.get(tenantId) ?? [];
  }

  /** Every descendant of `tenantId`, breadth first (level 1 = a direct child), each once. */
  descendants(tenantId: string): { node: TenantNode; level: number }[] {
    const out: { node: TenantNode; level: number }[] = [];
    const seen = new Set([tenantId]);
    let frontier = [tenantId];
    for (let level = 1; frontier.length; level++) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const child of this.childrenOf(id)) {
          if (seen.has(child.tenantId)) continue;
          seen.add(child.tenantId);
          out.push({ node: child, level });
          next.push(child.tenantId);
        }
      }
      frontier = next;
    }
    return out;
  }

  /** The ancestors of `tenantId`, nearest first (level 1 = the direct parent, the last one is the top-level account). */
  ancestors(tenantId: string): { node: TenantNode; level: number }[] {
    const out: { node: TenantNode; level: number }[] = [];
    const seen = new Set([tenantId]);
    let parentId = this.byId.get(tenantId)?.parentTenantId;
    while (parentId && !seen.has(parentId)) {
      const parent = this.byId.get(parentId);
      if (!parent) break;
      seen.add(parentId);
      out.push({ node: parent, level: out.length + 1 });
      parentId = parent.parentTenantId;
    }
    return out;
  }

  /** The tenant itself and all its descendants. */
  scope(tenantId: string): string[] {
    return [tenantId, ...this.descendants(tenantId).map((d) => d.node.tenantId)];
  }
}

/** The vendor's tenants as a {@link Hierarchy}. */
export async function loadHierarchy(db: Db, vendorId: string): Promise<Hierarchy> {
  const rows = await db
    .select({ tenantId: tenants.tenantId, name: tenants.name, parentTenantId: tenants.parentTenantId, isLocked: tenants.isLocked, createdAt: tenants.createdAt })
    .from(tenants)
    .where(eq(tenants.vendorId, vendorId));
  return new Hierarchy(rows);
}

/** A tenant's fields shared by ISubTenant, ISubTenantTree and IParentTenant; `status` is `locked` for a locked tenant, else `active`. */
export function tenantFields(t: TenantNode) {
  return { tenantId: t.tenantId, tenantName: t.name, status: t.isLocked ? 'locked' : 'active', createdAt: t.createdAt.toISOString() };
}

/** One node of ISubTenantTree. */
export interface TreeNode extends ReturnType<typeof tenantFields> {
  children: TreeNode[];
}

/** ISubTenantTree: the tenant and its descendants, children sorted by name. */
export function treeOf(h: Hierarchy, t: TenantNode, seen = new Set<string>()): TreeNode {
  seen.add(t.tenantId);
  const children = h.childrenOf(t.tenantId).filter((child) => !seen.has(child.tenantId));
  return { ...tenantFields(t), children: children.map((child) => treeOf(h, child, seen)) };
}

const SORT_COLUMNS: Record<SubTenantUserSortKey, SQL> = {
  name: sql`lower(${users.name})`,
  email: sql`${users.email}`,
  createdAt: sql`${users.createdAt}`,
};

/** One page of the users of `scope` (a user once, whatever its memberships there), filtered and sorted in SQL, and their count. */
export async function scopeUsers(
  db: Db,
  scope: string[],
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
export async function subTenantUsers(db: Db, rows: UserRow[], scope: string[]) {
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
