/**
 * The card form of a checkout, one client path for both providers (issue 32 item 2): the emulator's test-mode card
 * provider (our own inputs; used when the vendor's Stripe configuration has no publishable key) or Stripe Elements
 * (`stripe-card.tsx`, a lazy chunk loaded only with a publishable key). The checkout renders the provider's
 * {@link CardFieldsProps} component, gets a {@link ConfirmCard} from it through `onReady`, makes a setup intent
 * (`POST stripe/setup-intents/v1`), and confirms it with that function; then it updates the subscription with the
 * payment method (AB-4.29).
 */
import type { ComponentType } from 'react';
import type { BillingDetails, CardError, SetupIntentSecret } from '../../../api/billing.ts';

/** What confirming a card ends in: the payment method attached, or the provider's error (its message shown as is). */
export type CardSetupResult = { paymentMethodId: string } | { error: CardError };

/**
 * Confirms `intent` with the card in the fields (and any challenge the card asks for: the test-mode page, or Stripe's
 * own). Never rejects for a decline: a decline is `{ error }`; a lost connection rejects.
 */
export type ConfirmCard = (intent: SetupIntentSecret, billingDetails: BillingDetails) => Promise<CardSetupResult>;

/** Props of a provider's card fields. */
export interface CardFieldsProps {
  /** Called once the fields can confirm (Stripe: after Elements mounted), with the function that does it. */
  onReady: (confirm: ConfirmCard) => void;
  /** Whether the fields are complete enough to try (Stripe's `complete`; test mode: number, expiry and CVC typed). */
  onCompleteChange: (complete: boolean) => void;
  /** While a confirmation runs: the fields are read-only. */
  disabled: boolean;
}

/** A provider's card fields component. */
export type CardFields = ComponentType<CardFieldsProps>;
