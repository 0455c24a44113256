// @postgres: users and roles written under db/locks.ts locks, and the 10,000-user seed
/**
 * The users section of the admin portal (api-contract §G users v2/v3, roles and groups by ids, team members, stats,
 * enable/disable, tenant user counts; §H temporary users) and the scale seed, called through Frontegg's own client
 * (`@frontegg/rest-api`) so that every request is the one the reference product sends.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  GetUsersFilterPreset,
  PaginationOrderEnum,
  SortByEnum,
  type GetUserGroupsResponse,
  type GetUserRolesResponse,
  type IGetTenantsUserCountResponse,
  type IGetUsersV2Response,
  type ITeamStats,
  type ITeamUser,
  type IUsersV3Data,
  type FronteggPaginationWrapper,
  type ISearchUserQueryParamsV3,
  type PaginationResult,
} from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { audits, authenticators, mfaPhones, userGroupMembers, userGroupRoles, userGroups, users, userTenants } from '../src/db/schema.ts';
import { SEEDED_USER_PASSWORD } from '../src/seed-users.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { signIn, apiAs, adminApi, makeUser, auditRows } = harness;
const DAY = 86400_000;

/** Exactly one audit row of `action` on `targetId`, written by the admin, with `severity`. */
async function assertAudited(action: string, targetId: string, severity: string) {
  const rows = await auditRows(action, targetId);
  assert.equal(rows.length, 1, `one ${action} audit row`);
  assert.equal(rows[0].actorId, SEED.adminUserId);
  assert.equal(rows[0].tenantId, SEED.tenantId);
  assert.equal(rows[0].severity, severity);
}

const emails = (page: { items: { email: string }[] }) => page.items.map((u) => u.email);

/**
 * Three users besides the admin (who has signed in: lastLogin now, no MFA):
 * alice — ReadOnly, breached password, signed in 10 days ago, no MFA;
 * bob — ReadOnly, authenticator app, signed in 200 days ago;
 * carol — no role, SMS phone, never signed in, a member for 120 days.
 */
async function threeUsers() {
  const alice = await makeUser('alice@example.test', ['ReadOnly'], { name: 'Alice Able' });
  const bob = await makeUser('bob@example.test', ['ReadOnly'], { name: 'Bob Baker' });
  const carol = await makeUser('carol@example.test', [], { name: 'Carol Cole' });
  const now = Date.now();
  await harness.emu.db
    .update(users)
    .set({ lastLogin: new Date(now - 10 * DAY), isBreachedPassword: true })
    .where(eq(users.id, alice));
  await harness.emu.db
    .update(users)
    .set({ lastLogin: new Date(now - 200 * DAY) })
    .where(eq(users.id, bob));
  await harness.emu.db.insert(authenticators).values({ id: randomUUID(), userId: bob, secret: 'JBSWY3DPEHPK3PXP', createdAt: new Date() });
  await harness.emu.db.insert(mfaPhones).values({ id: randomUUID(), userId: carol, phoneNumber: '+15550000001', createdAt: new Date() });
  await harness.emu.db
    .update(userTenants)
    .set({ createdAt: new Date(now - 120 * DAY) })
    .where(eq(userTenants.userId, carol));
  return { alice, bob, carol };
}

