/**
 * Applications (issue 34 item 5; api-contract §M; AB-3.15, AB-6.13, AB-7.21, AB-7.22): a user's apps are the ones
 * assigned to it, the FREE_ACCESS ones and the account's FREE_ACCESS assignments; assign and unassign; new members get
 * the default apps; everything stays inside the caller's account. Driven by Frontegg's own client (`@frontegg/rest-api`).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import type { FronteggApiClient } from '@frontegg/rest-api';
import { SEED, SEED_APPS } from '../src/db/seed.ts';
import { applications, audits, tenants } from '../src/db/schema.ts';
import { Client } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { tokenOf, apiAs, adminApi, makeUser } = harness;

const ACME = SEED.tenantId;
const { portal, analytics, reports } = SEED_APPS;

/** The app ids of `userId` in the caller's account, through getUserApplicationsId. */
const appsOf = (api: FronteggApiClient, userId: string, jwt?: string) =>
  jwt
    ? new Client(harness.emu).get(`/frontegg/identity/resources/applications/v1/${userId}/apps`, { authorization: jwt }).then((r) => r.body as string[])
    : api.applications.getUserApplicationsId({ userId });

async function emulator(method: 'POST' | 'PUT', path: string, body: unknown) {
  const res = await new Client(harness.emu).req(method, `/_emulator${path}`, body);
  assert.ok(res.status < 300, res.text);
  return res.body;
}

