/**
 * The security policies of an account and their enforcement (issue 22 items 1, 2 and 6; api-contract §P, §S; admin
 * spec AB-3.24–3.28, AB-7.29–7.32, AB-7.38–7.39, SI-3.11). Frontegg's own client (`@frontegg/rest-api`) makes every
 * policy call; the enforcement is shown the way a user meets it: a sign-in locked, a password refused, an MFA
 * enrolment asked, a refresh refused, a session ended, each with its audit row.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import type { ISecurityPolicyLockout, ISecurityPolicyMfa, ISecurityPolicyPasswordHistory, ISecurityPolicy } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { apiAs, adminApi, makeUser, tokenOf, auditRows } = harness;

/** The address the test's browser signs in from (the emulator reads `X-Forwarded-For` from its loopback proxy). */
const USER_IP = '203.0.113.9';

/** A new account made through `/_emulator/tenants` with one Admin user `email`; its tenantId. */
async function otherAccount(email: string): Promise<string> {
  const res = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
  assert.equal(res.status, 201, res.text);
  await makeUser(email, ['Admin'], { tenantId: res.body.tenantId });
  return res.body.tenantId as string;
}

/** A password sign-in from `USER_IP` through a cookie-jar browser: the answer. */
async function passwordSignIn(browser: Client, email: string, password: string) {
  return browser.post(`${P}/auth/v1/user`, { email, password }, { 'x-forwarded-for': USER_IP });
}

/** Moves the emulator clock forward `seconds`. */
async function advanceClock(seconds: number): Promise<void> {
  const res = await new Client(harness.emu).put('/_emulator/clock', { advance: seconds * 1000 });
  assert.equal(res.status, 200, res.text);
}

/** The newest outbox mail to `to`. */
async function lastMailTo(to: string): Promise<{ subject: string; link?: string }> {
  const box = (await new Client(harness.emu).get<{ to: string; subject: string; link?: string }[]>('/_emulator/outbox')).body;
  const mail = box.find((m) => m.to === to);
  assert.ok(mail, `no mail to ${to}`);
  return mail;
}

