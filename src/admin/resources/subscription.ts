/**
 * The subscription section's server data (admin spec §3 "Subscription", "Plan", "Invoice", "Payment method", §7
 * "Billing"; api-contract §AB; issue 32): each read its own store over {@link createBillingApi} — the account's
 * subscription, its billing summary, the plans, the vendor's public configuration, the payment providers, Stripe's
 * public configuration, the invoices and the payment methods — and the writes: cancel, renew (each reads the
 * subscription back), the billing details (the payment method's answer replaces its cached one), an invoice's PDF,
 * and {@link reloadAfterCheckout} for the checkout (AB-4.29). Read with `resources.use(createSubscriptionResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import { FeApiError } from '../../api/errors.ts';
import {
  BILLING_PATHS,
  createBillingApi,
  invoiceMinorUnits,
  type BillingDetails,
  type BillingSummary,
  type Invoice,
  type PaymentMethod,
  type PaymentProvider,
  type Plan,
  type StripePublicConfiguration,
  type Subscription,
  type VendorBillingConfiguration,
} from '../../api/billing.ts';
import type { CacheTools, QueryContext } from './query.ts';

/** The area's paths (for the section's preview data) and an invoice's amount in minor units: views take values from resources, not from src/api. */
export { BILLING_PATHS, invoiceMinorUnits };

/** The text of a missing subscription (AB-8.02, full stop included). */
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';
/** The text every billing action of an externally managed account is refused with (AB-5.10). */
export const BILLING_EXTERNALLY_MANAGED = 'Billing is externally managed.';

/** Cache keys, each read its own (AB-4.01). */
export const SUBSCRIPTION_KEYS = Object.freeze({
  subscription: 'admin/billing/subscription',
  summary: 'admin/billing/summary',
  plans: 'admin/billing/plans',
  vendor: 'admin/billing/vendor-configuration',
  providers: 'admin/billing/payment-providers',
  stripe: 'admin/billing/stripe-configuration',
  invoices: 'admin/billing/invoices',
  paymentMethods: 'admin/billing/payment-methods',
});

/** The billing details form's fields, as the PATCH sends them flat (AB-7.70). */
export type BillingDetailsInput = { email: string } & Required<NonNullable<BillingDetails['address']>>;

