/**
 * Billing of the emulator (issue 32; api-contract §AB; admin spec §3 "Subscription", "Plan", "Invoice", "Payment
 * method"): the answers' shapes (src/api/billing.ts is the client's side), the account's subscription rules (update,
 * cancel, renew) and the settling on the emulator clock.
 *
 * Money is stored in integer minor units of the plan's currency (AB-9.18); an invoice answers `totalAmount` as the
 * contract has it, the minor units divided by 100 with two decimals (AB-3.48).
 *
 * The plan in force is the subscription's `planId`: a subscription that ends (cancelled at its period end, a trial
 * that ends without a payment method) falls to the vendor's default plan, and the account's entitlements follow the
 * plan at once — the grant `billing:<tenantId>` of the plan's entitlement plan (entitlement_grants, read by
 * computeEntitlements in routes/entitlements.ts).
 *
 * Settling ({@link settleBilling}): every subscription whose period (or trial) has ended by the emulator clock is
 * brought up to now, month by month — a paid plan is charged each month (an invoice, paid; or unpaid and the
 * subscription `incomplete` when the card fails charges or there is none), a free plan just rolls on, a cancelled one
 * ends. It runs on every billing read and when the clock moves (routes/clock.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { and, asc, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import type { Db } from '../db/client.ts';
import {
  billingInvoices,
  billingPaymentMethods,
  billingPlans,
  billingSettings,
  billingSubscriptions,
  billingTenantConfigs,
  entitlementGrants,
  entitlementPlanFeatures,
  entitlementFeatures,
} from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { audit } from '../audit.ts';
import { emulatorDate } from '../clock.ts';
import { notifyAdmins } from '../notifications.ts';

type Ctx = Context<AppEnv>;
export type PlanRow = typeof billingPlans.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type PaymentMethodRow = typeof billingPaymentMethods.$inferSelect;
export type TenantConfigRow = typeof billingTenantConfigs.$inferSelect;
export type SettingsRow = typeof billingSettings.$inferSelect;

/** The spec's error texts (admin spec §8; AB-8.02, AB-5.10, AB-8.06). */
export const BILLING_ERRORS = {
  subscriptionNotFound: 'Subscription not found.',
  externallyManaged: 'Billing is externally managed.',
  providerNotConfigured: 'Payment provider not configured',
  noChanges: 'No changes to update',
  planNotFound: 'Plan not found',
  invoiceNotFound: 'Invoice not found',
  paymentMethodNotFound: 'Payment method not found',
  tenantConfigurationNotFound: 'Tenant configuration not found',
  downgradeNotAllowed: 'Plan downgrades are not allowed',
  paymentMethodRequired: 'A payment method is required',
  cannotCancel: 'Subscription cannot be canceled',
  cancellationNotAllowed: 'Plan cancellation is not allowed',
  notCanceled: 'Subscription is not canceled',
} as const;

// ---------------------------------------------------------------- time

/** `date` plus `months` calendar months in UTC, the day clamped to the month's last (Jan 31 + 1 → Feb 28), as Postgres's `interval '1 month'`. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

// ---------------------------------------------------------------- answers

/** The wire `Plan` (src/api/billing.ts): price in minor units, our extensions tier, isDefault, features, limits. */
export function planDto(p: PlanRow, features: { key: string; name: string }[]) {
  return {
    id: p.id,
    externalId: p.externalId,
    name: p.name,
    description: p.description,
    slug: p.slug,
    price: { id: `price_${p.slug}`, externalId: `price_${p.slug}`, currency: p.currency, amount: p.amount },
    recurringInterval: 'month' as const,
    tier: p.tier,
    isDefault: p.isDefault,
    features,
    limits: p.limits,
  };
}

