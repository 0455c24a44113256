/**
 * The subscription section's rules, pure (admin spec §3 "Subscription", "Plan", "Invoice"; §4 billing; issue 32 item 1):
 * the status shown for a raw status (AB-4.24, AB-4.25), when cancel and renew are offered (AB-4.26, AB-4.27), how a
 * plan compares with the current one (tier order, free by price 0), money in minor units as the locale writes it in
 * the plan's currency (AB-9.18), and an invoice PDF's file name.
 */
import type { Plan, Subscription, SubscriptionStatus, VendorBillingConfiguration } from '../../api/billing.ts';

/** Raw status → status shown (AB-4.24); anything else is EXPIRED (AB-4.25). */
const STATUS_OF_RAW: Readonly<Record<string, SubscriptionStatus>> = Object.freeze({
  active: 'ACTIVE',
  incomplete: 'INCOMPLETE',
  canceled: 'CANCELED',
  expired: 'EXPIRED',
  trialing: 'TRIALING',
  trialEnded: 'TRIAL_ENDED',
});

/** The status the portal shows for a subscription's raw `status` (AB-4.24); an unknown value is EXPIRED (AB-4.25). */
export function statusOf(raw: string | null | undefined): SubscriptionStatus {
  return (raw && Object.hasOwn(STATUS_OF_RAW, raw) ? STATUS_OF_RAW[raw] : undefined) ?? 'EXPIRED';
}

/**
 * Whether cancelling is offered (AB-4.26): the subscription is ACTIVE with no cancellation and the vendor allows
 * cancellations (`allowPlanCancellation`). An externally managed account sees it refused (AB-5.10), not hidden.
 */
export function canCancel(subscription: Subscription, vendor: VendorBillingConfiguration | undefined): boolean {
  return statusOf(subscription.status) === 'ACTIVE' && !subscription.cancellation && vendor?.allowPlanCancellation !== false;
}

/** Whether renewing is offered (AB-4.27): the cancellation policy is atPeriodEnd. */
export function canRenew(subscription: Subscription): boolean {
  return subscription.cancellation?.policy === 'atPeriodEnd';
}

/** Which line of dates the subscription shows: the trial's end, the cancellation's date, or the renewal. */
export type PeriodLine = { kind: 'trialEnds' | 'willBeCanceled' | 'renews'; date: string } | null;

/**
 * The subscription's date line: "Trial ends on …" while TRIALING (its trial end, else the period end), "Will be
 * canceled on …" (the period end) once cancelled at period end, "Renews on …" (the period end) while ACTIVE; none
 * for a canceled, expired, incomplete or ended-trial one.
 */
export function periodLine(subscription: Subscription): PeriodLine {
  const status = statusOf(subscription.status);
  if (status === 'TRIALING') return { kind: 'trialEnds', date: subscription.trialEnd ?? subscription.currentPeriodEnd };
  if (subscription.cancellation?.policy === 'atPeriodEnd' && (status === 'ACTIVE' || status === 'INCOMPLETE'))
    return { kind: 'willBeCanceled', date: subscription.currentPeriodEnd };
  if (status === 'ACTIVE') return { kind: 'renews', date: subscription.currentPeriodEnd };
  return null;
}

/** Plans in tier order (then price, then name): the order shown and the one up- and downgrades follow. */
export function byTier(plans: readonly Plan[]): Plan[] {
  return [...plans].sort((a, b) => a.tier - b.tier || a.price.amount - b.price.amount || a.name.localeCompare(b.name));
}

/** A free plan: its price is 0 (whatever its name says). */
export function isFree(plan: Pick<Plan, 'price'>): boolean {
  return plan.price.amount === 0;
}

/** How `plan` relates to the current plan `current`: the same, higher (upgrade) or lower (downgrade) in tier order. */
export type PlanMove = 'current' | 'upgrade' | 'downgrade';

/** `plan` against `current` (no current plan: every plan is an upgrade). Tier decides; a tie is decided by price. */
export function planMove(plan: Plan, current: Plan | undefined): PlanMove {
  if (!current) return 'upgrade';
  if (plan.id === current.id) return 'current';
  const diff = plan.tier - current.tier || plan.price.amount - current.price.amount;
  return diff < 0 ? 'downgrade' : 'upgrade';
}

/** Whether a move is offered: an upgrade always, a downgrade when the vendor allows it (`allowPlanDowngrade`). */
export function canMoveTo(move: PlanMove, vendor: VendorBillingConfiguration | undefined): boolean {
  return move === 'upgrade' || (move === 'downgrade' && vendor?.allowPlanDowngrade !== false);
}

/**
 * An amount in integer minor units of `currency` (ISO 4217, any case; e.g. cents of `usd`, yen of `jpy`) as `locale`
 * writes it, with Intl.NumberFormat: the currency's own number of decimals (JPY 123456 → "¥123,456", USD 2900 →
 * "$29.00"). An unknown currency code falls back to the number with two decimals and the code.
 */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const code = (currency || 'usd').toUpperCase();
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale || 'en', { style: 'currency', currency: code });
  } catch {
    return `${(minorUnits / 100).toFixed(2)} ${code}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}

/** The file name of an invoice's PDF, by its payment date (UTC): `invoice_<ddMMyyyy>.pdf`, e.g. `invoice_31122025.pdf`. */
export function invoiceFileName(paymentDate: string): string {
  const date = new Date(paymentDate);
  if (Number.isNaN(date.getTime())) return 'invoice.pdf';
  const two = (n: number) => String(n).padStart(2, '0');
  return `invoice_${two(date.getUTCDate())}${two(date.getUTCMonth() + 1)}${date.getUTCFullYear()}.pdf`;
}

/** A card's expiry as the card shows it: `MM/YY`. */
export function cardExpiry(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}
