/**
 * <fe-admin-audits> (the audit log section, made with `npm run new:section audits`): against the emulator, a user
 * added by the admin shows as a row with its JSON, filters and search narrow the log, the stats count today's events,
 * "Export CSV" downloads `audits.csv` of exactly the current filter (read back with csv-parse, a formula cell
 * escaped), a read-only admin reads the log, a user without the key gets the no-access state, and every designed state
 * of the stories has no axe violation.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { parse } from 'csv-parse/browser/esm/sync';
import '../../elements/admin/fe-admin-audits.ts';
import '../../stories/support/admin-story.tsx';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { BILLING_AUDIT_ACTIONS, columnsShown, dayRange, DEFAULT_AUDIT_COLUMNS, describeAction, jsonText } from '../../src/admin/audits/model.ts';
import { deAdminAudits } from '../../src/admin/audits/messages/de.ts';
import { enAdminAudits } from '../../src/admin/audits/messages/en.ts';
import { heAdminAudits } from '../../src/admin/audits/messages/he.ts';
import type { Translate } from '../../src/i18n/index.ts';
import { formatMessage } from '../../src/i18n/icu.ts';
import { auditsQuery } from '../../src/admin/resources/audits.ts';
import {
  ADMIN_VIEWPORT,
  alertText,
  api,
  button,
  callEmulator,
  columnHeaders,
  dialog,
  errorToasts,
  expectAccessibleWhen,
  expectNoAccess,
  fill,
  pick,
  renderSection,
  renderStory,
  retype,
  root,
  rowsOf,
  shown,
  signIn,
  signInAsReader,
  signInWithoutRoles,
  SLOW,
} from './helpers.ts';

const renderAudits = () => renderSection('fe-admin-audits');
/** The rows whose text includes `words`. */
const rowsWith = (el: HTMLElement, words: string) => rowsOf(el).filter((r) => r.textContent?.includes(words));
/** Adds `email` to the tenant as the admin would (Frontegg's addUser: `POST users/v2`). */
const addUser = (token: string, email: string, name = 'Audit Person') => api(token, 'POST', '/frontegg/identity/resources/users/v2', { email, name, provider: 'local' });

/** The next download a link in `el` starts: its file name and the text behind its object URL. */
function nextDownload(el: HTMLElement): Promise<{ name: string; text: string }> {
  return new Promise((resolve) => {
    const onClick = (e: Event) => {
      const link = e.target;
      if (!(link instanceof HTMLAnchorElement) || !link.download) return;
      root(el).removeEventListener('click', onClick, true);
      void fetch(link.href).then(async (r) => resolve({ name: link.download, text: await r.text() }));
    };
    root(el).addEventListener('click', onClick, true);
  });
}

