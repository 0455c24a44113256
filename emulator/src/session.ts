/**
 * Identity building blocks shared by the route modules: the user profile (UP),
 * login responses (LR), refresh tokens with rotation, the refresh cookie and
 * MFA challenges.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import {
  authenticators,
  mfaTokens,
  permissions,
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
  vendors,
} from './db/schema.ts';
import type { AppEnv } from './http/env.ts';
import { HttpError, badRequest, forbidden, unauthorized } from './http/errors.ts';
import { randomToken, sha256 } from './crypto/tokens.ts';
import { signAccessToken } from './crypto/jwt.ts';
import { emulatorDate, emulatorNow } from './clock.ts';
import { impersonationSessions } from './db/schema.ts';
import { activeStrategies, isRememberedDevice, mfaDeviceCount, mfaDevicesOf } from './mfa-devices.ts';
import { clientIp } from './http/client-ip.ts';
import { auditUser } from './audit.ts';
import { enforceIpRestriction } from './restrictions.ts';
import { effectivePolicies, sessionConfigurationsOf, tenantSettings, type SessionConfigurations } from './policies.ts';

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;
type Ctx = Context<AppEnv>;

export const MFA_TOKEN_TTL_MS = 10 * 60 * 1000;
export const refreshCookieName = (clientId: string) => `fe_refresh_${clientId}`;

export async function getVendor(db: Db, vendorId: string) {
  const [v] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
  if (!v) throw new HttpError(500, 'Vendor is not seeded');
  return v;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return u;
}

export async function getUser(db: Db, userId: string): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw unauthorized('User not found');
  return u;
}

// ---------------------------------------------------------------- shapes (api-contract.md §5)

export function tenantDto(t: TenantRow) {
  return {
    id: t.id,
    tenantId: t.tenantId,
    name: t.name,
    vendorId: t.vendorId,
    deletedAt: null,
    metadata: t.metadata ?? undefined,
    isReseller: t.isReseller,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    address: undefined,
    timezone: undefined,
    dateFormat: undefined,
    timeFormat: undefined,
    currency: undefined,
    logo: undefined,
    logoUrl: undefined,
  };
}

/**
 * The tenants the user may use now: a pending invitation (activated = false) is not a membership yet, a disabled
 * membership (admin "disable user", api-contract G) and a temporary one past its expiry (contract H, on the emulator
 * clock) no longer are.
 */
export async function userTenantList(db: Db, userId: string): Promise<TenantRow[]> {
  const now = new Date(await emulatorNow(db));
  const rows = await db
    .select({ t: tenants })
    .from(userTenants)
    .innerJoin(tenants, eq(tenants.tenantId, userTenants.tenantId))
    .where(
      and(
        eq(userTenants.userId, userId),
        eq(userTenants.activated, true),
        eq(userTenants.disabled, false),
        or(isNull(userTenants.temporaryExpiresAt), gt(userTenants.temporaryExpiresAt, now)),
      ),
    )
    .orderBy(asc(userTenants.createdAt), asc(tenants.name));
  return rows.map((r) => r.t);
}

export interface Authorization {
  roles: ReturnType<typeof roleDto>[];
  permissions: ReturnType<typeof permDto>[];
}

/** A role (IRole, api-contract §5) with the ids of the permissions it grants. */
export function roleDto(r: typeof roles.$inferSelect, permissionIds: string[]) {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    description: r.description,
    isDefault: r.isDefault,
    permissions: permissionIds,
    tenantId: r.tenantId ?? undefined,
    vendorId: r.vendorId,
    level: r.level,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A permission (IRolePermission, api-contract §5) with the ids of the roles that grant it. */
export function permDto(p: typeof permissions.$inferSelect, roleIds: string[]) {
  return {
    id: p.id,
    key: p.key,
    name: p.name,
    description: p.description,
    fePermission: p.fePermission,
    roleIds,
    categoryId: p.categoryId ?? undefined,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/**
 * The roles a new member of `tenantId` gets when none are named (admin §3 Role `isDefault`): the tenant's own default
 * roles when it has any, else the vendor-level defaults — never another tenant's.
 */
export async function defaultRoleIdsFor(db: Db, vendorId: string, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: roles.id, tenantId: roles.tenantId })
    .from(roles)
    .where(and(eq(roles.vendorId, vendorId), eq(roles.isDefault, true), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))))
    .orderBy(asc(roles.level));
  const own = rows.filter((r) => r.tenantId === tenantId);
  return (own.length ? own : rows).map((r) => r.id);
}

