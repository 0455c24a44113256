/**
 * Stripe Elements card fields (issue 32 item 2; contract: ./provider.ts): the lazy chunk the checkout loads only when
 * the vendor's Stripe configuration has a publishable key (`stripe/public-configurations/v1`). Stripe.js comes from
 * `https://js.stripe.com` through the library's Trusted Types policy (./stripe-script.ts); the card field is Stripe's
 * `CardElement`, mounted in a light-DOM child of the element and projected through a slot (src/admin/ui/
 * light-dom-slot.tsx: Stripe Elements refuse a shadow root). Confirming = `stripe.confirmCardSetup(secret, { payment_method:
 * { card, billing_details } })`; Stripe shows its own authentication (3-D Secure) when the card asks for it.
 */
import { useStore } from '@nanostores/react';
import { CardElement, Elements } from '@stripe/react-stripe-js';
import type { BillingDetails as StripeBillingDetails, Stripe, StripeCardElement, StripeCardElementOptions, StripeElementLocale, StripeError } from '@stripe/stripe-js';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { BillingDetails, CardError, SetupIntentSecret } from '../../../api/billing.ts';
import { useSection } from '../../shell/context.ts';
import * as css from '../../ui/admin.css.ts';
import { LightDomSlot } from '../../ui/light-dom-slot.tsx';
import { ErrorSlot, Loading } from '../../ui/states.tsx';
import type { CardFieldsProps, CardSetupResult } from './provider.ts';
import { loadStripeJs } from './stripe-script.ts';

/** One Stripe object per publishable key and page (Stripe's advice), shared by every card field; a failed load is forgotten. */
const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripeJs(publishableKey);
    stripes.set(publishableKey, stripe);
    stripe.catch(() => stripes.delete(publishableKey));
  }
  return stripe;
}

/** Stripe's own CardError types; anything else it may answer (authentication, rate limit …) is shown as `api_error`. */
const CARD_ERROR_TYPES = new Set<string>(['card_error', 'invalid_request_error', 'api_error', 'validation_error'] satisfies CardError['type'][]);

/**
 * Stripe's error as the contract's {@link CardError} (type, code, decline code, and Stripe's message, shown as is).
 * @throws Error for a connection failure (`api_connection_error`): the contract's "a lost connection rejects".
 */
export function cardErrorOf(error: StripeError, fallback: string): CardError {
  if (error.type === 'api_connection_error') throw new Error(error.message ?? 'Stripe could not be reached');
  return {
    type: CARD_ERROR_TYPES.has(error.type) ? (error.type as CardError['type']) : 'api_error',
    ...(error.code ? { code: error.code } : {}),
    ...(error.decline_code ? { decline_code: error.decline_code } : {}),
    message: error.message || fallback,
  };
}

/**
 * Our billing details as Stripe's `billing_details` (its address field names; empty values left out, Stripe refuses
 * them). The postal code is left out too: Stripe's card field asks for it (the card's own, which the issuer checks).
 */
export function stripeBillingDetails(details: BillingDetails): StripeBillingDetails {
  const given = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as T;
  const a = details.address ?? {};
  const address = given({ line1: a.addressLine1, line2: a.addressLine2, city: a.city, state: a.state, country: a.country });
  return { ...given({ name: details.name, email: details.email }), ...(Object.keys(address).length ? { address } : {}) } as StripeBillingDetails;
}

/**
 * Confirms the setup intent with the card in `card` (Stripe's `confirmCardSetup`, which runs 3-D Secure when the card
 * asks for it): the payment method attached, or Stripe's error. `notConfirmed` is the message when Stripe answers
 * without an error but the intent did not succeed.
 * @throws Error when Stripe cannot be reached (the contract: a lost connection rejects).
 */
export async function confirmCardSetup(
  stripe: Stripe,
  card: StripeCardElement,
  intent: SetupIntentSecret,
  billingDetails: BillingDetails,
  notConfirmed: string,
): Promise<CardSetupResult> {
  const { setupIntent, error } = await stripe.confirmCardSetup(intent.setupIntentSecret, { payment_method: { card, billing_details: stripeBillingDetails(billingDetails) } });
  if (error) return { error: cardErrorOf(error, notConfirmed) };
  const method = setupIntent?.payment_method;
  const paymentMethodId = typeof method === 'string' ? method : method?.id;
  if (setupIntent?.status !== 'succeeded' || !paymentMethodId) return { error: { type: 'api_error', message: notConfirmed } };
  return { paymentMethodId };
}

