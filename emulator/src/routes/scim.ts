/**
 * The SCIM 2.0 endpoint of each provisioning connection (RFC 7644; issue 23 item 6): the base URL is
 * `<origin>/frontegg/scim/v2/{connectionId}` (scim/connections.ts `scimBaseUrl`; the portal lists it as `scimUrl`),
 * and every request carries `Authorization: Bearer <the connection's token>` — the token selects the connection; a
 * missing or wrong token, or one of another connection, answers 401.
 *
 * Resources under the base: `/Users` and `/Groups` (POST create → 201 with `Location`; GET list with `filter`,
 * `startIndex`, `count`, `attributes`, `excludedAttributes` → ListResponse; GET/PUT/PATCH/DELETE `/{id}`, DELETE → 204),
 * `/ServiceProviderConfig`, `/Schemas[/{id}]`, `/ResourceTypes[/{id}]`. What a push does is scim/server.ts; the client
 * quirks accepted are scim/normalise.ts. Answers are `application/scim+json`; errors the SCIM error schema
 * (`urn:ietf:params:scim:api:messages:2.0:Error`, `status` a string, `scimType`, `detail`).
 *
 * Each request runs in a savepoint (a write holding the connection's row lock, so a connection's writes run one at a
 * time): a failed push leaves nothing behind, yet is logged — every request of a connection
 * is written to its request log (scim/log.ts: method, the path after the base with its query, status, the error's
 * `detail`), kept to the newest 100. An email refused by the account's domain restrictions is also audited
 * (`user.email-domain.refused`, via scim2).
 */
import { Hono, type Context } from 'hono';
import SCIMMY from 'scimmy';
import type { AppEnv } from '../http/env.ts';
import type { Db } from '../db/client.ts';
import { audit } from '../audit.ts';
import { SCIM_BASE_PATH, connectionByToken, connectionExists, lockConnection, scimBaseUrl, type ScimConnectionRow } from '../scim/connections.ts';
import { logRequest } from '../scim/log.ts';
import { declareScim, type ScimContext } from '../scim/server.ts';
import { normalisePatch, normaliseResource } from '../scim/normalise.ts';

export const scimRoutes = new Hono<AppEnv>();

type Ctx = Context<AppEnv>;
type Json = Record<string, unknown>;

/** The SCIM media type (RFC 7644 §3.1). */
export const SCIM_CONTENT_TYPE = 'application/scim+json';

declareScim();

/** A SCIM error (RFC 7644 §3.12): `status`, the `detail`, and the `scimType` keyword of a 400 or 409. */
const fail = (status: number, detail: string, scimType?: string) => new SCIMMY.Types.Error(status, scimType as string, detail);

/** An answer of the SCIM endpoint: status and body (none for 204). */
interface Answer {
  status: number;
  body?: unknown;
  location?: string;
}

/** The SCIM error answer of a thrown error (scimmy errors keep their status; a TypeError is 400 invalidValue). */
function errorAnswer(e: unknown): Answer {
  let ex: unknown = e;
  if (e instanceof TypeError) ex = fail(400, e.message, 'invalidValue');
  else if (!(e instanceof SCIMMY.Types.Error)) {
    console.error('[emulator] SCIM request failed:', e);
    ex = fail(500, 'Internal server error');
  }
  const body = new SCIMMY.Messages.ErrorResponse(ex as InstanceType<typeof SCIMMY.Types.Error>);
  return { status: Number(body.status), body };
}

const scimAnswer = (c: Ctx, a: Answer) => {
  const headers: Record<string, string> = { 'content-type': SCIM_CONTENT_TYPE };
  if (a.location) headers.location = a.location;
  return a.status === 204 ? c.body(null, 204, headers) : c.body(JSON.stringify(a.body), a.status as 200, headers);
};

/** The connection the bearer token selects, when it is the one the path names. */
async function authenticate(c: Ctx, connectionId: string): Promise<ScimConnectionRow | undefined> {
  const header = c.req.header('authorization')?.trim() ?? '';
  const token = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : '';
  if (!token) return undefined;
  const conn = await connectionByToken(c.var.db, token);
  return conn?.id === connectionId ? conn : undefined;
}

