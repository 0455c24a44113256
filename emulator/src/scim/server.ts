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
 *   A user who also belongs to another account is neither linked nor has its email or name changed (409 uniqueness,
 *   audited), unless the account validated the email's domain through SSO: identity-owner.ts, issue 29.
 * - a Group creates a `user_groups` row managed by scim2 (its name unique in the account: 409 uniqueness) whose
 *   members are `members[].value`, each the id of a user this connection pushed (else 400 invalidValue).
 * - the above happens only while the connection's `syncToUserManagement` is on; every push is also (and, while it is
 *   off, only) kept in the connection's directory, `scim_resources`, which alone answers the SCIM client (see
 *   {@link LOCAL_ID} for the ids and {@link syncDirectory} for turning the flag on; emulator/README.md).
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
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/client.ts';
import type { AppEnv } from '../http/env.ts';
import { scimResources, userGroupMembers, userGroups, userSources, userTenants, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { emulatorDate } from '../clock.ts';
import { audit, scimActor, type AuditEvent } from '../audit.ts';
import { assertEmailDomainAllowed, emailDomainOf } from '../restrictions.ts';
import { identityRefusal, type IdentityChange } from '../identity-owner.ts';
import { findUserByEmail } from '../session/accounts.ts';
import { defaultRoleIdsFor } from '../session/authorization.ts';
import { addMembership } from '../roles.ts';
import { enforcePlanLimit } from '../billing/plan-limits.ts';
import { removeFromTenants, revokeSessions } from '../team.ts';
import { LOCAL_ID, touchLastSync, type ScimConnectionRow } from './connections.ts';
import { emitUserEvent, webhookUser } from '../events/payloads.ts';

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
  /**
   * The audit rows of refusals during the request — an email the account's domain restrictions refuse, a user whose
   * identity the account may not change (identity-owner.ts) — written by the caller after the rollback.
   */
  refusals: AuditEvent[];
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

// ---------------------------------------------------------------- the directory and its mapping

/** The local id a directory row maps to, or null while it is directory-only. */
const localIdOf = (row: ResourceRow): string | null => (typeof row.data[LOCAL_ID] === 'string' ? (row.data[LOCAL_ID] as string) : null);

/** The member SCIM ids of a directory group (`data.members[].value`, as pushed and validated). */
const directoryMembers = (row: ResourceRow): string[] => (Array.isArray(row.data.members) ? (row.data.members as Json[]).map((m) => String(m.value)) : []);

/** The condition selecting the connection's rows of `type`. */
const ownRows = (conn: ScimConnectionRow, type: ResourceType) => and(eq(scimResources.connectionId, conn.id), eq(scimResources.resourceType, type));

// ---------------------------------------------------------------- egress (read, list)

/**
 * The SCIM representation of stored directory rows (what GET answers; scimmy shapes it on the way out). Everything
 * comes from the directory — also for synced resources — so the answer is the same whatever `syncToUserManagement`
 * is; a group's members are its `data.members` still in the directory, each with its userName as `display`.
 */
async function toScim(db: Db, rows: ResourceRow[]): Promise<Json[]> {
  const memberIds = [...new Set(rows.filter((r) => r.resourceType === 'Group').flatMap(directoryMembers))];
  const names = memberIds.length
    ? await db
        .select({ id: scimResources.resourceId, userName: scimResources.name })
        .from(scimResources)
        .where(and(eq(scimResources.connectionId, rows[0].connectionId), eq(scimResources.resourceType, 'User'), inArray(scimResources.resourceId, memberIds)))
    : [];
  return rows.map((r) => {
    const { [LOCAL_ID]: _l, members: _m, ...data } = r.data;
    const base: Json = {
      ...data,
      id: r.resourceId,
      ...(r.externalId ? { externalId: r.externalId } : {}),
      meta: { created: r.createdAt, lastModified: r.updatedAt, version: `W/"${r.version}"` },
    };
    if (r.resourceType === 'User') return { ...base, userName: r.name, active: r.active };
    const members = directoryMembers(r).flatMap((value) => {
      const user = names.find((n) => n.id === value);
      return user ? [{ value, display: user.userName }] : [];
    });
    return { ...base, displayName: r.name, members };
  });
}

/** The stored resource `id` of type `type` of the connection; 404 (SCIM) when it is another's or unknown. */
async function ownResource(db: Db, conn: ScimConnectionRow, type: ResourceType, id: string | undefined): Promise<ResourceRow> {
  const [row] = id
    ? await db
        .select()
        .from(scimResources)
        .where(and(ownRows(conn, type), eq(scimResources.resourceId, id)))
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

/** The resources `filter` matches; a filter scimmy parsed but cannot apply is 400 invalidFilter, never an internal message (issue 29 item 6). */
function matchFilter(filter: SCIMMY.Types.Filter, all: Json[]): Json[] {
  try {
    return filter.match(all) as Json[];
  } catch (e) {
    if (e instanceof SCIMMY.Types.Error) throw e;
    throw scimError(400, 'invalidFilter', 'The filter cannot be applied to these resources (RFC 7644 §3.4.2.2)');
  }
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
    const matched = matchFilter(resource.filter!, all);
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
    if (e.status === 403) {
      ctx.refusals.push({
        action: 'user.email-domain.refused',
        tenantId: ctx.conn.tenantId,
        actor: scimActor(ctx.conn),
        severity: 'WARNING',
        description: `${e.message} (${email})`,
        details: { userEmail: email, domain: emailDomainOf(email), reason: e.message, via: 'scim2', connectionId: ctx.conn.id },
      });
    }
    throw scimError(e.status === 403 ? 403 : 400, e.status === 403 ? null : 'invalidValue', e.message);
  }
}

/**
 * 409 uniqueness when the connection's account may not make `change` to the identity of `user`, a user it shares
 * with another account (identity-owner.ts; issue 29); the refusal's audit row is written by the caller after the
 * rollback.
 */
async function assertIdentityOwned(ctx: ScimContext, user: { id: string; email: string }, change: Omit<IdentityChange, 'via'>): Promise<void> {
  const refusal = await identityRefusal(ctx.c.var.db, ctx.c.var.rt.vendorId, user, ctx.conn.tenantId, { ...change, via: 'scim2' });
  if (!refusal) return;
  const { connectionName, id: connectionId } = ctx.conn;
  ctx.refusals.push({ ...refusal.event, actor: scimActor(ctx.conn), details: { ...refusal.event.details, connectionId, connectionName } });
  throw scimError(409, 'uniqueness', refusal.message);
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
    actor: scimActor(ctx.conn),
    severity,
    details: { ...details, via: 'scim2', connectionId: ctx.conn.id, connectionName: ctx.conn.connectionName },
  });
}