/** The user's roles in one tenant — given directly and through the user's groups there (admin §6) — and the permissions those roles grant. */
export async function authorizationFor(db: Db, userId: string, tenantId: string): Promise<Authorization> {
  const direct = (
    await db
      .select({ r: roles })
      .from(userTenantRoles)
      .innerJoin(roles, eq(roles.id, userTenantRoles.roleId))
      .where(and(eq(userTenantRoles.userId, userId), eq(userTenantRoles.tenantId, tenantId)))
  ).map((x) => x.r);
  const viaGroups = (
    await db
      .select({ r: roles })
      .from(userGroupMembers)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
      .innerJoin(userGroupRoles, eq(userGroupRoles.groupId, userGroups.id))
      .innerJoin(roles, eq(roles.id, userGroupRoles.roleId))
      .where(and(eq(userGroupMembers.userId, userId), eq(userGroups.tenantId, tenantId)))
  ).map((x) => x.r);
  const roleRows = [...new Map([...direct, ...viaGroups].map((r) => [r.id, r])).values()].sort((a, b) => a.level - b.level || a.key.localeCompare(b.key));
  if (roleRows.length === 0) return { roles: [], permissions: [] };
  const links = await db
    .select({ roleId: rolePermissions.roleId, p: permissions })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(
      inArray(
        rolePermissions.roleId,
        roleRows.map((r) => r.id),
      ),
    )
    .orderBy(asc(permissions.key));
  const permsById = new Map<string, { p: typeof permissions.$inferSelect; roleIds: string[] }>();
  const permIdsByRole = new Map<string, string[]>();
  for (const { roleId, p } of links) {
    const entry = permsById.get(p.id) ?? { p, roleIds: [] };
    entry.roleIds.push(roleId);
    permsById.set(p.id, entry);
    permIdsByRole.set(roleId, [...(permIdsByRole.get(roleId) ?? []), p.id]);
  }
  return {
    roles: roleRows.map((r) => roleDto(r, permIdsByRole.get(r.id) ?? [])),
    permissions: [...permsById.values()].map(({ p, roleIds }) => permDto(p, roleIds)),
  };
}

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
    id: user.id,
    sub: user.id,
    email: user.email,
    name: user.name,
    profileImage: user.profilePictureUrl ?? undefined,
    profilePictureUrl: user.profilePictureUrl ?? undefined,
    verified: user.verified,
    mfaEnrolled,
    mfaBypass: user.mfaBypass,
    phoneNumber: user.phoneNumber ?? undefined,
    provider: 'local',
    tenantId,
    tenantIds,
    activatedForTenant: true,
    isLocked: user.isLocked,
    tenants: perTenant,
    managedBy: 'frontegg' as const,
    invisible: false,
    superUser: user.superUser,
    metadata: user.metadata ?? '{}',
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString(),
    subAccountAccessAllowed: false,
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

// ---------------------------------------------------------------- cookies

export function isSecureRequest(c: Ctx): boolean {
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return new URL(c.req.url).protocol === 'https:' || proto === 'https';
}

export function setRefreshCookie(c: Ctx, token: string, maxAgeSeconds: number): void {
  setCookie(c, refreshCookieName(c.var.rt.clientId), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(c),
    maxAge: maxAgeSeconds,
  });
}

export function clearRefreshCookie(c: Ctx): void {
  deleteCookie(c, refreshCookieName(c.var.rt.clientId), { path: '/', httpOnly: true, sameSite: 'Lax', secure: isSecureRequest(c) });
}