describe('users v3 and v2 (the users table)', () => {
  it('AB-7.01 AB-7.02 AB-9 getUsersV3 pages 20 users by default and answers items with _metadata totalItems and totalPages', async () => {
    const seeded = await new Client(harness.emu).post('/_emulator/seed-users', { count: 44 });
    assert.equal(seeded.status, 201, seeded.text);
    const api = await adminApi();
    const first: FronteggPaginationWrapper<IUsersV3Data> = await api.users.getUsersV3({});
    assert.equal(first.items.length, 20);
    assert.deepEqual(first._metadata, { totalItems: 45, totalPages: 3 });
    const last = await api.users.getUsersV3({ _offset: 40, _limit: 20, _includeSubTenants: false });
    assert.equal(last.items.length, 5);
    const all = await api.users.getUsersV3({ _limit: 45 });
    assert.equal(new Set(all.items.map((u) => u.id)).size, 45, 'no user twice');
    const user: IUsersV3Data = all.items.find((u) => u.email === SEED.adminEmail)!;
    for (const field of [
      'id',
      'sub',
      'email',
      'name',
      'verified',
      'mfaEnrolled',
      'tenantId',
      'tenantIds',
      'tenants',
      'activatedForTenant',
      'isLocked',
      'metadata',
      'createdAt',
      'isDisabled',
    ] as const) {
      assert.ok(field in user, `UV3.${field}`);
    }
    assert.equal(user.tenantId, SEED.tenantId);
    assert.deepEqual(user.tenantIds, [SEED.tenantId]);
    assert.equal(user.tenants[0].roles[0].key, 'Admin');
  });

  it('AB-3.06 getUsersV3 sorts by every sort key, ASC and DESC', async () => {
    await threeUsers();
    const api = await adminApi();
    const byEmail = await api.users.getUsersV3({ _sortBy: SortByEnum.email, _order: PaginationOrderEnum.ASC });
    assert.deepEqual(emails(byEmail), ['admin@acme.test', 'alice@example.test', 'bob@example.test', 'carol@example.test']);
    const byNameDesc = await api.users.getUsersV3({ _sortBy: SortByEnum.name, _order: PaginationOrderEnum.DESC });
    assert.deepEqual(
      byNameDesc.items.map((u) => u.name),
      ['Carol Cole', 'Bob Baker', 'Alice Able', SEED.adminName],
    );
    for (const sortBy of Object.values(SortByEnum)) {
      for (const order of Object.values(PaginationOrderEnum)) {
        const page = await api.users.getUsersV3({ _sortBy: sortBy, _order: order });
        assert.equal(page.items.length, 4, `${sortBy} ${order}`);
      }
    }
  });

  it('AB-3.07 AB-7.01 AB-9 getUsersV3 presets mfa-unenrolled, breached-passwords and inactive, with _maxInactiveSeconds and _email', async () => {
    await threeUsers();
    const api = await adminApi();
    const sorted = { _sortBy: SortByEnum.email, _order: PaginationOrderEnum.ASC };
    const unenrolled = await api.users.getUsersV3({ ...sorted, _preset: GetUsersFilterPreset.MFA_UNENROLLED });
    assert.deepEqual(emails(unenrolled), ['admin@acme.test', 'alice@example.test'], 'no MFA device of any kind');
    assert.ok(unenrolled.items.every((u) => !u.mfaEnrolled));
    const breached = await api.users.getUsersV3({ ...sorted, _preset: GetUsersFilterPreset.BREACHED_PASSWORDS });
    assert.deepEqual(emails(breached), ['alice@example.test']);
    const inactive = await api.users.getUsersV3({ ...sorted, _preset: GetUsersFilterPreset.INACTIVE });
    assert.deepEqual(emails(inactive), ['bob@example.test', 'carol@example.test'], 'older than 90 days, or never signed in and a member for longer');
    const fiveDays = await api.users.getUsersV3({ ...sorted, _preset: GetUsersFilterPreset.INACTIVE, _maxInactiveSeconds: 5 * 86400 });
    assert.deepEqual(emails(fiveDays), ['alice@example.test', 'bob@example.test', 'carol@example.test']);
    const byEmail = await api.users.getUsersV3({ _email: 'ALI', _offset: 0, _limit: 20, _includeSubTenants: true });
    assert.deepEqual(emails(byEmail), ['alice@example.test'], 'a case-insensitive substring');
    assert.deepEqual(byEmail._metadata, { totalItems: 1, totalPages: 1 });
    const byPrefix = await api.users.getUsersV3({ _namePrefix: 'bo' });
    assert.deepEqual(emails(byPrefix), ['bob@example.test']);
    const byIdentifier = await api.users.getUsersV3({ _identifier: 'BOB@example.test', _identifierType: 'email' });
    assert.deepEqual(emails(byIdentifier), ['bob@example.test'], 'an exact email');
    const enrolled = (await api.users.getUsersV3({ _email: 'bob' })).items[0];
    assert.equal(enrolled.mfaEnrolled, true);
  });

  it('AB-7.03 getUsersV2 searches email and name with _filter and answers roles, permissions and groups', async () => {
    const { alice } = await threeUsers();
    const now = new Date();
    const groupId = randomUUID();
    await harness.emu.db.insert(userGroups).values({ id: groupId, tenantId: SEED.tenantId, vendorId: SEED.vendorId, name: 'Support', createdAt: now, updatedAt: now });
    await harness.emu.db.insert(userGroupRoles).values({ groupId, roleId: SEED.readOnlyRoleId });
    await harness.emu.db.insert(userGroupMembers).values({ groupId, userId: alice, createdAt: now });
    const api = await adminApi();
    const page: FronteggPaginationWrapper<IGetUsersV2Response> = await api.users.getUsersV2({
      _filter: 'able',
      _sortBy: SortByEnum.name,
      _order: PaginationOrderEnum.ASC,
      _offset: 0,
      _limit: 20,
      _includeSubTenants: false,
    });
    assert.deepEqual(emails(page), ['alice@example.test'], 'the name matches');
    const user: IGetUsersV2Response = page.items[0];
    assert.deepEqual(
      user.roles.map((r) => r.key),
      ['ReadOnly'],
    );
    assert.ok(user.permissions.some((p) => p.key === 'fe.secure.read.users'));
    assert.ok(!user.permissions.some((p) => p.key === 'fe.secure.write.users'));
    assert.equal(user.groups?.[0].id, groupId);
    assert.equal(user.groups?.[0].roles?.[0].id, SEED.readOnlyRoleId);
    const byEmail = await api.users.getUsersV2({ _filter: 'carol@' });
    assert.deepEqual(emails(byEmail), ['carol@example.test'], 'the email matches');
  });

  it('AB-7.10 getUsersRoles and getUsersGroups answer the role and group ids of the users asked for', async () => {
    const { alice, carol } = await threeUsers();
    const now = new Date();
    const groupId = randomUUID();
    await harness.emu.db.insert(userGroups).values({ id: groupId, tenantId: SEED.tenantId, vendorId: SEED.vendorId, name: 'Ops', createdAt: now, updatedAt: now });
    await harness.emu.db.insert(userGroupMembers).values({ groupId, userId: carol, createdAt: now });
    const api = await adminApi();
    const roles: GetUserRolesResponse[] = await api.users.getUsersRoles({ ids: [alice, carol, SEED.adminUserId, 'no-such-user'] });
    assert.deepEqual(
      roles.map((r) => [r.userId, r.roleIds]),
      [
        [alice, [SEED.readOnlyRoleId]],
        [carol, []],
        [SEED.adminUserId, [SEED.adminRoleId]],
      ],
    );
    assert.ok(roles.every((r) => r.tenantId === SEED.tenantId && r.vendorId === SEED.vendorId));
    const groups: GetUserGroupsResponse[] = await api.users.getUsersGroups({ ids: [alice, carol] });
    assert.deepEqual(
      groups.map((g) => [g.userId, g.groupIds]),
      [
        [alice, []],
        [carol, [groupId]],
      ],
    );
  });

  it('getUsersV3 refuses a bad sort key, page size or preset with a clear 400', async () => {
    const { token } = await signIn();
    const c = new Client(harness.emu);
    const sort = await c.get(`${P}/users/v3?_sortBy=lastSeen`, c.bearer(token));
    assert.equal(sort.status, 400);
    assert.deepEqual(sort.body.errors, ['_sortBy must be one of createdAt, name, email, id, verified, isLocked, provider, tenantId']);
    const limit = await c.get(`${P}/users/v3?_limit=0`, c.bearer(token));
    assert.equal(limit.status, 400);
    assert.deepEqual(limit.body.errors, ['_limit must be an integer from 1 to 200']);
    const preset = await c.get(`${P}/users/v3?_preset=dormant`, c.bearer(token));
    assert.equal(preset.status, 400);
    assert.deepEqual(preset.body.errors, ['_preset must be one of mfa-unenrolled, breached-passwords, inactive']);
    const other = await c.get(`${P}/users/v3?_tenantId=another-tenant`, c.bearer(token));
    assert.equal(other.status, 403, 'another tenant is not readable');
  });
});

