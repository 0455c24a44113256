import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-activate-account.ts';
import '../elements/fe-unlock-account.ts';
import { activationStates } from '../stories/activation-states.ts';
import { ADMIN, alertText, createUser, input, outbox, resetEmulator, stepOf, submit, type, waitForStep } from './helpers/emulator.ts';

const keepPage = (e: Event) => e.preventDefault();
const API = '/frontegg/identity/resources';

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
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
  render<HTMLElement>(html`<fe-activate-account user-id=${attrs.userId ?? ''} token=${attrs.token ?? ''} mode=${attrs.mode ?? 'link'}></fe-activate-account>`, 'fe-activate-account');

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
  const r = await call('POST', `${API}/users/v1/signUp`, { email, password, name: 'New User' });
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

describe('activation and unlock accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  for (const [name, { tag, step, spec }] of Object.entries(activationStates)) {
    it(`SI-4.25 ${name} has no axe violations and shows its step`, async () => {
      const json = JSON.stringify(spec);
      const app = await fixture<FeAppElement>(
        tag === 'fe-activate-account'
          ? html`<fe-app preview base-url="https://preview.invalid"><fe-activate-account initial-state=${json}></fe-activate-account></fe-app>`
          : html`<fe-app preview base-url="https://preview.invalid"><fe-unlock-account initial-state=${json}></fe-unlock-account></fe-app>`,
      );
      const el = app.querySelector(tag)!;
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
