/**
 * Applications (issue 34 item 5; api-contract §M; AB-3.15, AB-6.13, AB-7.21, AB-7.22): the vendor's apps, their
 * account assignments and their user assignments. Domain code for routes/admin/applications.ts; no routes here.
 *
 * A user's apps in an account (its member) are, without duplicates:
 * - the apps assigned to it there (`application_users`, assignUserToApplications);
 * - every active FREE_ACCESS app of the vendor (AB-6.13: free access is every user's);
 * - the apps assigned to the account with FREE_ACCESS (`application_tenants`, getTenantsApplicationsV2).
 * A new member gets the vendor's default apps (`is_default`, active) as assignments of its own
 * ({@link grantDefaultApplications}, from roles.ts `addMembership`), kept if the app's access changes later.
 * Unassigning removes an assignment only: a free app stays the user's.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { applicationTenants, applicationUsers, applications, tenants, userTenants } from './db/schema.ts';
import { emulatorDate } from './clock.ts';
import { push } from './team.ts';

export type ApplicationRow = typeof applications.$inferSelect;

/** IApplicationsResponse (api-contract §M getApplicationsData). */
export function applicationDto(a: ApplicationRow) {
  return {
    id: a.id,
    accessType: a.accessType,
    appURL: a.appUrl,
    loginURL: a.loginUrl,
    isDefault: a.isDefault,
    isActive: a.isActive,
    name: a.name,
    logoURL: a.logoUrl,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    type: a.type,
    frontendStack: a.frontendStack,
    description: a.description,
    integrationFinishedAt: a.integrationFinishedAt?.toISOString() ?? '',
  };
}

/** The vendor's apps among `ids` (unknown ids and other vendors' apps left out), by name. */
export async function vendorApplications(db: Db, vendorId: string, ids: readonly string[]): Promise<ApplicationRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(applications)
    .where(and(eq(applications.vendorId, vendorId), inArray(applications.id, [...ids])))
    .orderBy(asc(applications.name), asc(applications.id));
}

/** The vendor's active FREE_ACCESS apps, by name. */
export async function freeApplications(db: Db, vendorId: string): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(applications)
    .where(and(eq(applications.vendorId, vendorId), eq(applications.accessType, 'FREE_ACCESS'), eq(applications.isActive, true)))
    .orderBy(asc(applications.name), asc(applications.id));
}

/** The account's apps with their access (getTenantsApplicationsV2): its assignments and the vendor's free apps (FREE_ACCESS), by app id. */
export async function tenantApplications(db: Db, vendorId: string, tenantId: string): Promise<{ appId: string; accessType: ApplicationRow['accessType'] }[]> {
  const assigned = await db
    .select({ appId: applicationTenants.appId, accessType: applicationTenants.accessType })
    .from(applicationTenants)
    .innerJoin(applications, eq(applications.id, applicationTenants.appId))
    .where(and(eq(applicationTenants.tenantId, tenantId), eq(applications.vendorId, vendorId), eq(applications.isActive, true)));
  const byApp = new Map(assigned.map((a) => [a.appId, a.accessType]));
  for (const a of await freeApplications(db, vendorId)) byApp.set(a.id, 'FREE_ACCESS');
  return [...byApp.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([appId, accessType]) => ({ appId, accessType }));
}

/**
 * The apps of each of `userIds` in `tenantId` (see the module comment), app ids sorted; every user asked for gets an
 * entry (the caller passes members only). Three queries whatever the number of users.
 */
export async function appIdsOfUsers(db: Db, vendorId: string, tenantId: string, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!userIds.length) return out;
  const everyone = (await tenantApplications(db, vendorId, tenantId)).filter((a) => a.accessType === 'FREE_ACCESS').map((a) => a.appId);
  const own = await db
    .select({ userId: applicationUsers.userId, appId: applicationUsers.appId })
    .from(applicationUsers)
    .innerJoin(applications, eq(applications.id, applicationUsers.appId))
    .where(and(eq(applicationUsers.tenantId, tenantId), inArray(applicationUsers.userId, [...userIds]), eq(applications.isActive, true)));
  const ownOf = new Map<string, string[]>();
  for (const r of own) push(ownOf, r.userId, r.appId);
  for (const id of userIds) out.set(id, [...new Set([...everyone, ...(ownOf.get(id) ?? [])])].sort());
  return out;
}

/** The most user ids {@link usersOfApplications} answers per app. */
export const USERS_OF_APP_LIMIT = 1000;

/**
 * The members of `tenantId` who have each of `apps` (getUsersOfApplications): every member for an app free to the
 * account, else those assigned; at most {@link USERS_OF_APP_LIMIT} ids per app, by user id.
 */
export async function usersOfApplications(db: Db, vendorId: string, tenantId: string, apps: readonly ApplicationRow[]): Promise<{ appId: string; userIds: string[] }[]> {
  const free = new Set((await tenantApplications(db, vendorId, tenantId)).filter((a) => a.accessType === 'FREE_ACCESS').map((a) => a.appId));
  const out = [];
  for (const app of apps) {
    const rows = free.has(app.id)
      ? await db.select({ userId: userTenants.userId }).from(userTenants).where(eq(userTenants.tenantId, tenantId)).orderBy(asc(userTenants.userId)).limit(USERS_OF_APP_LIMIT)
      : await db
          .select({ userId: applicationUsers.userId })
          .from(applicationUsers)
          .where(and(eq(applicationUsers.tenantId, tenantId), eq(applicationUsers.appId, app.id)))
          .orderBy(asc(applicationUsers.userId))
          .limit(USERS_OF_APP_LIMIT);
    out.push({ appId: app.id, userIds: rows.map((r) => r.userId) });
  }
  return out;
}

/** Assigns `appIds` to the member `userId` of `tenantId` (those it has stay once). */
export async function assignApplications(db: Db, userId: string, tenantId: string, appIds: readonly string[]): Promise<void> {
  if (!appIds.length) return;
  const createdAt = await emulatorDate(db);
  await db
    .insert(applicationUsers)
    .values(appIds.map((appId) => ({ appId, tenantId, userId, createdAt })))
    .onConflictDoNothing();
}

/** Removes the member's assignments of `appIds` in `tenantId`; the number removed. */
export async function unassignApplications(db: Db, userId: string, tenantId: string, appIds: readonly string[]): Promise<number> {
  if (!appIds.length) return 0;
  const gone = await db
    .delete(applicationUsers)
    .where(and(eq(applicationUsers.userId, userId), eq(applicationUsers.tenantId, tenantId), inArray(applicationUsers.appId, [...appIds])))
    .returning({ appId: applicationUsers.appId });
  return gone.length;
}

/** A new member of `tenantId` gets the vendor's active default apps (issue 34 item 5: "new users get the default free apps"). */
export async function grantDefaultApplications(db: Db, userId: string, tenantId: string): Promise<void> {
  const defaults = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(tenants, eq(tenants.vendorId, applications.vendorId))
    .where(and(eq(tenants.tenantId, tenantId), eq(applications.isDefault, true), eq(applications.isActive, true)));
  await assignApplications(
    db,
    userId,
    tenantId,
    defaults.map((a) => a.id),
  );
}
