// @postgres: the account tree in recursive SQL
/**
 * The tenant hierarchy and the sub-tenant users of the admin portal (api-contract §N: getSubTenants, the tree, the
 * parents, loadAllUsers, removeUserFromTenantAndSubTenants, add/remove/setUserRolesForSubTenants), called through
 * Frontegg's own client (`@frontegg/rest-api`) so that every request is the one the reference product sends.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { FronteggApiClient, IParentTenant, ISubTenant, ISubTenantTree, ISubTenantUser, PaginationResult } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { roles, userTenants, users } from '../src/db/schema.ts';
import { Client } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { tokenOf, apiAs, adminApi, makeUser, auditRows } = harness;

const ACME = SEED.tenantId;

/** A tenant made through `/_emulator/tenants`, under `parentTenantId` when given. */
async function makeTenant(tenantId: string, name: string, parentTenantId?: string): Promise<string> {
  const res = await new Client(harness.emu).post('/_emulator/tenants', { tenantId, name, parentTenantId });
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.parentTenantId, parentTenantId ?? null);
  return tenantId;
}

/** Adds (or re-roles) `userId` in `tenantId` with the role keys given. */
async function addMembership(userId: string, tenantId: string, roles: string[] = ['ReadOnly']): Promise<void> {
  const res = await new Client(harness.emu).post(`/_emulator/tenants/${tenantId}/users`, { userId, roles });
  assert.equal(res.status, 201, res.text);
}

/**
 * Acme (the seeded tenant) → Beta → Delta, Acme → Gamma; Globex is a top-level account of its own.
 * alice: Acme (ReadOnly). bob: Beta and Delta (ReadOnly) and Globex. carol: Delta only (ReadOnly).
 * dave: Delta's admin. olga: Globex only.
 */
async function hierarchy() {
  const beta = await makeTenant('beta', 'Beta', ACME);
  const gamma = await makeTenant('gamma', 'Gamma', ACME);
  const delta = await makeTenant('delta', 'Delta', beta);
  const globex = await makeTenant('globex', 'Globex');
  const alice = await makeUser('alice@acme.test', ['ReadOnly'], { name: 'Alice Able' });
  const bob = await makeUser('bob@beta.test', ['ReadOnly'], { name: 'Bob Baker', tenantId: beta });
  await addMembership(bob, delta);
  await addMembership(bob, globex);
  const carol = await makeUser('carol@delta.test', ['ReadOnly'], { name: 'Carol Cole', tenantId: delta });
  const dave = await makeUser('dave@delta.test', ['Admin'], { name: 'Dave Dunn', tenantId: delta });
  const olga = await makeUser('olga@globex.test', ['Admin'], { name: 'Olga Orr', tenantId: globex });
  return { beta, gamma, delta, globex, alice, bob, carol, dave, olga };
}

/** Every user of the admin's scope (one page of 200). */
async function allUsers(api: FronteggApiClient, sort: Partial<{ _sortBy: string; _order: 'ASC' | 'DESC'; _filter: string }> = {}) {
  return api.subTenants.loadAllUsers({ _offset: 0, _limit: 200, _filter: '', _sortBy: 'name', _order: 'DESC', ...sort });
}

const byEmail = (page: PaginationResult<ISubTenantUser>, email: string) => page.items.find((u) => u.email === email);

/** The role keys `user` holds in `tenantId`, sorted. */
const roleKeysIn = (user: ISubTenantUser | undefined, tenantId: string) => (user?.tenants.find((t) => t.tenantId === tenantId)?.roles.map((r) => r.key) ?? []).sort();

/** Exactly one audit row of `action` on `targetId`, written by the admin in Acme, with `severity`. */
async function assertAudited(action: string, targetId: string, severity: string) {
  const rows = await auditRows(action, targetId);
  assert.equal(rows.length, 1, `one ${action} audit row`);
  assert.equal(rows[0].actorId, SEED.adminUserId);
  assert.equal(rows[0].tenantId, ACME);
  assert.equal(rows[0].severity, severity);
}

