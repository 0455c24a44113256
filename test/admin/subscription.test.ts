/**
 * The subscription section (`<fe-admin-subscription>`; admin spec §3 "Subscription", "Plan", "Invoice", "Payment
 * method"; issue 32 items 1, 3, 4, 7): its rules (statuses, cancel and renew, plans in tier order, money in minor
 * units), each designed state in preview (the stories' data), and, against the emulator as an administrator of acme:
 * the plan and its status, cancel then renew, externally managed refusing every action, no payment provider, the
 * billing details form, the invoice PDF, keyboard only, axe in light and dark.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Invoice, PaymentMethod, Plan, Subscription, TestModeSetupIntent } from '../../src/api/billing.ts';
import '../../elements/admin/fe-admin-subscription.ts';
import { byTier, canCancel, canMoveTo, canRenew, formatMoney, invoiceFileName, isFree, periodLine, planMove, statusOf } from '../../src/admin/subscription/model.ts';
import { PREVIEW_PLANS, setPreviewBillingState, type PreviewBillingState } from '../../src/admin/subscription/preview.ts';
import '../../stories/support/admin-story.tsx';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import {
  active,
  alertText,
  api,
  button,
  byLabel,
  callEmulator,
  dialog,
  errorToasts,
  expectAccessibleLightAndDark,
  expectDialogLabelledAndFocused,
  expectNoAccess,
  input,
  renderSection,
  renderStory,
  retype,
  root,
  rowTexts,
  shown,
  signIn,
  signInWithoutRoles,
  SLOW,
  toasts,
} from './helpers.ts';

const BILLING = '/frontegg/subscriptions/resources/billing';
const MANAGED = '/frontegg/subscriptions/resources/subscriptions/v1';

const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  id: 'sub-1',
  externalId: 'sub_1',
  tenantId: 't-1',
  startDate: '2030-01-01T00:00:00.000Z',
  currentPeriodStart: '2030-01-01T00:00:00.000Z',
  currentPeriodEnd: '2030-02-01T00:00:00.000Z',
  status: 'active',
  cancellation: null,
  trialEnd: null,
  externallyManaged: false,
  plan: 'pro',
  planId: 'pro',
  paymentMethodId: null,
  ...over,
});

/** The element's plans, as their cards name them, in the order shown. */
const planNames = (el: HTMLElement) => [...root(el).querySelectorAll('[aria-labelledby=fe-subscription-plans] h4')].map((h) => h.textContent);
/** The region of the current plan (its text). */
const currentPlan = (el: HTMLElement) => root(el).querySelector('[aria-labelledby=fe-subscription-current]')?.textContent ?? '';

