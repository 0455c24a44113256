import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import type { Emulator } from '../src/app.ts';
import { mfaTokens } from '../src/db/schema.ts';
import { sha256 } from '../src/crypto/tokens.ts';
import { Client, P, refreshCookie, startEmulator, type Res } from './helpers.ts';
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

const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const GENERATE = `${P}/auth/v1/user/step-up/generate`;
const MFA = `${P}/auth/v1/user/mfa`;
const MFA_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

const code = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offset * 30_000 });
const wrong = (good: string) => String((Number(good) + 1) % 1_000_000).padStart(6, '0');
const nowS = () => Math.floor(Date.now() / 1000);

interface Claims {
  amr: string[];
  acr?: string;
  auth_time: number;
  iat: number;
  exp: number;
  sid: string;
  sub: string;
  tenantId: string;
}
const claims = (token: string) => decodeJwt(token) as unknown as Claims;
/** The fields of a stepped-up sign-in answer that `assertSteppedUp` reads. */
interface SteppedUp {
  accessToken: string;
  acr?: string;
  amr?: string[];
  recoveryCode?: string;
}

async function passwordLogin(c: Client) {
  const res = await c.login(ADMIN.email, ADMIN.password);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.ok(res.body.accessToken, 'a password-only session');
  return res.body.accessToken as string;
}

/** Enrols a TOTP authenticator for the admin directly (test route). */
async function enrolTotp(c: Client) {
  const res = await c.post(`/_emulator/users/${emu.seed.admin.userId}/authenticators`, {});
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: string; secret: string };
}