describe('the MFA, lockout and password-history policies of an account (AB-7.29)', () => {
  it('AB-3.24 AB-7.29 the MFA policy: read (the vendor’s until set), saved with POST, then PATCH with its id; the vendor variant and other accounts keep the vendor’s; audited', async () => {
    await otherAccount('owner@globex.test');
    const api = await adminApi();
    const globex = await apiAs(await tokenOf('owner@globex.test', PASSWORD));
    const initial: ISecurityPolicyMfa = await api.auth.securityPolicy.getMfaPolicy();
    assert.equal(initial.enforceMFAType, 'DontForce');
    const created = await api.auth.securityPolicy.saveMfaPolicy({ enforceMFAType: 'ForceExceptSAML' });
    assert.equal(created.enforceMFAType, 'ForceExceptSAML');
    assert.ok(created.id && created.createdAt && created.updatedAt);
    assert.notEqual(created.id, initial.id, 'the account’s own policy, not the vendor’s');
    assert.equal((await api.auth.securityPolicy.getMfaPolicy()).enforceMFAType, 'ForceExceptSAML');
    const patched = await api.auth.securityPolicy.saveMfaPolicy({ id: created.id, enforceMFAType: 'DontForce' });
    assert.equal(patched.id, created.id);
    assert.equal(patched.enforceMFAType, 'DontForce');
    assert.deepEqual(await api.auth.securityPolicy.getMfaPolicy(), patched);
    await api.auth.securityPolicy.saveMfaPolicy({ id: created.id, enforceMFAType: 'Force' });
    assert.equal((await api.auth.securityPolicy.getVendorMfaPolicy()).enforceMFAType, 'DontForce', 'the vendor’s is untouched');
    assert.equal((await globex.auth.securityPolicy.getMfaPolicy()).enforceMFAType, 'DontForce', 'another account keeps the vendor’s');
    assert.equal((await api.auth.securityPolicy.getGlobalSecurityPolicy()).enforceMFAType, 'Force', 'the global policy shows the account’s');

    const rows = await auditRows('security.mfa-policy.updated', SEED.tenantId);
    assert.equal(rows.length, 3);
    const first = rows.find((r) => (r.details as { after: ISecurityPolicyMfa }).after.enforceMFAType === 'ForceExceptSAML');
    assert.ok(first);
    assert.equal(first.severity, 'WARNING');
    assert.equal(first.actorEmail, SEED.adminEmail);
    assert.equal((first.details as { before: ISecurityPolicyMfa }).before.enforceMFAType, 'DontForce');
  });

  it('AB-3.24 the MFA policy carries the remember-device settings (seconds); saving them changes what the MFA step offers', async () => {
    const api = await adminApi();
    const saved = (await api.auth.securityPolicy.saveMfaPolicy({
      enforceMFAType: 'DontForce',
      allowRememberMyDevice: true,
      mfaDeviceExpiration: 14 * 86_400,
    } as never)) as ISecurityPolicyMfa & {
      allowRememberMyDevice: boolean;
      mfaDeviceExpiration: number;
    };
    assert.equal(saved.allowRememberMyDevice, true);
    assert.equal(saved.mfaDeviceExpiration, 14 * 86_400);
    const read = (await api.auth.securityPolicy.getMfaPolicy()) as typeof saved;
    assert.deepEqual([read.allowRememberMyDevice, read.mfaDeviceExpiration], [true, 14 * 86_400]);
    const offered = await new Client(harness.emu).get(`${P}/configurations/v1/mfa-policy/allow-remember-device`);
    assert.deepEqual(offered.body, { isAllowedToRemember: true, mfaDeviceExpiration: 14 * 86_400 });
  });

  it('AB-3.25 AB-7.29 the lockout policy: POST then PATCH, read back; vendor variant unchanged; audited with before and after', async () => {
    const api = await adminApi();
    const vendor: ISecurityPolicyLockout = await api.auth.securityPolicy.getVendorLockoutPolicy();
    assert.deepEqual([vendor.enabled, vendor.maxAttempts], [true, 5]);
    assert.deepEqual(await api.auth.securityPolicy.getLockoutPolicy(), vendor, 'the vendor’s until the account sets one');
    const created = await api.auth.securityPolicy.saveLockoutPolicy({ enabled: true, maxAttempts: 3 });
    assert.deepEqual([created.enabled, created.maxAttempts], [true, 3]);
    const patched = await api.auth.securityPolicy.saveLockoutPolicy({ id: created.id, enabled: false, maxAttempts: 7 });
    assert.deepEqual([patched.id, patched.enabled, patched.maxAttempts], [created.id, false, 7]);
    assert.deepEqual(await api.auth.securityPolicy.getLockoutPolicy(), patched);
    assert.deepEqual(await api.auth.securityPolicy.getVendorLockoutPolicy(), vendor);
    const rows = await auditRows('security.lockout-policy.updated', SEED.tenantId);
    assert.equal(rows.length, 2);
    const last = rows.find((r) => (r.details as { after: ISecurityPolicyLockout }).after.maxAttempts === 7);
    assert.ok(last);
    assert.deepEqual((last.details as { before: ISecurityPolicyLockout }).before.maxAttempts, 3);
  });

  it('AB-3.26 AB-7.29 the password-history policy: off by default (vendor too), POST then PATCH, read back', async () => {
    const api = await adminApi();
    const vendor: ISecurityPolicyPasswordHistory = await api.auth.securityPolicy.getVendorPasswordHistoryPolicy();
    assert.deepEqual([vendor.enabled, vendor.historySize], [false, 1]);
    assert.deepEqual(await api.auth.securityPolicy.getPasswordHistoryPolicy(), vendor);
    const created = await api.auth.securityPolicy.savePasswordHistoryPolicy({ enabled: true, historySize: 4 });
    assert.deepEqual([created.enabled, created.historySize], [true, 4]);
    const patched = await api.auth.securityPolicy.savePasswordHistoryPolicy({ id: created.id, enabled: true, historySize: 10 });
    assert.deepEqual([patched.id, patched.historySize], [created.id, 10]);
    assert.deepEqual(await api.auth.securityPolicy.getPasswordHistoryPolicy(), patched);
    assert.deepEqual(await api.auth.securityPolicy.getVendorPasswordHistoryPolicy(), vendor);
    const rows = await auditRows('security.password-history-policy.updated', SEED.tenantId);
    assert.equal(rows.length, 2);
    assert.ok(rows.every((r) => r.severity === 'WARNING'));
  });

  it('AB-7.29 AB-8.03 bad values answer 400 with the reason; reading needs fe.secure.read.securityPolicy, saving fe.secure.write.securityPolicy', async () => {
    const api = await adminApi();
    const sp = api.auth.securityPolicy;
    await rejectsWith(sp.savePasswordHistoryPolicy({ enabled: true, historySize: 11 }), 400, 'historySize: historySize must be between 1 and 10');
    await rejectsWith(sp.savePasswordHistoryPolicy({ enabled: true, historySize: 0 }), 400, 'historySize: historySize must be between 1 and 10');
    await rejectsWith(sp.saveLockoutPolicy({ enabled: true, maxAttempts: 101 }), 400, 'maxAttempts: maxAttempts must be between 1 and 100');
    await rejectsWith(sp.saveLockoutPolicy({ enabled: true, maxAttempts: 0 }), 400, 'maxAttempts: maxAttempts must be between 1 and 100');
    await rejectsWith(sp.saveMfaPolicy({ enforceMFAType: 'Always' as never }), 400, 'enforceMFAType: enforceMFAType must be DontForce, Force or ForceExceptSAML');
    assert.equal((await sp.getLockoutPolicy()).maxAttempts, 5, 'nothing was saved');

    await makeUser('reader@acme.test');
    const reader = (await apiAs(await tokenOf('reader@acme.test', PASSWORD))).auth.securityPolicy;
    assert.equal((await reader.getPasswordHistoryPolicy()).enabled, false, 'ReadOnly holds fe.secure.read.securityPolicy');
    await rejectsWith(reader.saveLockoutPolicy({ enabled: false, maxAttempts: 5 }), 403, 'Not authorized');
    await rejectsWith(reader.savePasswordHistoryPolicy({ enabled: true, historySize: 3 }), 403, 'Not authorized');
    await makeUser('nobody@acme.test', []);
    const nobody = (await apiAs(await tokenOf('nobody@acme.test', PASSWORD))).auth.securityPolicy;
    await rejectsWith(nobody.getMfaPolicy(), 403, 'Not authorized');
    await rejectsWith(nobody.getVendorLockoutPolicy(), 403, 'Not authorized');
  });
});

