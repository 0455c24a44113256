import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-step-up.ts';
import { stepUp } from '../src/app/step-up.ts';
import { isSteppedUp, setStepUpFlag, STEP_UP_FLAG_KEY } from '../src/auth/step-up.ts';
import { ADMIN, input, outbox, resetEmulator, submit, totp, type, waitForStep } from './helpers/emulator.ts';

const keepPage = (e: Event) => e.preventDefault();

async function api(method: string, path: string, body?: unknown) {
  const r = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(r.ok, `${method} ${path}: ${await r.clone().text()}`).to.equal(true);
  return r.json();
}

async function signedInApp(tpl = html``) {
  await api('POST', '/frontegg/identity/resources/auth/v1/user', ADMIN);
  const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}>${tpl}</fe-app>`);
  await waitUntil(() => app.app?.stores.$session.get().isAuthenticated, 'signed in', { timeout: 10000 });
  return app;
}

describe('step-up against the emulator', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(async () => {
    await resetEmulator();
    sessionStorage.removeItem(STEP_UP_FLAG_KEY);
  });

  it('SI-4.32 SI-7.40 a step-up-protected action asks for TOTP, proceeds, and asks again once maxAge has passed (emulator clock)', async function () {
    this.timeout(40000);
    const { userId } = await api('POST', '/frontegg/identity/resources/auth/v1/user', ADMIN);
    const { secret } = await api('POST', `/_emulator/users/${userId}/authenticators`, {});
    let app = await signedInApp();
    expect(isSteppedUp(app.app!.stores.$session.get().user, { maxAge: 300 }), 'a password session is not stepped up').to.equal(false);

    // the host's protected action: stepUp() sets the flag and goes to the step-up route
    const navigated: string[] = [];
    app.app!.navigate = (url: string) => void navigated.push(url);
    expect(await stepUp({ maxAge: 300 }, app.app!)).to.equal(false);
    expect(new URL(navigated[0]).pathname).to.equal('/account/step-up');
    expect(new URL(navigated[0]).searchParams.get('maxAge')).to.equal('300');
    expect(sessionStorage.getItem(STEP_UP_FLAG_KEY)).to.equal('300');

    // the step-up page
    app = await signedInApp(html`<fe-step-up max-age="300"></fe-step-up>`);
    const el = app.querySelector('fe-step-up')!;
    await waitForStep(el, 'verify');
    const done = oneEvent(el, 'fe-step-up');
    type(input(el, 'code')!, totp(secret));
    submit(el);
    const { detail } = (await done) as CustomEvent;
    expect(detail.user.amr).to.include.members(['mfa', 'otp']);
    const user = app.app!.stores.$session.get().user;
    expect(isSteppedUp(user, { maxAge: 300 })).to.equal(true);
    expect(sessionStorage.getItem(STEP_UP_FLAG_KEY), 'flag cleared').to.equal(null);
    expect(await stepUp({ maxAge: 300 }, app.app!), 'stepped up: the action proceeds at once').to.equal(true);

    // ten minutes later (the emulator's clock): the refreshed session keeps auth_time, so maxAge has passed
    await api('PUT', '/_emulator/clock', { offsetSeconds: 600 });
    const later = Date.now() + 600_000;
    expect(isSteppedUp(user, { maxAge: 300 }, later)).to.equal(false);
    await api('PUT', '/_emulator/clock', { offsetSeconds: 0 });
  });

  it('SI-8.11 "MFA is not enrolled" → noMFAEnrolledStepUp: enrol with the QR secret, then verify', async function () {
    this.timeout(40000);
    setStepUpFlag(60);
    const app = await signedInApp(html`<fe-step-up></fe-step-up>`);
    const el = app.querySelector('fe-step-up')!;
    await waitUntil(() => el.shadowRoot?.querySelector('[data-step-up=noMFAEnrolledStepUp] [data-testid=totp-secret]'), 'enrolment with secret', { timeout: 10000 });
    const secret = el.shadowRoot!.querySelector('[data-testid=totp-secret]')!.textContent!;
    type(input(el, 'code')!, totp(secret));
    submit(el);
    // the enrolment shows the recovery code, then step-up verifies with the next code
    await waitForStep(el, 'recoveryCode');
    (el.shadowRoot!.querySelector('[data-step=recoveryCode] button') as HTMLButtonElement).click();
    await waitUntil(() => el.shadowRoot?.querySelector('[data-step-up=verify]'), 'verify', { timeout: 10000 });
    const done = oneEvent(el, 'fe-step-up');
    type(input(el, 'code')!, totp(secret, 1));
    submit(el);
    await done;
    await waitForStep(el, 'done');
  });

  it('SI-4.36 any other failure goes to logout with the query parameters preserved', async () => {
    setStepUpFlag(60);
    // signed out: generate answers 401
    const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}><fe-step-up></fe-step-up></fe-app>`);
    const el = app.querySelector('fe-step-up')!;
    const nav = (await oneEvent(el, 'fe-navigate')) as CustomEvent;
    const url = new URL(nav.detail.url);
    expect(url.pathname).to.equal('/account/logout');
    expect(url.search).to.equal(location.search);
    await waitForStep(el, 'failed');
  });

  it('SI-4.32 without the stored flag the page does nothing', async () => {
    const app = await signedInApp(html`<fe-step-up></fe-step-up>`);
    const el = app.querySelector('fe-step-up')!;
    await waitForStep(el, 'notRequested');
  });
});