/**
 * The emulator's filters of users v3 (issue 21 item 11): `_filter`, `_status`, `_roleId`, `_groupId`. Frontegg's v3
 * has no such parameters, but its client passes any query parameter through `getUsersV3`, so the calls go through it.
 */
type V3Query = ISearchUserQueryParamsV3 & { _filter?: string; _status?: string; _roleId?: string; _groupId?: string };
const v3 = (api: Awaited<ReturnType<typeof adminApi>>, query: V3Query) => api.users.getUsersV3(query);
const byEmailAsc = { _sortBy: SortByEnum.email, _order: PaginationOrderEnum.ASC };

/**
 * `threeUsers` plus one of each status: alice disabled, bob locked, carol temporary (7 days, joined), dave invited
 * (pending); the admin is active. A group "Support" holds bob and carol and gives the ReadOnly role (carol gets it only
 * through the group).
 */
async function fourStatuses() {
  const three = await threeUsers();
  const api = await adminApi();
  await api.teams.disableUser(three.alice);
  await harness.emu.db.update(users).set({ isLocked: true }).where(eq(users.id, three.bob));
  await api.teams.updateUserExpirationTime({ userId: three.carol, expirationInSeconds: 7 * 86400 });
  const dave: ITeamUser = await api.teams.addUser({ email: 'dave@example.test', name: 'Dave Dunn', roleIds: [] });
  const group = await api.groups.createGroup({ name: 'Support', color: '#123456', description: '', metadata: '{}' });
  await api.groups.addUsersToGroup(group.id, { userIds: [three.bob, three.carol] });
  await api.groups.addRolesToGroup(group.id, { roleIds: [SEED.readOnlyRoleId] });
  return { ...three, dave: dave.id, groupId: group.id, api };
}

