/**
 * Admin routes: the audit log (api-contract §X, issue 20 items 12–14), as Frontegg's client (`@frontegg/rest-api`
 * `audits`, and `metadata`'s getAuditsMetadata) calls them. Rows are written by src/audit.ts.
 *
 * - `GET /audits` — the caller's tenant only; `offset` (default 0), `count` (default 20, at most 1000), `sortBy`
 *   (createdAt | time | action | severity | user | email | ip | userAgent | description; default createdAt),
 *   `sortDirection` (asc | desc, default desc), `filter` (free text over user, email, action, description, IP and
 *   user agent), and the filters `user` (an id or email), `action`, `severity` (each a comma list) and a time range
 *   `startDate` / `endDate` (ISO dates or ms since the epoch, inclusive). Answers `{ data: AuditRowData[], total }`.
 * - `GET /audits/stats` → `{ totalToday, severeThisWeek }` by the emulator clock (today since 00:00 UTC; the week is
 *   the last 7 days).
 * - `GET /metadata?entityName=audits` → `{ rows: [{ id, entityName, properties, theme, vendorId, … }] }`: the columns
 *   Time, User, Action, Description, IP Address, Severity, User Agent, Json Data. Other entities fall through to
 *   routes/metadata.ts (this module is mounted before it).
 * - `POST /audits/export/csv/v2` (and `csv`) — the client's `exportAudits`: the list's query (offset, sort, filters;
 *   no row cap) and the body `{ properties }` (the columns, in order; default the metadata's). Streamed in keyset
 *   batches of 1000 rows, written by csv-stringify with `escape_formulas` (a cell starting with `=`, `+`, `-`, `@`,
 *   tab or carriage return is prefixed with `'`), `text/csv`, `attachment; filename="audits.csv"`.
 *
 * Every route needs `fe.secure.read.audits` (403 `Not authorized`).
 *
 * `POST /_emulator/seed-audits { count, tenantId? }` writes `count` rows in one `insert … select generate_series`.
 */
import { Hono, type Context } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.ts';
import { audits } from '../../db/schema.ts';
import { SEED } from '../../db/seed.ts';
import { requireAuth } from '../../http/auth.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { AppEnv } from '../../http/env.ts';
import { badRequest } from '../../http/errors.ts';
import { parseBody } from '../../http/body.ts';
import { emulatorNow } from '../../clock.ts';
import { AUDIT_SEVERITIES, type AuditSeverity } from '../../audit.ts';

export const adminAuditRoutes = new Hono<AppEnv>();
export const adminAuditEmulatorRoutes = new Hono<AppEnv>();

const AUDITS = '/audits';
const READ_KEY = 'fe.secure.read.audits';
const READ = requirePermission(READ_KEY);

/** Page size when the caller sends none (admin §9), the largest page served, and the export's batch. */
export const AUDITS_PAGE_SIZE = 20;
export const AUDITS_MAX_PAGE_SIZE = 1000;
export const EXPORT_BATCH = 1000;

type Ctx = Context<AppEnv>;
type AuditRow = typeof audits.$inferSelect;

// ---------------------------------------------------------------- the row (AuditRowData of @frontegg/rest-api)

/** AuditRowData (`@frontegg/rest-api` audits/interfaces), with the emulator's `userAgent`, `description`, `actorId`, `targetId`. */
export function auditDto(r: AuditRow, vendorId: string) {
  const at = r.createdAt.toISOString();
  return {
    _id: r.id,
    ip: r.ip ?? '',
    /** The payload, as the client types it (`any[]`): one entry, the row's JSON data. */
    json: [r.details],
    action: r.action,
    resource: r.action.split('.')[0] ?? '',
    time: at,
    user: r.actorEmail ?? r.actorId ?? '',
    email: r.actorEmail ?? '',
    severity: r.severity,
    vendorId,
    tenantId: r.tenantId ?? '',
    createdAt: at,
    updatedAt: at,
    actorMail: r.actorEmail ?? undefined,
    actorId: r.actorId ?? undefined,
    targetId: r.targetId ?? undefined,
    userAgent: r.userAgent ?? '',
    description: r.description,
    __v: 0,
  };
}
export type AuditDto = ReturnType<typeof auditDto>;

// ---------------------------------------------------------------- the metadata entity (its columns)

/** A column of the audit log (HeaderProps of @frontegg/rest-api). */
export interface AuditColumn {
  _id: string;
  name: keyof AuditDto;
  type: string;
  sortable: boolean;
  filterable: boolean;
  displayName: string;
  showInTable: boolean;
  showInMoreInfo: string;
}

