/**
 * The SCIM 2.0 service provider of the provisioning connections (RFC 7643/7644; issue 23 item 6), on `scimmy`:
 * scimmy parses filters, attributes and PatchOp messages, coerces and validates resources against the User (with
 * the enterprise extension) and Group schemas, and shapes ListResponse and Error messages; the ingress, egress and
 * degress handlers here are what a push does in the account:
 *
 * - a User creates, or links, a user of the connection's account (`users` + `user_tenants`, default roles): email
 *   from the primary email (else the first, else `userName`), name from `name.formatted`, `givenName familyName`,
 *   `displayName` or the email's local part. The email must pass the account's email-domain restrictions
 *   (restrictions.ts; 403 with the reason). The user gets a `user_sources` row (provider scim2, managedBy scim2,
 *   sourceId the connection) and a `scim_resources` row (externalId, userName, active, the SCIM data as written, never
 *   a password). `active: false` disables the user in the account (`user_tenants.disabled`, sessions revoked: the
 *   admin's disable), `true` enables it. DELETE removes the user from the account (team.ts `removeFromTenants`).
 * - a Group creates a `user_groups` row managed by scim2 (its name unique in the account: 409 uniqueness) whose
 *   members are `members[].value`, each the id of a user this connection pushed (else 400 invalidValue).
 * - every successful write sets the connection's `lastSync` and writes one audit row.
 * - isolation: a connection reads and writes only the resources it pushed; any other id is 404.
 *
 * Handlers are declared once (scimmy keeps them on the resource classes) and take everything per request from the
 * `ctx` argument scimmy passes through ({@link ScimContext}). Lists are filtered and paged in SQL when the filter is
 * one `eq` on `userName`, `externalId`, `displayName` or `id` (what Okta and Entra ID send before a create);
 * any other filter scimmy parsed is matched by scimmy in memory over the connection's resources. An attribute the
 * schema does not know matches nothing (an empty ListResponse, not an error).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import SCIMMY from 'scimmy';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { AppEnv } from '../http/env.ts';
import { scimResources, userGroupMembers, userGroups, userSources, userTenants, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { emulatorDate } from '../clock.ts';
import { audit } from '../audit.ts';
import { assertEmailDomainAllowed } from '../restrictions.ts';
import { defaultRoleIdsFor, findUserByEmail } from '../session.ts';
import { addMembership } from '../roles.ts';
import { removeFromTenants, revokeSessions } from '../team.ts';
import { touchLastSync, type ScimConnectionRow } from './connections.ts';

type ResourceRow = typeof scimResources.$inferSelect;
type ResourceType = ResourceRow['resourceType'];
type Json = Record<string, unknown>;

/** A page of a list, as the handler paged it (scimmy's ListResponse is then told only the page). */
export interface ListPage {
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
}

/** Everything a handler needs about the request; scimmy hands it to every ingress/egress/degress call. */
export interface ScimContext {
  /** The request (for audit rows); its `db` is the handler's transaction. */
  c: Context<AppEnv>;
  conn: ScimConnectionRow;
  /** Set by a list egress: what the ListResponse must say. */
  page?: ListPage;
  /** Emails the account's domain restrictions refused during the request (audited by the route after the rollback). */
  refusals: { email: string; reason: string }[];
}

/** Page size of a list when the client sends no `count`, and the largest page served. */
export const DEFAULT_COUNT = 100;
export const MAX_COUNT = 1000;

/** SCIM error with the RFC 7644 §3.12 status and keyword. */
const scimError = (status: number, scimType: string | null, detail: string) => new SCIMMY.Types.Error(status, scimType as string, detail);
const notFound = (id: string | undefined) => scimError(404, null, `Resource ${id} not found`);

// ---------------------------------------------------------------- declaration (once)

let declared = false;

