import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-impersonate.ts';
import { impersonatorOf, isImpersonated } from '../src/api/invitation.ts';
import { impersonationStates, impersonationStepShown, type ImpersonationStateName } from '../stories/invitation-states.ts';
import { ADMIN, alertText, resetEmulator, stepOf, waitForStep } from './helpers/emulator.ts';

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
    const message = 'Missing permission fe.secure.write.impersonation';
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
  for (const [name, { spec }] of Object.entries(impersonationStates)) {
    it(`SI-4.28 ${name} has no axe violations and shows its step`, async () => {
      const app = await fixture<FeAppElement>(html`<fe-app preview base-url="https://preview.invalid"><fe-impersonate initial-state=${JSON.stringify(spec)}></fe-impersonate></fe-app>`);
      const el = app.querySelector('fe-impersonate')!;
      const step = impersonationStepShown(name as ImpersonationStateName);
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
