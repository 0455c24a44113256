/**
 * Applications as the users section reads them (issue 34 item 5; api-contract §M; AB-3.15, AB-6.13, AB-6.14, AB-7.21,
 * AB-7.22), behind the `multi-apps-admin-portal` feature flag (the views read the flag; nothing here loads without
 * them): every application (the free-access ones included), the applications of the users on the page shown, and
 * assigning a user to applications or taking them off.
 */
import { atom } from 'nanostores';
import type { ApiClient } from '../../api/client.ts';
import { APPLICATION_PERMISSIONS, createApplicationsApi, MULTI_APPS_FLAG, type Application } from '../../api/applications.ts';
import type { QueryContext } from './query.ts';

export { APPLICATION_PERMISSIONS, MULTI_APPS_FLAG };
export type { Application };

/** Key of the applications list. */
export const APPLICATIONS_KEY = 'admin/applications';
/** Key prefix of the users' applications (one entry per set of user ids). */
export const USERS_APPS_KEY = 'admin/users-apps?';

/** A user's application ids, by user id. */
export type AppsByUser = Readonly<Record<string, readonly string[]>>;

/** The applications a user has (AB-6.13): the free-access ones first, then the assigned ones, each by name. */
export function appsOf(appIds: readonly string[] | undefined, applications: readonly Application[]): Application[] {
  const byId = new Map(applications.map((a) => [a.id, a]));
  const mine = new Set(appIds ?? []);
  for (const a of applications) if (a.accessType === 'FREE_ACCESS') mine.add(a.id);
  const free = (a: Application) => (a.accessType === 'FREE_ACCESS' ? 0 : 1);
  return [...mine]
    .map((id) => byId.get(id))
    .filter((a): a is Application => a !== undefined)
    .sort((a, b) => free(a) - free(b) || a.name.localeCompare(b.name));
}

/** Builds the applications resource of one app; sections read it with `resources.use(createApplicationsResource)`. */
export function createApplicationsResource(q: QueryContext, client: ApiClient) {
  const api = createApplicationsApi(client);
  // the users whose applications are shown (the page on screen), as `a,b`; null: none asked yet
  const $userIds = atom<string | null>(null);
  return {
    /**
     * The account's applications (its assignments, getTenantsApplicationsV2) and every free-access one (AB-7.22); an
     * application the account has as FREE_ACCESS reads as free-access here (every user of the account has it).
     */
    $applications: q.createFetcherStore<Application[]>([APPLICATIONS_KEY], {
      fetcher: async () => {
        const assignments = (await api.getTenantApplications()).flatMap((t) => t.assignments);
        const freeHere = new Set(assignments.filter((a) => a.accessType === 'FREE_ACCESS').map((a) => a.appId));
        const apps = await api.getApplications(assignments.map((a) => a.appId));
        return apps.map((a) => (freeHere.has(a.id) ? { ...a, accessType: 'FREE_ACCESS' as const } : a));
      },
    }),
    /** The applications of the users {@link showUsers} named, by user id. */
    $usersApps: q.createFetcherStore<AppsByUser>([USERS_APPS_KEY, $userIds], {
      fetcher: async (_key, ids) => {
        const list = await api.getUsersApplications(String(ids).split(',').filter(Boolean));
        return Object.fromEntries(list.map((u) => [u.userId, u.appIds]));
      },
    }),
    /** Names the users whose applications {@link $usersApps} loads (the page shown). */
    showUsers(userIds: readonly string[]): void {
      const ids = [...userIds].sort().join(',');
      if (ids && ids !== $userIds.get()) $userIds.set(ids);
    },
    /**
     * Gives user `userId` of account `tenantId` the applications `add` and takes `remove` (assignUserToApplications,
     * unassignUserFromApplications; AB-7.21); the users' applications are read again. @throws FeApiError
     */
    setUserApps: q.mutation<{ userId: string; tenantId: string; add: string[]; remove: string[] }>(async ({ userId, tenantId, add, remove }, cache) => {
      if (add.length) await api.assign(userId, tenantId, add);
      if (remove.length) await api.unassign(userId, tenantId, remove);
      cache.revalidate((key) => key.startsWith(USERS_APPS_KEY));
    }),
  };
}

/** The applications resource of one app. */
export type ApplicationsResource = ReturnType<typeof createApplicationsResource>;
