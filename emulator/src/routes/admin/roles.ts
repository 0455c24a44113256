/**
 * Admin routes: roles and permissions (api-contract §J, and §G's loadAvailableRoles / loadAvailablePermissions).
 *
 * A tenant admin sees the vendor-level roles (seeded, `tenantId` null) and the roles of their own tenant; they create,
 * edit and delete only their tenant's roles (a vendor-level role answers 403 `Not authorized`). Permissions are global;
 * each has an assignment type: NEVER (a tenant admin cannot attach it to a role), ALWAYS (every role holds it, whatever
 * the role's stored set says) or ASSIGNABLE. Reads need `fe.secure.read.roles`, mutations `fe.secure.write.roles`, and
 * every mutation writes one audit row.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { lockRole, lockTenant } from '../../db/locks.ts';
import { apiTokens, permissionCategories, permissions, rolePermissions, roles, ssoConfigurations, tenantInviteLinks, userGroupRoles, vendors } from '../../db/schema.ts';
import { audit } from '../../http/admin.ts';
import { guard } from '../../http/auth.ts';
import { notAuthorized, requireAnyPermission, requirePermission } from '../../http/permissions.ts';
import { alwaysPermissions, assignableRoles, permissionIdsByRole, roleDtos, visibleRoles, type RoleRow } from '../../roles.ts';
import { optStr, parseBody } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import { metadataPage, pageOf, slicePage } from '../../http/pager.ts';
import type { AppEnv } from '../../http/env.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { emulatorDate } from '../../clock.ts';

export const adminRoleRoutes = new Hono<AppEnv>();

const ROLES = '/identity/resources/roles';
const PERMISSIONS = '/identity/resources/permissions/v1';
const TEAM_ROLES = '/team/resources/roles/v1';

guard(adminRoleRoutes, `${ROLES}/*`, `${PERMISSIONS}/*`, TEAM_ROLES);
const READ = 'fe.secure.read.roles';
const WRITE = 'fe.secure.write.roles';

type Ctx = Context<AppEnv>;
type PermissionRow = typeof permissions.$inferSelect;
/** A permission's assignment type (admin spec §3). */
export type AssignmentType = PermissionRow['assignmentType'];

/** RolePerm (IRolePermission) plus Perm's `roleIds` (ITeamUserPermission): one shape serves §J and §G. */
export interface PermissionDto {
  id: string;
  key: string;
  name: string;
  description: string;
  categoryId?: string;
  fePermission: boolean;
  roleIds: string[];
  assignmentType: AssignmentType;
  createdAt: string;
  updatedAt: string;
}

// ---------------------------------------------------------------- permission categories

/**
 * Frontegg's own permission categories (feCategory true). The seed files every `fe.*` permission under its key's
 * second segment ("secure", …), which names no category; a permission's category is therefore taken from its key when
 * its stored `category_id` is not a row of `permission_categories`. These are answered from code, not inserted by a
 * migration: migrations run before the seed, and reset truncates both tables and re-seeds.
 */
const FE_CATEGORIES: { id: string; name: string; description: string; keys: RegExp }[] = [
  { id: 'fe-category-user-management', name: 'User management', description: 'Users of the account', keys: /^fe\.secure\.\w+\.(users|impersonation)$/ },
  { id: 'fe-category-roles', name: 'Roles', description: 'Roles and permissions', keys: /^fe\.secure\.\w+\.roles$/ },
  { id: 'fe-category-groups', name: 'Groups', description: 'Groups of users', keys: /^fe\.secure\.\w+\.groups$/ },
  { id: 'fe-category-api-tokens', name: 'API tokens', description: 'Personal and account API tokens', keys: /^fe\.secure\.\w+\.(user|tenant)ApiTokens$/ },
  { id: 'fe-category-account', name: 'Account', description: 'Account settings', keys: /^fe\.secure\.\w+\.accountSettings$/ },
  {
    id: 'fe-category-security',
    name: 'Security',
    description: 'Security policies, SSO, provisioning and sessions',
    keys: /^fe\.secure\.\w+\.(securityPolicy|samlConfiguration|provisioningConfiguration|sessions)$/,
  },
  { id: 'fe-category-audits', name: 'Audits', description: 'The audit log', keys: /^fe\.secure\.\w+\.audits$/ },
  { id: 'fe-category-connectivity', name: 'Connectivity', description: 'Webhooks and other integrations', keys: /^fe\.connectivity\./ },
  { id: 'fe-category-billing', name: 'Billing', description: 'Subscriptions and usage', keys: /^fe\.(subscriptions|usage)\./ },
  { id: 'fe-category-account-hierarchy', name: 'Account hierarchy', description: 'Sub-accounts', keys: /^fe\.account-hierarchy\./ },
];