/** Declares the User (with the enterprise extension) and Group resources and the service provider configuration, once. */
export function declareScim(): void {
  if (declared) return;
  declared = true;
  SCIMMY.Config.set({
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    filter: { supported: true, maxResults: MAX_COUNT },
    bulk: { supported: false },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: "The connection's bearer token, shown once when the connection is created", primary: true },
    ],
  });
  // the handlers answer plain JSON; scimmy coerces and validates it against the schema on the way out
  SCIMMY.Resources.declare(SCIMMY.Resources.User.extend(SCIMMY.Schemas.EnterpriseUser, false))
    .egress(async (resource, ctx) => (await egress('User', resource, ctx as ScimContext)) as never)
    .ingress(async (resource, instance, ctx) => (await ingressUser(resource.id, plain(instance), ctx as ScimContext)) as never)
    .degress((resource, ctx) => degressUser(resource.id, ctx as ScimContext));
  SCIMMY.Resources.declare(SCIMMY.Resources.Group)
    .egress(async (resource, ctx) => (await egress('Group', resource, ctx as ScimContext)) as never)
    .ingress(async (resource, instance, ctx) => (await ingressGroup(resource.id, plain(instance), ctx as ScimContext)) as never)
    .degress((resource, ctx) => degressGroup(resource.id, ctx as ScimContext));
}

/** A scimmy schema instance as plain JSON, without `schemas`, `meta`, `id` and any password (never stored). */
function plain(instance: unknown): Json {
  const { schemas: _s, meta: _m, id: _i, password: _p, ...rest } = JSON.parse(JSON.stringify(instance)) as Json;
  return rest;
}

// ---------------------------------------------------------------- egress (read, list)

/** The SCIM representation of a stored resource (what GET answers; scimmy shapes it on the way out). */
async function toScim(db: Db, rows: ResourceRow[]): Promise<Json[]> {
  const groupIds = rows.filter((r) => r.resourceType === 'Group').map((r) => r.resourceId);
  const members = groupIds.length
    ? await db
        .select({ groupId: userGroupMembers.groupId, userId: userGroupMembers.userId, userName: scimResources.name })
        .from(userGroupMembers)
        .leftJoin(
          scimResources,
          and(eq(scimResources.resourceId, userGroupMembers.userId), eq(scimResources.resourceType, 'User'), eq(scimResources.connectionId, rows[0].connectionId)),
        )
        .where(inArray(userGroupMembers.groupId, groupIds))
        .orderBy(asc(userGroupMembers.createdAt))
    : [];
  return rows.map((r) => {
    const base: Json = {
      ...r.data,
      id: r.resourceId,
      ...(r.externalId ? { externalId: r.externalId } : {}),
      meta: { created: r.createdAt, lastModified: r.updatedAt, version: `W/"${r.version}"` },
    };
    if (r.resourceType === 'User') return { ...base, userName: r.name, active: r.active };
    const own = members.filter((m) => m.groupId === r.resourceId);
    return { ...base, displayName: r.name, members: own.map((m) => ({ value: m.userId, ...(m.userName ? { display: m.userName } : {}) })) };
  });
}

/** The stored resource `id` of type `type` of the connection; 404 (SCIM) when it is another's or unknown. */
async function ownResource(db: Db, conn: ScimConnectionRow, type: ResourceType, id: string | undefined): Promise<ResourceRow> {
  const [row] = id
    ? await db
        .select()
        .from(scimResources)
        .where(and(eq(scimResources.connectionId, conn.id), eq(scimResources.resourceType, type), eq(scimResources.resourceId, id)))
    : [];
  if (!row) throw notFound(id);
  return row;
}

/** Attributes whose `eq` filter is answered in SQL, by resource type. */
const SQL_EQ: Record<ResourceType, Record<string, (v: string) => SQL>> = {
  User: {
    username: (v) => sql`lower(${scimResources.name}) = lower(${v})`,
    externalid: (v) => eq(scimResources.externalId, v),
    id: (v) => eq(scimResources.resourceId, v),
  },
  Group: {
    displayname: (v) => sql`lower(${scimResources.name}) = lower(${v})`,
    externalid: (v) => eq(scimResources.externalId, v),
    id: (v) => eq(scimResources.resourceId, v),
  },
};