describe('subscription rules', () => {
  it('AB-4.24 AB-4.25 raw statuses are shown as Active, Incomplete, Canceled, Expired, On trial, Trial ended; an unknown one is EXPIRED', () => {
    expect(['active', 'incomplete', 'canceled', 'expired', 'trialing', 'trialEnded'].map(statusOf)).to.deep.equal([
      'ACTIVE',
      'INCOMPLETE',
      'CANCELED',
      'EXPIRED',
      'TRIALING',
      'TRIAL_ENDED',
    ]);
    expect(statusOf('paused')).to.equal('EXPIRED');
    expect(statusOf('toString')).to.equal('EXPIRED');
    expect(statusOf(undefined)).to.equal('EXPIRED');
  });

  it('AB-4.26 AB-4.27 cancel only an ACTIVE subscription without a cancellation (and when the vendor allows it); renew only one cancelled atPeriodEnd', () => {
    const allow = { allowPlanDowngrade: true, allowPlanCancellation: true };
    expect(canCancel(subscription(), allow)).to.equal(true);
    expect(canCancel(subscription(), { ...allow, allowPlanCancellation: false })).to.equal(false);
    expect(canCancel(subscription({ cancellation: { policy: 'atPeriodEnd' } }), allow)).to.equal(false);
    for (const status of ['incomplete', 'canceled', 'expired', 'trialing', 'trialEnded', 'unknown']) expect(canCancel(subscription({ status }), allow), status).to.equal(false);
    expect(canRenew(subscription())).to.equal(false);
    expect(canRenew(subscription({ cancellation: { policy: 'atPeriodEnd' } }))).to.equal(true);
  });

  it('the date line: renews on, will be canceled on, trial ends on; none once canceled', () => {
    expect(periodLine(subscription())).to.deep.equal({ kind: 'renews', date: '2030-02-01T00:00:00.000Z' });
    expect(periodLine(subscription({ cancellation: { policy: 'atPeriodEnd' } }))).to.deep.equal({ kind: 'willBeCanceled', date: '2030-02-01T00:00:00.000Z' });
    expect(periodLine(subscription({ status: 'trialing', trialEnd: '2030-01-15T00:00:00.000Z' }))).to.deep.equal({ kind: 'trialEnds', date: '2030-01-15T00:00:00.000Z' });
    expect(periodLine(subscription({ status: 'canceled' }))).to.equal(null);
  });

  it('AB-9.18 money in minor units with Intl.NumberFormat in the plan’s currency and the locale: JPY 123456 is ¥123,456, not ¥1,234.56', () => {
    expect(formatMoney(123456, 'jpy', 'en')).to.equal('¥123,456');
    expect(formatMoney(2900, 'usd', 'en')).to.equal('$29.00');
    expect(formatMoney(2900, 'eur', 'de')).to.match(/^29,00\s€$/);
    expect(formatMoney(123456, 'JPY', 'de')).to.match(/^123\.456\s¥$/);
    expect(formatMoney(1000, 'kwd', 'en')).to.match(/^KWD\s1\.000$/);
    expect(formatMoney(500, 'not-a-code', 'en')).to.equal('5.00 NOT-A-CODE');
  });

  it('plans in tier order; free by price 0, not by the word “free”; upgrade or downgrade against the current plan, a downgrade only when allowPlanDowngrade', () => {
    const [free, pro, enterprise] = PREVIEW_PLANS;
    expect(byTier([enterprise!, free!, pro!]).map((p) => p.id)).to.deep.equal(['free', 'pro', 'enterprise']);
    const freeOfCharge: Plan = { ...pro!, id: 'community', name: 'Community', price: { ...pro!.price, amount: 0 } };
    const freeByName: Plan = { ...pro!, id: 'free-ish', name: 'Free forever (almost)' };
    expect(isFree(freeOfCharge)).to.equal(true);
    expect(isFree(freeByName)).to.equal(false);
    expect(planMove(pro!, pro)).to.equal('current');
    expect(planMove(enterprise!, pro)).to.equal('upgrade');
    expect(planMove(free!, pro)).to.equal('downgrade');
    expect(canMoveTo('downgrade', { allowPlanDowngrade: false, allowPlanCancellation: true })).to.equal(false);
    expect(canMoveTo('downgrade', { allowPlanDowngrade: true, allowPlanCancellation: true })).to.equal(true);
    expect(canMoveTo('upgrade', { allowPlanDowngrade: false, allowPlanCancellation: true })).to.equal(true);
    expect(canMoveTo('current', { allowPlanDowngrade: true, allowPlanCancellation: true })).to.equal(false);
  });

  it('an invoice’s PDF is named invoice_<ddMMyyyy>.pdf by its payment date', () => {
    expect(invoiceFileName('2025-12-31T16:05:00.000Z')).to.equal('invoice_31122025.pdf');
    expect(invoiceFileName('2030-01-05T00:00:00.000Z')).to.equal('invoice_05012030.pdf');
  });
});

