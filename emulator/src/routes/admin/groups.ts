/**
 * Admin routes: groups of a tenant (api-contract §K; the shapes and rules are in src/groups.ts). A group holds roles
 * and users of the tenant; `managedBy` is `frontegg` for groups made here and `scim2` for groups a directory
 * provisioned. A scim2 group's name, details,
 * members and existence belong to the identity provider, so those changes answer 400 here; its roles can still be
 * set, since SCIM does not carry roles and Frontegg expects them to be assigned to synced groups in the portal
 * (developers.frontegg.com, "Role assignment via SCIM and SSO"). Reads need `fe.secure.read.groups`, mutations
 * `fe.secure.write.groups`, and every mutation writes one audit row.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { groupConfigurations, userGroupMembers, userGroupRoles, userGroups } from '../../db/schema.ts';
import { audit } from '../../audit.ts';
import { guard } from '../../http/auth.ts';
import { requirePermission } from '../../http/permissions.ts';
import { optStr, parseBody } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import type { AppEnv } from '../../http/env.ts';
import { badRequest } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { assignableRoles } from '../../roles.ts';
import { emulatorDate } from '../../clock.ts';
import { assertNameFree, assertTenantUsers, baseDto, configOf, editableGroup, groupDtos, groupOf, tenantGroups, touch, type GroupRow, type TenantScope } from '../../groups.ts';

export const adminGroupRoutes = new Hono<AppEnv>();

const GROUPS = '/identity/resources/groups/v1';
const READ = 'fe.secure.read.groups';
const WRITE = 'fe.secure.write.groups';

guard(adminGroupRoutes, `${GROUPS}/*`);

type Ctx = Context<AppEnv>;
/** The request's tenant scope for the domain calls (groups.ts). */
const scopeOf = (c: Ctx): TenantScope => ({ db: c.var.db, vendorId: c.var.rt.vendorId, tenantId: c.var.auth.tenantId });

// ---------------------------------------------------------------- query

type Relations = 'roles' | 'users' | 'rolesAndUsers';
const RELATIONS: readonly Relations[] = ['roles', 'users', 'rolesAndUsers'];

const relationsIn = z.object({ _groupsRelations: q.oneOf(RELATIONS, undefined) });

/** The relations `_groupsRelations` asks for (none when absent). */
function relationsOf(c: Ctx): { roles: boolean; users: boolean } {
  const { _groupsRelations: raw } = parseQuery(c, relationsIn);
  return { roles: raw !== undefined && raw !== 'users', users: raw !== undefined && raw !== 'roles' };
}

// ---------------------------------------------------------------- bodies

const groupName = () => z.string({ error: 'name is required' }).trim().min(1, { error: 'name is required' }).max(200);
const metadata = () =>
  z
    .string({ error: 'metadata must be a string' })
    .nullish()
    .transform((v) => v ?? undefined);
const createBody = z.object({ name: groupName(), color: optStr(), description: optStr(), metadata: metadata() });
const updateBody = z.object({ name: groupName().optional(), color: z.string().nullish(), description: z.string().nullish(), metadata: z.string().nullish() });
const ids = (field: string) => z.array(z.string().min(1), { error: `${field} must be an array of ids` }).min(1, { error: `${field} must name at least one id` });
const roleIdsBody = z.object({ roleIds: ids('roleIds') });
const userIdsBody = z.object({ userIds: ids('userIds') });
const bulkBody = z.object({ groupsIds: z.array(z.string(), { error: 'groupsIds must be an array of ids' }) });
const configBody = z.object({
  enabled: z
    .boolean()
    .nullish()
    .transform((v) => v ?? undefined),
  rolesEnabled: z
    .boolean()
    .nullish()
    .transform((v) => v ?? undefined),
});

// ---------------------------------------------------------------- routes (the literal `config` before `:groupId`)

/** GET groups/v1 (getGroups, api-contract §K): the tenant's groups; `_groupsRelations` roles|users|rolesAndUsers. */
adminGroupRoutes.get(GROUPS, requirePermission(READ), async (c) => c.json(await groupDtos(scopeOf(c), await tenantGroups(scopeOf(c)), relationsOf(c))));

