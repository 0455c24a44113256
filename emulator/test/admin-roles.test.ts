// @postgres: role changes under db/locks.ts locks
/**
 * Roles and permissions of the admin portal (api-contract §J, §G loadAvailableRoles/loadAvailablePermissions), called
 * through Frontegg's own client (`@frontegg/rest-api`) so that every request is the one the reference product sends.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import {
  GroupRelations,
  PermissionAssignmentTypeEnum,
  type IRole,
  type IRolePermission,
  type IRolePermissionCategory,
  type ITeamUserPermission,
  type ITeamUserRole,
} from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { FE_PERMISSION_TEXTS, fePermissionText } from '../src/db/fe-permissions.ts';
import { applySeedFile } from '../src/apply-seed.ts';
import { parseSeedFile } from '../src/seed-file.ts';
import { permissions, tenantInviteLinks, userGroupRoles, userTenantRoles } from '../src/db/schema.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { tokenOf, apiAs, adminApi, makeUser, auditRows } = harness;

/** Inserts a permission with an assignment type (the vendor's configuration, not a tenant admin's). */
async function insertPermission(id: string, key: string, assignmentType: 'NEVER' | 'ALWAYS' | 'ASSIGNABLE') {
  const now = new Date();
  await harness.emu.db.insert(permissions).values({ id, key, name: key, description: '', categoryId: null, fePermission: false, assignmentType, createdAt: now, updatedAt: now });
}

const newRole = (key: string, extra: Partial<{ permissions: string[]; isDefault: boolean; level: number }> = {}) => ({
  key,
  name: `${key} role`,
  description: `The ${key} role`,
  isDefault: false,
  level: 2,
  permissions: [],
  ...extra,
});

