/**
 * The users of a tenant as the admin API answers them (api-contract §5 UV3, UP, TeamUser; §G): the list query (filter,
 * sort and page in SQL, fast at 10,000 users), the details of one page in a fixed number of batched queries (roles,
 * groups, permissions, MFA), the shapes, and one member with its TeamUser. Domain code shared by the users and
 * invitations routes; no routes here.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import {
  authenticators,
  mfaEmails,
  mfaPhones,
  mfaWebauthn,
  passkeys,
  recoveryCodes,
  permissions,
  refreshTokens,
  rolePermissions,
  roles,
  tenants,
  userGroupMembers,
  userGroupRoles,
  userGroups,
  userSources,
  userTenantRoles,
  userTenants,
  users,
  type SubAccountAccessType,
} from './db/schema.ts';
import { badRequest, notFound } from './http/errors.ts';
import { emulatorDate } from './clock.ts';
import { removeMfaDevices, usersWithMfa } from './mfa-devices.ts';
import { userRowFields } from './session/accounts.ts';
import { permDto, roleDto } from './session/authorization.ts';

type UserRow = typeof users.$inferSelect;
type MembershipRow = typeof userTenants.$inferSelect;
type RoleRow = typeof roles.$inferSelect;
type PermissionRow = typeof permissions.$inferSelect;

/** Sort keys of users v2/v3 (AB-3.06). */
export const USER_SORT_KEYS = ['createdAt', 'name', 'email', 'id', 'verified', 'isLocked', 'provider', 'tenantId'] as const;
export type SortKey = (typeof USER_SORT_KEYS)[number];
/** Filter presets of users v3 (AB-3.07). */
export const USER_PRESETS = ['mfa-unenrolled', 'breached-passwords', 'inactive'] as const;
export type Preset = (typeof USER_PRESETS)[number];
/**
 * Statuses of users v3's `_status` (an emulator addition, issue 21 item 11: Frontegg's v3 has no such parameter, but its
 * client passes any query parameter through `getUsersV3`). One value, in the caller's tenant:
 * - `active`: joined (`activatedForTenant` true), the membership not disabled, the user not locked;
 * - `disabled`: the membership is disabled (`isDisabled`);
 * - `pending`: an invitation not accepted yet (`activatedForTenant` false);
 * - `temporary`: the membership has an access end (`temporaryExpirationDate` set, past or not);
 * - `locked`: the user is locked (`isLocked`).
 * The statuses may overlap (a temporary user may also be active, pending or disabled).
 */
export const USER_STATUSES = ['active', 'disabled', 'pending', 'temporary', 'locked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

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
  /** Only members in this status (v3 `_status`, see `USER_STATUSES`). */
  status?: UserStatus;
  /** Only members holding this role in the tenant, directly or through one of its groups (v3 `_roleId`, an emulator addition). */
  roleId?: string;
  /** Only members of this group (v3 `_groupId`, an emulator addition). */
  groupId?: string;
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
  // the user's source in the tenant (user_sources), local when it has none
  provider: sql`coalesce((select ${userSources.provider} from ${userSources} where ${userSources.userId} = ${users.id} and ${userSources.tenantId} = ${userTenants.tenantId}), 'local')`,
  tenantId: sql`${userTenants.tenantId}`,
};

/** The SQL condition of each `_status` (see `USER_STATUSES`), on the joined `users` and `user_tenants` rows. */
const STATUS_CONDITIONS: Record<UserStatus, SQL> = {
  active: and(eq(userTenants.activated, true), eq(userTenants.disabled, false), eq(users.isLocked, false))!,
  disabled: eq(userTenants.disabled, true),
  pending: eq(userTenants.activated, false),
  temporary: isNotNull(userTenants.temporaryExpiresAt),
  locked: eq(users.isLocked, true),
};

/** The `inactive` preset's threshold when `_maxInactiveSeconds` is absent: 90 days, 7,776,000 s (AB-9.06). */
export const DEFAULT_MAX_INACTIVE_SECONDS = 7_776_000;

/**
 * The SQL condition of a users preset (AB-3.07) on the joined `users` row: the one definition the users list and the
 * security center's counts share (security-center.ts), so a table and its count always agree.
 * - `breached-passwords`: `users.isBreachedPassword` (set from the common-password dictionary whenever a password is
 *   set or used, crypto/passwords.ts `isBreachedPassword`);
 * - `inactive`: the last sign-in more than `maxInactiveSeconds` (seconds) before `now` (epoch ms, the emulator clock),
 *   or, for a member who never signed in, the membership (the invitation or the add) that long ago: a pending
 *   invitation sent minutes ago is not "no sign-in for 90 days" (issue 31 item 3), one left unanswered for 90 days is;
 * - `mfa-unenrolled`: no MFA device of any kind (mfa-devices.ts): authenticator app, phone, email, WebAuthn key.
 */
