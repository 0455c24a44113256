/**
 * Issue 32 item 2: Stripe loads only with a publishable key. The emulator's vendor has none (the test-mode card
 * provider), so the subscription section, in `<fe-admin-subscription>` and in `<fe-admin-portal>`, requests nothing of
 * Stripe: not our card chunk (src/admin/subscription/card/stripe-card.tsx), not `@stripe/*`, not Stripe.js. (This
 * file's page imports nothing of Stripe before that; test/admin/stripe-card.test.ts renders the chunk with a double.)
 * With a key but no network (Stripe.js out of reach, as on every machine here), the fields say so and can try again.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { renderSection, signIn, SLOW } from './helpers.ts';
import { renderCardFields, subscriptionShown } from './stripe-helpers.ts';
import '../../elements/fe-admin-portal.ts';
import '../../elements/admin/fe-admin-subscription.ts';

/** Requests of Stripe's code: `@stripe/*` (the tests' Vite serves it as `deps/@stripe_…`), our card chunk's modules, Stripe.js. */
const stripeRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => /@stripe|\/src\/admin\/subscription\/card\/stripe-|\/\/js\.stripe\.com\//.test(name));

describe('Stripe card chunk: not loaded without a publishable key (issue 32 item 2)', () => {
  before(async () => {
    await signIn({ email: 'admin@acme.test', password: 'Admin-Passw0rd!' });
  });

  it('the subscription section (element and portal) without a publishable key requests nothing of Stripe', async () => {
    const element = await renderSection('fe-admin-subscription');
    await subscriptionShown(element);
    const portal = await renderSection('fe-admin-portal', {
      adminPortal: { subscription: { visibility: 'byPermissions' } },
      attributes: { section: 'subscription', routing: 'none' },
    });
    await subscriptionShown(portal);
    // what the section asks for once shown has been asked for
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stripeRequests()).to.deep.equal([]);
    expect(document.querySelector('script[src*="stripe"]')).to.equal(null);
    expect((window as { Stripe?: unknown }).Stripe).to.equal(undefined);
  });

  const STRIPE_JS = 'https://js.stripe.com/endive/stripe.js';

  it('with a key and Stripe.js out of reach: "could not be loaded" as an alert with Try again, which loads it again', async () => {
    const el = await renderSection('fe-admin-subscription');
    await subscriptionShown(el);
    const { default: StripeCardFields } = await import('../../src/admin/subscription/card/stripe-card.tsx');
    let ready = false;
    // what the fields showed, and the scripts added, as they came
    const statuses: string[] = [];
    const requested: string[] = [];
    const seen = new MutationObserver((records) => {
      for (const added of records.flatMap((r) => [...r.addedNodes])) {
        if (added instanceof HTMLScriptElement) requested.push(added.src);
        if (added instanceof Element) for (const status of [added, ...added.querySelectorAll('*')].filter((e) => e.matches('[role=status]'))) statuses.push(status.textContent!);
      }
    });
    seen.observe(el.shadowRoot!, { childList: true, subtree: true });
    seen.observe(document.head, { childList: true });
    const { root, place } = renderCardFields(el, StripeCardFields, { onReady: () => (ready = true) });
    const script = () => document.querySelector('script[src^="https://js.stripe.com"]');
    const failure = () => place.querySelector('[role=alert]');
    try {
      // progress while Stripe.js loads
      await waitUntil(failure, 'the failure', { timeout: 15000 });
      // progress was shown while Stripe.js was requested (offline here, it fails at once)
      expect(statuses).to.deep.equal(['Loading the card form…']);
      expect(requested).to.deep.equal([STRIPE_JS]);
      expect(failure()!.textContent).to.contain('The card form could not be loaded. Check your connection and try again.');
      // the failed script is gone, so that trying again adds a fresh one
      expect(script()).to.equal(null);
      expect(el.querySelector('[slot]')).to.equal(null);
      [...failure()!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
      await waitUntil(() => requested.length === 2, 'tried again: Stripe.js requested anew', SLOW);
      await waitUntil(failure, 'the failure again', { timeout: 15000 });
      expect(statuses).to.deep.equal(['Loading the card form…', 'Loading the card form…']);
      expect(ready).to.equal(false);
    } finally {
      seen.disconnect();
      root.unmount();
    }
  });
});
