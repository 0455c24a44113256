/**
 * Admin routes of the subscription section (issue 32; api-contract §AB; AB-1.02–1.04, AB-3.40–3.50, AB-7.66–7.74):
 * the billing calls Frontegg's client makes, on the caller's own account only (another account's subscription,
 * invoice, payment method or tenant id answers 404 as if absent). The rules are in src/billing/billing.ts.
 *
 * Permissions: reads need any `fe.subscriptions.*` key, changes `fe.subscriptions.write` (403 `Not authorized`).
 * Every billing request first settles the subscriptions due by the emulator clock (renewals, endings).
 *
 * - `GET …/billing/plans/v1` → `Plan[]` in tier order; `GET …/plans/v1/{planId}` → one plan object (404 `Plan not found`).
 * - `GET …/billing/subscriptions/v1` and `GET …/subscriptions/v1` (the managed path) → `[Subscription]`;
 *   `GET …/v1/{id}` → the subscription (404 `Subscription not found.`).
 * - `PUT …/v1/{id}` `{ planId, paymentMethodId? }` → `{}` (update); `PUT …/v1/{id}/cancellations/` and
 *   `…/renewals/` (with or without the trailing slash) `{}` → `{}`.
 * - `GET …/billing/invoices/v1` → `Invoice[]`, newest first; `GET …/v1/{id}`; `GET …/v1/{id}/pdf?outputFileName=` →
 *   the PDF as an attachment named after `outputFileName` (sanitised, `.pdf`; absent or "undefined":
 *   `invoice_<receiptNumber>.pdf`).
 * - `GET …/billing/payment-methods/v1`, `…/v1/{id}`; `PATCH …/v1/{id}/billing-details` `{ email, addressLine1, …}`
 *   flat, or `{ email, address: {…} }`, or Frontegg's client's `{ email, address: { address: {…} } }` →
 *   `{ email, address }`.
 * - `GET …/resources/payment-providers/v1` → `[{ providerType: 'Stripe', name, status: '1' }]`, `[]` without a provider.
 * - `GET …/billing/summaries/v1/{tenantId}` → `BillingSummary`.
 * - `GET …/billing/tenant-configurations/v1/{tenantId}`; `POST …/tenant-configurations/v1` `{ tenantId }` → `{ id }`.
 * - `GET …/billing/configurations/vendor-public-configurations/v1` → `[{ allowPlanDowngrade, allowPlanCancellation }]`.
 * - `GET …/billing/payment-providers/stripe/public-configurations/v1` → `{ id, name, active, publishableKey }` (null key:
 *   the test-mode card provider); no provider: 404 `Payment provider not configured`.
 * - `GET …/stripe/customers/v1/{tenantId}` → `{ stripeCustomerId }` (404 before one is made); `POST …/customers/v1` makes it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { requirePermission } from '../../http/permissions.ts';
import { parseBody } from '../../http/body.ts';
import { notFound } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { audit } from '../../audit.ts';
import { billingPaymentMethods, billingTenantConfigs, tenants } from '../../db/schema.ts';
import { getVendor } from '../../session/accounts.ts';
import {
  BILLING_ERRORS,
  accountOf,
  assertNotExternallyManaged,
  billingSettingsOf,
  cancelSubscription,
  defaultPlan,
  invoiceDto,
  invoiceOf,
  invoicesOf,
  listPlans,
  paymentMethodDto,
  paymentMethodOf,
  paymentMethodsOf,
  planById,
  planDtos,
  renewSubscription,
  settleBilling,
  subscriptionDto,
  updateSubscription,
} from '../../billing/billing.ts';
import { invoicePdf } from '../../billing/pdf.ts';

type Ctx = Context<AppEnv>;

export const adminSubscriptionRoutes = new Hono<AppEnv>();

const SUB = '/subscriptions/resources';
const BILLING = `${SUB}/billing`;
const PLANS = `${BILLING}/plans/v1`;
/** The billing path and the managed path Frontegg's portal reads, cancels, renews and updates with: the same rows. */
const SUBSCRIPTIONS = [`${BILLING}/subscriptions/v1`, `${SUB}/subscriptions/v1`] as const;
const INVOICES = `${BILLING}/invoices/v1`;
const PAYMENT_METHODS = `${BILLING}/payment-methods/v1`;
const PAYMENT_PROVIDERS = `${SUB}/payment-providers/v1`;
const SUMMARIES = `${BILLING}/summaries/v1`;
const TENANT_CONFIGURATIONS = `${BILLING}/tenant-configurations/v1`;
const VENDOR_PUBLIC_CONFIGURATIONS = `${BILLING}/configurations/vendor-public-configurations/v1`;
const STRIPE = `${BILLING}/payment-providers/stripe`;
const STRIPE_PUBLIC_CONFIGURATION = `${STRIPE}/public-configurations/v1`;
const STRIPE_CUSTOMERS = `${STRIPE}/customers/v1`;

