// @postgres: the account tree in recursive SQL (CYCLE) and the pg_trgm name search; moves under the vendor row lock
/**
 * The account tree of the allAccounts section (issue 34 items 1, 2 and 6; api-contract §N): hierarchy v2 pages of
 * children with `_links.next`, the name search across the subtree, sorting, metadata totals, parents, user counts of
 * sub-accounts, and the sub-account changes (create, rename, delete, management, hierarchy settings, the move), with
 * their audit rows and events — through Frontegg's own client (`@frontegg/rest-api`). The attacks: a sibling's or
 * another vendor's account named as `_subTenantId`, parent, move target or in a list; a move that makes a cycle; a
 * cycle written into the database by hand.
 */
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, sql } from 'drizzle-orm';
import {
  PaginationOrderEnum,
  SubAccountAccessTypeEnum,
  TenantSortByEnum,
  type FronteggApiClient,
  type FronteggPaginationWrapper,
  type SearchSubTenantsParams,
  type SearchSubTenantsResponse,
} from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { billingSubscriptions, tenants, userTenants, users } from '../src/db/schema.ts';
import { addEventSink, type EmittedEvent, type EventKey } from '../src/events/emit.ts';
import { Client } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { tokenOf, apiAs, adminApi, makeUser, auditRows } = harness;

const ACME = SEED.tenantId;
const OTHER_VENDOR = 'vendor-other';

const seen: EmittedEvent[] = [];
addEventSink(async (_db, event) => {
  seen.push(event);
});
beforeEach(() => {
  seen.length = 0;
});

/** The events of `key` seen, as `[account it went to, eventContext.tenantId]`. */
const eventsOf = (key: EventKey) => seen.filter((e) => e.key === key).map((e) => [e.tenantId, (e.payload.eventContext as { tenantId: string }).tenantId]);

/** A tenant made through `/_emulator/tenants`, under `parentTenantId` when given. */
async function makeTenant(tenantId: string, name: string, parentTenantId?: string): Promise<string> {
  const res = await new Client(harness.emu).post('/_emulator/tenants', { tenantId, name, parentTenantId });
  assert.equal(res.status, 201, res.text);
  return tenantId;
}

/** Adds `userId` to `tenantId` with the role keys given. */
async function addMembership(userId: string, tenantId: string, roles: string[] = ['ReadOnly'], activated = true): Promise<void> {
  const res = await new Client(harness.emu).post(`/_emulator/tenants/${tenantId}/users`, { userId, roles, activated });
  assert.equal(res.status, 201, res.text);
}

/** `POST /_emulator/tenants/bulk`. */
async function bulk(body: Record<string, unknown>) {
  return new Client(harness.emu).post('/_emulator/tenants/bulk', body);
}

/** Moves the emulator clock on by `ms`. */
async function advance(ms: number): Promise<void> {
  const res = await new Client(harness.emu).put('/_emulator/clock', { advance: ms });
  assert.equal(res.status, 200, res.text);
}

/**
 * Acme → Beta Shop → Delta Shop → Epsilon Shop, Acme → Gamma; Globex a top-level account of its own; Umbrella an
 * account of another vendor whose row names Acme as its parent (a row the API must never show to Acme).
 * dave: Delta's admin. eve: Epsilon only. bob: Delta and Epsilon.
 */
async function tree() {
  const beta = await makeTenant('beta', 'Beta Shop', ACME);
  const gamma = await makeTenant('gamma', 'Gamma', ACME);
  const delta = await makeTenant('delta', 'Delta Shop', beta);
  const epsilon = await makeTenant('epsilon', 'Epsilon Shop', delta);
  const globex = await makeTenant('globex', 'Globex Shop');
  const db = harness.emu.db;
  await db.execute(sql`insert into vendors (id, client_id, name, logo, icon, public_config, auth_strategies, password_config, mfa_policy, lockout_policy, token_settings)
    select ${OTHER_VENDOR}, 'client-other', 'Other', logo, icon, public_config, auth_strategies, password_config, mfa_policy, lockout_policy, token_settings
      from vendors where id = ${SEED.vendorId}`);
  await db.insert(tenants).values({ id: 'umbrella-row', tenantId: 'umbrella', vendorId: OTHER_VENDOR, name: 'Umbrella Shop', parentTenantId: ACME });
  const dave = await makeUser('dave@delta.test', ['Admin'], { name: 'Dave Dunn', tenantId: delta });
  const eve = await makeUser('eve@epsilon.test', ['ReadOnly'], { name: 'Eve Eid', tenantId: epsilon });
  const bob = await makeUser('bob@delta.test', ['ReadOnly'], { name: 'Bob Baker', tenantId: delta });
  await addMembership(bob, epsilon);
  seen.length = 0;
  return { beta, gamma, delta, epsilon, globex, umbrella: 'umbrella', dave, eve, bob };
}

