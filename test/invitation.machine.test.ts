import { expect } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  acceptInvitationMachine,
  acceptInvitationStep,
  acceptInvitationSuccessStep,
  POST_ACTIVATION_DELAY_MS,
  type AcceptInvitationInput,
  type AcceptOutput,
} from '../machines/accept-invitation.machine.ts';
import { impersonationMachine, impersonationStep, POST_IMPERSONATION_DELAY_MS, type ImpersonatedUser } from '../machines/impersonation.machine.ts';
import type { AuthUser } from '../src/stores/index.ts';

const apiError = (message: string, statusCode: number, errorCode?: string) => Object.assign(new Error(message), { statusCode, errorCode });

function startAccept(
  input: AcceptInvitationInput,
  accept: (input: { mode: string; userId: string; token: string; code?: string }) => Promise<AcceptOutput>,
  activate: () => Promise<{ user: AuthUser } | null> = async () => ({ user: { email: 'new@acme.test' } }),
) {
  const calls: string[] = [];
  const clock = new SimulatedClock();
  const logic = acceptInvitationMachine.provide({
    actors: {
      accept: fromPromise(async ({ input }) => (calls.push(`accept:${input.mode}:${input.code ?? ''}`), accept(input))),
      activate: fromPromise(async ({ input }) => (calls.push(`activate:${input.userId}:${input.token}:${input.password}`), activate())),
    },
    actions: {
      notifyAccepted: () => void calls.push('notifyAccepted'),
      notifyLogin: (_, { user }) => void calls.push(`notifyLogin:${user.email}`),
      navigateAfterLogin: () => void calls.push('navigateAfterLogin'),
      notifyError: () => void calls.push('notifyError'),
    },
  });
  const actor = createActor(logic, { clock, input }).start();
  return { actor, calls, clock };
}

const joined = { userId: 'u1', tenantId: 't1', tenantName: 'Acme', shouldSetPassword: false };

