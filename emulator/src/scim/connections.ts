/**
 * SCIM 2.0 provisioning connections of an account (api-contract §W; AB-3.23, AB-7.53): a connection is a source
 * (frontegg, okta, azure-ad, other), a name, `syncToUserManagement`, and a bearer token that a directory (Okta,
 * Entra ID…) presents to the connection's SCIM base URL. The token is shown once, at creation, and stored as its
 * SHA-256 only. Domain code for routes/admin/provisioning.ts and routes/scim.ts; no routes here.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { scimConnections, scimResources, userGroups, userSources } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { emulatorDate } from '../clock.ts';
import { removeFromTenants } from '../team.ts';

export type ScimConnectionRow = typeof scimConnections.$inferSelect;
export type ScimSource = ScimConnectionRow['source'];
/** SCIM sources (AB-3.23; Frontegg's `ScimConnectionSource`). */
export const SCIM_SOURCES: readonly ScimSource[] = ['frontegg', 'okta', 'azure-ad', 'other'];

/**
 * The path of a connection's SCIM base URL, under the API prefix (so a host that proxies `/frontegg` to the emulator
 * also proxies SCIM): `/frontegg/scim/v2/{connectionId}`; the resources are below it (`/Users`, `/Groups`, …).
 */
export const SCIM_BASE_PATH = '/frontegg/scim/v2';

/** The absolute SCIM base URL of connection `id` as seen from `origin` (e.g. `http://127.0.0.1:8787`). */
export const scimBaseUrl = (origin: string, id: string): string => `${origin.replace(/\/+$/, '')}${SCIM_BASE_PATH}/${id}`;

/** The stored form of a bearer token: its SHA-256, hex. */
export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The key of `scim_resources.data` holding the local id (users.id / user_groups.id) of a resource synced to user
 * management; a row without it is directory-only. The SCIM `id` is `resource_id` and never changes: a resource pushed
 * while `syncToUserManagement` is on gets its local id as SCIM id (a new user's id, or the linked user's), one synced
 * later keeps its directory uuid (a new user or group is created with it as id; a linked user keeps its own id and
 * only this key maps). Never answered to the client (scimmy cannot write it: it is no schema attribute).
 */
export const LOCAL_ID = '$localId';

/** A connection as listed (Scim2ConnectionConfigResponse plus the emulator's `userCount`, `groupCount`, `scimUrl`). */
export interface ConnectionDto {
  id: string;
  connectionName: string;
  source: ScimSource;
  syncToUserManagement: boolean;
  createdAt: string;
  lastSync: string | null;
  userCount: number;
  groupCount: number;
  scimUrl: string;
}

/** The connections of `tenantId`, oldest first, each with its pushed user and group counts (two queries in all). */
export async function listConnections(db: Db, tenantId: string, origin: string): Promise<ConnectionDto[]> {
  const rows = await db.select().from(scimConnections).where(eq(scimConnections.tenantId, tenantId)).orderBy(asc(scimConnections.createdAt), asc(scimConnections.id));
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ connectionId: scimResources.connectionId, resourceType: scimResources.resourceType, n: count() })
        .from(scimResources)
        .where(inArray(scimResources.connectionId, ids))
        .groupBy(scimResources.connectionId, scimResources.resourceType)
    : [];
  const countOf = (id: string, type: 'User' | 'Group') => Number(counts.find((c) => c.connectionId === id && c.resourceType === type)?.n ?? 0);
  return rows.map((r) => ({
    id: r.id,
    connectionName: r.connectionName,
    source: r.source,
    syncToUserManagement: r.syncToUserManagement,
    createdAt: r.createdAt.toISOString(),
    lastSync: r.lastSync?.toISOString() ?? null,
    userCount: countOf(r.id, 'User'),
    groupCount: countOf(r.id, 'Group'),
    scimUrl: scimBaseUrl(origin, r.id),
  }));
}

/** The connection `id` of `tenantId`; 404 `Connection not found` for another account's or an unknown one. */
export async function connectionOf(db: Db, tenantId: string, id: string): Promise<ScimConnectionRow> {
  const [row] = await db
    .select()
    .from(scimConnections)
    .where(and(eq(scimConnections.tenantId, tenantId), eq(scimConnections.id, id)));
  if (!row) throw notFound('Connection not found', 'ER-SCIM-CONNECTION-NOT-FOUND');
  return row;
}

/**
 * Creates a connection of `tenantId` and its bearer token: 32 random bytes, base64url (43 characters), stored as its
 * SHA-256. The token is returned here only. `connectionName` defaults to the source's name.
 */
