/**
 * The user profile (UP, api-contract.md §5): what `GET users/me` answers and every login response
 * carries.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authenticators } from '../db/schema.ts';
import { mfaDeviceCount } from '../mfa-devices.ts';
import { type UserRow, userRowFields, userTenantList } from './accounts.ts';
import { authorizationFor } from './authorization.ts';
import { memberAccessAllowed } from '../sub-account-access.ts';

export async function hasAuthenticator(db: Db, userId: string): Promise<{ id: string }[]> {
  return db.select({ id: authenticators.id }).from(authenticators).where(eq(authenticators.userId, userId)).orderBy(asc(authenticators.createdAt));
}

/** The user profile (UP). `tenantId` is the tenant the session is bound to. */
export async function userProfile(db: Db, user: UserRow, tenantId: string) {
  const tenantList = await userTenantList(db, user.id);
  const tenantIds = tenantList.map((t) => t.tenantId);
  const auth = await authorizationFor(db, user.id, tenantId);
  const perTenant = [];
  // one tenant at a time: `db` may be a transaction, a single connection (node-postgres 9 refuses concurrent queries on one)
  for (const tid of tenantIds) perTenant.push({ tenantId: tid, roles: tid === tenantId ? auth.roles : (await authorizationFor(db, user.id, tid)).roles });
  const mfaEnrolled = (await mfaDeviceCount(db, user.id)) > 0;
  return {
    ...userRowFields(user),
    subAccountAccessAllowed: await memberAccessAllowed(db, user.id, tenantId),
    mfaEnrolled,
    provider: 'local',
    tenantId,
    tenantIds,
    activatedForTenant: true,
    tenants: perTenant,
    managedBy: 'frontegg' as const,
    invisible: false,
    isDisabled: false,
    // profile fields beside the columns (admin §3 "Profile fields"; PUT users/v2/me stores them)
    address: user.profile?.address,
    jobTitle: user.profile?.jobTitle,
    title: user.profile?.title,
    country: user.profile?.country,
    dateOfBirth: user.profile?.dateOfBirth,
    roles: auth.roles,
    rolesIds: auth.roles.map((r) => r.id),
    permissions: auth.permissions,
    groups: [] as { id: string; roles: unknown[] }[],
  };
}
