/**
 * The audit log, read (api-contract §X, issue 20 items 12–14): the row as Frontegg's client reads it (`AuditRowData`),
 * the `audits` metadata entity (its columns), a page and the stats of a tenant's rows, the CSV export and the scale
 * seed. Rows are written by src/audit.ts (the one writer); the routes are routes/admin/audits.ts.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Db } from './db/client.ts';
import { audits, auditActorLabel, auditSearchText } from './db/schema.ts';
import { SEED } from './db/seed.ts';
import { emulatorNow } from './clock.ts';
import { SCIM_ACTOR_PREFIX, type AuditSeverity } from './audit.ts';
import type { Page } from './http/pager.ts';

/** Page size when the caller sends none (admin §9), the largest page served, and the export's batch. */
export const AUDITS_PAGE_SIZE = 20;
export const AUDITS_MAX_PAGE_SIZE = 1000;
export const EXPORT_BATCH = 1000;

type AuditRow = typeof audits.$inferSelect;

// ---------------------------------------------------------------- the row (AuditRowData of @frontegg/rest-api)

/** Who acted, as the log shows it: a user, a SCIM connection (by name) or the system. */
export type AuditActorKind = 'user' | 'scim' | 'system';

/** The `user` filter's value for the rows the system wrote (no actor). */
export const SYSTEM_ACTOR = 'system';

/** The kind of a row's actor (src/audit.ts: a SCIM connection's id is `scim:<id>`; no id nor email: the system). */
export function actorKindOf(r: Pick<AuditRow, 'actorId' | 'actorEmail'>): AuditActorKind {
  if (r.actorId?.startsWith(SCIM_ACTOR_PREFIX)) return 'scim';
  return r.actorId || r.actorEmail ? 'user' : 'system';
}

/** The `user` of a row: the actor's email (else id), "SCIM: <connection name>", or "System". */
function userTextOf(r: Pick<AuditRow, 'actorId' | 'actorEmail' | 'actorName'>): string {
  const kind = actorKindOf(r);
  if (kind === 'system') return 'System';
  if (kind === 'scim') return `SCIM: ${r.actorName ?? r.actorId!.slice(SCIM_ACTOR_PREFIX.length)}`;
  return r.actorEmail ?? r.actorId ?? '';
}

/**
 * AuditRowData (`@frontegg/rest-api` audits/interfaces), with the emulator's `userAgent`, `description`, `actorId`,
 * `targetId`, and who acted: `actorKind` (user, scim, system) and `actorName` (a SCIM connection's name). `user` is the
 * actor as the CSV shows it: the email, "SCIM: <connection name>" or "System" (issue 31 item 6: never empty).
 */
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
    user: userTextOf(r),
    email: r.actorEmail ?? '',
    severity: r.severity,
    vendorId,
    tenantId: r.tenantId ?? '',
    createdAt: at,
    updatedAt: at,
    actorMail: r.actorEmail ?? undefined,
    actorId: r.actorId ?? undefined,
    targetId: r.targetId ?? undefined,
    actorKind: actorKindOf(r),
    actorName: r.actorName ?? undefined,
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

// ---------------------------------------------------------------- the selection

/** The columns the log sorts by (`time` is `createdAt`; `user` and `email` are the actor's address). */
export const AUDIT_SORT_KEYS = ['createdAt', 'time', 'action', 'severity', 'user', 'email', 'ip', 'userAgent', 'description'] as const;
export type AuditSortKey = (typeof AUDIT_SORT_KEYS)[number];

/** The rows of a tenant a list or an export selects, and their order. */
export interface AuditSelection {
  sortBy: AuditSortKey;
  sortDirection: 'asc' | 'desc';
  /** Free text over the actor (id, email), action, description, IP and user agent (case-insensitive, a substring). */
  filter?: string;
  /** The actor: an id (a SCIM connection's `scim:<id>`), an email (any case), or {@link SYSTEM_ACTOR}. */
  user?: string;
  /** The actor as the log shows it (email, "SCIM: <name>", "System") contains this text (any case). */
  userContains?: string;
  action?: string[];
  /** The action contains this text (any case): "sso" finds every SSO action. */
  actionContains?: string;
  severity?: AuditSeverity[];
  /** Inclusive bounds of `createdAt`. */
  startDate?: Date;
  endDate?: Date;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The rows whose actor's label contains `text`, any case: the search index narrows them (`auditSearchText` holds the
 * label, so every match is one of its matches too), the label's own ILIKE decides.
 */
function partOf(column: SQL, text: string): SQL | undefined {
  return and(auditSearchCondition(text), ilike(column, `%${likeEscape(text)}%`));
}

