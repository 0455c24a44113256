/**
 * Admin routes: the audit log (api-contract §X, issue 20 items 12–14), as Frontegg's client (`@frontegg/rest-api`
 * `audits`, and `metadata`'s getAuditsMetadata) calls them. Rows are written by src/audit.ts; the row, the metadata,
 * the selection and the CSV are src/audit-log.ts.
 *
 * - `GET /audits` — the caller's tenant only; `offset` (default 0), `count` (default 20, at most 1000), `sortBy`
 *   (createdAt | time | action | severity | user | email | ip | userAgent | description; default createdAt),
 *   `sortDirection` (asc | desc, default desc), `filter` (free text over user, email, action, description, IP and
 *   user agent), and the filters `user` (an id or email; `system`: rows without an actor), `action`, `severity` (each
 *   a comma list) and a time range `startDate` / `endDate` (ISO dates or ms since the epoch, inclusive); and, an
 *   extension for the portal's pickers typed into (issue 31 item 6), `actionContains` / `userContains`: the action /
 *   the actor as shown (email, "SCIM: <name>", "System") contains the text, any case. Answers `{ data: AuditRowData[], total }`.
 *   A bad parameter is 400 (`ER-AUDITS-QUERY`), one message each.
 * - `GET /audits/stats` → `{ totalToday, severeThisWeek }` by the emulator clock (today since 00:00 UTC; the week is
 *   the last 7 days).
 * - `GET /metadata?entityName=audits` → `{ rows: [{ id, entityName, properties, theme, vendorId, … }] }`: the columns
 *   Time, User, Action, Description, IP Address, Severity, User Agent, Json Data. Other entities fall through to
 *   routes/metadata.ts (this module is mounted before it), unguarded.
 * - `POST /audits/export/csv/v2` (and `csv`) — the client's `exportAudits`: the list's query (offset, sort, filters;
 *   no row cap) and the body `{ properties }` (the columns, in order; default the metadata's), streamed (audit-log.ts
 *   `auditCsv`), `text/csv`, `attachment; filename="audits.csv"`.
 *
 * - `GET /audits/values?field=action|user&search=&limit=` — an EXTENSION (Frontegg's audits API, api-contract §X, has
 *   no such call): the values of the `action` or `user` filter present in the caller's tenant's log (never another
 *   tenant's), those containing `search` (case-insensitive, so "sso" finds the SSO actions), sorted, at most `limit`
 *   (default and most 100), read from the tenant's latest 10,000 rows (a bounded read) → `{ values: [{ value, label,
 *   kind?, name? }], more }` (audit-log.ts `auditFilterValues`): the admin portal's filter pickers (issue 31 item 6). A user is listed by email (its
 *   `value` goes to the list's `user` filter), a SCIM connection as "SCIM: <name>" (`scim:<id>`), rows without an
 *   actor as "System" (`system`). 400 `ER-AUDITS-QUERY` for another field or a bad limit.
 *
 * Every route needs `fe.secure.read.audits` (403 `Not authorized`).
 *
 * `POST /_emulator/seed-audits { count, tenantId? }` writes `count` rows in one `insert … select generate_series`.
 */
import { Hono, type Context } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import type { AppEnv } from '../../http/env.ts';
import { guard, guardWhen } from '../../http/auth.ts';
import { requirePermission } from '../../http/permissions.ts';
import { parseBody } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import { dataPage, type Page } from '../../http/pager.ts';
import { AUDIT_SEVERITIES, type AuditSeverity } from '../../audit.ts';
import {
  AUDIT_COLUMNS,
  AUDIT_SORT_KEYS,
  AUDIT_VALUE_FIELDS,
  AUDIT_VALUES_MAX,
  AUDITS_MAX_PAGE_SIZE,
  AUDITS_PAGE_SIZE,
  auditCsv,
  auditFilterValues,
  auditStats,
  auditsMetadata,
  listAudits,
  seedAudits,
  type AuditSelection,
} from '../../audit-log.ts';

// the row and the columns, for the tests that read the log through the client
export { AUDIT_COLUMNS, type AuditDto } from '../../audit-log.ts';

export const adminAuditRoutes = new Hono<AppEnv>();
export const adminAuditEmulatorRoutes = new Hono<AppEnv>();

const AUDITS = '/audits';
const READ = requirePermission('fe.secure.read.audits');

guard(adminAuditRoutes, AUDITS, `${AUDITS}/*`);
// `GET /metadata` is routes/metadata.ts's path too: only the audits entity is this module's (and guarded)
const AUDITS_ENTITY = (c: Context) => c.req.query('entityName') === 'audits';
guardWhen(adminAuditRoutes, AUDITS_ENTITY, '/metadata');

type Ctx = Context<AppEnv>;

