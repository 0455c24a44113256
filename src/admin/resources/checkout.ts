/**
 * The checkout's server calls (issue 32 items 2 and 5; AB-4.28, AB-4.29, AB-7.69, AB-7.71, AB-7.73), on the billing
 * API area (src/api/billing.ts): which card provider, a setup intent, the test-mode provider's confirm and read, the
 * subscription's update, and what is read again after it. Read by the checkout's actors
 * (machines/admin-checkout.actors.ts) and the test-mode card fields through `resources.use(createCheckoutResource)`.
 *
 * The billing reads of the page around the checkout (summary, subscription, payment methods, invoices, usage) are
 * cached under keys that start with `admin/billing`, `admin/subscription` or `admin/usage`: after a change the
 * checkout refreshes every one of them ({@link BILLING_KEYS}), whichever resource made it.
 */
import type { ApiClient } from '../../api/client.ts';
import { createBillingApi, type BillingDetails, type SetupIntentSecret, type TestModeCard, type TestModeSetupIntent } from '../../api/billing.ts';
import type { QueryContext } from './query.ts';

/** The cache keys of the billing reads: refreshed after a plan change. */
export const BILLING_KEYS = /^admin\/(billing|subscription|usage)/;

/** The card fields of the vendor's payment provider: Stripe's with a publishable key, else the emulator's test mode. */
export type CardProviderConfig = { kind: 'testMode' } | { kind: 'stripe'; publishableKey: string };

/** A subscription status as read back from a cached answer: the trialing one of `id` becomes `active`. */
function activated(value: unknown, id: string): unknown {
  if (Array.isArray(value)) return value.map((item) => activated(item, id));
  if (value && typeof value === 'object' && (value as { id?: unknown }).id === id && (value as { status?: unknown }).status === 'trialing') {
    return { ...value, status: 'active' };
  }
  return value;
}

/** Builds the checkout resource of one app. */
export function createCheckoutResource(q: QueryContext, client: ApiClient) {
  const api = createBillingApi(client);
  /** The API's root (`<base>/<prefix>/`), absolute. */
  const apiRoot = new URL(client.url('/'), typeof location === 'undefined' ? 'http://localhost' : location.href);
  return {
    /**
     * Where to frame the test-mode provider's challenge page (`next_action.redirect_to_url.url`): an API path, so it is
     * framed through the API's own root — the host's same-origin proxy in a page whose CSP allows `frame-src 'self'` —
     * whatever public address the provider named; a page outside the API's paths as given. Its messages are heard from
     * the origin framed only.
     */
    challengePage(url: string): URL {
      const page = new URL(url, apiRoot);
      return page.pathname.startsWith(apiRoot.pathname) ? new URL(page.pathname + page.search, apiRoot.origin) : page;
    },
    /**
     * Which card fields to show (AB-7.71): `GET stripe/public-configurations/v1`; a publishable key → Stripe, none →
     * the test-mode provider.
     * @throws FeApiError — 404 "Payment provider not configured" when the vendor has none
     */
    async provider(): Promise<CardProviderConfig> {
      const config = await api.stripeConfiguration();
      return config.publishableKey ? { kind: 'stripe', publishableKey: config.publishableKey } : { kind: 'testMode' };
    },
    /** `POST setup-intents` (AB-7.73). @throws FeApiError */
    createSetupIntent: q.mutation<{ paymentMethodId?: string }, SetupIntentSecret>((body) => api.createSetupIntent(body)),
    /** The emulator's test-mode card provider (no Stripe account): confirm an intent with a card, read it back. */
    testMode: {
      /** @throws FeApiError — a decline is a 402 whose `errorContext` is the provider's `CardError` */
      confirm: (intent: SetupIntentSecret, card: TestModeCard, billingDetails: BillingDetails): Promise<TestModeSetupIntent> =>
        api.confirmTestModeSetupIntent(intent.id, { client_secret: intent.setupIntentSecret, card, billing_details: billingDetails }),
      /** @throws FeApiError */
      read: (intent: SetupIntentSecret): Promise<TestModeSetupIntent> => api.testModeSetupIntent(intent.id, intent.setupIntentSecret),
    },
    /** `PUT subscriptions/v1/{id}` `{ paymentMethodId?, planId }` (AB-7.69). @throws FeApiError */
    update: q.mutation<{ subscriptionId: string; planId: string; paymentMethodId?: string }, void>(({ subscriptionId, ...body }) => api.update(subscriptionId, body)),
    /** AB-4.28: the trialing subscription `subscriptionId` shown active wherever a billing read holds it; no call. */
    confirmLocally: q.mutation<string, void>(async (subscriptionId, cache) => {
      for (const key of cache.keys().filter((k) => BILLING_KEYS.test(k))) cache.edit<unknown>(key, (value) => activated(value, subscriptionId));
    }),
    /** The billing reads asked again (AB-4.29: information, payment method and invoices reloaded). */
    reload(): void {
      q.cache.revalidate((key) => BILLING_KEYS.test(key));
    },
  };
}

/** The checkout resource (what {@link createCheckoutResource} returns). */
export type CheckoutResource = ReturnType<typeof createCheckoutResource>;
