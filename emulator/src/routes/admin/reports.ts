/**
 * Admin routes of reports (issue 33 item 4; api-contract §Z; AB-7.63–7.64), the rules in src/reports.ts. Every route
 * needs the bearer token (401); reads need `fe.connectivity.read.webhooks`, schedule and send
 * `fe.connectivity.write.webhooks` (403 `Not authorized`: reports belong to the connectivity section, admin spec §7).
 * Schedules are the signed-in account's own.
 *
 * - `GET reports/resources/reports/v2/tenant-reports?filters&sort` (getReports) → `[report]`; `filters` JSON
 *   `{ query?, filterBy?: { column, filterType, value } }` (`query` matches name or description; `column` one of name,
 *   description, status, type; `filterType` equals, contains or startsWith, any case), `sort` JSON `{ column, direction }`
 *   (name, createdAt, updatedAt, status, type; asc|desc); default by name ascending (AB-9.15).
 * - `GET …/v2/{id}/tenant-reports` (getReport) → the report (404 `Report not found`).
 * - `POST …/v2/{templateId}/tenant-reports` `{ schedule: { interval?, cron?, tz?, active? }, status?, type?,
 *   dataFilters (base64 JSON) }` (scheduleReport) → the report with its schedule and `nextRunAt` (croner, in `tz`).
 * - `GET reports/engine/resources/triggers/v1/preview-report?templateId&dataFilters&responseType&name` (renderReport,
 *   downloadReport) → the report rendered now: `html` (text/html; a CSP that allows only its inline stylesheet),
 *   `pdf` (application/pdf, an attachment); `image` is 400 (not rendered by the emulator).
 * - `POST reports/engine/resources/triggers/v1/tenant-reports` `{ templateId, to[], dataFilters? }` (sendReport) →
 *   `{}`: one email per recipient in the outbox (the report as text, the schedule's filters unless given).
 *
 * `report.scheduled` and `report.sent` audit rows.
 */
import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { idParams } from '../../http/params.ts';
import { emailField, parseBody } from '../../http/body.ts';
import { requirePermission } from '../../http/permissions.ts';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import { audit } from '../../audit.ts';
import { emulatorDate } from '../../clock.ts';
import { send } from '../../outbox.ts';
import { reportTemplates, tenantReports, type ReportType } from '../../db/schema.ts';
import { checkSchedule, decodeDataFilters, reportContent, reportHtml, reportPdf, reportText, reportsOf, type ReportDto } from '../../reports.ts';

type Ctx = Context<AppEnv>;

export const adminReportRoutes = new Hono<AppEnv>();

const SERVICE = '/reports/resources/reports/v2';
const TRIGGER = '/reports/engine/resources/triggers/v1';

guard(adminReportRoutes, `${SERVICE}/*`, `${TRIGGER}/*`);

const READ = requirePermission('fe.connectivity.read.webhooks');
const WRITE = requirePermission('fe.connectivity.write.webhooks');

const COLUMNS = ['name', 'description', 'status', 'type'] as const;
const SORTS = ['name', 'createdAt', 'updatedAt', 'status', 'type'] as const;
const filtersSchema = z.object({
  query: z.string().optional(),
  filterBy: z
    .object({ column: z.enum(COLUMNS), filterType: z.enum(['equals', 'contains', 'startsWith']).default('equals'), value: z.union([z.string(), z.number(), z.boolean()]) })
    .optional(),
});
const sortSchema = z.object({ column: z.enum(SORTS).default('name'), direction: z.enum(['asc', 'desc', 'ASC', 'DESC']).default('asc') });

