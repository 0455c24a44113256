import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, toPromise, waitFor } from 'xstate';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-sign-up.ts';
import type { FlowEmitted } from '../machines/flow.ts';
import { signUpActors } from '../machines/sign-up.actors.ts';
import { POST_SIGN_UP_DELAY_MS, signUpMachine, signUpStep, type SignUpInput, type SignUpOutcome, type SignUpPolicy } from '../machines/sign-up.machine.ts';
import { FeApiError } from '../src/api/errors.ts';
import type { LoginResponse, SignUpRequest, SignUpResponse } from '../src/api/types.ts';
import type { FeApp } from '../src/app/types.ts';
import type { PublicUser } from '../src/events/index.ts';
import { signUpStates, signUpStepShown } from '../stories/sign-up-states.ts';
import '../stories/support/flows.ts';
import { alertText, input, resetEmulator, setMfaPolicy, stepOf, submit, type, waitForStep } from './helpers/emulator.ts';

const keepPage = (e: Event) => e.preventDefault();

const OPEN: SignUpPolicy = { allowSignups: true, passwordConfig: { minLength: 10 } };
const CREATED = { userId: 'u1', tenantId: 't1' };
const GRACE = { email: 'grace@navy.test', name: 'Grace Hopper' } as PublicUser;
const submitEvent = { type: 'signUp.submit', name: ' Grace Hopper ', email: ' grace@navy.test ', companyName: ' Navy ', password: 'Cobol-1959-Compiler' } as const;

function run(input: SignUpInput, actors: { loadPolicy?: () => Promise<SignUpPolicy>; signUp?: (body: SignUpRequest) => Promise<SignUpOutcome> } = {}) {
  const emitted: FlowEmitted[] = [];
  const requests: SignUpRequest[] = [];
  const clock = new SimulatedClock();
  const logic = signUpMachine.provide({
    actors: {
      loadPolicy: fromPromise(() => (actors.loadPolicy ?? (async () => OPEN))()),
      signUp: fromPromise(async ({ input }) => {
        requests.push(input);
        return (actors.signUp ?? (async () => ({ ...CREATED, shouldActivate: true, user: null, mustSignIn: false })))(input);
      }),
    },
  });
  const actor = createActor(logic, { input, clock });
  actor.on('*', (e) => emitted.push(e as FlowEmitted));
  actor.start();
  return { actor, emitted, requests, clock };
}

