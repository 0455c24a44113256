import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-impersonate.ts';
import type { FlowEmitted } from '../machines/flow.ts';
import { impersonateMachine, impersonateStep, POST_IMPERSONATION_DELAY_MS, type Impersonated } from '../machines/impersonate.machine.ts';
import { impersonatorOf, isImpersonated } from '../src/auth/impersonation.ts';
import type { PublicUser } from '../src/events/user.ts';
import { impersonateStates, impersonateStepShown, type ImpersonateStateName } from '../stories/impersonate-states.ts';
import '../stories/support/flows.ts';
import { ADMIN, alertText, resetEmulator, stepOf, waitForStep } from './helpers/emulator.ts';

const apiError = (message: string, statusCode: number, errorCode?: string) => Object.assign(new Error(message), { statusCode, errorCode });
const ada = { email: 'ada@acme.test' } as PublicUser;

/** The machine on a given `impersonate`, with its calls and emitted outcomes (in order, in `calls`). */
function startImpersonation(input: { userId?: string | null; redirectUrl?: string | null }, impersonate: () => Promise<Impersonated>) {
  const calls: string[] = [];
  const emitted: FlowEmitted[] = [];
  const clock = new SimulatedClock();
  const logic = impersonateMachine.provide({
    actors: { impersonate: fromPromise(async ({ input }) => (calls.push(`impersonate:${input.impersonatedUserId}:${input.redirectUrl}`), impersonate())) },
  });
  const actor = createActor(logic, { clock, input });
  actor.on('*', (e) => {
    emitted.push(e as FlowEmitted);
    calls.push(e.type);
  });
  actor.start();
  return { actor, calls, emitted, clock };
}

describe('impersonate machine', () => {
  it('SI-4.28 SI-4.30 impersonating → success, then after 1000 ms (not before) navigates', async () => {
    const { actor, calls, emitted, clock } = startImpersonation({ userId: 'target', redirectUrl: '/dashboard' }, async () => ({ user: ada, actorId: 'admin' }));
    expect(impersonateStep(actor.getSnapshot())).to.equal('impersonating');
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => impersonateStep(s) === 'success');
    expect(actor.getSnapshot().context.impersonated).to.deep.equal({ user: ada, actorId: 'admin' });
    expect(calls).to.deep.equal(['impersonate:target:/dashboard', 'impersonate']);
    expect(emitted[0]).to.deep.equal({ type: 'impersonate', detail: { user: ada, actorId: 'admin' } });
    clock.increment(POST_IMPERSONATION_DELAY_MS - 1);
    expect(calls.at(-1)).to.equal('impersonate');
    clock.increment(1);
    expect(emitted.at(-1)).to.deep.equal({ type: 'navigate', to: { redirectUrl: '/dashboard' } });
    expect(actor.getSnapshot().matches({ success: 'left' })).to.equal(true);
  });

  it('a refused impersonation (403) fails with the server message and never navigates', async () => {
    const { actor, calls, clock } = startImpersonation({ userId: 'target' }, async () => Promise.reject(apiError('Not authorized', 403)));
    await waitFor(actor, (s) => impersonateStep(s) === 'failed');
    expect(actor.getSnapshot().context.error).to.include({ message: 'Not authorized', statusCode: 403 });
    clock.increment(POST_IMPERSONATION_DELAY_MS * 2);
    expect(calls).to.deep.equal(['impersonate:target:null', 'error']);
  });

  it('without a user id it fails at once and calls nothing', () => {
    const { actor, calls, emitted } = startImpersonation({}, async () => ({ user: ada }));
    expect(impersonateStep(actor.getSnapshot())).to.equal('failed');
    expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'impersonation.missingUser' });
    expect(calls).to.deep.equal(['error']);
    expect(emitted).to.deep.equal([{ type: 'error', error: { key: 'impersonation.missingUser' } }]);
  });

  it('"Continue" and "Back to the app" emit a navigation to redirectUrl (or the authenticated URL)', () => {
    const { actor, emitted } = startImpersonation({}, async () => ({ user: ada }));
    actor.send({ type: 'app.open' });
    expect(emitted.at(-1)).to.deep.equal({ type: 'navigate', to: { redirectUrl: null } });
  });
});

const keepPage = (e: Event) => e.preventDefault();

async function api(method: string, path: string, body?: unknown) {
  const r = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  expect(r.ok, `${method} ${path}: ${r.status} ${text}`).to.equal(true);
  return text ? JSON.parse(text) : {};
}

