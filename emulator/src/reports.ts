/**
 * Reports (issue 33 item 4; api-contract §Z; AB-7.63–7.64): the vendor's report templates (seeded,
 * {@link ensureReportSeed}), an account's schedule of each (a cron in a time zone, validated and its next run computed
 * with `croner` on the emulator clock), and the report itself rendered from the account's own data: as HTML (every
 * value escaped; no script, no external resource) or as a PDF (pdfkit).
 *
 * `dataFilters` travel as base64 of JSON (the client's `btoa(JSON.stringify(…))`): {@link decodeDataFilters}. The
 * filters a report reads: `{ days }` (1–366, default 30), the period its counts cover.
 */
import { Cron } from 'croner';
import PDFDocument from 'pdfkit';
import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { audits, reportTemplates, tenantReports, tenants, userTenants, users, type ReportSchedule } from './db/schema.ts';
import { badRequest } from './http/errors.ts';
import { emulatorDate } from './clock.ts';
import { usersWithMfa } from './mfa-devices.ts';

type TemplateRow = typeof reportTemplates.$inferSelect;
type TenantReportRow = typeof tenantReports.$inferSelect;

/** The seeded templates: what each report shows. */
export const REPORT_TEMPLATES = [
  {
    id: 'report-user-activity',
    name: 'User activity',
    description: 'Sign-ins, failed sign-ins and new users of the account over the period',
  },
  {
    id: 'report-security-summary',
    name: 'Security summary',
    description: 'Users with two-factor authentication, locked users and breached passwords',
  },
  {
    id: 'report-audit-digest',
    name: 'Audit digest',
    description: 'The latest changes and sign-ins from the audit log',
  },
] as const;

/** The id of a seeded template. */
export type ReportTemplateId = (typeof REPORT_TEMPLATES)[number]['id'];

/** Writes the seeded templates of `vendorId` that are missing (after a reset and on every start). */
export async function ensureReportSeed(db: Db, vendorId: string): Promise<void> {
  const now = await emulatorDate(db);
  await db
    .insert(reportTemplates)
    .values(
      REPORT_TEMPLATES.map((t) => ({
        id: t.id,
        vendorId,
        name: t.name,
        description: t.description,
        htmlTemplate: `<h1>{{name}}</h1><p>{{description}}</p>{{content}}`,
        type: 'html' as const,
        dataFilters: [{ type: 'number', config: { type: 'number', name: 'days', label: 'Days', defaultValue: '30', min: '1', max: '366', integer: true } }],
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** `dataFilters` as the client sends them: base64 of JSON; 400 `dataFilters must be base64 JSON` otherwise. Absent: `{}`. */
export function decodeDataFilters(encoded: string | undefined | null): Record<string, unknown> {
  if (!encoded) return {};
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the refusal
  }
  throw badRequest('dataFilters must be base64 JSON', 'ER-REPORT-FILTERS');
}

/** The crons of the named intervals (09:00 in the schedule's time zone). */
const INTERVAL_CRON: Record<string, string> = { daily: '0 9 * * *', weekly: '0 9 * * 1', monthly: '0 9 1 * *' };

/**
 * The schedule as stored, with its next run after `now`: `cron` (5 or 6 fields) or a named `interval` (daily, weekly,
 * monthly: 09:00), read in the IANA time zone `tz` (default UTC). 400 for a bad cron or time zone.
 */
export function checkSchedule(input: { interval?: string | null; cron?: string | null; tz?: string | null; active?: boolean | null }, now: Date) {
  const tz = input.tz || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw badRequest(`tz must be an IANA time zone: ${tz}`, 'ER-REPORT-SCHEDULE');
  }
  const interval = input.interval ?? undefined;
  const cron = input.cron || (interval ? INTERVAL_CRON[interval] : undefined);
  if (!cron) throw badRequest('schedule needs a cron or an interval (daily, weekly, monthly)', 'ER-REPORT-SCHEDULE');
  let nextRun: Date | null;
  try {
    nextRun = new Cron(cron, { timezone: tz, paused: true }).nextRun(now);
  } catch (e) {
    throw badRequest(`Invalid cron expression: ${(e as Error).message}`, 'ER-REPORT-SCHEDULE');
  }
  const schedule: ReportSchedule = { cron, tz, active: input.active ?? true, ...(interval ? { interval } : {}) };
  return { schedule, nextRunAt: nextRun };
}

/** A report as the API answers it (api-contract §Z): the template with the account's schedule (none: `schedule: null`, `status: 'inactive'`). */
export function reportDto(t: TemplateRow, r: TenantReportRow | undefined) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    schedule: r ? { ...r.schedule, dataFilters: (r.dataFilters as Record<string, unknown> | null) ?? {} } : null,
    status: r?.status ?? 'inactive',
    type: r?.type ?? t.type,
    htmlTemplate: t.htmlTemplate,
    customerListApiUrl: t.customerListApiUrl ?? undefined,
    dataFilters: t.dataFilters,
    nextRunAt: r?.nextRunAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: (r?.updatedAt ?? t.updatedAt).toISOString(),
  };
}
/** One report of {@link reportDto}. */
export type ReportDto = ReturnType<typeof reportDto>;

/** Every template of the vendor with the account's schedules. */
export async function reportsOf(db: Db, vendorId: string, tenantId: string): Promise<ReportDto[]> {
  const templates = await db.select().from(reportTemplates).where(eq(reportTemplates.vendorId, vendorId));
  const schedules = await db.select().from(tenantReports).where(eq(tenantReports.tenantId, tenantId));
  return templates.map((t) =>
    reportDto(
      t,
      schedules.find((s) => s.templateId === t.id),
    ),
  );
}

// ---------------------------------------------------------------- rendering

/** What a report shows: its title, a line about it, and its rows (label, value). */
export interface ReportContent {
  title: string;
  subtitle: string;
  rows: [string, string][];
}

const DAY = 86_400_000;

/** The period of the filters: `days` 1–366 (default 30); 400 otherwise. */
function daysOf(filters: Record<string, unknown>): number {
  const days = filters.days ?? 30;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > 366) throw badRequest('dataFilters.days must be a whole number from 1 to 366', 'ER-REPORT-FILTERS');
  return days;
}

