import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';
import { eq } from 'drizzle-orm';
import {
  WebAuthnDeviceType,
  type IPreDisableMFASMSResponse,
  type IPreDisableMFAWebAuthnResponse,
  type IPreEnrollMFASMSResponse,
  type IPreEnrollMFAWebAuthnResponse,
  type IVerifyNewWebAuthnDevice,
  type UserMFADevicesResponse,
} from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { recoveryCodes } from '../src/db/schema.ts';
import { Client, P } from './helpers.ts';
import { rejectsWith, useAdminEmulator } from './admin-harness.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

const harness = useAdminEmulator();
const { adminApi, auditRows } = harness;

const MFA = `${P}/users/v1/mfa`;
const code = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offset * 30_000 });

/** The seeded admin signed in: its cookie-jar client and the bearer header of its access token. */
async function signedIn() {
  const { client: c, token } = await harness.signIn();
  return { c, auth: c.bearer(token) };
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
    const c = new Client(harness.emu);
    assert.equal((await c.post(`${MFA}/authenticator/enroll`)).status, 401);
    assert.equal((await c.get(`${MFA}/devices`)).status, 401);
    const { c: c2, auth } = await signedIn();
    const res = await c2.post(`${MFA}/authenticator/enroll/verify`, { token: '123456' }, auth);
    assert.equal(res.status, 400);
  });
});

// ---------------------------------------------------------------- through Frontegg's own client (api-contract U)

/** Turns MFA strategies on (and the code resend wait off, so a test may send two codes in a row). */
async function strategies(on: Record<string, boolean>) {
  const res = await new Client(harness.emu).put('/_emulator/mfa-settings', { strategies: on, resendIntervalSeconds: 0 });
  assert.equal(res.status, 200, res.text);
}

async function lastSms(to: string): Promise<string> {
  const box = (await new Client(harness.emu).get('/_emulator/outbox')).body as { to: string; channel: string; code?: string }[];
  const sms = box.find((m) => m.to === to && m.channel === 'sms');
  assert.ok(sms?.code, `no SMS to ${to}`);
  return sms.code;
}

const hasRecoveryCode = async () => (await harness.emu.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, SEED.adminUserId))).length === 1;

describe("the signed-in user's SMS devices (api-contract U)", () => {
  it('SI-7.54 preEnrollMFASMS → a code by SMS; enrollMFASMS adds the phone (first device: a recovery code); preDisable → disable removes it; audited', async () => {
    await strategies({ SMS: true });
    const api = await adminApi();
    const pre: IPreEnrollMFASMSResponse = await api.auth.preEnrollMFASMS({ phoneNumber: '+1 415 555 0123' });
    assert.ok(pre.otcToken);
    assert.notEqual(pre.phoneNumber, '+14155550123', 'masked');
    const code = await lastSms('+14155550123');
    await rejectsWith(api.auth.enrollMFASMS({ otcToken: pre.otcToken, code: code === '000000' ? '111111' : '000000' }), 400, 'Invalid code');
    const enrolled = (await api.auth.enrollMFASMS({ otcToken: pre.otcToken, code })) as unknown as { recoveryCode?: string };
    assert.ok(enrolled.recoveryCode, 'the first device issues the recovery code');
    await rejectsWith(api.auth.enrollMFASMS({ otcToken: pre.otcToken, code }), 400, /already used/);
    const devices: UserMFADevicesResponse = await api.auth.getMFADevices();
    assert.equal(devices.phones.length, 1);
    const deviceId = devices.phones[0].id;
    assert.equal((await auditRows('mfa.sms.enrolled', deviceId)).length, 1);

    const preDisable: IPreDisableMFASMSResponse = await api.auth.preDisableMFASMS(deviceId);
    assert.equal(preDisable.phoneNumber, devices.phones[0].phoneNumber);
    const disableCode = await lastSms('+14155550123');
    await rejectsWith(api.auth.disableMFASMS(deviceId, { otcToken: pre.otcToken, code: disableCode }), 400, 'Invalid code');
    await api.auth.disableMFASMS(deviceId, { otcToken: preDisable.otcToken, code: disableCode });
    assert.deepEqual((await api.auth.getMFADevices()).phones, []);
    assert.equal(await hasRecoveryCode(), false, 'the last device gone, the recovery code goes too');
    const [removed] = await auditRows('mfa.sms.disabled', deviceId);
    assert.equal(removed.severity, 'WARNING');
  });

  it('SI-7.54 SMS enrolment needs the SMS strategy and an E.164 number; an unknown device → 404', async () => {
    const api = await adminApi();
    await rejectsWith(api.auth.preEnrollMFASMS({ phoneNumber: '+14155550123' }), 400, 'The SMS MFA strategy is not active');
    await strategies({ SMS: true });
    await rejectsWith(api.auth.preEnrollMFASMS({ phoneNumber: '555-0123' }), 400, /country code/);
    await rejectsWith(api.auth.preDisableMFASMS('no-such-device'), 404, 'MFA device not found');
    assert.equal((await new Client(harness.emu).post(`${MFA}/sms/enroll`, { phoneNumber: '+14155550123' })).status, 401, 'bearer required');
  });
});