describe('sign-up machine', () => {
  it('SI-1.01 loading (busy) → form with the password rules; sign-ups closed → notAllowed; an unreadable policy → form', async () => {
    const open = run({});
    expect(signUpStep(open.actor.getSnapshot())).to.equal('loading');
    expect(open.actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(open.actor, (s) => s.matches({ form: 'idle' }));
    expect(open.actor.getSnapshot().context.policy).to.deep.equal(OPEN);

    const closed = run({}, { loadPolicy: async () => ({ allowSignups: false, passwordConfig: {} }) });
    await waitFor(closed.actor, (s) => s.matches('notAllowed'));
    expect(closed.actor.getSnapshot().context.policy?.allowSignups).to.equal(false);

    const broken = run({}, { loadPolicy: () => Promise.reject(new FeApiError('down', { statusCode: 500 })) });
    await waitFor(broken.actor, (s) => s.matches({ form: 'idle' }));
    expect(broken.actor.getSnapshot().context.policy).to.equal(null);
    expect([...open.emitted, ...closed.emitted, ...broken.emitted]).to.deep.equal([]);
  });

  it('SI-3.05 SI-7.28 submit (busy, trimmed values, invitation token) → shouldActivate → activationSent, signUp emitted; no password in context', async () => {
    const { actor, emitted, requests } = run({ invitationToken: 'inv-1' });
    await waitFor(actor, (s) => s.matches({ form: 'idle' }));
    actor.send(submitEvent);
    expect(actor.getSnapshot().matches({ form: 'submitting' })).to.equal(true);
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => s.matches('activationSent'));
    expect(requests).to.deep.equal([{ name: 'Grace Hopper', email: 'grace@navy.test', companyName: 'Navy', password: 'Cobol-1959-Compiler', invitationToken: 'inv-1' }]);
    expect(actor.getSnapshot().context.values).to.deep.equal({ name: 'Grace Hopper', email: 'grace@navy.test', companyName: 'Navy' });
    expect(emitted).to.deep.equal([{ type: 'signUp', detail: { ...CREATED, shouldActivate: true } }]);
    expect(JSON.stringify(actor.getSnapshot().context)).not.to.contain('Cobol-1959-Compiler');
  });

  it('SI-1.01 signed in at once → success: signUp then login emitted, then after 200 ms navigate to the success route', async () => {
    const { actor, emitted, clock, requests } = run(
      { successRoute: 'signUpSuccessUrl' },
      { signUp: async () => ({ ...CREATED, shouldActivate: false, user: GRACE, mustSignIn: false }) },
    );
    await waitFor(actor, (s) => s.matches({ form: 'idle' }));
    actor.send(submitEvent);
    await waitFor(actor, (s) => s.matches({ success: 'waiting' }));
    expect(requests[0]).not.to.have.property('invitationToken');
    expect(emitted).to.deep.equal([
      { type: 'signUp', detail: { ...CREATED, shouldActivate: false } },
      { type: 'login', user: GRACE },
    ]);
    clock.increment(POST_SIGN_UP_DELAY_MS - 1);
    expect(actor.getSnapshot().matches({ success: 'waiting' })).to.equal(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ success: 'navigated' })).to.equal(true);
    expect(emitted.at(-1)).to.deep.equal({ type: 'navigate', to: { route: 'signUpSuccessUrl' } });
    // without signUpSuccessUrl: the authenticated URL
    const plain = run({}, { signUp: async () => ({ ...CREATED, shouldActivate: false, user: GRACE, mustSignIn: false }) });
    await waitFor(plain.actor, (s) => s.matches({ form: 'idle' }));
    plain.actor.send(submitEvent);
    await waitFor(plain.actor, (s) => s.matches({ success: 'waiting' }));
    plain.clock.increment(POST_SIGN_UP_DELAY_MS);
    expect(plain.emitted.at(-1)).to.deep.equal({ type: 'navigate', to: { route: 'authenticatedUrl' } });
  });

  it('AB-2.07 a sign-up that needs MFA (or whose session was not stored) → redirectToLogin, which navigates to the login route', async () => {
    const { actor, emitted } = run({}, { signUp: async () => ({ ...CREATED, shouldActivate: false, user: null, mustSignIn: true }) });
    await waitFor(actor, (s) => s.matches({ form: 'idle' }));
    actor.send(submitEvent);
    await waitFor(actor, (s) => s.matches('redirectToLogin'));
    expect(emitted).to.deep.equal([
      { type: 'signUp', detail: { ...CREATED, shouldActivate: false } },
      { type: 'navigate', to: { route: 'loginUrl' } },
    ]);
  });

  it('SI-3.05 an answer that neither signs in nor asks to sign in → activationSent', async () => {
    const { actor, emitted } = run({}, { signUp: async () => ({ shouldActivate: false, user: null, mustSignIn: false }) });
    await waitFor(actor, (s) => s.matches({ form: 'idle' }));
    actor.send(submitEvent);
    await waitFor(actor, (s) => s.matches('activationSent'));
    expect(emitted).to.deep.equal([{ type: 'signUp', detail: { userId: undefined, tenantId: undefined, shouldActivate: false } }]);
  });

  it('a refused sign-up → form idle with the server message (error emitted, values kept); offline → error.network; a new submit clears it', async () => {
    let fail: unknown = new FeApiError('User already exists', { statusCode: 409 });
    const { actor, emitted } = run({}, { signUp: async () => (fail ? Promise.reject(fail) : { ...CREATED, shouldActivate: true, user: null, mustSignIn: false }) });
    await waitFor(actor, (s) => s.matches({ form: 'idle' }));
    actor.send(submitEvent);
    await waitFor(actor, (s) => s.matches({ form: 'idle' }) && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.deep.include({ message: 'User already exists', statusCode: 409 });
    expect(actor.getSnapshot().context.values.email).to.equal('grace@navy.test');
    expect(emitted).to.have.length(1);
    expect(emitted[0]).to.deep.include({ type: 'error' });

    fail = new FeApiError('offline', { statusCode: 0 });
    actor.send(submitEvent);
    expect(actor.getSnapshot().context.error, 'cleared on submit').to.equal(null);
    await waitFor(actor, (s) => s.matches({ form: 'idle' }) && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'error.network', statusCode: 0 });

    fail = null;
    actor.send(submitEvent);
    await waitFor(actor, (s) => s.matches('activationSent'));
    expect(emitted.map((e) => e.type)).to.deep.equal(['error', 'error', 'signUp']);
  });

  it('"Sign in" (route.open) emits a navigation to the login route from any step', async () => {
    const { actor, emitted } = run({}, { loadPolicy: async () => ({ allowSignups: false, passwordConfig: {} }) });
    await waitFor(actor, (s) => s.matches('notAllowed'));
    actor.send({ type: 'route.open', route: 'loginUrl' });
    expect(emitted).to.deep.equal([{ type: 'navigate', to: { route: 'loginUrl' } }]);
    expect(actor.getSnapshot().matches('notAllowed')).to.equal(true);
  });
});