/** Parses a request body (JSON, whatever the content type says); 400 invalidSyntax when it is not. */
async function bodyOf(c: Ctx): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw fail(400, 'The request body is not valid JSON', 'invalidSyntax');
  }
}

/**
 * A `filter` scimmy can apply (RFC 7644 §3.4.2.2), as sent; issue 29 item 6. scimmy refuses some filters with a SCIM
 * error of its own (kept) and chokes on others with an internal TypeError (`userName eq "x" or 1 eq 1`: a comparison
 * whose attribute is not an attribute path); those answer 400 `invalidFilter` with a human detail, never the
 * internal message.
 * @throws SCIMMY.Types.Error 400 invalidFilter
 */
export function checkedFilter(filter: string): string {
  try {
    new SCIMMY.Types.Filter(filter);
  } catch (e) {
    if (e instanceof SCIMMY.Types.Error) throw e;
    throw fail(400, `The filter "${filter}" cannot be applied: each comparison needs an attribute path, an operator and a value (RFC 7644 §3.4.2.2)`, 'invalidFilter');
  }
  return filter;
}

/** The list and read parameters of the query (RFC 7644 §3.4.2), as scimmy takes them. */
function queryConfig(c: Ctx) {
  const q = c.req.query();
  const int = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number.parseInt(v, 10));
  const config: Record<string, unknown> = {};
  if (q.filter) config.filter = checkedFilter(q.filter);
  if (q.attributes) config.attributes = q.attributes;
  if (q.excludedAttributes) config.excludedAttributes = q.excludedAttributes;
  for (const key of ['startIndex', 'count'] as const) {
    const n = int(q[key]);
    if (n !== undefined && Number.isNaN(n)) throw fail(400, `${key} must be an integer`, 'invalidValue');
    if (n !== undefined) config[key] = n;
  }
  return config;
}

/** Puts the absolute `meta.location` on a resource of the connection. */
function located(resource: Json, base: string, endpoint: string): Json {
  const meta = (resource.meta ?? {}) as Json;
  if (typeof resource.id === 'string') resource.meta = { ...meta, location: `${base}${endpoint}/${resource.id}` };
  return resource;
}

const RESOURCES = { Users: SCIMMY.Resources.User, Groups: SCIMMY.Resources.Group } as const;

/** Serves one SCIM request of `conn` (`segments`: the path after the base, split). */
async function serve(c: Ctx, conn: ScimConnectionRow, segments: string[], base: string, ctx: ScimContext): Promise<Answer> {
  const method = c.req.method;
  const [head, id, ...more] = segments;
  if (more.length) throw fail(404, `Endpoint /${segments.join('/')} not found`);
  if (head === 'ServiceProviderConfig' && !id && method === 'GET') return { status: 200, body: await new SCIMMY.Resources.ServiceProviderConfig().read() };
  if ((head === 'Schemas' || head === 'ResourceTypes') && method === 'GET') {
    const Resource = head === 'Schemas' ? SCIMMY.Resources.Schema : SCIMMY.Resources.ResourceType;
    return { status: 200, body: await (id ? new Resource(id) : new Resource()).read() };
  }
  if (head !== 'Users' && head !== 'Groups') throw fail(404, `Endpoint /${segments.join('/')} not found`);
  const Resource = RESOURCES[head];
  const endpoint = `/${head}`;
  const config = queryConfig(c);
  const out = (r: unknown) => located(JSON.parse(JSON.stringify(r)) as Json, base, endpoint);
  if (!id) {
    if (method === 'GET') {
      const list = JSON.parse(JSON.stringify(await new Resource(undefined, config).read(ctx))) as Json;
      const page = ctx.page ?? { totalResults: 0, startIndex: 1, itemsPerPage: 0 };
      const Resources = ((list.Resources ?? []) as Json[]).map((r) => located(r, base, endpoint));
      return { status: 200, body: { schemas: list.schemas, totalResults: page.totalResults, startIndex: page.startIndex, itemsPerPage: page.itemsPerPage, Resources } };
    }
    if (method === 'POST') {
      const created = out(await new Resource(undefined, config).write(withCoreSchema(normaliseResource(await bodyOf(c)), head), ctx));
      return { status: 201, body: created, location: (created.meta as Json).location as string };
    }
    throw fail(501, `Method ${method} not allowed on ${endpoint}`);
  }
  const one = new Resource(id, config);
  if (method === 'GET') return { status: 200, body: out(await one.read(ctx)) };
  if (method === 'PUT') return { status: 200, body: out(await one.write(withCoreSchema(normaliseResource(await bodyOf(c)), head), ctx)) };
  if (method === 'PATCH') {
    const current = JSON.parse(JSON.stringify(await new Resource(id).read(ctx))) as Json;
    const patched = await one.patch(normalisePatch(await bodyOf(c), current) as Parameters<typeof one.patch>[0], ctx);
    return { status: 200, body: out(patched ?? (await new Resource(id, config).read(ctx))) };
  }
  if (method === 'DELETE') {
    await one.dispose(ctx);
    return { status: 204 };
  }
  throw fail(501, `Method ${method} not allowed on ${endpoint}/{id}`);
}

