/**
 * The audit log (api-contract §X; admin spec §2 "Audit log columns", §4, §9; AB-2.03, AB-7.54–AB-7.56), the calls
 * Frontegg's client makes (`@frontegg/rest-api` audits: getAudits, getAuditsStats, exportAudits; metadata
 * getAuditsMetadata). Calls send `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject
 * with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}`. */
export const AUDITS_PATHS = Object.freeze({
  list: '/audits',
  stats: '/audits/stats',
  metadata: '/metadata',
  exportCsv: '/audits/export/csv/v2',
  values: '/audits/values',
});

/** Who acted on an audit row (the emulator's `actorKind`): a user, a SCIM connection, or the system. */
export type AuditActorKind = 'user' | 'scim' | 'system';

/** One row of the audit log (AuditRowData, with the emulator's `userAgent` and `description`). Times are ISO dates. */
export interface AuditRow {
  _id: string;
  ip: string;
  /** The row's JSON data (the client types it as a list: one entry, the payload). */
  json: unknown[];
  action: string;
  resource: string;
  time: string;
  user: string;
  email: string;
  /** INFO, WARNING or SEVERE. */
  severity: string;
  vendorId: string;
  tenantId: string;
  createdAt: string;
  updatedAt: string;
  actorMail?: string;
  userAgent?: string;
  description?: string;
  /** The emulator's: who acted (absent: a user) and, for a SCIM connection, its name. */
  actorKind?: AuditActorKind;
  actorName?: string;
}

/** The filters whose values {@link AuditsApi.getFilterValues} lists. */
export type AuditValueField = 'action' | 'user';

/** A value of the action or user filter: `value` goes to the filter, `label` is shown; an actor's `kind` and SCIM `name`. */
export interface AuditFilterValue {
  value: string;
  label: string;
  kind?: AuditActorKind;
  name?: string;
}

/**
 * The list query (IGetAuditsParams): `offset` and `count` are rows, `filter` free text; the emulator also filters by
 * `user` (id or email), `action` and `severity` (comma lists), a time range `startDate` / `endDate` (ISO dates), and
 * what a picker was typed into (`actionContains`, `userContains`: a part of the action or the actor, any case).
 */
export interface AuditsQuery {
  sortDirection: 'asc' | 'desc';
  sortBy: string;
  filter: string;
  offset: number;
  count: number;
  user?: string;
  /** The emulator's: the actor as shown (email, "SCIM: <name>", "System") contains this text. */
  userContains?: string;
  action?: string;
  /** The emulator's: the action contains this text ("sso" finds the SSO actions). */
  actionContains?: string;
  severity?: string;
  startDate?: string;
  endDate?: string;
}

/** A page of the log (IAudits): the rows and how many match in all. */
export interface AuditsPage {
  data: AuditRow[];
  total: number;
}

/** The stats (IAuditsStats): rows written today, SEVERE rows in the last 7 days. */
export interface AuditsStats {
  totalToday: number;
  severeThisWeek: number;
}

/** A column of the `audits` metadata entity (HeaderProps). */
export interface AuditColumn {
  _id: string;
  name: string;
  type: string;
  sortable: boolean;
  filterable: boolean;
  displayName: string;
  showInTable: boolean;
  showInMoreInfo: string;
}

/** Creates the audit log calls on top of `client`. */
export function createAuditsApi(client: ApiClient) {
  return {
    /** `GET /audits` (getAudits): one page of the tenant's log. */
    getAudits(query: AuditsQuery, o?: CallOptions): Promise<AuditsPage> {
      return client.get<AuditsPage>(AUDITS_PATHS.list, adminOptions(o, { query: { ...query } }));
    },
    /** `GET /audits/stats` (getAuditsStats). */
    getStats(o?: CallOptions): Promise<AuditsStats> {
      return client.get<AuditsStats>(AUDITS_PATHS.stats, adminOptions(o, { query: { sortBy: 'createdAt', sortDirection: 'desc', count: 20 } }));
    },
    /** `GET /metadata?entityName=audits` (getAuditsMetadata): the log's columns (`rows[0].properties`). */
    async getColumns(o?: CallOptions): Promise<AuditColumn[]> {
      const { rows } = await client.get<{ rows: { properties?: AuditColumn[] }[] }>(AUDITS_PATHS.metadata, adminOptions(o, { query: { entityName: 'audits' } }));
      if (!rows?.[0]) throw new Error('metadata not found: audits');
      return rows[0].properties ?? [];
    },
    /**
     * `GET /audits/values` (the emulator's extension; Frontegg's API has none): the values of the `field` filter present
     * in the account's log that contain `search` (any case), sorted, at most `limit` (1–100); `more` when there are others.
     */
    getFilterValues(field: AuditValueField, search: string, limit = 50, o?: CallOptions): Promise<{ values: AuditFilterValue[]; more: boolean }> {
      return client.get(AUDITS_PATHS.values, adminOptions(o, { query: { field, search, limit } }));
    },
    /**
     * `POST /audits/export/csv/v2` (exportAudits, endpoint `csv/v2`): the whole log of `query` (its filters and sort;
     * no row cap) as CSV text, the `columns` in order, saved as `outputFileName`.
     */
    exportCsv(query: Omit<AuditsQuery, 'count'> & { outputFileName: string }, columns: AuditColumn[], o?: CallOptions): Promise<string> {
      return client.post<string>(AUDITS_PATHS.exportCsv, { properties: columns }, adminOptions(o, { query: { ...query }, responseType: 'text' }));
    },
  };
}

/** The audit log calls of one client. */
export type AuditsApi = ReturnType<typeof createAuditsApi>;
