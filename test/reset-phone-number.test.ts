import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { decodeJwt } from 'jose';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-reset-phone-number.ts';
import type { FlowEmitted } from '../machines/flow.ts';
import { POST_RESET_PHONE_NUMBER_DELAY_MS, resetPhoneNumberMachine, resetPhoneNumberStep, toResetPhoneNumberError } from '../machines/reset-phone-number.machine.ts';
import type { PublicUser } from '../src/events/user.ts';
import { enResetPhoneNumber } from '../src/i18n/en-reset-phone-number.ts';
import { resetPhoneNumberStates, resetPhoneNumberStepShown, type ResetPhoneNumberStateName } from '../stories/reset-phone-number-states.ts';
import '../stories/support/flows.ts';
import { ADMIN, alertText, input, outbox, resetEmulator, stepOf, submit, type, waitForStep } from './helpers/emulator.ts';

type Answer<T> = () => Promise<T>;
const fail = (statusCode: number, message: string, errorCode?: string) => Object.assign(new Error(message), { statusCode, errorCode, traceId: 't-1' });

/** An emitted outcome as a short label (`error`, `login:<email>`, `navigate:authenticated` / `navigate:login`). */
function label(e: FlowEmitted): string {
  if (e.type === 'login') return `login:${e.user.email}`;
  if (e.type === 'navigate') return 'redirectUrl' in e.to ? 'navigate:authenticated' : 'route' in e.to && e.to.route === 'loginUrl' ? 'navigate:login' : 'navigate:other';
  return e.type;
}

function start(
  answers: {
    requestCode?: Answer<{ resetPhoneNumberToken: string }>;
    verifyCode?: Answer<{ changePhoneNumberToken: string }>;
    changePhoneNumber?: Answer<unknown>;
    sendSmsCode?: Answer<unknown>;
    loginWithCode?: Answer<PublicUser | null>;
  } = {},
) {
  const calls: string[] = [];
  const emitted: FlowEmitted[] = [];
  const inputs: Record<string, unknown[]> = {};
  const clock = new SimulatedClock();
  const record = <I, T>(name: string, answer: Answer<T>) =>
    fromPromise<T, I>(async ({ input }) => {
      calls.push(name);
      (inputs[name] ??= []).push(input);
      return answer();
    });
  const logic = resetPhoneNumberMachine.provide({
    actors: {
      requestCode: record('requestCode', answers.requestCode ?? (async () => ({ resetPhoneNumberToken: 'rt' }))),
      verifyCode: record('verifyCode', answers.verifyCode ?? (async () => ({ changePhoneNumberToken: 'ct' }))),
      changePhoneNumber: record('changePhoneNumber', answers.changePhoneNumber ?? (async () => ({}))),
      sendSmsCode: record('sendSmsCode', answers.sendSmsCode ?? (async () => ({}))),
      loginWithCode: record('loginWithCode', answers.loginWithCode ?? (async () => ({ email: 'ada@acme.test' }) as PublicUser)),
    },
  });
  const actor = createActor(logic, { clock, input: { email: 'ada@acme.test', redirectUrl: '/after' } });
  actor.on('*', (e) => {
    emitted.push(e as FlowEmitted);
    calls.push(label(e as FlowEmitted));
  });
  actor.start();
  return { actor, calls, emitted, inputs, clock };
}

const idle = (step: string) => (s: { value: unknown }) => JSON.stringify(s.value) === JSON.stringify({ [step]: 'idle' });