describe('step-up with SMS, email code and device choice against the emulator', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(async () => {
    await resetEmulator();
    sessionStorage.removeItem(STEP_UP_FLAG_KEY);
  });

  /** The newest outbox code sent to `to` on `channel` (waits for it). */
  async function codeFor(to: string, channel: 'sms' | 'email'): Promise<string> {
    let code: string | undefined;
    await waitUntil(
      async () => {
        const body = await outbox();
        const items = (Array.isArray(body) ? body : body.items) as { to: string; channel: string; code?: string }[];
        code = items.find((m) => m.to === to && m.channel === channel && m.code)?.code;
        return !!code;
      },
      `a ${channel} code to ${to}`,
      { timeout: 10000 },
    );
    return code!;
  }

  /** Signs the admin in with the password (a session that is not stepped up), then gives them MFA devices. */
  async function passwordSessionWith(devices: (userId: string) => Promise<unknown>) {
    const { userId } = await api('POST', '/frontegg/identity/resources/auth/v1/user', ADMIN);
    await devices(userId);
    setStepUpFlag(300);
    const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}><fe-step-up max-age="300"></fe-step-up></fe-app>`);
    await waitUntil(() => app.app?.stores.$session.get().isAuthenticated, 'signed in', { timeout: 10000 });
    expect(isSteppedUp(app.app!.stores.$session.get().user, { maxAge: 300 })).to.equal(false);
    return { app, el: app.querySelector('fe-step-up')! };
  }

  it('SI-4.07 SI-4.34 SI-7.40 one phone: the SMS step comes directly; the texted code (outbox) steps up with amr mfa, sms', async function () {
    this.timeout(40000);
    const { app, el } = await passwordSessionWith((id) => api('POST', `/_emulator/users/${id}/mfa-phones`, { phoneNumber: '+15551230077' }));
    await waitForStep(el, 'smsVerifyCode');
    await waitUntil(() => el.shadowRoot!.textContent!.includes('+1******0077'), 'the masked number, once the code is sent');
    const code = input(el, 'code')!;
    expect(code.autocomplete).to.equal('one-time-code');
    expect(el.querySelector('input[name=rememberDevice]'), 'no remember-device offer at step-up').to.equal(null);
    const done = oneEvent(el, 'fe-step-up');
    type(code, await codeFor('+15551230077', 'sms'));
    submit(el);
    const { detail } = (await done) as CustomEvent;
    expect(detail.user.amr).to.include.members(['mfa', 'sms']);
    expect(isSteppedUp(app.app!.stores.$session.get().user, { maxAge: 300 })).to.equal(true);
    expect(sessionStorage.getItem(STEP_UP_FLAG_KEY), 'flag cleared').to.equal(null);
    await waitForStep(el, 'done');
  });

  it('SI-4.07 SI-7.56 phone and email enrolled: chooseDevice lists both; the email code steps up (amr mfa, otp)', async function () {
    this.timeout(40000);
    const { app, el } = await passwordSessionWith(async (id) => {
      await api('POST', `/_emulator/users/${id}/mfa-phones`, { phoneNumber: '+15551230078' });
      await api('POST', `/_emulator/users/${id}/mfa-emails`, {});
    });
    await waitForStep(el, 'chooseDevice');
    const buttons = () => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[data-step=chooseDevice] button')];
    expect(buttons().map((b) => b.textContent)).to.include.members(['Text message to +1******0078', `Email to ${ADMIN.email}`]);
    buttons()
      .find((b) => b.textContent === `Email to ${ADMIN.email}`)!
      .click();
    await waitForStep(el, 'emailVerifyCode');
    await waitUntil(() => input(el, 'code'), 'code input');
    const done = oneEvent(el, 'fe-step-up');
    type(input(el, 'code')!, await codeFor(ADMIN.email, 'email'));
    submit(el);
    const { detail } = (await done) as CustomEvent;
    expect(detail.user.amr).to.include.members(['mfa', 'otp']);
    expect(isSteppedUp(app.app!.stores.$session.get().user, { maxAge: 300 })).to.equal(true);
  });
});

describe('step-up in hosted-login mode', () => {
  it('SI-7.49 stepUp() goes to the hosted login with acr_values = the multi-factor policy and max_age', async () => {
    await resetEmulator();
    await api('POST', '/frontegg/identity/resources/auth/v1/user', ADMIN);
    const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin} .options=${{ hostedLoginBox: true }}></fe-app>`);
    const navigated: string[] = [];
    app.app!.navigate = (url: string) => void navigated.push(url);
    expect(await stepUp({ maxAge: 120 }, app.app!)).to.equal(false);
    const url = new URL(navigated[0]);
    expect(url.pathname).to.match(/\/oauth\/authorize$/);
    expect(url.searchParams.get('acr_values')).to.equal('http://schemas.openid.net/pape/policies/2007/06/multi-factor');
    expect(url.searchParams.get('max_age')).to.equal('120');
    expect(url.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(url.searchParams.get('nonce')).to.have.length(16);
  });
});