/** Refuses a new member over the seat limit of the account's plan (billing/plan-limits.ts) as a SCIM 400 with its text. */
async function seatAllowed(ctx: ScimContext): Promise<void> {
  try {
    await enforcePlanLimit(ctx.c.var.db, ctx.conn.tenantId, 'seats');
  } catch (e) {
    if (e instanceof HttpError) throw scimError(e.status, null, e.message);
    throw e;
  }
}

/** Whether a pushed `email` must pass the account's domain restrictions: yes unless its user is already a member of the account (as a push always answered). */
async function isMember(db: Db, tenantId: string, email: string): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) return false;
  const [membership] = await db
    .select({ userId: userTenants.userId })
    .from(userTenants)
    .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, tenantId)));
  return Boolean(membership);
}

/** A SCIM user as user management sees it. */
interface PushedUser {
  email: string;
  name: string;
  userName: string;
  active: boolean;
}

/**
 * Brings user management in line with a pushed user (what a push does while `syncToUserManagement` is on, and what
 * turning it on does for each directory user): with `localId` null it creates the user (id `newId`) or links the
 * account's user of that email (409 when another connection provisions it or this one already maps it; the domain
 * restrictions for an email not yet in the account), adds the membership (default roles), writes `user_sources`
 * (scim2, managed by scim2); else it updates the user's email and name. Either way the membership is disabled or
 * enabled to match `active`.
 * @returns the local user id
 */