/** The rows of the actor `user`: an id, an email (any case), or the system's ({@link SYSTEM_ACTOR}: no id, no email). */
function userIs(user: string): SQL | undefined {
  if (user === SYSTEM_ACTOR) return and(isNull(audits.actorId), isNull(audits.actorEmail));
  return or(eq(audits.actorId, user), sql`lower(${audits.actorEmail}) = ${user.toLowerCase()}`);
}

/**
 * The rows whose actor (email, id, name), action, description, IP or user agent contain `text` (case-insensitive):
 * one ILIKE over the indexed expression (schema.ts `auditSearchText`, its pg_trgm GIN index `audits_search_trgm_idx`),
 * so 100,000 rows answer in milliseconds rather than by a scan of six columns (issue 31 item 6).
 */
export function auditSearchCondition(text: string): SQL {
  return ilike(auditSearchText(audits), `%${likeEscape(text)}%`);
}

/** The rows of `tenantId` the selection picks (without sort and paging). */
function whereOf(tenantId: string, s: AuditSelection): SQL | undefined {
  const text = s.filter?.trim();
  return and(
    eq(audits.tenantId, tenantId),
    text ? auditSearchCondition(text) : undefined,
    s.user ? userIs(s.user) : undefined,
    s.action?.length ? inArray(audits.action, s.action) : undefined,
    s.actionContains?.trim() ? ilike(audits.action, `%${likeEscape(s.actionContains.trim())}%`) : undefined,
    s.userContains?.trim() ? partOf(auditActorLabel(audits), s.userContains.trim()) : undefined,
    s.severity?.length ? inArray(audits.severity, s.severity) : undefined,
    s.startDate ? gte(audits.createdAt, s.startDate) : undefined,
    s.endDate ? lte(audits.createdAt, s.endDate) : undefined,
  );
}