describe('global policy, vendor config and public strategies', () => {
  it('AB-3.28 AB-7.30 the global policy has every field; publicKey is a PEM (SPKI) key that verifies the emulator’s access tokens', async () => {
    const token = await tokenOf();
    const api = await apiAs(token);
    const policy: ISecurityPolicy = await api.auth.securityPolicy.getGlobalSecurityPolicy();
    for (const key of [
      'id',
      'enforceMFAType',
      'createdAt',
      'updatedAt',
      'allowOverrideEnforcePasswordHistory',
      'allowOverridePasswordComplexity',
      'allowOverridePasswordExpiration',
      'allowSignups',
      'apiTokensEnabled',
      'cookieSameSite',
      'defaultRefreshTokenExpiration',
      'defaultTokenExpiration',
      'publicKey',
    ]) {
      assert.ok(key in policy, key);
    }
    assert.equal(typeof policy.publicKey, 'string');
    assert.match(policy.publicKey, /^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    const key = await importSPKI(policy.publicKey, 'RS256');
    const { payload } = await jwtVerify(token, key, { currentDate: new Date(decodeJwt(token).iat! * 1000) });
    assert.equal(payload.sub, SEED.adminUserId);
    assert.equal(policy.defaultTokenExpiration, 300);
  });

  it('AB-7.30 vendor config, password policy and MFA strategies are read with GET', async () => {
    const api = await adminApi();
    const config = await api.auth.getVendorConfig();
    assert.equal(config.allowSignups, true);
    const password = await api.auth.securityPolicy.getPasswordConfigPolicy();
    assert.equal(password.minLength, 8);
    const mfa = await api.auth.getMFAStrategiesConfig();
    assert.ok(mfa.strategies.some((s) => s.strategy === 'AuthenticatorApp' && s.isActive));
  });

  it('AB-7.31 the captcha policy is public (off in the emulator)', async () => {
    const api = await adminApi();
    const captcha = await api.auth.securityPolicy.getCaptchaPolicy();
    assert.ok(captcha);
    assert.equal(captcha.enabled, false);
  });

  it('AB-7.32 public auth strategies: one call for signed-in users, one for the vendor, the same answer', async () => {
    const api = await adminApi();
    const forUser = await api.auth.getPublicAuthStrategiesConfigForAuthenticatedUser();
    const forVendor = await api.auth.getVendorPublicAuthStrategiesConfig();
    assert.deepEqual(forUser, forVendor);
    assert.deepEqual(forUser.mainAuthStrategies, [{ strategy: 'EmailAndPassword' }]);
  });
});

describe('enforced: lockout, password history, MFA', () => {
  it('AB-3.25 the account’s lockout policy (3 attempts, the vendor’s is 5) locks after 3 wrong passwords; the unlock mail opens it again; audited SEVERE with the client address', async () => {
    const userId = await makeUser('worker@acme.test');
    const api = await adminApi();
    await api.auth.securityPolicy.saveLockoutPolicy({ enabled: true, maxAttempts: 3 });
    const browser = new Client(harness.emu);
    for (let i = 1; i <= 2; i++) assert.deepEqual((await passwordSignIn(browser, 'worker@acme.test', `wrong-${i}`)).body.errors, ['Invalid authentication']);
    const third = await passwordSignIn(browser, 'worker@acme.test', 'wrong-3');
    assert.equal(third.status, 401);
    assert.deepEqual(third.body.errors, ['User is locked']);
    assert.deepEqual((await passwordSignIn(browser, 'worker@acme.test', PASSWORD)).body.errors, ['User is locked'], 'even the right password');

    const [locked] = await auditRows('user.locked', userId);
    assert.equal(locked.severity, 'SEVERE');
    assert.equal(locked.ip, USER_IP);
    assert.deepEqual([(locked.details as { attempts: number }).attempts, (locked.details as { maxAttempts: number }).maxAttempts], [3, 3]);
    const failed = await auditRows('user.sign-in.failed', userId);
    assert.ok(failed.length >= 3 && failed.every((r) => r.severity === 'WARNING' && r.ip === USER_IP));

    const mail = await lastMailTo('worker@acme.test');
    assert.equal(mail.subject, 'Your account has been locked');
    const token = new URL(mail.link ?? '').searchParams.get('token');
    assert.ok(token);
    await api.users.unlockMe({ token });
    assert.equal((await passwordSignIn(browser, 'worker@acme.test', PASSWORD)).status, 200);
  });

  it('AB-3.25 an account that turns lockout off is not locked, though the vendor’s policy would lock', async () => {
    await makeUser('worker@acme.test');
    await (await adminApi()).auth.securityPolicy.saveLockoutPolicy({ enabled: false, maxAttempts: 5 });
    const browser = new Client(harness.emu);
    for (let i = 1; i <= 6; i++) assert.deepEqual((await passwordSignIn(browser, 'worker@acme.test', `wrong-${i}`)).body.errors, ['Invalid authentication']);
    assert.equal((await passwordSignIn(browser, 'worker@acme.test', PASSWORD)).status, 200);
  });

  it('AB-3.26 password history 3: a change to the current or one of the two before is refused (audited WARNING); an older one is accepted', async () => {
    const userId = await makeUser('worker@acme.test');
    await (await adminApi()).auth.securityPolicy.savePasswordHistoryPolicy({ enabled: true, historySize: 3 });
    const worker = await apiAs(await tokenOf('worker@acme.test', PASSWORD));
    const passwords = [PASSWORD, 'Sec0nd-Passw0rd!', 'Th1rd-Passw0rd!', 'F0urth-Passw0rd!'];
    for (let i = 1; i < passwords.length; i++) await worker.teams.changePassword({ password: passwords[i - 1], newPassword: passwords[i] });
    const current = passwords[3];
    for (const reused of [passwords[3], passwords[2], passwords[1]]) {
      await rejectsWith(worker.teams.changePassword({ password: current, newPassword: reused }), 400, 'Password was used recently. Choose a different password.');
    }
    const refused = await auditRows('user.password.refused', userId);
    assert.equal(refused.length, 3, 'each refusal is on record');
    assert.ok(refused.every((r) => r.severity === 'WARNING'));
    await worker.teams.changePassword({ password: current, newPassword: passwords[0] });
    assert.equal((await passwordSignIn(new Client(harness.emu), 'worker@acme.test', passwords[0])).status, 200, 'the older password is the password now');
  });

  it('AB-3.26 password history on reset: the link refuses a recent password (the link stays usable) and takes an older one', async () => {
    await makeUser('worker@acme.test');
    await (await adminApi()).auth.securityPolicy.savePasswordHistoryPolicy({ enabled: true, historySize: 2 });
    const worker = await apiAs(await tokenOf('worker@acme.test', PASSWORD));
    await worker.teams.changePassword({ password: PASSWORD, newPassword: 'Sec0nd-Passw0rd!' });
    await worker.teams.changePassword({ password: 'Sec0nd-Passw0rd!', newPassword: 'Th1rd-Passw0rd!' });
    await worker.auth.forgotPassword({ email: 'worker@acme.test' });
    const link = new URL((await lastMailTo('worker@acme.test')).link ?? '');
    const userId = link.searchParams.get('userId')!;
    const token = link.searchParams.get('token')!;
    await rejectsWith(worker.auth.resetPassword({ userId, token, password: 'Th1rd-Passw0rd!' }), 400, 'Password was used recently. Choose a different password.');
    await rejectsWith(worker.auth.resetPassword({ userId, token, password: 'Sec0nd-Passw0rd!' }), 400, 'Password was used recently. Choose a different password.');
    await worker.auth.resetPassword({ userId, token, password: PASSWORD });
    assert.equal((await passwordSignIn(new Client(harness.emu), 'worker@acme.test', PASSWORD)).status, 200);
    assert.equal((await auditRows('user.password.refused', userId)).length, 2);
  });

  it('AB-3.26 password history off: the current password may be set again', async () => {
    await makeUser('worker@acme.test');
    const worker = await apiAs(await tokenOf('worker@acme.test', PASSWORD));
    await worker.teams.changePassword({ password: PASSWORD, newPassword: PASSWORD });
  });

  it('AB-3.24 the account’s MFA policy Force makes the next sign-in of an unenrolled user enrol; another account is not forced', async () => {
    await makeUser('worker@acme.test');
    await otherAccount('owner@globex.test');
    await (await adminApi()).auth.securityPolicy.saveMfaPolicy({ enforceMFAType: 'Force' });
    const res = await passwordSignIn(new Client(harness.emu), 'worker@acme.test', PASSWORD);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.mfaRequired, true);
    assert.equal(res.body.mfaEnrolled, false, 'the enrolment, not a challenge');
    assert.ok(res.body.mfaToken);
    assert.equal(res.body.accessToken, undefined);
    const elsewhere = await passwordSignIn(new Client(harness.emu), 'owner@globex.test', PASSWORD);
    assert.ok(elsewhere.body.accessToken, 'Globex keeps the vendor’s DontForce');
  });
});

