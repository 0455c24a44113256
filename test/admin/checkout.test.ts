/**
 * The checkout (src/admin/subscription/checkout/Checkout.tsx, machines/admin-checkout.machine.ts; issue 32 items 2 and
 * 5; AB-1.04, AB-4.28, AB-4.29) in `<fe-admin-subscription>` against the emulator, as the administrator of acme (on
 * Free, no card): the plan diff, the test-mode card fields with Stripe's published test cards (4242 succeeds, 0002 is
 * declined, 3184 asks for authentication and passes it, 1629 fails it), the confirm-only step of an account with a
 * card on file, a double click charging once, `<fe-authorized feature>` on the same page following the plan, keyboard
 * only, axe in light and dark. Each state of the flow in preview is in the dialog-state catalogue
 * (test/admin/dialog-states.a11y.test.ts: what it shows, axe in both schemes).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { FeAppElement } from '../../elements/fe-app.ts';
import type { Invoice, Subscription } from '../../src/api/billing.ts';
import '../../elements/admin/fe-admin-subscription.ts';
import '../../elements/fe-authorized.ts';
import '../../stories/support/admin-dialogs.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { active, alertText, api, button, byLabel, dialog, dialogTitle, expectAccessibleLightAndDark, input, retype, root, shown, signIn, SLOW, toasts } from './helpers.ts';

const BILLING = '/frontegg/subscriptions/resources/billing';
const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', challenge: '4000 0027 6000 3184', challengeFails: '4000 0084 0000 1629' };

/** The page: `<fe-authorized feature="advanced-reports">` (a Pro feature) beside `<fe-admin-subscription>`, entitlements on. */
async function renderPage(): Promise<{ el: HTMLElement; gate: HTMLElement }> {
  const app = await fixture<FeAppElement>(
    html`<fe-app base-url=${location.origin} .options=${{ entitlements: { enabled: true } }}>
      <fe-authorized feature="advanced-reports"
        ><p>Advanced reports</p>
        <p slot="fallback">Upgrade to see reports.</p></fe-authorized
      >
      <fe-admin-subscription></fe-admin-subscription>
    </fe-app>`,
  );
  const el = app.querySelector<HTMLElement>('fe-admin-subscription')!;
  const gate = app.querySelector<HTMLElement>('fe-authorized')!;
  await waitUntil(() => el.shadowRoot && byLabel(root(el), 'Upgrade to Pro'), 'the plans', SLOW);
  return { el, gate };
}

/** Opens the checkout of `plan` from its Upgrade button and waits for its heading. */
async function openCheckout(el: HTMLElement, plan: string): Promise<void> {
  byLabel(root(el), `Upgrade to ${plan}`)!.click();
  await waitUntil(() => shown(el, `Change to ${plan}`), 'the checkout', SLOW);
}

/** Waits for the test-mode card fields. */
const cardFields = async (el: HTMLElement) => waitUntil(() => input(root(el), 'cardnumber'), 'the card fields', SLOW);

/** Types a card (number, 12 / 34, 123) as an admin does, field by field. */
async function typeCard(el: HTMLElement, number: string): Promise<void> {
  await retype(input(root(el), 'cardnumber')!, number);
  await retype(input(root(el), 'cc-exp')!, '12 / 34');
  await retype(input(root(el), 'cvc')!, '123');
}

/** The challenge dialog's frame, once it has loaded the provider's page. */
async function challengeFrame(el: HTMLElement): Promise<HTMLIFrameElement> {
  await waitUntil(() => dialog(el)?.querySelector('iframe'), 'the challenge dialog', SLOW);
  const frame = dialog(el)!.querySelector('iframe')!;
  await new Promise<void>((resolve) => {
    frame.addEventListener('load', () => resolve(), { once: true });
    setTimeout(resolve, 2000);
  });
  return frame;
}

/** Answers the challenge page with the keyboard: into the frame, then "Complete authentication" (first) or "Fail authentication". */
async function answerChallenge(frame: HTMLIFrameElement, answer: 'complete' | 'fail'): Promise<void> {
  frame.focus();
  await sendKeys({ press: 'Tab' });
  if (answer === 'fail') await sendKeys({ press: 'Tab' });
  await sendKeys({ press: 'Enter' });
}

const invoices = (token: string) => api<Invoice[]>(token, 'GET', `${BILLING}/invoices/v1`);
const subscriptionOf = async (token: string) => (await api<Subscription[]>(token, 'GET', `${BILLING}/subscriptions/v1`))[0];

