/**
 * MFA at login for SMS, email codes and WebAuthn, remember-device, the device
 * list and strategies of the MFA challenge, and the /_emulator helpers
 * (routes/mfa-methods.ts, src/mfa-devices.ts; api-contract B).
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import type { Emulator } from '../src/app.ts';
import { Client, P, refreshCookie, startEmulator } from './helpers.ts';
import { PAGE, SoftAuthenticator } from './soft-authenticator.ts';

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

const MFA = `${P}/auth/v1/user/mfa`;
const PASSWORD = 'Correct-Horse-9';
const page = { origin: PAGE };

async function newUser(c: Client, email = `u${Math.random().toString(36).slice(2, 8)}@example.test`) {
  const res = await c.post('/_emulator/users', { email, password: PASSWORD });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { id: res.body.id as string, email };
}

/** The latest outbox message to `to` on `channel`. */
async function lastMessage(c: Client, to: string, channel: 'sms' | 'email') {
  const res = await c.get('/_emulator/outbox');
  const items = (Array.isArray(res.body) ? res.body : res.body.items) as { to: string; channel: string; code?: string; subject: string }[];
  const m = items.filter((i) => i.to === to && i.channel === channel);
  return m.sort(() => 0)[0];
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('MFA challenge at login: devices of every kind, strategies', () => {
  it('SI-3.16 SI-3.25 SI-4.07 mfaDevices lists phones (masked), emails, authenticators; mfaStrategies the active ones', async () => {
    const c = new Client(emu);
    const u = await newUser(c);
    await c.put('/_emulator/mfa-settings', { strategies: { SMS: true, EmailCode: true } });
    const phone = await c.post(`/_emulator/users/${u.id}/mfa-phones`, { phoneNumber: '+15551234567' });
    assert.equal(phone.status, 201);
    assert.equal((await c.post(`/_emulator/users/${u.id}/mfa-emails`, {})).status, 201);
    const login = await c.login(u.email, PASSWORD);
    assert.equal(login.body.mfaRequired, true);
    assert.equal(login.body.mfaEnrolled, true);
    assert.deepEqual(login.body.mfaStrategies, ['AuthenticatorApp', 'SMS', 'EmailCode']);
    assert.deepEqual(login.body.mfaDevices, {
      webauthn: [],
      authenticators: [],
      phones: [{ id: phone.body.id, phoneNumber: '+1******4567' }],
      emails: [{ email: u.email }],
    });
    const strategies = await c.get('/_emulator/mfa-settings');
    assert.equal(strategies.body.strategies.SMS, true);
  });

  it('the signed-in config lists every strategy with isActive (GET configurations/v1/mfa/strategies)', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/mfa-settings', { strategies: { WebAuthnPlatform: true } });
    const admin = await c.login('admin@acme.test', 'Admin-Passw0rd!');
    const res = await c.get(`${P}/configurations/v1/mfa/strategies`, c.bearer(admin.body.accessToken));
    assert.deepEqual(res.body.strategies, [
      { strategy: 'AuthenticatorApp', isActive: true },
      { strategy: 'WebAuthnPlatform', isActive: true },
      { strategy: 'WebAuthnCrossPlatform', isActive: false },
      { strategy: 'SMS', isActive: false },
      { strategy: 'EmailCode', isActive: false },
    ]);
  });
});

