/**
 * The emulator's test-mode card provider (issue 32 item 2; api-contract §AB setup intents; the card's contract
 * /work/notes/b32 "Test-mode card provider"): Stripe's SetupIntent surface without a Stripe account, answering Stripe's
 * published test cards (billing/cards.ts). The checkout uses it when the vendor's Stripe configuration has no
 * publishable key; the card numbers never leave the emulator, and are never stored or logged here either.
 *
 * - `POST /subscriptions/resources/billing/payment-providers/stripe/setup-intents/v1` `{ paymentMethodId? }`
 *   (bearer + `fe.subscriptions.write`) → `{ id: 'seti_…', paymentMethodId, setupIntentSecret: 'seti_…_secret_…' }`
 *   (`paymentMethodId` '' when none was given; a given one is the account's card the intent replaces, else 404
 *   `Payment method not found`). The secret is answered once and stored as its SHA-256; it is good for
 *   {@link INTENT_TTL_MS} on the emulator clock. Refused with 400 `Billing is externally managed.` for an externally
 *   managed account and 404 `Payment provider not configured` when the vendor's billing settings have no provider (a
 *   vendor without a settings row has the seeded defaults: Stripe without a key, i.e. this provider).
 * - `POST …/test-mode/setup-intents/v1/{id}/confirm` `{ client_secret, card: { number, exp_month, exp_year, cvc },
 *   billing_details? }` (bearer + `fe.subscriptions.write`) → 200 `TestModeSetupIntent`: `succeeded` with
 *   `payment_method` (a `billing_payment_methods` row: brand, last 4, expiry, billing details; the default card), or
 *   `requires_action` with `next_action.redirect_to_url.url` = the challenge page. A card the provider refuses → 402
 *   `{ error: CardError, errors: [message], errorCode: code, context: { error } }` (Stripe's shape, plus the
 *   emulator's usual error fields so any client shows the sentence), kept as the intent's `last_setup_error`; the
 *   intent may be confirmed again with another card.
 * - `GET …/test-mode/setup-intents/v1/{id}?client_secret=` (bearer + `fe.subscriptions.*`) → `TestModeSetupIntent`.
 * - `GET …/test-mode/challenges/{id}?client_secret=` (no bearer: the client secret is the capability) → the challenge
 *   page, which any page may frame (`frame-ancestors *`): "Complete authentication" and "Fail authentication", real
 *   buttons of a form that posts to the same path; the answer page tells the window that shows it
 *   (`parent.postMessage({ type: 'fe-test-mode-challenge', setupIntentId, status }, '*')`, and `opener` too).
 *
 * Every `{id}` goes through `idParams` (a malformed one is 400 before any handler, the page's too). The client secret
 * is compared in constant time. An intent of another account, an unknown one and a wrong secret
 * are all 404 `Setup intent not found`; an expired secret is refused (400 `setup_intent_expired`), and so is a
 * confirmation or a challenge answer of an intent that is already past that step (400 / 409
 * `setup_intent_unexpected_state`): a secret cannot be replayed. Every change writes an audit row
 * (`setup-intent.created`, `setup-intent.failed`, `setup-intent.challenged`, `payment-method.added`).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, eq, ne } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { requirePermission } from '../../http/permissions.ts';
import { parseBody, readJson } from '../../http/body.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { pageCsp } from '../../http/csp.ts';
import { pageAsset } from '../../pages/assets.ts';
import { audit } from '../../audit.ts';
import { emulatorNow } from '../../clock.ts';
import { sha256 } from '../../crypto/tokens.ts';
import { billingPaymentMethods, billingSettings, billingSetupIntents, billingTenantConfigs, type BillingDetails } from '../../db/schema.ts';
import { CARD_ERRORS, checkCard, type CardError, type CardFacts } from '../../billing/cards.ts';

type Ctx = Context<AppEnv>;
type IntentRow = typeof billingSetupIntents.$inferSelect;

export const adminCardProviderRoutes = new Hono<AppEnv>();

const BILLING = '/subscriptions/resources/billing/payment-providers';
const SETUP_INTENTS = `${BILLING}/stripe/setup-intents/v1`;
const TEST_MODE = `${BILLING}/test-mode`;
const TEST_INTENTS = `${TEST_MODE}/setup-intents/v1`;
const CHALLENGES = `${TEST_MODE}/challenges`;
const ASSETS = `${TEST_MODE}/assets`;

/** How long a setup intent's client secret is good for: 30 minutes. */
export const INTENT_TTL_MS = 30 * 60 * 1000;

