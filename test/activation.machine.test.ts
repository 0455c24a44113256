import { expect } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { activateAccountMachine, activateAccountStep, POST_ACTIVATION_DELAY_MS, type ActivationPlan } from '../machines/activate-account.machine.ts';
import { unlockAccountMachine, unlockAccountStep } from '../machines/unlock-account.machine.ts';
import type { LoginResponse } from '../src/api/types.ts';
import type { AuthUser } from '../src/stores/index.ts';

const apiError = (message: string, errorCode?: string, statusCode = 400) => Object.assign(new Error(message), { statusCode, errorCode });
const LR = { accessToken: 'a.b.c', email: 'ada@acme.test' } as LoginResponse;

interface Fakes {
  strategy?: () => Promise<ActivationPlan>;
  activate?: (input: { userId: string; token: string; password?: string; code?: string }) => Promise<LoginResponse>;
  completeLogin?: () => Promise<{ user: AuthUser } | null>;
  resend?: () => Promise<unknown>;
}

function start(input: { userId?: string | null; token?: string | null; mode?: 'link' | 'code' }, fakes: Fakes = {}) {
  const calls: unknown[] = [];
  const clock = new SimulatedClock();
  const logic = activateAccountMachine.provide({
    actors: {
      getStrategy: fromPromise(async () => (calls.push('getStrategy'), (fakes.strategy ?? (async () => ({ shouldSetPassword: true, passwordConfig: { minLength: 8 } })))())),
      activate: fromPromise(async ({ input }) => (calls.push(['activate', input]), (fakes.activate ?? (async () => LR))(input))),
      completeLogin: fromPromise(async () => (calls.push('completeLogin'), (fakes.completeLogin ?? (async () => ({ user: { email: 'ada@acme.test' } as AuthUser })))())),
      resendActivation: fromPromise(async ({ input }) => (calls.push(['resend', input]), (fakes.resend ?? (async () => ({})))())),
    },
    actions: {
      notifyLogin: (_, { user }) => void calls.push(['notifyLogin', user.email]),
      notifyError: () => void calls.push('notifyError'),
      navigate: (_, { to }) => void calls.push(['navigate', to]),
    },
  });
  const actor = createActor(logic, { clock, input }).start();
  return { actor, calls, clock };
}

