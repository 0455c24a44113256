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
 * Not enforced here (the sign-in code owns it): a disabled membership or an expired temporary user still signs in
 * with a password; disabling revokes the user's sessions in the tenant, so refresh stops at once.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { requireAuth } from '../../http/auth.ts';
import { requirePermission } from '../../http/admin.ts';
import { audit } from '../../audit.ts';
import { parseBody } from '../../http/body.ts';
import { badRequest, notFound, forbidden } from '../../http/errors.ts';
import type { Db } from '../../db/client.ts';
import { lockMembership } from '../../db/locks.ts';
import { SEED } from '../../db/seed.ts';
import {
  authenticators,
  mfaEmails,
  mfaPhones,
  mfaWebauthn,
  passkeys,
  permissions,
  recoveryCodes,
  refreshTokens,
  rolePermissions,
  roles,
  tenants,
  userGroupMembers,
  userGroupRoles,
  userGroups,
  userTenantRoles,
  userTenants,
  users,
} from '../../db/schema.ts';
import { emulatorNow, emulatorDate } from '../../clock.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { removeMfaDevices, usersWithMfa } from '../../mfa-devices.ts';
import { needsActivation, sendActivationEmail } from '../../lifecycle.ts';
import { permDto, roleDto } from '../../session.ts';

type Ctx = Context<AppEnv>;
type UserRow = typeof users.$inferSelect;
type MembershipRow = typeof userTenants.$inferSelect;
type RoleRow = typeof roles.$inferSelect;
type PermissionRow = typeof permissions.$inferSelect;

export const adminUserRoutes = new Hono<AppEnv>();

/** Emulator-only routes of the users area (mounted under `/_emulator`): the scale seed. */
export const adminUserEmulatorRoutes = new Hono<AppEnv>();

const USERS = '/identity/resources/users';
const MEMBERS = '/team/resources/members/v1';
const TENANT_USERS = '/identity/resources/tenants/users/v1';
const TEMPORARY = `${USERS}/temporary/v1`;

const READ = requirePermission('fe.secure.read.users');
const WRITE = requirePermission('fe.secure.write.users');
const DELETE = requirePermission('fe.secure.delete.users');

/** Page size of the team lists when the caller sends none (AB-9.09), and the largest page served. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;
/** The `inactive` preset's threshold when `_maxInactiveSeconds` is absent: 90 days (AB-9.06). */
export const DEFAULT_MAX_INACTIVE_SECONDS = 7_776_000;

/** Sort keys of users v2/v3 (AB-3.06). */
export const USER_SORT_KEYS = ['createdAt', 'name', 'email', 'id', 'verified', 'isLocked', 'provider', 'tenantId'] as const;
type SortKey = (typeof USER_SORT_KEYS)[number];
/** Filter presets of users v3 (AB-3.07). */
export const USER_PRESETS = ['mfa-unenrolled', 'breached-passwords', 'inactive'] as const;
type Preset = (typeof USER_PRESETS)[number];

// ---------------------------------------------------------------- query parsing

/**
 * A query parameter, or undefined when absent. The reference client turns `undefined` into the string "undefined" and
 * `null` into "null" (api-contract §2): both count as absent, and so does an empty value.
 */
function param(c: Ctx, name: string): string | undefined {
  const v = c.req.query(name)?.trim();
  return v === undefined || v === '' || v === 'undefined' || v === 'null' ? undefined : v;
}

