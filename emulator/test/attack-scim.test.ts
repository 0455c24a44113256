/**
 * Attacks of one account on a user it shares with another (issue 29): users are shared across accounts, so a SCIM
 * connection or an admin of account A must not change the identity (email, name, phone) of a user who also belongs to
 * account B — else A renames B's admin to an address of its own, resets the password of that address and signs in to
 * B. Each attack is sent the way an attacker would: a real SCIM client of A's connection (its bearer token), or A's
 * admin through the identity API; the rule is src/identity-owner.ts (emulator/README "SCIM 2.0 provisioning", "Who
 * may change a user's identity"). Also here: a SCIM filter injection and an impersonation that would cross accounts.
 * The allowed cases (a new user, a user of no other account, a domain A has validated through SSO, per-account
 * changes) are tested beside the attacks.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import { and, eq } from 'drizzle-orm';
import { ScimConnectionSource } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { audits, users } from '../src/db/schema.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, useAdminEmulator } from './admin-harness.ts';
import { ERROR, USER_SCHEMA, ScimClient, connectScim, type ScimJson } from './scim-client.ts';

const harness = useAdminEmulator();
const { apiAs, makeUser, signIn, tokenOf } = harness;

/** Account A is the seeded account (its admin: SEED.adminEmail); account B a second account with its own admin. */
const A = SEED.tenantId;
const B = 'tenant-beta';
const BOSS = 'boss@beta.test';
const BOSS_NAME = 'Bea Boss';
/** Addresses and a phone number of the attacker (account A's people). */
const EVIL_EMAIL = 'evil@attacker.test';
const EVIL_PHONE = '+15550100999';
const IDENTITY_REFUSED = 'user.identity-change.refused';

const emulator = () => new Client(harness.emu);

/** Account B (tenant `tenantId`, optionally a sub-account of `parentTenantId`) and its admin; the admin's user id. */
async function makeAccount(tenantId = B, adminEmail = BOSS, parentTenantId?: string): Promise<string> {
  const made = await emulator().post('/_emulator/tenants', { name: tenantId, tenantId, parentTenantId });
  assert.equal(made.status, 201, made.text);
  return makeUser(adminEmail, ['Admin'], { tenantId, name: BOSS_NAME });
}

/** Adds an existing user to `tenantId` as an active member (what accepting an invitation ends in). */
async function addToAccount(tenantId: string, userId: string): Promise<void> {
  const res = await emulator().post(`/_emulator/tenants/${tenantId}/users`, { userId, roles: ['ReadOnly'] });
  assert.equal(res.status, 201, res.text);
}

