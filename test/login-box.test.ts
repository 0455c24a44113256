import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import type { FeAppElement } from '../elements/fe-app.ts';
import {
  ADMIN,
  alertText,
  createUser,
  delayNext,
  input,
  outbox,
  renderLoginBox,
  resetEmulator,
  setMetadata,
  setLockoutPolicy,
  setMfaPolicy,
  signInWithPassword,
  stepOf,
  submit,
  totp,
  type,
  waitForStep,
} from './helpers/emulator.ts';

// post-auth navigation would leave the test page: keep it, for the whole file (a login box of an earlier test may
// still navigate after its test ended, e.g. under preact/compat, whose effects and unmounts run a frame later)
document.addEventListener('fe-navigate', (e) => e.preventDefault());

describe('<fe-login-box> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('renders its credential form in the light DOM, slotted, with labels and autocomplete tokens', async () => {
    const { box } = await renderLoginBox();
    const form = box.querySelector('form')!;
    expect(form.getAttribute('slot')).to.equal('form');
    expect(form.assignedSlot).to.equal(box.shadowRoot!.querySelector('slot[name=form]'));
    const email = input(box, 'email')!;
    // `webauthn`: the browser may offer passkeys in the field's autofill (conditional mediation, src/passkeys)
    expect(email.autocomplete).to.equal('username webauthn');
    expect(email.labels![0].textContent).to.equal('Email');
    type(email, ADMIN.email);
    submit(box);
    await waitUntil(() => input(box, 'password'));
    const password = input(box, 'password')!;
    expect(password.autocomplete).to.equal('current-password');
    expect(password.type).to.equal('password');
    expect(password.labels![0].textContent).to.equal('Password');
    // focus moves to the new step's field
    await waitUntil(() => document.activeElement === password, 'password focused');
  });

  it('SI-1.02 signs in with a password and fires fe-login with the user and no tokens', async () => {
    const { box } = await renderLoginBox();
    const login = oneEvent(box, 'fe-login');
    const navigate = oneEvent(box, 'fe-navigate');
    await signInWithPassword(box, ADMIN.email, ADMIN.password);
    const { detail } = (await login) as CustomEvent;
    expect(detail.user.email).to.equal(ADMIN.email);
    expect(detail.user).to.not.have.property('accessToken');
    expect(detail.user).to.not.have.property('refreshToken');
    expect(detail.user.permissions.length).to.be.greaterThan(0);
    const nav = (await navigate) as CustomEvent;
    expect(nav.detail.url).to.equal(new URL('/', location.href).href);
    await waitForStep(box, 'signedIn');
    expect(box.shadowRoot!.textContent).to.contain(`Signed in as ${ADMIN.email}`);
  });

  it('a wrong password shows the server error in an alert, fires fe-error, and keeps the email typed', async () => {
    const { box } = await renderLoginBox();
    const error = oneEvent(box, 'fe-error');
    await signInWithPassword(box, ADMIN.email, 'not-the-password');
    const { detail } = (await error) as CustomEvent;
    expect(detail.message).to.equal('Invalid authentication');
    expect(detail.statusCode).to.equal(401);
    expect(detail.traceId).to.be.a('string').and.not.empty;
    await waitUntil(() => alertText(box) === 'Invalid authentication', 'alert shown');
    expect(box.shadowRoot!.querySelector('[role=alert]')).to.exist;
    expect(input(box, 'email')!.value).to.equal(ADMIN.email);
    expect(stepOf(box)).to.equal('loginWithPassword');
  });

  it('a locked user is told to check the unlock email, and the box keeps the way to reset the password (issue 31 item 4); axe light and dark', async () => {
    await setLockoutPolicy(3);
    await createUser('locked@acme.test', 'Right-Passw0rd!');
    const { box } = await renderLoginBox();
    let refused = oneEvent(box, 'fe-error');
    await signInWithPassword(box, 'locked@acme.test', 'wrong-one');
    await refused;
    await waitUntil(() => alertText(box) === 'Invalid authentication', 'first refusal');
    // the form takes a submit again once its button is no longer busy
    const ready = () => waitUntil(() => box.querySelector('button[type=submit]:not([aria-disabled])'), 'form ready');
    for (let i = 0; i < 2; i++) {
      await ready();
      refused = oneEvent(box, 'fe-error');
      type(input(box, 'password')!, 'wrong-again');
      submit(box);
      await refused;
    }
    const locked =
      'Your account is locked after too many failed sign-in attempts. We emailed you a link to unlock it: check your inbox. You can also reset your password, or ask your administrator to unlock you.';
    await waitUntil(() => alertText(box) === locked, `locked text (now "${alertText(box)}")`);
    // the right password changes nothing until unlocked: the same guidance, not a dead end
    await ready();
    refused = oneEvent(box, 'fe-error');
    type(input(box, 'password')!, 'Right-Passw0rd!');
    submit(box);
    await refused;
    await waitUntil(() => alertText(box) === locked, 'still locked');
    const mails = (await outbox()) as { to: string; subject: string }[];
    expect(mails.some((m) => m.to === 'locked@acme.test' && m.subject === 'Your account has been locked')).to.equal(true, 'the unlock email it names was sent');
    const forgot = [...box.querySelectorAll('button'), ...box.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Forgot password?');
    expect(forgot, 'the reset-password way forward').to.exist;
    await expect(box).to.be.accessible();
    await emulateMedia({ colorScheme: 'dark' });
    try {
      await expect(box).to.be.accessible();
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it('empty and malformed emails get a field error and focus, without a call', async () => {
    const { box } = await renderLoginBox();
    type(input(box, 'email')!, 'not-an-email');
    submit(box);
    await waitUntil(() => input(box, 'email')!.getAttribute('aria-invalid') === 'true');
    const describedBy = input(box, 'email')!.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)!.textContent).to.equal('Enter a valid email address, like name@example.com.');
    expect(stepOf(box)).to.equal('preLogin');
  });

  it('an unreachable API gives a visible, announced network error', async () => {
    const { box } = await renderLoginBox('http://127.0.0.1:9');
    await signInWithPassword(box, ADMIN.email, ADMIN.password);
    await waitUntil(() => alertText(box).length > 0, 'error shown', { timeout: 10000 });
    expect(alertText(box)).to.equal('We can’t reach the server. Check your connection and try again.');
  });

  it('SI-4.10 SI-1.03 forced MFA: enrol TOTP from the shown secret, save the recovery code, sign in', async () => {
    await setMfaPolicy('Force');
    const { box } = await renderLoginBox();
    const login = oneEvent(box, 'fe-login');
    await signInWithPassword(box, ADMIN.email, ADMIN.password);
    await waitForStep(box, 'authenticatorApp');
    await waitUntil(() => box.shadowRoot!.querySelector('[data-testid=totp-secret]'), 'secret shown');
    const qr = box.shadowRoot!.querySelector('img[part=qr-code]') as HTMLImageElement;
    expect(qr.src).to.match(/^data:image\/png;base64,/);
    expect(qr.alt).to.not.equal('');
    const secret = box.shadowRoot!.querySelector('[data-testid=totp-secret]')!.textContent!;
    const code = input(box, 'code')!;
    expect(code.autocomplete).to.equal('one-time-code');
    expect(code.inputMode).to.equal('numeric');
    // pasted with a space, as authenticator apps show it
    const value = totp(secret);
    type(code, `${value.slice(0, 3)} ${value.slice(3)}`);
    submit(box);
    await waitForStep(box, 'recoveryCode');
    const recovery = box.shadowRoot!.querySelector('[data-testid=recovery-code]')!.textContent!;
    expect(recovery.length).to.be.greaterThan(6);
    (box.shadowRoot!.querySelector('[data-step=recoveryCode] button') as HTMLButtonElement).click();
    const { detail } = (await login) as CustomEvent;
    expect(detail.user.email).to.equal(ADMIN.email);
    expect(detail.user.amr).to.include('mfa');
  });

  it('SI-4.09 an enrolled user gets the verify step; a wrong code is announced; the right one signs in', async function () {
    this.timeout(40000);
    await setMfaPolicy('Force');
    const first = await renderLoginBox();
    await signInWithPassword(first.box, ADMIN.email, ADMIN.password);
    await waitUntil(() => first.box.shadowRoot!.querySelector('[data-testid=totp-secret]'), 'secret', { timeout: 10000 });
    const secret = first.box.shadowRoot!.querySelector('[data-testid=totp-secret]')!.textContent!;
    type(input(first.box, 'code')!, totp(secret));
    submit(first.box);
    await waitForStep(first.box, 'recoveryCode');
    (first.box.shadowRoot!.querySelector('[data-step=recoveryCode] button') as HTMLButtonElement).click();
    await waitForStep(first.box, 'signedIn');
    await first.app.logout();

    const { box } = await renderLoginBox();
    await signInWithPassword(box, ADMIN.email, ADMIN.password);
    await waitForStep(box, 'verify');
    type(input(box, 'code')!, totp(secret, 1) === '000000' ? '111111' : '000000');
    submit(box);
    await waitUntil(() => alertText(box).length > 0, 'wrong code announced');
    expect(alertText(box)).to.match(/code/i);
    const login = oneEvent(box, 'fe-login');
    type(input(box, 'code')!, totp(secret, 1));
    submit(box);
    const { detail } = (await login) as CustomEvent;
    expect(detail.user.acr).to.be.a('string');
  });

  it('recovery: a recovery code turns MFA off and the user signs in again with the password', async function () {
    this.timeout(40000);
    await setMfaPolicy('DontForce');
    // enrol through the forced flow once
    await setMfaPolicy('Force');
    const first = await renderLoginBox();
    await signInWithPassword(first.box, ADMIN.email, ADMIN.password);
    await waitUntil(() => first.box.shadowRoot!.querySelector('[data-testid=totp-secret]'), 'secret', { timeout: 10000 });
    type(input(first.box, 'code')!, totp(first.box.shadowRoot!.querySelector('[data-testid=totp-secret]')!.textContent!));
    submit(first.box);
    await waitForStep(first.box, 'recoveryCode');
    const recovery = first.box.shadowRoot!.querySelector('[data-testid=recovery-code]')!.textContent!;
    (first.box.shadowRoot!.querySelector('[data-step=recoveryCode] button') as HTMLButtonElement).click();
    await waitForStep(first.box, 'signedIn');
    await first.app.logout();
    await setMfaPolicy('DontForce');

    const { box } = await renderLoginBox();
    await signInWithPassword(box, ADMIN.email, ADMIN.password);
    await waitForStep(box, 'verify');
    (Array.from(box.shadowRoot!.querySelectorAll('button')).find((b) => b.textContent!.includes('recovery code')) as HTMLButtonElement).click();
    await waitForStep(box, 'recoverTwoFactor');
    type(input(box, 'recoveryCode')!, recovery);
    submit(box);
    await waitForStep(box, 'loginWithPassword');
    expect(box.shadowRoot!.querySelector('[role=status]')!.textContent).to.contain('recovery code');
    await waitUntil(() => input(box, 'password'), `password field (form: ${box.querySelector('form')?.outerHTML})`);
    const login = oneEvent(box, 'fe-login');
    type(input(box, 'password')!, ADMIN.password);
    submit(box);
    await login;
  });

  it('SI-4.11 a breached password leads to breachedPassword and a reset email in the outbox', async () => {
    await createUser('weak@acme.test', 'password123');
    const { box } = await renderLoginBox();
    await signInWithPassword(box, 'weak@acme.test', 'password123');
    await waitForStep(box, 'breachedPassword');
    (box.shadowRoot!.querySelector('[data-step=breachedPassword] button') as HTMLButtonElement).click();
    await waitForStep(box, 'breachedPasswordSuccess');
    const mail = await outbox();
    expect(mail[0].to).to.equal('weak@acme.test');
  });

  it('SI-4.31 a session survives a reload (new app, refresh cookie) and logout ends it everywhere', async () => {
    const first = await renderLoginBox();
    // the start-up refresh (no session yet) answers first: its 401 clears the refresh cookie, and one answering after
    // the sign-in would clear the new session's cookie (a race of its own, not what this test is about)
    await waitUntil(() => !first.app.app!.stores.$session.get().isLoading, 'start-up refresh answered');
    const login = oneEvent(first.box, 'fe-login');
    await signInWithPassword(first.box, ADMIN.email, ADMIN.password);
    await login;
    // a "reload": a brand-new app with nothing in memory
    const restoredEvent = new Promise<CustomEvent>((resolve) => document.addEventListener('fe-login', (e) => resolve(e as CustomEvent), { once: true }));
    const second = await renderLoginBox();
    const restored = await restoredEvent;
    expect(restored.detail.restored).to.equal(true);
    expect(restored.detail.user.email).to.equal(ADMIN.email);
    await waitForStep(second.box, 'signedIn');
    const logout = oneEvent(second.box, 'fe-logout');
    (second.box.shadowRoot!.querySelector('[part=sign-out]') as HTMLButtonElement).click();
    await logout;
    expect(second.app.app!.stores.$session.get().isAuthenticated).to.equal(false);
    // the refresh token was revoked: a new app starts signed out
    const third = await renderLoginBox();
    await waitUntil(() => !third.app.app!.stores.$session.get().isLoading, 'refresh answered');
    expect(third.app.app!.stores.$session.get()).to.include({ isAuthenticated: false, accessToken: null });
  });

  it('SI-4.31 a sign-in made while the start-up refresh is still out survives that refresh’s late 401: signed in, and a reload restores the session', async () => {
    await delayNext('POST', '/frontegg/identity/resources/auth/v1/user/token/refresh', 1500);
    const first = await renderLoginBox();
    // the page's start-up refresh (no session yet) has not answered: the sign-in below races it
    expect(first.app.app!.stores.$session.get().isLoading).to.equal(true);
    const login = oneEvent(first.box, 'fe-login');
    await signInWithPassword(first.box, ADMIN.email, ADMIN.password);
    await login;
    await waitUntil(() => first.app.app!.stores.$loading.get().phase === 'ready', 'the start-up refresh answered', { timeout: 10000 });
    expect(first.app.app!.stores.$session.get().isAuthenticated, 'still signed in after the late 401').to.equal(true);
    // the refresh cookie the sign-in set is still there: a "reload" restores the session
    const restoredEvent = new Promise<CustomEvent>((resolve) => document.addEventListener('fe-login', (e) => resolve(e as CustomEvent), { once: true }));
    await renderLoginBox();
    expect((await restoredEvent).detail.restored).to.equal(true);
  });

  it('SI-7.09 SI-9.04 the metadata theme is applied at run time', async () => {
    await setMetadata({ theme: { palette: { primary: '#d4338a' } } });
    const { app, box } = await renderLoginBox();
    const button = box.querySelector('form button[type=submit]')!;
    await waitUntil(() => getComputedStyle(button).backgroundColor === 'rgb(212, 51, 138)', 'theme applied', { timeout: 10000 });
    // a new metadata configuration replaces it while the box is shown
    app.app!.stores.$metadata.set({ theme: { palette: { primary: '#0f766e' } } });
    await waitUntil(() => getComputedStyle(button).backgroundColor === 'rgb(15, 118, 110)', 'the new theme applied', { timeout: 10000 });
    // and none brings the modern default back
    app.app!.stores.$metadata.set({});
    await waitUntil(() => getComputedStyle(button).backgroundColor === 'rgb(79, 70, 229)', 'the modern primary again', { timeout: 10000 });
  });
});