describe('enforced: session management (SI-3.11)', () => {
  /** Saves the seeded account's session configurations through Frontegg's client. */
  async function configure(config: Parameters<Awaited<ReturnType<typeof adminApi>>['auth']['createOrUpdateSessionConfigrations']>[0]) {
    await (await adminApi()).auth.createOrUpdateSessionConfigrations(config);
  }
  const OFF = { isActive: false, timeout: 86_400 };

  it('SI-3.11 AB-7.38 forced re-login: a refresh more than the lifetime after sign-in is refused (401, audited with the reason), however active the session', async () => {
    await makeUser('worker@acme.test');
    await configure({ sessionTimeoutConfiguration: { isActive: true, timeout: 3_600 }, sessionIdleTimeoutConfiguration: OFF });
    const browser = new Client(harness.emu);
    const sid = decodeJwt((await passwordSignIn(browser, 'worker@acme.test', PASSWORD)).body.accessToken).sid as string;
    await advanceClock(1_800);
    assert.equal((await browser.refresh()).status, 200, 'half-way: fine');
    await advanceClock(1_700);
    assert.equal((await browser.refresh()).status, 200, '58 min after sign-in: fine');
    await advanceClock(200);
    const refused = await browser.refresh();
    assert.equal(refused.status, 401);
    assert.deepEqual(refused.body.errors, ['Session has expired (forced re-login)']);
    const [row] = await auditRows('session.refresh.refused', sid);
    assert.equal(row.severity, 'WARNING');
    assert.equal((row.details as { reason: string }).reason, 'Session has expired (forced re-login)');
    // the refused cookie was cleared: the next refresh has none and finds no session (no access token)
    assert.equal((await browser.refresh()).body.accessToken, undefined, 'the session stays ended');
    assert.equal((await passwordSignIn(browser, 'worker@acme.test', PASSWORD)).status, 200, 'a new sign-in starts a new session');
  });

  it('SI-3.11 AB-7.38 idle timeout: a refresh more than the idle time after the last refresh is refused; refreshing in time keeps the session', async () => {
    await makeUser('worker@acme.test');
    await configure({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 600 } });
    const browser = new Client(harness.emu);
    const sid = decodeJwt((await passwordSignIn(browser, 'worker@acme.test', PASSWORD)).body.accessToken).sid as string;
    for (let i = 0; i < 3; i++) {
      await advanceClock(500);
      assert.equal((await browser.refresh()).status, 200, `active refresh ${i + 1}`);
    }
    await advanceClock(601);
    const refused = await browser.refresh();
    assert.equal(refused.status, 401);
    assert.deepEqual(refused.body.errors, ['Session has expired (idle timeout)']);
    assert.equal((await auditRows('session.refresh.refused', sid)).length, 1);
  });

  it('SI-3.11 issue 31: a stricter idle timeout or forced re-login saved during a session applies from the next sign-in, not to the session itself', async () => {
    await makeUser('worker@acme.test');
    const browser = new Client(harness.emu);
    await passwordSignIn(browser, 'worker@acme.test', PASSWORD);
    await configure({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 120 }, sessionTimeoutConfiguration: { isActive: true, timeout: 300 } });
    await advanceClock(600);
    assert.equal((await browser.refresh()).status, 200, 'the session signed in before the change keeps its policy (none)');
    const next = new Client(harness.emu);
    await passwordSignIn(next, 'worker@acme.test', PASSWORD);
    await advanceClock(121);
    const refused = await next.refresh();
    assert.equal(refused.status, 401);
    assert.deepEqual(refused.body.errors, ['Session has expired (idle timeout)'], 'the next sign-in has the new policy');
  });

  it('SI-3.11 issue 31: a looser idle timeout saved during a session applies from the next sign-in too', async () => {
    await makeUser('worker@acme.test');
    await configure({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 600 } });
    const browser = new Client(harness.emu);
    await passwordSignIn(browser, 'worker@acme.test', PASSWORD);
    await configure({ sessionIdleTimeoutConfiguration: OFF });
    await advanceClock(601);
    assert.deepEqual((await browser.refresh()).body.errors, ['Session has expired (idle timeout)']);
  });

  it('SI-3.11 without session settings a session refreshes after long idle (the refresh token’s own lifetime only)', async () => {
    await makeUser('worker@acme.test');
    const browser = new Client(harness.emu);
    await passwordSignIn(browser, 'worker@acme.test', PASSWORD);
    await advanceClock(3 * 86_400);
    assert.equal((await browser.refresh()).status, 200);
  });

  it('SI-3.11 AB-7.39 maximum 2 concurrent sessions: the third sign-in ends the first (audited), the other two live on', async () => {
    const userId = await makeUser('worker@acme.test');
    await configure({ sessionConcurrentConfiguration: { isActive: true, maxSessions: 2 } });
    const browsers = [new Client(harness.emu), new Client(harness.emu), new Client(harness.emu)];
    const sids: string[] = [];
    for (const b of browsers) {
      sids.push(decodeJwt((await passwordSignIn(b, 'worker@acme.test', PASSWORD)).body.accessToken).sid as string);
      await advanceClock(1);
    }
    const first = await browsers[0].refresh();
    assert.equal(first.status, 401);
    assert.equal((await browsers[1].refresh()).status, 200);
    assert.equal((await browsers[2].refresh()).status, 200);
    const worker = await apiAs(await tokenOf('worker@acme.test', PASSWORD));
    assert.equal((await worker.auth.getCurrentUserSessions()).length, 2, 'that sign-in ended the oldest again');
    const [row] = await auditRows('session.revoked', sids[0]);
    assert.equal(row.severity, 'WARNING');
    assert.equal(row.actorId, userId);
    assert.equal(row.ip, USER_IP);
    assert.deepEqual([(row.details as { reason: string }).reason, (row.details as { maxSessions: number }).maxSessions], ['maxSessions', 2]);
  });

  it('AB-7.39 an admin revokes every session of a user (POST revoke with userId): none refreshes, the admin’s own stays', async () => {
    const userId = await makeUser('worker@acme.test');
    const browsers = [new Client(harness.emu), new Client(harness.emu)];
    for (const b of browsers) await passwordSignIn(b, 'worker@acme.test', PASSWORD);
    const admin = await harness.signIn();
    await (await apiAs(admin.token)).auth.revokeSessionsForUser(userId);
    for (const b of browsers) assert.equal((await b.refresh()).status, 401);
    assert.equal((await admin.client.refresh()).status, 200);
    assert.equal((await auditRows('user.sessions.revoked', userId))[0].severity, 'WARNING');
  });
});