/** What a pending challenge keeps of the card (never the number or the CVC). */
interface PendingCard extends CardFacts {
  failsChallenge: boolean;
  billingDetails: BillingDetails | null;
}

guard(adminCardProviderRoutes, SETUP_INTENTS, `${TEST_INTENTS}/*`);

const WRITE = requirePermission('fe.subscriptions.write');
const READ = requirePermission('fe.subscriptions.*');

/** A Stripe-like id: `prefix` and 24 letters and digits. */
function stripeId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return prefix + [...randomBytes(24)].map((b) => alphabet[b % alphabet.length]).join('');
}

const sameSecret = (given: string, storedHash: string): boolean => {
  const a = Buffer.from(sha256(given));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Stripe's answer of a request it refuses (`invalid_request_error`), with the emulator's usual error fields beside it. */
const stripeAnswer = (c: Ctx, status: 400 | 402 | 404 | 409, error: CardError) =>
  c.json({ error, errors: [error.message], ...(error.code ? { errorCode: error.code } : {}), context: { error } }, status);

const EXPIRED: CardError = { type: 'invalid_request_error', code: 'setup_intent_expired', message: 'This setup intent has expired. Start the card setup again.' };
const unexpectedState = (status: string): CardError => ({
  type: 'invalid_request_error',
  code: 'setup_intent_unexpected_state',
  message:
    status === 'succeeded'
      ? 'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.'
      : `You cannot confirm this SetupIntent because it has a status of ${status}.`,
});

/**
 * The intent `id` if `secret` is its client secret (constant-time); `tenantId` given: only of that account.
 * @returns the row, or undefined for an unknown id, another account's intent or a wrong secret (all alike)
 */
async function intentBySecret(c: Ctx, id: string, secret: unknown, tenantId?: string): Promise<IntentRow | undefined> {
  if (typeof secret !== 'string' || !secret) return undefined;
  const [row] = await c.var.db
    .select()
    .from(billingSetupIntents)
    .where(and(eq(billingSetupIntents.id, id), tenantId === undefined ? undefined : eq(billingSetupIntents.tenantId, tenantId)));
  return row && sameSecret(secret, row.clientSecretHash) ? row : undefined;
}

const expired = async (c: Ctx, row: IntentRow) => row.expiresAt.getTime() <= (await emulatorNow(c.var.db));

const challengeUrl = (c: Ctx, id: string, secret: string) => `${c.var.rt.issuer}/frontegg${CHALLENGES}/${encodeURIComponent(id)}?client_secret=${encodeURIComponent(secret)}`;

/** The intent in Stripe's SetupIntent shape (src/api/billing.ts `TestModeSetupIntent`). */
function intentDto(c: Ctx, row: IntentRow, secret: string) {
  return {
    id: row.id,
    object: 'setup_intent',
    status: row.status,
    payment_method: row.status === 'succeeded' ? row.paymentMethodId : null,
    next_action: row.status === 'requires_action' ? { type: 'redirect_to_url', redirect_to_url: { url: challengeUrl(c, row.id, secret) } } : null,
    last_setup_error: (row.lastError as CardError | null) ?? null,
  };
}

/** 400 `Billing is externally managed.` for an account whose billing is managed elsewhere. */
async function refuseExternallyManaged(c: Ctx, tenantId: string): Promise<void> {
  const [config] = await c.var.db
    .select({ externallyManaged: billingTenantConfigs.externallyManaged })
    .from(billingTenantConfigs)
    .where(eq(billingTenantConfigs.tenantId, tenantId));
  if (config?.externallyManaged) throw badRequest('Billing is externally managed.');
}

// ---------------------------------------------------------------- billing details

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : undefined);

/**
 * Billing details as the confirm takes them: our shape (`{ name, email, address: { addressLine1, … } }`) or Stripe's
 * (`address: { line1, line2, city, state, postal_code, country }`); strings only, trimmed. null when none given.
 */