describe('reading roles, permissions and categories', () => {
  it('AB-3.01 AB-7.16 getRoles lists the vendor-level roles with every Role field and their permission ids', async () => {
    const api = await adminApi();
    const list: IRole[] = await api.roles.getRoles();
    const admin = list.find((r) => r.id === SEED.adminRoleId);
    const readOnly = list.find((r) => r.id === SEED.readOnlyRoleId);
    assert.ok(admin && readOnly, 'the seeded roles are listed');
    for (const field of ['id', 'key', 'name', 'description', 'isDefault', 'permissions', 'createdAt', 'updatedAt', 'vendorId'] as const) {
      assert.ok(field in admin, `Role.${field}`);
    }
    assert.equal(admin.vendorId, SEED.vendorId);
    assert.equal(admin.tenantId, undefined, 'a vendor-level role has no tenant');
    assert.equal(readOnly.isDefault, true);
    const all = await api.roles.getPermissions();
    assert.deepEqual([...admin.permissions].sort(), all.map((p) => p.id).sort(), 'Admin holds every permission');
    const readKey = all.find((p) => p.key === 'fe.secure.read.roles');
    const writeKey = all.find((p) => p.key === 'fe.secure.write.roles');
    assert.ok(readKey && writeKey);
    assert.ok(readOnly.permissions.includes(readKey.id) && !readOnly.permissions.includes(writeKey.id), 'ReadOnly holds only read keys');
  });

  it('AB-7.16 loadAvailableRoles (team) answers the same roles with their permission level', async () => {
    const api = await adminApi();
    const team: ITeamUserRole[] = await api.teams.loadAvailableRoles();
    const roles = await api.roles.getRoles();
    assert.deepEqual(
      team.map((r) => r.id),
      roles.map((r) => r.id),
    );
    const readOnly = team.find((r) => r.id === SEED.readOnlyRoleId);
    assert.equal(readOnly?.permissionLevel, 1);
    assert.equal(readOnly?.key, 'ReadOnly');
  });

  it('AB-3.02 AB-3.03 AB-7.16 permissions carry categoryId, roleIds and an assignment type, and categories group them', async () => {
    const api = await adminApi();
    const perms: IRolePermission[] = await api.roles.getPermissions();
    const teamPerms: ITeamUserPermission[] = await api.teams.loadAvailablePermissions();
    const categories: IRolePermissionCategory[] = await api.roles.getPermissionCategories();
    assert.ok(perms.length >= 29);
    const assignment = new Set<string>(Object.values(PermissionAssignmentTypeEnum));
    for (const p of perms) {
      for (const field of ['id', 'key', 'name', 'description', 'categoryId', 'fePermission', 'createdAt', 'updatedAt'] as const) assert.ok(field in p, `${p.key}.${field}`);
      assert.ok(assignment.has(p.assignmentType ?? ''), `${p.key} has an assignment type`);
      const homes = categories.filter((cat) => cat.permissionIds.includes(p.id));
      assert.equal(homes.length, 1, `${p.key} sits in exactly one category`);
      assert.equal(homes[0].id, p.categoryId);
    }
    const names = categories.map((cat) => cat.name);
    for (const name of [
      'User management',
      'Roles',
      'Groups',
      'API tokens',
      'Account settings',
      'Security',
      'SSO',
      'Provisioning',
      'Audits',
      'Webhooks',
      'Subscriptions',
      'Usage',
      'Account hierarchy',
    ]) {
      assert.ok(names.includes(name), `category ${name}`);
    }
    // issue 31 item 8: each area its own category, as Frontegg's
    const categoryOfKey = (key: string) => categories.find((cat) => cat.id === perms.find((p) => p.key === key)?.categoryId)?.name;
    assert.equal(categoryOfKey('fe.secure.write.samlConfiguration'), 'SSO');
    assert.equal(categoryOfKey('fe.secure.read.provisioningConfiguration'), 'Provisioning');
    assert.equal(categoryOfKey('fe.secure.read.securityPolicy'), 'Security');
    assert.equal(categoryOfKey('fe.connectivity.write.webhooks'), 'Webhooks');
    assert.equal(categoryOfKey('fe.subscriptions.read'), 'Subscriptions');
    const byKey = (key: string) => perms.find((p) => p.key === key);
    const usersCategory = categories.find((cat) => cat.name === 'User management');
    assert.ok(usersCategory?.feCategory);
    assert.ok(usersCategory.permissionIds.includes(byKey('fe.secure.delete.users')?.id ?? ''));
    assert.equal(byKey('fe.secure.write.groups')?.categoryId, categories.find((cat) => cat.name === 'Groups')?.id);

    const readRoles = teamPerms.find((p) => p.key === 'fe.secure.read.roles');
    assert.deepEqual([...(readRoles?.roleIds ?? [])].sort(), [SEED.adminRoleId, SEED.readOnlyRoleId].sort(), 'roleIds name the roles holding it');
    assert.deepEqual(teamPerms.find((p) => p.key === 'fe.secure.write.roles')?.roleIds, [SEED.adminRoleId]);
  });

  it('AB-3.02 every fe.* permission carries a name and a description written for people, as Frontegg’s vendor seeds them', async () => {
    const api = await adminApi();
    const perms: IRolePermission[] = await api.roles.getPermissions();
    const fe = perms.filter((p) => p.key.startsWith('fe.'));
    assert.ok(fe.length >= 30, 'every fe.* key is seeded');
    for (const p of fe) {
      assert.ok(FE_PERMISSION_TEXTS[p.key], `${p.key} has its own text`);
      assert.doesNotMatch(p.name, /\bfe\b|secure|\./, `${p.key}: "${p.name}" is a name, not the key`);
      assert.match(p.name, /^[A-Z]/, `${p.key}: "${p.name}" reads as a sentence`);
      assert.ok(p.description && p.description.length > 10, `${p.key} has a description`);
    }
    const tenantTokens = fe.find((p) => p.key === 'fe.secure.read.tenantApiTokens');
    assert.equal(tenantTokens?.name, 'Read tenant API tokens');
    assert.equal(tenantTokens?.description, 'See the account’s API tokens');
    assert.equal(fe.find((p) => p.key === 'fe.secure.write.impersonation')?.name, 'Impersonate users');
    // the team's list (loadAvailablePermissions) answers the same words
    const team: ITeamUserPermission[] = await api.teams.loadAvailablePermissions();
    assert.equal(team.find((p) => p.key === 'fe.secure.read.tenantApiTokens')?.name, 'Read tenant API tokens');
    // a key of no entry still reads as words
    assert.deepEqual(fePermissionText('fe.secure.read.fooBar'), { name: 'Read foo bar', description: '' });
  });

  it('AB-3.02 a seed file naming a Frontegg key the default seed lacks gives it words too; a key of the host’s own keeps its key as name', async () => {
    await applySeedFile(harness.emu.db, parseSeedFile({ roles: [{ key: 'Auditor', permissions: ['fe.secure.delete.roles', 'app.reports.read'] }] }), 'http://127.0.0.1');
    const perms: IRolePermission[] = await (await adminApi()).roles.getPermissions();
    assert.equal(perms.find((p) => p.key === 'fe.secure.delete.roles')?.name, 'Delete roles');
    assert.equal(perms.find((p) => p.key === 'app.reports.read')?.name, 'app.reports.read');
  });

  it('AB-3.01 getRoles answers usersCount: the members holding a role directly or through a group, each once', async () => {
    const api = await adminApi();
    const before: (IRole & { usersCount?: number })[] = await api.roles.getRoles();
    assert.equal(before.find((r) => r.id === SEED.adminRoleId)?.usersCount, 1, 'the seeded admin');
    assert.equal(before.find((r) => r.id === SEED.readOnlyRoleId)?.usersCount, 0);
    const ann = await makeUser('ann@acme.test', ['ReadOnly']);
    const bob = await makeUser('bob@acme.test', []);
    await makeUser('cid@acme.test', []);
    const group = await api.groups.createGroup({ name: 'Support' });
    await api.groups.addRolesToGroup(group.id, { roleIds: [SEED.readOnlyRoleId] });
    await api.groups.addUsersToGroup(group.id, { userIds: [ann, bob] });
    const after: (IRole & { usersCount?: number })[] = await api.roles.getRoles();
    assert.equal(after.find((r) => r.id === SEED.readOnlyRoleId)?.usersCount, 2, 'ann directly and through the group counts once, bob through the group');
    assert.equal(after.find((r) => r.id === SEED.adminRoleId)?.usersCount, 1);
    const c = new Client(harness.emu);
    const page = await c.get(`${P}/roles/v2?_sortBy=key`, c.bearer(await tokenOf()));
    assert.equal(page.body.items.find((r: IRole) => r.id === SEED.readOnlyRoleId)?.usersCount, 2, 'roles/v2 answers it too');
  });

  it('AB-7.16 GET roles/v2 pages the roles (Pg<Role>)', async () => {
    const api = await adminApi();
    await api.roles.addRole(newRole('Support'));
    await api.roles.addRole(newRole('Editor'));
    const c = new Client(harness.emu);
    const token = await tokenOf();
    const page = await c.get(`${P}/roles/v2?_limit=2&_offset=0&_sortBy=key&_order=ASC`, c.bearer(token));
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(
      page.body.items.map((r: IRole) => r.key),
      ['Admin', 'Editor'],
    );
    assert.deepEqual(page.body._metadata, { totalItems: 4, totalPages: 2 });
    const second = await c.get(`${P}/roles/v2?_limit=2&_offset=1&_sortBy=key&_order=ASC`, c.bearer(token));
    assert.deepEqual(
      second.body.items.map((r: IRole) => r.key),
      ['ReadOnly', 'Support'],
    );
    const filtered = await c.get(`${P}/roles/v2?_filter=supp`, c.bearer(token));
    assert.deepEqual(
      filtered.body.items.map((r: IRole) => r.key),
      ['Support'],
    );
    const bad = await c.get(`${P}/roles/v2?_sortBy=color`, c.bearer(token));
    assert.equal(bad.status, 400);
    assert.match(bad.body.errors[0], /_sortBy must be one of/);
  });
});