/** The SQL condition of a filter that is a single `eq` on an indexed attribute, else undefined (see the module comment). */
function sqlFilter(type: ResourceType, filter: SCIMMY.Types.Filter | undefined): SQL | undefined {
  if (!filter || filter.length !== 1) return undefined;
  const entries = Object.entries(filter[0] as Record<string, unknown>);
  if (entries.length !== 1) return undefined;
  const [attr, expr] = entries[0];
  const condition = SQL_EQ[type][attr.toLowerCase()];
  if (!condition || !Array.isArray(expr) || expr.length !== 2 || expr[0] !== 'eq' || typeof expr[1] !== 'string') return undefined;
  return condition(expr[1]);
}

async function egress(type: ResourceType, resource: SCIMMY.Types.Resource, ctx: ScimContext): Promise<Json | Json[]> {
  const db = ctx.c.var.db;
  if (resource.id) return (await toScim(db, [await ownResource(db, ctx.conn, type, resource.id)]))[0];
  const constraints = resource.constraints ?? {};
  const startIndex = Math.max(1, Number(constraints.startIndex ?? 1) || 1);
  const wanted = Math.min(MAX_COUNT, Math.max(0, Number(constraints.count ?? DEFAULT_COUNT) || 0));
  const own = and(eq(scimResources.connectionId, ctx.conn.id), eq(scimResources.resourceType, type));
  const order = [asc(scimResources.createdAt), asc(scimResources.resourceId)];
  const pushed = resource.filter?.length ? sqlFilter(type, resource.filter) : sql`true`;
  let items: Json[];
  let total: number;
  if (pushed) {
    const where = and(own, pushed);
    const rows = wanted
      ? await db
          .select()
          .from(scimResources)
          .where(where)
          .orderBy(...order)
          .limit(wanted)
          .offset(startIndex - 1)
      : [];
    const [n] = await db.select({ n: count() }).from(scimResources).where(where);
    total = Number(n.n);
    items = await toScim(db, rows);
  } else {
    const all = await toScim(
      db,
      await db
        .select()
        .from(scimResources)
        .where(own)
        .orderBy(...order),
    );
    const matched = resource.filter!.match(all) as Json[];
    total = matched.length;
    items = matched.slice(startIndex - 1, startIndex - 1 + wanted);
  }
  ctx.page = { totalResults: total, startIndex, itemsPerPage: items.length };
  // scimmy's ListResponse pages a whole result set; this is one page already: let it keep every item
  resource.constraints = { startIndex: 1, count: Math.max(items.length, 1) };
  return items;
}

// ---------------------------------------------------------------- Users

const lowerEmail = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** The email of a SCIM user: the primary email, else the first, else `userName` (when it is an email). */
export function emailOfScimUser(data: Json): string {
  const emails = Array.isArray(data.emails) ? (data.emails as Json[]) : [];
  const chosen = emails.find((e) => e.primary === true) ?? emails[0];
  return lowerEmail(chosen?.value) || lowerEmail(data.userName);
}

/** The display name of a SCIM user: `name.formatted`, `givenName familyName`, `displayName`, else the email's local part. */
export function nameOfScimUser(data: Json, email: string): string {
  const name = (data.name ?? {}) as Json;
  const given = [name.givenName, name.familyName].filter((v) => typeof v === 'string' && v.trim()).join(' ');
  const candidates = [name.formatted, given, data.displayName];
  const found = candidates.find((v) => typeof v === 'string' && v.trim()) as string | undefined;
  return found?.trim() ?? email.split('@')[0];
}