function billingDetailsOf(value: unknown): BillingDetails | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const a = v.address && typeof v.address === 'object' ? (v.address as Record<string, unknown>) : {};
  const address = Object.fromEntries(
    Object.entries({
      addressLine1: text(a.addressLine1 ?? a.line1),
      addressLine2: text(a.addressLine2 ?? a.line2),
      city: text(a.city),
      state: text(a.state),
      postalCode: text(a.postalCode ?? a.postal_code),
      country: text(a.country),
    }).filter(([, x]) => x !== undefined),
  );
  const details: BillingDetails = {};
  const name = text(v.name);
  const email = text(v.email);
  if (name) details.name = name;
  if (email) details.email = email;
  if (Object.keys(address).length) details.address = address;
  return Object.keys(details).length ? details : null;
}

// ---------------------------------------------------------------- payment methods

/**
 * Makes the payment method of a succeeded intent: the card's facts (never its number or CVC) on the intent's own
 * payment method when it replaces one of the account's, else on a new one; either becomes the account's default.
 */
async function attachCard(c: Ctx, row: IntentRow, card: CardFacts, failsCharges: boolean, details: BillingDetails | null): Promise<string> {
  const db = c.var.db;
  const facts = { type: 'card', brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, failsCharges, isDefault: true };
  let id = '';
  if (row.paymentMethodId) {
    const [kept] = await db
      .update(billingPaymentMethods)
      .set({ ...facts, ...(details ? { billingDetails: details } : {}) })
      .where(and(eq(billingPaymentMethods.id, row.paymentMethodId), eq(billingPaymentMethods.tenantId, row.tenantId)))
      .returning({ id: billingPaymentMethods.id });
    id = kept?.id ?? '';
  }
  if (!id) {
    id = stripeId('pm_');
    await db
      .insert(billingPaymentMethods)
      .values({ id, externalId: id, tenantId: row.tenantId, ...facts, billingDetails: details ?? {}, createdAt: new Date(await emulatorNow(db)) });
  }
  await db
    .update(billingPaymentMethods)
    .set({ isDefault: false })
    .where(and(eq(billingPaymentMethods.tenantId, row.tenantId), ne(billingPaymentMethods.id, id)));
  await db.update(billingSetupIntents).set({ status: 'succeeded', paymentMethodId: id, pendingCard: null, lastError: null }).where(eq(billingSetupIntents.id, row.id));
  await audit(c, {
    action: 'payment-method.added',
    targetId: id,
    tenantId: row.tenantId,
    details: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, setupIntentId: row.id, replaced: id === row.paymentMethodId },
  });
  return id;
}

/** Records a refusal on the intent (it may be confirmed again) and audits it. */
async function failIntent(c: Ctx, row: IntentRow, error: CardError, extra: Record<string, unknown> = {}): Promise<void> {
  await c.var.db
    .update(billingSetupIntents)
    .set({ status: 'requires_payment_method', pendingCard: null, lastError: { ...error } })
    .where(eq(billingSetupIntents.id, row.id));
  await audit(c, {
    action: 'setup-intent.failed',
    targetId: row.id,
    tenantId: row.tenantId,
    severity: 'WARNING',
    details: { code: error.code ?? null, declineCode: error.decline_code ?? null, ...extra },
  });
}

// ---------------------------------------------------------------- setup intents

const createBody = z.object({ paymentMethodId: z.string().trim().nullish() });

/** createStripePaymentMethodSetupIntentSecret (AB-7.73). */
adminCardProviderRoutes.post(SETUP_INTENTS, WRITE, async (c) => {
  const body = await parseBody(c, createBody);
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  await refuseExternallyManaged(c, tenantId);
  const [settings] = await db.select({ provider: billingSettings.provider }).from(billingSettings).where(eq(billingSettings.vendorId, c.var.rt.vendorId));
  // a vendor without a settings row has the seeded defaults (provider 'stripe', no key: this provider)
  if (settings && !settings.provider) throw notFound('Payment provider not configured');
  const replaces = body.paymentMethodId || null;
  if (replaces) {
    const [own] = await db
      .select({ id: billingPaymentMethods.id })
      .from(billingPaymentMethods)
      .where(and(eq(billingPaymentMethods.id, replaces), eq(billingPaymentMethods.tenantId, tenantId)));
    if (!own) throw notFound('Payment method not found');
  }
  const id = stripeId('seti_');
  const secret = `${id}_secret_${stripeId('')}`;
  const now = await emulatorNow(db);
  await db.insert(billingSetupIntents).values({
    id,
    tenantId,
    clientSecretHash: sha256(secret),
    status: 'requires_payment_method',
    paymentMethodId: replaces,
    createdAt: new Date(now),
    expiresAt: new Date(now + INTENT_TTL_MS),
  });
  await audit(c, { action: 'setup-intent.created', targetId: id, details: { paymentMethodId: replaces } });
  return c.json({ id, paymentMethodId: replaces ?? '', setupIntentSecret: secret });
});