async function setClock(c: Client, offsetSeconds: number) {
  const res = await c.put('/_emulator/clock', { offsetSeconds });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

describe('acr, amr and auth_time reflect what the user did', () => {
  it('password only: amr [pwd], no acr, auth_time = iat of the sign-in', async () => {
    const c = new Client(emu);
    const before = nowS();
    const lr = await c.login(ADMIN.email, ADMIN.password);
    const t = claims(lr.body.accessToken);
    assert.deepEqual(t.amr, ['pwd']);
    assert.equal(t.acr, undefined);
    assert.equal(t.auth_time, t.iat);
    assert.ok(t.auth_time >= before && t.auth_time <= nowS());
    assert.deepEqual(lr.body.amr, ['pwd']);
    assert.equal(lr.body.acr, undefined);
    assert.equal(lr.body.auth_time, t.auth_time);
  });

  it('refresh is not a new authentication: it keeps auth_time, amr and acr of the session', async () => {
    const c = new Client(emu);
    await setClock(c, -600);
    const first = claims(await passwordLogin(c));
    await setClock(c, 0);
    const refreshed = await c.refresh();
    assert.equal(refreshed.status, 200);
    const t = claims(refreshed.body.accessToken);
    assert.equal(t.auth_time, first.auth_time);
    assert.deepEqual(t.amr, ['pwd']);
    assert.equal(t.acr, undefined);
    assert.equal(t.sid, first.sid);
    assert.ok(t.iat - t.auth_time >= 599, 'iat is now, auth_time stays ten minutes back');
  });

  it('MFA at login gives the multi-factor acr and amr, and a refresh keeps them', async () => {
    const c = new Client(emu);
    const { secret } = await enrolTotp(c);
    const login = await c.login(ADMIN.email, ADMIN.password);
    assert.equal(login.body.mfaRequired, true);
    const done = await c.post(`${MFA}/verify`, { mfaToken: login.body.mfaToken, value: code(secret) });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    const t = claims(done.body.accessToken);
    assert.deepEqual(t.amr, ['pwd', 'mfa', 'otp']);
    assert.equal(t.acr, MFA_ACR);
    const r = claims((await c.refresh()).body.accessToken);
    assert.deepEqual([r.amr, r.acr, r.auth_time], [t.amr, t.acr, t.auth_time]);
  });
});

describe('step-up', () => {
  it("SI-7.40 generate needs a bearer; without MFA enrolled it answers 400 { errors: ['MFA is not enrolled'] }", async () => {
    const c = new Client(emu);
    const anon = await c.post(GENERATE, { maxAge: 300 });
    assert.equal(anon.status, 401);
    const token = await passwordLogin(c);
    const res = await c.post(GENERATE, { maxAge: 300 }, c.bearer(token));
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { errors: ['MFA is not enrolled'] });
  });

  it('SI-7.40 SI-4.33 SI-4.34 SI-4.35 with TOTP enrolled: generate → user/mfa/verify → the same session with acr multi-factor, amr + mfa otp and a fresh auth_time', async () => {
    const c = new Client(emu);
    await setClock(c, -600); // the password sign-in happened ten minutes ago
    const pwd = await passwordLogin(c);
    await setClock(c, 0);
    const old = claims((await c.refresh()).body.accessToken);
    assert.ok(nowS() - old.auth_time >= 600, 'not stepped up for maxAge 300');
    const token = (await c.refresh()).body.accessToken as string;
    const oldCookie = refreshCookie(c);
    const { id, secret } = await enrolTotp(c);

    const gen = await c.post(GENERATE, { maxAge: 300 }, c.bearer(token));
    assert.equal(gen.status, 200, JSON.stringify(gen.body));
    assert.deepEqual(Object.keys(gen.body).sort(), ['mfaDevices', 'mfaEnrolled', 'mfaRequired', 'mfaStrategies', 'mfaToken']);
    assert.equal(gen.body.mfaEnrolled, true);
    assert.equal(gen.body.mfaRequired, true);
    assert.deepEqual(gen.body.mfaStrategies, ['AuthenticatorApp']);
    assert.deepEqual(gen.body.mfaDevices, { authenticators: [{ id }], phones: [], webauthn: [], emails: [] });

    const bad = await c.post(`${MFA}/verify`, { mfaToken: gen.body.mfaToken, value: wrong(code(secret)) });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors, ['Invalid code']);

    const before = nowS();
    const done = await c.post(`${MFA}/verify`, { mfaToken: gen.body.mfaToken, value: code(secret) });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    const t = claims(done.body.accessToken);
    assert.equal(t.acr, MFA_ACR);
    assert.deepEqual(t.amr, ['pwd', 'mfa', 'otp']);
    assert.ok(t.auth_time >= before && t.auth_time <= nowS(), 'auth_time is the step-up time');
    assert.equal(t.sid, claims(pwd).sid, 'the same session continues');
    assert.equal(t.tenantId, emu.seed.tenantId);
    assert.deepEqual([done.body.acr, done.body.amr, done.body.auth_time], [t.acr, t.amr, t.auth_time]);
    assert.ok(refreshCookie(c) && refreshCookie(c) !== oldCookie, 'a rotated refresh cookie');

    // The stepped-up claims survive a refresh; the old cookie is spent.
    const r = claims((await c.refresh()).body.accessToken);
    assert.deepEqual([r.acr, r.amr, r.auth_time, r.sid], [t.acr, t.amr, t.auth_time, t.sid]);
    const stale = new Client(emu);
    stale.jar.set('fe_refresh_demo-client', oldCookie!);
    assert.equal((await stale.refresh()).status, 401);

    const reuse = await c.post(`${MFA}/verify`, { mfaToken: gen.body.mfaToken, value: code(secret, 1) });
    assert.equal(reuse.status, 400, 'the step-up mfaToken is single use');
  });

  it('SI-7.40 the device route authenticator/{id}/verify completes a step-up too', async () => {
    const c = new Client(emu);
    const token = await passwordLogin(c);
    const { id, secret } = await enrolTotp(c);
    const gen = await c.post(GENERATE, {}, c.bearer(token));
    assert.equal(gen.status, 200);
    const done = await c.post(`${MFA}/authenticator/${id}/verify`, { mfaToken: gen.body.mfaToken, value: code(secret) });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(claims(done.body.accessToken).acr, MFA_ACR);
    assert.equal(claims(done.body.accessToken).sid, claims(token).sid);
  });

  it('a step-up of a session that was signed out in between answers 401 and leaves the mfaToken usable', async () => {
    const c = new Client(emu);
    const token = await passwordLogin(c);
    const { secret } = await enrolTotp(c);
    const gen = await c.post(GENERATE, { maxAge: 60 }, c.bearer(token));
    await c.post(`${P}/auth/v1/logout`);
    const res = await c.post(`${MFA}/verify`, { mfaToken: gen.body.mfaToken, value: code(secret) });
    assert.equal(res.status, 401);
    assert.deepEqual(res.body.errors, ['Session not found']);
    assert.equal(refreshCookie(c), undefined, 'no cookie for a failed step-up');
    const [row] = await emu.db
      .select()
      .from(mfaTokens)
      .where(eq(mfaTokens.tokenHash, sha256(gen.body.mfaToken)));
    assert.equal(row.consumedAt, null, 'rolled back: the mfaToken was not consumed');
  });

  it('SI-4.35 a stepped-up session ages with the emulator clock; stepping up again makes auth_time fresh', async () => {
    const c = new Client(emu);
    const token = await passwordLogin(c);
    const { secret } = await enrolTotp(c);
    const gen = await c.post(GENERATE, { maxAge: 300 }, c.bearer(token));
    const up = claims((await c.post(`${MFA}/verify`, { mfaToken: gen.body.mfaToken, value: code(secret) })).body.accessToken);

    await setClock(c, 900); // fifteen minutes later
    const later = await c.refresh();
    const aged = claims(later.body.accessToken);
    assert.equal(aged.auth_time, up.auth_time);
    assert.ok(aged.iat - aged.auth_time >= 900, 'now (iat) - auth_time exceeds maxAge 300');
    assert.equal(aged.exp - aged.iat, 300);

    const gen2 = await c.post(GENERATE, { maxAge: 300 }, c.bearer(later.body.accessToken));
    assert.equal(gen2.status, 200, 'the bearer is checked against the emulator clock');
    const again = claims((await c.post(`${MFA}/verify`, { mfaToken: gen2.body.mfaToken, value: code(secret, 1) })).body.accessToken);
    assert.ok(again.auth_time >= aged.iat, 'auth_time is the (shifted) time of the new step-up');
    assert.equal(again.auth_time, again.iat);
  });
});