/** The stored user row of `id` (what every account sees). */
async function userRow(id: string) {
  const [row] = await harness.emu.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A SCIM connection of the account `token` signs in to. */
async function scimOf(token: string, source = ScimConnectionSource.OKTA): Promise<ScimClient> {
  return connectScim(harness.emu, await apiAs(token), source);
}

/** What Okta POSTs to /Users for `email`. */
const oktaUser = (email: string, extra: ScimJson = {}) => ({
  schemas: [USER_SCHEMA],
  userName: email,
  name: { givenName: 'Ann', familyName: 'Lee', formatted: 'Ann Lee' },
  emails: [{ primary: true, value: email, type: 'work' }],
  externalId: `okta-${email}`,
  active: true,
  ...extra,
});

/** Asserts a SCIM 409 uniqueness error whose human `detail` matches `detail`. */
function assertUniqueness(res: { status: number; body: ScimJson; text: string }, detail: RegExp): void {
  assert.equal(res.status, 409, res.text);
  assert.deepEqual(res.body.schemas, [ERROR]);
  assert.equal(res.body.status, '409');
  assert.equal(res.body.scimType, 'uniqueness');
  assert.match(String(res.body.detail), detail);
}

/** The identity-change refusals audited in `tenantId` about `targetId`. */
async function refusals(tenantId: string, targetId: string) {
  return harness.emu.db
    .select()
    .from(audits)
    .where(and(eq(audits.action, IDENTITY_REFUSED), eq(audits.tenantId, tenantId), eq(audits.targetId, targetId)));
}

/** The outbox (emails and SMS), newest last. */
async function outbox(): Promise<{ to: string; channel: string; code?: string; link?: string | null }[]> {
  return (await emulator().get('/_emulator/outbox')).body;
}

/** A request of account `token`'s admin to the identity API. */
function asAdmin(token: string) {
  const c = emulator();
  const auth = c.bearer(token);
  return {
    invite: (email: string, extra: Record<string, unknown> = {}) => c.post(`${P}/users/v2`, { email, ...extra }, auth),
    updateMember: (body: Record<string, unknown>) => c.put('/frontegg/team/resources/members/v1', body, auth),
    removeMember: (userId: string) => c.req('DELETE', `/frontegg/team/resources/members/v1/${userId}`, undefined, auth),
    disable: (userId: string) => c.post(`${P}/tenants/users/v1/${userId}/disable`, undefined, auth),
    resendActivation: (userId: string) => c.post(`/frontegg/team/resources/members/v1/${userId}/resendActivationEmail`, {}, auth),
  };
}

/** Gives account `tenantId` an SSO configuration with `domain` validated (a seeded configuration's domains count as proven). */
async function proveDomain(tenantId: string, domain: string): Promise<void> {
  const saml = { entityId: `https://idp.${domain}`, ssoUrl: `https://idp.${domain}/sso`, certificate: 'MIIBfake' };
  const res = await emulator().post('/_emulator/sso-configurations', { type: 'saml', domains: [domain], tenantId, saml });
  assert.equal(res.status, 201, res.text);
}

/** Account B made, then a user pushed new by account A's connection who also joins account B: shared by A and B. */
async function sharedByPush(okta: ScimClient, email = 'sam@shared.test', extra: ScimJson = {}): Promise<string> {
  await makeAccount();
  const created = await okta.post('/Users', oktaUser(email, extra));
  assert.equal(created.status, 201, created.text);
  await addToAccount(B, created.body.id as string);
  return created.body.id as string;
}

describe('SCIM of account A against a user of account B', () => {
  it("SCIM of account A cannot link account B's admin (409 uniqueness)", async () => {
    const bossId = await makeAccount();
    const okta = await scimOf(await tokenOf());
    const res = await okta.post('/Users', oktaUser(BOSS));
    assertUniqueness(res, /boss@beta\.test.*another account/);
    assert.equal((await okta.get('/Users')).body.totalResults, 0, 'nothing was kept in the directory');
    const row = await userRow(bossId);
    assert.equal(row.email, BOSS);
    assert.equal(row.name, BOSS_NAME);
    const adminA = asAdmin(await tokenOf());
    assert.equal((await adminA.updateMember({ id: bossId, roleIds: [] })).status, 404, 'B’s admin did not join account A');
    const [audit] = await refusals(A, bossId);
    assert.ok(audit, 'the refusal is audited in account A');
    assert.equal(audit.severity, 'WARNING');
    assert.equal((audit.details as ScimJson).via, 'scim2');
    assert.equal((audit.details as ScimJson).operation, 'link');
    assert.equal((await refusals(B, bossId)).length, 0, 'nothing is written in account B');
  });

  it("SCIM of account A cannot take over account B's admin: link, PATCH of emails/userName/name, password reset of the new address, token for B", async () => {
    const bossId = await makeAccount();
    const okta = await scimOf(await tokenOf());
    const linked = await okta.post('/Users', oktaUser(BOSS));
    assertUniqueness(linked, /another account/);
    const id = (linked.body.id as string | undefined) ?? bossId;
    const patched = await okta.patch(`/Users/${id}`, [
      { op: 'replace', path: 'emails[type eq "work"].value', value: EVIL_EMAIL },
      { op: 'replace', path: 'userName', value: EVIL_EMAIL },
      { op: 'replace', path: 'name.formatted', value: 'Pwned' },
    ]);
    assert.equal(patched.status, 404, 'the user is not the connection’s: nothing to patch');
    const row = await userRow(bossId);
    assert.equal(row.email, BOSS, 'the email never changed');
    assert.equal(row.name, BOSS_NAME);

    const attacker = emulator();
    await attacker.post(`${P}/users/v1/passwords/reset`, { email: EVIL_EMAIL });
    assert.ok(!(await outbox()).some((m) => m.to === EVIL_EMAIL), 'no reset link reaches the attacker’s mailbox');
    assert.equal((await attacker.login(EVIL_EMAIL, 'Attacker-Passw0rd!')).status, 401);

    const boss = await signIn(BOSS, PASSWORD);
    const forB = await boss.client.post(`${P}/users/v3/me/token`, { tenantId: B }, boss.client.bearer(boss.token));
    assert.equal(forB.status, 200, 'B’s admin still signs in with their password and works in B');
    assert.equal(decodeJwt(forB.body.accessToken).email, BOSS);
  });

  it('SCIM of account A cannot change the email of a user who also belongs to account B: PATCH emails[type eq "work"].value → 409', async () => {
    const okta = await scimOf(await tokenOf());
    const id = await sharedByPush(okta);
    const res = await okta.patch(`/Users/${id}`, [{ op: 'replace', path: 'emails[type eq "work"].value', value: EVIL_EMAIL }]);
    assertUniqueness(res, /sam@shared\.test.*another account/);
    assert.equal((await userRow(id)).email, 'sam@shared.test');
    const entry = await okta.get(`/Users/${id}`);
    assert.equal(entry.body.emails[0].value, 'sam@shared.test', 'the directory entry is unchanged too');
    const [audit] = await refusals(A, id);
    assert.equal((audit?.details as ScimJson | undefined)?.operation, 'update');
    assert.deepEqual((audit?.details as ScimJson | undefined)?.fields, ['email']);
  });

  it('SCIM of account A cannot rename a user who also belongs to account B: PATCH name.formatted → 409', async () => {
    const okta = await scimOf(await tokenOf());
    const id = await sharedByPush(okta);
    const res = await okta.patch(`/Users/${id}`, [{ op: 'replace', path: 'name.formatted', value: 'Pwned' }]);
    assertUniqueness(res, /another account/);
    assert.equal((await userRow(id)).name, 'Ann Lee');
  });

  it('SCIM of account A cannot change the userName that is the email of a user who also belongs to account B → 409', async () => {
    await makeAccount();
    const okta = await scimOf(await tokenOf());
    const { emails: _e, ...noEmails } = oktaUser('sam@shared.test');
    const created = await okta.post('/Users', noEmails);
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    await addToAccount(B, id);
    const res = await okta.patch(`/Users/${id}`, [{ op: 'replace', path: 'userName', value: EVIL_EMAIL }]);
    assertUniqueness(res, /another account/);
    assert.equal((await userRow(id)).email, 'sam@shared.test');
  });

  it('SCIM of account A cannot replace (PUT) the email and name of a user who also belongs to account B → 409', async () => {
    const okta = await scimOf(await tokenOf());
    const id = await sharedByPush(okta);
    const res = await okta.put(`/Users/${id}`, oktaUser(EVIL_EMAIL, { name: { formatted: 'Pwned' } }));
    assertUniqueness(res, /another account/);
    const row = await userRow(id);
    assert.equal(row.email, 'sam@shared.test');
    assert.equal(row.name, 'Ann Lee');
  });

  it("turning syncToUserManagement on cannot link account B's admin pushed while off (409, nothing changes)", async () => {
    const bossId = await makeAccount();
    const api = await apiAs(await tokenOf());
    const created = await api.directory.createConfiguration({ source: ScimConnectionSource.OKTA, syncToUserManagement: false });
    const okta = new ScimClient(harness.emu, created.id, created.token);
    assert.equal((await okta.post('/Users', oktaUser(BOSS, { name: { formatted: 'Pwned' } }))).status, 201, 'a directory-only entry changes no user');
    const c = emulator();
    const on = await c.req('PATCH', `/frontegg/directory/resources/v1/configurations/scim2/${created.id}`, { syncToUserManagement: true }, c.bearer(await tokenOf()));
    assert.equal(on.status, 409, on.text);
    assert.match(on.body.errors[0], /^Cannot sync "boss@beta\.test": .*another account/);
    assert.equal((await userRow(bossId)).name, BOSS_NAME);
    assert.equal((await refusals(A, bossId)).length, 1, 'the refusal is audited although the PATCH rolled back');
  });
});

describe('SCIM: what stays allowed', () => {
  it('a push of a brand-new user creates it', async () => {
    const okta = await scimOf(await tokenOf());
    const res = await okta.post('/Users', oktaUser('new@fresh.test'));
    assert.equal(res.status, 201, res.text);
    assert.equal((await userRow(res.body.id as string)).email, 'new@fresh.test');
  });

  it('a push of a user who belongs to no other account links it, and its name and email can then be changed', async () => {
    const id = await makeUser('ann@acme.test', ['ReadOnly'], { name: 'Ann Old' });
    const okta = await scimOf(await tokenOf());
    const res = await okta.post('/Users', oktaUser('ann@acme.test'));
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.id, id, 'linked, not duplicated');
    const renamed = await okta.patch(`/Users/${id}`, [
      { op: 'replace', path: 'name.formatted', value: 'Ann New' },
      { op: 'replace', path: 'emails[type eq "work"].value', value: 'ann.new@acme.test' },
    ]);
    assert.equal(renamed.status, 200, renamed.text);
    const row = await userRow(id);
    assert.equal(row.name, 'Ann New');
    assert.equal(row.email, 'ann.new@acme.test');
  });

  it("a push for an email whose domain account A has validated through SSO links account B's user and may change its name", async () => {
    const bossId = await makeAccount();
    await proveDomain(A, 'beta.test');
    const okta = await scimOf(await tokenOf());
    const res = await okta.post('/Users', oktaUser(BOSS));
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.id, bossId);
    const renamed = await okta.patch(`/Users/${bossId}`, [{ op: 'replace', path: 'name.formatted', value: 'Bea From A' }]);
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal((await userRow(bossId)).name, 'Bea From A');
  });

  it('a push that leaves the identity of a user who also belongs to account B as it is (active false, same email and name) disables it in A only', async () => {
    const okta = await scimOf(await tokenOf());
    const id = await sharedByPush(okta);
    const off = await okta.patch(`/Users/${id}`, [{ op: 'replace', value: { active: false } }]);
    assert.equal(off.status, 200, off.text);
    const same = await okta.put(`/Users/${id}`, oktaUser('sam@shared.test', { active: false }));
    assert.equal(same.status, 200, same.text);
    const row = await userRow(id);
    assert.equal(row.email, 'sam@shared.test');
    assert.equal(row.name, 'Ann Lee');
    assert.equal((await refusals(A, id)).length, 0);
  });
  it("account A that validated the domain of account B's user still cannot move that user to an address of an unproven domain (409)", async () => {
    const bossId = await makeAccount();
    await proveDomain(A, 'beta.test');
    const okta = await scimOf(await tokenOf());
    assert.equal((await okta.post('/Users', oktaUser(BOSS))).status, 201);
    const moved = await okta.patch(`/Users/${bossId}`, [{ op: 'replace', path: 'emails[type eq "work"].value', value: EVIL_EMAIL }]);
    assertUniqueness(moved, /boss@beta\.test: .* validated the domain attacker\.test/);
    assert.equal((await userRow(bossId)).email, BOSS);
    await signIn(BOSS, PASSWORD);
  });
});

