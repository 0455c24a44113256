import { expect } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { stepUpMachine, stepUpStep, POST_STEP_UP_DELAY_MS } from '../machines/step-up.machine.ts';
import { mfaMachine, type MfaActor } from '../machines/mfa.machine.ts';
import { isSteppedUp, MULTI_FACTOR_ACR } from '../src/auth/step-up.ts';
import type { LoginResponse } from '../src/api/types.ts';
import type { StepUpSession } from '../src/api/step-up.ts';
import type { AuthUser } from '../src/stores/index.ts';

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
  const ok = { accessToken: 'a.b.c', acr: MULTI_FACTOR_ACR } as LoginResponse;
  const logic = stepUpMachine.provide({
    actors: {
      generate: fromPromise(async () => (calls.push('generate'), generate()) as Promise<StepUpSession>),
      completeLogin: fromPromise(async () => (calls.push('completeLogin'), { user: { email: 'a@b.test' } as AuthUser | null } as { user: AuthUser } | null)),
      mfa: mfaMachine.provide({ actors: { verifyCode: fromPromise(async () => (calls.push('verifyCode'), ok)) } }),
      enrol: mfaMachine.provide({
        actors: {
          preEnrollAuthenticator: fromPromise<{ qrCode: string; secret?: string }, { mfaToken: string }>(async () => (calls.push('preEnroll'), { qrCode: 'q', secret: 'S' })),
          enrollAuthenticator: fromPromise(async () => (calls.push('enroll'), {} as LoginResponse)),
        },
      }),
    },
    actions: {
      clearFlag: () => void calls.push('clearFlag'),
      notifySteppedUp: () => void calls.push('notifySteppedUp'),
      navigateBack: () => void calls.push('navigateBack'),
      logoutPreservingQuery: () => void calls.push('logoutPreservingQuery'),
      notifyError: () => void calls.push('notifyError'),
    },
  });
  const actor = createActor(logic, { clock, input: { flagSet: input.flagSet ?? true, steppedUp: input.steppedUp ?? false, maxAge: input.maxAge } }).start();
  return { actor, calls, clock };
}

describe('step-up machine', () => {
  it('SI-4.32 without the stored flag nothing happens', () => {
    const { actor, calls } = start({ flagSet: false }, async () => ({}));
    expect(stepUpStep(actor.getSnapshot())).to.equal('notRequested');
    expect(calls).to.deep.equal([]);
  });

  it('SI-4.32 a user already stepped up is done at once', () => {
    const { actor, calls } = start({ steppedUp: true }, async () => ({}));
    expect(stepUpStep(actor.getSnapshot())).to.equal('done');
    expect(calls).to.deep.equal(['clearFlag']);
  });

  it('SI-7.40 generate → verify with the MFA machine → authenticating → done, then back after 200 ms', async () => {
    const { actor, calls, clock } = start({ maxAge: 300 }, async () => ({ mfaToken: 'm', mfaDevices: { authenticators: [{ id: 'd1' }] } }));
    await waitFor(actor, (s) => stepUpStep(s) === 'verify');
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
    await waitFor(actor, (s) => stepUpStep(s) === 'failed');
    expect(calls).to.deep.equal(['generate', 'notifyError', 'clearFlag', 'logoutPreservingQuery']);
  });
});