/** The wire `Subscription`, the same on both subscription paths (AB-3.40). */
export function subscriptionDto(s: SubscriptionRow, plan: PlanRow, config: TenantConfigRow | undefined) {
  return {
    id: s.id,
    externalId: s.externalId,
    tenantId: s.tenantId,
    startDate: s.startDate.toISOString(),
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    // an unknown raw status is answered raw: the client maps it (AB-4.25)
    status: s.status,
    cancellation: s.cancellationPolicy ? { policy: s.cancellationPolicy } : null,
    trialEnd: s.trialEnd ? s.trialEnd.toISOString() : null,
    externallyManaged: config?.externallyManaged ?? false,
    managedBy: config?.managedBy ?? null,
    plan: plan.slug,
    planId: plan.id,
    paymentMethodId: s.paymentMethodId,
    items: [{ planId: plan.id }],
  };
}

/** Minor units → the contract's `totalAmount`: divided by 100, two decimals (AB-3.48). */
export const contractAmount = (minor: number) => Number((minor / 100).toFixed(2));

/** The wire `Invoice` (AB-3.47). */
export function invoiceDto(i: InvoiceRow) {
  return {
    id: i.id,
    externalId: i.externalId,
    subscriptionId: i.subscriptionId,
    paymentDate: i.paymentDate.toISOString(),
    totalAmount: contractAmount(i.totalAmount),
    currency: i.currency,
    paid: i.paid,
    receiptNumber: i.receiptNumber,
  };
}

/** The wire `PaymentMethod` (AB-3.49). */
export function paymentMethodDto(m: PaymentMethodRow) {
  return {
    id: m.id,
    externalId: m.externalId,
    type: m.type === 'card' ? ('card' as const) : ('unknown' as const),
    isDefault: m.isDefault,
    last4: m.last4,
    expMonth: m.expMonth,
    expYear: m.expYear,
    brand: m.brand,
    billingDetails: m.billingDetails,
  };
}

// ---------------------------------------------------------------- reads

/** The vendor's billing settings (seeded; the defaults when a test removed them). */
export async function billingSettingsOf(db: Db, vendorId: string): Promise<SettingsRow> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.vendorId, vendorId));
  return row ?? { vendorId, allowPlanDowngrade: true, allowPlanCancellation: true, provider: null, providerName: 'Stripe', publishableKey: null, trialDays: 0 };
}

/** Every plan in tier order. */
export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(billingPlans).orderBy(asc(billingPlans.tier), asc(billingPlans.amount), asc(billingPlans.id));
}

/** A plan by id; 404 `Plan not found`. */
export async function planById(db: Db, planId: string): Promise<PlanRow> {
  const [plan] = await db.select().from(billingPlans).where(eq(billingPlans.id, planId));
  if (!plan) throw notFound(BILLING_ERRORS.planNotFound);
  return plan;
}

/** The vendor's default plan (the lowest tier marked default, else the lowest tier). */
export async function defaultPlan(db: Db): Promise<PlanRow | undefined> {
  const plans = await listPlans(db);
  return plans.find((p) => p.isDefault) ?? plans[0];
}

/** The features each plan grants (its entitlement plan's), by billing plan id. */
export async function planFeatures(db: Db, plans: readonly PlanRow[]): Promise<Map<string, { key: string; name: string }[]>> {
  const ids = plans.map((p) => p.entitlementPlanId).filter((id): id is string => !!id);
  const rows = ids.length
    ? await db
        .select({ planId: entitlementPlanFeatures.planId, key: entitlementFeatures.key, name: entitlementFeatures.name })
        .from(entitlementPlanFeatures)
        .innerJoin(entitlementFeatures, eq(entitlementFeatures.key, entitlementPlanFeatures.featureKey))
        .where(inArray(entitlementPlanFeatures.planId, ids))
        .orderBy(asc(entitlementFeatures.key))
    : [];
  const out = new Map<string, { key: string; name: string }[]>();
  for (const p of plans)
    out.set(
      p.id,
      rows.filter((r) => r.planId === p.entitlementPlanId).map(({ key, name }) => ({ key, name })),
    );
  return out;
}

