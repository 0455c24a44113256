// @postgres: the plan limits read FOR UPDATE (billing/plan-limits.ts)
/**
 * The subscription section's emulator routes (issue 32; api-contract §AB), driven with Frontegg's own client
 * (`@frontegg/rest-api` subscriptions module) where it has the call, and raw requests for the rest: plans, the account's
 * subscription on both paths, update / cancel / renew with their rules, invoices and their PDF, payment methods and
 * billing details, providers and configurations, the settling on the emulator clock, entitlements that follow the plan,
 * and the `/_emulator/billing` test routes. Payment methods are written straight into `billing_payment_methods` (the
 * test-mode card provider makes them for real; its own tests cover that).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { resolveObjectURL } from 'node:buffer';
import { eq } from 'drizzle-orm';
import type { FronteggApiClient } from '@frontegg/rest-api';
import { billingInvoices, billingPaymentMethods, billingSubscriptions, tenants } from '../src/db/schema.ts';
import { SEED } from '../src/db/seed.ts';
import { Client, type Res } from './helpers.ts';
import { rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();

const F = '/frontegg/subscriptions/resources';
const B = `${F}/billing`;
const ACME: string = SEED.tenantId;
const DAY = 86_400_000;

/** A request to the emulator; `token` as the bearer when given. */
function call(method: string, path: string, body?: unknown, token?: string): Promise<Res> {
  return new Client(harness.emu).req(method, path, body, token ? { authorization: `Bearer ${token}` } : {});
}

