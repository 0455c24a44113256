/**
 * Reports (issue 33 item 4; api-contract §Z), called through Frontegg's own client (`@frontegg/rest-api` reports
 * calls): list with filters and sort, get, schedule with a time zone (croner), preview, download and send (the outbox).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IReportRecord } from '@frontegg/rest-api';
import { Client } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { adminApi, apiAs, tokenOf, makeUser, auditRows } = harness;

type Report = IReportRecord & { nextRunAt: string | null };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('reports', () => {
  it('AB-7.63 AB-9.15 the seeded templates listed by name ascending; filters (query, filterBy) and sort as JSON; one by id', async () => {
    const api = await adminApi();
    const all = (await api.reports.getReports({})) as Report[];
    assert.deepEqual(
      all.map((r) => r.name),
      ['Audit digest', 'Security summary', 'User activity'],
    );
    assert.equal(all[0].status, 'inactive');
    assert.equal(all[0].schedule, null);
    assert.equal(all[0].type, 'html');
    assert.deepEqual(all[2].dataFilters?.[0].type, 'number');

    const get = api.reports.getReports as (q: unknown) => Promise<Report[]>;
    assert.deepEqual(
      (await get({ filters: { query: 'NEW USERS' } })).map((r) => r.name),
      ['User activity'],
    );
    assert.deepEqual(
      (await get({ filters: { filterBy: { column: 'name', filterType: 'startsWith', value: 'se' } } })).map((r) => r.name),
      ['Security summary'],
    );
    assert.deepEqual(
      (await get({ sort: { column: 'name', direction: 'desc' } })).map((r) => r.name),
      ['User activity', 'Security summary', 'Audit digest'],
    );
    await rejectsWith(get({ sort: { column: 'secret', direction: 'asc' } }), 400, /sort/);

    const one = (await api.reports.getReport({ id: 'report-security-summary' })) as Report;
    assert.equal(one.name, 'Security summary');
    await rejectsWith(api.reports.getReport({ id: 'report-nope' }), 404, 'Report not found');
  });

  it('schedule: a cron in a time zone, its next run computed by croner on the emulator clock; bad cron or zone is 400', async () => {
    const c = new Client(harness.emu);
    await c.put('/_emulator/clock', { now: '2026-11-29T00:00:00Z', frozen: true });
    const api = await adminApi();
    const schedule = api.reports.scheduleReport as (b: unknown) => Promise<Report>;
    const saved = await schedule({
      templateId: 'report-user-activity',
      schedule: { cron: '0 9 * * 1', tz: 'Asia/Jerusalem', active: true },
      type: 'pdf',
      dataFilters: { days: 7 },
    });
    assert.equal(saved.status, 'active');
    assert.equal(saved.type, 'pdf');
    assert.deepEqual(saved.schedule, { cron: '0 9 * * 1', tz: 'Asia/Jerusalem', active: true, dataFilters: { days: 7 } });
    assert.equal(saved.nextRunAt, '2026-11-30T07:00:00.000Z', 'Monday 09:00 in Jerusalem (UTC+2)');
    assert.equal((await auditRows('report.scheduled', 'report-user-activity')).length, 1);

    const weekly = await schedule({ templateId: 'report-audit-digest', schedule: { interval: 'weekly', tz: 'America/New_York', active: false } });
    assert.equal(weekly.schedule?.cron, '0 9 * * 1');
    assert.equal(weekly.status, 'inactive');
    assert.equal(weekly.nextRunAt, null, 'a paused schedule has no next run');

    await rejectsWith(schedule({ templateId: 'report-user-activity', schedule: { cron: '61 * * * *', tz: 'UTC', active: true } }), 400, /Invalid cron expression/);
    await rejectsWith(schedule({ templateId: 'report-user-activity', schedule: { cron: '0 9 * * *', tz: 'Mars/Olympus', active: true } }), 400, /IANA time zone/);
    const token = await tokenOf();
    const raw = await c.post(
      '/frontegg/reports/resources/reports/v2/report-user-activity/tenant-reports',
      { schedule: { cron: '0 9 * * *' }, dataFilters: 'not base64 json' },
      c.bearer(token),
    );
    assert.equal(raw.status, 400);
    assert.deepEqual(raw.body.errors, ['dataFilters must be base64 JSON']);
  });

  it('AB-7.64 preview as HTML (escaped, its own CSP) and PDF with base64 JSON filters; image is 400', async () => {
    const api = await adminApi();
    await api.accountSettings.updateSettings({ name: '<b>Acme</b>' });
    const { html } = await api.reports.renderReport({ templateId: 'report-user-activity', dataFilters: { days: 7 } } as Parameters<typeof api.reports.renderReport>[0]);
    assert.match(html, /<h1>User activity<\/h1>/);
    assert.match(html, /Last 7 days/);
    assert.match(html, /&lt;b&gt;Acme&lt;\/b&gt;/);
    assert.doesNotMatch(html, /<b>Acme/);
    assert.doesNotMatch(html, /<script/i);

    const c = new Client(harness.emu);
    const token = await tokenOf();
    const url = (type: string) =>
      `/frontegg/reports/engine/resources/triggers/v1/preview-report?templateId=report-security-summary&responseType=${type}&dataFilters=${encodeURIComponent(b64({}))}`;
    const page = await c.get(url('html'), c.bearer(token));
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.match(page.text, /With two-factor authentication/);
    const pdf = await c.get(url('pdf'), c.bearer(token));
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.ok(pdf.text.startsWith('%PDF'));
    assert.equal((await c.get(url('image'), c.bearer(token))).status, 400);
    await rejectsWith(api.reports.renderReport({ templateId: 'report-user-activity', dataFilters: { days: 0 } } as Parameters<typeof api.reports.renderReport>[0]), 400, /days/);
  });

  it('send: one email per recipient in the outbox, with the schedule’s filters; needs the write key', async () => {
    const api = await adminApi();
    await (api.reports.scheduleReport as (b: unknown) => Promise<Report>)({
      templateId: 'report-user-activity',
      schedule: { cron: '0 9 * * *', tz: 'UTC', active: true },
      dataFilters: { days: 14 },
    });
    await api.reports.sendReport({ templateId: 'report-user-activity', to: ['ceo@acme.test', 'CFO@acme.test'] } as Parameters<typeof api.reports.sendReport>[0]);
    const box: { to: string; subject: string; text: string }[] = (await new Client(harness.emu).get('/_emulator/outbox')).body;
    const sent = box.filter((m) => m.subject === 'Report: User activity');
    assert.deepEqual(sent.map((m) => m.to).sort(), ['ceo@acme.test', 'cfo@acme.test']);
    assert.match(sent[0].text, /Period: Last 14 days/);
    assert.equal((await auditRows('report.sent', 'report-user-activity')).length, 1);
    await rejectsWith(api.reports.sendReport({ templateId: 'report-user-activity', to: [] } as Parameters<typeof api.reports.sendReport>[0]), 400, /at least one email/);

    await makeUser('reader@acme.test');
    const reader = await apiAs(await tokenOf('reader@acme.test', PASSWORD));
    assert.equal((await reader.reports.getReports({})).length, 3);
    await rejectsWith(
      reader.reports.sendReport({ templateId: 'report-user-activity', to: ['x@acme.test'] } as Parameters<typeof api.reports.sendReport>[0]),
      403,
      'Not authorized',
    );
  });
});
