/**
 * Admin routes (architecture "Admin portal"): the tenant hierarchy and the users of a tenant and its sub-tenants —
 * api-contract.md §N (getSubTenants, getSubTenantsAsTree, getParentTenants, getParentTenantsById, loadAllUsers,
 * removeUserFromTenantAndSubTenants, add/remove/setUserRolesForSubTenants); admin spec §4 "Sub-tenant user deletion",
 * §9 "Sub-tenant users: 20 per page, sorted by name descending"; AB-4.12, AB-6.06, AB-7.23, AB-7.26.
 *
 * A tenant's parent is `tenants.parent_tenant_id` (set by `POST /_emulator/tenants { parentTenantId }`). The caller's
 * scope is the access token's tenant and every descendant of it: a tenant outside it is refused (403 `Not authorized`)
 * or unknown (404), and the users list shows only memberships inside it. Levels count from the tenant asked about:
 * a direct child (or the direct parent) is level 1.
 *
 * Reads need `fe.account-hierarchy.read.subAccount` (and `fe.secure.read.users` for users); changes need
 * `fe.account-hierarchy.write.subAccount` and `fe.secure.write.users` (403 `Not authorized`). Every change writes one
 * audit row in the caller's tenant.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { audit } from '../../http/admin.ts';
import { notAuthorized, requirePermission } from '../../http/permissions.ts';
import { parseBody } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import { pageResult } from '../../http/pager.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Db } from '../../db/client.ts';
import { passkeys, recoveryCodes, refreshTokens, roles, tenants, userGroupMembers, userGroups, userTenantRoles, userTenants, users } from '../../db/schema.ts';
import { removeMfaDevices, usersWithMfa } from '../../mfa-devices.ts';
import { roleDto } from '../../session.ts';
import { emulatorDate } from '../../clock.ts';
import { permissionLinks, permissionsGrantedBy, push } from '../../team.ts';
import { addMemberRoles, assignableRoleIds, removeMemberRoles, setMemberRoles } from '../../roles.ts';

type Ctx = Context<AppEnv>;
type UserRow = typeof users.$inferSelect;

export const adminHierarchyRoutes = new Hono<AppEnv>();

const HIERARCHY = '/tenants/resources/hierarchy/v1';
const SUB_TENANT_USERS = '/identity/resources/sub-tenants/users/v1';

guard(adminHierarchyRoutes, `${HIERARCHY}/*`, `${SUB_TENANT_USERS}/*`);

const READ_HIERARCHY = requirePermission('fe.account-hierarchy.read.subAccount');
const READ_USERS = requirePermission('fe.account-hierarchy.read.subAccount', 'fe.secure.read.users');
const WRITE_USERS = requirePermission('fe.account-hierarchy.write.subAccount', 'fe.secure.write.users');

/** Page size of the sub-tenant users list when the caller sends none (AB-9.07), and the largest page served. */
export const SUB_TENANT_USERS_PAGE_SIZE = 20;
export const SUB_TENANT_USERS_MAX_PAGE_SIZE = 200;
/** Sort keys of loadAllUsers; the default is name, descending (AB-9.08). */
export const SUB_TENANT_USER_SORT_KEYS = ['name', 'email', 'createdAt'] as const;
type SortKey = (typeof SUB_TENANT_USER_SORT_KEYS)[number];

// ---------------------------------------------------------------- the hierarchy

/** One tenant of the vendor, as the hierarchy needs it. */
interface TenantNode {
  tenantId: string;
  name: string;
  parentTenantId: string | null;
  isLocked: boolean;
  createdAt: Date;
}