describe('the tenant hierarchy', () => {
  it('AB-7.23 getSubTenants lists every descendant with its level, the tree nests them, and the parents walk up', async () => {
    const t = await hierarchy();
    const api = await adminApi();
    // the reference client types the answer as one ISubTenant; the wire (and Frontegg's API) answers a list of them
    const subs = (await api.tenants.getSubTenants()) as unknown as ISubTenant[];
    assert.deepEqual(
      subs.map((s) => [s.tenantId, s.tenantName, s.level, s.status]),
      [
        [t.beta, 'Beta', 1, 'active'],
        [t.gamma, 'Gamma', 1, 'active'],
        [t.delta, 'Delta', 2, 'active'],
      ],
    );
    assert.ok(subs.every((s) => s.createdAt && !Number.isNaN(Date.parse(String(s.createdAt)))));

    const tree: ISubTenantTree = await api.tenants.getSubTenantsAsTree();
    const shape = (n: ISubTenantTree): unknown => [n.tenantName, n.children.map(shape)];
    assert.deepEqual(shape(tree), [
      'Acme',
      [
        ['Beta', [['Delta', []]]],
        ['Gamma', []],
      ],
    ]);
    assert.equal(tree.tenantId, ACME);

    assert.deepEqual(await api.tenants.getParentTenants(), [], 'Acme is a top-level account');
    const deltaParents: IParentTenant[] = await api.tenants.getParentTenantsById(t.delta);
    assert.deepEqual(
      deltaParents.map((p) => [p.tenantId, p.level, p.tenantName]),
      [
        [t.beta, 1, 'Beta'],
        [ACME, 2, 'Acme'],
      ],
    );
    await rejectsWith(api.tenants.getParentTenantsById(t.globex), 404, 'Tenant not found');

    // Delta's admin: no sub-tenants, a leaf tree, and its parents up to Acme
    const deltaApi = await apiAs(await tokenOf('dave@delta.test', PASSWORD));
    assert.deepEqual(await deltaApi.tenants.getSubTenants(), []);
    const leaf = await deltaApi.tenants.getSubTenantsAsTree();
    assert.deepEqual([leaf.tenantId, leaf.children], [t.delta, []]);
    const up = await deltaApi.tenants.getParentTenants();
    assert.deepEqual(
      up.map((p) => [p.tenantName, p.level]),
      [
        ['Beta', 1],
        ['Acme', 2],
      ],
    );
    await rejectsWith(deltaApi.tenants.getParentTenantsById(t.beta), 404, 'Tenant not found');
  });

  it('AB-7.23 a tenant made with an unknown parent is refused, and a new sub-tenant shows in the hierarchy at once', async () => {
    const res = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Orphan', parentTenantId: 'nope' });
    assert.equal(res.status, 404, res.text);
    assert.deepEqual(res.body, { errors: ['Parent tenant not found'] });
    const api = await adminApi();
    assert.deepEqual(await api.tenants.getSubTenants(), []);
    await makeTenant('zeta', 'Zeta', ACME);
    const subs = (await api.tenants.getSubTenants()) as unknown as ISubTenant[];
    assert.deepEqual(
      subs.map((s) => [s.tenantId, s.level]),
      [['zeta', 1]],
    );
  });
});

