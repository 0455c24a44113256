/**
 * Applications (api-contract §M; admin spec §3 "Application", §5 "Applications"; AB-3.15, AB-6.13, AB-6.14, AB-7.21,
 * AB-7.22): which applications a user may open, the applications' data, and assigning users to them. Used by the users
 * section behind the `multi-apps-admin-portal` feature flag (issue 34 item 5). Calls send
 * `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions, joinIds } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}`. */
export const APPLICATION_PATHS = Object.freeze({
  /** `GET ?userIds=a,b` getUsersApplicationsId. */
  usersApps: '/identity/resources/applications/v1/users-apps',
  /** `POST { userId, tenantId, appIds }` assignUserToApplications. */
  assign: '/identity/resources/applications/v1/apps-user',
  /** `DELETE { userId, tenantId, appIds }` unassignUserFromApplications. */
  unassign: '/identity/resources/applications/v1/user-apps',
  /** `GET ?ids=a,b&_includeFreeAccess` getApplicationsData. */
  data: '/applications/resources/applications/v1',
  /** `GET` getTenantsApplicationsV2: the caller's account and its applications, each with its access type there. */
  tenantAssignments: '/applications/resources/applications/tenant-assignments/v2',
});

/** The feature flag that turns the portal's applications on (AB-6.14; Frontegg's flag name). */
export const MULTI_APPS_FLAG = 'multi-apps-admin-portal';

/**
 * The permission keys of the applications' calls (the emulator's, after Frontegg's): reading them, assigning users,
 * unassigning users.
 */
export const APPLICATION_PERMISSIONS = Object.freeze({ read: 'fe.account-settings.read.app', assign: 'fe.secure.write.appsUsers', unassign: 'fe.secure.delete.appsUsers' });

/** Who may open an application (AB-3.15): every user (`FREE_ACCESS`) or the users assigned to it (`MANAGED_ACCESS`). */
export type ApplicationAccessType = 'FREE_ACCESS' | 'MANAGED_ACCESS';

/** An application as getApplicationsData answers it (§M); dates are ISO strings. */
export interface Application {
  id: string;
  name: string;
  accessType: ApplicationAccessType;
  isDefault?: boolean;
  isActive?: boolean;
  appURL?: string;
  loginURL?: string;
  logoURL?: string;
  description?: string;
  type?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** A user's application ids (getUsersApplicationsId): the assigned ones, the free ones and the account's free assignments. */
export interface UserApplications {
  userId: string;
  appIds: string[];
}

/** getTenantsApplicationsV2's row (§M): an account and its applications, FREE_ACCESS = every user of the account has it. */
export interface TenantApplications {
  tenantId: string;
  assignments: { appId: string; accessType: ApplicationAccessType }[];
}

/** Creates the applications calls on top of `client`. */
export function createApplicationsApi(client: ApiClient) {
  return {
    /**
     * `GET applications/v1?ids=a,b&_includeFreeAccess=true` (getApplicationsData, AB-7.22): the applications `ids` and
     * every free-access one.
     */
    getApplications(ids: readonly string[], o?: CallOptions): Promise<Application[]> {
      return client.get<Application[]>(APPLICATION_PATHS.data, adminOptions(o, { query: { ids: ids.length ? joinIds(ids) : undefined, _includeFreeAccess: true } }));
    },
    /** `GET tenant-assignments/v2` (getTenantsApplicationsV2, AB-7.21): the caller's account's applications and their access type there. */
    getTenantApplications(o?: CallOptions): Promise<TenantApplications[]> {
      return client.get<TenantApplications[]>(APPLICATION_PATHS.tenantAssignments, adminOptions(o));
    },
    /** `GET applications/v1/users-apps?userIds=a,b` (getUsersApplicationsId, AB-7.21): each user's application ids; `[]` for no users. */
    async getUsersApplications(userIds: readonly string[], o?: CallOptions): Promise<UserApplications[]> {
      if (!userIds.length) return [];
      return client.get<UserApplications[]>(APPLICATION_PATHS.usersApps, adminOptions(o, { query: { userIds: joinIds(userIds) } }));
    },
    /** `POST applications/v1/apps-user { userId, tenantId, appIds }` (assignUserToApplications, AB-7.21). */
    async assign(userId: string, tenantId: string, appIds: readonly string[], o?: CallOptions): Promise<void> {
      await client.post(APPLICATION_PATHS.assign, { userId, tenantId, appIds: [...appIds] }, adminOptions(o));
    },
    /** `DELETE applications/v1/user-apps { userId, tenantId, appIds }` (unassignUserFromApplications, AB-7.21). */
    async unassign(userId: string, tenantId: string, appIds: readonly string[], o?: CallOptions): Promise<void> {
      await client.delete(APPLICATION_PATHS.unassign, { userId, tenantId, appIds: [...appIds] }, adminOptions(o));
    },
  };
}

/** The applications calls of one client. */
export type ApplicationsApi = ReturnType<typeof createApplicationsApi>;