describe('users v3 filters: search, status, role, group (issue 21 item 11, emulator additions)', () => {
  it('AB-7.01 getUsersV3 _filter searches the name or the email, case-insensitive, with % and _ taken literally', async () => {
    await threeUsers();
    const api = await adminApi();
    const byName = await v3(api, { ...byEmailAsc, _filter: 'BAKER' });
    assert.deepEqual(emails(byName), ['bob@example.test'], 'the name matches');
    assert.deepEqual(byName._metadata, { totalItems: 1, totalPages: 1 });
    assert.deepEqual(emails(await v3(api, { ...byEmailAsc, _filter: 'carol@' })), ['carol@example.test'], 'the email matches');
    const both = await v3(api, { ...byEmailAsc, _filter: 'example.TEST' });
    assert.deepEqual(emails(both), ['alice@example.test', 'bob@example.test', 'carol@example.test']);
    assert.deepEqual(both._metadata, { totalItems: 3, totalPages: 1 });
    for (const literal of ['%', '_', 'a%e', 'b_b']) {
      const none = await v3(api, { _filter: literal });
      assert.deepEqual(emails(none), [], `${literal} is not a wildcard`);
      assert.deepEqual(none._metadata, { totalItems: 0, totalPages: 0 });
    }
    const email = await v3(api, { _email: 'baker' });
    assert.deepEqual(emails(email), [], '_email stays an email substring only');
  });

  it('AB-7.01 getUsersV3 _status active | disabled | pending | temporary | locked lists the users in that status, with filtered totals', async () => {
    const { api } = await fourStatuses();
    const expected: Record<string, string[]> = {
      active: ['admin@acme.test', 'carol@example.test'],
      disabled: ['alice@example.test'],
      pending: ['dave@example.test'],
      temporary: ['carol@example.test'],
      locked: ['bob@example.test'],
    };
    for (const [status, want] of Object.entries(expected)) {
      const page = await v3(api, { ...byEmailAsc, _status: status });
      assert.deepEqual(emails(page), want, status);
      assert.deepEqual(page._metadata, { totalItems: want.length, totalPages: 1 }, `${status} totals`);
    }
    const disabled = (await v3(api, { _status: 'disabled' })).items[0];
    assert.equal(disabled.isDisabled, true);
    const locked = (await v3(api, { _status: 'locked' })).items[0];
    assert.equal(locked.isLocked, true);
    const temporary = (await v3(api, { _status: 'temporary' })).items[0];
    assert.ok(temporary.temporaryExpirationDate, 'an access end');
    assert.equal((await v3(api, {}))._metadata.totalItems, 5, 'without _status: everyone');
    const c = new Client(harness.emu);
    const bad = await c.get(`${P}/users/v3?_status=archived`, c.bearer(await harness.tokenOf()));
    assert.equal(bad.status, 400, bad.text);
    assert.deepEqual(bad.body.errors, ['_status must be one of active, disabled, pending, temporary, locked']);
  });

  it('AB-7.01 getUsersV3 _roleId lists the users holding the role directly or through a group (issue 31 item 7); _groupId the members of the group', async () => {
    const { api, groupId } = await fourStatuses();
    const readOnly = await v3(api, { ...byEmailAsc, _roleId: SEED.readOnlyRoleId });
    // dave, invited without roles, got the tenant's default role (ReadOnly); carol has it only through the group
    assert.deepEqual(emails(readOnly), ['alice@example.test', 'bob@example.test', 'carol@example.test', 'dave@example.test'], 'carol too');
    assert.deepEqual(readOnly._metadata, { totalItems: 4, totalPages: 1 });
    assert.deepEqual(emails(await v3(api, { _roleId: SEED.adminRoleId })), ['admin@acme.test']);
    assert.deepEqual((await v3(api, { _roleId: 'no-such-role' }))._metadata, { totalItems: 0, totalPages: 0 });
    const members = await v3(api, { ...byEmailAsc, _groupId: groupId });
    assert.deepEqual(emails(members), ['bob@example.test', 'carol@example.test']);
    assert.deepEqual(members._metadata, { totalItems: 2, totalPages: 1 });
    assert.deepEqual(emails(await v3(api, { _groupId: 'no-such-group' })), []);
  });

  it('AB-7.01 AB-9.09 getUsersV3 filters combine with each other and with paging; totals count the filtered set', async () => {
    const { api, groupId } = await fourStatuses();
    const roleAndGroup = await v3(api, { ...byEmailAsc, _roleId: SEED.readOnlyRoleId, _groupId: groupId });
    assert.deepEqual(emails(roleAndGroup), ['bob@example.test', 'carol@example.test'], 'the group gives the role');
    const searchAndStatus = await v3(api, { ...byEmailAsc, _filter: 'o', _status: 'active' });
    assert.deepEqual(emails(searchAndStatus), ['carol@example.test'], 'active and "o" in the name or email');
    const groupAndStatus = await v3(api, { _groupId: groupId, _status: 'temporary' });
    assert.deepEqual(emails(groupAndStatus), ['carol@example.test']);
    assert.deepEqual(emails(await v3(api, { _roleId: SEED.readOnlyRoleId, _status: 'active' })), ['carol@example.test'], 'alice is disabled, bob locked; carol through the group');
    const withEmail = await v3(api, { _filter: 'example', _email: 'bob' });
    assert.deepEqual(emails(withEmail), ['bob@example.test'], '_filter and _email together');
    const withPreset = await v3(api, { ...byEmailAsc, _filter: 'example', _preset: GetUsersFilterPreset.BREACHED_PASSWORDS });
    assert.deepEqual(emails(withPreset), ['alice@example.test'], 'with a preset');
    const first = await v3(api, { ...byEmailAsc, _filter: 'example.test', _limit: 2, _offset: 0 });
    assert.deepEqual(emails(first), ['alice@example.test', 'bob@example.test']);
    assert.deepEqual(first._metadata, { totalItems: 4, totalPages: 2 });
    const second = await v3(api, { ...byEmailAsc, _filter: 'example.test', _limit: 2, _offset: 2 });
    assert.deepEqual(emails(second), ['carol@example.test', 'dave@example.test']);
    assert.deepEqual(second._metadata, { totalItems: 4, totalPages: 2 });
    const groupPage = await v3(api, { ...byEmailAsc, _groupId: groupId, _limit: 1, _offset: 1 });
    assert.deepEqual(emails(groupPage), ['carol@example.test']);
    assert.deepEqual(groupPage._metadata, { totalItems: 2, totalPages: 2 });
  });

  it('AB-3.06 AB-9.09 the default order (createdAt DESC) is stable: 45 users with one createdAt page 20/20/5 without repeats or gaps, ties by id', async () => {
    const seeded = await new Client(harness.emu).post('/_emulator/seed-users', { count: 44 });
    assert.equal(seeded.status, 201, seeded.text);
    // one instant for everyone, as a bulk seed may give
    await harness.emu.db.update(users).set({ createdAt: new Date('2026-01-01T00:00:00Z') });
    const api = await adminApi();
    const pageThrough = async (query: V3Query) => {
      const ids: string[] = [];
      for (const [offset, size] of [
        [0, 20],
        [20, 20],
        [40, 5],
      ]) {
        const page = await v3(api, { ...query, _limit: 20, _offset: offset });
        assert.equal(page.items.length, size, `page at ${offset}`);
        assert.deepEqual(page._metadata, { totalItems: 45, totalPages: 3 });
        ids.push(...page.items.map((u) => u.id));
      }
      return ids;
    };
    const all = (await v3(api, { _limit: 45 })).items.map((u) => u.id);
    assert.equal(all.length, 45);
    const byDefault = await pageThrough({});
    assert.equal(new Set(byDefault).size, 45, 'no user twice');
    assert.deepEqual([...byDefault].sort(), [...all].sort(), 'no user left out');
    assert.deepEqual(byDefault, [...all].sort().reverse(), 'ties by id, descending like the sort');
    const asc = await pageThrough({ _sortBy: SortByEnum.createdAt, _order: PaginationOrderEnum.ASC });
    assert.deepEqual(asc, [...all].sort(), 'ascending: ties by id ascending');
    for (const sortBy of [SortByEnum.verified, SortByEnum.isLocked, SortByEnum.provider, SortByEnum.tenantId]) {
      for (const order of Object.values(PaginationOrderEnum)) {
        const ids = await pageThrough({ _sortBy: sortBy, _order: order });
        assert.equal(new Set(ids).size, 45, `${sortBy} ${order}: no user twice`);
        assert.deepEqual(await pageThrough({ _sortBy: sortBy, _order: order }), ids, `${sortBy} ${order}: the same order twice`);
      }
    }
  });
});