export function readRefreshCookie(c: Ctx): string | undefined {
  return getCookie(c, refreshCookieName(c.var.rt.clientId)) || undefined;
}

// ---------------------------------------------------------------- sessions

export interface SessionAuth {
  amr: string[];
  acr?: string | null;
  authTime?: number;
  isBreachedPassword?: boolean;
}

/**
 * The tenant a session may be bound to: `wanted`, unless the user's membership there is disabled or a temporary one
 * past its expiry (admin §4) — then another tenant the user may use, or 401 "User is disabled" when there is none.
 */
async function usableTenant(db: Db, user: UserRow, wanted: string): Promise<string> {
  const [m] = await db
    .select({ disabled: userTenants.disabled, expires: userTenants.temporaryExpiresAt })
    .from(userTenants)
    .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, wanted)));
  if (!m || (!m.disabled && (!m.expires || m.expires.getTime() > (await emulatorNow(db))))) return wanted;
  const other = (await userTenantList(db, user.id))[0];
  if (!other) throw unauthorized(m.disabled ? 'User is disabled' : 'User access has expired');
  return other.tenantId;
}

/**
 * Issues a session: a new refresh token (in `familyId`, or a new family), an
 * access token, the refresh cookie, and returns the login response (LR). A new
 * session (no `familyId`) past the account's maximum of concurrent sessions ends
 * the user's oldest there (see {@link endSessionsPastMaximum}). The account's IP
 * restrictions are checked first: 403 for a refused address (restrictions.ts `enforceIpRestriction`).
 */
export async function issueSession(c: Ctx, user: UserRow, auth: SessionAuth, opts: { tenantId?: string; familyId?: string } = {}) {
  const db = c.var.db;
  const rt = c.var.rt;
  const vendor = await getVendor(db, rt.vendorId);
  const tenantId = await usableTenant(db, user, opts.tenantId ?? user.activeTenantId);
  // the account's IP restrictions (restrictions.ts): a refused address neither signs in nor refreshes (403)
  await enforceIpRestriction(c, tenantId, user, opts.familyId ? 'refresh' : 'sign-in');
  const profile = await userProfile(db, user, tenantId);
  // The token's times (iat, exp, a new auth_time) follow the emulator clock (PUT /_emulator/clock).
  // auth_time is the time of the authentication the caller passes on (a refresh keeps the session's).
  const clockNow = await emulatorNow(db);
  const authTime = auth.authTime ?? Math.floor(clockNow / 1000);
  const expiresIn = vendor.tokenSettings.accessTokenExpiresIn ?? rt.accessTokenExpiresIn ?? 300;
  const refreshTtl = vendor.tokenSettings.refreshTokenExpiresIn;

  const refreshToken = randomToken(32);
  const refreshId = randomUUID();
  const familyId = opts.familyId ?? randomUUID();
  // an impersonation session (routes/tenants.ts) is marked with the actor in every access token
  const [imp] = await db.select({ actorId: impersonationSessions.actorId }).from(impersonationSessions).where(eq(impersonationSessions.familyId, familyId));
  await db.insert(refreshTokens).values({
    id: refreshId,
    tokenHash: sha256(refreshToken),
    familyId,
    userId: user.id,
    tenantId,
    amr: auth.amr,
    acr: auth.acr ?? null,
    authTime,
    expiresAt: new Date(clockNow + refreshTtl * 1000),
    // the client of this sign-in or refresh: the session list shows it (api-contract S)
    ipAddress: clientIp(c),
    userAgent: c.req.header('user-agent') ?? null,
    createdAt: new Date(clockNow),
  });

  const { token: accessToken, exp } = await signAccessToken(
    rt.key,
    {
      sub: user.id,
      email: user.email,
      name: user.name,
      profilePictureUrl: user.profilePictureUrl,
      tenantId,
      tenantIds: profile.tenantIds,
      roles: profile.roles.map((r) => r.key),
      permissions: profile.permissions.map((p) => p.key),
      metadata: {},
      type: 'userToken',
      amr: auth.amr,
      ...(auth.acr ? { acr: auth.acr } : {}),
      auth_time: authTime,
      sid: familyId,
      jti: randomUUID(),
      ...(imp ? { act: { sub: imp.actorId } } : {}),
    },
    { issuer: rt.issuer, audience: rt.clientId, expiresIn, now: clockNow },
  );

  // a new sign-in (not a refresh, not an impersonation) past the account's maximum ends the oldest sessions
  if (!opts.familyId && !imp) await endSessionsPastMaximum(c, user, tenantId, familyId);

  setRefreshCookie(c, refreshToken, refreshTtl);
  return {
    ...profile,
    userId: user.id,
    accessToken,
    refreshToken,
    expiresIn,
    expires: new Date(exp * 1000).toUTCString(),
    exp,
    mfaRequired: false as const,
    emailVerified: user.verified,
    isBreachedPassword: auth.isBreachedPassword ?? false,
    amr: auth.amr,
    acr: auth.acr ?? undefined,
    auth_time: authTime,
  };
}

