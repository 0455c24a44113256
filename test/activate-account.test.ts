import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, toPromise, waitFor } from 'xstate';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-activate-account.ts';
import { activateAccountActors } from '../machines/activate-account.actors.ts';
import { activateAccountMachine, activateAccountStep, POST_ACTIVATION_DELAY_MS, type ActivateRequest, type ActivationPlan } from '../machines/activate-account.machine.ts';
import type { FlowEmitted } from '../machines/flow.ts';
import type { LoginResponse } from '../src/api/types.ts';
import type { FeApp } from '../src/app/types.ts';
import type { PublicUser } from '../src/events/index.ts';
import { activateAccountStates, activateAccountStepShown } from '../stories/activate-account-states.ts';
import '../stories/support/flows.ts';
import { ADMIN, alertText, input, outbox, resetEmulator, stepOf, submit, type, waitForStep } from './helpers/emulator.ts';

const apiError = (message: string, errorCode?: string, statusCode = 400) => Object.assign(new Error(message), { statusCode, errorCode });
const ADA = { email: 'ada@acme.test' } as PublicUser;

interface Fakes {
  strategy?: () => Promise<ActivationPlan>;
  /** The activate actor: the public user when it signed in, null when not. */
  activate?: (input: ActivateRequest) => Promise<PublicUser | null>;
  resend?: () => Promise<unknown>;
}

