import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-sign-up.ts';
import { alertText, input, resetEmulator, setMfaPolicy, stepOf, submit, type, waitForStep } from './helpers/emulator.ts';

const keepPage = (e: Event) => e.preventDefault();

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
    expect(((await login) as CustomEvent).detail.user.email).to.equal('grace@navy.test');
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