describe('adding, editing and deleting roles', () => {
  it('AB-7.17 AB-6.02 round trip: addRole → listed with its permissions → updateRole → read back → deleteRole, one audit row each', async () => {
    const api = await adminApi();
    const perms = await api.roles.getPermissions();
    const pick = perms.filter((p) => /^fe\.secure\.read\.(users|groups)$/.test(p.key)).map((p) => p.id);
    const created: IRole = await api.roles.addRole(newRole('Support', { permissions: pick }));
    assert.equal(created.tenantId, SEED.tenantId, 'a new role belongs to the caller tenant');
    assert.equal(created.vendorId, SEED.vendorId);
    assert.deepEqual([...created.permissions].sort(), [...pick].sort(), 'a role holds many permissions');
    assert.ok((await api.roles.getRoles()).some((r) => r.id === created.id && r.key === 'Support'));

    const updated: IRole = await api.roles.updateRole({ roleId: created.id, name: 'Customer support', description: 'Answers tickets', level: 3 });
    assert.equal(updated.name, 'Customer support');
    const reread = (await api.roles.getRoles()).find((r) => r.id === created.id);
    assert.equal(reread?.name, 'Customer support');
    assert.equal(reread?.description, 'Answers tickets');
    assert.equal(reread?.level, 3);
    assert.equal(reread?.key, 'Support', 'fields not sent stay');

    await api.roles.deleteRole({ roleId: created.id });
    assert.ok(!(await api.roles.getRoles()).some((r) => r.id === created.id));

    assert.equal((await auditRows('role.created', created.id)).length, 1);
    assert.equal((await auditRows('role.updated', created.id)).length, 1);
    const [deleted] = await auditRows('role.deleted', created.id);
    assert.equal(deleted?.severity, 'WARNING');
    assert.equal(deleted?.actorId, SEED.adminUserId);
  });

  it('AB-7.17 addRoleV2 copies the base role permissions and adds permissionIds', async () => {
    const api = await adminApi();
    const perms = await api.roles.getPermissions();
    const writeGroups = perms.find((p) => p.key === 'fe.secure.write.groups');
    assert.ok(writeGroups);
    const readOnly = (await api.roles.getRoles()).find((r) => r.id === SEED.readOnlyRoleId);
    assert.ok(readOnly);
    const role: IRole = await api.roles.addRoleV2({
      key: 'GroupEditor',
      name: 'Group editor',
      description: 'Read everything, edit groups',
      isDefault: false,
      level: 2,
      permissionIds: [writeGroups.id],
      baseRoleId: SEED.readOnlyRoleId,
    });
    assert.deepEqual([...role.permissions].sort(), [...readOnly.permissions, writeGroups.id].sort());
    assert.equal((await auditRows('role.created', role.id)).length, 1);
  });

  it('AB-7.17 isDefault makes a tenant role the default for new users and clears the flag on the other tenant roles', async () => {
    const api = await adminApi();
    const first = await api.roles.addRole(newRole('First', { isDefault: true }));
    const second = await api.roles.addRole(newRole('Second', { isDefault: true }));
    const list = await api.roles.getRoles();
    assert.equal(list.find((r) => r.id === first.id)?.isDefault, false, 'the earlier default lost the flag');
    assert.equal(list.find((r) => r.id === second.id)?.isDefault, true);

    const invited = await api.teams.addUser({ email: 'newcomer@acme.test', name: 'New Comer', roleIds: [] });
    const given = await harness.emu.db
      .select()
      .from(userTenantRoles)
      .where(and(eq(userTenantRoles.userId, invited.id), eq(userTenantRoles.tenantId, SEED.tenantId)));
    assert.ok(
      given.some((g) => g.roleId === second.id),
      'the default role is given to a new user',
    );
    assert.ok(!given.some((g) => g.roleId === first.id));
    // the tenant's own default replaces the vendor-level ones (no two defaults), and another tenant's never applies
    assert.deepEqual(
      given.map((g) => g.roleId),
      [second.id],
    );
  });

  it('AB-7.17 deleting a role unassigns it from users, groups and invite links', async () => {
    const api = await adminApi();
    const role = await api.roles.addRole(newRole('Temp'));
    const userId = await makeUser('member@acme.test', ['ReadOnly']);
    await harness.emu.db.insert(userTenantRoles).values({ userId, tenantId: SEED.tenantId, roleId: role.id });
    const group = await api.groups.createGroup({ name: 'Support team' });
    await api.groups.addRolesToGroup(group.id, { roleIds: [role.id] });
    const now = new Date();
    await harness.emu.db.insert(tenantInviteLinks).values({
      id: 'link-1',
      tenantId: SEED.tenantId,
      userId: SEED.adminUserId,
      token: 'link-token',
      expiresAt: new Date(now.getTime() + 3_600_000),
      shouldSendEmail: false,
      roleIds: [role.id, SEED.readOnlyRoleId],
      createdAt: now,
      updatedAt: now,
    });

    await api.roles.deleteRole({ roleId: role.id });
    assert.deepEqual(await harness.emu.db.select().from(userTenantRoles).where(eq(userTenantRoles.roleId, role.id)), []);
    assert.deepEqual(await harness.emu.db.select().from(userGroupRoles).where(eq(userGroupRoles.roleId, role.id)), []);
    assert.deepEqual((await api.groups.getGroupById({ groupId: group.id }, { _groupsRelations: GroupRelations.roles })).roles, []);
    const [link] = await harness.emu.db.select().from(tenantInviteLinks).where(eq(tenantInviteLinks.id, 'link-1'));
    assert.deepEqual(link?.roleIds, [SEED.readOnlyRoleId], 'the invite link no longer gives the role');
  });

  it('AB-7.17 bad input answers 400/409 with a clear message', async () => {
    const api = await adminApi();
    await api.roles.addRole(newRole('Support'));
    await rejectsWith(api.roles.addRole(newRole('support')), 409, 'A role with the key "support" already exists');
    await rejectsWith(api.roles.addRole(newRole('Admin')), 409, 'A role with the key "Admin" already exists');
    await rejectsWith(api.roles.addRole({ ...newRole('NoName'), name: '' }), 400, 'name: name is required');
    await rejectsWith(api.roles.addRole(newRole('Ghost', { permissions: ['perm-nope'] })), 400, 'Unknown permission id: perm-nope');
    await rejectsWith(api.roles.addRoleV2({ ...newRole('Based'), permissionIds: [], baseRoleId: 'role-nope' }), 400, 'Unknown base role id: role-nope');
    await rejectsWith(api.roles.updateRole({ roleId: 'role-nope', name: 'x' }), 404, 'Role not found');
  });
});