/** Starts the machine on fakes; `calls` records actor calls and emitted outcomes in order. */
function start(input: { userId?: string | null; token?: string | null; mode?: 'link' | 'code'; redirectUrl?: string | null }, fakes: Fakes = {}) {
  const calls: unknown[] = [];
  const emitted: FlowEmitted[] = [];
  const clock = new SimulatedClock();
  const logic = activateAccountMachine.provide({
    actors: {
      getStrategy: fromPromise(async () => (calls.push('getStrategy'), (fakes.strategy ?? (async () => ({ shouldSetPassword: true, passwordConfig: { minLength: 8 } })))())),
      activate: fromPromise(async ({ input }) => (calls.push(['activate', input]), (fakes.activate ?? (async () => ADA))(input))),
      resendActivation: fromPromise(async ({ input }) => (calls.push(['resend', input]), (fakes.resend ?? (async () => ({})))())),
    },
  });
  const actor = createActor(logic, { clock, input });
  actor.on('*', (e) => {
    const out = e as FlowEmitted;
    emitted.push(out);
    calls.push(out.type === 'login' ? ['login', out.user.email] : out.type === 'navigate' ? ['navigate', out.to] : out.type);
  });
  actor.start();
  return { actor, calls, clock, emitted };
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
    expect(calls).to.deep.equal(['getStrategy', ['activate', { userId: 'u1', token: 't1', password: 'Brand-New-42' }], ['login', 'ada@acme.test']]);
    expect(JSON.stringify(actor.getSnapshot().context), 'no password in context').not.to.contain('Brand-New-42');
    clock.increment(POST_ACTIVATION_DELAY_MS - 1);
    expect(actor.getSnapshot().matches({ success: 'waiting' })).to.equal(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ success: 'navigated' })).to.equal(true);
    expect(calls.at(-1)).to.deep.equal(['navigate', { redirectUrl: null }]);
  });

  it('SI-4.25 a user who has a password is activated straight from activating (no form); redirectUrl is where it goes', async () => {
    const { actor, calls, clock } = start({ userId: 'u1', token: 't1', redirectUrl: '/welcome' }, { strategy: async () => ({ shouldSetPassword: false, passwordConfig: {} }) });
    await waitFor(actor, (s) => s.matches({ success: 'waiting' }));
    expect(calls).to.deep.equal(['getStrategy', ['activate', { userId: 'u1', token: 't1' }], ['login', 'ada@acme.test']]);
    clock.increment(POST_ACTIVATION_DELAY_MS);
    expect(calls.at(-1)).to.deep.equal(['navigate', { redirectUrl: '/welcome' }]);
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
      { activate: async () => (n++ === 0 ? Promise.reject(apiError('Invalid code', 'ER-INVALID-CODE')) : ADA) },
    );
    await waitFor(actor, (s) => s.matches({ activatingForm: 'idle' }));
    actor.send({ type: 'activate.submit', code: '000000', password: 'Brand-New-42' });
    await waitFor(actor, (s) => s.matches({ activatingForm: 'idle' }) && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.deep.include({ message: 'Invalid code', statusCode: 400 });
    expect(calls).to.include('error');
    actor.send({ type: 'activate.submit', code: '123456', password: 'Brand-New-42' });
    expect(actor.getSnapshot().context.error, 'cleared on submit').to.equal(null);
    await waitFor(actor, (s) => s.matches({ success: 'waiting' }));
  });

  it('an expired, used or replaced link (strategy or submit) → failed with the server message; resend.start → resend', async () => {
    const dead = start({ userId: 'u1', token: 't1' }, { strategy: () => Promise.reject(apiError('The activation link has expired', 'ER-ACTIVATION-TOKEN-EXPIRED')) });
    await waitFor(dead.actor, (s) => activateAccountStep(s) === 'failed');
    expect(dead.actor.getSnapshot().context.error?.message).to.equal('The activation link has expired');
    expect(dead.calls).to.deep.equal(['getStrategy', 'error']);
    dead.actor.send({ type: 'resend.start' });
    expect(activateAccountStep(dead.actor.getSnapshot())).to.equal('resend');
    expect(dead.actor.getSnapshot().context.error).to.equal(null);

    const used = start({ userId: 'u1', token: 't1' }, { activate: () => Promise.reject(apiError('The activation link has already been used', 'ER-ACTIVATION-TOKEN-USED')) });
    await waitFor(used.actor, (s) => s.matches({ activatingForm: 'idle' }));
    used.actor.send({ type: 'activate.submit', password: 'Brand-New-42' });
    await waitFor(used.actor, (s) => activateAccountStep(s) === 'failed');
    expect(used.actor.getSnapshot().context.error?.message).to.equal('The activation link has already been used');
    expect(
      used.emitted.filter((e) => e.type === 'error'),
      'one fe-error',
    ).to.have.length(1);

    const direct = start(
      { userId: 'u1', token: 't1' },
      { strategy: async () => ({ shouldSetPassword: false, passwordConfig: {} }), activate: () => Promise.reject(apiError('Network', undefined, 0)) },
    );
    await waitFor(direct.actor, (s) => activateAccountStep(s) === 'failed');
    expect(direct.actor.getSnapshot().context.error).to.deep.equal({ key: 'error.network', statusCode: 0 });
  });

  it('SI-4.26 activatingForm → resend → resendSent; a failed resend stays in resend with the error', async () => {
    let fail = true;
    const { actor, calls } = start({ userId: 'u1', token: 't1' }, { resend: async () => (fail ? Promise.reject(apiError('Boom', 'X', 500)) : {}) });
    await waitFor(actor, (s) => s.matches({ activatingForm: 'idle' }));
    actor.send({ type: 'resend.start' });
    expect(actor.getSnapshot().matches({ resend: 'idle' })).to.equal(true);
    actor.send({ type: 'resend.submit', email: ' ada@acme.test ' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => s.matches({ resend: 'idle' }) && !!s.context.error);
    expect(calls.at(-1)).to.equal('error');
    fail = false;
    actor.send({ type: 'resend.submit', email: 'ada@acme.test' });
    await waitFor(actor, (s) => s.matches('resendSent'));
    expect(actor.getSnapshot().context.email).to.equal('ada@acme.test');
    expect(calls.filter((c) => Array.isArray(c) && c[0] === 'resend')).to.deep.equal([
      ['resend', { email: 'ada@acme.test' }],
      ['resend', { email: 'ada@acme.test' }],
    ]);
  });

  it('an activation that did not sign in here (MFA asked for) → redirectToLogin, which navigates to the login route', async () => {
    const { actor, calls } = start({ userId: 'u1', token: 't1' }, { strategy: async () => ({ shouldSetPassword: false, passwordConfig: {} }), activate: async () => null });
    await waitFor(actor, (s) => activateAccountStep(s) === 'redirectToLogin');
    expect(calls.at(-1)).to.deep.equal(['navigate', { route: 'loginUrl' }]);
    expect(calls.some((c) => Array.isArray(c) && c[0] === 'login')).to.equal(false);
  });

  it('"Back to sign in" and "Sign in" (route.open) emit a navigation to the login route', () => {
    const { actor, emitted } = start({});
    actor.send({ type: 'route.open', route: 'loginUrl' });
    expect(emitted).to.deep.equal([{ type: 'navigate', to: { route: 'loginUrl' } }]);
    expect(activateAccountStep(actor.getSnapshot())).to.equal('invalid');
  });
});

