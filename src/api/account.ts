/**
 * The tenant's account settings (api-contract §O; AB-3.14, AB-7.27, SI-3.09). Calls send `frontegg-source:
 * admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';
import type { AccountSettings } from './admin-types.ts';
import type { TenantsResponse } from './types.ts';

/** Paths, without the `/{prefix}`. */
export const ACCOUNT_PATHS = Object.freeze({
  settings: '/tenants/resources/account-settings/v1',
  /** The tenant's public settings (getPublicSettings, SI-7.22): no permission needed. */
  publicSettings: '/tenants/resources/account-settings/v1/public',
  /** The signed-in user's tenants and the active one (contract §F getCurrentUserTenantsV3): the company name. */
  tenants: '/identity/resources/users/v3/me/tenants',
});

/** The public settings of a tenant (IPublicSettingsResponse): where its application and its login page are. */
export interface PublicAccountSettings {
  tenantId: string;
  applicationUrl?: string;
  loginUrl?: string;
}

/** Creates the account-settings calls on top of `client`. */
export function createAccountApi(client: ApiClient) {
  return {
    /** `GET tenants/resources/account-settings/v1` (getSettings, AB-7.27). */
    getSettings(o?: CallOptions): Promise<AccountSettings> {
      return client.get<AccountSettings>(ACCOUNT_PATHS.settings, adminOptions(o));
    },
    /**
     * The active tenant's name (the account form's companyName, SI-3.09): `GET users/v3/me/tenants` →
     * `activeTenant.name`, since the settings answer carries no name. `undefined` when there is no active tenant.
     */
    async getTenantName(o?: CallOptions): Promise<string | undefined> {
      const answer = await client.get<TenantsResponse>(ACCOUNT_PATHS.tenants, adminOptions(o));
      return answer.activeTenant?.name;
    },
    /**
     * `GET tenants/resources/account-settings/v1/public` (getPublicSettings, SI-7.22): `{ tenantId, applicationUrl,
     * loginUrl }` of the signed-in user's tenant (the bearer), or of `tenantId` for a visitor.
     * @throws FeApiError — 404 no such tenant
     */
    getPublicSettings(tenantId?: string, o?: CallOptions): Promise<PublicAccountSettings> {
      return client.get<PublicAccountSettings>(ACCOUNT_PATHS.publicSettings, adminOptions(o, tenantId ? { query: { tenantId } } : undefined));
    },
    /** `PUT tenants/resources/account-settings/v1` (updateSettings, AB-7.27): `name` renames the tenant. */
    updateSettings(settings: AccountSettings, o?: CallOptions): Promise<AccountSettings> {
      return client.put<AccountSettings>(ACCOUNT_PATHS.settings, settings, adminOptions(o));
    },
  };
}

/** The account-settings calls of one client. */
export type AccountApi = ReturnType<typeof createAccountApi>;
