/**
 * Subscriptions and billing, the API area of the subscription and usage sections (api-contract §AB; admin spec §3 "Subscription", "Plan", "Invoice", "Payment method", §4,
 * §7 "Billing"; issue 32): the calls Frontegg's own client (`@frontegg/rest-api` subscriptions module) makes, with the
 * same paths and bodies, plus the emulator's test-mode card provider (`testMode`). Calls send
 * `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 *
 * Money: plan prices are integer minor units of their currency (`amount`, cents; yen for JPY: AB-9.18). Invoices'
 * `totalAmount` is the contract's "cents divided by 100, two decimals" (AB-3.48): {@link invoiceMinorUnits} turns it back.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

const SUB = '/subscriptions/resources';
const BILLING = `${SUB}/billing`;

/** Paths, without the `/{prefix}`. */
export const BILLING_PATHS = Object.freeze({
  plans: `${BILLING}/plans/v1`,
  subscriptions: `${BILLING}/subscriptions/v1`,
  managedSubscriptions: `${SUB}/subscriptions/v1`,
  invoices: `${BILLING}/invoices/v1`,
  paymentMethods: `${BILLING}/payment-methods/v1`,
  paymentProviders: `${SUB}/payment-providers/v1`,
  summaries: `${BILLING}/summaries/v1`,
  tenantConfigurations: `${BILLING}/tenant-configurations/v1`,
  vendorPublicConfigurations: `${BILLING}/configurations/vendor-public-configurations/v1`,
  stripePublicConfiguration: `${BILLING}/payment-providers/stripe/public-configurations/v1`,
  setupIntents: `${BILLING}/payment-providers/stripe/setup-intents/v1`,
  /** The emulator's test-mode card provider (no Stripe account): confirm a setup intent with a card, read it back. */
  testModeSetupIntents: `${BILLING}/payment-providers/test-mode/setup-intents/v1`,
  /** Our extension: what the account's plan grants and what is in use (usage section, AB-6.01). */
  usage: `${BILLING}/usage/v1`,
});

/** Raw subscription statuses (AB-3.41). */
export type SubscriptionStatusRaw = 'active' | 'incomplete' | 'canceled' | 'expired' | 'trialing' | 'trialEnded';
/** Statuses as the portal shows them (AB-4.24; an unknown raw value is EXPIRED, AB-4.25). */
export type SubscriptionStatus = 'ACTIVE' | 'INCOMPLETE' | 'CANCELED' | 'EXPIRED' | 'TRIALING' | 'TRIAL_ENDED';

/** A plan's limits (our extension on the plan object): absent = unlimited. */
export interface PlanLimits {
  seats?: number;
  apiTokens?: number;
  ssoConnections?: number;
}

/** A plan (AB-3.44–3.46) plus our extensions `tier`, `isDefault`, `features`, `limits` (extra fields Frontegg's types ignore). */
export interface Plan {
  id: string;
  externalId: string;
  name: string;
  description: string;
  slug: string;
  /** `amount` in minor units of `currency` (lower-case ISO 4217, default `usd`). */
  price: { id: string; externalId: string; currency: string; amount: number };
  /** Always `month` (AB-3.46). */
  recurringInterval: 'month';
  /** Ascending: the order plans are shown and up/downgrades are judged. */
  tier: number;
  isDefault: boolean;
  /** Entitlement features the plan grants (keys as `<fe-authorized feature>` takes them). */
  features: { key: string; name: string }[];
  limits: PlanLimits;
}

/** A subscription (AB-3.40) as both subscription paths answer it. Dates are ISO strings. */
export interface Subscription {
  id: string;
  externalId: string;
  tenantId: string;
  startDate: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  status: SubscriptionStatusRaw | string;
  /** `{ policy: 'atPeriodEnd' }` once cancelled; null = not cancelled. */
  cancellation: { policy: 'atPeriodEnd' } | null;
  trialEnd: string | null;
  externallyManaged: boolean;
  /** Who manages an externally managed subscription (our extension), e.g. "Acme sales team". */
  managedBy?: string | null;
  /** The plan's slug (AB-3.40) and id. */
  plan: string;
  planId: string;
  paymentMethodId: string | null;
  /** Frontegg's managed-subscription shape also carries the items; one item of the plan. */
  items?: { planId: string }[];
}

/** The billing summary of an account (AB-3.50). */
export interface BillingSummary {
  tenantConfigurationId: string;
  providerType: string;
  subscriptionId: string;
  externallyManaged: boolean;
  currentPlanId: string;
  paymentMethodId: string | null;
  defaultPlanId: string;
}