export type LoginResponse = Awaited<ReturnType<typeof issueSession>>;

/**
 * The refusal of an impersonated session (an access token with `act`) asking for another tenant than its own (a token
 * for it, a switch to it): an impersonation stays in the tenant it was opened in, so the admin's account never reaches
 * another account of the user (issue 29).
 */
export const impersonationCannotLeave = () => forbidden('An impersonated session cannot leave its tenant', 'ER-IMPERSONATION-TENANT');

/** The tenant an impersonation session (refresh family `familyId`, routes/tenants.ts) was opened in; undefined for any other session. */
export async function impersonationTenant(db: Db, familyId: string): Promise<string | undefined> {
  const [imp] = await db.select({ tenantId: impersonationSessions.tenantId }).from(impersonationSessions).where(eq(impersonationSessions.familyId, familyId));
  return imp?.tenantId;
}

type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** One live session: its family id, its first refresh token (the sign-in) and its newest (the last sign-in or refresh). */
export interface LiveSessionFamily {
  familyId: string;
  first: RefreshTokenRow;
  newest: RefreshTokenRow;
}

/**
 * The user's live sessions (refresh-token families whose newest token is neither revoked nor expired on the emulator
 * clock), oldest sign-in first. The session's tenant is its newest token's `tenantId`.
 */
export async function liveSessionFamilies(db: Db, userId: string): Promise<LiveSessionFamily[]> {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId)).orderBy(asc(refreshTokens.createdAt));
  const families = new Map<string, RefreshTokenRow[]>();
  for (const r of rows) families.set(r.familyId, [...(families.get(r.familyId) ?? []), r]);
  const now = await emulatorNow(db);
  return [...families.entries()].flatMap(([familyId, list]) => {
    const newest = list.reduce((a, b) => (b.createdAt >= a.createdAt ? b : a));
    const alive = !newest.revokedAt && newest.expiresAt.getTime() > now;
    return alive ? [{ familyId, first: list[0], newest }] : [];
  });
}

/** The session configurations of account `tenantId` (routes/admin/sessions.ts stores them; defaults: all off). */
export async function sessionConfigurationsFor(db: Db, tenantId: string): Promise<SessionConfigurations> {
  return sessionConfigurationsOf(await tenantSettings(db, tenantId));
}

/**
 * Maximum concurrent sessions (SI-3.11 maximumConcurrentSessions; issue 22 item 2): when the account's
 * `sessionConcurrentConfiguration` is active and the user now has more than `maxSessions` live sessions in `tenantId`,
 * ends the oldest (by sign-in) until `maxSessions` remain — never `keepFamilyId`, the session just signed in. Each
 * ended session is audited `session.revoked` (WARNING, reason `maxSessions`).
 */
