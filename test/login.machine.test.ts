import { expect } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { loginMachine, loginStep, type AuthStrategy, type LoginContext, POST_AUTH_DELAY_MS, RESEND_COOLDOWN_MS, SSO_FAILED_DELAY_MS, SSO_REDIRECT_DELAY_MS } from '../machines/login.machine.ts';
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
  const actor = createActor(logic, { clock, input: { redirectUrl: script.redirectUrl, authStrategy: 'EmailAndPassword' } }).start();
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
    const child = actor.getSnapshot().children.mfa as unknown as MfaActor;
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
    const child = actor.getSnapshot().children.mfa as unknown as MfaActor;
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
    const child = actor.getSnapshot().children.mfa as unknown as MfaActor;
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
    (actor.getSnapshot().children.mfa as unknown as MfaActor).send({ type: 'recovery.start' });
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
    const actor = createActor(logic, { clock, input: { authStrategy: 'EmailAndPassword' } }).start();
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

describe('login machine: auth strategies, passwordless, callbacks and login modes', () => {
  type Script = {
    strategy?: () => Promise<string>;
    startExtra?: Record<string, unknown>;
    preLogin?: () => Promise<unknown>;
    pre?: (i: unknown) => Promise<unknown>;
    post?: (i: { type: string; token: string }) => Promise<LoginResponse>;
    postLogin?: (i: unknown) => Promise<LoginResponse>;
    quick?: (i: { op: string }) => Promise<unknown>;
    verifyCode?: () => Promise<LoginResponse>;
    input?: Record<string, unknown>;
  };
  /** The machine with every new actor scripted; `calls` records actors and actions in order. */
  function start(script: Script = {}) {
    const calls: Calls = [];
    const rec = (name: string, args: unknown) => calls.push({ name, args });
    const clock = new SimulatedClock();
    const logic = loginMachine.provide({
      actors: {
        start: fromPromise(async () => {
          rec('start', null);
          return { authStrategy: (await (script.strategy?.() ?? 'EmailAndPassword')) as AuthStrategy, ...script.startExtra } as Partial<LoginContext>;
        }),
        preLogin: fromPromise(async ({ input }) => (rec('preLogin', input), (await (script.preLogin?.() ?? null)) as never)),
        passwordlessPreLogin: fromPromise(async ({ input }) => (rec('passwordlessPreLogin', input), script.pre ? script.pre(input) : {})),
        passwordlessPostLogin: fromPromise(async ({ input }) => (rec('passwordlessPostLogin', input), script.post ? script.post(input) : tokens)),
        postLogin: fromPromise(async ({ input }) => (rec('postLogin', input), script.postLogin ? script.postLogin(input) : tokens)),
        quickLogin: fromPromise(async ({ input }) => (rec(`quickLogin.${input.op}`, input), script.quick ? script.quick(input) : undefined)),
        completeLogin: fromPromise(async ({ input }) => (rec('completeLogin', input), { user: { email: 'a@b.test', sub: 'u1' } } as never)),
        mfa: mfaMachine.provide({
          actors: { verifyCode: fromPromise(async ({ input }) => (rec('verifyCode', input), script.verifyCode!())) },
        }) as never,
      },
      actions: {
        clearSession: () => rec('clearSession', null),
        notifyLogin: (_, p) => rec('notifyLogin', p),
        notifyError: ({ context }) => rec('notifyError', context.error),
        navigateAfterAuth: (_, p) => rec('navigateAfterAuth', p),
      },
    });
    const actor = createActor(logic, { clock, input: script.input ?? {} }).start();
    return { actor, clock, calls, names: () => calls.map((c) => c.name) };
  }
  type A = ReturnType<typeof start>['actor'];
  async function toStep(a: A, strategy: string, stepName: string) {
    await waitFor(a, (s) => loginStep(s) === 'preLogin' && !!s.context.authStrategy);
    expect(a.getSnapshot().context.authStrategy).to.equal(strategy);
    a.send({ type: 'identifier.submit', email: ' ada@example.test ' });
    await waitFor(a, (s) => loginStep(s) === stepName);
  }
  const sent = (a: A, step: string) => waitFor(a, (s) => s.matches({ [step]: { resend: 'waiting' } } as never));

  it('SI-3.23 SI-8.16 preLogin is usable at once (the first input waits on no request); the vendor strategy arrives from start; a failing start gives EmailAndPassword', async () => {
    for (const strategy of ['Code', 'NoLocalAuthentication', 'MagicLink', 'SmsCode', 'EmailAndPassword']) {
      const { actor, names } = start({ strategy: async () => strategy });
      expect(step(actor)).to.equal('preLogin');
      expect(actor.getSnapshot().hasTag('busy')).to.equal(false);
      await waitFor(actor, (s) => !!s.context.authStrategy);
      expect(actor.getSnapshot().context.authStrategy).to.equal(strategy);
      expect(names()).to.deep.equal(['start']);
    }
    const failing = start({ strategy: async () => Promise.reject(new Error('500')) });
    await waitFor(failing.actor, (s) => !!s.context.authStrategy);
    expect(failing.actor.getSnapshot().context.authStrategy).to.equal('EmailAndPassword');
    expect(failing.actor.getSnapshot().context.error).to.equal(null);
    // a strategy given in the input (stories, hosts that know it) is not changed by start
    const known = start({ input: { authStrategy: 'SmsCode' }, strategy: async () => 'Code' });
    expect(step(known.actor)).to.equal('preLogin');
    await waitFor(known.actor, () => known.names().length === 1);
    await Promise.resolve();
    expect(known.actor.getSnapshot().context.authStrategy).to.equal('SmsCode');
  });

  it('SI-3.23 an email submitted before the strategy is known waits (busy) in preLogin.strategy, then follows it', async () => {
    let release!: (s: string) => void;
    const { actor, names } = start({ strategy: () => new Promise<string>((r) => (release = r)) });
    actor.send({ type: 'identifier.submit', email: 'ada@example.test' });
    await waitFor(actor, (s) => s.matches({ preLogin: 'strategy' }));
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    expect(names()).to.deep.equal(['start', 'preLogin']);
    release('Code');
    await waitFor(actor, (s) => loginStep(s) === 'loginWithOtc');
  });

  it('SI-2.18 on a callback route (callbackPage) the box shows loading, not the form, until start names the callback → postLogin; none → preLogin', async () => {
    const callback = { kind: 'magicLink', params: { token: 't' } };
    const found = start({ input: { callbackPage: true }, startExtra: { callback } });
    expect(step(found.actor)).to.equal('loading');
    await waitFor(found.actor, (s) => loginStep(s) === 'authenticating' || loginStep(s) === 'success');
    expect(found.calls.find((c) => c.name === 'postLogin')?.args).to.deep.equal(callback);
    const none = start({ input: { callbackPage: true } });
    expect(step(none.actor)).to.equal('loading');
    await waitFor(none.actor, (s) => loginStep(s) === 'preLogin');
  });

  it('SI-3.24 SI-4.05 SI-7.38 MagicLink: SSO check, then magicLinkPreLoginSuccess sends the link; resend only after the 30 s cooldown', async () => {
    const { actor, clock, calls, names } = start({ strategy: async () => 'MagicLink' });
    await toStep(actor, 'MagicLink', 'magicLinkPreLoginSuccess');
    await sent(actor, 'magicLinkPreLoginSuccess');
    expect(names()).to.deep.equal(['start', 'preLogin', 'passwordlessPreLogin']);
    expect(calls[2].args).to.deep.equal({ type: 'MagicLink', email: 'ada@example.test' });
    expect(actor.getSnapshot().context.sentAt).to.be.a('number');
    expect(actor.getSnapshot().context.notice).to.equal(null);
    expect(RESEND_COOLDOWN_MS).to.equal(30000);
    actor.send({ type: 'code.resend' });
    expect(names().filter((n) => n === 'passwordlessPreLogin')).to.have.length(1);
    clock.increment(RESEND_COOLDOWN_MS - 1);
    expect(actor.getSnapshot().matches({ magicLinkPreLoginSuccess: { resend: 'waiting' } })).to.equal(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ magicLinkPreLoginSuccess: { resend: 'idle' } })).to.equal(true);
    actor.send({ type: 'code.resend' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await sent(actor, 'magicLinkPreLoginSuccess');
    expect(names().filter((n) => n === 'passwordlessPreLogin')).to.have.length(2);
    expect(actor.getSnapshot().context.notice).to.equal('passwordless.resent');
    actor.send({ type: 'email.change' });
    expect(step(actor)).to.equal('preLogin');
  });

  it('the first send is under way in the step (busy, resend region sending) until the prelogin answers', async () => {
    let answer!: (v: unknown) => void;
    const { actor } = start({ strategy: async () => 'Code', pre: () => new Promise((r) => (answer = r)) });
    await toStep(actor, 'Code', 'loginWithOtc');
    expect(actor.getSnapshot().matches({ loginWithOtc: { resend: 'sending', form: 'idle' } })).to.equal(true);
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    answer({});
    await sent(actor, 'loginWithOtc');
    expect(actor.getSnapshot().hasTag('busy')).to.equal(false);
  });

  it('SI-1.02 SI-3.24 SI-7.38 Code: loginWithOtc, the code goes to postlogin, then authenticating → success → navigation after 200 ms', async () => {
    const { actor, clock, calls, names } = start({ strategy: async () => 'Code' });
    await toStep(actor, 'Code', 'loginWithOtc');
    actor.send({ type: 'code.submit', code: '123456' });
    expect(actor.getSnapshot().matches({ loginWithOtc: { form: 'submitting' } })).to.equal(true);
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(calls.find((c) => c.name === 'passwordlessPostLogin')!.args).to.deep.equal({ type: 'Code', token: '123456' });
    expect(calls.find((c) => c.name === 'completeLogin')!.args).to.deep.equal(tokens);
    clock.increment(POST_AUTH_DELAY_MS);
    expect(names().at(-1)).to.equal('navigateAfterAuth');
  });

  it('SI-8.09 a wrong, expired or used code: "Failed to authenticate" with the server reason, fe-error, the code step stays', async () => {
    for (const reason of ['Invalid code', 'The code has expired', 'The code has already been used']) {
      const { actor, names } = start({
        strategy: async () => 'Code',
        post: async () => Promise.reject(Object.assign(new Error(reason), { statusCode: 400, traceId: 't-9' })),
      });
      await toStep(actor, 'Code', 'loginWithOtc');
      actor.send({ type: 'code.submit', code: '000000' });
      await waitFor(actor, (s) => s.matches({ loginWithOtc: { form: 'idle' } }) && !!s.context.error);
      expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'login.failedToAuthenticate', message: reason, statusCode: 400, traceId: 't-9' });
      expect(names()).to.include('notifyError');
    }
  });

  it('SI-3.24 SI-4.07 SmsCode: loginWithSmsOtc; an MFA-required postlogin clears the session and goes to loginWithTwoFactor', async () => {
    const mfaResponse = { mfaRequired: true, mfaToken: 'm1', mfaEnrolled: true, mfaDevices: { authenticators: [{ id: 'd1' }] } } as LoginResponse;
    const { actor, names, calls } = start({ strategy: async () => 'SmsCode', post: async () => mfaResponse, verifyCode: async () => tokens });
    await toStep(actor, 'SmsCode', 'loginWithSmsOtc');
    await sent(actor, 'loginWithSmsOtc');
    expect(calls.find((c) => c.name === 'passwordlessPreLogin')!.args).to.deep.equal({ type: 'SmsCode', email: 'ada@example.test' });
    actor.send({ type: 'code.submit', code: '654321' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithTwoFactor');
    expect(names()).to.include('clearSession');
    expect(actor.getSnapshot().context.mfa).to.deep.include({ mfaToken: 'm1' });
  });

  it('SI-4.14 an SSO address wins over a passwordless strategy; a failed send (429) shows its message and allows a resend', async () => {
    const sso = start({ strategy: async () => 'Code', preLogin: async () => ({ address: 'https://idp.test/sso' }) });
    await toStep(sso.actor, 'Code', 'redirectToSSO');
    expect(sso.names()).to.not.include('passwordlessPreLogin');
    const limited = start({
      strategy: async () => 'MagicLink',
      pre: async () => Promise.reject(Object.assign(new Error('Too many requests. Try again in 20 seconds'), { statusCode: 429 })),
    });
    await toStep(limited.actor, 'MagicLink', 'magicLinkPreLoginSuccess');
    await waitFor(limited.actor, (s) => s.matches({ magicLinkPreLoginSuccess: { resend: 'idle' } }));
    expect(limited.actor.getSnapshot().context.error).to.deep.include({ message: 'Too many requests. Try again in 20 seconds', statusCode: 429 });
    expect(limited.names()).to.include('notifyError');
  });

  it('NoLocalAuthentication: the email only looks for SSO; none found stays on preLogin with a message', async () => {
    const { actor, names } = start({ strategy: async () => 'NoLocalAuthentication' });
    await waitFor(actor, (s) => loginStep(s) === 'preLogin');
    actor.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(actor, (s) => s.matches({ preLogin: 'idle' }) && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'login.noSso' });
    expect(names()).to.not.include('passwordlessPreLogin');
  });

  it('SI-2.18 a magic-link callback (found by start) runs postLogin with the token and signs in; a failed one shows "Failed to authenticate" on preLogin', async () => {
    const callback = { kind: 'magicLink', params: { token: 'tok-1' } };
    const ok = start({ startExtra: { callback } });
    await waitFor(ok.actor, (s) => loginStep(s) === 'postLogin');
    expect(ok.actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(ok.actor, (s) => loginStep(s) === 'success');
    expect(ok.names().slice(0, 3)).to.deep.equal(['start', 'postLogin', 'completeLogin']);
    expect(ok.calls[1].args).to.deep.equal(callback);
    const bad = start({ input: { callback }, postLogin: async () => Promise.reject(Object.assign(new Error('The magic link has already been used'), { statusCode: 400 })) });
    expect(step(bad.actor)).to.equal('postLogin');
    await waitFor(bad.actor, (s) => loginStep(s) === 'preLogin');
    expect(bad.actor.getSnapshot().context.error).to.deep.include({ key: 'login.failedToAuthenticate', message: 'The magic link has already been used' });
    expect(bad.names()).to.include('notifyError');
  });

  it('SI-4.16 SI-4.17 a failed OIDC or SAML post-login shows loginWithSSOFailed, then the authenticated URL after 1000 ms; social goes to preLogin', async () => {
    for (const kind of ['oidc', 'saml']) {
      const { actor, clock, calls, names } = start({ input: { callback: { kind, params: { code: 'c' } } }, postLogin: async () => Promise.reject(new Error('Failed to authenticate')) });
      await waitFor(actor, (s) => loginStep(s) === 'loginWithSSOFailed');
      expect(SSO_FAILED_DELAY_MS).to.equal(1000);
      clock.increment(999);
      expect(names()).to.not.include('navigateAfterAuth');
      clock.increment(1);
      expect(calls.at(-1)).to.deep.equal({ name: 'navigateAfterAuth', args: { redirectUrl: null } });
    }
    const social = start({ input: { callback: { kind: 'social', params: {} } }, postLogin: async () => Promise.reject(new Error('x')) });
    await waitFor(social.actor, (s) => loginStep(s) === 'preLogin');
    expect(social.actor.getSnapshot().context.error?.key).to.equal('login.failedToAuthenticate');
  });

  it('SI-3.20 quick SMS sign-in: a remembered user gets a texted code without typing an email (loginWithQuickSmsOtc.signIn)', async () => {
    const { actor, calls } = start({ input: { authStrategy: 'EmailAndPassword', quickLoginUserId: 'u-7', email: 'typed@b.test' } });
    actor.send({ type: 'quickSms.start' });
    expect(step(actor)).to.equal('loginWithQuickSmsOtc');
    await waitFor(actor, (s) => s.matches({ loginWithQuickSmsOtc: { signIn: { resend: 'waiting' } } }));
    expect(calls.find((c) => c.name === 'passwordlessPreLogin')).to.deep.equal({ name: 'passwordlessPreLogin', args: { type: 'SmsCode', userId: 'u-7' } });
    actor.send({ type: 'code.submit', code: '111222' });
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(calls.find((c) => c.name === 'passwordlessPostLogin')!.args).to.deep.equal({ type: 'SmsCode', token: '111222' });
    // the next sign-in with an email uses the strategy again, not the quick login
    actor.send({ type: 'flow.reset' });
    expect(actor.getSnapshot().context.passwordless).to.equal('SmsCode');
    actor.send({ type: 'identifier.submit', email: 'a@b.test' });
    expect(actor.getSnapshot().context.passwordless).to.equal(null);
  });

  it('SI-3.20 registerQuickLogin: after sign-in the phone gets a code, which is verified (and remembered) before success; "Not now" goes on', async () => {
    const { actor, calls, names } = start({
      strategy: async () => 'Code',
      startExtra: { mode: 'registerQuickLogin' },
      quick: async (i) => (i.op === 'send' ? { changePhoneId: 'cp-1' } : undefined),
    });
    await toStep(actor, 'Code', 'loginWithOtc');
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches({ loginWithQuickSmsOtc: { register: 'idle' } }));
    expect(names()).to.not.include('notifyLogin');
    actor.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => s.matches({ loginWithQuickSmsOtc: { register: 'code' } }));
    expect(actor.getSnapshot().context.changePhoneId).to.equal('cp-1');
    actor.send({ type: 'code.submit', code: '999000' });
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(names().filter((n) => n.startsWith('quickLogin'))).to.deep.equal(['quickLogin.send', 'quickLogin.verify']);
    expect(calls.find((c) => c.name === 'quickLogin.send')!.args).to.deep.equal({ op: 'send', phoneNumber: '+14155550100' });
    expect(calls.find((c) => c.name === 'quickLogin.verify')!.args).to.deep.equal({ op: 'verify', changePhoneId: 'cp-1', code: '999000', user: { email: 'a@b.test', sub: 'u1' } });
    expect(names().at(-1)).to.equal('notifyLogin');

    const wrong = start({
      input: { mode: 'registerQuickLogin', authStrategy: 'Code' },
      quick: async (i) => {
        if (i.op === 'verify') throw Object.assign(new Error('Invalid code'), { statusCode: 400 });
        return { changePhoneId: 'cp-2' };
      },
    });
    wrong.actor.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(wrong.actor, (s) => loginStep(s) === 'loginWithOtc');
    wrong.actor.send({ type: 'code.submit', code: '1' });
    await waitFor(wrong.actor, (s) => s.matches({ loginWithQuickSmsOtc: { register: 'idle' } }));
    wrong.actor.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    await waitFor(wrong.actor, (s) => s.matches({ loginWithQuickSmsOtc: { register: 'code' } }));
    wrong.actor.send({ type: 'code.submit', code: '000000' });
    await waitFor(wrong.actor, (s) => s.matches({ loginWithQuickSmsOtc: { register: 'code' } }) && !!s.context.error);
    expect(wrong.actor.getSnapshot().context.error?.message).to.equal('Invalid code');
    wrong.actor.send({ type: 'email.change' });
    expect(wrong.actor.getSnapshot().matches({ loginWithQuickSmsOtc: { register: 'idle' } })).to.equal(true);
    wrong.actor.send({ type: 'quickLogin.skip' });
    await waitFor(wrong.actor, (s) => loginStep(s) === 'success');
    expect(wrong.names().filter((n) => n === 'notifyLogin')).to.have.length(1);
  });
});
