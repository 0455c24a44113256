/**
 * Reports (api-contract §Z; admin spec §7 "Connectivity"; AB-7.63, AB-7.64): the tenant's reports, their schedule
 * (interval or cron, time zone, active), an HTML preview and sending to recipients. `dataFilters` travel as base64
 * of their JSON. Calls send `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an
 * `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}` (contract §Z). */
export const REPORTS_PATHS = Object.freeze({
  list: '/reports/resources/reports/v2/tenant-reports',
  /** `/{id}/tenant-reports`: one report (GET) or its schedule (POST). */
  base: '/reports/resources/reports/v2',
  preview: '/reports/engine/resources/triggers/v1/preview-report',
  send: '/reports/engine/resources/triggers/v1/tenant-reports',
});

/** A report's schedule: an `interval` or a `cron` expression, read in the IANA time zone `tz`. */
export interface ReportSchedule {
  interval?: string;
  cron?: string;
  tz?: string;
  active?: boolean;
  dataFilters?: string;
}

/** One report of the tenant. Dates are ISO strings. */
export interface Report {
  id: string;
  name: string;
  description?: string;
  schedule?: ReportSchedule;
  status?: string;
  type?: 'html' | 'pdf' | 'image';
  createdAt?: string;
  updatedAt?: string;
  dataFilters?: { type: string; config: unknown }[];
}

/** What scheduling a report sends; `dataFilters` is the JSON value (sent base64-encoded). */
export interface ReportScheduleInput {
  schedule: Omit<ReportSchedule, 'dataFilters'>;
  status?: string;
  type?: Report['type'];
  dataFilters?: unknown;
}

/**
 * `value` as JSON, base64-encoded (UTF-8 first: names with umlauts or Hebrew survive) — how the report calls send
 * `dataFilters` (AB-7.64).
 */
export function encodeDataFilters(value: unknown): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(value ?? {}))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The text of an HTML answer: a JSON string (the preview transport answers JSON) is read as its content. */
function htmlOf(text: string): string {
  if (!text.startsWith('"')) return text;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : text;
  } catch {
    return text;
  }
}

/** Creates the report calls on top of `client`. */
export function createReportsApi(client: ApiClient) {
  return {
    /** `GET tenant-reports`: the tenant's reports. */
    list(o?: CallOptions): Promise<Report[]> {
      return client.get<Report[]>(REPORTS_PATHS.list, adminOptions(o));
    },
    /** `GET {id}/tenant-reports`: one report. */
    get(id: string, o?: CallOptions): Promise<Report> {
      return client.get<Report>(`${REPORTS_PATHS.base}/${encodeURIComponent(id)}/tenant-reports`, adminOptions(o));
    },
    /** `POST {templateId}/tenant-reports`: the report's schedule saved; resolves with the report. */
    schedule(templateId: string, input: ReportScheduleInput, o?: CallOptions): Promise<Report> {
      const body = { ...input, dataFilters: encodeDataFilters(input.dataFilters) };
      return client.post<Report>(`${REPORTS_PATHS.base}/${encodeURIComponent(templateId)}/tenant-reports`, body, adminOptions(o));
    },
    /** `GET preview-report?templateId&dataFilters&responseType=html`: the rendered report, `{ html }`. */
    async render(templateId: string, dataFilters?: unknown, o?: CallOptions): Promise<{ html: string }> {
      const query = { templateId, dataFilters: encodeDataFilters(dataFilters), responseType: 'html' };
      const text = await client.get<string>(REPORTS_PATHS.preview, adminOptions(o, { query, responseType: 'text' }));
      return { html: htmlOf(text) };
    },
    /** `POST engine/…/tenant-reports` with `{ templateId, to, dataFilters }`: the report sent to `to` (emails). */
    send(templateId: string, to: string[], dataFilters?: unknown, o?: CallOptions): Promise<void> {
      return client.post<void>(REPORTS_PATHS.send, { templateId, to, dataFilters: encodeDataFilters(dataFilters) }, adminOptions(o));
    },
  };
}
