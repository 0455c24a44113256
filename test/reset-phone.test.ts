import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { decodeJwt } from 'jose';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-reset-phone-number.ts';
import { enPhone } from '../src/i18n/en-phone.ts';
import { phoneStates, phoneStepShown, type PhoneStateName } from '../stories/phone-states.ts';
import { ADMIN, alertText, input, outbox, resetEmulator, stepOf, submit, type, waitForStep } from './helpers/emulator.ts';

const keepPage = (e: Event) => e.preventDefault();
const NEW_NUMBER = '+14155550100';

async function call(method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!r.ok) throw new Error(`${method} ${path} → ${r.status} ${await r.text()}`);
  return r.json();
}
const lifecycle = (settings: Record<string, number>) => call('PUT', '/_emulator/lifecycle-settings', settings);
const setClock = (offsetSeconds: number) => call('PUT', '/_emulator/clock', { offsetSeconds });

async function render(email = ADMIN.email): Promise<{ app: FeAppElement; el: HTMLElement }> {
  const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}><fe-reset-phone-number email=${email}></fe-reset-phone-number></fe-app>`);
  const el = app.querySelector('fe-reset-phone-number')!;
  await waitUntil(() => input(el, 'email'), 'reset-phone rendered', { timeout: 10000 });
  return { app, el };
}

/** The newest outbox message matching `pick`, waited for. */
async function latest(pick: (m: { channel: string; subject: string; to: string; code?: string }) => boolean, seen: string[] = []): Promise<{ code: string; to: string; id: string }> {
  let found: { code: string; to: string; id: string } | undefined;
  await waitUntil(
    async () => {
      found = (await outbox()).find((m: { id: string; channel: string; subject: string; to: string }) => pick(m) && !seen.includes(m.id));
      return !!found;
    },
    'outbox message',
    { timeout: 5000 },
  );
  return found!;
}
const emailCode = (seen?: string[]) => latest((m) => m.channel === 'email' && /reset your phone/i.test(m.subject), seen);
const smsCode = () => latest((m) => m.channel === 'sms');
const clickFooter = (el: HTMLElement, label: string) => {
  const button = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part=footer] button')].find((b) => b.textContent === label);
  if (!button) throw new Error(`no footer button "${label}"`);
  button.click();
};

/** Email → emailed code → new number: leaves the element at loginWithSmsOtc. */
async function throughChange(el: HTMLElement): Promise<void> {
  submit(el);
  await waitForStep(el, 'verifyResetPhoneNumber');
  type(input(el, 'code')!, (await emailCode()).code);
  submit(el);
  await waitForStep(el, 'changePhoneNumber');
  type(input(el, 'phoneNumber')!, NEW_NUMBER);
  submit(el);
  await waitForStep(el, 'loginWithSmsOtc');
  await waitUntil(() => !el.querySelector('form')?.getAttribute('aria-busy')?.includes('true'), 'SMS sent');
}

describe('<fe-reset-phone-number> against the emulator', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(() => resetEmulator());
  afterEach(() => setClock(0));

  it('SI-1.05 AB-4.20 AB-4.21 AB-4.22 AB-2.06 email code → new number → SMS code sign-in → fe-login, then the authenticated URL', async () => {
    const { app, el } = await render();
    expect(stepOf(el)).to.equal('resetPhoneNumber');
    submit(el);
    await waitForStep(el, 'verifyResetPhoneNumber');
    const codeInput = input(el, 'code')!;
    expect(codeInput.autocomplete).to.equal('one-time-code');
    expect(codeInput.inputMode).to.equal('numeric');
    const { code, to } = await emailCode();
    expect(to).to.equal(ADMIN.email);
    // a pasted code with a space is accepted
    type(codeInput, `${code.slice(0, 3)} ${code.slice(3)}`);
    submit(el);
    await waitForStep(el, 'changePhoneNumber');

    const phone = input(el, 'phoneNumber')!;
    expect(phone.type).to.equal('tel');
    expect(phone.autocomplete).to.equal('tel');
    type(phone, '4155550100');
    submit(el);
    await waitUntil(() => phone.getAttribute('aria-invalid') === 'true', 'E.164 enforced');
    expect(el.textContent).to.contain(enPhone['phone.number.invalid']);
    expect(stepOf(el)).to.equal('changePhoneNumber');
    type(phone, '+1 (415) 555-0100');
    submit(el);
    await waitForStep(el, 'loginWithSmsOtc');

    const sms = await smsCode();
    expect(sms.to).to.equal(NEW_NUMBER);
    const login = oneEvent(el, 'fe-login');
    const nav = oneEvent(el, 'fe-navigate');
    type(input(el, 'code')!, sms.code);
    submit(el);
    expect(((await login) as CustomEvent).detail.user.email).to.equal(ADMIN.email);
    await waitForStep(el, 'success');
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(true);
    expect(decodeJwt(app.app!.stores.$session.get().accessToken!).amr).to.deep.equal(['sms']);
    expect(((await nav) as CustomEvent).detail.url).to.equal(new URL('/', location.href).href);
    // the email code and the SMS code are spent
    const reuse = await fetch('/frontegg/identity/resources/auth/v1/passwordless/smscode/postlogin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: sms.code }),
    });
    expect(reuse.status).to.equal(400);
  });

  it('AB-4.20 a missing or malformed email is refused before any call', async () => {
    const { el } = await render('');
    submit(el);
    await waitUntil(() => input(el, 'email')!.getAttribute('aria-invalid') === 'true');
    type(input(el, 'email')!, 'not-an-email');
    submit(el);
    await waitUntil(() => el.textContent!.includes('valid email') || input(el, 'email')!.getAttribute('aria-invalid') === 'true');
    expect(stepOf(el)).to.equal('resetPhoneNumber');
    expect(await outbox()).to.deep.equal([]);
  });

  it('AB-4.21 a wrong code is announced, keeps what was typed, and stays on the step', async () => {
    const { el } = await render();
    submit(el);
    await waitForStep(el, 'verifyResetPhoneNumber');
    const { code } = await emailCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const error = oneEvent(el, 'fe-error');
    type(input(el, 'code')!, wrong);
    submit(el);
    expect(((await error) as CustomEvent).detail.message).to.equal('Invalid code');
    await waitUntil(() => alertText(el) === 'Invalid code');
    expect(stepOf(el)).to.equal('verifyResetPhoneNumber');
    expect(input(el, 'code')!.value).to.equal(wrong);
    type(input(el, 'code')!, code);
    submit(el);
    await waitForStep(el, 'changePhoneNumber');
  });

  it('AB-4.21 an expired emailed code says so; "Send a new code" sends one that works', async () => {
    await lifecycle({ phoneResetTtlSeconds: 0, codeResendIntervalSeconds: 0 });
    const { el } = await render();
    submit(el);
    await waitForStep(el, 'verifyResetPhoneNumber');
    const first = await emailCode();
    type(input(el, 'code')!, first.code);
    submit(el);
    await waitUntil(() => alertText(el) === enPhone['phone.error.codeExpired'], `expired shown (alert "${alertText(el)}")`);

    await lifecycle({ phoneResetTtlSeconds: 600 });
    clickFooter(el, enPhone['phone.verify.resend']);
    await waitUntil(() => el.shadowRoot!.querySelector('[part=notice]')?.textContent === enPhone['phone.verify.resent'], 'resent notice');
    expect(alertText(el)).to.equal('');
    const second = await emailCode([first.id]);
    type(input(el, 'code')!, second.code);
    submit(el);
    await waitForStep(el, 'changePhoneNumber');
  });

  it('AB-4.20 a code asked for moments ago answers 429: the message is shown and the email kept', async () => {
    await call('POST', '/frontegg/identity/resources/users/v1/phone/reset', { email: ADMIN.email });
    const { el } = await render();
    const error = oneEvent(el, 'fe-error');
    submit(el);
    const detail = ((await error) as CustomEvent).detail;
    expect(detail.statusCode).to.equal(429);
    expect(detail.message).to.match(/^Too many requests\. Try again in \d+ seconds$/);
    await waitUntil(() => /^Too many requests/.test(alertText(el)));
    expect(stepOf(el)).to.equal('resetPhoneNumber');
    expect(input(el, 'email')!.value).to.equal(ADMIN.email);
  });

  it('AB-4.21 "Send a new code" right away is rate-limited: 429 shown, the typed code kept', async () => {
    const { el } = await render();
    submit(el);
    await waitForStep(el, 'verifyResetPhoneNumber');
    type(input(el, 'code')!, '12');
    clickFooter(el, enPhone['phone.verify.resend']);
    await waitUntil(() => /^Too many requests\. Try again in \d+ seconds$/.test(alertText(el)), `429 shown (alert "${alertText(el)}")`);
    expect(stepOf(el)).to.equal('verifyResetPhoneNumber');
    expect(input(el, 'code')!.value).to.equal('12');
  });

  it('AB-4.22 the change token expires (emulator clock): the step says so and "Use a different email" starts over', async () => {
    const { el } = await render();
    submit(el);
    await waitForStep(el, 'verifyResetPhoneNumber');
    type(input(el, 'code')!, (await emailCode()).code);
    submit(el);
    await waitForStep(el, 'changePhoneNumber');
    await setClock(11 * 60);
    type(input(el, 'phoneNumber')!, NEW_NUMBER);
    submit(el);
    await waitUntil(() => alertText(el) === enPhone['phone.error.changeExpired'], `expired shown (alert "${alertText(el)}")`);
    expect(input(el, 'phoneNumber')!.value).to.equal(NEW_NUMBER);
    clickFooter(el, enPhone['phone.startOver']);
    await waitForStep(el, 'resetPhoneNumber');
    expect(input(el, 'email')!.value).to.equal(ADMIN.email);
  });

  it('AB-4.22 SMS sign-in: a wrong code, an expired code, and a resend that is rate-limited and then works', async () => {
    await lifecycle({ smsCodeTtlSeconds: 0 });
    const { el } = await render();
    await throughChange(el);
    const expired = await smsCode();
    type(input(el, 'code')!, expired.code === '000000' ? '111111' : '000000');
    submit(el);
    await waitUntil(() => alertText(el) === 'The code is invalid' || alertText(el) === 'Invalid code', `wrong code (alert "${alertText(el)}")`);
    type(input(el, 'code')!, expired.code);
    submit(el);
    await waitUntil(() => alertText(el) === enPhone['phone.error.smsExpired'], `expired shown (alert "${alertText(el)}")`);

    // within 30 s of the first SMS a new one is refused with the wait
    clickFooter(el, enPhone['phone.sms.resend']);
    await waitUntil(() => /^Too many requests\. Try again in \d+ seconds$/.test(alertText(el)), `429 shown (alert "${alertText(el)}")`);
    expect(input(el, 'code')!.value).to.equal(expired.code);

    await lifecycle({ smsCodeTtlSeconds: 300, codeResendIntervalSeconds: 0 });
    clickFooter(el, enPhone['phone.sms.resend']);
    await waitUntil(() => el.shadowRoot!.querySelector('[part=notice]')?.textContent === enPhone['phone.sms.resent'], 'resent notice');
    const fresh = await latest((m) => m.channel === 'sms' && m.code !== expired.code);
    const login = oneEvent(el, 'fe-login');
    type(input(el, 'code')!, fresh.code);
    submit(el);
    await login;
    await waitForStep(el, 'success');
  });

  it('AB-2.06 "Sign in another way" after the number changed goes to the login route', async () => {
    const { el } = await render();
    await throughChange(el);
    const nav = oneEvent(el, 'fe-navigate');
    clickFooter(el, enPhone['phone.sms.skip']);
    expect(((await nav) as CustomEvent).detail.url).to.equal(new URL('/account/login', location.href).href);
  });
});

describe('<fe-reset-phone-number> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  for (const [name, spec] of Object.entries(phoneStates)) {
    it(`SI-1.05 ${name} has no axe violations and shows its step`, async () => {
      const json = JSON.stringify(spec);
      const app = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-reset-phone-number initial-state=${json}></fe-reset-phone-number></fe-app>`,
      );
      const el = app.querySelector('fe-reset-phone-number')!;
      const step = phoneStepShown(name as PhoneStateName);
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
