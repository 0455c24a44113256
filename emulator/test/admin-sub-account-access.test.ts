// @postgres: the ancestors walk in recursive SQL, checked again on every call of a sub-account token
/**
 * Entering a sub-account and acting there (issue 34 items 3 and 4; api-contract §F GetUserJwt, §N sub-tenants users,
 * §2 the `[jwt]` header; AB-2.05, AB-6.10, AB-6.11): the token of a descendant account minted by `me/token`, its
 * rules (the per-user switch, the account's access type, the read key), the calls made with it as `Authorization:
 * <jwt>` without `Bearer`, the audit rows naming the account acted from, the sub-account's users (invite up to 5 with
 * roles and sub-account access, add to an account and its sub-accounts, the access switch), and the attacks: a
 * sibling, a parent, another vendor, a user without the switch or the key, a sub-account's token aimed at the parent's
 * data, a token replayed after its access was withdrawn. Driven by Frontegg's own client (`@frontegg/rest-api`).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { FronteggApiError, type FronteggApiClient, type IUsersV3Data } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { audits, tenants, userTenants, users, vendors, type SubAccountAccessType } from '../src/db/schema.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { tokenOf, apiAs, adminApi, makeUser, makeTenant, signIn } = harness;

const ACME = SEED.tenantId;

/** Sets an account's sub-account access type (the hierarchy-settings route is the account tree's part). */
async function setAccessType(tenantId: string, type: SubAccountAccessType): Promise<void> {
  await harness.emu.db.update(tenants).set({ subAccountAccessType: type }).where(eq(tenants.tenantId, tenantId));
}

/**
 * Acme (the seeded account) → Beta → Delta, Acme → Gamma; Globex on its own.
 * beth: Acme, ReadOnly (holds fe.account-hierarchy.read.subAccount). noel: Acme, no role. carol: Delta. dave: Delta's
 * admin. gina: Gamma's admin.
 */
async function tree() {
  const beta = await makeTenant('beta', 'Beta', ACME);
  const gamma = await makeTenant('gamma', 'Gamma', ACME);
  const delta = await makeTenant('delta', 'Delta', beta);
  const globex = await makeTenant('globex', 'Globex');
  const beth = await makeUser('beth@acme.test', ['ReadOnly'], { name: 'Beth Bell' });
  const noel = await makeUser('noel@acme.test', [], { name: 'Noel North' });
  const carol = await makeUser('carol@delta.test', ['ReadOnly'], { name: 'Carol Cole', tenantId: delta });
  const dave = await makeUser('dave@delta.test', ['Admin'], { name: 'Dave Dunn', tenantId: delta });
  const gina = await makeUser('gina@gamma.test', ['Admin'], { name: 'Gina Gray', tenantId: gamma });
  return { beta, gamma, delta, globex, beth, noel, carol, dave, gina };
}

/** `me/token` for `tenantId` with `api` (Frontegg's GetUserJwt): the token, or the FronteggApiError. */
async function enter(api: FronteggApiClient, tenantId: string): Promise<string> {
  const { accessToken } = (await api.users.GetUserJwt({ tenantId })) as unknown as { accessToken: string };
  return accessToken;
}

/** Asserts that `promise` is refused with 403 `No access` (ER-SUB-ACCOUNT-NO-ACCESS). */
async function noAccess(promise: Promise<unknown>): Promise<void> {
  await assert.rejects(promise, (e: unknown) => {
    assert.ok(e instanceof FronteggApiError, String(e));
    assert.equal(e.statusCode, 403);
    assert.equal(e.message, 'No access');
    assert.equal(e.errorCode, 'ER-SUB-ACCOUNT-NO-ACCESS');
    return true;
  });
}

const usersPage = (api: FronteggApiClient, jwt: string, offset = 0) =>
  api.users.getUsersV3({ _limit: 10, _offset: offset, _sortBy: 'name' as never, _order: 'ASC' as never }, { jwt });

