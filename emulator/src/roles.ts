/**
 * Roles and role assignment (api-contract §J, §G, §I, §L, §N): which roles a tenant sees, a role as the API answers
 * it (with its permission ids), the role ids a member, a group, an invite link or an API token may be given, and a
 * member's roles in a tenant. Domain code shared by the admin routes (roles, groups, users, hierarchy, tokens, invite
 * links) and the sign-up; no routes here.
 *
 * A tenant sees the vendor-level roles (`tenantId` null, seeded) and its own. Every permission of assignment type
 * ALWAYS is held by every role, whatever the role's stored links say.
 */
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { permissions, rolePermissions, roles, userTenantRoles, userTenants, type tenantInviteLinks } from './db/schema.ts';
import { badRequest } from './http/errors.ts';
import { emulatorDate } from './clock.ts';
import { defaultRoleIdsFor, roleDto } from './session.ts';

export type RoleRow = typeof roles.$inferSelect;
type PermissionRow = typeof permissions.$inferSelect;

/** Role (IRole, api-contract §5): `permissions` are permission ids (session.ts builds it). */
export type RoleDto = ReturnType<typeof roleDto>;

// ---------------------------------------------------------------- reading roles

/** The roles a tenant sees: the vendor-level roles and the tenant's own, by level then creation. */
export async function visibleRoles(db: Db, vendorId: string, tenantId: string, ids?: string[]): Promise<RoleRow[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select()
    .from(roles)
    .where(and(eq(roles.vendorId, vendorId), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)), ids ? inArray(roles.id, ids) : undefined))
    .orderBy(asc(roles.level), asc(roles.createdAt), asc(roles.key));
}

/** The permissions every role holds (assignment type ALWAYS), by key. */
export async function alwaysPermissions(db: Db): Promise<PermissionRow[]> {
  return db.select().from(permissions).where(eq(permissions.assignmentType, 'ALWAYS')).orderBy(asc(permissions.key));
}

/** Each role's permission ids: the stored links plus every ALWAYS permission, ordered by permission key. */
export async function permissionIdsByRole(db: Db, roleIds: string[]): Promise<Map<string, string[]>> {
  const byRole = new Map<string, Map<string, string>>(roleIds.map((id) => [id, new Map()]));
  if (roleIds.length === 0) return new Map();
  const links = await db
    .select({ roleId: rolePermissions.roleId, id: permissions.id, key: permissions.key })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
  for (const l of links) byRole.get(l.roleId)?.set(l.id, l.key);
  const always = await alwaysPermissions(db);
  for (const set of byRole.values()) for (const p of always) set.set(p.id, p.key);
  return new Map([...byRole].map(([roleId, set]) => [roleId, [...set].sort((a, b) => a[1].localeCompare(b[1])).map(([id]) => id)]));
}

/** Roles (IRole) with their permission ids, in the order given. */
export async function roleDtos(db: Db, rows: RoleRow[]): Promise<RoleDto[]> {
  const perms = await permissionIdsByRole(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => roleDto(r, perms.get(r.id) ?? []));
}

// ---------------------------------------------------------------- role ids a request may assign

/**
 * The roles among `ids` that a tenant sees (deduplicated; `''`, what the client sends for "no roles" (AB-4.07), is
 * dropped), in the order of {@link visibleRoles}; 400 `Unknown role id: …` naming the others.
 */
export async function assignableRoles(db: Db, vendorId: string, tenantId: string, ids: readonly string[]): Promise<RoleRow[]> {
  const wanted = [...new Set(ids.filter((id) => id !== ''))];
  if (!wanted.length) return [];
  const found = await visibleRoles(db, vendorId, tenantId, wanted);
  const known = new Set(found.map((r) => r.id));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`Unknown role id: ${unknown.join(', ')}`, 'ER-ROLE-NOT-FOUND');
  return found;
}

/** The ids among `ids` a member of `tenantId` may hold (see {@link assignableRoles}), in the order asked. */
export async function assignableRoleIds(db: Db, vendorId: string, tenantId: string, ids: readonly string[]): Promise<string[]> {
  const found = new Set((await assignableRoles(db, vendorId, tenantId, ids)).map((r) => r.id));
  return [...new Set(ids)].filter((id) => found.has(id));
}

/** `ids` when some are given ({@link assignableRoleIds}), else the tenant's default roles: a new member's roles. */
export async function roleIdsOrDefault(db: Db, vendorId: string, tenantId: string, ids: readonly string[] | null | undefined): Promise<string[]> {
  if (ids?.some((id) => id !== '')) return assignableRoleIds(db, vendorId, tenantId, ids);
  return defaultRoleIdsFor(db, vendorId, tenantId);
}

/** Roles for a user joining through an invite link: the link's roles, else the default roles. */
export async function inviteLinkRoleIds(db: Db, vendorId: string, link: typeof tenantInviteLinks.$inferSelect): Promise<string[]> {
  if (link.roleIds.length) {
    const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, link.roleIds)).orderBy(asc(roles.level));
    if (found.length) return found.map((r) => r.id);
  }
  return defaultRoleIdsFor(db, vendorId, link.tenantId);
}

// ---------------------------------------------------------------- a member's roles

/** Makes the user a member of `tenantId` (activated or pending, temporary when `temporaryExpiresAt` is set) holding `roleIds`. */
export async function addMembership(
  db: Db,
  userId: string,
  tenantId: string,
  roleIds: readonly string[],
  activated: boolean,
  extra: { temporaryExpiresAt?: Date | null } = {},
): Promise<void> {
  await db.insert(userTenants).values({ userId, tenantId, createdAt: await emulatorDate(db), activated, temporaryExpiresAt: extra.temporaryExpiresAt ?? null });
  await addMemberRoles(db, userId, tenantId, roleIds);
}

/** Adds `roleIds` to the member's roles in `tenantId` (those it holds already stay once). */
export async function addMemberRoles(db: Db, userId: string, tenantId: string, roleIds: readonly string[]): Promise<void> {
  if (!roleIds.length) return;
  await db
    .insert(userTenantRoles)
    .values(roleIds.map((roleId) => ({ userId, tenantId, roleId })))
    .onConflictDoNothing();
}

/** Removes `roleIds` from the member's roles in `tenantId`. */
export async function removeMemberRoles(db: Db, userId: string, tenantId: string, roleIds: readonly string[]): Promise<void> {
  if (!roleIds.length) return;
  await db.delete(userTenantRoles).where(and(eq(userTenantRoles.userId, userId), eq(userTenantRoles.tenantId, tenantId), inArray(userTenantRoles.roleId, [...roleIds])));
}

/** The member's roles in `tenantId` become exactly `roleIds` (`[]` = none). */
export async function setMemberRoles(db: Db, userId: string, tenantId: string, roleIds: readonly string[]): Promise<void> {
  await db.delete(userTenantRoles).where(and(eq(userTenantRoles.userId, userId), eq(userTenantRoles.tenantId, tenantId)));
  await addMemberRoles(db, userId, tenantId, roleIds);
}
