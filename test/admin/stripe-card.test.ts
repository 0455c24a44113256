/**
 * Issue 32 item 2: the Stripe Elements card fields (src/admin/subscription/card/stripe-card.tsx) mount Stripe's card
 * field in the light DOM of the element, projected into its shadow tree through a slot (Stripe Elements refuse a
 * shadow root): inside `<fe-admin-portal>` and in `<fe-admin-subscription>`, signed in against the emulator.
 *
 * No network here (js.stripe.com cannot load): a test double `window.Stripe` is installed before the chunk loads, so
 * `loadStripe` takes it as Stripe.js already on the page (and the chunk adds no script). It records the node
 * `elements.create('card').mount(node)` is given, as it was at that moment. Most tests render the fields themselves
 * (./stripe-helpers.ts); one goes through the checkout with the vendor's publishable key set, as an admin meets it.
 * The harness renders them in a React root inside the element's shadow root, with the section's app and texts.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { Root } from 'react-dom/client';
import type { ConfirmCard } from '../../src/admin/subscription/card/provider.ts';
import { byLabel, callEmulator, expectAccessibleLightAndDark, renderSection, root as shadowOf, shown as shownIn, signIn, SLOW } from './helpers.ts';
import { resetEmulator } from '../helpers/emulator.ts';
import { renderCardFields, STUB_KEY, subscriptionShown } from './stripe-helpers.ts';
import '../../elements/fe-admin-portal.ts';
import '../../elements/admin/fe-admin-subscription.ts';

const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };

/** What the double saw when a card field was mounted. */
interface Mount {
  node: HTMLElement;
  connected: boolean;
  root: Node;
  slotted: HTMLElement | null;
  slot: HTMLSlotElement | null;
}
const mounts: Mount[] = [];
const keys: string[] = [];
const destroyed: HTMLElement[] = [];
const updates: Record<string, unknown>[] = [];
type Handler = (event?: unknown) => void;
let confirmAnswer: unknown = null;
const confirmCalls: { secret: string; data: { payment_method: { card: unknown; billing_details: unknown } } }[] = [];
/** The card element the double made last (its events can be fired). */
let lastCard: { fire(event: string, payload?: unknown): void } | null = null;

/** A `window.Stripe` double: Stripe's surface as `@stripe/stripe-js` and `@stripe/react-stripe-js` use it. */
function StripeDouble(key: string) {
  keys.push(key);
  return {
    elements: () => ({
      create: (type: string) => {
        expect(type).to.equal('card');
        const handlers = new Map<string, Set<Handler>>();
        let mounted: HTMLElement | null = null;
        const card = {
          mount(node: HTMLElement) {
            const slotted = node.closest<HTMLElement>('[slot]');
            mounts.push({ node, connected: node.isConnected, root: node.getRootNode(), slotted, slot: slotted?.assignedSlot ?? null });
            mounted = node;
            // Stripe puts its frame here; an input with a name stands for it
            const input = document.createElement('input');
            input.setAttribute('aria-label', 'Card number');
            node.append(input);
            setTimeout(() => card.fire('ready'));
          },
          update: (options: Record<string, unknown>) => updates.push(options),
          on: (event: string, handler: Handler) => void (handlers.get(event) ?? handlers.set(event, new Set()).get(event)!).add(handler),
          off: (event: string, handler: Handler) => void handlers.get(event)?.delete(handler),
          destroy: () => mounted && destroyed.push(mounted),
          fire: (event: string, payload?: unknown) => handlers.get(event)?.forEach((h) => h(payload)),
        };
        lastCard = card;
        return card;
      },
      update: () => {},
    }),
    createToken: () => {},
    createPaymentMethod: () => {},
    confirmCardPayment: () => {},
    confirmCardSetup: (secret: string, data: (typeof confirmCalls)[number]['data']) => {
      confirmCalls.push({ secret, data });
      return Promise.resolve(confirmAnswer);
    },
  };
}
// the version `@stripe/stripe-js` 10 expects (else it warns about the page's Stripe.js)
StripeDouble.version = 'endive';
(window as unknown as { Stripe: unknown }).Stripe = StripeDouble;

