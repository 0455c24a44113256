import { expect } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { loginMachine, loginStep, POST_AUTH_DELAY_MS, SSO_REDIRECT_DELAY_MS } from '../machines/login.machine.ts';
import type { LoginResponse } from '../src/api/types.ts';
import { mfaMachine, type MfaActor } from '../machines/mfa.machine.ts';

type Calls = { name: string; args: unknown }[];

/** The login machine with scripted actors; `calls` records every actor call and action in order. */
function setup(script: {
  preLogin?: (i: { email: string }) => Promise<unknown>;
  login?: (i: { email: string; password: string }) => Promise<LoginResponse>;
  verifyCode?: (i: { code: string }) => Promise<LoginResponse>;
  enroll?: (i: { code: string }) => Promise<LoginResponse>;
  recoverMfa?: (i: { email: string; recoveryCode: string }) => Promise<unknown>;
  completeLogin?: (r: LoginResponse) => Promise<unknown>;
  redirectUrl?: string;
}) {
  const calls: Calls = [];
  const rec = (name: string, args: unknown) => calls.push({ name, args });
  const clock = new SimulatedClock();
  const logic = loginMachine.provide({
    actors: {
      preLogin: fromPromise(async ({ input }) => (rec('preLogin', input), (await (script.preLogin?.(input) ?? null)) as never)),
      login: fromPromise(async ({ input }) => (rec('login', input), script.login!(input))),
      completeLogin: fromPromise(async ({ input }) => {
        rec('completeLogin', input);
        return (script.completeLogin ? await script.completeLogin(input) : { user: { email: 'a@b.test', sub: 'u1' } }) as never;
      }),
      recoverMfa: fromPromise(async ({ input }) => (rec('recoverMfa', input), script.recoverMfa!(input))),
      sendResetPasswordEmail: fromPromise(async ({ input }) => (rec('sendResetPasswordEmail', input), {})),
      mfa: mfaMachine.provide({
        actors: {
          verifyCode: fromPromise(async ({ input }) => (rec('verifyCode', input), script.verifyCode!(input as { code: string }))),
          preEnrollAuthenticator: fromPromise(async ({ input }) => (rec('preEnroll', input), { qrCode: 'data:image/png;base64,AA', secret: 'JBSWY3DPEHPK3PXP' })),
          enrollAuthenticator: fromPromise(async ({ input }) => (rec('enroll', input), script.enroll!(input as { code: string }))),
        },
      }) as never,
    },
    actions: {
      clearSession: () => rec('clearSession', null),
      notifyLogin: (_, p) => rec('notifyLogin', p),
      notifyError: ({ context }) => rec('notifyError', context.error),
      redirect: (_, p) => rec('redirect', p),
      navigateAfterAuth: (_, p) => rec('navigateAfterAuth', p),
    },
  });
  const actor = createActor(logic, { clock, input: { redirectUrl: script.redirectUrl } }).start();
  return { actor, clock, calls, names: () => calls.map((c) => c.name) };
}

