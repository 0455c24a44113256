/**
 * Admin routes (architecture "Admin portal"): the users section — api-contract.md §G (users v2/v3, their roles and
 * groups, team members, stats, enable/disable, tenant user counts) and §H (temporary users) — plus the emulator's
 * scale seed (`POST /_emulator/seed-users`, `--seed-users N`).
 *
 * Every route works in the caller's tenant (the access token's `tenantId`): a user of another tenant is "not found".
 * Reads need `fe.secure.read.users`; changes `fe.secure.write.users`; removal `fe.secure.delete.users`
 * (403 `Not authorized`, AB-8.03). Every change writes one audit row. Lists filter, sort and page in SQL, so they stay
 * fast at 10,000 users; the page's roles, groups and MFA devices are then loaded in a few batched queries.
 *
 * A user a SCIM connection manages in the tenant (user_sources managedBy scim2; routes/scim.ts) belongs to the
 * directory: updating it (details or roles), deleting it and disabling or enabling it answer 400 `This user is managed
 * by SCIM and cannot be changed here` (`ER-USER-MANAGED-BY-SCIM`). The lists show its `provider` and `managedBy`.
 *
 * Enforced by the sign-in code (session/accounts.ts `userTenantList`, session/issue.ts `usableTenant`), not here: a disabled membership and a
 * temporary one past its access end (on the emulator clock) no longer sign in or refresh into the tenant; disabling
 * also revokes the user's sessions in the tenant, so refresh stops at once.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { emitUserEvent, webhookUser } from '../../events/payloads.ts';
import { audit } from '../../audit.ts';
import { hasPermission, notAuthorized, requirePermission } from '../../http/permissions.ts';
import { parseBody } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import { fronteggPage, pageOf, pageResult } from '../../http/pager.ts';
import { badRequest } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { lockMembership } from '../../db/locks.ts';
import { userGroupMembers, userGroups, userTenantRoles, userTenants, users } from '../../db/schema.ts';
import { emulatorNow } from '../../clock.ts';
import { needsActivation, sendActivationEmail } from '../../lifecycle.ts';
import { assignableRoleIds, setMemberRoles } from '../../roles.ts';
import {
  USER_PRESETS,
  USER_SORT_KEYS,
  USER_STATUSES,
  assertNotManagedByScim,
  member,
  removeFromTenants,
  push,
  revokeSessions,
  shapedPage,
  teamUser,
  teamUserDto,
  userV2Dto,
  userV3Dto,
  type SortKey,
  type UserListQuery,
} from '../../team.ts';
import { seedUsers } from '../../seed-users.ts';
import { assertMayChangeIdentity } from '../../identity-owner.ts';
import { inSubtree } from '../../hierarchy.ts';

type Ctx = Context<AppEnv>;
type UserRow = typeof users.$inferSelect;
export const adminUserRoutes = new Hono<AppEnv>();

/** Emulator-only routes of the users area (mounted under `/_emulator`): the scale seed. */
export const adminUserEmulatorRoutes = new Hono<AppEnv>();

const USERS = '/identity/resources/users';
const MEMBERS = '/team/resources/members/v1';
const TENANT_USERS = '/identity/resources/tenants/users/v1';
const TEMPORARY = `${USERS}/temporary/v1`;
const STATS = '/team/resources/stats/v1/members';

guard(
  adminUserRoutes,
  `${USERS}/v1/:userId/unlock`,
  `${USERS}/v3`,
  `${USERS}/v2`,
  `${USERS}/v3/roles`,
  `${USERS}/v3/groups`,
  `${MEMBERS}/*`,
  STATS,
  `${TENANT_USERS}/*`,
  `${TEMPORARY}/*`,
);

const READ = requirePermission('fe.secure.read.users');
const WRITE = requirePermission('fe.secure.write.users');
const DELETE = requirePermission('fe.secure.delete.users');

