import { expect } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  deviceChoices,
  mfaMachine,
  RESEND_COOLDOWN_MS,
  type CodeSent,
  type MfaAnswer,
  type MfaCodeInput,
  type MfaInput,
  type OtcCheckInput,
  type RememberDevicePolicy,
  type SendSmsInput,
  type WebAuthnMfaInput,
} from '../machines/mfa.machine.ts';
import type { MfaDevices } from '../src/api/types.ts';

// what an MFA check answers once the actors stored the session: the public user, no token (machines/mfa.actors.ts)
const signedIn = { user: { email: 'a@b.test', sub: 'u1' } };
const ok: MfaAnswer = { signedIn };
const enrolled: MfaAnswer = { ...ok, recoveryCode: 'REC-1' };
const apiError = (message: string, errorCode?: string) => Object.assign(new Error(message), { statusCode: 400, errorCode });

/** Scripted actors, by short name: each takes the input and answers what the machine's actor of that name does. */
type Impl = Partial<{
  verify: (input: MfaCodeInput) => Promise<MfaAnswer>;
  pre: (input: undefined) => Promise<{ qrCode: string; secret?: string }>;
  enroll: (input: MfaCodeInput) => Promise<MfaAnswer>;
  sendSms: (input: SendSmsInput) => Promise<CodeSent>;
  checkSms: (input: OtcCheckInput) => Promise<MfaAnswer>;
  sendEmail: (input: undefined) => Promise<CodeSent>;
  checkEmail: (input: OtcCheckInput) => Promise<MfaAnswer>;
  webauthn: (input: WebAuthnMfaInput) => Promise<MfaAnswer>;
  remember: (input: undefined) => Promise<RememberDevicePolicy>;
}>;

/** The MFA machine with scripted actors; `calls` records each call (name, input). */
function start(input: Partial<MfaInput> & { step: MfaInput['step'] }, impl: Impl = {}, clock = new SimulatedClock()) {
  const calls: { name: keyof Impl; input: unknown }[] = [];
  const actor = (name: keyof Impl) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      calls.push({ name, input });
      // the machine gives each actor its own input type (mfaMachine's setup), which `Impl` mirrors
      const script = impl[name] as ((input: unknown) => Promise<unknown>) | undefined;
      if (!script) throw new Error(`${name} not scripted`);
      return script(input);
    });
  const logic = mfaMachine.provide({
    actors: {
      verifyCode: actor('verify'),
      preEnrollAuthenticator: actor('pre'),
      enrollAuthenticator: actor('enroll'),
      sendSmsCode: actor('sendSms'),
      checkSmsCode: actor('checkSms'),
      sendEmailCode: actor('sendEmail'),
      checkEmailCode: actor('checkEmail'),
      webauthn: actor('webauthn'),
      ...(impl.remember ? { checkRememberDevice: actor('remember') } : {}),
    } as never,
  });
  const a = createActor(logic, { input, clock }).start();
  return { actor: a, calls, clock, names: () => calls.map((c) => c.name) };
}

