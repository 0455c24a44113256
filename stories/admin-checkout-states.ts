/**
 * Every state of the checkout machine (machines/admin-checkout.machine.ts) as data: the Admin/Checkout stories
 * share them. The preview account (on Pro, src/admin/subscription/preview.ts) choosing Enterprise, with the test-mode card provider (no publishable key), one story with Stripe's (a stub key:
 * the chunk placeholder until the Stripe path lands). The setup intent's secret is never in the context.
 */
import type { CheckoutInput } from '../machines/admin-checkout.machine.ts';
import type { DialogStateSpec } from './support/admin-story.tsx';

/** The input of the checkout outside a page (the no-tokens check): the preview account on Pro choosing Enterprise, no card on file. */
export const CHECKOUT_STORY_INPUT: CheckoutInput = {
  subscriptionId: 'sub-preview',
  status: 'active',
  currentPlanId: 'pro',
  paymentMethodId: null,
  planId: 'enterprise',
  planName: 'Enterprise',
  free: false,
};

const testMode = { provider: { kind: 'testMode' } };

export const adminCheckoutStates = {
  /** AB-4.28: a trialing subscription with a card on file, checking out its own plan: confirmed locally, no call. */
  confirmingLocally: { value: 'confirmingLocally', context: { status: 'trialing', paymentMethodId: 'pm-preview' } },
  loadingProvider: { value: 'loadingProvider' },
  /** The vendor has no payment provider: the server's text, and a retry. */
  providerFailed: { value: 'providerFailed', context: { error: { message: 'Payment provider not configured', statusCode: 404 } } },
  /** The test-mode card fields: billing details, card number, expiry, CVC. */
  card: { value: { card: 'idle' }, context: testMode },
  /** Stripe Elements (a publishable key): their lazy chunk. */
  stripeCard: { value: { card: 'idle' }, context: { provider: { kind: 'stripe', publishableKey: 'pk_test_story' } } },
  /** The payment runs: the button busy, the fields read-only, a second submit ignored. */
  confirmingCard: { value: { card: 'confirmingCard' }, context: testMode },
  /** A decline: the provider's message as is, the form as typed. */
  declined: { value: { card: 'idle' }, context: { ...testMode, error: { message: 'Your card was declined.' } } },
  /** A payment method on file (or a free plan): the change confirmed, no card. */
  review: { value: 'review', context: { paymentMethodId: 'pm-preview' } },
  /** The server refused the change: its message, the confirm again. */
  reviewFailed: { value: 'review', context: { paymentMethodId: 'pm-preview', error: { message: 'Plan downgrades are not allowed', statusCode: 400 } } },
  updating: { value: 'updating', context: { paymentMethodId: 'pm-preview' } },
  /** The card attached, the plan changed: the billing reads and the entitlements read again. */
  reloading: { value: 'reloading', context: { ...testMode, newPaymentMethodId: 'preview-card-new' } },
  /** Done: the page around has moved on (the toast says "You are now on Pro."). */
  done: { value: 'done', context: { ...testMode, newPaymentMethodId: 'preview-card-new' } },
} satisfies Record<string, DialogStateSpec>;