async function syncUser(ctx: ScimContext, user: PushedUser, localId: string | null, newId: string): Promise<string> {
  const db = ctx.c.var.db;
  const conn = ctx.conn;
  const { email, name, userName } = user;
  if (localId) {
    const [current] = await db.select().from(users).where(eq(users.id, localId));
    const fields = current ? ([current.email !== email && 'email', current.name !== name && 'name'].filter(Boolean) as ('email' | 'name')[]) : [];
    if (current && fields.length) await assertIdentityOwned(ctx, current, { operation: 'update', fields, newEmail: fields.includes('email') ? email : undefined });
    if (current && current.email !== email) {
      const taken = await findUserByEmail(db, email);
      if (taken && taken.id !== localId) throw scimError(409, 'uniqueness', `Another user has the email ${email}`);
      await domainAllowed(ctx, email);
    }
    await db.update(users).set({ email, name }).where(eq(users.id, localId));
    await matchActive(ctx, localId, email, user.active);
    return localId;
  }
  const now = await emulatorDate(db);
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
      .where(and(ownRows(conn, 'User'), or(eq(scimResources.resourceId, existing.id), sql`${scimResources.data}->>${LOCAL_ID} = ${existing.id}`)));
    if (pushed) throw scimError(409, 'uniqueness', `The user ${email} is already provisioned as "${pushed.userName}"`);
    await assertIdentityOwned(ctx, existing, { operation: 'link', fields: [] });
    userId = existing.id;
    const [membership] = await db
      .select()
      .from(userTenants)
      .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, conn.tenantId)));
    if (!membership) {
      await domainAllowed(ctx, email);
      await seatAllowed(ctx);
      await addMembership(db, userId, conn.tenantId, await defaultRoleIdsFor(db, ctx.c.var.rt.vendorId, conn.tenantId), true);
    } else if (!membership.activated) {
      await db
        .update(userTenants)
        .set({ activated: true })
        .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, conn.tenantId)));
    }
  } else {
    await domainAllowed(ctx, email);
    await seatAllowed(ctx);
    userId = newId;
    // no password: a provisioned user signs in through the account's SSO (or sets one by a reset); the rest are defaults
    await db.insert(users).values({ id: userId, vendorId: ctx.c.var.rt.vendorId, email, name, verified: true, activeTenantId: conn.tenantId, createdAt: now });
    await addMembership(db, userId, conn.tenantId, await defaultRoleIdsFor(db, ctx.c.var.rt.vendorId, conn.tenantId), true);
    await emitUserEvent(db, 'frontegg.user.created', { userId, tenantId: conn.tenantId, extra: { provider: 'scim2' } });
  }
  await db
    .insert(userSources)
    .values({ userId, tenantId: conn.tenantId, provider: 'scim2', managedBy: 'scim2', sourceId: conn.id, createdAt: now })
    .onConflictDoUpdate({ target: [userSources.userId, userSources.tenantId], set: { provider: 'scim2', managedBy: 'scim2', sourceId: conn.id } });
  await auditPush(ctx, 'user.provisioned', userId, { userEmail: email, userName, linked: Boolean(existing) });
  await matchActive(ctx, userId, email, user.active);
  return userId;
}

/** Disables or enables the user's membership when it does not match `active` (see {@link setActive}). */
async function matchActive(ctx: ScimContext, userId: string, email: string, active: boolean): Promise<void> {
  const [membership] = await ctx.c.var.db
    .select({ disabled: userTenants.disabled })
    .from(userTenants)
    .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, ctx.conn.tenantId)));
  if (membership && membership.disabled === active) await setActive(ctx, userId, email, active);
}

/** What a stored or pushed SCIM user is for user management; 400 invalidValue without an email. */
function pushedUser(userName: string, data: Json, active: boolean): PushedUser {
  const email = emailOfScimUser({ ...data, userName });
  if (!email.includes('@')) throw scimError(400, 'invalidValue', 'The user needs an email: emails[primary] or a userName that is an email');
  return { email, name: nameOfScimUser(data, email), userName, active };
}

