/**
 * What a user may do in a tenant — the roles given directly and through groups, the permissions they
 * grant, their answer shapes (IRole, IRolePermission) and the default roles of a new member.
 */
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { permissions, rolePermissions, roles, userGroupMembers, userGroupRoles, userGroups, userTenantRoles } from '../db/schema.ts';

export interface Authorization {
  roles: ReturnType<typeof roleDto>[];
  permissions: ReturnType<typeof permDto>[];
}

/** A role (IRole, api-contract §5) with the ids of the permissions it grants. */
export function roleDto(r: typeof roles.$inferSelect, permissionIds: string[]) {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    description: r.description,
    isDefault: r.isDefault,
    permissions: permissionIds,
    tenantId: r.tenantId ?? undefined,
    vendorId: r.vendorId,
    level: r.level,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A permission (IRolePermission, api-contract §5) with the ids of the roles that grant it. */
export function permDto(p: typeof permissions.$inferSelect, roleIds: string[]) {
  return {
    id: p.id,
    key: p.key,
    name: p.name,
    description: p.description,
    fePermission: p.fePermission,
    roleIds,
    categoryId: p.categoryId ?? undefined,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/**
 * The roles a new member of `tenantId` gets when none are named (admin §3 Role `isDefault`): the tenant's own default
 * roles when it has any, else the vendor-level defaults — never another tenant's.
 */
export async function defaultRoleIdsFor(db: Db, vendorId: string, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: roles.id, tenantId: roles.tenantId })
    .from(roles)
    .where(and(eq(roles.vendorId, vendorId), eq(roles.isDefault, true), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))))
    .orderBy(asc(roles.level));
  const own = rows.filter((r) => r.tenantId === tenantId);
  return (own.length ? own : rows).map((r) => r.id);
}

/** The user's roles in one tenant — given directly and through the user's groups there (admin §6) — and the permissions those roles grant. */
export async function authorizationFor(db: Db, userId: string, tenantId: string): Promise<Authorization> {
  const direct = (
    await db
      .select({ r: roles })
      .from(userTenantRoles)
      .innerJoin(roles, eq(roles.id, userTenantRoles.roleId))
      .where(and(eq(userTenantRoles.userId, userId), eq(userTenantRoles.tenantId, tenantId)))
  ).map((x) => x.r);
  const viaGroups = (
    await db
      .select({ r: roles })
      .from(userGroupMembers)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
      .innerJoin(userGroupRoles, eq(userGroupRoles.groupId, userGroups.id))
      .innerJoin(roles, eq(roles.id, userGroupRoles.roleId))
      .where(and(eq(userGroupMembers.userId, userId), eq(userGroups.tenantId, tenantId)))
  ).map((x) => x.r);
  const roleRows = [...new Map([...direct, ...viaGroups].map((r) => [r.id, r])).values()].sort((a, b) => a.level - b.level || a.key.localeCompare(b.key));
  if (roleRows.length === 0) return { roles: [], permissions: [] };
  const links = await db
    .select({ roleId: rolePermissions.roleId, p: permissions })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(
      inArray(
        rolePermissions.roleId,
        roleRows.map((r) => r.id),
      ),
    )
    .orderBy(asc(permissions.key));
  const permsById = new Map<string, { p: typeof permissions.$inferSelect; roleIds: string[] }>();
  const permIdsByRole = new Map<string, string[]>();
  for (const { roleId, p } of links) {
    const entry = permsById.get(p.id) ?? { p, roleIds: [] };
    entry.roleIds.push(roleId);
    permsById.set(p.id, entry);
    permIdsByRole.set(roleId, [...(permIdsByRole.get(roleId) ?? []), p.id]);
  }
  return {
    roles: roleRows.map((r) => roleDto(r, permIdsByRole.get(r.id) ?? [])),
    permissions: [...permsById.values()].map(({ p, roleIds }) => permDto(p, roleIds)),
  };
}
