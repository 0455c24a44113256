/**
 * Admin routes: roles and permissions (api-contract §J, and §G's loadAvailableRoles / loadAvailablePermissions).
 *
 * A tenant admin sees the vendor-level roles (seeded, `tenantId` null) and the roles of their own tenant; they create,
 * edit and delete only their tenant's roles (a vendor-level role answers 403 `Not authorized`). Permissions are global;
 * each has an assignment type: NEVER (a tenant admin cannot attach it to a role), ALWAYS (every role holds it, whatever
 * the role's stored set says) or ASSIGNABLE. Reads need `fe.secure.read.roles`, mutations `fe.secure.write.roles`, and
 * every mutation writes one audit row. The rules live in src/roles.ts.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { lockRole } from '../../db/locks.ts';
import { permissions, rolePermissions, roles } from '../../db/schema.ts';
import { audit } from '../../audit.ts';
import { guard } from '../../http/auth.ts';
import { notAuthorized, requireAnyPermission, requirePermission } from '../../http/permissions.ts';
import {
  assertKeyFree,
  assignablePermissions,
  assignableRoles,
  clearOtherDefaults,
  deleteRole,
  editableRole,
  permissionCategoryDtos,
  permissionDtos,
  permissionIdsByRole,
  roleDtos,
  roleDtosWithUsers,
  setRolePermissions,
  visibleRoles,
  type RoleRow,
} from '../../roles.ts';
import { optStr, parseBody } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import { metadataPage, pageOf, slicePage } from '../../http/pager.ts';
import type { AppEnv } from '../../http/env.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { emulatorDate } from '../../clock.ts';

export const adminRoleRoutes = new Hono<AppEnv>();

const ROLES = '/identity/resources/roles';
const PERMISSIONS = '/identity/resources/permissions/v1';
const TEAM_ROLES = '/team/resources/roles/v1';

guard(adminRoleRoutes, `${ROLES}/*`, `${PERMISSIONS}/*`, TEAM_ROLES);

const READ = 'fe.secure.read.roles';
const WRITE = 'fe.secure.write.roles';

type Ctx = Context<AppEnv>;
const tenantOf = (c: Ctx) => c.var.auth.tenantId;

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

/**
 * GET roles/v1 (getRoles, api-contract §J): the vendor-level roles and the tenant's roles, each with permission ids
 * and `usersCount` — how many of the tenant's members hold it, directly or through a group (IRole has no such field;
 * the portal's roles table shows it when the server answers it).
 */
adminRoleRoutes.get(`${ROLES}/v1`, requirePermission(READ), async (c) => {
  const db = c.var.db;
  return c.json(await roleDtosWithUsers(db, tenantOf(c), await visibleRoles(db, c.var.rt.vendorId, tenantOf(c))));
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
  return c.json(metadataPage(await roleDtosWithUsers(c.var.db, tenantOf(c), slicePage(all, page)), all.length, page));
});

/** Inserts a tenant role with its permissions and answers it (addRole / addRoleV2). */
async function createRole(
  c: Ctx,
  body: { key: string; name: string; description?: string; isDefault?: boolean; level?: number },
  permissionIds: string[],
  details: Record<string, unknown>,
) {
  const db = c.var.db;
  await assertKeyFree(c.var.db, c.var.rt.vendorId, tenantOf(c), body.key);
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
adminRoleRoutes.patch(`${ROLES}/v1/:roleId`, requirePermission(WRITE), idParams('roleId'), async (c) => {
  const db = c.var.db;
  const body = await parseBody(c, updateRoleBody);
  const role = await editableRole(c.var.db, c.var.rt.vendorId, tenantOf(c), c.req.param('roleId'));
  if (body.key !== undefined) await assertKeyFree(c.var.db, c.var.rt.vendorId, tenantOf(c), body.key, role.id);
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
adminRoleRoutes.delete(`${ROLES}/v1/:roleId`, requirePermission(WRITE), idParams('roleId'), async (c) => {
  const role = await editableRole(c.var.db, c.var.rt.vendorId, tenantOf(c), c.req.param('roleId'));
  await deleteRole(c.var.db, role);
  await audit(c, { action: 'role.deleted', targetId: role.id, details: { key: role.key, name: role.name }, severity: 'WARNING' });
  return c.body(null, 200);
});

/**
 * PUT roles/v1/{roleId}/permissions (attachPermissionsToRole, api-contract §J): replaces the role's permissions with
 * `permissionIds`; ALWAYS permissions stay, a NEVER permission the role does not hold yet is refused (400).
 */
adminRoleRoutes.put(`${ROLES}/v1/:roleId/permissions`, requirePermission(WRITE), idParams('roleId'), async (c) => {
  const db = c.var.db;
  const body = await parseBody(c, permissionIdsBody);
  await lockRole(db, c.req.param('roleId'));
  const role = await editableRole(c.var.db, c.var.rt.vendorId, tenantOf(c), c.req.param('roleId'));
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
  await audit(c, { action: 'role.permissions.updated', targetId: role.id, details: { key: role.key, added, removed }, severity: 'WARNING' });
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
adminRoleRoutes.get(`${PERMISSIONS}/categories`, requirePermission(READ), async (c) => c.json(await permissionCategoryDtos(c.var.db, c.var.rt.vendorId)));

/**
 * PUT permissions/v1/{permissionId}/roles (attachPermissionToRoles, api-contract §J): attaches one permission to each
 * of `roleIds` (tenant roles; a vendor-level one → 403 `Not authorized`) and answers the permission with its roleIds.
 * Attaching adds: roles already holding it keep it, roles not listed are left as they are.
 */
adminRoleRoutes.put(`${PERMISSIONS}/:permissionId/roles`, requirePermission(WRITE), idParams('permissionId'), async (c) => {
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
    severity: 'WARNING',
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