describe('entering a sub-account (GetUserJwt for a descendant)', () => {
  it('AB-6.10 the admin with sub-account access gets a token of a grandchild with its Acme roles; the calls carry it without Bearer', async () => {
    const t = await tree();
    const api = await adminApi();
    await noAccess(enter(api, t.delta)); // Acme is defaultOff and the admin's switch is unset
    await api.subTenants.updateSubAccountAccess(SEED.adminUserId, { allowAccess: true });
    const jwt = await enter(api, t.delta);
    const claims = decodeJwt(jwt);
    assert.equal(claims.tenantId, t.delta);
    assert.equal(claims.actingFromTenantId, ACME);
    assert.equal(claims.sub, SEED.adminUserId);
    assert.deepEqual(claims.roles, ['Admin'], 'the roles the admin holds in Acme');
    assert.ok((claims.permissions as string[]).includes('fe.secure.write.users'));
    assert.deepEqual(claims.tenantIds, [ACME], "the user's own accounts: it is no member of Delta");

    // Frontegg's client sends `Authorization: <jwt>` (no Bearer) for a [jwt] call: Delta's users, not Acme's
    const page = await usersPage(api, jwt);
    assert.deepEqual(
      page.items.map((u: IUsersV3Data) => u.email),
      ['carol@delta.test', 'dave@delta.test'],
    );
    // the raw header form, as the contract writes it (§2), and the Bearer form, both accepted
    const client = new Client(harness.emu);
    const raw = await client.get(`${P}/users/v3?_limit=10&_sortBy=name&_order=ASC`, { authorization: jwt });
    assert.equal(raw.status, 200, raw.text);
    assert.equal(raw.body.items.length, 2);
    assert.equal((await client.get(`${P}/users/v3`, client.bearer(jwt))).status, 200);
    // the profile and the authorization of that token: Delta, with the Acme roles in effect
    const me = await client.get(`${P}/users/v2/me`, { authorization: jwt });
    assert.equal(me.body.tenantId, t.delta);
    assert.deepEqual(
      me.body.roles.map((r: { key: string }) => r.key),
      ['Admin'],
    );
    const authz = await client.get(`${P}/users/v1/me/authorization`, { authorization: jwt });
    assert.ok(authz.body.permissions.some((p: { key: string }) => p.key === 'fe.account-hierarchy.read.subAccount'));
  });

  it('AB-2.05 the users of the entered account come 10 a page, by name', async () => {
    const t = await tree();
    await setAccessType(ACME, 'alwaysOn');
    for (let i = 0; i < 10; i++) await makeUser(`u${i}@delta.test`, ['ReadOnly'], { name: `User ${String.fromCharCode(75 + i)}`, tenantId: t.delta });
    const api = await adminApi();
    const jwt = await enter(api, t.delta);
    const first = await usersPage(api, jwt);
    assert.equal(first.items.length, 10);
    assert.equal(first._metadata.totalItems, 12);
    assert.deepEqual(
      first.items.slice(0, 3).map((u: IUsersV3Data) => u.name),
      ['Carol Cole', 'Dave Dunn', 'User K'],
    );
    const second = await usersPage(api, jwt, 10);
    assert.deepEqual(
      second.items.map((u: IUsersV3Data) => u.name),
      ['User S', 'User T'],
    );
  });

  it('AB-6.11 the access type decides: defaultOff needs the switch, defaultOn is on until turned off, alwaysOn is everyone of the account', async () => {
    const t = await tree();
    const beth = await apiAs(await tokenOf('beth@acme.test', PASSWORD));
    const admin = await adminApi();
    await noAccess(enter(beth, t.beta)); // defaultOff, switch unset
    await admin.subTenants.updateSubAccountAccess(t.beth, { allowAccess: true });
    assert.equal(decodeJwt(await enter(beth, t.beta)).tenantId, t.beta);
    await admin.subTenants.updateSubAccountAccess(t.beth, { allowAccess: false });
    await noAccess(enter(beth, t.beta));

    await setAccessType(ACME, 'defaultOn');
    const noel = await apiAs(await tokenOf('noel@acme.test', PASSWORD));
    await noAccess(enter(beth, t.beta)); // her switch is set off: it stays off
    await harness.emu.db.update(userTenants).set({ subAccountAccessAllowed: null }).where(eq(userTenants.userId, t.beth));
    assert.equal(decodeJwt(await enter(beth, t.beta)).actingFromTenantId, ACME, 'unset follows defaultOn');

    await setAccessType(ACME, 'alwaysOn');
    await admin.subTenants.updateSubAccountAccess(t.beth, { allowAccess: false });
    const claims = decodeJwt(await enter(beth, t.delta));
    assert.equal(claims.tenantId, t.delta, 'alwaysOn: on whatever her switch says');
    assert.deepEqual(claims.roles, ['ReadOnly']);
    // without fe.account-hierarchy.read.subAccount in Acme nobody enters, alwaysOn or not
    await noAccess(enter(noel, t.beta));
  });

  it('refuses a sibling, a parent, another vendor and an unknown account with No access', async () => {
    const t = await tree();
    await setAccessType(ACME, 'alwaysOn');
    await setAccessType(t.gamma, 'alwaysOn');
    await setAccessType(t.delta, 'alwaysOn');
    const gina = await apiAs(await tokenOf('gina@gamma.test', PASSWORD));
    await noAccess(enter(gina, t.beta)); // a sibling of Gamma
    await noAccess(enter(gina, t.delta)); // under the sibling
    await noAccess(enter(gina, ACME)); // the parent
    const dave = await apiAs(await tokenOf('dave@delta.test', PASSWORD));
    await noAccess(enter(dave, t.beta)); // a child's admin minting a token for its parent
    await noAccess(enter(dave, ACME));
    // another vendor's account, even with a parent link into Acme written in the database
    const [vendor] = await harness.emu.db.select().from(vendors).where(eq(vendors.id, SEED.vendorId));
    await harness.emu.db.insert(vendors).values({ ...vendor, id: 'vendor-2', clientId: 'client-2' });
    await harness.emu.db.insert(tenants).values({ id: 'row-other', tenantId: 'other-co', vendorId: 'vendor-2', name: 'Other Co', parentTenantId: ACME });
    const admin = await adminApi();
    await noAccess(enter(admin, 'other-co'));
    await noAccess(enter(admin, 'no-such-account'));
    await noAccess(enter(admin, t.globex));
    // the way in still works for a real descendant
    assert.equal(decodeJwt(await enter(admin, t.gamma)).tenantId, t.gamma);
  });

  it('keeps the existing rules: an impersonation cannot enter, a locked user and a revoked session get 401', async () => {
    const t = await tree();
    await setAccessType(ACME, 'alwaysOn');
    const admin = await signIn();
    const client = new Client(harness.emu);
    const opened = await client.post(`${P}/impersonation/v1`, { impersonatedUserId: t.beth }, admin.client.bearer(admin.token));
    assert.equal(opened.status, 200, opened.text);
    const imp = await client.post(`${P}/users/v3/me/token`, { tenantId: t.beta }, client.bearer(opened.body.accessToken));
    assert.equal(imp.status, 403);
    assert.equal(imp.body.errorCode, 'ER-IMPERSONATION-TENANT');

    const beth = await signIn('beth@acme.test', PASSWORD);
    await harness.emu.db.update(users).set({ isLocked: true }).where(eq(users.id, t.beth));
    const locked = await beth.client.post(`${P}/users/v3/me/token`, { tenantId: t.beta }, beth.client.bearer(beth.token));
    assert.equal(locked.status, 401);

    const out = await admin.client.post(`${P}/auth/v1/logout`, {}, admin.client.bearer(admin.token));
    assert.ok(out.status < 300, out.text);
    const revoked = await admin.client.post(`${P}/users/v3/me/token`, { tenantId: t.beta }, admin.client.bearer(admin.token));
    assert.equal(revoked.status, 401);
  });
});

