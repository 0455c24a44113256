/**
 * The emulator's events (issue 33 item 1): each of Frontegg's event keys fires once, where it happens, with Frontegg's
 * webhook payload (`{ user, eventContext: { tenantId, userId }, … }`). A test sink registered with `addEventSink`
 * records every event; the actions are made through Frontegg's own client where it has the call.
 */
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';
import { SEED } from '../src/db/seed.ts';
import { addEventSink, type EmittedEvent, type EventKey } from '../src/events/emit.ts';
import { ScimConnectionSource } from '@frontegg/rest-api';
import { Client, P } from './helpers.ts';
import { USER_SCHEMA, connectScim } from './scim-client.ts';
import { PASSWORD, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { adminApi, apiAs, tokenOf, makeUser } = harness;

const seen: EmittedEvent[] = [];
addEventSink(async (_db, event) => {
  seen.push(event);
});
beforeEach(() => {
  seen.length = 0;
});

/** The one event of `key` seen (fails when there is none or more than one). */
function once(key: EventKey): EmittedEvent & { payload: { user?: Record<string, unknown>; eventContext: Record<string, unknown> } } {
  const hits = seen.filter((e) => e.key === key);
  assert.equal(hits.length, 1, `${key} fired ${hits.length} times (seen: ${seen.map((e) => e.key).join(', ')})`);
  return hits[0] as ReturnType<typeof once>;
}

describe('user events', () => {
  it('an admin adds a user: frontegg.user.created and frontegg.user.invitedToTenant, once each, with the user as Frontegg sends it', async () => {
    const api = await adminApi();
    const invited = await api.teams.addUser({ email: 'newbie@example.test', name: 'New Bie', roleIds: [SEED.readOnlyRoleId] });
    const created = once('frontegg.user.created');
    const event = once('frontegg.user.invitedToTenant');
    assert.equal(event.tenantId, SEED.tenantId);
    assert.deepEqual(event.payload.eventContext, { tenantId: SEED.tenantId, userId: invited.id });
    const user = event.payload.user!;
    assert.equal(user.id, invited.id);
    assert.equal(user.email, 'newbie@example.test');
    assert.equal(user.name, 'New Bie');
    assert.equal(user.tenantId, SEED.tenantId);
    assert.deepEqual(user.tenantIds, [SEED.tenantId]);
    assert.equal(user.activatedForTenant, false, 'an invitation not accepted yet');
    assert.equal(user.provider, 'local');
    assert.equal(user.metadata, '{}');
    assert.equal(user.isLocked, false);
    assert.deepEqual(
      (user.roles as { id: string }[]).map((r) => r.id),
      [SEED.readOnlyRoleId],
    );
    assert.ok(Array.isArray(user.permissions) && user.permissions.length > 0, 'the permissions its roles grant');
    assert.ok(!('passwordHash' in user), 'never a secret');
    assert.deepEqual(created.payload.user, user);
  });

  it('updated, then removed from the tenant and deleted (the payload shows the user as it was)', async () => {
    const api = await adminApi();
    const id = await makeUser('worker@acme.test');
    await api.teams.updateUser({ id, name: 'Renamed Worker' });
    assert.equal(once('frontegg.user.updated').payload.user!.name, 'Renamed Worker');
    seen.length = 0;
    await api.teams.deleteUser({ userId: id });
    const removed = once('frontegg.user.removedFromTenant');
    assert.deepEqual(removed.payload.eventContext, { tenantId: SEED.tenantId, userId: id });
    assert.equal(removed.payload.user!.email, 'worker@acme.test');
    assert.equal(once('frontegg.user.deleted').payload.user!.id, id, 'a user left in no tenant is deleted');
  });

  it('sign-up: frontegg.tenant.created, frontegg.user.created and frontegg.user.signedUp in the new account', async () => {
    const api = await apiAs('');
    await api.auth.signUpUser({ email: 'founder@newco.test', name: 'Fo Under', companyName: 'Newco', password: PASSWORD });
    const signedUp = once('frontegg.user.signedUp');
    const tenantId = signedUp.tenantId;
    assert.notEqual(tenantId, SEED.tenantId);
    assert.equal(signedUp.payload.user!.email, 'founder@newco.test');
    assert.equal(once('frontegg.user.created').payload.user!.id, signedUp.payload.user!.id);
    const tenant = once('frontegg.tenant.created').payload as unknown as { tenant: { tenantId: string; name: string } };
    assert.equal(tenant.tenant.tenantId, tenantId);
    assert.equal(tenant.tenant.name, 'Newco');
  });

  it('activation: frontegg.user.activated', async () => {
    const c = new Client(harness.emu);
    await c.put('/_emulator/vendor-config', { requireActivation: true });
    await c.post(`${P}/users/v1/signUp`, { email: 'late@example.test', password: PASSWORD, name: 'Late' });
    const mail = (await c.get<{ to: string; link: string }[]>('/_emulator/outbox')).body.find((m) => m.to === 'late@example.test');
    const { userId, token } = Object.fromEntries(new URL(mail!.link).searchParams);
    seen.length = 0;
    assert.equal((await c.post(`${P}/users/v1/activate`, { userId, token })).status, 200);
    assert.equal(once('frontegg.user.activated').payload.user!.verified, true);
    once('frontegg.user.authenticated');
  });

  it('sign-in: frontegg.user.authenticated with the method; a wrong password: frontegg.user.failedAuthentication', async () => {
    await tokenOf();
    const event = once('frontegg.user.authenticated');
    assert.equal(event.payload.user!.email, SEED.adminEmail);
    assert.deepEqual((event.payload as { authenticationMethod?: string[] }).authenticationMethod, ['pwd']);
    const c = new Client(harness.emu);
    assert.equal((await c.login(SEED.adminEmail, 'wrong-password')).status, 401);
    const failed = once('frontegg.user.failedAuthentication');
    assert.equal(failed.payload.user!.email, SEED.adminEmail);
    assert.equal((failed.payload as { reason?: string }).reason, 'wrong password');
    await c.login('nobody@example.test', 'wrong-password');
    assert.equal(seen.filter((e) => e.key === 'frontegg.user.failedAuthentication').length, 1, 'no event for an unknown email');
  });

  it('passwords: frontegg.user.forgotPassword and frontegg.user.changedPassword', async () => {
    await makeUser('worker@acme.test');
    const worker = await apiAs(await tokenOf('worker@acme.test', PASSWORD));
    seen.length = 0;
    await worker.auth.forgotPassword({ email: 'worker@acme.test' });
    assert.equal(once('frontegg.user.forgotPassword').payload.user!.email, 'worker@acme.test');
    await worker.teams.changePassword({ password: PASSWORD, newPassword: 'An0ther-Str0ng-Pass!' });
    assert.equal(once('frontegg.user.changedPassword').payload.user!.email, 'worker@acme.test');
  });
});

describe('sub-account events', () => {
  it('a user removed from a sub-account: frontegg.user.removedFromTenant in that account, the user still in another', async () => {
    const c = new Client(harness.emu);
    assert.equal((await c.post('/_emulator/tenants', { name: 'Acme EU', tenantId: 'acme-eu', parentTenantId: SEED.tenantId })).status, 201);
    once('frontegg.tenant.created');
    const id = await makeUser('roamer@acme.test');
    assert.equal((await c.post('/_emulator/tenants/acme-eu/users', { userId: id })).status, 201);
    seen.length = 0;
    await (await adminApi()).subTenants.removeUserFromTenantAndSubTenants({ userId: id, subTenants: [{ tenantId: 'acme-eu' }] });
    const removed = once('frontegg.user.removedFromTenant');
    assert.equal(removed.tenantId, 'acme-eu');
    assert.deepEqual(removed.payload.eventContext, { tenantId: 'acme-eu', userId: id });
    assert.equal(seen.filter((e) => e.key === 'frontegg.user.deleted').length, 0, 'still a member of Acme');
  });
});

describe('SCIM events', () => {
  it('a user pushed by the directory: frontegg.user.created; deleted there: removedFromTenant and deleted', async () => {
    const okta = await connectScim(harness.emu, await adminApi(), ScimConnectionSource.OKTA);
    seen.length = 0;
    const email = 'pushed@acme.test';
    const created = await okta.post('/Users', {
      schemas: [USER_SCHEMA],
      userName: email,
      name: { givenName: 'Pu', familyName: 'Shed' },
      emails: [{ primary: true, value: email }],
      active: true,
    });
    assert.equal(created.status, 201, created.text);
    const event = once('frontegg.user.created');
    assert.equal(event.payload.user!.email, email);
    assert.equal((event.payload as { provider?: string }).provider, 'scim2');
    assert.equal((await okta.del(`/Users/${created.body.id as string}`)).status, 204);
    assert.equal(once('frontegg.user.removedFromTenant').payload.user!.email, email);
    assert.equal(once('frontegg.user.deleted').payload.user!.email, email);
  });
});

describe('MFA events', () => {
  it('the user enrolls an authenticator app: frontegg.user.enrolledMFA; removes it: frontegg.user.disabledMFA', async () => {
    const { client: c, token } = await harness.signIn();
    const auth = c.bearer(token);
    const MFA = `${P}/users/v1/mfa`;
    const code = (secret: string, offset = 0) =>
      new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offset * 30_000 });
    seen.length = 0;
    const pre = await c.post(`${MFA}/authenticator/enroll`, undefined, auth);
    assert.equal((await c.post(`${MFA}/authenticator/enroll/verify`, { token: code(pre.body.secret) }, auth)).status, 200);
    const enrolled = once('frontegg.user.enrolledMFA');
    assert.equal(enrolled.payload.user!.mfaEnrolled, true);
    assert.equal((enrolled.payload as { mfaType?: string }).mfaType, 'authenticator');
    const [device] = (await c.get(`${MFA}/devices`, auth)).body.authenticators as { id: string }[];
    const off = await c.post(`${MFA}/authenticator/${device.id}/disable/verify`, { token: code(pre.body.secret, 1) }, auth);
    assert.equal(off.status, 200, off.text);
    const disabled = once('frontegg.user.disabledMFA');
    assert.equal(disabled.payload.user!.mfaEnrolled, false);
    assert.deepEqual(disabled.payload.eventContext, { tenantId: SEED.tenantId, userId: SEED.adminUserId });
  });
});