describe("the signed-in user's WebAuthn devices (api-contract U)", () => {
  it('SI-7.54 preEnrollMFAWebAuthn → WA-Create; enrollMFAWebAuthn with a real attestation adds the key; preDisable → an assertion of that key removes it; audited', async () => {
    await strategies({ WebAuthnCrossPlatform: true });
    const api = await adminApi();
    const pre: IPreEnrollMFAWebAuthnResponse = await api.auth.preEnrollMFAWebAuthn();
    const rpId = pre.options.rp.id ?? '';
    const key = new SoftAuthenticator(rpId, `http://${rpId}:8787`);
    const attestation = key.create({ challenge: String(pre.options.challenge), user: { id: String(pre.options.user.id) } });
    const enrolled = (await api.auth.enrollMFAWebAuthn({
      deviceType: WebAuthnDeviceType.CrossPlatform,
      webauthnToken: pre.webauthnToken,
      options: attestation as unknown as IVerifyNewWebAuthnDevice,
    })) as unknown as { recoveryCode?: string };
    assert.ok(enrolled.recoveryCode);
    const devices = await api.auth.getMFADevices();
    assert.equal(devices.webauthn.length, 1);
    const deviceId = devices.webauthn[0].id;
    assert.equal((await auditRows('mfa.webauthn.enrolled', deviceId)).length, 1);

    const preDisable: IPreDisableMFAWebAuthnResponse = await api.auth.preDisableMFAWebAuthn(deviceId);
    const stranger = new SoftAuthenticator(rpId, `http://${rpId}:8787`);
    const forged = { ...stranger.get({ challenge: preDisable.options.challenge }), id: deviceId, rawId: deviceId };
    await rejectsWith(api.auth.disableMFAWebAuthn(deviceId, { webauthnToken: preDisable.webauthnToken, options: forged }), 400, /could not be verified/);
    assert.equal((await api.auth.getMFADevices()).webauthn.length, 1, 'another key cannot remove it');
    const again: IPreDisableMFAWebAuthnResponse = await api.auth.preDisableMFAWebAuthn(deviceId);
    await api.auth.disableMFAWebAuthn(deviceId, { webauthnToken: again.webauthnToken, options: key.get({ challenge: again.options.challenge }) });
    assert.deepEqual((await api.auth.getMFADevices()).webauthn, []);
    assert.equal((await auditRows('mfa.webauthn.disabled', deviceId)).length, 1);
  });

  it('SI-7.54 WebAuthn enrolment needs a WebAuthn strategy; a challenge is single use', async () => {
    const api = await adminApi();
    await rejectsWith(api.auth.preEnrollMFAWebAuthn(), 400, /MFA strategy is not active/);
    await strategies({ WebAuthnPlatform: true });
    const pre = await api.auth.preEnrollMFAWebAuthn();
    const rpId = pre.options.rp.id ?? '';
    const key = new SoftAuthenticator(rpId, `http://${rpId}:8787`);
    const attestation = key.create({ challenge: String(pre.options.challenge), user: { id: String(pre.options.user.id) } }) as unknown as IVerifyNewWebAuthnDevice;
    await api.auth.enrollMFAWebAuthn({ deviceType: WebAuthnDeviceType.Platform, webauthnToken: pre.webauthnToken, options: attestation });
    await rejectsWith(
      api.auth.enrollMFAWebAuthn({ deviceType: WebAuthnDeviceType.Platform, webauthnToken: pre.webauthnToken, options: attestation }),
      400,
      'The WebAuthn challenge was already used',
    );
  });
});

describe("removing the signed-in user's authenticator app (api-contract U)", () => {
  it('SI-7.54 disableMFAAuthenticatorApp with a current code removes it; a wrong or replayed code → 400; audited', async () => {
    const api = await adminApi();
    const pre = (await api.auth.preEnrollMFAAuthenticatorApp()) as { qrCode: string; secret?: string };
    assert.ok(pre.secret);
    const first = code(pre.secret);
    await api.auth.enrollMFAAuthenticatorApp({ token: first });
    const devices = await api.auth.getMFADevices();
    const deviceId = devices.authenticators[0].id;
    assert.equal((await auditRows('mfa.authenticator.enrolled', SEED.adminUserId)).length, 1);
    await rejectsWith(api.auth.disableMFAAuthenticatorApp(deviceId, { token: first }), 400, 'Invalid code');
    await rejectsWith(api.auth.disableMFAAuthenticatorApp(deviceId, { token: 'abcdef' }), 400, 'Invalid code');
    await rejectsWith(api.auth.disableMFAAuthenticatorApp('no-such-device', { token: code(pre.secret, 1) }), 404, 'MFA device not found');
    await api.auth.disableMFAAuthenticatorApp(deviceId, { token: code(pre.secret, 1) });
    assert.deepEqual((await api.auth.getMFADevices()).authenticators, []);
    assert.equal(await hasRecoveryCode(), false);
    assert.equal((await auditRows('mfa.authenticator.disabled', deviceId)).length, 1);
  });
});