/** The category a permission is answered under: its stored category when that row exists, else Frontegg's by key. */
function categoryOf(p: PermissionRow, storedCategoryIds: Set<string>): string | undefined {
  if (p.categoryId && storedCategoryIds.has(p.categoryId)) return p.categoryId;
  return FE_CATEGORIES.find((cat) => cat.keys.test(p.key))?.id ?? p.categoryId ?? undefined;
}

async function storedCategoryIds(db: Db): Promise<Set<string>> {
  return new Set((await db.select({ id: permissionCategories.id }).from(permissionCategories)).map((r) => r.id));
}

// ---------------------------------------------------------------- reading roles and permissions

/** Every permission with the ids of the roles (visible to the tenant) that hold it, by key. */
async function permissionDtos(db: Db, vendorId: string, tenantId: string, only?: string): Promise<PermissionDto[]> {
  const rows = await db
    .select()
    .from(permissions)
    .where(only ? eq(permissions.id, only) : undefined)
    .orderBy(asc(permissions.key));
  const visible = await visibleRoles(db, vendorId, tenantId);
  const byRole = await permissionIdsByRole(
    db,
    visible.map((r) => r.id),
  );
  const categories = await storedCategoryIds(db);
  return rows.map((p) => ({
    id: p.id,
    key: p.key,
    name: p.name,
    description: p.description,
    categoryId: categoryOf(p, categories),
    fePermission: p.fePermission,
    roleIds: visible.filter((r) => byRole.get(r.id)?.includes(p.id)).map((r) => r.id),
    assignmentType: p.assignmentType,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }));
}

// ---------------------------------------------------------------- checks shared by the mutations

const tenantOf = (c: Ctx) => c.var.auth.tenantId;

/** A role the caller may change: 404 when the tenant cannot see it, 403 `Not authorized` for a vendor-level role. */
async function editableRole(c: Ctx, roleId: string): Promise<RoleRow> {
  const [row] = await visibleRoles(c.var.db, c.var.rt.vendorId, tenantOf(c), [roleId]);
  if (!row) throw notFound('Role not found');
  if (row.tenantId === null) throw notAuthorized();
  return row;
}

/** 409 when another role the tenant sees already has `key` (keys compare case-insensitively); locks the tenant until the request ends. */
async function assertKeyFree(c: Ctx, key: string, exceptRoleId?: string): Promise<void> {
  await lockTenant(c.var.db, tenantOf(c));
  const clash = (await visibleRoles(c.var.db, c.var.rt.vendorId, tenantOf(c))).find((r) => r.key.toLowerCase() === key.toLowerCase() && r.id !== exceptRoleId);
  if (clash) throw conflict(`A role with the key "${key}" already exists`, 'ER-ROLE-KEY-EXISTS');
}

/**
 * The permissions among `ids` (deduplicated): 400 for an unknown id, and 400 for a NEVER permission that is not
 * already attached (`alreadyAttached`) — a tenant admin may keep but not add one.
 */
async function assignablePermissions(db: Db, ids: string[], alreadyAttached: Set<string> = new Set()): Promise<PermissionRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.select().from(permissions).where(inArray(permissions.id, unique));
  const unknown = unique.filter((id) => !rows.some((p) => p.id === id));
  if (unknown.length) throw badRequest(`Unknown permission id: ${unknown.join(', ')}`, 'ER-PERMISSION-NOT-FOUND');
  const never = rows.filter((p) => p.assignmentType === 'NEVER' && !alreadyAttached.has(p.id));
  if (never.length) {
    throw badRequest(`The permission ${never.map((p) => `"${p.key}"`).join(', ')} cannot be assigned to a role (assignment type NEVER)`, 'ER-PERMISSION-NOT-ASSIGNABLE');
  }
  return rows;
}