/** The paths this module owns (the card provider's setup intents and challenge pages, beside them, are not guarded here). */
const OWN = [
  PLANS,
  `${PLANS}/*`,
  ...SUBSCRIPTIONS.flatMap((p) => [p, `${p}/*`]),
  INVOICES,
  `${INVOICES}/*`,
  PAYMENT_METHODS,
  `${PAYMENT_METHODS}/*`,
  PAYMENT_PROVIDERS,
  `${SUMMARIES}/*`,
  TENANT_CONFIGURATIONS,
  `${TENANT_CONFIGURATIONS}/*`,
  VENDOR_PUBLIC_CONFIGURATIONS,
  STRIPE_PUBLIC_CONFIGURATION,
  STRIPE_CUSTOMERS,
  `${STRIPE_CUSTOMERS}/*`,
];

guard(adminSubscriptionRoutes, ...OWN);
// the clock first: renewals and endings due by now are settled before any billing answer or change (once a request)
const settled = new WeakSet<Request>();
for (const path of OWN) {
  adminSubscriptionRoutes.use(path, async (c, next) => {
    if (!settled.has(c.req.raw)) {
      settled.add(c.req.raw);
      await settleBilling(c);
    }
    await next();
  });
}

/** Reads: any `fe.subscriptions.*` key (the section's navigation key, SI-6.01). */
const READ = requirePermission('fe.subscriptions.*');
/** Changes: `fe.subscriptions.write`. */
const WRITE = requirePermission('fe.subscriptions.write');

const tenantOf = (c: Ctx) => c.var.auth.tenantId;

// ---------------------------------------------------------------- plans

/** getSubscriptionPlans (AB-3.44–3.46): every plan, in tier order. */
adminSubscriptionRoutes.get(PLANS, READ, async (c) => c.json(await planDtos(c.var.db, await listPlans(c.var.db))));

/** getSubscriptionPlan: one plan object (Frontegg's portal reads it so, whatever its type says). */
adminSubscriptionRoutes.get(`${PLANS}/:planId`, READ, idParams('planId'), async (c) => {
  const [plan] = await planDtos(c.var.db, [await planById(c.var.db, c.req.param('planId'))]);
  return c.json(plan);
});

// ---------------------------------------------------------------- subscriptions (both paths)

const updateBody = z.object({
  planId: z.string({ error: 'planId is required' }).trim().min(1, { error: 'planId is required' }),
  paymentMethodId: z.string().trim().nullish(),
});

async function subscriptionAnswer(c: Ctx, subscriptionId?: string) {
  const { subscription, plan, config } = await accountOf(c.var.db, tenantOf(c), subscriptionId);
  return subscriptionDto(subscription, plan, config);
}