describe('SMS codes at login', () => {
  it('SI-7.42 sms/{id} sends a code to the outbox; sms/{id}/verify with it signs in (amr sms)', async () => {
    const c = new Client(emu);
    const u = await newUser(c);
    const phone = await c.post(`/_emulator/users/${u.id}/mfa-phones`, { phoneNumber: '+15551234567' });
    const login = await c.login(u.email, PASSWORD);
    const sent = await c.post(`${MFA}/sms/${phone.body.id}`, { mfaToken: login.body.mfaToken });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.ok(sent.body.otcToken);
    assert.equal(sent.body.phoneNumber, '+1******4567');
    const msg = await lastMessage(c, '+15551234567', 'sms');
    assert.match(msg.code!, /^\d{6}$/);
    const bad = await c.post(`${MFA}/sms/${phone.body.id}/verify`, { mfaToken: login.body.mfaToken, otcToken: sent.body.otcToken, code: wrongCode(msg.code!) });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { errors: ['Invalid code'], errorCode: 'ER-MFA-INVALID-CODE' });
    const ok = await c.post(`${MFA}/sms/${phone.body.id}/verify`, { mfaToken: login.body.mfaToken, otcToken: sent.body.otcToken, code: msg.code });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(decodeJwt(ok.body.accessToken).amr, ['pwd', 'mfa', 'sms']);
    assert.ok(refreshCookie(c));
    // the same code again: "already used" (told apart from wrong and expired)
    const again = await c.post(`${MFA}/sms/${phone.body.id}/verify`, { mfaToken: login.body.mfaToken, otcToken: sent.body.otcToken, code: msg.code });
    assert.equal(again.status, 400);
    assert.equal(again.body.errorCode, 'ER-MFA-CODE-USED');
  });

  it('a code expires after codeTtlSeconds (ER-MFA-CODE-EXPIRED); sending again within 30 s is 429; a new code works', async () => {
    const c = new Client(emu);
    const u = await newUser(c);
    const phone = await c.post(`/_emulator/users/${u.id}/mfa-phones`, { phoneNumber: '+15557654321' });
    const login = await c.login(u.email, PASSWORD);
    const sent = await c.post(`${MFA}/sms/${phone.body.id}`, { mfaToken: login.body.mfaToken });
    const soon = await c.post(`${MFA}/sms/${phone.body.id}`, { mfaToken: login.body.mfaToken });
    assert.equal(soon.status, 429);
    assert.equal(soon.body.errorCode, 'ER-MFA-CODE-RATE-LIMIT');
    assert.match(soon.body.errors[0], /^Please wait \d+ seconds before requesting a new code$/);
    const code = (await lastMessage(c, '+15557654321', 'sms')).code!;
    await c.put('/_emulator/clock', { offsetSeconds: 301 });
    const expired = await c.post(`${MFA}/sms/${phone.body.id}/verify`, { mfaToken: login.body.mfaToken, otcToken: sent.body.otcToken, code });
    assert.equal(expired.status, 400);
    assert.deepEqual(expired.body, { errors: ['This code has expired. Send a new code.'], errorCode: 'ER-MFA-CODE-EXPIRED' });
    // 301 s later the resend interval is over: a new code, and the old one is replaced
    const again = await c.post(`${MFA}/sms/${phone.body.id}`, { mfaToken: login.body.mfaToken });
    assert.equal(again.status, 200);
    const old = await c.post(`${MFA}/sms/${phone.body.id}/verify`, { mfaToken: login.body.mfaToken, otcToken: sent.body.otcToken, code });
    assert.equal(old.body.errorCode, 'ER-MFA-CODE-REPLACED');
    const fresh = (await lastMessage(c, '+15557654321', 'sms')).code!;
    const ok = await c.post(`${MFA}/sms/${phone.body.id}/verify`, { mfaToken: login.body.mfaToken, otcToken: again.body.otcToken, code: fresh });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  it('5 wrong codes revoke the code (ER-MFA-CODE-ATTEMPTS)', async () => {
    const c = new Client(emu);
    const u = await newUser(c);
    const phone = await c.post(`/_emulator/users/${u.id}/mfa-phones`, { phoneNumber: '+15550000001' });
    const login = await c.login(u.email, PASSWORD);
    const sent = await c.post(`${MFA}/sms/${phone.body.id}`, { mfaToken: login.body.mfaToken });
    const code = (await lastMessage(c, '+15550000001', 'sms')).code!;
    for (let i = 0; i < 5; i++) {
      const r = await c.post(`${MFA}/sms/${phone.body.id}/verify`, { mfaToken: login.body.mfaToken, otcToken: sent.body.otcToken, code: wrongCode(code) });
      assert.equal(r.body.errorCode, 'ER-MFA-INVALID-CODE');
    }
    const r = await c.post(`${MFA}/sms/${phone.body.id}/verify`, { mfaToken: login.body.mfaToken, otcToken: sent.body.otcToken, code });
    assert.equal(r.body.errorCode, 'ER-MFA-CODE-ATTEMPTS');
  });

  it('SI-4.10 forced enrolment: sms/enroll (E.164 only, SMS active) → sms/enroll/verify adds the phone and a recovery code', async () => {
    const c = new Client(emu);
    const u = await newUser(c);
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    const login = await c.login(u.email, PASSWORD);
    assert.equal(login.body.mfaEnrolled, false);
    const inactive = await c.post(`${MFA}/sms/enroll`, { mfaToken: login.body.mfaToken, phoneNumber: '+15551112222' });
    assert.equal(inactive.body.errorCode, 'ER-MFA-STRATEGY-INACTIVE');
    await c.put('/_emulator/mfa-settings', { strategies: { SMS: true } });
    const invalid = await c.post(`${MFA}/sms/enroll`, { mfaToken: login.body.mfaToken, phoneNumber: '555-1234' });
    assert.equal(invalid.status, 400);
    assert.equal(invalid.body.errorCode, 'ER-MFA-PHONE-INVALID');
    const sent = await c.post(`${MFA}/sms/enroll`, { mfaToken: login.body.mfaToken, phoneNumber: '+1 555 111 2222' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const code = (await lastMessage(c, '+15551112222', 'sms')).code!;
    const done = await c.post(`${MFA}/sms/enroll/verify`, { mfaToken: login.body.mfaToken, otcToken: sent.body.otcToken, code });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.match(done.body.recoveryCode, /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const devices = await c.get(`/_emulator/users/${u.id}/mfa-devices`);
    assert.equal(devices.body.phones.length, 1);
    // enrolled now: a second enrolment with a password alone is refused
    const next = await c.login(u.email, PASSWORD);
    const refused = await c.post(`${MFA}/sms/enroll`, { mfaToken: next.body.mfaToken, phoneNumber: '+15553334444' });
    assert.equal(refused.body.errorCode, 'ER-MFA-ALREADY-ENROLLED');
  });
});

describe('email codes at login', () => {
  it('SI-7.56 emailcode → otcToken and a code by email; emailcode/verify signs in', async () => {
    const c = new Client(emu);
    const u = await newUser(c);
    await c.post(`/_emulator/users/${u.id}/mfa-emails`, {});
    const login = await c.login(u.email, PASSWORD);
    const sent = await c.post(`${MFA}/emailcode`, { mfaToken: login.body.mfaToken });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const msg = await lastMessage(c, u.email, 'email');
    assert.equal(msg.subject, 'Your sign-in code');
    const ok = await c.post(`${MFA}/emailcode/verify`, { mfaToken: login.body.mfaToken, otcToken: sent.body.otcToken, code: msg.code });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.ok(ok.body.accessToken);
    assert.equal(ok.body.recoveryCode, undefined);
  });

  it("forced enrolment with EmailCode active: the code goes to the user's email; verifying adds the email device + recovery code", async () => {
    const c = new Client(emu);
    const u = await newUser(c);
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    await c.put('/_emulator/mfa-settings', { strategies: { EmailCode: true } });
    const login = await c.login(u.email, PASSWORD);
    const sent = await c.post(`${MFA}/emailcode`, { mfaToken: login.body.mfaToken });
    const code = (await lastMessage(c, u.email, 'email')).code!;
    const done = await c.post(`${MFA}/emailcode/verify`, { mfaToken: login.body.mfaToken, otcToken: sent.body.otcToken, code });
    assert.equal(done.status, 200);
    assert.ok(done.body.recoveryCode);
    assert.deepEqual((await c.get(`/_emulator/users/${u.id}/mfa-devices`)).body.emails, [{ email: u.email }]);
  });
});

describe('WebAuthn MFA at login', () => {
  it('SI-7.42 webauthn/enroll → WA-Create; enroll/verify with a real attestation adds the key; webauthn/{id} → verify signs in (amr hwk)', async () => {
    const c = new Client(emu);
    const u = await newUser(c);
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    await c.put('/_emulator/mfa-settings', { strategies: { WebAuthnCrossPlatform: true } });
    const login = await c.login(u.email, PASSWORD);
    const pre = await c.post(`${MFA}/webauthn/enroll`, { mfaToken: login.body.mfaToken }, page);
    assert.equal(pre.status, 200, JSON.stringify(pre.body));
    assert.equal(pre.body.options.rp.id, 'localhost');
    const key = new SoftAuthenticator();
    const attestation = key.create(pre.body.options);
    const reused = { mfaToken: login.body.mfaToken, webauthnToken: pre.body.webauthnToken, deviceType: 'CrossPlatform', options: attestation };
    const done = await c.post(`${MFA}/webauthn/enroll/verify`, reused, page);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.ok(done.body.recoveryCode);
    assert.deepEqual(decodeJwt(done.body.accessToken).amr, ['pwd', 'mfa', 'hwk']);
    const devices = (await c.get(`/_emulator/users/${u.id}/mfa-devices`)).body;
    assert.deepEqual(
      devices.webauthn.map((d: { deviceType: string }) => d.deviceType),
      ['CrossPlatform'],
    );

    // next sign-in: verify with the key
    const next = await c.login(u.email, PASSWORD);
    assert.deepEqual(next.body.mfaDevices.webauthn, devices.webauthn);
    const id = devices.webauthn[0].id;
    const req = await c.post(`${MFA}/webauthn/${id}`, { mfaToken: next.body.mfaToken }, page);
    assert.equal(req.status, 200);
    assert.deepEqual(
      req.body.options.allowCredentials.map((a: { id: string }) => a.id),
      [id],
    );
    const wrongOrigin = await c.post(
      `${MFA}/webauthn/${id}/verify`,
      { mfaToken: next.body.mfaToken, webauthnToken: req.body.webauthnToken, options: key.get(req.body.options, { origin: 'http://localhost:9999' }) },
      page,
    );
    assert.equal(wrongOrigin.status, 400);
    // the challenge was spent by the wrong answer: a new one
    const req2 = await c.post(`${MFA}/webauthn/${id}`, { mfaToken: next.body.mfaToken }, page);
    const ok = await c.post(`${MFA}/webauthn/${id}/verify`, { mfaToken: next.body.mfaToken, webauthnToken: req2.body.webauthnToken, options: key.get(req2.body.options) }, page);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.ok(ok.body.accessToken);
  });
});

describe('remember this device', () => {
  it('SI-7.56 allow-remember-device answers the policy; a verify with rememberDevice lets the next login skip MFA until expiry', async () => {
    const c = new Client(emu);
    const u = await newUser(c);
    const phone = await c.post(`/_emulator/users/${u.id}/mfa-phones`, { phoneNumber: '+15552223333' });
    const login = await c.login(u.email, PASSWORD);
    const off = await c.get(`${P}/configurations/v1/mfa-policy/allow-remember-device?mfaToken=${encodeURIComponent(login.body.mfaToken)}`);
    assert.deepEqual(off.body, { isAllowedToRemember: false, mfaDeviceExpiration: 0 });
    const policy = await c.put('/_emulator/mfa-policy', { allowRememberMyDevice: true, mfaDeviceExpiration: 3600 });
    assert.equal(policy.body.allowRememberMyDevice, true);
    const on = await c.get(`${P}/configurations/v1/mfa-policy/allow-remember-device?mfaToken=${encodeURIComponent(login.body.mfaToken)}`);
    assert.deepEqual(on.body, { isAllowedToRemember: true, mfaDeviceExpiration: 3600 });

    const sent = await c.post(`${MFA}/sms/${phone.body.id}`, { mfaToken: login.body.mfaToken });
    const code = (await lastMessage(c, '+15552223333', 'sms')).code!;
    const ok = await c.post(`${MFA}/sms/${phone.body.id}/verify`, { mfaToken: login.body.mfaToken, otcToken: sent.body.otcToken, code, rememberDevice: true });
    assert.equal(ok.status, 200);
    assert.ok(c.lastSetCookie.some((s) => s.startsWith('fe_mfa_device_demo-client=') && /HttpOnly/i.test(s)));

    const skipped = await c.login(u.email, PASSWORD);
    assert.ok(skipped.body.accessToken, 'remembered: no MFA');
    // another browser (no cookie) still gets MFA
    const other = new Client(emu);
    assert.equal((await other.login(u.email, PASSWORD)).body.mfaRequired, true);
    // after the expiry, MFA again
    await c.put('/_emulator/clock', { offsetSeconds: 3601 });
    assert.equal((await c.login(u.email, PASSWORD)).body.mfaRequired, true);
  });
});
