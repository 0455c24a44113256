/**
 * The tenant's reports as the portal reads and writes them (api-contract §Z; AB-7.63, AB-7.64): the list, a report's
 * schedule (interval or cron in a time zone, active), its HTML preview and sending it to recipients. `dataFilters`
 * are sent as base64 of their JSON by the API area (src/api/reports.ts).
 */
import type { ApiClient } from '../../api/client.ts';
import { createReportsApi, encodeDataFilters, REPORTS_PATHS, type Report, type ReportSchedule, type ReportScheduleInput } from '../../api/reports.ts';
import type { QueryContext } from './query.ts';

export { encodeDataFilters, REPORTS_PATHS };
export type { Report, ReportSchedule, ReportScheduleInput };

/** Cache key of the list. */
export const REPORTS_KEY = 'admin/reports';

/** The schedule intervals offered besides a cron expression. */
export const REPORT_INTERVALS = ['daily', 'weekly', 'monthly'] as const;

/**
 * Whether `cron` reads as a cron expression: 5 fields (minute hour day month weekday) or 6 (with seconds), each of
 * digits, `*`, `?`, `L`, `W`, `#`, ranges, steps, lists or names (the emulator's `croner` decides the rest).
 */
export function isCronExpression(cron: string): boolean {
  const fields = cron.trim().split(/\s+/);
  return (fields.length === 5 || fields.length === 6) && fields.every((f) => /^[\d*?/,\-LW#A-Za-z]+$/.test(f));
}

/** Builds the reports resource of one app; sections read it with `resources.use(createReportsResource)`. */
export function createReportsResource(q: QueryContext, client: ApiClient) {
  const api = createReportsApi(client);
  return {
    /** The tenant's reports, by name. */
    $list: q.createFetcherStore<Report[]>([REPORTS_KEY], {
      fetcher: async () => (await api.list()).slice().sort((a, b) => a.name.localeCompare(b.name)),
    }),

    /**
     * Saves a report's schedule (POST, `dataFilters` base64 JSON); the answer replaces the report in the list.
     * @throws FeApiError
     */
    schedule: q.mutation<{ id: string; input: ReportScheduleInput }, Report>(async ({ id, input }, cache) => {
      const answer = await api.schedule(id, input);
      const report: Report = { ...(cache.read<Report[]>(REPORTS_KEY)?.find((r) => r.id === id) ?? { id, name: id }), ...answer, id };
      cache.edit<Report[]>(REPORTS_KEY, (list) => list.map((r) => (r.id === id ? report : r)));
      return report;
    }),

    /**
     * The report rendered as HTML (shown in a sandboxed frame, never run).
     * @throws FeApiError
     */
    preview: q.mutation<{ id: string; dataFilters?: unknown }, { html: string }>(({ id, dataFilters }) => api.render(id, dataFilters)),

    /**
     * Sends the report to `to` (email addresses) with its `dataFilters` (base64 JSON, AB-7.64).
     * @throws FeApiError
     */
    send: q.mutation<{ id: string; to: string[]; dataFilters?: unknown }, void>(({ id, to, dataFilters }) => api.send(id, to, dataFilters)),
  };
}

/** The reports resource of one app. */
export type ReportsResource = ReturnType<typeof createReportsResource>;