describe('the admin routes of account A against a user of account B', () => {
  it("an admin of account A cannot rename account B's admin after inviting them (409, nothing changes)", async () => {
    const bossId = await makeAccount();
    const adminA = asAdmin(await tokenOf());
    assert.equal((await adminA.invite(BOSS)).status, 201, 'the invitation links a pending membership');
    const res = await adminA.updateMember({ id: bossId, name: 'Pwned' });
    assert.equal(res.status, 409, res.text);
    assert.equal(res.body.errorCode, 'ER-USER-IDENTITY-SHARED');
    assert.match(res.body.errors[0], /boss@beta\.test.*another account/);
    assert.equal((await userRow(bossId)).name, BOSS_NAME);
    const [audit] = await refusals(A, bossId);
    assert.ok(audit, 'the refusal is audited in account A although the request rolled back');
    assert.equal(audit.actorEmail, SEED.adminEmail);
    assert.equal((audit.details as ScimJson).via, 'admin');
  });

  it("an admin of account A cannot set a phone number of its own on account B's admin and sign in to B by SMS (409)", async () => {
    const bossId = await makeAccount();
    const adminA = asAdmin(await tokenOf());
    await adminA.invite(BOSS);
    const res = await adminA.updateMember({ id: bossId, phone: EVIL_PHONE });
    assert.equal(res.status, 409, res.text);
    assert.equal((await userRow(bossId)).phoneNumber, null);
    const attacker = emulator();
    await attacker.post(`${P}/auth/v1/passwordless/smscode/prelogin`, { email: BOSS });
    const sms = (await outbox()).find((m) => m.channel === 'sms' && m.to === EVIL_PHONE);
    assert.equal(sms, undefined, 'no sign-in code reaches the attacker’s phone');
  });

  it("an admin of account A may still change what is A's own about a user of account B: roles, the same name, disable, removal", async () => {
    const bossId = await makeAccount();
    const adminA = asAdmin(await tokenOf());
    await adminA.invite(BOSS);
    const roles = await adminA.updateMember({ id: bossId, roleIds: [''], name: BOSS_NAME });
    assert.equal(roles.status, 200, roles.text);
    assert.equal((await adminA.disable(bossId)).status, 200);
    assert.equal((await adminA.removeMember(bossId)).status, 200);
    assert.equal((await refusals(A, bossId)).length, 0);
    await signIn(BOSS, PASSWORD);
  });

  it("an admin of account A that validated the email's domain through SSO may rename a user of account B", async () => {
    const bossId = await makeAccount();
    await proveDomain(A, 'beta.test');
    const adminA = asAdmin(await tokenOf());
    await adminA.invite(BOSS);
    const res = await adminA.updateMember({ id: bossId, name: 'Bea From A' });
    assert.equal(res.status, 200, res.text);
    assert.equal((await userRow(bossId)).name, 'Bea From A');
  });
});

