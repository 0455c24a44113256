/**
 * Tenants (api-contract F switchTenant, I verifyInviteToken; sign-in §7
 * SI-7.30, SI-7.50, admin §4 "Tenant switch"). A module of its own, loaded
 * only where a tenant is switched or an invite link verified.
 */
import type { ApiClient } from './client.ts';
import { requestOptions, type CallOptions } from './request.ts';

export const TENANT_PATHS = Object.freeze({
  switchTenant: '/identity/resources/users/v1/tenant',
  verifyInviteToken: '/identity/resources/tenants/invites/v1/verify',
});

/**
 * The tenant name from a verify-invite-token answer: the server answers a
 * JSON string; an object `{ name }` is read as well (SI-7.50).
 */
export function tenantNameOf(answer: unknown): string | undefined {
  if (typeof answer === 'string') return answer || undefined;
  if (answer && typeof answer === 'object' && typeof (answer as { name?: unknown }).name === 'string') return (answer as { name: string }).name || undefined;
  return undefined;
}

/** Creates the tenant calls on top of `client`. */
export function createTenantsApi(client: ApiClient) {
  return {
    /**
     * `PUT users/v1/tenant` with `{ tenantId }` (bearer; the config's `frontegg-source`, not `login-box`):
     * makes it the user's active tenant; the next token refresh issues a token for it.
     * @throws FeApiError — 403 when the user is not a member of that tenant.
     */
    async switchTenant(params: { tenantId: string }, o?: CallOptions): Promise<void> {
      await client.put(TENANT_PATHS.switchTenant, { tenantId: params.tenantId }, requestOptions(o, { source: undefined }));
    },
    /**
     * `POST tenants/invites/v1/verify` with `{ token }` (a tenant invite-link token, the `invitationToken`
     * of sign-up), source `login-box`, no bearer.
     * @returns the tenant's name (the answer is a JSON string; `{ name }` is read too), or undefined.
     * @throws FeApiError — 400 invalid or expired; 400 `ER-01239` locked tenant (`TENANT_LOCKED_ERROR_CODE` of ./users.ts).
     */
    async verifyInviteToken(params: { token: string }, o?: CallOptions): Promise<string | undefined> {
      return tenantNameOf(await client.post<unknown>(TENANT_PATHS.verifyInviteToken, { token: params.token }, requestOptions(o, { withoutAuthorization: true })));
    },
  };
}

/** The tenant calls of one client. */
export type TenantsApi = ReturnType<typeof createTenantsApi>;
