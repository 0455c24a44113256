/**
 * The idle session timeout for the signed-in user (emulator addition, `GET …/configurations/sessions/v1/me`; issue 22
 * item 2 "In the browser", SI-3.11): what `<fe-app>` reads to sign an idle user out. The admin sets the policy through
 * Frontegg's own client (`@frontegg/rest-api`).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { P } from './helpers.ts';
import { PASSWORD, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const ME = `${P}/configurations/sessions/v1/me`;

/** A member without any role (no `fe.secure.read.securityPolicy`): its cookie-jar client and bearer headers. */
async function member() {
  await harness.makeUser('member@acme.test', []);
  const { client, token } = await harness.signIn('member@acme.test', PASSWORD);
  return { client, auth: { authorization: `Bearer ${token}` } };
}

describe('the idle session timeout of the signed-in user (issue 22)', () => {
  it('SI-3.11 any member reads it: inactive, 1800 s until an admin sets it; the admin endpoint stays closed to them', async () => {
    const { client, auth } = await member();
    const res = await client.get(ME, auth);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { sessionIdleTimeoutConfiguration: { isActive: false, timeout: 1800 } });
    assert.equal((await client.get(`${P}/configurations/sessions/v1`, auth)).status, 403, 'the full configurations still need the permission');
  });

  it("SI-3.11 the admin's change (POST session configurations) shows for every member of the account from their next sign-in (issue 31)", async () => {
    const admin = await harness.adminApi();
    await admin.auth.createOrUpdateSessionConfigrations({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 120 } });
    const { client, auth } = await member();
    assert.deepEqual((await client.get(ME, auth)).body, { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 120 } });
    await admin.auth.createOrUpdateSessionConfigrations({ sessionIdleTimeoutConfiguration: { isActive: false, timeout: 600 } });
    assert.deepEqual((await client.get(ME, auth)).body, { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 120 } }, 'the session keeps the policy of its sign-in');
    const refreshed = await client.refresh();
    assert.equal(refreshed.status, 200, refreshed.text);
    const again = { authorization: `Bearer ${refreshed.body.accessToken}` };
    assert.deepEqual((await client.get(ME, again)).body, { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 120 } }, 'a refresh is no sign-in');
    const next = await harness.signIn('member@acme.test', PASSWORD);
    assert.deepEqual((await next.client.get(ME, { authorization: `Bearer ${next.token}` })).body, { sessionIdleTimeoutConfiguration: { isActive: false, timeout: 600 } });
  });

  it('SI-3.11 401 without a session (no bearer, or a forged one)', async () => {
    const { client } = await member();
    const none = await client.get(ME);
    assert.equal(none.status, 401);
    assert.equal(none.body.errors?.[0], 'Unauthorized');
    assert.equal((await client.get(ME, { authorization: 'Bearer a.b.c' })).status, 401);
  });
});
