import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-forgot-password.ts';
import '../elements/fe-reset-password.ts';
import type { FlowEmitted } from '../machines/flow.ts';
import { resetPasswordMachine, resetPasswordStep } from '../machines/reset-password.machine.ts';
import { FeApiError } from '../src/api/errors.ts';
import type { PasswordConfig } from '../src/api/types.ts';
import { resetPasswordStates, resetPasswordStepShown, type ResetPasswordStateName } from '../stories/reset-password-states.ts';
import '../stories/support/flows.ts';
import { ADMIN, alertText, input, outbox, resetEmulator, stepOf, submit, type, waitForStep } from './helpers/emulator.ts';

const keepPage = (e: Event) => e.preventDefault();

function run(input: { userId?: string | null; token?: string | null }, actors: { validate?: () => Promise<unknown>; resetPassword?: (password: string) => Promise<unknown> }) {
  const emitted: FlowEmitted[] = [];
  const logic = resetPasswordMachine.provide({
    actors: {
      validate: fromPromise(async (): Promise<{ passwordConfig: PasswordConfig }> => {
        await (actors.validate ?? (async () => {}))();
        return { passwordConfig: { minLength: 10 } };
      }),
      resetPassword: fromPromise(({ input }) => (actors.resetPassword ?? (async () => {}))(input.password)),
    },
  });
  const actor = createActor(logic, { input });
  actor.on('*', (e) => emitted.push(e as FlowEmitted));
  actor.start();
  return { actor, emitted };
}

describe('reset-password machine', () => {
  it('SI-4.27 without userId or token the link is invalid at once (no call)', () => {
    let called = false;
    const { actor } = run({ userId: 'u', token: null }, { validate: async () => void (called = true) });
    expect(resetPasswordStep(actor.getSnapshot())).to.equal('invalid');
    expect(called).to.equal(false);
  });

  it('SI-7.25 a live link → resetPassword with the rules → success', async () => {
    const saved: string[] = [];
    const { actor, emitted } = run({ userId: 'u', token: 't' }, { resetPassword: async (p) => void saved.push(p) });
    expect(resetPasswordStep(actor.getSnapshot())).to.equal('validating');
    await waitFor(actor, (s) => s.matches({ resetPassword: 'idle' }));
    expect(actor.getSnapshot().context.passwordConfig).to.deep.equal({ minLength: 10 });
    actor.send({ type: 'password.submit', password: 'Brand-New-Pass-42' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(saved).to.deep.equal(['Brand-New-Pass-42']);
    expect(emitted).to.deep.equal([]);
    // the password never enters the machine's context
    expect(JSON.stringify(actor.getSnapshot().context)).not.to.contain('Brand-New-Pass-42');
  });

  it('an expired or used link → invalid; a failed save → idle with "Unknown error occurred" emitted', async () => {
    const expired = run({ userId: 'u', token: 't' }, { validate: () => Promise.reject(new FeApiError('gone', { statusCode: 410 })) });
    await waitFor(expired.actor, (s) => s.matches('invalid'));
    const failing = run({ userId: 'u', token: 't' }, { resetPassword: () => Promise.reject(new FeApiError('no', { statusCode: 400 })) });
    await waitFor(failing.actor, (s) => s.matches({ resetPassword: 'idle' }));
    failing.actor.send({ type: 'password.submit', password: 'x' });
    await waitFor(failing.actor, (s) => !!s.context.error);
    expect(failing.emitted).to.deep.equal([{ type: 'error', error: { key: 'resetPassword.failed' } }]);
  });

  it('"Send a new link" and "Sign in" emit navigations to their routes', () => {
    const { actor, emitted } = run({}, {});
    actor.send({ type: 'route.open', route: 'forgetPasswordUrl' });
    actor.send({ type: 'route.open', route: 'loginUrl' });
    expect(emitted).to.deep.equal([
      { type: 'navigate', to: { route: 'forgetPasswordUrl' } },
      { type: 'navigate', to: { route: 'loginUrl' } },
    ]);
  });
});

describe('<fe-reset-password> against the emulator', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(() => resetEmulator());

  async function render<T extends HTMLElement>(tpl: ReturnType<typeof html>, tag: string): Promise<T> {
    const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}>${tpl}</fe-app>`);
    const el = app.querySelector(tag) as T;
    await waitUntil(() => stepOf(el), `${tag} rendered`, { timeout: 10000 });
    return el;
  }

  it('SI-4.27 SI-7.25 forgotPassword → success, and the emailed link resets the password once', async () => {
    const forgot = await render(html`<fe-forgot-password email=${ADMIN.email}></fe-forgot-password>`, 'fe-forgot-password');
    submit(forgot);
    await waitForStep(forgot, 'success');
    const mail = (await outbox()).find((m: { subject: string }) => /reset/i.test(m.subject));
    const url = new URL(mail.link);
    const [userId, token] = [url.searchParams.get('userId')!, url.searchParams.get('token')!];

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
      fetch('/frontegg/identity/resources/auth/v1/user', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password }),
      });
    expect((await login('Brand-New-Pass-42')).status).to.equal(200);
    expect((await login(ADMIN.password)).status).to.equal(401);

    // the link is spent
    const again = await render(html`<fe-reset-password user-id=${userId} token=${token}></fe-reset-password>`, 'fe-reset-password');
    await waitForStep(again, 'invalid');
    expect(alertText(again)).to.equal('');
  });

  it('a reset page without userId or token is invalid and offers a new link', async () => {
    const el = await render(html`<fe-reset-password></fe-reset-password>`, 'fe-reset-password');
    await waitForStep(el, 'invalid');
    const nav = oneEvent(el, 'fe-navigate');
    (el.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
    expect(((await nav) as CustomEvent).detail.url).to.equal(new URL('/account/forget-password', location.href).href);
  });
});

describe('<fe-reset-password> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  for (const [name, spec] of Object.entries(resetPasswordStates)) {
    it(`SI-4.27 reset password ${name} has no axe violations and shows its step`, async () => {
      const app = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-reset-password-story state=${JSON.stringify(spec)}></fe-reset-password-story></fe-app>`,
      );
      const el = app.querySelector('fe-reset-password-story') as HTMLElement;
      const step = resetPasswordStepShown(name as ResetPasswordStateName);
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