const phone = { id: 'p1', phoneNumber: '+1******4567' };
const key = { id: 'k1', deviceType: 'CrossPlatform' as const, name: 'YubiKey' };
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('mfa machine: verify with one device (SI-4.07 the matching step directly)', () => {
  it('SI-4.06 verify: a correct code ends in done with the signed-in user (no token: the actors hold it)', async () => {
    const { actor } = start({ step: 'verify' }, { verify: async () => ok });
    expect(actor.getSnapshot().value).to.deep.equal({ verify: 'idle' });
    actor.send({ type: 'code.submit', code: '123456' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).to.deep.equal({ kind: 'authenticated', signedIn });
  });

  it('SI-4.07 one authenticator → verify with its deviceId; a wrong code stays with the error', async () => {
    let wrong = true;
    const { actor, calls } = start(
      { step: 'verify', devices: { authenticators: [{ id: 'a1' }] } },
      {
        verify: async () => {
          if (wrong) throw apiError('Invalid code', 'ER-MFA-INVALID-CODE');
          return ok;
        },
      },
    );
    expect(actor.getSnapshot().value).to.deep.equal({ verify: 'idle' });
    actor.send({ type: 'code.submit', code: ' 111111 ', rememberDevice: true });
    await waitFor(actor, (s) => s.matches({ verify: 'idle' }) && !!s.context.error);
    expect(actor.getSnapshot().context.errorCode).to.equal('ER-MFA-INVALID-CODE');
    expect(calls[0].input).to.deep.equal({ deviceId: 'a1', code: '111111', rememberDevice: true });
    expect(actor.getSnapshot().can({ type: 'device.change' })).to.equal(false);
    wrong = false;
    actor.send({ type: 'code.submit', code: '222222' });
    expect(actor.getSnapshot().context.error).to.equal(null);
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('SI-4.07 one phone → smsVerifyCode: sending → ready (code sent) → submitting → done', async () => {
    const { actor, calls } = start(
      { step: 'verify', devices: { phones: [phone] } },
      {
        sendSms: async () => ({ otcToken: 'otc-1', phoneNumber: '+1******4567' }),
        checkSms: async () => ok,
      },
    );
    expect(actor.getSnapshot().matches({ smsVerifyCode: 'sending' })).to.equal(true);
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => s.matches({ smsVerifyCode: 'ready' }));
    expect(actor.getSnapshot().context.otcToken).to.equal('otc-1');
    expect(actor.getSnapshot().context.phoneNumber).to.equal('+1******4567');
    expect(calls[0]).to.deep.equal({ name: 'sendSms', input: { deviceId: 'p1', phoneNumber: '+1******4567' } });
    actor.send({ type: 'code.submit', code: '123456', rememberDevice: true });
    expect(actor.getSnapshot().matches({ smsVerifyCode: { ready: { form: 'submitting' } } })).to.equal(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls[1]).to.deep.equal({ name: 'checkSms', input: { deviceId: 'p1', otcToken: 'otc-1', code: '123456', rememberDevice: true } });
  });

  it('SI-4.07 one email → emailVerifyCode; an expired code keeps the form with errorCode ER-MFA-CODE-EXPIRED', async () => {
    let expired = true;
    const { actor } = start(
      { step: 'verify', devices: { emails: [{ email: 'a@b.test' }] } },
      {
        sendEmail: async () => ({ otcToken: 'otc-e' }),
        checkEmail: async () => {
          if (expired) throw apiError('This code has expired. Send a new code.', 'ER-MFA-CODE-EXPIRED');
          return ok;
        },
      },
    );
    await waitFor(actor, (s) => s.matches({ emailVerifyCode: 'ready' }));
    expect(actor.getSnapshot().context.device).to.deep.equal({ kind: 'email', label: 'a@b.test' });
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => !!s.context.error);
    expect(actor.getSnapshot().context.errorCode).to.equal('ER-MFA-CODE-EXPIRED');
    expect(actor.getSnapshot().matches({ emailVerifyCode: { ready: { form: 'idle' } } })).to.equal(true);
    expired = false;
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('SI-4.07 one security key → webauthnVerify: idle → waiting (busy) → a cancelled dialog back to idle → done', async () => {
    let cancel = true;
    const { actor, calls } = start(
      { step: 'verify', devices: { webauthn: [key] } },
      {
        webauthn: async () => {
          if (cancel) throw new Error('The request was cancelled');
          return ok;
        },
      },
    );
    expect(actor.getSnapshot().value).to.deep.equal({ webauthnVerify: 'idle' });
    actor.send({ type: 'webauthn.start', rememberDevice: true });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => s.matches({ webauthnVerify: 'idle' }) && !!s.context.error);
    cancel = false;
    actor.send({ type: 'webauthn.start' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls[0].input).to.deep.equal({ deviceId: 'k1', deviceType: 'CrossPlatform', rememberDevice: true });
  });
});

describe('mfa machine: resend and send failures (SMS, email)', () => {
  it(`the resend link waits ${RESEND_COOLDOWN_MS} ms (coolingDown → available); code.resend sends a new code`, async () => {
    let n = 0;
    const { actor, clock, names } = start({ step: 'verify', devices: { phones: [phone] } }, { sendSms: async () => ({ otcToken: `otc-${++n}` }) });
    await waitFor(actor, (s) => s.matches({ smsVerifyCode: 'ready' }));
    expect(actor.getSnapshot().matches({ smsVerifyCode: { ready: { resend: 'coolingDown' } } })).to.equal(true);
    actor.send({ type: 'code.resend' });
    expect(names()).to.deep.equal(['sendSms'], 'no resend while cooling down');
    clock.increment(RESEND_COOLDOWN_MS - 1);
    expect(actor.getSnapshot().matches({ smsVerifyCode: { ready: { resend: 'coolingDown' } } })).to.equal(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ smsVerifyCode: { ready: { resend: 'available' } } })).to.equal(true);
    actor.send({ type: 'code.resend' });
    expect(actor.getSnapshot().matches({ smsVerifyCode: 'sending' })).to.equal(true);
    await waitFor(actor, (s) => s.matches({ smsVerifyCode: { ready: { resend: 'coolingDown' } } }));
    expect(actor.getSnapshot().context.otcToken).to.equal('otc-2');
    expect(names()).to.deep.equal(['sendSms', 'sendSms']);
  });

  it('a first send that fails → sendFailed; code.resend tries again', async () => {
    let fail = true;
    const { actor } = start(
      { step: 'verify', devices: { emails: [{ email: 'a@b.test' }] } },
      {
        sendEmail: async () => {
          if (fail) throw apiError('Try later');
          return { otcToken: 'otc' };
        },
      },
    );
    await waitFor(actor, (s) => s.matches({ emailVerifyCode: 'sendFailed' }));
    expect(actor.getSnapshot().context.error!.message).to.equal('Try later');
    fail = false;
    actor.send({ type: 'code.resend' });
    await waitFor(actor, (s) => s.matches({ emailVerifyCode: 'ready' }));
    expect(actor.getSnapshot().context.error).to.equal(null);
  });

  it('a resend refused (429) keeps the code already sent, with the error', async () => {
    let n = 0;
    const { actor, clock } = start(
      { step: 'verify', devices: { phones: [phone] } },
      {
        sendSms: async () => {
          if (++n > 1) throw Object.assign(apiError('Please wait 12 seconds before requesting a new code', 'ER-MFA-CODE-RATE-LIMIT'), { statusCode: 429 });
          return { otcToken: 'otc-1' };
        },
      },
    );
    await waitFor(actor, (s) => s.matches({ smsVerifyCode: 'ready' }));
    clock.increment(RESEND_COOLDOWN_MS);
    actor.send({ type: 'code.resend' });
    await waitFor(actor, (s) => s.matches({ smsVerifyCode: 'ready' }) && !!s.context.error);
    expect(actor.getSnapshot().context.otcToken).to.equal('otc-1');
    expect(actor.getSnapshot().context.errorCode).to.equal('ER-MFA-CODE-RATE-LIMIT');
  });
});

describe('mfa machine: several devices (chooseDevice)', () => {
  const devices: MfaDevices = { authenticators: [{ id: 'a1' }], phones: [phone], emails: [{ email: 'a@b.test' }], webauthn: [key] };

  it('deviceChoices lists every kind (SI-3.16)', () => {
    expect(deviceChoices(devices).map((d) => d.kind)).to.deep.equal(['authenticator', 'sms', 'email', 'webauthn']);
  });

  it('chooseDevice → device.choose → that step; device.change → back to the list; recovery.start → recover', async () => {
    const { actor } = start({ step: 'verify', devices }, { sendSms: async () => ({ otcToken: 'o' }) });
    expect(actor.getSnapshot().value).to.equal('chooseDevice');
    actor.send({ type: 'device.choose', device: { kind: 'authenticator', id: 'a1' } });
    expect(actor.getSnapshot().value).to.deep.equal({ verify: 'idle' });
    expect(actor.getSnapshot().context.deviceId).to.equal('a1');
    actor.send({ type: 'device.change' });
    expect(actor.getSnapshot().value).to.equal('chooseDevice');
    actor.send({ type: 'device.choose', device: deviceChoices(devices)[1] });
    expect(actor.getSnapshot().matches('smsVerifyCode')).to.equal(true);
    await waitFor(actor, (s) => s.matches({ smsVerifyCode: 'ready' }));
    actor.send({ type: 'device.change' });
    actor.send({ type: 'device.choose', device: deviceChoices(devices)[3] });
    expect(actor.getSnapshot().value).to.deep.equal({ webauthnVerify: 'idle' });
    actor.send({ type: 'device.change' });
    actor.send({ type: 'recovery.start' });
    expect(actor.getSnapshot().status).to.equal('done');
    expect(actor.getSnapshot().output).to.deep.equal({ kind: 'recover' });
  });
});

describe('mfa machine: forced enrolment (SI-4.10)', () => {
  it('one active strategy → its step directly (SMS: smsSetPhoneNumber)', () => {
    const { actor } = start({ step: 'enrol', strategies: ['SMS'] });
    expect(actor.getSnapshot().value).to.equal('smsSetPhoneNumber');
    expect(actor.getSnapshot().can({ type: 'strategy.change' })).to.equal(false);
  });

  it('no known strategy → authenticatorApp', async () => {
    const { actor } = start({ step: 'enrol', strategies: [] }, { pre: async () => ({ qrCode: 'q', secret: 'S' }) });
    expect(actor.getSnapshot().matches('authenticatorApp')).to.equal(true);
    await waitFor(actor, (s) => s.matches({ authenticatorApp: 'ready' }));
  });

  it('chooseStrategy → SMS: phone → code (enrolment, no deviceId) → recoveryCode → done; a refused number comes back to the phone step', async () => {
    let badNumber = true;
    const { actor, calls } = start(
      { step: 'enrol', strategies: ['AuthenticatorApp', 'SMS', 'EmailCode', 'WebAuthnPlatform', 'WebAuthnCrossPlatform'] },
      {
        sendSms: async () => {
          if (badNumber) throw apiError('Enter the phone number with its country code, like +15551234567', 'ER-MFA-PHONE-INVALID');
          return { otcToken: 'otc', phoneNumber: '+1******2222' };
        },
        checkSms: async () => enrolled,
      },
    );
    expect(actor.getSnapshot().value).to.equal('chooseStrategy');
    actor.send({ type: 'strategy.choose', strategy: 'SMS' });
    expect(actor.getSnapshot().value).to.equal('smsSetPhoneNumber');
    actor.send({ type: 'phone.submit', phoneNumber: '+1555' });
    await waitFor(actor, (s) => s.matches('smsSetPhoneNumber') && !!s.context.error);
    badNumber = false;
    actor.send({ type: 'phone.submit', phoneNumber: ' +15551112222 ' });
    await waitFor(actor, (s) => s.matches({ smsVerifyCode: 'ready' }));
    expect(calls[1].input).to.deep.equal({ deviceId: undefined, phoneNumber: '+15551112222' });
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('recoveryCode'));
    expect(calls[2].input).to.deep.include({ deviceId: undefined, otcToken: 'otc', code: '123456' });
    expect(actor.getSnapshot().context.recoveryCode).to.equal('REC-1');
    actor.send({ type: 'recoveryCode.confirm' });
    expect(actor.getSnapshot().output).to.deep.equal({ kind: 'authenticated', signedIn });
  });

  it('chooseStrategy → EmailCode → emailVerifyCode; strategy.change → back to the list', async () => {
    const { actor } = start({ step: 'enrol', strategies: ['AuthenticatorApp', 'EmailCode'], email: 'a@b.test' }, { sendEmail: async () => ({ otcToken: 'o' }) });
    actor.send({ type: 'strategy.choose', strategy: 'EmailCode' });
    expect(actor.getSnapshot().context.device).to.deep.equal({ kind: 'email', label: 'a@b.test' });
    await waitFor(actor, (s) => s.matches({ emailVerifyCode: 'ready' }));
    actor.send({ type: 'strategy.change' });
    expect(actor.getSnapshot().value).to.equal('chooseStrategy');
  });

  it('chooseStrategy → WebAuthnPlatform / WebAuthnCrossPlatform → webauthnEnroll with that deviceType → recoveryCode', async () => {
    const { actor, calls } = start({ step: 'enrol', strategies: ['WebAuthnPlatform', 'WebAuthnCrossPlatform'] }, { webauthn: async () => enrolled });
    actor.send({ type: 'strategy.choose', strategy: 'WebAuthnCrossPlatform' });
    expect(actor.getSnapshot().value).to.deep.equal({ webauthnEnroll: 'idle' });
    actor.send({ type: 'strategy.change' });
    actor.send({ type: 'strategy.choose', strategy: 'WebAuthnPlatform' });
    actor.send({ type: 'webauthn.start' });
    await waitFor(actor, (s) => s.matches('recoveryCode'));
    expect(calls[0].input).to.deep.equal({ deviceId: undefined, deviceType: 'Platform', rememberDevice: false });
  });

  it('SI-4.06 authenticatorApp: loading → failed → retry → ready → enrolling → done without a recovery code', async () => {
    let fail = true;
    const { actor } = start(
      { step: 'authenticatorApp' },
      {
        pre: async () => {
          if (fail) throw Object.assign(new Error('Try later'), { statusCode: 500 });
          return { qrCode: 'data:image/png;base64,AA', secret: 'S' };
        },
        enroll: async () => ok,
      },
    );
    await waitFor(actor, (s) => s.matches({ authenticatorApp: 'failed' }));
    expect(actor.getSnapshot().context.error!.message).to.equal('Try later');
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ authenticatorApp: 'ready' }));
    expect(actor.getSnapshot().context.error).to.equal(null);
    actor.send({ type: 'code.submit', code: '111111' });
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('a failed enrolment code keeps the QR code step with the error', async () => {
    const { actor } = start(
      { step: 'authenticatorApp' },
      {
        pre: async () => ({ qrCode: 'q', secret: 'S' }),
        enroll: async () => Promise.reject(apiError('Invalid code')),
      },
    );
    await waitFor(actor, (s) => s.matches({ authenticatorApp: 'ready' }));
    actor.send({ type: 'code.submit', code: '111111' });
    await waitFor(actor, (s) => s.matches({ authenticatorApp: 'ready' }) && !!s.context.error);
    expect(actor.getSnapshot().context.qrCode).to.equal('q');
  });
});

