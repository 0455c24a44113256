import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';
import { decodeJwt } from 'jose';
import type { Emulator } from '../src/app.ts';
import { mfaTokens } from '../src/db/schema.ts';
import type { OutboxItem } from '../src/outbox.ts';
import { Client, P, refreshCookie, startEmulator } from './helpers.ts';

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
const MFA = `${P}/auth/v1/user/mfa`;
const MFA_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

/** A code for the current step (offset 0) or a later one (offset 1 = next 30 s window, still inside ±1). */
const code = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offset * 30_000 });
const wrong = (good: string) => String((Number(good) + 1) % 1_000_000).padStart(6, '0');

/** Forces MFA, signs in and enrols an authenticator. Returns the secret and the enrolment answer. */
async function enrol(c: Client) {
  await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
  const login = await c.login(ADMIN.email, ADMIN.password);
  const pre = await c.post(`${MFA}/authenticator/enroll`, { mfaToken: login.body.mfaToken });
  const secret = pre.body.secret as string;
  const done = await c.post(`${MFA}/authenticator/enroll/verify`, { mfaToken: login.body.mfaToken, token: code(secret) });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  await c.put('/_emulator/mfa-policy', { enforceMFAType: 'DontForce' });
  return { secret, done };
}

describe('MFA at login', () => {
  it('SI-7.42 a forced policy answers mfaRequired without tokens; enrolment with a TOTP from the returned secret signs in', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    const login = await c.login(ADMIN.email, ADMIN.password);
    assert.equal(login.status, 200);
    assert.deepEqual(Object.keys(login.body).sort(), ['email', 'mfaDevices', 'mfaEnrolled', 'mfaRequired', 'mfaStrategies', 'mfaToken', 'userId']);
    assert.equal(login.body.mfaRequired, true);
    assert.equal(login.body.mfaEnrolled, false);
    assert.deepEqual(login.body.mfaStrategies, ['AuthenticatorApp']);
    assert.deepEqual(login.body.mfaDevices, { authenticators: [], phones: [], webauthn: [], emails: [] });
    assert.equal(login.body.accessToken, undefined);
    assert.equal(refreshCookie(c), undefined, 'no cookie before MFA');

    const pre = await c.post(`${MFA}/authenticator/enroll`, { mfaToken: login.body.mfaToken });
    assert.equal(pre.status, 200);
    assert.match(pre.body.qrCode, /^data:image\/png;base64,/);
    assert.match(pre.body.secret, /^[A-Z2-7]{32}$/);

    const bad = await c.post(`${MFA}/authenticator/enroll/verify`, { mfaToken: login.body.mfaToken, token: wrong(code(pre.body.secret)) });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors, ['Invalid code']);

    const done = await c.post(`${MFA}/authenticator/enroll/verify`, { mfaToken: login.body.mfaToken, token: code(pre.body.secret) });
    assert.equal(done.status, 200);
    assert.ok(done.body.accessToken);
    assert.match(done.body.recoveryCode, /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    assert.equal(done.body.mfaEnrolled, true);
    assert.ok(refreshCookie(c));
    const claims = decodeJwt(done.body.accessToken);
    assert.deepEqual(claims.amr, ['pwd', 'mfa', 'otp']);
    assert.equal(claims.acr, MFA_ACR);
    assert.equal(typeof claims.auth_time, 'number');

    const reuse = await c.post(`${MFA}/authenticator/enroll/verify`, { mfaToken: login.body.mfaToken, token: code(pre.body.secret, 1) });
    assert.equal(reuse.status, 400, 'the mfaToken is single use');
  });

  it('SI-7.31 an enrolled user gets an MFA challenge; user/mfa/verify rejects a wrong code and accepts a right one', async () => {
    const c = new Client(emu);
    const { secret } = await enrol(c);
    c.jar.clear();
    const login = await c.login(ADMIN.email, ADMIN.password);
    assert.equal(login.body.mfaRequired, true);
    assert.equal(login.body.mfaEnrolled, true);
    assert.equal(login.body.mfaDevices.authenticators.length, 1);
    assert.ok(login.body.mfaDevices.authenticators[0].id);

    const good = code(secret, 1);
    const bad = await c.post(`${MFA}/verify`, { mfaToken: login.body.mfaToken, value: wrong(good), rememberDevice: false });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors, ['Invalid code']);
    assert.equal(refreshCookie(c), undefined);

    const ok = await c.post(`${MFA}/verify`, { mfaToken: login.body.mfaToken, value: good, rememberDevice: false });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.mfaRequired, false);
    assert.deepEqual(ok.body.amr, ['pwd', 'mfa', 'otp']);
    assert.equal(ok.body.acr, MFA_ACR);
    assert.ok(refreshCookie(c));

    // a refresh keeps the MFA claims
    const refreshed = await c.refresh();
    assert.deepEqual(decodeJwt(refreshed.body.accessToken).amr, ['pwd', 'mfa', 'otp']);

    // the same code cannot be replayed on a new challenge
    const again = await c.login(ADMIN.email, ADMIN.password);
    const replay = await c.post(`${MFA}/verify`, { mfaToken: again.body.mfaToken, value: good });
    assert.equal(replay.status, 400);
  });

  it('authenticator/{deviceId}/verify verifies one device (literal enroll/verify routed first)', async () => {
    const c = new Client(emu);
    const { secret } = await enrol(c);
    const login = await c.login(ADMIN.email, ADMIN.password);
    const deviceId = login.body.mfaDevices.authenticators[0].id;
    const unknown = await c.post(`${MFA}/authenticator/00000000-0000-0000-0000-000000000000/verify`, { mfaToken: login.body.mfaToken, value: code(secret, 1) });
    assert.equal(unknown.status, 404);
    const ok = await c.post(`${MFA}/authenticator/${deviceId}/verify`, { mfaToken: login.body.mfaToken, value: code(secret, 1) });
    assert.equal(ok.status, 200);
    assert.ok(ok.body.accessToken);
    assert.equal(ok.body.userId, emu.seed.admin.userId);
  });

  it('an expired or unknown mfaToken is refused', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    const login = await c.login(ADMIN.email, ADMIN.password);
    assert.equal((await c.post(`${MFA}/authenticator/enroll`, { mfaToken: 'nope' })).status, 400);
    await emu.db.update(mfaTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await c.post(`${MFA}/authenticator/enroll`, { mfaToken: login.body.mfaToken });
    assert.equal(res.status, 400);
    assert.match(res.body.errors[0], /expired/);
  });

  it('SI-7.41 user/mfa/recover with the recovery code removes MFA; the code is single use', async () => {
    const c = new Client(emu);
    const { done } = await enrol(c);
    const recoveryCode = done.body.recoveryCode as string;

    const bad = await c.post(`${MFA}/recover`, { email: ADMIN.email, recoveryCode: 'AAAA-BBBB-CCCC-DDDD' });
    assert.equal(bad.status, 400);
    const ok = await c.post(`${MFA}/recover`, { email: ADMIN.email, recoveryCode: recoveryCode.toLowerCase() });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, {});

    const login = await c.login(ADMIN.email, ADMIN.password);
    assert.equal(login.body.mfaRequired, false);
    assert.ok(login.body.accessToken);
    assert.equal(login.body.mfaEnrolled, false);

    const again = await c.post(`${MFA}/recover`, { email: ADMIN.email, recoveryCode });
    assert.equal(again.status, 400);

    const box = await c.get<OutboxItem[]>('/_emulator/outbox');
    assert.deepEqual(
      box.body.slice(0, 2).map((m) => m.subject),
      ['Two-factor authentication was removed', 'Two-factor authentication is on'],
    );
    assert.ok(!box.body.some((m) => m.text.includes(recoveryCode)), 'the recovery code is never mailed');
  });

  it('SI-7.56 mfa-policy/allow-remember-device answers the remember-device check', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    const login = await c.login(ADMIN.email, ADMIN.password);
    const res = await c.get(`${P}/configurations/v1/mfa-policy/allow-remember-device?mfaToken=${encodeURIComponent(login.body.mfaToken)}`);
    assert.deepEqual(res.body, { isAllowedToRemember: false, mfaDeviceExpiration: 0 });
  });

  it('sign-up under a forced policy answers an MFA challenge in authResponse and sets no cookie', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    const res = await c.post(`${P}/users/v1/signUp`, { email: 'mfa-new@example.test', password: 'Str0ng-Passw0rd!' });
    assert.equal(res.body.authResponse.mfaRequired, true);
    assert.ok(res.body.authResponse.mfaToken);
    assert.equal(refreshCookie(c), undefined);
  });
});