/** An invoice (AB-3.47). `totalAmount` is major units with two decimals (AB-3.48); `paymentDate` ISO. */
export interface Invoice {
  id: string;
  externalId: string;
  subscriptionId: string;
  paymentDate: string;
  totalAmount: number;
  currency: string;
  paid: boolean;
  receiptNumber: string;
}

/** Billing details of a payment method (AB-3.49). */
export interface BillingDetails {
  name?: string;
  email?: string;
  address?: { addressLine1?: string; addressLine2?: string; city?: string; state?: string; postalCode?: string; country?: string };
}

/** A payment method (AB-3.49). */
export interface PaymentMethod {
  id: string;
  externalId: string;
  type: 'unknown' | 'card';
  isDefault: boolean;
  last4: string;
  expMonth: number;
  expYear: number;
  brand: string;
  billingDetails: BillingDetails;
}

/** A payment provider (AB-7.72): status '1' = configured. */
export interface PaymentProvider {
  providerType: 'Stripe';
  name: string;
  status: string;
}

/** The vendor's public billing configuration (api-contract AB). */
export interface VendorBillingConfiguration {
  allowPlanDowngrade: boolean;
  allowPlanCancellation: boolean;
}

/** Stripe's public configuration (AB-7.71): `publishableKey` empty/null = the emulator's test-mode card provider. */
export interface StripePublicConfiguration {
  id: string;
  name: string;
  active: boolean;
  publishableKey: string | null;
}

/** A setup intent made for a card (AB-7.73). */
export interface SetupIntentSecret {
  id: string;
  paymentMethodId?: string;
  setupIntentSecret: string;
}

/** An error in Stripe's shape (both providers): `message` is the provider's sentence, shown as is. */
export interface CardError {
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'validation_error';
  code?: string;
  decline_code?: string;
  message: string;
}

/** A test-mode setup intent (Stripe's SetupIntent surface). */
export interface TestModeSetupIntent {
  id: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  /** The payment method attached once `succeeded`. */
  payment_method: string | null;
  /** With `requires_action`: the local challenge page to show (Complete / Fail). */
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string } } | null;
  last_setup_error: CardError | null;
}

/** The card as our own test-mode inputs collect it (never sent anywhere but the emulator). */
export interface TestModeCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** One usage line: a limit of the plan against what is in use, with who holds it (our extension, AB-6.01). */
export interface UsageLimit {
  key: keyof PlanLimits;
  /** null = unlimited. */
  limit: number | null;
  used: number;
  /** Up to 50 holders, e.g. users for seats: `{ id, name }`. */
  holders: { id: string; name: string }[];
}

/** What the account's plan grants and what is in use. */
export interface Usage {
  planId: string;
  planName: string;
  features: { key: string; name: string }[];
  limits: UsageLimit[];
}

/** `totalAmount` of an invoice back in integer minor units (AB-3.48: the contract divides cents by 100). */
export function invoiceMinorUnits(invoice: Pick<Invoice, 'totalAmount'>): number {
  return Math.round(invoice.totalAmount * 100);
}