describe('activate-account actors', () => {
  const LR = { accessToken: 'a.b.c', refreshToken: 'r', email: 'ada@acme.test' } as LoginResponse;
  function fakeApp(completeLogin: (r: LoginResponse) => Promise<unknown>) {
    const posts: [string, unknown][] = [];
    const app = {
      client: { post: async (path: string, body: unknown) => (posts.push([path, body]), LR), get: async () => ({}) },
      completeLogin,
      logger: { warn: () => {}, debug: () => {}, error: () => {}, info: () => {} },
    } as unknown as FeApp;
    return { app, posts };
  }
  const activate = (app: FeApp, input: ActivateRequest) => toPromise(createActor(activateAccountActors(app).activate, { input }).start());

  it('SI-4.25 activate stores the answer as the session and answers only the public user (no token)', async () => {
    const { app, posts } = fakeApp(async () => ({ user: { email: 'ada@acme.test', accessToken: 'a.b.c', refreshToken: 'r' } }));
    const user = await activate(app, { userId: 'u', token: 't', password: 'P' });
    expect(user).to.deep.equal({ email: 'ada@acme.test' });
    expect(posts.map(([path]) => path.replace(/.*\/activate/, 'activate'))).to.deep.equal(['activate']);
  });

  it('SI-7.23 the code goes to activate/code; an answer without a session (MFA) or a session that cannot be stored → null', async () => {
    const mfa = fakeApp(async () => null);
    expect(await activate(mfa.app, { userId: 'u', token: 't', code: '123456' })).to.equal(null);
    expect(mfa.posts.map(([path, body]) => [path.replace(/.*\/activate/, 'activate'), body])).to.deep.equal([['activate/code', { userId: 'u', token: 't', code: '123456' }]]);
    const broken = fakeApp(() => Promise.reject(new Error('me failed')));
    expect(await activate(broken.app, { userId: 'u', token: 't' })).to.equal(null);
  });
});

const keepPage = (e: Event) => e.preventDefault();
const API = '/frontegg/identity/resources';

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const r = await fetch(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path} → ${r.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

const login = (email: string, password: string) =>
  fetch(`${API}/auth/v1/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

async function render<T extends HTMLElement>(tpl: ReturnType<typeof html>, tag: string): Promise<{ app: FeAppElement; el: T }> {
  const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}>${tpl}</fe-app>`);
  const el = app.querySelector(tag) as unknown as T;
  await waitUntil(() => stepOf(el), `${tag} rendered`, { timeout: 10000 });
  return { app, el };
}

const activate = (attrs: { userId?: string; token?: string; mode?: string }) =>
  render<HTMLElement>(
    html`<fe-activate-account user-id=${attrs.userId ?? ''} token=${attrs.token ?? ''} mode=${attrs.mode ?? 'link'}></fe-activate-account>`,
    'fe-activate-account',
  );

/** The newest activation email to `email`: its link's userId and token, and the code. */
async function activationMail(email: string): Promise<{ userId: string; token: string; code: string; count: number }> {
  const mails = (await outbox()).filter((m: { to: string; subject: string }) => m.to === email && /activate/i.test(m.subject));
  expect(mails.length, 'activation email in the outbox').to.be.greaterThan(0);
  const url = new URL(mails[0].link);
  expect(url.pathname).to.equal('/account/activate');
  return { userId: url.searchParams.get('userId')!, token: url.searchParams.get('token')!, code: mails[0].code, count: mails.length };
}

/** Signs up a user who must activate (vendor setting requireActivation); the user has a password. */
async function signUpUnactivated(email: string, password = 'Signed-Up-42') {
  await call('PUT', '/_emulator/vendor-config', { requireActivation: true });
  const r = (await call('POST', `${API}/users/v1/signUp`, { email, password, name: 'New User' })) as { shouldActivate: boolean };
  expect(r.shouldActivate).to.equal(true);
  return activationMail(email);
}

