import { expect } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import type { FlowEmitted } from '../machines/flow.ts';
import { stepUpMachine, stepUpStep, POST_STEP_UP_DELAY_MS, type StepUpCheck, type StepUpStart } from '../machines/step-up.machine.ts';
import { mfaMachine, mfaStepOf, type MfaActor, type MfaAnswer } from '../machines/mfa.machine.ts';
import { isSteppedUp, MULTI_FACTOR_ACR } from '../src/auth/step-up.ts';
import type { MfaDevices, MfaStrategy } from '../src/api/types.ts';

/** Records what the machine emits under the names of the element's old actions. */
function recordEmitted(actor: AnyActorRef, calls: string[]) {
  actor.on('*', (e) => {
    const event = e as FlowEmitted;
    if (event.type === 'stepUp') calls.push('notifySteppedUp');
    else if (event.type === 'error') calls.push('notifyError');
    else if (event.type === 'navigate') calls.push('route' in event.to && event.to.route === 'logoutUrl' ? 'logoutPreservingQuery' : 'navigateBack');
  });
}

/** What step-up generate answers, as the actors pass it on: an MFA challenge (the token stays with the actors), or a session already stored. */
type Generated = { mfaToken: string; mfaDevices?: MfaDevices; mfaStrategies?: MfaStrategy[] } | { accessToken: string };
const started = (g: Generated): StepUpStart =>
  'accessToken' in g
    ? { kind: 'signedIn', signedIn: { user: { email: 'a@b.test' } } }
    : { kind: 'mfa', mfa: { step: 'verify', deviceId: g.mfaDevices?.authenticators?.[0]?.id, devices: g.mfaDevices, strategies: g.mfaStrategies } };

describe('isSteppedUp', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const fresh = { acr: MULTI_FACTOR_ACR, amr: ['pwd', 'mfa', 'otp'], auth_time: now / 1000 - 60 };

  it('SI-4.33 needs acr equal to the multi-factor policy', () => {
    expect(isSteppedUp(fresh, {}, now)).to.equal(true);
    expect(isSteppedUp({ ...fresh, acr: 'urn:single-factor' }, {}, now)).to.equal(false);
    expect(isSteppedUp({ ...fresh, acr: undefined }, {}, now)).to.equal(false);
  });

  it('SI-4.34 needs amr with mfa and one of otp, sms, hwk', () => {
    for (const m of ['otp', 'sms', 'hwk']) expect(isSteppedUp({ ...fresh, amr: ['mfa', m] }, {}, now), m).to.equal(true);
    expect(isSteppedUp({ ...fresh, amr: ['pwd', 'otp'] }, {}, now)).to.equal(false);
    expect(isSteppedUp({ ...fresh, amr: ['pwd', 'mfa'] }, {}, now)).to.equal(false);
    expect(isSteppedUp({ ...fresh, amr: undefined }, {}, now)).to.equal(false);
  });

  it('SI-4.35 with maxAge, auth_time must lie within maxAge seconds of now', () => {
    expect(isSteppedUp(fresh, { maxAge: 60 }, now)).to.equal(true);
    expect(isSteppedUp(fresh, { maxAge: 59 }, now)).to.equal(false);
    expect(isSteppedUp({ ...fresh, auth_time: undefined }, { maxAge: 600 }, now)).to.equal(false);
    expect(isSteppedUp(null, {}, now)).to.equal(false);
  });
});

function start(input: { flagSet?: boolean; steppedUp?: boolean; maxAge?: number }, generate: () => Promise<unknown>) {
  const calls: string[] = [];
  const clock = new SimulatedClock();
  /** An MFA check that steps the user up: the actors store the session, the machine gets the public user. */
  const ok = async (): Promise<MfaAnswer> => (calls.push('completeLogin'), { signedIn: { user: { email: 'a@b.test', acr: MULTI_FACTOR_ACR } } });
  const logic = stepUpMachine.provide({
    actors: {
      check: fromPromise(async ({ input: i }) => ({ flagSet: input.flagSet ?? true, steppedUp: input.steppedUp ?? false, maxAge: i.maxAge })),
      generate: fromPromise(async () => (calls.push('generate'), started((await generate()) as Generated))),
      clearFlag: fromPromise<unknown>(async () => void calls.push('clearFlag')),
      mfa: mfaMachine.provide({ actors: { verifyCode: fromPromise(async () => (calls.push('verifyCode'), ok())) } }),
      enrol: mfaMachine.provide({
        actors: {
          preEnrollAuthenticator: fromPromise<{ qrCode: string; secret?: string }>(async () => (calls.push('preEnroll'), { qrCode: 'q', secret: 'S' })),
          enrollAuthenticator: fromPromise(async () => (calls.push('enroll'), {})),
        },
      }),
    },
  });
  const actor = createActor(logic, { clock, input: { maxAge: input.maxAge, query: { a: '1' } } });
  recordEmitted(actor, calls);
  actor.start();
  return { actor, calls, clock };
}

