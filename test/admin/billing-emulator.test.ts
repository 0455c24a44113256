import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../../elements/fe-app.ts';
import '../../elements/fe-app.ts';
import '../../elements/fe-authorized.ts';
import { createApiClient } from '../../src/api/client.ts';
import { createBillingApi, invoiceMinorUnits } from '../../src/api/billing.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { signIn } from './helpers.ts';

/**
 * The emulator's billing (issue 32), in Chromium through the portal's own billing client (src/api/billing.ts): every
 * account has its subscription, the calls are answered in the client's shapes, and a plan change turns a feature of
 * `<fe-authorized>` on the host page on at once (after the entitlements refresh, no reload).
 */

async function emulator(method: string, path: string, body?: unknown) {
  const r = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  expect(r.ok, `${method} ${path} → ${r.status} ${text}`).to.equal(true);
  return text ? JSON.parse(text) : {};
}

const billingApi = (token: string) =>
  createBillingApi(createApiClient({ baseUrl: location.origin, getAccessToken: () => token, fetch: (i, init) => fetch(i, init), requestSource: 'admin-portal' }));

describe('the emulator’s billing through the portal’s client', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('AB-1.02 AB-3.40 AB-3.44 AB-3.50 AB-7.66 AB-7.71 AB-7.72 the seeded plans, the account’s subscription on Free and its summary, providers and configurations', async () => {
    const api = billingApi(await signIn(ADMIN));
    const { tenantId } = await emulator('GET', '/_emulator');
    const plans = await api.plans();
    expect(plans.map((p) => [p.slug, p.price.amount, p.price.currency, p.tier])).to.deep.equal([
      ['free', 0, 'usd', 0],
      ['pro', 2900, 'usd', 1],
      ['enterprise', 9900, 'usd', 2],
    ]);
    expect((await api.plan('pro')).features.map((f) => f.key)).to.deep.equal(['advanced-reports', 'sso']);
    const summary = await api.summary(tenantId);
    expect([summary.currentPlanId, summary.defaultPlanId, summary.externallyManaged, summary.paymentMethodId]).to.deep.equal(['free', 'free', false, null]);
    const subscription = await api.subscription(summary.subscriptionId);
    expect([subscription.status, subscription.plan, subscription.cancellation]).to.deep.equal(['active', 'free', null]);
    expect(await api.paymentProviders()).to.deep.equal([{ providerType: 'Stripe', name: 'Stripe', status: '1' }]);
    expect((await api.stripeConfiguration()).publishableKey).to.equal(null);
    expect(await api.vendorConfiguration()).to.deep.equal({ allowPlanDowngrade: true, allowPlanCancellation: true });
    expect(await api.invoices()).to.deep.equal([]);
    expect(await api.paymentMethods()).to.deep.equal([]);
  });

  it('AB-4.26 AB-4.27 AB-4.29 AB-7.68 AB-7.74 a plan change turns <fe-authorized feature> on the page on without a reload; cancel then renew', async () => {
    const token = await signIn(ADMIN);
    const api = billingApi(token);
    const { tenantId } = await emulator('GET', '/_emulator');
    // a second free plan that grants single sign-on: no card needed to move to it
    await emulator('PUT', '/_emulator/billing/plans/team', { name: 'Team', amount: 0, tier: 1, features: [{ key: 'sso', name: 'Single sign-on' }] });
    const app = await fixture<FeAppElement>(
      html`<fe-app base-url=${location.origin} .options=${{ entitlements: { enabled: true } }}
        ><fe-authorized feature="sso"
          ><p id="on">SSO</p>
          <p slot="fallback" id="off">Upgrade</p></fe-authorized
        ></fe-app
      >`,
    );
    await waitUntil(() => app.app && !app.app.stores.$session.get().isLoading, 'session known', { timeout: 10000 });
    const gate = app.querySelector('fe-authorized')!;
    await new Promise((r) => setTimeout(r, 50));
    expect(gate.authorized).to.equal(false);

    const { subscriptionId } = await api.summary(tenantId);
    await api.update(subscriptionId, { planId: 'team' });
    await app.app!.refresh();
    await waitUntil(() => gate.authorized, 'the plan’s feature is on after the refresh');
    expect((await api.summary(tenantId)).currentPlanId).to.equal('team');

    await api.cancel(subscriptionId);
    expect((await api.subscription(subscriptionId)).cancellation).to.deep.equal({ policy: 'atPeriodEnd' });
    await api.renew(subscriptionId);
    expect((await api.subscription(subscriptionId)).cancellation).to.equal(null);

    await api.update(subscriptionId, { planId: 'free' });
    await app.app!.refresh();
    await waitUntil(() => !gate.authorized, 'back on Free, the feature is off');
  });

  it('AB-5.10 AB-8.02 externally managed refuses the update with the spec’s text; a paid plan without a card is refused', async () => {
    const api = billingApi(await signIn(ADMIN));
    const { tenantId } = await emulator('GET', '/_emulator');
    const { subscriptionId } = await api.summary(tenantId);
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => expect.fail('resolved'),
        (e: Error & { statusCode?: number }) => [e.statusCode, e.message],
      );
    expect(await failure(api.update(subscriptionId, { planId: 'pro' }))).to.deep.equal([400, 'A payment method is required']);
    expect(await failure(api.subscription('no-such-subscription'))).to.deep.equal([404, 'Subscription not found.']);
    await emulator('PUT', `/_emulator/billing/tenants/${tenantId}`, { externallyManaged: true, managedBy: 'Acme sales team' });
    expect(await failure(api.cancel(subscriptionId))).to.deep.equal([400, 'Billing is externally managed.']);
    expect((await api.subscription(subscriptionId)).managedBy).to.equal('Acme sales team');
    expect(invoiceMinorUnits({ totalAmount: 29 })).to.equal(2900);
  });
});
