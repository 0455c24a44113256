import { expect } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { POST_RESET_PHONE_DELAY_MS, resetPhoneMachine, resetPhoneStep, toResetPhoneError } from '../machines/reset-phone.machine.ts';
import type { AuthUser } from '../src/stores/index.ts';

type Answer<T> = () => Promise<T>;
const fail = (statusCode: number, message: string, errorCode?: string) => Object.assign(new Error(message), { statusCode, errorCode, traceId: 't-1' });

function start(answers: {
  requestCode?: Answer<{ resetPhoneNumberToken: string }>;
  verifyCode?: Answer<{ changePhoneNumberToken: string }>;
  changePhoneNumber?: Answer<unknown>;
  sendSmsCode?: Answer<unknown>;
  loginWithCode?: Answer<{ user: AuthUser } | null>;
} = {}) {
  const calls: string[] = [];
  const inputs: Record<string, unknown[]> = {};
  const clock = new SimulatedClock();
  const record = <I, T>(name: string, answer: Answer<T>) =>
    fromPromise<T, I>(async ({ input }) => {
      calls.push(name);
      (inputs[name] ??= []).push(input);
      return answer();
    });
  const logic = resetPhoneMachine.provide({
    actors: {
      requestCode: record('requestCode', answers.requestCode ?? (async () => ({ resetPhoneNumberToken: 'rt' }))),
      verifyCode: record('verifyCode', answers.verifyCode ?? (async () => ({ changePhoneNumberToken: 'ct' }))),
      changePhoneNumber: record('changePhoneNumber', answers.changePhoneNumber ?? (async () => ({}))),
      sendSmsCode: record('sendSmsCode', answers.sendSmsCode ?? (async () => ({}))),
      loginWithCode: record('loginWithCode', answers.loginWithCode ?? (async () => ({ user: { email: 'ada@acme.test' } }))),
    },
    actions: {
      notifyError: () => void calls.push('notifyError'),
      notifyLogin: (_, { user }) => void calls.push(`notifyLogin:${user.email}`),
      navigateOn: (_, { to }) => void calls.push(`navigateOn:${to}`),
    },
  });
  const actor = createActor(logic, { clock, input: { email: 'ada@acme.test' } }).start();
  return { actor, calls, inputs, clock };
}

const idle = (step: string) => (s: { value: unknown }) => JSON.stringify(s.value) === JSON.stringify({ [step]: 'idle' });

