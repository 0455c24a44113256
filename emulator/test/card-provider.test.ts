/**
 * The emulator's test-mode card provider (issue 32 item 2; src/routes/admin/card-provider.ts, src/billing/cards.ts):
 * setup intents as Frontegg's client makes them, Stripe's published test cards, the challenge page (answered through
 * its own form), the client secret as a capability (hashed, constant time, expiring, not replayable, one account's
 * only), and no card number or CVC kept anywhere.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { ICreateStripePaymentMethodSetupResponse } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { billingPaymentMethods, billingSettings, billingSetupIntents, billingTenantConfigs } from '../src/db/schema.ts';
import { sha256 } from '../src/crypto/tokens.ts';
import { brandOf, luhn } from '../src/billing/cards.ts';
import { Client } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { tokenOf, apiAs, adminApi, makeUser, auditRows } = harness;

const PROVIDERS = '/frontegg/subscriptions/resources/billing/payment-providers';
const SETUP = `${PROVIDERS}/stripe/setup-intents/v1`;
const TEST_INTENTS = `${PROVIDERS}/test-mode/setup-intents/v1`;
const FUTURE = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 };

/** The vendor's billing settings with a provider and no publishable key (= the test-mode provider), as the seeds make them. */
async function configureProvider(provider: string | null = 'stripe') {
  await harness.emu.db
    .insert(billingSettings)
    .values({ vendorId: SEED.vendorId, provider, publishableKey: null })
    .onConflictDoUpdate({ target: billingSettings.vendorId, set: { provider } });
}

/** A client of the seeded admin: the cookie-jar client and its bearer headers. */
async function admin(email?: string, password?: string) {
  const token = await tokenOf(email, password);
  const client = new Client(harness.emu);
  return { client, auth: client.bearer(token), token };
}

type Caller = Awaited<ReturnType<typeof admin>>;

async function newIntent(caller: Caller, body: Record<string, unknown> = {}) {
  const res = await caller.client.post(SETUP, body, caller.auth);
  assert.equal(res.status, 200, res.text);
  return res.body as ICreateStripePaymentMethodSetupResponse;
}

