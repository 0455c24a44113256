/**
 * The card fields of the emulator's test-mode card provider (issue 32 item 2: used when the vendor's Stripe
 * configuration has no publishable key), implementing {@link CardFields}: our own inputs for the card number, expiry
 * and security code (`autocomplete` cc-number / cc-exp / cc-csc, a numeric keyboard, pasting and spaces allowed,
 * labelled, their errors announced). The numbers go to the emulator only (`POST test-mode/setup-intents/v1/{id}/confirm`).
 *
 * `confirm(intent, billingDetails)`: the provider's decline (a 402 `{ error }`) is `{ error }`, its message as is
 * ("Your card was declined."); a card that asks for authentication (`requires_action`) shows the provider's challenge
 * page (`next_action.redirect_to_url.url`) in a dialog, waits for its `{ type: 'fe-test-mode-challenge' }` message
 * (framed through the API's root, heard from that origin and frame only), reads the intent back and ends in its payment method or its error; the
 * dialog closed first is an error of ours ("The card was not confirmed…"). A lost connection rejects.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MessageKey } from '../../../i18n/index.ts';
import type { BillingDetails, CardError, SetupIntentSecret, TestModeCard, TestModeSetupIntent } from '../../../api/billing.ts';
import { createCheckoutResource } from '../../resources/checkout.ts';
import { useSection } from '../../shell/context.ts';
import * as css from '../../ui/admin.css.ts';
import { AdminDialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/form.tsx';
import * as checkoutCss from '../checkout.css.ts';
import type { CardFieldsProps, CardSetupResult } from './provider.ts';

/** The card as typed: each field's text. */
export interface CardText {
  number: string;
  expiry: string;
  cvc: string;
}

