/**
 * Groups of the admin portal (api-contract §K), called through Frontegg's own client (`@frontegg/rest-api`) so that
 * every request is the one the reference product sends.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { GroupManagedByEnum, GroupRelations, type ICreateGroupResponse, type IGroupConfigResponse, type IGroupResponse } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { userGroupMembers, userGroups } from '../src/db/schema.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { tokenOf, apiAs, adminApi, makeUser, auditRows } = harness;

/** A group a directory provisioned (managed_by scim2), with `userId` as its member. */
async function scimGroup(userId: string): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await harness.emu.db.insert(userGroups).values({
    id,
    tenantId: SEED.tenantId,
    vendorId: SEED.vendorId,
    name: 'Okta engineers',
    color: '',
    description: 'From the directory',
    metadata: null,
    managedBy: 'scim2',
    createdAt: now,
    updatedAt: now,
  });
  await harness.emu.db.insert(userGroupMembers).values({ groupId: id, userId, createdAt: now });
  return id;
}

describe('groups: create, read, update, delete', () => {
  it('AB-7.19 AB-3.08 round trip: createGroup → getGroups → getGroupById → updateGroup → read back → deleteGroup, one audit row each', async () => {
    const api = await adminApi();
    const created: ICreateGroupResponse = await api.groups.createGroup({ name: 'Support', color: '#ff0000', description: 'First line', metadata: '{"tier":1}' });
    assert.equal(created.name, 'Support');
    assert.equal(created.color, '#ff0000');
    assert.equal(created.description, 'First line');
    assert.equal(created.metadata, '{"tier":1}');
    assert.equal(created.managedBy, GroupManagedByEnum.FRONTEGG);

    const list: IGroupResponse[] = await api.groups.getGroups();
    assert.deepEqual(
      list.map((g) => g.id),
      [created.id],
    );
    assert.equal(list[0].roles, undefined, 'no relations unless asked for');

    await api.groups.updateGroup({ groupId: created.id, name: 'Customer support', metadata: '{"tier":2}' });
    const reread: IGroupResponse = await api.groups.getGroupById({ groupId: created.id });
    assert.equal(reread.name, 'Customer support');
    assert.equal(reread.metadata, '{"tier":2}');
    assert.equal(reread.color, '#ff0000', 'fields not sent stay');
    assert.equal(reread.description, 'First line');

    await api.groups.deleteGroup(created.id);
    assert.deepEqual(await api.groups.getGroups(), []);
    await rejectsWith(api.groups.getGroupById({ groupId: created.id }), 404, 'Group not found');

    assert.equal((await auditRows('group.created', created.id)).length, 1);
    assert.equal((await auditRows('group.updated', created.id)).length, 1);
    const [deleted] = await auditRows('group.deleted', created.id);
    assert.equal(deleted?.severity, 'WARNING');
    assert.equal(deleted?.actorId, SEED.adminUserId);
  });

  it('AB-7.19 getGroupsByIds answers the named groups of the tenant, in order, with relations', async () => {
    const api = await adminApi();
    const a = await api.groups.createGroup({ name: 'A' });
    const b = await api.groups.createGroup({ name: 'B' });
    await api.groups.createGroup({ name: 'C' });
    await api.groups.addRolesToGroup(b.id, { roleIds: [SEED.readOnlyRoleId] });
    const got = await api.groups.getGroupsByIds({ groupsIds: [b.id, a.id, 'group-nope'] });
    assert.deepEqual(
      got.map((g) => g.name),
      ['B', 'A'],
    );
    const withRoles = await api.groups.getGroupsByIds({ groupsIds: [b.id] }, { _groupsRelations: GroupRelations.roles });
    assert.deepEqual(
      withRoles[0].roles?.map((r) => r.key),
      ['ReadOnly'],
    );
  });

  it('AB-7.19 bad input answers 400/409 with a clear message', async () => {
    const api = await adminApi();
    await api.groups.createGroup({ name: 'Support' });
    await rejectsWith(api.groups.createGroup({ name: '  ' }), 400, 'name: name is required');
    await rejectsWith(api.groups.createGroup({ name: 'support' }), 409, 'A group named "support" already exists');
    await rejectsWith(api.groups.createGroup({ name: 'Meta', metadata: { a: 1 } as unknown as string }), 400, 'metadata: metadata must be a string');
    await rejectsWith(api.groups.updateGroup({ groupId: 'group-nope', name: 'x' }), 404, 'Group not found');
    const c = new Client(harness.emu);
    const res = await c.get(`${P}/groups/v1?_groupsRelations=everything`, c.bearer(await tokenOf()));
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.errors, ['_groupsRelations must be one of roles, users, rolesAndUsers']);
  });
});