describe('invitations and activation from account A to a user of account B', () => {
  it("inviting account B's admin to account A links a pending membership only: their name, phone and password stay", async () => {
    const bossId = await makeAccount();
    const adminA = asAdmin(await tokenOf());
    const res = await adminA.invite(BOSS, { name: 'Pwned', phone: EVIL_PHONE, phoneNumber: EVIL_PHONE });
    assert.equal(res.status, 201, res.text);
    const row = await userRow(bossId);
    assert.equal(row.name, BOSS_NAME);
    assert.equal(row.phoneNumber, null);
    await signIn(BOSS, PASSWORD);
  });

  it('an admin of account A resending the activation of a user invited by account B gives A nothing: the link goes to the user only', async () => {
    await makeAccount();
    const adminB = asAdmin(await tokenOf(BOSS, PASSWORD));
    const invited = await adminB.invite('vic@beta.test');
    assert.equal(invited.status, 201, invited.text);
    const adminA = asAdmin(await tokenOf());
    assert.equal((await adminA.invite('vic@beta.test')).status, 201);
    const resent = await adminA.resendActivation(invited.body.id as string);
    assert.equal(resent.status, 200, resent.text);
    assert.deepEqual(resent.body, {}, 'no token in the answer');
    const mails = await outbox();
    assert.ok(mails.length > 0);
    assert.ok(
      mails.every((m) => m.to === 'vic@beta.test'),
      'every link goes to the user’s own mailbox',
    );
  });
});

