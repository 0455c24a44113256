import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-unlock-account.ts';
import type { FlowEmitted } from '../machines/flow.ts';
import { unlockAccountMachine, unlockAccountStep } from '../machines/unlock-account.machine.ts';
import { unlockAccountStates } from '../stories/unlock-account-states.ts';
import '../stories/support/flows.ts';
import { alertText, createUser, outbox, resetEmulator, stepOf, waitForStep } from './helpers/emulator.ts';

const keepPage = (e: Event) => e.preventDefault();
const API = '/frontegg/identity/resources';
const apiError = (message: string, errorCode?: string, statusCode = 400) => Object.assign(new Error(message), { statusCode, errorCode });

describe('unlock-account machine', () => {
  function startUnlock(token: string | null | undefined, unlock: () => Promise<unknown>) {
    const calls: unknown[] = [];
    const logic = unlockAccountMachine.provide({
      actors: { unlock: fromPromise(async ({ input }) => (calls.push(['unlock', input]), unlock())) },
    });
    const actor = createActor(logic, { input: { token } });
    actor.on('*', (e) => void calls.push((e as FlowEmitted).type));
    return { actor: actor.start(), calls };
  }

  it('SI-7.29 unlocking → success', async () => {
    const { actor, calls } = startUnlock('tok', async () => ({}));
    expect(unlockAccountStep(actor.getSnapshot())).to.equal('unlocking');
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => unlockAccountStep(s) === 'success');
    expect(calls).to.deep.equal([['unlock', { token: 'tok' }], 'unlock']);
  });

  it('SI-7.29 an expired or used token → failed with the server message', async () => {
    const { actor, calls } = startUnlock('tok', () => Promise.reject(apiError('The unlock link has already been used', 'ER-UNLOCK-TOKEN-USED')));
    await waitFor(actor, (s) => unlockAccountStep(s) === 'failed');
    expect(actor.getSnapshot().context.error?.message).to.equal('The unlock link has already been used');
    expect(calls).to.deep.equal([['unlock', { token: 'tok' }], 'error']);
  });

  it('a missing token fails at once without a call', () => {
    for (const token of [undefined, null, '']) {
      const { actor, calls } = startUnlock(token, async () => ({}));
      expect(unlockAccountStep(actor.getSnapshot())).to.equal('failed');
      expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'unlock.missingToken' });
      expect(calls).to.deep.equal([]);
    }
  });

  it('"Sign in" and "Back to sign in" (route.open) emit a navigation to the login route', () => {
    const emitted: FlowEmitted[] = [];
    const actor = createActor(unlockAccountMachine, { input: {} });
    actor.on('*', (e) => void emitted.push(e as FlowEmitted));
    actor.start();
    actor.send({ type: 'route.open', route: 'loginUrl' });
    expect(emitted).to.deep.equal([{ type: 'navigate', to: { route: 'loginUrl' } }]);
  });
});

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const r = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
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

const button = (el: HTMLElement, text: RegExp) => [...el.shadowRoot!.querySelectorAll('button')].find((b) => text.test(b.textContent ?? '')) as HTMLButtonElement;

describe('<fe-unlock-account> against the emulator', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(() => resetEmulator());

  async function lockUser(email: string, password: string): Promise<string> {
    await createUser(email, password);
    await call('PUT', '/_emulator/lockout-policy', { enabled: true, maxAttempts: 2 });
    for (let i = 0; i < 2; i++) expect((await login(email, 'Wrong-Password-1')).status).to.equal(401);
    const locked = await login(email, password);
    expect(locked.status, 'locked').to.equal(401);
    const mail = (await outbox()).find((m: { to: string; subject: string }) => m.to === email && /locked/i.test(m.subject));
    const url = new URL(mail.link);
    expect(url.pathname).to.equal('/account/unlock');
    return url.searchParams.get('token')!;
  }

  it('SI-7.29 the emailed link unlocks; sign-in works again; the token cannot be used twice', async () => {
    const email = 'locked@acme.test';
    const token = await lockUser(email, 'Locked-Out-42');
    const unlocked = new Promise<Event>((resolve) => document.addEventListener('fe-unlock', resolve, { once: true }));
    const { el } = await render<HTMLElement>(html`<fe-unlock-account token=${token}></fe-unlock-account>`, 'fe-unlock-account');
    await waitForStep(el, 'success');
    await unlocked;
    expect(el.shadowRoot!.textContent).to.contain('Your account is unlocked');
    expect((await login(email, 'Locked-Out-42')).status).to.equal(200);
    const nav = oneEvent(el, 'fe-navigate');
    button(el, /^sign in$/i).click();
    expect(((await nav) as CustomEvent).detail.url).to.equal(new URL('/account/login', location.href).href);

    const again = await render<HTMLElement>(html`<fe-unlock-account token=${token}></fe-unlock-account>`, 'fe-unlock-account');
    await waitForStep(again.el, 'failed');
    expect(alertText(again.el)).to.equal('The unlock link has already been used');
  });

  it('SI-7.29 an expired unlock link fails with the server message and leads back to sign in', async () => {
    await call('PUT', '/_emulator/lifecycle-settings', { unlockTtlSeconds: 0 });
    const token = await lockUser('late-unlock@acme.test', 'Locked-Out-42');
    const error = new Promise<CustomEvent>((resolve) => document.addEventListener('fe-error', (e) => resolve(e as CustomEvent), { once: true }));
    const { el } = await render<HTMLElement>(html`<fe-unlock-account token=${token}></fe-unlock-account>`, 'fe-unlock-account');
    await waitForStep(el, 'failed');
    expect((await error).detail.message).to.equal('The unlock link has expired');
    expect(alertText(el)).to.equal('The unlock link has expired');
    const nav = oneEvent(el, 'fe-navigate');
    button(el, /back to sign in/i).click();
    expect(((await nav) as CustomEvent).detail.url).to.equal(new URL('/account/login', location.href).href);
  });

  it('a missing token fails without a call', async () => {
    const { el } = await render<HTMLElement>(html`<fe-unlock-account></fe-unlock-account>`, 'fe-unlock-account');
    await waitForStep(el, 'failed');
    expect(alertText(el)).to.equal('This unlock link is incomplete. Open the link from your email again.');
  });
});

describe('<fe-unlock-account> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  for (const [name, spec] of Object.entries(unlockAccountStates)) {
    it(`SI-4.25 unlock ${name} has no axe violations and shows its step`, async () => {
      const app = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-unlock-account-story state=${JSON.stringify(spec)}></fe-unlock-account-story></fe-app>`,
      );
      const el = app.querySelector('fe-unlock-account-story') as HTMLElement;
      const step = spec.value;
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