export function presetCondition(preset: Preset, now: number, maxInactiveSeconds: number): SQL {
  if (preset === 'breached-passwords') return eq(users.isBreachedPassword, true);
  if (preset === 'inactive') {
    const since = new Date(now - maxInactiveSeconds * 1000);
    return or(lt(users.lastLogin, since), and(isNull(users.lastLogin), lt(userTenants.createdAt, since)))!;
  }
  // NOT IN one union of the device tables (user_id is never null there): Postgres hashes it once, where four NOT EXISTS
  // would probe four indexes per user (about 5x slower for the security center's count over 10,000 users)
  const devices = [authenticators, mfaPhones, mfaEmails, mfaWebauthn].map((t) => sql`select ${t.userId} from ${t}`);
  return sql`${users.id} not in (${sql.join(devices, sql` union all `)})`;
}

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
  if (q.status) conds.push(STATUS_CONDITIONS[q.status]);
  if (q.roleId) {
    // held directly, or given through a group of the tenant the user is in (issue 31 item 7: the table shows both)
    conds.push(
      or(
        exists(
          db
            .select({ one: sql`1` })
            .from(userTenantRoles)
            .where(and(eq(userTenantRoles.userId, users.id), eq(userTenantRoles.tenantId, q.tenantId), eq(userTenantRoles.roleId, q.roleId))),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(userGroupMembers)
            .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
            .innerJoin(userGroupRoles, eq(userGroupRoles.groupId, userGroupMembers.groupId))
            .where(and(eq(userGroupMembers.userId, users.id), eq(userGroups.tenantId, q.tenantId), eq(userGroupRoles.roleId, q.roleId))),
        ),
      )!,
    );
  }
  if (q.groupId) {
    // a group belongs to one tenant: a group of another tenant matches nobody here
    conds.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(userGroupMembers)
          .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
          .where(and(eq(userGroupMembers.groupId, q.groupId), eq(userGroupMembers.userId, users.id), eq(userGroups.tenantId, q.tenantId))),
      ),
    );
  }
  if (q.preset) conds.push(presetCondition(q.preset, q.now, q.maxInactiveSeconds));
  return and(...conds)!;
}

/**
 * Members of `q.tenantId` matching `q`: one page (filtered, sorted, paged in SQL) and the total count of the filtered
 * set. Ties of the sort key are broken by the user id in the same direction, so the order is total and paging with
 * `_offset` never repeats or skips a user (many users share a createdAt when seeded in bulk).
 */
export async function listTenantUsers(db: Db, q: UserListQuery): Promise<{ rows: { u: UserRow; m: MembershipRow }[]; total: number }> {
  const where = listConditions(db, q);
  const col = SORT_COLUMNS[q.sortBy];
  const rows = await db
    .select({ u: users, m: userTenants })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(where)
    .orderBy(...(q.order === 'ASC' ? [asc(col), asc(users.id)] : [desc(col), desc(users.id)]))
    .limit(q.limit)
    .offset(q.offset);
  const [{ total }] = await db.select({ total: count() }).from(userTenants).innerJoin(users, eq(users.id, userTenants.userId)).where(where);
  return { rows, total: Number(total) };
}

// ---------------------------------------------------------------- batched details of one page

type RoleDto = ReturnType<typeof roleDto>;

export const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Each permission held by one of `roleIds`, with that role (one row per link), by permission key: one query. */
export async function permissionLinks(db: Db, roleIds: string[]): Promise<{ roleId: string; p: PermissionRow }[]> {
  if (!roleIds.length) return [];
  return db
    .select({ roleId: rolePermissions.roleId, p: permissions })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds))
    .orderBy(asc(permissions.key));
}

/** The permissions (ITeamUserPermission) that the `held` roles grant among `links`, each with the ids of those roles. */
export function permissionsGrantedBy(links: readonly { roleId: string; p: PermissionRow }[], held: ReadonlySet<string>) {
  const byId = new Map<string, { p: PermissionRow; roleIds: string[] }>();
  for (const l of links) {
    if (!held.has(l.roleId)) continue;
    const entry = byId.get(l.p.id) ?? { p: l.p, roleIds: [] };
    entry.roleIds.push(l.roleId);
    byId.set(l.p.id, entry);
  }
  return [...byId.values()].map(({ p, roleIds }) => permDto(p, roleIds));
}

/** How a user came to a tenant (AB-3.05): its provider and who manages it there; no user_sources row = local, frontegg. */
export interface UserSource {
  provider: 'local' | 'saml' | 'oidc' | 'scim2';
  managedBy: 'frontegg' | 'scim2';
}
const LOCAL_SOURCE: UserSource = { provider: 'local', managedBy: 'frontegg' };