/** Creates the billing calls on top of `client`. */
export function createBillingApi(client: ApiClient) {
  const id = encodeURIComponent;
  return {
    /** `GET plans/v1`: every plan (our order: `tier`). */
    plans: (o?: CallOptions) => client.get<Plan[]>(BILLING_PATHS.plans, adminOptions(o)),
    /** `GET plans/v1/{id}`: one plan object (Frontegg's portal reads it so, whatever its type says). */
    plan: (planId: string, o?: CallOptions) => client.get<Plan>(`${BILLING_PATHS.plans}/${id(planId)}`, adminOptions(o)),
    /** `GET summaries/v1/{tenantId}` (AB-3.50). */
    summary: (tenantId: string, o?: CallOptions) => client.get<BillingSummary>(`${BILLING_PATHS.summaries}/${id(tenantId)}`, adminOptions(o)),
    /** `GET billing/subscriptions/v1`: the caller's subscriptions (one: its account's; AB-7.67). */
    subscriptions: (o?: CallOptions) => client.get<Subscription[]>(BILLING_PATHS.subscriptions, adminOptions(o)),
    /** `GET subscriptions/v1/{id}` (the managed path, as Frontegg's portal reads it). */
    subscription: (subscriptionId: string, o?: CallOptions) => client.get<Subscription>(`${BILLING_PATHS.managedSubscriptions}/${id(subscriptionId)}`, adminOptions(o)),
    /** `PUT subscriptions/v1/{id}` with `{ paymentMethodId, planId }` (AB-7.69). */
    update: async (subscriptionId: string, body: { paymentMethodId?: string; planId: string }, o?: CallOptions) => {
      await client.put(`${BILLING_PATHS.managedSubscriptions}/${id(subscriptionId)}`, body, adminOptions(o));
    },
    /** `PUT subscriptions/v1/{id}/cancellations/` with `{}` (AB-7.68). */
    cancel: async (subscriptionId: string, o?: CallOptions) => {
      await client.put(`${BILLING_PATHS.managedSubscriptions}/${id(subscriptionId)}/cancellations/`, {}, adminOptions(o));
    },
    /** `PUT subscriptions/v1/{id}/renewals/` with `{}` (AB-7.68). */
    renew: async (subscriptionId: string, o?: CallOptions) => {
      await client.put(`${BILLING_PATHS.managedSubscriptions}/${id(subscriptionId)}/renewals/`, {}, adminOptions(o));
    },
    /** `GET invoices/v1`: newest first. */
    invoices: (o?: CallOptions) => client.get<Invoice[]>(BILLING_PATHS.invoices, adminOptions(o)),
    /**
     * `GET invoices/v1/{id}/pdf?outputFileName=…` (AB-7.67): the invoice as a PDF (`application/pdf`), its bytes as a
     * `Blob`; `outputFileName` names the attachment the server offers (e.g. `invoice_31122025.pdf`).
     * @throws FeApiError — 404 for an invoice that is not the account's
     */
    invoicePdf: (invoiceId: string, outputFileName: string, o?: CallOptions) =>
      client.get<Blob>(`${BILLING_PATHS.invoices}/${id(invoiceId)}/pdf`, adminOptions(o, { query: { outputFileName }, responseType: 'blob' })),
    /** `GET payment-methods/v1`. */
    paymentMethods: (o?: CallOptions) => client.get<PaymentMethod[]>(BILLING_PATHS.paymentMethods, adminOptions(o)),
    /** `PATCH payment-methods/v1/{id}/billing-details` with `{ email, …address fields }` flattened (AB-7.70). */
    updateBillingDetails: (paymentMethodId: string, details: { email: string } & NonNullable<BillingDetails['address']>, o?: CallOptions) =>
      client.patch<BillingDetails>(`${BILLING_PATHS.paymentMethods}/${id(paymentMethodId)}/billing-details`, details, adminOptions(o)),
    /** `GET payment-providers/v1` (AB-7.72). */
    paymentProviders: (o?: CallOptions) => client.get<PaymentProvider[]>(BILLING_PATHS.paymentProviders, adminOptions(o)),
    /** `GET vendor-public-configurations/v1`: Frontegg answers a list; the first entry applies. */
    vendorConfiguration: async (o?: CallOptions): Promise<VendorBillingConfiguration> => {
      const answer = await client.get<VendorBillingConfiguration[] | VendorBillingConfiguration>(BILLING_PATHS.vendorPublicConfigurations, adminOptions(o));
      return (Array.isArray(answer) ? answer[0] : answer) ?? { allowPlanDowngrade: true, allowPlanCancellation: true };
    },
    /** `GET stripe/public-configurations/v1` (AB-7.71). */
    stripeConfiguration: (o?: CallOptions) => client.get<StripePublicConfiguration>(BILLING_PATHS.stripePublicConfiguration, adminOptions(o)),
    /** `POST stripe/setup-intents/v1` with an optional `{ paymentMethodId }` (AB-7.73). */
    createSetupIntent: (body: { paymentMethodId?: string } = {}, o?: CallOptions) => client.post<SetupIntentSecret>(BILLING_PATHS.setupIntents, body, adminOptions(o)),
    /** Test mode: `POST test-mode/setup-intents/v1/{id}/confirm` with `{ client_secret, card }`. Declines are 402 with `{ error: CardError }`. */
    confirmTestModeSetupIntent: (setupIntentId: string, body: { client_secret: string; card: TestModeCard; billing_details?: BillingDetails }, o?: CallOptions) =>
      client.post<TestModeSetupIntent>(`${BILLING_PATHS.testModeSetupIntents}/${id(setupIntentId)}/confirm`, body, adminOptions(o)),
    /** Test mode: `GET test-mode/setup-intents/v1/{id}?client_secret=…` (after a challenge). */
    testModeSetupIntent: (setupIntentId: string, clientSecret: string, o?: CallOptions) =>
      client.get<TestModeSetupIntent>(`${BILLING_PATHS.testModeSetupIntents}/${id(setupIntentId)}`, adminOptions(o, { query: { client_secret: clientSecret } })),
    /** Our extension: `GET usage/v1` (needs `fe.usage.read`). */
    usage: (o?: CallOptions) => client.get<Usage>(BILLING_PATHS.usage, adminOptions(o)),
  };
}

/** The billing calls (what {@link createBillingApi} returns). */
export type BillingApi = ReturnType<typeof createBillingApi>;
