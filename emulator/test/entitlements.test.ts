import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import type { Emulator } from '../src/app.ts';
import { Client, startEmulator } from './helpers.ts';
import { BILLING_FEATURES } from '../src/billing/seed.ts';

let emu: Emulator;
before(async () => {
  emu = await startEmulator();
});
after(async () => {
  await emu.close();
});
beforeEach(async () => {
  await emu.reset();
});

const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const ENT = '/frontegg/entitlements/api/v2/user-entitlements';
const E = '/_emulator/entitlements';

async function signIn(c: Client, email = ADMIN.email, password = ADMIN.password): Promise<string> {
  const res = await c.login(email, password);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.accessToken as string;
}

async function bundle(c: Client, token: string) {
  const res = await c.get(ENT, c.bearer(token));
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

/**
 * `GET /_emulator/entitlements` without the billing seed (src/billing/seed.ts): the entitlement plans `billing-<slug>`
 * of the billing plans, their features, and each account's billing grant `billing:<tenantId>`.
 */
async function stored(c: Client) {
  const all = await ok(c.get(E), 200);
  const billingKeys = new Set<string>(Object.values(BILLING_FEATURES).map((f) => f.key));
  return {
    features: all.features.filter((f: { key: string }) => !billingKeys.has(f.key)),
    plans: all.plans.filter((p: { id: string }) => !p.id.startsWith('billing-')),
    grants: all.grants.filter((g: { id: string }) => !g.id.startsWith('billing:')),
  };
}

async function ok<T>(res: Promise<{ status: number; body: T }>, status = 201): Promise<T> {
  const r = await res;
  assert.equal(r.status, status, JSON.stringify(r.body));
  return r.body;
}

describe('entitlements v2 bundle', () => {
  it('SI-7.19 SI-3.13 requires a bearer; the bundle has exactly features, plans and permissions', async () => {
    const c = new Client(emu);
    const anon = await c.get(ENT);
    assert.equal(anon.status, 401);
    assert.ok(Array.isArray(anon.body.errors));
    const b = await bundle(c, await signIn(c));
    assert.deepEqual(Object.keys(b).sort(), ['features', 'permissions', 'plans']);
  });

  it('SI-4.38 a feature granted directly to the tenant or the user is in the bundle with expireTime -1 and its linked permissions', async () => {
    const c = new Client(emu);
    await ok(c.post(`${E}/features`, { key: 'reports', linkedPermissions: ['reports.read'] }));
    await ok(c.post(`${E}/features`, { key: 'exports' }));
    await ok(c.post(`${E}/features`, { key: 'unrelated' }));
    await ok(c.post(`${E}/tenants/${emu.seed.tenantId}/features`, { featureKey: 'reports' }));
    await ok(c.post(`${E}/users/${emu.seed.admin.userId}/features`, { featureKey: 'exports' }));
    const b = await bundle(c, await signIn(c));
    assert.deepEqual(b.features, {
      reports: { planIds: [], expireTime: -1, linkedPermissions: ['reports.read'] },
      exports: { planIds: [], expireTime: -1, linkedPermissions: [] },
    });
    assert.deepEqual(b.plans, {});
  });

  it('a grant to another tenant or another user is not in the bundle', async () => {
    const c = new Client(emu);
    const other = await ok(c.post('/_emulator/users', { email: 'other@acme.test', password: 'Other-Passw0rd!' }));
    const signup = await new Client(emu).post('/frontegg/identity/resources/users/v1/signUp', {
      email: 'elsewhere@example.test',
      password: 'Str0ng-Passw0rd!',
      companyName: 'Elsewhere',
    });
    await ok(c.post(`${E}/features`, { key: 'f' }));
    await ok(c.post(`${E}/users/${other.id}/features`, { featureKey: 'f' }));
    await ok(c.post(`${E}/tenants/${signup.body.tenantId}/features`, { featureKey: 'f' }));
    assert.deepEqual((await bundle(c, await signIn(c))).features, {});
    assert.ok((await bundle(c, await signIn(new Client(emu), 'other@acme.test', 'Other-Passw0rd!'))).features.f);
  });

  it('SI-4.39 a plan assigned to the tenant grants its features, with planIds and the plan (defaultTreatment, rules)', async () => {
    const c = new Client(emu);
    await ok(c.post(`${E}/features`, { key: 'sso', linkedPermissions: ['fe.secure.read.samlConfiguration'] }));
    const plan = await ok(c.post(`${E}/plans`, { id: 'pro', name: 'Pro', defaultTreatment: 'true', features: ['sso', 'audit-log'] }));
    assert.deepEqual(plan.features, ['audit-log', 'sso'], 'unknown feature keys are created');
    await ok(c.post(`${E}/tenants/${emu.seed.tenantId}/plans`, { planId: 'pro' }));
    const b = await bundle(c, await signIn(c));
    assert.deepEqual(b.features, {
      'audit-log': { planIds: ['pro'], expireTime: -1, linkedPermissions: [] },
      sso: { planIds: ['pro'], expireTime: -1, linkedPermissions: ['fe.secure.read.samlConfiguration'] },
    });
    assert.deepEqual(b.plans, { pro: { defaultTreatment: 'true', rules: [] } });
  });

  it('SI-4.39 a plan assigned to the user grants its features; revoking the grant removes them', async () => {
    const c = new Client(emu);
    await ok(c.post(`${E}/plans`, { id: 'starter', features: ['basic'] }));
    await ok(c.post(`${E}/users/${emu.seed.admin.userId}/plans`, { planId: 'starter', expireTime: null }));
    const token = await signIn(c);
    assert.deepEqual((await bundle(c, token)).features.basic, { planIds: ['starter'], expireTime: -1, linkedPermissions: [] });
    assert.deepEqual((await bundle(c, token)).plans, { starter: { defaultTreatment: 'false', rules: [] } });
    await ok(c.del(`${E}/users/${emu.seed.admin.userId}/plans/starter`), 200);
    const after = await bundle(c, token);
    assert.deepEqual(after.features, {});
    assert.deepEqual(after.plans, {});
    const again = await c.del(`${E}/users/${emu.seed.admin.userId}/plans/starter`);
    assert.equal(again.status, 404);
    assert.deepEqual(again.body.errors, ['Grant not found']);
  });

  it('SI-9.08 grant expiry: a future expiry is its ms time, an expired grant keeps its past expireTime, a live grant wins over an expired one', async () => {
    const c = new Client(emu);
    const future = Date.now() + 86_400_000;
    const past = Date.now() - 60_000;
    await ok(c.post(`${E}/features`, { key: 'trial' }));
    await ok(c.post(`${E}/features`, { key: 'lapsed' }));
    await ok(c.post(`${E}/features`, { key: 'both' }));
    await ok(c.post(`${E}/tenants/${emu.seed.tenantId}/features`, { featureKey: 'trial', expireTime: future }));
    await ok(c.post(`${E}/tenants/${emu.seed.tenantId}/features`, { featureKey: 'lapsed', expireTime: new Date(past).toISOString() }));
    await ok(c.post(`${E}/tenants/${emu.seed.tenantId}/features`, { featureKey: 'both', expireTime: past }));
    await ok(c.post(`${E}/users/${emu.seed.admin.userId}/features`, { featureKey: 'both', expireTime: -1 }));
    const b = await bundle(c, await signIn(c));
    assert.equal(b.features.trial.expireTime, future);
    assert.equal(b.features.lapsed.expireTime, past);
    assert.ok(b.features.lapsed.expireTime < Date.now());
    assert.equal(b.features.both.expireTime, -1);
    const bad = await c.post(`${E}/tenants/${emu.seed.tenantId}/features`, { featureKey: 'trial', expireTime: 'tomorrow-ish' });
    assert.equal(bad.status, 400);
  });

  it('an expired plan assignment gives its features the past expireTime; re-granting replaces the expiry', async () => {
    const c = new Client(emu);
    const past = Date.now() - 1000;
    await ok(c.post(`${E}/plans`, { id: 'old', features: ['legacy'] }));
    await ok(c.post(`${E}/tenants/${emu.seed.tenantId}/plans`, { planId: 'old', expireTime: past }));
    const token = await signIn(c);
    assert.equal((await bundle(c, token)).features.legacy.expireTime, past);
    await ok(c.post(`${E}/tenants/${emu.seed.tenantId}/plans`, { planId: 'old' }));
    assert.equal((await bundle(c, token)).features.legacy.expireTime, -1);
    assert.equal((await stored(c)).grants.length, 1);
  });

  it('SI-4.38 a feature with a feature flag is in the bundle for everyone, with its flag and rules as stored (no direct grant: expireTime null)', async () => {
    const c = new Client(emu);
    const flag = {
      on: true,
      offTreatment: 'false',
      defaultTreatment: 'false',
      rules: [
        {
          description: 'beta testers',
          conditionLogic: 'and',
          treatment: 'true',
          conditions: [{ attribute: 'frontegg.email', op: 'ends_with', value: { list: ['@acme.test'] }, negate: false }],
        },
      ],
    };
    const saved = await ok(c.post(`${E}/features`, { key: 'new-dashboard', featureFlag: flag }));
    assert.deepEqual(saved.featureFlag, flag);
    await ok(c.post(`${E}/features`, { key: 'flag-off', featureFlag: { on: false, offTreatment: false } }));
    const b = await bundle(c, await signIn(c));
    assert.deepEqual(b.features['new-dashboard'], { planIds: [], expireTime: null, linkedPermissions: [], featureFlag: flag });
    assert.deepEqual(b.features['flag-off'].featureFlag, { on: false, offTreatment: 'false', defaultTreatment: 'false', rules: [] });
    assert.deepEqual(b.plans, {});
  });

  it('SI-4.39 a targeting plan (rules, not assigned) lists its features with planIds and the plan rules; conditions are validated by op', async () => {
    const c = new Client(emu);
    const rules = [
      {
        description: 'enterprise tenants',
        conditionLogic: 'and',
        treatment: 'true',
        conditions: [
          { attribute: 'tier', op: 'in_list', value: { list: ['enterprise'] }, negate: false },
          { attribute: 'seats', op: 'between_numeric', value: { start: 10, end: 100 }, negate: true },
        ],
      },
      { description: 'catch-all', conditionLogic: 'and', treatment: 'false', conditions: [] },
    ];
    await ok(c.post(`${E}/plans`, { id: 'enterprise', defaultTreatment: 'false', rules, features: ['scim'] }));
    await ok(c.post(`${E}/plans`, { id: 'dormant', features: ['nothing'] })); // no rules, default false, not assigned
    const b = await bundle(c, await signIn(c));
    assert.deepEqual(b.features, { scim: { planIds: ['enterprise'], expireTime: null, linkedPermissions: [] } });
    assert.deepEqual(b.plans, { enterprise: { defaultTreatment: 'false', rules } });

    const badOp = await c.post(`${E}/plans`, { id: 'x', rules: [{ treatment: 'true', conditions: [{ attribute: 'a', op: 'like', value: { string: 'x' } }] }] });
    assert.equal(badOp.status, 400);
    assert.ok(badOp.body.errors[0].includes('op'));
    // A value that does not fit its op is stored as given (the client evaluates it to false).
    const odd = await ok(c.post(`${E}/plans`, { id: 'odd', rules: [{ treatment: true, conditions: [{ attribute: 'a', op: 'greater_than', value: { list: ['x'] } }] }] }));
    assert.deepEqual(odd.rules, [
      { description: '', conditionLogic: 'and', treatment: 'true', conditions: [{ attribute: 'a', op: 'greater_than', value: { list: ['x'] }, negate: false }] },
    ]);
  });

  it('permissions are { key: true } for the roles of the user in the token tenant', async () => {
    const c = new Client(emu);
    const admin = await bundle(c, await signIn(c));
    assert.equal(admin.permissions['fe.secure.write.users'], true);
    assert.equal(admin.permissions['fe.secure.read.users'], true);
    assert.ok(Object.values(admin.permissions).every((v) => v === true));

    await ok(c.post('/_emulator/users', { email: 'reader@acme.test', password: 'Reader-Passw0rd!', roles: ['ReadOnly'] }));
    const reader = await bundle(c, await signIn(new Client(emu), 'reader@acme.test', 'Reader-Passw0rd!'));
    assert.equal(reader.permissions['fe.secure.read.users'], true);
    assert.equal(reader.permissions['fe.secure.write.users'], undefined);

    await ok(c.post('/_emulator/users', { email: 'nobody@acme.test', password: 'Nobody-Passw0rd!', roles: [] }));
    assert.deepEqual((await bundle(c, await signIn(new Client(emu), 'nobody@acme.test', 'Nobody-Passw0rd!'))).permissions, {});
  });

  it('the bundle follows stored changes without a new token (reload after a grant)', async () => {
    const c = new Client(emu);
    const token = await signIn(c);
    assert.deepEqual((await bundle(c, token)).features, {});
    await ok(c.post(`${E}/plans`, { id: 'pro', features: ['charts'] }));
    await ok(c.post(`${E}/tenants/${emu.seed.tenantId}/plans`, { planId: 'pro' }));
    assert.ok((await bundle(c, token)).features.charts);
  });
});

describe('entitlements admin routes', () => {
  it('grants for unknown tenants, users, plans or features answer 404 { errors }', async () => {
    const c = new Client(emu);
    await ok(c.post(`${E}/plans`, { id: 'pro' }));
    for (const [path, body, msg] of [
      [`${E}/tenants/nope/plans`, { planId: 'pro' }, 'Tenant not found'],
      [`${E}/users/nope/plans`, { planId: 'pro' }, 'User not found'],
      [`${E}/tenants/${emu.seed.tenantId}/plans`, { planId: 'nope' }, 'Plan not found'],
      [`${E}/users/${emu.seed.admin.userId}/features`, { featureKey: 'nope' }, 'Feature not found'],
    ] as const) {
      const res = await c.post(path, body);
      assert.equal(res.status, 404, path);
      assert.deepEqual(res.body.errors, [msg]);
    }
  });

  it('deleting a plan or a feature removes its grants; GET lists features, plans and grants', async () => {
    const c = new Client(emu);
    await ok(c.post(`${E}/plans`, { id: 'pro', name: 'Pro', features: ['a', 'b'] }));
    await ok(c.post(`${E}/tenants/${emu.seed.tenantId}/plans`, { planId: 'pro' }));
    await ok(c.post(`${E}/users/${emu.seed.admin.userId}/features`, { featureKey: 'a', expireTime: 4102444800000 }));
    const all = await stored(c);
    assert.deepEqual(
      all.features.map((f: { key: string }) => f.key),
      ['a', 'b'],
    );
    assert.deepEqual(all.plans, [{ id: 'pro', name: 'Pro', description: '', defaultTreatment: 'false', rules: [], features: ['a', 'b'] }]);
    assert.equal(all.grants.length, 2);
    assert.equal(all.grants[1].expireTime, 4102444800000);
    await ok(c.del(`${E}/plans/pro`), 200);
    await ok(c.del(`${E}/features/a`), 200);
    assert.deepEqual((await stored(c)).grants, []);
    assert.equal((await c.del(`${E}/plans/pro`)).status, 404);
  });

  it('GET /_emulator/entitlements/users/:id/bundle answers the same bundle without signing in', async () => {
    const c = new Client(emu);
    await ok(c.post(`${E}/features`, { key: 'x' }));
    await ok(c.post(`${E}/tenants/${emu.seed.tenantId}/features`, { featureKey: 'x' }));
    const direct = await ok(c.get(`${E}/users/${emu.seed.admin.userId}/bundle`), 200);
    assert.deepEqual(direct, await bundle(c, await signIn(c)));
  });

  it("reset restores the seed: no features, plans or grants but the billing plans' (src/billing/seed.ts)", async () => {
    const c = new Client(emu);
    await ok(c.post(`${E}/plans`, { id: 'pro', features: ['a'] }));
    await ok(c.post(`${E}/tenants/${emu.seed.tenantId}/plans`, { planId: 'pro' }));
    await ok(c.post('/_emulator/reset'), 200);
    assert.deepEqual(await stored(c), { features: [], plans: [], grants: [] });
    const all = await ok(c.get(E), 200);
    assert.deepEqual(
      all.plans.map((p: { id: string }) => p.id),
      ['billing-enterprise', 'billing-free', 'billing-pro'],
    );
    assert.deepEqual(
      all.grants.map((g: { id: string; planId: string }) => [g.id, g.planId]),
      [[`billing:${emu.seed.tenantId}`, 'billing-free']],
    );
    const b = await bundle(c, await signIn(c));
    assert.deepEqual(b.features, {});
    assert.deepEqual(b.plans, {});
  });
});
