import { expect } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { afterSignInMachine, afterSignInStep, type AfterSignInActor } from '../machines/after-sign-in.machine.ts';
import { mfaInputFrom } from '../machines/login-more.actors.ts';
import {
  loginMachine,
  loginStep,
  type AuthStrategy,
  type FirstFactor,
  type LoginStart,
  POST_AUTH_DELAY_MS,
  RESEND_COOLDOWN_MS,
  SSO_FAILED_DELAY_MS,
  SSO_REDIRECT_DELAY_MS,
} from '../machines/login.machine.ts';
import type { FlowEmitted } from '../machines/flow.ts';
import { mfaMachine, type MfaActor, type MfaAnswer } from '../machines/mfa.machine.ts';
import type { LoginResponse } from '../src/api/types.ts';
import type { SsoTestFinished } from '../src/api/federation.ts';
import type { PublicUser } from '../src/events/user.ts';

type Calls = { name: string; args: unknown }[];

/**
 * The actors' side of a sign-in as machines/login-more.actors.ts has it, on
 * scripted calls: an MFA-required response clears the session (the MFA token
 * stays with the actors), one with tokens is completed (`completeLogin`, which
 * may answer no session) and only the public user goes to the machine.
 */
function actorsSide(rec: (name: string, args: unknown) => void, completeLogin?: (r: LoginResponse) => Promise<unknown>) {
  async function complete(response: LoginResponse) {
    rec('completeLogin', response);
    const result = (completeLogin ? await completeLogin(response) : { user: { email: 'a@b.test', sub: 'u1', amr: response.amr } }) as { user: PublicUser } | null;
    if (!result) throw new Error('');
    return { user: result.user, breachedPassword: !!response.isBreachedPassword };
  }
  async function settle(response: LoginResponse): Promise<FirstFactor> {
    if (response.mfaRequired && response.mfaToken && !response.accessToken) {
      rec('clearSession', null);
      return { kind: 'mfa', mfa: mfaInputFrom(response) };
    }
    return { kind: 'signedIn', signedIn: await complete(response) };
  }
  /** An MFA check that completes the sign-in. */
  const answer = async (response: LoginResponse): Promise<MfaAnswer> => ({ signedIn: await complete(response), recoveryCode: response.recoveryCode });
  return { complete, settle, answer };
}

/**
 * The login machine declares its actors' signatures only (the element provides them all): what a test does not script
 * gets these stand-ins — no known strategy (start fails → EmailAndPassword), no social providers, no SSO, autofill
 * waiting, sign-out done; any other call fails.
 */
function unscripted() {
  const fail = fromPromise<never>(async () => Promise.reject(new Error('not scripted')));
  return {
    start: fail,
    socialProviders: fromPromise(async () => []),
    socialLogin: fail,
    preLogin: fromPromise(async () => null),
    login: fail,
    passwordlessPreLogin: fail,
    passwordlessPostLogin: fail,
    postLogin: fail,
    recoverMfa: fail,
    passkeySignIn: fail,
    passkeyAutofill: fromPromise<never>(() => new Promise<never>(() => {})),
    logout: fromPromise<unknown>(async () => undefined),
    loadMfa: fromPromise<unknown>(async () => undefined),
  } as object;
}

/** The steps after sign-in as the login box runs them (child `afterSignIn`, loaded at once) on `actors` (the passkey check answers no unless given). */
function afterSignInOn(actors: Record<string, AnyActorLogic> = {}) {
  return { loadAfterSignIn: fromPromise<unknown>(async () => undefined), afterSignIn: afterSignInMachine.provide({ actors } as never) };
}

/** The running `afterSignIn` child of a login actor, once the sign-in got there. */
async function childOf(a: { getSnapshot(): { children: { afterSignIn?: unknown } } } & AnyActorRef): Promise<AfterSignInActor> {
  const s = await waitFor(a, (s) => !!s.children.afterSignIn);
  return s.children.afterSignIn as AfterSignInActor;
}

