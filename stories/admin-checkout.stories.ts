/**
 * The checkout of a plan in the subscription section (`#/admin/subscription/checkout:<planId>`; issue 32 items 2 and
 * 5; AB-1.04, AB-4.28, AB-4.29): a story per state of its flow (stories/admin-checkout-states.ts), preview mode, no
 * network. Pro → Enterprise: what it adds (Audit export, Priority support; seats 200 → unlimited …), its price per month, then
 * the test-mode card fields (or Stripe's with a key), a decline kept as typed, the confirm-only step of an account
 * with a card on file.
 */
import { adminCheckoutStates } from './admin-checkout-states.ts';
import { adminStoriesMeta, dialogStateStory, type AdminStory } from './support/admin-story.tsx';
import './support/admin-dialogs.ts';
import '../elements/admin/fe-admin-subscription.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Checkout', component: 'fe-admin-subscription', ...adminStoriesMeta('Admin/Checkout', 'subscription') };

const checkout = dialogStateStory('fe-admin-checkout', adminCheckoutStates, 'checkout:enterprise');
/** AB-4.28: on trial with a card on file, its own plan: confirmed locally, no call. */
export const ConfirmingLocally: AdminStory = checkout('confirmingLocally');
export const LoadingProvider: AdminStory = checkout('loadingProvider');
/** No payment provider: "Payment provider not configured", with a retry. */
export const ProviderFailed: AdminStory = checkout('providerFailed');
/** The plan diff, the billing details and the test-mode card fields. */
export const Card: AdminStory = checkout('card');
/** Stripe Elements (a publishable key): their lazy chunk. */
export const StripeCard: AdminStory = checkout('stripeCard');
/** The payment runs: busy, a second submit ignored. */
export const ConfirmingCard: AdminStory = checkout('confirmingCard');
/** "Your card was declined.": the provider's message, the form as typed. */
export const Declined: AdminStory = checkout('declined');
/** A card on file (or a free plan): confirm only. */
export const Review: AdminStory = checkout('review');
export const ReviewFailed: AdminStory = checkout('reviewFailed');
export const Updating: AdminStory = checkout('updating');
export const Reloading: AdminStory = checkout('reloading');
/** Done: the page around has moved on. */
export const Done: AdminStory = checkout('done');