describe('<fe-admin-audits> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('AB-2.03 AB-7.54 a user the admin adds shows as a row with the eight columns, newest first, and opens its details and JSON', async () => {
    // all eight, on a wide page (narrower, the user agent and the IP leave first: data-table.test.ts)
    await setViewport({ width: 1440, height: 900 });
    const token = await signIn(ADMIN);
    await addUser(token, 'audited.person@acme.test');
    const el = await renderAudits();
    await waitUntil(() => rowsWith(el, 'user.invited').length > 0, 'the invite row', SLOW);
    expect(columnHeaders(el)).to.deep.equal(['Time', 'User', 'Action', 'Description', 'IP Address', 'Severity', 'User Agent', 'Json Data']);
    // newest first: the invite comes before the admin's own sign-in
    const actions = rowsOf(el).map((r) => r.children[2].textContent);
    expect(actions.indexOf('user.invited')).to.be.lessThan(actions.lastIndexOf('user.signed-in'));
    const row = rowsWith(el, 'user.invited')[0];
    expect(row.textContent).to.contain(ADMIN.email);
    row.querySelector<HTMLButtonElement>('button[aria-label^="View the details of"]')!.click();
    await waitUntil(() => dialog(el), 'details dialog');
    expect(dialog(el)!.querySelector('pre')!.textContent).to.contain('audited.person@acme.test');
    await expect(el).to.be.accessible();
    await setViewport(ADMIN_VIEWPORT);
  });

  it('AB-3.52 AB-9.12 searches and filters by severity, action, user and day; the stats count today’s events', async () => {
    const token = await signIn(ADMIN);
    await addUser(token, 'second.person@acme.test');
    // a wrong password: a WARNING row
    await fetch('/frontegg/identity/resources/auth/v1/user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: 'not-the-password' }),
    });
    const el = await renderAudits();
    await waitUntil(() => rowsWith(el, 'user.sign-in.failed').length > 0, 'rows', SLOW);
    await waitUntil(() => /\d+ events? today/.test(root(el).textContent ?? ''), 'stats', SLOW);
    const severity = root(el).querySelector<HTMLSelectElement>('select[name=severity]')!;
    pick(severity, 'WARNING');
    await waitUntil(() => rowsOf(el).length > 0 && rowsOf(el).every((r) => r.children[5].textContent === 'Warning'), 'warnings only', SLOW);
    pick(severity, '');
    await retype(root(el).querySelector<HTMLInputElement>('input[name=action]')!, 'user.invited');
    await waitUntil(() => rowsOf(el).length === 1 && rowsOf(el)[0].textContent!.includes('second.person'), 'the action filter', SLOW);
    await retype(root(el).querySelector<HTMLInputElement>('input[name=action]')!, '');
    await retype(root(el).querySelector<HTMLInputElement>('input[type=search]')!, 'second.person');
    await waitUntil(() => rowsOf(el).length === 1, 'the search', SLOW);
    // a day with no events: the designed "no match" state
    fill(root(el).querySelector<HTMLInputElement>('input[name=from]')!, '2001-01-01');
    fill(root(el).querySelector<HTMLInputElement>('input[name=to]')!, '2001-01-02');
    await waitUntil(() => shown(el, 'No events match these filters.'), 'no match', SLOW);
    button(root(el), 'Clear filters')!.click();
    await waitUntil(() => rowsOf(el).length > 2, 'every row again', SLOW);
  });

  it('AB-7.55 AB-7.56 AB-9.13 exports audits.csv of exactly the current filter and sort, parsed back, a formula cell escaped', async () => {
    const token = await signIn(ADMIN);
    // a cell a spreadsheet would run as a formula: the acting admin's address starts with "+" (a valid address; the
    // client address no longer can: a forwarded hop that is not an IP address is no address, issue 29 item 5)
    const formulaAdmin = { email: '+sum@acme.test', password: 'Formula-Passw0rd!' };
    await callEmulator('POST', '/_emulator/users', { ...formulaAdmin, roles: ['Admin'] });
    await addUser(await signIn(formulaAdmin), 'formula.person@acme.test');
    await addUser(token, 'plain.person@acme.test');
    const el = await renderAudits();
    await waitUntil(() => rowsWith(el, 'user.invited').length === 2, 'rows', SLOW);
    await retype(root(el).querySelector<HTMLInputElement>('input[name=action]')!, 'user.invited');
    await waitUntil(() => rowsOf(el).length === 2, 'filtered', SLOW);
    const download = nextDownload(el);
    button(root(el), 'Export CSV')!.click();
    const { name, text } = await download;
    expect(name).to.equal('audits.csv');
    const records = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(records.length).to.equal(2);
    expect(records.every((r) => r.Action === 'user.invited')).to.equal(true);
    // the table's order (newest first) is the file's
    expect(text.indexOf('plain.person')).to.be.lessThan(text.indexOf('formula.person'));
    // escape_formulas: the cell starts with a quote, so no spreadsheet runs it
    expect(records.map((r) => r.User)).to.include("'+sum@acme.test");
    expect(Object.values(records[1]).some((cell) => /^[=+\-@]/.test(cell))).to.equal(false);
    await waitUntil(() => button(root(el), 'Export CSV'), 'not busy any more');
  });

  it('a refused export (the kit inline action) says why in an error toast, keeps the rows, and the button is ready again', async () => {
    await signIn(ADMIN);
    const el = await renderAudits();
    await waitUntil(() => rowsOf(el).length > 0, 'rows', SLOW);
    const before = rowsOf(el).length;
    await callEmulator('PUT', '/_emulator/faults', {
      faults: [{ method: 'POST', path: '/frontegg/audits/export/csv/v2', status: 503, body: { errors: ['The export service is down'] }, delayMs: 400, times: 1 }],
    });
    button(root(el), 'Export CSV')!.click();
    await waitUntil(() => button(root(el), 'Exporting…'), 'busy while it runs', SLOW);
    await waitUntil(() => errorToasts(el)?.textContent?.includes('The export failed: The export service is down'), 'error toast', SLOW);
    expect(button(root(el), 'Export CSV')!.getAttribute('aria-busy')).to.equal(null);
    expect(rowsOf(el).length).to.equal(before);
    // the log is not replaced by a load error: the failure is the toast's alone
    expect(root(el).querySelector('[part=error]')).to.equal(null);
  });

  it('a billing change shows in the admin’s words: cancel then renew the subscription, each row names the plan (issue 32)', async () => {
    const token = await signIn(ADMIN);
    const [subscription] = await api<{ id: string }[]>(token, 'GET', '/frontegg/subscriptions/resources/subscriptions/v1');
    await api(token, 'PUT', `/frontegg/subscriptions/resources/subscriptions/v1/${subscription.id}/cancellations/`, {});
    await api(token, 'PUT', `/frontegg/subscriptions/resources/subscriptions/v1/${subscription.id}/renewals/`, {});
    const el = await renderAudits();
    await waitUntil(() => rowsWith(el, 'subscription.renewed').length > 0, 'the renewal row', SLOW);
    expect(rowsWith(el, 'subscription.canceled')[0].textContent).to.contain('Subscription to Free canceled: it ends with the current period');
    expect(rowsWith(el, 'subscription.renewed')[0].textContent).to.contain('Subscription to Free renewed');
  });

  it('AB-2.03 a read-only admin (fe.secure.read.audits) reads the log; the log has no write control', async () => {
    await signInAsReader();
    const el = await renderAudits();
    await waitUntil(() => rowsWith(el, 'user.signed-in').length > 0, 'rows', SLOW);
    expect(root(el).querySelectorAll('button[aria-label^="Actions for"]').length).to.equal(0);
    expect(button(root(el), 'Export CSV')).to.not.equal(undefined);
  });

  it('SI-6.01 a user without fe.secure.read.audits sees "You don’t have access to this section." and no table', async () => {
    await signInWithoutRoles();
    await expectNoAccess(await renderAudits(), 'table');
  });
});