/** A `/_emulator` call that must answer 2xx. */
async function emulator(method: string, path: string, body?: unknown) {
  const res = await call(method, `/_emulator${path}`, body ?? (method === 'GET' ? undefined : {}));
  assert.ok(res.status >= 200 && res.status < 300, `${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

/** A card of `tenantId`, written as the card provider writes one (no number stored). */
async function addCard(tenantId = ACME, extra: Partial<typeof billingPaymentMethods.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await harness.emu.db.insert(billingPaymentMethods).values({
    id,
    externalId: `pm_${id.slice(0, 8)}`,
    tenantId,
    type: 'card',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2034,
    isDefault: true,
    billingDetails: { name: 'Acme Billing', email: 'billing@acme.test' },
    ...extra,
  });
  return id;
}

/** The subscription of `tenantId` as stored. */
async function stored(tenantId = ACME) {
  const [row] = await harness.emu.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.tenantId, tenantId));
  return row!;
}

/** The feature keys of the signed-in admin's entitlements bundle. */
async function features(token: string): Promise<string[]> {
  const res = await call('GET', '/frontegg/entitlements/api/v2/user-entitlements', undefined, token);
  assert.equal(res.status, 200, res.text);
  return Object.entries(res.body.features as Record<string, { expireTime: number | null }>)
    .filter(([, f]) => f.expireTime === -1)
    .map(([k]) => k)
    .sort();
}

/** Another account (made through `/_emulator/tenants`) with its own subscription. */
async function otherAccount(name = 'Globex'): Promise<string> {
  return ((await emulator('POST', '/tenants', { name })) as { tenantId: string }).tenantId;
}

/** Frontegg's client as the seeded admin, signed in now (after the clock moved, an older access token has expired). */
const admin = () => harness.adminApi();

/** Moves the emulator clock forward `ms` (the clock route settles billing). */
const advance = (ms: number) => emulator('PUT', '/clock', { advance: ms });

/** Runs Frontegg's getSubscriptionInvoicePdf, which downloads through a link it clicks: the file's name and bytes. */
async function downloadPdf(api: FronteggApiClient, invoiceId: string, outputFileName?: string) {
  const page = globalThis as { document?: unknown };
  const link = { href: '', download: '', setAttribute: (k: string, v: string) => k === 'download' && (link.download = v), click: () => {} };
  page.document = { createElement: () => link };
  try {
    await api.subscriptions.getSubscriptionInvoicePdf(invoiceId, outputFileName);
  } finally {
    delete page.document;
  }
  const blob = resolveObjectURL(link.href);
  assert.ok(blob, 'the download produced a blob');
  return { fileName: link.download, bytes: new Uint8Array(await blob.arrayBuffer()) };
}

/**
 * The text a PDF shows: every content stream inflated, each `[<hex> n <hex>] TJ` / `<hex> Tj` of pdfkit's standard
 * fonts decoded (WinAnsi: Latin-1 for the characters used here), one line per text operator.
 */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      content = m[1]!;
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hex = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('') : op[2]!;
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

describe('plans and the subscription of every account (Frontegg client)', () => {
  it('AB-1.02 AB-3.44 AB-3.45 AB-3.46 AB-7.66 plans in tier order with prices in minor units (usd, month), features and limits; one plan by id; an unknown id is 404', async () => {
    const api = await harness.adminApi();
    const plans = (await api.subscriptions.getSubscriptionPlans()) as unknown as {
      id: string;
      slug: string;
      name: string;
      price: { currency: string; amount: number; id: string; externalId: string };
      recurringInterval: string;
      tier: number;
      isDefault: boolean;
      features: { key: string; name: string }[];
      limits: Record<string, number>;
    }[];
    assert.deepEqual(
      plans.map((p) => [p.slug, p.name, p.price.amount, p.price.currency, p.recurringInterval, p.tier, p.isDefault]),
      [
        ['free', 'Free', 0, 'usd', 'month', 0, true],
        ['pro', 'Pro', 2900, 'usd', 'month', 1, false],
        ['enterprise', 'Enterprise', 9900, 'usd', 'month', 2, false],
      ],
    );
    for (const p of plans) for (const key of ['id', 'externalId', 'name', 'description', 'slug']) assert.equal(typeof (p as Record<string, unknown>)[key], 'string', key);
    assert.deepEqual(plans[1]!.features, [
      { key: 'advanced-reports', name: 'Advanced reports' },
      { key: 'sso', name: 'Single sign-on' },
    ]);
    assert.deepEqual(plans[0]!.limits, { seats: 50, apiTokens: 20, ssoConnections: 3 });
    assert.deepEqual(plans[2]!.limits, {}, 'Enterprise: unlimited');
    // Frontegg's type says a list; its portal reads one object, and so do we
    const one = (await api.subscriptions.getSubscriptionPlan('pro')) as unknown as { id: string; price: { amount: number } };
    assert.equal(Array.isArray(one), false);
    assert.deepEqual([one.id, one.price.amount], ['pro', 2900]);
    await rejectsWith(api.subscriptions.getSubscriptionPlan('platinum'), 404, 'Plan not found');
  });

  it("AB-3.40 AB-3.41 AB-3.50 AB-7.67 both subscription paths serve the account's one subscription on the default plan, active, its period the creation month; the summary and tenant configuration match", async () => {
    const api = await harness.adminApi();
    const [billing] = await api.subscriptions.getSubscriptions();
    const [managed] = await api.subscriptions.getManagedSubscriptions();
    assert.deepEqual(managed, billing);
    const sub = billing as unknown as Record<string, unknown>;
    for (const key of ['id', 'externalId', 'startDate', 'currentPeriodStart', 'currentPeriodEnd', 'status', 'cancellation', 'trialEnd', 'externallyManaged', 'plan'])
      assert.ok(key in sub, key);
    assert.equal(sub.status, 'active');
    assert.equal(sub.plan, 'free');
    assert.equal(sub.planId, 'free');
    assert.equal(sub.cancellation, null);
    assert.equal(sub.externallyManaged, false);
    const [tenant] = await harness.emu.db.select().from(tenants).where(eq(tenants.tenantId, ACME));
    assert.equal(sub.startDate, tenant!.createdAt.toISOString());
    const start = new Date(sub.currentPeriodStart as string);
    const end = new Date(sub.currentPeriodEnd as string);
    assert.equal(end.getUTCMonth(), (start.getUTCMonth() + 1) % 12, 'a month long');
    assert.deepEqual(await api.subscriptions.getSubscription(billing!.id), billing);
    assert.deepEqual(await api.subscriptions.getManagedSubscription(billing!.id), billing);

    const summary = await api.subscriptions.getSubscriptionSummaries(ACME);
    // Frontegg's type says externallyManaged is a string; the emulator answers a boolean, as everywhere else
    const config = (await api.subscriptions.getTenantConfiguration(ACME)) as unknown as { id: string };
    assert.deepEqual(summary, {
      tenantConfigurationId: config.id,
      providerType: 'Stripe',
      subscriptionId: billing!.id,
      externallyManaged: false,
      currentPlanId: 'free',
      paymentMethodId: null,
      defaultPlanId: 'free',
    });
    assert.deepEqual(config, { id: config.id, vendorId: SEED.vendorId, tenantId: ACME, externallyManaged: false, managedBy: null, paymentProviderType: 'Stripe', mappingId: null });
    assert.deepEqual(await api.subscriptions.createTenantConfiguration({ tenantId: ACME, providerType: 'Stripe' as never }), { id: config.id });
  });

  it('every account made by any path has its subscription and configuration at once: sign-up, a sub-account, a raw tenant row', async () => {
    const signUp = await call('POST', '/frontegg/identity/resources/users/v1/signUp', { email: 'founder@initech.test', password: 'Str0ng-Passw0rd!', companyName: 'Initech' });
    assert.ok(signUp.status < 300, signUp.text);
    const sub = ((await emulator('POST', '/tenants', { name: 'Acme EMEA', parentTenantId: ACME })) as { tenantId: string }).tenantId;
    const raw = randomUUID();
    const now = new Date();
    await harness.emu.db.insert(tenants).values({ id: randomUUID(), tenantId: raw, vendorId: SEED.vendorId, name: 'Raw', createdAt: now, updatedAt: now });
    for (const tenantId of [signUp.body.tenantId as string, sub, raw]) {
      const state = (await emulator('GET', `/billing/tenants/${tenantId}`)) as {
        subscription: { status: string; planId: string; tenantId: string };
        configuration: { externallyManaged: boolean };
      };
      assert.deepEqual(
        [state.subscription.tenantId, state.subscription.status, state.subscription.planId, state.configuration.externallyManaged],
        [tenantId, 'active', 'free', false],
      );
    }
    const raws = await harness.emu.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.tenantId, raw));
    assert.equal(raws[0]!.startDate.getTime(), now.getTime(), "the period starts at the account's creation");
  });

  it('AB-8.02 another account\'s subscription is 404 "Subscription not found." on both paths, for reading, updating, cancelling and renewing; another account\'s summary and configuration too', async () => {
    const other = await otherAccount();
    const theirs = (await stored(other)).id;
    const api = await harness.adminApi();
    const notFound = 'Subscription not found.';
    await rejectsWith(api.subscriptions.getSubscription(theirs), 404, notFound);
    await rejectsWith(api.subscriptions.getManagedSubscription(theirs), 404, notFound);
    await rejectsWith(api.subscriptions.updateSubscription(theirs, { planId: 'free', paymentMethodId: '' }), 404, notFound);
    await rejectsWith(api.subscriptions.updateManagedSubscription(theirs, { planId: 'free', paymentMethodId: '' }), 404, notFound);
    await rejectsWith(api.subscriptions.cancelManagedSubscription(theirs), 404, notFound);
    await rejectsWith(api.subscriptions.renewSubscription(theirs), 404, notFound);
    await rejectsWith(api.subscriptions.getSubscriptionSummaries(other), 404, notFound);
    await rejectsWith(api.subscriptions.getTenantConfiguration(other), 404, 'Tenant configuration not found');
    await rejectsWith(api.subscriptions.createTenantConfiguration({ tenantId: other, providerType: 'Stripe' as never }), 404, 'Tenant configuration not found');
    await rejectsWith(api.subscriptions.getStripeCustomer(other), 404, 'Stripe customer not found');
    assert.equal((await stored(other)).status, 'active', 'untouched');
  });

  it('AB-8.03 without a subscriptions permission every billing route is 403 Not authorized; a reader reads but cannot change', async () => {
    await harness.makeUser('nobody@acme.test', []);
    await harness.makeUser('reader@acme.test', ['ReadOnly']);
    const nobody = await harness.tokenOf('nobody@acme.test', 'Str0ng-Passw0rd!');
    const reader = await harness.tokenOf('reader@acme.test', 'Str0ng-Passw0rd!');
    const subId = (await stored()).id;
    const card = await addCard();
    const reads = [
      `${B}/plans/v1`,
      `${B}/plans/v1/pro`,
      `${B}/subscriptions/v1`,
      `${F}/subscriptions/v1/${subId}`,
      `${B}/invoices/v1`,
      `${B}/payment-methods/v1`,
      `${B}/payment-methods/v1/${card}`,
      `${F}/payment-providers/v1`,
      `${B}/summaries/v1/${ACME}`,
      `${B}/tenant-configurations/v1/${ACME}`,
      `${B}/configurations/vendor-public-configurations/v1`,
      `${B}/payment-providers/stripe/public-configurations/v1`,
    ];
    const writes: [string, string, unknown][] = [
      ['PUT', `${F}/subscriptions/v1/${subId}`, { planId: 'pro', paymentMethodId: card }],
      ['PUT', `${B}/subscriptions/v1/${subId}/cancellations/`, {}],
      ['PUT', `${F}/subscriptions/v1/${subId}/renewals/`, {}],
      ['PATCH', `${B}/payment-methods/v1/${card}/billing-details`, { email: 'x@acme.test' }],
      ['POST', `${B}/tenant-configurations/v1`, { tenantId: ACME }],
      ['POST', `${B}/payment-providers/stripe/customers/v1`, {}],
    ];
    for (const path of reads) {
      const res = await call('GET', path, undefined, nobody);
      assert.deepEqual([res.status, res.body.errors], [403, ['Not authorized']], path);
      assert.equal((await call('GET', path, undefined, reader)).status, 200, path);
    }
    for (const [method, path, body] of writes) {
      for (const token of [nobody, reader]) assert.deepEqual([(await call(method, path, body, token)).status], [403], `${method} ${path}`);
    }
    assert.equal((await call('GET', `${B}/plans/v1`)).status, 401, 'no token');
    assert.equal((await stored()).planId, 'free');
  });
});

describe('checkout, cancel and renew (Frontegg client)', () => {
  it('AB-1.04 AB-4.29 AB-7.69 AB-3.48 Free → Pro with a card: the plan switches now, a new period, a paid invoice of 29.00, and the Pro features in the entitlements at once', async () => {
    const token = await harness.tokenOf();
    const api = await harness.apiAs(token);
    assert.deepEqual(await features(token), []);
    const card = await addCard();
    const before = await stored();
    const [sub] = await api.subscriptions.getManagedSubscriptions();
    assert.deepEqual(await api.subscriptions.updateManagedSubscription(sub!.id, { planId: 'pro', paymentMethodId: card }), {});
    const after = await stored();
    assert.deepEqual([after.planId, after.status, after.paymentMethodId, after.cancellationPolicy], ['pro', 'active', card, null]);
    assert.ok(after.currentPeriodStart > before.currentPeriodStart);
    assert.equal((await api.subscriptions.getSubscriptionSummaries(ACME)).currentPlanId, 'pro');
    const invoices = await api.subscriptions.getSubscriptionInvoices();
    assert.equal(invoices.length, 1);
    const [invoice] = invoices;
    assert.deepEqual([invoice!.totalAmount, invoice!.currency, invoice!.paid, invoice!.subscriptionId], [29, 'usd', true, sub!.id]);
    for (const key of ['id', 'externalId', 'subscriptionId', 'paymentDate', 'totalAmount', 'currency', 'paid', 'receiptNumber']) assert.ok(key in invoice!, key);
    assert.deepEqual(await features(token), ['advanced-reports', 'sso'], 'AB-7.74 entitlements follow the plan at once');
    const [row] = await harness.auditRows('subscription.updated', sub!.id);
    assert.deepEqual([row!.tenantId, (row!.details as Record<string, unknown>).planId, (row!.details as Record<string, unknown>).fromPlanId], [ACME, 'pro', 'free']);

    // Pro → Enterprise on the billing path: a second invoice, the Enterprise features
    await api.subscriptions.updateSubscription(sub!.id, { planId: 'enterprise', paymentMethodId: card });
    assert.deepEqual(await features(token), ['advanced-reports', 'audit-export', 'priority-support', 'sso']);
    assert.deepEqual(
      (await api.subscriptions.getSubscriptionInvoices()).map((i) => i.totalAmount),
      [99, 29],
      'newest first',
    );
    // and back to Free: no charge, the features go
    await api.subscriptions.updateSubscription(sub!.id, { planId: 'free', paymentMethodId: card });
    assert.deepEqual(await features(token), []);
    assert.equal((await api.subscriptions.getSubscriptionInvoices()).length, 2);
  });

  it('no double charge on a double click: two updates to Pro at once charge once, the second is "No changes to update"', async () => {
    const token = await harness.tokenOf();
    const card = await addCard();
    const subId = (await stored()).id;
    const answers = await Promise.all([0, 1].map(() => call('PUT', `${F}/subscriptions/v1/${subId}`, { planId: 'pro', paymentMethodId: card }, token)));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 400]);
    assert.deepEqual(answers.find((a) => a.status === 400)!.body.errors, ['No changes to update']);
    assert.equal((await harness.emu.db.select().from(billingInvoices)).length, 1);
  });

  it("AB-4.29 update rules: no change, a paid plan without a card, an unknown plan, another account's card, a downgrade the vendor refuses; a failing card leaves the plan incomplete with an unpaid invoice", async () => {
    const api = await harness.adminApi();
    const subId = (await stored()).id;
    await rejectsWith(api.subscriptions.updateManagedSubscription(subId, { planId: 'free', paymentMethodId: '' }), 400, 'No changes to update');
    await rejectsWith(api.subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: '' }), 400, 'A payment method is required');
    await rejectsWith(api.subscriptions.updateManagedSubscription(subId, { planId: 'platinum', paymentMethodId: '' }), 404, 'Plan not found');
    const theirCard = await addCard(await otherAccount());
    await rejectsWith(api.subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: theirCard }), 404, 'Payment method not found');
    const card = await addCard();
    await api.subscriptions.updateManagedSubscription(subId, { planId: 'enterprise', paymentMethodId: card });
    await rejectsWith(api.subscriptions.updateManagedSubscription(subId, { planId: 'enterprise', paymentMethodId: card }), 400, 'No changes to update');
    await emulator('PUT', '/billing/settings', { allowPlanDowngrade: false });
    await rejectsWith(api.subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: card }), 400, 'Plan downgrades are not allowed');
    assert.equal((await stored()).planId, 'enterprise');
    // another card on the same plan only changes the card
    const second = await addCard(ACME, { last4: '1881', isDefault: false });
    await api.subscriptions.updateManagedSubscription(subId, { planId: 'enterprise', paymentMethodId: second });
    assert.deepEqual([(await stored()).paymentMethodId, (await api.subscriptions.getSubscriptionInvoices()).length], [second, 1]);

    await emulator('PUT', '/billing/settings', { allowPlanDowngrade: true });
    const failing = await addCard(ACME, { last4: '0341', failsCharges: true });
    await api.subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: failing });
    const after = await stored();
    assert.deepEqual([after.planId, after.status], ['pro', 'incomplete']);
    const [unpaid] = await api.subscriptions.getSubscriptionInvoices();
    assert.deepEqual([unpaid!.totalAmount, unpaid!.paid], [29, false]);
    // a working card on the same plan charges again: active
    await api.subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: card });
    assert.equal((await stored()).status, 'active');
  });

  it('AB-1.03 AB-4.26 AB-4.27 AB-7.68 cancel then renew, on both paths, with and without the trailing slash; each only from its state; cancellation refused when the vendor does not allow it', async () => {
    const api = await harness.adminApi();
    const token = await harness.tokenOf();
    const subId = (await stored()).id;
    await rejectsWith(api.subscriptions.renewManagedSubscription(subId), 400, 'Subscription is not canceled');
    assert.deepEqual(await api.subscriptions.cancelManagedSubscription(subId), {});
    const [canceled] = await api.subscriptions.getManagedSubscriptions();
    assert.deepEqual(canceled!.cancellation, { policy: 'atPeriodEnd' });
    assert.equal(canceled!.status, 'active', 'active until the period ends');
    await rejectsWith(api.subscriptions.cancelSubscription(subId), 400, 'Subscription cannot be canceled');
    await rejectsWith(api.subscriptions.updateManagedSubscription(subId, { planId: 'free', paymentMethodId: '' }), 400, 'No changes to update');
    assert.equal((await harness.auditRows('subscription.canceled', subId)).length, 1);
    const renew = await call('PUT', `${B}/subscriptions/v1/${subId}/renewals`, {}, token);
    assert.deepEqual([renew.status, renew.body], [200, {}]);
    assert.equal((await stored()).cancellationPolicy, null);
    assert.equal((await harness.auditRows('subscription.renewed', subId)).length, 1);
    const cancel = await call('PUT', `${F}/subscriptions/v1/${subId}/cancellations`, {}, token);
    assert.equal(cancel.status, 200);
    await api.subscriptions.renewSubscription(subId);

    await emulator('PUT', '/billing/settings', { allowPlanCancellation: false });
    await rejectsWith(api.subscriptions.cancelManagedSubscription(subId), 400, 'Plan cancellation is not allowed');
    await emulator('PUT', `/billing/tenants/${ACME}`, { status: 'incomplete' });
    await emulator('PUT', '/billing/settings', { allowPlanCancellation: true });
    await rejectsWith(api.subscriptions.cancelManagedSubscription(subId), 400, 'Subscription cannot be canceled');
  });

  it('AB-5.10 an externally managed account refuses every action with "Billing is externally managed."; the answers say so and who manages it', async () => {
    const api = await harness.adminApi();
    const token = await harness.tokenOf();
    const card = await addCard();
    const subId = (await stored()).id;
    await api.subscriptions.cancelManagedSubscription(subId);
    await emulator('PUT', `/billing/tenants/${ACME}`, { externallyManaged: true, managedBy: 'Acme sales team' });
    const text = 'Billing is externally managed.';
    await rejectsWith(api.subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: card }), 400, text);
    await rejectsWith(api.subscriptions.updateSubscription(subId, { planId: 'pro', paymentMethodId: card }), 400, text);
    await rejectsWith(api.subscriptions.renewManagedSubscription(subId), 400, text);
    await rejectsWith(api.subscriptions.renewSubscription(subId), 400, text);
    await rejectsWith(api.subscriptions.updatePaymentMethodBillingDetails(card, { email: 'x@acme.test' }), 400, text);
    await rejectsWith(api.subscriptions.createStripeCustomer({ name: 'Acme', email: 'x@acme.test', tenantName: 'Acme' } as never), 400, text);
    await emulator('PUT', `/billing/tenants/${ACME}`, { cancellation: null });
    await rejectsWith(api.subscriptions.cancelManagedSubscription(subId), 400, text);
    const [sub] = await api.subscriptions.getSubscriptions();
    assert.deepEqual([sub!.externallyManaged, (sub as unknown as { managedBy: string }).managedBy], [true, 'Acme sales team']);
    assert.equal((await api.subscriptions.getSubscriptionSummaries(ACME)).externallyManaged, true);
    assert.equal((await stored()).planId, 'free');
    assert.equal((await call('GET', `${B}/invoices/v1`, undefined, token)).status, 200, 'reading stays open');
  });
});

describe('invoices and their PDF', () => {
  it("AB-3.47 AB-7.66 invoices newest first, one by id, its PDF (starts with %PDF) named by outputFileName, or invoice_<receipt>.pdf; another account's invoice is 404", async () => {
    const api = await harness.adminApi();
    const token = await harness.tokenOf();
    const card = await addCard();
    const subId = (await stored()).id;
    await api.subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: card });
    const [invoice] = await api.subscriptions.getSubscriptionInvoices();
    assert.deepEqual(await api.subscriptions.getSubscriptionInvoice(invoice!.id), invoice);

    const named = await downloadPdf(api, invoice!.id, 'invoice_01122026.pdf');
    assert.equal(Buffer.from(named.bytes.slice(0, 4)).toString('latin1'), '%PDF');
    assert.equal(named.fileName, 'invoice_01122026.pdf');
    const res = await harness.emu.fetch(
      new Request(`http://127.0.0.1${B}/invoices/v1/${invoice!.id}/pdf?outputFileName=undefined`, { headers: { authorization: `Bearer ${token}` } }),
    );
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.equal(res.headers.get('content-disposition'), `attachment; filename="invoice_${invoice!.receiptNumber}.pdf"`);
    const odd = await harness.emu.fetch(
      new Request(`http://127.0.0.1${B}/invoices/v1/${invoice!.id}/pdf?outputFileName=${encodeURIComponent('../x"; y.pdf')}`, { headers: { authorization: `Bearer ${token}` } }),
    );
    assert.equal(odd.headers.get('content-disposition'), 'attachment; filename="x_y.pdf"', 'no quote, slash or space gets through');

    const other = await otherAccount();
    const theirs = randomUUID();
    await harness.emu.db.insert(billingInvoices).values({
      id: theirs,
      externalId: 'in_theirs',
      tenantId: other,
      subscriptionId: (await stored(other)).id,
      planId: 'pro',
      paymentDate: new Date(),
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * DAY),
      totalAmount: 2900,
      currency: 'usd',
      paid: true,
      receiptNumber: 'THEIRS-1',
    });
    await rejectsWith(api.subscriptions.getSubscriptionInvoice(theirs), 404, 'Invoice not found');
    assert.equal((await call('GET', `${B}/invoices/v1/${theirs}/pdf`, undefined, token)).status, 404);
    assert.deepEqual(
      (await api.subscriptions.getSubscriptionInvoices()).map((i) => i.id),
      [invoice!.id],
    );
  });

  it("AB-9.18 AB-3.48 money is minor units: a JPY plan of 123456 is invoiced as 1234.56 (the contract's /100) and its PDF says ¥123,456; a USD one says $29.00, the vendor, account, plan and readable dates", async () => {
    const api = await harness.adminApi();
    const card = await addCard();
    const subId = (await stored()).id;
    await api.subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: card });
    await emulator('PUT', '/billing/plans/tokyo', { name: 'Tokyo', amount: 123456, currency: 'JPY', tier: 3, features: ['sso'] });
    await api.subscriptions.updateManagedSubscription(subId, { planId: 'tokyo', paymentMethodId: card });
    const [yen, usd] = await api.subscriptions.getSubscriptionInvoices();
    assert.deepEqual([yen!.totalAmount, yen!.currency], [1234.56, 'jpy']);
    const yenText = pdfText((await downloadPdf(api, yen!.id)).bytes);
    assert.match(yenText, /¥123,456/);
    assert.doesNotMatch(yenText, /1,234\.56/);
    const usdText = pdfText((await downloadPdf(api, usd!.id)).bytes);
    assert.match(usdText, /\$29\.00/);
    for (const words of [SEED.vendorName, 'Acme', 'Pro', usd!.receiptNumber, 'Paid']) assert.ok(usdText.includes(words), `${words} in:\n${usdText}`);
    const day = new Date(usd!.paymentDate);
    const readable = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day);
    assert.ok(usdText.includes(readable), `${readable} in:\n${usdText}`);
  });
});

