/**
 * Changing the password of a signed-in user (api-contract changePassword,
 * sign-in §7 SI-7.26) against the real database.
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import type { Emulator } from '../src/app.ts';
import { Client, P, startEmulator } from './helpers.ts';

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
const NEW_PASSWORD = 'Brand-New-Passw0rd!';
const CHANGE = `${P}/users/v1/passwords/change`;

async function signedIn(): Promise<{ c: Client; token: string }> {
  const c = new Client(emu);
  const res = await c.login(ADMIN.email, ADMIN.password);
  assert.equal(res.status, 200, res.text);
  return { c, token: res.body.accessToken };
}

describe('POST users/v1/passwords/change', () => {
  it('SI-7.26 with the current password: the new one signs in, the old one not; this session stays, the others end; audited and emailed', async () => {
    const { c, token } = await signedIn();
    const other = await signedIn();
    const res = await c.post(CHANGE, { password: ADMIN.password, newPassword: NEW_PASSWORD }, c.bearer(token));
    assert.equal(res.status, 200, res.text);
    assert.equal((await c.refresh()).status, 200, 'the caller stays signed in');
    assert.equal((await other.c.refresh()).status, 401, 'another session ends');
    assert.equal((await new Client(emu).login(ADMIN.email, ADMIN.password)).status, 401);
    assert.equal((await new Client(emu).login(ADMIN.email, NEW_PASSWORD)).status, 200);
    const audits = (await c.get('/_emulator/audits?action=user.password.changed')).body as { actorId: string; targetId: string }[];
    assert.equal(audits.length, 1);
    assert.equal(audits[0].actorId, emu.seed.admin.userId);
    const mail = ((await c.get('/_emulator/outbox')).body as { to: string; subject: string }[]).find((m) => m.subject === 'Your password was changed');
    assert.equal(mail?.to, ADMIN.email);
  });

  it('SI-7.26 a wrong current password (400 ER-PASSWORD-INCORRECT), a new one the rules refuse (400 ER-PASSWORD-POLICY) and no bearer (401) change nothing', async () => {
    const { c, token } = await signedIn();
    const wrong = await c.post(CHANGE, { password: 'not-it', newPassword: NEW_PASSWORD }, c.bearer(token));
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.errorCode, 'ER-PASSWORD-INCORRECT');
    const weak = await c.post(CHANGE, { password: ADMIN.password, newPassword: 'short' }, c.bearer(token));
    assert.equal(weak.status, 400);
    assert.equal(weak.body.errorCode, 'ER-PASSWORD-POLICY');
    const anonymous = await new Client(emu).post(CHANGE, { password: ADMIN.password, newPassword: NEW_PASSWORD });
    assert.equal(anonymous.status, 401);
    const missing = await c.post(CHANGE, { password: ADMIN.password }, c.bearer(token));
    assert.equal(missing.status, 400);
    assert.equal((await new Client(emu).login(ADMIN.email, ADMIN.password)).status, 200, 'the password is unchanged');
  });
});
