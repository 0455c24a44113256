/**
 * Admin routes (issue 34 item 5): applications — api-contract §M (getUserApplicationsId, getUsersApplicationsId,
 * getUsersOfApplications, assignUserToApplications, unassignUserFromApplications, getTenantsApplications(V2),
 * getApplicationsData); AB-3.15, AB-6.13, AB-7.21, AB-7.22. What a user's apps are: src/applications.ts.
 *
 * Everything is the caller's account's (its token's tenant; a sub-account's token acts in that sub-account): users
 * are its members (another account's user is 404), a `tenantId` in a body must be that account (403 `Not authorized`
 * otherwise), apps are the vendor's (another id is unknown). Permissions are Frontegg's keys: reads
 * `fe.account-settings.read.app` (a user may always read its own apps), assigning `fe.secure.write.appsUsers`,
 * unassigning `fe.secure.delete.appsUsers`. The application catalogue (getApplicationsData) needs a signed-in user
 * only: it holds no account data. Every change writes one audit row in the account.
 *
 * `/_emulator/applications` (applicationEmulatorRoutes, tests and demos): add an app, assign one to an account.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { hasPermission, notAuthorized, requirePermission } from '../../http/permissions.ts';
import { parseBody } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { applicationTenants, applications, userTenants, APPLICATION_ACCESS_TYPES } from '../../db/schema.ts';
import { audit } from '../../audit.ts';
import { emulatorDate } from '../../clock.ts';
import { getTenant } from '../../lifecycle.ts';
import {
  appIdsOfUsers,
  applicationDto,
  assignApplications,
  freeApplications,
  tenantApplications,
  unassignApplications,
  usersOfApplications,
  vendorApplications,
} from '../../applications.ts';

type Ctx = Context<AppEnv>;
export const adminApplicationRoutes = new Hono<AppEnv>();
export const applicationEmulatorRoutes = new Hono<AppEnv>();

const USER_APPS = '/identity/resources/applications/v1';
const APPS = '/applications/resources/applications';

guard(adminApplicationRoutes, `${USER_APPS}/*`, `${APPS}/*`);

export const READ_APPS_PERMISSION = 'fe.account-settings.read.app';
const READ = requirePermission(READ_APPS_PERMISSION);
const WRITE = requirePermission('fe.secure.write.appsUsers');
const DELETE = requirePermission('fe.secure.delete.appsUsers');

/** The most ids one list query takes (`userIds`, `appIds`, `ids`). */
export const APPLICATION_QUERY_MAX_IDS = 100;

/** The distinct ids of a comma-separated query parameter; 400 over {@link APPLICATION_QUERY_MAX_IDS}. */
function idList(c: Ctx, name: string): string[] {
  const ids = parseQuery(c, z.object({ [name]: q.list() }))[name] ?? [];
  if (ids.length > APPLICATION_QUERY_MAX_IDS) throw badRequest(`${name} may name at most ${APPLICATION_QUERY_MAX_IDS} ids`);
  return ids;
}

/** The members of the caller's account among `userIds`. */
async function membersAmong(c: Ctx, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await c.var.db
    .select({ userId: userTenants.userId })
    .from(userTenants)
    .where(and(eq(userTenants.tenantId, c.var.auth.tenantId), inArray(userTenants.userId, userIds)));
  const members = new Set(rows.map((r) => r.userId));
  return userIds.filter((id) => members.has(id));
}

/**
 * getUserApplicationsId (§M): `GET identity/resources/applications/v1/{userId}/apps` → `string[]`, the user's app ids
 * in the caller's account (assigned, free, free to the account; sorted). Needs `fe.account-settings.read.app`, except
 * for one's own. 404 for a user who is not a member of the account.
 */
adminApplicationRoutes.get(`${USER_APPS}/:userId/apps`, idParams('userId'), async (c) => {
  const userId = c.req.param('userId');
  if (userId !== c.var.auth.sub && !hasPermission(c.var.auth, READ_APPS_PERMISSION)) throw notAuthorized();
  if (!(await membersAmong(c, [userId])).length) throw notFound('User not found', 'ER-USER-NOT-FOUND');
  const byUser = await appIdsOfUsers(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId, [userId]);
  return c.json(byUser.get(userId) ?? []);
});