function intParam(c: Ctx, name: string, fallback: number, min: number, max: number): number {
  const raw = param(c, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw badRequest(`${name} must be an integer from ${min} to ${max}`);
  return n;
}

function listParam(c: Ctx, name: string): string[] | undefined {
  const raw = param(c, name);
  if (raw === undefined) return undefined;
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return ids.length ? [...new Set(ids)] : undefined;
}

function oneOf<T extends string>(c: Ctx, name: string, allowed: readonly T[], fallback: T): T {
  const raw = param(c, name);
  if (raw === undefined) return fallback;
  const hit = allowed.find((a) => a.toLowerCase() === raw.toLowerCase());
  if (!hit) throw badRequest(`${name} must be one of ${allowed.join(', ')}`);
  return hit;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

// ---------------------------------------------------------------- the list query (SQL)

/** What a users list asks for; every filter is optional. */
export interface UserListQuery {
  tenantId: string;
  ids?: string[];
  /** Substring of the email, case-insensitive (v3 `_email`). */
  email?: string;
  /** Substring of the email or the name, case-insensitive (v2 `_filter`, members `searchFilter`). */
  search?: string;
  /** Start of the name, case-insensitive (v3 `_namePrefix`). */
  namePrefix?: string;
  /** Exact identifier (v3 `_identifier`): an email or a phone number, per `identifierType` (no usernames here: none match). */
  identifier?: { value: string; type: 'email' | 'phoneNumber' | 'username' };
  preset?: Preset;
  maxInactiveSeconds: number;
  sortBy: SortKey;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
  /** The emulator clock (ms), for the `inactive` preset. */
  now: number;
}

const SORT_COLUMNS: Record<SortKey, SQL | typeof users.id> = {
  createdAt: sql`${users.createdAt}`,
  name: sql`lower(${users.name})`,
  email: sql`${users.email}`,
  id: users.id,
  verified: sql`${users.verified}`,
  isLocked: sql`${users.isLocked}`,
  // every user of the emulator signs in with a local password
  provider: sql`'local'::text`,
  tenantId: sql`${userTenants.tenantId}`,
};

function listConditions(db: Db, q: UserListQuery): SQL {
  const conds: (SQL | undefined)[] = [eq(userTenants.tenantId, q.tenantId)];
  if (q.ids) conds.push(inArray(users.id, q.ids));
  if (q.email) conds.push(ilike(users.email, `%${likeEscape(q.email)}%`));
  if (q.search) conds.push(or(ilike(users.email, `%${likeEscape(q.search)}%`), ilike(users.name, `%${likeEscape(q.search)}%`)));
  if (q.namePrefix) conds.push(ilike(users.name, `${likeEscape(q.namePrefix)}%`));
  if (q.identifier) {
    const { value, type } = q.identifier;
    conds.push(type === 'email' ? eq(users.email, value.toLowerCase()) : type === 'phoneNumber' ? eq(users.phoneNumber, value) : sql`false`);
  }
  if (q.preset === 'breached-passwords') conds.push(eq(users.isBreachedPassword, true));
  if (q.preset === 'inactive') conds.push(or(isNull(users.lastLogin), lt(users.lastLogin, new Date(q.now - q.maxInactiveSeconds * 1000))));
  if (q.preset === 'mfa-unenrolled') {
    // no MFA device of any kind (mfa-devices.ts): authenticator app, phone, email, WebAuthn key
    const devices = [authenticators, mfaPhones, mfaEmails, mfaWebauthn] as const;
    conds.push(
      ...devices.map((t) =>
        notExists(
          db
            .select({ one: sql`1` })
            .from(t)
            .where(eq(t.userId, users.id)),
        ),
      ),
    );
  }
  return and(...conds)!;
}

/** Members of `q.tenantId` matching `q`: one page (filtered, sorted, paged in SQL) and the total count. */
export async function listTenantUsers(db: Db, q: UserListQuery): Promise<{ rows: { u: UserRow; m: MembershipRow }[]; total: number }> {
  const where = listConditions(db, q);
  const col = SORT_COLUMNS[q.sortBy];
  const rows = await db
    .select({ u: users, m: userTenants })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(where)
    .orderBy(q.order === 'ASC' ? asc(col) : desc(col), asc(users.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ total }] = await db.select({ total: count() }).from(userTenants).innerJoin(users, eq(users.id, userTenants.userId)).where(where);
  return { rows, total: Number(total) };
}

/** The paging and filter parameters shared by users v2 and v3 (api-contract §G). Default: 20 newest first. */
async function listQuery(c: Ctx): Promise<UserListQuery> {
  const auth = c.var.auth;
  const tenantId = param(c, '_tenantId') ?? auth.tenantId;
  // the caller's token speaks for its own tenant only (there is no tenant hierarchy in the emulator)
  if (tenantId !== auth.tenantId) throw forbidden('Not authorized');
  const identifier = param(c, '_identifier');
  const identifierType = oneOf(c, '_identifierType', ['email', 'phoneNumber', 'username'] as const, 'email');
  const presetRaw = param(c, '_preset');
  return {
    tenantId,
    ids: listParam(c, 'ids'),
    email: param(c, '_email'),
    search: param(c, '_filter'),
    namePrefix: param(c, '_namePrefix'),
    identifier: identifier ? { value: identifier, type: identifierType } : undefined,
    preset: presetRaw === undefined ? undefined : oneOf(c, '_preset', USER_PRESETS, 'inactive'),
    maxInactiveSeconds: intParam(c, '_maxInactiveSeconds', DEFAULT_MAX_INACTIVE_SECONDS, 0, 100 * 365 * 86400),
    sortBy: oneOf(c, '_sortBy', USER_SORT_KEYS, 'createdAt'),
    order: oneOf(c, '_order', ['ASC', 'DESC'] as const, 'DESC'),
    limit: intParam(c, '_limit', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
    offset: intParam(c, '_offset', 0, 0, Number.MAX_SAFE_INTEGER),
    now: await emulatorNow(c.var.db),
  };
}

/** Pg<T> (api-contract §5): items, `_metadata { totalItems, totalPages }`, `_links` to the first, last, next and previous pages. */
function paginated<T>(c: Ctx, items: T[], total: number, q: { limit: number; offset: number }) {
  const url = new URL(c.req.url);
  const at = (offset: number) => {
    const u = new URL(url);
    u.searchParams.set('_limit', String(q.limit));
    u.searchParams.set('_offset', String(offset));
    return `${u.pathname}${u.search}`;
  };
  const totalPages = Math.ceil(total / q.limit);
  const lastOffset = Math.max(0, (totalPages - 1) * q.limit);
  return {
    items,
    _metadata: { totalItems: total, totalPages },
    _links: {
      first: at(0),
      last: at(lastOffset),
      next: q.offset + q.limit < total ? at(q.offset + q.limit) : '',
      prev: q.offset > 0 ? at(Math.max(0, q.offset - q.limit)) : '',
    },
  };
}

// ---------------------------------------------------------------- batched details of one page

type RoleDto = ReturnType<typeof roleDto>;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Everything the user shapes need about a page of users, in a fixed number of queries whatever the page size. */
async function loadDetails(db: Db, userIds: string[], tenantId: string, opts: { permissions?: boolean; groups?: boolean } = {}) {
  // an empty page still runs the same queries: no user has the empty id
  const ids = userIds.length ? userIds : [''];
  // one query at a time: `db` may be a transaction, a single connection (node-postgres 9 refuses concurrent queries on one)
  const memberships = await db
    .select({ userId: userTenants.userId, tenantId: userTenants.tenantId })
    .from(userTenants)
    .where(inArray(userTenants.userId, ids))
    .orderBy(asc(userTenants.createdAt), asc(userTenants.tenantId));
  const roleLinks = await db
    .select({ userId: userTenantRoles.userId, tenantId: userTenantRoles.tenantId, r: roles })
    .from(userTenantRoles)
    .innerJoin(roles, eq(roles.id, userTenantRoles.roleId))
    .where(inArray(userTenantRoles.userId, ids))
    .orderBy(asc(roles.level), asc(roles.key));
  const mfaUsers = await usersWithMfa(db, ids);
  const groupLinks = opts.groups
    ? await db
        .select({ userId: userGroupMembers.userId, groupId: userGroupMembers.groupId })
        .from(userGroupMembers)
        .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
        .where(and(eq(userGroups.tenantId, tenantId), inArray(userGroupMembers.userId, ids)))
        .orderBy(asc(userGroups.name))
    : [];
  const groupIds = [...new Set(groupLinks.map((g) => g.groupId))];
  const groupRoleLinks = groupIds.length
    ? await db
        .select({ groupId: userGroupRoles.groupId, r: roles })
        .from(userGroupRoles)
        .innerJoin(roles, eq(roles.id, userGroupRoles.roleId))
        .where(inArray(userGroupRoles.groupId, groupIds))
    : [];
  const roleIds = [...new Set([...roleLinks.map((l) => l.r.id), ...groupRoleLinks.map((l) => l.r.id)])];
  const permLinks = roleIds.length
    ? await db
        .select({ roleId: rolePermissions.roleId, p: permissions })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(inArray(rolePermissions.roleId, roleIds))
        .orderBy(asc(permissions.key))
    : [];
  const permIdsByRole = new Map<string, string[]>();
  for (const l of permLinks) push(permIdsByRole, l.roleId, l.p.id);
  const role = (r: RoleRow) => roleDto(r, permIdsByRole.get(r.id) ?? []);

  const tenantsOf = new Map<string, string[]>();
  for (const m of memberships) push(tenantsOf, m.userId, m.tenantId);
  const rolesOf = new Map<string, RoleDto[]>();
  for (const l of roleLinks) push(rolesOf, `${l.userId} ${l.tenantId}`, role(l.r));
  const groupRoles = new Map<string, RoleDto[]>();
  for (const l of groupRoleLinks) push(groupRoles, l.groupId, role(l.r));
  const groupsOf = new Map<string, { id: string; roles: RoleDto[] }[]>();
  for (const g of groupLinks) push(groupsOf, g.userId, { id: g.groupId, roles: groupRoles.get(g.groupId) ?? [] });

  const rolesIn = (userId: string, tid: string) => rolesOf.get(`${userId} ${tid}`) ?? [];
  return {
    tenantIds: (userId: string) => tenantsOf.get(userId) ?? [],
    rolesIn,
    mfaEnrolled: (userId: string) => mfaUsers.has(userId),
    groups: (userId: string) => groupsOf.get(userId) ?? [],
    /** The permissions the user's roles grant in `tenantId` (ITeamUserPermission). */
    permissions: (userId: string) => {
      if (!opts.permissions) return [];
      const mine = new Set(rolesIn(userId, tenantId).map((r) => r.id));
      const byId = new Map<string, { p: PermissionRow; roleIds: string[] }>();
      for (const l of permLinks) {
        if (!mine.has(l.roleId)) continue;
        const entry = byId.get(l.p.id) ?? { p: l.p, roleIds: [] };
        entry.roleIds.push(l.roleId);
        byId.set(l.p.id, entry);
      }
      return [...byId.values()].map(({ p: perm, roleIds: rids }) => permDto(perm, rids));
    },
  };
}
type Details = Awaited<ReturnType<typeof loadDetails>>;

/** One page of `q` ({@link listTenantUsers}), each member shaped by `shape` with the details `opts` asks for, and the total count. */
async function shapedPage<T>(c: Ctx, q: UserListQuery, shape: (u: UserRow, m: MembershipRow, d: Details) => T, opts?: { permissions?: boolean; groups?: boolean }) {
  const { rows, total } = await listTenantUsers(c.var.db, q);
  const d = await loadDetails(
    c.var.db,
    rows.map((r) => r.u.id),
    q.tenantId,
    opts,
  );
  return { items: rows.map((r) => shape(r.u, r.m, d)), total };
}

const iso = (d: Date | null | undefined) => d?.toISOString();

/** UV3 (IUsersV3Data, api-contract §5) of a member of `m.tenantId`. */
function userV3Dto(u: UserRow, m: MembershipRow, d: Details) {
  const tenantIds = d.tenantIds(u.id);
  return {
    id: u.id,
    sub: u.id,
    email: u.email,
    name: u.name,
    profileImage: u.profilePictureUrl ?? undefined,
    profilePictureUrl: u.profilePictureUrl ?? undefined,
    verified: u.verified,
    mfaEnrolled: d.mfaEnrolled(u.id),
    mfaBypass: u.mfaBypass,
    phoneNumber: u.phoneNumber ?? undefined,
    provider: 'local',
    tenantId: m.tenantId,
    tenantIds,
    activatedForTenant: m.activated,
    isLocked: u.isLocked,
    tenants: tenantIds.map((tid) => ({ tenantId: tid, roles: d.rolesIn(u.id, tid) })),
    managedBy: 'frontegg' as const,
    superUser: u.superUser,
    metadata: u.metadata ?? '{}',
    createdAt: u.createdAt.toISOString(),
    lastLogin: iso(u.lastLogin),
    subAccountAccessAllowed: false,
    temporaryExpirationDate: iso(m.temporaryExpiresAt),
    isDisabled: m.disabled,
  };
}

/** UP (IGetUsersV2Response, api-contract §5): UV3 plus the roles, permissions and groups in the tenant. */
function userV2Dto(u: UserRow, m: MembershipRow, d: Details) {
  const own = d.rolesIn(u.id, m.tenantId);
  return { ...userV3Dto(u, m, d), roles: own, rolesIds: own.map((r) => r.id), permissions: d.permissions(u.id), groups: d.groups(u.id) };
}

/** TeamUser (ITeamUser, api-contract §5; AB-3.04) of a member of `m.tenantId`. */
function teamUserDto(u: UserRow, m: MembershipRow, d: Details) {
  const own = d.rolesIn(u.id, m.tenantId);
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    phone: u.phoneNumber ?? undefined,
    profileImage: u.profilePictureUrl ?? undefined,
    profileImageUrl: u.profilePictureUrl ?? undefined,
    tenantId: m.tenantId,
    vendorId: u.vendorId,
    roleIds: own.map((r) => r.id),
    roles: own,
    groups: d.groups(u.id),
    activatedForTenant: m.activated,
    createdAt: u.createdAt.toISOString(),
    customData: undefined,
    lastLogin: iso(u.lastLogin),
    mfaEnabled: d.mfaEnrolled(u.id),
    tenants: d.tenantIds(u.id).map((tid) => ({ tenantId: tid, roles: d.rolesIn(u.id, tid) })),
    verified: u.verified,
    managedBy: 'frontegg' as const,
    temporaryExpirationDate: iso(m.temporaryExpiresAt),
    isDisabled: m.disabled,
  };
}

/** The user and its membership of the caller's tenant; 404 when the user is not a member of it. */
async function member(c: Ctx, userId: string): Promise<{ u: UserRow; m: MembershipRow }> {
  const [row] = await c.var.db
    .select({ u: users, m: userTenants })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, c.var.auth.tenantId)));
  if (!row) throw notFound('User not found', 'ER-USER-NOT-FOUND');
  return row;
}