async function ingressUser(id: string | undefined, data: Json, ctx: ScimContext): Promise<Json> {
  const db = ctx.c.var.db;
  const conn = ctx.conn;
  const userName = String(data.userName ?? '').trim();
  const externalId = typeof data.externalId === 'string' ? data.externalId : null;
  const { externalId: _e, userName: _u, active: _a, ...rest } = data;
  const user = pushedUser(userName, data, data.active !== false);
  const now = await emulatorDate(db);
  let resourceId: string;
  if (id) {
    const row = await ownResource(db, conn, 'User', id);
    await assertNameFree(db, conn, 'User', userName, id);
    let localId = localIdOf(row);
    if (conn.syncToUserManagement) localId = await syncUser(ctx, user, localId, row.resourceId);
    else if (user.email !== pushedUser(row.name, row.data, row.active).email && !(await isMember(db, conn.tenantId, user.email))) await domainAllowed(ctx, user.email);
    await db
      .update(scimResources)
      .set({ name: userName, externalId, active: user.active, data: localId ? { ...rest, [LOCAL_ID]: localId } : rest, version: row.version + 1, updatedAt: now })
      .where(and(ownRows(conn, 'User'), eq(scimResources.resourceId, id)));
    await auditPush(ctx, 'user.provisioning.updated', id, { userEmail: user.email, userName, syncedToUserManagement: Boolean(localId) });
    resourceId = id;
  } else {
    await assertNameFree(db, conn, 'User', userName);
    let localId: string | null = null;
    resourceId = randomUUID();
    if (conn.syncToUserManagement) resourceId = localId = await syncUser(ctx, user, null, resourceId);
    else {
      if (!(await isMember(db, conn.tenantId, user.email))) await domainAllowed(ctx, user.email);
      await auditPush(ctx, 'user.provisioned', resourceId, { userEmail: user.email, userName, syncedToUserManagement: false });
    }
    await db.insert(scimResources).values({
      connectionId: conn.id,
      resourceType: 'User',
      resourceId,
      externalId,
      name: userName,
      active: user.active,
      data: localId ? { ...rest, [LOCAL_ID]: localId } : rest,
      createdAt: now,
      updatedAt: now,
    });
  }
  await touchLastSync(db, conn.id);
  return (await toScim(db, [await ownResource(db, conn, 'User', resourceId)]))[0];
}

/**
 * Removes a user from the directory (and from the directory's groups). A synced user is removed from the account
 * while `syncToUserManagement` is on; while it is off the user stays and is handed over to frontegg (the portal
 * manages it again: nothing keeps it in line with the directory any more).
 */
async function degressUser(id: string | undefined, ctx: ScimContext): Promise<void> {
  const db = ctx.c.var.db;
  const conn = ctx.conn;
  const row = await ownResource(db, conn, 'User', id);
  const localId = localIdOf(row);
  await db.delete(scimResources).where(and(ownRows(conn, 'User'), eq(scimResources.resourceId, row.resourceId)));
  const groups = await db.select().from(scimResources).where(ownRows(conn, 'Group'));
  for (const group of groups.filter((g) => directoryMembers(g).includes(row.resourceId))) {
    const members = directoryMembers(group)
      .filter((m) => m !== row.resourceId)
      .map((value) => ({ value }));
    await db
      .update(scimResources)
      .set({ data: { ...group.data, members } })
      .where(and(ownRows(conn, 'Group'), eq(scimResources.resourceId, group.resourceId)));
  }
  let details: Json = { userName: row.name, syncedToUserManagement: Boolean(localId) };
  if (localId) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, localId));
    if (conn.syncToUserManagement) {
      const before = await webhookUser(db, localId, conn.tenantId);
      await db.delete(userSources).where(and(eq(userSources.userId, localId), eq(userSources.tenantId, conn.tenantId)));
      const { userDeleted } = await removeFromTenants(db, localId, [conn.tenantId]);
      const event = { userId: localId, tenantId: conn.tenantId, user: before };
      await emitUserEvent(db, 'frontegg.user.removedFromTenant', event);
      if (userDeleted) await emitUserEvent(db, 'frontegg.user.deleted', event);
      details = { ...details, userEmail: user?.email, userDeleted };
    } else {
      await db
        .update(userSources)
        .set({ managedBy: 'frontegg' })
        .where(and(eq(userSources.userId, localId), eq(userSources.tenantId, conn.tenantId), eq(userSources.sourceId, conn.id)));
      details = { ...details, userEmail: user?.email, handedOverToFrontegg: true };
    }
  }
  await auditPush(ctx, 'user.deprovisioned', localId ?? row.resourceId, details, 'WARNING');
  await touchLastSync(db, conn.id);
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
    .where(and(ownRows(conn, 'User'), inArray(scimResources.resourceId, ids)));
  const unknown = ids.filter((id) => !own.some((o) => o.id === id));
  if (unknown.length) throw scimError(400, 'invalidValue', `Not a user of this connection: ${unknown.join(', ')}`);
  return ids;
}