/**
 * getUsersApplicationsId (§M): `GET …/applications/v1/users-apps?userIds=a,b` (at most 100) → `[{ userId, appIds }]`
 * for the members of the caller's account among them, in the order asked (others left out).
 */
adminApplicationRoutes.get(`${USER_APPS}/users-apps`, READ, async (c) => {
  const userIds = await membersAmong(c, idList(c, 'userIds'));
  const byUser = await appIdsOfUsers(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId, userIds);
  return c.json(userIds.map((userId) => ({ userId, appIds: byUser.get(userId) ?? [] })));
});

/**
 * getUsersOfApplications (§M; AB-3.15): `GET …/applications/v1/apps-users?appIds=a,b` (at most 100) → `[{ appId,
 * userIds }]`: the members of the caller's account who have each of the vendor's apps asked (every member for an app
 * free to the account; at most 1,000 ids per app), by app name; unknown ids left out.
 */
adminApplicationRoutes.get(`${USER_APPS}/apps-users`, READ, async (c) => {
  const apps = await vendorApplications(c.var.db, c.var.rt.vendorId, idList(c, 'appIds'));
  return c.json(await usersOfApplications(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId, apps));
});

const assignmentBody = z.object({
  userId: z.string({ message: 'userId is required' }).trim().min(1, 'userId is required'),
  tenantId: z.string({ message: 'tenantId is required' }).trim().min(1, 'tenantId is required'),
  appIds: z
    .array(z.string(), { message: 'appIds must be a list of application ids' })
    .min(1, 'appIds must name at least one application')
    .max(APPLICATION_QUERY_MAX_IDS, `appIds may name at most ${APPLICATION_QUERY_MAX_IDS} applications`),
});

/** The body of an (un)assignment, checked: the caller's account, a member of it, the vendor's apps (400 naming unknown ids). */
async function assignment(c: Ctx) {
  const body = await parseBody(c, assignmentBody);
  if (body.tenantId !== c.var.auth.tenantId) throw notAuthorized();
  if (!(await membersAmong(c, [body.userId])).length) throw notFound('User not found', 'ER-USER-NOT-FOUND');
  const wanted = [...new Set(body.appIds)];
  const apps = await vendorApplications(c.var.db, c.var.rt.vendorId, wanted);
  const known = new Set(apps.map((a) => a.id));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`Unknown application id: ${unknown.join(', ')}`, 'ER-APPLICATION-NOT-FOUND');
  return { ...body, apps };
}

/**
 * assignUserToApplications (§M; AB-7.21): `POST identity/resources/applications/v1/apps-user` `{ userId, tenantId,
 * appIds }` → 200 `{}`: the member gets those apps in the account (assignments it has stay once). 403 for another
 * account's `tenantId`, 404 for a user who is not a member, 400 for an unknown app.
 */
adminApplicationRoutes.post(`${USER_APPS}/apps-user`, WRITE, async (c) => {
  const { userId, tenantId, apps } = await assignment(c);
  await assignApplications(
    c.var.db,
    userId,
    tenantId,
    apps.map((a) => a.id),
  );
  await audit(c, { action: 'user.applications.assigned', targetId: userId, details: { appIds: apps.map((a) => a.id), name: apps.map((a) => a.name).join(', ') } });
  return c.json({});
});

/**
 * unassignUserFromApplications (§M; AB-7.21): `DELETE identity/resources/applications/v1/user-apps` `{ userId,
 * tenantId, appIds }` → 200 `{}`: the member's assignments of those apps in the account are removed; an app free to
 * the account stays the user's (nothing to remove). 403, 404, 400 as assigning.
 */
adminApplicationRoutes.delete(`${USER_APPS}/user-apps`, DELETE, async (c) => {
  const { userId, tenantId, apps } = await assignment(c);
  const removed = await unassignApplications(
    c.var.db,
    userId,
    tenantId,
    apps.map((a) => a.id),
  );
  await audit(c, {
    action: 'user.applications.unassigned',
    targetId: userId,
    details: { appIds: apps.map((a) => a.id), name: apps.map((a) => a.name).join(', '), removed },
    severity: 'WARNING',
  });
  return c.json({});
});

