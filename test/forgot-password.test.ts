import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FeAppElement } from '../elements/fe-app.ts';
import { forgotPasswordFlow } from '../elements/fe-forgot-password.ts';
import { flowElement } from '../elements/internal/flow-element.tsx';
import { defineElement } from '../elements/internal/react-element.ts';
import { forgotPasswordMachine } from '../machines/forgot-password.machine.ts';
import type { FlowEmitted } from '../machines/flow.ts';
import { FeApiError } from '../src/api/errors.ts';
import { forgotPasswordStates, forgotPasswordStepShown, type ForgotPasswordStateName } from '../stories/forgot-password-states.ts';
import '../stories/support/flows.ts';
import { ADMIN, alertText, input, outbox, resetEmulator, stepOf, submit, type, waitForStep } from './helpers/emulator.ts';

const keepPage = (e: Event) => e.preventDefault();

/** The machine on a given `sendResetLink`, with what it emits. */
function run(sendResetLink: (email: string) => Promise<unknown>) {
  const emitted: FlowEmitted[] = [];
  const actor = createActor(forgotPasswordMachine.provide({ actors: { sendResetLink: fromPromise(({ input }) => sendResetLink(input.email)) } }), {
    input: { email: 'x@acme.test' },
  });
  actor.on('*', (e) => emitted.push(e as FlowEmitted));
  actor.start();
  return { actor, emitted };
}

describe('forgot-password machine', () => {
  it('SI-4.27 forgotPassword → success with the trimmed email; nothing emitted', async () => {
    const sent: string[] = [];
    const { actor, emitted } = run(async (email) => void sent.push(email));
    expect(actor.getSnapshot().value).to.deep.equal({ forgotPassword: 'idle' });
    actor.send({ type: 'email.submit', email: '  ada@acme.test ' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => s.matches('success'));
    expect(sent).to.deep.equal(['ada@acme.test']);
    expect(actor.getSnapshot().context.email).to.equal('ada@acme.test');
    expect(emitted).to.deep.equal([]);
  });

  it('SI-8.10 a failure is "Unknown error occurred" (emitted as error), an unreachable server the network text; back to idle', async () => {
    const { actor, emitted } = run(() => Promise.reject(new FeApiError('boom', { statusCode: 500 })));
    actor.send({ type: 'email.submit', email: 'ada@acme.test' });
    await waitFor(actor, (s) => s.matches({ forgotPassword: 'idle' }) && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.deep.equal({ key: 'forgotPassword.failed' });
    expect(emitted).to.deep.equal([{ type: 'error', error: { key: 'forgotPassword.failed' } }]);
    const offline = run(() => Promise.reject(new FeApiError('offline', { statusCode: 0 })));
    offline.actor.send({ type: 'email.submit', email: 'ada@acme.test' });
    await waitFor(offline.actor, (s) => !!s.context.error);
    expect(offline.actor.getSnapshot().context.error).to.deep.equal({ key: 'error.network', statusCode: 0 });
  });

  it('"Back to sign in" emits a navigation to the login route', () => {
    const { actor, emitted } = run(async () => {});
    actor.send({ type: 'route.open', route: 'loginUrl' });
    expect(emitted).to.deep.equal([{ type: 'navigate', to: { route: 'loginUrl' } }]);
  });
});

describe('<fe-forgot-password> against the emulator', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(() => resetEmulator());

  async function render(tpl: ReturnType<typeof html>, baseUrl = location.origin): Promise<HTMLElement> {
    const app = await fixture<FeAppElement>(html`<fe-app base-url=${baseUrl}>${tpl}</fe-app>`);
    const el = app.querySelector('fe-forgot-password')!;
    await waitUntil(() => stepOf(el), 'rendered', { timeout: 10000 });
    return el;
  }

  it('SI-4.27 SI-7.25 forgotPassword → success: the emulator emails a reset link', async () => {
    const el = await render(html`<fe-forgot-password email=${ADMIN.email}></fe-forgot-password>`);
    expect(input(el, 'email')!.value).to.equal(ADMIN.email);
    submit(el);
    await waitForStep(el, 'success');
    const mail = (await outbox()).find((m: { subject: string }) => /reset/i.test(m.subject));
    expect(new URL(mail.link).pathname).to.equal('/account/reset-password');
  });

  it('SI-8.10 a forgot-password failure reads "Unknown error occurred" and keeps the email', async () => {
    const el = await render(html`<fe-forgot-password></fe-forgot-password>`, `${location.origin}/__fixture/broken`);
    type(input(el, 'email')!, 'someone@acme.test');
    const error = oneEvent(el, 'fe-error');
    submit(el);
    expect(((await error) as CustomEvent).detail.message).to.equal('Unknown error occurred');
    await waitUntil(() => alertText(el) === 'Unknown error occurred');
    expect(input(el, 'email')!.value).to.equal('someone@acme.test');
  });

  it('"Back to sign in" fires a cancelable fe-navigate to the login route', async () => {
    const el = await render(html`<fe-forgot-password></fe-forgot-password>`);
    const nav = oneEvent(el, 'fe-navigate');
    el.shadowRoot!.querySelector<HTMLButtonElement>('footer button, button')!.click();
    expect(((await nav) as CustomEvent).detail.url).to.equal(new URL('/account/login', location.href).href);
  });
});

describe("<fe-forgot-password> on fake actors (the element with the flow's machine, view and events; its calls scripted)", () => {
  // the same composition root with other actors: a test tag of the element class, no emulator
  const sent: string[] = [];
  let answer: () => Promise<unknown> = async () => undefined;
  defineElement(
    'fe-forgot-password-fake',
    flowElement({ ...forgotPasswordFlow, actors: () => ({ sendResetLink: fromPromise<unknown, { email: string }>(async ({ input }) => (sent.push(input.email), answer())) }) }),
  );
  const render = async () => {
    const app = await fixture<FeAppElement>(
      html`<fe-app base-url="https://fake.invalid" preview><fe-forgot-password-fake email="ada@acme.test"></fe-forgot-password-fake></fe-app>`,
    );
    const el = app.querySelector<HTMLElement>('fe-forgot-password-fake')!;
    await waitUntil(() => stepOf(el), 'rendered', { timeout: 10000 });
    return el;
  };
  beforeEach(() => (sent.length = 0));

  it('SI-4.27 submitting calls the actor with the typed email and shows success', async () => {
    answer = async () => undefined;
    const el = await render();
    submit(el);
    await waitForStep(el, 'success');
    expect(sent).to.deep.equal(['ada@acme.test']);
  });

  it("SI-8.10 a failing actor shows the error and fires fe-error (a DOM event from the machine's emit), the email kept", async () => {
    answer = async () => Promise.reject(new FeApiError('Unknown error occurred', { statusCode: 500 }));
    const el = await render();
    const error = oneEvent(el, 'fe-error');
    submit(el);
    expect(((await error) as CustomEvent).detail.message).to.equal('Unknown error occurred');
    await waitUntil(() => alertText(el) === 'Unknown error occurred');
    expect(input(el, 'email')!.value).to.equal('ada@acme.test');
  });
});

describe('<fe-forgot-password> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  for (const [name, spec] of Object.entries(forgotPasswordStates)) {
    it(`SI-4.27 forgot password ${name} has no axe violations and shows its step`, async () => {
      const app = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-forgot-password-story state=${JSON.stringify(spec)}></fe-forgot-password-story></fe-app>`,
      );
      const el = app.querySelector('fe-forgot-password-story') as HTMLElement;
      const step = forgotPasswordStepShown(name as ForgotPasswordStateName);
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