for (const path of SUBSCRIPTIONS) {
  /** getSubscriptions / getManagedSubscriptions (AB-7.67): the caller's one subscription, in a list. */
  adminSubscriptionRoutes.get(path, READ, async (c) => c.json([await subscriptionAnswer(c)]));

  /** getSubscription / getManagedSubscription (AB-7.67, AB-8.02). */
  adminSubscriptionRoutes.get(`${path}/:id`, READ, idParams('id'), async (c) => c.json(await subscriptionAnswer(c, c.req.param('id'))));

  /** updateSubscription / updateManagedSubscription (AB-4.29, AB-7.69, AB-5.10). */
  adminSubscriptionRoutes.put(`${path}/:id`, WRITE, idParams('id'), async (c) => {
    const body = await parseBody(c, updateBody);
    await updateSubscription(c, tenantOf(c), c.req.param('id'), body);
    return c.json({});
  });

  for (const slash of ['/', '']) {
    /** cancelSubscription / cancelManagedSubscription (AB-4.26, AB-7.68). */
    adminSubscriptionRoutes.put(`${path}/:id/cancellations${slash}`, WRITE, idParams('id'), async (c) => {
      await cancelSubscription(c, tenantOf(c), c.req.param('id'));
      return c.json({});
    });
    /** renewSubscription / renewManagedSubscription (AB-4.27, AB-7.68). */
    adminSubscriptionRoutes.put(`${path}/:id/renewals${slash}`, WRITE, idParams('id'), async (c) => {
      await renewSubscription(c, tenantOf(c), c.req.param('id'));
      return c.json({});
    });
  }
}

// ---------------------------------------------------------------- invoices

/** getSubscriptionInvoices (AB-3.47, AB-3.48): newest first. */
adminSubscriptionRoutes.get(INVOICES, READ, async (c) => c.json((await invoicesOf(c.var.db, tenantOf(c))).map(invoiceDto)));

/** getSubscriptionInvoice. */
adminSubscriptionRoutes.get(`${INVOICES}/:id`, READ, idParams('id'), async (c) => c.json(invoiceDto(await invoiceOf(c.var.db, tenantOf(c), c.req.param('id')))));

/**
 * A download name from the client's `outputFileName`: letters, digits, `.`, `_`, `-` kept (others become `_`), at most
 * 100, ending in `.pdf`; absent, empty or "undefined" (Frontegg's client sends the word when it has none): `invoice_<receipt>.pdf`.
 */
export function pdfFileName(outputFileName: string | undefined, receiptNumber: string): string {
  const given = (outputFileName ?? '').trim();
  const base =
    given && given !== 'undefined' && given !== 'null'
      ? given
          .replace(/\.pdf$/i, '')
          .replace(/[^A-Za-z0-9._-]+/g, '_')
          .replace(/^[._]+/, '')
          .slice(0, 100)
      : '';
  return `${base || `invoice_${receiptNumber.replace(/[^A-Za-z0-9_-]+/g, '_')}`}.pdf`;
}

/** getSubscriptionInvoicePdf (AB-7.66): the invoice as a PDF attachment (src/billing/pdf.ts). */
adminSubscriptionRoutes.get(`${INVOICES}/:id/pdf`, READ, idParams('id'), async (c) => {
  const db = c.var.db;
  const invoice = await invoiceOf(db, tenantOf(c), c.req.param('id'));
  const plan = await planById(db, invoice.planId).catch(() => undefined);
  const [account] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.tenantId, invoice.tenantId));
  const vendor = await getVendor(db, c.var.rt.vendorId);
  const bytes = await invoicePdf({
    vendorName: vendor.name,
    accountName: account?.name ?? invoice.tenantId,
    planName: plan?.name ?? invoice.planId,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    paymentDate: invoice.paymentDate,
    amount: invoice.totalAmount,
    currency: invoice.currency,
    receiptNumber: invoice.receiptNumber,
    paid: invoice.paid,
  });
  const name = pdfFileName(c.req.query('outputFileName'), invoice.receiptNumber);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
  });
});

// ---------------------------------------------------------------- payment methods

/** getPaymentMethods (AB-3.49). */
adminSubscriptionRoutes.get(PAYMENT_METHODS, READ, async (c) => c.json((await paymentMethodsOf(c.var.db, tenantOf(c))).map(paymentMethodDto)));

/** getPaymentMethod. */
adminSubscriptionRoutes.get(`${PAYMENT_METHODS}/:id`, READ, idParams('id'), async (c) => c.json(paymentMethodDto(await paymentMethodOf(c.var.db, tenantOf(c), c.req.param('id')))));