/** Replaces a role's stored permission links with `ids` plus every ALWAYS permission. */
async function setRolePermissions(db: Db, roleId: string, ids: string[]): Promise<void> {
  const all = new Set([...ids, ...(await alwaysPermissions(db)).map((p) => p.id)]);
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (all.size) await db.insert(rolePermissions).values([...all].map((permissionId) => ({ roleId, permissionId })));
}

/** `isDefault` true: this role becomes the tenant's default for new users, so the tenant's other roles lose the flag. */
async function clearOtherDefaults(db: Db, tenantId: string, roleId: string): Promise<void> {
  await db
    .update(roles)
    .set({ isDefault: false, updatedAt: await emulatorDate(db) })
    .where(and(eq(roles.tenantId, tenantId), ne(roles.id, roleId), eq(roles.isDefault, true)));
}

// ---------------------------------------------------------------- bodies

const key = () => z.string({ error: 'key is required' }).trim().min(1, { error: 'key is required' }).max(100);
const name = () => z.string({ error: 'name is required' }).trim().min(1, { error: 'name is required' }).max(200);
const level = () =>
  z
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((v) => v ?? undefined);
const bool = () =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? undefined);
const idList = (field: string) => z.array(z.string().min(1), { error: `${field} must be an array of ids` });

const addRoleV1Body = z.object({ key: key(), name: name(), description: optStr(), isDefault: bool(), level: level(), permissions: idList('permissions').nullish() });
const addRoleV2Body = z.object({
  key: key(),
  name: name(),
  description: optStr(),
  isDefault: bool(),
  level: level(),
  permissionIds: idList('permissionIds').nullish(),
  baseRoleId: optStr(),
});
const updateRoleBody = z.object({ key: key().optional(), name: name().optional(), description: z.string().nullish(), isDefault: bool(), level: level() });
const permissionIdsBody = z.object({ permissionIds: idList('permissionIds') });
const roleIdsBody = z.object({ roleIds: idList('roleIds') });

// ---------------------------------------------------------------- routes: roles

/** GET roles/v1 (getRoles, api-contract §J): the vendor-level roles and the tenant's roles, each with permission ids. */
adminRoleRoutes.get(`${ROLES}/v1`, requirePermission(READ), async (c) => {
  const db = c.var.db;
  return c.json(await roleDtos(db, await visibleRoles(db, c.var.rt.vendorId, tenantOf(c))));
});

const ROLE_SORT_KEYS = ['key', 'name', 'level', 'createdAt', 'updatedAt'] as const;

const rolesV2In = z.object({
  _limit: q.int(50, 1, 200),
  _offset: q.int(0, 0),
  _sortBy: q.oneOf(ROLE_SORT_KEYS, 'level'),
  _order: q.oneOf(['ASC', 'DESC'] as const, 'ASC'),
  _filter: q.text(),
});

/**
 * GET roles/v2 (AB-7.16; no function of the reference client calls it): the same roles as v1, paginated as Pg<Role>.
 * `_limit` (default 50, at most 200), `_offset` (the page number from 0, as the users v2/v3 lists count it), `_filter`
 * (a substring of key or name), `_sortBy` key|name|level|createdAt|updatedAt, `_order` ASC|DESC.
 */
adminRoleRoutes.get(`${ROLES}/v2`, requirePermission(READ), async (c) => {
  const { _limit, _offset, _sortBy: column, _order: order, _filter } = parseQuery(c, rolesV2In);
  const filter = _filter?.toLowerCase();
  const all = (await visibleRoles(c.var.db, c.var.rt.vendorId, tenantOf(c)))
    .filter((r) => !filter || r.key.toLowerCase().includes(filter) || r.name.toLowerCase().includes(filter))
    .sort((a, b) => {
      const x = a[column];
      const y = b[column];
      const cmp = x instanceof Date && y instanceof Date ? x.getTime() - y.getTime() : String(x).localeCompare(String(y), undefined, { numeric: true });
      return order === 'ASC' ? cmp : -cmp;
    });
  // `_offset` is a page number here (see above), not a row
  const page = pageOf(_offset, _limit);
  return c.json(metadataPage(await roleDtos(c.var.db, slicePage(all, page)), all.length, page));
});