const column = (name: keyof AuditDto, displayName: string, type: string, sortable: boolean, filterable: boolean, showInTable = true): AuditColumn => ({
  _id: `audits-${name}`,
  name,
  type,
  sortable,
  filterable,
  displayName,
  showInTable,
  showInMoreInfo: showInTable ? 'Always' : 'Never',
});

/** The columns of the audit log, in order (admin §2 "Audit log columns"). */
export const AUDIT_COLUMNS: AuditColumn[] = [
  column('createdAt', 'Time', 'Timestamp', true, true),
  column('user', 'User', 'Email', true, true),
  column('action', 'Action', 'AlertMessage', true, true),
  column('description', 'Description', 'String', true, true),
  column('ip', 'IP Address', 'IpAddress', true, true),
  column('severity', 'Severity', 'Severity', true, true),
  column('userAgent', 'User Agent', 'String', true, true),
  column('json', 'Json Data', 'Json', false, false),
];

/** The `audits` metadata row (getAuditsMetadata reads `rows[0]`). */
export function auditsMetadata(vendorId: string) {
  const at = new Date(0).toISOString();
  return {
    id: 'audits-metadata',
    entityName: 'audits',
    properties: AUDIT_COLUMNS,
    theme: { styles: {} },
    vendorId,
    createdAt: at,
    updatedAt: at,
  };
}

// ---------------------------------------------------------------- the query

/** Absent, `''`, `'undefined'` and `'null'` all mean "no value". */
const opt = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' || v === 'undefined' || v === 'null' ? undefined : v));

const instant = (name: string) =>
  opt.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const ms = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: `${name} must be an ISO date or ms since the epoch` });
      return z.NEVER;
    }
    return new Date(ms);
  });

/** An integer in [min, max]; `fallback` when absent. */
const int = (name: string, min: number, max: number, fallback: number) =>
  opt.transform((v, ctx) => {
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `${name} must be an integer from ${min} to ${max}` });
      return z.NEVER;
    }
    return n;
  });

const list = opt.transform((v) =>
  v === undefined
    ? undefined
    : [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ],
);

const SORT_KEYS = ['createdAt', 'time', 'action', 'severity', 'user', 'email', 'ip', 'userAgent', 'description'] as const;
type SortKey = (typeof SORT_KEYS)[number];

const auditQuery = z.object({
  offset: int('offset', 0, Number.MAX_SAFE_INTEGER, 0),
  count: int('count', 1, AUDITS_MAX_PAGE_SIZE, AUDITS_PAGE_SIZE),
  sortBy: opt.pipe(z.enum(SORT_KEYS, { message: `sortBy must be one of ${SORT_KEYS.join(', ')}` }).optional()).transform((v): SortKey => v ?? 'createdAt'),
  sortDirection: opt
    .transform((v) => v?.toLowerCase())
    .pipe(z.enum(['asc', 'desc'], { message: 'sortDirection must be asc or desc' }).optional())
    .transform((v) => v ?? 'desc'),
  filter: opt,
  user: opt,
  action: list,
  severity: list.transform((v, ctx) => {
    const upper = v?.map((s) => s.toUpperCase());
    const bad = upper?.find((s) => !(AUDIT_SEVERITIES as readonly string[]).includes(s));
    if (bad) {
      ctx.addIssue({ code: 'custom', message: `severity must be one of ${AUDIT_SEVERITIES.join(', ')}` });
      return z.NEVER;
    }
    return upper as AuditSeverity[] | undefined;
  }),
  startDate: instant('startDate'),
  endDate: instant('endDate'),
});
export type AuditQuery = z.infer<typeof auditQuery>;

