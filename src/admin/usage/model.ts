/** Pure helpers of the usage section (AB-6.01): how full a limit is, and the order limits are shown in. */
import type { PlanLimits, Usage, UsageLimit } from '../../api/billing.ts';

/** The share of a limit at which the section warns that it is nearly used up (80 %). */
export const NEAR_LIMIT = 0.8;

/** The limits a plan may set, in the order the section shows them. */
export const USAGE_LIMIT_KEYS = ['seats', 'apiTokens', 'ssoConnections'] as const satisfies readonly (keyof PlanLimits)[];

/**
 * How full limit `l` is: `unlimited` (no limit, `limit: null`), `reached` (in use ≥ the limit: the next one is
 * refused), `near` (in use ≥ {@link NEAR_LIMIT} of it), else `ok`.
 */
export type UsageLevel = 'unlimited' | 'ok' | 'near' | 'reached';

/** The {@link UsageLevel} of one limit. */
export function usageLevel(l: Pick<UsageLimit, 'limit' | 'used'>): UsageLevel {
  if (l.limit === null) return 'unlimited';
  if (l.used >= l.limit) return 'reached';
  return l.used >= l.limit * NEAR_LIMIT ? 'near' : 'ok';
}

/** What share of limit `l` is in use, in whole percent from 0 to 100 (over the limit is 100; unlimited is 0). */
export function usagePercent(l: Pick<UsageLimit, 'limit' | 'used'>): number {
  if (l.limit === null) return 0;
  if (l.limit <= 0) return l.used > 0 ? 100 : 0;
  return Math.min(100, Math.round((l.used / l.limit) * 100));
}

/** The limits of `usage` in the section's order (keys it does not know after them, as answered). */
export function orderedLimits(usage: Pick<Usage, 'limits'>): UsageLimit[] {
  const rank = (l: UsageLimit) => {
    const i = (USAGE_LIMIT_KEYS as readonly string[]).indexOf(l.key);
    return i < 0 ? USAGE_LIMIT_KEYS.length : i;
  };
  return [...usage.limits].sort((a, b) => rank(a) - rank(b));
}

/** True when the account has no plan (the answer names none): the section says so instead of features and limits. */
export function hasNoPlan(usage: Pick<Usage, 'planId'>): boolean {
  return !usage.planId;
}