/** Records what the machine emits under the names of the element's old actions (fe-login, SSO redirect, post-auth navigation, fe-error). */
function recordEmitted(actor: AnyActorRef, rec: (name: string, args: unknown) => void) {
  actor.on('*', (e) => {
    const event = e as FlowEmitted;
    if (event.type === 'login') rec('notifyLogin', { user: event.user });
    else if (event.type === 'error') rec('notifyError', event.error);
    else if (event.type === 'navigate' && 'url' in event.to) rec('redirect', event.to);
    else if (event.type === 'navigate' && 'redirectUrl' in event.to) rec('navigateAfterAuth', event.to);
    else rec(event.type, 'to' in event ? event.to : null);
  });
}

/** The machine with scripted actors; `calls` records every actor call and emitted outcome in order. */
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
  const side = actorsSide(rec, script.completeLogin);
  const clock = new SimulatedClock();
  const logic = loginMachine.provide({
    actors: {
      ...unscripted(),
      preLogin: fromPromise(async ({ input }) => (rec('preLogin', { email: input.email }), (await (script.preLogin?.(input) ?? null)) as never)),
      login: fromPromise(async ({ input }) => (rec('login', input), side.settle(await script.login!(input)))),
      recoverMfa: fromPromise(async ({ input }) => (rec('recoverMfa', input), script.recoverMfa!(input))),
      ...afterSignInOn({ sendResetPasswordEmail: fromPromise(async ({ input }) => (rec('sendResetPasswordEmail', input), {})) }),
      mfa: mfaMachine.provide({
        actors: {
          verifyCode: fromPromise(async ({ input }) => (rec('verifyCode', input), side.answer(await script.verifyCode!(input)))),
          preEnrollAuthenticator: fromPromise<{ qrCode: string; secret?: string }>(
            async () => (rec('preEnroll', null), { qrCode: 'data:image/png;base64,AA', secret: 'JBSWY3DPEHPK3PXP' }),
          ),
          enrollAuthenticator: fromPromise(async ({ input }) => (rec('enroll', input), side.answer(await script.enroll!(input)))),
        },
      }),
    },
  });
  const actor = createActor(logic, { clock, input: { redirectUrl: script.redirectUrl, authStrategy: 'EmailAndPassword' } });
  recordEmitted(actor, rec);
  actor.start();
  return { actor, clock, calls, names: () => calls.map((c) => c.name) };
}

