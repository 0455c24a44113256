/**
 * The subscription section's canned answers in preview mode (`<fe-app preview>`): the demo account on Pro with a Visa
 * card, its billing details and three invoices, the plans Free, Pro and Enterprise; writes answered as if they worked
 * (nothing is kept). An invoice's PDF is not available in preview (404: the download says so).
 *
 * The stories show the section's other states through {@link setPreviewBillingState} (trialing, cancelled at period
 * end, externally managed, no payment provider, no billing information, no invoices): one state a page.
 */
import type { Invoice, PaymentMethod, Plan, Subscription } from '../../api/billing.ts';
import { PREVIEW_TENANT } from '../../preview/data.ts';
import { writeWorks, type SectionPreviewRoutes } from '../../preview/section-routes.ts';
import { BILLING_PATHS } from '../resources/subscription.ts';

/** The designed states of the preview account's billing (the stories' variants). */
export const PREVIEW_BILLING_STATES = ['active', 'trialing', 'canceledAtPeriodEnd', 'externallyManaged', 'noProvider', 'noBillingInfo', 'noInvoices'] as const;
/** One of {@link PREVIEW_BILLING_STATES}. */
export type PreviewBillingState = (typeof PREVIEW_BILLING_STATES)[number];

let shown: PreviewBillingState = 'active';

/** Answers the preview's billing reads in state `state` from now on (a story sets it before it renders). */
export function setPreviewBillingState(state: PreviewBillingState): void {
  shown = state;
}

const plan = (id: string, name: string, amount: number, tier: number, features: [string, string][], limits: Plan['limits'], description: string): Plan => ({
  id,
  externalId: `price_${id}`,
  name,
  description,
  slug: id,
  price: { id: `price-${id}`, externalId: `price_${id}`, currency: 'usd', amount },
  recurringInterval: 'month',
  tier,
  isDefault: tier === 0,
  features: features.map(([key, featureName]) => ({ key, name: featureName })),
  limits,
});

/** The vendor's plans (as the emulator seeds them): Free, Pro, Enterprise. */
export const PREVIEW_PLANS: Plan[] = [
  plan('free', 'Free', 0, 0, [], { seats: 50, apiTokens: 20, ssoConnections: 3 }, 'For small teams getting started.'),
  plan(
    'pro',
    'Pro',
    2900,
    1,
    [
      ['advanced-reports', 'Advanced reports'],
      ['sso', 'Single sign-on'],
    ],
    { seats: 200, apiTokens: 100, ssoConnections: 10 },
    'For growing teams.',
  ),
  plan(
    'enterprise',
    'Enterprise',
    9900,
    2,
    [
      ['advanced-reports', 'Advanced reports'],
      ['sso', 'Single sign-on'],
      ['audit-export', 'Audit export'],
      ['priority-support', 'Priority support'],
    ],
    {},
    'For organisations with many accounts.',
  ),
];

const DAY = 86_400_000;
// noon UTC: the same day in every time zone an account may show dates in
const START = Date.UTC(2030, 0, 1, 12);
const iso = (ms: number) => new Date(ms).toISOString();

/** The demo account's card. */
const PREVIEW_CARD: PaymentMethod = {
  id: 'pm-preview',
  externalId: 'pm_preview',
  type: 'card',
  isDefault: true,
  last4: '4242',
  expMonth: 4,
  expYear: 2032,
  brand: 'visa',
  billingDetails: {
    email: 'billing@preview.invalid',
    address: { addressLine1: '500 Market St', addressLine2: 'Suite 300', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' },
  },
};

/** The demo account's subscription in `state`. */
function subscriptionIn(state: PreviewBillingState): Subscription {
  const free = state === 'noBillingInfo';
  const planId = free ? 'free' : 'pro';
  return {
    id: 'sub-preview',
    externalId: 'sub_preview',
    tenantId: PREVIEW_TENANT.tenantId,
    startDate: iso(START - 60 * DAY),
    currentPeriodStart: iso(START),
    currentPeriodEnd: iso(START + 31 * DAY),
    status: state === 'trialing' ? 'trialing' : 'active',
    cancellation: state === 'canceledAtPeriodEnd' ? { policy: 'atPeriodEnd' } : null,
    trialEnd: state === 'trialing' ? iso(START + 14 * DAY) : null,
    externallyManaged: state === 'externallyManaged',
    managedBy: state === 'externallyManaged' ? 'Acme sales team' : null,
    plan: planId,
    planId,
    paymentMethodId: free ? null : PREVIEW_CARD.id,
    items: [{ planId }],
  };
}

/** The demo account's invoices, newest first (one unpaid). */
export const PREVIEW_INVOICES: Invoice[] = [0, 1, 2].map((i) => ({
  id: `inv-preview-${i + 1}`,
  externalId: `in_preview_${i + 1}`,
  subscriptionId: 'sub-preview',
  paymentDate: iso(START - i * 31 * DAY),
  totalAmount: 29,
  currency: 'usd',
  paid: i !== 1,
  receiptNumber: `PRV-${String(1003 - i).padStart(6, '0')}`,
}));

/** The billing reads in the state shown; writes as if they worked. */
export const previewSubscription: SectionPreviewRoutes = (req) => {
  if (req.method !== 'GET') return writeWorks(req, ['/subscriptions/resources/']);
  const subscription = subscriptionIn(shown);
  const ok = (body: unknown) => ({ status: 200, body });
  switch (req.path) {
    case BILLING_PATHS.plans:
      return ok(PREVIEW_PLANS);
    case BILLING_PATHS.subscriptions:
    case BILLING_PATHS.managedSubscriptions:
      return ok([subscription]);
    case `${BILLING_PATHS.summaries}/${PREVIEW_TENANT.tenantId}`:
      return ok({
        tenantConfigurationId: 'tc-preview',
        providerType: 'Stripe',
        subscriptionId: subscription.id,
        externallyManaged: subscription.externallyManaged,
        currentPlanId: subscription.planId,
        paymentMethodId: subscription.paymentMethodId,
        defaultPlanId: 'free',
      });
    case BILLING_PATHS.vendorPublicConfigurations:
      return ok([{ allowPlanDowngrade: true, allowPlanCancellation: true }]);
    case BILLING_PATHS.paymentProviders:
      return ok(shown === 'noProvider' ? [] : [{ providerType: 'Stripe', name: 'Stripe', status: '1' }]);
    case BILLING_PATHS.stripePublicConfiguration:
      return shown === 'noProvider'
        ? { status: 404, body: { errors: ['Payment provider not configured'] } }
        : ok({ id: 'stripe-preview', name: 'Stripe', active: true, publishableKey: null });
    case BILLING_PATHS.invoices:
      return ok(shown === 'noInvoices' || shown === 'noBillingInfo' ? [] : PREVIEW_INVOICES);
    case BILLING_PATHS.paymentMethods:
      return ok(shown === 'noBillingInfo' ? [] : [PREVIEW_CARD]);
    default:
      return null;
  }
};

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewSubscription;
