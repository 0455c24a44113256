import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-forgot-password.ts';
import '../elements/fe-reset-password.ts';
import { checkPassword } from '../src/auth/password-rules.ts';
import { createFeApp } from '../src/app/app.ts';
import { createPasswordsApi } from '../src/api/passwords.ts';
import { passwordStates, passwordStepShown, type PasswordStateName } from '../stories/password-states.ts';
import { ADMIN, alertText, input, outbox, resetEmulator, stepOf, submit, type, waitForStep } from './helpers/emulator.ts';

const keepPage = (e: Event) => e.preventDefault();

async function render<T extends HTMLElement>(tpl: ReturnType<typeof html>, tag: string, baseUrl = location.origin): Promise<T> {
  const app = await fixture<FeAppElement>(html`<fe-app base-url=${baseUrl}>${tpl}</fe-app>`);
  const el = app.querySelector(tag) as T;
  await waitUntil(() => stepOf(el), `${tag} rendered`, { timeout: 10000 });
  return el;
}

async function resetLink(): Promise<{ userId: string; token: string }> {
  const mail = (await outbox()).find((m: { subject: string }) => /reset/i.test(m.subject));
  const url = new URL(mail.link);
  expect(url.pathname).to.equal('/account/reset-password');
  return { userId: url.searchParams.get('userId')!, token: url.searchParams.get('token')! };
}

describe('password rules', () => {
  const config = { minLength: 8, maxLength: 20, minPhraseLength: 16, allowPassphrases: true, minOptionalTestsToPass: 2, requiredTests: { checkThreeRepeatedChars: true }, optionalTests: { requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSpecialChars: true } };
  it('length, repeats and optional tests; passphrases skip the optional tests', () => {
    expect(checkPassword('Ab1', config).map((p) => p.key)).to.deep.equal(['password.rule.minLength']);
    expect(checkPassword('aaaBBB111', config).map((p) => p.key)).to.deep.equal(['password.rule.repeated']);
    expect(checkPassword('alllowercase', config).map((p) => p.key)).to.deep.equal(['password.rule.repeated', 'password.rule.optional']);
    expect(checkPassword('lowercaseonly', config).map((p) => p.key)).to.deep.equal(['password.rule.optional']);
    expect(checkPassword('lower1case', config)).to.deep.equal([]);
    expect(checkPassword('correct horse battery', { ...config, maxLength: 64 }), 'passphrase').to.deep.equal([]);
    expect(checkPassword('x'.repeat(21).replace(/x/g, (_, i) => 'ab1'[i % 3]), config).map((p) => p.key)).to.deep.equal(['password.rule.maxLength']);
  });
});

describe('changing the password against the emulator', () => {
  beforeEach(() => resetEmulator());

  it('SI-7.26 changePassword() is POST users/v1/passwords/change with the bearer: the new password signs in, a wrong current one is refused', async () => {
    const login = (password: string) =>
      fetch('/frontegg/identity/resources/auth/v1/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.email, password }) });
    const app = createFeApp({ baseUrl: location.origin, name: 'change-password' });
    await app.completeLogin(await (await login(ADMIN.password)).json());
    const passwords = createPasswordsApi(app.client);
    const t0 = performance.now();
    const wrong = await passwords.changePassword({ password: 'not-the-password', newPassword: 'Brand-New-Passw0rd!' }).catch((e) => e);
    expect(wrong.statusCode).to.equal(400);
    expect(wrong.message).to.equal('The current password is incorrect');
    await passwords.changePassword({ password: ADMIN.password, newPassword: 'Brand-New-Passw0rd!' });
    const calls = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime >= t0 && e.name.endsWith('/frontegg/identity/resources/users/v1/passwords/change'));
    expect(calls.map((e) => e.initiatorType)).to.deep.equal(['fetch', 'fetch']);
    expect((await login(ADMIN.password)).status).to.equal(401);
    expect((await login('Brand-New-Passw0rd!')).status).to.equal(200);
  });
});

describe('<fe-forgot-password> and <fe-reset-password> against the emulator', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(() => resetEmulator());

  it('SI-4.27 SI-7.25 forgotPassword → success, and the emailed link resets the password once', async () => {
    const forgot = await render(html`<fe-forgot-password email=${ADMIN.email}></fe-forgot-password>`, 'fe-forgot-password');
    expect(input(forgot, 'email')!.value).to.equal(ADMIN.email);
    submit(forgot);
    await waitForStep(forgot, 'success');
    const { userId, token } = await resetLink();

    const reset = await render(html`<fe-reset-password user-id=${userId} token=${token}></fe-reset-password>`, 'fe-reset-password');
    await waitForStep(reset, 'resetPassword');
    type(input(reset, 'password')!, 'short');
    submit(reset);
    await waitUntil(() => input(reset, 'password')!.getAttribute('aria-invalid') === 'true', 'rules enforced');
    type(input(reset, 'password')!, 'Brand-New-Pass-42');
    type(input(reset, 'confirmPassword')!, 'Brand-New-Pass-4');
    submit(reset);
    await waitUntil(() => input(reset, 'confirmPassword')!.getAttribute('aria-invalid') === 'true', 'mismatch shown');
    type(input(reset, 'confirmPassword')!, 'Brand-New-Pass-42');
    submit(reset);
    await waitForStep(reset, 'success');

    // the new password signs in, the old one no longer does
    const login = (password: string) =>
      fetch('/frontegg/identity/resources/auth/v1/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.email, password }) });
    expect((await login('Brand-New-Pass-42')).status).to.equal(200);
    expect((await login(ADMIN.password)).status).to.equal(401);

    // the link is spent
    const again = await render(html`<fe-reset-password user-id=${userId} token=${token}></fe-reset-password>`, 'fe-reset-password');
    await waitForStep(again, 'invalid');
  });

  it('a reset page without userId or token is invalid and offers a new link', async () => {
    const el = await render(html`<fe-reset-password></fe-reset-password>`, 'fe-reset-password');
    await waitForStep(el, 'invalid');
    const nav = oneEvent(el, 'fe-navigate');
    (el.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
    expect(((await nav) as CustomEvent).detail.url).to.equal(new URL('/account/forget-password', location.href).href);
  });

  it('SI-8.10 a forgot-password failure reads "Unknown error occurred" and keeps the email', async () => {
    const el = await render(html`<fe-forgot-password></fe-forgot-password>`, 'fe-forgot-password', `${location.origin}/__fixture/broken`);
    type(input(el, 'email')!, 'someone@acme.test');
    const error = oneEvent(el, 'fe-error');
    submit(el);
    expect(((await error) as CustomEvent).detail.message).to.equal('Unknown error occurred');
    await waitUntil(() => alertText(el) === 'Unknown error occurred');
    expect(input(el, 'email')!.value).to.equal('someone@acme.test');
  });
});

describe('password elements accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  for (const [name, { tag, spec }] of Object.entries(passwordStates)) {
    it(`SI-4.27 ${name} has no axe violations and shows its step`, async () => {
      const json = JSON.stringify(spec);
      const app = await fixture<FeAppElement>(
        tag === 'fe-forgot-password'
          ? html`<fe-app preview base-url="https://preview.invalid"><fe-forgot-password initial-state=${json}></fe-forgot-password></fe-app>`
          : html`<fe-app preview base-url="https://preview.invalid"><fe-reset-password initial-state=${json}></fe-reset-password></fe-app>`,
      );
      const el = app.querySelector(tag)!;
      const step = passwordStepShown(name as PasswordStateName);
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