describe('accept-invitation machine', () => {
  it('SI-4.22 a link without userId or token is invalid and calls nothing', () => {
    for (const input of [{ token: 't' }, { userId: 'u' }, { userId: '', token: 't' }, { mode: 'code' as const, userId: 'u' }, {}]) {
      const { actor, calls } = startAccept(input, async () => joined);
      expect(acceptInvitationStep(actor.getSnapshot()), JSON.stringify(input)).to.equal('invalid');
      expect(calls).to.deep.equal([]);
    }
  });

  it('SI-4.21 the link variant: validate → pending → success (done: sign in), with the tenant name', async () => {
    const { actor, calls } = startAccept({ userId: 'u1', token: 'tok' }, async () => joined);
    expect(acceptInvitationStep(actor.getSnapshot())).to.equal('pending');
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => acceptInvitationStep(s) === 'success');
    expect(acceptInvitationSuccessStep(actor.getSnapshot())).to.equal('done');
    expect(actor.getSnapshot().context.tenantName).to.equal('Acme');
    expect(calls).to.deep.equal(['accept:link:', 'notifyAccepted']);
  });

  it('SI-4.21 SI-8.08 a token that cannot be verified fails with "We couldn\'t verify your invitation"', async () => {
    const { actor, calls } = startAccept({ userId: 'u1', token: 'tok' }, async () => Promise.reject(apiError('The invitation link has expired', 400, 'ER-INVITATION-TOKEN-EXPIRED')));
    await waitFor(actor, (s) => acceptInvitationStep(s) === 'failed');
    expect(actor.getSnapshot().context.error).to.include({ key: 'invitation.failed', statusCode: 400 });
    expect(calls).to.deep.equal(['accept:link:', 'notifyError']);
  });

  it('a locked tenant (ER-01239) fails with the server message; an unreachable server with the network message', async () => {
    const locked = startAccept({ userId: 'u1', token: 'tok' }, async () => Promise.reject(apiError('The tenant of this invitation is locked', 400, 'ER-01239')));
    await waitFor(locked.actor, (s) => acceptInvitationStep(s) === 'failed');
    expect(locked.actor.getSnapshot().context.error).to.include({ message: 'The tenant of this invitation is locked' });
    const offline = startAccept({ userId: 'u1', token: 'tok' }, async () => Promise.reject(apiError('Unable to reach the server', 0)));
    await waitFor(offline.actor, (s) => acceptInvitationStep(s) === 'failed');
    expect(offline.actor.getSnapshot().context.error).to.deep.equal({ key: 'error.network', statusCode: 0 });
  });

  it('SI-4.23 the code variant waits in validate for the code; a blank code is invalid', () => {
    const { actor, calls } = startAccept({ mode: 'code', userId: 'u1', token: 'tok' }, async () => joined);
    expect(acceptInvitationStep(actor.getSnapshot())).to.equal('validate');
    actor.send({ type: 'code.submit', code: '   ' });
    expect(acceptInvitationStep(actor.getSnapshot())).to.equal('invalid');
    expect(calls).to.deep.equal([]);
  });

  it('SI-4.24 a wrong code returns to validate with the server message; the right code succeeds', async () => {
    const { actor, calls } = startAccept({ mode: 'code', userId: 'u1', token: 'tok' }, async ({ code }) => {
      if (code !== '123456') throw apiError('Invalid code', 400, 'ER-INVALID-CODE');
      return joined;
    });
    actor.send({ type: 'code.submit', code: ' 000000 ' });
    expect(acceptInvitationStep(actor.getSnapshot())).to.equal('pending');
    await waitFor(actor, (s) => acceptInvitationStep(s) === 'validate');
    expect(actor.getSnapshot().context).to.include({ code: '' });
    expect(actor.getSnapshot().context.error).to.include({ message: 'Invalid code' });
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => acceptInvitationStep(s) === 'success');
    expect(actor.getSnapshot().context.error).to.equal(null);
    expect(calls).to.deep.equal(['accept:code:000000', 'notifyError', 'accept:code:123456', 'notifyAccepted']);
  });

  it('the code variant starts at once when the page already has the code; an expired token there fails (not back to validate)', async () => {
    const { actor, calls } = startAccept({ mode: 'code', userId: 'u1', token: 'tok', code: '123456' }, async () =>
      Promise.reject(apiError('The invitation link has expired', 400, 'ER-INVITATION-TOKEN-EXPIRED')),
    );
    await waitFor(actor, (s) => acceptInvitationStep(s) === 'failed');
    expect(calls).to.deep.equal(['accept:code:123456', 'notifyError']);
  });

  it('SI-4.29 a new invitee sets a password with the activation token, is signed in, and leaves after 1000 ms', async () => {
    const { actor, calls, clock } = startAccept({ userId: 'u1', token: 'tok' }, async () => ({
      ...joined,
      shouldSetPassword: true,
      activationToken: 'act-1',
      passwordConfig: { minLength: 10 },
    }));
    await waitFor(actor, (s) => acceptInvitationSuccessStep(s) === 'setPassword');
    expect(actor.getSnapshot().context.passwordConfig).to.deep.equal({ minLength: 10 });
    actor.send({ type: 'password.submit', password: 'Secret-Pass-1' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => acceptInvitationSuccessStep(s) === 'signedIn');
    expect(calls).to.deep.equal(['accept:link:', 'notifyAccepted', 'activate:u1:act-1:Secret-Pass-1', 'notifyLogin:new@acme.test']);
    clock.increment(POST_ACTIVATION_DELAY_MS - 1);
    expect(calls.at(-1)).to.equal('notifyLogin:new@acme.test');
    clock.increment(1);
    expect(calls.at(-1)).to.equal('navigateAfterLogin');
    expect(actor.getSnapshot().matches({ success: { signedIn: 'left' } })).to.equal(true);
  });

  it('a refused password keeps the form with the server message; no session back (MFA) ends in done', async () => {
    let attempt = 0;
    const { actor, calls } = startAccept(
      { userId: 'u1', token: 'tok' },
      async () => ({ ...joined, shouldSetPassword: true, activationToken: 'act-1' }),
      async () => {
        attempt += 1;
        if (attempt === 1) throw apiError('The password is too common', 400);
        return null;
      },
    );
    await waitFor(actor, (s) => acceptInvitationSuccessStep(s) === 'setPassword');
    actor.send({ type: 'password.submit', password: 'password1' });
    await waitFor(actor, (s) => s.matches({ success: { setPassword: 'idle' } }) && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.include({ message: 'The password is too common' });
    actor.send({ type: 'password.submit', password: 'Better-Pass-1' });
    await waitFor(actor, (s) => acceptInvitationSuccessStep(s) === 'done');
    expect(calls.filter((c) => c === 'notifyError')).to.have.length(1);
    expect(calls).to.not.include('navigateAfterLogin');
  });

  it('shouldSetPassword without an activation token goes to done', async () => {
    const { actor } = startAccept({ userId: 'u1', token: 'tok' }, async () => ({ ...joined, shouldSetPassword: true }));
    await waitFor(actor, (s) => acceptInvitationSuccessStep(s) === 'done');
  });
});

