/**
 * Tenant switch (admin §4 "Tenant switch", AB-4.23; sign-in §7 SI-7.30):
 * set loading, `PUT users/v1/tenant`, refresh the token, announce it.
 */
import { atom } from 'nanostores';
import { createTenantsApi } from '../api/tenants.ts';
import { defaultApp, TAB_TENANT_KEY, type FeApp } from './app.ts';
import { FeTenantChangeEvent, type FeTenantChangeDetail } from '../events/index.ts';

/** The tenant switch in flight (`tenantId`), or `null`. One store per page: the switcher elements read it. */
export const $switchingTenant = atom<string | null>(null);

/** Detail of `fe-tenant-change` (src/events: {@link FeTenantChangeDetail}). */
export type TenantChangeDetail = FeTenantChangeDetail;

/** Thrown when the switch could not be completed (the API refused, or the refresh lost the session). */
export class TenantSwitchError extends Error {
  readonly statusCode?: number;
  readonly traceId?: string;
  constructor(message: string, init: { statusCode?: number; traceId?: string; cause?: unknown } = {}) {
    super(message, { cause: init.cause });
    this.name = 'TenantSwitchError';
    this.statusCode = init.statusCode;
    this.traceId = init.traceId;
  }
}

/**
 * Switches the signed-in user to `tenantId`:
 * 1. sets {@link $switchingTenant} (the loading flag) to `tenantId`;
 * 2. `PUT users/v1/tenant { tenantId }` (SI-7.30);
 * 3. with `app.options.sessionPerTab`, writes the tab's tenant
 *    (`sessionStorage[TAB_TENANT_KEY]`) — *before* the refresh, because the
 *    refresh asks for the tab's tenant and would otherwise get the old one back;
 * 4. `app.refresh()`, so the access token (and `$session`, `$tenants`) carry the new tenant;
 * 5. dispatches {@link FeTenantChangeEvent} `fe-tenant-change` (`{ tenantId, tenant }`,
 *    bubbling, composed) on `options.target`, else on `document` — the one
 *    dispatch of a switch (`<fe-tenant-switcher>` calls this too and fires none itself).
 *
 * The flag is cleared in every case.
 * @returns the detail of the event.
 * @throws TenantSwitchError — the API's message (e.g. 403 not a member), or
 *   when the refresh did not give a session back (the tab's tenant is then restored).
 */
export async function switchTenant(tenantId: string, app: FeApp = defaultApp(), options: { target?: EventTarget } = {}): Promise<FeTenantChangeDetail> {
  $switchingTenant.set(tenantId);
  const tab = app.options.sessionPerTab ? sessionStorage.getItem(TAB_TENANT_KEY) : null;
  try {
    try {
      await createTenantsApi(app.client).switchTenant({ tenantId });
    } catch (error) {
      const e = error as { message?: string; statusCode?: number; traceId?: string };
      throw new TenantSwitchError(e?.message || 'Tenant switch failed', { statusCode: e?.statusCode, traceId: e?.traceId, cause: error });
    }
    if (app.options.sessionPerTab) sessionStorage.setItem(TAB_TENANT_KEY, tenantId);
    const result = await app.refresh();
    if (!result) {
      if (app.options.sessionPerTab) {
        if (tab === null) sessionStorage.removeItem(TAB_TENANT_KEY);
        else sessionStorage.setItem(TAB_TENANT_KEY, tab);
      }
      throw new TenantSwitchError('The session could not be refreshed');
    }
    const tenant = result.tenants.find((t) => t.tenantId === tenantId) ?? (result.activeTenant?.tenantId === tenantId ? result.activeTenant : null);
    const detail: FeTenantChangeDetail = { tenantId, tenant };
    const target = options.target ?? (typeof document === 'undefined' ? undefined : document);
    target?.dispatchEvent(new FeTenantChangeEvent(detail));
    return detail;
  } finally {
    $switchingTenant.set(null);
  }
}