const { default: StripeCardFields } = await import('../../src/admin/subscription/card/stripe-card.tsx');
/** Renders the card fields in `el` (./stripe-helpers.ts). */
const renderCard = (el: HTMLElement, onReady?: (confirm: ConfirmCard) => void, onCompleteChange?: (complete: boolean) => void) =>
  renderCardFields(el, StripeCardFields, { onReady, onCompleteChange });

async function expectMountedInLightDom(el: HTMLElement, place: HTMLElement) {
  await waitUntil(() => mounts.length === 1, 'Stripe’s card field mounted', SLOW);
  const [m] = mounts;
  // outside every shadow root, and connected when Stripe mounted into it
  expect(m.root).to.equal(document);
  expect(m.connected).to.equal(true);
  // a light-DOM child of the element, slotted into the element's own shadow tree where the card field belongs
  expect(m.slotted!.parentElement).to.equal(el);
  expect(m.slot).to.be.instanceOf(HTMLSlotElement);
  expect(m.slot!.getRootNode()).to.equal(el.shadowRoot);
  expect(place.contains(m.slot)).to.equal(true);
  expect(m.slot!.closest('[role=group]')!.textContent).to.contain('Card details');
  // one Stripe object per key and page, made with the vendor's publishable key
  expect(keys).to.deep.equal([STUB_KEY]);
  // no Stripe.js added: the page's (the double) is used
  expect(document.querySelector('script[src^="https://js.stripe.com"]')).to.equal(null);
}