const tokens: LoginResponse = { accessToken: 'a.b.c', refreshToken: 'r', expiresIn: 300, mfaRequired: false } as LoginResponse;
const step = (a: { getSnapshot(): { value: unknown } }) => loginStep(a.getSnapshot());
const settle = () => new Promise((r) => setTimeout(r, 0));
/** No token of a login response (nor an MFA token) in the snapshot, the children's included. */
const tokenFree = (a: AnyActorRef, ...secrets: string[]) => {
  const json = JSON.stringify(a.getPersistedSnapshot());
  for (const secret of ['a.b.c', ...secrets]) expect(json, `snapshot holds ${secret}`).to.not.include(secret);
};

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
    // tokens never enter the machine: the actors stored the session and answered the public user
    tokenFree(actor);
    expect(actor.getSnapshot().context.user).to.deep.equal({ email: 'a@b.test', sub: 'u1', amr: undefined });
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
    // the MFA token stays with the actors (the MFA calls take it from them), never in a snapshot
    tokenFree(actor, 'm1');
    child.send({ type: 'code.submit', code: '123456', rememberDevice: true });
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(calls.find((c) => c.name === 'verifyCode')!.args).to.deep.equal({ deviceId: 'd1', code: '123456', rememberDevice: true });
    expect(calls.find((c) => c.name === 'completeLogin')!.args).to.deep.equal(tokens);
    tokenFree(actor, 'm1');
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
    expect(calls.find((c) => c.name === 'enroll')!.args).to.deep.include({ code: '654321' });
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
    const child = await childOf(actor);
    await waitFor(child, (s) => afterSignInStep(s) === 'breachedPassword');
    child.send({ type: 'breached.reset' });
    await waitFor(child, (s) => afterSignInStep(s) === 'breachedPasswordSuccess');
    expect(names()).to.include('sendResetPasswordEmail');
    expect(names()).to.not.include('notifyLogin');
    child.send({ type: 'breached.continue' });
    // SI-4.12: the passkey prompt's check comes first (not applicable here), then success and fe-login
    expect(afterSignInStep(child.getSnapshot())).to.equal('promptPasskeys');
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
  /** The machine with scripted passkey actors (one script for the ceremony, the check and the registration); `calls` records actors and outcomes in order. */
  function passkeySetup(passkeys: (i: Op) => Promise<unknown>, login: () => Promise<LoginResponse> = async () => tokens) {
    const calls: Calls = [];
    const rec = (name: string, args: unknown) => calls.push({ name, args });
    const side = actorsSide(rec);
    const clock = new SimulatedClock();
    let pick!: (response: LoginResponse) => void;
    const run = async (op: Op) => (rec(`passkeys.${op.op}`, op), passkeys(op));
    const logic = loginMachine.provide({
      actors: {
        ...unscripted(),
        login: fromPromise(async ({ input }) => (rec('login', input), side.settle(await login()))),
        passkeySignIn: fromPromise(async () => side.settle((await run({ op: 'signIn', user: null })) as LoginResponse)),
        // browser autofill: answers when the test picks a passkey
        passkeyAutofill: fromPromise(async () => side.settle(await new Promise<LoginResponse>((resolve) => (pick = resolve)))),
        ...afterSignInOn({
          passkeysCheck: fromPromise<boolean, { user: unknown }>(async ({ input }) => !!(await run({ op: 'check', user: input.user }))),
          passkeyRegister: fromPromise(async () => run({ op: 'register', user: null })),
          passkeysDismiss: fromPromise<unknown, unknown>(async ({ input }) => rec('passkeys.dismiss', input)),
        }),
      },
    });
    const actor = createActor(logic, { clock, input: { authStrategy: 'EmailAndPassword' } });
    recordEmitted(actor, rec);
    actor.start();
    return { actor, clock, calls, names: () => calls.map((c) => c.name), pick: (r: LoginResponse) => pick(r) };
  }
  const passkeyTokens = { ...tokens, amr: ['hwk'] } as LoginResponse;
  /** Signs in with a password and waits for the passkey prompt (the `afterSignIn` child, returned). */
  async function toPrompt(a: ReturnType<typeof passkeySetup>['actor']): Promise<AfterSignInActor> {
    a.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(a, (s) => loginStep(s) === 'loginWithPassword');
    a.send({ type: 'password.submit', email: 'a@b.test', password: 'pw' });
    const child = await childOf(a);
    await waitFor(child, (s) => s.matches({ promptPasskeys: 'idle' }));
    return child;
  }

  it('SI-1.02 "Sign in with a passkey": preLogin.passkey (busy) → the session stored from the response → promptPasskeys check → success, fe-login, navigation after 200 ms', async () => {
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

  it('a passkey picked from browser autofill (the passkeyAutofill actor of preLogin.idle) signs in with that response', async () => {
    const { actor, calls, pick } = passkeySetup(async () => false);
    expect(actor.getSnapshot().matches({ preLogin: 'idle' })).to.equal(true);
    pick(passkeyTokens);
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
    const child = await toPrompt(actor);
    expect(names()).to.not.include('notifyLogin');
    child.send({ type: 'passkeys.add' });
    expect(child.getSnapshot().matches({ promptPasskeys: 'registering' })).to.equal(true);
    await waitFor(child, (s) => s.matches({ promptPasskeys: 'idle' }));
    expect(child.getSnapshot().context.error).to.deep.include({ message: 'This passkey is already registered for your account.' });
    fail = false;
    child.send({ type: 'passkeys.add' });
    expect(child.getSnapshot().context.error).to.equal(null);
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(names().filter((n) => n === 'passkeys.register')).to.have.length(2);
    expect(names().at(-1)).to.equal('notifyLogin');
    clock.increment(POST_AUTH_DELAY_MS);
    expect(names().at(-1)).to.equal('navigateAfterAuth');
  });

  it('promptPasskeys: "Not now" goes to success (fe-login), then navigation after 200 ms', async () => {
    const { actor, clock, calls, names } = passkeySetup(async (i) => i.op === 'check');
    const child = await toPrompt(actor);
    child.send({ type: 'passkeys.skip' });
    expect(child.getSnapshot().matches({ promptPasskeys: 'dismissing' })).to.equal(true);
    await waitFor(actor, (s) => loginStep(s) === 'success');
    expect(names()).to.not.include('passkeys.register');
    expect(names().filter((n) => n === 'notifyLogin')).to.have.length(1);
    // "Not now" is remembered for this user (the passkeysDismiss actor)
    await settle();
    expect(calls.find((c) => c.name === 'passkeys.dismiss')!.args).to.deep.equal({ user: { email: 'a@b.test', sub: 'u1', amr: undefined } });
    clock.increment(POST_AUTH_DELAY_MS - 1);
    expect(names()).to.not.include('navigateAfterAuth');
    clock.increment(1);
    expect(names()).to.include('navigateAfterAuth');
  });

  it('SI-4.12 after breachedPassword the passkey prompt follows when applicable', async () => {
    const { actor, names } = passkeySetup(
      async (i) => i.op === 'check',
      async () => ({ ...tokens, isBreachedPassword: true }) as LoginResponse,
    );
    actor.send({ type: 'identifier.submit', email: 'a@b.test' });
    await waitFor(actor, (s) => loginStep(s) === 'loginWithPassword');
    actor.send({ type: 'password.submit', email: 'a@b.test', password: 'pw' });
    const child = await childOf(actor);
    await waitFor(child, (s) => afterSignInStep(s) === 'breachedPassword');
    child.send({ type: 'breached.continue' });
    await waitFor(child, (s) => s.matches({ promptPasskeys: 'idle' }));
    expect(names()).to.not.include('notifyLogin');
    child.send({ type: 'passkeys.skip' });
    await waitFor(actor, (s) => loginStep(s) === 'success');
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
    postLogin?: (i: unknown) => Promise<LoginResponse | SsoTestFinished>;
    quick?: (i: { op: string }) => Promise<unknown>;
    verifyCode?: () => Promise<LoginResponse>;
    input?: Record<string, unknown>;
  };
  /** The machine with every new actor scripted; `calls` records actors and actions in order. */
  function start(script: Script = {}) {
    const calls: Calls = [];
    const rec = (name: string, args: unknown) => calls.push({ name, args });
    const side = actorsSide(rec, async () => ({ user: { email: 'a@b.test', sub: 'u1' } }));
    const clock = new SimulatedClock();
    const logic = loginMachine.provide({
      actors: {
        ...unscripted(),
        start: fromPromise(async () => {
          rec('start', null);
          return { authStrategy: (await (script.strategy?.() ?? 'EmailAndPassword')) as AuthStrategy, ...script.startExtra } as LoginStart;
        }),
        preLogin: fromPromise(async ({ input }) => (rec('preLogin', { email: input.email }), (await (script.preLogin?.() ?? null)) as never)),
        passwordlessPreLogin: fromPromise(async ({ input }) => (rec('passwordlessPreLogin', input), script.pre ? script.pre(input) : {})),
        passwordlessPostLogin: fromPromise(async ({ input }) => (rec('passwordlessPostLogin', input), side.settle(script.post ? await script.post(input) : tokens))),
        postLogin: fromPromise(async ({ input }) => {
          rec('postLogin', input);
          const answer = script.postLogin ? await script.postLogin(input) : tokens;
          // as machines/login-more.actors.ts: an administrator's SSO test sign-in finished, nobody signed in
          return 'ssoTestSignIn' in answer ? { kind: 'ssoTest' as const } : side.settle(answer);
        }),
        ...afterSignInOn({
          quickLogin: fromPromise<unknown, { op: string }>(async ({ input }) => (rec(`quickLogin.${input.op}`, input), script.quick ? await script.quick(input) : undefined)),
        }),
        mfa: mfaMachine.provide({
          actors: { verifyCode: fromPromise(async ({ input }) => (rec('verifyCode', input), side.answer(await script.verifyCode!()))) },
        }),
      },
    });
    const actor = createActor(logic, { clock, input: script.input ?? {} });
    recordEmitted(actor, rec);
    actor.start();
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
    await waitFor(found.actor, (s) => loginStep(s) === 'afterSignIn' || loginStep(s) === 'success');
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

  it('SI-1.02 SI-3.24 SI-7.38 Code: loginWithOtc, the code goes to postlogin, the session is stored → success → navigation after 200 ms', async () => {
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
    expect(actor.getSnapshot().context.mfa).to.deep.include({ step: 'verify', deviceId: 'd1' });
    tokenFree(actor, 'm1');
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
      const { actor, clock, calls, names } = start({
        input: { callback: { kind, params: { code: 'c' } } },
        postLogin: async () => Promise.reject(new Error('Failed to authenticate')),
      });
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

  it("issue 31 item 5 a callback that finished an administrator's SSO test sign-in stays on ssoTestFinished: nobody signed in, no navigation", async () => {
    const { actor, clock, names } = start({
      input: { callback: { kind: 'oidc', params: { code: 'c', state: 'sso-test.s' } } },
      postLogin: async () => ({ ssoTestSignIn: { id: 't', status: 'succeeded' as const } }),
    });
    await waitFor(actor, (s) => loginStep(s) === 'ssoTestFinished');
    clock.increment(60000);
    expect(loginStep(actor.getSnapshot())).to.equal('ssoTestFinished');
    expect(actor.getSnapshot().context.user ?? null).to.equal(null);
    expect(names()).to.not.include('navigateAfterAuth');
  });

  it('SI-3.20 quick SMS sign-in: a remembered user gets a texted code without typing an email (loginWithQuickSmsOtc)', async () => {
    const { actor, calls } = start({ input: { authStrategy: 'EmailAndPassword', quickLoginUserId: 'u-7', email: 'typed@b.test' } });
    actor.send({ type: 'quickSms.start' });
    expect(step(actor)).to.equal('loginWithQuickSmsOtc');
    await waitFor(actor, (s) => s.matches({ loginWithQuickSmsOtc: { resend: 'waiting' } }));
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
    const child = await childOf(actor);
    await waitFor(child, (s) => s.matches({ loginWithQuickSmsOtc: { register: 'idle' } }));
    expect(names()).to.not.include('notifyLogin');
    child.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    expect(child.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(child, (s) => s.matches({ loginWithQuickSmsOtc: { register: 'code' } }));
    expect(child.getSnapshot().context.changePhoneId).to.equal('cp-1');
    child.send({ type: 'code.submit', code: '999000' });
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
    const registering = await childOf(wrong.actor);
    await waitFor(registering, (s) => s.matches({ loginWithQuickSmsOtc: { register: 'idle' } }));
    registering.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    await waitFor(registering, (s) => s.matches({ loginWithQuickSmsOtc: { register: 'code' } }));
    registering.send({ type: 'code.submit', code: '000000' });
    await waitFor(registering, (s) => s.matches({ loginWithQuickSmsOtc: { register: 'code' } }) && !!s.context.error);
    expect(registering.getSnapshot().context.error?.message).to.equal('Invalid code');
    registering.send({ type: 'email.change' });
    expect(registering.getSnapshot().matches({ loginWithQuickSmsOtc: { register: 'idle' } })).to.equal(true);
    registering.send({ type: 'quickLogin.skip' });
    await waitFor(wrong.actor, (s) => loginStep(s) === 'success');
    expect(wrong.names().filter((n) => n === 'notifyLogin')).to.have.length(1);
  });
});