/** The account's email-domain restrictions for a pushed email: a refusal is a SCIM error with the reason (and is audited by the route). */
async function domainAllowed(ctx: ScimContext, email: string): Promise<void> {
  try {
    await assertEmailDomainAllowed(ctx.c.var.db, ctx.conn.tenantId, email);
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    if (e.status === 403) ctx.refusals.push({ email, reason: e.message });
    throw scimError(e.status === 403 ? 403 : 400, e.status === 403 ? null : 'invalidValue', e.message);
  }
}

/** 409 uniqueness when another resource of the connection already has `name` (userName / displayName, case-insensitive). */
async function assertNameFree(db: Db, conn: ScimConnectionRow, type: ResourceType, name: string, exceptId?: string): Promise<void> {
  const [clash] = await db
    .select({ id: scimResources.resourceId })
    .from(scimResources)
    .where(and(eq(scimResources.connectionId, conn.id), eq(scimResources.resourceType, type), sql`lower(${scimResources.name}) = lower(${name})`));
  if (clash && clash.id !== exceptId) throw scimError(409, 'uniqueness', `A ${type === 'User' ? 'user' : 'group'} named "${name}" already exists`);
}

/** Disables (`active` false) or enables the user in the connection's account, as the admin's disable/enable does. */
async function setActive(ctx: ScimContext, userId: string, email: string, active: boolean): Promise<void> {
  const db = ctx.c.var.db;
  await db
    .update(userTenants)
    .set({ disabled: !active })
    .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, ctx.conn.tenantId)));
  if (!active) await revokeSessions(db, userId, ctx.conn.tenantId);
  await auditPush(ctx, active ? 'user.enabled' : 'user.disabled', userId, { userEmail: email }, 'WARNING');
}

/** One audit row of a push, in the connection's account, with the connection named. */
function auditPush(ctx: ScimContext, action: string, targetId: string, details: Json, severity: 'INFO' | 'WARNING' = 'INFO'): Promise<void> {
  return audit(ctx.c, {
    action,
    targetId,
    tenantId: ctx.conn.tenantId,
    actor: null,
    severity,
    details: { ...details, via: 'scim2', connectionId: ctx.conn.id, connectionName: ctx.conn.connectionName },
  });
}