/** The sort key of a column as one non-null value (so that rows compare as tuples in the export's keyset batches). */
function sortKeyOf(key: AuditSortKey): SQL | undefined {
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

function orderOf(s: AuditSelection): SQL[] {
  const dir = s.sortDirection === 'asc' ? asc : desc;
  const key = sortKeyOf(s.sortBy);
  return [...(key ? [dir(key)] : []), dir(audits.createdAt), dir(audits.id)];
}

// ---------------------------------------------------------------- list and stats

/** One page of the rows of `tenantId` the selection picks, as DTOs, and how many it picks in all. */
export async function listAudits(db: Db, tenantId: string, vendorId: string, s: AuditSelection, page: Page): Promise<{ rows: AuditDto[]; total: number }> {
  const where = whereOf(tenantId, s);
  const rows = await db
    .select()
    .from(audits)
    .where(where)
    .orderBy(...orderOf(s))
    .limit(page.limit)
    .offset(page.offset);
  // a first page that is not full tells the total without counting
  const total = page.offset === 0 && rows.length < page.limit ? rows.length : (await db.select({ n: count() }).from(audits).where(where))[0].n;
  return { rows: rows.map((r) => auditDto(r, vendorId)), total };
}

/** `{ totalToday, severeThisWeek }` of `tenantId`: rows since 00:00 UTC and SEVERE rows of the last 7 days, by the emulator clock. */
export async function auditStats(db: Db, tenantId: string): Promise<{ totalToday: number; severeThisWeek: number }> {
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
    .where(and(eq(audits.tenantId, tenantId), gte(audits.createdAt, weekAgo), lte(audits.createdAt, new Date(now))));
  return { totalToday: row?.totalToday ?? 0, severeThisWeek: row?.severeThisWeek ?? 0 };
}

// ---------------------------------------------------------------- the filters' values

/** The filters whose values the pickers list. */
export const AUDIT_VALUE_FIELDS = ['action', 'user'] as const;
export type AuditValueField = (typeof AUDIT_VALUE_FIELDS)[number];
/** The most values one answer lists (and the default). */
export const AUDIT_VALUES_MAX = 100;

/**
 * One value of a filter: `value` is what the filter takes, `label` what the picker shows; for the user filter, `kind`
 * (the actor's) and, for a SCIM connection, its `name`.
 */
export interface AuditFilterValue {
  value: string;
  label: string;
  kind?: AuditActorKind;
  name?: string;
}

/** How many of a tenant's latest rows (of those containing the text) the filters' values are read from. */
export const AUDIT_VALUES_SCAN = 10_000;

/**
 * The values of the `field` filter present in the log of `tenantId` (issue 31 item 6), those containing `search`
 * (case-insensitive; `''` all), sorted by label, at most `limit`; `more` when there are others. Actions are the
 * distinct `action`s; users are the distinct actors — a user by email (value: the email, else the id), a SCIM
 * connection by name (value `scim:<id>`), and the system ({@link SYSTEM_ACTOR}, label "System"). A bounded read:
 * the values of the tenant's latest {@link AUDIT_VALUES_SCAN} rows (its `(tenant_id, created_at)` index), so a value
 * only older rows hold is not offered (typed text still filters the whole log: `actionContains`, `userContains`).
 */
export async function auditFilterValues(db: Db, tenantId: string, field: AuditValueField, search: string, limit: number): Promise<{ values: AuditFilterValue[]; more: boolean }> {
  const text = search.trim();
  const column = field === 'action' ? sql<string>`${audits.action}` : auditActorLabel(audits);
  const recent = db
    .select({
      label: sql<string>`${column}`.as('label'),
      // a user without an email, or a SCIM connection: its id is the filter's value
      ref: sql<string | null>`case when ${audits.actorEmail} is null then ${audits.actorId} end`.as('ref'),
    })
    .from(audits)
    .where(eq(audits.tenantId, tenantId))
    .orderBy(desc(audits.createdAt))
    .limit(AUDIT_VALUES_SCAN)
    .as('recent');
  const rows = await db
    .selectDistinct({ label: recent.label, ref: recent.ref })
    .from(recent)
    .where(text ? ilike(recent.label, `%${likeEscape(text)}%`) : undefined)
    .orderBy(asc(recent.label), asc(recent.ref))
    .limit(limit + 1);
  const values = rows.slice(0, limit).map((r): AuditFilterValue => {
    if (field === 'action') return { value: r.label, label: r.label };
    if (r.ref?.startsWith(SCIM_ACTOR_PREFIX)) return { value: r.ref, label: r.label, kind: 'scim', name: r.label.slice('SCIM: '.length) };
    if (r.label === 'System' && !r.ref) return { value: SYSTEM_ACTOR, label: r.label, kind: 'system' };
    return { value: r.ref ?? r.label, label: r.label, kind: 'user' };
  });
  return { values, more: rows.length > limit };
}

// ---------------------------------------------------------------- the CSV export

/** A column of the export: the DTO field (`key`) and its header. */
export interface CsvColumn {
  key: string;
  header: string;
}

/** The cell of `column` in a row: times ISO, the JSON data as JSON text. */
function cell(row: AuditDto, name: string): string {
  if (name === 'json') return JSON.stringify(row.json[0] ?? {});
  const v = (row as Record<string, unknown>)[name];
  return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * The CSV of every row of `tenantId` the selection picks from row `offset` on, no cap, in chunks of
 * {@link EXPORT_BATCH} rows (the first with the header line, and at least that one even when no row is picked).
 * Written by csv-stringify with `escape_formulas` (a cell starting with `=`, `+`, `-`, `@`, tab or carriage return is
 * prefixed with `'`). The first batch is read with OFFSET, the next ones after the last row read (keyset on the sort
 * key, createdAt, id), so each batch costs the same however deep the export is.
 */
export async function* auditCsv(db: Db, tenantId: string, vendorId: string, s: AuditSelection, offset: number, columns: CsvColumn[]): AsyncGenerator<string> {
  const where = whereOf(tenantId, s);
  const key = sortKeyOf(s.sortBy);
  const descending = s.sortDirection !== 'asc';
  let last: { key: unknown; createdAt: Date; id: string } | undefined;
  let first = true;
  for (;;) {
    let after: SQL | undefined;
    if (last) {
      const tuple = key ? sql`(${key}, ${audits.createdAt}, ${audits.id})` : sql`(${audits.createdAt}, ${audits.id})`;
      const at = sql`${last.createdAt.toISOString()}::timestamptz`;
      const bound = key ? sql`(${last.key}, ${at}, ${last.id})` : sql`(${at}, ${last.id})`;
      after = descending ? sql`${tuple} < ${bound}` : sql`${tuple} > ${bound}`;
    }
    const rows = await db
      .select({ row: audits, key: key ?? sql`null` })
      .from(audits)
      .where(and(where, after))
      .orderBy(...orderOf(s))
      .limit(EXPORT_BATCH)
      .offset(last ? 0 : offset);
    const records = rows.map(({ row }) => {
      const dto = auditDto(row, vendorId);
      return Object.fromEntries(columns.map((col) => [col.key, cell(dto, col.key)]));
    });
    if (first || records.length) yield stringify(records, { header: first, columns, escape_formulas: true });
    first = false;
    if (rows.length < EXPORT_BATCH) return;
    const tail = rows[rows.length - 1];
    last = { key: tail.key, createdAt: tail.row.createdAt, id: tail.row.id };
  }
}

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
 * Writes `count` audit rows in `tenantId` (default the seeded account) in one `insert … select generate_series`
 * statement. Deterministic: row n is by `user{n % 500}@example.com`, its action cycles through six (one in six a
 * SEVERE lockout), and the rows spread one minute apart backwards from the emulator's now.
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