export async function createConnection(
  db: Db,
  tenantId: string,
  input: { source: ScimSource; connectionName?: string; syncToUserManagement?: boolean },
): Promise<{ row: ScimConnectionRow; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(scimConnections)
    .values({
      id: randomUUID(),
      tenantId,
      connectionName: input.connectionName?.trim() || input.source,
      source: input.source,
      syncToUserManagement: input.syncToUserManagement ?? true,
      tokenHash: tokenHash(token),
      createdAt: await emulatorDate(db),
    })
    .returning();
  return { row, token };
}

/** The connection whose token is `token`, if any (the token selects the connection). */
export async function connectionByToken(db: Db, token: string): Promise<ScimConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(scimConnections)
    .where(eq(scimConnections.tokenHash, tokenHash(token)));
  return row;
}

/** True when connection `id` exists (in any account): a refused request to it is still logged. */
export async function connectionExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: scimConnections.id }).from(scimConnections).where(eq(scimConnections.id, id));
  return Boolean(row);
}

/**
 * Locks connection `id` until the request's transaction ends (`SELECT … FOR UPDATE`, as db/locks.ts): a connection's
 * writes then run one at a time on a Postgres server too, so its check-then-insert of a userName or displayName and
 * its replace of a group's members never interleave, nor a push with a switch of `syncToUserManagement` (PGlite runs
 * one transaction at a time anyway).
 * @returns the connection as it is once locked (undefined when there is none)
 */
export async function lockConnection(db: Db, id: string): Promise<ScimConnectionRow | undefined> {
  const [row] = await db.select().from(scimConnections).where(eq(scimConnections.id, id)).for('update');
  return row;
}

/** The number of users connection `id` pushed (countConfigurationUsers). */
export async function connectionUserCount(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(scimResources)
    .where(and(eq(scimResources.connectionId, id), eq(scimResources.resourceType, 'User')));
  return Number(row?.n ?? 0);
}

/**
 * Deletes a connection (api-contract §W deleteConfiguration). With `deleteAll` the users it pushed leave the account
 * (team.ts `removeFromTenants`: a user left in no account is deleted) and its groups are deleted; without, they stay
 * and become managed by frontegg (editable in the portal). Its resources and request log go with it.
 * Directory-only entries (pushed while `syncToUserManagement` was off) have nothing in user management: they go
 * with the connection's rows.
 * @returns how many synced users and groups were removed or handed over
 */
export async function deleteConnection(db: Db, conn: ScimConnectionRow, deleteAll: boolean): Promise<{ users: number; groups: number }> {
  // only entries synced to user management have a local user or group (the directory-only ones go with the rows)
  const resources = await db
    .select({ type: scimResources.resourceType, id: sql<string | null>`${scimResources.data}->>${LOCAL_ID}` })
    .from(scimResources)
    .where(eq(scimResources.connectionId, conn.id));
  const localIds = (type: 'User' | 'Group') => resources.flatMap((r) => (r.type === type && r.id ? [r.id] : []));
  const userIds = localIds('User');
  const groupIds = localIds('Group');
  if (deleteAll) {
    if (groupIds.length) await db.delete(userGroups).where(and(eq(userGroups.tenantId, conn.tenantId), inArray(userGroups.id, groupIds)));
    for (const userId of userIds) await removeFromTenants(db, userId, [conn.tenantId]);
  } else {
    if (groupIds.length) {
      await db
        .update(userGroups)
        .set({ managedBy: 'frontegg', updatedAt: await emulatorDate(db) })
        .where(and(eq(userGroups.tenantId, conn.tenantId), inArray(userGroups.id, groupIds)));
    }
    await db
      .update(userSources)
      .set({ managedBy: 'frontegg' })
      .where(and(eq(userSources.tenantId, conn.tenantId), eq(userSources.sourceId, conn.id)));
  }
  await db.delete(scimConnections).where(eq(scimConnections.id, conn.id));
  return { users: userIds.length, groups: groupIds.length };
}

/**
 * Changes a connection's settings (updateConfiguration): `syncToUserManagement`. Turning it on first syncs the
 * directory (scim/server.ts `syncDirectory`, called by the route); turning it off only stores the flag.
 */
export async function updateConnection(db: Db, id: string, changes: { syncToUserManagement: boolean }): Promise<void> {
  await db.update(scimConnections).set(changes).where(eq(scimConnections.id, id));
}

/** Marks a successful write through connection `id` now (`lastSync`). */
export async function touchLastSync(db: Db, id: string): Promise<void> {
  await db
    .update(scimConnections)
    .set({ lastSync: await emulatorDate(db) })
    .where(eq(scimConnections.id, id));
}