describe('team members: update, delete, resend, stats', () => {
  it('AB-7.05 AB-4.07 AB-3.04 updateUser replaces the roles and a single empty-string role id clears them', async () => {
    const alice = await makeUser('alice@example.test', ['ReadOnly'], { name: 'Alice Able' });
    const api = await adminApi();
    const updated: ITeamUser = await api.teams.updateUser({ id: alice, roleIds: [SEED.adminRoleId] });
    assert.deepEqual(updated.roleIds, [SEED.adminRoleId]);
    for (const field of ['id', 'email', 'name', 'tenantId', 'vendorId', 'roleIds', 'roles', 'activatedForTenant', 'verified', 'isDisabled', 'createdAt', 'mfaEnabled'] as const) {
      assert.ok(field in updated, `TeamUser.${field}`);
    }
    assert.ok('groups' in updated, 'TeamUser.groups (AB-3.04)');
    const [readBack] = await api.users.getUsersRoles({ ids: [alice] });
    assert.deepEqual(readBack.roleIds, [SEED.adminRoleId]);
    const cleared = await api.teams.updateUser({ id: alice, roleIds: [''] });
    assert.deepEqual(cleared.roleIds, []);
    const [none] = await api.users.getUsersRoles({ ids: [alice] });
    assert.deepEqual(none.roleIds, []);
    const rows = await auditRows('user.updated', alice);
    assert.equal(rows.length, 2, 'one audit row per update');
    assert.ok(rows.every((r) => r.severity === 'WARNING' && r.actorId === SEED.adminUserId));
  });

  it('AB-7.05 updateUser refuses an unknown role (400) and an unknown user (404)', async () => {
    const alice = await makeUser('alice@example.test');
    const api = await adminApi();
    await rejectsWith(api.teams.updateUser({ id: alice, roleIds: ['no-such-role'] }), 400, 'Unknown role id: no-such-role');
    await rejectsWith(api.teams.updateUser({ id: randomUUID(), roleIds: [] }), 404, 'User not found');
    await rejectsWith(api.teams.updateUser({ roleIds: [] }), 400, 'id: is required');
    const [still] = await api.users.getUsersRoles({ ids: [alice] });
    assert.deepEqual(still.roleIds, [SEED.readOnlyRoleId], 'nothing changed');
  });

  it('AB-4.03 AB-7.05 AB-7.08 deleteUser removes the user from the users list and the user can no longer sign in', async () => {
    const alice = await makeUser('alice@example.test');
    const api = await adminApi();
    assert.ok(emails(await api.users.getUsersV3({})).includes('alice@example.test'));
    const removed: ITeamUser = await api.teams.deleteUser({ userId: alice });
    assert.equal(removed.email, 'alice@example.test');
    assert.ok(!emails(await api.users.getUsersV3({})).includes('alice@example.test'));
    const login = await new Client(harness.emu).login('alice@example.test', PASSWORD);
    assert.equal(login.status, 401);
    await assertAudited('user.deleted', alice, 'WARNING');
    await rejectsWith(api.teams.deleteUser({ userId: alice }), 404, 'User not found');
  });

  it('AB-7.05 deleting yourself is refused with 400', async () => {
    const api = await adminApi();
    await rejectsWith(api.teams.deleteUser({ userId: SEED.adminUserId }), 400, 'You cannot delete yourself');
    assert.ok(emails(await api.users.getUsersV3({})).includes(SEED.adminEmail));
  });

  it('AB-7.06 AB-7.12 resendActivationLink emails a new activation link to a user who has not activated', async () => {
    const api = await adminApi();
    const invited: ITeamUser = await api.teams.addUser({ email: 'newbie@example.test', name: 'New Bie', roleIds: [SEED.readOnlyRoleId] });
    await api.teams.resendActivationLink({ userId: invited.id });
    const box = (await new Client(harness.emu).get<{ to: string; subject: string; link: string }[]>('/_emulator/outbox')).body;
    const mail = box.find((m) => m.to === 'newbie@example.test' && m.subject === 'Activate your account');
    assert.ok(mail, 'an activation email in the outbox');
    assert.match(mail.link, /\/account\/activate\?userId=/);
    await assertAudited('user.activation.resent', invited.id, 'INFO');
    await rejectsWith(api.teams.resendActivationLink({ userId: SEED.adminUserId }), 400, 'User is already activated');
  });

  it('AB-7.07 loadStats counts the members, those added this week and the super admins', async () => {
    await makeUser('alice@example.test');
    await makeUser('bob@example.test');
    const api = await adminApi();
    const stats: ITeamStats = await api.teams.loadStats();
    assert.deepEqual(stats, { totalItems: 3, addedThisWeek: 3, superAdmins: 0 });
  });

  it('AB-7.04 AB-9 loadUsers pages team members with pageOffset, pageSize, a search filter and a sort', async () => {
    await new Client(harness.emu).post('/_emulator/seed-users', { count: 25 });
    const api = await adminApi();
    const page: PaginationResult<ITeamUser> = await api.teams.loadUsers({
      pageOffset: 1,
      pageSize: 10,
      filter: [{ id: 'searchFilter', value: 'user0000' }],
      sort: [{ id: 'email', desc: true }],
    });
    assert.equal(page.totalPages, 1, '9 users match user0000');
    assert.equal(page.items.length, 0, 'page 1 is past the end');
    const firstPage = await api.teams.loadUsers({ pageOffset: 0, sort: [{ id: 'email', desc: true }], filter: [{ id: 'searchFilter', value: 'user0000' }] });
    assert.deepEqual(
      firstPage.items.slice(0, 2).map((u) => u.email),
      ['user00009@example.com', 'user00008@example.com'],
    );
    const defaults = await api.teams.loadUsers({ pageOffset: 0 });
    assert.equal(defaults.items.length, 20, 'page size 20 by default');
    assert.equal(defaults.totalPages, 2);
  });
});

