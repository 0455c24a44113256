/**
 * What the checkout shows before the admin confirms a plan change (issue 32 item 5; no peer does this): what the new
 * plan adds and removes (features by name, limits such as seats 50 → 200 or unlimited). Pure: no React, no API. The
 * price (money in minor units) and "free by its price" are the section's (../model.ts `formatMoney`, `isFree`).
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
  /** Features of the new plan the current one lacks, and those the current has and the new one lacks (by key). */
  added: Plan['features'];
  removed: Plan['features'];
  /** The limits whose value differs, in {@link LIMIT_KEYS} order. */
  limits: LimitChange[];
}

/** A plan's limit: a number, or null when the plan sets none (unlimited). */
export const limitOf = (plan: Pick<Plan, 'limits'>, key: keyof PlanLimits): number | null => plan.limits?.[key] ?? null;

/** What changes from `current` to `next` (features by key, limits by value). */
export function planDiff(current: Pick<Plan, 'features' | 'limits'>, next: Pick<Plan, 'features' | 'limits'>): PlanDiff {
  const has = (plan: Pick<Plan, 'features'>, key: string) => (plan.features ?? []).some((f) => f.key === key);
  const limits = LIMIT_KEYS.flatMap((key): LimitChange[] => {
    const from = limitOf(current, key);
    const to = limitOf(next, key);
    return from === to ? [] : [{ key, from, to, more: to === null || (from !== null && to > from) }];
  });
  return {
    added: (next.features ?? []).filter((f) => !has(current, f.key)),
    removed: (current.features ?? []).filter((f) => !has(next, f.key)),
    limits,
  };
}