/** Plans as answered (tier order), with their features. */
export async function planDtos(db: Db, plans: readonly PlanRow[]) {
  const features = await planFeatures(db, plans);
  return plans.map((p) => planDto(p, features.get(p.id) ?? []));
}

/** The account's billing: its subscription, plan, configuration. Absent subscription: 404 `Subscription not found.` */
export interface Account {
  subscription: SubscriptionRow;
  plan: PlanRow;
  config: TenantConfigRow | undefined;
}

/** The subscription of `tenantId` (and, with `subscriptionId`, only if it is that one); 404 `Subscription not found.` otherwise. */
export async function accountOf(db: Db, tenantId: string, subscriptionId?: string, opts: { lock?: boolean } = {}): Promise<Account> {
  const where = subscriptionId ? and(eq(billingSubscriptions.tenantId, tenantId), eq(billingSubscriptions.id, subscriptionId)) : eq(billingSubscriptions.tenantId, tenantId);
  const query = db.select().from(billingSubscriptions).where(where);
  const [subscription] = opts.lock ? await query.for('update') : await query;
  if (!subscription) throw notFound(BILLING_ERRORS.subscriptionNotFound);
  const [plan] = await db.select().from(billingPlans).where(eq(billingPlans.id, subscription.planId));
  const [config] = await db.select().from(billingTenantConfigs).where(eq(billingTenantConfigs.tenantId, tenantId));
  return { subscription, plan: plan!, config };
}

/** Refuses every billing action of an externally managed account: 400 `Billing is externally managed.` (AB-5.10). */
export async function assertNotExternallyManaged(db: Db, tenantId: string): Promise<void> {
  const [config] = await db.select({ externallyManaged: billingTenantConfigs.externallyManaged }).from(billingTenantConfigs).where(eq(billingTenantConfigs.tenantId, tenantId));
  if (config?.externallyManaged) throw badRequest(BILLING_ERRORS.externallyManaged, 'ER-BILLING-EXTERNALLY-MANAGED');
}

/** The account's payment methods: the default first, then newest first. */
export async function paymentMethodsOf(db: Db, tenantId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(billingPaymentMethods)
    .where(eq(billingPaymentMethods.tenantId, tenantId))
    .orderBy(desc(billingPaymentMethods.isDefault), desc(billingPaymentMethods.createdAt), asc(billingPaymentMethods.id));
}

/** The account's invoices, newest first. */
export async function invoicesOf(db: Db, tenantId: string): Promise<InvoiceRow[]> {
  return db.select().from(billingInvoices).where(eq(billingInvoices.tenantId, tenantId)).orderBy(desc(billingInvoices.paymentDate), desc(billingInvoices.receiptNumber));
}

/** A payment method of `tenantId`; another account's (or none) is 404 `Payment method not found`. */
export async function paymentMethodOf(db: Db, tenantId: string, id: string): Promise<PaymentMethodRow> {
  const row = (await paymentMethodsOf(db, tenantId)).find((m) => m.id === id);
  if (!row) throw notFound(BILLING_ERRORS.paymentMethodNotFound);
  return row;
}

/** An invoice of `tenantId`; another account's (or none) is 404 `Invoice not found`. */
export async function invoiceOf(db: Db, tenantId: string, id: string): Promise<InvoiceRow> {
  const row = (await invoicesOf(db, tenantId)).find((i) => i.id === id);
  if (!row) throw notFound(BILLING_ERRORS.invoiceNotFound);
  return row;
}

// ---------------------------------------------------------------- writes

/** The account's entitlements follow `plan` at once: the grant `billing:<tenantId>` of its entitlement plan (none without one). */
export async function grantPlanEntitlements(db: Db, tenantId: string, plan: PlanRow, now: Date): Promise<void> {
  await db.delete(entitlementGrants).where(eq(entitlementGrants.id, `billing:${tenantId}`));
  if (!plan.entitlementPlanId) return;
  await db
    .insert(entitlementGrants)
    .values({ id: `billing:${tenantId}`, tenantId, userId: null, planId: plan.entitlementPlanId, featureKey: null, expiresAt: null, createdAt: now })
    .onConflictDoNothing();
}