describe('enable, disable, counts and temporary users', () => {
  it('unlockUser: a user the lockout policy locked is unlocked by the admin and signs in again; a pending invitee is never locked (issue 31 item 4)', async () => {
    const alice = await makeUser('alice@example.test');
    const c = new Client(harness.emu);
    await c.put('/_emulator/lockout-policy', { enabled: true, maxAttempts: 3 });
    for (let i = 0; i < 3; i++) await c.login('alice@example.test', 'bad-password');
    assert.deepEqual((await c.login('alice@example.test', PASSWORD)).body.errors, ['User is locked']);
    const token = await harness.tokenOf();
    const unlock = (userId: string, bearer = token) => c.post(`${P}/users/v1/${userId}/unlock`, {}, c.bearer(bearer));
    const done = await unlock(alice);
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(done.body, {});
    const api = await adminApi();
    assert.equal((await api.users.getUsersV3({ _email: 'alice' })).items[0].isLocked, false);
    assert.equal((await c.login('alice@example.test', PASSWORD)).status, 200, 'alice signs in again');
    await assertAudited('user.unlocked', alice, 'WARNING');
    // the failed attempts start again from 0: two wrong passwords do not lock her at once
    for (let i = 0; i < 2; i++) assert.deepEqual((await c.login('alice@example.test', 'bad-password')).body.errors, ['Invalid authentication']);
    const again = await unlock(alice);
    assert.equal(again.status, 400);
    assert.deepEqual(again.body.errors, ['User is not locked']);
    assert.equal((await unlock(randomUUID())).status, 404, 'not a member of the tenant');
    // another account's user, locked there: Acme's admin can neither unlock nor learn of them
    const globex = await c.post('/_emulator/tenants', { name: 'Globex' });
    assert.equal(globex.status, 201, globex.text);
    const bob = await makeUser('bob@globex.test', ['ReadOnly'], { tenantId: globex.body.tenantId });
    for (let i = 0; i < 3; i++) await c.login('bob@globex.test', 'bad-password');
    assert.equal((await unlock(bob)).status, 404, "another account's user");
    assert.deepEqual((await c.login('bob@globex.test', PASSWORD)).body.errors, ['User is locked'], 'still locked');
    assert.equal((await unlock('not an id')).status, 400, 'the id is validated before the database');
    assert.equal((await c.post(`${P}/users/v1/${alice}/unlock`, {})).status, 401, 'signed in only');
    await makeUser('viewer@example.test', ['ReadOnly']);
    const viewer = await harness.tokenOf('viewer@example.test', PASSWORD);
    assert.equal((await unlock(alice, viewer)).status, 403, 'fe.secure.write.users only');
    // an invitee has no password yet: wrong ones are refused, never counted
    const dave: ITeamUser = await api.teams.addUser({ email: 'dave@example.test', name: 'Dave Dunn', roleIds: [] });
    for (let i = 0; i < 5; i++) assert.deepEqual((await c.login('dave@example.test', 'bad-password')).body.errors, ['Invalid authentication']);
    assert.equal((await api.users.getUsersV3({ _email: 'dave' })).items[0].isLocked, false, 'the invitee is not locked');
    assert.equal((await unlock(dave.id)).status, 400);
  });

  it('AB-4.02 AB-7.08 disableUser and enableUser toggle isDisabled, and a disabled user loses the session', async () => {
    const alice = await makeUser('alice@example.test');
    const aliceSession = await signIn('alice@example.test', PASSWORD);
    const api = await adminApi();
    await api.teams.disableUser(alice);
    const disabled = (await api.users.getUsersV3({ _email: 'alice' })).items[0];
    assert.equal(disabled.isDisabled, true);
    const refresh = await aliceSession.client.refresh();
    assert.equal(refresh.status, 401, 'the session was revoked');
    await assertAudited('user.disabled', alice, 'WARNING');
    await api.teams.enableUser(alice);
    assert.equal((await api.users.getUsersV3({ _email: 'alice' })).items[0].isDisabled, false);
    await assertAudited('user.enabled', alice, 'WARNING');
    await rejectsWith(api.teams.disableUser(SEED.adminUserId), 400, 'You cannot disable yourself');
    await rejectsWith(api.teams.disableUser(randomUUID()), 404, 'User not found');
  });

  it('AB-7.09 getTenantsUsersCount is a POST that counts the users of the tenant', async () => {
    const alice = await makeUser('alice@example.test');
    await makeUser('bob@example.test');
    const api = await adminApi();
    await api.teams.disableUser(alice);
    const counts: IGetTenantsUserCountResponse[] = await api.tenants.getTenantsUsersCount({ tenantIds: [SEED.tenantId] });
    assert.deepEqual(counts, [{ tenantId: SEED.tenantId, totalUsers: 3, totalAccessAllowedUsers: 2 }]);
    await rejectsWith(api.tenants.getTenantsUsersCount({ tenantIds: ['someone-elses-tenant'] }), 403, 'Not authorized');
    await rejectsWith(api.tenants.getTenantsUsersCount({ tenantIds: [] }), 400, 'tenantIds: must list at least one tenant');
  });

  it('AB-4.08 AB-4.09 AB-7.11 a user gets an expiration date, a new one, and is made permanent again', async () => {
    const alice = await makeUser('alice@example.test');
    const api = await adminApi();
    assert.deepEqual(await api.teams.getTemporaryUserConfiguration(), { enabled: true });
    const before = Date.now();
    await api.teams.updateUserExpirationTime({ userId: alice, expirationInSeconds: 3600 });
    const read = async () => (await api.users.getUsersV3({ _email: 'alice' })).items[0].temporaryExpirationDate;
    const first = new Date(String(await read())).getTime();
    assert.ok(Math.abs(first - (before + 3600_000)) < 10_000, 'expires in an hour');
    await api.teams.updateUserExpirationTime({ userId: alice, expirationInSeconds: 7 * 86400 });
    const second = new Date(String(await read())).getTime();
    assert.ok(Math.abs(second - (before + 7 * DAY)) < 10_000, 'a new expiration date (AB-4.09)');
    const team: ITeamUser = await api.teams.updateUser({ id: alice });
    assert.ok(team.temporaryExpirationDate, 'the team user shows it too');
    await api.teams.setPermanentUser(alice);
    assert.equal(await read(), undefined, 'the expiration is cleared (AB-4.08)');
    assert.equal((await auditRows('user.temporary.updated', alice)).length, 2);
    await assertAudited('user.temporary.removed', alice, 'INFO');
    await rejectsWith(api.teams.updateUserExpirationTime({ userId: alice, expirationInSeconds: -5 }), 400, 'expirationInSeconds: must be at least 60');
    await rejectsWith(api.teams.setPermanentUser(randomUUID()), 404, 'User not found');
  });
});