describe('permissions of roles', () => {
  it('AB-7.18 AB-6.02 attachPermissionsToRole replaces the set with permissionIds, one audit row', async () => {
    const api = await adminApi();
    const perms = await api.roles.getPermissions();
    const ids = (re: RegExp) => perms.filter((p) => re.test(p.key)).map((p) => p.id);
    const role = await api.roles.addRole(newRole('Auditor', { permissions: ids(/^fe\.secure\.read\.users$/) }));
    const next = ids(/^fe\.secure\.read\.(audits|sessions|securityPolicy)$/);
    const saved: IRole = await api.roles.attachPermissionsToRole({ roleId: role.id, permissionIds: next });
    assert.deepEqual([...saved.permissions].sort(), [...next].sort());
    assert.deepEqual([...((await api.roles.getRoles()).find((r) => r.id === role.id)?.permissions ?? [])].sort(), [...next].sort());
    const [row] = await auditRows('role.permissions.updated', role.id);
    assert.deepEqual((row?.details as { removed: string[] }).removed, ids(/^fe\.secure\.read\.users$/));
  });

  it('AB-3.03 AB-7.18 a NEVER permission cannot be attached (400) and an ALWAYS permission is always held', async () => {
    await insertPermission('perm-never', 'app.billing.override', 'NEVER');
    await insertPermission('perm-always', 'app.profile.read', 'ALWAYS');
    const api = await adminApi();
    const role = await api.roles.addRole(newRole('Viewer'));
    assert.deepEqual(role.permissions, ['perm-always'], 'a new role holds the ALWAYS permission');
    await rejectsWith(
      api.roles.attachPermissionsToRole({ roleId: role.id, permissionIds: ['perm-never'] }),
      400,
      'The permission "app.billing.override" cannot be assigned to a role (assignment type NEVER)',
    );
    await rejectsWith(api.roles.addRole(newRole('Sneaky', { permissions: ['perm-never'] })), 400, /assignment type NEVER/);
    await rejectsWith(api.roles.attachPermissionToRoles({ permissionId: 'perm-never', roleIds: [role.id] }), 400, /assignment type NEVER/);

    const cleared = await api.roles.attachPermissionsToRole({ roleId: role.id, permissionIds: [] });
    assert.deepEqual(cleared.permissions, ['perm-always'], 'emptying the set keeps the ALWAYS permission');
    const always = (await api.teams.loadAvailablePermissions()).find((p) => p.id === 'perm-always');
    assert.ok(always?.roleIds.includes(SEED.adminRoleId) && always.roleIds.includes(role.id), 'every role holds an ALWAYS permission');
    assert.equal((await api.roles.getPermissions()).find((p) => p.id === 'perm-never')?.assignmentType, PermissionAssignmentTypeEnum.NEVER);
  });

  it('AB-6.03 attachPermissionToRoles attaches one permission to many roles at once', async () => {
    const api = await adminApi();
    const a = await api.roles.addRole(newRole('A'));
    const b = await api.roles.addRole(newRole('B'));
    const perm = (await api.roles.getPermissions()).find((p) => p.key === 'fe.secure.read.audits');
    assert.ok(perm);
    const answered = await api.roles.attachPermissionToRoles({ permissionId: perm.id, roleIds: [a.id, b.id] });
    assert.equal(answered.id, perm.id);
    const roleIds = (await api.teams.loadAvailablePermissions()).find((p) => p.id === perm.id)?.roleIds ?? [];
    assert.ok(roleIds.includes(a.id) && roleIds.includes(b.id) && roleIds.includes(SEED.adminRoleId));
    const roles = await api.roles.getRoles();
    assert.ok(roles.find((r) => r.id === a.id)?.permissions.includes(perm.id));
    assert.ok(roles.find((r) => r.id === b.id)?.permissions.includes(perm.id));
    assert.equal((await auditRows('permission.roles.attached', perm.id)).length, 1);
    await rejectsWith(api.roles.attachPermissionToRoles({ permissionId: perm.id, roleIds: ['role-nope'] }), 400, 'Unknown role id: role-nope');
    await rejectsWith(api.roles.attachPermissionToRoles({ permissionId: 'perm-nope', roleIds: [a.id] }), 404, 'Permission not found');
  });
});