const auditQuery = z.object({
  offset: q.int(0, 0),
  count: q.int(AUDITS_PAGE_SIZE, 1, AUDITS_MAX_PAGE_SIZE),
  sortBy: q.oneOf(AUDIT_SORT_KEYS, 'createdAt'),
  sortDirection: q.oneOf(['asc', 'desc'], 'desc'),
  filter: q.text(),
  user: q.text(),
  userContains: q.text(),
  action: q.list(),
  actionContains: q.text(),
  severity: q.list().transform((v, ctx) => {
    const upper = v?.map((s) => s.toUpperCase());
    if (upper?.some((s) => !(AUDIT_SEVERITIES as readonly string[]).includes(s))) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${AUDIT_SEVERITIES.join(', ')}` });
      return z.NEVER;
    }
    return upper as AuditSeverity[] | undefined;
  }),
  startDate: q.instant(),
  endDate: q.instant(),
});

/** The list's query: the selection and the page (`offset` in rows, `count` rows). */
function queryOf(c: Ctx): { selection: AuditSelection; page: Page } {
  const { offset, count, ...selection } = parseQuery(c, auditQuery, 'ER-AUDITS-QUERY');
  return { selection, page: { limit: count, offset } };
}

/** getAudits: one page of the caller's tenant's log and the total the query selects. */
adminAuditRoutes.get(AUDITS, READ, async (c) => {
  const { selection, page } = queryOf(c);
  const { rows, total } = await listAudits(c.var.db, c.var.auth.tenantId, c.var.rt.vendorId, selection, page);
  return c.json(dataPage(rows, total));
});

/** getAuditsStats: today's rows (since 00:00 UTC on the emulator clock) and the SEVERE ones of the last 7 days. */
adminAuditRoutes.get(`${AUDITS}/stats`, READ, async (c) => c.json(await auditStats(c.var.db, c.var.auth.tenantId)));

const valuesQuery = z.object({
  field: q.oneOf(AUDIT_VALUE_FIELDS, 'action'),
  search: q.text(),
  limit: q.int(AUDIT_VALUES_MAX, 1, AUDIT_VALUES_MAX),
});

/** The filters' values (an extension, see the module comment): the values present, containing `search`, bounded. */
adminAuditRoutes.get(`${AUDITS}/values`, READ, async (c) => {
  const { field, search, limit } = parseQuery(c, valuesQuery, 'ER-AUDITS-QUERY');
  return c.json(await auditFilterValues(c.var.db, c.var.auth.tenantId, field, search ?? '', limit));
});

/** getAuditsMetadata (`GET /metadata?entityName=audits`); any other entity goes on to routes/metadata.ts. */
adminAuditRoutes.get('/metadata', async (c, next) => {
  if (!AUDITS_ENTITY(c)) return next();
  await READ(c, async () => {});
  return c.json({ rows: [auditsMetadata(c.var.rt.vendorId)] });
});

const exportBody = z.object({
  properties: z
    .array(z.object({ name: z.string().min(1), displayName: z.string().optional() }).passthrough())
    .nullish()
    .transform((v) => v ?? undefined),
});

/** exportAudits (`csv/v2`, also `csv`): every row the query selects from `offset` on, no cap, streamed. */
async function exportCsv(c: Ctx) {
  const { selection, page } = queryOf(c);
  const body = await parseBody(c, exportBody);
  const wanted = body.properties?.length ? body.properties : AUDIT_COLUMNS;
  const columns = wanted.map((p) => ({ key: p.name, header: p.displayName || p.name }));
  // The body is written after this handler returns, so after the request's transaction ends: the stream reads with
  // the root handle (a read, nothing to roll back).
  const csv = auditCsv(c.var.rt.rootDb, c.var.auth.tenantId, c.var.rt.vendorId, selection, page.offset, columns);
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', 'attachment; filename="audits.csv"');
  c.header('cache-control', 'no-store');
  return stream(
    c,
    async (out) => {
      for await (const chunk of csv) await out.write(chunk);
    },
    async (err) => {
      // the status line is sent already: the download ends short, and the cause is logged
      console.error(`[emulator] audits CSV export failed (trace ${c.var.traceId}):`, err);
    },
  );
}
adminAuditRoutes.post(`${AUDITS}/export/csv/v2`, READ, exportCsv);
adminAuditRoutes.post(`${AUDITS}/export/csv`, READ, exportCsv);

const seedBody = z.object({
  count: z.number().int().min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000').default(100_000),
  tenantId: z.string().min(1).optional(),
});

/** `POST /_emulator/seed-audits { count?, tenantId? }` → 201 `{ created }`: see audit-log.ts `seedAudits` (default 100,000 rows). */
adminAuditEmulatorRoutes.post('/seed-audits', async (c) => {
  const body = await parseBody(c, seedBody);
  return c.json(await seedAudits(c.var.db, { count: body.count, tenantId: body.tenantId }), 201);
});