/** The vendor's tenants by id and their children (sorted by name); the walks below guard against a cycle made in the database. */
class Hierarchy {
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

async function loadHierarchy(c: Ctx): Promise<Hierarchy> {
  const rows = await c.var.db
    .select({ tenantId: tenants.tenantId, name: tenants.name, parentTenantId: tenants.parentTenantId, isLocked: tenants.isLocked, createdAt: tenants.createdAt })
    .from(tenants)
    .where(eq(tenants.vendorId, c.var.rt.vendorId));
  return new Hierarchy(rows);
}

/** A tenant's fields shared by ISubTenant, ISubTenantTree and IParentTenant; `status` is `locked` for a locked tenant, else `active`. */
function tenantFields(t: TenantNode) {
  return { tenantId: t.tenantId, tenantName: t.name, status: t.isLocked ? 'locked' : 'active', createdAt: t.createdAt.toISOString() };
}

/** One node of ISubTenantTree. */
interface TreeNode extends ReturnType<typeof tenantFields> {
  children: TreeNode[];
}

/** ISubTenantTree: the tenant and its descendants, children sorted by name. */
function treeOf(h: Hierarchy, t: TenantNode, seen = new Set<string>()): TreeNode {
  seen.add(t.tenantId);
  const children = h.childrenOf(t.tenantId).filter((child) => !seen.has(child.tenantId));
  return { ...tenantFields(t), children: children.map((child) => treeOf(h, child, seen)) };
}

/**
 * getSubTenants (api-contract §N; AB-7.23): `GET tenants/resources/hierarchy/v1` → every descendant of the caller's
 * tenant as `[{ tenantId, tenantName, status, createdAt, level }]`, breadth first (level 1 = a direct child), by name
 * within a level; `[]` without sub-tenants. The reference client types the answer as one ISubTenant: the wire is a list.
 */
adminHierarchyRoutes.get(HIERARCHY, READ_HIERARCHY, async (c) => {
  const h = await loadHierarchy(c);
  return c.json(h.descendants(c.var.auth.tenantId).map(({ node, level }) => ({ ...tenantFields(node), level })));
});

/**
 * getSubTenantsAsTree (api-contract §N; AB-7.23): `GET tenants/resources/hierarchy/v1/tree` → the caller's tenant as
 * ISubTenantTree `{ tenantId, tenantName, status, createdAt, children[] }`, children (recursively) sorted by name.
 */
adminHierarchyRoutes.get(`${HIERARCHY}/tree`, READ_HIERARCHY, async (c) => {
  const h = await loadHierarchy(c);
  const own = h.byId.get(c.var.auth.tenantId);
  if (!own) throw notFound('Tenant not found');
  return c.json(treeOf(h, own));
});

/**
 * getParentTenants (api-contract §N; AB-7.23): `GET tenants/resources/hierarchy/v1/parents` → the ancestors of the
 * caller's tenant, nearest first, as `[{ tenantId, level, tenantName, status, createdAt }]` (level 1 = the direct
 * parent); `[]` for a top-level account.
 */
adminHierarchyRoutes.get(`${HIERARCHY}/parents`, READ_HIERARCHY, async (c) => {
  const h = await loadHierarchy(c);
  return c.json(h.ancestors(c.var.auth.tenantId).map(({ node, level }) => ({ ...tenantFields(node), level })));
});

/**
 * getParentTenantsById (api-contract §N; AB-7.23): `GET tenants/resources/hierarchy/v1/parents/{tenantId}` → the
 * ancestors of a tenant in the caller's scope (its own tenant or a descendant), as getParentTenants; 404 otherwise.
 */
adminHierarchyRoutes.get(`${HIERARCHY}/parents/:tenantId`, READ_HIERARCHY, async (c) => {
  const h = await loadHierarchy(c);
  const tenantId = c.req.param('tenantId');
  if (!h.scope(c.var.auth.tenantId).includes(tenantId)) throw notFound('Tenant not found');
  return c.json(h.ancestors(tenantId).map(({ node, level }) => ({ ...tenantFields(node), level })));
});

// ---------------------------------------------------------------- the users list's query

const usersIn = z.object({
  _limit: q.int(SUB_TENANT_USERS_PAGE_SIZE, 1, SUB_TENANT_USERS_MAX_PAGE_SIZE),
  _offset: q.int(0, 0),
  _sortBy: q.oneOf(SUB_TENANT_USER_SORT_KEYS, 'name'),
  _order: q.oneOf(['ASC', 'DESC'] as const, 'DESC'),
  _filter: q.text(),
});

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const SORT_COLUMNS: Record<SortKey, SQL> = {
  name: sql`lower(${users.name})`,
  email: sql`${users.email}`,
  createdAt: sql`${users.createdAt}`,
};

// ---------------------------------------------------------------- the users of a scope

/** ISubTenantUser of each of `rows`: memberships, roles and permissions inside `scope` only, in a fixed number of queries. */
async function subTenantUsers(db: Db, rows: UserRow[], scope: string[]) {
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

/**
 * loadAllUsers (api-contract §N; AB-7.26, AB-9.07, AB-9.08): `GET identity/resources/sub-tenants/users/v1` → PR
 * `{ items, totalPages }` of ISubTenantUser: every user with a membership in the caller's tenant or a descendant, one
 * row per user, with `tenants[{ tenantId, roles, permissions, activated, lastLogin }]` for the memberships inside that
 * scope only. Query: `_offset` (rows), `_limit` (default 20, at most 200), `_filter` (email or name substring,
 * case-insensitive), `_sortBy` name | email | createdAt (default name), `_order` ASC | DESC (default DESC).
 */
adminHierarchyRoutes.get(SUB_TENANT_USERS, READ_USERS, async (c) => {
  const db = c.var.db;
  const scope = (await loadHierarchy(c)).scope(c.var.auth.tenantId);
  const { _limit: limit, _offset: offset, _sortBy: sortBy, _order: order, _filter: filter } = parseQuery(c, usersIn);
  const members = db.selectDistinct({ id: userTenants.userId }).from(userTenants).where(inArray(userTenants.tenantId, scope));
  const where = and(inArray(users.id, members), filter ? or(ilike(users.email, `%${likeEscape(filter)}%`), ilike(users.name, `%${likeEscape(filter)}%`)) : undefined);
  const col = SORT_COLUMNS[sortBy];
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(order === 'ASC' ? asc(col) : desc(col), asc(users.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  return c.json(pageResult(await subTenantUsers(db, rows, scope), Number(total), { limit, offset }));
});

// ---------------------------------------------------------------- changes

/** 403 unless every one of `tenantIds` is the caller's tenant or a descendant of it. */
async function assertInScope(c: Ctx, tenantIds: string[]): Promise<void> {
  const scope = new Set((await loadHierarchy(c)).scope(c.var.auth.tenantId));
  if (!tenantIds.every((id) => scope.has(id))) throw notAuthorized();
}

/** 400 when a tenant is named twice in one request. */
function assertDistinct(tenantIds: string[]): void {
  const dup = tenantIds.find((id, i) => tenantIds.indexOf(id) !== i);
  if (dup) throw badRequest(`Tenant ${dup} is listed twice`);
}

/** The user, who must be a member of each of `tenantIds`: 404 for an unknown user, 400 naming a tenant it is not in. */
async function memberOfAll(db: Db, userId: string, tenantIds: string[]): Promise<UserRow> {
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

const removeUserBody = z.object({
  userId: z.string({ message: 'userId is required' }).trim().min(1, 'userId is required'),
  subTenants: z
    .array(z.object({ tenantId: z.string({ message: 'tenantId is required' }).trim().min(1, 'tenantId is required') }), {
      message: 'subTenants must be a list of { tenantId }',
    })
    .min(1, 'subTenants must name at least one tenant'),
});

/**
 * removeUserFromTenantAndSubTenants (api-contract §N; AB-7.26, AB-4.12): `DELETE identity/resources/sub-tenants/users/v1`
 * `{ userId, subTenants: [{ tenantId }] }` → 200 `{}`. Removes the user's memberships of those tenants (roles, groups
 * of the tenant, sessions in it); the user stays in loadAllUsers while it is in another tenant of the scope, and a user
 * left without any tenant is deleted. 403 for a tenant outside the caller's scope, 404 for a user in none of them, 400
 * for a tenant it is not in, and for removing yourself from the tenant you are signed in to.
 */
adminHierarchyRoutes.delete(SUB_TENANT_USERS, WRITE_USERS, async (c) => {
  const body = await parseBody(c, removeUserBody);
  const tenantIds = body.subTenants.map((t) => t.tenantId);
  assertDistinct(tenantIds);
  await assertInScope(c, tenantIds);
  if (body.userId === c.var.auth.sub && tenantIds.includes(c.var.auth.tenantId)) throw badRequest('You cannot remove yourself from your own tenant');
  const db = c.var.db;
  const u = await memberOfAll(db, body.userId, tenantIds);
  const tenantGroups = db.select({ id: userGroups.id }).from(userGroups).where(inArray(userGroups.tenantId, tenantIds));
  await db.delete(userGroupMembers).where(and(eq(userGroupMembers.userId, u.id), inArray(userGroupMembers.groupId, tenantGroups)));
  await db.delete(userTenantRoles).where(and(eq(userTenantRoles.userId, u.id), inArray(userTenantRoles.tenantId, tenantIds)));
  await db.delete(userTenants).where(and(eq(userTenants.userId, u.id), inArray(userTenants.tenantId, tenantIds)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: await emulatorDate(db) })
    .where(and(eq(refreshTokens.userId, u.id), inArray(refreshTokens.tenantId, tenantIds), isNull(refreshTokens.revokedAt)));
  const [next] = await db.select().from(userTenants).where(eq(userTenants.userId, u.id)).orderBy(asc(userTenants.createdAt), asc(userTenants.tenantId)).limit(1);
  if (next) {
    if (tenantIds.includes(u.activeTenantId)) await db.update(users).set({ activeTenantId: next.tenantId }).where(eq(users.id, u.id));
  } else {
    await removeMfaDevices(db, u.id);
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    await db.delete(passkeys).where(eq(passkeys.userId, u.id));
    await db.delete(refreshTokens).where(eq(refreshTokens.userId, u.id));
    await db.delete(users).where(eq(users.id, u.id));
  }
  await audit(c, { action: 'user.sub-tenants.removed', targetId: u.id, details: { userEmail: u.email, tenantIds, userDeleted: !next }, severity: 'High' });
  return c.json({});
});

const subTenantRolesBody = z.object({
  subTenantsRoles: z
    .array(
      z.object({
        tenantId: z.string({ message: 'tenantId is required' }).trim().min(1, 'tenantId is required'),
        roleIds: z.array(z.string(), { message: 'roleIds must be a list of role ids' }),
      }),
      { message: 'subTenantsRoles must be a list of { tenantId, roleIds }' },
    )
    .min(1, 'subTenantsRoles must name at least one tenant'),
  ipAddress: z.string().nullish(),
  userAgent: z.string().nullish(),
});

type RolesChange = 'added' | 'removed' | 'set';

/** The shared body of the three roles routes: validate, then apply `change` per tenant and write one audit row. */
async function changeSubTenantRoles(c: Ctx, change: RolesChange) {
  const body = await parseBody(c, subTenantRolesBody);
  const userId = c.req.param('userId') ?? '';
  const tenantIds = body.subTenantsRoles.map((t) => t.tenantId);
  assertDistinct(tenantIds);
  await assertInScope(c, tenantIds);
  const db = c.var.db;
  const u = await memberOfAll(db, userId, tenantIds);
  const plan: { tenantId: string; roleIds: string[] }[] = [];
  for (const t of body.subTenantsRoles) plan.push({ tenantId: t.tenantId, roleIds: await assignableRoleIds(db, c.var.rt.vendorId, t.tenantId, t.roleIds) });
  if (change !== 'set' && plan.every((t) => t.roleIds.length === 0)) throw badRequest('roleIds must name at least one role');
  const apply = { added: addMemberRoles, removed: removeMemberRoles, set: setMemberRoles }[change];
  for (const { tenantId, roleIds } of plan) await apply(db, u.id, tenantId, roleIds);
  await audit(c, { action: `user.sub-tenant-roles.${change}`, targetId: u.id, details: { userEmail: u.email, subTenantsRoles: plan }, severity: 'Medium' });
  return c.json({});
}

/**
 * addUserRolesForSubTenants (api-contract §N; AB-6.06, AB-7.26): `POST identity/resources/sub-tenants/users/v1/{userId}/roles`
 * `{ subTenantsRoles: [{ tenantId, roleIds }], ipAddress?, userAgent? }` → 200 `{}`: adds the roles in each tenant.
 * 403 for a tenant outside the caller's scope, 404 for a user in none of them, 400 for a tenant the user is not in, an
 * unknown role (global roles and the tenant's own only) or no role at all.
 */
adminHierarchyRoutes.post(`${SUB_TENANT_USERS}/:userId/roles`, WRITE_USERS, (c) => changeSubTenantRoles(c, 'added'));

/** removeUserRolesFromSubTenants (api-contract §N; AB-6.06, AB-7.26): `DELETE …/{userId}/roles`, the same body → 200 `{}`: removes the roles in each tenant. */
adminHierarchyRoutes.delete(`${SUB_TENANT_USERS}/:userId/roles`, WRITE_USERS, (c) => changeSubTenantRoles(c, 'removed'));

/**
 * setUserRolesForSubTenants (api-contract §N; AB-6.06, AB-7.26): `PATCH …/{userId}/roles`, the same body → 200 `{}`:
 * each listed tenant's roles become exactly `roleIds` (`[]` or `['']` = none); tenants not listed keep theirs.
 */
adminHierarchyRoutes.patch(`${SUB_TENANT_USERS}/:userId/roles`, WRITE_USERS, (c) => changeSubTenantRoles(c, 'set'));