/** Page size of the team lists when the caller sends none (AB-9.09), and the largest page served. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;
import { DEFAULT_MAX_INACTIVE_SECONDS } from '../../team.ts';
export { DEFAULT_MAX_INACTIVE_SECONDS };

// ---------------------------------------------------------------- queries

/** The paging and filter parameters shared by users v2 and v3 (api-contract §G). Default: 20 newest first. */
const listQueryIn = z.object({
  _tenantId: q.text(),
  ids: q.list(),
  _email: q.text(),
  _filter: q.text(),
  _namePrefix: q.text(),
  _identifier: q.text(),
  _identifierType: q.oneOf(['email', 'phoneNumber', 'username'] as const, 'email'),
  _preset: q.oneOf(USER_PRESETS, undefined),
  _status: q.oneOf(USER_STATUSES, undefined),
  _roleId: q.text(),
  _groupId: q.text(),
  _maxInactiveSeconds: q.int(DEFAULT_MAX_INACTIVE_SECONDS, 0, 100 * 365 * 86400),
  _sortBy: q.oneOf(USER_SORT_KEYS, 'createdAt'),
  _order: q.oneOf(['ASC', 'DESC'] as const, 'DESC'),
  _limit: q.int(DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
  _offset: q.int(0, 0),
});

async function listQuery(c: Ctx): Promise<UserListQuery> {
  const p = parseQuery(c, listQueryIn);
  const tenantId = p._tenantId ?? c.var.auth.tenantId;
  // the caller's token speaks for its own tenant only (there is no tenant hierarchy in the emulator)
  if (tenantId !== c.var.auth.tenantId) throw notAuthorized();
  return {
    tenantId,
    ids: p.ids,
    email: p._email,
    search: p._filter,
    namePrefix: p._namePrefix,
    identifier: p._identifier ? { value: p._identifier, type: p._identifierType } : undefined,
    preset: p._preset,
    status: p._status,
    roleId: p._roleId,
    groupId: p._groupId,
    maxInactiveSeconds: p._maxInactiveSeconds,
    sortBy: p._sortBy,
    order: p._order,
    limit: p._limit,
    offset: p._offset,
    now: await emulatorNow(c.var.db),
  };
}

// ---------------------------------------------------------------- users v3 / v2 (§G)

/**
 * getUsersV3 (api-contract §G; AB-7.01, AB-7.02, AB-3.06, AB-3.07): `GET users/v3` → Pg<UV3> of the caller's tenant.
 * Query (every filter optional; all combine with AND, with paging, and with `_metadata` totalItems / totalPages,
 * which count the filtered set):
 * - `_limit` (users per page, default 20, at most 200), `_offset` (rows skipped, default 0);
 * - `_sortBy` (default createdAt) and `_order` (default DESC, newest first); ties are broken by the user id in the
 *   same direction, so the order is stable and paging never repeats or skips a user;
 * - `ids=a,b`; `_email` (case-insensitive substring of the email); `_namePrefix`; `_identifier` + `_identifierType`
 *   (email|phoneNumber|username; the emulator has no usernames);
 * - `_preset` mfa-unenrolled | breached-passwords | inactive (`_maxInactiveSeconds`, default 90 days; never signed in
 *   counts);
 * - emulator additions (issue 21 item 11; Frontegg's v3 has no such parameters, its client passes them through
 *   `getUsersV3`): `_filter` (case-insensitive substring of the name OR the email, as v2's `_filter`), `_status`
 *   active | disabled | pending | temporary | locked (one value, see team.ts `USER_STATUSES`), `_roleId` (holds that
 *   role in the tenant, directly or through one of its groups: issue 31 item 7), `_groupId` (a member of that group of the tenant);
 * - `_tenantId` (only the caller's own), `_includeSubTenants` (no hierarchy: ignored).
 */
adminUserRoutes.get(`${USERS}/v3`, READ, async (c) => {
  const list = await listQuery(c);
  const { items, total } = await shapedPage(c.var.db, list, userV3Dto);
  return c.json(fronteggPage(c, items, total, list));
});

/**
 * getUsersV2 (api-contract §G; AB-7.03): `GET users/v2` → Pg<UP> with roles, permissions and groups. `_filter`
 * searches the email and the name; paging and sorting as users v3. `metadata` is not filtered on.
 */
adminUserRoutes.get(`${USERS}/v2`, READ, async (c) => {
  const list = await listQuery(c);
  const { items, total } = await shapedPage(c.var.db, list, userV2Dto, { permissions: true, groups: true });
  return c.json(fronteggPage(c, items, total, list));
});

/** Members of the caller's tenant among `ids` (unknown ids are left out); 400 without ids. */
async function membersAmong(c: Ctx): Promise<string[]> {
  const { ids } = parseQuery(c, z.object({ ids: q.list() }));
  if (!ids) throw badRequest('ids is required');
  if (ids.length > MAX_PAGE_SIZE) throw badRequest(`ids may list at most ${MAX_PAGE_SIZE} users`);
  const rows = await c.var.db
    .select({ userId: userTenants.userId })
    .from(userTenants)
    .where(and(eq(userTenants.tenantId, c.var.auth.tenantId), inArray(userTenants.userId, ids)));
  const found = new Set(rows.map((r) => r.userId));
  return ids.filter((id) => found.has(id));
}

/** getUsersRoles (api-contract §G; AB-7.10): `GET users/v3/roles?ids=a,b` → `[{ vendorId, tenantId, userId, roleIds }]` in the caller's tenant. */
adminUserRoutes.get(`${USERS}/v3/roles`, READ, async (c) => {
  const ids = await membersAmong(c);
  const tenantId = c.var.auth.tenantId;
  const links = ids.length
    ? await c.var.db
        .select({ userId: userTenantRoles.userId, roleId: userTenantRoles.roleId })
        .from(userTenantRoles)
        .where(and(eq(userTenantRoles.tenantId, tenantId), inArray(userTenantRoles.userId, ids)))
    : [];
  const byUser = new Map<string, string[]>();
  for (const l of links) push(byUser, l.userId, l.roleId);
  return c.json(ids.map((userId) => ({ vendorId: c.var.rt.vendorId, tenantId, userId, roleIds: byUser.get(userId) ?? [] })));
});

/** getUsersGroups (api-contract §G; AB-7.10): `GET users/v3/groups?ids=a,b` → `[{ vendorId, tenantId, userId, groupIds }]` (groups of the caller's tenant). */
adminUserRoutes.get(`${USERS}/v3/groups`, READ, async (c) => {
  const ids = await membersAmong(c);
  const tenantId = c.var.auth.tenantId;
  const links = ids.length
    ? await c.var.db
        .select({ userId: userGroupMembers.userId, groupId: userGroupMembers.groupId })
        .from(userGroupMembers)
        .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
        .where(and(eq(userGroups.tenantId, tenantId), inArray(userGroupMembers.userId, ids)))
    : [];
  const byUser = new Map<string, string[]>();
  for (const l of links) push(byUser, l.userId, l.groupId);
  return c.json(ids.map((userId) => ({ vendorId: c.var.rt.vendorId, tenantId, userId, groupIds: byUser.get(userId) ?? [] })));
});

// ---------------------------------------------------------------- team members (§G)

const MEMBER_SORT_KEYS = ['name', 'email', 'createdAt', 'id', 'verified'] as const satisfies readonly SortKey[];

const membersIn = z.object({
  pageSize: q.int(DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
  pageOffset: q.int(0, 0),
  searchFilter: q.text(),
  sortBy: q.oneOf(MEMBER_SORT_KEYS, 'name'),
  sortDirection: q.oneOf(['asc', 'desc'] as const, 'asc'),
});

/**
 * loadUsers (api-contract §G; AB-7.04): `GET team/resources/members/v1` → PR<TeamUser> `{ totalPages, items }`.
 * `pageOffset` is a page index, `pageSize` (default 20), `searchFilter` searches the email and the name, `sortBy`
 * (default name) and `sortDirection` asc|desc.
 */
adminUserRoutes.get(MEMBERS, READ, async (c) => {
  const p = parseQuery(c, membersIn);
  const page = pageOf(p.pageOffset, p.pageSize);
  const list: UserListQuery = {
    tenantId: c.var.auth.tenantId,
    search: p.searchFilter,
    maxInactiveSeconds: DEFAULT_MAX_INACTIVE_SECONDS,
    sortBy: p.sortBy,
    order: p.sortDirection === 'asc' ? 'ASC' : 'DESC',
    ...page,
    now: await emulatorNow(c.var.db),
  };
  const { items, total } = await shapedPage(c.var.db, list, teamUserDto, { groups: true });
  return c.json(pageResult(items, total, page));
});

/** loadStats (api-contract §G; AB-7.07): `GET team/resources/stats/v1/members` → `{ totalItems, addedThisWeek, superAdmins }` of the caller's tenant. */
adminUserRoutes.get(STATS, READ, async (c) => {
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  const weekAgo = new Date((await emulatorNow(db)) - 7 * 86400_000);
  const [all] = await db.select({ n: count() }).from(userTenants).where(eq(userTenants.tenantId, tenantId));
  const [recent] = await db
    .select({ n: count() })
    .from(userTenants)
    .where(and(eq(userTenants.tenantId, tenantId), gte(userTenants.createdAt, weekAgo)));
  const [supers] = await db
    .select({ n: count() })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(and(eq(userTenants.tenantId, tenantId), eq(users.superUser, true)));
  return c.json({ totalItems: Number(all.n), addedThisWeek: Number(recent.n), superAdmins: Number(supers.n) });
});

const updateMemberBody = z.object({
  id: z.string({ message: 'is required' }).min(1, 'is required'),
  roleIds: z.array(z.string()).nullish(),
  name: z.string().trim().min(1, 'name must not be empty').max(255).nullish(),
  phone: z.string().trim().max(32).nullish(),
});

/**
 * updateUser (api-contract §G; AB-7.05, AB-4.07): `PUT team/resources/members/v1` `{ id, roleIds?, name?, phone? }` →
 * TeamUser. `roleIds` replaces the member's roles in the caller's tenant (`['']` = none). 404 for a user who is not a
 * member of the tenant. `name` and `phone` are the user's own, shared by every account it belongs to: changing them
 * for a user who also belongs to another account answers 409 `ER-USER-IDENTITY-SHARED` and changes nothing (roles
 * included), unless the account validated the email's domain through SSO (identity-owner.ts; issue 29); a value equal
 * to the stored one is no change.
 */
adminUserRoutes.put(MEMBERS, WRITE, async (c) => {
  const body = await parseBody(c, updateMemberBody);
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  await lockMembership(db, body.id, tenantId);
  const { u } = await member(c.var.db, body.id, c.var.auth.tenantId);
  await assertNotManagedByScim(db, u.id, tenantId);
  const profile = profileChanges(u, body);
  // name and phone live on the user row every account shares: 409 for a user of another account (identity-owner.ts)
  await assertMayChangeIdentity(c, u, [...(profile.name ? (['name'] as const) : []), ...('phoneNumber' in profile ? (['phone'] as const) : [])]);
  const changes: Record<string, unknown> = {};
  if (body.roleIds) {
    const roleIds = await assignableRoleIds(db, c.var.rt.vendorId, tenantId, body.roleIds);
    await setMemberRoles(db, u.id, tenantId, roleIds);
    changes.roleIds = roleIds;
  }
  if (Object.keys(profile).length) {
    await db.update(users).set(profile).where(eq(users.id, u.id));
    Object.assign(changes, profile);
  }
  await audit(c, { action: 'user.updated', targetId: u.id, details: { userEmail: u.email, ...changes }, severity: changes.roleIds ? 'WARNING' : 'INFO' });
  await emitUserEvent(db, 'frontegg.user.updated', { userId: u.id, tenantId });
  return c.json(await teamUser(c.var.db, u.id, c.var.auth.tenantId));
});

/** The name and phone number of `body` that differ from the user's (`phone: ''` clears it). */
function profileChanges(u: UserRow, body: { name?: string | null; phone?: string | null }): Partial<Pick<UserRow, 'name' | 'phoneNumber'>> {
  const profile: Partial<Pick<UserRow, 'name' | 'phoneNumber'>> = {};
  if (body.name && body.name !== u.name) profile.name = body.name;
  if (body.phone !== undefined && (body.phone || null) !== u.phoneNumber) profile.phoneNumber = body.phone || null;
  return profile;
}

/**
 * deleteUser (api-contract §G; AB-7.05, AB-4.03): `DELETE team/resources/members/v1/{userId}` → the removed TeamUser.
 * Removes the user from the caller's tenant (roles, groups of the tenant, sessions in it); a user left without any
 * tenant is deleted with its MFA devices and passkeys, so it can no longer sign in. 400 for yourself. For a pending
 * invitation (`activatedForTenant` false) this is how the portal revokes it: its link stops working, and the audit
 * row says `user.invitation.revoked`.
 */
adminUserRoutes.delete(`${MEMBERS}/:userId`, DELETE, idParams('userId'), async (c) => {
  const userId = c.req.param('userId');
  if (userId === c.var.auth.sub) throw badRequest('You cannot delete yourself');
  const removed = await teamUser(c.var.db, userId, c.var.auth.tenantId);
  await assertNotManagedByScim(c.var.db, userId, c.var.auth.tenantId);
  const before = await webhookUser(c.var.db, userId, c.var.auth.tenantId);
  const { userDeleted } = await removeFromTenants(c.var.db, userId, [c.var.auth.tenantId]);
  const event = { userId, tenantId: c.var.auth.tenantId, user: before };
  await emitUserEvent(c.var.db, 'frontegg.user.removedFromTenant', event);
  if (userDeleted) await emitUserEvent(c.var.db, 'frontegg.user.deleted', event);
  const action = removed.activatedForTenant ? 'user.deleted' : 'user.invitation.revoked';
  await audit(c, { action, targetId: userId, details: { userEmail: removed.email, userDeleted }, severity: 'WARNING' });
  return c.json(removed);
});

/**
 * resendActivationLink (api-contract §G; AB-7.06, AB-7.12): `POST team/resources/members/v1/{userId}/resendActivationEmail`
 * → `{}`; a new activation email goes to the outbox (the previous link stops working). 400 when the user is already
 * activated.
 */
adminUserRoutes.post(`${MEMBERS}/:userId/resendActivationEmail`, WRITE, idParams('userId'), async (c) => {
  const { u } = await member(c.var.db, c.req.param('userId'), c.var.auth.tenantId);
  if (!needsActivation(u)) throw badRequest('User is already activated', 'ER-USER-ALREADY-ACTIVATED');
  await sendActivationEmail(c, u);
  await audit(c, { action: 'user.activation.resent', targetId: u.id, details: { userEmail: u.email } });
  return c.json({});
});

// ---------------------------------------------------------------- enable / disable, counts (§G)

async function setDisabled(c: Ctx, disabled: boolean) {
  const userId = c.req.param('userId') ?? '';
  if (disabled && userId === c.var.auth.sub) throw badRequest('You cannot disable yourself');
  const { u, m } = await member(c.var.db, userId, c.var.auth.tenantId);
  await assertNotManagedByScim(c.var.db, u.id, m.tenantId);
  await c.var.db
    .update(userTenants)
    .set({ disabled })
    .where(and(eq(userTenants.userId, u.id), eq(userTenants.tenantId, m.tenantId)));
  if (disabled) await revokeSessions(c.var.db, u.id, m.tenantId);
  await audit(c, { action: disabled ? 'user.disabled' : 'user.enabled', targetId: u.id, details: { userEmail: u.email }, severity: 'WARNING' });
  return c.json({});
}

/**
 * disableUser (api-contract §G; AB-7.08, AB-4.02): `POST tenants/users/v1/{userId}/disable` → `{}`; the membership is
 * disabled (`isDisabled`) and the user's sessions in the tenant are revoked. 400 for yourself.
 */
adminUserRoutes.post(`${TENANT_USERS}/:userId/disable`, WRITE, idParams('userId'), (c) => setDisabled(c, true));
/** enableUser (api-contract §G; AB-7.08, AB-4.02): `POST tenants/users/v1/{userId}/enable` → `{}`. */
adminUserRoutes.post(`${TENANT_USERS}/:userId/enable`, WRITE, idParams('userId'), (c) => setDisabled(c, false));

/**
 * unlockUser (Frontegg's management API `POST /identity/resources/users/v1/{userId}/unlock`; issue 31 item 4): the
 * admin unlocks a member of their tenant that the lockout policy locked (`isLocked` false, failed attempts back to 0)
 * → `{}`. The unlock link already emailed to the user stays good until used or expired (it then finds the user
 * unlocked). 404 for a user outside the tenant; 400 `User is not locked` (`ER-USER-NOT-LOCKED`) when there is nothing
 * to unlock. A user SCIM manages may be unlocked: the lock is the sign-in's, not the directory's. Audited
 * `user.unlocked` (WARNING).
 */
adminUserRoutes.post(`${USERS}/v1/:userId/unlock`, WRITE, idParams('userId'), async (c) => {
  const { u } = await member(c.var.db, c.req.param('userId'), c.var.auth.tenantId);
  if (!u.isLocked) throw badRequest('User is not locked', 'ER-USER-NOT-LOCKED');
  await c.var.db.update(users).set({ isLocked: false, failedLoginAttempts: 0 }).where(eq(users.id, u.id));
  await audit(c, { action: 'user.unlocked', targetId: u.id, details: { userEmail: u.email }, severity: 'WARNING' });
  return c.json({});
});

const countBody = z.object({
  tenantIds: z.array(z.string().min(1)).min(1, 'must list at least one tenant').max(MAX_PAGE_SIZE),
  excludeInvisibleUsers: z.boolean().nullish(),
});

/**
 * getTenantsUsersCount (api-contract §N; AB-7.09, AB-7.23): `POST tenants/users/v1/count` `{ tenantIds }` →
 * `[{ tenantId, totalUsers, totalAccessAllowedUsers }]` (access allowed = activated and not disabled). The caller may
 * count tenants it is an active member of and, holding `fe.account-hierarchy.read.subAccount`, the sub-accounts of
 * its token's tenant at any depth (issue 34: the account tree's user counts); 403 for any other tenant.
 */
adminUserRoutes.post(`${TENANT_USERS}/count`, READ, async (c) => {
  const body = await parseBody(c, countBody);
  const db = c.var.db;
  const tenantIds = [...new Set(body.tenantIds)];
  const mine = await db
    .select({ tenantId: userTenants.tenantId })
    .from(userTenants)
    .where(and(eq(userTenants.userId, c.var.auth.sub), eq(userTenants.activated, true), inArray(userTenants.tenantId, tenantIds)));
  const held = new Set(mine.map((m) => m.tenantId));
  const others = tenantIds.filter((id) => !held.has(id));
  if (others.length) {
    if (!hasPermission(c.var.auth, 'fe.account-hierarchy.read.subAccount')) throw notAuthorized();
    const inside = await inSubtree(db, c.var.rt.vendorId, c.var.auth.tenantId, others);
    if (others.some((id) => !inside.has(id))) throw notAuthorized();
  }
  const rows = await db
    .select({
      tenantId: userTenants.tenantId,
      total: count(),
      allowed: sql<number>`count(*) filter (where ${userTenants.activated} and not ${userTenants.disabled})`,
    })
    .from(userTenants)
    .where(inArray(userTenants.tenantId, tenantIds))
    .groupBy(userTenants.tenantId);
  const byTenant = new Map(rows.map((r) => [r.tenantId, r]));
  return c.json(
    tenantIds.map((tenantId) => ({
      tenantId,
      totalUsers: Number(byTenant.get(tenantId)?.total ?? 0),
      totalAccessAllowedUsers: Number(byTenant.get(tenantId)?.allowed ?? 0),
    })),
  );
});

// ---------------------------------------------------------------- temporary users (§H)

/** getTemporaryUserConfiguration (api-contract §H; AB-7.11): `{ enabled: true }`. */
adminUserRoutes.get(`${TEMPORARY}/configuration`, READ, (c) => c.json({ enabled: true }));

const expirationBody = z.object({
  expirationInSeconds: z
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(60, 'must be at least 60')
    .max(10 * 365 * 86400, 'must be at most 10 years'),
});

/**
 * updateUserExpirationTime (api-contract §H; AB-7.11, AB-4.09): `PUT users/temporary/v1/{userId}`
 * `{ expirationInSeconds }` → `{}`; the member becomes temporary, expiring that many seconds from now (emulator clock).
 */
adminUserRoutes.put(`${TEMPORARY}/:userId`, WRITE, idParams('userId'), async (c) => {
  const { expirationInSeconds } = await parseBody(c, expirationBody);
  const { u, m } = await member(c.var.db, c.req.param('userId'), c.var.auth.tenantId);
  const expiresAt = new Date((await emulatorNow(c.var.db)) + expirationInSeconds * 1000);
  await c.var.db
    .update(userTenants)
    .set({ temporaryExpiresAt: expiresAt })
    .where(and(eq(userTenants.userId, u.id), eq(userTenants.tenantId, m.tenantId)));
  await audit(c, { action: 'user.temporary.updated', targetId: u.id, details: { userEmail: u.email, expiresAt: expiresAt.toISOString() } });
  return c.json({});
});

/** setPermanentUser (api-contract §H; AB-7.11, AB-4.08): `DELETE users/temporary/v1/{userId}` → `{}`; the expiration is cleared. */
adminUserRoutes.delete(`${TEMPORARY}/:userId`, WRITE, idParams('userId'), async (c) => {
  const { u, m } = await member(c.var.db, c.req.param('userId'), c.var.auth.tenantId);
  await c.var.db
    .update(userTenants)
    .set({ temporaryExpiresAt: null })
    .where(and(eq(userTenants.userId, u.id), eq(userTenants.tenantId, m.tenantId)));
  await audit(c, { action: 'user.temporary.removed', targetId: u.id, details: { userEmail: u.email } });
  return c.json({});
});

const seedBody = z.object({
  count: z.number().int().min(1, 'must be at least 1').max(100_000, 'must be at most 100000').default(10_000),
  tenantId: z.string().min(1).optional(),
});

/** `POST /_emulator/seed-users { count?, tenantId? }` → `{ created }`: see {@link seedUsers} (default 10,000 users). */
adminUserEmulatorRoutes.post('/seed-users', async (c) => {
  const body = await parseBody(c, seedBody);
  return c.json(await seedUsers(c.var.db, { count: body.count, tenantId: body.tenantId, vendorId: c.var.rt.vendorId }), 201);
});
