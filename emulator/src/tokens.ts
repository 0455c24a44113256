/**
 * API tokens and access tokens (api-contract L; admin spec §3 "API token"): a token as the lists show it, the signed
 * secret of an access token, and signing in with a client-credentials token. Domain code for routes/admin/tokens.ts;
 * no routes here.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { apiTokens, permissions, rolePermissions, roles, users } from './db/schema.ts';
import type { EmulatorRuntime } from './http/env.ts';
import { unauthorized } from './http/errors.ts';
import { sha256 } from './crypto/tokens.ts';
import { emulatorNow } from './clock.ts';
import { accessTokenLifetime } from './session/access-token.ts';
import { authorizationFor } from './session/authorization.ts';
import { membership } from './lifecycle.ts';

type TokenRow = typeof apiTokens.$inferSelect;

/**
 * One token as the lists and the creation answer show it (ITenantApiTokensData / IUserApiTokensData /
 * IAccessTokensData, plus AB-3.09's id, type, createdAt and expiresInMinutes). `secret` only at creation.
 */
export function tokenDto(row: TokenRow, secret?: string) {
  const minutes = row.expiresAt ? Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000) : null;
  return {
    id: row.id,
    ...(row.kind === 'ClientCredentials' ? { clientId: row.clientId } : {}),
    description: row.description,
    metadata: row.metadata ?? undefined,
    ...(row.owner === 'tenant' ? { tenantId: row.tenantId, createdByUserId: row.createdByUserId ?? undefined, roleIds: row.roleIds } : {}),
    type: row.kind,
    createdAt: row.createdAt.toISOString(),
    expires: row.expiresAt ? row.expiresAt.toISOString() : null,
    expiresInMinutes: minutes,
    ...(secret ? { secret } : {}),
  };
}

/** An access token's secret: an RS256 JWT naming the token (`jti`), its tenant and owner, expiring with it. */
export async function signAccessTokenSecret(rt: EmulatorRuntime, row: Omit<TokenRow, 'secretHash'>): Promise<string> {
  const { key, issuer, clientId } = rt;
  const jwt = new SignJWT({
    type: row.owner === 'user' ? 'userAccessToken' : 'tenantAccessToken',
    tenantId: row.tenantId,
    ...(row.owner === 'user' ? { userId: row.userId } : { roleIds: row.roleIds, createdByUserId: row.createdByUserId }),
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(clientId)
    .setSubject(row.owner === 'user' ? (row.userId ?? row.id) : row.id)
    .setJti(row.id)
    .setIssuedAt(Math.floor(row.createdAt.getTime() / 1000));
  if (row.expiresAt) jwt.setExpirationTime(Math.floor(row.expiresAt.getTime() / 1000));
  return jwt.sign(key.privateKey);
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The role keys and permission keys of `roleIds`. */
async function grantsOfRoles(db: Db, roleIds: string[]): Promise<{ roles: string[]; permissions: string[] }> {
  if (roleIds.length === 0) return { roles: [], permissions: [] };
  const roleRows = await db.select({ key: roles.key }).from(roles).where(inArray(roles.id, roleIds));
  const permRows = await db
    .selectDistinct({ key: permissions.key })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
  return { roles: roleRows.map((r) => r.key).sort(), permissions: permRows.map((p) => p.key).sort() };
}

/**
 * Authenticates with a client-credentials token: `clientId` and `secret` → `{ accessToken, expiresIn, expires }`, an
 * RS256 JWT of the token's tenant with the permissions of its roles (tenant token) or of its user there (personal
 * token), living as long as a user's. 401 for an unknown, wrong or expired token, or a personal token whose user
 * left the tenant or is locked.
 */
export async function exchangeApiToken(db: Db, rt: EmulatorRuntime, clientIdIn: string, secret: string) {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.clientId, clientIdIn), eq(apiTokens.kind, 'ClientCredentials')));
  if (!row || !sameHash(row.secretHash, sha256(secret))) throw unauthorized('Invalid client credentials', 'ER-API-TOKEN-INVALID');
  const now = await emulatorNow(db);
  if (row.expiresAt && row.expiresAt.getTime() <= now) throw unauthorized('The API token has expired', 'ER-API-TOKEN-EXPIRED');
  let grants: { roles: string[]; permissions: string[] };
  if (row.owner === 'user') {
    const [user] = row.userId ? await db.select().from(users).where(eq(users.id, row.userId)) : [];
    const member = user ? await membership(db, user.id, row.tenantId) : undefined;
    if (!user || user.isLocked || !member?.activated || member.disabled) throw unauthorized('Invalid client credentials', 'ER-API-TOKEN-INVALID');
    const auth = await authorizationFor(db, user.id, row.tenantId);
    grants = { roles: auth.roles.map((r) => r.key), permissions: auth.permissions.map((p) => p.key) };
  } else {
    grants = await grantsOfRoles(db, row.roleIds);
  }
  const expiresIn = await accessTokenLifetime(db, rt);
  const iat = Math.floor(now / 1000);
  const { key, issuer, clientId } = rt;
  const accessToken = await new SignJWT({
    type: row.owner === 'user' ? 'userApiToken' : 'tenantApiToken',
    tenantId: row.tenantId,
    ...(row.owner === 'user' ? { userId: row.userId } : { createdByUserId: row.createdByUserId }),
    roles: grants.roles,
    permissions: grants.permissions,
    metadata: row.metadata ?? {},
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(clientId)
    .setSubject(row.owner === 'user' ? (row.userId ?? row.clientId) : row.clientId)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .sign(key.privateKey);
  return { accessToken, expiresIn, expires: new Date((iat + expiresIn) * 1000).toUTCString() };
}