describe('step-up machine', () => {
  it('SI-4.32 without the stored flag nothing happens', async () => {
    const { actor, calls } = start({ flagSet: false }, async () => ({}));
    // the check waits for the start-up session first
    expect(stepUpStep(actor.getSnapshot())).to.equal('loading');
    await waitFor(actor, (s) => stepUpStep(s) === 'notRequested');
    expect(calls).to.deep.equal([]);
  });

  it('SI-4.32 a user already stepped up is done at once', async () => {
    const { actor, calls } = start({ steppedUp: true }, async () => ({}));
    await waitFor(actor, (s) => stepUpStep(s) === 'done');
    expect(calls).to.deep.equal(['clearFlag']);
  });

  it('SI-7.40 generate → verify with the MFA machine → the session stored → done, then back after 200 ms', async () => {
    const { actor, calls, clock } = start({ maxAge: 300 }, async () => ({ mfaToken: 'm', mfaDevices: { authenticators: [{ id: 'd1' }] } }));
    await waitFor(actor, (s) => stepUpStep(s) === 'verify');
    // the step-up MFA token stays with the actors
    expect(JSON.stringify(actor.getPersistedSnapshot())).to.not.include('"m"');
    const child = actor.getSnapshot().children.mfa as MfaActor;
    expect(child.getSnapshot().context.deviceId).to.equal('d1');
    child.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => stepUpStep(s) === 'done');
    expect(calls).to.deep.equal(['generate', 'verifyCode', 'completeLogin', 'notifySteppedUp', 'clearFlag']);
    clock.increment(POST_STEP_UP_DELAY_MS);
    expect(calls.at(-1)).to.equal('navigateBack');
  });

  it('SI-8.11 "MFA is not enrolled" leads to noMFAEnrolledStepUp: enrol, then generate again', async () => {
    let enrolled = false;
    const { actor, calls } = start({}, async () => {
      if (!enrolled) throw Object.assign(new Error('MFA is not enrolled'), { statusCode: 400 });
      return { mfaToken: 'm2' };
    });
    await waitFor(actor, (s) => stepUpStep(s) === 'noMFAEnrolledStepUp');
    const child = actor.getSnapshot().children.mfa as MfaActor;
    await waitFor(child, (s) => s.matches({ authenticatorApp: 'ready' }));
    enrolled = true;
    child.send({ type: 'code.submit', code: '111111' });
    await waitFor(actor, (s) => stepUpStep(s) === 'verify');
    expect(calls).to.deep.equal(['generate', 'preEnroll', 'enroll', 'generate']);
  });

  it('SI-4.36 any other failure logs out with the query parameters preserved', async () => {
    const { actor, calls } = start({}, async () => Promise.reject(Object.assign(new Error('Forbidden'), { statusCode: 403 })));
    const navigations: unknown[] = [];
    actor.on('navigate', (e) => navigations.push(e.to));
    await waitFor(actor, (s) => stepUpStep(s) === 'failed');
    await Promise.resolve();
    expect(calls).to.have.members(['generate', 'notifyError', 'clearFlag', 'logoutPreservingQuery']);
    expect(calls.slice(0, 2)).to.deep.equal(['generate', 'notifyError']);
    expect(navigations).to.deep.equal([{ route: 'logoutUrl', query: { a: '1' } }]);
  });
});