/** A JSON query parameter parsed by `schema`; 400 `<name> must be JSON …` when it is not. */
function jsonQuery<T extends z.ZodType>(c: Ctx, name: string, schema: T): z.output<T> | undefined {
  const raw = c.req.query(name);
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(`${name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** The account's report of template `id` (404 `Report not found`). */
async function reportOf(c: Ctx, id: string): Promise<ReportDto> {
  const report = (await reportsOf(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId)).find((r) => r.id === id);
  if (!report) throw notFound('Report not found', 'ER-REPORT-NOT-FOUND');
  return report;
}

/** The vendor's template `id` (404 `Report not found`). */
async function templateOf(c: Ctx, id: string) {
  const [t] = await c.var.db
    .select()
    .from(reportTemplates)
    .where(and(eq(reportTemplates.id, id), eq(reportTemplates.vendorId, c.var.rt.vendorId)));
  if (!t) throw notFound('Report not found', 'ER-REPORT-NOT-FOUND');
  return t;
}

adminReportRoutes.get(`${SERVICE}/tenant-reports`, READ, async (c) => {
  const filters = jsonQuery(c, 'filters', filtersSchema);
  const sort = jsonQuery(c, 'sort', sortSchema) ?? { column: 'name' as const, direction: 'asc' as const };
  let list = await reportsOf(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId);
  const query = filters?.query?.trim().toLowerCase();
  if (query) list = list.filter((r) => r.name.toLowerCase().includes(query) || r.description.toLowerCase().includes(query));
  const by = filters?.filterBy;
  if (by) {
    const value = String(by.value).toLowerCase();
    list = list.filter((r) => {
      const field = String(r[by.column] ?? '').toLowerCase();
      return by.filterType === 'contains' ? field.includes(value) : by.filterType === 'startsWith' ? field.startsWith(value) : field === value;
    });
  }
  const sign = sort.direction.toLowerCase() === 'desc' ? -1 : 1;
  list.sort((a, b) => sign * String(a[sort.column] ?? '').localeCompare(String(b[sort.column] ?? '')) || a.id.localeCompare(b.id));
  return c.json(list);
});

adminReportRoutes.get(`${SERVICE}/:id/tenant-reports`, READ, idParams('id'), async (c) => c.json(await reportOf(c, c.req.param('id'))));

const scheduleBody = z.object({
  schedule: z.object(
    {
      interval: z.string().nullish(),
      cron: z.string().nullish(),
      tz: z.string().nullish(),
      active: z.boolean({ error: 'schedule.active must be a boolean' }).nullish(),
    },
    { error: 'schedule is required' },
  ),
  status: z.string().nullish(),
  type: z.enum(['html', 'pdf', 'image'], { error: 'type must be html, pdf or image' }).nullish(),
  dataFilters: z.string().nullish(),
});

adminReportRoutes.post(`${SERVICE}/:templateId/tenant-reports`, WRITE, idParams('templateId'), async (c) => {
  const template = await templateOf(c, c.req.param('templateId'));
  const body = await parseBody(c, scheduleBody);
  const filters = decodeDataFilters(body.dataFilters);
  const db = c.var.db;
  const now = await emulatorDate(db);
  const { schedule, nextRunAt } = checkSchedule(body.schedule, now);
  const status = body.status || (schedule.active ? 'active' : 'inactive');
  const type: ReportType = body.type ?? template.type;
  const values = { schedule, status, type, dataFilters: filters, nextRunAt: schedule.active ? nextRunAt : null, updatedAt: now };
  await db
    .insert(tenantReports)
    .values({ templateId: template.id, tenantId: c.var.auth.tenantId, createdAt: now, ...values })
    .onConflictDoUpdate({ target: [tenantReports.templateId, tenantReports.tenantId], set: values });
  await audit(c, { action: 'report.scheduled', targetId: template.id, details: { name: template.name, cron: schedule.cron, tz: schedule.tz, active: schedule.active, type } });
  return c.json(await reportOf(c, template.id));
});

/** The filters of a trigger: those given (base64 JSON), else the account's schedule's, else none. */
async function triggerFilters(c: Ctx, templateId: string, encoded: string | undefined | null): Promise<Record<string, unknown>> {
  if (encoded) return decodeDataFilters(encoded);
  const [row] = await c.var.db
    .select({ dataFilters: tenantReports.dataFilters })
    .from(tenantReports)
    .where(and(eq(tenantReports.templateId, templateId), eq(tenantReports.tenantId, c.var.auth.tenantId)));
  return (row?.dataFilters as Record<string, unknown> | null) ?? {};
}

const previewQuery = z.object({
  templateId: z.string({ error: 'templateId is required' }).min(1, { error: 'templateId is required' }),
  dataFilters: z.string().optional(),
  responseType: z.enum(['html', 'pdf', 'image'], { error: 'responseType must be html, pdf or image' }).default('html'),
  name: z.string().optional(),
});

adminReportRoutes.get(`${TRIGGER}/preview-report`, READ, async (c) => {
  const parsed = previewQuery.safeParse(c.req.query());
  if (!parsed.success)
    throw new HttpError(
      400,
      parsed.error.issues.map((i) => i.message),
    );
  const q = parsed.data;
  const template = await templateOf(c, q.templateId);
  const filters = await triggerFilters(c, template.id, q.dataFilters);
  const content = await reportContent(c.var.db, template, c.var.auth.tenantId, filters);
  if (q.responseType === 'image') throw badRequest('Report images are not rendered by the emulator: ask for html or pdf', 'ER-REPORT-IMAGE');
  const fileName = `report_${(q.name || template.name).replace(/[^\w.-]+/g, '_')}`;
  if (q.responseType === 'pdf') {
    const pdf = await reportPdf(content);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${fileName}.pdf"` });
  }
  c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *");
  return c.html(reportHtml(content));
});

const sendBody = z.object({
  templateId: z.string({ error: 'templateId is required' }).min(1, { error: 'templateId is required' }),
  to: z.array(emailField(), { error: 'to must be a list of emails' }).min(1, { error: 'to needs at least one email' }),
  dataFilters: z.string().nullish(),
});

adminReportRoutes.post(`${TRIGGER}/tenant-reports`, WRITE, async (c) => {
  const body = await parseBody(c, sendBody);
  const template = await templateOf(c, body.templateId);
  const filters = await triggerFilters(c, template.id, body.dataFilters);
  const content = await reportContent(c.var.db, template, c.var.auth.tenantId, filters);
  const to = [...new Set(body.to)];
  for (const recipient of to) await send(c.var.db, { to: recipient, channel: 'email', subject: `Report: ${template.name}`, text: reportText(content) });
  await audit(c, { action: 'report.sent', targetId: template.id, details: { name: template.name, recipients: to.length } });
  return c.json({});
});
