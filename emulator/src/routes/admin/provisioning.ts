/**
 * Admin routes: the account's SCIM 2.0 provisioning connections (issue 23 item 6; api-contract §W; AB-3.23, AB-7.53).
 * The domain rules are in src/scim/connections.ts; the SCIM server the connections speak is routes/scim.ts.
 *
 * - `GET directory/resources/v1/configurations/scim2` → `[{ id, connectionName, source, syncToUserManagement,
 *   createdAt, lastSync }]`, oldest first. Emulator additions on each: `userCount`, `groupCount` (what the connection
 *   pushed) and `scimUrl`, the connection's absolute SCIM base URL from the request's origin
 *   (`<origin>/frontegg/scim/v2/<id>`).
 * - `POST …/scim2` `{ source, connectionName?, syncToUserManagement? }` → 201 `{ id, connectionName, token }`: the
 *   bearer token is shown this once (stored as a SHA-256).
 * - `PATCH …/scim2/{id}` `{ syncToUserManagement }` → 200 (empty). Turning it on syncs every entry the connection's
 *   directory holds only (pushed while it was off) into user management, in this request's transaction (scim/server.ts
 *   `syncDirectory`); an entry that cannot be synced (another connection provisions its email, the domain
 *   restrictions refuse it, the account has a group of that name) answers its status (409, 403) with
 *   `Cannot sync "<name>": <reason>` and nothing changes. Turning it off only stops later pushes from reaching user
 *   management: what was synced stays, still managed by scim2. The audit row says how many entries were synced.
 * - `DELETE …/scim2/{id}` with the JSON body `{ deleteAll }` → 200 (empty): with `deleteAll` true the users and groups
 *   the connection pushed are removed from the account too; false (the default) leaves them, managed by frontegg.
 * - `GET directory/resources/scim/temp/{id}/Users/count` → `{ count }` (countConfigurationUsers).
 * - `GET …/scim2/{id}/logs` (emulator addition) → the newest 50 SCIM requests of the connection, newest first:
 *   `[{ id, method, resource, status, error, createdAt, user? }]`; `user` `{ id, name, email }` names the person of a
 *   `/Users/<id>` request (a member of the account, or one the connection removed; issue 31 item 7).
 *
 * Reads need `fe.secure.read.provisioningConfiguration`, changes `fe.secure.write.provisioningConfiguration`
 * (403 `Not authorized`); a connection of another account is 404 `Connection not found`. Every change writes one
 * audit row (`scim-connection.created|updated|deleted`).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { requirePermission } from '../../http/permissions.ts';
import { parseBody } from '../../http/body.ts';
import { idParams } from '../../http/params.ts';
import { audit } from '../../audit.ts';
import { SCIM_SOURCES, connectionOf, connectionUserCount, createConnection, deleteConnection, listConnections, lockConnection, updateConnection } from '../../scim/connections.ts';
import { syncDirectory } from '../../scim/server.ts';
import { requestLog } from '../../scim/log.ts';

export const adminProvisioningRoutes = new Hono<AppEnv>();

const CONFIGS = '/directory/resources/v1/configurations/scim2';
const TEMP = '/directory/resources/scim/temp';
const READ = requirePermission('fe.secure.read.provisioningConfiguration');
const WRITE = requirePermission('fe.secure.write.provisioningConfiguration');

guard(adminProvisioningRoutes, CONFIGS, `${CONFIGS}/*`, `${TEMP}/*`);

type Ctx = Context<AppEnv>;
const originOf = (c: Ctx) => new URL(c.req.url).origin;

const createBody = z.object({
  source: z.enum(SCIM_SOURCES as [string, ...string[]], { error: `source must be one of ${SCIM_SOURCES.join(', ')}` }).transform((s) => s as (typeof SCIM_SOURCES)[number]),
  connectionName: z.string().trim().max(200, { error: 'connectionName must be at most 200 characters' }).nullish(),
  syncToUserManagement: z.boolean({ error: 'syncToUserManagement must be a boolean' }).nullish(),
});
const updateBody = z.object({ syncToUserManagement: z.boolean({ error: 'syncToUserManagement must be a boolean' }).nullish() });
const deleteBody = z.object({ deleteAll: z.boolean({ error: 'deleteAll must be a boolean' }).nullish() });

/** getConfigs (api-contract §W): the account's connections with the emulator's counts and SCIM URL. */
adminProvisioningRoutes.get(CONFIGS, READ, async (c) => c.json(await listConnections(c.var.db, c.var.auth.tenantId, originOf(c))));