describe('sub-tenant users (loadAllUsers)', () => {
  it('AB-7.26 AB-9.08 loadAllUsers lists the users of the tenant and all its sub-tenants once each, by name descending, with roles per tenant', async () => {
    const t = await hierarchy();
    const api = await adminApi();
    const page = await api.subTenants.loadAllUsers({ _offset: 0, _limit: 20, _filter: '', _sortBy: 'name', _order: 'DESC' });
    assert.deepEqual(
      page.items.map((u) => u.name),
      ['Dave Dunn', 'Carol Cole', 'Bob Baker', 'Alice Able', 'Acme Admin'],
      'no Globex-only user, bob once',
    );
    assert.equal(page.totalPages, 1);

    const bob = byEmail(page, 'bob@beta.test');
    assert.ok(bob);
    assert.deepEqual(bob.tenantIds, [t.beta, t.delta], 'memberships outside the scope (Globex) are not shown');
    assert.equal(bob.tenantId, t.beta);
    assert.deepEqual(
      bob.tenants.map((m) => [m.tenantId, m.activated, m.roles.map((r) => r.key)]),
      [
        [t.beta, true, ['ReadOnly']],
        [t.delta, true, ['ReadOnly']],
      ],
    );
    const readPerms = bob.tenants[0].permissions.map((p) => p.key);
    assert.ok(readPerms.includes('fe.secure.read.users'));
    assert.ok(!readPerms.includes('fe.secure.write.users'));
    assert.deepEqual(bob.tenants[0].permissions[0].roleIds, [SEED.readOnlyRoleId]);
    const admin = byEmail(page, SEED.adminEmail);
    assert.deepEqual(roleKeysIn(admin, ACME), ['Admin']);
    assert.equal(admin?.sub, SEED.adminUserId);
    assert.ok(admin?.tenants[0].lastLogin, 'the admin has signed in');

    // ascending by email, a filter on name or email
    const byMail = await allUsers(api, { _sortBy: 'email', _order: 'ASC' });
    assert.deepEqual(
      byMail.items.map((u) => u.email),
      ['admin@acme.test', 'alice@acme.test', 'bob@beta.test', 'carol@delta.test', 'dave@delta.test'],
    );
    const filtered = await allUsers(api, { _filter: 'DELTA.test' });
    assert.deepEqual(
      filtered.items.map((u) => u.email),
      ['dave@delta.test', 'carol@delta.test'],
    );
    assert.deepEqual(
      (await allUsers(api, { _filter: 'cole' })).items.map((u) => u.email),
      ['carol@delta.test'],
    );
    assert.deepEqual((await allUsers(api, { _filter: '%' })).items, [], '% matches itself');

    // a sub-tenant's admin sees its own subtree only
    const deltaApi = await apiAs(await tokenOf('dave@delta.test', PASSWORD));
    const deltaPage = await allUsers(deltaApi);
    assert.deepEqual(
      deltaPage.items.map((u) => u.email),
      ['dave@delta.test', 'carol@delta.test', 'bob@beta.test'],
    );
    assert.deepEqual(byEmail(deltaPage, 'bob@beta.test')?.tenantIds, [t.delta]);
  });

  it('AB-9.07 AB-7.26 loadAllUsers pages 20 users by default and counts the pages', async () => {
    await makeTenant('beta', 'Beta', ACME);
    const seeded = await new Client(harness.emu).post('/_emulator/seed-users', { count: 44, tenantId: 'beta' });
    assert.equal(seeded.status, 201, seeded.text);
    const api = await adminApi();
    // the reference client sends every query field; absent ones arrive as the string "undefined" and take the defaults
    const first = await api.subTenants.loadAllUsers({} as Parameters<FronteggApiClient['subTenants']['loadAllUsers']>[0]);
    assert.equal(first.items.length, 20);
    assert.equal(first.totalPages, 3, '45 users (the admin and 44 in Beta)');
    const pages = [first];
    for (const offset of [20, 40]) pages.push(await api.subTenants.loadAllUsers({ _offset: offset, _limit: 20, _filter: '', _sortBy: 'name', _order: 'DESC' }));
    assert.deepEqual(
      pages.map((p) => p.items.length),
      [20, 20, 5],
    );
    assert.equal(new Set(pages.flatMap((p) => p.items.map((u) => u.id))).size, 45, 'no user twice across the pages');
  });

  it('AB-7.26 loadAllUsers refuses a bad page, sort key or order with 400', async () => {
    const api = await adminApi();
    await rejectsWith(api.subTenants.loadAllUsers({ _offset: 0, _limit: 0, _filter: '', _sortBy: 'name', _order: 'DESC' }), 400, '_limit must be an integer from 1 to 200');
    await rejectsWith(api.subTenants.loadAllUsers({ _offset: -1, _limit: 20, _filter: '', _sortBy: 'name', _order: 'DESC' }), 400, /^_offset must be an integer from 0/);
    await rejectsWith(
      api.subTenants.loadAllUsers({ _offset: 0, _limit: 20, _filter: '', _sortBy: 'password', _order: 'DESC' }),
      400,
      '_sortBy must be one of name, email, createdAt',
    );
    await rejectsWith(api.subTenants.loadAllUsers({ _offset: 0, _limit: 20, _filter: '', _sortBy: 'name', _order: 'UP' as 'ASC' }), 400, '_order must be one of ASC, DESC');
  });
});