describe("a sub-account's token", () => {
  it("reaches the sub-account and its subtree only, never the parent's data", async () => {
    const t = await tree();
    await setAccessType(ACME, 'alwaysOn');
    const api = await adminApi();
    const jwt = await enter(api, t.beta);
    // the hierarchy seen from Beta: Delta below, Acme above as a parent only
    const subs = (await api.tenants.getSubTenants({ jwt })) as unknown as { tenantId: string }[];
    assert.deepEqual(
      subs.map((s) => s.tenantId),
      [t.delta],
    );
    // Acme's users and sub-accounts outside Beta are out of reach
    const all = await api.subTenants.loadAllUsers({ _limit: 200, _offset: 0 } as never);
    assert.ok(
      all.items.some((u) => u.email === SEED.adminEmail),
      'the admin token sees Acme',
    );
    const client = new Client(harness.emu);
    const fromBeta = await client.get(`${P}/sub-tenants/users/v1?_limit=200`, { authorization: jwt });
    assert.equal(fromBeta.status, 200, fromBeta.text);
    assert.ok(!fromBeta.body.items.some((u: { email: string }) => u.email === SEED.adminEmail || u.email === 'beth@acme.test'));
    await rejectsWith(api.subTenants.removeUserFromTenantAndSubTenants({ userId: t.beth, subTenants: [{ tenantId: ACME }] }, { jwt }), 403, 'Not authorized');
    await rejectsWith(api.subTenants.removeUserFromTenantAndSubTenants({ userId: t.gina, subTenants: [{ tenantId: t.gamma }] }, { jwt }), 403, 'Not authorized');
    await rejectsWith(api.subTenants.addUsersToSubTenant({ users: [{ email: 'x@acme.test' }], tenantId: ACME }, { jwt }), 403, 'Not authorized');
    await rejectsWith(api.subTenants.addUsersToSubTenant({ users: [{ email: 'x@acme.test' }], tenantId: t.gamma }, { jwt }), 403, 'Not authorized');
    const acmeUser = await client.get(`${P}/users/v3?_email=beth@acme.test`, { authorization: jwt });
    assert.equal(acmeUser.body.items.length, 0, "Acme's user is not Beta's");
    // entering Delta with Beta's token: the grant is the user's own, from Acme, as with its own token
    assert.equal(decodeJwt(await enter(await apiAs(jwt), t.delta)).actingFromTenantId, ACME);
  });

  it('replayed after the switch is turned off (or the user left the parent), is refused at once, before its expiry', async () => {
    const t = await tree();
    const admin = await adminApi();
    await admin.subTenants.updateSubAccountAccess(t.beth, { allowAccess: true });
    const beth = await apiAs(await tokenOf('beth@acme.test', PASSWORD));
    const jwt = await enter(beth, t.delta);
    assert.equal((await usersPage(beth, jwt)).items.length, 2);
    await admin.subTenants.updateSubAccountAccess(t.beth, { allowAccess: false });
    await noAccess(usersPage(beth, jwt));
    await admin.subTenants.updateSubAccountAccess(t.beth, { allowAccess: true });
    assert.equal((await usersPage(beth, jwt)).items.length, 2, 'the same token works again while its access holds');
    // moved out of the parent's subtree: the token stops
    await harness.emu.db.update(tenants).set({ parentTenantId: null }).where(eq(tenants.tenantId, t.beta));
    await noAccess(usersPage(beth, jwt));
  });

  it('writes the audit row of every change in the sub-account, naming the parent account and the acting user', async () => {
    const t = await tree();
    await setAccessType(ACME, 'alwaysOn');
    const api = await adminApi();
    const jwt = await enter(api, t.delta);
    await api.subTenants.addUsersToSubTenant({ users: [{ email: 'nina@delta.test', name: 'Nina Noor' }], tenantId: t.delta, roleIds: [SEED.readOnlyRoleId] }, { jwt });
    const invited = await api.users.getUsersV3({ _email: 'nina@delta.test' } as never, { jwt });
    const nina = invited.items[0];
    assert.ok(nina, 'Nina is a user of Delta');
    await api.subTenants.setUserRolesForSubTenants(nina.id, { subTenantsRoles: [{ tenantId: t.delta, roleIds: [SEED.adminRoleId] }] }, { jwt });
    const rows = await harness.emu.db
      .select()
      .from(audits)
      .where(and(eq(audits.tenantId, t.delta), eq(audits.targetId, nina.id)));
    assert.deepEqual(rows.map((r) => r.action).sort(), ['user.sub-tenant-roles.set', 'user.sub-tenant.invited']);
    for (const row of rows) {
      assert.equal(row.actorId, SEED.adminUserId, 'the acting user');
      assert.equal(row.actorEmail, SEED.adminEmail);
      assert.deepEqual(row.details.actingFrom, { tenantId: ACME, name: 'Acme' }, 'the account acted from');
      assert.match(row.description, /\(acting from Acme\)$/);
    }
    // the sub-account's own audit log shows it (read with the sub-account's token), Acme's does not
    const log = await new Client(harness.emu).get('/frontegg/audits?sortBy=createdAt&sortDirection=desc&count=20&offset=0', { authorization: jwt });
    assert.equal(log.status, 200, log.text);
    assert.ok(log.body.data.some((r: { description: string }) => r.description.includes('acting from Acme')));
    const acmeRows = await harness.emu.db
      .select()
      .from(audits)
      .where(and(eq(audits.tenantId, ACME), eq(audits.targetId, nina.id)));
    assert.equal(acmeRows.length, 0);
  });
});