/** Inserts a tenant role with its permissions and answers it (addRole / addRoleV2). */
async function createRole(
  c: Ctx,
  body: { key: string; name: string; description?: string; isDefault?: boolean; level?: number },
  permissionIds: string[],
  details: Record<string, unknown>,
) {
  const db = c.var.db;
  await assertKeyFree(c, body.key);
  const now = await emulatorDate(db);
  const row: RoleRow = {
    id: randomUUID(),
    vendorId: c.var.rt.vendorId,
    tenantId: tenantOf(c),
    key: body.key,
    name: body.name,
    description: body.description ?? '',
    isDefault: body.isDefault ?? false,
    level: body.level ?? 0,
    createdAt: now,
    updatedAt: now,
  };
  await db.insert(roles).values(row);
  await setRolePermissions(db, row.id, permissionIds);
  if (row.isDefault) await clearOtherDefaults(db, row.tenantId ?? '', row.id);
  await audit(c, { action: 'role.created', targetId: row.id, details: { key: row.key, name: row.name, isDefault: row.isDefault, ...details } });
  const [dto] = await roleDtos(db, [row]);
  return c.json(dto, 201);
}

/** POST roles/v1 (addRole, api-contract §J): a tenant role; `permissions` are permission ids. */
adminRoleRoutes.post(`${ROLES}/v1`, requirePermission(WRITE), async (c) => {
  const body = await parseBody(c, addRoleV1Body);
  const perms = await assignablePermissions(c.var.db, body.permissions ?? []);
  return createRole(
    c,
    body,
    perms.map((p) => p.id),
    { permissionIds: perms.map((p) => p.id) },
  );
});

/**
 * POST roles/v2 (addRoleV2, api-contract §J): as v1 with `permissionIds`; `baseRoleId` (a role the tenant sees) adds
 * that role's permissions too — except its NEVER ones, which a tenant admin cannot attach (they are left out, not
 * refused, so that a role can still be based on one that holds them).
 */
adminRoleRoutes.post(`${ROLES}/v2`, requirePermission(WRITE), async (c) => {
  const db = c.var.db;
  const body = await parseBody(c, addRoleV2Body);
  const explicit = await assignablePermissions(db, body.permissionIds ?? []);
  let inherited: string[] = [];
  if (body.baseRoleId) {
    const [base] = await visibleRoles(db, c.var.rt.vendorId, tenantOf(c), [body.baseRoleId]);
    if (!base) throw badRequest(`Unknown base role id: ${body.baseRoleId}`, 'ER-ROLE-NOT-FOUND');
    const ids = (await permissionIdsByRole(db, [base.id])).get(base.id) ?? [];
    const rows = ids.length ? await db.select().from(permissions).where(inArray(permissions.id, ids)) : [];
    inherited = rows.filter((p) => p.assignmentType !== 'NEVER').map((p) => p.id);
  }
  const ids = [...new Set([...explicit.map((p) => p.id), ...inherited])];
  return createRole(c, body, ids, { permissionIds: ids, baseRoleId: body.baseRoleId });
});

/** PATCH roles/v1/{roleId} (updateRole, api-contract §J): key, name, description, isDefault, level of a tenant role. */
adminRoleRoutes.patch(`${ROLES}/v1/:roleId`, requirePermission(WRITE), async (c) => {
  const db = c.var.db;
  const body = await parseBody(c, updateRoleBody);
  const role = await editableRole(c, c.req.param('roleId'));
  if (body.key !== undefined) await assertKeyFree(c, body.key, role.id);
  const changes = {
    ...(body.key !== undefined && { key: body.key }),
    ...(body.name !== undefined && { name: body.name }),
    ...(body.description !== undefined && { description: body.description ?? '' }),
    ...(body.isDefault !== undefined && { isDefault: body.isDefault }),
    ...(body.level !== undefined && { level: body.level }),
  };
  const [saved] = await db
    .update(roles)
    .set({ ...changes, updatedAt: await emulatorDate(db) })
    .where(eq(roles.id, role.id))
    .returning();
  if (saved.isDefault) await clearOtherDefaults(db, role.tenantId ?? '', role.id);
  await audit(c, { action: 'role.updated', targetId: role.id, details: { key: saved.key, changes } });
  const [dto] = await roleDtos(db, [saved]);
  return c.json(dto);
});