/** The refusal of an admin change to a user a SCIM connection manages (issue 23 item 6). */
export const MANAGED_BY_SCIM = 'This user is managed by SCIM and cannot be changed here';

/**
 * 400 {@link MANAGED_BY_SCIM} (`ER-USER-MANAGED-BY-SCIM`) when the user is managed by a SCIM connection in `tenantId`
 * (user_sources managedBy scim2): its details, roles, membership and status belong to the directory.
 */
export async function assertNotManagedByScim(db: Db, userId: string, tenantId: string): Promise<void> {
  const [row] = await db
    .select({ managedBy: userSources.managedBy })
    .from(userSources)
    .where(and(eq(userSources.userId, userId), eq(userSources.tenantId, tenantId)));
  if (row?.managedBy === 'scim2') throw badRequest(MANAGED_BY_SCIM, 'ER-USER-MANAGED-BY-SCIM');
}

/** Everything the user shapes need about a page of users, in a fixed number of queries whatever the page size. */
export async function loadDetails(db: Db, userIds: string[], tenantId: string, opts: { permissions?: boolean; groups?: boolean } = {}) {
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
  const sources = await db
    .select({ userId: userSources.userId, provider: userSources.provider, managedBy: userSources.managedBy })
    .from(userSources)
    .where(and(eq(userSources.tenantId, tenantId), inArray(userSources.userId, ids)));
  const sourceOf = new Map(sources.map((s) => [s.userId, s]));
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
  const permLinks = await permissionLinks(db, roleIds);
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
  const [own] = await db.select({ type: tenants.subAccountAccessType }).from(tenants).where(eq(tenants.tenantId, tenantId));
  return {
    /** The member's sub-account access in the tenant: its switch, else the tenant's default (src/sub-account-access.ts). */
    subAccountAccessAllowed: (m: MembershipRow) => accessAllowed(own?.type ?? 'defaultOff', m.subAccountAccessAllowed),
    tenantIds: (userId: string) => tenantsOf.get(userId) ?? [],
    rolesIn,
    mfaEnrolled: (userId: string) => mfaUsers.has(userId),
    /** How the user came to the tenant (user_sources): provider local|saml|oidc|scim2, managedBy frontegg|scim2. */
    source: (userId: string): UserSource => {
      const row = sourceOf.get(userId);
      return row ? { provider: row.provider, managedBy: row.managedBy } : LOCAL_SOURCE;
    },
    groups: (userId: string) => groupsOf.get(userId) ?? [],
    /** The permissions the user's roles grant in `tenantId` (ITeamUserPermission). */
    permissions: (userId: string) => {
      if (!opts.permissions) return [];
      return permissionsGrantedBy(permLinks, new Set(rolesIn(userId, tenantId).map((r) => r.id)));
    },
  };
}
export type Details = Awaited<ReturnType<typeof loadDetails>>;

/** One page of `q` ({@link listTenantUsers}), each member shaped by `shape` with the details `opts` asks for, and the total count. */
export async function shapedPage<T>(db: Db, q: UserListQuery, shape: (u: UserRow, m: MembershipRow, d: Details) => T, opts?: { permissions?: boolean; groups?: boolean }) {
  const { rows, total } = await listTenantUsers(db, q);
  const d = await loadDetails(
    db,
    rows.map((r) => r.u.id),
    q.tenantId,
    opts,
  );
  return { items: rows.map((r) => shape(r.u, r.m, d)), total };
}

const iso = (d: Date | null | undefined) => d?.toISOString();

/** UV3 (IUsersV3Data, api-contract §5) of a member of `m.tenantId`. */
export function userV3Dto(u: UserRow, m: MembershipRow, d: Details) {
  const tenantIds = d.tenantIds(u.id);
  return {
    ...userRowFields(u),
    subAccountAccessAllowed: d.subAccountAccessAllowed(m),
    mfaEnrolled: d.mfaEnrolled(u.id),
    provider: d.source(u.id).provider,
    tenantId: m.tenantId,
    tenantIds,
    activatedForTenant: m.activated,
    tenants: tenantIds.map((tid) => ({ tenantId: tid, roles: d.rolesIn(u.id, tid) })),
    managedBy: d.source(u.id).managedBy,
    temporaryExpirationDate: iso(m.temporaryExpiresAt),
    isDisabled: m.disabled,
  };
}

/** UP (IGetUsersV2Response, api-contract §5): UV3 plus the roles, permissions and groups in the tenant. */
export function userV2Dto(u: UserRow, m: MembershipRow, d: Details) {
  const own = d.rolesIn(u.id, m.tenantId);
  return { ...userV3Dto(u, m, d), roles: own, rolesIds: own.map((r) => r.id), permissions: d.permissions(u.id), groups: d.groups(u.id) };
}