/** An admin invites a new user (no password yet), who then asks for an activation link. */
async function invitedWithoutPassword(email: string) {
  const { accessToken } = await (await login(ADMIN.email, ADMIN.password)).json();
  await call('POST', `${API}/users/v2`, { email, name: 'Invitee' }, { authorization: `Bearer ${accessToken}` });
  await fetch(`${API}/auth/v1/logout`, { method: 'POST' });
  await call('POST', `${API}/users/v1/activate/reset`, { email });
  return activationMail(email);
}

const button = (el: HTMLElement, text: RegExp) => [...el.shadowRoot!.querySelectorAll('button')].find((b) => text.test(b.textContent ?? '')) as HTMLButtonElement;

describe('<fe-activate-account> against the emulator', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(() => resetEmulator());

  it('SI-1.04 SI-4.25 SI-4.29 SI-7.23 a user without a password: activatingForm with the rules → success signs in, navigates after 1000 ms', async () => {
    const email = 'invitee@acme.test';
    const link = await invitedWithoutPassword(email);
    const { el } = await activate(link);
    await waitForStep(el, 'activatingForm');
    expect(input(el, 'code'), 'no code field for a link').to.equal(null);
    type(input(el, 'password')!, 'aaa');
    submit(el);
    await waitUntil(() => input(el, 'password')!.getAttribute('aria-invalid') === 'true', 'rules enforced');
    type(input(el, 'password')!, 'Brand-New-Pass-42');
    type(input(el, 'confirmPassword')!, 'Brand-New-Pass-4');
    submit(el);
    await waitUntil(() => input(el, 'confirmPassword')!.getAttribute('aria-invalid') === 'true', 'mismatch shown');
    type(input(el, 'confirmPassword')!, 'Brand-New-Pass-42');
    const signedIn = oneEvent(el, 'fe-login');
    const navigated = oneEvent(el, 'fe-navigate');
    submit(el);
    const loginEvent = (await signedIn) as CustomEvent;
    const at = performance.now();
    expect(loginEvent.detail.user.email).to.equal(email);
    expect(loginEvent.detail.user.accessToken, 'no token in the event').to.equal(undefined);
    await waitForStep(el, 'success');
    const nav = (await navigated) as CustomEvent;
    expect(performance.now() - at, 'post-activation delay').to.be.greaterThan(900);
    expect(nav.detail.url).to.equal(new URL('/', location.href).href);
    expect(nav.cancelable).to.equal(true);
    expect((await login(email, 'Brand-New-Pass-42')).status).to.equal(200);
  });

  it('SI-4.25 a user who has a password is activated from the link without a form; the link then is used', async () => {
    const email = 'signed-up@acme.test';
    const link = await signUpUnactivated(email);
    expect((await login(email, 'Signed-Up-42')).status, 'not yet verified').to.not.equal(200);
    const signedIn = new Promise<CustomEvent>((resolve) => document.addEventListener('fe-login', (e) => resolve(e as CustomEvent), { once: true }));
    const { el } = await activate(link);
    expect((await signedIn).detail.user.email).to.equal(email);
    await waitForStep(el, 'success');
    expect((await login(email, 'Signed-Up-42')).status).to.equal(200);

    const again = await activate(link);
    await waitForStep(again.el, 'failed');
    expect(alertText(again.el)).to.equal('The activation link has already been used');
    expect(button(again.el, /new activation link/i), 'resend offered').to.exist;
  });

  it('SI-7.23 the code variant: a wrong code keeps the form with the server message, the emailed code activates', async () => {
    const email = 'code@acme.test';
    const link = await invitedWithoutPassword(email);
    const { el } = await activate({ ...link, mode: 'code' });
    await waitForStep(el, 'activatingForm');
    type(input(el, 'code')!, '12');
    type(input(el, 'password')!, 'Brand-New-Pass-42');
    type(input(el, 'confirmPassword')!, 'Brand-New-Pass-42');
    submit(el);
    await waitUntil(() => input(el, 'code')!.getAttribute('aria-invalid') === 'true', 'six digits asked for');
    const wrong = link.code === '000000' ? '111111' : '000000';
    type(input(el, 'code')!, wrong);
    const error = oneEvent(el, 'fe-error');
    submit(el);
    expect(((await error) as CustomEvent).detail.message).to.equal('Invalid code');
    await waitUntil(() => alertText(el) === 'Invalid code', 'server message shown');
    expect(stepOf(el)).to.equal('activatingForm');
    type(input(el, 'code')!, link.code.replace(/(\d{3})/, '$1 '));
    const signedIn = oneEvent(el, 'fe-login');
    submit(el);
    expect(((await signedIn) as CustomEvent).detail.user.email).to.equal(email);
    await waitForStep(el, 'success');
  });

  it('SI-2.07 on the activate-with-code page the element reads userId and token from the query and asks for the code; redirectUrl is honoured', async () => {
    const email = 'from-query@acme.test';
    const link = await signUpUnactivated(email);
    const original = location.href;
    history.replaceState(null, '', `/account/activate/code?userId=${encodeURIComponent(link.userId)}&token=${encodeURIComponent(link.token)}&redirectUrl=%2Fwelcome`);
    try {
      const { el } = await render<HTMLElement>(html`<fe-activate-account></fe-activate-account>`, 'fe-activate-account');
      await waitForStep(el, 'activatingForm');
      expect(input(el, 'password'), 'the user has a password').to.equal(null);
      type(input(el, 'code')!, link.code);
      const navigated = oneEvent(el, 'fe-navigate');
      submit(el);
      await waitForStep(el, 'success');
      expect(((await navigated) as CustomEvent).detail.url).to.equal(new URL('/welcome', location.href).href);
    } finally {
      history.replaceState(null, '', original);
    }
  });

  it('SI-4.26 an expired link shows the server message; resend → resend puts a new link in the outbox, which works', async () => {
    const email = 'late@acme.test';
    await call('PUT', '/_emulator/lifecycle-settings', { activationTtlSeconds: 0 });
    const link = await signUpUnactivated(email);
    await call('PUT', '/_emulator/lifecycle-settings', { activationTtlSeconds: 24 * 3600 });
    const { el } = await activate(link);
    await waitForStep(el, 'failed');
    expect(alertText(el)).to.equal('The activation link has expired');
    button(el, /new activation link/i).click();
    await waitForStep(el, 'resend');
    type(input(el, 'email')!, 'not-an-email');
    submit(el);
    await waitUntil(() => input(el, 'email')!.getAttribute('aria-invalid') === 'true', 'email checked');
    type(input(el, 'email')!, email);
    submit(el);
    await waitForStep(el, 'resendSent');
    const fresh = await activationMail(email);
    expect(fresh.count).to.equal(2);
    expect(fresh.token).to.not.equal(link.token);
    const next = await activate(fresh);
    await waitForStep(next.el, 'success');
  });

  it('SI-4.26 a replaced link (a newer one was sent) fails and offers resend', async () => {
    const email = 'twice@acme.test';
    const first = await signUpUnactivated(email);
    await call('POST', `${API}/users/v1/activate/reset`, { email });
    const { el } = await activate(first);
    await waitForStep(el, 'failed');
    expect(alertText(el)).to.match(/no longer valid/);
  });

  it('SI-4.25 without userId or token the link is invalid and offers a new one; back to sign in navigates', async () => {
    const { el } = await activate({ userId: 'someone' });
    await waitForStep(el, 'invalid');
    const nav = oneEvent(el, 'fe-navigate');
    button(el, /back to sign in/i).click();
    expect(((await nav) as CustomEvent).detail.url).to.equal(new URL('/account/login', location.href).href);
    button(el, /new activation link/i).click();
    await waitForStep(el, 'resend');
  });
});

describe('<fe-activate-account> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  for (const [name, spec] of Object.entries(activateAccountStates)) {
    it(`SI-4.25 activate ${name} has no axe violations and shows its step`, async () => {
      const app = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-activate-account-story state=${JSON.stringify(spec)}></fe-activate-account-story></fe-app>`,
      );
      const el = app.querySelector('fe-activate-account-story') as HTMLElement;
      const step = activateAccountStepShown(spec);
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
