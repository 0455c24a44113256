import { expect } from '@open-wc/testing';
import { createActor, fromPromise, waitFor } from 'xstate';
import { mfaMachine } from '../machines/mfa.machine.ts';
import type { LoginResponse } from '../src/api/types.ts';

const ok = { accessToken: 'a.b.c' } as LoginResponse;

function start(step: 'verify' | 'authenticatorApp', impl: { pre?: () => Promise<{ qrCode: string; secret?: string }>; enroll?: () => Promise<LoginResponse>; verify?: () => Promise<LoginResponse> }) {
  const logic = mfaMachine.provide({
    actors: {
      verifyCode: fromPromise(async () => impl.verify!()),
      preEnrollAuthenticator: fromPromise(async () => impl.pre!()),
      enrollAuthenticator: fromPromise(async () => impl.enroll!()),
    },
  });
  return createActor(logic, { input: { mfaToken: 'm', step } }).start();
}

describe('mfa machine', () => {
  it('SI-4.06 verify: a correct code ends in done with the login response', async () => {
    const actor = start('verify', { verify: async () => ok });
    expect(actor.getSnapshot().value).to.deep.equal({ verify: 'idle' });
    actor.send({ type: 'code.submit', code: '123456' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).to.deep.equal({ kind: 'authenticated', response: ok });
  });

  it('SI-4.06 authenticatorApp: loading → failed → retry → ready → enrolling → done without a recovery code', async () => {
    let fail = true;
    const actor = start('authenticatorApp', {
      pre: async () => {
        if (fail) throw Object.assign(new Error('Try later'), { statusCode: 500 });
        return { qrCode: 'data:image/png;base64,AA', secret: 'S' };
      },
      enroll: async () => ok,
    });
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
    const actor = start('authenticatorApp', {
      pre: async () => ({ qrCode: 'q', secret: 'S' }),
      enroll: async () => Promise.reject(Object.assign(new Error('Invalid code'), { statusCode: 400 })),
    });
    await waitFor(actor, (s) => s.matches({ authenticatorApp: 'ready' }));
    actor.send({ type: 'code.submit', code: '111111' });
    await waitFor(actor, (s) => s.matches({ authenticatorApp: 'ready' }) && !!s.context.error);
    expect(actor.getSnapshot().context.qrCode).to.equal('q');
  });

  it('recovery.start ends with kind recover', async () => {
    const actor = start('verify', {});
    actor.send({ type: 'recovery.start' });
    expect(actor.getSnapshot().status).to.equal('done');
    expect(actor.getSnapshot().output).to.deep.equal({ kind: 'recover' });
  });
});