describe('tenant and API token events', () => {
  it('account settings renamed: frontegg.tenant.updated; unchanged: none', async () => {
    const api = await adminApi();
    seen.length = 0;
    await api.accountSettings.updateSettings({ name: 'Acme Renamed' });
    const event = once('frontegg.tenant.updated');
    assert.deepEqual(event.payload.eventContext, { tenantId: SEED.tenantId, userId: SEED.adminUserId });
    assert.equal((event.payload as unknown as { tenant: { name: string } }).tenant.name, 'Acme Renamed');
    await api.accountSettings.updateSettings({ name: 'Acme Renamed' });
    assert.equal(seen.filter((e) => e.key === 'frontegg.tenant.updated').length, 1);
  });

  it('personal and account API tokens: created and deleted, never with the secret', async () => {
    const api = await adminApi();
    seen.length = 0;
    const mine = (await api.auth.updateUserApiTokensData({ description: 'CI', expiresInMinutes: 60 })) as { clientId: string; secret: string };
    const made = once('frontegg.userApiToken.created').payload as unknown as { apiToken: Record<string, unknown>; eventContext: unknown };
    assert.equal(made.apiToken.clientId, mine.clientId);
    assert.equal(made.apiToken.description, 'CI');
    assert.ok(!JSON.stringify(made).includes(mine.secret), 'no secret');
    assert.deepEqual(made.eventContext, { tenantId: SEED.tenantId, userId: SEED.adminUserId });
    await api.auth.deleteUserApiToken({ tokenId: mine.clientId });
    once('frontegg.userApiToken.deleted');
    const account = (await api.auth.updateTenantApiTokensData({ description: 'Backend', roleIds: [], expiresInMinutes: null })) as { clientId: string };
    assert.equal((once('frontegg.tenantApiToken.created').payload as unknown as { apiToken: { clientId: string } }).apiToken.clientId, account.clientId);
    await api.auth.deleteTenantApiToken({ tokenId: account.clientId });
    once('frontegg.tenantApiToken.deleted');
  });
});
