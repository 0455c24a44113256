/**
 * Admin routes of the usage section (issue 32 item 6; api-contract §AB, our extension; AB-6.01): what the signed-in
 * account's plan grants and what is in use.
 *
 * `GET /subscriptions/resources/billing/usage/v1` (`fe.usage.read`, else 403 `Not authorized`) → `Usage`
 * (src/api/billing.ts): `planId`, `planName`, the plan's `features` (`{ key, name }` of its entitlement plan, by key)
 * and `limits`, one line each of `seats` (users of the account, invited included), `apiTokens` (tenant and personal
 * tokens of the account) and `ssoConnections` (its SSO configurations): `{ key, limit, used, holders }`, `limit: null`
 * = unlimited, `holders` at most 50 (`{ id, name }`, oldest first). An account without a subscription has no plan:
 * `planId: ''`, no features, every limit null. The limits are enforced where things are added
 * (billing/plan-limits.ts).
 */
import { Hono } from 'hono';
import { asc, eq } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { requirePermission } from '../../http/permissions.ts';
import { entitlementFeatures, entitlementPlanFeatures } from '../../db/schema.ts';
import { LIMIT_KEYS, accountPlan, countInUse, holdersOf, limitOf } from '../../billing/plan-limits.ts';

export const adminUsageRoutes = new Hono<AppEnv>();

const USAGE = '/subscriptions/resources/billing/usage/v1';

guard(adminUsageRoutes, USAGE);

adminUsageRoutes.get(USAGE, requirePermission('fe.usage.read'), async (c) => {
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  const plan = await accountPlan(db, tenantId);
  const features = plan?.entitlementPlanId
    ? await db
        .select({ key: entitlementFeatures.key, name: entitlementFeatures.name })
        .from(entitlementPlanFeatures)
        .innerJoin(entitlementFeatures, eq(entitlementFeatures.key, entitlementPlanFeatures.featureKey))
        .where(eq(entitlementPlanFeatures.planId, plan.entitlementPlanId))
        .orderBy(asc(entitlementFeatures.key))
    : [];
  const limits = [];
  for (const key of LIMIT_KEYS) {
    limits.push({ key, limit: limitOf(plan?.limits, key), used: await countInUse(db, tenantId, key), holders: await holdersOf(db, tenantId, key) });
  }
  return c.json({ planId: plan?.id ?? '', planName: plan?.name ?? '', features, limits });
});