async function teamUser(c: Ctx, userId: string) {
  const { u, m } = await member(c, userId);
  return teamUserDto(u, m, await loadDetails(c.var.db, [u.id], m.tenantId, { groups: true }));
}

// ---------------------------------------------------------------- users v3 / v2 (§G)

/**
 * getUsersV3 (api-contract §G; AB-7.01, AB-7.02, AB-3.06, AB-3.07): `GET users/v3` → Pg<UV3> of the caller's tenant.
 * Query: `_limit` (default 20, at most 200), `_offset`, `ids=a,b`, `_sortBy` (default createdAt), `_order` (default
 * DESC), `_email` (substring), `_namePrefix`, `_identifier` + `_identifierType` (email|phoneNumber|username; the emulator has no usernames), `_preset`
 * mfa-unenrolled | breached-passwords | inactive (`_maxInactiveSeconds`, default 90 days; never signed in counts),
 * `_tenantId` (only the caller's own), `_includeSubTenants` (no hierarchy: ignored).
 */
adminUserRoutes.get(`${USERS}/v3`, requireAuth, READ, async (c) => {
  const q = await listQuery(c);
  const { items, total } = await shapedPage(c, q, userV3Dto);
  return c.json(paginated(c, items, total, q));
});

/**
 * getUsersV2 (api-contract §G; AB-7.03): `GET users/v2` → Pg<UP> with roles, permissions and groups. `_filter`
 * searches the email and the name; paging and sorting as users v3. `metadata` is not filtered on.
 */