/**
 * DELETE roles/v1/{roleId} (deleteRole, api-contract §J): deletes a tenant role and unassigns it everywhere — users
 * (user_tenant_roles cascades), groups, invite links, SSO configurations and API tokens of the tenant.
 */
adminRoleRoutes.delete(`${ROLES}/v1/:roleId`, requirePermission(WRITE), async (c) => {
  const db = c.var.db;
  const role = await editableRole(c, c.req.param('roleId'));
  const tenantId = role.tenantId ?? '';
  const holding = (table: typeof apiTokens | typeof tenantInviteLinks | typeof ssoConfigurations) =>
    and(eq(table.tenantId, tenantId), sql`${table.roleIds} @> ${JSON.stringify([role.id])}::jsonb`);
  const without = (table: typeof apiTokens | typeof tenantInviteLinks | typeof ssoConfigurations) => sql`${table.roleIds} - ${role.id}::text`;
  await db
    .update(apiTokens)
    .set({ roleIds: without(apiTokens) })
    .where(holding(apiTokens));
  await db
    .update(tenantInviteLinks)
    .set({ roleIds: without(tenantInviteLinks) })
    .where(holding(tenantInviteLinks));
  await db
    .update(ssoConfigurations)
    .set({ roleIds: without(ssoConfigurations) })
    .where(holding(ssoConfigurations));
  await db.delete(userGroupRoles).where(eq(userGroupRoles.roleId, role.id));
  await db.delete(roles).where(eq(roles.id, role.id));
  await audit(c, { action: 'role.deleted', targetId: role.id, details: { key: role.key, name: role.name }, severity: 'High' });
  return c.body(null, 200);
});

/**
 * PUT roles/v1/{roleId}/permissions (attachPermissionsToRole, api-contract §J): replaces the role's permissions with
 * `permissionIds`; ALWAYS permissions stay, a NEVER permission the role does not hold yet is refused (400).
 */
adminRoleRoutes.put(`${ROLES}/v1/:roleId/permissions`, requirePermission(WRITE), async (c) => {
  const db = c.var.db;
  const body = await parseBody(c, permissionIdsBody);
  await lockRole(db, c.req.param('roleId'));
  const role = await editableRole(c, c.req.param('roleId'));
  const before = (await permissionIdsByRole(db, [role.id])).get(role.id) ?? [];
  const perms = await assignablePermissions(db, body.permissionIds, new Set(before));
  await setRolePermissions(
    db,
    role.id,
    perms.map((p) => p.id),
  );
  const [saved] = await db
    .update(roles)
    .set({ updatedAt: await emulatorDate(db) })
    .where(eq(roles.id, role.id))
    .returning();
  const [dto] = await roleDtos(db, [saved]);
  const added = dto.permissions.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !dto.permissions.includes(id));
  await audit(c, { action: 'role.permissions.updated', targetId: role.id, details: { key: role.key, added, removed }, severity: 'High' });
  return c.json(dto);
});

// ---------------------------------------------------------------- routes: permissions

/**
 * GET permissions/v1 (getPermissions §J, loadAvailablePermissions §G): every permission with its category, assignment
 * type and the ids of the roles (vendor-level or the tenant's) that hold it. The users page reads it too, so
 * `fe.secure.read.users` also opens it.
 */
adminRoleRoutes.get(PERMISSIONS, requireAnyPermission(READ, 'fe.secure.read.users'), async (c) => c.json(await permissionDtos(c.var.db, c.var.rt.vendorId, tenantOf(c))));

/**
 * GET permissions/v1/categories (getPermissionCategories, api-contract §J): the categories stored for the vendor and
 * Frontegg's own (feCategory), each with the ids of its permissions.
 */