describe('<fe-admin-subscription> in preview (each designed state)', () => {
  const story = async (state: PreviewBillingState, scenario = 'filled', dialogName?: string) => {
    setPreviewBillingState(state);
    const el = await renderStory('subscription', scenario, dialogName);
    await waitUntil(() => shown(el, 'Current plan') || shown(el, 'Subscription not found.') || alertText(el), 'the section', SLOW);
    return el;
  };
  afterEach(() => setPreviewBillingState('active'));

  it('AB-1.02 active: the plan with its price and status chip, “Renews on”, every plan in tier order, the card, the billing details and the invoices (Paid / Unpaid)', async () => {
    const el = await story('active');
    await waitUntil(() => rowTexts(el).length === 3 && shown(el, '4242'), 'invoices and card', SLOW);
    // the account's date format arrives with its settings
    await waitUntil(() => currentPlan(el).includes('Renews on 02/01/2030'), 'the date line', SLOW);
    expect(currentPlan(el)).to.include('Pro').and.include('Active').and.include('$29.00 / month').and.include('Renews on 02/01/2030');
    expect(planNames(el)).to.deep.equal(['Free', 'Pro', 'Enterprise']);
    expect(byLabel(root(el), 'Downgrade to Free')).to.exist;
    expect(byLabel(root(el), 'Upgrade to Enterprise')).to.exist;
    expect(shown(el, 'Visa •••• 4242')).to.equal(true);
    expect(shown(el, 'Expires 04/32')).to.equal(true);
    expect(shown(el, 'billing@preview.invalid')).to.equal(true);
    expect(rowTexts(el)[0]).to.include('01/01/2030').and.include('$29.00').and.include('Paid').and.include('PRV-001003');
    expect(rowTexts(el)[1]).to.include('Unpaid');
    await expectAccessibleLightAndDark(el);
  });

  it('AB-4.24 trialing: “On trial” and “Trial ends on …”', async () => {
    const el = await story('trialing');
    // the account's date format arrives with its settings
    await waitUntil(() => currentPlan(el).includes('Trial ends on 01/15/2030'), 'the date line', SLOW);
    expect(currentPlan(el)).to.include('On trial').and.include('Trial ends on 01/15/2030');
    expect(button(root(el), 'Cancel subscription')).to.equal(undefined);
    await expectAccessibleLightAndDark(el);
  });

  it('AB-4.27 cancelled at period end: “Will be canceled on …” and Renew, no Cancel', async () => {
    const el = await story('canceledAtPeriodEnd');
    // the account's date format arrives with its settings
    await waitUntil(() => currentPlan(el).includes('Will be canceled on 02/01/2030'), 'the date line', SLOW);
    expect(currentPlan(el)).to.include('Will be canceled on 02/01/2030');
    expect(button(root(el), 'Renew subscription')).to.exist;
    expect(button(root(el), 'Cancel subscription')).to.equal(undefined);
    await expectAccessibleLightAndDark(el);
  });

  it('AB-5.10 externally managed: who manages it, and Cancel, Upgrade and Edit refused with “Billing is externally managed.”', async () => {
    const el = await story('externallyManaged');
    await waitUntil(() => shown(el, '4242'), 'the card', SLOW);
    expect(currentPlan(el)).to.include('Billing is managed by Acme sales team');
    for (const control of [button(root(el), 'Cancel subscription'), byLabel(root(el), 'Upgrade to Enterprise'), button(root(el), 'Edit billing details')]) {
      expect(control?.getAttribute('aria-disabled')).to.equal('true');
      control!.click();
      await waitUntil(() => errorToasts(el)?.textContent?.includes('Billing is externally managed.'), 'refused', SLOW);
      expect(dialog(el)).to.equal(null);
    }
    await expectAccessibleLightAndDark(el);
  });

  it('AB-8.06 no payment provider: “Payment provider not configured”, a paid plan refused', async () => {
    const el = await story('noProvider');
    await waitUntil(() => currentPlan(el).includes('Payment provider not configured'), 'the notice', SLOW);
    byLabel(root(el), 'Upgrade to Enterprise')!.click();
    await waitUntil(() => errorToasts(el)?.textContent?.includes('Payment provider not configured'), 'refused', SLOW);
    await expectAccessibleLightAndDark(el);
  });

  it('AB-3.49 no billing information: “No billing information set”, no card, no invoices', async () => {
    const el = await story('noBillingInfo');
    await waitUntil(() => shown(el, 'No billing information set') && shown(el, 'No invoices yet.'), 'empty payment details and invoices', SLOW);
    expect(shown(el, 'No card on file.')).to.equal(true);
    expect(currentPlan(el)).to.include('Free');
    expect(button(root(el), 'Edit billing details')).to.equal(undefined);
    await expectAccessibleLightAndDark(el);
  });

  it('no invoices yet', async () => {
    const el = await story('noInvoices');
    await waitUntil(() => shown(el, 'No invoices yet.'), 'no invoices', SLOW);
    await expectAccessibleLightAndDark(el);
  });

  it('AB-8.02 an account without a subscription: “Subscription not found.”', async () => {
    const el = await story('active', 'empty');
    await waitUntil(() => alertText(el).includes('Subscription not found.'), 'not found', SLOW);
    await expectAccessibleLightAndDark(el);
  });

  it('loading and a failed read with a retry', async () => {
    const loading = await renderStory('subscription', 'loading');
    await waitUntil(() => shown(loading, 'Loading'), 'loading', SLOW);
    const failed = await story('active', 'error');
    await waitUntil(() => alertText(failed).includes('Service temporarily unavailable'), 'error', SLOW);
    expect(button(root(failed), 'Try again')).to.exist;
  });

  it('the cancel confirmation (sub-route cancel) is labelled, and its Cancel has the focus', async () => {
    const cancel = await story('active', 'filled', 'cancel');
    await waitUntil(() => dialog(cancel), 'the confirmation', SLOW);
    await expectDialogLabelledAndFocused(cancel, 'Cancel the subscription?');
    expect(active(cancel)?.textContent).to.equal('Cancel');
    await expectAccessibleLightAndDark(cancel);
  });

  it('the billing details form (sub-route billing-details) is labelled, focused and filled with the saved details', async () => {
    const form = await story('active', 'filled', 'billing-details');
    await waitUntil(() => dialog(form), 'the form', SLOW);
    await expectDialogLabelledAndFocused(form, 'Billing details');
    expect(input(dialog(form)!, 'email')?.value).to.equal('billing@preview.invalid');
    await expectAccessibleLightAndDark(form);
  });
});