adminUserRoutes.get(`${USERS}/v2`, requireAuth, READ, async (c) => {
  const q = await listQuery(c);
  const { items, total } = await shapedPage(c, q, userV2Dto, { permissions: true, groups: true });
  return c.json(paginated(c, items, total, q));
});

/** Members of the caller's tenant among `ids` (unknown ids are left out); 400 without ids. */
async function membersAmong(c: Ctx): Promise<string[]> {
  const ids = listParam(c, 'ids');
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
adminUserRoutes.get(`${USERS}/v3/roles`, requireAuth, READ, async (c) => {
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
adminUserRoutes.get(`${USERS}/v3/groups`, requireAuth, READ, async (c) => {
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

const MEMBER_SORT: Record<string, SortKey> = { name: 'name', email: 'email', createdAt: 'createdAt', id: 'id', verified: 'verified' };

/**
 * loadUsers (api-contract §G; AB-7.04): `GET team/resources/members/v1` → PR<TeamUser> `{ totalPages, items }`.
 * `pageOffset` is a page index, `pageSize` (default 20), `searchFilter` searches the email and the name, `sortBy`
 * (default name) and `sortDirection` asc|desc.
 */
adminUserRoutes.get(MEMBERS, requireAuth, READ, async (c) => {
  const limit = intParam(c, 'pageSize', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  const page = intParam(c, 'pageOffset', 0, 0, Number.MAX_SAFE_INTEGER);
  const sortBy = MEMBER_SORT[param(c, 'sortBy') ?? 'name'];
  if (!sortBy) throw badRequest(`sortBy must be one of ${Object.keys(MEMBER_SORT).join(', ')}`);
  const q: UserListQuery = {
    tenantId: c.var.auth.tenantId,
    search: param(c, 'searchFilter'),
    maxInactiveSeconds: DEFAULT_MAX_INACTIVE_SECONDS,
    sortBy,
    order: oneOf(c, 'sortDirection', ['asc', 'desc'] as const, 'asc') === 'asc' ? 'ASC' : 'DESC',
    limit,
    offset: page * limit,
    now: await emulatorNow(c.var.db),
  };
  const { items, total } = await shapedPage(c, q, teamUserDto, { groups: true });
  return c.json({ totalPages: Math.ceil(total / limit), items });
});

/** loadStats (api-contract §G; AB-7.07): `GET team/resources/stats/v1/members` → `{ totalItems, addedThisWeek, superAdmins }` of the caller's tenant. */
adminUserRoutes.get('/team/resources/stats/v1/members', requireAuth, READ, async (c) => {
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
 * Role ids a member may hold in `tenantId`: roles of the vendor, global or of that tenant. `['']` (what the client sends
 * for "no roles", AB-4.07) and `[]` both mean none; 400 for an unknown id.
 */
async function assignableRoleIds(db: Db, vendorId: string, tenantId: string, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id) => id !== ''))];
  if (!wanted.length) return [];
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.vendorId, vendorId), inArray(roles.id, wanted), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))));
  if (found.length !== wanted.length) {
    const known = new Set(found.map((r) => r.id));
    throw badRequest(`Unknown role id: ${wanted.filter((id) => !known.has(id)).join(', ')}`, 'ER-ROLE-NOT-FOUND');
  }
  return wanted;
}