adminRoleRoutes.get(`${PERMISSIONS}/categories`, requirePermission(READ), async (c) => {
  const db = c.var.db;
  const stored = await db.select().from(permissionCategories).orderBy(asc(permissionCategories.createdAt), asc(permissionCategories.name));
  const storedIds = new Set(stored.map((s) => s.id));
  const perms = await db.select().from(permissions).orderBy(asc(permissions.key));
  const idsOf = (categoryId: string) => perms.filter((p) => categoryOf(p, storedIds) === categoryId).map((p) => p.id);
  const [vendor] = await db.select({ createdAt: vendors.createdAt }).from(vendors).where(eq(vendors.id, c.var.rt.vendorId));
  const since = (vendor?.createdAt ?? new Date(0)).toISOString();
  return c.json([
    ...FE_CATEGORIES.filter((cat) => !storedIds.has(cat.id)).map((cat) => ({
      id: cat.id,
      name: cat.name,
      description: cat.description,
      feCategory: true,
      permissionIds: idsOf(cat.id),
      createdAt: since,
      updatedAt: since,
    })),
    ...stored.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      feCategory: s.feCategory,
      permissionIds: idsOf(s.id),
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    })),
  ]);
});

/**
 * PUT permissions/v1/{permissionId}/roles (attachPermissionToRoles, api-contract §J): attaches one permission to each
 * of `roleIds` (tenant roles; a vendor-level one → 403 `Not authorized`) and answers the permission with its roleIds.
 * Attaching adds: roles already holding it keep it, roles not listed are left as they are.
 */
adminRoleRoutes.put(`${PERMISSIONS}/:permissionId/roles`, requirePermission(WRITE), async (c) => {
  const db = c.var.db;
  const body = await parseBody(c, roleIdsBody);
  const permissionId = c.req.param('permissionId');
  const [permission] = await db.select().from(permissions).where(eq(permissions.id, permissionId));
  if (!permission) throw notFound('Permission not found');
  const roleIds = [...new Set(body.roleIds)];
  const targets = await assignableRoles(c.var.db, c.var.rt.vendorId, tenantOf(c), roleIds);
  if (targets.some((r) => r.tenantId === null)) throw notAuthorized();
  const holders = await permissionIdsByRole(db, roleIds);
  const newTargets = targets.filter((r) => !holders.get(r.id)?.includes(permissionId));
  if (newTargets.length && permission.assignmentType === 'NEVER') {
    throw badRequest(`The permission "${permission.key}" cannot be assigned to a role (assignment type NEVER)`, 'ER-PERMISSION-NOT-ASSIGNABLE');
  }
  if (newTargets.length) {
    await db
      .insert(rolePermissions)
      .values(newTargets.map((r) => ({ roleId: r.id, permissionId })))
      .onConflictDoNothing();
    await db
      .update(roles)
      .set({ updatedAt: await emulatorDate(db) })
      .where(
        inArray(
          roles.id,
          newTargets.map((r) => r.id),
        ),
      );
  }
  await audit(c, {
    action: 'permission.roles.attached',
    targetId: permissionId,
    details: { key: permission.key, roleIds, added: newTargets.map((r) => r.id) },
    severity: 'High',
  });
  const [dto] = await permissionDtos(db, c.var.rt.vendorId, tenantOf(c), permissionId);
  return c.json(dto);
});

// ---------------------------------------------------------------- §G: the team page's roles

/**
 * GET team/resources/roles/v1 (loadAvailableRoles, api-contract §G): the roles a user can be given, as ITeamUserRole
 * (`permissionLevel` = the role's level). Opened by `fe.secure.read.users` or `fe.secure.read.roles`.
 */
adminRoleRoutes.get(TEAM_ROLES, requireAnyPermission('fe.secure.read.users', READ), async (c) => {
  const db = c.var.db;
  const dtos = await roleDtos(db, await visibleRoles(db, c.var.rt.vendorId, tenantOf(c)));
  return c.json(
    dtos.map((r) => ({
      vendorId: r.vendorId,
      tenantId: r.tenantId ?? null,
      id: r.id,
      description: r.description,
      key: r.key,
      name: r.name,
      permissions: r.permissions,
      permissionLevel: r.level,
    })),
  );
});
