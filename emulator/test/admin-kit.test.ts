/**
 * The emulator side of the admin kit (issue 20, items 7 and 8): each admin route module signs its group in once
 * (`guard`, http/auth.ts) and checks permissions with one rule and one refusal (http/permissions.ts: wildcards both
 * ways, 403 `{ errors: ['Not authorized'] }`, AB-8.03); query strings go through zod (http/query.ts); the list
 * answers come from one pager (http/pager.ts); a user added with `expirationInSeconds` is temporary.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { Hono } from 'hono';
import { z } from 'zod';
import { permissions, rolePermissions, roles } from '../src/db/schema.ts';
import { SEED } from '../src/db/seed.ts';
import type { AppEnv } from '../src/http/env.ts';
import { holds } from '../src/http/permissions.ts';
import { parseQuery, q } from '../src/http/query.ts';
import { fronteggPage, metadataPage, pageOf, pageResult, slicePage } from '../src/http/pager.ts';
import { HttpError } from '../src/http/errors.ts';
import { Client } from './helpers.ts';
import { useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { makeUser, tokenOf, signIn, adminApi } = harness;

/**
 * Every admin route module: each module of `src/routes/admin/` and each Hono app it exports as `admin…Routes` (its
 * `/_emulator` helpers, `admin…EmulatorRoutes`, are unauthenticated on purpose). Derived from the folder, so a new
 * section's module is checked without an edit here; a module that is not mounted fails the test (404, not 401).
 */