describe('reset-phone-number machine', () => {
  it('AB-4.20 AB-4.21 AB-4.22 resetPhoneNumber → verifyResetPhoneNumber → changePhoneNumber → loginWithSmsOtc → success, then the app after 1000 ms', async () => {
    const { actor, calls, emitted, inputs, clock } = start();
    expect(actor.getSnapshot().value).to.deep.equal({ resetPhoneNumber: 'idle' });
    expect(actor.getSnapshot().context.email).to.equal('ada@acme.test');

    actor.send({ type: 'email.submit', email: '  ada@acme.test ' });
    expect(actor.getSnapshot().value).to.deep.equal({ resetPhoneNumber: 'submitting' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    expect(actor.getSnapshot().context.resetPhoneNumberToken).to.equal('rt');

    actor.send({ type: 'code.submit', code: '123456' });
    expect(actor.getSnapshot().value).to.deep.equal({ verifyResetPhoneNumber: 'submitting' });
    await waitFor(actor, idle('changePhoneNumber'));
    expect(actor.getSnapshot().context.changePhoneNumberToken).to.equal('ct');

    actor.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    expect(actor.getSnapshot().value).to.deep.equal({ changePhoneNumber: 'submitting' });
    await waitFor(actor, (s) => resetPhoneNumberStep(s) === 'loginWithSmsOtc');
    // the SMS is sent on entry
    await waitFor(actor, idle('loginWithSmsOtc'));

    actor.send({ type: 'code.submit', code: '654321' });
    expect(actor.getSnapshot().value).to.deep.equal({ loginWithSmsOtc: 'submitting' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(actor.getSnapshot().context.signedIn).to.equal(true);

    expect(inputs).to.deep.equal({
      requestCode: [{ email: 'ada@acme.test' }],
      verifyCode: [{ resetPhoneNumberToken: 'rt', code: '123456' }],
      changePhoneNumber: [{ changePhoneNumberToken: 'ct', phoneNumber: '+14155550100' }],
      sendSmsCode: [{ phoneNumber: '+14155550100' }],
      loginWithCode: [{ code: '654321' }],
    });
    expect(calls.at(-1)).to.equal('login:ada@acme.test');
    clock.increment(POST_RESET_PHONE_NUMBER_DELAY_MS - 1);
    expect(calls).not.to.include('navigate:authenticated');
    clock.increment(1);
    expect(calls.at(-1)).to.equal('navigate:authenticated');
    expect(emitted.at(-1)).to.deep.equal({ type: 'navigate', to: { redirectUrl: '/after' } });
    expect(emitted.find((e) => e.type === 'login')).to.deep.equal({ type: 'login', user: { email: 'ada@acme.test' } });
  });

  it('AB-2.06 an SMS sign-in without a session (e.g. MFA asked) goes to the login route after 1000 ms, without fe-login', async () => {
    const { actor, calls, clock } = start({ loginWithCode: async () => null });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    actor.send({ type: 'code.submit', code: '1' });
    await waitFor(actor, idle('changePhoneNumber'));
    actor.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    await waitFor(actor, idle('loginWithSmsOtc'));
    actor.send({ type: 'code.submit', code: '2' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(actor.getSnapshot().context.signedIn).to.equal(false);
    expect(calls.some((c) => c.startsWith('login:'))).to.equal(false);
    clock.increment(POST_RESET_PHONE_NUMBER_DELAY_MS);
    expect(calls.at(-1)).to.equal('navigate:login');
  });

  it('AB-4.20 a failed request (429) returns to idle with the server message and emits error', async () => {
    const { actor, calls } = start({ requestCode: async () => Promise.reject(fail(429, 'Too many requests. Try again in 12 seconds', 'ER-TOO-MANY-REQUESTS')) });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('resetPhoneNumber'));
    expect(actor.getSnapshot().context.error).to.deep.equal({ message: 'Too many requests. Try again in 12 seconds', statusCode: 429, traceId: 't-1' });
    expect(calls).to.deep.equal(['requestCode', 'error']);
    // a new submit clears the error
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    expect(actor.getSnapshot().context.error).to.equal(null);
  });

  it('AB-4.21 a wrong code stays on verify; resend replaces the token and notes it; restart goes back to the email', async () => {
    let verify = 0;
    let token = 0;
    const { actor, calls } = start({
      requestCode: async () => ({ resetPhoneNumberToken: `rt${++token}` }),
      verifyCode: async () => (++verify === 1 ? Promise.reject(fail(400, 'Invalid code', 'ER-INVALID-CODE')) : { changePhoneNumberToken: 'ct' }),
    });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    actor.send({ type: 'code.submit', code: '000000' });
    await waitFor(actor, (s) => idle('verifyResetPhoneNumber')(s) && !!s.context.error);
    expect(actor.getSnapshot().context.error!.message).to.equal('Invalid code');

    actor.send({ type: 'code.resend' });
    expect(actor.getSnapshot().value).to.deep.equal({ verifyResetPhoneNumber: 'sending' });
    expect(actor.getSnapshot().context.error).to.equal(null);
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    expect(actor.getSnapshot().context.resetPhoneNumberToken).to.equal('rt2');
    expect(actor.getSnapshot().context.notice).to.equal('phone.verify.resent');

    actor.send({ type: 'flow.restart' });
    expect(actor.getSnapshot().value).to.deep.equal({ resetPhoneNumber: 'idle' });
    expect(actor.getSnapshot().context.resetPhoneNumberToken).to.equal(null);
    expect(actor.getSnapshot().context.email).to.equal('a@b.test');
    expect(calls.filter((c) => c === 'error')).to.have.length(1);
  });

  it('AB-4.21 a failed resend keeps the token and shows the error', async () => {
    let n = 0;
    const { actor } = start({ requestCode: async () => (++n === 1 ? { resetPhoneNumberToken: 'rt' } : Promise.reject(fail(429, 'Too many requests. Try again in 30 seconds'))) });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    actor.send({ type: 'code.resend' });
    await waitFor(actor, (s) => !!s.context.error);
    expect(actor.getSnapshot().value).to.deep.equal({ verifyResetPhoneNumber: 'idle' });
    expect(actor.getSnapshot().context.resetPhoneNumberToken).to.equal('rt');
  });

  it('AB-4.22 a failed change stays on changePhoneNumber; restart from there clears both tokens', async () => {
    const { actor } = start({ changePhoneNumber: async () => Promise.reject(fail(409, 'The phone number is already in use', 'ER-PHONE-IN-USE')) });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    actor.send({ type: 'code.submit', code: '1' });
    await waitFor(actor, idle('changePhoneNumber'));
    actor.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    await waitFor(actor, (s) => idle('changePhoneNumber')(s) && !!s.context.error);
    expect(actor.getSnapshot().context.error!.message).to.equal('The phone number is already in use');
    expect(actor.getSnapshot().context.phoneNumber).to.equal('+14155550100');
    actor.send({ type: 'flow.restart' });
    expect(actor.getSnapshot().value).to.deep.equal({ resetPhoneNumber: 'idle' });
    expect(actor.getSnapshot().context.changePhoneNumberToken).to.equal(null);
  });

  it('AB-4.22 loginWithSmsOtc: a failed send, a resend, a failed sign-in, and skipping to the login route', async () => {
    let sends = 0;
    let logins = 0;
    const { actor, calls } = start({
      sendSmsCode: async () => (++sends === 1 ? Promise.reject(fail(429, 'Too many requests. Try again in 5 seconds')) : {}),
      loginWithCode: async () => (++logins === 1 ? Promise.reject(fail(400, 'The code has expired', 'ER-OTC-EXPIRED')) : { user: { email: 'a@b.test' } }),
    });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    actor.send({ type: 'code.submit', code: '1' });
    await waitFor(actor, idle('changePhoneNumber'));
    actor.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    await waitFor(actor, (s) => idle('loginWithSmsOtc')(s) && !!s.context.error);
    expect(actor.getSnapshot().context.error!.message).to.equal('Too many requests. Try again in 5 seconds');

    actor.send({ type: 'code.resend' });
    expect(actor.getSnapshot().value).to.deep.equal({ loginWithSmsOtc: 'sending' });
    await waitFor(actor, idle('loginWithSmsOtc'));
    expect(actor.getSnapshot().context.notice).to.equal('phone.sms.resent');

    actor.send({ type: 'code.submit', code: '111111' });
    await waitFor(actor, (s) => idle('loginWithSmsOtc')(s) && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'phone.error.smsExpired', statusCode: 400, traceId: 't-1' });

    // "Sign in another way"
    actor.send({ type: 'route.open', route: 'loginUrl' });
    expect(calls.at(-1)).to.equal('navigate:login');
    expect(resetPhoneNumberStep(actor.getSnapshot())).to.equal('loginWithSmsOtc');
  });

  it('AB-4.21 "Send a new code" while a code is checked or being sent is ignored', async () => {
    const { actor, calls } = start({ verifyCode: () => new Promise(() => {}), sendSmsCode: () => new Promise(() => {}) });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    await waitFor(actor, idle('verifyResetPhoneNumber'));
    actor.send({ type: 'code.submit', code: '123456' });
    actor.send({ type: 'code.resend' });
    expect(actor.getSnapshot().value).to.deep.equal({ verifyResetPhoneNumber: 'submitting' });
    expect(calls).to.deep.equal(['requestCode', 'verifyCode']);
  });

  it('events that do not belong to a state are ignored (no double submit while busy)', async () => {
    const { actor, calls } = start({ requestCode: () => new Promise(() => {}) });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    actor.send({ type: 'email.submit', email: 'a@b.test' });
    actor.send({ type: 'code.submit', code: '1' });
    actor.send({ type: 'code.resend' });
    actor.send({ type: 'phone.submit', phoneNumber: '+14155550100' });
    await Promise.resolve();
    expect(actor.getSnapshot().value).to.deep.equal({ resetPhoneNumber: 'submitting' });
    expect(calls).to.deep.equal(['requestCode']);
  });
});

describe('toResetPhoneNumberError', () => {
  it('maps expired, used and replaced tokens to our words and keeps other server messages', () => {
    for (const code of ['ER-RESET-PHONE-TOKEN-EXPIRED', 'ER-RESET-PHONE-TOKEN-USED', 'ER-RESET-PHONE-TOKEN-REPLACED']) {
      expect(toResetPhoneNumberError(fail(400, 'x', code)).key, code).to.equal('phone.error.codeExpired');
    }
    expect(toResetPhoneNumberError(fail(400, 'x', 'ER-CHANGE-PHONE-TOKEN-EXPIRED')).key).to.equal('phone.error.changeExpired');
    expect(toResetPhoneNumberError(fail(400, 'x', 'ER-OTC-USED')).key).to.equal('phone.error.smsExpired');
    expect(toResetPhoneNumberError(fail(400, 'Invalid code', 'ER-INVALID-CODE'))).to.deep.equal({ message: 'Invalid code', statusCode: 400, traceId: 't-1' });
    expect(toResetPhoneNumberError(fail(0, 'offline')).key).to.equal('error.network');
    expect(toResetPhoneNumberError(undefined).key).to.equal('error.generic');
  });
});

const keepPage = (e: Event) => e.preventDefault();
const NEW_NUMBER = '+14155550100';

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
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
async function latest(
  pick: (m: { channel: string; subject: string; to: string; code?: string }) => boolean,
  seen: string[] = [],
): Promise<{ code: string; to: string; id: string }> {
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
    expect(el.textContent).to.contain(enResetPhoneNumber['phone.number.invalid']);
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
    await waitUntil(() => alertText(el) === enResetPhoneNumber['phone.error.codeExpired'], `expired shown (alert "${alertText(el)}")`);

    await lifecycle({ phoneResetTtlSeconds: 600 });
    clickFooter(el, enResetPhoneNumber['phone.verify.resend']);
    await waitUntil(() => el.shadowRoot!.querySelector('[part=notice]')?.textContent === enResetPhoneNumber['phone.verify.resent'], 'resent notice');
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
    clickFooter(el, enResetPhoneNumber['phone.verify.resend']);
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
    await waitUntil(() => alertText(el) === enResetPhoneNumber['phone.error.changeExpired'], `expired shown (alert "${alertText(el)}")`);
    expect(input(el, 'phoneNumber')!.value).to.equal(NEW_NUMBER);
    clickFooter(el, enResetPhoneNumber['phone.startOver']);
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
    await waitUntil(() => alertText(el) === enResetPhoneNumber['phone.error.smsExpired'], `expired shown (alert "${alertText(el)}")`);

    // within 30 s of the first SMS a new one is refused with the wait
    clickFooter(el, enResetPhoneNumber['phone.sms.resend']);
    await waitUntil(() => /^Too many requests\. Try again in \d+ seconds$/.test(alertText(el)), `429 shown (alert "${alertText(el)}")`);
    expect(input(el, 'code')!.value).to.equal(expired.code);

    await lifecycle({ smsCodeTtlSeconds: 300, codeResendIntervalSeconds: 0 });
    clickFooter(el, enResetPhoneNumber['phone.sms.resend']);
    await waitUntil(() => el.shadowRoot!.querySelector('[part=notice]')?.textContent === enResetPhoneNumber['phone.sms.resent'], 'resent notice');
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
    clickFooter(el, enResetPhoneNumber['phone.sms.skip']);
    expect(((await nav) as CustomEvent).detail.url).to.equal(new URL('/account/login', location.href).href);
  });
});

describe('<fe-reset-phone-number> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  for (const [name, spec] of Object.entries(resetPhoneNumberStates)) {
    it(`SI-1.05 ${name} has no axe violations and shows its step`, async () => {
      const app = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-reset-phone-number-story state=${JSON.stringify(spec)}></fe-reset-phone-number-story></fe-app>`,
      );
      const el = app.querySelector('fe-reset-phone-number-story') as HTMLElement;
      const step = resetPhoneNumberStepShown(name as ResetPhoneNumberStateName);
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