describe('Stripe card fields: Stripe Elements in the light DOM (issue 32 item 2)', () => {
  let root: Root | undefined;
  before(async () => {
    await signIn(ADMIN);
  });
  beforeEach(() => {
    mounts.length = 0;
    destroyed.length = 0;
  });
  afterEach(() => {
    root?.unmount();
    root = undefined;
  });

  it('AB-3.43 in <fe-admin-subscription>: mounted on a connected light-DOM child of the element, slotted in place; removed on unmount', async () => {
    const el = await renderSection('fe-admin-subscription');
    await subscriptionShown(el);
    const shown = renderCard(el);
    root = shown.root;
    await expectMountedInLightDom(el, shown.place);
    const node = mounts[0].slotted!;
    expect(node.dataset.feLightSlot).to.equal('field');
    root.unmount();
    root = undefined;
    expect(node.isConnected).to.equal(false);
    expect(el.querySelector('[slot]')).to.equal(null);
    expect(destroyed).to.deep.equal([mounts[0].node]);
  });

  it('AB-3.43 inside <fe-admin-portal>: the same, in the portal’s shadow tree (its subscription section)', async () => {
    const el = await renderSection('fe-admin-portal', { adminPortal: { subscription: { visibility: 'byPermissions' } }, attributes: { section: 'subscription', routing: 'none' } });
    await subscriptionShown(el);
    const shown = renderCard(el);
    root = shown.root;
    await expectMountedInLightDom(el, shown.place);
    const node = mounts[0].slotted!;
    root.unmount();
    root = undefined;
    expect(node.isConnected).to.equal(false);
    expect(el.children.length).to.equal(0);
  });

  it('AB-1.04 through the checkout: with the vendor’s publishable key, Upgrade in <fe-admin-subscription> and in <fe-admin-portal> mounts Stripe’s card field on a connected light-DOM child, slotted into the checkout', async () => {
    await callEmulator('PUT', '/_emulator/billing/settings', { publishableKey: STUB_KEY });
    try {
      for (const [tag, options] of [
        ['fe-admin-subscription', undefined],
        ['fe-admin-portal', { adminPortal: { subscription: { visibility: 'byPermissions' } }, attributes: { section: 'subscription', routing: 'none' } }],
      ] as const) {
        mounts.length = 0;
        const el = await renderSection(tag, options);
        await subscriptionShown(el);
        await waitUntil(() => byLabel(shadowOf(el), 'Upgrade to Pro'), 'the plans', SLOW);
        byLabel(shadowOf(el), 'Upgrade to Pro')!.click();
        await waitUntil(() => shownIn(el, 'Change to Pro') && mounts.length === 1, `${tag}: Stripe’s card field mounted by the checkout`, SLOW);
        const [m] = mounts;
        expect(m.root, tag).to.equal(document);
        expect(m.connected, tag).to.equal(true);
        expect(m.slotted!.parentElement, tag).to.equal(el);
        expect(m.slot!.getRootNode(), tag).to.equal(el.shadowRoot);
        expect(m.slot!.closest('[role=group]')!.textContent, tag).to.contain('Card details');
        // the test-mode fields are not there: one card form, Stripe's
        expect(shadowOf(el).querySelector('input[name=cardnumber]'), tag).to.equal(null);
        el.remove();
        await waitUntil(() => !m.slotted!.isConnected, `${tag}: the light-DOM child removed with the checkout`, SLOW);
      }
    } finally {
      await resetEmulator();
      await signIn(ADMIN);
    }
  });

  it('AB-7.73 confirm = confirmCardSetup of the setupIntentSecret with the card and Stripe’s billing details → the payment method, or Stripe’s error as is', async () => {
    const el = await renderSection('fe-admin-subscription');
    await subscriptionShown(el);
    let confirm: ConfirmCard | null = null;
    const complete: boolean[] = [];
    root = renderCard(
      el,
      (c) => (confirm = c),
      (c) => complete.push(c),
    ).root;
    await waitUntil(() => confirm, 'the fields report ready (after Stripe mounted them)', SLOW);
    // Stripe's change events: complete, and its message under the field (the node marked invalid)
    lastCard!.fire('change', { complete: false, empty: false, error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    await waitUntil(() => el.shadowRoot!.textContent!.includes('Your card number is incomplete.'), 'Stripe’s message shown');
    expect(mounts[0].slotted!.hasAttribute('data-invalid')).to.equal(true);
    lastCard!.fire('change', { complete: true, empty: false, error: undefined });
    await waitUntil(() => !mounts[0].slotted!.hasAttribute('data-invalid'), 'the message cleared');
    expect(complete).to.deep.equal([false, true]);

    const intent = { id: 'seti_1', setupIntentSecret: 'seti_1_secret_x' };
    const details = { name: 'Ada', email: 'ada@acme.test', address: { addressLine1: '1 Main St', addressLine2: '', city: 'Springfield', postalCode: '12345', country: 'US' } };
    confirmAnswer = { setupIntent: { id: 'seti_1', status: 'succeeded', payment_method: 'pm_123' } };
    expect(await confirm!(intent, details)).to.deep.equal({ paymentMethodId: 'pm_123' });
    expect(confirmCalls[0].secret).to.equal('seti_1_secret_x');
    expect(confirmCalls[0].data.payment_method.billing_details).to.deep.equal({
      name: 'Ada',
      email: 'ada@acme.test',
      // the postal code is the card field's own (Stripe asks for it there)
      address: { line1: '1 Main St', city: 'Springfield', country: 'US' },
    });
    expect(confirmCalls[0].data.payment_method.card).to.equal(lastCard);

    confirmAnswer = { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } };
    expect(await confirm!(intent, details)).to.deep.equal({
      error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    });
    // a lost connection rejects (the checkout says so and keeps the form)
    confirmAnswer = { error: { type: 'api_connection_error', message: 'Network error' } };
    let rejected: unknown = null;
    await confirm!(intent, details).catch((e: unknown) => (rejected = e));
    expect(rejected).to.be.instanceOf(Error);
  });

  it('the card fields are accessible in light and dark (the slotted node styled as a field)', async () => {
    const el = await renderSection('fe-admin-subscription');
    await subscriptionShown(el);
    root = renderCard(el).root;
    await waitUntil(() => mounts.length === 1, 'mounted', SLOW);
    const node = mounts[0].slotted!;
    // the field's box comes from the shadow tree (`::slotted`), the colours Stripe gets from the node
    expect(getComputedStyle(node).borderTopStyle).to.equal('solid');
    await expectAccessibleLightAndDark(el);
  });
});