describe('step-up with every MFA kind (SMS, email code, WebAuthn)', () => {
  const page = { origin: PAGE };

  /** The newest outbox code sent to `to` on `channel`. */
  async function outboxCode(c: Client, to: string, channel: 'sms' | 'email'): Promise<string> {
    const items = (await c.get('/_emulator/outbox')).body as { to: string; channel: string; code?: string }[];
    const m = items.find((i) => i.to === to && i.channel === channel && i.code);
    assert.ok(m, `a ${channel} code to ${to}`);
    return m.code!;
  }

  /** Asserts a stepped-up answer: acr multi-factor, amr as given, the session `sid` continued, a fresh auth_time, a rotated cookie. */
  function assertSteppedUp(c: Client, done: Res<SteppedUp>, pwd: string, oldCookie: string | undefined, amr: string[], before: number) {
    assert.equal(done.status, 200, JSON.stringify(done.body));
    const t = claims(done.body.accessToken);
    assert.equal(t.acr, MFA_ACR);
    assert.deepEqual(t.amr, amr);
    assert.equal(t.sid, claims(pwd).sid, 'the same session continues');
    assert.ok(t.auth_time >= before && t.auth_time <= nowS(), 'auth_time is the step-up time');
    assert.deepEqual([done.body.acr, done.body.amr], [t.acr, t.amr]);
    assert.equal(done.body.recoveryCode, undefined, 'no enrolment, no recovery code');
    assert.ok(refreshCookie(c) && refreshCookie(c) !== oldCookie, 'a rotated refresh cookie');
    return t;
  }

  it('SI-7.40 SI-3.16 generate counts and lists devices of every kind: phones (masked), email, authenticators, WebAuthn', async () => {
    const c = new Client(emu);
    const token = await passwordLogin(c);
    const uid = emu.seed.admin.userId;
    const phone = await c.post(`/_emulator/users/${uid}/mfa-phones`, { phoneNumber: '+15551239876' });
    const gen = await c.post(GENERATE, { maxAge: 300 }, c.bearer(token));
    assert.equal(gen.status, 200, 'an SMS device alone is enough to step up');
    assert.deepEqual(gen.body.mfaDevices, { webauthn: [], phones: [{ id: phone.body.id, phoneNumber: '+1******9876' }], authenticators: [], emails: [] });
    await c.post(`/_emulator/users/${uid}/mfa-emails`, {});
    const { id } = await enrolTotp(c);
    const gen2 = await c.post(GENERATE, {}, c.bearer(token));
    assert.deepEqual(gen2.body.mfaDevices, {
      webauthn: [],
      phones: [{ id: phone.body.id, phoneNumber: '+1******9876' }],
      authenticators: [{ id }],
      emails: [{ email: ADMIN.email }],
    });
    assert.equal(gen2.body.mfaEnrolled, true);
  });

  it('SI-7.40 SI-4.33 SI-4.34 SMS only: generate → sms/{id} (outbox) → sms/{id}/verify continues the session with acr multi-factor and amr + mfa, sms', async () => {
    const c = new Client(emu);
    const pwd = await passwordLogin(c);
    const oldCookie = refreshCookie(c);
    const phone = await c.post(`/_emulator/users/${emu.seed.admin.userId}/mfa-phones`, { phoneNumber: '+15551230042' });
    const gen = await c.post(GENERATE, { maxAge: 300 }, c.bearer(pwd));
    assert.equal(gen.status, 200, JSON.stringify(gen.body));
    const sent = await c.post(`${MFA}/sms/${phone.body.id}`, { mfaToken: gen.body.mfaToken });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.phoneNumber, '+1******0042');
    const code = await outboxCode(c, '+15551230042', 'sms');
    const bad = await c.post(`${MFA}/sms/${phone.body.id}/verify`, { mfaToken: gen.body.mfaToken, otcToken: sent.body.otcToken, code: wrong(code) });
    assert.deepEqual(bad.body.errors, ['Invalid code']);
    const before = nowS();
    const done = await c.post(`${MFA}/sms/${phone.body.id}/verify`, { mfaToken: gen.body.mfaToken, otcToken: sent.body.otcToken, code });
    const t = assertSteppedUp(c, done, pwd, oldCookie, ['pwd', 'mfa', 'sms'], before);
    const r = claims((await c.refresh()).body.accessToken);
    assert.deepEqual([r.acr, r.amr, r.auth_time, r.sid], [t.acr, t.amr, t.auth_time, t.sid], 'a refresh keeps the stepped-up claims');
  });

  it('SI-7.40 SI-7.56 email code only: generate → emailcode → emailcode/verify gives amr + mfa, otp', async () => {
    const c = new Client(emu);
    const pwd = await passwordLogin(c);
    const oldCookie = refreshCookie(c);
    await c.post(`/_emulator/users/${emu.seed.admin.userId}/mfa-emails`, {});
    const gen = await c.post(GENERATE, { maxAge: 300 }, c.bearer(pwd));
    assert.equal(gen.status, 200, JSON.stringify(gen.body));
    assert.deepEqual(gen.body.mfaDevices.emails, [{ email: ADMIN.email }]);
    const sent = await c.post(`${MFA}/emailcode`, { mfaToken: gen.body.mfaToken });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const before = nowS();
    const done = await c.post(`${MFA}/emailcode/verify`, { mfaToken: gen.body.mfaToken, otcToken: sent.body.otcToken, code: await outboxCode(c, ADMIN.email, 'email') });
    assertSteppedUp(c, done, pwd, oldCookie, ['pwd', 'mfa', 'otp'], before);
  });

  it('SI-7.40 SI-7.42 WebAuthn key only: generate → webauthn/{id} → a real assertion on webauthn/{id}/verify gives amr + mfa, hwk', async () => {
    const c = new Client(emu);
    const pwd = await passwordLogin(c); // a password session from before the key existed
    const oldCookie = refreshCookie(c);
    // the key is enrolled from another browser (forced enrolment at login)
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    await c.put('/_emulator/mfa-settings', { strategies: { WebAuthnPlatform: true } });
    const other = new Client(emu);
    const login = await other.login(ADMIN.email, ADMIN.password);
    assert.equal(login.body.mfaRequired, true);
    const pre = await other.post(`${MFA}/webauthn/enroll`, { mfaToken: login.body.mfaToken }, page);
    const key = new SoftAuthenticator();
    const enrolled = await other.post(
      `${MFA}/webauthn/enroll/verify`,
      { mfaToken: login.body.mfaToken, webauthnToken: pre.body.webauthnToken, deviceType: 'Platform', options: key.create(pre.body.options) },
      page,
    );
    assert.equal(enrolled.status, 200, JSON.stringify(enrolled.body));

    const gen = await c.post(GENERATE, { maxAge: 300 }, c.bearer(pwd));
    assert.equal(gen.status, 200, JSON.stringify(gen.body));
    assert.deepEqual(
      gen.body.mfaDevices.webauthn.map((k: { deviceType: string; name: string }) => [k.deviceType, k.name]),
      [['Platform', 'This device']],
    );
    const id = gen.body.mfaDevices.webauthn[0].id as string;
    const req = await c.post(`${MFA}/webauthn/${id}`, { mfaToken: gen.body.mfaToken }, page);
    assert.equal(req.status, 200, JSON.stringify(req.body));
    const before = nowS();
    const done = await c.post(`${MFA}/webauthn/${id}/verify`, { mfaToken: gen.body.mfaToken, webauthnToken: req.body.webauthnToken, options: key.get(req.body.options) }, page);
    assertSteppedUp(c, done, pwd, oldCookie, ['pwd', 'mfa', 'hwk'], before);
    assert.notEqual(claims(done.body.accessToken).sid, claims(enrolled.body.accessToken).sid, "not the other browser's session");
  });

  it('SI-4.32 a remembered browser still steps up: generate always answers an MFA challenge', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/mfa-policy', { allowRememberMyDevice: true, mfaDeviceExpiration: 3600 });
    const phone = await c.post(`/_emulator/users/${emu.seed.admin.userId}/mfa-phones`, { phoneNumber: '+15551230043' });
    const login = await c.login(ADMIN.email, ADMIN.password);
    const sent = await c.post(`${MFA}/sms/${phone.body.id}`, { mfaToken: login.body.mfaToken });
    const lr = await c.post(`${MFA}/sms/${phone.body.id}/verify`, {
      mfaToken: login.body.mfaToken,
      otcToken: sent.body.otcToken,
      code: await outboxCode(c, '+15551230043', 'sms'),
      rememberDevice: true,
    });
    assert.equal(lr.status, 200, JSON.stringify(lr.body));
    await c.post(`${P}/auth/v1/logout`);
    const pwd = await passwordLogin(c); // remembered: no MFA at sign-in
    assert.deepEqual(claims(pwd).amr, ['pwd']);
    const gen = await c.post(GENERATE, { maxAge: 300 }, c.bearer(pwd));
    assert.equal(gen.status, 200);
    assert.equal(gen.body.mfaRequired, true);
    assert.ok(gen.body.mfaToken);
  });
});