describe('activate-account machine', () => {
  it('SI-4.25 without userId or token the link is invalid; resend.start → resend (SI-4.26)', () => {
    for (const input of [{}, { userId: 'u' }, { token: 't' }, { userId: '', token: 't' }]) {
      const { actor, calls } = start(input);
      expect(activateAccountStep(actor.getSnapshot())).to.equal('invalid');
      expect(calls).to.deep.equal([]);
      actor.send({ type: 'resend.start' });
      expect(activateAccountStep(actor.getSnapshot())).to.equal('resend');
    }
  });

  it('SI-4.25 SI-4.29 activating → activatingForm (password) → success → navigate after 1000 ms', async () => {
    const { actor, calls, clock } = start({ userId: 'u1', token: 't1' });
    expect(activateAccountStep(actor.getSnapshot())).to.equal('activating');
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => s.matches({ activatingForm: 'idle' }));
    expect(actor.getSnapshot().context.shouldSetPassword).to.equal(true);
    expect(actor.getSnapshot().context.passwordConfig).to.deep.equal({ minLength: 8 });
    actor.send({ type: 'activate.submit', password: 'Brand-New-42' });
    expect(actor.getSnapshot().matches({ activatingForm: 'submitting' })).to.equal(true);
    await waitFor(actor, (s) => s.matches({ success: 'waiting' }));
    expect(calls).to.deep.equal(['getStrategy', ['activate', { userId: 'u1', token: 't1', password: 'Brand-New-42' }], 'completeLogin', ['notifyLogin', 'ada@acme.test']]);
    expect(actor.getSnapshot().context.response, 'the login response is not kept').to.equal(null);
    clock.increment(POST_ACTIVATION_DELAY_MS - 1);
    expect(actor.getSnapshot().matches({ success: 'waiting' })).to.equal(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ success: 'navigated' })).to.equal(true);
    expect(calls.at(-1)).to.deep.equal(['navigate', 'authenticated']);
  });

  it('SI-4.25 a user who has a password is activated straight from activating (no form)', async () => {
    const { actor, calls, clock } = start({ userId: 'u1', token: 't1' }, { strategy: async () => ({ shouldSetPassword: false, passwordConfig: {} }) });
    await waitFor(actor, (s) => s.matches({ success: 'waiting' }));
    expect(calls).to.deep.equal(['getStrategy', ['activate', { userId: 'u1', token: 't1' }], 'completeLogin', ['notifyLogin', 'ada@acme.test']]);
    clock.increment(POST_ACTIVATION_DELAY_MS);
    expect(calls.at(-1)).to.deep.equal(['navigate', 'authenticated']);
  });

  it('SI-7.23 the code variant always shows the form and sends the code (and the password only when one must be set)', async () => {
    const { actor, calls } = start({ userId: 'u1', token: 't1', mode: 'code' }, { strategy: async () => ({ shouldSetPassword: false, passwordConfig: {} }) });
    await waitFor(actor, (s) => s.matches({ activatingForm: 'idle' }));
    actor.send({ type: 'activate.submit', code: '123456', password: 'ignored' });
    await waitFor(actor, (s) => s.matches({ success: 'waiting' }));
    expect(calls[1]).to.deep.equal(['activate', { userId: 'u1', token: 't1', code: '123456' }]);
  });

  it('a wrong code or a refused password keeps the form with the server message', async () => {
    let n = 0;
    const { actor, calls } = start(
      { userId: 'u1', token: 't1', mode: 'code' },
      { activate: async () => (n++ === 0 ? Promise.reject(apiError('Invalid code', 'ER-INVALID-CODE')) : LR) },
    );
    await waitFor(actor, (s) => s.matches({ activatingForm: 'idle' }));
    actor.send({ type: 'activate.submit', code: '000000', password: 'Brand-New-42' });
    await waitFor(actor, (s) => s.matches({ activatingForm: 'idle' }) && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.deep.include({ message: 'Invalid code', statusCode: 400 });
    expect(calls).to.include('notifyError');
    actor.send({ type: 'activate.submit', code: '123456', password: 'Brand-New-42' });
    expect(actor.getSnapshot().context.error, 'cleared on submit').to.equal(null);
    await waitFor(actor, (s) => s.matches({ success: 'waiting' }));
  });

  it('an expired, used or replaced link (strategy or submit) → failed with the server message; resend.start → resend', async () => {
    const dead = start({ userId: 'u1', token: 't1' }, { strategy: () => Promise.reject(apiError('The activation link has expired', 'ER-ACTIVATION-TOKEN-EXPIRED')) });
    await waitFor(dead.actor, (s) => activateAccountStep(s) === 'failed');
    expect(dead.actor.getSnapshot().context.error?.message).to.equal('The activation link has expired');
    expect(dead.calls).to.deep.equal(['getStrategy', 'notifyError']);
    dead.actor.send({ type: 'resend.start' });
    expect(activateAccountStep(dead.actor.getSnapshot())).to.equal('resend');
    expect(dead.actor.getSnapshot().context.error).to.equal(null);

    const used = start({ userId: 'u1', token: 't1' }, { activate: () => Promise.reject(apiError('The activation link has already been used', 'ER-ACTIVATION-TOKEN-USED')) });
    await waitFor(used.actor, (s) => s.matches({ activatingForm: 'idle' }));
    used.actor.send({ type: 'activate.submit', password: 'Brand-New-42' });
    await waitFor(used.actor, (s) => activateAccountStep(s) === 'failed');
    expect(used.actor.getSnapshot().context.error?.message).to.equal('The activation link has already been used');

    const direct = start({ userId: 'u1', token: 't1' }, { strategy: async () => ({ shouldSetPassword: false, passwordConfig: {} }), activate: () => Promise.reject(apiError('Network', undefined, 0)) });
    await waitFor(direct.actor, (s) => activateAccountStep(s) === 'failed');
    expect(direct.actor.getSnapshot().context.error).to.deep.equal({ key: 'error.network', statusCode: 0 });
  });

  it('SI-4.26 activatingForm → resend → sent; a failed resend stays in resend with the error', async () => {
    let fail = true;
    const { actor, calls } = start({ userId: 'u1', token: 't1' }, { resend: async () => (fail ? Promise.reject(apiError('Boom', 'X', 500)) : {}) });
    await waitFor(actor, (s) => s.matches({ activatingForm: 'idle' }));
    actor.send({ type: 'resend.start' });
    expect(actor.getSnapshot().matches({ resend: 'idle' })).to.equal(true);
    actor.send({ type: 'resend.submit', email: ' ada@acme.test ' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => s.matches({ resend: 'idle' }) && !!s.context.error);
    fail = false;
    actor.send({ type: 'resend.submit', email: 'ada@acme.test' });
    await waitFor(actor, (s) => s.matches({ resend: 'sent' }));
    expect(actor.getSnapshot().context.email).to.equal('ada@acme.test');
    expect(calls.filter((c) => Array.isArray(c) && c[0] === 'resend')).to.deep.equal([
      ['resend', { email: 'ada@acme.test' }],
      ['resend', { email: 'ada@acme.test' }],
    ]);
  });

  it('an answer that asks for MFA (no session) → redirectToLogin, which navigates to the login route', async () => {
    const { actor, calls } = start({ userId: 'u1', token: 't1' }, { strategy: async () => ({ shouldSetPassword: false, passwordConfig: {} }), completeLogin: async () => null });
    await waitFor(actor, (s) => activateAccountStep(s) === 'redirectToLogin');
    expect(calls.at(-1)).to.deep.equal(['navigate', 'login']);
    expect(calls.some((c) => Array.isArray(c) && c[0] === 'notifyLogin')).to.equal(false);

    const broken = start({ userId: 'u1', token: 't1' }, { strategy: async () => ({ shouldSetPassword: false, passwordConfig: {} }), completeLogin: () => Promise.reject(new Error('me failed')) });
    await waitFor(broken.actor, (s) => activateAccountStep(s) === 'redirectToLogin');
  });
});

