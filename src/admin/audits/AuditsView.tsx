/**
 * The audit log section (admin spec §2 "Audit log columns", §4 "Audits", §8, §9; AB-2.03, AB-3.51–AB-3.53,
 * AB-4.32–AB-4.33, AB-7.54–AB-7.56; issue 31 item 6): the tenant's events in a server-paged table (20 a page, newest
 * first), sortable by the columns the `audits` metadata marks sortable, searched by free text and filtered by user and
 * action (pickers of the values present, typed text a partial match), severity and a time range; today's count and
 * the severe events of the week; a row's every field (user agent and JSON data too) in its details dialog, reached
 * by its Details button at any width; and the CSV of exactly the current filter and sort, saved as `audits.csv`. At
 * 1280 px the table shows Time, User, Action, Description, IP and Severity (the description gives way first; the user
 * agent leaves first). An actor that is not a user reads "System" or "SCIM: <connection>". A load failure is shown
 * with "Try again"; an export failure is only logged (admin spec §4) and the busy flag reset. Read-only: the log has
 * no write control.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { AuditColumn, AuditFilterValue, AuditRow, AuditValueField } from '../../api/audits.ts';
import type { Translate } from '../../i18n/index.ts';
import { useT } from '../../i18n/use-t.ts';
import { AUDIT_FILTERS, AUDITS_CSV, createAuditsResource } from '../resources/audits.ts';
import { useRouteState, useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { RowDetails } from '../ui/row-details.tsx';
import { downloadText } from '../ui/download.ts';
import { SearchField, TextField } from '../ui/form.tsx';
import * as auditCss from './audits.css.ts';
import { FilterPicker } from './FilterPicker.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { useDebouncedSearch } from '../ui/use-search.ts';
import { AUDIT_SEVERITIES, actorText, columnsShown, dayRange, DEFAULT_AUDIT_COLUMNS, describeAction, jsonText, localDay, severityClass } from './model.ts';

/** The audit log section view. */
export function AuditsView() {
  const { app, resources } = useSection();
  const sectionRef = useRef<HTMLElement>(null);
  const t = useT(app);
  const audits = resources.use(createAuditsResource);
  const list = audits.list;
  const query = useStore(list.$query);
  const state = useStore(list.$state);
  const stats = useStore(audits.$stats);
  const metadata = useStore(audits.$columns);
  const { text: search, setText: setSearch } = useDebouncedSearch(list.setSearch, query.search);
  const [viewing, setViewing] = useState<AuditRow | null>(null);
  // a sub-route (deep link, story) may open a row's JSON (`json::rowId`: `#/admin/audits/json:<row id>`) once the row is on the page
  const [linked, setLinked] = useRouteState(({ route, params }) => (route === 'json::rowId' ? params.rowId : undefined));
  const linkedRow = linked ? state.data?.items.find((r) => r._id === linked) : undefined;
  const open = viewing ?? linkedRow ?? null;
  const close = () => {
    setViewing(null);
    setLinked(undefined);
  };
  // the metadata's columns (shown in the table), else the log's eight
  const known = metadata.data?.length ? metadata.data : DEFAULT_AUDIT_COLUMNS;
  const shown = useMemo(() => columnsShown(known), [known]);
  // times as the account shows them (its date and time formats and time zone)
  const dateText = useDateTime();
  const time = useCallback((iso: string) => dateText(iso, { time: true }), [dateText]);
  const day = useCallback((iso: string) => dateText(iso), [dateText]);
  const cols = useMemo(() => columns(shown, t, time, day, setViewing), [shown, t, time, day]);
  const filter = (name: string) => query.filters[name] ?? '';
  // the pickers start again from empty when the filters are cleared (their text is their own)
  const [cleared, setCleared] = useState(0);
  const loadValues = useCallback((field: AuditValueField, search: string, o: { signal: AbortSignal }) => audits.filterValues(field, search, o), [audits]);
  const valueLabel = useCallback((v: AuditFilterValue) => (v.kind ? actorText(t, { kind: v.kind, name: v.name, text: v.label }) : v.label), [t]);
  const filtered = AUDIT_FILTERS.some((f) => filter(f)) || query.search !== '';

  // admin spec §4: an export failure is logged and the busy flag reset (the mutation's state); besides, the table
  // keeps its rows, and an error toast says why
  const exportAction = useInlineAction(audits.exportCsv, {
    done: (csv) => void downloadText(sectionRef.current ?? document.body, AUDITS_CSV, csv),
    failed: (reason) => t('admin.audits.exportFailed', { reason }),
    onError: (error) => app.logger.warn('audits export failed', error),
  });
  const exporting = exportAction.busy;
  const exportCsv = () => {
    if (!exporting) void exportAction.run({ columns: known });
  };

  return (
    <section ref={sectionRef} className={css.section} aria-labelledby="fe-audits-title" aria-busy={state.loading || undefined}>
      <SectionHeader titleId="fe-audits-title" title={t('admin.audits.title')} intro={t('admin.audits.intro')}>
        <button type="button" className={css.secondaryButton} onClick={exportCsv} aria-disabled={exporting || undefined} aria-busy={exporting || undefined}>
          {exporting ? t('admin.audits.exporting') : t('admin.audits.export')}
        </button>
      </SectionHeader>
      {stats.data ? (
        <p className={css.chips} aria-label={t('admin.audits.stats')}>
          <span className={css.chip}>{t('admin.audits.stats.today', { count: stats.data.totalToday })}</span>
          <span className={stats.data.severeThisWeek > 0 ? css.badgeDanger : css.chip}>{t('admin.audits.stats.severe', { count: stats.data.severeThisWeek })}</span>
        </p>
      ) : null}
      <div className={css.toolbar} role="search" aria-label={t('admin.audits.filters')}>
        <SearchField label={t('admin.audits.searchLabel')} fieldId="fe-audits-search" value={search} onSearch={setSearch} />
        {(['user', 'action'] as const).map((key) => (
          <FilterPicker
            key={`${key}-${cleared}`}
            field={key}
            label={t(`admin.audits.filter.${key}`)}
            initial={filter(`${key}Contains`) || filter(key)}
            load={loadValues}
            labelOf={valueLabel}
            onPick={(v) => list.setFilters({ [key]: v.value, [`${key}Contains`]: '' })}
            onType={(text) => list.setFilters({ [key]: '', [`${key}Contains`]: text })}
          />
        ))}
        <label className={css.field}>
          <span className={css.label}>{t('admin.audits.filter.severity')}</span>
          <select className={css.input} name="severity" value={filter('severity')} onChange={(e) => list.setFilter('severity', e.target.value)}>
            <option value="">{t('admin.audits.filter.severityAll')}</option>
            {AUDIT_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.audits.severity.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {(
          [
            ['from', 'startDate', 'start'],
            ['to', 'endDate', 'end'],
          ] as const
        ).map(([name, key, edge]) => (
          <TextField
            key={name}
            label={t(`admin.audits.filter.${name}`)}
            fieldId={`fe-audits-${name}`}
            name={name}
            type="date"
            value={localDay(filter(key))}
            onChange={(e) => list.setFilter(key, dayRange(e.target.value)[edge])}
          />
        ))}
        {filtered ? (
          <button
            type="button"
            className={css.secondaryButton}
            onClick={() => {
              setSearch('');
              list.clearFilters();
              setCleared((n) => n + 1);
            }}
          >
            {t('admin.audits.filter.clear')}
          </button>
        ) : null}
      </div>
      <LoadStates state={state} retry={list.retry}>
        <>
          <DataTable
            busy={state.loading}
            label={t('admin.audits.table')}
            columns={cols}
            data={state.data?.items ?? []}
            getRowId={(r) => r._id}
            sorting={query.sort ? [query.sort] : []}
            onSortingChange={(s) => list.setSort(s[0] ?? null)}
            manualSorting
            empty={filtered ? <EmptyState title={t('admin.audits.noMatch')} /> : <EmptyState title={t('admin.audits.empty')} />}
          />
          <Pagination page={query.page} totalPages={state.data?.totalPages ?? 1} total={state.data?.total} onPage={list.setPage} busy={state.loading} />
        </>
      </LoadStates>
      {open ? (
        <RowDetails
          title={t('admin.audits.jsonTitle', { action: open.action, time: time(open.createdAt) })}
          fields={detailFields(open, t, time).map(([name, value]) => ({ label: t(`admin.audits.col.${name}`), value: value || '—' }))}
          onClose={close}
        >
          <pre className={`${css.secret} ${auditCss.json}`} tabIndex={0} aria-label={t('admin.audits.col.json')}>
            {jsonText(open)}
          </pre>
        </RowDetails>
      ) : null}
    </section>
  );
}

/** A time cell: the day, and under it the rest of the full text (the time of day), muted. */
function DayAndTime({ day, full }: { day: string; full: string }) {
  const rest = full.startsWith(day) ? full.slice(day.length).replace(/^[\s,]+/, '') : '';
  return (
    <span className={css.cellStack} title={full}>
      <span>{rest ? day : full}</span>
      {rest ? <span className={css.muted}>{rest}</span> : null}
    </span>
  );
}

type DetailField = 'createdAt' | 'user' | 'action' | 'description' | 'ip' | 'severity' | 'userAgent';

/** The fields of a row's details dialog, in the columns' order, as shown: every one, the user agent too. */
function detailFields(row: AuditRow, t: Translate, time: (iso: string) => string): [DetailField, string][] {
  return [
    ['createdAt', time(row.createdAt)],
    ['user', actorText(t, rowActor(row))],
    ['action', row.action],
    ['description', describeAction(t, row)],
    ['ip', row.ip],
    ['severity', t(`admin.audits.severity.${row.severity}` as Parameters<Translate>[0]) || row.severity],
    ['userAgent', row.userAgent ?? ''],
  ];
}

/** A row's actor for {@link actorText}: its kind (a user unless the emulator says otherwise), SCIM name, email or user. */
const rowActor = (row: AuditRow) => ({ kind: row.actorKind ?? 'user', name: row.actorName, text: row.email || row.user });

/**
 * Column widths in px (the description's is its minimum: it takes what is left, and gives way first), and the order
 * in which columns leave a narrow table: user agent, IP, severity, description, user (time, action and Details stay).
 * At 1280 px Time, User, Action, Description, IP and Severity fit.
 */
const SIZES: Record<string, number> = { createdAt: 120, user: 150, action: 130, description: 100, ip: 110, severity: 85, userAgent: 140, json: 90 };
const PRIORITIES: Record<string, number> = { userAgent: 5, ip: 4, severity: 3, description: 2, user: 1 };

/** The table's columns: those the metadata shows, in its order; Json Data as a Details button that opens the row's every field. */
function columns(shown: AuditColumn[], t: Translate, time: (iso: string) => string, day: (iso: string) => string, view: (row: AuditRow) => void): ColumnDef<AuditRow, unknown>[] {
  return shown.map((c): ColumnDef<AuditRow, unknown> => {
    const header = t(`admin.audits.col.${c.name}` as Parameters<Translate>[0]) || c.displayName;
    const priority = PRIORITIES[c.name] ?? 0;
    const base = { id: c.name, header, enableSorting: c.sortable, size: SIZES[c.name] ?? 140, meta: { priority, grow: c.name === 'description' } };
    switch (c.name) {
      case 'createdAt':
        // the day over the time of day (two short lines where one long one would be cut)
        return { ...base, accessorKey: 'createdAt', cell: ({ row }) => <DayAndTime day={day(row.original.createdAt)} full={time(row.original.createdAt)} /> };
      case 'user':
        return { ...base, accessorKey: 'user', cell: ({ row }) => actorText(t, rowActor(row.original)) };
      case 'description':
        // a billing action in the admin's language, any other as the server wrote it
        return { ...base, accessorKey: 'description', cell: ({ row }) => describeAction(t, row.original) };
      case 'severity':
        return {
          ...base,
          accessorKey: 'severity',
          cell: ({ row }) => (
            <span className={severityClass(row.original.severity) === 'danger' ? css.badgeDanger : css.chip}>
              {t(`admin.audits.severity.${row.original.severity}` as Parameters<Translate>[0])}
            </span>
          ),
        };
      case 'json':
        // its header is read by assistive technology only (each button says what it opens)
        return {
          ...base,
          header: () => <span className={css.visuallyHidden}>{header}</span>,
          enableSorting: false,
          cell: ({ row }) => (
            <button
              type="button"
              className={css.iconButton}
              aria-label={t('admin.audits.viewJsonFor', { action: row.original.action, time: time(row.original.createdAt) })}
              onClick={() => view(row.original)}
            >
              {t('admin.audits.viewJson')}
            </button>
          ),
        };
      case 'userAgent':
        // one line (the table's cells are), the whole text on hover and in the row's details
        return { ...base, accessorKey: 'userAgent', cell: ({ row }) => row.original.userAgent };
      default:
        return { ...base, accessorKey: c.name };
    }
  });
}