/** TeamUser (ITeamUser, api-contract §5; AB-3.04) of a member of `m.tenantId`. */
export function teamUserDto(u: UserRow, m: MembershipRow, d: Details) {
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
    managedBy: d.source(u.id).managedBy,
    temporaryExpirationDate: iso(m.temporaryExpiresAt),
    isDisabled: m.disabled,
  };
}

/** The user and its membership of `tenantId`; 404 when the user is not a member of it. */
export async function member(db: Db, userId: string, tenantId: string): Promise<{ u: UserRow; m: MembershipRow }> {
  const [row] = await db
    .select({ u: users, m: userTenants })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)));
  if (!row) throw notFound('User not found', 'ER-USER-NOT-FOUND');
  return row;
}

/** TeamUser of a member of `tenantId` (404 otherwise), with its groups there. */
export async function teamUser(db: Db, userId: string, tenantId: string) {
  const { u, m } = await member(db, userId, tenantId);
  return teamUserDto(u, m, await loadDetails(db, [u.id], m.tenantId, { groups: true }));
}

/**
 * Removes the user from `tenantIds`: its roles there, its place in their groups, the memberships, and its sessions in
 * them. A user left in another tenant moves its active tenant there; a user left without any tenant is deleted, with
 * its MFA devices, recovery code, passkeys and refresh tokens, so it can no longer sign in.
 */
export async function removeFromTenants(db: Db, userId: string, tenantIds: string[]): Promise<{ userDeleted: boolean }> {
  const tenantGroups = db.select({ id: userGroups.id }).from(userGroups).where(inArray(userGroups.tenantId, tenantIds));
  await db.delete(userGroupMembers).where(and(eq(userGroupMembers.userId, userId), inArray(userGroupMembers.groupId, tenantGroups)));
  await db.delete(userTenantRoles).where(and(eq(userTenantRoles.userId, userId), inArray(userTenantRoles.tenantId, tenantIds)));
  await db.delete(userTenants).where(and(eq(userTenants.userId, userId), inArray(userTenants.tenantId, tenantIds)));
  for (const tenantId of tenantIds) await revokeSessions(db, userId, tenantId);
  const [next] = await db.select().from(userTenants).where(eq(userTenants.userId, userId)).orderBy(asc(userTenants.createdAt), asc(userTenants.tenantId)).limit(1);
  if (next) {
    await db
      .update(users)
      .set({ activeTenantId: next.tenantId })
      .where(and(eq(users.id, userId), inArray(users.activeTenantId, tenantIds)));
    return { userDeleted: false };
  }
  await removeMfaDevices(db, userId);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  await db.delete(users).where(eq(users.id, userId));
  return { userDeleted: true };
}

/** Revokes the user's live refresh tokens in one tenant: its sessions there end at the next refresh. */
export async function revokeSessions(db: Db, userId: string, tenantId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: await emulatorDate(db) })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.tenantId, tenantId), isNull(refreshTokens.revokedAt)));
}

/**
 * A new user invited by an admin (addUser, addUsersToSubTenant, addUserToTenantAndSubTenants): not verified, no
 * password until the invitation is accepted, `tenantId` its active tenant; the name defaults to the email's local part.
 * The caller adds the memberships and sends the invitation.
 */
export async function insertInvitedUser(
  db: Db,
  vendorId: string,
  tenantId: string,
  fields: { email: string; name?: string | null; phoneNumber?: string | null; metadata?: string | null },
): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      vendorId,
      email: fields.email,
      name: fields.name?.trim() || fields.email.split('@')[0],
      passwordHash: null,
      phoneNumber: fields.phoneNumber ?? null,
      profilePictureUrl: null,
      verified: false,
      superUser: false,
      mfaBypass: false,
      metadata: fields.metadata ?? null,
      activeTenantId: tenantId,
      isLocked: false,
      failedLoginAttempts: 0,
      lastLogin: null,
      createdAt: await emulatorDate(db),
    })
    .returning();
  return user;
}

/**
 * Whether a member's sub-account access switch (null = unset) is on under the account's access type (api-contract N
 * hierarchy-settings; AB-6.10, AB-6.11): `alwaysOn` whatever the switch, else the switch, else on for `defaultOn`.
 * Here, beside the members it describes, so that sub-account-access.ts and hierarchy.ts both read it without a cycle.
 */
export function accessAllowed(type: SubAccountAccessType, allowed: boolean | null | undefined): boolean {
  if (type === 'alwaysOn') return true;
  return allowed ?? type === 'defaultOn';
}