/** 409 uniqueness when another group of the account (any source) has `name`. */
async function assertGroupNameFree(db: Db, conn: ScimConnectionRow, name: string, exceptId?: string | null): Promise<void> {
  const [clash] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.tenantId, conn.tenantId), sql`lower(${userGroups.name}) = lower(${name})`));
  if (clash && clash.id !== exceptId) throw scimError(409, 'uniqueness', `A group named "${name}" already exists`);
}

/**
 * Brings user management in line with a directory group (a push while `syncToUserManagement` is on, or turning it
 * on): creates the `user_groups` row managed by scim2 (id `newId`; its name unique in the account, else 409
 * uniqueness) or renames the synced one, and replaces its members by the local users of `members` (SCIM ids).
 * @returns the local group id
 */
async function syncGroup(ctx: ScimContext, displayName: string, members: string[], localId: string | null, newId: string): Promise<string> {
  const db = ctx.c.var.db;
  const conn = ctx.conn;
  const now = await emulatorDate(db);
  await assertGroupNameFree(db, conn, displayName, localId);
  const groupId = localId ?? newId;
  if (localId) await db.update(userGroups).set({ name: displayName, updatedAt: now }).where(eq(userGroups.id, localId));
  else
    await db
      .insert(userGroups)
      .values({ id: groupId, tenantId: conn.tenantId, vendorId: ctx.c.var.rt.vendorId, name: displayName, managedBy: 'scim2', createdAt: now, updatedAt: now });
  await db.delete(userGroupMembers).where(eq(userGroupMembers.groupId, groupId));
  const rows = members.length
    ? await db
        .select()
        .from(scimResources)
        .where(and(ownRows(conn, 'User'), inArray(scimResources.resourceId, members)))
    : [];
  const userIds = members.flatMap((m) => {
    const row = rows.find((r) => r.resourceId === m);
    const local = row && localIdOf(row);
    return local ? [local] : [];
  });
  if (userIds.length) await db.insert(userGroupMembers).values(userIds.map((userId) => ({ groupId, userId, createdAt: now })));
  return groupId;
}

async function ingressGroup(id: string | undefined, data: Json, ctx: ScimContext): Promise<Json> {
  const db = ctx.c.var.db;
  const conn = ctx.conn;
  const displayName = String(data.displayName ?? '').trim();
  const externalId = typeof data.externalId === 'string' ? data.externalId : null;
  const { externalId: _e, displayName: _d, members: _m, ...rest } = data;
  const ids = await memberIds(db, conn, data);
  const now = await emulatorDate(db);
  const row = id ? await ownResource(db, conn, 'Group', id) : undefined;
  await assertNameFree(db, conn, 'Group', displayName, id);
  const resourceId = id ?? randomUUID();
  let localId = row ? localIdOf(row) : null;
  if (conn.syncToUserManagement) localId = await syncGroup(ctx, displayName, ids, localId, resourceId);
  const stored = { ...rest, members: ids.map((value) => ({ value })), ...(localId ? { [LOCAL_ID]: localId } : {}) };
  if (row) {
    await db
      .update(scimResources)
      .set({ name: displayName, externalId, data: stored, version: row.version + 1, updatedAt: now })
      .where(and(ownRows(conn, 'Group'), eq(scimResources.resourceId, resourceId)));
  } else {
    await db
      .insert(scimResources)
      .values({ connectionId: conn.id, resourceType: 'Group', resourceId, externalId, name: displayName, data: stored, createdAt: now, updatedAt: now });
  }
  await auditPush(ctx, id ? 'group.provisioning.updated' : 'group.provisioned', localId ?? resourceId, {
    name: displayName,
    members: ids,
    syncedToUserManagement: Boolean(localId),
  });
  await touchLastSync(db, conn.id);
  return (await toScim(db, [await ownResource(db, conn, 'Group', resourceId)]))[0];
}