describe('sub-accounts', () => {
  it('SCIM of a sub-account cannot link an admin of its parent account (409 uniqueness)', async () => {
    await makeAccount('tenant-sub', 'sub.admin@sub.test', A);
    const okta = await scimOf(await tokenOf('sub.admin@sub.test', PASSWORD));
    const res = await okta.post('/Users', oktaUser(SEED.adminEmail));
    assertUniqueness(res, /another account/);
    assert.equal((await userRow(SEED.adminUserId)).email, SEED.adminEmail);
  });

  it('an admin of a sub-account cannot rename a user who also belongs to the parent account (409)', async () => {
    await makeAccount('tenant-sub', 'sub.admin@sub.test', A);
    const uId = await makeUser('pat@acme.test', ['ReadOnly'], { name: 'Pat' });
    await addToAccount('tenant-sub', uId);
    const res = await asAdmin(await tokenOf('sub.admin@sub.test', PASSWORD)).updateMember({ id: uId, name: 'Pwned' });
    assert.equal(res.status, 409, res.text);
    assert.equal((await userRow(uId)).name, 'Pat');
  });

  it('the parent account’s admin may rename a user of the parent and its sub-account (both in its scope)', async () => {
    await makeAccount('tenant-sub', 'sub.admin@sub.test', A);
    const uId = await makeUser('pat@acme.test', ['ReadOnly'], { name: 'Pat' });
    await addToAccount('tenant-sub', uId);
    const res = await asAdmin(await tokenOf()).updateMember({ id: uId, name: 'Pat Renamed' });
    assert.equal(res.status, 200, res.text);
    assert.equal((await userRow(uId)).name, 'Pat Renamed');
  });
});

