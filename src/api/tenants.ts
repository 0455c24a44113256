/**
 * Tenant switch (api-contract F switchTenant; sign-in §7 SI-7.30, admin §4
 * "Tenant switch"). A module of its own: only the tenant switcher loads it.
 */
import type { ApiClient } from './client.ts';

export const TENANT_PATHS = Object.freeze({
  switchTenant: '/identity/resources/users/v1/tenant',
});

/** Creates the tenant calls on top of `client`. */
export function createTenantsApi(client: ApiClient) {
  return {
    /**
     * `PUT users/v1/tenant` with `{ tenantId }` (bearer): makes it the user's active tenant;
     * the next token refresh issues a token for it.
     * @throws FeApiError — 403 when the user is not a member of that tenant.
     */
    async switchTenant(params: { tenantId: string }): Promise<void> {
      await client.put(TENANT_PATHS.switchTenant, { tenantId: params.tenantId });
    },
  };
}

/** The tenant calls of one client. */
export type TenantsApi = ReturnType<typeof createTenantsApi>;