describe('who may change roles', () => {
  it('AB-8.03 a tenant admin cannot change or delete vendor-level roles: 403 Not authorized', async () => {
    const api = await adminApi();
    await rejectsWith(api.roles.deleteRole({ roleId: SEED.readOnlyRoleId }), 403, 'Not authorized');
    await rejectsWith(api.roles.updateRole({ roleId: SEED.adminRoleId, name: 'Boss' }), 403, 'Not authorized');
    await rejectsWith(api.roles.attachPermissionsToRole({ roleId: SEED.readOnlyRoleId, permissionIds: [] }), 403, 'Not authorized');
    const perm = (await api.roles.getPermissions()).find((p) => p.key === 'fe.secure.write.users');
    await rejectsWith(api.roles.attachPermissionToRoles({ permissionId: perm?.id ?? '', roleIds: [SEED.readOnlyRoleId] }), 403, 'Not authorized');
    assert.ok((await api.roles.getRoles()).some((r) => r.id === SEED.readOnlyRoleId && r.name === 'Read only'));
    assert.deepEqual(await auditRows('role.deleted', SEED.readOnlyRoleId), []);
  });

  it('AB-8.03 a user holding only ReadOnly reads roles but every role mutation answers 403 Not authorized', async () => {
    const admin = await adminApi();
    const role = await admin.roles.addRole(newRole('Support'));
    await makeUser('reader@acme.test', ['ReadOnly']);
    const api = await apiAs(await tokenOf('reader@acme.test', PASSWORD));
    assert.ok((await api.roles.getRoles()).some((r) => r.id === role.id));
    assert.ok((await api.roles.getPermissionCategories()).length > 0);
    await rejectsWith(api.roles.addRole(newRole('Mine')), 403, 'Not authorized');
    await rejectsWith(api.roles.addRoleV2({ ...newRole('Mine'), permissionIds: [], baseRoleId: SEED.adminRoleId }), 403, 'Not authorized');
    await rejectsWith(api.roles.updateRole({ roleId: role.id, name: 'x' }), 403, 'Not authorized');
    await rejectsWith(api.roles.deleteRole({ roleId: role.id }), 403, 'Not authorized');
    await rejectsWith(api.roles.attachPermissionsToRole({ roleId: role.id, permissionIds: [] }), 403, 'Not authorized');

    await makeUser('nobody@acme.test', []);
    const none = await apiAs(await tokenOf('nobody@acme.test', PASSWORD));
    await rejectsWith(none.roles.getRoles(), 403, 'Not authorized');
    await rejectsWith(none.roles.getPermissions(), 403, 'Not authorized');
    await rejectsWith(none.teams.loadAvailableRoles(), 403, 'Not authorized');
  });

  it("AB-3.01 a tenant's roles are invisible to another tenant", async () => {
    const admin = await adminApi();
    const role = await admin.roles.addRole(newRole('AcmeOnly'));
    const other = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
    assert.equal(other.status, 201, other.text);
    await makeUser('boss@globex.test', ['Admin'], { tenantId: other.body.tenantId });
    const api = await apiAs(await tokenOf('boss@globex.test', PASSWORD));
    const list = await api.roles.getRoles();
    assert.ok(!list.some((r) => r.id === role.id));
    assert.ok(
      list.some((r) => r.id === SEED.adminRoleId),
      'vendor-level roles are shared',
    );
    await rejectsWith(api.roles.deleteRole({ roleId: role.id }), 404, 'Role not found');
    const globexRole = await api.roles.addRole(newRole('AcmeOnly'));
    assert.equal(globexRole.tenantId, other.body.tenantId, 'keys are unique per tenant, not across tenants');
    assert.ok((await admin.roles.getRoles()).some((r) => r.id === role.id));
  });
});