describe('payment methods, providers and configurations', () => {
  it("AB-3.49 AB-7.70 payment methods (the account's only) and billing details: flat, { address }, and Frontegg's client's nested body all store { email, address }", async () => {
    const api = await harness.adminApi();
    const token = await harness.tokenOf();
    const card = await addCard();
    const theirs = await addCard(await otherAccount());
    const methods = await api.subscriptions.getPaymentMethods();
    assert.deepEqual(
      methods.map((m) => m.id),
      [card],
    );
    const method = (await api.subscriptions.getPaymentMethod(card)) as unknown as Record<string, unknown>;
    assert.deepEqual(
      { ...method, id: undefined, externalId: undefined },
      {
        id: undefined,
        externalId: undefined,
        type: 'card',
        isDefault: true,
        last4: '4242',
        expMonth: 12,
        expYear: 2034,
        brand: 'visa',
        billingDetails: { name: 'Acme Billing', email: 'billing@acme.test' },
      },
    );
    await rejectsWith(api.subscriptions.getPaymentMethod(theirs), 404, 'Payment method not found');

    const address = { addressLine1: '1 Main St', addressLine2: 'Floor 2', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' };
    const flat = await call('PATCH', `${B}/payment-methods/v1/${card}/billing-details`, { email: 'ap@acme.test', ...address }, token);
    assert.deepEqual([flat.status, flat.body], [200, { email: 'ap@acme.test', address }]);
    const wrapped = await call('PATCH', `${B}/payment-methods/v1/${card}/billing-details`, { email: 'ap2@acme.test', address: { ...address, city: 'Shelbyville' } }, token);
    assert.deepEqual(wrapped.body, { email: 'ap2@acme.test', address: { ...address, city: 'Shelbyville' } });
    // Frontegg's client spreads its typed input { email, address } into address: { address }
    const answered = await api.subscriptions.updatePaymentMethodBillingDetails(card, { email: 'ap3@acme.test', address: { ...address, city: 'Capital City' } });
    assert.deepEqual(answered, { email: 'ap3@acme.test', address: { ...address, city: 'Capital City' } });
    const [after] = await api.subscriptions.getPaymentMethods();
    assert.deepEqual((after as { billingDetails: unknown }).billingDetails, { name: 'Acme Billing', email: 'ap3@acme.test', address: { ...address, city: 'Capital City' } });
    assert.equal((await harness.auditRows('billing-details.updated', card)).length, 3);
    assert.equal((await call('PATCH', `${B}/payment-methods/v1/${theirs}/billing-details`, { email: 'x@acme.test' }, token)).status, 404);
    assert.equal((await call('PATCH', `${B}/payment-methods/v1/${card}/billing-details`, { email: 'not an email' }, token)).status, 400);
  });

  it('AB-3.43 AB-7.71 AB-7.72 AB-8.06 providers: Stripe with status "1"; its configuration with a null key (test mode) or the vendor\'s; none configured: [] and "Payment provider not configured"; vendor public configuration follows the settings', async () => {
    const api = await harness.adminApi();
    assert.deepEqual(await api.subscriptions.getPaymentProviders(), [{ providerType: 'Stripe', name: 'Stripe', status: '1' }] as never);
    const config = await api.subscriptions.getStripePaymentProviderConfiguration();
    assert.deepEqual({ ...config, id: undefined }, { id: undefined, name: 'Stripe', active: true, publishableKey: null });
    await emulator('PUT', '/billing/settings', { publishableKey: 'pk_test_123' });
    assert.equal((await api.subscriptions.getStripePaymentProviderConfiguration()).publishableKey, 'pk_test_123');
    assert.deepEqual(await api.subscriptions.getVendorPublicConfigurations(), [{ allowPlanDowngrade: true, allowPlanCancellation: true }]);
    await emulator('PUT', '/billing/settings', { allowPlanDowngrade: false, provider: null });
    assert.deepEqual(await api.subscriptions.getVendorPublicConfigurations(), [{ allowPlanDowngrade: false, allowPlanCancellation: true }]);
    assert.deepEqual(await api.subscriptions.getPaymentProviders(), []);
    await rejectsWith(api.subscriptions.getStripePaymentProviderConfiguration(), 404, 'Payment provider not configured');
  });

  it('Stripe customers: none until made, then the same cus_… id; the tenant configuration is made once per account', async () => {
    const api = await harness.adminApi();
    await rejectsWith(api.subscriptions.getStripeCustomer(ACME), 404, 'Stripe customer not found');
    const made = await api.subscriptions.createStripeCustomer({ name: 'Acme Admin', email: SEED.adminEmail, tenantName: 'Acme' } as never);
    assert.match(made.stripeCustomerId, /^cus_[0-9a-f]{14}$/);
    assert.deepEqual(await api.subscriptions.getStripeCustomer(ACME), made);
    assert.deepEqual(await api.subscriptions.createStripeCustomer({ name: 'Acme Admin', email: SEED.adminEmail, tenantName: 'Acme' } as never), made);
  });
});

describe('the emulator clock settles billing', () => {
  it('a paid plan renews month by month: an invoice per month; a card that fails charges leaves an unpaid invoice and the subscription incomplete', async () => {
    const card = await addCard();
    const subId = (await stored()).id;
    await emulator('PUT', '/clock', { frozen: true });
    await (await admin()).subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: card });
    const start = await stored();
    await advance(31 * DAY);
    const renewed = await stored();
    assert.deepEqual([renewed.status, renewed.currentPeriodStart.toISOString()], ['active', start.currentPeriodEnd.toISOString()]);
    const invoices = await (await admin()).subscriptions.getSubscriptionInvoices();
    assert.deepEqual(
      invoices.map((i) => [i.totalAmount, i.paid]),
      [
        [29, true],
        [29, true],
      ],
    );
    assert.equal(invoices[0]!.paymentDate, start.currentPeriodEnd.toISOString());
    assert.equal((await harness.auditRows('subscription.renewed', subId)).length, 1);
    await advance(62 * DAY);
    assert.equal((await (await admin()).subscriptions.getSubscriptionInvoices()).length, 4, 'two more months, two more invoices');

    const failing = await addCard(ACME, { last4: '0341', failsCharges: true });
    await (await admin()).subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: failing });
    assert.equal((await stored()).paymentMethodId, failing);
    await advance(31 * DAY);
    const failed = await stored();
    assert.equal(failed.status, 'incomplete');
    const [unpaid] = await (await admin()).subscriptions.getSubscriptionInvoices();
    assert.equal(unpaid!.paid, false);
    const [row] = await harness.auditRows('subscription.renewal.failed', subId);
    assert.deepEqual([row!.actorId, row!.tenantId, row!.severity], [null, ACME, 'WARNING']);
    const [note] = await (await admin()).notifications.getNotifications({ count: 5, offset: 0 });
    assert.deepEqual(
      [note?.key, note?.severity, note?.title],
      ['subscription.renewal.failed', 'error', 'The renewal of the Pro plan failed'],
      "the account's administrators are notified",
    );
    await advance(31 * DAY);
    assert.equal((await (await admin()).subscriptions.getSubscriptionInvoices()).length, 5, 'an incomplete subscription is not charged again');
  });

  it('a free plan rolls on without invoices; a read settles too (a period that ended is brought up to now)', async () => {
    const before = await stored();
    await advance(40 * DAY);
    const after = await stored();
    assert.equal(after.currentPeriodStart.toISOString(), before.currentPeriodEnd.toISOString());
    assert.deepEqual(await (await admin()).subscriptions.getSubscriptionInvoices(), []);
    await emulator('PUT', `/billing/tenants/${ACME}`, { currentPeriodEnd: new Date(Date.now() - 70 * DAY).toISOString() });
    const [sub] = await (await admin()).subscriptions.getSubscriptions();
    assert.ok(new Date(sub!.currentPeriodEnd).getTime() > Date.now(), 'settled on read');
  });

  it('AB-4.26 a cancelled subscription ends at its period end: canceled, on the default plan, and the entitlements fall to it', async () => {
    const card = await addCard();
    const subId = (await stored()).id;
    await (await admin()).subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: card });
    await (await admin()).subscriptions.cancelManagedSubscription(subId);
    await advance(15 * DAY);
    assert.deepEqual(await features(await harness.tokenOf()), ['advanced-reports', 'sso'], 'until the period ends');
    await advance(20 * DAY);
    const [sub] = await (await admin()).subscriptions.getManagedSubscriptions();
    assert.deepEqual([sub!.status, sub!.plan as unknown], ['canceled', 'free']);
    assert.deepEqual(await features(await harness.tokenOf()), []);
    assert.equal((await (await admin()).subscriptions.getSubscriptionInvoices()).length, 1, 'no renewal charged');
    assert.equal((await harness.auditRows('subscription.ended', subId)).length, 1);
    // a canceled account subscribes again
    await (await admin()).subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: card });
    assert.equal((await stored()).status, 'active');
  });

  it('the entitlements read settles too: a cancelled plan whose period has ended has taken its features with it', async () => {
    const token = await harness.tokenOf();
    const api = await harness.apiAs(token);
    const subId = (await stored()).id;
    await api.subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: await addCard() });
    await api.subscriptions.cancelManagedSubscription(subId);
    assert.deepEqual(await features(token), ['advanced-reports', 'sso']);
    await emulator('PUT', `/billing/tenants/${ACME}`, { currentPeriodEnd: new Date(Date.now() - 1000).toISOString() });
    assert.deepEqual(await features(token), []);
    assert.equal((await stored()).status, 'canceled');
  });

  it('AB-3.41 a trial ends: with a card it becomes active and is charged; without one trialEnded on the default plan', async () => {
    const card = await addCard();
    const trialEnd = new Date(Date.now() + 5 * DAY).toISOString();
    await emulator('PUT', `/billing/tenants/${ACME}`, { status: 'trialing', trialEnd, planId: 'pro', paymentMethodId: card });
    assert.deepEqual(await (await admin()).subscriptions.getSubscriptionInvoices(), []);
    await advance(6 * DAY);
    const [sub] = await (await admin()).subscriptions.getSubscriptions();
    assert.deepEqual([sub!.status, sub!.currentPeriodStart], ['active', trialEnd]);
    assert.equal((await (await admin()).subscriptions.getSubscriptionInvoices()).length, 1);

    const other = await otherAccount();
    await emulator('PUT', `/billing/tenants/${other}`, { status: 'trialing', trialEnd: new Date(Date.now() + DAY).toISOString(), planId: 'enterprise' });
    await advance(2 * DAY);
    const ended = await stored(other);
    assert.deepEqual([ended.status, ended.planId], ['trialEnded', 'free']);
  });

  it('AB-4.25 an unknown raw status is answered raw (the client maps it)', async () => {
    await emulator('PUT', `/billing/tenants/${ACME}`, { status: 'paused' });
    const [sub] = await (await admin()).subscriptions.getManagedSubscriptions();
    assert.equal(sub!.status as string, 'paused');
  });

  it("the vendor's trial days: a first paid plan starts a trial without a charge", async () => {
    await emulator('PUT', '/billing/settings', { trialDays: 14 });
    const subId = (await stored()).id;
    await (await admin()).subscriptions.updateManagedSubscription(subId, { planId: 'pro', paymentMethodId: '' });
    const sub = await stored();
    assert.equal(sub.status, 'trialing');
    assert.equal(sub.trialEnd!.getTime() - sub.currentPeriodStart.getTime(), 14 * DAY);
    assert.deepEqual(await (await admin()).subscriptions.getSubscriptionInvoices(), []);
  });
});

