/**
 * Roles, permissions and role assignment (api-contract §J, §G, §I, §L, §N): which roles a tenant sees, a role as the
 * API answers it (with its permission ids), the permissions with their categories, the rules of changing a role (key
 * free, editable, assignable permissions, default role, deletion everywhere), the role ids a member, a group, an
 * invite link or an API token may be given, and a member's roles in a tenant. Domain code shared by the admin routes
 * (roles, groups, users, hierarchy, tokens, invitations) and the sign-up; no routes here.
 *
 * A tenant sees the vendor-level roles (`tenantId` null, seeded) and its own. Every permission of assignment type
 * ALWAYS is held by every role, whatever the role's stored links say.
 */
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from './db/client.ts';
import { lockTenant } from './db/locks.ts';
import {
  apiTokens,
  permissionCategories,
  permissions,
  rolePermissions,
  roles,
  ssoConfigurations,
  ssoGroupMappings,
  tenantInviteLinks,
  userGroupMembers,
  userGroupRoles,
  userGroups,
  userTenantRoles,
  userTenants,
  vendors,
} from './db/schema.ts';
import { badRequest, conflict, notFound } from './http/errors.ts';
import { notAuthorized } from './http/permissions.ts';
import { emulatorDate } from './clock.ts';
import { defaultRoleIdsFor, roleDto } from './session/authorization.ts';
import { grantDefaultApplications } from './applications.ts';

export type RoleRow = typeof roles.$inferSelect;
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

/** Role (IRole, api-contract §5): `permissions` are permission ids (session/authorization.ts builds it). */
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

/** A role of the roles list (getRoles): IRole plus `usersCount`, how many members of the tenant hold it. */
export type RoleWithUsersDto = RoleDto & { usersCount: number };

/**
 * How many members of `tenantId` hold each of `roleIds`, directly or through one of the tenant's groups (a user who
 * holds it both ways counts once); a role nobody holds: 0.
 */
export async function roleUserCounts(db: Db, tenantId: string, roleIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(roleIds.map((id) => [id, 0]));
  if (!roleIds.length) return counts;
  const direct = db
    .select({ roleId: userTenantRoles.roleId, userId: userTenantRoles.userId })
    .from(userTenantRoles)
    .where(and(eq(userTenantRoles.tenantId, tenantId), inArray(userTenantRoles.roleId, roleIds)));
  const viaGroups = db
    .select({ roleId: userGroupRoles.roleId, userId: userGroupMembers.userId })
    .from(userGroupRoles)
    .innerJoin(userGroups, and(eq(userGroups.id, userGroupRoles.groupId), eq(userGroups.tenantId, tenantId)))
    .innerJoin(userGroupMembers, eq(userGroupMembers.groupId, userGroups.id))
    .innerJoin(userTenants, and(eq(userTenants.userId, userGroupMembers.userId), eq(userTenants.tenantId, tenantId)))
    .where(inArray(userGroupRoles.roleId, roleIds));
  // union (not union all): a user holding the role both ways is one row
  const holders = union(direct, viaGroups).as('holders');
  const rows = await db
    .select({ roleId: holders.roleId, n: sql<number>`count(*)::int` })
    .from(holders)
    .groupBy(holders.roleId);
  for (const r of rows) counts.set(r.roleId, Number(r.n));
  return counts;
}