/** One hierarchy v2 page through Frontegg's client (`_limit` 50 unless given, as the section asks). */
function search(api: FronteggApiClient, params: SearchSubTenantsParams = {}): Promise<FronteggPaginationWrapper<SearchSubTenantsResponse>> {
  return api.tenants.searchSubTenants({ _offset: 0, _limit: 50, ...params });
}

/** The move (the emulator's extension: Frontegg's client has no call for it), with `token` as the raw `Authorization`. */
function move(tenantId: string, parentTenantId: string, token: string) {
  return new Client(harness.emu).put(`/frontegg/tenants/resources/sub-tenants/v1/${tenantId}/parent`, { parentTenantId }, { authorization: token });
}

const idsOf = (page: { items: { tenantId: string }[] }) => page.items.map((i) => i.tenantId);

/** The audit rows of `action` on `targetId`, as the accounts they were written in, sorted. */
async function auditedIn(action: string, targetId: string): Promise<string[]> {
  return (await auditRows(action, targetId)).map((r) => r.tenantId ?? '').sort();
}

describe('hierarchy v2: the account tree, 50 at a time', () => {
  it('AB-2.04 AB-7.23 the first page holds 50 of the children, _links.next leads on to the last page, where it is empty', async () => {
    const seeded = await bulk({ parentTenantId: ACME, depth: 1, breadth: 120, prefix: 'kid' });
    assert.equal(seeded.status, 201, seeded.text);
    assert.deepEqual(seeded.body, { created: 120, levels: [120] });
    const api = await adminApi();
    // nothing but the client's defaults: 50 a page, by name
    const first = await api.tenants.searchSubTenants({});
    assert.equal(first.items.length, 50);
    assert.deepEqual(first._metadata, { totalItems: 120, totalPages: 3 });
    assert.equal(first._links?.prev, '');
    const names = first.items.map((i) => i.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
      'by name, case-insensitive',
    );
    assert.ok(first.items.every((i) => i.metadata.isParent === false && i.isReseller === false && i.subAccountAccessType === 'defaultOff'));
    assert.ok(first.items.every((i) => !Number.isNaN(Date.parse(String(i.createdAt)))));

    // follow _links.next as a client does: the path and query of the next page
    const listed = new Set(idsOf(first));
    let next = first._links?.next ?? '';
    const token = await tokenOf();
    const pages = [first.items.length];
    while (next) {
      assert.match(next, /^\/frontegg\/tenants\/resources\/hierarchy\/v2\?/);
      const res = await new Client(harness.emu).get(next, { authorization: token });
      assert.equal(res.status, 200, res.text);
      pages.push(res.body.items.length);
      for (const id of idsOf(res.body)) listed.add(id);
      next = res.body._links.next;
      if (!next) assert.notEqual(res.body._links.prev, '', 'the last page links back');
    }
    assert.deepEqual(pages, [50, 50, 20]);
    assert.equal(listed.size, 120, 'every child once across the pages');
    // the same through the client, with the offset read from the link
    const offset = Number(new URL(first._links?.next ?? '', 'http://x').searchParams.get('_offset'));
    assert.equal(offset, 50);
    const second = await search(api, { _offset: offset });
    assert.deepEqual(idsOf(second), [...listed].slice(50, 100));
  });

  it('AB-3.13 sorts by createdAt, name and tenantId, either way', async () => {
    const api = await adminApi();
    for (const [tenantId, name] of [
      ['c-id', 'banana'],
      ['a-id', 'Cherry'],
      ['b-id', 'apple'],
    ]) {
      await api.subTenants.createSubTenant({ tenantId, name, parentTenantId: ACME });
      await advance(1000);
    }
    const order = async (_sortBy: TenantSortByEnum, _order: PaginationOrderEnum) => idsOf(await search(api, { _sortBy, _order }));
    assert.deepEqual(await order(TenantSortByEnum.name, PaginationOrderEnum.ASC), ['b-id', 'c-id', 'a-id'], 'apple, banana, Cherry');
    assert.deepEqual(await order(TenantSortByEnum.name, PaginationOrderEnum.DESC), ['a-id', 'c-id', 'b-id']);
    assert.deepEqual(await order(TenantSortByEnum.createdAt, PaginationOrderEnum.ASC), ['c-id', 'a-id', 'b-id']);
    assert.deepEqual(await order(TenantSortByEnum.createdAt, PaginationOrderEnum.DESC), ['b-id', 'a-id', 'c-id']);
    assert.deepEqual(await order(TenantSortByEnum.tenantId, PaginationOrderEnum.ASC), ['a-id', 'b-id', 'c-id']);
    assert.deepEqual(await order(TenantSortByEnum.tenantId, PaginationOrderEnum.DESC), ['c-id', 'b-id', 'a-id']);
    await rejectsWith(search(api, { _sortBy: 'password' as TenantSortByEnum }), 400, '_sortBy must be one of createdAt, name, tenantId');
    await rejectsWith(search(api, { _limit: 101 }), 400, '_limit must be an integer from 1 to 100');
    await rejectsWith(search(api, { _offset: -1 }), 400, /^_offset must be an integer from 0/);
  });

  it('AB-7.23 _subTenantId pages a child’s children, isParent marks the accounts with sub-accounts, and the search finds names at every depth', async () => {
    const t = await tree();
    const api = await adminApi();
    const top = await search(api);
    assert.deepEqual(idsOf(top), [t.beta, t.gamma], 'only this vendor’s children of Acme');
    assert.deepEqual(
      top.items.map((i) => [i.name, i.metadata.isParent]),
      [
        ['Beta Shop', true],
        ['Gamma', false],
      ],
    );
    assert.deepEqual(idsOf(await search(api, { _subTenantId: t.beta })), [t.delta]);
    assert.deepEqual(idsOf(await search(api, { _subTenantId: t.epsilon })), [], 'a leaf');

    // the search: every level of the subtree, case-insensitive, never the account searched from nor outside it
    const found = await search(api, { _filter: 'SHOP' });
    assert.deepEqual(idsOf(found), [t.beta, t.delta, t.epsilon]);
    assert.equal(found._metadata.totalItems, 3);
    assert.deepEqual(idsOf(await search(api, { _filter: 'shop', _subTenantId: t.beta })), [t.delta, t.epsilon]);
    assert.deepEqual(idsOf(await search(api, { _filter: 'psilon', _sortBy: TenantSortByEnum.tenantId })), [t.epsilon]);
    assert.deepEqual(idsOf(await search(api, { _filter: '%' })), [], '% matches itself');
    assert.deepEqual(idsOf(await search(api, { _filter: 'globex' })), [], 'another top-level account');
    assert.deepEqual(idsOf(await search(api, { _filter: 'umbrella' })), [], 'another vendor’s account');

    // Delta's admin: its own subtree only
    const deltaApi = await apiAs(await tokenOf('dave@delta.test', PASSWORD));
    assert.deepEqual(idsOf(await search(deltaApi)), [t.epsilon]);
    assert.deepEqual(idsOf(await search(deltaApi, { _filter: 'shop' })), [t.epsilon]);
  });

  it('AB-7.23 metadata totals count the whole subtree; parents walk up for breadcrumbs', async () => {
    const t = await tree();
    const api = await adminApi();
    assert.deepEqual(await api.tenants.getHierarchyMetadata({ _tenantIds: [ACME, t.beta, t.gamma, t.epsilon] }), [
      { tenantId: ACME, totalSubTenants: 4, isParent: true },
      { tenantId: t.beta, totalSubTenants: 2, isParent: true },
      { tenantId: t.gamma, totalSubTenants: 0, isParent: false },
      { tenantId: t.epsilon, totalSubTenants: 0, isParent: false },
    ]);
    const crumbs = await api.tenants.getParentTenantsById(t.epsilon);
    assert.deepEqual(
      crumbs.map((p) => [p.tenantId, p.level, p.tenantName]),
      [
        [t.delta, 1, 'Delta Shop'],
        [t.beta, 2, 'Beta Shop'],
        [ACME, 3, 'Acme'],
      ],
    );
    const epsilonApi = await apiAs(await tokenOf('eve@epsilon.test', PASSWORD));
    assert.deepEqual(
      (await epsilonApi.tenants.getParentTenants()).map((p) => p.tenantId),
      [t.delta, t.beta, ACME],
    );
  });

  it('AB-7.23 user counts answer for the sub-accounts of the caller’s subtree (and only those)', async () => {
    const t = await tree();
    const pending = await makeUser('pending@acme.test', ['ReadOnly'], { name: 'Pen Ding' });
    await addMembership(pending, t.delta, ['ReadOnly'], false);
    const api = await adminApi();
    assert.deepEqual(await api.tenants.getTenantsUsersCount({ tenantIds: [ACME, t.delta, t.epsilon, t.gamma] }), [
      { tenantId: ACME, totalUsers: 2, totalAccessAllowedUsers: 2 },
      { tenantId: t.delta, totalUsers: 3, totalAccessAllowedUsers: 2 },
      { tenantId: t.epsilon, totalUsers: 2, totalAccessAllowedUsers: 2 },
      { tenantId: t.gamma, totalUsers: 0, totalAccessAllowedUsers: 0 },
    ]);
    await rejectsWith(api.tenants.getTenantsUsersCount({ tenantIds: [t.globex] }), 403, 'Not authorized');
    await rejectsWith(api.tenants.getTenantsUsersCount({ tenantIds: [t.beta, t.umbrella] }), 403, 'Not authorized');
    const deltaApi = await apiAs(await tokenOf('dave@delta.test', PASSWORD));
    assert.equal((await deltaApi.tenants.getTenantsUsersCount({ tenantIds: [t.epsilon] }))[0].totalUsers, 2);
    await rejectsWith(deltaApi.tenants.getTenantsUsersCount({ tenantIds: [t.beta] }), 403, 'Not authorized');
  });
});

