import { expect } from '@open-wc/testing';
import { createActor, fromPromise, waitFor } from 'xstate';
import { adminCheckoutMachine, type CardProvider, type CheckoutInput, type SetUpCardCall, type UpdateSubscriptionCall } from '../machines/admin-checkout.machine.ts';
import { errorFromResponse } from '../src/api/errors.ts';
import type { Plan } from '../src/api/billing.ts';
import type { CardSetupResult, ConfirmCard } from '../src/admin/subscription/card/provider.ts';
import { parseExpiry, parseCardNumber, testModeCard } from '../src/admin/subscription/card/test-mode-card.tsx';
import { planDiff } from '../src/admin/subscription/checkout/model.ts';

const FREE_TO_PRO: CheckoutInput = { subscriptionId: 's1', status: 'active', currentPlanId: 'free', paymentMethodId: null, planId: 'pro', planName: 'Pro', free: false };

/** The checkout machine on recording actors: `cards` answers each card confirm in turn; `update` may refuse. */
function start(input: CheckoutInput, answers: { provider?: CardProvider | Error; cards?: CardSetupResult[]; update?: Error[] } = {}) {
  const calls: string[] = [];
  const updates: UpdateSubscriptionCall[] = [];
  const cards = [...(answers.cards ?? [])];
  const refusals = [...(answers.update ?? [])];
  const machine = adminCheckoutMachine.provide({
    actors: {
      confirmLocally: fromPromise<void, { subscriptionId: string }>(async ({ input }) => void calls.push(`local ${input.subscriptionId}`)),
      loadProvider: fromPromise<CardProvider>(async () => {
        calls.push('provider');
        const provider = answers.provider ?? { kind: 'testMode' };
        if (provider instanceof Error) throw provider;
        return provider;
      }),
      setUpCard: fromPromise<CardSetupResult, SetUpCardCall>(async ({ input }) => {
        calls.push(`card ${input.billingDetails.email}`);
        return input.confirm({ id: 'seti_1', setupIntentSecret: 'seti_1_secret' }, input.billingDetails);
      }),
      updateSubscription: fromPromise<void, UpdateSubscriptionCall>(async ({ input }) => {
        calls.push('update');
        updates.push(input);
        const refusal = refusals.shift();
        if (refusal) throw refusal;
      }),
      reload: fromPromise<void>(async () => void calls.push('reload')),
    },
  });
  const actor = createActor(machine, { input });
  const emitted: { planName: string; local: boolean }[] = [];
  actor.on('changed', (e) => emitted.push({ planName: e.planName, local: e.local }));
  actor.start();
  const confirm: ConfirmCard = async () => cards.shift() ?? { error: { type: 'card_error', message: 'no answer' } };
  return { actor, calls, updates, emitted, confirm };
}