describe('/_emulator/billing', () => {
  it("settings are partial; a plan upserts by id or slug, its features granted at once to the accounts on it; a new default plan is every new account's", async () => {
    const token = await harness.tokenOf();
    const settings = await emulator('PUT', '/billing/settings', { trialDays: 7 });
    assert.deepEqual(settings, { allowPlanDowngrade: true, allowPlanCancellation: true, provider: 'stripe', providerName: 'Stripe', publishableKey: null, trialDays: 7 });
    assert.equal((await call('PUT', '/_emulator/billing/settings', { trialDays: -1 })).status, 400);

    // even after every entitlement is removed (the billing plans lose theirs), a plan's features come back to its accounts
    await emulator('DELETE', '/entitlements');
    const free = (await emulator('PUT', '/billing/plans/free', { limits: { seats: 2 }, features: [{ key: 'reports', name: 'Reports' }] })) as {
      limits: unknown;
      features: unknown;
      amount?: unknown;
    };
    assert.deepEqual([free.limits, free.features], [{ seats: 2 }, [{ key: 'reports', name: 'Reports' }]]);
    assert.deepEqual(await features(token), ['reports'], 'the account on Free has the new feature at once');

    const starter = (await emulator('PUT', '/billing/plans/starter', { name: 'Starter', amount: 900, tier: 1, isDefault: true })) as {
      id: string;
      isDefault: boolean;
      price: { amount: number };
    };
    assert.deepEqual([starter.id, starter.isDefault, starter.price.amount], ['starter', true, 900]);
    const plans = ((await emulator('GET', '/billing')) as { plans: { slug: string; isDefault: boolean }[] }).plans;
    assert.deepEqual(
      plans.filter((p) => p.isDefault).map((p) => p.slug),
      ['starter'],
    );
    const tenantId = await otherAccount('Hooli');
    assert.equal((await stored(tenantId)).planId, 'starter');
    assert.equal((await call('PUT', '/_emulator/billing/tenants/nope', { status: 'active' })).status, 404);
    assert.equal((await call('PUT', `/_emulator/billing/tenants/${ACME}`, { planId: 'nope' })).status, 404);
  });

  it('a reset restores the billing seed: plans, settings, Acme on Free without invoices', async () => {
    const api = await harness.adminApi();
    const card = await addCard();
    await api.subscriptions.updateManagedSubscription((await stored()).id, { planId: 'pro', paymentMethodId: card });
    await emulator('PUT', '/billing/settings', { allowPlanCancellation: false });
    await emulator('PUT', '/billing/plans/pro', { amount: 1 });
    await emulator('POST', '/reset');
    const state = (await emulator('GET', '/billing')) as { settings: { allowPlanCancellation: boolean }; plans: { price: { amount: number } }[] };
    assert.deepEqual([state.settings.allowPlanCancellation, state.plans.map((p) => p.price.amount)], [true, [0, 2900, 9900]]);
    const acme = (await emulator('GET', `/billing/tenants/${ACME}`)) as { subscription: { planId: string }; invoices: unknown[] };
    assert.deepEqual([acme.subscription.planId, acme.invoices], ['free', []]);
  });
});