async function endSessionsPastMaximum(c: Ctx, user: UserRow, tenantId: string, keepFamilyId: string): Promise<void> {
  const db = c.var.db;
  const { sessionConcurrentConfiguration: limit } = await sessionConfigurationsFor(db, tenantId);
  if (!limit.isActive) return;
  const inTenant = (await liveSessionFamilies(db, user.id)).filter((s) => s.newest.tenantId === tenantId);
  const excess = inTenant.length - limit.maxSessions;
  if (excess <= 0) return;
  const oldest = inTenant.filter((s) => s.familyId !== keepFamilyId).slice(0, excess);
  for (const s of oldest) {
    await revokeFamily(db, s.familyId);
    await auditUser(c, user, tenantId, {
      action: 'session.revoked',
      targetId: s.familyId,
      severity: 'WARNING',
      description: `Session ended: more than ${limit.maxSessions} concurrent sessions: ${user.email}`,
      details: { email: user.email, reason: 'maxSessions', maxSessions: limit.maxSessions, sessionId: s.familyId, signedInAt: s.first.createdAt.toISOString() },
    });
  }
}

/** The refusal reason of a refresh past the account's forced re-login (`sessionTimeoutConfiguration`). */
export const SESSION_LIFETIME_ENDED = 'Session has expired (forced re-login)';
/** The refusal reason of a refresh past the account's idle timeout (`sessionIdleTimeoutConfiguration`). */
export const SESSION_IDLE_TIMEOUT = 'Session has expired (idle timeout)';

/**
 * Forced re-login and idle timeout (SI-3.11; issue 22 item 2), by the emulator clock: the refresh token `row` may not
 * be spent when its session signed in more than `sessionTimeoutConfiguration.timeout` seconds ago, or was last
 * refreshed (the token's own `createdAt`) more than `sessionIdleTimeoutConfiguration.timeout` seconds ago, the active
 * configurations being those of the session's account. @returns the refusal reason, or null
 */
async function sessionPolicyRefusal(db: Db, row: RefreshTokenRow, now: number): Promise<string | null> {
  const config = await sessionConfigurationsFor(db, row.tenantId);
  const lifetime = config.sessionTimeoutConfiguration;
  if (lifetime.isActive) {
    const [first] = await db
      .select({ createdAt: refreshTokens.createdAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, row.familyId))
      .orderBy(asc(refreshTokens.createdAt))
      .limit(1);
    const signedInAt = (first ?? row).createdAt.getTime();
    if (now - signedInAt > lifetime.timeout * 1000) return SESSION_LIFETIME_ENDED;
  }
  const idle = config.sessionIdleTimeoutConfiguration;
  if (idle.isActive && now - row.createdAt.getTime() > idle.timeout * 1000) return SESSION_IDLE_TIMEOUT;
  return null;
}

/** Revokes every refresh token of a family (a session). */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: await emulatorDate(db) })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Spends a refresh token and issues the next one of its session (one
 * rotation, shared by the embedded refresh, the OAuth refresh grant and the
 * silent authorize). A revoked token presented again is treated as theft:
 * the whole family (session) is revoked. The new session keeps the old one's
 * amr, acr and auth_time (a refresh is not an authentication) and moves to
 * `tenantId` when the user belongs to it, else to the user's active tenant. A session past its account's forced
 * re-login or idle timeout is refused and ended (see {@link sessionPolicyRefusal}).
 * @returns the user and the login response, or the failure message
 *   (callers answer it, not throw it, so that a revocation commits).
 */