const confirm = (caller: Caller, intent: ICreateStripePaymentMethodSetupResponse, card: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  caller.client.post(`${TEST_INTENTS}/${intent.id}/confirm`, { client_secret: intent.setupIntentSecret, card: { ...FUTURE, cvc: '123', ...card }, ...extra }, caller.auth);

/** The challenge page's path and query of a `requires_action` answer (the URL is absolute, on the issuer). */
const challengePath = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Answers the challenge as the page's form does: a form POST of its hidden client secret and the button pressed. */
async function answerChallenge(url: string, result: 'complete' | 'fail') {
  const page = await new Client(harness.emu).get(challengePath(url));
  assert.equal(page.status, 200, page.text);
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1];
  const secret = /name="client_secret" value="([^"]+)"/.exec(page.text)?.[1];
  assert.ok(action && secret, 'the page has the form and its hidden secret');
  return new Client(harness.emu).req('POST', action, new URLSearchParams({ client_secret: secret, result }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
}

describe('setup intents (AB-7.73)', () => {
  it("Frontegg's client: createStripePaymentMethodSetupIntentSecret answers { id, paymentMethodId, setupIntentSecret }; only the secret's hash is kept, for 30 minutes", async () => {
    await configureProvider();
    const api = await adminApi();
    const intent: ICreateStripePaymentMethodSetupResponse = await api.subscriptions.createStripePaymentMethodSetupIntentSecret({});
    assert.match(intent.id, /^seti_[A-Za-z0-9]{24}$/);
    assert.equal(typeof intent.paymentMethodId, 'string');
    assert.equal(intent.paymentMethodId, '');
    assert.ok(intent.setupIntentSecret.startsWith(`${intent.id}_secret_`), intent.setupIntentSecret);
    const [row] = await harness.emu.db.select().from(billingSetupIntents).where(eq(billingSetupIntents.id, intent.id));
    assert.equal(row.tenantId, SEED.tenantId);
    assert.equal(row.status, 'requires_payment_method');
    assert.equal(row.clientSecretHash, sha256(intent.setupIntentSecret));
    assert.ok(!JSON.stringify(row).includes(intent.setupIntentSecret), 'the secret itself is not stored');
    assert.equal(row.expiresAt.getTime() - row.createdAt.getTime(), 30 * 60_000);
    assert.equal((await auditRows('setup-intent.created', intent.id)).length, 1);
  });

  it('refused: externally managed (400 "Billing is externally managed."), no provider (404), a read-only user (403), a card of another account (404)', async () => {
    const api = await adminApi();
    await configureProvider(null);
    await rejectsWith(api.subscriptions.createStripePaymentMethodSetupIntentSecret({}), 404, 'Payment provider not configured');
    await configureProvider();
    await harness.emu.db.update(billingTenantConfigs).set({ externallyManaged: true, managedBy: 'Acme sales team' }).where(eq(billingTenantConfigs.tenantId, SEED.tenantId));
    await rejectsWith(api.subscriptions.createStripePaymentMethodSetupIntentSecret({}), 400, 'Billing is externally managed.');
    await harness.emu.db.update(billingTenantConfigs).set({ externallyManaged: false });
    await makeUser('reader@acme.test');
    const reader = await apiAs(await tokenOf('reader@acme.test', PASSWORD));
    await rejectsWith(reader.subscriptions.createStripePaymentMethodSetupIntentSecret({}), 403, 'Not authorized');
    await rejectsWith(api.subscriptions.createStripePaymentMethodSetupIntentSecret({ paymentMethodId: 'pm_nobody' }), 404, 'Payment method not found');
  });
});

/** Every card of the contract and what confirming a setup intent with it answers. */
const DECLINES: [string, string, Record<string, string>][] = [
  ['4000000000000002', 'generic decline', { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }],
  ['4000000000009995', 'insufficient funds', { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' }],
  ['4000000000000069', 'expired card', { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' }],
  ['4000000000000127', 'incorrect CVC', { type: 'card_error', code: 'incorrect_cvc', message: "Your card's security code is incorrect." }],
  ['4000000000000119', 'processing error', { type: 'card_error', code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' }],
  ['4242424242424241', 'Luhn-invalid number', { type: 'card_error', code: 'incorrect_number', message: 'Your card number is invalid.' }],
];

describe("Stripe's test cards", () => {
  it('4242 4242 4242 4242 succeeds: a payment method (visa, 4242, expiry, billing details), the default card; the intent reads back succeeded', async () => {
    await configureProvider();
    const caller = await admin();
    const intent = await newIntent(caller);
    const res = await confirm(
      caller,
      intent,
      { number: '4242 4242 4242 4242' },
      { billing_details: { name: 'Ada', email: 'billing@acme.test', address: { line1: '1 Main St', postal_code: '10001', country: 'US' } } },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'succeeded');
    assert.match(res.body.payment_method, /^pm_/);
    assert.equal(res.body.next_action, null);
    assert.equal(res.body.last_setup_error, null);
    const [pm] = await harness.emu.db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.id, res.body.payment_method));
    assert.deepEqual(
      {
        tenantId: pm.tenantId,
        brand: pm.brand,
        last4: pm.last4,
        expMonth: pm.expMonth,
        expYear: pm.expYear,
        isDefault: pm.isDefault,
        failsCharges: pm.failsCharges,
        type: pm.type,
      },
      { tenantId: SEED.tenantId, brand: 'visa', last4: '4242', expMonth: 12, expYear: FUTURE.exp_year, isDefault: true, failsCharges: false, type: 'card' },
    );
    assert.deepEqual(pm.billingDetails, { name: 'Ada', email: 'billing@acme.test', address: { addressLine1: '1 Main St', postalCode: '10001', country: 'US' } });
    const read = await caller.client.get(`${TEST_INTENTS}/${intent.id}?client_secret=${encodeURIComponent(intent.setupIntentSecret)}`, caller.auth);
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.status, 'succeeded');
    assert.equal(read.body.payment_method, pm.id);
    assert.equal((await auditRows('payment-method.added', pm.id)).length, 1);
  });

  it('4000 0000 0000 0341 attaches (succeeded) but fails every later charge; other brands of the published list succeed with their brand', async () => {
    await configureProvider();
    const caller = await admin();
    const failing = await confirm(caller, await newIntent(caller), { number: '4000000000000341' });
    assert.equal(failing.body.status, 'succeeded', failing.text);
    const [pm] = await harness.emu.db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.id, failing.body.payment_method));
    assert.equal(pm.failsCharges, true);
    const master = await confirm(caller, await newIntent(caller), { number: '5555555555554444' });
    assert.equal(master.body.status, 'succeeded', master.text);
    const amex = await confirm(caller, await newIntent(caller), { number: '378282246310005', cvc: '1234' });
    assert.equal(amex.body.status, 'succeeded', amex.text);
    const cards = await harness.emu.db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.tenantId, SEED.tenantId));
    assert.deepEqual(cards.map((c) => c.brand).sort(), ['amex', 'mastercard', 'visa']);
    assert.deepEqual(
      cards.filter((c) => c.isDefault).map((c) => c.brand),
      ['amex'],
      'the newest card is the default',
    );
  });

  for (const [number, what, error] of DECLINES) {
    it(`${number} (${what}) → 402 { error } in Stripe's shape: "${error.message}"; the intent keeps it as last_setup_error and may be confirmed again`, async () => {
      await configureProvider();
      const caller = await admin();
      const intent = await newIntent(caller);
      const res = await confirm(caller, intent, { number });
      assert.equal(res.status, 402, res.text);
      assert.deepEqual(res.body.error, error);
      assert.deepEqual(res.body.errors, [error.message], 'the usual error field carries the sentence too');
      const read = await caller.client.get(`${TEST_INTENTS}/${intent.id}?client_secret=${encodeURIComponent(intent.setupIntentSecret)}`, caller.auth);
      assert.equal(read.body.status, 'requires_payment_method');
      assert.deepEqual(read.body.last_setup_error, error);
      assert.equal((await auditRows('setup-intent.failed', intent.id)).length, 1);
      const retry = await confirm(caller, intent, { number: '4242424242424242' });
      assert.equal(retry.status, 200, retry.text);
      assert.equal(retry.body.status, 'succeeded');
    });
  }

  it('the checks before the card: a past year, a past month, a bad month, a short CVC, an Amex CVC of 3, a malformed number, a real (non-test) card', async () => {
    await configureProvider();
    const caller = await admin();
    const now = new Date();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ number: '4242424242424242', exp_year: now.getUTCFullYear() - 1 }, 'invalid_expiry_year', "Your card's expiration year is invalid."],
      [{ number: '4242424242424242', exp_month: 13 }, 'invalid_expiry_month', "Your card's expiration month is invalid."],
      [{ number: '4242424242424242', cvc: '12' }, 'invalid_cvc', "Your card's security code is invalid."],
      [{ number: '378282246310005', cvc: '123' }, 'invalid_cvc', "Your card's security code is invalid."],
      [{ number: '4242-4242' }, 'invalid_number', 'Your card number is invalid.'],
      [{ number: 'four two four two' }, 'invalid_number', 'Your card number is invalid.'],
      [
        { number: '4111111111111111' },
        'card_declined',
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      ],
    ];
    // a month before this one in this year (none in January: the year's check covers it then)
    if (now.getUTCMonth() > 0)
      cases.push([
        { number: '4242424242424242', exp_month: now.getUTCMonth(), exp_year: now.getUTCFullYear() },
        'invalid_expiry_month',
        "Your card's expiration month is invalid.",
      ]);
    for (const [card, code, message] of cases) {
      const res = await confirm(caller, await newIntent(caller), card);
      assert.equal(res.status, 402, `${JSON.stringify(card)}: ${res.text}`);
      assert.equal(res.body.error.code, code, JSON.stringify(card));
      assert.equal(res.body.error.message, message);
    }
  });

  it('Luhn and the brand of a number', () => {
    assert.equal(luhn('4242424242424242'), true);
    assert.equal(luhn('4242424242424241'), false);
    assert.equal(luhn('79927398713'), true);
    assert.deepEqual(
      [
        '4242424242424242',
        '5555555555554444',
        '2223003122003222',
        '378282246310005',
        '6011111111111117',
        '36227206271667',
        '3566002020360505',
        '6200000000000005',
        '9999999999999995',
      ].map(brandOf),
      ['visa', 'mastercard', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'],
    );
  });
});