describe('roles and users of a group', () => {
  it('AB-6.05 AB-3.08 AB-7.19 a group holds roles and users; relations roles, users and rolesAndUsers', async () => {
    const api = await adminApi();
    const group = await api.groups.createGroup({ name: 'Editors' });
    const member = await makeUser('editor@acme.test');
    await api.groups.addRolesToGroup(group.id, { roleIds: [SEED.readOnlyRoleId, SEED.adminRoleId] });
    await api.groups.addUsersToGroup(group.id, { userIds: [member, SEED.adminUserId] });

    const [withRoles] = await api.groups.getGroups({ _groupsRelations: GroupRelations.roles });
    assert.deepEqual(withRoles.roles?.map((r) => r.id).sort(), [SEED.adminRoleId, SEED.readOnlyRoleId].sort());
    assert.ok(
      withRoles.roles?.every((r) => Array.isArray(r.permissions) && r.permissions.length > 0),
      'roles carry their permissions',
    );
    assert.equal(withRoles.users, undefined);

    const [withUsers] = await api.groups.getGroups({ _groupsRelations: GroupRelations.users });
    assert.equal(withUsers.roles, undefined);
    const editor = withUsers.users?.find((u) => u.id === member);
    assert.equal(editor?.email, 'editor@acme.test');
    assert.equal(editor?.activatedForTenant, true);
    assert.ok(editor && 'profilePictureUrl' in editor && 'createdAt' in editor && 'name' in editor);

    const both = await api.groups.getGroupById({ groupId: group.id }, { _groupsRelations: GroupRelations.rolesAndUsers });
    assert.equal(both.roles?.length, 2);
    assert.equal(both.users?.length, 2);

    await api.groups.deleteRolesFromGroup(group.id, { roleIds: [SEED.adminRoleId] });
    await api.groups.deleteUsersFromGroup(group.id, { userIds: [SEED.adminUserId] });
    const after = await api.groups.getGroupById({ groupId: group.id }, { _groupsRelations: GroupRelations.rolesAndUsers });
    assert.deepEqual(
      after.roles?.map((r) => r.id),
      [SEED.readOnlyRoleId],
    );
    assert.deepEqual(
      after.users?.map((u) => u.id),
      [member],
    );

    for (const action of ['group.roles.added', 'group.users.added', 'group.roles.removed', 'group.users.removed']) {
      assert.equal((await auditRows(action, group.id)).length, 1, action);
    }
  });

  it('AB-6.05 only users of the tenant and roles the tenant sees can join a group (400)', async () => {
    const api = await adminApi();
    const group = await api.groups.createGroup({ name: 'Editors' });
    const other = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
    assert.equal(other.status, 201, other.text);
    const outsider = await makeUser('outsider@globex.test', ['Admin'], { tenantId: other.body.tenantId });
    await rejectsWith(api.groups.addUsersToGroup(group.id, { userIds: [outsider] }), 400, `Not a user of this account: ${outsider}`);
    await rejectsWith(api.groups.addUsersToGroup(group.id, { userIds: [] }), 400, 'userIds: userIds must name at least one id');
    await rejectsWith(api.groups.addRolesToGroup(group.id, { roleIds: ['role-nope'] }), 400, 'Unknown role id: role-nope');

    const globex = await apiAs(await tokenOf('outsider@globex.test', PASSWORD));
    const globexRole = await globex.roles.addRole({ key: 'Globex', name: 'Globex', description: '', isDefault: false, level: 1, permissions: [] });
    await rejectsWith(api.groups.addRolesToGroup(group.id, { roleIds: [globexRole.id] }), 400, `Unknown role id: ${globexRole.id}`);
    await rejectsWith(globex.groups.getGroupById({ groupId: group.id }), 404, 'Group not found');
    assert.deepEqual(await globex.groups.getGroups(), [], "another tenant's groups are invisible");
  });

  it('AB-3.08 a scim2 group is read-only here (400) but its roles can still be set', async () => {
    const api = await adminApi();
    const member = await makeUser('engineer@acme.test');
    const groupId = await scimGroup(member);
    const group = await api.groups.getGroupById({ groupId }, { _groupsRelations: GroupRelations.users });
    assert.equal(group.managedBy, GroupManagedByEnum.SCIM2);
    assert.deepEqual(
      group.users?.map((u) => u.id),
      [member],
    );
    const scim = 'This group is managed by SCIM (scim2): change it in the identity provider';
    await rejectsWith(api.groups.updateGroup({ groupId, name: 'Renamed' }), 400, scim);
    await rejectsWith(api.groups.deleteGroup(groupId), 400, scim);
    await rejectsWith(api.groups.addUsersToGroup(groupId, { userIds: [SEED.adminUserId] }), 400, scim);
    await rejectsWith(api.groups.deleteUsersFromGroup(groupId, { userIds: [member] }), 400, scim);
    assert.equal((await api.groups.getGroupById({ groupId })).name, 'Okta engineers');

    await api.groups.addRolesToGroup(groupId, { roleIds: [SEED.readOnlyRoleId] });
    const withRoles = await api.groups.getGroupById({ groupId }, { _groupsRelations: GroupRelations.roles });
    assert.deepEqual(
      withRoles.roles?.map((r) => r.id),
      [SEED.readOnlyRoleId],
    );
  });
});