describe('unlock-account machine', () => {
  function startUnlock(token: string | null | undefined, unlock: () => Promise<unknown>) {
    const calls: unknown[] = [];
    const logic = unlockAccountMachine.provide({
      actors: { unlock: fromPromise(async ({ input }) => (calls.push(['unlock', input]), unlock())) },
      actions: { notifyUnlocked: () => void calls.push('notifyUnlocked'), notifyError: () => void calls.push('notifyError') },
    });
    return { actor: createActor(logic, { input: { token } }).start(), calls };
  }

  it('SI-7.29 unlocking → success', async () => {
    const { actor, calls } = startUnlock('tok', async () => ({}));
    expect(unlockAccountStep(actor.getSnapshot())).to.equal('unlocking');
    await waitFor(actor, (s) => unlockAccountStep(s) === 'success');
    expect(calls).to.deep.equal([['unlock', { token: 'tok' }], 'notifyUnlocked']);
  });

  it('SI-7.29 an expired or used token → failed with the server message', async () => {
    const { actor, calls } = startUnlock('tok', () => Promise.reject(apiError('The unlock link has already been used', 'ER-UNLOCK-TOKEN-USED')));
    await waitFor(actor, (s) => unlockAccountStep(s) === 'failed');
    expect(actor.getSnapshot().context.error?.message).to.equal('The unlock link has already been used');
    expect(calls).to.deep.equal([['unlock', { token: 'tok' }], 'notifyError']);
  });

  it('a missing token fails at once without a call', () => {
    for (const token of [undefined, null, '']) {
      const { actor, calls } = startUnlock(token, async () => ({}));
      expect(unlockAccountStep(actor.getSnapshot())).to.equal('failed');
      expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'unlock.missingToken' });
      expect(calls).to.deep.equal([]);
    }
  });
});
