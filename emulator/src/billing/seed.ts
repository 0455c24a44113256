/**
 * The billing seed (issue 32 items 1 and 7): the vendor's billing settings and the plans Free, Pro and
 * Enterprise, each with the entitlement plan `billing-<slug>` that grants its features. Every account gets its
 * configuration and subscription from the trigger of migration `0010_billing_every_account` (`billing_open_account`);
 * the accounts written before the plans existed (the base seed's Acme) are opened here.
 *
 * Kept out of `seed()` (src/db/seed.ts), which writes only tables of the baseline schema (test/schema.test.ts seeds a
 * database of the legacy history with it): `resetDatabase` and `createEmulator` call {@link ensureBillingSeed} after it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { billingPlans, billingSettings, entitlementFeatures, entitlementPlanFeatures, entitlementPlans, type BillingPlanLimits } from '../db/schema.ts';
import { emulatorDate } from '../clock.ts';

/** A seeded plan: price in minor units of `currency`. */
export interface SeedPlan {
  id: string;
  slug: string;
  name: string;
  description: string;
  amount: number;
  currency: string;
  tier: number;
  isDefault: boolean;
  limits: BillingPlanLimits;
  features: { key: string; name: string }[];
}

/** The features the seeded plans grant (keys as `<fe-authorized feature>` takes them). */
export const BILLING_FEATURES = {
  advancedReports: { key: 'advanced-reports', name: 'Advanced reports' },
  sso: { key: 'sso', name: 'Single sign-on' },
  auditExport: { key: 'audit-export', name: 'Audit export' },
  prioritySupport: { key: 'priority-support', name: 'Priority support' },
} as const;

const F = BILLING_FEATURES;

/**
 * The vendor's plans (ids = slugs, stable across resets). Free's limits are generous, so tests that add users, tokens
 * or SSO configurations to Acme stay under them; a test lowers one with `PUT /_emulator/billing/plans/{id}`.
 */
export const SEED_PLANS: readonly SeedPlan[] = [
  {
    id: 'free',
    slug: 'free',
    name: 'Free',
    description: 'For small teams getting started.',
    amount: 0,
    currency: 'usd',
    tier: 0,
    isDefault: true,
    limits: { seats: 50, apiTokens: 20, ssoConnections: 3 },
    features: [],
  },
  {
    id: 'pro',
    slug: 'pro',
    name: 'Pro',
    description: 'Advanced reports and single sign-on.',
    amount: 2900,
    currency: 'usd',
    tier: 1,
    isDefault: false,
    limits: { seats: 200, apiTokens: 100, ssoConnections: 10 },
    features: [F.advancedReports, F.sso],
  },
  {
    id: 'enterprise',
    slug: 'enterprise',
    name: 'Enterprise',
    description: 'Everything in Pro, audit export and priority support, without limits.',
    amount: 9900,
    currency: 'usd',
    tier: 2,
    isDefault: false,
    limits: {},
    features: [F.advancedReports, F.sso, F.auditExport, F.prioritySupport],
  },
];

/** The vendor's billing settings as seeded: Stripe without a publishable key (= the emulator's test-mode card provider). */
export const SEED_BILLING_SETTINGS = {
  allowPlanDowngrade: true,
  allowPlanCancellation: true,
  provider: 'stripe',
  providerName: 'Stripe',
  publishableKey: null,
  trialDays: 0,
} as const;

/** The entitlement plan of a billing plan: `billing-<slug>`. */
export const entitlementPlanIdOf = (slug: string) => `billing-${slug}`;

/**
 * Writes the entitlement plan `billing-<slug>` granting `features` (features missing are created; existing ones keep
 * their definition), replacing its feature list.
 */
export async function writeEntitlementPlan(
  db: Db,
  plan: { slug: string; name: string; description: string },
  features: readonly { key: string; name: string }[],
  now: Date,
): Promise<string> {
  const id = entitlementPlanIdOf(plan.slug);
  const row = { name: `${plan.name} plan`, description: plan.description, updatedAt: now };
  await db
    .insert(entitlementPlans)
    .values({ id, ...row, defaultTreatment: 'false', rules: [], createdAt: now })
    .onConflictDoUpdate({ target: entitlementPlans.id, set: row });
  if (features.length) {
    await db
      .insert(entitlementFeatures)
      .values(features.map((f) => ({ key: f.key, name: f.name, description: '', linkedPermissions: [], featureFlag: null, createdAt: now, updatedAt: now })))
      .onConflictDoNothing();
  }
  await db.delete(entitlementPlanFeatures).where(eq(entitlementPlanFeatures.planId, id));
  if (features.length) await db.insert(entitlementPlanFeatures).values(features.map((f) => ({ planId: id, featureKey: f.key })));
  return id;
}

/**
 * The billing seed, idempotent: the vendor's settings when it has none, the plans when there are none, then every
 * account without a configuration or subscription is opened (`billing_open_account`, migration 0010). Called after
 * the base seed by `resetDatabase` and on every start (a data directory from older code gets its billing too).
 */
export async function ensureBillingSeed(db: Db, vendorId: string): Promise<void> {
  const now = await emulatorDate(db);
  await db
    .insert(billingSettings)
    .values({ vendorId, ...SEED_BILLING_SETTINGS })
    .onConflictDoNothing();
  const [anyPlan] = await db.select({ id: billingPlans.id }).from(billingPlans).limit(1);
  if (!anyPlan) {
    for (const p of SEED_PLANS) {
      const entitlementPlanId = await writeEntitlementPlan(db, p, p.features, now);
      await db.insert(billingPlans).values({
        id: p.id,
        externalId: `prod_${p.slug}`,
        name: p.name,
        description: p.description,
        slug: p.slug,
        amount: p.amount,
        currency: p.currency,
        tier: p.tier,
        isDefault: p.isDefault,
        entitlementPlanId,
        limits: p.limits,
        createdAt: now,
      });
    }
  }
  await db.execute(sql`select billing_open_account(tenant_id, created_at) from tenants`);
}
