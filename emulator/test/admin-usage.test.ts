/**
 * Usage and the plan's limits (issue 32 item 6; src/routes/admin/usage.ts, src/billing/plan-limits.ts): what the
 * account's plan grants and what is in use (`GET billing/usage/v1`, `fe.usage.read`), and each limit refusing the
 * action that would pass it — users (invite, create, bulk invite = the portal's loop over the invite, SCIM create),
 * API tokens (tenant and personal), SSO configurations — with the contract's text. Calls go through Frontegg's own
 * client where it has the call. Plans and subscriptions are inserted directly here (the seeds make them elsewhere).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ScimConnectionSource } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { billingPlans, billingSubscriptions, entitlementFeatures, entitlementPlanFeatures, entitlementPlans, userTenants, type BillingPlanLimits } from '../src/db/schema.ts';
import { eq } from 'drizzle-orm';
import { Client } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';
import { USER_SCHEMA, connectScim } from './scim-client.ts';

const harness = useAdminEmulator();
const { tokenOf, apiAs, adminApi, makeUser } = harness;

const USAGE = '/frontegg/subscriptions/resources/billing/usage/v1';

/** A plan `slug` with `limits` (and, with `features`, an entitlement plan granting them), and account `tenantId` subscribed to it. */
async function subscribe(limits: BillingPlanLimits, opts: { slug?: string; features?: [string, string][]; tenantId?: string } = {}) {
  const db = harness.emu.db;
  const slug = opts.slug ?? 'pro';
  const now = new Date();
  let entitlementPlanId: string | null = null;
  if (opts.features) {
    entitlementPlanId = `billing-${slug}`;
    await db.insert(entitlementPlans).values({ id: entitlementPlanId, name: slug });
    for (const [key, name] of opts.features) {
      await db.insert(entitlementFeatures).values({ key, name }).onConflictDoNothing();
      await db.insert(entitlementPlanFeatures).values({ planId: entitlementPlanId, featureKey: key });
    }
  }
  const planId = `plan-${slug}`;
  await db
    .insert(billingPlans)
    .values({ id: planId, externalId: planId, name: slug[0].toUpperCase() + slug.slice(1), slug, amount: 2900, tier: 1, entitlementPlanId, limits })
    .onConflictDoUpdate({ target: billingPlans.id, set: { limits } });
  const tenantId = opts.tenantId ?? SEED.tenantId;
  await db
    .insert(billingSubscriptions)
    .values({
      id: `sub-${tenantId}`,
      externalId: `sub-${tenantId}`,
      tenantId,
      planId,
      startDate: now,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86400_000),
    })
    .onConflictDoUpdate({ target: billingSubscriptions.tenantId, set: { planId } });
  return planId;
}

const seatsOf = async (tenantId = SEED.tenantId) => (await harness.emu.db.select().from(userTenants).where(eq(userTenants.tenantId, tenantId))).length;

async function usageAs(token: string) {
  const client = new Client(harness.emu);
  return client.get(USAGE, client.bearer(token));
}

