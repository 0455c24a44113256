/**
 * The reports of the webhooks section (api-contract §Z; admin spec §7 "Connectivity"; AB-7.63, AB-7.64): the
 * account's reports with their schedule and status; Schedule (an interval or a cron expression, a time zone, active),
 * Preview (the rendered HTML in a sandboxed frame that runs no script) and Send (to email addresses) per report.
 * `dataFilters` are sent as base64 JSON (src/api/reports.ts).
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import type { Translate } from '../../../i18n/index.ts';
import { invalidRecipients, parseRecipients } from '../../resources/connectivity.ts';
import { createReportsResource, isCronExpression, REPORT_INTERVALS, type Report } from '../../resources/reports.ts';
import { useSection } from '../../shell/context.ts';
import * as css from '../../ui/admin.css.ts';
import { actionsColumn, DataTable, type ColumnDef } from '../../ui/data-table.tsx';
import { AdminDialog } from '../../ui/dialog.tsx';
import { CheckboxRow, DialogActions, DoneActions, TextField } from '../../ui/form.tsx';
import { ComboBox } from '../../ui/combo-box.tsx';
import { PanelHeader } from '../../ui/section-header.tsx';
import { Select } from '../../ui/select.tsx';
import { EmptyState, ErrorSlot, Loading, LoadStates } from '../../ui/states.tsx';
import { useSave } from '../../ui/use-save.ts';
import * as channelsCss from '../channels.css.ts';

/** What the schedule's "Repeat" offers: an interval, or a cron expression. */
type Repeat = (typeof REPORT_INTERVALS)[number] | 'cron';

/** A report's schedule in one line ("Every week, Europe/Berlin"; "Not scheduled"). */
export function scheduleText(report: Report, t: Translate): string {
  const s = report.schedule;
  if (!s || (!s.interval && !s.cron)) return t('admin.reports.notScheduled');
  const what = s.cron
    ? t('admin.reports.cronSummary', { cron: s.cron })
    : (REPORT_INTERVALS as readonly string[]).includes(s.interval!)
      ? t(`admin.reports.interval.${s.interval as (typeof REPORT_INTERVALS)[number]}`)
      : s.interval!;
  const text = s.tz ? t('admin.reports.inZone', { schedule: what, tz: s.tz }) : what;
  return s.active === false ? t('admin.reports.paused', { schedule: text }) : text;
}

/** The IANA time zones the browser knows (UTC first). */
function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** Which dialog is open, on which report. */
type Open = { kind: 'schedule' | 'preview' | 'send'; report: Report } | null;

/** The reports panel. */
export function ReportsPanel() {
  const { t, resources, can } = useSection();
  const reports = resources.use(createReportsResource);
  const list = useStore(reports.$list);
  const [open, setOpen] = useState<Open>(null);
  const canWrite = can('write');
  const titleId = 'fe-reports-title';
  // made each render: the row buttons open dialogs through this render's handlers
  const columns: ColumnDef<Report, unknown>[] = [
    { id: 'name', accessorKey: 'name', header: t('admin.reports.col.name'), size: 180, enableSorting: false },
    { id: 'schedule', header: t('admin.reports.col.schedule'), size: 260, enableSorting: false, cell: ({ row }) => scheduleText(row.original, t) },
    { id: 'status', accessorKey: 'status', header: t('admin.reports.col.status'), size: 100, enableSorting: false },
    actionsColumn<Report>(t('admin.reports.actions'), canWrite ? 350 : 130, (report) => (
      <span className={css.toolbar}>
        {canWrite ? (
          <button
            type="button"
            className={css.secondaryButton}
            aria-label={t('admin.reports.scheduleFor', { name: report.name })}
            onClick={() => setOpen({ kind: 'schedule', report })}
          >
            {t('admin.reports.schedule')}
          </button>
        ) : null}
        <button type="button" className={css.secondaryButton} aria-label={t('admin.reports.previewFor', { name: report.name })} onClick={() => openPreview(report)}>
          {t('admin.reports.preview')}
        </button>
        {canWrite ? (
          <button type="button" className={css.secondaryButton} aria-label={t('admin.reports.sendFor', { name: report.name })} onClick={() => setOpen({ kind: 'send', report })}>
            {t('admin.reports.send')}
          </button>
        ) : null}
      </span>
    )),
  ];
  const close = () => setOpen(null);
  // the preview is asked for by the click that opens it (and by its retry)
  const preview = useSave();
  const [html, setHtml] = useState<string | null>(null);
  const loadPreview = (report: Report) => {
    setHtml(null);
    void preview.run(
      () => reports.preview.run({ id: report.id, dataFilters: report.dataFilters ?? [] }),
      (r) => setHtml(r.html),
    );
  };
  const openPreview = (report: Report) => {
    setOpen({ kind: 'preview', report });
    loadPreview(report);
  };
  return (
    <section className={channelsCss.panel} aria-labelledby={titleId} aria-busy={list.loading || undefined}>
      <PanelHeader titleId={titleId} title={t('admin.reports.title')} intro={t('admin.reports.intro')} />
      <LoadStates state={list} retry={() => reports.$list.revalidate()}>
        <DataTable label={t('admin.reports.table')} columns={columns} data={list.data ?? []} empty={<EmptyState title={t('admin.reports.empty')} />} />
      </LoadStates>
      {open?.kind === 'schedule' ? <ScheduleDialog report={open.report} onClose={close} /> : null}
      {open?.kind === 'preview' ? (
        <PreviewDialog report={open.report} html={html} busy={preview.busy} error={preview.error} retry={() => loadPreview(open.report)} onClose={close} />
      ) : null}
      {open?.kind === 'send' ? <SendDialog report={open.report} onClose={close} /> : null}
    </section>
  );
}