describe('permissions', () => {
  it('AB-8.03 a ReadOnly user reads the users but every change answers 403 Not authorized', async () => {
    const alice = await makeUser('alice@example.test');
    await makeUser('viewer@example.test', ['ReadOnly']);
    const { token } = await signIn('viewer@example.test', PASSWORD);
    const api = await apiAs(token);
    assert.equal((await api.users.getUsersV3({}))._metadata.totalItems, 3);
    assert.equal((await api.teams.loadStats()).totalItems, 3);
    await rejectsWith(api.teams.updateUser({ id: alice, roleIds: [SEED.adminRoleId] }), 403, 'Not authorized');
    await rejectsWith(api.teams.deleteUser({ userId: alice }), 403, 'Not authorized');
    await rejectsWith(api.teams.disableUser(alice), 403, 'Not authorized');
    await rejectsWith(api.teams.enableUser(alice), 403, 'Not authorized');
    await rejectsWith(api.teams.updateUserExpirationTime({ userId: alice, expirationInSeconds: 3600 }), 403, 'Not authorized');
    await rejectsWith(api.teams.setPermanentUser(alice), 403, 'Not authorized');
    await rejectsWith(api.teams.resendActivationLink({ userId: alice }), 403, 'Not authorized');
    const [still] = await api.users.getUsersRoles({ ids: [alice] });
    assert.deepEqual(still.roleIds, [SEED.readOnlyRoleId], 'nothing changed');
    assert.equal((await harness.emu.db.select().from(audits).where(eq(audits.targetId, alice))).length, 0, 'no audit row for a refused change');
  });

  it('AB-8.03 a user without any role cannot read the users, and no token is 401', async () => {
    await makeUser('nobody@example.test', []);
    const { token } = await signIn('nobody@example.test', PASSWORD);
    const api = await apiAs(token);
    await rejectsWith(api.users.getUsersV3({}), 403, 'Not authorized');
    await rejectsWith(api.users.getUsersV2({}), 403, 'Not authorized');
    await rejectsWith(api.teams.loadUsers({ pageOffset: 0 }), 403, 'Not authorized');
    await rejectsWith(api.users.getUsersRoles({ ids: [SEED.adminUserId] }), 403, 'Not authorized');
    await rejectsWith(api.users.getUsersGroups({ ids: [SEED.adminUserId] }), 403, 'Not authorized');
    const anonymous = await new Client(harness.emu).get(`${P}/users/v3`);
    assert.equal(anonymous.status, 401);
  });
});

describe('the scale seed', () => {
  // times are printed (ctx.diagnostic), not asserted: a timed assertion fails on a busy machine, not on a slow emulator
  it('AB-9 AB-3.07 POST /_emulator/seed-users makes 10,000 users, and the users list pages and filters them (times printed)', async (ctx) => {
    const started = Date.now();
    const res = await new Client(harness.emu).post('/_emulator/seed-users', {});
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body, { created: 10_000 });
    ctx.diagnostic(`10,000 users seeded in ${Date.now() - started} ms`);
    const api = await adminApi();
    const t = Date.now();
    const page = await api.users.getUsersV3({ _sortBy: SortByEnum.name, _order: PaginationOrderEnum.ASC, _offset: 5000 });
    ctx.diagnostic(`10,000 users, page 251 by name: ${Date.now() - t} ms`);
    assert.deepEqual(page._metadata, { totalItems: 10_001, totalPages: 501 });
    assert.equal(page.items.length, 20);
    const breached = await api.users.getUsersV3({ _preset: GetUsersFilterPreset.BREACHED_PASSWORDS });
    assert.equal(breached._metadata.totalItems, 1250, 'every 8th user');
    // issue 21 item 11: the first page of each filter (default order, 20 users) at 10,000 users
    const timed = async (label: string, query: V3Query) => {
      const start = performance.now();
      const filtered = await v3(api, query);
      const ms = performance.now() - start;
      ctx.diagnostic(`10,000 users, first page ${label}: ${ms.toFixed(0)} ms, ${filtered._metadata.totalItems} found`);
      return filtered;
    };
    await timed('default order', {});
    assert.equal((await timed('_filter=user0123', { _filter: 'user0123' }))._metadata.totalItems, 10, 'user01230..user01239');
    assert.equal((await timed('_status=disabled', { _status: 'disabled' }))._metadata.totalItems, 20, 'every 500th');
    assert.equal((await timed('_status=active', { _status: 'active' }))._metadata.totalItems, 10_001 - 20);
    assert.equal((await timed('_roleId=ReadOnly', { _roleId: SEED.readOnlyRoleId }))._metadata.totalItems, 6667, 'two in three');
    await timed('_filter + _status + _roleId', { _filter: 'user', _status: 'active', _roleId: SEED.readOnlyRoleId });
    const unenrolled = await api.users.getUsersV3({ _preset: GetUsersFilterPreset.MFA_UNENROLLED });
    assert.ok(unenrolled._metadata.totalItems > 8000 && unenrolled._metadata.totalItems < 10_001, 'some users have MFA');
    const disabled = (await api.users.getUsersV3({ _email: 'user00500@' })).items[0];
    assert.equal(disabled.isDisabled, true, 'a few are disabled');
    const login = await new Client(harness.emu).login('user00001@example.com', SEEDED_USER_PASSWORD);
    assert.equal(login.status, 200, 'seeded users sign in with the shared password');
    const more = await new Client(harness.emu).post('/_emulator/seed-users', { count: 2 });
    assert.deepEqual(more.body, { created: 2 });
    assert.equal((await api.users.getUsersV3({ _email: 'user10002@' })).items.length, 1, 'numbering goes on');
    const bad = await new Client(harness.emu).post('/_emulator/seed-users', { count: 0 });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors, ['count: must be at least 1']);
  });
});

describe('memberships the admin turned off', () => {
  it('AB-4.02 a disabled user can no longer sign in or refresh; enabled again, signs in', async () => {
    const userId = await makeUser('off@acme.test');
    const user = new Client(harness.emu);
    assert.equal((await user.login('off@acme.test', PASSWORD)).status, 200);
    const api = await adminApi();
    await api.teams.disableUser(userId);
    const refused = await new Client(harness.emu).login('off@acme.test', PASSWORD);
    assert.equal(refused.status, 401, refused.text);
    assert.deepEqual(refused.body.errors, ['User is disabled']);
    assert.equal((await user.refresh()).status, 401);
    await api.teams.enableUser(userId);
    assert.equal((await new Client(harness.emu).login('off@acme.test', PASSWORD)).status, 200);
  });

  it('AB-4.09 a temporary user past the expiry cannot sign in; made permanent (AB-4.08), signs in again', async () => {
    const userId = await makeUser('temp@acme.test');
    const api = await adminApi();
    await api.teams.updateUserExpirationTime({ userId, expirationInSeconds: 60 });
    assert.equal((await new Client(harness.emu).login('temp@acme.test', PASSWORD)).status, 200);
    // two minutes later on the emulator clock
    assert.equal((await new Client(harness.emu).req('PUT', '/_emulator/clock', { offsetSeconds: 120 })).status, 200);
    const refused = await new Client(harness.emu).login('temp@acme.test', PASSWORD);
    assert.equal(refused.status, 401, refused.text);
    await new Client(harness.emu).req('PUT', '/_emulator/clock', { offsetSeconds: 0 });
    await api.teams.setPermanentUser(userId);
    await new Client(harness.emu).req('PUT', '/_emulator/clock', { offsetSeconds: 120 });
    assert.equal((await new Client(harness.emu).login('temp@acme.test', PASSWORD)).status, 200);
    await new Client(harness.emu).req('PUT', '/_emulator/clock', { offsetSeconds: 0 });
  });

  it('AB-6.05 roles given through a group reach the access token of its members', async () => {
    const userId = await makeUser('grouped@acme.test', []);
    const before = await new Client(harness.emu).login('grouped@acme.test', PASSWORD);
    assert.deepEqual(before.body.permissions ?? [], []);
    const api = await adminApi();
    const group = await api.groups.createGroup({ name: 'Readers', color: '#123456', description: '', metadata: '{}' });
    await api.groups.addUsersToGroup(group.id, { userIds: [userId] });
    await api.groups.addRolesToGroup(group.id, { roleIds: [SEED.readOnlyRoleId] });
    const after = await new Client(harness.emu).login('grouped@acme.test', PASSWORD);
    const claims = JSON.parse(Buffer.from(String(after.body.accessToken).split('.')[1], 'base64url').toString()) as { permissions: string[] };
    assert.ok(claims.permissions.includes('fe.secure.read.users'), claims.permissions.join(','));
  });
});