/** Removes a group from the directory; a synced one leaves the account while syncing is on, else is handed over to frontegg. */
async function degressGroup(id: string | undefined, ctx: ScimContext): Promise<void> {
  const db = ctx.c.var.db;
  const conn = ctx.conn;
  const row = await ownResource(db, conn, 'Group', id);
  const localId = localIdOf(row);
  if (localId && conn.syncToUserManagement) await db.delete(userGroups).where(and(eq(userGroups.id, localId), eq(userGroups.tenantId, conn.tenantId)));
  else if (localId) {
    await db
      .update(userGroups)
      .set({ managedBy: 'frontegg', updatedAt: await emulatorDate(db) })
      .where(and(eq(userGroups.id, localId), eq(userGroups.tenantId, conn.tenantId)));
  }
  await db.delete(scimResources).where(and(ownRows(conn, 'Group'), eq(scimResources.resourceId, row.resourceId)));
  await auditPush(
    ctx,
    'group.deprovisioned',
    localId ?? row.resourceId,
    { name: row.name, syncedToUserManagement: Boolean(localId), handedOverToFrontegg: Boolean(localId) && !conn.syncToUserManagement },
    'WARNING',
  );
  await touchLastSync(db, conn.id);
}

// ---------------------------------------------------------------- turning syncToUserManagement on

/**
 * Syncs every directory-only user and group of `conn` into user management as a push would (api-contract §W
 * `syncToUserManagement`; AB-3.23, AB-7.53): users first, oldest first — created with their SCIM id as id, or linked
 * to the account's user of that email — then groups with their members; each entry gets its local id mapped
 * ({@link LOCAL_ID}), so SCIM ids never change. Runs in the caller's transaction (the admin PATCH): a refusal (another
 * connection provisions an email, the domain restrictions, a group name the account already has) throws and the
 * switch changes nothing. The caller stores the flag and audits the switch.
 * @throws HttpError with the SCIM error's status (403, 409, 400) and `Cannot sync "<name>": <detail>`
 * @returns how many users and groups were synced
 */
export async function syncDirectory(c: Context<AppEnv>, conn: ScimConnectionRow): Promise<{ users: number; groups: number }> {
  const db = c.var.db;
  const ctx: ScimContext = { c, conn: { ...conn, syncToUserManagement: true }, refusals: [] };
  const order = [asc(scimResources.createdAt), asc(scimResources.resourceId)];
  const pending = (type: ResourceType) =>
    db
      .select()
      .from(scimResources)
      .where(and(ownRows(conn, type), sql`not (${scimResources.data} ? ${LOCAL_ID})`))
      .orderBy(...order);
  const mapTo = (row: ResourceRow, localId: string) =>
    db
      .update(scimResources)
      .set({ data: { ...row.data, [LOCAL_ID]: localId } })
      .where(and(ownRows(conn, row.resourceType), eq(scimResources.resourceId, row.resourceId)));
  let current: ResourceRow | undefined;
  try {
    const userRows = await pending('User');
    for (const row of userRows) {
      current = row;
      await mapTo(row, await syncUser(ctx, pushedUser(row.name, row.data, row.active), null, row.resourceId));
    }
    const groupRows = await pending('Group');
    for (const row of groupRows) {
      current = row;
      await mapTo(row, await syncGroup(ctx, row.name, directoryMembers(row), null, row.resourceId));
    }
    return { users: userRows.length, groups: groupRows.length };
  } catch (e) {
    if (!(e instanceof SCIMMY.Types.Error)) throw e;
    // the PATCH rolls back: the refusals' rows stay on record (audit.ts `durable`)
    for (const event of ctx.refusals) await audit(c, { ...event, durable: true });
    throw new HttpError(Number(e.status) as ContentfulStatusCode, `Cannot sync "${current?.name}": ${e.message}`);
  }
}
