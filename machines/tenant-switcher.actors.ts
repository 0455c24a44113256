/** The tenant switcher's actors on the app: its stores and `switchTenant()` (src/app/tenants.ts: PUT users/v1/tenant, then a token refresh). */
import { fromCallback, fromPromise } from 'xstate';
import type { FeApp } from '../src/app/types.ts';
import type { FeTenantChangeDetail } from '../src/events/index.ts';
import type { TenantsSnapshot, TenantSwitcherEvent } from './tenant-switcher.machine.ts';

/** The signed-in user's tenants and the active one, as the app's stores have them now. */
export function tenantsOf(app: FeApp): TenantsSnapshot {
  const session = app.stores.$session.get();
  const { tenants, activeTenant } = app.stores.$tenants.get();
  return {
    tenants: tenants.map(({ tenantId, name }) => ({ tenantId, name })),
    activeTenantId: activeTenant?.tenantId ?? (session.user?.tenantId as string | undefined) ?? null,
    signedIn: session.isAuthenticated,
  };
}

/** Actors of {@link import('./tenant-switcher.machine.ts').tenantSwitcherMachine}. */
export function tenantSwitcherActors(app: FeApp) {
  return {
    watchTenants: fromCallback<TenantSwitcherEvent>(({ sendBack }) => {
      const push = () => sendBack({ type: 'tenants.changed', ...tenantsOf(app) });
      const stops = [app.stores.$tenants.listen(push), app.stores.$session.listen(push)];
      push();
      return () => stops.forEach((stop) => stop());
    }),
    /**
     * The app's `switchTenant()` (it fires `fe-tenant-change`, at the document).
     * A failure rejects with the text to show, "Couldn’t switch to {name}: {message}",
     * and the API's status and trace id.
     */
    switchTenant: fromPromise<FeTenantChangeDetail, { tenantId: string }>(async ({ input }) => {
      const { switchTenant } = await import('../src/app/tenants.ts');
      try {
        return await switchTenant(input.tenantId, app);
      } catch (error) {
        const e = error as { message?: string; statusCode?: number; traceId?: string } | undefined;
        const t = app.i18n.$t.get();
        const name = app.stores.$tenants.get().tenants.find((x) => x.tenantId === input.tenantId)?.name || input.tenantId;
        throw Object.assign(new Error(t('tenants.failed', { name, message: e?.message || t('error.generic') }), { cause: error }), {
          statusCode: e?.statusCode,
          traceId: e?.traceId,
        });
      }
    }),
  };
}