/** The card number's digits (spaces and dashes allowed as typed or pasted), or null when it is not 12–19 digits. */
export function parseCardNumber(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** `MM / YY`, `MM/YYYY`, `MMYY` … as month and four-digit year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*[/-]\s*(\d{2}|\d{4})\s*$/.exec(text) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The security code: 3 or 4 digits. */
export function parseCvc(text: string): string | null {
  const cvc = text.trim();
  return /^\d{3,4}$/.test(cvc) ? cvc : null;
}

/** The card to send, or null while a field is incomplete. */
export function testModeCard(text: CardText): TestModeCard | null {
  const number = parseCardNumber(text.number);
  const expiry = parseExpiry(text.expiry);
  const cvc = parseCvc(text.cvc);
  return number && expiry && cvc ? { number, exp_month: expiry.month, exp_year: expiry.year, cvc } : null;
}

/** The provider's error of a refused confirm (a 402 whose `errorContext` is Stripe's error), else null. */
function declineOf(error: unknown): CardError | null {
  const e = error as { statusCode?: number; message?: string; errorContext?: Partial<CardError> } | null;
  if (e?.statusCode !== 402) return null;
  const context = e.errorContext;
  return context && typeof context.message === 'string' ? (context as CardError) : { type: 'card_error', message: e.message ?? '' };
}

/** An open challenge: the page to frame and how the wait for it ends (true: the page said it is finished). */
interface Challenge {
  url: string;
  origin: string;
  setupIntentId: string;
  finish: (finished: boolean) => void;
}

/** The test-mode card fields (see the module's comment). */
export function TestModeCardFields({ onReady, onCompleteChange, disabled }: CardFieldsProps) {
  const { t, resources } = useSection();
  const checkout = resources.use(createCheckoutResource);
  const [text, setText] = useState<CardText>({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Record<keyof CardText, boolean>>({ number: false, expiry: false, cvc: false });
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  // what confirm reads: the card as typed when the admin submits
  const current = useRef(text);
  useEffect(() => {
    current.current = text;
  }, [text]);
  const complete = testModeCard(text) !== null;

  useEffect(() => onCompleteChange(complete), [complete, onCompleteChange]);

  /** Shows the challenge page until it says it is finished (true) or the dialog is closed (false). */
  const authenticate = useCallback(
    (url: string, setupIntentId: string) =>
      new Promise<boolean>((resolve) => {
        const page = checkout.challengePage(url);
        setChallenge({
          url: page.href,
          origin: page.origin,
          setupIntentId,
          finish: (finished) => {
            setChallenge(null);
            resolve(finished);
          },
        });
      }),
    [checkout],
  );

  const confirm = useCallback(
    async (intent: SetupIntentSecret, billingDetails: BillingDetails): Promise<CardSetupResult> => {
      const card = testModeCard(current.current);
      if (!card) return { error: { type: 'validation_error', message: t('admin.checkout.cardIncomplete') } };
      let answer: TestModeSetupIntent;
      try {
        answer = await checkout.testMode.confirm(intent, card, billingDetails);
      } catch (error) {
        const decline = declineOf(error);
        if (decline) return { error: decline };
        throw error;
      }
      if (answer.status === 'requires_action' && answer.next_action) {
        if (!(await authenticate(answer.next_action.redirect_to_url.url, intent.id))) {
          return { error: { type: 'validation_error', message: t('admin.card.challengeCancelled') } };
        }
        answer = await checkout.testMode.read(intent);
      }
      if (answer.status === 'succeeded' && answer.payment_method) return { paymentMethodId: answer.payment_method };
      return { error: answer.last_setup_error ?? { type: 'card_error', message: t('admin.card.challengeCancelled') } };
    },
    [authenticate, checkout, t],
  );

  useEffect(() => onReady(confirm), [confirm, onReady]);

  // a field's problem is told once the admin has left it with something typed (an empty one: the checkout's own note)
  const field = (key: keyof CardText, spec: FieldSpec) => (
    <TextField
      label={t(spec.label)}
      fieldId={`fe-card-${key}`}
      name={spec.name}
      autoComplete={spec.autoComplete}
      inputMode="numeric"
      spellCheck={false}
      placeholder={spec.placeholder}
      maxLength={spec.maxLength}
      value={text[key]}
      onChange={(e) => setText((x) => ({ ...x, [key]: e.target.value }))}
      onBlur={() => setTouched((x) => ({ ...x, [key]: true }))}
      error={touched[key] && text[key].trim() && !spec.valid(text[key]) ? t(spec.invalid) : null}
      required
    />
  );

  return (
    <fieldset className={checkoutCss.cardFields} disabled={disabled}>
      <legend className={checkoutCss.cardLegend}>{t('admin.card.legend')}</legend>
      <p className={`${css.hint} ${css.flush}`}>{t('admin.card.testMode')}</p>
      {field('number', FIELDS.number)}
      <div className={checkoutCss.cardRow}>
        {field('expiry', FIELDS.expiry)}
        {field('cvc', FIELDS.cvc)}
      </div>
      {challenge ? <ChallengeDialog challenge={challenge} /> : null}
    </fieldset>
  );
}

/** One card field: its label, the autocomplete token the browser fills it by, how it is checked and what is told when wrong. */
interface FieldSpec {
  label: MessageKey;
  invalid: MessageKey;
  name: string;
  autoComplete: string;
  maxLength: number;
  placeholder?: string;
  valid: (text: string) => unknown;
}

/** The card number (spaces and dashes allowed: 19 digits and their separators), the expiry, the security code. */
const FIELDS: Record<keyof CardText, FieldSpec> = {
  number: { label: 'admin.card.number', invalid: 'admin.card.numberInvalid', name: 'cardnumber', autoComplete: 'cc-number', maxLength: 26, valid: parseCardNumber },
  expiry: { label: 'admin.card.expiry', invalid: 'admin.card.expiryInvalid', name: 'cc-exp', autoComplete: 'cc-exp', maxLength: 9, placeholder: 'MM / YY', valid: parseExpiry },
  cvc: { label: 'admin.card.cvc', invalid: 'admin.card.cvcInvalid', name: 'cvc', autoComplete: 'cc-csc', maxLength: 4, valid: parseCvc },
};

/**
 * The provider's challenge page in a dialog (titled; the frame takes the focus, Escape or a click outside closes it):
 * finished by the page's `fe-test-mode-challenge` message for this intent, from the page's own origin and frame only.
 */
function ChallengeDialog({ challenge }: { challenge: Challenge }) {
  const { t } = useSection();
  const frame = useRef<HTMLIFrameElement>(null);
  const hintId = useId();
  useEffect(() => {
    const heard = (event: MessageEvent) => {
      if (event.origin !== challenge.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; setupIntentId?: unknown } | null;
      if (data?.type === 'fe-test-mode-challenge' && data.setupIntentId === challenge.setupIntentId) challenge.finish(true);
    };
    window.addEventListener('message', heard);
    return () => window.removeEventListener('message', heard);
  }, [challenge]);
  return (
    <AdminDialog open onClose={() => challenge.finish(false)} title={t('admin.card.challengeTitle')}>
      <p id={hintId} className={`${css.muted} ${css.flush}`}>
        {t('admin.card.challengeHint')}
      </p>
      {/* the provider's page: framed from its own origin, the only one whose message ends the wait */}
      <iframe ref={frame} className={checkoutCss.challengeFrame} src={challenge.url} title={t('admin.card.challengeFrame')} aria-describedby={hintId} autoFocus />
    </AdminDialog>
  );
}
