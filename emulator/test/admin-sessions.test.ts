/**
 * Sessions and session configurations of the admin portal (api-contract §S), called through Frontegg's own client
 * (`@frontegg/rest-api`) so that every request is the one the reference product sends.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import type { ISessionConfigurations, ISessionResponse } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { apiAs, makeUser, auditRows } = harness;

/** A sign-in from a browser (`userAgent`, `ip`): the cookie-jar client, its access token and its session id (`sid`). */
async function signIn(userAgent: string, ip: string, email?: string, password?: string) {
  const { client, token } = await harness.signIn(email, password, { 'user-agent': userAgent, 'x-forwarded-for': ip });
  return { browser: client, token, sid: decodeJwt(token).sid as string };
}

/** The reader user (ReadOnly role); its id. */
const makeReader = () => makeUser('reader@acme.test');

describe("the signed-in user's sessions", () => {
  it('AB-3.19 AB-7.39 lists every live session with id, userAgent, ipAddress, createdAt, expires and which one is current', async () => {
    const a = await signIn('Browser A', '203.0.113.7');
    const b = await signIn('Browser B', '198.51.100.2');
    const api = await apiAs(a.token);
    const list: ISessionResponse[] = await api.auth.getCurrentUserSessions();
    assert.equal(list.length, 2);
    const mine = list.find((s) => s.id === a.sid);
    const other = list.find((s) => s.id === b.sid);
    assert.ok(mine && other);
    assert.equal(mine.current, true);
    assert.equal(other.current, false);
    assert.equal(mine.userAgent, 'Browser A');
    assert.equal(mine.ipAddress, '203.0.113.7');
    assert.equal(other.userAgent, 'Browser B');
    assert.equal(other.ipAddress, '198.51.100.2');
    assert.ok(!Number.isNaN(Date.parse(String(mine.createdAt))));
    assert.ok(Date.parse(String(mine.expires)) > Date.now());
    const current: ISessionResponse = await api.auth.getCurrentUserSession();
    assert.equal(current.id, a.sid);
    assert.equal(current.current, true);
  });

  it('AB-7.39 a refresh keeps the session (same id, still current); its sign-in time stays', async () => {
    const a = await signIn('Browser A', '203.0.113.7');
    const before = (await (await apiAs(a.token)).auth.getCurrentUserSessions())[0];
    const refreshed = await a.browser.refresh();
    assert.equal(refreshed.status, 200, refreshed.text);
    const after = await (await apiAs(refreshed.body.accessToken)).auth.getCurrentUserSessions();
    assert.equal(after.length, 1);
    assert.equal(after[0].id, before.id);
    assert.equal(after[0].current, true);
    assert.equal(after[0].createdAt, before.createdAt);
  });

  it('AB-7.39 deleting one session ends it: its refresh fails, the others stay; audited', async () => {
    const a = await signIn('Browser A', '203.0.113.7');
    const b = await signIn('Browser B', '198.51.100.2');
    const api = await apiAs(a.token);
    await api.auth.deleteSessionForUser(b.sid);
    assert.deepEqual(
      (await api.auth.getCurrentUserSessions()).map((s) => s.id),
      [a.sid],
    );
    assert.equal((await b.browser.refresh()).status, 401, 'the deleted session cannot refresh');
    assert.equal((await a.browser.refresh()).status, 200, 'the current one still can');
    const [row] = await auditRows('session.deleted', b.sid);
    assert.equal(row.severity, 'WARNING');
    await rejectsWith(api.auth.deleteSessionForUser('no-such-session'), 404, 'Session not found');
  });

  it("AB-7.39 deleting all sessions ends every other session and keeps the current one; another user's sessions are untouched", async () => {
    const a = await signIn('Browser A', '203.0.113.7');
    const b = await signIn('Browser B', '198.51.100.2');
    const c = await signIn('Browser C', '198.51.100.3');
    await makeReader();
    const reader = await signIn('Reader', '192.0.2.1', 'reader@acme.test', PASSWORD);
    const api = await apiAs(a.token);
    await api.auth.deleteAllSessionsForUser();
    const left = await api.auth.getCurrentUserSessions();
    assert.deepEqual(
      left.map((s) => [s.id, s.current]),
      [[a.sid, true]],
    );
    assert.equal((await b.browser.refresh()).status, 401);
    assert.equal((await c.browser.refresh()).status, 401);
    assert.equal((await reader.browser.refresh()).status, 200);
    assert.equal((await auditRows('user.sessions.deleted', SEED.adminUserId)).length, 1);
  });
});