describe('checkout machine (machines/admin-checkout.machine.ts)', () => {
  it('AB-4.28 a trialing subscription with a payment method, checking out its own plan, is confirmed locally: no call', async () => {
    const { actor, calls, emitted } = start({ ...FREE_TO_PRO, status: 'trialing', currentPlanId: 'pro', paymentMethodId: 'pm_1' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).to.deep.equal(['local s1']);
    expect(emitted).to.deep.equal([{ planName: 'Pro', local: true }]);
  });

  it('AB-4.28 a trialing subscription choosing another plan is not confirmed locally: the plan changes on the server', async () => {
    const { actor, calls } = start({ ...FREE_TO_PRO, status: 'trialing', paymentMethodId: 'pm_1' });
    expect(actor.getSnapshot().value).to.equal('review');
    actor.send({ type: 'checkout.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).to.deep.equal(['update', 'reload']);
  });

  it('AB-4.29 a free plan (price 0) needs no card: confirm, update with the plan only, reload, then done', async () => {
    const { actor, calls, updates, emitted } = start({ ...FREE_TO_PRO, currentPlanId: 'pro', planId: 'free', planName: 'Free', free: true });
    expect(actor.getSnapshot().value).to.equal('review');
    actor.send({ type: 'checkout.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).to.deep.equal(['update', 'reload']);
    expect(updates).to.deep.equal([{ subscriptionId: 's1', planId: 'free' }]);
    expect(emitted).to.deep.equal([{ planName: 'Free', local: false }]);
  });

  it('AB-1.04 AB-4.29 a card: the provider, a decline kept with its message as is, then the card attached, the update with its payment method, reload', async () => {
    const { actor, calls, updates, confirm, emitted } = start(FREE_TO_PRO, {
      cards: [{ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }, { paymentMethodId: 'pm_new' }],
    });
    await waitFor(actor, (s) => s.matches({ card: 'idle' }));
    // no confirm function yet (the fields have not mounted): a submit does nothing
    actor.send({ type: 'card.submit', billingDetails: { email: 'a@x.test' } });
    expect(actor.getSnapshot().matches({ card: 'idle' })).to.equal(true);
    actor.send({ type: 'card.ready', confirm });
    actor.send({ type: 'card.submit', billingDetails: { email: 'a@x.test' } });
    const declined = await waitFor(actor, (s) => s.matches({ card: 'idle' }) && s.context.error !== null);
    expect(declined.context.error).to.deep.equal({ message: 'Your card was declined.' });
    actor.send({ type: 'card.submit', billingDetails: { email: 'a@x.test' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).to.deep.equal(['provider', 'card a@x.test', 'card a@x.test', 'update', 'reload']);
    expect(updates).to.deep.equal([{ subscriptionId: 's1', planId: 'pro', paymentMethodId: 'pm_new' }]);
    expect(emitted).to.deep.equal([{ planName: 'Pro', local: false }]);
  });

  it('AB-1.04 a double click charges once: a second submit while the card is confirmed is ignored', async () => {
    const { actor, calls, confirm } = start(FREE_TO_PRO, { cards: [{ paymentMethodId: 'pm_new' }] });
    await waitFor(actor, (s) => s.matches({ card: 'idle' }));
    actor.send({ type: 'card.ready', confirm });
    actor.send({ type: 'card.submit', billingDetails: { email: 'a@x.test' } });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    actor.send({ type: 'card.submit', billingDetails: { email: 'a@x.test' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.filter((c) => c.startsWith('card'))).to.have.length(1);
    expect(calls.filter((c) => c === 'update')).to.have.length(1);
  });

  it('AB-4.29 a refused update keeps the attached card: the confirm step again, no second card', async () => {
    const refusal = Object.assign(new Error('Plan downgrades are not allowed'), { statusCode: 400 });
    const { actor, calls, updates, confirm } = start(FREE_TO_PRO, { cards: [{ paymentMethodId: 'pm_new' }], update: [refusal] });
    await waitFor(actor, (s) => s.matches({ card: 'idle' }));
    actor.send({ type: 'card.ready', confirm });
    actor.send({ type: 'card.submit', billingDetails: {} });
    const refused = await waitFor(actor, (s) => s.matches('review') && s.context.error !== null);
    expect(refused.context.error).to.include({ message: 'Plan downgrades are not allowed' });
    actor.send({ type: 'checkout.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).to.deep.equal(['provider', 'card undefined', 'update', 'update', 'reload']);
    expect(updates.map((u) => u.paymentMethodId)).to.deep.equal(['pm_new', 'pm_new']);
  });

  it('no payment provider: its message, and a retry that loads it again', async () => {
    const { actor, calls } = start(FREE_TO_PRO, { provider: Object.assign(new Error('Payment provider not configured'), { statusCode: 404 }) });
    const failed = await waitFor(actor, (s) => s.matches('providerFailed'));
    expect(failed.context.error).to.include({ message: 'Payment provider not configured' });
    actor.send({ type: 'provider.retry' });
    await waitFor(actor, (s) => s.matches('providerFailed') && calls.length === 2);
    expect(calls).to.deep.equal(['provider', 'provider']);
  });

  it('a publishable key chooses Stripe Elements', async () => {
    const { actor } = start(FREE_TO_PRO, { provider: { kind: 'stripe', publishableKey: 'pk_test_1' } });
    const card = await waitFor(actor, (s) => s.matches('card'));
    expect(card.context.provider).to.deep.equal({ kind: 'stripe', publishableKey: 'pk_test_1' });
  });
});

describe('checkout model: the plan diff (src/admin/subscription/checkout/model.ts)', () => {
  const plan = (p: Partial<Plan>): Plan =>
    ({ id: 'x', name: 'X', tier: 0, features: [], limits: {}, price: { id: 'p', externalId: 'p', currency: 'usd', amount: 0 }, ...p }) as Plan;
  const free = plan({ id: 'free', name: 'Free', tier: 0, limits: { seats: 50, apiTokens: 20, ssoConnections: 3 } });
  const pro = plan({
    id: 'pro',
    tier: 1,
    features: [
      { key: 'advanced-reports', name: 'Advanced reports' },
      { key: 'sso', name: 'Single sign-on' },
    ],
    limits: { seats: 200, apiTokens: 100, ssoConnections: 10 },
    price: { id: 'p', externalId: 'p', currency: 'usd', amount: 2900 },
  });
  const enterprise = plan({ id: 'enterprise', tier: 2, features: [...pro.features, { key: 'audit-export', name: 'Audit export' }], limits: {} });

  it('Free → Pro adds its features by name and raises every limit (seats 50 → 200)', () => {
    const diff = planDiff(free, pro);
    expect(diff.added.map((f) => f.name)).to.deep.equal(['Advanced reports', 'Single sign-on']);
    expect(diff.removed).to.deep.equal([]);
    expect(diff.limits).to.deep.equal([
      { key: 'seats', from: 50, to: 200, more: true },
      { key: 'apiTokens', from: 20, to: 100, more: true },
      { key: 'ssoConnections', from: 3, to: 10, more: true },
    ]);
  });

  it('Enterprise → Pro removes a feature and turns unlimited into limits; Pro → Enterprise: unlimited is more', () => {
    const down = planDiff(enterprise, pro);
    expect(down.removed.map((f) => f.name)).to.deep.equal(['Audit export']);
    expect(down.limits[0]).to.deep.equal({ key: 'seats', from: null, to: 200, more: false });
    expect(planDiff(pro, enterprise).limits[0]).to.deep.equal({ key: 'seats', from: 200, to: null, more: true });
  });
});

describe('test-mode card fields: what is typed or pasted (src/admin/subscription/card/test-mode-card.tsx)', () => {
  it('a number with spaces or dashes, an expiry as MM / YY, MM/YYYY or MMYY, a CVC of 3 or 4 digits', () => {
    expect(parseCardNumber('4242 4242 4242 4242')).to.equal('4242424242424242');
    expect(parseCardNumber('4000-0000-0000-0002')).to.equal('4000000000000002');
    expect(parseCardNumber('4242 4242')).to.equal(null);
    expect(parseExpiry('12 / 34')).to.deep.equal({ month: 12, year: 2034 });
    expect(parseExpiry('1/2031')).to.deep.equal({ month: 1, year: 2031 });
    expect(parseExpiry('0934')).to.deep.equal({ month: 9, year: 2034 });
    expect(parseExpiry('13/30')).to.equal(null);
    expect(testModeCard({ number: '4242424242424242', expiry: '12/34', cvc: '123' })).to.deep.equal({ number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' });
    expect(testModeCard({ number: '4242424242424242', expiry: '12/34', cvc: '12' })).to.equal(null);
  });

  it("a provider's refusal in Stripe's shape (a 402 { error }) is an FeApiError with its message as is and the error as context", () => {
    const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    const e = errorFromResponse({ status: 402, statusText: 'Payment Required', bodyText: JSON.stringify({ error }) });
    expect(e.message).to.equal('Your card was declined.');
    expect(e.errorCode).to.equal('card_declined');
    expect(e.errorContext).to.deep.equal(error);
  });
});