/** Stripe's locale of the app's (`de-AT` → `de`; one Stripe has no texts for → `auto`, the browser's). */
const STRIPE_LOCALES = new Set('ar bg cs da de el en es et fi fil fr he hr hu id it ja ko lt lv ms mt nb nl no pl pt ro ru sk sl sv th tr vi zh'.split(' '));
function stripeLocale(locale: string): StripeElementLocale {
  const language = locale.split('-')[0].toLowerCase();
  return (STRIPE_LOCALES.has(language) ? language : 'auto') as StripeElementLocale;
}

/**
 * The card field's look inside Stripe's frame (which inherits nothing from the page): the colours and font of the
 * light-DOM node, which it has from the slot it is shown in (and `--fe-field-*`, admin.css.ts).
 */
function cardStyle(node: HTMLElement): StripeCardElementOptions['style'] {
  const s = getComputedStyle(node);
  const color = s.color;
  const invalid = s.getPropertyValue('--fe-field-invalid').trim() || color;
  return {
    base: { color, iconColor: color, fontFamily: s.fontFamily, fontSize: s.fontSize, '::placeholder': { color: s.getPropertyValue('--fe-field-placeholder').trim() || color } },
    invalid: { color: invalid, iconColor: invalid },
  };
}

/** Changes on every change of the colour scheme (the card's colours are read again). */
function useColorScheme(): boolean {
  const [dark, setDark] = useState(() => matchMedia('(prefers-color-scheme: dark)').matches);
  useEffect(() => {
    const query = matchMedia('(prefers-color-scheme: dark)');
    const change = () => setDark(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return dark;
}

/**
 * The Stripe card fields (default export: the lazy chunk's component): "Card details" with Stripe's card field (number,
 * expiry, CVC and, where the card's country has one, postal code), progress while Stripe.js loads, and an error with
 * "Try again" when it cannot be loaded. Needs a section around it (`useSection`: texts and locale).
 * @param props.publishableKey the vendor's Stripe publishable key (`pk_…`).
 */
export default function StripeCardFields({ publishableKey, onReady, onCompleteChange, disabled }: CardFieldsProps & { publishableKey: string }) {
  const { t } = useSection();
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    stripeFor(publishableKey).then(
      (s) => live && (s ? setStripe(s) : setFailed(true)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);
  const labelId = useId();
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  return (
    <div className={css.field} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={css.label}>
        {t('admin.subscription.stripe.card')}
      </span>
      {failed ? (
        <ErrorSlot error={{ message: t('admin.subscription.stripe.unavailable') }} retry={retry} />
      ) : stripe ? (
        <StripeCard stripe={stripe} onReady={onReady} onCompleteChange={onCompleteChange} disabled={disabled} />
      ) : (
        <Loading label={t('admin.subscription.stripe.loading')} />
      )}
    </div>
  );
}

/** Stripe's `CardElement` in the light DOM, its state on the node (focus, invalid, disabled) and Stripe's message under it. */
function StripeCard({ stripe, onReady, onCompleteChange, disabled }: CardFieldsProps & { stripe: Stripe }) {
  const { t, app } = useSection();
  const locale = useStore(app.i18n.$locale);
  const elementsOptions = useMemo(() => ({ locale: stripeLocale(locale) }), [locale]);
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [focused, setFocused] = useState(false);
  const [message, setMessage] = useState('');
  const dark = useColorScheme();
  const options = useMemo<StripeCardElementOptions | null>(
    () => (node ? { style: cardStyle(node), disabled } : null),
    // `dark`: the colours read from the node change with the scheme
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [node, disabled, dark],
  );
  const notConfirmed = t('admin.subscription.stripe.notConfirmed');
  const ready = useCallback(
    (card: StripeCardElement) => onReady((intent, billingDetails) => confirmCardSetup(stripe, card, intent, billingDetails, notConfirmed)),
    [stripe, onReady, notConfirmed],
  );
  return (
    <>
      <LightDomSlot variant="field" state={{ focused, invalid: !!message, disabled }} onNode={setNode}>
        {options ? (
          <Elements stripe={stripe} options={elementsOptions}>
            <CardElement
              options={options}
              onReady={ready}
              onFocus={() => setFocused(true)}
              onBlur={() => setFocused(false)}
              onChange={(e) => {
                onCompleteChange(e.complete);
                setMessage(e.error?.message ?? '');
              }}
            />
          </Elements>
        ) : null}
      </LightDomSlot>
      <span className={css.fieldError} aria-live="polite">
        {message}
      </span>
    </>
  );
}