/** The subscription of acme, as its admin reads it. */
const subscriptionOf = async (token: string) => (await api<Subscription[]>(token, 'GET', `${BILLING}/subscriptions/v1`))[0]!;

/** Adds a test card (default 4242 4242 4242 4242) to acme through the test-mode card provider; resolves with its id. */
async function addCard(token: string, number = '4242424242424242'): Promise<string> {
  const intent = await api<{ id: string; setupIntentSecret: string }>(token, 'POST', `${BILLING}/payment-providers/stripe/setup-intents/v1`, {});
  const confirmed = await api<TestModeSetupIntent>(token, 'POST', `${BILLING}/payment-providers/test-mode/setup-intents/v1/${intent.id}/confirm`, {
    client_secret: intent.setupIntentSecret,
    card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
    billing_details: { email: 'billing@acme.test', address: { addressLine1: '1 Rocket Road', city: 'Hawthorne', postalCode: '90250', country: 'US' } },
  });
  expect(confirmed.status).to.equal('succeeded');
  return confirmed.payment_method!;
}

/** acme on Pro with the card 4242 (one paid invoice), or with `number`'s card. */
async function upgradeToPro(token: string, number?: string): Promise<Subscription> {
  const paymentMethodId = await addCard(token, number);
  const sub = await subscriptionOf(token);
  await api(token, 'PUT', `${MANAGED}/${sub.id}`, { planId: 'pro', paymentMethodId });
  return subscriptionOf(token);
}