/** Test mode: confirm a setup intent with a card (Stripe's `confirmCardSetup`). */
adminCardProviderRoutes.post(`${TEST_INTENTS}/:id/confirm`, WRITE, idParams('id'), async (c) => {
  // read by hand, not through zod: no message may echo the card
  const body = await readJson(c);
  const tenantId = c.var.auth.tenantId;
  const secret = body.client_secret;
  const row = await intentBySecret(c, c.req.param('id'), secret, tenantId);
  if (!row || typeof secret !== 'string') throw notFound('Setup intent not found');
  if (await expired(c, row)) return stripeAnswer(c, 400, EXPIRED);
  if (row.status !== 'requires_payment_method') return stripeAnswer(c, 400, unexpectedState(row.status));
  await refuseExternallyManaged(c, tenantId);
  const card = body.card && typeof body.card === 'object' && !Array.isArray(body.card) ? (body.card as Record<string, unknown>) : {};
  const checked = checkCard(card, await emulatorNow(c.var.db));
  if ('error' in checked) {
    await failIntent(c, row, checked.error);
    return stripeAnswer(c, 402, checked.error);
  }
  const { facts, behaviour } = checked;
  const details = billingDetailsOf(body.billing_details);
  if (behaviour.kind === 'decline') {
    await failIntent(c, row, behaviour.error, { brand: facts.brand, last4: facts.last4 });
    return stripeAnswer(c, 402, behaviour.error);
  }
  if (behaviour.kind === 'challenge') {
    const pending: PendingCard = { ...facts, failsChallenge: behaviour.failsChallenge, billingDetails: details };
    const [updated] = await c.var.db
      .update(billingSetupIntents)
      .set({ status: 'requires_action', pendingCard: { ...pending }, lastError: null })
      .where(eq(billingSetupIntents.id, row.id))
      .returning();
    await audit(c, { action: 'setup-intent.challenged', targetId: row.id, details: { brand: facts.brand, last4: facts.last4 } });
    return c.json(intentDto(c, updated, secret));
  }
  await attachCard(c, row, facts, behaviour.failsCharges, details);
  const [done] = await c.var.db.select().from(billingSetupIntents).where(eq(billingSetupIntents.id, row.id));
  return c.json(intentDto(c, done, secret));
});

/** Test mode: read a setup intent back (after its challenge). */
adminCardProviderRoutes.get(`${TEST_INTENTS}/:id`, READ, idParams('id'), async (c) => {
  const secret = c.req.query('client_secret');
  const row = await intentBySecret(c, c.req.param('id'), secret, c.var.auth.tenantId);
  if (!row || !secret) throw notFound('Setup intent not found');
  if (await expired(c, row)) return stripeAnswer(c, 400, EXPIRED);
  return c.json(intentDto(c, row, secret));
});

// ---------------------------------------------------------------- the challenge page

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/**
 * Answers one state of the challenge page. Its CSP is the emulator pages' (http/csp.ts: no inline script or style;
 * its CSS and JS are files under `…/test-mode/assets/`) except that any page may frame it; the URL carries the client
 * secret, so no referrer leaves it and nothing is cached.
 */
