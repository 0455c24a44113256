/**
 * Issue 32 item 2: Stripe loads only with a publishable key. The emulator's vendor has none (the test-mode card
 * provider), so the subscription section, in `<fe-admin-subscription>` and in `<fe-admin-portal>`, requests nothing of
 * Stripe: not our card chunk (src/admin/subscription/card/stripe-card.tsx), not `@stripe/*`, not Stripe.js. (This
 * file's page imports nothing of Stripe itself; test/admin/stripe-card.test.ts renders the chunk.)
 */
import { expect, waitUntil } from '@open-wc/testing';
import { renderSection, signIn, SLOW } from './helpers.ts';
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
    await waitUntil(() => element.shadowRoot?.querySelector('#fe-subscription-title'), 'the subscription section', SLOW);
    const portal = await renderSection('fe-admin-portal', {
      adminPortal: { subscription: { visibility: 'byPermissions' } },
      attributes: { section: 'subscription', routing: 'none' },
    });
    await waitUntil(() => portal.shadowRoot?.querySelector('#fe-subscription-title'), 'the portal’s subscription section', SLOW);
    // what the section asks for once shown has been asked for
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stripeRequests()).to.deep.equal([]);
    expect(document.querySelector('script[src*="stripe"]')).to.equal(null);
    expect((window as { Stripe?: unknown }).Stripe).to.equal(undefined);
  });
});