function startImpersonation(input: { userId?: string | null; redirectUrl?: string | null }, impersonate: () => Promise<ImpersonatedUser>) {
  const calls: string[] = [];
  const clock = new SimulatedClock();
  const logic = impersonationMachine.provide({
    actors: { impersonate: fromPromise(async ({ input }) => (calls.push(`impersonate:${input.impersonatedUserId}:${input.redirectUrl}`), impersonate())) },
    actions: {
      notifyImpersonated: () => void calls.push('notifyImpersonated'),
      navigateAfterImpersonation: () => void calls.push('navigateAfterImpersonation'),
      notifyError: () => void calls.push('notifyError'),
    },
  });
  const actor = createActor(logic, { clock, input }).start();
  return { actor, calls, clock };
}

describe('impersonation machine', () => {
  it('SI-4.28 SI-4.30 impersonating → success, then after 1000 ms (not before) navigates', async () => {
    const { actor, calls, clock } = startImpersonation({ userId: 'target', redirectUrl: '/dashboard' }, async () => ({ email: 'ada@acme.test', actorId: 'admin' }));
    expect(impersonationStep(actor.getSnapshot())).to.equal('impersonating');
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => impersonationStep(s) === 'success');
    expect(actor.getSnapshot().context.impersonated).to.deep.equal({ email: 'ada@acme.test', actorId: 'admin' });
    expect(calls).to.deep.equal(['impersonate:target:/dashboard', 'notifyImpersonated']);
    clock.increment(POST_IMPERSONATION_DELAY_MS - 1);
    expect(calls.at(-1)).to.equal('notifyImpersonated');
    clock.increment(1);
    expect(calls.at(-1)).to.equal('navigateAfterImpersonation');
    expect(actor.getSnapshot().matches({ success: 'left' })).to.equal(true);
  });

  it('a refused impersonation (403) fails with the server message and never navigates', async () => {
    const { actor, calls, clock } = startImpersonation({ userId: 'target' }, async () =>
      Promise.reject(apiError('Missing permission fe.secure.write.impersonation', 403, 'ER-FORBIDDEN')),
    );
    await waitFor(actor, (s) => impersonationStep(s) === 'failed');
    expect(actor.getSnapshot().context.error).to.include({ message: 'Missing permission fe.secure.write.impersonation', statusCode: 403 });
    clock.increment(POST_IMPERSONATION_DELAY_MS * 2);
    expect(calls).to.deep.equal(['impersonate:target:null', 'notifyError']);
  });

  it('without a user id it fails at once and calls nothing', () => {
    const { actor, calls } = startImpersonation({}, async () => ({}));
    expect(impersonationStep(actor.getSnapshot())).to.equal('failed');
    expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'impersonation.missingUser' });
    expect(calls).to.deep.equal(['notifyError']);
  });
});