describe('sub-account changes', () => {
  it('AB-7.24 a sub-account is created under a parent of the subtree, with its billing, audit rows and frontegg.tenant.created', async () => {
    const t = await tree();
    const api = await adminApi();
    const made = await api.subTenants.createSubTenant({ tenantId: 'zeta', name: '  Zeta Shop ', parentTenantId: t.beta, website: 'https://zeta.test' });
    assert.equal(made.tenantId, 'zeta');
    assert.equal(made.name, 'Zeta Shop');
    assert.equal(made.website, 'https://zeta.test');
    assert.deepEqual(idsOf(await search(api, { _subTenantId: t.beta })), [t.delta, 'zeta']);
    const [row] = await search(api, { _subTenantId: t.beta, _filter: 'zeta' }).then((p) => p.items);
    assert.equal(row.subAccountAccessType, 'defaultOff', 'off by default');
    const subscriptions = await harness.emu.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.tenantId, 'zeta'));
    assert.equal(subscriptions.length, 1, 'billing from the start');
    assert.deepEqual(await auditedIn('sub-account.created', 'zeta'), [ACME, t.beta, 'zeta'].sort());
    const [audit] = await auditRows('sub-account.created', 'zeta');
    assert.equal(audit.actorId, SEED.adminUserId);
    assert.deepEqual(eventsOf('frontegg.tenant.created'), [
      ['zeta', 'zeta'],
      [ACME, 'zeta'],
    ]);
    const created = seen.find((e) => e.key === 'frontegg.tenant.created');
    assert.deepEqual((created?.payload.tenant as { parentTenantId: string }).parentTenantId, t.beta);
    assert.deepEqual((created?.payload.eventContext as { userId: string }).userId, SEED.adminUserId);

    // no tenant id: one is made; a taken one: 409
    const generated = await api.subTenants.createSubTenant({ tenantId: '', name: 'Nameless', parentTenantId: ACME });
    assert.match(generated.tenantId, /^[0-9a-f-]{36}$/);
    await rejectsWith(api.subTenants.createSubTenant({ tenantId: 'zeta', name: 'Again', parentTenantId: ACME }), 409, 'Tenant already exists');
    await rejectsWith(api.subTenants.createSubTenant({ tenantId: 'x', name: ' ', parentTenantId: ACME }), 400, 'name: name is required');
  });

  it('AB-7.24 AB-7.25 rename, reseller flag and access type change the account and show in its row', async () => {
    const t = await tree();
    const api = await adminApi();
    await api.subTenants.updateSubTenant({ tenantId: t.gamma }, { name: 'Gamma Renamed' });
    await api.subTenants.updateSubTenantManagement({ tenantId: t.gamma }, { isReseller: true });
    const settled = await api.subTenants.updateSubTenantHierarchySettings({ tenantId: t.gamma }, { subAccountAccessType: SubAccountAccessTypeEnum.ALWAYS_ON });
    assert.equal((settled as unknown as { subAccountAccessType: string }).subAccountAccessType, 'alwaysOn');
    const [gamma] = (await search(api, { _filter: 'renamed' })).items;
    assert.deepEqual([gamma.tenantId, gamma.name, gamma.isReseller, gamma.subAccountAccessType], [t.gamma, 'Gamma Renamed', true, 'alwaysOn']);
    assert.deepEqual(await auditedIn('sub-account.renamed', t.gamma), [ACME, t.gamma].sort());
    assert.deepEqual(await auditedIn('sub-account.management.updated', t.gamma), [ACME, t.gamma].sort());
    assert.deepEqual(await auditedIn('sub-account.hierarchy-settings.updated', t.gamma), [ACME, t.gamma].sort());
    assert.equal(eventsOf('frontegg.tenant.updated').length, 6, 'three changes, each to Gamma and to Acme');

    // the same values again: nothing written
    await api.subTenants.updateSubTenantManagement({ tenantId: t.gamma }, { isReseller: true });
    assert.equal((await auditRows('sub-account.management.updated', t.gamma)).length, 2, 'still the first change’s two rows');
    await rejectsWith(
      api.subTenants.updateSubTenantHierarchySettings({ tenantId: t.gamma }, { subAccountAccessType: 'sometimes' as SubAccountAccessTypeEnum }),
      400,
      'subAccountAccessType: subAccountAccessType must be one of defaultOff, defaultOn, alwaysOn',
    );
    // the caller's own account is not a sub-account of itself
    await rejectsWith(api.subTenants.updateSubTenant({ tenantId: ACME }, { name: 'Mine' }), 403, 'Not authorized');
    await rejectsWith(api.subTenants.updateSubTenantManagement({ tenantId: ACME }, { isReseller: true }), 403, 'Not authorized');
  });

  it('AB-7.24 deleting an account with sub-accounts is refused; a leaf goes with the users only it had', async () => {
    const t = await tree();
    const api = await adminApi();
    await rejectsWith(api.subTenants.deleteSubTenant(t.delta), 400, 'This account has sub-accounts. Delete or move them first.');
    assert.deepEqual(await auditRows('sub-account.deleted', t.delta), []);

    await api.subTenants.deleteSubTenant(t.epsilon);
    const db = harness.emu.db;
    assert.deepEqual(await db.select().from(tenants).where(eq(tenants.tenantId, t.epsilon)), []);
    assert.deepEqual(await db.select().from(users).where(eq(users.id, t.eve)), [], 'eve was only in Epsilon: deleted');
    const bobIn = await db.select({ tenantId: userTenants.tenantId }).from(userTenants).where(eq(userTenants.userId, t.bob));
    assert.deepEqual(
      bobIn.map((m) => m.tenantId),
      [t.delta],
      'bob keeps Delta',
    );
    assert.deepEqual(await auditedIn('sub-account.deleted', t.epsilon), [ACME, t.delta].sort());
    const [row] = await auditRows('sub-account.deleted', t.epsilon);
    assert.equal(row.severity, 'WARNING');
    assert.deepEqual(row.details, { name: 'Epsilon Shop', tenantId: t.epsilon, parentTenantId: t.delta, removedUsers: 2, deletedUsers: 1 });
    assert.deepEqual(eventsOf('frontegg.tenant.deleted'), [[ACME, t.epsilon]]);
    assert.equal((seen.find((e) => e.key === 'frontegg.tenant.deleted')?.payload.tenant as { name: string }).name, 'Epsilon Shop', 'as it was');
    assert.equal(eventsOf('frontegg.user.deleted').length, 1);
    assert.equal(eventsOf('frontegg.user.removedFromTenant').length, 2);

    // gone from the tree; Delta is a leaf now and may go
    assert.deepEqual(await api.tenants.getHierarchyMetadata({ _tenantIds: [t.delta] }), [{ tenantId: t.delta, totalSubTenants: 0, isParent: false }]);
    await rejectsWith(api.subTenants.deleteSubTenant(t.epsilon), 404, 'Tenant not found');
    await api.subTenants.deleteSubTenant(t.delta);
    assert.deepEqual(idsOf(await search(api, { _subTenantId: t.beta })), []);
    const signIn = await new Client(harness.emu).login('dave@delta.test', PASSWORD);
    assert.notEqual(signIn.status, 200, 'Delta’s only admin is gone with it');
  });

  it('a move takes the subtree to its new parent, audited in both parents and the account; a move that makes a cycle is refused', async () => {
    const t = await tree();
    const api = await adminApi();
    const token = await tokenOf();
    const res = await move(t.delta, t.gamma, token);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.parentTenantId, t.gamma);
    assert.deepEqual(idsOf(await search(api, { _subTenantId: t.gamma })), [t.delta]);
    assert.deepEqual(idsOf(await search(api, { _subTenantId: t.beta })), []);
    assert.deepEqual(
      (await api.tenants.getParentTenantsById(t.epsilon)).map((p) => p.tenantId),
      [t.delta, t.gamma, ACME],
      'its subtree went with it',
    );
    assert.deepEqual(await auditedIn('sub-account.moved', t.delta), [ACME, t.beta, t.delta, t.gamma].sort());
    const [row] = await auditRows('sub-account.moved', t.delta);
    assert.deepEqual(row.details, { name: 'Delta Shop', tenantId: t.delta, fromParentTenantId: t.beta, toParentTenantId: t.gamma });
    assert.deepEqual(eventsOf('frontegg.tenant.updated'), [
      [t.delta, t.delta],
      [ACME, t.delta],
    ]);

    // cycles: under itself, under a descendant (a grandchild too)
    for (const [tenantId, parent] of [
      [t.gamma, t.gamma],
      [t.gamma, t.delta],
      [t.gamma, t.epsilon],
    ]) {
      const refused = await move(tenantId, parent, token);
      assert.equal(refused.status, 400, `${tenantId} under ${parent}`);
      assert.deepEqual(refused.body, { errors: ['An account cannot be moved under itself or one of its sub-accounts'], errorCode: 'ER-TENANT-HIERARCHY-CYCLE' });
    }
    assert.deepEqual(
      (await api.tenants.getParentTenantsById(t.gamma)).map((p) => p.tenantId),
      [ACME],
      'nothing moved',
    );
    assert.equal((await auditRows('sub-account.moved', t.gamma)).length, 0);
    // the same parent: nothing to do
    const same = await move(t.gamma, ACME, token);
    assert.equal(same.status, 200);
    assert.equal((await auditRows('sub-account.moved', t.gamma)).length, 0);
  });

  it('AB-7.24 a reader may look but not change; without the hierarchy key no tree at all', async () => {
    const t = await tree();
    await makeUser('alice@acme.test', ['ReadOnly'], { name: 'Alice Able' });
    await makeUser('nobody@acme.test', [], { name: 'No Body' });
    const reader = await apiAs(await tokenOf('alice@acme.test', PASSWORD));
    assert.deepEqual(idsOf(await search(reader)), [t.beta, t.gamma]);
    await rejectsWith(reader.subTenants.createSubTenant({ tenantId: 'r', name: 'R', parentTenantId: ACME }), 403, 'Not authorized');
    await rejectsWith(reader.subTenants.updateSubTenant({ tenantId: t.gamma }, { name: 'R' }), 403, 'Not authorized');
    await rejectsWith(reader.subTenants.deleteSubTenant(t.gamma), 403, 'Not authorized');
    await rejectsWith(reader.subTenants.updateSubTenantManagement({ tenantId: t.gamma }, { isReseller: true }), 403, 'Not authorized');
    await rejectsWith(
      reader.subTenants.updateSubTenantHierarchySettings({ tenantId: t.gamma }, { subAccountAccessType: SubAccountAccessTypeEnum.DEFAULT_ON }),
      403,
      'Not authorized',
    );
    const nobody = await apiAs(await tokenOf('nobody@acme.test', PASSWORD));
    await rejectsWith(search(nobody), 403, 'Not authorized');
    await rejectsWith(nobody.tenants.getHierarchyMetadata({ _tenantIds: [ACME] }), 403, 'Not authorized');
    await rejectsWith(nobody.tenants.getTenantsUsersCount({ tenantIds: [t.gamma] }), 403, 'Not authorized');
    const anonymous = await new Client(harness.emu).get('/frontegg/tenants/resources/hierarchy/v2');
    assert.equal(anonymous.status, 401);
  });
});