const tokens: LoginResponse = { accessToken: 'a.b.c', refreshToken: 'r', expiresIn: 300, mfaRequired: false } as LoginResponse;
const step = (a: { getSnapshot(): { value: unknown } }) => loginStep(a.getSnapshot());
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('login machine', () => {
  it('SI-4.05 starts in preLogin and goes to loginWithPassword when pre-login finds no SSO', async () => {
    const { actor, calls } = setup({ preLogin: async () => null });
    expect(step(actor)).to.equal('preLogin');
    actor.send({ type: 'identifier.submit', email: ' ada@example.test ' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    expect(calls[0]).to.deep.equal({ name: 'preLogin', args: { email: 'ada@example.test' } });
  });

  it('SI-4.14 SI-4.15 a pre-login answering an SSO address goes to redirectToSSO and redirects after 2000 ms', async () => {
    const { actor, clock, calls } = setup({ preLogin: async () => ({ address: 'https://idp.test/sso' }) });
    actor.send({ type: 'identifier.submit', email: 'sam@corp.test' });
    await waitFor(actor, (s) => loginStep(s) === 'redirectToSSO');
    expect(SSO_REDIRECT_DELAY_MS).to.equal(2000);
    clock.increment(1999);
    expect(calls.some((c) => c.name === 'redirect')).to.equal(false);
    clock.increment(1);
    expect(calls.find((c) => c.name === 'redirect')?.args).to.deep.equal({ url: 'https://idp.test/sso' });
  });

  it('redirectToSSO can be taken at once with sso.redirectNow', async () => {
    const { actor, calls } = setup({ preLogin: async () => ({ address: 'https://idp.test/sso' }) });
    actor.send({ type: 'identifier.submit', email: 'sam@corp.test' });
    await waitFor(actor, (s) => loginStep(s) === 'redirectToSSO');
    actor.send({ type: 'sso.redirectNow' });
    expect(calls.filter((c) => c.name === 'redirect')).to.have.length(1);
  });

  it('a failing pre-login is swallowed and the password step follows', async () => {
    const { actor } = setup({ preLogin: async () => Promise.reject(new Error('boom')) });
    actor.send({ type: 'identifier.submit', email: 'ada@example.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    expect(actor.getSnapshot().context.error).to.equal(null);
  });

  it('SI-4.19 SI-4.20 SI-4.13 a response with an access token is completed, fe-login notified, then navigation after 200 ms', async () => {
    const { actor, clock, calls, names } = setup({ login: async () => tokens, redirectUrl: '/dashboard' });
    actor.send({ type: 'identifier.submit', email: 'ada@example.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'ada@example.test', password: 'pw' });
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(names()).to.deep.equal(['preLogin', 'login', 'completeLogin', 'notifyLogin']);
    expect(calls[2].args).to.deep.equal(tokens);
    clock.increment(POST_AUTH_DELAY_MS - 1);
    expect(names()).to.not.include('navigateAfterAuth');
    clock.increment(1);
    expect(calls.at(-1)).to.deep.equal({ name: 'navigateAfterAuth', args: { redirectUrl: '/dashboard' } });
    expect(actor.getSnapshot().context.pending).to.equal(null);
  });

  it('a wrong password keeps the password step with the server message and the email typed', async () => {
    const { actor, names } = setup({ login: async () => Promise.reject(Object.assign(new Error('Invalid authentication'), { statusCode: 401, traceId: 't-1' })) });
    actor.send({ type: 'identifier.submit', email: 'ada@example.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'ada@example.test', password: 'nope' });
    await waitFor(actor, (s) => s.matches({ loginWithPassword: 'idle' }) && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.deep.equal({ message: 'Invalid authentication', statusCode: 401, traceId: 't-1' });
    expect(actor.getSnapshot().context.email).to.equal('ada@example.test');
    expect(names()).to.include('notifyError');
  });

  it('an unreachable API maps to the network error text', async () => {
    const { actor } = setup({ login: async () => Promise.reject(Object.assign(new Error('x'), { statusCode: 0 })) });
    actor.send({ type: 'identifier.submit', email: 'ada@example.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'ada@example.test', password: 'pw' });
    await waitFor(actor, (s) => !!s.context.error);
    expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'error.network', statusCode: 0 });
  });

  it('SI-4.07 SI-4.08 SI-4.09 SI-4.18 mfaRequired with mfaToken clears the session and goes to loginWithTwoFactor (verify)', async () => {
    const mfaResponse = { mfaRequired: true, mfaToken: 'm1', mfaEnrolled: true, mfaDevices: { authenticators: [{ id: 'd1' }] } } as LoginResponse;
    const { actor, names, calls } = setup({ login: async () => mfaResponse, verifyCode: async () => tokens });
    actor.send({ type: 'identifier.submit', email: 'ada@example.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'ada@example.test', password: 'pw' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithTwoFactor');
    expect(names()).to.deep.equal(['preLogin', 'login', 'clearSession']);
    const child = actor.getSnapshot().children.mfa as MfaActor;
    expect(child.getSnapshot().value).to.deep.equal({ verify: 'idle' });
    child.send({ type: 'code.submit', code: '123456', rememberDevice: true });
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(calls.find((c) => c.name === 'verifyCode')!.args).to.deep.equal({ mfaToken: 'm1', deviceId: 'd1', code: '123456', rememberDevice: true });
    expect(calls.find((c) => c.name === 'completeLogin')!.args).to.deep.equal(tokens);
  });

  it('SI-4.10 mfaRequired for a user not enrolled goes to forceTwoFactor: QR code and secret, code, recovery code, then success', async () => {
    const { actor, calls } = setup({
      login: async () => ({ mfaRequired: true, mfaToken: 'm2', mfaEnrolled: false }) as LoginResponse,
      enroll: async () => ({ ...tokens, recoveryCode: 'REC-1' }) as LoginResponse,
    });
    actor.send({ type: 'identifier.submit', email: 'ada@example.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'ada@example.test', password: 'pw' });
    await waitFor(actor, (s) => loginStep(s) === 'forceTwoFactor');
    const child = actor.getSnapshot().children.mfa as MfaActor;
    await waitFor(child, (s) => s.matches({ authenticatorApp: 'ready' }));
    expect(child.getSnapshot().context.secret).to.equal('JBSWY3DPEHPK3PXP');
    child.send({ type: 'code.submit', code: '654321' });
    await waitFor(child, (s) => s.matches('recoveryCode'));
    expect(child.getSnapshot().context.recoveryCode).to.equal('REC-1');
    expect(loginStep(actor.getSnapshot())).to.equal('forceTwoFactor');
    child.send({ type: 'recoveryCode.confirm' });
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(calls.find((c) => c.name === 'enroll')!.args).to.deep.include({ mfaToken: 'm2', code: '654321' });
  });

  it('a wrong MFA code stays in verify with the error', async () => {
    const { actor } = setup({
      login: async () => ({ mfaRequired: true, mfaToken: 'm1', mfaEnrolled: true }) as LoginResponse,
      verifyCode: async () => Promise.reject(Object.assign(new Error('Invalid code'), { statusCode: 400 })),
    });
    actor.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'a@b.test', password: 'pw' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithTwoFactor');
    const child = actor.getSnapshot().children.mfa as MfaActor;
    child.send({ type: 'code.submit', code: '000000' });
    await waitFor(child, (s) => s.matches({ verify: 'idle' }) && !!s.context.error);
    expect(child.getSnapshot().context.error!.message).to.equal('Invalid code');
    expect(loginStep(actor.getSnapshot())).to.equal('loginWithTwoFactor');
  });

  it('recoverTwoFactor: a recovery code turns MFA off and returns to the password step with a notice', async () => {
    const { actor, calls } = setup({
      login: async () => ({ mfaRequired: true, mfaToken: 'm1', mfaEnrolled: true }) as LoginResponse,
      recoverMfa: async () => ({}),
    });
    actor.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'a@b.test', password: 'pw' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithTwoFactor');
    (actor.getSnapshot().children.mfa as MfaActor).send({ type: 'recovery.start' });
    await waitFor(actor, (s) => loginStep(s) === 'recoverTwoFactor');
    actor.send({ type: 'recover.submit', email: 'a@b.test', recoveryCode: ' rc-1 ' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    expect(calls.find((c) => c.name === 'recoverMfa')!.args).to.deep.equal({ email: 'a@b.test', recoveryCode: 'rc-1' });
    expect(actor.getSnapshot().context.notice).to.equal('login.recover.done');
  });

  it('SI-4.11 a breached password leads to breachedPassword, then breachedPasswordSuccess, then success', async () => {
    const { actor, names } = setup({ login: async () => ({ ...tokens, isBreachedPassword: true }) as LoginResponse });
    actor.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'a@b.test', password: 'password1' });
    await waitFor(actor, (s) => loginStep(s) === 'breachedPassword');
    actor.send({ type: 'breached.reset' });
    await waitFor(actor, (s) => loginStep(s) === 'breachedPasswordSuccess');
    expect(names()).to.include('sendResetPasswordEmail');
    actor.send({ type: 'breached.continue' });
    // SI-4.12: the passkey prompt's check comes first (not applicable here), then success and fe-login
    expect(step(actor)).to.equal('promptPasskeys');
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(names().filter((n) => n === 'notifyLogin')).to.have.length(1);
  });

  it('completeLogin that yields no session returns to the password step with the generic error', async () => {
    const { actor } = setup({ login: async () => tokens, completeLogin: async () => null });
    actor.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'a@b.test', password: 'pw' });
    await settle();
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword' && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'error.generic' });
  });

  it('email.change goes back to preLogin; flow.cancel leaves two-factor for preLogin', async () => {
    const { actor } = setup({ login: async () => ({ mfaRequired: true, mfaToken: 'm1', mfaEnrolled: true }) as LoginResponse });
    actor.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'email.change' });
    expect(step(actor)).to.equal('preLogin');
    actor.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'a@b.test', password: 'pw' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithTwoFactor');
    actor.send({ type: 'flow.cancel' });
    expect(step(actor)).to.equal('preLogin');
  });
});

describe('login machine: passkeys (sign-in §4 promptPasskeys, SI-7.39)', () => {
  type Op = { op: 'signIn' | 'check' | 'register'; user: unknown };
  /** The machine with a scripted `passkeys` actor; `calls` records actors and actions in order. */
  function passkeySetup(passkeys: (i: Op) => Promise<unknown>, login: () => Promise<LoginResponse> = async () => tokens) {
    const calls: Calls = [];
    const rec = (name: string, args: unknown) => calls.push({ name, args });
    const clock = new SimulatedClock();
    const logic = loginMachine.provide({
      actors: {
        login: fromPromise(async ({ input }) => (rec('login', input), login())),
        completeLogin: fromPromise(async ({ input }) => (rec('completeLogin', input), { user: { email: 'a@b.test', sub: 'u1', amr: (input as LoginResponse).amr } } as never)),
        passkeys: fromPromise(async ({ input }) => (rec(`passkeys.${(input as Op).op}`, input), passkeys(input as Op))),
      },
      actions: {
        notifyLogin: (_, p) => rec('notifyLogin', p),
        notifyError: ({ context }) => rec('notifyError', context.error),
        navigateAfterAuth: (_, p) => rec('navigateAfterAuth', p),
      },
    });
    const actor = createActor(logic, { clock, input: {} }).start();
    return { actor, clock, calls, names: () => calls.map((c) => c.name) };
  }
  const passkeyTokens = { ...tokens, amr: ['hwk'] } as LoginResponse;
  async function toPrompt(a: ReturnType<typeof passkeySetup>['actor']) {
    a.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(a, (s) => loginStep(s) === 'loginWithPassword');
    a.send({ type: 'password.submit', email: 'a@b.test', password: 'pw' });
    await waitFor(a, (s) => s.matches({ promptPasskeys: 'idle' }));
  }

  it('SI-1.02 "Sign in with a passkey": preLogin.passkey (busy) → authenticating with the response → promptPasskeys check → success, fe-login, navigation after 200 ms', async () => {
    const { actor, clock, calls, names } = passkeySetup(async (i) => (i.op === 'signIn' ? passkeyTokens : false));
    actor.send({ type: 'passkey.start' });
    expect(actor.getSnapshot().matches({ preLogin: 'passkey' })).to.equal(true);
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(names()).to.deep.equal(['passkeys.signIn', 'completeLogin', 'passkeys.check', 'notifyLogin']);
    expect(calls[1].args).to.deep.equal(passkeyTokens);
    expect((calls[2].args as Op).user).to.deep.include({ sub: 'u1' });
    clock.increment(POST_AUTH_DELAY_MS);
    expect(names().at(-1)).to.equal('navigateAfterAuth');
  });

  it('a failed or cancelled passkey ceremony returns to preLogin.idle with the error (fe-error)', async () => {
    const { actor, names } = passkeySetup(async () => {
      throw new Error('The passkey request was cancelled or timed out.');
    });
    actor.send({ type: 'passkey.start' });
    await waitFor(actor, (s) => s.matches({ preLogin: 'idle' }));
    expect(actor.getSnapshot().context.error).to.deep.include({ message: 'The passkey request was cancelled or timed out.' });
    expect(names()).to.include('notifyError');
  });

  it('a passkey picked from browser autofill (passkey.success) goes to authenticating with that response', async () => {
    const { actor, calls } = passkeySetup(async () => false);
    actor.send({ type: 'passkey.success', response: passkeyTokens });
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(calls.find((c) => c.name === 'completeLogin')!.args).to.deep.equal(passkeyTokens);
  });

  it('SI-4.42–SI-4.46 the check answering false (conditions not met, or failing) goes on to success without a prompt', async () => {
    for (const check of [async () => false, async () => Promise.reject(new Error('offline'))]) {
      const { actor, names } = passkeySetup(check);
      actor.send({ type: 'identifier.submit', email: 'a@b.test' });
      await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
      actor.send({ type: 'password.submit', email: 'a@b.test', password: 'pw' });
      await waitFor(actor, (s) => loginStep(s) === 'success');
      expect(names()).to.deep.equal(['login', 'completeLogin', 'passkeys.check', 'notifyLogin']);
    }
  });

  it('promptPasskeys: fe-login waits for the answer; "Add a passkey" registers, then success; a failed registration stays with the error', async () => {
    let fail = true;
    const { actor, clock, names } = passkeySetup(async (i) => {
      if (i.op === 'check') return true;
      if (i.op === 'register' && fail) throw new Error('This passkey is already registered for your account.');
      return undefined;
    });
    await toPrompt(actor);
    expect(names()).to.not.include('notifyLogin');
    actor.send({ type: 'passkeys.add' });
    expect(actor.getSnapshot().matches({ promptPasskeys: 'registering' })).to.equal(true);
    await waitFor(actor, (s) => s.matches({ promptPasskeys: 'idle' }));
    expect(actor.getSnapshot().context.error).to.deep.include({ message: 'This passkey is already registered for your account.' });
    fail = false;
    actor.send({ type: 'passkeys.add' });
    expect(actor.getSnapshot().context.error).to.equal(null);
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(names().filter((n) => n === 'passkeys.register')).to.have.length(2);
    expect(names().at(-1)).to.equal('notifyLogin');
    clock.increment(POST_AUTH_DELAY_MS);
    expect(names().at(-1)).to.equal('navigateAfterAuth');
  });

  it('promptPasskeys: "Not now" goes to success (fe-login), then navigation after 200 ms', async () => {
    const { actor, clock, names } = passkeySetup(async (i) => i.op === 'check');
    await toPrompt(actor);
    actor.send({ type: 'passkeys.skip' });
    expect(step(actor)).to.equal('success');
    expect(names()).to.not.include('passkeys.register');
    expect(names().at(-1)).to.equal('notifyLogin');
    clock.increment(POST_AUTH_DELAY_MS - 1);
    expect(names()).to.not.include('navigateAfterAuth');
    clock.increment(1);
    expect(names().at(-1)).to.equal('navigateAfterAuth');
  });

  it('SI-4.12 after breachedPassword the passkey prompt follows when applicable', async () => {
    const { actor, names } = passkeySetup(async (i) => i.op === 'check', async () => ({ ...tokens, isBreachedPassword: true }) as LoginResponse);
    actor.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'a@b.test', password: 'pw' });
    await waitFor(actor, (s) => loginStep(s) === 'breachedPassword');
    actor.send({ type: 'breached.continue' });
    await waitFor(actor, (s) => s.matches({ promptPasskeys: 'idle' }));
    expect(names()).to.not.include('notifyLogin');
    actor.send({ type: 'passkeys.skip' });
    expect(names().filter((n) => n === 'notifyLogin')).to.have.length(1);
  });
});
