/**
 * The audit log's server data (admin spec §4 "Audits", §8, §9; AB-2.03, AB-3.51–AB-3.53, AB-7.54–AB-7.56): a paged
 * list of the tenant's rows (20 a page from offset 0, newest first unless sorted otherwise), filtered by user,
 * action, severity and a time range and searched by free text; the stats; the `audits` metadata (the columns); and
 * the CSV export of exactly the current filter and sort. A list, stats or metadata failure is kept in its own store
 * (shown with a retry); the export's busy flag is its mutation's `loading`.
 */
import type { ApiClient } from '../../api/client.ts';
import { createAuditsApi, type AuditColumn, type AuditRow, type AuditsQuery, type AuditsStats, type AuditValueField } from '../../api/audits.ts';
import type { CallOptions } from '../../api/request.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { QueryContext } from './query.ts';

/** Key prefix of every page of the log in the cache. */
export const AUDITS_KEY = 'admin/audits?';
/** Rows a page (admin spec §9: audits page size 20, offset 0). */
export const AUDITS_PAGE_SIZE = 20;
/** The default sort (admin spec §9: createdAt descending). */
export const AUDITS_SORT = { id: 'createdAt', desc: true } as const;
/** The file the export is saved as (admin spec §9). */
export const AUDITS_CSV = 'audits.csv';
/**
 * The list filters: the row's user (id or email, picked), action (picked), what was typed into either picker (a part
 * of the user or action, any case), severity, and the time range (ISO dates, inclusive).
 */
export const AUDIT_FILTERS = ['user', 'action', 'userContains', 'actionContains', 'severity', 'startDate', 'endDate'] as const;

/** The getAudits query of a list query (no `count` when `all`: the export's). */
export function auditsQuery(query: ListQuery): AuditsQuery {
  const sort = query.sort ?? AUDITS_SORT;
  const filters: Partial<Record<(typeof AUDIT_FILTERS)[number], string>> = {};
  for (const name of AUDIT_FILTERS) if (query.filters[name]) filters[name] = query.filters[name];
  return {
    sortBy: sort.id,
    sortDirection: sort.desc ? 'desc' : 'asc',
    filter: query.search,
    offset: (query.page - 1) * query.pageSize,
    count: query.pageSize,
    ...filters,
  };
}

/** Builds the audit log resource of one app. */
export function createAuditsResource(q: QueryContext, client: ApiClient) {
  const api = createAuditsApi(client);
  const list = pagedList<AuditRow>(q, {
    key: AUDITS_KEY,
    pageSize: AUDITS_PAGE_SIZE,
    initial: { sort: AUDITS_SORT },
    load: async (query) => {
      const page = await api.getAudits(auditsQuery(query));
      return { items: page.data, total: page.total, totalPages: Math.ceil(page.total / query.pageSize) };
    },
  });
  const $columns = q.createFetcherStore<AuditColumn[]>(['admin/audits-metadata'], { fetcher: () => api.getColumns() });
  return {
    /** The log: its query (page, search, filters, sort) and state. */
    list,
    /** Rows today and SEVERE rows this week. */
    $stats: q.createFetcherStore<AuditsStats>(['admin/audits-stats'], { fetcher: () => api.getStats() }),
    /** The columns of the `audits` metadata entity. */
    $columns,
    /**
     * The CSV of the current query (its filters, search and sort; every row, from offset 0) with the metadata's
     * columns (the table's when it cannot be read). Resolves with the CSV text. @throws FeApiError
     */
    exportCsv: q.mutation<{ columns: AuditColumn[] }, string>(async ({ columns }) => {
      const { count: _count, ...query } = auditsQuery({ ...list.$query.get(), page: 1 });
      return api.exportCsv({ ...query, offset: 0, outputFileName: AUDITS_CSV }, columns);
    }),
    /**
     * The values of the action or user filter present in the log that contain `search` (the pickers' options; read
     * afresh each time, not cached). @throws FeApiError
     */
    filterValues: (field: AuditValueField, search: string, o?: CallOptions) => api.getFilterValues(field, search, 50, o),
    /** Refetches the log and the stats (after a change elsewhere wrote rows). */
    refresh() {
      list.refresh();
      q.cache.revalidate((k) => k === 'admin/audits-stats');
    },
  };
}

/** The audit log resource of one app. */
export type AuditsResource = ReturnType<typeof createAuditsResource>;