describe('sign-up actors', () => {
  /** An app whose client answers `answer` to the sign-up POST; `completeLogin` as given. */
  function fakeApp(answer: SignUpResponse, completeLogin: (r: LoginResponse) => Promise<unknown>) {
    const completed: LoginResponse[] = [];
    const app = {
      client: { post: async () => answer, get: async () => ({ minLength: 12 }) },
      auth: { getVendorConfig: async () => ({ allowSignups: false }) },
      completeLogin: (r: LoginResponse) => (completed.push(r), completeLogin(r)),
      logger: { warn: () => {}, debug: () => {}, error: () => {}, info: () => {} },
    } as unknown as FeApp;
    return { app, completed };
  }
  const signUp = (app: FeApp) => toPromise(createActor(signUpActors(app).signUp, { input: { email: 'grace@navy.test', password: 'p' } }).start());
  const AUTH = { accessToken: 'a.b.c', refreshToken: 'r' } as LoginResponse;
  const signedIn = async () => ({ user: { email: 'grace@navy.test', accessToken: 'a.b.c', refreshToken: 'r' } });

  it('SI-3.05 signed in at once: the actor stores the session and answers only the public user (no token)', async () => {
    const { app, completed } = fakeApp({ ...CREATED, shouldActivate: false, authResponse: AUTH }, signedIn);
    const out = await signUp(app);
    expect(completed).to.deep.equal([AUTH]);
    expect(out).to.deep.equal({ ...CREATED, shouldActivate: false, user: { email: 'grace@navy.test' }, mustSignIn: false });
    expect(JSON.stringify(out)).not.to.contain('a.b.c');
  });

  it('SI-3.05 shouldActivate or an MFA answer never store a session; a session that cannot be stored asks to sign in', async () => {
    const activate = fakeApp({ ...CREATED, shouldActivate: true, authResponse: AUTH }, signedIn);
    expect(await signUp(activate.app)).to.deep.equal({ ...CREATED, shouldActivate: true, user: null, mustSignIn: false });
    const mfa = fakeApp({ ...CREATED, shouldActivate: false, authResponse: { mfaRequired: true, mfaToken: 'm' } as LoginResponse }, signedIn);
    expect(await signUp(mfa.app)).to.deep.equal({ ...CREATED, shouldActivate: false, user: null, mustSignIn: true });
    const broken = fakeApp({ ...CREATED, shouldActivate: false, authResponse: AUTH }, () => Promise.reject(new Error('me failed')));
    expect(await signUp(broken.app)).to.deep.equal({ ...CREATED, shouldActivate: false, user: null, mustSignIn: true });
    expect([...activate.completed, ...mfa.completed]).to.deep.equal([]);
  });

  it('SI-1.01 loadPolicy: allowSignups from the public config and the password rules', async () => {
    const { app } = fakeApp({}, signedIn);
    expect(await toPromise(createActor(signUpActors(app).loadPolicy).start())).to.deep.equal({ allowSignups: false, passwordConfig: { minLength: 12 } });
  });
});