describe('isolation: a sibling’s or another vendor’s account', () => {
  it('is unknown as _subTenantId or in the path, refused as a parent, a move target or in a list', async () => {
    const t = await tree();
    const deltaToken = await tokenOf('dave@delta.test', PASSWORD);
    const deltaApi = await apiAs(deltaToken);
    const adminToken = await tokenOf();
    const api = await apiAs(adminToken);
    // reads
    await rejectsWith(search(deltaApi, { _subTenantId: t.gamma }), 404, 'Tenant not found');
    await rejectsWith(search(deltaApi, { _subTenantId: t.beta }), 404, 'Tenant not found');
    await rejectsWith(search(api, { _subTenantId: t.globex }), 404, 'Tenant not found');
    await rejectsWith(search(api, { _subTenantId: t.umbrella }), 404, 'Tenant not found');
    await rejectsWith(search(api, { _subTenantId: 'nope' }), 404, 'Tenant not found');
    await rejectsWith(deltaApi.tenants.getHierarchyMetadata({ _tenantIds: [t.epsilon, t.gamma] }), 403, 'Not authorized');
    await rejectsWith(api.tenants.getHierarchyMetadata({ _tenantIds: [t.umbrella] }), 403, 'Not authorized');
    await rejectsWith(api.tenants.getParentTenantsById(t.umbrella), 404, 'Tenant not found');
    // changes
    await rejectsWith(deltaApi.subTenants.createSubTenant({ tenantId: 'in-gamma', name: 'X', parentTenantId: t.gamma }), 403, 'Not authorized');
    await rejectsWith(api.subTenants.createSubTenant({ tenantId: 'in-umbrella', name: 'X', parentTenantId: t.umbrella }), 403, 'Not authorized');
    await rejectsWith(api.subTenants.createSubTenant({ tenantId: 'in-globex', name: 'X', parentTenantId: t.globex }), 403, 'Not authorized');
    await rejectsWith(deltaApi.subTenants.updateSubTenant({ tenantId: t.gamma }, { name: 'Mine' }), 404, 'Tenant not found');
    await rejectsWith(deltaApi.subTenants.deleteSubTenant(t.beta), 404, 'Tenant not found');
    await rejectsWith(api.subTenants.deleteSubTenant(t.umbrella), 404, 'Tenant not found');
    await rejectsWith(api.subTenants.updateSubTenantManagement({ tenantId: t.globex }, { isReseller: true }), 404, 'Tenant not found');
    await rejectsWith(deltaApi.subTenants.deleteSubTenant(t.delta), 403, 'Not authorized');
    assert.equal((await move(t.epsilon, t.gamma, deltaToken)).status, 403, 'out of Delta’s subtree');
    assert.equal((await move(t.delta, t.gamma, deltaToken)).status, 403, 'its own account');
    assert.equal((await move(t.gamma, t.umbrella, adminToken)).status, 403, 'under another vendor’s account');
    assert.equal((await move(t.gamma, t.globex, adminToken)).status, 403, 'under another top-level account');
    assert.equal((await move(t.umbrella, t.gamma, adminToken)).status, 404, 'another vendor’s account');
    // nothing changed anywhere
    const [umbrella] = await harness.emu.db.select().from(tenants).where(eq(tenants.tenantId, t.umbrella));
    assert.deepEqual([umbrella.name, umbrella.parentTenantId, umbrella.isReseller], ['Umbrella Shop', ACME, false]);
    assert.deepEqual(
      (await api.tenants.getParentTenantsById(t.gamma)).map((p) => p.tenantId),
      [ACME],
    );
    assert.deepEqual(eventsOf('frontegg.tenant.updated'), []);
  });

  it('a cycle written into the database ends the walks instead of looping', async () => {
    const t = await tree();
    const db = harness.emu.db;
    // Beta under Delta while Delta is under Beta: the pair leaves Acme's tree and loops
    await db
      .update(tenants)
      .set({ parentTenantId: t.delta })
      .where(and(eq(tenants.tenantId, t.beta), eq(tenants.vendorId, SEED.vendorId)));
    const api = await adminApi();
    assert.deepEqual(idsOf(await search(api)), [t.gamma]);
    assert.deepEqual(idsOf(await search(api, { _filter: 'shop' })), [], 'the loop is not under Acme');
    const deltaApi = await apiAs(await tokenOf('dave@delta.test', PASSWORD));
    const below = (await deltaApi.tenants.getSubTenants()) as unknown as { tenantId: string; level: number }[];
    assert.deepEqual(
      below.map((s) => [s.tenantId, s.level]),
      [
        [t.beta, 1],
        [t.epsilon, 1],
      ],
    );
    assert.deepEqual(
      (await deltaApi.tenants.getParentTenants()).map((p) => p.tenantId),
      [t.beta],
    );
    assert.deepEqual(await deltaApi.tenants.getHierarchyMetadata({ _tenantIds: [t.delta] }), [{ tenantId: t.delta, totalSubTenants: 2, isParent: true }]);
    const tree2 = await deltaApi.tenants.getSubTenantsAsTree();
    assert.deepEqual(
      tree2.children.map((c) => c.tenantId),
      [t.beta, t.epsilon],
    );
  });
});