describe('temporary users on the emulator clock, pending invitations', () => {
  const clock = (body: Record<string, unknown>) => new Client(harness.emu).req('PUT', '/_emulator/clock', body);
  type Mail = { to: string; subject: string; link: string | null };
  const mailsTo = async (to: string) => (await new Client(harness.emu).get<Mail[]>('/_emulator/outbox')).body.filter((m) => m.to === to);

  it('AB-4.09 AB-7.11 a user invited as temporary for 30 days has its access end stored from the emulator clock; past it, a live session cannot refresh', async () => {
    // ten days ahead on the emulator clock: the access end is counted from there, not from the wall clock
    await clock({ offsetSeconds: 10 * 86400 });
    try {
      const api = await adminApi();
      const invited: ITeamUser = await api.teams.addUser({ email: 'contractor@example.test', roleIds: [SEED.readOnlyRoleId], expirationInSeconds: 30 * 86400 });
      const end = Date.parse(String(invited.temporaryExpirationDate));
      assert.ok(Math.abs(end - (Date.now() + 40 * DAY)) < 60_000, `ends 30 days after the emulator's now: ${invited.temporaryExpirationDate}`);
      const listed = (await api.users.getUsersV3({ _email: 'contractor' })).items[0];
      assert.equal(listed.temporaryExpirationDate, invited.temporaryExpirationDate, 'the users list shows the same access end');

      const member = await makeUser('temp-session@example.test');
      await api.teams.updateUserExpirationTime({ userId: member, expirationInSeconds: 3600 });
      const { client } = await signIn('temp-session@example.test', PASSWORD);
      assert.equal((await client.refresh()).status, 200, 'before the access end the session refreshes');
      await clock({ offsetSeconds: 10 * 86400 + 7200 });
      const refused = await client.refresh();
      assert.equal(refused.status, 401, refused.text);
      const login = await new Client(harness.emu).login('temp-session@example.test', PASSWORD);
      assert.equal(login.status, 401, login.text);
      assert.deepEqual(login.body.errors, ['User access has expired']);
    } finally {
      await clock({ offsetSeconds: 0 });
    }
  });

  it('AB-7.12 pending invitations: users v3 _status=pending lists only invitations not accepted; resendInvitationLink sends a new one', async () => {
    await makeUser('member@example.test');
    const api = await adminApi();
    const invited: ITeamUser = await api.teams.addUser({ email: 'invitee@example.test', roleIds: [] });
    // Frontegg's client passes any query parameter through getUsersV3
    const pending = await api.users.getUsersV3({ _status: 'pending' } as Parameters<typeof api.users.getUsersV3>[0]);
    assert.deepEqual(emails(pending), ['invitee@example.test']);
    assert.deepEqual(pending._metadata, { totalItems: 1, totalPages: 1 });
    assert.equal(pending.items[0].activatedForTenant, false);
    const before = (await mailsTo('invitee@example.test')).length;
    await api.teams.resendInvitationLink({ email: 'invitee@example.test' });
    assert.equal((await mailsTo('invitee@example.test')).length, before + 1, 'a new invitation email');
    await assertAudited('user.invitation.resent', invited.id, 'INFO');
    const all = await api.users.getUsersV3({});
    assert.equal(all._metadata.totalItems, 3, 'the pending invitee is one of the users');
    const c = new Client(harness.emu);
    const bad = await c.get(`${P}/users/v3?_status=gone`, c.bearer(await harness.tokenOf()));
    assert.equal(bad.status, 400, bad.text);
  });

  it('revoking a pending invitation (deleteUser) removes it and its link stops working; the audit row says user.invitation.revoked', async () => {
    const api = await adminApi();
    const invited: ITeamUser = await api.teams.addUser({ email: 'revoked@example.test', roleIds: [] });
    const [mail] = await mailsTo('revoked@example.test');
    assert.ok(mail?.link, 'an invitation link');
    const link = Object.fromEntries(new URL(mail.link).searchParams) as { userId: string; token: string };
    const removed: ITeamUser = await api.teams.deleteUser({ userId: invited.id });
    assert.equal(removed.activatedForTenant, false);
    assert.deepEqual(emails(await api.users.getUsersV3({ _status: 'pending' } as Parameters<typeof api.users.getUsersV3>[0])), []);
    await assertAudited('user.invitation.revoked', invited.id, 'WARNING');
    assert.equal((await auditRows('user.deleted', invited.id)).length, 0, 'not a deleted member');
    const accept = await new Client(harness.emu).post(`${P}/users/v1/invitation/accept`, link);
    assert.ok(accept.status >= 400 && accept.status < 500, `the link no longer works: ${accept.status} ${accept.text}`);
  });
});