/** GET groups/v1/config (getGroupConfiguration, api-contract §K): `{ enabled, rolesEnabled }`, both true by default. */
adminGroupRoutes.get(`${GROUPS}/config`, requirePermission(READ), async (c) => c.json(await configOf(c.var.db, c.var.auth.tenantId)));

/**
 * POST groups/v1/config (updateGroupConfiguration, api-contract §K): sets either flag. With `enabled` false no group
 * can be created; with `rolesEnabled` false no role can be added to a group.
 */
adminGroupRoutes.post(`${GROUPS}/config`, requirePermission(WRITE), async (c) => {
  const body = await parseBody(c, configBody);
  const tenantId = c.var.auth.tenantId;
  const current = await configOf(c.var.db, tenantId);
  const next = { enabled: body.enabled ?? current.enabled, rolesEnabled: body.rolesEnabled ?? current.rolesEnabled };
  const updatedAt = await emulatorDate(c.var.db);
  await c.var.db
    .insert(groupConfigurations)
    .values({ tenantId, ...next, updatedAt })
    .onConflictDoUpdate({ target: groupConfigurations.tenantId, set: { ...next, updatedAt } });
  await audit(c, { action: 'group.config.updated', targetId: tenantId, details: next });
  return c.json(next);
});

/** POST groups/v1/bulkGet (getGroupsByIds, api-contract §K): the tenant's groups among `groupsIds`, in that order. */
adminGroupRoutes.post(`${GROUPS}/bulkGet`, requirePermission(READ), async (c) => {
  const body = await parseBody(c, bulkBody);
  const wanted = [...new Set(body.groupsIds)];
  const rows = await tenantGroups(scopeOf(c), wanted);
  const ordered = wanted.flatMap((id) => rows.filter((g) => g.id === id));
  return c.json(await groupDtos(scopeOf(c), ordered, relationsOf(c)));
});

/** GET groups/v1/{groupId} (getGroupById, api-contract §K); 404 for a group of another tenant. */
adminGroupRoutes.get(`${GROUPS}/:groupId`, requirePermission(READ), idParams('groupId'), async (c) => {
  const [dto] = await groupDtos(scopeOf(c), [await groupOf(scopeOf(c), c.req.param('groupId'))], relationsOf(c));
  return c.json(dto);
});

/** POST groups/v1 (createGroup, api-contract §K): name (unique in the tenant), color, description, metadata (a string). */
adminGroupRoutes.post(GROUPS, requirePermission(WRITE), async (c) => {
  const body = await parseBody(c, createBody);
  const tenantId = c.var.auth.tenantId;
  if (!(await configOf(c.var.db, tenantId)).enabled) throw badRequest('Groups are disabled for this account', 'ER-GROUPS-DISABLED');
  await assertNameFree(scopeOf(c), body.name);
  const now = await emulatorDate(c.var.db);
  const row: GroupRow = {
    id: randomUUID(),
    tenantId,
    vendorId: c.var.rt.vendorId,
    name: body.name,
    color: body.color ?? '',
    description: body.description ?? '',
    metadata: body.metadata ?? null,
    managedBy: 'frontegg',
    createdAt: now,
    updatedAt: now,
  };
  await c.var.db.insert(userGroups).values(row);
  await audit(c, { action: 'group.created', targetId: row.id, details: { name: row.name } });
  return c.json(baseDto(row), 201);
});

/** PATCH groups/v1/{groupId} (updateGroup, api-contract §K): name, color, description, metadata; 400 for a scim2 group. */
adminGroupRoutes.patch(`${GROUPS}/:groupId`, requirePermission(WRITE), idParams('groupId'), async (c) => {
  const body = await parseBody(c, updateBody);
  const group = await editableGroup(scopeOf(c), c.req.param('groupId'));
  if (body.name !== undefined) await assertNameFree(scopeOf(c), body.name, group.id);
  const changes = {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.color !== undefined && { color: body.color ?? '' }),
    ...(body.description !== undefined && { description: body.description ?? '' }),
    ...(body.metadata !== undefined && { metadata: body.metadata }),
  };
  await c.var.db
    .update(userGroups)
    .set({ ...changes, updatedAt: await emulatorDate(c.var.db) })
    .where(eq(userGroups.id, group.id));
  await audit(c, { action: 'group.updated', targetId: group.id, details: { name: changes.name ?? group.name, changes } });
  return c.body(null, 200);
});

