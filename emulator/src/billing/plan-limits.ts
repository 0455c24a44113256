/**
 * The limits an account's plan sets (issue 32 item 6; AB-6.01): seats (the account's users, invited ones included),
 * API tokens (tenant and personal, client credentials and access tokens) and SSO connections (its SSO
 * configurations). The plan of an account is its `billing_subscriptions.plan_id` → `billing_plans.limits`; a limit
 * absent from the plan, or an account without a subscription row, is unlimited.
 *
 * {@link enforcePlanLimit} is called by every route that adds one of these (users: invite, create, bulk invite, SCIM
 * create; API tokens: tenant and personal; SSO configurations) before it adds; it answers 400 with the contract's
 * text. It reads the plan with one indexed query (the subscription's unique tenant key), locked `FOR UPDATE` so two
 * requests of the account add one at a time on Postgres, and counts with one more only when the plan sets that limit.
 * The emulator's scale seed (`/_emulator/seed-users`, `--seed-users`) inserts directly and is never refused.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiTokens, billingPlans, billingSubscriptions, ssoConfigurations, userTenants, users, type BillingPlanLimits } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';

/** A limit of a plan. */
export type LimitKey = keyof Required<BillingPlanLimits>;

/** The limits, in the order the usage answer lists them. */
export const LIMIT_KEYS: readonly LimitKey[] = ['seats', 'apiTokens', 'ssoConnections'];

/** The noun of each limit in the refusal's text. */
const NOUN: Record<LimitKey, string> = { seats: 'users', apiTokens: 'API tokens', ssoConnections: 'SSO connections' };

/** The refusal's text: `Your plan allows <n> users. Upgrade the plan to add more.` (and API tokens, SSO connections). */
export const limitReachedMessage = (key: LimitKey, limit: number): string => `Your plan allows ${limit} ${NOUN[key]}. Upgrade the plan to add more.`;

/** The plan of account `tenantId` (undefined: no subscription row, so no limits); `lock` locks the subscription row. */
export async function accountPlan(db: Db, tenantId: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select({ plan: billingPlans })
    .from(billingSubscriptions)
    .innerJoin(billingPlans, eq(billingPlans.id, billingSubscriptions.planId))
    .where(eq(billingSubscriptions.tenantId, tenantId));
  const [row] = await (opts.lock ? query.for('update', { of: billingSubscriptions }) : query);
  return row?.plan;
}

/** The limit `key` of a plan's limits: a whole number ≥ 0, or null (unlimited). */
export function limitOf(limits: BillingPlanLimits | undefined, key: LimitKey): number | null {
  const value = limits?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
}

/** How many of `key` account `tenantId` has (one indexed count). */
export async function countInUse(db: Db, tenantId: string, key: LimitKey): Promise<number> {
  const [row] =
    key === 'seats'
      ? await db.select({ n: count() }).from(userTenants).where(eq(userTenants.tenantId, tenantId))
      : key === 'apiTokens'
        ? await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.tenantId, tenantId))
        : await db.select({ n: count() }).from(ssoConfigurations).where(eq(ssoConfigurations.tenantId, tenantId));
  return Number(row?.n ?? 0);
}

/**
 * Refuses adding `adding` more of `key` to account `tenantId` when that would pass its plan's limit. Call it inside
 * the request's transaction, before the insert.
 * @throws HttpError 400 `Your plan allows <n> users. Upgrade the plan to add more.` (errorCode `ER-PLAN-LIMIT`,
 *   context `{ limit: key, allowed: n }`)
 */
export async function enforcePlanLimit(db: Db, tenantId: string, key: LimitKey, adding = 1): Promise<void> {
  const plan = await accountPlan(db, tenantId, { lock: true });
  const limit = limitOf(plan?.limits, key);
  if (limit === null) return;
  if ((await countInUse(db, tenantId, key)) + adding > limit) throw badRequest(limitReachedMessage(key, limit), 'ER-PLAN-LIMIT', { limit: key, allowed: limit });
}

/** Who holds a limit: at most {@link HOLDERS_MAX} of them, oldest first. */
export const HOLDERS_MAX = 50;

/**
 * The holders of `key` in account `tenantId`: users (name, else email); tokens: an account token by its description, a
 * personal one by its user; SSO configurations by type and domains.
 */
export async function holdersOf(db: Db, tenantId: string, key: LimitKey): Promise<{ id: string; name: string }[]> {
  if (key === 'seats') {
    const rows = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(userTenants)
      .innerJoin(users, eq(users.id, userTenants.userId))
      .where(eq(userTenants.tenantId, tenantId))
      .orderBy(asc(userTenants.createdAt), asc(users.id))
      .limit(HOLDERS_MAX);
    return rows.map((r) => ({ id: r.id, name: r.name?.trim() || r.email }));
  }
  if (key === 'apiTokens') {
    // an account token by its description; a personal one by its user (another user's token descriptions stay theirs)
    const rows = await db
      .select({ id: apiTokens.id, description: apiTokens.description, owner: apiTokens.owner, userName: users.name, userEmail: users.email })
      .from(apiTokens)
      .leftJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tenantId, tenantId))
      .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id))
      .limit(HOLDERS_MAX);
    return rows.map((r) => ({ id: r.id, name: r.owner === 'user' ? r.userName?.trim() || r.userEmail || r.description : r.description }));
  }
  const rows = await db
    .select({ id: ssoConfigurations.id, type: ssoConfigurations.type, domains: ssoConfigurations.domains })
    .from(ssoConfigurations)
    .where(eq(ssoConfigurations.tenantId, tenantId))
    .orderBy(asc(ssoConfigurations.createdAt), asc(ssoConfigurations.id))
    .limit(HOLDERS_MAX);
  return rows.map((r) => ({ id: r.id, name: [r.type.toUpperCase(), ...(r.domains ?? [])].join(' · ') }));
}