export async function rotateRefreshToken(
  c: Ctx,
  token: string | undefined | null,
  tenantId?: string | null,
): Promise<{ ok: true; user: UserRow; lr: LoginResponse } | { ok: false; message: string }> {
  const db = c.var.db;
  const fail = (message: string) => ({ ok: false as const, message });
  if (!token) return fail('Session not found');
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row) return fail('Session not found');
  if (row.revokedAt) {
    await revokeFamily(db, row.familyId);
    return fail('Session has been revoked');
  }
  const now = await emulatorNow(db);
  if (row.expiresAt.getTime() <= now) return fail('Session has expired');
  const policyRefusal = await sessionPolicyRefusal(db, row, now);
  if (policyRefusal) {
    await revokeFamily(db, row.familyId);
    return fail(policyRefusal);
  }
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (revoked.length === 0) {
    await revokeFamily(db, row.familyId);
    return fail('Session has been revoked');
  }
  const user = await getUser(db, row.userId);
  if (user.isLocked) {
    await revokeFamily(db, row.familyId);
    return fail('User is locked');
  }
  const memberOf = new Set((await userTenantList(db, user.id)).map((t) => t.tenantId));
  if (memberOf.size === 0) {
    // disabled everywhere, or a temporary user past the expiry (admin §4)
    await revokeFamily(db, row.familyId);
    return fail('User is disabled');
  }
  // an impersonation stays in the tenant it was opened in: it never crosses into another account of the user (issue 29)
  const pinned = await impersonationTenant(db, row.familyId);
  if (pinned && !memberOf.has(pinned)) {
    await revokeFamily(db, row.familyId);
    return fail('User is not a member of this tenant');
  }
  const requested = tenantId && memberOf.has(tenantId) ? tenantId : undefined;
  const fallback = memberOf.has(user.activeTenantId) ? user.activeTenantId : memberOf.has(row.tenantId) ? row.tenantId : [...memberOf][0];
  const target = pinned ?? requested ?? fallback;
  const lr = await issueSession(c, user, { amr: row.amr, acr: row.acr, authTime: row.authTime }, { tenantId: target, familyId: row.familyId });
  await db
    .update(refreshTokens)
    .set({ replacedBy: sha256(lr.refreshToken) })
    .where(eq(refreshTokens.id, row.id));
  return { ok: true, user, lr };
}

/** The audit row of a sign-out (`user.signed-out`, INFO) of the session `row`. */
export async function auditSignedOut(c: Ctx, row: { userId: string; tenantId: string; familyId: string }): Promise<void> {
  const [user] = await c.var.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.userId));
  await auditUser(c, user ?? { id: row.userId }, row.tenantId, { action: 'user.signed-out', details: { sessionId: row.familyId } });
}

/**
 * The audit row of a refused refresh (`session.refresh.refused`, WARNING) when the token names a session (revoked,
 * reused, expired, the user locked or disabled). A missing or unknown token writes nothing: a page load without a
 * session asks for a refresh too.
 */
export async function auditRefreshRefused(c: Ctx, token: string | undefined | null, reason: string): Promise<void> {
  if (!token) return;
  const [row] = await c.var.db
    .select({ userId: refreshTokens.userId, tenantId: refreshTokens.tenantId, familyId: refreshTokens.familyId, email: users.email })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row) return;
  await auditUser(c, { id: row.userId, email: row.email }, row.tenantId, {
    action: 'session.refresh.refused',
    targetId: row.familyId,
    severity: 'WARNING',
    description: `Session refresh refused (${reason}): ${row.email}`,
    details: { reason, sessionId: row.familyId },
    durable: true,
  });
}

// ---------------------------------------------------------------- MFA challenge

/**
 * True when the MFA policy in force for the user's account (`user.activeTenantId`: the account's own over the
 * vendor's, policies.ts) forces MFA (Force or ForceExceptSAML) and the user is not exempt (`mfaBypass`).
 */
export async function mfaPolicyForces(db: Db, vendorId: string, user: UserRow): Promise<boolean> {
  const { mfa } = await effectivePolicies(db, vendorId, user.activeTenantId);
  return mfa.enforceMFAType !== 'DontForce' && !user.mfaBypass;
}