describe('groups configuration and permissions', () => {
  it('AB-7.19 getGroupConfiguration / updateGroupConfiguration; disabled groups or group roles refuse changes', async () => {
    const api = await adminApi();
    const initial: IGroupConfigResponse = await api.groups.getGroupConfiguration();
    assert.deepEqual(initial, { enabled: true, rolesEnabled: true });
    const group = await api.groups.createGroup({ name: 'Editors' });

    assert.deepEqual(await api.groups.updateGroupConfiguration({ rolesEnabled: false }), { enabled: true, rolesEnabled: false });
    assert.deepEqual(await api.groups.getGroupConfiguration(), { enabled: true, rolesEnabled: false });
    await rejectsWith(api.groups.addRolesToGroup(group.id, { roleIds: [SEED.readOnlyRoleId] }), 400, 'Roles for groups are disabled for this account');

    await api.groups.updateGroupConfiguration({ enabled: false });
    await rejectsWith(api.groups.createGroup({ name: 'More' }), 400, 'Groups are disabled for this account');
    assert.deepEqual(await api.groups.getGroupConfiguration(), { enabled: false, rolesEnabled: false });
    assert.equal((await auditRows('group.config.updated', SEED.tenantId)).length, 2);
  });

  it('AB-8.03 a user holding only ReadOnly reads groups but every group mutation answers 403 Not authorized', async () => {
    const admin = await adminApi();
    const group = await admin.groups.createGroup({ name: 'Editors' });
    await makeUser('reader@acme.test', ['ReadOnly']);
    const api = await apiAs(await tokenOf('reader@acme.test', PASSWORD));
    assert.equal((await api.groups.getGroups()).length, 1);
    assert.ok(await api.groups.getGroupConfiguration());
    await rejectsWith(api.groups.createGroup({ name: 'Mine' }), 403, 'Not authorized');
    await rejectsWith(api.groups.updateGroup({ groupId: group.id, name: 'x' }), 403, 'Not authorized');
    await rejectsWith(api.groups.deleteGroup(group.id), 403, 'Not authorized');
    await rejectsWith(api.groups.addRolesToGroup(group.id, { roleIds: [SEED.adminRoleId] }), 403, 'Not authorized');
    await rejectsWith(api.groups.deleteRolesFromGroup(group.id, { roleIds: [SEED.adminRoleId] }), 403, 'Not authorized');
    await rejectsWith(api.groups.addUsersToGroup(group.id, { userIds: [SEED.adminUserId] }), 403, 'Not authorized');
    await rejectsWith(api.groups.deleteUsersFromGroup(group.id, { userIds: [SEED.adminUserId] }), 403, 'Not authorized');
    await rejectsWith(api.groups.updateGroupConfiguration({ enabled: false }), 403, 'Not authorized');

    await makeUser('nobody@acme.test', []);
    const none = await apiAs(await tokenOf('nobody@acme.test', PASSWORD));
    await rejectsWith(none.groups.getGroups(), 403, 'Not authorized');
    await rejectsWith(none.groups.getGroupsByIds({ groupsIds: [group.id] }), 403, 'Not authorized');
    await rejectsWith(none.groups.getGroupConfiguration(), 403, 'Not authorized');
  });
});