/** Builds the subscription resource of one app. */
export function createSubscriptionResource(q: QueryContext, client: ApiClient) {
  const api = createBillingApi(client);

  /** The account's subscription (the caller's one), or "Subscription not found." (AB-8.02) when it has none. */
  const loadSubscription = async (): Promise<Subscription> => {
    const [subscription] = await api.subscriptions();
    if (!subscription) throw new FeApiError(SUBSCRIPTION_NOT_FOUND, { statusCode: 404 });
    return subscription;
  };

  /** Refuses an action on an externally managed account before any call (AB-5.10); the server refuses it too. */
  const refuseWhenManaged = (cache: CacheTools) => {
    if (cache.read<Subscription>(SUBSCRIPTION_KEYS.subscription)?.externallyManaged) throw new FeApiError(BILLING_EXTERNALLY_MANAGED, { statusCode: 400 });
  };

  /** Reads the subscription again and writes it to the cache, then refreshes the summary while it stays on screen. */
  const readBack = async (cache: CacheTools) => {
    const subscription = await loadSubscription();
    cache.write(SUBSCRIPTION_KEYS.subscription, subscription);
    cache.revalidate((key) => key === SUBSCRIPTION_KEYS.summary);
    return subscription;
  };

  return {
    /** The account's subscription (AB-3.40); "Subscription not found." without one. */
    $subscription: q.createFetcherStore<Subscription>([SUBSCRIPTION_KEYS.subscription], { fetcher: loadSubscription }),
    /** The account's billing summary (AB-3.50), by the subscription's tenant. */
    $summary: q.createFetcherStore<BillingSummary>([SUBSCRIPTION_KEYS.summary], {
      fetcher: async () => api.summary((q.cache.read<Subscription>(SUBSCRIPTION_KEYS.subscription) ?? (await loadSubscription())).tenantId),
    }),
    /** Every plan (not only five), unsorted as answered: the view orders them by tier. */
    $plans: q.createFetcherStore<Plan[]>([SUBSCRIPTION_KEYS.plans], { fetcher: () => api.plans() }),
    /** The vendor's public billing configuration: allowPlanDowngrade, allowPlanCancellation. */
    $vendor: q.createFetcherStore<VendorBillingConfiguration>([SUBSCRIPTION_KEYS.vendor], { fetcher: () => api.vendorConfiguration() }),
    /** The payment providers (AB-7.72): empty = "Payment provider not configured" (AB-8.06). */
    $providers: q.createFetcherStore<PaymentProvider[]>([SUBSCRIPTION_KEYS.providers], { fetcher: () => api.paymentProviders() }),
    /** Stripe's public configuration (AB-7.71): a null publishable key = the emulator's test-mode card provider. */
    $stripe: q.createFetcherStore<StripePublicConfiguration>([SUBSCRIPTION_KEYS.stripe], { fetcher: () => api.stripeConfiguration() }),
    /** The invoices, newest first. */
    $invoices: q.createFetcherStore<Invoice[]>([SUBSCRIPTION_KEYS.invoices], { fetcher: () => api.invoices() }),
    /** The account's payment methods (AB-3.49). */
    $paymentMethods: q.createFetcherStore<PaymentMethod[]>([SUBSCRIPTION_KEYS.paymentMethods], { fetcher: () => api.paymentMethods() }),

    /**
     * Cancels at the period's end (AB-7.68), then reads the subscription back.
     * @throws FeApiError — "Billing is externally managed." (AB-5.10) without a call, or the server's refusal
     */
    cancel: q.mutation<string, Subscription>(async (subscriptionId, cache) => {
      refuseWhenManaged(cache);
      await api.cancel(subscriptionId);
      return readBack(cache);
    }),
    /**
     * Renews a subscription cancelled at period end (AB-7.68), then reads it back.
     * @throws FeApiError — "Billing is externally managed." (AB-5.10) without a call, or the server's refusal
     */
    renew: q.mutation<string, Subscription>(async (subscriptionId, cache) => {
      refuseWhenManaged(cache);
      await api.renew(subscriptionId);
      return readBack(cache);
    }),
    /**
     * Saves a payment method's billing details (PATCH, flat: AB-7.70); the answer replaces the method's cached details.
     * @throws FeApiError — the cache is left as it was
     */
    updateBillingDetails: q.mutation<{ paymentMethodId: string; details: BillingDetailsInput }, BillingDetails>(async ({ paymentMethodId, details }, cache) => {
      refuseWhenManaged(cache);
      const answer = await api.updateBillingDetails(paymentMethodId, details);
      cache.edit<PaymentMethod[]>(SUBSCRIPTION_KEYS.paymentMethods, (methods) => methods.map((m) => (m.id === paymentMethodId ? { ...m, billingDetails: answer } : m)));
      return answer;
    }),
    /** An invoice's PDF (`application/pdf` bytes), offered by the server as `fileName`. @throws FeApiError */
    invoicePdf: q.mutation<{ invoiceId: string; fileName: string }, Blob>(({ invoiceId, fileName }) => api.invoicePdf(invoiceId, fileName)),
    /** A checkout confirmed on the client only (AB-4.28): the subscription on screen becomes active, with no call. */
    confirmLocally: (): void => {
      q.cache.edit<Subscription>(SUBSCRIPTION_KEYS.subscription, (s) => ({ ...s, status: 'active' }));
    },
    /**
     * After a checkout (AB-4.29): the subscription, the summary, the payment methods and the invoices are read again
     * (what is on screen stays until the answers arrive). Resolves once the subscription is back.
     */
    reloadAfterCheckout: async (): Promise<void> => {
      const reloaded: string[] = [SUBSCRIPTION_KEYS.summary, SUBSCRIPTION_KEYS.paymentMethods, SUBSCRIPTION_KEYS.invoices];
      q.cache.revalidate((key) => reloaded.includes(key));
      await readBack(q.cache);
    },
  };
}

/** The subscription resource of one app. */
export type SubscriptionResource = ReturnType<typeof createSubscriptionResource>;
