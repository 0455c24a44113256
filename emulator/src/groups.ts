/**
 * Groups of a tenant (api-contract §K): a group holds roles and users of the tenant; `managedBy` is `frontegg` for
 * groups made in the portal and `scim2` for groups a directory provisioned (their name, details, members and existence
 * belong to the identity provider). The shapes (IGroupResponse with the relations asked for), the lookups in the
 * caller's tenant and the rules of changing a group. Domain code for routes/admin/groups.ts; no routes here.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { groupConfigurations, userGroupMembers, userGroupRoles, userGroups, userTenants, users } from './db/schema.ts';
import { badRequest, conflict, notFound } from './http/errors.ts';
import { emulatorDate } from './clock.ts';
import { roleDtos, visibleRoles, type RoleDto } from './roles.ts';

/** Where a request works: its database handle, the vendor and the signed-in tenant. */
export interface TenantScope {
  db: Db;
  vendorId: string;
  tenantId: string;
}

export type GroupRow = typeof userGroups.$inferSelect;

/** A group's member (IGroupUser). */
export interface GroupUserDto {
  id: string;
  email: string;
  name: string;
  profilePictureUrl: string | null;
  activatedForTenant: boolean;
  createdAt: string;
}

/** A group (IGroupResponse): `roles` and `users` only when `_groupsRelations` asks for them. */
export interface GroupDto {
  id: string;
  name: string;
  color?: string;
  description?: string;
  metadata?: string;
  managedBy: GroupRow['managedBy'];
  roles?: RoleDto[];
  users?: GroupUserDto[];
}

export function baseDto(g: GroupRow): GroupDto {
  return {
    id: g.id,
    name: g.name,
    color: g.color || undefined,
    description: g.description || undefined,
    metadata: g.metadata ?? undefined,
    managedBy: g.managedBy,
  };
}

/** Groups as IGroupResponse, with the relations asked for: roles the tenant sees, members that belong to the tenant. */
export async function groupDtos(s: TenantScope, rows: GroupRow[], relations: { roles: boolean; users: boolean }): Promise<GroupDto[]> {
  const db = s.db;
  const ids = rows.map((g) => g.id);
  const dtos = rows.map(baseDto);
  if (ids.length === 0) return dtos;
  if (relations.roles) {
    const links = await db.select().from(userGroupRoles).where(inArray(userGroupRoles.groupId, ids));
    const roleRows = await visibleRoles(db, s.vendorId, s.tenantId, [...new Set(links.map((l) => l.roleId))]);
    const roles = await roleDtos(db, roleRows);
    for (const dto of dtos) dto.roles = roles.filter((r) => links.some((l) => l.groupId === dto.id && l.roleId === r.id));
  }
  if (relations.users) {
    const members = await db
      .select({ groupId: userGroupMembers.groupId, u: users, activated: userTenants.activated })
      .from(userGroupMembers)
      .innerJoin(users, eq(users.id, userGroupMembers.userId))
      .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, s.tenantId)))
      .where(inArray(userGroupMembers.groupId, ids))
      .orderBy(asc(userGroupMembers.createdAt), asc(users.email));
    for (const dto of dtos) {
      dto.users = members
        .filter((m) => m.groupId === dto.id)
        .map(({ u, activated }) => ({
          id: u.id,
          email: u.email,
          name: u.name ?? '',
          profilePictureUrl: u.profilePictureUrl ?? null,
          activatedForTenant: activated,
          createdAt: u.createdAt.toISOString(),
        }));
    }
  }
  return dtos;
}

export async function tenantGroups(s: TenantScope, ids?: string[]): Promise<GroupRow[]> {
  if (ids && ids.length === 0) return [];
  return s.db
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.vendorId, s.vendorId), eq(userGroups.tenantId, s.tenantId), ids ? inArray(userGroups.id, ids) : undefined))
    .orderBy(asc(userGroups.createdAt), asc(userGroups.name));
}

/** The tenant's group `groupId`, else 404. */
export async function groupOf(s: TenantScope, groupId: string): Promise<GroupRow> {
  const [row] = await tenantGroups(s, [groupId]);
  if (!row) throw notFound('Group not found');
  return row;
}

/** A group whose details and members may change here: 400 for one managed by SCIM. */
export async function editableGroup(s: TenantScope, groupId: string): Promise<GroupRow> {
  const row = await groupOf(s, groupId);
  if (row.managedBy === 'scim2') {
    throw badRequest('This group is managed by SCIM (scim2): change it in the identity provider', 'ER-GROUP-MANAGED-BY-SCIM');
  }
  return row;
}

/** 409 when another group of the tenant already has `name` (names compare case-insensitively). */
export async function assertNameFree(s: TenantScope, name: string, exceptGroupId?: string): Promise<void> {
  const clash = (await tenantGroups(s)).find((g) => g.name.toLowerCase() === name.toLowerCase() && g.id !== exceptGroupId);
  if (clash) throw conflict(`A group named "${name}" already exists`, 'ER-GROUP-NAME-EXISTS');
}

/** The tenant's groups configuration; no row = both enabled. */
export async function configOf(db: Db, tenantId: string): Promise<{ enabled: boolean; rolesEnabled: boolean }> {
  const [row] = await db.select().from(groupConfigurations).where(eq(groupConfigurations.tenantId, tenantId));
  return { enabled: row?.enabled ?? true, rolesEnabled: row?.rolesEnabled ?? true };
}

/** 400 naming the ids among `userIds` that are not users of the tenant (a pending invitee is one). */
export async function assertTenantUsers(s: TenantScope, userIds: string[]): Promise<string[]> {
  const unique = [...new Set(userIds)];
  const found = await s.db
    .select({ id: userTenants.userId })
    .from(userTenants)
    .where(and(eq(userTenants.tenantId, s.tenantId), inArray(userTenants.userId, unique)));
  const unknown = unique.filter((id) => !found.some((f) => f.id === id));
  if (unknown.length) throw badRequest(`Not a user of this account: ${unknown.join(', ')}`, 'ER-USER-NOT-FOUND');
  return unique;
}

/** Marks the group changed now. */
export const touch = async (s: TenantScope, groupId: string) =>
  s.db
    .update(userGroups)
    .set({ updatedAt: await emulatorDate(s.db) })
    .where(eq(userGroups.id, groupId));