async function ingressUser(id: string | undefined, data: Json, ctx: ScimContext): Promise<Json> {
  const db = ctx.c.var.db;
  const conn = ctx.conn;
  const userName = String(data.userName ?? '').trim();
  const email = emailOfScimUser(data);
  if (!email.includes('@')) throw scimError(400, 'invalidValue', 'The user needs an email: emails[primary] or a userName that is an email');
  const name = nameOfScimUser(data, email);
  const active = data.active !== false;
  const externalId = typeof data.externalId === 'string' ? data.externalId : null;
  const { externalId: _e, userName: _u, active: _a, ...rest } = data;
  const now = await emulatorDate(db);
  if (id) {
    const row = await ownResource(db, conn, 'User', id);
    await assertNameFree(db, conn, 'User', userName, id);
    const [current] = await db.select().from(users).where(eq(users.id, id));
    if (current && current.email !== email) {
      const taken = await findUserByEmail(db, email);
      if (taken && taken.id !== id) throw scimError(409, 'uniqueness', `Another user has the email ${email}`);
      await domainAllowed(ctx, email);
    }
    await db.update(users).set({ email, name }).where(eq(users.id, id));
    await db
      .update(scimResources)
      .set({ name: userName, externalId, active, data: rest, version: row.version + 1, updatedAt: now })
      .where(and(eq(scimResources.connectionId, conn.id), eq(scimResources.resourceType, 'User'), eq(scimResources.resourceId, id)));
    if (row.active !== active) await setActive(ctx, id, email, active);
    await auditPush(ctx, 'user.provisioning.updated', id, { userEmail: email, userName });
    await touchLastSync(db, conn.id);
    return (await toScim(db, [await ownResource(db, conn, 'User', id)]))[0];
  }
  await assertNameFree(db, conn, 'User', userName);
  const existing = await findUserByEmail(db, email);
  let userId: string;
  if (existing) {
    const [source] = await db
      .select()
      .from(userSources)
      .where(and(eq(userSources.userId, existing.id), eq(userSources.tenantId, conn.tenantId)));
    if (source?.managedBy === 'scim2' && source.sourceId !== conn.id) throw scimError(409, 'uniqueness', `The user ${email} is provisioned by another connection`);
    const [pushed] = await db
      .select({ userName: scimResources.name })
      .from(scimResources)
      .where(and(eq(scimResources.connectionId, conn.id), eq(scimResources.resourceType, 'User'), eq(scimResources.resourceId, existing.id)));
    if (pushed) throw scimError(409, 'uniqueness', `The user ${email} is already provisioned as "${pushed.userName}"`);
    userId = existing.id;
    const [membership] = await db
      .select()
      .from(userTenants)
      .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, conn.tenantId)));
    if (!membership) {
      await domainAllowed(ctx, email);
      await addMembership(db, userId, conn.tenantId, await defaultRoleIdsFor(db, ctx.c.var.rt.vendorId, conn.tenantId), true);
    } else if (!membership.activated) {
      await db
        .update(userTenants)
        .set({ activated: true })
        .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, conn.tenantId)));
    }
  } else {
    await domainAllowed(ctx, email);
    userId = randomUUID();
    // no password: a provisioned user signs in through the account's SSO (or sets one by a reset); the rest are defaults
    await db.insert(users).values({ id: userId, vendorId: ctx.c.var.rt.vendorId, email, name, verified: true, activeTenantId: conn.tenantId, createdAt: now });
    await addMembership(db, userId, conn.tenantId, await defaultRoleIdsFor(db, ctx.c.var.rt.vendorId, conn.tenantId), true);
  }
  await db
    .insert(userSources)
    .values({ userId, tenantId: conn.tenantId, provider: 'scim2', managedBy: 'scim2', sourceId: conn.id, createdAt: now })
    .onConflictDoUpdate({ target: [userSources.userId, userSources.tenantId], set: { provider: 'scim2', managedBy: 'scim2', sourceId: conn.id } });
  await db
    .insert(scimResources)
    .values({ connectionId: conn.id, resourceType: 'User', resourceId: userId, externalId, name: userName, active, data: rest, createdAt: now, updatedAt: now });
  await auditPush(ctx, 'user.provisioned', userId, { userEmail: email, userName, linked: Boolean(existing) });
  if (!active) await setActive(ctx, userId, email, false);
  await touchLastSync(db, conn.id);
  return (await toScim(db, [await ownResource(db, conn, 'User', userId)]))[0];
}

async function degressUser(id: string | undefined, ctx: ScimContext): Promise<void> {
  const db = ctx.c.var.db;
  const row = await ownResource(db, ctx.conn, 'User', id);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.resourceId));
  await db.delete(scimResources).where(and(eq(scimResources.connectionId, ctx.conn.id), eq(scimResources.resourceType, 'User'), eq(scimResources.resourceId, row.resourceId)));
  await db.delete(userSources).where(and(eq(userSources.userId, row.resourceId), eq(userSources.tenantId, ctx.conn.tenantId)));
  const { userDeleted } = await removeFromTenants(db, row.resourceId, [ctx.conn.tenantId]);
  await auditPush(ctx, 'user.deprovisioned', row.resourceId, { userEmail: user?.email, userName: row.name, userDeleted }, 'WARNING');
  await touchLastSync(db, ctx.conn.id);
}

// ---------------------------------------------------------------- Groups

