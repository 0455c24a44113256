/**
 * What the checkout shows before the admin confirms a plan change (issue 32 item 5; no peer does this): what the new
 * plan adds and removes (features by name, limits such as seats 50 → 200 or unlimited) and its price per month as
 * money. Pure: no React, no API.
 */
import type { Plan, PlanLimits } from '../../../api/billing.ts';

/** The limits a plan may carry, in the order they are shown. */
export const LIMIT_KEYS = ['seats', 'apiTokens', 'ssoConnections'] as const satisfies readonly (keyof PlanLimits)[];

/** A limit that changes: its value on the current plan and on the new one (null = unlimited). */
export interface LimitChange {
  key: keyof PlanLimits;
  from: number | null;
  to: number | null;
  /** More room on the new plan (unlimited is the most). */
  more: boolean;
}

/** What changes from `current` to `next`. */
export interface PlanDiff {
  /** By tier: `upgrade` to a higher one, `downgrade` to a lower one, `same` otherwise. */
  direction: 'upgrade' | 'downgrade' | 'same';
  /** Features of the new plan the current one lacks, and those the current has and the new one lacks (by key). */
  added: Plan['features'];
  removed: Plan['features'];
  /** The limits whose value differs, in {@link LIMIT_KEYS} order. */
  limits: LimitChange[];
}

/** A plan's limit: a number, or null when the plan sets none (unlimited). */
export const limitOf = (plan: Pick<Plan, 'limits'>, key: keyof PlanLimits): number | null => plan.limits?.[key] ?? null;

/** What changes from `current` to `next` (features by key, limits by value). */
export function planDiff(current: Pick<Plan, 'tier' | 'features' | 'limits'>, next: Pick<Plan, 'tier' | 'features' | 'limits'>): PlanDiff {
  const has = (plan: Pick<Plan, 'features'>, key: string) => (plan.features ?? []).some((f) => f.key === key);
  const limits = LIMIT_KEYS.flatMap((key): LimitChange[] => {
    const from = limitOf(current, key);
    const to = limitOf(next, key);
    return from === to ? [] : [{ key, from, to, more: to === null || (from !== null && to > from) }];
  });
  return {
    direction: next.tier > current.tier ? 'upgrade' : next.tier < current.tier ? 'downgrade' : 'same',
    added: (next.features ?? []).filter((f) => !has(current, f.key)),
    removed: (current.features ?? []).filter((f) => !has(next, f.key)),
    limits,
  };
}

/** A plan is free by its price (0), never by its name (issue 32 item 1). */
export const isFree = (plan: Pick<Plan, 'price'>): boolean => plan.price.amount === 0;

/**
 * An amount in integer minor units of `currency` as money in `locale` (AB-9.18): the currency's own number of minor
 * digits (cents for USD, none for JPY: 123456 JPY is ¥123,456).
 * @example formatMoney(2900, 'usd', 'en') === '$29.00'
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