describe('reset-phone machine', () => {
  it('AB-4.20 AB-4.21 AB-4.22 resetPhoneNumber → verifyResetPhoneNumber → changePhoneNumber → loginWithSmsOtc → success, then the app after 1000 ms', async () => {
    const { actor, calls, inputs, clock } = start();
    expect(actor.getSnapshot().value).to.deep.equal({ resetPhoneNumber: 'idle' });
    expect(actor.getSnapshot().context.email).to.equal('ada@acme.test');

    actor.send({ type: 'email.submit', email: '  ada@acme.test ' });
    expect(actor.getSnapshot().value).to.deep.equal({ resetPhoneNumber: 'submitting' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    expect(actor.getSnapshot().context.resetPhoneNumberToken).to.equal('rt');

    actor.send({ type: 'code.submit', code: '123456' });
    expect(actor.getSnapshot().value).to.deep.equal({ verifyResetPhoneNumber: 'submitting' });
    await waitFor(actor, idle('changePhoneNumber'));
    expect(actor.getSnapshot().context.changePhoneNumberToken).to.equal('ct');

    actor.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    expect(actor.getSnapshot().value).to.deep.equal({ changePhoneNumber: 'submitting' });
    await waitFor(actor, (s) => resetPhoneStep(s) === 'loginWithSmsOtc');
    // the SMS is sent on entry
    await waitFor(actor, idle('loginWithSmsOtc'));

    actor.send({ type: 'code.submit', code: '654321' });
    expect(actor.getSnapshot().value).to.deep.equal({ loginWithSmsOtc: 'submitting' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(actor.getSnapshot().context.signedIn).to.equal(true);

    expect(inputs).to.deep.equal({
      requestCode: [{ email: 'ada@acme.test' }],
      verifyCode: [{ resetPhoneNumberToken: 'rt', code: '123456' }],
      changePhoneNumber: [{ changePhoneNumberToken: 'ct', phoneNumber: '+14155550100' }],
      sendSmsCode: [{ phoneNumber: '+14155550100' }],
      loginWithCode: [{ code: '654321' }],
    });
    expect(calls.at(-1)).to.equal('notifyLogin:ada@acme.test');
    clock.increment(POST_RESET_PHONE_DELAY_MS - 1);
    expect(calls).not.to.include('navigateOn:authenticated');
    clock.increment(1);
    expect(calls.at(-1)).to.equal('navigateOn:authenticated');
  });

  it('AB-2.06 an SMS sign-in without a session (e.g. MFA asked) goes to the login route after 1000 ms, without fe-login', async () => {
    const { actor, calls, clock } = start({ loginWithCode: async () => null });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    actor.send({ type: 'code.submit', code: '1' });
    await waitFor(actor, idle('changePhoneNumber'));
    actor.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    await waitFor(actor, idle('loginWithSmsOtc'));
    actor.send({ type: 'code.submit', code: '2' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(actor.getSnapshot().context.signedIn).to.equal(false);
    expect(calls.some((c) => c.startsWith('notifyLogin'))).to.equal(false);
    clock.increment(POST_RESET_PHONE_DELAY_MS);
    expect(calls.at(-1)).to.equal('navigateOn:login');
  });

  it('AB-4.20 a failed request (429) returns to idle with the server message and fires notifyError', async () => {
    const { actor, calls } = start({ requestCode: async () => Promise.reject(fail(429, 'Too many requests. Try again in 12 seconds', 'ER-TOO-MANY-REQUESTS')) });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('resetPhoneNumber'));
    expect(actor.getSnapshot().context.error).to.deep.equal({ message: 'Too many requests. Try again in 12 seconds', statusCode: 429, traceId: 't-1' });
    expect(calls).to.deep.equal(['requestCode', 'notifyError']);
    // a new submit clears the error
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    expect(actor.getSnapshot().context.error).to.equal(null);
  });

  it('AB-4.21 a wrong code stays on verify; resend replaces the token and notes it; restart goes back to the email', async () => {
    let verify = 0;
    let token = 0;
    const { actor, calls } = start({
      requestCode: async () => ({ resetPhoneNumberToken: `rt${++token}` }),
      verifyCode: async () => (++verify === 1 ? Promise.reject(fail(400, 'Invalid code', 'ER-INVALID-CODE')) : { changePhoneNumberToken: 'ct' }),
    });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    actor.send({ type: 'code.submit', code: '000000' });
    await waitFor(actor, (s) => idle('verifyResetPhoneNumber')(s) && !!s.context.error);
    expect(actor.getSnapshot().context.error!.message).to.equal('Invalid code');

    actor.send({ type: 'code.resend' });
    expect(actor.getSnapshot().value).to.deep.equal({ verifyResetPhoneNumber: 'resending' });
    expect(actor.getSnapshot().context.error).to.equal(null);
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    expect(actor.getSnapshot().context.resetPhoneNumberToken).to.equal('rt2');
    expect(actor.getSnapshot().context.notice).to.equal('phone.verify.resent');

    actor.send({ type: 'flow.restart' });
    expect(actor.getSnapshot().value).to.deep.equal({ resetPhoneNumber: 'idle' });
    expect(actor.getSnapshot().context.resetPhoneNumberToken).to.equal(null);
    expect(actor.getSnapshot().context.email).to.equal('a@b.test');
    expect(calls.filter((c) => c === 'notifyError')).to.have.length(1);
  });

  it('AB-4.21 a failed resend keeps the token and shows the error', async () => {
    let n = 0;
    const { actor } = start({ requestCode: async () => (++n === 1 ? { resetPhoneNumberToken: 'rt' } : Promise.reject(fail(429, 'Too many requests. Try again in 30 seconds'))) });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    actor.send({ type: 'code.resend' });
    await waitFor(actor, (s) => !!s.context.error);
    expect(actor.getSnapshot().value).to.deep.equal({ verifyResetPhoneNumber: 'idle' });
    expect(actor.getSnapshot().context.resetPhoneNumberToken).to.equal('rt');
  });

  it('AB-4.22 a failed change stays on changePhoneNumber; restart from there clears both tokens', async () => {
    const { actor } = start({ changePhoneNumber: async () => Promise.reject(fail(409, 'The phone number is already in use', 'ER-PHONE-IN-USE')) });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    actor.send({ type: 'code.submit', code: '1' });
    await waitFor(actor, idle('changePhoneNumber'));
    actor.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    await waitFor(actor, (s) => idle('changePhoneNumber')(s) && !!s.context.error);
    expect(actor.getSnapshot().context.error!.message).to.equal('The phone number is already in use');
    expect(actor.getSnapshot().context.phoneNumber).to.equal('+14155550100');
    actor.send({ type: 'flow.restart' });
    expect(actor.getSnapshot().value).to.deep.equal({ resetPhoneNumber: 'idle' });
    expect(actor.getSnapshot().context.changePhoneNumberToken).to.equal(null);
  });

  it('AB-4.22 loginWithSmsOtc: a failed send, a resend, a failed sign-in, and skipping to the login route', async () => {
    let sends = 0;
    let logins = 0;
    const { actor, calls } = start({
      sendSmsCode: async () => (++sends === 1 ? Promise.reject(fail(429, 'Too many requests. Try again in 5 seconds')) : {}),
      loginWithCode: async () => (++logins === 1 ? Promise.reject(fail(400, 'The code has expired', 'ER-OTC-EXPIRED')) : { user: { email: 'a@b.test' } }),
    });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    actor.send({ type: 'code.submit', code: '1' });
    await waitFor(actor, idle('changePhoneNumber'));
    actor.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    await waitFor(actor, (s) => idle('loginWithSmsOtc')(s) && !!s.context.error);
    expect(actor.getSnapshot().context.error!.message).to.equal('Too many requests. Try again in 5 seconds');

    actor.send({ type: 'code.resend' });
    expect(actor.getSnapshot().value).to.deep.equal({ loginWithSmsOtc: 'resending' });
    await waitFor(actor, idle('loginWithSmsOtc'));
    expect(actor.getSnapshot().context.notice).to.equal('phone.sms.resent');

    actor.send({ type: 'code.submit', code: '111111' });
    await waitFor(actor, (s) => idle('loginWithSmsOtc')(s) && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'phone.error.smsExpired', statusCode: 400, traceId: 't-1' });

    actor.send({ type: 'login.skip' });
    expect(calls.at(-1)).to.equal('navigateOn:login');
    expect(resetPhoneStep(actor.getSnapshot())).to.equal('loginWithSmsOtc');
  });

  it('events that do not belong to a state are ignored (no double submit while busy)', async () => {
    const { actor, calls } = start({ requestCode: () => new Promise(() => {}) });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    actor.send({ type: 'code.submit', code: '1' });
    actor.send({ type: 'login.skip' });
    await Promise.resolve();
    expect(actor.getSnapshot().value).to.deep.equal({ resetPhoneNumber: 'submitting' });
    expect(calls).to.deep.equal(['requestCode']);
  });
});

describe('toResetPhoneError', () => {
  it('maps expired, used and replaced tokens to our words and keeps other server messages', () => {
    for (const code of ['ER-RESET-PHONE-TOKEN-EXPIRED', 'ER-RESET-PHONE-TOKEN-USED', 'ER-RESET-PHONE-TOKEN-REPLACED']) {
      expect(toResetPhoneError(fail(400, 'x', code)).key, code).to.equal('phone.error.codeExpired');
    }
    expect(toResetPhoneError(fail(400, 'x', 'ER-CHANGE-PHONE-TOKEN-EXPIRED')).key).to.equal('phone.error.changeExpired');
    expect(toResetPhoneError(fail(400, 'x', 'ER-OTC-USED')).key).to.equal('phone.error.smsExpired');
    expect(toResetPhoneError(fail(400, 'Invalid code', 'ER-INVALID-CODE'))).to.deep.equal({ message: 'Invalid code', statusCode: 400, traceId: 't-1' });
    expect(toResetPhoneError(fail(0, 'offline')).key).to.equal('error.network');
    expect(toResetPhoneError(undefined).key).to.equal('error.generic');
  });
});
