/**
 * Test helpers under `/_emulator/billing` (issue 32; no token, like every `/_emulator` route): the vendor's billing
 * settings, the plans, and an account's billing state. A reset restores the seed (src/billing/seed.ts).
 *
 * - `GET /_emulator/billing` → `{ settings, plans }`.
 * - `PUT /_emulator/billing/settings` `{ allowPlanDowngrade?, allowPlanCancellation?, provider? ('stripe' | null),
 *   providerName?, publishableKey? (null = the test-mode card provider), trialDays? }` → the settings.
 * - `PUT /_emulator/billing/plans/{id}` (id or slug of a plan; a new id makes one) `{ name?, slug?, description?,
 *   amount? (minor units), currency?, tier?, isDefault?, limits?, features? (keys, or { key, name }) }` → the plan:
 *   its entitlement plan `billing-<slug>` grants exactly `features` when given (accounts on it have them at once).
 * - `GET /_emulator/billing/tenants/{tenantId}` → `{ subscription, configuration, invoices }`.
 * - `PUT /_emulator/billing/tenants/{tenantId}` `{ externallyManaged?, managedBy?, status?, trialEnd?, planId?,
 *   paymentMethodId?, currentPeriodEnd?, cancellation? ('atPeriodEnd' | null) }` → as GET: the account's billing set
 *   as given (a plan moves its entitlements with it; any raw status is stored, e.g. to see how a client maps it).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { eq, or } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import type { Db } from '../db/client.ts';
import { parseBody } from '../http/body.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import { billingPlans, billingSettings, billingSubscriptions, billingTenantConfigs } from '../db/schema.ts';
import { emulatorDate } from '../clock.ts';
import {
  accountOf,
  billingSettingsOf,
  grantPlanEntitlements,
  invoiceDto,
  invoicesOf,
  listPlans,
  paymentMethodOf,
  planById,
  planDtos,
  settleBilling,
  subscriptionDto,
} from '../billing/billing.ts';
import { writeEntitlementPlan } from '../billing/seed.ts';

export const billingEmulatorRoutes = new Hono<AppEnv>();

const settingsDto = (s: Awaited<ReturnType<typeof billingSettingsOf>>) => ({
  allowPlanDowngrade: s.allowPlanDowngrade,
  allowPlanCancellation: s.allowPlanCancellation,
  provider: s.provider,
  providerName: s.providerName,
  publishableKey: s.publishableKey,
  trialDays: s.trialDays,
});

billingEmulatorRoutes.get('/billing', async (c) => {
  const db = c.var.db;
  return c.json({ settings: settingsDto(await billingSettingsOf(db, c.var.rt.vendorId)), plans: await planDtos(db, await listPlans(db)) });
});

billingEmulatorRoutes.put('/billing/settings', async (c) => {
  const body = await parseBody(
    c,
    z
      .object({
        allowPlanDowngrade: z.boolean().optional(),
        allowPlanCancellation: z.boolean().optional(),
        provider: z.literal('stripe').nullable().optional(),
        providerName: z.string().min(1).optional(),
        publishableKey: z.string().min(1).nullable().optional(),
        trialDays: z.number().int().min(0).max(365).optional(),
      })
      .strict(),
  );
  const db = c.var.db;
  const vendorId = c.var.rt.vendorId;
  const next = { ...(await billingSettingsOf(db, vendorId)), ...body, vendorId };
  await db.insert(billingSettings).values(next).onConflictDoUpdate({ target: billingSettings.vendorId, set: next });
  return c.json(settingsDto(next));
});

const feature = z.union([
  z
    .string()
    .min(1)
    .transform((key) => ({ key, name: key })),
  z.object({ key: z.string().min(1), name: z.string().min(1).optional() }).transform((f) => ({ key: f.key, name: f.name ?? f.key })),
]);

billingEmulatorRoutes.put('/billing/plans/:id', idParams('id'), async (c) => {
  const body = await parseBody(
    c,
    z
      .object({
        name: z.string().min(1).optional(),
        slug: z
          .string()
          .regex(/^[a-z0-9][a-z0-9-]{0,62}$/)
          .optional(),
        description: z.string().optional(),
        amount: z.number().int().min(0).optional(),
        currency: z
          .string()
          .regex(/^[A-Za-z]{3}$/)
          .transform((v) => v.toLowerCase())
          .optional(),
        tier: z.number().int().optional(),
        isDefault: z.boolean().optional(),
        limits: z
          .object({ seats: z.number().int().min(0).optional(), apiTokens: z.number().int().min(0).optional(), ssoConnections: z.number().int().min(0).optional() })
          .strict()
          .optional(),
        features: z.array(feature).optional(),
      })
      .strict(),
  );
  const db = c.var.db;
  const id = c.req.param('id');
  const now = await emulatorDate(db);
  const [existing] = await db
    .select()
    .from(billingPlans)
    .where(or(eq(billingPlans.id, id), eq(billingPlans.slug, id)));
  const slug = body.slug ?? existing?.slug ?? id.toLowerCase();
  const base = existing ?? {
    id,
    externalId: `prod_${slug}`,
    name: body.name ?? id,
    description: '',
    slug,
    amount: 0,
    currency: 'usd',
    recurringInterval: 'month',
    tier: 0,
    isDefault: false,
    entitlementPlanId: null,
    limits: {},
    createdAt: now,
  };
  const plan = {
    ...base,
    ...Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== undefined && k !== 'features')),
    slug,
  } as typeof base;
  if (body.features || !plan.entitlementPlanId) plan.entitlementPlanId = await writeEntitlementPlan(db, plan, body.features ?? [], now);
  if (plan.isDefault) await db.update(billingPlans).set({ isDefault: false });
  await db.insert(billingPlans).values(plan).onConflictDoUpdate({ target: billingPlans.id, set: plan });
  // the accounts on the plan have its entitlements at once (also when its entitlement plan is new)
  for (const s of await db.select({ tenantId: billingSubscriptions.tenantId }).from(billingSubscriptions).where(eq(billingSubscriptions.planId, plan.id))) {
    await grantPlanEntitlements(db, s.tenantId, plan, now);
  }
  const [answer] = await planDtos(db, [plan]);
  return c.json(answer);
});

async function tenantAnswer(db: Db, tenantId: string) {
  const { subscription, plan, config } = await accountOf(db, tenantId);
  return { subscription: subscriptionDto(subscription, plan, config), configuration: config ?? null, invoices: (await invoicesOf(db, tenantId)).map(invoiceDto) };
}

billingEmulatorRoutes.get('/billing/tenants/:tenantId', idParams('tenantId'), async (c) => {
  await settleBilling(c);
  return c.json(await tenantAnswer(c.var.db, c.req.param('tenantId')));
});

const instant = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'must be an ISO 8601 date-time' })
  .transform((v) => new Date(v));

billingEmulatorRoutes.put('/billing/tenants/:tenantId', idParams('tenantId'), async (c) => {
  const body = await parseBody(
    c,
    z
      .object({
        externallyManaged: z.boolean().optional(),
        managedBy: z.string().min(1).nullable().optional(),
        status: z.string().min(1).max(40).optional(),
        trialEnd: instant.nullable().optional(),
        currentPeriodEnd: instant.optional(),
        planId: z.string().min(1).optional(),
        paymentMethodId: z.string().min(1).nullable().optional(),
        cancellation: z.literal('atPeriodEnd').nullable().optional(),
      })
      .strict(),
  );
  const db = c.var.db;
  const tenantId = c.req.param('tenantId');
  const { subscription } = await accountOf(db, tenantId).catch(() => {
    throw notFound('Tenant not found');
  });
  const now = await emulatorDate(db);
  if (body.externallyManaged !== undefined || body.managedBy !== undefined) {
    const set = {
      ...(body.externallyManaged !== undefined ? { externallyManaged: body.externallyManaged } : {}),
      ...(body.managedBy !== undefined ? { managedBy: body.managedBy } : {}),
    };
    await db.update(billingTenantConfigs).set(set).where(eq(billingTenantConfigs.tenantId, tenantId));
  }
  const plan = body.planId ? await planById(db, body.planId) : undefined;
  if (body.paymentMethodId) await paymentMethodOf(db, tenantId, body.paymentMethodId);
  if (body.status === 'trialing' && body.trialEnd === undefined && !subscription.trialEnd) throw badRequest('trialEnd is required with status trialing');
  const set = {
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.trialEnd !== undefined ? { trialEnd: body.trialEnd } : {}),
    ...(body.status === 'trialing' && body.trialEnd ? { currentPeriodEnd: body.trialEnd } : {}),
    ...(body.currentPeriodEnd ? { currentPeriodEnd: body.currentPeriodEnd } : {}),
    ...(plan ? { planId: plan.id } : {}),
    ...(body.paymentMethodId !== undefined ? { paymentMethodId: body.paymentMethodId } : {}),
    ...(body.cancellation !== undefined ? { cancellationPolicy: body.cancellation } : {}),
    updatedAt: now,
  };
  await db.update(billingSubscriptions).set(set).where(eq(billingSubscriptions.id, subscription.id));
  if (plan) await grantPlanEntitlements(db, tenantId, plan, now);
  return c.json(await tenantAnswer(c.var.db, tenantId));
});