/**
 * updateUser (api-contract §G; AB-7.05, AB-4.07): `PUT team/resources/members/v1` `{ id, roleIds?, name?, phone? }` →
 * TeamUser. `roleIds` replaces the member's roles in the caller's tenant (`['']` = none). 404 for a user who is not a
 * member of the tenant.
 */
adminUserRoutes.put(MEMBERS, requireAuth, WRITE, async (c) => {
  const body = await parseBody(c, updateMemberBody);
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  await lockMembership(db, body.id, tenantId);
  const { u } = await member(c, body.id);
  const changes: Record<string, unknown> = {};
  if (body.roleIds) {
    const roleIds = await assignableRoleIds(db, c.var.rt.vendorId, tenantId, body.roleIds);
    await db.delete(userTenantRoles).where(and(eq(userTenantRoles.userId, u.id), eq(userTenantRoles.tenantId, tenantId)));
    if (roleIds.length) await db.insert(userTenantRoles).values(roleIds.map((roleId) => ({ userId: u.id, tenantId, roleId })));
    changes.roleIds = roleIds;
  }
  const profile: Partial<Pick<UserRow, 'name' | 'phoneNumber'>> = {};
  if (body.name) profile.name = body.name;
  if (body.phone !== undefined) profile.phoneNumber = body.phone || null;
  if (Object.keys(profile).length) {
    await db.update(users).set(profile).where(eq(users.id, u.id));
    Object.assign(changes, profile);
  }
  await audit(c, { action: 'user.updated', targetId: u.id, details: { userEmail: u.email, ...changes }, severity: changes.roleIds ? 'WARNING' : 'INFO' });
  return c.json(await teamUser(c, u.id));
});