/**
 * getTenantsApplications (§M): `GET applications/resources/applications/tenant-assignments/v1` → `[{ tenantId,
 * appIds }]`: the caller's account and its apps (assigned to it, and the vendor's free apps).
 */
adminApplicationRoutes.get(`${APPS}/tenant-assignments/v1`, READ, async (c) => {
  const assignments = await tenantApplications(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId);
  return c.json([{ tenantId: c.var.auth.tenantId, appIds: assignments.map((a) => a.appId) }]);
});

/**
 * getTenantsApplicationsV2 (§M): `GET …/tenant-assignments/v2` → `[{ tenantId, assignments: [{ appId, accessType }] }]`
 * for the caller's account: FREE_ACCESS = every user of the account has the app.
 */
adminApplicationRoutes.get(`${APPS}/tenant-assignments/v2`, READ, async (c) => {
  return c.json([{ tenantId: c.var.auth.tenantId, assignments: await tenantApplications(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId) }]);
});

/**
 * getApplicationsData (§M; AB-7.22): `GET applications/resources/applications/v1?ids=a,b&_includeFreeAccess=true` →
 * IApplicationsResponse[]: the vendor's apps among `ids` (at most 100; unknown ones left out) and, unless
 * `_includeFreeAccess=false`, every active FREE_ACCESS app (the default), once each, by name. Signed-in users only.
 */
adminApplicationRoutes.get(`${APPS}/v1`, async (c) => {
  const ids = idList(c, 'ids');
  const { _includeFreeAccess: includeFree } = parseQuery(c, z.object({ _includeFreeAccess: q.oneOf(['true', 'false'] as const, 'true') }));
  const asked = await vendorApplications(c.var.db, c.var.rt.vendorId, ids);
  const free = includeFree === 'true' ? await freeApplications(c.var.db, c.var.rt.vendorId) : [];
  const byId = new Map([...asked, ...free].map((a) => [a.id, a]));
  return c.json([...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)).map(applicationDto));
});

// ---------------------------------------------------------------- /_emulator (tests and demos)

const newAppBody = z.object({
  id: z.string().trim().min(1).max(128).optional(),
  name: z.string({ message: 'name is required' }).trim().min(1, 'name is required'),
  accessType: z.enum(APPLICATION_ACCESS_TYPES).default('MANAGED_ACCESS'),
  isDefault: z.boolean().default(false),
  isActive: z.boolean().default(true),
  appURL: z.string().default(''),
  description: z.string().default(''),
});

/** `POST /_emulator/applications` `{ id?, name, accessType?, isDefault?, isActive?, appURL?, description? }` → 201 IApplicationsResponse: a new app of the vendor. */
applicationEmulatorRoutes.post('/applications', async (c) => {
  const body = await parseBody(c, newAppBody);
  const now = await emulatorDate(c.var.db);
  const [row] = await c.var.db
    .insert(applications)
    .values({
      id: body.id ?? randomUUID(),
      vendorId: c.var.rt.vendorId,
      name: body.name,
      accessType: body.accessType,
      isDefault: body.isDefault,
      isActive: body.isActive,
      appUrl: body.appURL,
      description: body.description,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return c.json(applicationDto(row), 201);
});

/** `PUT /_emulator/tenants/{tenantId}/applications/{appId}` `{ accessType? }` → 200 `{ tenantId, appId, accessType }`: the app is assigned to the account. */
applicationEmulatorRoutes.put('/tenants/:tenantId/applications/:appId', idParams('tenantId', 'appId'), async (c) => {
  const { accessType } = await parseBody(c, z.object({ accessType: z.enum(APPLICATION_ACCESS_TYPES).default('MANAGED_ACCESS') }));
  const tenantId = c.req.param('tenantId');
  const appId = c.req.param('appId');
  if (!(await getTenant(c.var.db, tenantId))) throw notFound('Tenant not found');
  if (!(await vendorApplications(c.var.db, c.var.rt.vendorId, [appId])).length) throw notFound('Application not found');
  await c.var.db
    .insert(applicationTenants)
    .values({ appId, tenantId, accessType, createdAt: await emulatorDate(c.var.db) })
    .onConflictDoUpdate({ target: [applicationTenants.appId, applicationTenants.tenantId], set: { accessType } });
  return c.json({ tenantId, appId, accessType });
});