/** The next download a link in `el` starts: its file name and the bytes behind its object URL. */
function nextDownload(el: HTMLElement): Promise<{ name: string; bytes: Uint8Array }> {
  return new Promise((resolve) => {
    const observer = new MutationObserver((records) => {
      for (const link of records.flatMap((r) => [...r.addedNodes])) {
        if (!(link instanceof HTMLAnchorElement) || !link.download) continue;
        observer.disconnect();
        void fetch(link.href).then(async (r) => resolve({ name: link.download, bytes: new Uint8Array(await r.arrayBuffer()) }));
      }
    });
    observer.observe(root(el), { childList: true, subtree: true });
  });
}

describe('<fe-admin-subscription> against the emulator', () => {
  let token: string;
  beforeEach(async () => {
    await resetEmulator();
    token = await signIn(ADMIN);
  });
  const render = async () => {
    const el = await renderSection('fe-admin-subscription');
    await waitUntil(() => shown(el, 'Current plan') && planNames(el).length === 3, 'the plan and the plans', SLOW);
    return el;
  };

  it('AB-1.02 AB-7.66 AB-7.67 a new account is on the default plan Free, Active, renewing; Free, Pro, Enterprise in tier order with Current and Upgrade; no invoices', async () => {
    const el = await render();
    expect(currentPlan(el)).to.include('Free').and.include('Active').and.include('Renews on');
    expect(planNames(el)).to.deep.equal(['Free', 'Pro', 'Enterprise']);
    expect(byLabel(root(el), 'Upgrade to Pro')).to.exist;
    expect(byLabel(root(el), 'Upgrade to Enterprise')).to.exist;
    expect(shown(el, '$29.00 / month')).to.equal(true);
    expect(shown(el, '$99.00 / month')).to.equal(true);
    await waitUntil(() => shown(el, 'No invoices yet.') && shown(el, 'No billing information set'), 'no invoices, no billing details', SLOW);
    await expectAccessibleLightAndDark(el);
  });

  it('AB-1.03 AB-4.26 AB-4.27 AB-7.68 cancel (confirmed) then renew: “Will be canceled on …”, then “Renews on …” again', async () => {
    const el = await render();
    button(root(el), 'Cancel subscription')!.click();
    await waitUntil(() => dialog(el), 'the confirmation', SLOW);
    await expectDialogLabelledAndFocused(el, 'Cancel the subscription?');
    button(dialog(el)!, 'Cancel subscription')!.click();
    await waitUntil(() => !dialog(el) && currentPlan(el).includes('Will be canceled on'), 'cancelled at period end', SLOW);
    expect(toasts(el)).to.include('Your subscription will be canceled on');
    expect((await subscriptionOf(token)).cancellation).to.deep.equal({ policy: 'atPeriodEnd' });
    expect(button(root(el), 'Cancel subscription')).to.equal(undefined);
    await expectAccessibleLightAndDark(el);

    button(root(el), 'Renew subscription')!.click();
    await waitUntil(() => currentPlan(el).includes('Renews on') && button(root(el), 'Cancel subscription'), 'renewed', SLOW);
    expect((await subscriptionOf(token)).cancellation).to.equal(null);
  });

  it('AB-5.10 externally managed: the page says who manages billing; cancel, upgrade and the billing details are refused with “Billing is externally managed.”, and so is the server', async () => {
    const sub = await subscriptionOf(token);
    await callEmulator('PUT', `/_emulator/billing/tenants/${sub.tenantId}`, { externallyManaged: true, managedBy: 'Acme sales team' });
    const el = await render();
    expect(currentPlan(el)).to.include('Billing is managed by Acme sales team');
    button(root(el), 'Cancel subscription')!.click();
    await waitUntil(() => errorToasts(el)?.textContent?.includes('Billing is externally managed.'), 'cancel refused', SLOW);
    expect(dialog(el)).to.equal(null);
    byLabel(root(el), 'Upgrade to Pro')!.click();
    expect(dialog(el)).to.equal(null);
    expect(shown(el, 'Current plan')).to.equal(true);
    // the server refuses too (the page never asks)
    const refused = await fetch(`${MANAGED}/${sub.id}/cancellations/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).to.equal(400);
    expect(JSON.stringify(await refused.json())).to.include('Billing is externally managed.');
    expect((await subscriptionOf(token)).cancellation).to.equal(null);
    await expectAccessibleLightAndDark(el);
  });

  it('AB-8.06 without a payment provider the page says “Payment provider not configured” and a paid plan is refused', async () => {
    await callEmulator('PUT', '/_emulator/billing/settings', { provider: null });
    const el = await render();
    await waitUntil(() => currentPlan(el).includes('Payment provider not configured'), 'no provider', SLOW);
    byLabel(root(el), 'Upgrade to Pro')!.click();
    await waitUntil(() => errorToasts(el)?.textContent?.includes('Payment provider not configured'), 'refused', SLOW);
    await expectAccessibleLightAndDark(el);
  });

  it('Upgrade opens the checkout of the plan in place of the page (sub-route checkout::planId, write access)', async () => {
    const el = await render();
    byLabel(root(el), 'Upgrade to Pro')!.click();
    await waitUntil(() => !shown(el, 'Current plan') && shown(el, 'Pro'), 'the checkout', SLOW);
    expect(planNames(el)).to.deep.equal([]);
  });

  it('AB-1.02 AB-7.66 on Pro: the card, the billing details, and the invoice (date, $29.00, Paid, receipt); its PDF downloads as invoice_<ddMMyyyy>.pdf and begins with %PDF', async () => {
    await upgradeToPro(token);
    const [invoice] = await api<Invoice[]>(token, 'GET', `${BILLING}/invoices/v1`);
    const el = await render();
    expect(currentPlan(el)).to.include('Pro').and.include('$29.00 / month');
    await waitUntil(() => rowTexts(el).length === 1 && shown(el, '4242'), 'the invoice and the card', SLOW);
    expect(shown(el, 'Visa •••• 4242')).to.equal(true);
    expect(shown(el, 'billing@acme.test')).to.equal(true);
    expect(rowTexts(el)[0]).to.include('$29.00').and.include('Paid').and.include(invoice!.receiptNumber);
    const download = nextDownload(el);
    byLabel(root(el), `Download invoice ${invoice!.receiptNumber} as PDF`)!.click();
    const { name, bytes } = await download;
    expect(name).to.equal(invoiceFileName(invoice!.paymentDate));
    expect(name).to.match(/^invoice_\d{8}\.pdf$/);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).to.equal('%PDF-');
    await expectAccessibleLightAndDark(el);
  });

  it('issue 32 item 4: the emulator clock a month on renews Pro: a second paid invoice, newest first, and the next renewal date', async () => {
    await upgradeToPro(token);
    const before = await subscriptionOf(token);
    await callEmulator('PUT', '/_emulator/clock', { advance: 32 * 86_400_000 });
    // a new session at the new time (the first one's tokens have expired there)
    token = await signIn(ADMIN);
    const el = await render();
    await waitUntil(() => rowTexts(el).length === 2, 'two invoices', SLOW);
    expect(rowTexts(el).every((row) => row.includes('$29.00') && row.includes('Paid') && !row.includes('Unpaid'))).to.equal(true);
    const after = await subscriptionOf(token);
    expect(Date.parse(after.currentPeriodEnd)).to.be.greaterThan(Date.parse(before.currentPeriodEnd));
    expect(currentPlan(el)).to.include('Active').and.include('Renews on');
  });

  it('AB-4.24 a card whose charges fail (4000 0000 0000 0341): the subscription is Incomplete and its invoice Unpaid; light and dark have no axe violation', async () => {
    await upgradeToPro(token, '4000000000000341');
    const el = await render();
    await waitUntil(() => rowTexts(el).length === 1, 'the invoice', SLOW);
    expect(currentPlan(el)).to.include('Pro').and.include('Incomplete');
    expect(currentPlan(el)).not.to.include('Renews on');
    expect(rowTexts(el)[0]).to.include('Unpaid');
    expect(button(root(el), 'Cancel subscription')).to.equal(undefined);
    await expectAccessibleLightAndDark(el);
  });

  it('AB-4.28 on trial with a card on file: Subscribe confirms the plan on the page with no call — Active here, still trialing on the server', async () => {
    const sub = await upgradeToPro(token);
    await callEmulator('PUT', `/_emulator/billing/tenants/${sub.tenantId}`, { status: 'trialing', trialEnd: sub.currentPeriodEnd });
    const el = await render();
    await waitUntil(() => currentPlan(el).includes('On trial'), 'on trial', SLOW);
    byLabel(root(el), 'Subscribe to Pro')!.click();
    await waitUntil(() => toasts(el).includes('You are now on Pro.'), 'the toast', SLOW);
    await waitUntil(() => currentPlan(el).includes('Active'), 'Active on the page', SLOW);
    const after = await subscriptionOf(token);
    expect(after.status, 'no update call reached the server').to.equal('trialing');
    expect(await api<Invoice[]>(token, 'GET', `${BILLING}/invoices/v1`)).to.have.length(1);
  });

  it('AB-7.70 the billing details form saves with a PATCH of flat fields; a failed save keeps what was typed', async () => {
    await upgradeToPro(token);
    const el = await render();
    await waitUntil(() => button(root(el), 'Edit billing details'), 'the edit button', SLOW);
    button(root(el), 'Edit billing details')!.click();
    await waitUntil(() => dialog(el), 'the form', SLOW);
    await expectDialogLabelledAndFocused(el, 'Billing details');
    const form = dialog(el)!;
    await retype(input(form, 'email')!, 'accounts@acme.test');
    await retype(input(form, 'city')!, 'Los Angeles');
    // the emulator's fault switch: the first PATCH fails
    await callEmulator('PUT', '/_emulator/faults', { faults: [{ method: 'PATCH', path: `${BILLING}/payment-methods/v1/*`, status: 500, times: 1 }] });
    button(form, 'Save')!.click();
    await waitUntil(() => alertText(el), 'the failure', SLOW);
    expect(dialog(el)).to.exist;
    expect(input(dialog(el)!, 'email')!.value).to.equal('accounts@acme.test');
    expect(input(dialog(el)!, 'city')!.value).to.equal('Los Angeles');
    button(dialog(el)!, 'Save')!.click();
    await waitUntil(() => !dialog(el) && shown(el, 'accounts@acme.test'), 'saved', SLOW);
    expect(toasts(el)).to.include('Billing details saved.');
    const [method] = await api<PaymentMethod[]>(token, 'GET', `${BILLING}/payment-methods/v1`);
    expect(method!.billingDetails.email).to.equal('accounts@acme.test');
    expect(method!.billingDetails.address?.city).to.equal('Los Angeles');
    expect(method!.billingDetails.address?.addressLine1).to.equal('1 Rocket Road');
  });

  it('keyboard only: Tab to Cancel subscription, Enter, the dialog’s Cancel has the focus, Tab and Enter cancel; Renew by keyboard', async () => {
    const el = await render();
    const cancel = button(root(el), 'Cancel subscription')!;
    cancel.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el), 'the confirmation', SLOW);
    await expectDialogLabelledAndFocused(el, 'Cancel the subscription?');
    expect(active(el)?.textContent).to.equal('Cancel');
    await sendKeys({ press: 'Tab' });
    expect(active(el)?.textContent).to.equal('Cancel subscription');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el) && button(root(el), 'Renew subscription'), 'cancelled', SLOW);
    button(root(el), 'Renew subscription')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => currentPlan(el).includes('Renews on'), 'renewed', SLOW);
  });

  it('an admin without fe.subscriptions.* gets no access and no request', async () => {
    await signInWithoutRoles();
    const el = await renderSection('fe-admin-subscription');
    await expectNoAccess(el, 'table');
  });
});