/** The content of template `t` for the account, computed now from its data. */
export async function reportContent(db: Db, t: TemplateRow, tenantId: string, filters: Record<string, unknown>): Promise<ReportContent> {
  const now = await emulatorDate(db);
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.tenantId, tenantId));
  const subtitle = `${tenant?.name ?? tenantId} · ${now.toISOString().slice(0, 10)}`;
  const members = await db
    .select({ id: users.id, isLocked: users.isLocked, breached: users.isBreachedPassword })
    .from(userTenants)
    .innerJoin(users, eq(users.id, userTenants.userId))
    .where(eq(userTenants.tenantId, tenantId));
  const rows: [string, string][] = [];
  if (t.id === 'report-user-activity') {
    const days = daysOf(filters);
    const since = new Date(now.getTime() - days * DAY);
    const countOf = async (actions: string[]) =>
      (
        await db
          .select({ n: count() })
          .from(audits)
          .where(and(eq(audits.tenantId, tenantId), inArray(audits.action, actions), gte(audits.createdAt, since)))
      )[0].n;
    const joined = (
      await db
        .select({ n: count() })
        .from(userTenants)
        .where(and(eq(userTenants.tenantId, tenantId), gte(userTenants.createdAt, since)))
    )[0].n;
    rows.push(
      ['Period', `Last ${days} days`],
      ['Users', String(members.length)],
      ['New users', String(joined)],
      ['Sign-ins', String(await countOf(['user.signed-in']))],
      ['Failed sign-ins', String(await countOf(['user.sign-in.failed']))],
    );
  } else if (t.id === 'report-security-summary') {
    const mfa = await usersWithMfa(
      db,
      members.map((m) => m.id),
    );
    rows.push(
      ['Users', String(members.length)],
      ['With two-factor authentication', String(members.filter((m) => mfa.has(m.id)).length)],
      ['Locked', String(members.filter((m) => m.isLocked).length)],
      ['Breached passwords', String(members.filter((m) => m.breached).length)],
    );
  } else {
    const latest = await db
      .select({ createdAt: audits.createdAt, action: audits.action, actor: audits.actorEmail })
      .from(audits)
      .where(eq(audits.tenantId, tenantId))
      .orderBy(desc(audits.createdAt))
      .limit(20);
    for (const a of latest) rows.push([a.createdAt.toISOString().replace('T', ' ').slice(0, 16), `${a.action}${a.actor ? ` (${a.actor})` : ''}`]);
    if (!rows.length) rows.push(['', 'Nothing in the audit log yet']);
  }
  return { title: t.name, subtitle, rows };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The report as an HTML document: escaped values, an inline stylesheet only (its answer's CSP allows nothing else). */
export function reportHtml(r: ReportContent): string {
  const rows = r.rows.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(r.title)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:24px;color:#1b1f24}table{border-collapse:collapse}th,td{text-align:left;padding:4px 12px 4px 0;border-bottom:1px solid #d0d7de}th{font-weight:600}</style>
</head>
<body>
<h1>${esc(r.title)}</h1>
<p>${esc(r.subtitle)}</p>
<table>
${rows}
</table>
</body>
</html>`;
}

/** The report as plain text (the email a send puts in the outbox). */
export const reportText = (r: ReportContent) => `${r.title}\n${r.subtitle}\n\n${r.rows.map(([k, v]) => (k ? `${k}: ${v}` : v)).join('\n')}`;

/** The report as PDF bytes (they start with `%PDF`); characters outside Latin-1 are written as `?` (pdfkit's standard fonts). */
export async function reportPdf(r: ReportContent): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: r.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const safe = (text: string) => [...text].map((ch) => (ch.codePointAt(0)! <= 0xff ? ch : '?')).join('');
  doc.font('Helvetica-Bold').fontSize(20).text(safe(r.title));
  doc.font('Helvetica').fontSize(11).text(safe(r.subtitle));
  doc.moveDown(1);
  doc.fontSize(11);
  for (const [label, value] of r.rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(safe(label), 56, y, { width: 200 });
    doc.font('Helvetica').text(safe(value), 260, y, { width: 280 });
    doc.moveDown(0.4);
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