describe('GET billing/usage/v1', () => {
  it("AB-6.01 the plan's features and limits against what is in use, with who holds each", async () => {
    const api = await adminApi();
    await makeUser('ann@acme.test', ['ReadOnly'], { name: 'Ann Lee' });
    await api.teams.addUser({ email: 'invited@acme.test', name: 'In Vited', roleIds: [] });
    await api.auth.updateTenantApiTokensData({ description: 'Billing sync', roleIds: [], expiresInMinutes: null });
    await api.auth.updateUserApiTokensData({ description: 'CLI', expiresInMinutes: null });
    const planId = await subscribe(
      { seats: 10, apiTokens: 5 },
      {
        features: [
          ['sso', 'Single sign-on'],
          ['advanced-reports', 'Advanced reports'],
        ],
      },
    );
    const res = await usageAs(await tokenOf());
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.planId, planId);
    assert.equal(res.body.planName, 'Pro');
    assert.deepEqual(res.body.features, [
      { key: 'advanced-reports', name: 'Advanced reports' },
      { key: 'sso', name: 'Single sign-on' },
    ]);
    const [seats, tokens, sso] = res.body.limits;
    assert.deepEqual([seats.key, seats.limit, seats.used], ['seats', 10, 3], 'the admin, Ann and the invited user');
    assert.deepEqual(
      seats.holders.map((h: { name: string }) => h.name),
      [SEED.adminName, 'Ann Lee', 'In Vited'],
    );
    assert.deepEqual([tokens.key, tokens.limit, tokens.used], ['apiTokens', 5, 2]);
    assert.deepEqual(
      tokens.holders.map((h: { name: string }) => h.name).sort(),
      [SEED.adminName, 'Billing sync'].sort(),
      'an account token by its description, a personal one by its user',
    );
    assert.deepEqual(sso, { key: 'ssoConnections', limit: null, used: 0, holders: [] }, 'a limit the plan leaves out is unlimited');
  });

  it('AB-6.01 an account without a subscription has no plan: every limit null, the counts still answered', async () => {
    const res = await usageAs(await tokenOf());
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      { planId: res.body.planId, features: res.body.features, limits: res.body.limits.map((l: { key: string; limit: unknown; used: number }) => [l.key, l.limit, l.used]) },
      {
        planId: '',
        features: [],
        limits: [
          ['seats', null, 1],
          ['apiTokens', null, 0],
          ['ssoConnections', null, 0],
        ],
      },
    );
  });

  it('AB-6.01 needs fe.usage.read: a ReadOnly user reads it, a user without the key gets 403 "Not authorized", no token 401', async () => {
    await makeUser('reader@acme.test', ['ReadOnly']);
    assert.equal((await usageAs(await tokenOf('reader@acme.test', PASSWORD))).status, 200);
    await makeUser('nobody@acme.test', []);
    const refused = await usageAs(await tokenOf('nobody@acme.test', PASSWORD));
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { errors: ['Not authorized'] });
    assert.equal((await new Client(harness.emu).get(USAGE)).status, 401);
  });

  it('holders stop at 50; the count does not (10,000-user scale seed is neither refused nor limited)', async () => {
    await subscribe({ seats: 50 });
    const seeded = await new Client(harness.emu).post('/_emulator/seed-users', { count: 300 });
    assert.equal(seeded.status, 201, seeded.text);
    const res = await usageAs(await tokenOf());
    const [seats] = res.body.limits;
    assert.equal(seats.used, 301);
    assert.equal(seats.holders.length, 50);
    await rejectsWith(
      (await adminApi()).teams.addUser({ email: 'one-more@acme.test', name: 'One More', roleIds: [] }),
      400,
      'Your plan allows 50 users. Upgrade the plan to add more.',
    );
  });
});

