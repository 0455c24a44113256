/**
 * `<fe-admin-subscription>`: the subscription section in each designed state (admin spec §3 "Subscription", "Plan",
 * "Invoice", "Payment method"; issue 32), preview mode (the demo account on Pro, src/admin/subscription/preview.ts),
 * no network. `Empty` is an account without a subscription ("Subscription not found.", AB-8.02); the billing states
 * (trialing, cancelled at period end, externally managed, no payment provider, no billing information, no invoices)
 * are the preview's, chosen by `parameters.billing` before the story renders.
 */
import type { StoryContext } from '@storybook/web-components-vite';
import { setPreviewBillingState, type PreviewBillingState } from '../src/admin/subscription/preview.ts';
import { adminStoriesMeta, type AdminStory, type AdminStoryArgs } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-subscription.ts';

const meta = adminStoriesMeta('Admin/Subscription', 'subscription');
const render = meta.render!;

// an object literal with a literal title: Storybook's static indexer reads the default export
export default {
  title: 'Admin/Subscription',
  component: 'fe-admin-subscription',
  ...meta,
  // the preview account's billing state of the story (`parameters.billing`, default active), then the section
  render: (args: AdminStoryArgs, context: StoryContext<AdminStoryArgs>) => {
    setPreviewBillingState((context.parameters.billing as PreviewBillingState | undefined) ?? 'active');
    return render(args, context);
  },
};

const billing = (state: PreviewBillingState): AdminStory => ({ args: { scenario: 'filled' }, parameters: { billing: state } });

/** Active on Pro: renews, a Visa card, billing details, three invoices (one unpaid). */
export const Filled: AdminStory = { args: { scenario: 'filled' } };
/** No subscription: "Subscription not found." (AB-8.02). */
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
/** On trial: "Trial ends on …". */
export const Trialing: AdminStory = billing('trialing');
/** Cancelled at period end: "Will be canceled on …" and Renew (AB-4.27). */
export const CanceledAtPeriodEnd: AdminStory = billing('canceledAtPeriodEnd');
/** Externally managed: who manages it, every action refused (AB-5.10). */
export const ExternallyManaged: AdminStory = billing('externallyManaged');
/** No payment provider: "Payment provider not configured" (AB-8.06). */
export const NoPaymentProvider: AdminStory = billing('noProvider');
/** Free, no card: "No billing information set", no invoices. */
export const NoBillingInfo: AdminStory = billing('noBillingInfo');
/** No invoices yet. */
export const NoInvoices: AdminStory = billing('noInvoices');
/** The cancel confirmation (sub-route `cancel`). */
export const CancelDialog: AdminStory = { args: { scenario: 'filled', dialog: 'cancel' } };
/** The billing details form (sub-route `billing-details`). */
export const BillingDetailsDialog: AdminStory = { args: { scenario: 'filled', dialog: 'billing-details' } };