/**
 * deleteUser (api-contract §G; AB-7.05, AB-4.03): `DELETE team/resources/members/v1/{userId}` → the removed TeamUser.
 * Removes the user from the caller's tenant (roles, groups of the tenant, sessions in it); a user left without any
 * tenant is deleted with its MFA devices and passkeys, so it can no longer sign in. 400 for yourself.
 */
adminUserRoutes.delete(`${MEMBERS}/:userId`, requireAuth, DELETE, async (c) => {
  const userId = c.req.param('userId');
  if (userId === c.var.auth.sub) throw badRequest('You cannot delete yourself');
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  const removed = await teamUser(c, userId);
  await db.delete(userTenantRoles).where(and(eq(userTenantRoles.userId, userId), eq(userTenantRoles.tenantId, tenantId)));
  const tenantGroups = db.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.tenantId, tenantId));
  await db.delete(userGroupMembers).where(and(eq(userGroupMembers.userId, userId), inArray(userGroupMembers.groupId, tenantGroups)));
  await db.delete(userTenants).where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)));
  await revokeSessions(db, userId, tenantId);
  const [next] = await db.select().from(userTenants).where(eq(userTenants.userId, userId)).orderBy(asc(userTenants.createdAt), asc(userTenants.tenantId)).limit(1);
  if (next) {
    await db
      .update(users)
      .set({ activeTenantId: next.tenantId })
      .where(and(eq(users.id, userId), eq(users.activeTenantId, tenantId)));
  } else {
    await removeMfaDevices(db, userId);
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.delete(passkeys).where(eq(passkeys.userId, userId));
    await db.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await db.delete(users).where(eq(users.id, userId));
  }
  await audit(c, { action: 'user.deleted', targetId: userId, details: { userEmail: removed.email, userDeleted: !next }, severity: 'WARNING' });
  return c.json(removed);
});