/** The member ids of a SCIM group: each must be a user this connection pushed (400 invalidValue naming the others). */
async function memberIds(db: Db, conn: ScimConnectionRow, data: Json): Promise<string[]> {
  const members = Array.isArray(data.members) ? (data.members as Json[]) : [];
  const ids = [...new Set(members.map((m) => String(m.value ?? '')).filter(Boolean))];
  if (!ids.length) return [];
  const own = await db
    .select({ id: scimResources.resourceId })
    .from(scimResources)
    .where(and(eq(scimResources.connectionId, conn.id), eq(scimResources.resourceType, 'User'), inArray(scimResources.resourceId, ids)));
  const unknown = ids.filter((id) => !own.some((o) => o.id === id));
  if (unknown.length) throw scimError(400, 'invalidValue', `Not a user of this connection: ${unknown.join(', ')}`);
  return ids;
}

/** 409 uniqueness when another group of the account (any source) has `name`. */
async function assertGroupNameFree(db: Db, conn: ScimConnectionRow, name: string, exceptId?: string): Promise<void> {
  const [clash] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.tenantId, conn.tenantId), sql`lower(${userGroups.name}) = lower(${name})`));
  if (clash && clash.id !== exceptId) throw scimError(409, 'uniqueness', `A group named "${name}" already exists`);
}

async function ingressGroup(id: string | undefined, data: Json, ctx: ScimContext): Promise<Json> {
  const db = ctx.c.var.db;
  const conn = ctx.conn;
  const displayName = String(data.displayName ?? '').trim();
  const externalId = typeof data.externalId === 'string' ? data.externalId : null;
  const { externalId: _e, displayName: _d, members: _m, ...rest } = data;
  const ids = await memberIds(db, conn, data);
  const now = await emulatorDate(db);
  const groupId = id ?? randomUUID();
  if (id) {
    const row = await ownResource(db, conn, 'Group', id);
    await assertGroupNameFree(db, conn, displayName, id);
    await db.update(userGroups).set({ name: displayName, updatedAt: now }).where(eq(userGroups.id, id));
    await db
      .update(scimResources)
      .set({ name: displayName, externalId, data: rest, version: row.version + 1, updatedAt: now })
      .where(and(eq(scimResources.connectionId, conn.id), eq(scimResources.resourceType, 'Group'), eq(scimResources.resourceId, id)));
    await db.delete(userGroupMembers).where(eq(userGroupMembers.groupId, id));
  } else {
    await assertGroupNameFree(db, conn, displayName);
    await db
      .insert(userGroups)
      .values({ id: groupId, tenantId: conn.tenantId, vendorId: ctx.c.var.rt.vendorId, name: displayName, managedBy: 'scim2', createdAt: now, updatedAt: now });
    await db
      .insert(scimResources)
      .values({ connectionId: conn.id, resourceType: 'Group', resourceId: groupId, externalId, name: displayName, data: rest, createdAt: now, updatedAt: now });
  }
  if (ids.length) await db.insert(userGroupMembers).values(ids.map((userId) => ({ groupId, userId, createdAt: now })));
  await auditPush(ctx, id ? 'group.provisioning.updated' : 'group.provisioned', groupId, { name: displayName, userIds: ids });
  await touchLastSync(db, conn.id);
  return (await toScim(db, [await ownResource(db, conn, 'Group', groupId)]))[0];
}

async function degressGroup(id: string | undefined, ctx: ScimContext): Promise<void> {
  const db = ctx.c.var.db;
  const row = await ownResource(db, ctx.conn, 'Group', id);
  await db.delete(userGroups).where(and(eq(userGroups.id, row.resourceId), eq(userGroups.tenantId, ctx.conn.tenantId)));
  await db.delete(scimResources).where(and(eq(scimResources.connectionId, ctx.conn.id), eq(scimResources.resourceType, 'Group'), eq(scimResources.resourceId, row.resourceId)));
  await auditPush(ctx, 'group.deprovisioned', row.resourceId, { name: row.name }, 'WARNING');
  await touchLastSync(db, ctx.conn.id);
}