/** A receipt number: `FE-` and 10 upper-case hex digits (unique in billing_invoices). */
const receiptNumber = () => `FE-${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * Charges `plan`'s price for the period `[start, end)` at `start`: an invoice, paid with a card that takes charges,
 * unpaid without a card or with one that fails charges (test card …0341). Returns whether it was paid.
 */
export async function charge(db: Db, s: SubscriptionRow, plan: PlanRow, start: Date, end: Date, paymentMethodId: string | null): Promise<{ paid: boolean; invoice: InvoiceRow }> {
  const [pm] = paymentMethodId ? await db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.id, paymentMethodId)) : [];
  const paid = !!pm && !pm.failsCharges;
  const [invoice] = await db
    .insert(billingInvoices)
    .values({
      id: randomUUID(),
      externalId: `in_${randomBytes(12).toString('hex')}`,
      tenantId: s.tenantId,
      subscriptionId: s.id,
      planId: plan.id,
      paymentDate: start,
      periodStart: start,
      periodEnd: end,
      totalAmount: plan.amount,
      currency: plan.currency,
      paid,
      receiptNumber: receiptNumber(),
    })
    .returning();
  return { paid, invoice: invoice! };
}

/** Runs `fn` in a transaction of the request's database, with `c.var.db` the transaction meanwhile (audit rows go in it). */
export async function inTransaction<T>(c: Ctx, fn: (db: Db) => Promise<T>): Promise<T> {
  const outer = c.var.db;
  return outer.transaction(async (tx) => {
    c.set('db', tx as unknown as Db);
    try {
      return await fn(tx as unknown as Db);
    } finally {
      c.set('db', outer);
    }
  });
}

/** What an update asks: the plan, and optionally another payment method of the account. */
export interface UpdateRequest {
  planId: string;
  paymentMethodId?: string | null;
}

/**
 * Updates the account's subscription (AB-4.29, AB-7.69; rules of the contract): refused when externally managed,
 * for an unknown plan (404), when nothing changes, for a downgrade the vendor does not allow, for a paid plan without
 * a payment method, for another account's payment method (404). The same plan with another card only changes the
 * card (an active or trialing subscription, a pending cancellation kept). Otherwise the plan switches now: a new period from now, active, cancellation cleared, and a paid plan is
 * charged now (unpaid + `incomplete` with a card that fails charges); with the vendor's `trialDays`, a first paid
 * plan starts a trial instead (no charge). The entitlements follow the plan at once.
 */
export async function updateSubscription(c: Ctx, tenantId: string, subscriptionId: string, req: UpdateRequest): Promise<void> {
  const db = c.var.db;
  const { subscription: s, plan: current } = await accountOf(db, tenantId, subscriptionId, { lock: true });
  await assertNotExternallyManaged(db, tenantId);
  const plan = await planById(db, req.planId);
  if (req.paymentMethodId) await paymentMethodOf(db, tenantId, req.paymentMethodId);
  const paymentMethodId = req.paymentMethodId || s.paymentMethodId;
  // a standing subscription (active or on trial; a pending cancellation is taken back with renew, not by buying the plan again)
  const standing = s.status === 'active' || s.status === 'trialing';
  const now = await emulatorDate(db);
  if (standing && plan.id === s.planId) {
    if (paymentMethodId === s.paymentMethodId) throw badRequest(BILLING_ERRORS.noChanges);
    await db.update(billingSubscriptions).set({ paymentMethodId, updatedAt: now }).where(eq(billingSubscriptions.id, s.id));
    await audit(c, { action: 'subscription.updated', targetId: s.id, details: { planId: plan.id, paymentMethodId } });
    return;
  }
  const settings = await billingSettingsOf(db, c.var.rt.vendorId);
  if (plan.tier < current.tier && !settings.allowPlanDowngrade) throw badRequest(BILLING_ERRORS.downgradeNotAllowed);
  const trial = settings.trialDays > 0 && plan.amount > 0 && current.amount === 0 && !s.trialEnd;
  if (plan.amount > 0 && !paymentMethodId && !trial) throw badRequest(BILLING_ERRORS.paymentMethodRequired);
  let status = 'active';
  let end = addMonths(now, 1);
  let trialEnd = s.trialEnd;
  let invoice: InvoiceRow | undefined;
  if (trial) {
    status = 'trialing';
    trialEnd = end = new Date(now.getTime() + settings.trialDays * 86_400_000);
  } else if (plan.amount > 0) {
    const charged = await charge(db, s, plan, now, end, paymentMethodId);
    invoice = charged.invoice;
    if (!charged.paid) status = 'incomplete';
  }
  await db
    .update(billingSubscriptions)
    .set({ planId: plan.id, paymentMethodId, status, currentPeriodStart: now, currentPeriodEnd: end, cancellationPolicy: null, trialEnd, updatedAt: now })
    .where(eq(billingSubscriptions.id, s.id));
  await grantPlanEntitlements(db, tenantId, plan, now);
  await audit(c, {
    action: 'subscription.updated',
    targetId: s.id,
    details: { fromPlanId: current.id, planId: plan.id, name: plan.name, status, paymentMethodId, ...(invoice ? { invoiceId: invoice.id, paid: invoice.paid } : {}) },
  });
  if (invoice && !invoice.paid) {
    await audit(c, { action: 'subscription.charge.failed', targetId: s.id, severity: 'WARNING', details: { planId: plan.id, invoiceId: invoice.id } });
  }
}

/** Cancels at the period's end (AB-4.26, AB-7.68): only an active subscription without a cancellation, and only when the vendor allows it. */
export async function cancelSubscription(c: Ctx, tenantId: string, subscriptionId: string): Promise<void> {
  const db = c.var.db;
  const { subscription: s, plan } = await accountOf(db, tenantId, subscriptionId, { lock: true });
  await assertNotExternallyManaged(db, tenantId);
  if (s.status !== 'active' || s.cancellationPolicy) throw badRequest(BILLING_ERRORS.cannotCancel);
  if (!(await billingSettingsOf(db, c.var.rt.vendorId)).allowPlanCancellation) throw badRequest(BILLING_ERRORS.cancellationNotAllowed);
  await db
    .update(billingSubscriptions)
    .set({ cancellationPolicy: 'atPeriodEnd', updatedAt: await emulatorDate(db) })
    .where(eq(billingSubscriptions.id, s.id));
  await audit(c, { action: 'subscription.canceled', targetId: s.id, severity: 'WARNING', details: { planId: plan.id, name: plan.name, endsAt: s.currentPeriodEnd.toISOString() } });
}

/** Takes a cancellation back (AB-4.27, AB-7.68): only with the policy atPeriodEnd. */
export async function renewSubscription(c: Ctx, tenantId: string, subscriptionId: string): Promise<void> {
  const db = c.var.db;
  const { subscription: s, plan } = await accountOf(db, tenantId, subscriptionId, { lock: true });
  await assertNotExternallyManaged(db, tenantId);
  if (s.cancellationPolicy !== 'atPeriodEnd') throw badRequest(BILLING_ERRORS.notCanceled);
  await db
    .update(billingSubscriptions)
    .set({ cancellationPolicy: null, updatedAt: await emulatorDate(db) })
    .where(eq(billingSubscriptions.id, s.id));
  await audit(c, { action: 'subscription.renewed', targetId: s.id, details: { planId: plan.id, name: plan.name, renewsAt: s.currentPeriodEnd.toISOString() } });
}

// ---------------------------------------------------------------- the clock

/** The most months one settling brings a subscription forward (the clock moves at most 10 years: 120). */
const MAX_MONTHS = 240;

/**
 * Brings every subscription whose period or trial has ended by the emulator clock up to now (see the module comment),
 * in one transaction (rows locked, so two requests never charge the same month twice). Audit rows, written by the
 * system: `subscription.renewed`, `subscription.renewal.failed`, `subscription.ended`. Returns how many subscriptions moved.
 */
export async function settleBilling(c: Ctx): Promise<number> {
  return inTransaction(c, async (db) => {
    const now = await emulatorDate(db);
    const due = await db
      .select()
      .from(billingSubscriptions)
      .where(
        or(
          and(inArray(billingSubscriptions.status, ['active']), lte(billingSubscriptions.currentPeriodEnd, now)),
          and(eq(billingSubscriptions.status, 'trialing'), or(lte(billingSubscriptions.trialEnd, now), lte(billingSubscriptions.currentPeriodEnd, now))),
        ),
      )
      .orderBy(asc(billingSubscriptions.id))
      .for('update');
    if (!due.length) return 0;
    const plans = new Map((await listPlans(db)).map((p) => [p.id, p]));
    const fallback = await defaultPlan(db);
    for (const row of due) await settleOne(c, db, row, plans, fallback, now);
    return due.length;
  });
}

async function settleOne(c: Ctx, db: Db, row: SubscriptionRow, plans: Map<string, PlanRow>, fallback: PlanRow | undefined, now: Date): Promise<void> {
  const s = { ...row };
  const system = { actor: null, tenantId: s.tenantId } as const;
  const end = async (reason: 'canceled' | 'trialEnded', at: Date) => {
    const to = fallback ?? plans.get(s.planId)!;
    const from = s.planId;
    s.status = reason;
    s.planId = to.id;
    await grantPlanEntitlements(db, s.tenantId, to, at);
    await audit(c, { ...system, action: 'subscription.ended', targetId: s.id, severity: 'WARNING', details: { reason, fromPlanId: from, planId: to.id, at: at.toISOString() } });
  };
  for (let i = 0; i < MAX_MONTHS; i++) {
    const plan = plans.get(s.planId);
    if (!plan) break;
    if (s.status === 'trialing') {
      const trialEnd = s.trialEnd ?? s.currentPeriodEnd;
      if (trialEnd > now) break;
      if (!s.paymentMethodId) {
        await end('trialEnded', trialEnd);
        break;
      }
      // the trial ends with a payment method: the first charge, and monthly from there
      s.status = 'active';
      s.currentPeriodEnd = trialEnd;
      s.currentPeriodStart = trialEnd;
    }
    if (s.status !== 'active' || s.currentPeriodEnd > now) break;
    if (s.cancellationPolicy === 'atPeriodEnd') {
      await end('canceled', s.currentPeriodEnd);
      break;
    }
    const start = s.currentPeriodEnd;
    const next = addMonths(start, 1);
    s.currentPeriodStart = start;
    s.currentPeriodEnd = next;
    if (plan.amount === 0) continue;
    const { paid, invoice } = await charge(db, s, plan, start, next, s.paymentMethodId);
    if (paid) {
      await audit(c, {
        ...system,
        action: 'subscription.renewed',
        targetId: s.id,
        details: { planId: plan.id, name: plan.name, invoiceId: invoice.id, periodEnd: next.toISOString() },
      });
    } else {
      s.status = 'incomplete';
      await audit(c, {
        ...system,
        action: 'subscription.renewal.failed',
        targetId: s.id,
        severity: 'WARNING',
        details: { planId: plan.id, name: plan.name, invoiceId: invoice.id },
      });
      await notifyAdmins(db, {
        tenantId: s.tenantId,
        key: 'subscription.renewal.failed',
        title: `The renewal of the ${plan.name} plan failed`,
        body: 'The card on file was declined. Update the payment method to keep the subscription.',
        severity: 'error',
        url: '/admin#/admin/subscription',
      });
    }
  }
  await db
    .update(billingSubscriptions)
    .set({ status: s.status, planId: s.planId, currentPeriodStart: s.currentPeriodStart, currentPeriodEnd: s.currentPeriodEnd, updatedAt: now })
    .where(eq(billingSubscriptions.id, s.id));
}