describe("the plan's limits refuse what would pass them", () => {
  it('seats: invite and create refuse the user over the limit; a resend and a plan without the limit do not', async () => {
    const api = await adminApi();
    await subscribe({ seats: 3 });
    await api.teams.addUser({ email: 'two@acme.test', name: 'Two', roleIds: [] });
    await api.teams.addUser({ email: 'three@acme.test', name: 'Three', roleIds: [] });
    assert.equal(await seatsOf(), 3);
    await rejectsWith(api.teams.addUser({ email: 'four@acme.test', name: 'Four', roleIds: [] }), 400, 'Your plan allows 3 users. Upgrade the plan to add more.');
    // a user of another account joins as a seat too
    const tenant = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
    await makeUser('shared@globex.test', ['ReadOnly'], { tenantId: tenant.body.tenantId });
    await rejectsWith(api.teams.addUser({ email: 'shared@globex.test', roleIds: [] } as never), 400, 'Your plan allows 3 users. Upgrade the plan to add more.');
    // a resend to a pending invitee adds no seat
    const resent = await new Client(harness.emu).post(
      '/frontegg/identity/resources/users/v2',
      { email: 'three@acme.test', provider: 'local' },
      new Client(harness.emu).bearer(await tokenOf()),
    );
    assert.equal(resent.status, 200, resent.text);
    assert.equal(await seatsOf(), 3, 'refusals add nobody');
    // the limit raised: the next one goes in
    await subscribe({ seats: 4 });
    await api.teams.addUser({ email: 'four@acme.test', name: 'Four', roleIds: [] });
    // no limit on the plan (Enterprise)
    await subscribe({}, { slug: 'enterprise' });
    await api.teams.addUser({ email: 'five@acme.test', name: 'Five', roleIds: [] });
    assert.equal(await seatsOf(), 5);
  });

  it('seats: a bulk invite (the portal invites one by one) adds up to the limit and the rest get the reason', async () => {
    const api = await adminApi();
    await subscribe({ seats: 3 });
    const results: string[] = [];
    for (const email of ['a@acme.test', 'b@acme.test', 'c@acme.test', 'd@acme.test']) {
      try {
        await api.teams.addUser({ email, name: email, roleIds: [] });
        results.push(`${email} invited`);
      } catch (e) {
        results.push(`${email}: ${(e as Error).message}`);
      }
    }
    assert.deepEqual(results, [
      'a@acme.test invited',
      'b@acme.test invited',
      'c@acme.test: Your plan allows 3 users. Upgrade the plan to add more.',
      'd@acme.test: Your plan allows 3 users. Upgrade the plan to add more.',
    ]);
  });

  it('seats: a sign-up by invite link into the account is refused over the limit; a sign-up making a new account is not', async () => {
    const api = await adminApi();
    await subscribe({ seats: 1 });
    const link = await api.teams.createInviteUserLink({ expiresInMinutes: 60, shouldSendEmail: false, roleIds: [] });
    const c = new Client(harness.emu);
    const joined = await c.post('/frontegg/identity/resources/users/v1/signUp', { email: 'joiner@acme.test', password: PASSWORD, name: 'Joiner', invitationToken: link.token });
    assert.equal(joined.status, 400, joined.text);
    assert.deepEqual(joined.body.errors, ['Your plan allows 1 users. Upgrade the plan to add more.']);
    const own = await c.post('/frontegg/identity/resources/users/v1/signUp', { email: 'founder@startup.test', password: PASSWORD, name: 'Founder', companyName: 'Startup' });
    assert.equal(own.status, 200, own.text);
    assert.equal(await seatsOf(), 1);
  });

  it('seats: a SCIM create over the limit is a SCIM 400 with the text; nobody is added', async () => {
    const api = await adminApi();
    const scim = await connectScim(harness.emu, api, ScimConnectionSource.OKTA);
    await subscribe({ seats: 2 });
    const user = (email: string) => ({
      schemas: [USER_SCHEMA],
      userName: email,
      name: { givenName: 'A', familyName: 'B' },
      emails: [{ primary: true, value: email }],
      active: true,
    });
    const first = await scim.post('/Users', user('scim1@acme.test'));
    assert.equal(first.status, 201, first.text);
    const over = await scim.post('/Users', user('scim2@acme.test'));
    assert.equal(over.status, 400, over.text);
    assert.equal(over.body.detail, 'Your plan allows 2 users. Upgrade the plan to add more.');
    assert.equal(await seatsOf(), 2);
  });

  it('API tokens: tenant and personal tokens (client credentials and access tokens) count together', async () => {
    const api = await adminApi();
    await subscribe({ apiTokens: 2 });
    await api.auth.updateTenantApiTokensData({ description: 'one', roleIds: [], expiresInMinutes: null });
    await api.auth.createUserAccessToken({ description: 'two', expiresInMinutes: 1440 });
    const text = 'Your plan allows 2 API tokens. Upgrade the plan to add more.';
    await rejectsWith(api.auth.updateUserApiTokensData({ description: 'three', expiresInMinutes: null }), 400, text);
    await rejectsWith(api.auth.updateTenantApiTokensData({ description: 'three', roleIds: [], expiresInMinutes: null }), 400, text);
    await rejectsWith(api.auth.createTenantAccessToken({ description: 'three', expiresInMinutes: null, roleIds: [] }), 400, text);
    const [tokens] = (await api.auth.getTenantApiTokensData()) as unknown[];
    assert.ok(tokens);
    // a deleted token frees its place
    const personal = await api.auth.getUserAccessTokensData();
    await api.auth.deleteUserAccessToken({ id: personal.accessTokens[0].id } as never);
    await api.auth.updateUserApiTokensData({ description: 'three', expiresInMinutes: null });
  });

  it('SSO connections: a configuration over the limit is refused, by fields and by the legacy SAML call', async () => {
    const api = await adminApi();
    await subscribe({ ssoConnections: 1 });
    await api.auth.createSSOConfiguration({ type: 'saml', enabled: false } as never);
    const text = 'Your plan allows 1 SSO connections. Upgrade the plan to add more.';
    await rejectsWith(api.auth.createSSOConfiguration({ type: 'saml', enabled: false } as never), 400, text);
    await rejectsWith(api.auth.updateSamlConfiguration({ enabled: false } as never), 400, text);
    assert.equal((await api.auth.getSSOConfigurations()).length, 1);
  });

  it("one account's plan does not limit another's", async () => {
    const tenant = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
    await subscribe({ seats: 1 }, { tenantId: tenant.body.tenantId });
    await makeUser('boss@globex.test', ['Admin'], { tenantId: tenant.body.tenantId });
    const globex = await apiAs(await tokenOf('boss@globex.test', PASSWORD));
    await rejectsWith(globex.teams.addUser({ email: 'x@globex.test', name: 'X', roleIds: [] }), 400, 'Your plan allows 1 users. Upgrade the plan to add more.');
    await (await adminApi()).teams.addUser({ email: 'x@acme.test', name: 'X', roleIds: [] });
  });
});