describe('revoking the sessions of a user (admin)', () => {
  it("AB-7.40 POST revoke { userId } ends every session of that user in the tenant, not the admin's; audited", async () => {
    const admin = await signIn('Admin browser', '203.0.113.7');
    const readerId = await makeReader();
    const r1 = await signIn('Reader 1', '192.0.2.1', 'reader@acme.test', PASSWORD);
    const r2 = await signIn('Reader 2', '192.0.2.2', 'reader@acme.test', PASSWORD);
    const api = await apiAs(admin.token);
    await api.auth.revokeSessionsForUser(readerId);
    assert.equal((await r1.browser.refresh()).status, 401);
    assert.equal((await r2.browser.refresh()).status, 401);
    assert.equal((await admin.browser.refresh()).status, 200);
    const [row] = await auditRows('user.sessions.revoked', readerId);
    assert.equal(row.details.sessions, 2);
    assert.equal(row.severity, 'WARNING');
  });

  it('AB-8.03 AB-7.40 needs fe.secure.delete.sessions; an unknown user → 404; no userId → 400', async () => {
    await makeReader();
    const reader = await signIn('Reader', '192.0.2.1', 'reader@acme.test', PASSWORD);
    const readerApi = await apiAs(reader.token);
    await rejectsWith(readerApi.auth.revokeSessionsForUser(SEED.adminUserId), 403, 'Not authorized');
    const admin = await apiAs((await signIn('Admin', '203.0.113.7')).token);
    await rejectsWith(admin.auth.revokeSessionsForUser('no-such-user'), 404, 'User not found');
    await rejectsWith(admin.auth.revokeSessionsForUser(''), 400, 'userId: userId is required');
  });
});

describe('session configurations', () => {
  it('AB-7.38 SI-3.11 read the defaults, save idle timeout, forced re-login and concurrent sessions, read them back; audited', async () => {
    const api = await apiAs((await signIn('Admin', '203.0.113.7')).token);
    const defaults: ISessionConfigurations = await api.auth.getSessionConfigurations();
    assert.equal(defaults.sessionTimeoutConfiguration?.isActive, false);
    assert.equal(defaults.sessionIdleTimeoutConfiguration?.isActive, false);
    assert.equal(defaults.sessionConcurrentConfiguration?.isActive, false);
    await api.auth.createOrUpdateSessionConfigrations({
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 900 },
      sessionConcurrentConfiguration: { isActive: true, maxSessions: 3 },
    });
    const saved = await api.auth.getSessionConfigurations();
    assert.deepEqual(saved.sessionIdleTimeoutConfiguration, { isActive: true, timeout: 900 });
    assert.deepEqual(saved.sessionConcurrentConfiguration, { isActive: true, maxSessions: 3 });
    assert.deepEqual(saved.sessionTimeoutConfiguration, defaults.sessionTimeoutConfiguration, 'objects not sent are kept');
    await api.auth.createOrUpdateSessionConfigrations({ sessionTimeoutConfiguration: { isActive: true, timeout: 7200 } });
    const again = await api.auth.getSessionConfigurations();
    assert.deepEqual(again.sessionTimeoutConfiguration, { isActive: true, timeout: 7200 });
    assert.deepEqual(again.sessionIdleTimeoutConfiguration, { isActive: true, timeout: 900 });
    assert.equal((await auditRows('session-configuration.updated', SEED.tenantId)).length, 2);
  });

  it('AB-7.38 AB-8.03 reading needs fe.secure.read.securityPolicy, saving fe.secure.write.securityPolicy; bad values → 400', async () => {
    await makeReader();
    const reader = await apiAs((await signIn('Reader', '192.0.2.1', 'reader@acme.test', PASSWORD)).token);
    assert.ok((await reader.auth.getSessionConfigurations()).sessionTimeoutConfiguration);
    await rejectsWith(reader.auth.createOrUpdateSessionConfigrations({ sessionTimeoutConfiguration: { isActive: true, timeout: 3600 } }), 403, 'Not authorized');
    const api = await apiAs((await signIn('Admin', '203.0.113.7')).token);
    await rejectsWith(
      api.auth.createOrUpdateSessionConfigrations({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 5 } }),
      400,
      /sessionIdleTimeoutConfiguration.timeout must be at least 60 seconds/,
    );
    await rejectsWith(api.auth.createOrUpdateSessionConfigrations({ sessionConcurrentConfiguration: { isActive: true, maxSessions: 0 } }), 400, /maxSessions must be at least 1/);
    assert.equal((await api.auth.getSessionConfigurations()).sessionIdleTimeoutConfiguration?.isActive, false, 'nothing saved');
  });
});
