import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';
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

const MFA = `${P}/users/v1/mfa`;
const code = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offset * 30_000 });

async function signedIn() {
  const c = new Client(emu);
  const res = await c.login('admin@acme.test', 'Admin-Passw0rd!');
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { c, auth: { authorization: `Bearer ${res.body.accessToken}` } };
}

describe("the signed-in user's authenticator (api-contract U)", () => {
  it('SI-7.54 GET mfa/devices lists the devices of every kind (phones masked)', async () => {
    const { c, auth } = await signedIn();
    assert.deepEqual((await c.get(`${MFA}/devices`, auth)).body, { webauthn: [], phones: [], authenticators: [], emails: [] });
    const me = await c.get(`${P}/users/v2/me`, auth);
    const userId = me.body.id ?? me.body.sub;
    assert.equal((await c.post(`/_emulator/users/${userId}/mfa-phones`, { phoneNumber: '+14155550123' })).status, 201);
    assert.equal((await c.post(`/_emulator/users/${userId}/mfa-emails`, {})).status, 201);
    const devices = (await c.get(`${MFA}/devices`, auth)).body;
    assert.equal(devices.phones.length, 1);
    assert.notEqual(devices.phones[0].phoneNumber, '+14155550123', 'masked');
    assert.ok(devices.phones[0].phoneNumber.endsWith('23'));
    assert.deepEqual(devices.emails, [{ email: 'admin@acme.test' }]);
  });

  it('SI-7.55 enroll → QR code and secret; enroll/verify with a code → recovery code; devices lists it; step-up then verifies', async () => {
    const { c, auth } = await signedIn();
    const pre = await c.post(`${MFA}/authenticator/enroll`, undefined, auth);
    assert.equal(pre.status, 200);
    assert.match(pre.body.qrCode, /^data:image\/png;base64,/);
    const wrong = await c.post(`${MFA}/authenticator/enroll/verify`, { token: '000000' === code(pre.body.secret) ? '111111' : '000000' }, auth);
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body.errors, ['Invalid code']);
    const ok = await c.post(`${MFA}/authenticator/enroll/verify`, { token: code(pre.body.secret) }, auth);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.ok(ok.body.recoveryCode);
    const devices = await c.get(`${MFA}/devices`, auth);
    assert.equal(devices.body.authenticators.length, 1);
    const again = await c.post(`${MFA}/authenticator/enroll`, undefined, auth);
    assert.equal(again.status, 400, 'already enrolled');
    const stepUp = await c.post(`${P}/auth/v1/user/step-up/generate`, { maxAge: 60 }, auth);
    assert.equal(stepUp.status, 200, 'step-up finds the new device');
    assert.equal(stepUp.body.mfaDevices.authenticators[0].id, devices.body.authenticators[0].id);
  });

  it('needs a bearer token, and enroll/verify needs a started enrolment', async () => {
    const c = new Client(emu);
    assert.equal((await c.post(`${MFA}/authenticator/enroll`)).status, 401);
    assert.equal((await c.get(`${MFA}/devices`)).status, 401);
    const { c: c2, auth } = await signedIn();
    const res = await c2.post(`${MFA}/authenticator/enroll/verify`, { token: '123456' }, auth);
    assert.equal(res.status, 400);
  });
});