describe('checkout against the emulator (<fe-admin-subscription>, test-mode card provider)', () => {
  let token: string;
  beforeEach(async () => {
    await resetEmulator();
    token = await signIn(ADMIN);
  });

  it('AB-1.04 AB-4.29 Free → Pro with 4242: what Pro adds, $29.00 per month, the card; "You are now on Pro.", an invoice, and <fe-authorized feature="advanced-reports"> on the same page turns on', async () => {
    const { el, gate } = await renderPage();
    expect(gate.hasAttribute('authorized'), 'no Pro feature on Free').to.equal(false);
    await openCheckout(el, 'Pro');
    // the plan diff: features by name, limits, the price per month as money
    for (const words of ['$29.00 per month', 'Advanced reports', 'Single sign-on', 'Seats: 50 → 200', 'API tokens: 20 → 100', 'SSO connections: 3 → 10']) {
      expect(shown(el, words), words).to.equal(true);
    }
    await cardFields(el);
    // the billing details offered from the signed-in admin, with autocomplete
    expect(input(root(el), 'email')!.value).to.equal(ADMIN.email);
    expect(input(root(el), 'email')!.autocomplete).to.equal('email');
    expect(['cardnumber', 'cc-exp', 'cvc'].map((name) => input(root(el), name)!.autocomplete)).to.deep.equal(['cc-number', 'cc-exp', 'cc-csc']);
    expect(input(root(el), 'cardnumber')!.inputMode).to.equal('numeric');
    await typeCard(el, CARDS.ok);
    button(root(el), 'Subscribe to Pro')!.click();
    await waitUntil(() => toasts(el).includes('You are now on Pro.'), 'the toast', SLOW);
    await waitUntil(() => gate.hasAttribute('authorized'), 'the Pro feature on, without a reload', SLOW);
    expect((await subscriptionOf(token)).planId).to.equal('pro');
    const paid = await invoices(token);
    expect(paid).to.have.length(1);
    expect(paid[0]).to.include({ paid: true, totalAmount: 29 });
  });

  it('AB-1.04 4000 0000 0000 0002: "Your card was declined." as the provider says it, the form kept as typed; then 4242 goes through', async () => {
    const { el } = await renderPage();
    await openCheckout(el, 'Pro');
    await cardFields(el);
    await retype(input(root(el), 'cc-name')!, 'Ada Admin');
    await typeCard(el, CARDS.declined);
    button(root(el), 'Subscribe to Pro')!.click();
    await waitUntil(() => alertText(el).includes('Your card was declined.'), 'the decline', SLOW);
    expect(input(root(el), 'cc-name')!.value).to.equal('Ada Admin');
    expect(input(root(el), 'cardnumber')!.value).to.equal(CARDS.declined);
    expect(input(root(el), 'cc-exp')!.value).to.equal('12 / 34');
    expect(input(root(el), 'cvc')!.value).to.equal('123');
    expect((await subscriptionOf(token)).planId).to.equal('free');
    await retype(input(root(el), 'cardnumber')!, CARDS.ok);
    button(root(el), 'Subscribe to Pro')!.click();
    await waitUntil(() => toasts(el).includes('You are now on Pro.'), 'the toast', SLOW);
    expect(await invoices(token)).to.have.length(1);
  });

  it('AB-1.04 4000 0027 6000 3184 asks for authentication: the challenge in a titled dialog, Complete → the plan changes', async () => {
    const { el } = await renderPage();
    await openCheckout(el, 'Pro');
    await cardFields(el);
    await typeCard(el, CARDS.challenge);
    button(root(el), 'Subscribe to Pro')!.click();
    const frame = await challengeFrame(el);
    expect(dialogTitle(el)).to.equal('Confirm your card');
    expect(frame.title).to.equal('Card authentication');
    await waitUntil(() => dialog(el)!.contains(active(el)), 'the focus in the dialog');
    // framed through the API's root (here the page's same-origin proxy); a message that is not the frame's is not heard
    const page = new URL(frame.src);
    expect(page.origin).to.equal(location.origin);
    window.postMessage({ type: 'fe-test-mode-challenge', setupIntentId: page.pathname.split('/').pop(), status: 'succeeded' }, '*');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dialog(el), 'still asking').to.exist;
    await answerChallenge(frame, 'complete');
    await waitUntil(() => toasts(el).includes('You are now on Pro.'), 'the toast', SLOW);
    expect(dialog(el)).to.equal(null);
    expect((await subscriptionOf(token)).planId).to.equal('pro');
  });

  it("AB-1.04 4000 0084 0000 1629 fails the challenge: the provider's message, the form kept, nothing charged", async () => {
    const { el } = await renderPage();
    await openCheckout(el, 'Pro');
    await cardFields(el);
    await typeCard(el, CARDS.challengeFails);
    button(root(el), 'Subscribe to Pro')!.click();
    await answerChallenge(await challengeFrame(el), 'complete');
    await waitUntil(() => alertText(el).includes('We are unable to authenticate your payment method.'), 'the failure', SLOW);
    expect(dialog(el)).to.equal(null);
    expect(input(root(el), 'cardnumber')!.value).to.equal(CARDS.challengeFails);
    expect((await subscriptionOf(token)).planId).to.equal('free');
    expect(await invoices(token)).to.have.length(0);
  });

  it('AB-1.04 a double click charges once: the second submit is ignored while the first runs (the button busy)', async () => {
    const { el } = await renderPage();
    await openCheckout(el, 'Pro');
    await cardFields(el);
    await typeCard(el, CARDS.ok);
    const pay = button(root(el), 'Subscribe to Pro')!;
    pay.click();
    pay.click();
    await waitUntil(() => pay.getAttribute('aria-disabled') === 'true' || toasts(el).includes('You are now on Pro.'), 'busy', SLOW);
    await waitUntil(() => toasts(el).includes('You are now on Pro.'), 'the toast', SLOW);
    expect(await invoices(token)).to.have.length(1);
  });

  it('AB-4.29 a card on file: Pro → Enterprise is confirmed with no card asked; what it adds and removes', async () => {
    const { el } = await renderPage();
    await openCheckout(el, 'Pro');
    await cardFields(el);
    await typeCard(el, CARDS.ok);
    button(root(el), 'Subscribe to Pro')!.click();
    await waitUntil(() => toasts(el).includes('You are now on Pro.') && byLabel(root(el), 'Upgrade to Enterprise'), 'on Pro', SLOW);
    await openCheckout(el, 'Enterprise');
    for (const words of ['Audit export', 'Priority support', 'Seats: 200 → unlimited', 'The payment method on file is charged $99.00 per month.']) {
      expect(shown(el, words), words).to.equal(true);
    }
    expect(input(root(el), 'cardnumber')).to.equal(null);
    button(root(el), 'Change to Enterprise')!.click();
    await waitUntil(() => toasts(el).includes('You are now on Enterprise.'), 'the toast', SLOW);
    expect((await subscriptionOf(token)).planId).to.equal('enterprise');
    expect(await invoices(token)).to.have.length(2);
  });

  it('AB-4.29 back to Free (price 0): no card, what goes away, and <fe-authorized feature="advanced-reports"> turns off without a reload', async () => {
    const { el, gate } = await renderPage();
    await openCheckout(el, 'Pro');
    await cardFields(el);
    await typeCard(el, CARDS.ok);
    button(root(el), 'Subscribe to Pro')!.click();
    await waitUntil(() => gate.hasAttribute('authorized') && byLabel(root(el), 'Downgrade to Free'), 'on Pro, the feature on', SLOW);
    byLabel(root(el), 'Downgrade to Free')!.click();
    await waitUntil(() => shown(el, 'Change to Free'), 'the checkout', SLOW);
    for (const words of ['$0.00 per month', 'Removes', 'Advanced reports', 'Seats: 200 → 50', 'No payment is needed.']) expect(shown(el, words), words).to.equal(true);
    expect(input(root(el), 'cardnumber')).to.equal(null);
    button(root(el), 'Change to Free')!.click();
    await waitUntil(() => toasts(el).includes('You are now on Free.'), 'the toast', SLOW);
    await waitUntil(() => !gate.hasAttribute('authorized'), 'the Pro feature off, without a reload', SLOW);
  });

  it('AB-1.04 keyboard only: Free → Pro with Tab, typing and Enter', async () => {
    const { el, gate } = await renderPage();
    const upgrade = byLabel(root(el), 'Upgrade to Pro')!;
    upgrade.focus();
    await sendKeys({ press: 'Enter' });
    await cardFields(el);
    // Tab to the name field, then name, email, card number, expiry, CVC, Cancel and Subscribe
    for (let i = 0; i < 20 && active(el)?.getAttribute('name') !== 'cc-name'; i++) await sendKeys({ press: 'Tab' });
    for (const [name, text] of [
      ['cc-name', 'Ada Admin'],
      ['email', ''],
      ['cardnumber', CARDS.ok],
      ['cc-exp', '12/34'],
      ['cvc', '123'],
    ]) {
      expect(active(el)?.getAttribute('name')).to.equal(name);
      if (text) await sendKeys({ type: text });
      await sendKeys({ press: 'Tab' });
    }
    expect(active(el)?.textContent).to.equal('Cancel');
    await sendKeys({ press: 'Tab' });
    expect(active(el)?.textContent).to.equal('Subscribe to Pro');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => toasts(el).includes('You are now on Pro.'), 'the toast', SLOW);
    await waitUntil(() => gate.hasAttribute('authorized'), 'the Pro feature on', SLOW);
  });

  it('AB-1.04 axe in light and dark: the checkout with its card fields, a decline, the challenge dialog', async () => {
    const { el } = await renderPage();
    await openCheckout(el, 'Pro');
    await cardFields(el);
    await expectAccessibleLightAndDark(el);
    await typeCard(el, CARDS.declined);
    button(root(el), 'Subscribe to Pro')!.click();
    await waitUntil(() => alertText(el).includes('Your card was declined.'), 'the decline', SLOW);
    await expectAccessibleLightAndDark(el);
    await retype(input(root(el), 'cardnumber')!, CARDS.challenge);
    button(root(el), 'Subscribe to Pro')!.click();
    await challengeFrame(el);
    await expectAccessibleLightAndDark(el);
  });
});