function challengePage(c: Ctx, status: 200 | 400 | 404 | 409, page: { title: string; body: string; result?: { id: string; status: string } }) {
  c.header('content-security-policy', pageCsp().replace("frame-ancestors 'none'", 'frame-ancestors *'));
  c.header('x-content-type-options', 'nosniff');
  c.header('referrer-policy', 'no-referrer');
  c.header('cache-control', 'no-store');
  const data = page.result ? ` data-setup-intent-id="${esc(page.result.id)}" data-status="${esc(page.result.status)}"` : '';
  return c.html(
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <title>${esc(page.title)}</title>
    <link rel="stylesheet" href="/frontegg${ASSETS}/card-challenge.css" />
    <script type="module" src="/frontegg${ASSETS}/card-challenge.js"></script>
  </head>
  <body>
    <main${data}>
      <p class="badge">Test mode</p>
      <h1>${esc(page.title)}</h1>
${page.body}
    </main>
  </body>
</html>`,
    status,
  );
}

const NOT_FOUND_PAGE = { title: 'Authentication not found', body: '      <p>This card authentication does not exist, or its link is incomplete.</p>' };
const EXPIRED_PAGE = { title: 'Authentication expired', body: '      <p>This card authentication has expired. Close this window and enter the card again.</p>' };

/** The page's words for the end of a challenge. */
const resultPage = (row: IntentRow) =>
  row.status === 'succeeded'
    ? { title: 'Authentication complete', body: '      <p>The card is authenticated. You can close this window.</p>', result: { id: row.id, status: row.status } }
    : {
        title: 'Authentication failed',
        body: `      <p>${esc(String((row.lastError as CardError | null)?.message ?? CARD_ERRORS.authenticationFailure.message))}</p>`,
        result: { id: row.id, status: row.status },
      };

adminCardProviderRoutes.get(`${ASSETS}/card-challenge.css`, pageAsset('card-challenge.css'));
adminCardProviderRoutes.get(`${ASSETS}/card-challenge.js`, pageAsset('card-challenge.js'));

/** The challenge page of a `requires_action` intent: the card and the two answers. */
adminCardProviderRoutes.get(`${CHALLENGES}/:id`, idParams('id'), async (c) => {
  const secret = c.req.query('client_secret');
  const row = await intentBySecret(c, c.req.param('id'), secret);
  if (!row || !secret) return challengePage(c, 404, NOT_FOUND_PAGE);
  if (await expired(c, row)) return challengePage(c, 400, EXPIRED_PAGE);
  if (row.status !== 'requires_action') return challengePage(c, 200, resultPage(row));
  const card = row.pendingCard as PendingCard | null;
  const cardName = card ? `${BRAND_NAMES[card.brand] ?? 'Card'} ending in ${card.last4}` : 'The card';
  return challengePage(c, 200, {
    title: 'Authenticate your card',
    body: `      <p>${esc(cardName)} asks for authentication. This is the emulator's test-mode card provider: no bank is asked, you choose how the authentication ends.</p>
      <form method="post" action="/frontegg${CHALLENGES}/${esc(row.id)}">
        <input type="hidden" name="client_secret" value="${esc(secret)}" />
        <div class="actions">
          <button type="submit" name="result" value="complete" class="primary" autofocus>Complete authentication</button>
          <button type="submit" name="result" value="fail">Fail authentication</button>
        </div>
      </form>`,
  });
});

/** The answer of the challenge (the page's form): Complete or Fail; once only. */
adminCardProviderRoutes.post(`${CHALLENGES}/:id`, idParams('id'), async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const secret = typeof form.client_secret === 'string' ? form.client_secret : c.req.query('client_secret');
  const row = await intentBySecret(c, c.req.param('id'), secret);
  if (!row || !secret) return challengePage(c, 404, NOT_FOUND_PAGE);
  if (await expired(c, row)) return challengePage(c, 400, EXPIRED_PAGE);
  if (row.status !== 'requires_action') {
    return challengePage(c, 409, { title: 'Authentication already answered', body: '      <p>This card authentication has already been answered. Close this window.</p>' });
  }
  const card = row.pendingCard as PendingCard | null;
  const complete = form.result === 'complete';
  const actor = { id: null, email: null, name: 'Test-mode card provider' };
  if (complete && card && !card.failsChallenge) {
    await attachCard(c, row, card, false, card.billingDetails);
  } else {
    await failIntent(c, row, { ...CARD_ERRORS.authenticationFailure }, { challenge: complete ? 'completed' : 'failed', brand: card?.brand ?? null, last4: card?.last4 ?? null });
  }
  await audit(c, { action: 'setupIntent.challenge.answered', targetId: row.id, tenantId: row.tenantId, actor, details: { answer: complete ? 'complete' : 'fail' } });
  const [done] = await c.var.db.select().from(billingSetupIntents).where(eq(billingSetupIntents.id, row.id));
  return challengePage(c, 200, resultPage(done));
});