function parseQuery(c: Ctx): AuditQuery {
  const parsed = auditQuery.safeParse(c.req.query());
  if (!parsed.success) throw badRequest(parsed.error.issues.map((i) => i.message).join(', '), 'ER-AUDITS-QUERY');
  return parsed.data;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The rows of `tenantId` the query selects (without sort and paging). */
function whereOf(tenantId: string, q: AuditQuery): SQL | undefined {
  const text = q.filter?.trim();
  const like = text ? `%${likeEscape(text)}%` : '';
  return and(
    eq(audits.tenantId, tenantId),
    text
      ? or(
          ilike(audits.actorEmail, like),
          ilike(audits.actorId, like),
          ilike(audits.action, like),
          ilike(audits.description, like),
          ilike(audits.ip, like),
          ilike(audits.userAgent, like),
        )
      : undefined,
    q.user ? or(eq(audits.actorId, q.user), sql`lower(${audits.actorEmail}) = ${q.user.toLowerCase()}`) : undefined,
    q.action?.length ? inArray(audits.action, q.action) : undefined,
    q.severity?.length ? inArray(audits.severity, q.severity) : undefined,
    q.startDate ? gte(audits.createdAt, q.startDate) : undefined,
    q.endDate ? lte(audits.createdAt, q.endDate) : undefined,
  );
}

/** The sort key of a column as one non-null value (so that rows compare as tuples in the export's keyset batches). */
function sortKeyOf(key: SortKey): SQL | undefined {
  switch (key) {
    case 'createdAt':
    case 'time':
      return undefined; // created_at itself, the tie-breaker
    case 'severity':
      return sql`(case ${audits.severity} when 'SEVERE' then 2 when 'WARNING' then 1 else 0 end)`;
    case 'user':
    case 'email':
      return sql`lower(coalesce(${audits.actorEmail}, ''))`;
    case 'action':
      return sql`${audits.action}`;
    case 'ip':
      return sql`coalesce(${audits.ip}, '')`;
    case 'userAgent':
      return sql`coalesce(${audits.userAgent}, '')`;
    case 'description':
      return sql`lower(${audits.description})`;
  }
}

function orderOf(q: AuditQuery): SQL[] {
  const dir = q.sortDirection === 'asc' ? asc : desc;
  const key = sortKeyOf(q.sortBy);
  return [...(key ? [dir(key)] : []), dir(audits.createdAt), dir(audits.id)];
}

// ---------------------------------------------------------------- routes

/** getAudits: one page of the caller's tenant's log and the total the query selects. */
adminAuditRoutes.get(AUDITS, requireAuth, READ, async (c) => {
  const q = parseQuery(c);
  const db = c.var.db;
  const where = whereOf(c.var.auth.tenantId, q);
  const rows = await db
    .select()
    .from(audits)
    .where(where)
    .orderBy(...orderOf(q))
    .limit(q.count)
    .offset(q.offset);
  // a first page that is not full tells the total without counting
  const total = q.offset === 0 && rows.length < q.count ? rows.length : (await db.select({ n: count() }).from(audits).where(where))[0].n;
  return c.json({ data: rows.map((r) => auditDto(r, c.var.rt.vendorId)), total });
});

/** getAuditsStats: today's rows (since 00:00 UTC on the emulator clock) and the SEVERE ones of the last 7 days. */
adminAuditRoutes.get(`${AUDITS}/stats`, requireAuth, READ, async (c) => {
  const db = c.var.db;
  const now = await emulatorNow(db);
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  const weekAgo = new Date(now - 7 * 86_400_000);
  const [row] = await db
    .select({
      totalToday: sql<number>`count(*) filter (where ${audits.createdAt} >= ${today.toISOString()}::timestamptz)`.mapWith(Number),
      severeThisWeek: sql<number>`count(*) filter (where ${audits.severity} = 'SEVERE')`.mapWith(Number),
    })
    .from(audits)
    .where(and(eq(audits.tenantId, c.var.auth.tenantId), gte(audits.createdAt, weekAgo), lte(audits.createdAt, new Date(now))));
  return c.json({ totalToday: row?.totalToday ?? 0, severeThisWeek: row?.severeThisWeek ?? 0 });
});

/** getAuditsMetadata (`GET /metadata?entityName=audits`); any other entity goes on to routes/metadata.ts. */
adminAuditRoutes.get('/metadata', async (c, next) => {
  if (c.req.query('entityName') !== 'audits') return next();
  await requireAuth(c, async () => {});
  await READ(c, async () => {});
  return c.json({ rows: [auditsMetadata(c.var.rt.vendorId)] });
});

const exportBody = z.object({
  properties: z
    .array(z.object({ name: z.string().min(1), displayName: z.string().optional() }).passthrough())
    .nullish()
    .transform((v) => v ?? undefined),
});

/** The cell of `column` in a row: times ISO, the JSON data as JSON text. */
function cell(row: AuditDto, name: string): string {
  if (name === 'json') return JSON.stringify(row.json[0] ?? {});
  const v = (row as Record<string, unknown>)[name];
  return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * exportAudits (`csv/v2`, also `csv`): every row the query selects from `offset` on, no cap, streamed. The first batch
 * is read with OFFSET, the next ones after the last row read (keyset on the sort key, createdAt, id), so each batch
 * costs the same however deep the export is.
 */
async function exportCsv(c: Ctx) {
  const q = parseQuery(c);
  const body = await parseBody(c, exportBody);
  const wanted = body.properties?.length ? body.properties : AUDIT_COLUMNS;
  const columns = wanted.map((p) => ({ key: p.name, header: p.displayName || p.name }));
  const tenantId = c.var.auth.tenantId;
  const vendorId = c.var.rt.vendorId;
  const where = whereOf(tenantId, q);
  const key = sortKeyOf(q.sortBy);
  const desc_ = q.sortDirection !== 'asc';
  // The body is written after this handler returns, so after the request's transaction ends: the stream reads with
  // the root handle (a read, nothing to roll back).
  const db: Db = c.var.rt.rootDb;
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', 'attachment; filename="audits.csv"');
  c.header('cache-control', 'no-store');
  return stream(
    c,
    async (out) => {
      let last: { key: unknown; createdAt: Date; id: string } | undefined;
      let first = true;
      for (;;) {
        let after: SQL | undefined;
        if (last) {
          const tuple = key ? sql`(${key}, ${audits.createdAt}, ${audits.id})` : sql`(${audits.createdAt}, ${audits.id})`;
          const at = sql`${last.createdAt.toISOString()}::timestamptz`;
          const bound = key ? sql`(${last.key}, ${at}, ${last.id})` : sql`(${at}, ${last.id})`;
          after = desc_ ? sql`${tuple} < ${bound}` : sql`${tuple} > ${bound}`;
        }
        const rows = await db
          .select({ row: audits, key: key ?? sql`null` })
          .from(audits)
          .where(and(where, after))
          .orderBy(...orderOf(q))
          .limit(EXPORT_BATCH)
          .offset(last ? 0 : q.offset);
        const records = rows.map(({ row }) => {
          const dto = auditDto(row, vendorId);
          return Object.fromEntries(columns.map((col) => [col.key, cell(dto, col.key)]));
        });
        if (first || records.length) {
          await out.write(stringify(records, { header: first, columns, escape_formulas: true }));
        }
        first = false;
        if (rows.length < EXPORT_BATCH) break;
        const tail = rows[rows.length - 1];
        last = { key: tail.key, createdAt: tail.row.createdAt, id: tail.row.id };
      }
    },
    async (err) => {
      // the status line is sent already: the download ends short, and the cause is logged
      console.error(`[emulator] audits CSV export failed (trace ${c.var.traceId}):`, err);
    },
  );
}
adminAuditRoutes.post(`${AUDITS}/export/csv/v2`, requireAuth, READ, exportCsv);
adminAuditRoutes.post(`${AUDITS}/export/csv`, requireAuth, READ, exportCsv);

// ---------------------------------------------------------------- scale seed

const ACTIONS: { action: string; severity: AuditSeverity }[] = [
  { action: 'user.signed-in', severity: 'INFO' },
  { action: 'user.updated', severity: 'INFO' },
  { action: 'user.sign-in.failed', severity: 'WARNING' },
  { action: 'role.permissions.updated', severity: 'WARNING' },
  { action: 'group.created', severity: 'INFO' },
  { action: 'user.locked', severity: 'SEVERE' },
];

/**
 * Writes `count` audit rows in `tenantId` in one `insert … select generate_series` statement. Deterministic: row n is
 * by `user{n % 500}@example.com`, its action cycles through six (one in six a SEVERE lockout), and the rows spread one
 * minute apart backwards from the emulator's now.
 */
export async function seedAudits(db: Db, opts: { count: number; tenantId?: string }): Promise<{ created: number }> {
  const tenantId = opts.tenantId ?? SEED.tenantId;
  const now = await emulatorNow(db);
  const actions = sql.raw(`array[${ACTIONS.map((a) => `'${a.action}'`).join(',')}]`);
  const severities = sql.raw(`array[${ACTIONS.map((a) => `'${a.severity}'`).join(',')}]`);
  const k = ACTIONS.length;
  await db.execute(sql`
    insert into audits (id, tenant_id, actor_id, actor_email, action, target_id, description, details, ip, user_agent, severity, created_at)
    select
      gen_random_uuid()::text,
      ${tenantId}::text,
      'seed-user-' || (n % 500),
      'user' || (n % 500) || '@example.com',
      (${actions})[1 + n % ${k}],
      'seed-target-' || n,
      'Seeded event ' || n || ' by user' || (n % 500) || '@example.com',
      jsonb_build_object('n', n, 'seeded', true),
      '10.0.' || (n % 250) || '.' || (n % 200 + 1),
      'Mozilla/5.0 (seed) Bench/' || (n % 10),
      (${severities})[1 + n % ${k}],
      to_timestamp((${now}::bigint - n::bigint * 60000) / 1000.0)
    from generate_series(1, ${opts.count}::int) as n`);
  await db.execute(sql`analyze audits`);
  return { created: opts.count };
}

const seedBody = z.object({
  count: z.number().int().min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000').default(100_000),
  tenantId: z.string().min(1).optional(),
});

/** `POST /_emulator/seed-audits { count?, tenantId? }` → 201 `{ created }`: see {@link seedAudits} (default 100,000 rows). */
adminAuditEmulatorRoutes.post('/seed-audits', async (c) => {
  const body = await parseBody(c, seedBody);
  return c.json(await seedAudits(c.var.db, { count: body.count, tenantId: body.tenantId }), 201);
});