/** Revokes the user's live refresh tokens in one tenant: its sessions there end at the next refresh. */
async function revokeSessions(db: Db, userId: string, tenantId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: await emulatorDate(db) })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.tenantId, tenantId), isNull(refreshTokens.revokedAt)));
}

/**
 * resendActivationLink (api-contract §G; AB-7.06, AB-7.12): `POST team/resources/members/v1/{userId}/resendActivationEmail`
 * → `{}`; a new activation email goes to the outbox (the previous link stops working). 400 when the user is already
 * activated.
 */
adminUserRoutes.post(`${MEMBERS}/:userId/resendActivationEmail`, requireAuth, WRITE, async (c) => {
  const { u } = await member(c, c.req.param('userId'));
  if (!needsActivation(u)) throw badRequest('User is already activated', 'ER-USER-ALREADY-ACTIVATED');
  await sendActivationEmail(c, u);
  await audit(c, { action: 'user.activation.resent', targetId: u.id, details: { userEmail: u.email } });
  return c.json({});
});

// ---------------------------------------------------------------- enable / disable, counts (§G)

async function setDisabled(c: Ctx, disabled: boolean) {
  const userId = c.req.param('userId') ?? '';
  if (disabled && userId === c.var.auth.sub) throw badRequest('You cannot disable yourself');
  const { u, m } = await member(c, userId);
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
adminUserRoutes.post(`${TENANT_USERS}/:userId/disable`, requireAuth, WRITE, (c) => setDisabled(c, true));
/** enableUser (api-contract §G; AB-7.08, AB-4.02): `POST tenants/users/v1/{userId}/enable` → `{}`. */
adminUserRoutes.post(`${TENANT_USERS}/:userId/enable`, requireAuth, WRITE, (c) => setDisabled(c, false));

const countBody = z.object({
  tenantIds: z.array(z.string().min(1)).min(1, 'must list at least one tenant').max(MAX_PAGE_SIZE),
  excludeInvisibleUsers: z.boolean().nullish(),
});

/**
 * getTenantsUsersCount (api-contract §N; AB-7.09): `POST tenants/users/v1/count` `{ tenantIds }` →
 * `[{ tenantId, totalUsers, totalAccessAllowedUsers }]` (access allowed = activated and not disabled). The caller may
 * count only tenants it is an active member of (403 otherwise).
 */
adminUserRoutes.post(`${TENANT_USERS}/count`, requireAuth, READ, async (c) => {
  const body = await parseBody(c, countBody);
  const db = c.var.db;
  const tenantIds = [...new Set(body.tenantIds)];
  const mine = await db
    .select({ tenantId: userTenants.tenantId })
    .from(userTenants)
    .where(and(eq(userTenants.userId, c.var.auth.sub), eq(userTenants.activated, true), inArray(userTenants.tenantId, tenantIds)));
  if (mine.length !== tenantIds.length) throw forbidden('Not authorized');
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
adminUserRoutes.get(`${TEMPORARY}/configuration`, requireAuth, READ, (c) => c.json({ enabled: true }));

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
adminUserRoutes.put(`${TEMPORARY}/:userId`, requireAuth, WRITE, async (c) => {
  const { expirationInSeconds } = await parseBody(c, expirationBody);
  const { u, m } = await member(c, c.req.param('userId'));
  const expiresAt = new Date((await emulatorNow(c.var.db)) + expirationInSeconds * 1000);
  await c.var.db
    .update(userTenants)
    .set({ temporaryExpiresAt: expiresAt })
    .where(and(eq(userTenants.userId, u.id), eq(userTenants.tenantId, m.tenantId)));
  await audit(c, { action: 'user.temporary.updated', targetId: u.id, details: { userEmail: u.email, expiresAt: expiresAt.toISOString() } });
  return c.json({});
});

/** setPermanentUser (api-contract §H; AB-7.11, AB-4.08): `DELETE users/temporary/v1/{userId}` → `{}`; the expiration is cleared. */
adminUserRoutes.delete(`${TEMPORARY}/:userId`, requireAuth, WRITE, async (c) => {
  const { u, m } = await member(c, c.req.param('userId'));
  await c.var.db
    .update(userTenants)
    .set({ temporaryExpiresAt: null })
    .where(and(eq(userTenants.userId, u.id), eq(userTenants.tenantId, m.tenantId)));
  await audit(c, { action: 'user.temporary.removed', targetId: u.id, details: { userEmail: u.email } });
  return c.json({});
});

// ---------------------------------------------------------------- scale seed (/_emulator)

/** The password of every seeded user (`POST /_emulator/seed-users`). */
export const SEEDED_USER_PASSWORD = 'Seed-Passw0rd!';
let seededHash: Promise<string> | undefined;

const BATCH = 1000;
const DAY = 86400_000;

/**
 * Creates `count` users in `tenantId` (default the seeded tenant) quickly: batched inserts, one password hash
 * ({@link SEEDED_USER_PASSWORD}) for all. Deterministic: user number n is `userNNNNN@example.com` ("User NNNNN"),
 * numbering on after the users an earlier call made. Every 10th has an authenticator app and every 15th an SMS phone
 * (MFA enrolled), every 8th a breached password, every 6th never signed in and every 7th not for 100+ days (inactive),
 * every 500th is disabled; two in three hold the ReadOnly role, the rest none. createdAt spreads over the past year,
 * lastLogin over the past 90 days.
 */
export async function seedUsers(db: Db, opts: { count: number; tenantId?: string; vendorId?: string }): Promise<{ created: number }> {
  const tenantId = opts.tenantId ?? SEED.tenantId;
  const vendorId = opts.vendorId ?? SEED.vendorId;
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.tenantId, tenantId));
  if (!tenant) throw notFound('Tenant not found');
  const [readOnly] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.vendorId, vendorId), eq(roles.key, 'ReadOnly'), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))));
  const [{ last }] = await db.select({ last: sql<number | null>`max(substring(${users.email} from '^user([0-9]+)@example\\.com$')::int)` }).from(users);
  const first = Number(last ?? 0) + 1;
  const width = Math.max(5, String(first + opts.count - 1).length);
  const passwordHash = await (seededHash ??= hashPassword(SEEDED_USER_PASSWORD));
  const now = await emulatorNow(db);
  for (let start = 0; start < opts.count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, opts.count - start) }, (_, k) => first + start + k);
    const rows = batch.map((n) => {
      const num = String(n).padStart(width, '0');
      const createdAt = new Date(now - ((n * 7919) % 365) * DAY - (n % 86400) * 1000);
      const lastLogin = n % 6 === 0 ? null : n % 7 === 0 ? new Date(now - (100 + (n % 200)) * DAY) : new Date(now - ((n * 31) % 90) * DAY);
      return {
        id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        vendorId,
        email: `user${num}@example.com`,
        name: `User ${num}`,
        passwordHash,
        phoneNumber: null,
        profilePictureUrl: null,
        verified: true,
        superUser: false,
        mfaBypass: false,
        metadata: null,
        activeTenantId: tenantId,
        isLocked: false,
        failedLoginAttempts: 0,
        lastLogin,
        isBreachedPassword: n % 8 === 0,
        createdAt,
      };
    });
    await db.insert(users).values(rows);
    await db.insert(userTenants).values(rows.map((r, k) => ({ userId: r.id, tenantId, createdAt: r.createdAt, disabled: batch[k] % 500 === 0 })));
    const withRole = readOnly ? rows.filter((_, k) => batch[k] % 3 !== 0) : [];
    if (withRole.length) await db.insert(userTenantRoles).values(withRole.map((r) => ({ userId: r.id, tenantId, roleId: readOnly.id })));
    const totp = rows.filter((_, k) => batch[k] % 10 === 0);
    if (totp.length) await db.insert(authenticators).values(totp.map((r) => ({ id: randomUUID(), userId: r.id, secret: 'JBSWY3DPEHPK3PXP', createdAt: r.createdAt })));
    const sms = rows.flatMap((r, k) =>
      batch[k] % 15 === 0 ? [{ id: randomUUID(), userId: r.id, phoneNumber: `+1555${String(batch[k]).padStart(7, '0')}`, createdAt: r.createdAt }] : [],
    );
    if (sms.length) await db.insert(mfaPhones).values(sms);
  }
  // fresh planner statistics, so the lists pick the indexes of migration 0010 right after a bulk load
  await db.execute(sql`analyze users, user_tenants, user_tenant_roles, authenticators, mfa_phones`);
  return { created: opts.count };
}

const seedBody = z.object({
  count: z.number().int().min(1, 'must be at least 1').max(100_000, 'must be at most 100000').default(10_000),
  tenantId: z.string().min(1).optional(),
});

/** `POST /_emulator/seed-users { count?, tenantId? }` → `{ created }`: see {@link seedUsers} (default 10,000 users). */
adminUserEmulatorRoutes.post('/seed-users', async (c) => {
  const body = await parseBody(c, seedBody);
  return c.json(await seedUsers(c.var.db, { count: body.count, tenantId: body.tenantId, vendorId: c.var.rt.vendorId }), 201);
});