describe('applications', () => {
  it('AB-7.22 AB-3.15 getApplicationsData answers the vendor’s apps with Frontegg’s fields, free-access ones included by default', async () => {
    const api = await adminApi();
    const data = await api.applications.getApplicationsData({ appIds: [analytics] });
    assert.deepEqual(
      data.map((a) => [a.id, a.accessType, a.isDefault]),
      [
        [analytics, 'MANAGED_ACCESS', false],
        [portal, 'FREE_ACCESS', true],
      ],
    );
    for (const key of ['appURL', 'loginURL', 'isActive', 'name', 'logoURL', 'createdAt', 'updatedAt', 'type', 'frontendStack', 'description', 'integrationFinishedAt']) {
      assert.ok(key in data[0], `field ${key}`);
    }
    const onlyAsked = await api.applications.getApplicationsData({ appIds: [reports], includeFreeAccess: false });
    assert.deepEqual(
      onlyAsked.map((a) => a.id),
      [reports],
    );
    // no ids (the client still sends `ids=`): the free ones; unknown ids are left out
    assert.deepEqual(
      (await api.applications.getApplicationsData({ appIds: [] })).map((a) => a.id),
      [portal],
    );
    assert.deepEqual(
      (await api.applications.getApplicationsData({ appIds: ['app-nope'], includeFreeAccess: false })).map((a) => a.id),
      [],
    );
  });

  it("AB-6.13 a user's apps: its assignments, every FREE_ACCESS app and the account's FREE_ACCESS assignments", async () => {
    const api = await adminApi();
    const amy = await makeUser('amy@acme.test', ['ReadOnly']);
    // the seeded admin was given the default app; amy (made by /_emulator) has the free one all the same
    assert.deepEqual(await appsOf(api, SEED.adminUserId), [portal]);
    assert.deepEqual(await appsOf(api, amy), [portal]);
    await api.applications.assignUserToApplications({ userId: amy, tenantId: ACME, appIds: [analytics] });
    assert.deepEqual(await appsOf(api, amy), [analytics, portal]);
    // Reports Studio free to Acme: every member of Acme has it
    await emulator('PUT', `/tenants/${ACME}/applications/${reports}`, { accessType: 'FREE_ACCESS' });
    assert.deepEqual(await appsOf(api, SEED.adminUserId), [portal, reports]);
    const many = await api.applications.getUsersApplicationsId({ userIds: [amy, SEED.adminUserId, 'nobody'] });
    assert.deepEqual(many, [
      { userId: amy, appIds: [analytics, portal, reports].sort() },
      { userId: SEED.adminUserId, appIds: [portal, reports].sort() },
    ]);
    const v1 = await api.applications.getTenantsApplications();
    assert.deepEqual(v1, [{ tenantId: ACME, appIds: [analytics, portal, reports].sort() }]);
    const v2 = await api.applications.getTenantsApplicationsV2();
    assert.deepEqual(v2, [
      {
        tenantId: ACME,
        assignments: [
          { appId: analytics, accessType: 'MANAGED_ACCESS' },
          { appId: portal, accessType: 'FREE_ACCESS' },
          { appId: reports, accessType: 'FREE_ACCESS' },
        ].sort((a, b) => a.appId.localeCompare(b.appId)),
      },
    ]);
    const ofApps = await api.applications.getUsersOfApplications({ appIds: [analytics, reports] });
    assert.deepEqual(ofApps.find((a) => a.appId === analytics)?.userIds, [amy]);
    assert.deepEqual(ofApps.find((a) => a.appId === reports)?.userIds, [amy, SEED.adminUserId].sort());
  });

  it('AB-7.21 assign and unassign: audited, free apps stay, a new member gets the default apps', async () => {
    const api = await adminApi();
    const bo = await makeUser('bo@acme.test', ['ReadOnly']);
    await api.applications.assignUserToApplications({ userId: bo, tenantId: ACME, appIds: [analytics, reports] });
    await api.applications.assignUserToApplications({ userId: bo, tenantId: ACME, appIds: [analytics] }); // twice: once
    assert.deepEqual(await appsOf(api, bo), [analytics, portal, reports].sort());
    await api.applications.unassignUserFromApplications({ userId: bo, tenantId: ACME, appIds: [reports, portal] });
    assert.deepEqual(await appsOf(api, bo), [analytics, portal], 'the free app stays');
    const rows = (await harness.emu.db.select().from(audits).where(eq(audits.targetId, bo))).filter((r) => r.action.startsWith('user.applications.'));
    assert.deepEqual(rows.map((r) => r.action).sort(), ['user.applications.assigned', 'user.applications.assigned', 'user.applications.unassigned']);
    assert.ok(rows.every((r) => r.tenantId === ACME && r.actorId === SEED.adminUserId));

    // an invited user gets the default app as an assignment of its own: it stays when the app stops being free
    const invited = await api.teams.addUser({ email: 'cy@acme.test', name: 'Cy', roleIds: [] } as never);
    await harness.emu.db.update(applications).set({ accessType: 'MANAGED_ACCESS' }).where(eq(applications.id, portal));
    assert.deepEqual(await appsOf(api, invited.id), [portal]);
    assert.deepEqual(await appsOf(api, bo), [analytics], 'bo was made without the default assignment');
  });

  it('stays inside the account: another account’s user or tenantId, an unknown app, and the permissions', async () => {
    await new Client(harness.emu).post('/_emulator/tenants', { tenantId: 'globex', name: 'Globex' });
    const olga = await makeUser('olga@globex.test', ['Admin'], { tenantId: 'globex' });
    const api = await adminApi();
    await rejectsWith(api.applications.getUserApplicationsId({ userId: olga }), 404, 'User not found');
    await rejectsWith(api.applications.assignUserToApplications({ userId: olga, tenantId: 'globex', appIds: [analytics] }), 403, 'Not authorized');
    await rejectsWith(api.applications.assignUserToApplications({ userId: olga, tenantId: ACME, appIds: [analytics] }), 404, 'User not found');
    await rejectsWith(api.applications.assignUserToApplications({ userId: SEED.adminUserId, tenantId: ACME, appIds: ['app-nope'] }), 400, 'Unknown application id: app-nope');
    assert.deepEqual(await api.applications.getUsersApplicationsId({ userIds: [olga] }), []);
    // Olga's own account sees its own users only
    const globex = await apiAs(await tokenOf('olga@globex.test', PASSWORD));
    assert.deepEqual((await globex.applications.getUsersOfApplications({ appIds: [portal] }))[0].userIds, [olga]);
    await rejectsWith(globex.applications.unassignUserFromApplications({ userId: SEED.adminUserId, tenantId: ACME, appIds: [portal] }), 403, 'Not authorized');

    // ReadOnly reads (and anyone reads its own apps) but may not assign or unassign
    const dan = await makeUser('dan@acme.test', ['ReadOnly']);
    const noRole = await makeUser('nora@acme.test', []);
    const ro = await apiAs(await tokenOf('dan@acme.test', PASSWORD));
    assert.deepEqual(await appsOf(ro, SEED.adminUserId), [portal]);
    await rejectsWith(ro.applications.assignUserToApplications({ userId: dan, tenantId: ACME, appIds: [analytics] }), 403, 'Not authorized');
    await rejectsWith(ro.applications.unassignUserFromApplications({ userId: dan, tenantId: ACME, appIds: [portal] }), 403, 'Not authorized');
    const nora = await apiAs(await tokenOf('nora@acme.test', PASSWORD));
    assert.deepEqual(await appsOf(nora, noRole), [portal], 'her own apps');
    await rejectsWith(nora.applications.getUserApplicationsId({ userId: dan }), 403, 'Not authorized');
    await rejectsWith(nora.applications.getTenantsApplicationsV2(), 403, 'Not authorized');
  });

  it("with a sub-account's token, the apps are the sub-account's and its users'", async () => {
    await new Client(harness.emu).post('/_emulator/tenants', { tenantId: 'beta', name: 'Beta', parentTenantId: ACME });
    const ben = await makeUser('ben@beta.test', ['ReadOnly'], { tenantId: 'beta' });
    await harness.emu.db.update(tenants).set({ subAccountAccessType: 'alwaysOn' }).where(eq(tenants.tenantId, ACME));
    const api = await adminApi();
    const { accessToken: jwt } = (await api.users.GetUserJwt({ tenantId: 'beta' })) as unknown as { accessToken: string };
    const client = new Client(harness.emu);
    const assign = await client.post('/frontegg/identity/resources/applications/v1/apps-user', { userId: ben, tenantId: 'beta', appIds: [reports] }, { authorization: jwt });
    assert.equal(assign.status, 200, assign.text);
    assert.deepEqual(await appsOf(api, ben, jwt), [portal, reports]);
    const [row] = await harness.emu.db
      .select()
      .from(audits)
      .where(and(eq(audits.action, 'user.applications.assigned'), eq(audits.targetId, ben)));
    assert.equal(row.tenantId, 'beta');
    assert.deepEqual(row.details.actingFrom, { tenantId: ACME, name: 'Acme' });
    // Beta's token does not reach Acme's users
    const acme = await client.post(
      '/frontegg/identity/resources/applications/v1/apps-user',
      { userId: SEED.adminUserId, tenantId: ACME, appIds: [reports] },
      { authorization: jwt },
    );
    assert.equal(acme.status, 403);
  });
});