describe('audit log model', () => {
  it('AB-9.12 the first page asks for offset 0, 20 rows, createdAt descending; filters go as the emulator reads them', () => {
    expect(auditsQuery({ page: 1, pageSize: 20, search: '', sort: null, filters: {} })).to.deep.equal({
      sortBy: 'createdAt',
      sortDirection: 'desc',
      filter: '',
      offset: 0,
      count: 20,
    });
    expect(auditsQuery({ page: 3, pageSize: 20, search: 'x', sort: { id: 'severity', desc: false }, filters: { severity: 'SEVERE', user: '' } })).to.deep.equal({
      sortBy: 'severity',
      sortDirection: 'asc',
      filter: 'x',
      offset: 40,
      count: 20,
      severity: 'SEVERE',
    });
  });

  it('a day is its first to its last millisecond; Json Data shows though the metadata keeps it for more info; JSON is indented', () => {
    const { start, end } = dayRange('2030-01-02');
    expect(new Date(end).getTime() - new Date(start).getTime()).to.equal(86_400_000 - 1);
    expect(dayRange('')).to.deep.equal({ start: '', end: '' });
    expect(columnsShown(DEFAULT_AUDIT_COLUMNS).map((c) => c.name)).to.include('json');
    expect(jsonText({ json: [{ a: 1 }] })).to.equal('{\n  "a": 1\n}');
  });

  it('the billing actions (issue 32) are described in the admin’s language; any other action as the server wrote it', () => {
    const translate = (messages: Record<string, string>, locale: string) =>
      ((key: string, params?: Record<string, string | number>) => formatMessage(messages[key] ?? key, params, locale)) as Translate;
    const [en, de, he] = [translate(enAdminAudits, 'en'), translate(deAdminAudits, 'de'), translate(heAdminAudits, 'he')];
    const described = (t: Translate) => BILLING_AUDIT_ACTIONS.map((action) => describeAction(t, { action, description: 'Subscription updated' }));
    expect(described(en)).to.deep.equal([
      'Subscription changed: a new plan or payment method',
      'Subscription canceled: it ends with the current period',
      'Subscription renewed',
      'Subscription renewal failed: the payment did not go through',
      'Subscription ended',
      'Billing details updated',
      'Payment method added',
      'Plan limit reached: the addition was refused',
    ]);
    expect(described(de)[1]).to.equal('Abonnement gekündigt: es endet mit dem laufenden Zeitraum');
    expect(described(he)[6]).to.equal('נוסף אמצעי תשלום');
    // each a sentence of its own in every language, none the action's key
    for (const t of [en, de, he]) {
      expect(new Set(described(t)).size).to.equal(BILLING_AUDIT_ACTIONS.length);
      for (const text of described(t)) expect(text).to.not.match(/^admin\.|^subscription\.|^billingDetails|^paymentMethod/);
    }
    // the plan the payload names, the card added
    expect(describeAction(en, { action: 'subscription.canceled', json: [{ name: 'Pro', endsAt: '2030-02-01T00:00:00.000Z' }] })).to.equal(
      'Subscription to Pro canceled: it ends with the current period',
    );
    expect(describeAction(de, { action: 'subscription.updated', json: [{ planId: 'p', name: 'Enterprise' }] })).to.equal('Abonnement auf den Tarif Enterprise geändert');
    expect(describeAction(he, { action: 'subscription.renewed', json: [{ name: 'Pro' }] })).to.equal('המינוי לתוכנית Pro חודש');
    expect(describeAction(en, { action: 'payment-method.added', json: [{ brand: 'visa', last4: '4242' }] })).to.equal('Payment method added: Visa ending in 4242');
    expect(describeAction(en, { action: 'subscription.ended', json: [{ name: 'Pro' }] })).to.equal('Subscription ended');
    expect(describeAction(en, { action: 'user.invited', description: 'Invited katherine@acme.test' })).to.equal('Invited katherine@acme.test');
    expect(describeAction(de, { action: 'user.invited' })).to.equal('');
  });
});

describe('<fe-admin-audits> designed states (preview)', () => {
  const states: [string, string, string | undefined, (el: HTMLElement) => unknown][] = [
    ['filled', 'filled', undefined, (el) => rowsOf(el).length === 12],
    ['empty', 'empty', undefined, (el) => shown(el, 'No events yet.')],
    ['loading', 'loading', undefined, (el) => root(el).querySelector('[role=status]')?.textContent?.includes('Loading…')],
    ['error', 'error', undefined, (el) => alertText(el).includes('Service temporarily unavailable')],
    ['JSON dialog', 'filled', 'json:audit-3', (el) => dialog(el)?.querySelector('pre')],
  ];
  for (const [name, scenario, dialogName, ready] of states) {
    it(`AB-2.03 ${name} has no axe violations`, async () => {
      await expectAccessibleWhen(await renderStory('audits', scenario, dialogName), ready, name);
    });
  }
});