describe('the challenge page', () => {
  it('4000 0027 6000 3184 asks for authentication: the page (framable, two buttons) → Complete → succeeded; its answer page tells the parent', async () => {
    await configureProvider();
    const caller = await admin();
    const intent = await newIntent(caller);
    const res = await confirm(caller, intent, { number: '4000002760003184' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'requires_action');
    assert.equal(res.body.payment_method, null);
    assert.equal(res.body.next_action.type, 'redirect_to_url');
    const url: string = res.body.next_action.redirect_to_url.url;
    assert.ok(url.startsWith(`${harness.emu.issuer}/frontegg/subscriptions/resources/billing/payment-providers/test-mode/challenges/${intent.id}?client_secret=`), url);

    const page = await new Client(harness.emu).get(challengePath(url));
    assert.equal(page.status, 200, page.text);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /frame-ancestors \*/);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(page.headers.get('cache-control'), 'no-store');
    assert.match(page.text, /<button type="submit" name="result" value="complete"[^>]*>Complete authentication<\/button>/);
    assert.match(page.text, /<button type="submit" name="result" value="fail"[^>]*>Fail authentication<\/button>/);
    assert.match(page.text, /Visa ending in 3184/);
    assert.doesNotMatch(page.text, /<script>|style="/, 'no inline script or style');
    const script = await new Client(harness.emu).get('/frontegg/subscriptions/resources/billing/payment-providers/test-mode/assets/card-challenge.js');
    assert.equal(script.status, 200);
    assert.match(script.text, /type: 'fe-test-mode-challenge'/);
    assert.match(script.text, /postMessage\(message, '\*'\)/);

    const done = await answerChallenge(url, 'complete');
    assert.equal(done.status, 200, done.text);
    assert.match(done.text, new RegExp(`<main data-setup-intent-id="${intent.id}" data-status="succeeded">`));
    assert.match(done.text, /Authentication complete/);
    const read = await caller.client.get(`${TEST_INTENTS}/${intent.id}?client_secret=${encodeURIComponent(intent.setupIntentSecret)}`, caller.auth);
    assert.equal(read.body.status, 'succeeded');
    assert.match(read.body.payment_method, /^pm_/);
    const [pm] = await harness.emu.db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.id, read.body.payment_method));
    assert.equal(pm.last4, '3184');

    // replay: the answer and the confirmation are refused once the challenge is over
    const again = await new Client(harness.emu).req('POST', new URL(url).pathname, new URLSearchParams({ client_secret: intent.setupIntentSecret, result: 'fail' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.equal(again.status, 409, again.text);
    assert.match(again.text, /already been answered/);
    const reconfirm = await confirm(caller, intent, { number: '4242424242424242' });
    assert.equal(reconfirm.status, 400, reconfirm.text);
    assert.equal(reconfirm.body.error.code, 'setup_intent_unexpected_state');
    assert.equal((await harness.emu.db.select().from(billingPaymentMethods)).length, 1, 'no second card');
  });

  it('3184 → Fail → requires_payment_method with setup_intent_authentication_failure; the page says so and tells the parent', async () => {
    await configureProvider();
    const caller = await admin();
    const intent = await newIntent(caller);
    const res = await confirm(caller, intent, { number: '4000002760003184' });
    const done = await answerChallenge(res.body.next_action.redirect_to_url.url, 'fail');
    assert.match(done.text, /data-status="requires_payment_method"/);
    assert.match(done.text, /We are unable to authenticate your payment method/);
    const read = await caller.client.get(`${TEST_INTENTS}/${intent.id}?client_secret=${encodeURIComponent(intent.setupIntentSecret)}`, caller.auth);
    assert.equal(read.body.status, 'requires_payment_method');
    assert.deepEqual(read.body.last_setup_error, {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
    assert.equal((await harness.emu.db.select().from(billingPaymentMethods)).length, 0);
  });

  it('4000 0084 0000 1629 asks for authentication and fails it even on Complete', async () => {
    await configureProvider();
    const caller = await admin();
    const intent = await newIntent(caller);
    const res = await confirm(caller, intent, { number: '4000008400001629' });
    assert.equal(res.body.status, 'requires_action', res.text);
    const done = await answerChallenge(res.body.next_action.redirect_to_url.url, 'complete');
    assert.match(done.text, /data-status="requires_payment_method"/);
    const [row] = await harness.emu.db.select().from(billingSetupIntents).where(eq(billingSetupIntents.id, intent.id));
    assert.equal(row.status, 'requires_payment_method');
    assert.equal((row.lastError as { code: string }).code, 'setup_intent_authentication_failure');
    assert.equal(row.pendingCard, null);
  });
});

describe('the client secret is the capability', () => {
  it("another account's intent is 404 everywhere (confirm, read); a wrong secret is 404 and its page too", async () => {
    await configureProvider();
    const caller = await admin();
    const intent = await newIntent(caller);
    const tenant = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
    assert.equal(tenant.status, 201, tenant.text);
    await makeUser('boss@globex.test', ['Admin'], { tenantId: tenant.body.tenantId });
    const other = await admin('boss@globex.test', PASSWORD);
    const stolen = await confirm(other, intent, { number: '4242424242424242' });
    assert.equal(stolen.status, 404, stolen.text);
    assert.deepEqual(stolen.body.errors, ['Setup intent not found']);
    const read = await other.client.get(`${TEST_INTENTS}/${intent.id}?client_secret=${encodeURIComponent(intent.setupIntentSecret)}`, other.auth);
    assert.equal(read.status, 404);
    const wrong = await confirm(caller, { ...intent, setupIntentSecret: `${intent.id}_secret_${'x'.repeat(24)}` }, { number: '4242424242424242' });
    assert.equal(wrong.status, 404, wrong.text);
    const noSecret = await caller.client.post(`${TEST_INTENTS}/${intent.id}/confirm`, { card: { number: '4242424242424242', ...FUTURE, cvc: '123' } }, caller.auth);
    assert.equal(noSecret.status, 404);
    const page = await new Client(harness.emu).get(`/frontegg/subscriptions/resources/billing/payment-providers/test-mode/challenges/${intent.id}?client_secret=nope`);
    assert.equal(page.status, 404);
    assert.match(page.text, /Authentication not found/);
    const [row] = await harness.emu.db.select().from(billingSetupIntents).where(eq(billingSetupIntents.id, intent.id));
    assert.equal(row.status, 'requires_payment_method', 'untouched');
    assert.equal((await harness.emu.db.select().from(billingPaymentMethods)).length, 0);
  });

  it('a secret expires after 30 minutes on the emulator clock: confirm, read and the challenge page refuse it', async () => {
    await configureProvider();
    let caller = await admin();
    const intent = await newIntent(caller);
    const challenged = await newIntent(caller);
    const res = await confirm(caller, challenged, { number: '4000002760003184' });
    const url: string = res.body.next_action.redirect_to_url.url;
    const moved = await new Client(harness.emu).put('/_emulator/clock', { advance: 30 * 60_000 + 1000 });
    assert.equal(moved.status, 200, moved.text);
    // the access token has expired too: sign in again
    caller = await admin();
    const late = await confirm(caller, intent, { number: '4242424242424242' });
    assert.equal(late.status, 400, late.text);
    assert.equal(late.body.error.code, 'setup_intent_expired');
    const read = await caller.client.get(`${TEST_INTENTS}/${intent.id}?client_secret=${encodeURIComponent(intent.setupIntentSecret)}`, caller.auth);
    assert.equal(read.status, 400);
    const page = await new Client(harness.emu).get(challengePath(url));
    assert.equal(page.status, 400);
    assert.match(page.text, /Authentication expired/);
    assert.doesNotMatch(page.text, /<form/);
    const answer = await new Client(harness.emu).req(
      'POST',
      new URL(url).pathname,
      new URLSearchParams({ client_secret: challenged.setupIntentSecret, result: 'complete' }).toString(),
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    assert.equal(answer.status, 400);
    assert.equal((await harness.emu.db.select().from(billingPaymentMethods)).length, 0);
  });

  it('an externally managed account cannot confirm an intent made before (400 "Billing is externally managed.")', async () => {
    await configureProvider();
    const caller = await admin();
    const intent = await newIntent(caller);
    await harness.emu.db.update(billingTenantConfigs).set({ externallyManaged: true }).where(eq(billingTenantConfigs.tenantId, SEED.tenantId));
    const res = await confirm(caller, intent, { number: '4242424242424242' });
    assert.equal(res.status, 400, res.text);
    assert.deepEqual(res.body.errors, ['Billing is externally managed.']);
  });

  it('an intent made for one of the account’s cards replaces that card (same id, new card facts)', async () => {
    await configureProvider();
    const caller = await admin();
    const first = await confirm(caller, await newIntent(caller), { number: '4242424242424242' });
    const pmId: string = first.body.payment_method;
    const intent = await newIntent(caller, { paymentMethodId: pmId });
    assert.equal(intent.paymentMethodId, pmId);
    const res = await confirm(caller, intent, { number: '5555555555554444', exp_month: 3 });
    assert.equal(res.body.payment_method, pmId, res.text);
    const rows = await harness.emu.db.select().from(billingPaymentMethods);
    assert.equal(rows.length, 1);
    assert.deepEqual([rows[0].brand, rows[0].last4, rows[0].expMonth], ['mastercard', '4444', 3]);
  });
});

describe('no card number or CVC kept', () => {
  it('after every kind of card (success, decline, Luhn error, challenge), no table holds a number or a CVC, and nothing was logged', async () => {
    await configureProvider();
    const caller = await admin();
    const logged: string[] = [];
    const originals = { log: console.log, error: console.error, warn: console.warn, info: console.info };
    for (const k of Object.keys(originals) as (keyof typeof originals)[]) console[k] = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    const numbers = ['4242424242424242', '4000000000000002', '4242424242424241', '4000002760003184', '4000008400001629', '4000000000000341'];
    const cvc = '731';
    try {
      for (const number of numbers) {
        const intent = await newIntent(caller);
        const res = await confirm(caller, intent, { number, cvc }, { billing_details: { name: 'Ada' } });
        if (res.body.status === 'requires_action') await answerChallenge(res.body.next_action.redirect_to_url.url, 'complete');
      }
    } finally {
      Object.assign(console, originals);
    }
    const { rows: tables } = (await harness.emu.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as {
      rows: { table_name: string }[];
    };
    assert.ok(tables.length > 40, `${tables.length} tables`);
    let dump = '';
    for (const { table_name } of tables) {
      const { rows } = (await harness.emu.db.execute(sql`select row_to_json(t)::text as j from ${sql.identifier(table_name)} t`)) as unknown as { rows: { j: string }[] };
      dump += rows.map((r) => r.j).join('\n');
    }
    assert.ok(dump.includes('setup-intent.created'), 'the dump has the audit rows');
    for (const number of numbers) {
      assert.ok(!dump.includes(number), `${number} is stored somewhere`);
      assert.ok(!logged.join('\n').includes(number), `${number} was logged`);
    }
    // a card's fields as JSON keys (a report filter's `"type":"number"` is a value, not a card field)
    assert.ok(!/"(cvc|number)"\s*:/i.test(dump), 'no card field stored');
    assert.ok(!dump.includes(`"${cvc}"`) && !dump.includes(`:${cvc},`), 'no CVC value stored');
  });
});