describe('removing a user from tenants and sub-tenants', () => {
  it('AB-4.12 AB-7.26 a user leaves the list only when the removal covered all its tenants of the scope', async () => {
    const t = await hierarchy();
    const api = await adminApi();
    await api.subTenants.removeUserFromTenantAndSubTenants({ userId: t.bob, subTenants: [{ tenantId: t.beta }] });
    let page = await allUsers(api);
    assert.deepEqual(byEmail(page, 'bob@beta.test')?.tenantIds, [t.delta], 'still in Delta: still listed');
    await assertAudited('user.sub-tenants.removed', t.bob, 'WARNING');
    const [bobRow] = await harness.emu.db.select().from(users).where(eq(users.id, t.bob));
    assert.equal(bobRow.activeTenantId, t.delta, 'the active tenant moves to a remaining membership');

    await api.subTenants.removeUserFromTenantAndSubTenants({ userId: t.bob, subTenants: [{ tenantId: t.delta }] });
    page = await allUsers(api);
    assert.equal(byEmail(page, 'bob@beta.test'), undefined, 'no tenant of the scope left: gone from the list');
    const left = await harness.emu.db.select().from(userTenants).where(eq(userTenants.userId, t.bob));
    assert.deepEqual(
      left.map((m) => m.tenantId),
      [t.globex],
      'the membership outside the scope stays',
    );
    assert.equal((await auditRows('user.sub-tenants.removed', t.bob)).length, 2, 'one audit row per removal');

    // carol's only tenant: the user is deleted and can no longer sign in
    await api.subTenants.removeUserFromTenantAndSubTenants({ userId: t.carol, subTenants: [{ tenantId: t.delta }] });
    assert.deepEqual(await harness.emu.db.select().from(users).where(eq(users.id, t.carol)), []);
    const signIn = await new Client(harness.emu).login('carol@delta.test', PASSWORD);
    assert.notEqual(signIn.status, 200);
    const [row] = await auditRows('user.sub-tenants.removed', t.carol);
    assert.equal(row.actorEmail, SEED.adminEmail);
    assert.deepEqual(row.details, { userEmail: 'carol@delta.test', tenantIds: [t.delta], userDeleted: true });
  });

  it('AB-4.12 AB-7.26 a removal covering several tenants at once takes the user off the list', async () => {
    const t = await hierarchy();
    const api = await adminApi();
    await api.subTenants.removeUserFromTenantAndSubTenants({ userId: t.bob, subTenants: [{ tenantId: t.beta }, { tenantId: t.delta }] });
    assert.equal(byEmail(await allUsers(api), 'bob@beta.test'), undefined);
    await assertAudited('user.sub-tenants.removed', t.bob, 'WARNING');
  });

  it('AB-7.26 removal refuses bad input: no tenants, a tenant outside the scope, a tenant the user is not in, an unknown user, yourself', async () => {
    const t = await hierarchy();
    const api = await adminApi();
    await rejectsWith(api.subTenants.removeUserFromTenantAndSubTenants({ userId: t.bob, subTenants: [] }), 400, 'subTenants: subTenants must name at least one tenant');
    await rejectsWith(api.subTenants.removeUserFromTenantAndSubTenants({ userId: '', subTenants: [{ tenantId: t.beta }] }), 400, 'userId: userId is required');
    await rejectsWith(api.subTenants.removeUserFromTenantAndSubTenants({ userId: t.bob, subTenants: [{ tenantId: t.globex }] }), 403, 'Not authorized');
    await rejectsWith(api.subTenants.removeUserFromTenantAndSubTenants({ userId: t.bob, subTenants: [{ tenantId: t.gamma }] }), 404, 'User not found');
    await rejectsWith(
      api.subTenants.removeUserFromTenantAndSubTenants({ userId: t.bob, subTenants: [{ tenantId: t.beta }, { tenantId: t.gamma }] }),
      400,
      'The user is not a member of tenant gamma',
    );
    await rejectsWith(
      api.subTenants.removeUserFromTenantAndSubTenants({ userId: t.bob, subTenants: [{ tenantId: t.beta }, { tenantId: t.beta }] }),
      400,
      'Tenant beta is listed twice',
    );
    await rejectsWith(api.subTenants.removeUserFromTenantAndSubTenants({ userId: 'user-nope', subTenants: [{ tenantId: t.beta }] }), 404, 'User not found');
    await rejectsWith(
      api.subTenants.removeUserFromTenantAndSubTenants({ userId: SEED.adminUserId, subTenants: [{ tenantId: ACME }] }),
      400,
      'You cannot remove yourself from your own tenant',
    );
    // nothing changed, nothing audited
    assert.deepEqual(byEmail(await allUsers(api), 'bob@beta.test')?.tenantIds, [t.beta, t.delta]);
    assert.deepEqual(await auditRows('user.sub-tenants.removed', t.bob), []);
  });
});