const CORE_SCHEMAS = { Users: SCIMMY.Schemas.User.definition.id, Groups: SCIMMY.Schemas.Group.definition.id };

/** A resource body without `schemas` (some clients leave it out) gets the resource's core schema. */
function withCoreSchema(body: unknown, head: keyof typeof CORE_SCHEMAS): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Json;
  return Array.isArray(b.schemas) && b.schemas.length ? b : { ...b, schemas: [CORE_SCHEMAS[head]] };
}

/** The path after the base with its query, for the request log. */
function loggedResource(url: URL, baseLength: number): string {
  const rest = url.pathname.slice(baseLength) || '/';
  let query = url.search;
  try {
    query = decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    /* keep it encoded */
  }
  return `${rest}${query}`;
}

async function handle(c: Ctx) {
  const connectionId = c.req.param('connectionId') ?? '';
  const url = new URL(c.req.url);
  const basePath = `${SCIM_BASE_PATH}/${connectionId}`;
  const resource = loggedResource(url, basePath.length);
  // the request's database: a transaction for a mutating method (the push then runs in a savepoint of it), else the root
  const outer: Db = c.var.db;
  const conn = await authenticate(c, connectionId);
  if (!conn) {
    const answer = errorAnswer(fail(401, 'The bearer token is missing or not valid for this connection'));
    if (await connectionExists(outer, connectionId))
      await logRequest(outer, { connectionId, method: c.req.method, resource, status: answer.status, error: (answer.body as Json).detail as string });
    return scimAnswer(c, answer);
  }
  const ctx: ScimContext = { c, conn, refusals: [] };
  const base = scimBaseUrl(url.origin, conn.id);
  const segments = url.pathname.slice(basePath.length).split('/').filter(Boolean);
  let answer: Answer;
  try {
    answer = await outer.transaction(async (tx) => {
      c.set('db', tx as unknown as Db);
      try {
        // a write reads the connection again under its lock: a concurrent switch of syncToUserManagement has committed
        if (c.req.method !== 'GET') ctx.conn = (await lockConnection(tx as unknown as Db, conn.id)) ?? conn;
        return await serve(c, ctx.conn, segments, base, ctx);
      } finally {
        c.set('db', outer);
      }
    });
  } catch (e) {
    answer = errorAnswer(e);
    // the savepoint rolled back: the refusals' audit rows are written now (scim/server.ts ScimContext.refusals)
    for (const event of ctx.refusals) await audit(c, event);
  }
  const error = answer.status >= 400 ? String((answer.body as Json | undefined)?.detail ?? '') : null;
  await logRequest(outer, { connectionId: conn.id, method: c.req.method, resource, status: answer.status, error });
  return scimAnswer(c, answer);
}

scimRoutes.all(`${SCIM_BASE_PATH}/:connectionId`, handle);
scimRoutes.all(`${SCIM_BASE_PATH}/:connectionId/*`, handle);