describe('<fe-login-box> auth strategies and passwordless sign-in against the emulator', () => {
  async function emu(method: string, path: string, body?: unknown): Promise<unknown> {
    const r = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path} → ${r.status} ${text}`);
    return text ? JSON.parse(text) : {};
  }
  const setStrategy = (strategy: string) => emu('PUT', '/_emulator/auth-strategies', { strategy });
  /** The newest message of `channel`, waiting for it to arrive. */
  async function last(channel: 'email' | 'sms') {
    const find = async () => (await outbox()).find((m: { channel: string }) => m.channel === channel);
    await waitUntil(find, `a message by ${channel}`);
    return find();
  }
  /** Email typed → Continue → the step the strategy gives. */
  async function startWith(box: HTMLElement, email: string, step: string) {
    type(input(box, 'email')!, email);
    submit(box);
    await waitForStep(box, step);
  }
  /** The steps shown from now on (data-step of the card), in order. */
  function recordSteps(box: HTMLElement): string[] {
    const seen: string[] = [];
    const note = () => {
      const s = stepOf(box);
      if (s && s !== seen.at(-1)) seen.push(s);
    };
    new MutationObserver(note).observe(box.shadowRoot ?? box, { subtree: true, childList: true, attributes: true });
    return seen;
  }
  beforeEach(async () => {
    await resetEmulator();
    localStorage.clear();
  });

  it('SI-3.23 SI-4.05 the strategy decides the first step, without a flash of the password form; NoLocalAuthentication has no local form', async () => {
    await setStrategy('Code');
    const { box } = await renderLoginBox();
    expect(stepOf(box)).to.equal('preLogin');
    expect(input(box, 'password')).to.equal(null);
    const steps = recordSteps(box);
    await startWith(box, ADMIN.email, 'loginWithOtc');
    expect(steps).to.not.include('loginWithPassword');
    expect(input(box, 'code')!.autocomplete).to.equal('one-time-code');

    // with an SSO connection the email field looks for it (another domain than the user's)
    await emu('POST', '/_emulator/sso-domains', { domain: 'sso-only.test', address: 'https://idp.invalid/start', idpType: 'saml' });
    await setStrategy('NoLocalAuthentication');
    const other = await renderLoginBox();
    await waitUntil(() => other.box.querySelector('form button[type=submit]')?.textContent === 'Continue with single sign-on', 'SSO-only form');
    type(input(other.box, 'email')!, ADMIN.email);
    submit(other.box);
    await waitUntil(() => alertText(other.box).includes('No single sign-on'), 'no SSO for this email');
    expect(input(other.box, 'password')).to.equal(null);
  });

  it('SI-7.52 NoLocalAuthentication without an SSO connection (public SSO configuration inactive): no email field, only the accounts below', async () => {
    await setStrategy('NoLocalAuthentication');
    const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}><fe-login-box></fe-login-box></fe-app>`);
    const box = app.querySelector('fe-login-box')!;
    await waitUntil(() => box.shadowRoot?.querySelector('[data-step=preLogin]')?.textContent?.includes('Sign in with one of the accounts below.'), 'social-only preLogin', {
      timeout: 10000,
    });
    expect(box.querySelector('form')).to.equal(null);
  });

  it('SI-3.23 the email field is there while the strategies request is still pending (the first input waits on no request); the answer then decides the step', async () => {
    await setStrategy('Code');
    const original = window.fetch;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    window.fetch = async (url, init) => {
      if (String(url).includes('/auth/strategies/public')) await held;
      return original(url, init);
    };
    try {
      const { box } = await renderLoginBox();
      expect(stepOf(box)).to.equal('preLogin');
      expect(input(box, 'email')).to.not.equal(null);
      type(input(box, 'email')!, ADMIN.email);
      submit(box);
      // the SSO check has answered; the step waits for the strategy
      await waitUntil(() => box.querySelector('form[aria-busy=true], form button[aria-disabled=true]'), 'busy while the strategy is unknown');
      release();
      await waitForStep(box, 'loginWithOtc');
    } finally {
      release();
      window.fetch = original;
    }
  });

  it('SI-8.16 a failing strategies request gives the password flow', async () => {
    const original = window.fetch;
    window.fetch = (url, init) => (String(url).includes('/auth/strategies/public') ? Promise.resolve(new Response('{}', { status: 500 })) : original(url, init));
    try {
      const { box } = await renderLoginBox();
      await startWith(box, ADMIN.email, 'loginWithPassword');
    } finally {
      window.fetch = original;
    }
  });

  it('SI-1.02 SI-7.38 email code: the code from the outbox signs in (fe-login); the resend shows its countdown', async () => {
    await setStrategy('Code');
    const { box } = await renderLoginBox();
    const login = oneEvent(box, 'fe-login');
    await startWith(box, ADMIN.email, 'loginWithOtc');
    const resend = () => box.shadowRoot!.querySelector('[part=resend]') as HTMLButtonElement;
    await waitUntil(() => /Send again in \d+ s/.test(resend()?.textContent ?? ''), 'countdown shown');
    expect(resend().getAttribute('aria-disabled')).to.equal('true');
    const mail = await last('email');
    expect(mail.to).to.equal(ADMIN.email);
    // pasted with a space
    type(input(box, 'code')!, `${mail.code.slice(0, 3)} ${mail.code.slice(3)}`);
    submit(box);
    const { detail } = (await login) as CustomEvent;
    expect(detail.user.email).to.equal(ADMIN.email);
    expect(detail.user.amr).to.deep.equal(['otp']);
  });

  it('SI-8.09 a wrong, a used and an expired code each give "Failed to authenticate" with the reason', async () => {
    await setStrategy('Code');
    await emu('PUT', '/_emulator/lifecycle-settings', { codeResendIntervalSeconds: 0 });
    const first = await renderLoginBox();
    await startWith(first.box, ADMIN.email, 'loginWithOtc');
    const { code } = await last('email');
    const error = oneEvent(first.box, 'fe-error');
    type(input(first.box, 'code')!, code === '000000' ? '111111' : '000000');
    submit(first.box);
    await waitUntil(() => alertText(first.box) === 'Failed to authenticate: Invalid code', `wrong code (alert "${alertText(first.box)}")`);
    expect(((await error) as CustomEvent).detail.message).to.equal('Failed to authenticate');
    type(input(first.box, 'code')!, code);
    submit(first.box);
    await waitForStep(first.box, 'signedIn');
    await first.app.logout();

    const second = await renderLoginBox();
    await startWith(second.box, ADMIN.email, 'loginWithOtc');
    type(input(second.box, 'code')!, code);
    submit(second.box);
    await waitUntil(() => alertText(second.box) === 'Failed to authenticate: The code has already been used', `used code (alert "${alertText(second.box)}")`);

    const fresh = (await last('email')).code;
    await emu('PUT', '/_emulator/clock', { offsetSeconds: 11 * 60 });
    type(input(second.box, 'code')!, fresh);
    submit(second.box);
    await waitUntil(() => alertText(second.box) === 'Failed to authenticate: The code has expired', `expired code (alert "${alertText(second.box)}")`);
  });

  it("SI-7.38 SMS code: the code texted to the user's phone signs in", async () => {
    await setStrategy('SmsCode');
    await emu('PUT', '/_emulator/user-phone', { email: ADMIN.email, phoneNumber: '+14155550100' });
    const { box } = await renderLoginBox();
    const login = oneEvent(box, 'fe-login');
    await startWith(box, ADMIN.email, 'loginWithSmsOtc');
    const sms = await last('sms');
    expect(sms.to).to.equal('+14155550100');
    type(input(box, 'code')!, sms.code);
    submit(box);
    expect(((await login) as CustomEvent).detail.user.amr).to.deep.equal(['sms']);
  });

  it('SI-2.18 SI-4.05 magic link: "check your email", then the link (callback page) signs in; the same link again fails with "Failed to authenticate"', async () => {
    await setStrategy('MagicLink');
    const { box } = await renderLoginBox();
    await startWith(box, ADMIN.email, 'magicLinkPreLoginSuccess');
    expect(box.shadowRoot!.textContent).to.contain(ADMIN.email);
    const link = new URL((await last('email')).link);
    expect(link.pathname).to.equal('/account/login/magic-link');
    const here = location.pathname + location.search;
    history.replaceState(null, '', link.pathname + link.search);
    try {
      const opened = await renderCallback();
      const login = oneEvent(opened.box, 'fe-login');
      expect(((await login) as CustomEvent).detail.user.email).to.equal(ADMIN.email);
      await opened.app.app!.logout();
      const again = await renderCallback();
      await waitForStep(again.box, 'preLogin');
      await waitUntil(() => alertText(again.box) === 'Failed to authenticate', `alert "${alertText(again.box)}"`);
    } finally {
      history.replaceState(null, '', here);
    }
  });

  it('SI-3.20 registerQuickLogin: after sign-in the phone is verified by SMS; later the box offers "Text me a sign-in code", which signs in', async function () {
    this.timeout(30000);
    localStorage.setItem('fe-register-quick-login', 'sms');
    const { box, app } = await renderLoginBox();
    await signInWithPassword(box, ADMIN.email, ADMIN.password);
    await waitForStep(box, 'loginWithQuickSmsOtc');
    type(input(box, 'phone')!, '+1 415 555 0199');
    submit(box);
    await waitUntil(() => input(box, 'code'), 'code field');
    const login = oneEvent(box, 'fe-login');
    type(input(box, 'code')!, (await last('sms')).code);
    submit(box);
    await login;
    expect(localStorage.getItem('fe-register-quick-login')).to.equal(null);
    await app.logout();

    const next = await renderLoginBox();
    const quick = () => next.box.querySelector('[part=quick-sms]') ?? next.box.shadowRoot!.querySelector('[part=quick-sms]');
    await waitUntil(quick, 'quick SMS button');
    (quick() as HTMLButtonElement).click();
    await waitForStep(next.box, 'loginWithQuickSmsOtc');
    await waitUntil(async () => (await last('sms'))?.to === '+14155550199', 'sms sent');
    const signedIn = oneEvent(next.box, 'fe-login');
    type(input(next.box, 'code')!, (await last('sms')).code);
    submit(next.box);
    expect(((await signedIn) as CustomEvent).detail.user.email).to.equal(ADMIN.email);
    await next.app.logout();

    // asked to register again: this user registered in this browser already, so the sign-in goes straight through
    localStorage.setItem('fe-register-quick-login', 'sms');
    const third = await renderLoginBox();
    const steps = recordSteps(third.box);
    const done = oneEvent(third.box, 'fe-login');
    await signInWithPassword(third.box, ADMIN.email, ADMIN.password);
    await done;
    expect(steps).to.not.include('loginWithQuickSmsOtc');
  });
});

/** `<fe-app><fe-login-box>` on the current (callback) page, without waiting for a form. */
async function renderCallback() {
  const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}><fe-login-box></fe-login-box></fe-app>`);
  return { app, box: app.querySelector('fe-login-box')! };
}
