/**
 * Actors of the checkout flow (machines/admin-checkout.machine.ts), built on the app's admin resources (the checkout
 * resource, src/admin/resources/checkout.ts) and the app (the signed-in user's entitlements read again after a plan
 * change: `<fe-authorized feature>` on the host page follows at once, issue 32 item 5).
 */
import { fromPromise } from 'xstate';
import type { FeApp } from '../src/app/types.ts';
import { reloadEntitlements } from '../src/app/entitlements.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';
import { createCheckoutResource } from '../src/admin/resources/checkout.ts';
import type { CardSetupResult } from '../src/admin/subscription/card/provider.ts';
import type { CardProvider, SetUpCardCall, UpdateSubscriptionCall } from './admin-checkout.machine.ts';

/** Actors of the checkout machine. */
export function adminCheckoutActors(resources: AdminResources, app: FeApp) {
  const checkout = () => resources.use(createCheckoutResource);
  return {
    confirmLocally: fromPromise<void, { subscriptionId: string }>(({ input }) => checkout().confirmLocally.run(input.subscriptionId)),
    loadProvider: fromPromise<CardProvider>(() => checkout().provider()),
    // the setup intent's secret goes from the API to the card fields' confirm, never into the machine's context
    setUpCard: fromPromise<CardSetupResult, SetUpCardCall>(async ({ input }) => input.confirm(await checkout().createSetupIntent.run({}), input.billingDetails)),
    updateSubscription: fromPromise<void, UpdateSubscriptionCall>(({ input }) => checkout().update.run(input)),
    reload: fromPromise<void>(async () => {
      checkout().reload();
      // entitlements off (or not loaded): nothing follows; the plan changed anyway
      if (app.options.entitlements?.enabled) {
        await reloadEntitlements(app).catch((error: unknown) => app.logger.warn('entitlements not read again after the plan change', error));
      }
    }),
  };
}