/** createConfiguration (api-contract §W): a new connection and its bearer token (shown once). */
adminProvisioningRoutes.post(CONFIGS, WRITE, async (c) => {
  const body = await parseBody(c, createBody);
  const { row, token } = await createConnection(c.var.db, c.var.auth.tenantId, {
    source: body.source,
    connectionName: body.connectionName ?? undefined,
    syncToUserManagement: body.syncToUserManagement ?? undefined,
  });
  await audit(c, {
    action: 'scim-connection.created',
    targetId: row.id,
    details: { name: row.connectionName, source: row.source, syncToUserManagement: row.syncToUserManagement },
  });
  return c.json({ id: row.id, connectionName: row.connectionName, token }, 201);
});

/** The request log of a connection (emulator addition): its newest 50 SCIM requests, newest first, users named. */
adminProvisioningRoutes.get(`${CONFIGS}/:id/logs`, READ, idParams('id'), async (c) => {
  const conn = await connectionOf(c.var.db, c.var.auth.tenantId, c.req.param('id'));
  return c.json(await requestLog(c.var.db, conn));
});

/** updateConfiguration (api-contract §W): `syncToUserManagement`. */
adminProvisioningRoutes.patch(`${CONFIGS}/:id`, WRITE, idParams('id'), async (c) => {
  const body = await parseBody(c, updateBody);
  const found = await connectionOf(c.var.db, c.var.auth.tenantId, c.req.param('id'));
  // locked (and read again): no push of the connection runs while its directory is synced
  const conn = (await lockConnection(c.var.db, found.id)) ?? found;
  const sync = body.syncToUserManagement ?? conn.syncToUserManagement;
  let synced = { users: 0, groups: 0 };
  if (sync !== conn.syncToUserManagement) {
    if (sync) synced = await syncDirectory(c, conn);
    await updateConnection(c.var.db, conn.id, { syncToUserManagement: sync });
  }
  await audit(c, {
    action: 'scim-connection.updated',
    targetId: conn.id,
    details: { name: conn.connectionName, syncToUserManagement: sync, was: conn.syncToUserManagement, synced },
  });
  return c.body(null, 200);
});

/** deleteConfiguration (api-contract §W): `{ deleteAll }` in the JSON body (not the query). */
adminProvisioningRoutes.delete(`${CONFIGS}/:id`, WRITE, idParams('id'), async (c) => {
  const body = await parseBody(c, deleteBody);
  const conn = await connectionOf(c.var.db, c.var.auth.tenantId, c.req.param('id'));
  const deleteAll = body.deleteAll ?? false;
  const removed = await deleteConnection(c.var.db, conn, deleteAll);
  await audit(c, { action: 'scim-connection.deleted', targetId: conn.id, details: { name: conn.connectionName, deleteAll, ...removed }, severity: 'WARNING' });
  return c.body(null, 200);
});

/** countConfigurationUsers (api-contract §W): `{ count }` of the users the connection pushed. */
adminProvisioningRoutes.get(`${TEMP}/:id/Users/count`, READ, idParams('id'), async (c) => {
  const conn = await connectionOf(c.var.db, c.var.auth.tenantId, c.req.param('id'));
  return c.json({ count: await connectionUserCount(c.var.db, conn.id) });
});