const text = (name: string, max = 200) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` })
    .nullish();
const addressShape = {
  addressLine1: text('addressLine1'),
  addressLine2: text('addressLine2'),
  city: text('city'),
  state: text('state'),
  postalCode: text('postalCode', 40),
  country: text('country', 100),
};
const ADDRESS_KEYS = Object.keys(addressShape) as (keyof typeof addressShape)[];
const addressObject = z.object(addressShape);
const billingDetailsBody = z.object({
  email: z
    .string({ error: 'email must be text' })
    .trim()
    .max(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'email must be a valid email' })
    .nullish(),
  ...addressShape,
  // `{ email, address: {…} }`, and Frontegg's client's `{ email, address: { address: {…} } }` (it spreads the typed input)
  address: addressObject.extend({ address: addressObject.nullish() }).nullish(),
});

/** updatePaymentMethodBillingDetails (AB-7.70): email and address, whichever way the address comes → `{ email, address }`. */
adminSubscriptionRoutes.patch(`${PAYMENT_METHODS}/:id/billing-details`, WRITE, idParams('id'), async (c) => {
  const body = await parseBody(c, billingDetailsBody);
  const db = c.var.db;
  const tenantId = tenantOf(c);
  const method = await paymentMethodOf(db, tenantId, c.req.param('id'));
  await assertNotExternallyManaged(db, tenantId);
  const sources = [body, body.address ?? {}, body.address?.address ?? {}] as Record<string, string | null | undefined>[];
  const address: Record<string, string> = {};
  for (const key of ADDRESS_KEYS) {
    const value = sources.map((s) => s[key]).findLast((v) => v !== undefined && v !== null);
    if (value) address[key] = value;
  }
  const email = body.email || undefined;
  const billingDetails = { ...(method.billingDetails.name ? { name: method.billingDetails.name } : {}), ...(email ? { email } : {}), address };
  await db.update(billingPaymentMethods).set({ billingDetails }).where(eq(billingPaymentMethods.id, method.id));
  await audit(c, { action: 'billing-details.updated', targetId: method.id, details: { ...(email ? { email } : {}), country: address.country ?? null } });
  return c.json({ ...(email ? { email } : {}), address });
});

// ---------------------------------------------------------------- providers, summary, configurations

/** getPaymentProviders (AB-7.72): Stripe with status '1' when the vendor has a provider. */
adminSubscriptionRoutes.get(PAYMENT_PROVIDERS, READ, async (c) => {
  const settings = await billingSettingsOf(c.var.db, c.var.rt.vendorId);
  return c.json(settings.provider ? [{ providerType: 'Stripe', name: settings.providerName, status: '1' }] : []);
});

/** The caller's own tenant id, else 404 with `message` (another account's id answers as if absent). */
function ownTenant(c: Ctx, tenantId: string, message: string): string {
  if (tenantId !== tenantOf(c)) throw notFound(message);
  return tenantId;
}

/** getSubscriptionSummaries (AB-3.50). */
adminSubscriptionRoutes.get(`${SUMMARIES}/:tenantId`, READ, idParams('tenantId'), async (c) => {
  const db = c.var.db;
  const tenantId = ownTenant(c, c.req.param('tenantId'), BILLING_ERRORS.subscriptionNotFound);
  const { subscription, plan, config } = await accountOf(db, tenantId);
  return c.json({
    tenantConfigurationId: config?.id ?? '',
    providerType: config?.providerType ?? 'Stripe',
    subscriptionId: subscription.id,
    externallyManaged: config?.externallyManaged ?? false,
    currentPlanId: plan.id,
    paymentMethodId: subscription.paymentMethodId,
    defaultPlanId: (await defaultPlan(db))?.id ?? plan.id,
  });
});

const configDto = (c: Ctx, t: typeof billingTenantConfigs.$inferSelect) => ({
  id: t.id,
  vendorId: c.var.rt.vendorId,
  tenantId: t.tenantId,
  externallyManaged: t.externallyManaged,
  managedBy: t.managedBy,
  paymentProviderType: t.providerType,
  mappingId: t.mappingId,
});

async function configOf(c: Ctx, tenantId: string) {
  const [row] = await c.var.db.select().from(billingTenantConfigs).where(eq(billingTenantConfigs.tenantId, tenantId));
  return row;
}

/** getTenantConfiguration (AB-7.66). */
adminSubscriptionRoutes.get(`${TENANT_CONFIGURATIONS}/:tenantId`, READ, idParams('tenantId'), async (c) => {
  const row = await configOf(c, ownTenant(c, c.req.param('tenantId'), BILLING_ERRORS.tenantConfigurationNotFound));
  if (!row) throw notFound(BILLING_ERRORS.tenantConfigurationNotFound);
  return c.json(configDto(c, row));
});

/**
 * createTenantConfiguration: `{ tenantId, externallyManaged?, providerType? }` → `{ id }`. Every account has one from
 * its creation, so this answers it (making it only if it went missing); who manages the billing is the vendor's
 * decision (`PUT /_emulator/billing/tenants/{id}`), not the account's: `externallyManaged` is not taken from here.
 */
adminSubscriptionRoutes.post(TENANT_CONFIGURATIONS, WRITE, async (c) => {
  const body = await parseBody(
    c,
    z.object({ tenantId: z.string({ error: 'tenantId is required' }).min(1, { error: 'tenantId is required' }), providerType: z.literal('Stripe').nullish() }).loose(),
  );
  const tenantId = ownTenant(c, body.tenantId, BILLING_ERRORS.tenantConfigurationNotFound);
  let row = await configOf(c, tenantId);
  if (!row) {
    [row] = await c.var.db.insert(billingTenantConfigs).values({ tenantId, id: randomUUID() }).returning();
    await audit(c, { action: 'billing.tenant-configuration.created', targetId: row!.id });
  }
  return c.json({ id: row!.id });
});

/** getVendorPublicConfigurations: Frontegg answers a list. */
adminSubscriptionRoutes.get(VENDOR_PUBLIC_CONFIGURATIONS, READ, async (c) => {
  const s = await billingSettingsOf(c.var.db, c.var.rt.vendorId);
  return c.json([{ allowPlanDowngrade: s.allowPlanDowngrade, allowPlanCancellation: s.allowPlanCancellation }]);
});

/** getStripePaymentProviderConfiguration (AB-7.71, AB-8.06): a null key = the emulator's test-mode card provider. */
adminSubscriptionRoutes.get(STRIPE_PUBLIC_CONFIGURATION, READ, async (c) => {
  const s = await billingSettingsOf(c.var.db, c.var.rt.vendorId);
  if (!s.provider) throw notFound(BILLING_ERRORS.providerNotConfigured, 'ER-BILLING-PROVIDER-NOT-CONFIGURED');
  return c.json({ id: `stripe-${c.var.rt.vendorId}`, name: 'Stripe', active: true, publishableKey: s.publishableKey || null });
});

/** getStripeCustomer: the account's customer id; 404 before one is made. */
adminSubscriptionRoutes.get(`${STRIPE_CUSTOMERS}/:tenantId`, READ, idParams('tenantId'), async (c) => {
  const row = await configOf(c, ownTenant(c, c.req.param('tenantId'), 'Stripe customer not found'));
  if (!row?.stripeCustomerId) throw notFound('Stripe customer not found');
  return c.json({ stripeCustomerId: row.stripeCustomerId });
});

/** createStripeCustomer `{ name?, email?, tenantName? }`: the caller's account's customer (made once) → `{ stripeCustomerId }`. */
adminSubscriptionRoutes.post(STRIPE_CUSTOMERS, WRITE, async (c) => {
  await parseBody(c, z.object({ name: z.string().nullish(), email: z.string().nullish(), tenantName: z.string().nullish() }).loose());
  const tenantId = tenantOf(c);
  await assertNotExternallyManaged(c.var.db, tenantId);
  const row = await configOf(c, tenantId);
  if (row?.stripeCustomerId) return c.json({ stripeCustomerId: row.stripeCustomerId });
  const stripeCustomerId = `cus_${randomBytes(7).toString('hex')}`;
  if (row) await c.var.db.update(billingTenantConfigs).set({ stripeCustomerId }).where(eq(billingTenantConfigs.tenantId, tenantId));
  else await c.var.db.insert(billingTenantConfigs).values({ tenantId, id: randomUUID(), stripeCustomerId });
  await audit(c, { action: 'billing.customer.created', targetId: stripeCustomerId });
  return c.json({ stripeCustomerId });
});