const MODULES: [string, Hono<AppEnv>][] = [];
for (const file of readdirSync(new URL('../src/routes/admin/', import.meta.url))
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  const exports = (await import(`../src/routes/admin/${file}`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(exports)) {
    if (value instanceof Hono && /^admin\w*Routes$/.test(name) && !name.endsWith('EmulatorRoutes')) MODULES.push([`${file}: ${name}`, value as Hono<AppEnv>]);
  }
}

/** The routes of the admin modules that are public on purpose (the rest need a signed-in user). */
const PUBLIC_IN_ADMIN_MODULES = new Set([
  'GET /tenants/resources/account-settings/v1/public',
  'GET /team/resources/profile/images/v1/:userId',
  'GET /identity/resources/configurations/v1/user-emails-policy',
  'POST /identity/resources/auth/v1/api-token',
  // the caller's address and an address's metadata (api-contract §F, public in Frontegg too)
  'GET /metadata/ipme',
  'GET /metadata/ip/:ip',
  // the test-mode card provider's challenge page (its client secret is the capability) and the page's assets
  'GET /subscriptions/resources/billing/payment-providers/test-mode/challenges/:id',
  'POST /subscriptions/resources/billing/payment-providers/test-mode/challenges/:id',
  'GET /subscriptions/resources/billing/payment-providers/test-mode/assets/card-challenge.css',
  'GET /subscriptions/resources/billing/payment-providers/test-mode/assets/card-challenge.js',
]);

/** Routes that answer for one query only (and pass any other on to a public module): that query is sent. */
const QUERY_OF: Record<string, string> = { 'GET /metadata': '?entityName=audits' };

/** Public routes whose paths sit beside guarded ones: no guard may catch them (not 401 without a token). */
const PUBLIC_NEIGHBOURS: [string, string][] = [
  ['POST', '/identity/resources/users/v1/signUp'],
  ['GET', '/identity/resources/users/v1/passwords/config'],
  ['POST', '/identity/resources/users/v1/activate'],
  ['POST', '/identity/resources/users/v3/me/unlock'],
  ['POST', '/identity/resources/users/v1/invitation/accept'],
  ['POST', '/identity/resources/users/v1/invitation/reset'],
  ['POST', '/identity/resources/tenants/invites/v1/verify'],
  ['GET', '/tenants/resources/account-settings/v1/public'],
  ['GET', '/team/resources/profile/images/v1/nobody'],
  ['GET', '/identity/resources/configurations/v1/user-emails-policy'],
  ['GET', '/identity/resources/configurations/v1/public'],
  ['POST', '/identity/resources/auth/v1/api-token'],
  ['GET', '/team/resources/sso/v2/configurations/public'],
];

const call = (method: string, path: string, headers: Record<string, string> = {}) =>
  new Client(harness.emu).req(method, `/frontegg${path}`, ['GET', 'HEAD'].includes(method) ? undefined : {}, headers);

describe('one guard per admin route group', () => {
  it('every route of every admin module answers 401 without a token, except the public ones', async () => {
    let checked = 0;
    for (const [name, app] of MODULES) {
      const seen = new Set<string>();
      for (const r of app.routes) {
        const key = `${r.method} ${r.path}`;
        if (r.method === 'ALL' || seen.has(key)) continue;
        seen.add(key);
        const res = await call(r.method, `${r.path.replace(/:(\w+)/g, 'x-$1')}${QUERY_OF[key] ?? ''}`);
        if (PUBLIC_IN_ADMIN_MODULES.has(key)) assert.notEqual(res.status, 401, `${name}: ${key} is public`);
        else {
          assert.equal(res.status, 401, `${name}: ${key} without a token → ${res.status} ${res.text}`);
          assert.deepEqual(res.body, { errors: ['Unauthorized'] });
          checked++;
        }
      }
    }
    assert.ok(checked > 60, `only ${checked} guarded routes found`);
  });

  it('an invalid token is refused as well (401), on a sample of routes', async () => {
    for (const [method, path] of [
      ['GET', '/identity/resources/roles/v1'],
      ['POST', '/identity/resources/users/v2'],
      ['GET', '/team/resources/members/v1'],
      ['DELETE', '/identity/resources/tenants/invites/v1/user'],
      ['GET', '/tenants/resources/hierarchy/v1/tree'],
    ]) {
      assert.equal((await call(method, path, { authorization: 'Bearer a.b.c' })).status, 401, `${method} ${path}`);
    }
  });

  it('the public routes beside the guarded paths stay public', async () => {
    for (const [method, path] of PUBLIC_NEIGHBOURS) {
      const res = await call(method, path);
      assert.notEqual(res.status, 401, `${method} ${path} → ${res.status} ${res.text}`);
    }
  });
});

describe('one permission rule, one refusal', () => {
  it('holds(): a granted `x.*` holds every `x.…` key, a required `x.*` is held by any granted `x.…` key', () => {
    assert.equal(holds(['fe.secure.read.users'], 'fe.secure.read.users'), true);
    assert.equal(holds(['fe.*'], 'fe.secure.write.roles'), true);
    assert.equal(holds(['fe.secure.*'], 'fe.account-hierarchy.read.subAccount'), false);
    assert.equal(holds(['fe.subscriptions.read'], 'fe.subscriptions.*'), true);
    assert.equal(holds(['fe.secure.read.users'], 'fe.subscriptions.*'), false);
    assert.equal(holds(['fe.secure.read.users'], 'fe.secure.write.users'), false);
    assert.equal(holds(['*'], 'fe.secure.read.users'), false);
  });

  it('a role granted `fe.secure.*` passes every fe.secure check, and a key it lacks gets exactly { errors: [Not authorized] }', async () => {
    const db = harness.emu.db;
    const now = new Date();
    await db
      .insert(permissions)
      .values({ id: 'perm-fe-secure-all', key: 'fe.secure.*', name: 'All of fe.secure', description: '', fePermission: true, createdAt: now, updatedAt: now });
    await db.insert(roles).values({
      id: 'role-wildcard',
      vendorId: SEED.vendorId,
      tenantId: null,
      key: 'Wildcard',
      name: 'Wildcard',
      description: '',
      isDefault: false,
      level: 5,
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(rolePermissions).values({ roleId: 'role-wildcard', permissionId: 'perm-fe-secure-all' });
    await makeUser('wild@example.test', ['Wildcard']);
    const auth = { authorization: `Bearer ${await tokenOf('wild@example.test', 'Str0ng-Passw0rd!')}` };
    for (const [method, path] of [
      ['GET', '/identity/resources/users/v3'],
      ['GET', '/identity/resources/roles/v1'],
      ['GET', '/identity/resources/groups/v1'],
      ['GET', '/identity/resources/tenants/invites/v1/configuration'],
      ['GET', '/tenants/resources/account-settings/v1'],
      ['GET', '/identity/resources/configurations/sessions/v1'],
    ]) {
      const res = await call(method, path, auth);
      assert.equal(res.status, 200, `${method} ${path} → ${res.status} ${res.text}`);
    }
    const created = await new Client(harness.emu).post('/frontegg/identity/resources/groups/v1', { name: 'Wild ones' }, auth);
    assert.equal(created.status, 201, created.text);
    const refused = await call('GET', '/tenants/resources/hierarchy/v1', auth);
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { errors: ['Not authorized'] });
  });

  it('every style of check refuses with the same body: route middleware, add user, invite link, security policy, impersonation', async () => {
    await makeUser('nobody@example.test', []);
    const { client, token } = await signIn('nobody@example.test', 'Str0ng-Passw0rd!');
    const auth = client.bearer(token);
    const refusals = [
      await call('GET', '/identity/resources/roles/v1', auth),
      await client.post('/frontegg/identity/resources/users/v2', { email: 'x@example.test' }, auth),
      await call('GET', '/identity/resources/tenants/invites/v1/user', auth),
      await client.post('/frontegg/identity/resources/configurations/v1/mfa-policy', { enforceMFAType: 'Force' }, auth),
      await client.post('/frontegg/identity/resources/impersonation/v1', { impersonatedUserId: SEED.adminUserId }, auth),
    ];
    for (const res of refusals) {
      assert.equal(res.status, 403, res.text);
      assert.deepEqual(res.body, { errors: ['Not authorized'] });
    }
  });
});

describe('query strings through zod (http/query.ts)', () => {
  const schema = z.object({ _limit: q.int(20, 1, 200), _offset: q.int(0, 0), _order: q.oneOf(['ASC', 'DESC'] as const, 'DESC'), ids: q.list(), _email: q.text() });
  const app = new Hono();
  app.get('/', (c) => c.json(parseQuery(c, schema)));
  app.onError((e, c) => (e instanceof HttpError ? c.json({ errors: e.errors }, e.status) : c.json({ crash: String(e) }, 500)));
  const get = async (query: string) => {
    const res = await app.request(`/?${query}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("absent, '', 'undefined' and 'null' all mean no value; numbers are coerced, choices matched in any case", async () => {
    const defaults = { _limit: 20, _offset: 0, _order: 'DESC' };
    for (const query of ['', '_limit=&_offset=&_order=&ids=&_email=', '_limit=undefined&_offset=null&_order=undefined&ids=null&_email=undefined', '_limit=%20null%20']) {
      assert.deepEqual(await get(query), { status: 200, body: defaults }, query);
    }
    assert.deepEqual(await get('_limit=5&_offset=40&_order=asc&ids=a,%20b,,a&_email=%20ada%20'), {
      status: 200,
      body: { _limit: 5, _offset: 40, _order: 'ASC', ids: ['a', 'b'], _email: 'ada' },
    });
  });

  it('a bad value answers 400 naming each bad parameter', async () => {
    assert.deepEqual(await get('_limit=abc'), { status: 400, body: { errors: ['_limit must be an integer from 1 to 200'] } });
    assert.deepEqual(await get('_limit=0&_offset=-1&_order=UP'), {
      status: 400,
      body: { errors: ['_limit must be an integer from 1 to 200', '_offset must be an integer from 0', '_order must be one of ASC, DESC'] },
    });
  });

  it('the admin lists read them so: users v3, team members, roles v2, groups, sub-tenant users', async () => {
    const token = await tokenOf();
    const auth = { authorization: `Bearer ${token}` };
    for (const path of [
      '/identity/resources/users/v3?_limit=undefined&_offset=null&_sortBy=&_preset=undefined',
      '/team/resources/members/v1?pageSize=null&pageOffset=undefined&sortBy=undefined',
      '/identity/resources/roles/v2?_limit=undefined&_sortBy=null',
      '/identity/resources/groups/v1?_groupsRelations=undefined',
    ]) {
      const res = await call('GET', path, auth);
      assert.equal(res.status, 200, `${path} → ${res.text}`);
    }
    const bad = await call('GET', '/identity/resources/roles/v2?_order=sideways', auth);
    assert.deepEqual([bad.status, bad.body], [400, { errors: ['_order must be one of ASC, DESC'] }]);
  });
});

describe('one pager (http/pager.ts)', () => {
  it('computes every list shape from { limit, offset }', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => i);
    const page = pageOf(2, 20);
    assert.deepEqual(page, { limit: 20, offset: 40 });
    assert.deepEqual(slicePage(rows, page), [40, 41, 42, 43, 44]);
    assert.deepEqual(metadataPage(['x'], 45, page), { items: ['x'], _metadata: { totalItems: 45, totalPages: 3 } });
    assert.deepEqual(pageResult(['x'], 45, page), { items: ['x'], totalPages: 3 });
    const app = new Hono();
    app.get('/list', (c) => c.json(fronteggPage(c, ['x'], 45, { limit: 20, offset: 20 })));
    const body = await (await app.request('/list?_email=a&_limit=20&_offset=20')).json();
    assert.deepEqual(body, {
      items: ['x'],
      _metadata: { totalItems: 45, totalPages: 3 },
      _links: {
        first: '/list?_email=a&_limit=20&_offset=0',
        last: '/list?_email=a&_limit=20&_offset=40',
        next: '/list?_email=a&_limit=20&_offset=40',
        prev: '/list?_email=a&_limit=20&_offset=0',
      },
    });
  });
});

describe('add user with expirationInSeconds (routes/admin/invitations.ts)', () => {
  it('AB-7.11 the new member is temporary: the TeamUser and the users list show its expiration', async () => {
    const api = await adminApi();
    const before = Date.now();
    const invited = await api.teams.addUser({ email: 'temp@example.test', name: 'Tem Porary', roleIds: [], expirationInSeconds: 3600 });
    const expires = Date.parse(String(invited.temporaryExpirationDate ?? ''));
    assert.ok(expires >= before + 3_590_000 && expires <= Date.now() + 3_610_000, `expires in an hour: ${invited.temporaryExpirationDate}`);
    const listed = (await api.users.getUsersV3({ _email: 'temp@' })).items[0];
    assert.equal(listed.temporaryExpirationDate, invited.temporaryExpirationDate);
    const plain = await api.teams.addUser({ email: 'perm@example.test', name: 'Per Manent', roleIds: [] });
    assert.equal(plain.temporaryExpirationDate, undefined);
    const bad = await new Client(harness.emu).post(
      '/frontegg/identity/resources/users/v2',
      { email: 'x@example.test', expirationInSeconds: 5 },
      { authorization: `Bearer ${await tokenOf()}` },
    );
    assert.deepEqual([bad.status, bad.body], [400, { errors: ['expirationInSeconds: must be at least 60'] }]);
  });
});