describe('mfa machine: remember-device policy and recovery', () => {
  it('SI-7.56 checkRememberDevice on start: allowed → context.rememberDevice; a failure → null (no checkbox)', async () => {
    const allowed = start({ step: 'verify' }, { remember: async () => ({ allowed: true, expiresIn: 2592000 }) });
    await waitFor(allowed.actor, (s) => !!s.context.rememberDevice);
    expect(allowed.actor.getSnapshot().context.rememberDevice).to.deep.equal({ allowed: true, expiresIn: 2592000 });
    expect(allowed.calls[0]).to.deep.equal({ name: 'remember', input: undefined });
    const failing = start({ step: 'verify' }, { remember: async () => Promise.reject(new Error('no')) });
    await settle();
    expect(failing.actor.getSnapshot().context.rememberDevice).to.equal(null);
    expect(failing.actor.getSnapshot().value).to.deep.equal({ verify: 'idle' });
  });

  it('recovery.start ends with kind recover', () => {
    const { actor } = start({ step: 'verify' });
    actor.send({ type: 'recovery.start' });
    expect(actor.getSnapshot().status).to.equal('done');
    expect(actor.getSnapshot().output).to.deep.equal({ kind: 'recover' });
  });
});

describe('mfa machine: the MFA data (SI-3.17)', () => {
  it('SI-3.17 holds the devices, the strategies (the login answer lists the active ones only), qrCode, otcToken, phoneNumber and recoveryCode; the webauthnToken stays with the actor', async () => {
    const devices: MfaDevices = { phones: [phone], webauthn: [key], authenticators: [], emails: [] };
    const app = start(
      { step: 'enrol', devices, strategies: ['AuthenticatorApp', 'SMS'] },
      { pre: async () => ({ qrCode: 'data:image/png;base64,QR', secret: 'S' }), enroll: async () => enrolled },
    );
    expect(app.actor.getSnapshot().context.devices).to.deep.equal(devices);
    expect(app.actor.getSnapshot().context.strategies).to.deep.equal(['AuthenticatorApp', 'SMS']);
    app.actor.send({ type: 'strategy.choose', strategy: 'AuthenticatorApp' });
    await waitFor(app.actor, (s) => s.matches({ authenticatorApp: 'ready' }));
    expect(app.actor.getSnapshot().context.qrCode).to.equal('data:image/png;base64,QR');
    app.actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(app.actor, (s) => s.matches('recoveryCode'));
    expect(app.actor.getSnapshot().context.recoveryCode).to.equal('REC-1');

    const sms = start({ step: 'enrol', strategies: ['SMS'] }, { sendSms: async () => ({ otcToken: 'otc-1', phoneNumber: '+1******2222' }) });
    sms.actor.send({ type: 'phone.submit', phoneNumber: '+15551112222' });
    await waitFor(sms.actor, (s) => s.matches({ smsVerifyCode: 'ready' }));
    expect(sms.actor.getSnapshot().context).to.include({ otcToken: 'otc-1', phoneNumber: '+1******2222' });

    // a key's challenge token is the actor's own (machines/mfa.actors.ts): it never enters the machine's data
    const webauthn = start({ step: 'enrol', strategies: ['WebAuthnPlatform'] }, { webauthn: async () => enrolled });
    webauthn.actor.send({ type: 'webauthn.start' });
    await waitFor(webauthn.actor, (s) => s.matches('recoveryCode'));
    expect(JSON.stringify(webauthn.actor.getPersistedSnapshot())).to.not.contain('webauthnToken');
  });
});