/** A report's schedule: Repeat (an interval or cron), the cron expression, the time zone, Active. */
function ScheduleDialog({ report, onClose }: { report: Report; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const reports = resources.use(createReportsResource);
  const s = report.schedule ?? {};
  const [repeat, setRepeat] = useState<Repeat>(s.cron ? 'cron' : (REPORT_INTERVALS as readonly string[]).includes(s.interval ?? '') ? (s.interval as Repeat) : 'weekly');
  const [cron, setCron] = useState(s.cron ?? '');
  const [tz, setTz] = useState(s.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC');
  const [active, setActive] = useState(s.active ?? true);
  const [cronError, setCronError] = useState(false);
  const zones = useMemo(() => timeZones().map((z) => ({ key: z, label: z })), []);
  const save = useSave();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (repeat === 'cron' && !isCronExpression(cron)) return setCronError(true);
    const schedule = repeat === 'cron' ? { cron: cron.trim(), tz, active } : { interval: repeat, tz, active };
    void save.run(
      () => reports.schedule.run({ id: report.id, input: { schedule, status: report.status, type: report.type, dataFilters: report.dataFilters ?? [] } }),
      () => {
        toasts.show(t('admin.reports.scheduled', { name: report.name }));
        onClose();
      },
    );
  };
  const repeats = [...REPORT_INTERVALS, 'cron' as const].map((key) => ({ key, label: t(`admin.reports.interval.${key}`) }));
  return (
    <AdminDialog open onClose={onClose} title={t('admin.reports.scheduleFor', { name: report.name })} busy={save.busy}>
      <form className={css.form} onSubmit={submit} noValidate>
        <Select<Repeat> label={t('admin.reports.interval')} name="repeat" items={repeats} value={repeat} onChange={setRepeat} />
        {repeat === 'cron' ? (
          <TextField
            label={t('admin.reports.cron')}
            fieldId="fe-report-cron"
            name="cron"
            value={cron}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setCron(e.target.value);
              setCronError(false);
            }}
            hint={t('admin.reports.cronHint')}
            error={cronError ? t('admin.reports.cronInvalid') : undefined}
          />
        ) : null}
        <ComboBox label={t('admin.reports.timeZone')} name="tz" items={zones} value={tz} onChange={(z) => z && setTz(z)} />
        <CheckboxRow role="switch" name="active" checked={active} onChange={setActive}>
          {t('admin.reports.active')}
        </CheckboxRow>
        <ErrorSlot error={save.error} />
        <DialogActions onCancel={onClose} busy={save.busy} label={t('admin.channels.save')} busyLabel={t('admin.channels.saving')} />
      </form>
    </AdminDialog>
  );
}

/** The rendered report (`html`, null while it loads) in a sandboxed frame: no scripts, no same origin. */
function PreviewDialog({
  report,
  html,
  busy,
  error,
  retry,
  onClose,
}: {
  report: Report;
  html: string | null;
  busy: boolean;
  error: unknown;
  retry: () => void;
  onClose: () => void;
}) {
  const { t } = useSection();
  return (
    <AdminDialog open onClose={onClose} title={t('admin.reports.previewFor', { name: report.name })}>
      <ErrorSlot error={error} retry={retry} />
      {html === null ? (
        busy ? (
          <Loading label={t('admin.loading')} />
        ) : null
      ) : (
        <iframe className={channelsCss.previewFrame} title={t('admin.reports.previewFrame', { name: report.name })} sandbox="" srcDoc={html} />
      )}
      <DoneActions label={t('admin.reports.close')} onDone={onClose} autoFocus={false} />
    </AdminDialog>
  );
}

/** Send the report now to email addresses. */
function SendDialog({ report, onClose }: { report: Report; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const reports = resources.use(createReportsResource);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string[] | null>(null);
  const save = useSave();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const to = parseRecipients(text);
    const wrong = invalidRecipients('email', to);
    if (to.length === 0 || wrong.length) return setInvalid(wrong);
    void save.run(
      () => reports.send.run({ id: report.id, to, dataFilters: report.dataFilters ?? [] }),
      () => {
        toasts.show(t('admin.reports.sent', { name: report.name, count: to.length }));
        onClose();
      },
    );
  };
  return (
    <AdminDialog open onClose={onClose} title={t('admin.reports.sendFor', { name: report.name })} busy={save.busy}>
      <form className={css.form} onSubmit={submit} noValidate>
        <TextField
          label={t('admin.reports.to')}
          fieldId="fe-report-to"
          name="to"
          type="text"
          inputMode="email"
          autoComplete="off"
          autoFocus
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setInvalid(null);
          }}
          hint={t('admin.reports.toHint')}
          error={invalid ? (invalid.length ? t('admin.channels.email.invalid', { list: invalid.join(', ') }) : t('admin.reports.toHint')) : undefined}
        />
        <ErrorSlot error={save.error} />
        <DialogActions onCancel={onClose} busy={save.busy} label={t('admin.reports.send')} busyLabel={t('admin.reports.sending')} />
      </form>
    </AdminDialog>
  );
}