describe('the scale seed of an account tree', () => {
  it('seeds a tree level by level, names searchable, and refuses what it cannot make', async () => {
    const res = await bulk({ parentTenantId: ACME, depth: 3, breadth: 3, count: 30 });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body, { created: 30, levels: [3, 9, 18] });
    const api = await adminApi();
    assert.deepEqual(idsOf(await search(api, { _sortBy: TenantSortByEnum.tenantId })), ['acct-1-0', 'acct-1-1', 'acct-1-2']);
    assert.deepEqual(idsOf(await search(api, { _subTenantId: 'acct-2-4', _sortBy: TenantSortByEnum.tenantId })), ['acct-3-12', 'acct-3-13', 'acct-3-14']);
    assert.deepEqual(await api.tenants.getHierarchyMetadata({ _tenantIds: [ACME, 'acct-1-0', 'acct-2-8'] }), [
      { tenantId: ACME, totalSubTenants: 30, isParent: true },
      { tenantId: 'acct-1-0', totalSubTenants: 12, isParent: true },
      { tenantId: 'acct-2-8', totalSubTenants: 0, isParent: false },
    ]);
    const hit = await search(api, { _filter: '00017' });
    assert.equal(hit._metadata.totalItems, 1);
    assert.match(hit.items[0].name, /^[A-Z][a-z]+ 00017$/);
    const billed = await harness.emu.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.tenantId, 'acct-3-17'));
    assert.equal(billed.length, 1, 'each seeded account has its billing');

    assert.equal((await bulk({ parentTenantId: ACME, depth: 3, breadth: 3 })).status, 409, 'the ids are taken');
    assert.equal((await bulk({ parentTenantId: 'nope', depth: 1, breadth: 1 })).status, 404);
    const big = await bulk({ parentTenantId: ACME, depth: 5, breadth: 100, prefix: 'big' });
    assert.equal(big.status, 400);
    assert.deepEqual(big.body.errors, ['The tree would hold more than 100000 accounts: send a count']);
  });
});