describe('roles per sub-tenant', () => {
  it('AB-6.06 AB-7.26 roles are added, set and removed per sub-tenant and read back from loadAllUsers', async () => {
    const t = await hierarchy();
    const api = await adminApi();
    await api.subTenants.addUserRolesForSubTenants(t.bob, { subTenantsRoles: [{ tenantId: t.delta, roleIds: [SEED.adminRoleId] }] });
    let bob = byEmail(await allUsers(api), 'bob@beta.test');
    assert.deepEqual(roleKeysIn(bob, t.delta), ['Admin', 'ReadOnly']);
    assert.deepEqual(roleKeysIn(bob, t.beta), ['ReadOnly'], 'the other sub-tenant keeps its roles');
    assert.ok(
      bob?.tenants.find((m) => m.tenantId === t.delta)?.permissions.some((p) => p.key === 'fe.secure.write.users'),
      'the Admin role grants its permissions in Delta',
    );
    await assertAudited('user.sub-tenant-roles.added', t.bob, 'WARNING');

    await api.subTenants.setUserRolesForSubTenants(t.bob, {
      subTenantsRoles: [
        { tenantId: t.beta, roleIds: [SEED.adminRoleId] },
        { tenantId: t.delta, roleIds: [] },
      ],
    });
    bob = byEmail(await allUsers(api), 'bob@beta.test');
    assert.deepEqual(roleKeysIn(bob, t.beta), ['Admin']);
    assert.deepEqual(roleKeysIn(bob, t.delta), [], 'an empty list clears the tenant roles');
    assert.deepEqual(bob?.tenantIds, [t.beta, t.delta], 'the memberships stay');
    await assertAudited('user.sub-tenant-roles.set', t.bob, 'WARNING');

    await api.subTenants.removeUserRolesFromSubTenants(t.bob, { subTenantsRoles: [{ tenantId: t.beta, roleIds: [SEED.adminRoleId] }] });
    bob = byEmail(await allUsers(api), 'bob@beta.test');
    assert.deepEqual(roleKeysIn(bob, t.beta), []);
    await assertAudited('user.sub-tenant-roles.removed', t.bob, 'WARNING');
    const [row] = await auditRows('user.sub-tenant-roles.removed', t.bob);
    assert.equal(row.actorEmail, SEED.adminEmail);
    assert.deepEqual(row.details, {
      userEmail: 'bob@beta.test',
      subTenantsRoles: [{ tenantId: t.beta, roleIds: [SEED.adminRoleId] }],
    });

    // the roles reach bob's next token in Beta: no role there, no hierarchy; ReadOnly again, Beta's sub-tenants
    await rejectsWith((await apiAs(await tokenOf('bob@beta.test', PASSWORD))).tenants.getSubTenants(), 403, 'Not authorized');
    await api.subTenants.addUserRolesForSubTenants(t.bob, { subTenantsRoles: [{ tenantId: t.beta, roleIds: [SEED.readOnlyRoleId] }] });
    const fresh = await apiAs(await tokenOf('bob@beta.test', PASSWORD));
    assert.deepEqual(
      ((await fresh.tenants.getSubTenants()) as unknown as ISubTenant[]).map((s) => s.tenantId),
      [t.delta],
      'ReadOnly in Beta reads Beta’s sub-tenants',
    );
  });

  it('AB-6.06 AB-7.26 role changes refuse bad input: unknown roles, another tenant’s role, no roles, tenants outside the scope or without the user', async () => {
    const t = await hierarchy();
    const api = await adminApi();
    await rejectsWith(api.subTenants.addUserRolesForSubTenants(t.bob, { subTenantsRoles: [] }), 400, 'subTenantsRoles: subTenantsRoles must name at least one tenant');
    await rejectsWith(api.subTenants.addUserRolesForSubTenants(t.bob, { subTenantsRoles: [{ tenantId: t.beta, roleIds: ['role-nope'] }] }), 400, 'Unknown role id: role-nope');
    await rejectsWith(api.subTenants.addUserRolesForSubTenants(t.bob, { subTenantsRoles: [{ tenantId: t.beta, roleIds: [''] }] }), 400, 'roleIds must name at least one role');
    await rejectsWith(api.subTenants.setUserRolesForSubTenants(t.bob, { subTenantsRoles: [{ tenantId: t.globex, roleIds: [SEED.adminRoleId] }] }), 403, 'Not authorized');
    await rejectsWith(api.subTenants.setUserRolesForSubTenants(t.carol, { subTenantsRoles: [{ tenantId: t.beta, roleIds: [SEED.adminRoleId] }] }), 404, 'User not found');
    // a role of Gamma cannot be held in Beta
    const gammaRole = { id: 'role-gamma', vendorId: SEED.vendorId, tenantId: t.gamma, key: 'GammaOnly', name: 'Gamma only', description: '', isDefault: false, level: 5 };
    await harness.emu.db.insert(roles).values({ ...gammaRole, createdAt: new Date(), updatedAt: new Date() });
    await rejectsWith(api.subTenants.addUserRolesForSubTenants(t.bob, { subTenantsRoles: [{ tenantId: t.beta, roleIds: ['role-gamma'] }] }), 400, 'Unknown role id: role-gamma');
    assert.deepEqual(roleKeysIn(byEmail(await allUsers(api), 'bob@beta.test'), t.beta), ['ReadOnly'], 'nothing changed');
    assert.deepEqual(await auditRows('user.sub-tenant-roles.added', t.bob), []);
  });
});