describe('impersonation across accounts', () => {
  it('an admin of account A impersonating a user who also belongs to account B cannot get a token for B (me/token 403, refresh stays in A)', async () => {
    const bossId = await makeAccount();
    await addToAccount(A, bossId);
    const admin = await signIn();
    const imp = emulator();
    const opened = await imp.post(`${P}/impersonation/v1`, { impersonatedUserId: bossId }, admin.client.bearer(admin.token));
    assert.equal(opened.status, 200, opened.text);
    const forB = await imp.post(`${P}/users/v3/me/token`, { tenantId: B }, imp.bearer(opened.body.accessToken));
    assert.equal(forB.status, 403, forB.text);
    const refreshed = await imp.refresh(B);
    assert.equal(refreshed.status, 200, refreshed.text);
    assert.equal(decodeJwt(refreshed.body.accessToken).tenantId, A, 'the impersonation stays in account A');
    const switched = await imp.put(`${P}/users/v1/tenant`, { tenantId: B }, imp.bearer(opened.body.accessToken));
    assert.equal(switched.status, 403, switched.text);
  });
});

describe('SCIM filter injection', () => {
  it('a SCIM filter injection (`userName eq "x" or 1 eq 1`) answers 400 invalidFilter with a human detail, never an internal message', async () => {
    const okta = await scimOf(await tokenOf());
    for (const filter of ['userName eq "x" or 1 eq 1', 'userName eq "x" and 1 eq 1', '1 eq 1', 'userName eq "x" or (1 eq 1)']) {
      const res = await okta.get(`/Users?filter=${encodeURIComponent(filter)}`);
      assert.equal(res.status, 400, `${filter}: ${res.text}`);
      assert.deepEqual(res.body.schemas, [ERROR]);
      assert.equal(res.body.scimType, 'invalidFilter', filter);
      assert.match(String(res.body.detail), /filter/i);
      assert.doesNotMatch(String(res.body.detail), /is not a function|split|undefined|TypeError/, filter);
    }
    const groups = await okta.get(`/Groups?filter=${encodeURIComponent('displayName eq "x" or 1 eq 1')}`);
    assert.equal(groups.body.scimType, 'invalidFilter');
  });
});