/** Roles (IRole) of the roles list with how many of the tenant's members hold each ({@link roleUserCounts}). */
export async function roleDtosWithUsers(db: Db, tenantId: string, rows: RoleRow[]): Promise<RoleWithUsersDto[]> {
  const dtos = await roleDtos(db, rows);
  const counts = await roleUserCounts(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return dtos.map((d) => ({ ...d, usersCount: counts.get(d.id) ?? 0 }));
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

/** Makes the user a member of `tenantId` (activated or pending, temporary when `temporaryExpiresAt` is set) holding `roleIds`, with the vendor's default apps (src/applications.ts). */
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
  await grantDefaultApplications(db, userId, tenantId);
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

// ---------------------------------------------------------------- permissions and their categories

/**
 * Frontegg's own permission categories (feCategory true), one per area of the portal as Frontegg's are (users, roles,
 * groups, API tokens, account settings, security, SSO, provisioning, audits, webhooks, subscriptions, usage, sub-accounts;
 * issue 31 item 8). The seed files every `fe.*` permission under its key's
 * second segment ("secure", …), which names no category; a permission's category is therefore taken from its key when
 * its stored `category_id` is not a row of `permission_categories`. These are answered from code, not inserted by a
 * migration: migrations run before the seed, and reset truncates both tables and re-seeds.
 */
export const FE_CATEGORIES: { id: string; name: string; description: string; keys: RegExp }[] = [
  { id: 'fe-category-user-management', name: 'User management', description: 'Users of the account', keys: /^fe\.secure\.\w+\.(users|impersonation)$/ },
  { id: 'fe-category-roles', name: 'Roles', description: 'Roles and permissions', keys: /^fe\.secure\.\w+\.roles$/ },
  { id: 'fe-category-groups', name: 'Groups', description: 'Groups of users', keys: /^fe\.secure\.\w+\.groups$/ },
  { id: 'fe-category-api-tokens', name: 'API tokens', description: 'Personal and account API tokens', keys: /^fe\.secure\.\w+\.(user|tenant)ApiTokens$/ },
  { id: 'fe-category-account', name: 'Account settings', description: 'The account’s name, address, locale and logo', keys: /^fe\.secure\.\w+\.accountSettings$/ },
  { id: 'fe-category-security', name: 'Security', description: 'Security policies and sessions', keys: /^fe\.secure\.\w+\.(securityPolicy|sessions)$/ },
  { id: 'fe-category-sso', name: 'SSO', description: 'Single sign-on', keys: /^fe\.secure\.\w+\.samlConfiguration$/ },
  { id: 'fe-category-provisioning', name: 'Provisioning', description: 'Directory (SCIM) provisioning', keys: /^fe\.secure\.\w+\.provisioningConfiguration$/ },
  { id: 'fe-category-audits', name: 'Audits', description: 'The audit log', keys: /^fe\.secure\.\w+\.audits$/ },
  { id: 'fe-category-webhooks', name: 'Webhooks', description: 'Webhooks and their deliveries', keys: /^fe\.connectivity\.\w+\.(webhooks|webhookLogs)$/ },
  { id: 'fe-category-connectivity', name: 'Connectivity', description: 'Other integrations', keys: /^fe\.connectivity\./ },
  { id: 'fe-category-subscriptions', name: 'Subscriptions', description: 'Plans, invoices and payment', keys: /^fe\.subscriptions\./ },
  { id: 'fe-category-usage', name: 'Usage', description: 'Usage of the product', keys: /^fe\.usage\./ },
  { id: 'fe-category-account-hierarchy', name: 'Account hierarchy', description: 'Sub-accounts', keys: /^fe\.account-hierarchy\./ },
  { id: 'fe-category-applications', name: 'Applications', description: 'Applications and their users', keys: /^fe\.(account-settings\.\w+\.app|secure\.\w+\.appsUsers)$/ },
];

/** The category a permission is answered under: its stored category when that row exists, else Frontegg's by key. */
export function categoryOf(p: PermissionRow, storedCategoryIds: Set<string>): string | undefined {
  if (p.categoryId && storedCategoryIds.has(p.categoryId)) return p.categoryId;
  return FE_CATEGORIES.find((cat) => cat.keys.test(p.key))?.id ?? p.categoryId ?? undefined;
}

async function storedCategoryIds(db: Db): Promise<Set<string>> {
  return new Set((await db.select({ id: permissionCategories.id }).from(permissionCategories)).map((r) => r.id));
}

/** Every permission with the ids of the roles (visible to the tenant) that hold it, by key. */
export async function permissionDtos(db: Db, vendorId: string, tenantId: string, only?: string): Promise<PermissionDto[]> {
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

/** The permission categories (getPermissionCategories): Frontegg's own (feCategory) and the vendor's stored ones, each with the ids of its permissions. */
export async function permissionCategoryDtos(db: Db, vendorId: string) {
  const stored = await db.select().from(permissionCategories).orderBy(asc(permissionCategories.createdAt), asc(permissionCategories.name));
  const storedIds = new Set(stored.map((s) => s.id));
  const perms = await db.select().from(permissions).orderBy(asc(permissions.key));
  const idsOf = (categoryId: string) => perms.filter((p) => categoryOf(p, storedIds) === categoryId).map((p) => p.id);
  const [vendor] = await db.select({ createdAt: vendors.createdAt }).from(vendors).where(eq(vendors.id, vendorId));
  const since = (vendor?.createdAt ?? new Date(0)).toISOString();
  return [
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
  ];
}

// ---------------------------------------------------------------- changing roles

/** A role the caller may change: 404 when the tenant cannot see it, 403 `Not authorized` for a vendor-level role. */
export async function editableRole(db: Db, vendorId: string, tenantId: string, roleId: string): Promise<RoleRow> {
  const [row] = await visibleRoles(db, vendorId, tenantId, [roleId]);
  if (!row) throw notFound('Role not found');
  if (row.tenantId === null) throw notAuthorized();
  return row;
}

/** 409 when another role the tenant sees already has `key` (keys compare case-insensitively); locks the tenant until the request ends. */
export async function assertKeyFree(db: Db, vendorId: string, tenantId: string, key: string, exceptRoleId?: string): Promise<void> {
  await lockTenant(db, tenantId);
  const clash = (await visibleRoles(db, vendorId, tenantId)).find((r) => r.key.toLowerCase() === key.toLowerCase() && r.id !== exceptRoleId);
  if (clash) throw conflict(`A role with the key "${key}" already exists`, 'ER-ROLE-KEY-EXISTS');
}

/**
 * The permissions among `ids` (deduplicated): 400 for an unknown id, and 400 for a NEVER permission that is not
 * already attached (`alreadyAttached`) — a tenant admin may keep but not add one.
 */
export async function assignablePermissions(db: Db, ids: string[], alreadyAttached: Set<string> = new Set()): Promise<PermissionRow[]> {
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
export async function setRolePermissions(db: Db, roleId: string, ids: string[]): Promise<void> {
  const all = new Set([...ids, ...(await alwaysPermissions(db)).map((p) => p.id)]);
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (all.size) await db.insert(rolePermissions).values([...all].map((permissionId) => ({ roleId, permissionId })));
}

/** `isDefault` true: this role becomes the tenant's default for new users, so the tenant's other roles lose the flag. */
export async function clearOtherDefaults(db: Db, tenantId: string, roleId: string): Promise<void> {
  await db
    .update(roles)
    .set({ isDefault: false, updatedAt: await emulatorDate(db) })
    .where(and(eq(roles.tenantId, tenantId), ne(roles.id, roleId), eq(roles.isDefault, true)));
}

/**
 * Deletes a tenant role and unassigns it everywhere — users (user_tenant_roles cascades), groups, invite links, SSO
 * configurations (default roles and IdP-group mappings) and API tokens of the tenant.
 */
export async function deleteRole(db: Db, role: RoleRow): Promise<void> {
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
  await db
    .update(ssoGroupMappings)
    .set({ roleIds: sql`${ssoGroupMappings.roleIds} - ${role.id}::text` })
    .where(
      and(
        sql`${ssoGroupMappings.roleIds} @> ${JSON.stringify([role.id])}::jsonb`,
        inArray(ssoGroupMappings.configId, db.select({ id: ssoConfigurations.id }).from(ssoConfigurations).where(eq(ssoConfigurations.tenantId, tenantId))),
      ),
    );
  await db.delete(userGroupRoles).where(eq(userGroupRoles.roleId, role.id));
  await db.delete(roles).where(eq(roles.id, role.id));
}