export async function mfaRequiredResponse(db: Db, user: UserRow, opts: { isBreachedPassword: boolean }) {
  // every kind of device (mfa-devices.ts), and the active strategies (for enrolment)
  const mfaDevices = await mfaDevicesOf(db, user.id);
  const enrolled = Object.values(mfaDevices).some((list) => list.length > 0);
  const mfaToken = randomToken(32);
  const now = await emulatorNow(db);
  await db.insert(mfaTokens).values({
    tokenHash: sha256(mfaToken),
    userId: user.id,
    pendingSecret: null,
    isBreachedPassword: opts.isBreachedPassword,
    expiresAt: new Date(now + MFA_TOKEN_TTL_MS),
    consumedAt: null,
    createdAt: new Date(now),
  });
  return {
    mfaRequired: true as const,
    mfaToken,
    mfaEnrolled: enrolled,
    mfaStrategies: await activeStrategies(db),
    mfaDevices,
    userId: user.id,
    email: user.email,
  };
}

/**
 * After a successful first factor: either an MFA challenge (no tokens) or a
 * full session. MFA is required when the user has an authenticator or the
 * MFA policy in force for the user's account forces it.
 */
export async function completePrimaryAuth(c: Ctx, user: UserRow, opts: { isBreachedPassword: boolean; amr?: string[] }) {
  const db = c.var.db;
  const enrolled = (await mfaDeviceCount(db, user.id)) > 0;
  // a browser remembered at an earlier MFA (rememberDevice, mfa-devices.ts) skips it until it expires
  if ((enrolled || (await mfaPolicyForces(db, c.var.rt.vendorId, user))) && !(await isRememberedDevice(c, user.id))) {
    return mfaRequiredResponse(db, user, opts);
  }
  const lr = await issueSession(c, user, { amr: opts.amr ?? ['pwd'], isBreachedPassword: opts.isBreachedPassword });
  await auditSignedIn(c, user, lr.tenantId, lr.amr);
  return lr;
}

/** The audit row of a completed sign-in (`user.signed-in`, INFO), by the user, in the session's tenant; `amr` names the method. */
export async function auditSignedIn(c: Ctx, user: UserRow, tenantId: string, amr: string[]): Promise<void> {
  await auditUser(c, user, tenantId, {
    action: 'user.signed-in',
    description: `Signed in (${amr.join(', ')})`,
    details: { amr },
  });
}

/**
 * The audit row of a wrong MFA code at sign-in (`user.mfa.failed`, WARNING, durable) for the user of the MFA token
 * `tokenHash`; `method` names the factor (authenticator, sms, email…). Nothing when the token is unknown.
 */
export async function auditMfaFailed(c: Ctx, tokenHash: string, method: string): Promise<void> {
  const [row] = await c.var.db
    .select({ id: users.id, email: users.email, tenantId: users.activeTenantId })
    .from(mfaTokens)
    .innerJoin(users, eq(users.id, mfaTokens.userId))
    .where(eq(mfaTokens.tokenHash, tokenHash));
  if (!row) return;
  await auditUser(c, row, row.tenantId, {
    action: 'user.mfa.failed',
    severity: 'WARNING',
    description: `Wrong MFA code (${method}): ${row.email}`,
    details: { method },
    durable: true,
  });
}

/** Loads a live MFA token (not expired, not consumed) or answers 400. */
export async function loadMfaToken(db: Db, mfaToken: string) {
  const [row] = await db
    .select()
    .from(mfaTokens)
    .where(eq(mfaTokens.tokenHash, sha256(mfaToken)));
  if (!row || row.consumedAt || row.expiresAt.getTime() <= (await emulatorNow(db))) {
    throw badRequest('The MFA token is invalid or has expired', 'ER-MFA-TOKEN-INVALID');
  }
  return row;
}

export async function consumeMfaToken(db: Db, tokenHash: string): Promise<void> {
  const res = await db
    .update(mfaTokens)
    .set({ consumedAt: await emulatorDate(db) })
    .where(and(eq(mfaTokens.tokenHash, tokenHash), isNull(mfaTokens.consumedAt)))
    .returning({ h: mfaTokens.tokenHash });
  if (res.length === 0) throw badRequest('The MFA token is invalid or has expired', 'ER-MFA-TOKEN-INVALID');
}