describe('step-up machine with every MFA kind (the MFA machine of sign-in)', () => {
  // an MFA check that stepped the user up: the session stored by the actors, the public user answered
  const ok: MfaAnswer = { signedIn: { user: { email: 'a@b.test', acr: MULTI_FACTOR_ACR, amr: ['pwd', 'mfa', 'sms'] } } };

  /** A step-up whose generate answers `session`; every MFA actor records its call. */
  function startWith(session: Generated) {
    const calls: string[] = [];
    const rec = <T>(name: string, value: T) => fromPromise(async ({ input }: { input: unknown }) => (calls.push(`${name} ${JSON.stringify(input)}`), value));
    const logic = stepUpMachine.provide({
      actors: {
        check: fromPromise<StepUpCheck, { maxAge?: number }>(async () => ({ flagSet: true, steppedUp: false, maxAge: 300 })),
        generate: fromPromise(async () => started(session)),
        mfa: mfaMachine.provide({
          actors: {
            verifyCode: rec('verifyCode', ok) as never,
            sendSmsCode: rec('sendSmsCode', { otcToken: 'otc-1', phoneNumber: '+1******0001' }) as never,
            checkSmsCode: rec('checkSmsCode', ok) as never,
            sendEmailCode: rec('sendEmailCode', { otcToken: 'otc-2' }) as never,
            checkEmailCode: rec('checkEmailCode', ok) as never,
            webauthn: rec('webauthn', ok) as never,
          },
        }),
      },
    });
    const actor = createActor(logic, { input: { maxAge: 300 } });
    actor.on('stepUp', () => void calls.push('notifySteppedUp'));
    actor.start();
    return { actor, calls };
  }

  const child = (actor: ReturnType<typeof startWith>['actor']) => actor.getSnapshot().children.mfa as MfaActor;

  it('SI-4.07 SI-7.40 one phone: the SMS step comes directly; the code sent to that phone steps up', async () => {
    const { actor, calls } = startWith({ mfaToken: 'm', mfaDevices: { phones: [{ id: 'p1', phoneNumber: '+1******0001' }] } });
    await waitFor(actor, (s) => stepUpStep(s) === 'verify');
    const mfa = child(actor);
    await waitFor(mfa, (s) => s.matches({ smsVerifyCode: 'ready' }));
    expect(mfa.getSnapshot().context.phoneNumber).to.equal('+1******0001');
    mfa.send({ type: 'code.submit', code: ' 123456 ' });
    await waitFor(actor, (s) => stepUpStep(s) === 'done');
    expect(calls).to.deep.equal([
      'sendSmsCode {"deviceId":"p1","phoneNumber":"+1******0001"}',
      'checkSmsCode {"deviceId":"p1","otcToken":"otc-1","code":"123456","rememberDevice":false}',
      'notifySteppedUp',
    ]);
  });

  it('SI-4.07 one email device: the email code step; one WebAuthn key: the WebAuthn step', async () => {
    const email = startWith({ mfaToken: 'm', mfaDevices: { emails: [{ email: 'a@b.test' }] } });
    await waitFor(email.actor, (s) => stepUpStep(s) === 'verify');
    await waitFor(child(email.actor), (s) => s.matches({ emailVerifyCode: 'ready' }));
    child(email.actor).send({ type: 'code.submit', code: '654321' });
    await waitFor(email.actor, (s) => stepUpStep(s) === 'done');
    expect(email.calls[1]).to.equal('checkEmailCode {"otcToken":"otc-2","code":"654321","rememberDevice":false}');

    const key = startWith({ mfaToken: 'k', mfaDevices: { webauthn: [{ id: 'w1', deviceType: 'Platform', name: 'This device' }] } });
    await waitFor(key.actor, (s) => stepUpStep(s) === 'verify');
    expect(mfaStepOf(child(key.actor).getSnapshot())).to.equal('webauthnVerify');
    child(key.actor).send({ type: 'webauthn.start' });
    await waitFor(key.actor, (s) => stepUpStep(s) === 'done');
    expect(key.calls).to.deep.equal(['webauthn {"deviceId":"w1","deviceType":"Platform","rememberDevice":false}', 'notifySteppedUp']);
  });

  it('SI-4.07 several devices: chooseDevice, then the chosen one (an authenticator app checks its own device id)', async () => {
    const { actor, calls } = startWith({
      mfaToken: 'm',
      mfaDevices: { authenticators: [{ id: 'a1' }], phones: [{ id: 'p1', phoneNumber: '+1******0001' }] },
      mfaStrategies: ['AuthenticatorApp', 'SMS'],
    });
    await waitFor(actor, (s) => stepUpStep(s) === 'verify');
    const mfa = child(actor);
    expect(mfaStepOf(mfa.getSnapshot())).to.equal('chooseDevice');
    mfa.send({ type: 'device.choose', device: { kind: 'sms', id: 'p1', label: '+1******0001' } });
    await waitFor(mfa, (s) => s.matches({ smsVerifyCode: 'ready' }));
    mfa.send({ type: 'device.change' });
    expect(mfaStepOf(mfa.getSnapshot())).to.equal('chooseDevice');
    mfa.send({ type: 'device.choose', device: { kind: 'authenticator', id: 'a1' } });
    expect(mfaStepOf(mfa.getSnapshot())).to.equal('verify');
    mfa.send({ type: 'code.submit', code: '111111' });
    await waitFor(actor, (s) => stepUpStep(s) === 'done');
    expect(calls.at(-2)).to.equal('verifyCode {"deviceId":"a1","code":"111111","rememberDevice":false}');
  });
});
