/**
 * The checkout of a plan (admin spec §7 "Billing"; AB-1.04, AB-4.28, AB-4.29; issue 32 items 2 and 5): one path for
 * both card providers (src/admin/subscription/card/provider.ts).
 *
 * States:
 * - `start` (left at once) decides the way:
 *   - a trialing subscription that already has a payment method, checking out its own plan: `confirmingLocally`
 *     (AB-4.28: confirmed locally, ACTIVE, no call) → `done`;
 *   - a free plan (price 0) or a subscription with a payment method: `review` (the plan change confirmed, no card);
 *   - else `loadingProvider` (which card fields: Stripe's with a publishable key, else the test-mode provider's) →
 *     `card` (or `providerFailed`, with a retry).
 * - `card`: `idle` ⇄ `confirmingCard` (`card.submit` with the billing details, once the fields sent `card.ready`
 *   with their confirm function): a setup intent is made and confirmed with the card; a decline goes back to `idle`
 *   with the provider's message in `error` (the fields keep what was typed); the payment method attached goes on to
 *   `updating`.
 * - `review`: `checkout.confirm` → `updating`.
 * - `updating` (AB-4.29: `PUT subscriptions/v1/{id}` with the plan and the new payment method, if any) → `reloading`;
 *   refused → `review` with the error (a payment method already attached is kept: no card asked again).
 * - `reloading`: the summary, payment method, invoices and the signed-in user's entitlements read again → `done`.
 * - `done` (final).
 * Every state with a call in flight is tagged `busy` and takes no event: a second submit (a double click) is ignored,
 * so nothing is charged twice.
 *
 * Emitted: `changed` `{ planName, local }` on reaching `done` (the view's toast, then the page around it).
 * Actors (machines/admin-checkout.actors.ts): `confirmLocally`, `loadProvider`, `setUpCard`, `updateSubscription`,
 * `reload`.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import type { BillingDetails } from '../src/api/billing.ts';
import type { CardProviderConfig } from '../src/admin/resources/checkout.ts';
import type { CardSetupResult, ConfirmCard } from '../src/admin/subscription/card/provider.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { setup } from './setup.ts';

/** Which card fields the checkout shows: the emulator's test-mode provider, or Stripe Elements with this key. */
export type CardProvider = CardProviderConfig;

/** What the checkout is started with (the page's data: the subscription and the plan chosen). */
export interface CheckoutInput {
  subscriptionId: string;
  /** The subscription's raw status (`trialing`, `active` …). */
  status: string;
  /** The plan the subscription is on now. */
  currentPlanId: string;
  /** The payment method already on the subscription, if any. */
  paymentMethodId: string | null;
  /** The plan chosen. */
  planId: string;
  planName: string;
  /** Price 0 (free by its price, never by its name): no card needed. */
  free: boolean;
}

export interface CheckoutContext extends CheckoutInput {
  provider: CardProvider | null;
  /** The card fields' confirm function, once they can confirm (`card.ready`). */
  confirm: ConfirmCard | null;
  /** The payment method a card just attached (sent with the update). */
  newPaymentMethodId: string | null;
  /** The last failure: the provider's own message for a decline, else the server's or the catalogue's. */
  error: FlowError | null;
}

export type CheckoutEvent =
  { type: 'card.ready'; confirm: ConfirmCard } | { type: 'card.submit'; billingDetails: BillingDetails } | { type: 'checkout.confirm' } | { type: 'provider.retry' };

/** What `setUpCard` is given: the fields' confirm function and the billing details. */
export interface SetUpCardCall {
  confirm: ConfirmCard;
  billingDetails: BillingDetails;
}

/** What `updateSubscription` is given (AB-7.69): the plan and, when a card was just attached, its payment method. */
export interface UpdateSubscriptionCall {
  subscriptionId: string;
  planId: string;
  paymentMethodId?: string;
}

export type CheckoutEmitted = { type: 'changed'; planName: string; local: boolean };