describe('emulator clock', () => {
  it('PUT /_emulator/clock shifts iat, exp and auth_time; bearers are checked against it; reset clears it', async () => {
    const c = new Client(emu);
    assert.deepEqual((await c.get('/_emulator/clock')).body.offsetSeconds, 0);
    const put = await c.put('/_emulator/clock', { offsetSeconds: -900 });
    assert.equal(put.body.offsetSeconds, -900);
    assert.ok(Math.abs(Date.parse(put.body.now) - (Date.now() - 900_000)) < 5000);

    const token = await passwordLogin(c);
    const t = claims(token);
    assert.ok(Math.abs(t.iat - (nowS() - 900)) <= 2);
    assert.equal(t.auth_time, t.iat);
    assert.equal(t.exp, t.iat + 300);
    assert.equal((await c.get(`${P}/users/v2/me`, c.bearer(token))).status, 200, 'valid on the emulator clock');

    await setClock(c, 0);
    assert.equal((await c.get(`${P}/users/v2/me`, c.bearer(token))).status, 401, 'expired in real time');

    await setClock(c, 120);
    await c.post('/_emulator/reset');
    assert.equal((await c.get('/_emulator/clock')).body.offsetSeconds, 0);
    assert.equal((await c.put('/_emulator/clock', { offsetSeconds: 'soon' })).status, 400);
  });
});