/** Signs `who` in through the API (the refresh cookie), then renders `<fe-app><fe-impersonate …>`. */
async function render(who: { email: string; password: string }, tpl: ReturnType<typeof html>) {
  const signedIn = await api('POST', '/frontegg/identity/resources/auth/v1/user', who);
  const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}>${tpl}</fe-app>`);
  const el = app.querySelector('fe-impersonate')!;
  await waitUntil(() => stepOf(el), 'fe-impersonate rendered', { timeout: 10000 });
  return { app, el, actorId: signedIn.userId as string };
}

describe('isImpersonated', () => {
  it('is true when the user or its claims carry act', () => {
    expect(isImpersonated({ act: { sub: 'admin' } })).to.equal(true);
    expect(impersonatorOf({ act: { sub: 'admin' } })).to.equal('admin');
    expect(isImpersonated({ act: {} })).to.equal(false);
    expect(isImpersonated({ email: 'a@b.test' })).to.equal(false);
    expect(isImpersonated(null)).to.equal(false);
    expect(impersonatorOf({})).to.equal(undefined);
  });
});

describe('<fe-impersonate> against the emulator', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(() => resetEmulator());

  it('SI-4.28 SI-4.30 SI-7.57 an admin impersonates a user: the session is the target carrying act, audited, then after 1000 ms to redirectUrl', async function () {
    this.timeout(30000);
    const target = await api('POST', '/_emulator/users', { email: 'ada@acme.test', password: 'Ada-Passw0rd!', name: 'Ada' });
    const targetId = target.id ?? target.userId;
    expect(targetId, 'created user id').to.be.a('string');
    const impersonated = oneEvent(document, 'fe-impersonate');
    const navigate = oneEvent(document, 'fe-navigate');
    const { app, el, actorId } = await render(ADMIN, html`<fe-impersonate user-id=${targetId} redirect-url="/dashboard"></fe-impersonate>`);
    const { detail } = (await impersonated) as CustomEvent;
    const at = performance.now();
    expect(detail.user.email).to.equal('ada@acme.test');
    expect(detail.actorId).to.equal(actorId);

    await waitForStep(el, 'success');
    const user = app.app!.stores.$session.get().user!;
    expect(user.email).to.equal('ada@acme.test');
    expect(isImpersonated(user)).to.equal(true);
    expect(impersonatorOf(user)).to.equal(actorId);
    expect(user.amr).to.deep.equal(['imp']);
    expect(el.shadowRoot!.querySelector('[part=subtitle]')!.textContent).to.equal('You are now signed in as ada@acme.test');
    expect(el.shadowRoot!.querySelector('[part=badge]')!.textContent).to.equal('Impersonating');

    const audits = await api('GET', '/_emulator/audits?action=user.impersonated');
    expect(audits).to.have.length(1);
    expect(audits[0]).to.include({ actorId, targetId, action: 'user.impersonated' });
    expect(audits[0].details.redirectUrl).to.equal('/dashboard');

    const { detail: nav } = (await navigate) as CustomEvent;
    expect(performance.now() - at, 'post-impersonation delay').to.be.greaterThan(900);
    expect(nav.url).to.equal(new URL('/dashboard', location.href).href);

    // the refresh cookie is the impersonated session now: a refresh keeps act
    const refreshed = await app.app!.refresh();
    expect(refreshed!.user.email).to.equal('ada@acme.test');
    expect(impersonatorOf(refreshed!.user)).to.equal(actorId);
    await expect(el).to.be.accessible();
  });

  it('a user without the impersonation permission gets 403: failed with the server message, still signed in as itself', async function () {
    this.timeout(20000);
    await api('POST', '/_emulator/users', { email: 'reader@acme.test', password: 'Reader-Passw0rd!' });
    const target = await api('POST', '/_emulator/users', { email: 'other@acme.test', password: 'Other-Passw0rd!' });
    const error = oneEvent(document, 'fe-error');
    const { app, el } = await render({ email: 'reader@acme.test', password: 'Reader-Passw0rd!' }, html`<fe-impersonate user-id=${target.id ?? target.userId}></fe-impersonate>`);
    await waitForStep(el, 'failed');
    const message = 'Not authorized';
    expect(((await error) as CustomEvent).detail).to.include({ message, statusCode: 403 });
    expect(alertText(el)).to.equal(message);
    expect(app.app!.stores.$session.get().user?.email).to.equal('reader@acme.test');
    expect(await api('GET', '/_emulator/audits?action=user.impersonated')).to.have.length(0);
  });

  it('without a userId it fails at once and calls nothing', async () => {
    const { el } = await render(ADMIN, html`<fe-impersonate></fe-impersonate>`);
    await waitForStep(el, 'failed');
    expect(alertText(el)).to.contain('?userId=');
    expect(await api('GET', '/_emulator/audits?action=user.impersonated')).to.have.length(0);
  });
});

describe('<fe-impersonate> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  for (const [name, spec] of Object.entries(impersonateStates)) {
    it(`SI-4.28 ${name} has no axe violations and shows its step`, async () => {
      const app = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-impersonate-story state=${JSON.stringify(spec)}></fe-impersonate-story></fe-app>`,
      );
      const el = app.querySelector('fe-impersonate-story') as HTMLElement;
      const step = impersonateStepShown(name as ImpersonateStateName);
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