/** DELETE groups/v1/{groupId} (deleteGroup, api-contract §K): the group, its role links and memberships; 400 for scim2. */
adminGroupRoutes.delete(`${GROUPS}/:groupId`, requirePermission(WRITE), idParams('groupId'), async (c) => {
  const group = await editableGroup(scopeOf(c), c.req.param('groupId'));
  await c.var.db.delete(userGroups).where(eq(userGroups.id, group.id));
  await audit(c, { action: 'group.deleted', targetId: group.id, details: { name: group.name }, severity: 'WARNING' });
  return c.body(null, 200);
});

/** POST groups/v1/{groupId}/roles (addRolesToGroup, api-contract §K): roles the tenant sees (else 400); scim2 groups too. */
adminGroupRoutes.post(`${GROUPS}/:groupId/roles`, requirePermission(WRITE), idParams('groupId'), async (c) => {
  const body = await parseBody(c, roleIdsBody);
  const group = await groupOf(scopeOf(c), c.req.param('groupId'));
  if (!(await configOf(c.var.db, c.var.auth.tenantId)).rolesEnabled) {
    throw badRequest('Roles for groups are disabled for this account', 'ER-GROUP-ROLES-DISABLED');
  }
  const roles = await assignableRoles(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId, body.roleIds);
  await c.var.db
    .insert(userGroupRoles)
    .values(roles.map((r) => ({ groupId: group.id, roleId: r.id })))
    .onConflictDoNothing();
  await touch(scopeOf(c), group.id);
  await audit(c, { action: 'group.roles.added', targetId: group.id, details: { name: group.name, roleIds: roles.map((r) => r.id) }, severity: 'WARNING' });
  return c.body(null, 200);
});

/** DELETE groups/v1/{groupId}/roles (deleteRolesFromGroup, api-contract §K): `roleIds` must be roles the tenant sees. */
adminGroupRoutes.delete(`${GROUPS}/:groupId/roles`, requirePermission(WRITE), idParams('groupId'), async (c) => {
  const body = await parseBody(c, roleIdsBody);
  const group = await groupOf(scopeOf(c), c.req.param('groupId'));
  const roleIds = (await assignableRoles(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId, body.roleIds)).map((r) => r.id);
  await c.var.db.delete(userGroupRoles).where(and(eq(userGroupRoles.groupId, group.id), inArray(userGroupRoles.roleId, roleIds)));
  await touch(scopeOf(c), group.id);
  await audit(c, { action: 'group.roles.removed', targetId: group.id, details: { name: group.name, roleIds }, severity: 'WARNING' });
  return c.body(null, 200);
});

/** POST groups/v1/{groupId}/users (addUsersToGroup, api-contract §K): users of the tenant only (else 400); not scim2. */
adminGroupRoutes.post(`${GROUPS}/:groupId/users`, requirePermission(WRITE), idParams('groupId'), async (c) => {
  const body = await parseBody(c, userIdsBody);
  const group = await editableGroup(scopeOf(c), c.req.param('groupId'));
  const userIds = await assertTenantUsers(scopeOf(c), body.userIds);
  const now = await emulatorDate(c.var.db);
  await c.var.db
    .insert(userGroupMembers)
    .values(userIds.map((userId) => ({ groupId: group.id, userId, createdAt: now })))
    .onConflictDoNothing();
  await touch(scopeOf(c), group.id);
  await audit(c, { action: 'group.users.added', targetId: group.id, details: { name: group.name, userIds }, severity: 'WARNING' });
  return c.body(null, 200);
});

/** DELETE groups/v1/{groupId}/users (deleteUsersFromGroup, api-contract §K): removes the listed members; not scim2. */
adminGroupRoutes.delete(`${GROUPS}/:groupId/users`, requirePermission(WRITE), idParams('groupId'), async (c) => {
  const body = await parseBody(c, userIdsBody);
  const group = await editableGroup(scopeOf(c), c.req.param('groupId'));
  const userIds = [...new Set(body.userIds)];
  await c.var.db.delete(userGroupMembers).where(and(eq(userGroupMembers.groupId, group.id), inArray(userGroupMembers.userId, userIds)));
  await touch(scopeOf(c), group.id);
  await audit(c, { action: 'group.users.removed', targetId: group.id, details: { name: group.name, userIds }, severity: 'WARNING' });
  return c.body(null, 200);
});