describe('permissions', () => {
  it('AB-7.23 AB-7.26 a reader without the hierarchy or users keys gets 403 Not authorized; a read-only user reads but cannot change', async () => {
    const t = await hierarchy();
    await makeUser('nobody@acme.test', [], { name: 'No Body' });
    const nobody = await apiAs(await tokenOf('nobody@acme.test', PASSWORD));
    await rejectsWith(nobody.tenants.getSubTenants(), 403, 'Not authorized');
    await rejectsWith(nobody.tenants.getSubTenantsAsTree(), 403, 'Not authorized');
    await rejectsWith(nobody.tenants.getParentTenants(), 403, 'Not authorized');
    await rejectsWith(nobody.tenants.getParentTenantsById(t.beta), 403, 'Not authorized');
    await rejectsWith(nobody.subTenants.loadAllUsers({ _offset: 0, _limit: 20, _filter: '', _sortBy: 'name', _order: 'DESC' }), 403, 'Not authorized');

    const reader = await apiAs(await tokenOf('alice@acme.test', PASSWORD));
    assert.equal(((await reader.tenants.getSubTenants()) as unknown as ISubTenant[]).length, 3);
    assert.equal((await allUsers(reader)).items.length, 6, 'the five of the hierarchy and nobody');
    await rejectsWith(reader.subTenants.removeUserFromTenantAndSubTenants({ userId: t.bob, subTenants: [{ tenantId: t.beta }] }), 403, 'Not authorized');
    const body = { subTenantsRoles: [{ tenantId: t.beta, roleIds: [SEED.adminRoleId] }] };
    await rejectsWith(reader.subTenants.addUserRolesForSubTenants(t.bob, body), 403, 'Not authorized');
    await rejectsWith(reader.subTenants.setUserRolesForSubTenants(t.bob, body), 403, 'Not authorized');
    await rejectsWith(reader.subTenants.removeUserRolesFromSubTenants(t.bob, body), 403, 'Not authorized');

    // without a token at all
    const anonymous = await new Client(harness.emu).get('/frontegg/tenants/resources/hierarchy/v1');
    assert.equal(anonymous.status, 401);
  });

  it('AB-7.26 a sub-tenant admin cannot change users of its parent tenant', async () => {
    const t = await hierarchy();
    const deltaApi = await apiAs(await tokenOf('dave@delta.test', PASSWORD));
    await rejectsWith(deltaApi.subTenants.removeUserFromTenantAndSubTenants({ userId: t.bob, subTenants: [{ tenantId: t.beta }] }), 403, 'Not authorized');
    await rejectsWith(deltaApi.subTenants.setUserRolesForSubTenants(t.alice, { subTenantsRoles: [{ tenantId: ACME, roleIds: [] }] }), 403, 'Not authorized');
    // inside its own subtree it may
    await deltaApi.subTenants.setUserRolesForSubTenants(t.bob, { subTenantsRoles: [{ tenantId: t.delta, roleIds: [SEED.adminRoleId] }] });
    const rows = await auditRows('user.sub-tenant-roles.set', t.bob);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].actorId, t.dave);
    assert.equal(rows[0].tenantId, t.delta);
  });
});
