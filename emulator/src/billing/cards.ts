/**
 * The cards of the emulator's test-mode card provider (issue 32 item 2; `routes/admin/card-provider.ts`): Stripe's
 * published test cards and what each does, the checks Stripe makes on a card (Luhn, expiry, CVC), the brand read from
 * the number, and the errors in Stripe's shape `{ type, code, decline_code?, message }` with Stripe's own sentences.
 *
 * Nothing here keeps a card: {@link checkCard} answers what may be stored (brand, last 4, expiry) and never the
 * number or the CVC.
 */

/** An error in Stripe's shape (src/api/billing.ts `CardError`): `message` is shown to the payer as is. */
export interface CardError {
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'validation_error';
  code?: string;
  decline_code?: string;
  message: string;
}

/** The card as the test-mode confirm takes it (Stripe's `card` of a PaymentMethod's creation). */
export interface CardInput {
  number?: unknown;
  exp_month?: unknown;
  exp_year?: unknown;
  cvc?: unknown;
}

/** What may be kept of a card: never the number or the CVC. */
export interface CardFacts {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * What a test card does once its checks pass:
 * - `succeed`: the setup intent succeeds (a payment method is made);
 * - `decline`: the setup intent fails with `error`;
 * - `challenge`: it asks for authentication (the challenge page); `failsChallenge`: it fails even when completed;
 * - `failsCharges`: it attaches, but every later charge (a plan change, a renewal) fails.
 */
export type CardBehaviour = { kind: 'succeed'; failsCharges: boolean } | { kind: 'decline'; error: CardError } | { kind: 'challenge'; failsChallenge: boolean };

const declined = (code: string, message: string, declineCode?: string): CardError => ({
  type: 'card_error',
  code,
  ...(declineCode ? { decline_code: declineCode } : {}),
  message,
});

/** Stripe's texts of the errors the provider answers. */
export const CARD_ERRORS = {
  genericDecline: declined('card_declined', 'Your card was declined.', 'generic_decline'),
  insufficientFunds: declined('card_declined', 'Your card has insufficient funds.', 'insufficient_funds'),
  expiredCard: declined('expired_card', 'Your card has expired.'),
  incorrectCvc: declined('incorrect_cvc', "Your card's security code is incorrect."),
  processingError: declined('processing_error', 'An error occurred while processing your card. Try again in a little bit.'),
  incorrectNumber: declined('incorrect_number', 'Your card number is invalid.'),
  invalidNumber: declined('invalid_number', 'Your card number is invalid.'),
  invalidExpiryMonth: declined('invalid_expiry_month', "Your card's expiration month is invalid."),
  invalidExpiryYear: declined('invalid_expiry_year', "Your card's expiration year is invalid."),
  invalidCvc: declined('invalid_cvc', "Your card's security code is invalid."),
  liveCardInTestMode: declined(
    'card_declined',
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    'test_mode_live_card',
  ),
  authenticationFailure: {
    type: 'invalid_request_error',
    code: 'setup_intent_authentication_failure',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} as const satisfies Record<string, CardError>;

/**
 * Stripe's published test cards with a behaviour of their own (any future expiry, any CVC of the brand's length).
 * The README's table lists them.
 */
export const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': { kind: 'succeed', failsCharges: false },
  '4000000000000002': { kind: 'decline', error: CARD_ERRORS.genericDecline },
  '4000000000009995': { kind: 'decline', error: CARD_ERRORS.insufficientFunds },
  '4000000000000069': { kind: 'decline', error: CARD_ERRORS.expiredCard },
  '4000000000000127': { kind: 'decline', error: CARD_ERRORS.incorrectCvc },
  '4000000000000119': { kind: 'decline', error: CARD_ERRORS.processingError },
  '4000002760003184': { kind: 'challenge', failsChallenge: false },
  '4000008400001629': { kind: 'challenge', failsChallenge: true },
  '4000000000000341': { kind: 'succeed', failsCharges: true },
};

/** Stripe's published test cards of the other brands: they succeed, as 4242… does. */
export const BRAND_TEST_CARDS: readonly string[] = [
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '5105105105105100', // Mastercard (prepaid)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '6011000990139424', // Discover
  '6011981111111113', // Discover (debit)
  '3056930009020004', // Diners Club
  '36227206271667', // Diners Club (14 digits)
  '6555900000604105', // BCcard and DinaCard
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
];

/** The number without the spaces and dashes people type; '' for anything that is not a string of digits. */
export function normaliseNumber(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const digits = String(value).replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : '';
}

/** True when `digits` pass the Luhn check (mod 10). */
export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The brand Stripe reports for a number (its PaymentMethod `card.brand`): visa, mastercard, amex, discover, diners,
 * jcb, unionpay, else `unknown`.
 */
export function brandOf(digits: string): string {
  const prefix = (n: number) => Number(digits.slice(0, n));
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(30[0-5]|3095|36|3[89])/.test(digits)) return 'diners';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

const wholeNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
};

/**
 * Checks a card as Stripe does before it looks at what the card does: the number (digits, 12–19 of them, Luhn),
 * the expiry (month 1–12; a two-digit year is 20xx; not before this month on the emulator clock `now`, at most 50
 * years ahead) and the CVC (3 digits, 4 for American Express); then the test card's behaviour. A number that passes
 * the checks but is not one of Stripe's test cards is declined as Stripe's test mode declines a real card.
 * @returns what may be kept of the card and what it does, or the first error in Stripe's shape
 */
export function checkCard(card: CardInput, now: number): { facts: CardFacts; behaviour: CardBehaviour } | { error: CardError } {
  const digits = normaliseNumber(card.number);
  if (digits.length < 12 || digits.length > 19) return { error: CARD_ERRORS.invalidNumber };
  if (!luhn(digits)) return { error: CARD_ERRORS.incorrectNumber };
  const month = wholeNumber(card.exp_month);
  if (month === undefined || month < 1 || month > 12) return { error: CARD_ERRORS.invalidExpiryMonth };
  const givenYear = wholeNumber(card.exp_year);
  if (givenYear === undefined) return { error: CARD_ERRORS.invalidExpiryYear };
  const year = givenYear < 100 ? 2000 + givenYear : givenYear;
  const today = new Date(now);
  const thisYear = today.getUTCFullYear();
  if (year < thisYear || year > thisYear + 50) return { error: CARD_ERRORS.invalidExpiryYear };
  if (year === thisYear && month < today.getUTCMonth() + 1) return { error: CARD_ERRORS.invalidExpiryMonth };
  const brand = brandOf(digits);
  const cvc = typeof card.cvc === 'string' || typeof card.cvc === 'number' ? String(card.cvc).trim() : '';
  if (!new RegExp(`^\\d{${brand === 'amex' ? 4 : 3}}$`).test(cvc)) return { error: CARD_ERRORS.invalidCvc };
  const behaviour =
    TEST_CARDS[digits] ?? (BRAND_TEST_CARDS.includes(digits) ? { kind: 'succeed', failsCharges: false } : { kind: 'decline', error: CARD_ERRORS.liveCardInTestMode });
  return { facts: { brand, last4: digits.slice(-4), expMonth: month, expYear: year }, behaviour };
}