async function renderSignUp() {
  const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}><fe-sign-up></fe-sign-up></fe-app>`);
  const el = app.querySelector('fe-sign-up')!;
  await waitUntil(() => stepOf(el) && stepOf(el) !== 'loading', 'sign-up loaded', { timeout: 10000 });
  return { app, el };
}

function fill(el: HTMLElement, values: { name?: string; email?: string; companyName?: string; password?: string }) {
  for (const [name, value] of Object.entries(values)) type(input(el, name)!, value!);
}

describe('<fe-sign-up> against the emulator', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(() => resetEmulator());

  it('SI-1.01 SI-3.05 SI-7.28 signs a new user up and in: fe-sign-up, then fe-login, then navigation', async () => {
    const { app, el } = await renderSignUp();
    expect(input(el, 'password')!.autocomplete).to.equal('new-password');
    expect(input(el, 'email')!.autocomplete).to.equal('email');
    const signedUp = oneEvent(el, 'fe-sign-up');
    const login = oneEvent(el, 'fe-login');
    const navigate = oneEvent(el, 'fe-navigate');
    fill(el, { name: 'Grace Hopper', email: 'grace@navy.test', companyName: 'Navy', password: 'Cobol-1959-Compiler' });
    submit(el);
    const { detail } = (await signedUp) as CustomEvent;
    expect(detail.shouldActivate).to.equal(false);
    expect(detail.userId).to.be.a('string');
    expect(detail.tenantId).to.be.a('string');
    const user = ((await login) as CustomEvent).detail.user;
    expect(user.email).to.equal('grace@navy.test');
    expect(user.accessToken, 'no token in the event').to.equal(undefined);
    expect(((await navigate) as CustomEvent).detail.url).to.equal(new URL('/', location.href).href);
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(true);
    expect(app.app!.stores.$tenants.get().activeTenant?.name).to.equal('Navy');
  });

  it('an email already taken shows the server error and keeps what the user typed', async () => {
    const { el } = await renderSignUp();
    fill(el, { name: 'Admin Again', email: 'admin@acme.test', companyName: 'Acme 2', password: 'Another-Long-Pass-1' });
    const error = oneEvent(el, 'fe-error');
    submit(el);
    expect(((await error) as CustomEvent).detail.message).to.equal('User already exists');
    await waitUntil(() => alertText(el) === 'User already exists');
    expect(input(el, 'name')!.value).to.equal('Admin Again');
    expect(input(el, 'email')!.value).to.equal('admin@acme.test');
    expect(input(el, 'companyName')!.value).to.equal('Acme 2');
    expect(stepOf(el)).to.equal('form');
  });

  it('a short password and a missing name get field errors and no call', async () => {
    const { el } = await renderSignUp();
    fill(el, { email: 'x@y.test', password: 'short' });
    submit(el);
    await waitUntil(() => input(el, 'password')!.getAttribute('aria-invalid') === 'true');
    expect(input(el, 'name')!.getAttribute('aria-invalid')).to.equal('true');
    await waitUntil(() => document.activeElement === input(el, 'name'), 'focus on the first invalid field');
    expect(stepOf(el)).to.equal('form');
  });

  it('sign-ups closed by the public policy show notAllowed', async () => {
    await fetch('/_emulator/vendor-config', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ allowSignups: false }) });
    const { el } = await renderSignUp();
    expect(stepOf(el)).to.equal('notAllowed');
    expect(el.querySelector('form')).to.equal(null);
  });

  it('a sign-up that needs MFA goes to the login route', async () => {
    await setMfaPolicy('Force');
    const { el } = await renderSignUp();
    const navigate = oneEvent(el, 'fe-navigate');
    fill(el, { name: 'Ada', email: 'ada@engine.test', companyName: 'Engines', password: 'Analytical-Engine-1843' });
    submit(el);
    expect(((await navigate) as CustomEvent).detail.url).to.equal(new URL('/account/login', location.href).href);
    await waitForStep(el, 'redirectToLogin');
  });
});

describe('<fe-sign-up> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));

  for (const [name, spec] of Object.entries(signUpStates)) {
    it(`SI-1.01 sign-up ${name} has no axe violations and shows its step`, async () => {
      const app = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-sign-up-story state=${JSON.stringify(spec)}></fe-sign-up-story></fe-app>`,
      );
      const el = app.querySelector('fe-sign-up-story') as HTMLElement;
      const step = signUpStepShown(spec);
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      if (step === 'form') await waitUntil(() => el.querySelector('form[slot=form]'), 'slotted form');
      await expect(el).to.be.accessible();
    });
  }
});