describe("the sub-account's users", () => {
  it('addUsersToSubTenant invites up to 5 with roles and sub-account access; a 6th, a duplicate or an existing member refuses all', async () => {
    const t = await tree();
    const api = await adminApi();
    const five = ['a', 'b', 'c', 'd', 'e'].map((x) => ({ email: `${x}@beta.test`, name: `Person ${x.toUpperCase()}` }));
    await rejectsWith(api.subTenants.addUsersToSubTenant({ users: [...five, { email: 'f@beta.test' }], tenantId: t.beta }), 400, /at most 5 users/);
    await rejectsWith(api.subTenants.addUsersToSubTenant({ users: [five[0], five[0]], tenantId: t.beta }), 400, /listed twice/);
    await rejectsWith(
      api.subTenants.addUsersToSubTenant({ users: [five[0], { email: 'carol@delta.test' }], tenantId: t.delta }),
      409,
      'User carol@delta.test already exists in this account',
    );
    assert.equal((await harness.emu.db.select().from(users).where(eq(users.email, 'a@beta.test'))).length, 0, 'nobody was added');

    await api.subTenants.addUsersToSubTenant({ users: five, tenantId: t.beta, roleIds: [SEED.adminRoleId], allowSubAccountAccess: true });
    const all = await api.subTenants.loadAllUsers({ _limit: 200, _offset: 0, _filter: 'beta.test' } as never);
    assert.equal(all.items.length, 5);
    for (const u of all.items) {
      const inBeta = u.tenants.find((m) => m.tenantId === t.beta);
      assert.deepEqual(
        inBeta?.roles.map((r) => r.key),
        ['Admin'],
      );
      assert.equal(inBeta?.activated, false, 'an invitation until accepted');
    }
    // "also give access to existing and future sub-accounts": their switch is on in Beta
    await api.subTenants.updateSubAccountAccess(SEED.adminUserId, { allowAccess: true });
    const jwt = await enter(api, t.beta);
    const inBeta = await api.users.getUsersV3({ _limit: 10 } as never, { jwt });
    assert.ok(inBeta.items.every((u) => u.subAccountAccessAllowed === true));
    // without the field: the account's default (off)
    await api.subTenants.addUsersToSubTenant({ users: [{ email: 'g@beta.test' }], tenantId: t.beta });
    const g = (await api.users.getUsersV3({ _email: 'g@beta.test' } as never, { jwt })).items[0];
    assert.equal(g.subAccountAccessAllowed, false);
    // default roles when none are given
    const gFull = (await api.subTenants.loadAllUsers({ _limit: 10, _offset: 0, _filter: 'g@beta.test' } as never)).items[0];
    assert.deepEqual(
      gFull.tenants[0].roles.map((r) => r.key),
      ['ReadOnly'],
    );
    // outside the caller's scope and with an unknown role
    await rejectsWith(api.subTenants.addUsersToSubTenant({ users: [{ email: 'h@globex.test' }], tenantId: t.globex }), 403, 'Not authorized');
    await rejectsWith(api.subTenants.addUsersToSubTenant({ users: [{ email: 'h@beta.test' }], tenantId: t.beta, roleIds: ['role-nope'] }), 400, /Unknown role id/);
  });

  it('addUserToTenantAndSubTenants adds one user to an account and its sub-accounts with roles; a tenant outside the scope changes nothing', async () => {
    const t = await tree();
    const api = await adminApi();
    await rejectsWith(
      api.subTenants.addUserToTenantAndSubTenants({ user: { email: 'ivan@acme.test' }, subTenants: [{ tenantId: t.beta }, { tenantId: t.globex }] }),
      403,
      'Not authorized',
    );
    assert.equal((await harness.emu.db.select().from(users).where(eq(users.email, 'ivan@acme.test'))).length, 0);
    await api.subTenants.addUserToTenantAndSubTenants({
      user: { email: 'ivan@acme.test', name: 'Ivan Ives' },
      subTenants: [
        { tenantId: t.beta, roleIds: [SEED.adminRoleId] },
        { tenantId: t.delta, roleIds: [SEED.readOnlyRoleId] },
      ],
    });
    const ivan = (await api.subTenants.loadAllUsers({ _limit: 10, _offset: 0, _filter: 'ivan' } as never)).items[0];
    assert.deepEqual(ivan.tenants.map((m) => [m.tenantId, m.roles.map((r) => r.key)]).sort(), [
      [t.beta, ['Admin']],
      [t.delta, ['ReadOnly']],
    ]);
    // an active member of a listed account gets the roles added there
    await api.subTenants.addUserToTenantAndSubTenants({ user: { email: 'carol@delta.test' }, subTenants: [{ tenantId: t.delta, roleIds: [SEED.adminRoleId] }] });
    const carol = (await api.subTenants.loadAllUsers({ _limit: 10, _offset: 0, _filter: 'carol' } as never)).items[0];
    assert.deepEqual(carol.tenants[0].roles.map((r) => r.key).sort(), ['Admin', 'ReadOnly']);
  });

  it('AB-6.10 updateSubAccountAccess sets a member’s switch in the caller’s account; the users list and me show it', async () => {
    const t = await tree();
    const api = await adminApi();
    await rejectsWith(api.subTenants.updateSubAccountAccess(t.carol, { allowAccess: true }), 404, 'User not found');
    const before = (await api.users.getUsersV3({ _email: 'beth@acme.test' } as never)).items[0];
    assert.equal(before.subAccountAccessAllowed, false);
    await api.subTenants.updateSubAccountAccess(t.beth, { allowAccess: true });
    const after = (await api.users.getUsersV3({ _email: 'beth@acme.test' } as never)).items[0];
    assert.equal(after.subAccountAccessAllowed, true);
    const beth = await apiAs(await tokenOf('beth@acme.test', PASSWORD));
    assert.equal((await beth.auth.getMeV2()).subAccountAccessAllowed, true);
    const [row] = await harness.emu.db
      .select()
      .from(audits)
      .where(and(eq(audits.action, 'user.sub-account-access.updated'), eq(audits.targetId, t.beth)));
    assert.equal(row.tenantId, ACME);
    assert.equal(row.details.allowAccess, true);
    // a user without the write keys may not
    await rejectsWith(beth.subTenants.updateSubAccountAccess(t.noel, { allowAccess: true }), 403, 'Not authorized');
  });
});