const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
    input: {} as CheckoutInput,
  },
  actors: {
    /** AB-4.28: the trialing subscription marked active where the page reads it; no call. */
    confirmLocally: fromPromise<void, { subscriptionId: string }>(async () => {
      throw new Error('confirmLocally not provided');
    }),
    /** `GET stripe/public-configurations/v1`: the provider of the card fields. */
    loadProvider: fromPromise<CardProvider>(async () => {
      throw new Error('loadProvider not provided');
    }),
    /** `POST setup-intents`, then the fields' `confirm(intent, billingDetails)`. */
    setUpCard: fromPromise<CardSetupResult, SetUpCardCall>(async () => {
      throw new Error('setUpCard not provided');
    }),
    /** `PUT subscriptions/v1/{id}` `{ paymentMethodId?, planId }`. */
    updateSubscription: fromPromise<void, UpdateSubscriptionCall>(async () => {
      throw new Error('updateSubscription not provided');
    }),
    /** The summary, payment method, invoices and entitlements read again; never fails (the change is made). */
    reload: fromPromise<void>(async () => {
      throw new Error('reload not provided');
    }),
  },
  actions: {
    storeConfirm: assign({ confirm: ({ context, event }: { context: CheckoutContext; event: CheckoutEvent }) => (event.type === 'card.ready' ? event.confirm : context.confirm) }),
    emitChanged: emit((_, params: { planName: string; local: boolean }) => ({ type: 'changed' as const, ...params })),
  },
  guards: {
    /** AB-4.28: trialing, a payment method on file, and the plan of the trial itself. */
    confirmsLocally: ({ context }) => context.status === 'trialing' && !!context.paymentMethodId && context.planId === context.currentPlanId,
    /** A free plan, or a payment method on file (or just attached): the change needs no card. */
    needsNoCard: ({ context }) => context.free || !!context.paymentMethodId || !!context.newPaymentMethodId,
    /** The fields can confirm. */
    cardReady: ({ context }) => context.confirm !== null,
  },
});

/** The provider's decline as the machine keeps it: its message, shown as is. */
const declined = (result: CardSetupResult): FlowError | null => ('error' in result ? { message: result.error.message } : null);

export const adminCheckoutMachine = checkoutSetup.createMachine({
  id: 'adminCheckout',
  context: ({ input }) => ({ ...input, provider: null, confirm: null, newPaymentMethodId: null, error: null }),
  initial: 'start',
  on: {
    'card.ready': { actions: 'storeConfirm' },
  },
  states: {
    start: {
      always: [{ guard: 'confirmsLocally', target: 'confirmingLocally' }, { guard: 'needsNoCard', target: 'review' }, { target: 'loadingProvider' }],
    },
    confirmingLocally: {
      tags: 'busy',
      invoke: {
        src: 'confirmLocally',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: { target: 'done', actions: { type: 'emitChanged', params: ({ context }) => ({ planName: context.planName, local: true }) } },
        onError: { target: 'review', actions: assign({ error: ({ event }) => toFlowError(event.error) }) },
      },
    },
    loadingProvider: {
      tags: 'busy',
      invoke: {
        src: 'loadProvider',
        onDone: { target: 'card', actions: assign({ provider: ({ event }) => event.output, error: null }) },
        onError: { target: 'providerFailed', actions: assign({ error: ({ event }) => toFlowError(event.error) }) },
      },
    },
    providerFailed: {
      on: { 'provider.retry': 'loadingProvider' },
    },
    card: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'card.submit': { guard: 'cardReady', target: 'confirmingCard', actions: assign({ error: null }) } },
        },
        confirmingCard: {
          tags: 'busy',
          invoke: {
            src: 'setUpCard',
            input: ({ context, event }) => ({ confirm: context.confirm!, billingDetails: (event as Extract<CheckoutEvent, { type: 'card.submit' }>).billingDetails }),
            onDone: [
              { guard: ({ event }) => 'error' in event.output, target: 'idle', actions: assign({ error: ({ event }) => declined(event.output) }) },
              {
                target: '#adminCheckout.updating',
                actions: assign({ newPaymentMethodId: ({ event }) => ('paymentMethodId' in event.output ? event.output.paymentMethodId : null) }),
              },
            ],
            onError: { target: 'idle', actions: assign({ error: ({ event }) => toFlowError(event.error) }) },
          },
        },
      },
    },
    review: {
      on: { 'checkout.confirm': { target: 'updating', actions: assign({ error: null }) } },
    },
    updating: {
      tags: 'busy',
      invoke: {
        src: 'updateSubscription',
        input: ({ context }) => ({
          subscriptionId: context.subscriptionId,
          planId: context.planId,
          ...(context.newPaymentMethodId ? { paymentMethodId: context.newPaymentMethodId } : {}),
        }),
        onDone: 'reloading',
        onError: { target: 'review', actions: assign({ error: ({ event }) => toFlowError(event.error) }) },
      },
    },
    reloading: {
      tags: 'busy',
      invoke: {
        src: 'reload',
        onDone: { target: 'done', actions: { type: 'emitChanged', params: ({ context }) => ({ planName: context.planName, local: false }) } },
        onError: { target: 'done', actions: { type: 'emitChanged', params: ({ context }) => ({ planName: context.planName, local: false }) } },
      },
    },
    done: { type: 'final' },
  },
});

export type AdminCheckoutSnapshot = SnapshotFrom<typeof adminCheckoutMachine>;
