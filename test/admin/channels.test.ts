/**
 * The webhooks section's channels (email, SMS, Slack) and reports, and the portal's notifications bell (issue 33
 * items 3–5, client side): the calls each makes (paths, methods, bodies of api-contract §Y, §Z, §AA), the spec's save
 * rules (AB-5.03–5.06), connectivity loading tried 3 times (AB-8.14), base64 JSON `dataFilters` (AB-7.64); the
 * panels in preview (canned answers) used by keyboard, each designed state checked with axe in light and dark; the
 * bell's count, popover, read/unread, pin, mark all read and its announcement.
 *
 * The emulator's routes of these calls are another part of issue 33 (emu-events), built at the same time: until they
 * land, the calls are checked here against the preview transport, which answers them as the contract says.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/fe-admin-portal.ts';
import { createApiClient } from '../../src/api/client.ts';
import { createQueryContext } from '../../src/admin/resources/query.ts';
import {
  createConnectivityResource,
  CONNECTIVITY_LOAD_ATTEMPTS,
  invalidRecipients,
  isE164,
  loadWithRetries,
  parseRecipients,
  planRecipientsSave,
  planSlackSave,
} from '../../src/admin/resources/connectivity.ts';
import { createNotificationsResource, orderNotifications } from '../../src/admin/resources/notifications.ts';
import { createReportsResource, encodeDataFilters, isCronExpression } from '../../src/admin/resources/reports.ts';
import { PREVIEW_NOTIFICATIONS, previewNotifications } from '../../src/admin/shell/preview.ts';
import { PREVIEW_EMAIL, setPreviewSlackConnected } from '../../src/admin/webhooks/channels/preview.ts';
import { FeApiError } from '../../src/api/errors.ts';
import { addPreviewRoutes } from '../../src/preview/section-routes.ts';
import { previewFetch } from '../../src/preview/transport.ts';
import '../../stories/support/channels-story.tsx';
import { PREVIEW_BASE_URL } from '../../stories/support/page.ts';
import { previewApp, signInPreview } from '../../stories/support/preview-app.ts';
import { active, alertText, button, dialog, expectAccessibleLightAndDark, retype, root, shown, SLOW, toasts } from './helpers.ts';

addPreviewRoutes(previewNotifications);

/** One call the client made. */
interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An API client over the preview transport that records each call (path without `/frontegg`). */
function recordingClient() {
  const calls: Call[] = [];
  const fetch: typeof window.fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/frontegg/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return previewFetch(input, init);
  };
  return { calls, client: createApiClient({ baseUrl: PREVIEW_BASE_URL, getAccessToken: () => 'preview', fetch, requestSource: 'admin-portal' }) };
}

/** Waits for a fetcher store's first data (subscribed while the test runs). */
async function loaded<T>(store: { subscribe: (cb: (v: { data?: T }) => void) => () => void; get: () => { data?: T } }): Promise<T> {
  store.subscribe(() => {});
  await waitUntil(() => store.get().data !== undefined, 'data', SLOW);
  return store.get().data!;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
const EMAILS = '/integrations/resources/configurations/v1/emails';
const SMS = '/integrations/resources/configurations/v2/sms';
const SLACK = '/integrations/resources/configurations/v1/slack';

describe('channels: the save rules', () => {
  it('AB-5.03 an email/SMS subscription is created only with at least one non-empty recipient', () => {
    expect(planRecipientsSave(undefined, 'k', ['', '  '], true)).to.deep.equal({ kind: 'none' });
    expect(planRecipientsSave(undefined, 'k', [' a@b.test ', ''], false)).to.deep.equal({
      kind: 'create',
      body: { enabled: false, subscriptions: [{ name: 'k', enabled: false, recipients: ['a@b.test'] }] },
    });
  });

  it('AB-5.04 an email/SMS subscription is deleted when all its recipients are cleared, else replaced', () => {
    expect(planRecipientsSave(PREVIEW_EMAIL[0], PREVIEW_EMAIL[0].eventKey, [''], true)).to.deep.equal({ kind: 'delete', subscriptionId: 'email-sub-1' });
    expect(planRecipientsSave(PREVIEW_EMAIL[0], PREVIEW_EMAIL[0].eventKey, ['x@acme.test'], true)).to.deep.equal({
      kind: 'put',
      subscription: { id: 'email-sub-1', name: 'Invitations', enabled: true, recipients: ['x@acme.test'] },
    });
  });

  it('AB-5.05 AB-5.06 Slack is saved when new or changed with channel ids, deleted when none has any', () => {
    const existing = { id: 's1', isActive: true, slackEvents: [{ eventKey: 'a', channelIds: ['C2', 'C1'] }] };
    expect(planSlackSave(undefined, { a: [] }, true)).to.deep.equal({ kind: 'none' });
    expect(planSlackSave(undefined, { a: ['C1'] }, true)).to.deep.equal({ kind: 'save', subscription: { isActive: true, slackEvents: [{ eventKey: 'a', channelIds: ['C1'] }] } });
    expect(planSlackSave(existing, { a: ['C1', 'C2'], b: [] }, true)).to.deep.equal({ kind: 'none' });
    expect(planSlackSave(existing, { a: ['C1'] }, true).kind).to.equal('save');
    expect(planSlackSave(existing, { a: ['C1', 'C2'] }, false)).to.deep.equal({
      kind: 'save',
      subscription: { id: 's1', isActive: false, slackEvents: [{ eventKey: 'a', channelIds: ['C1', 'C2'] }] },
    });
    expect(planSlackSave(existing, { a: [] }, true)).to.deep.equal({ kind: 'delete', id: 's1' });
  });

  it('recipients are split on commas, spaces and lines; emails and E.164 numbers are checked', () => {
    expect(parseRecipients(' a@b.test,\nc@d.test ;; ')).to.deep.equal(['a@b.test', 'c@d.test']);
    expect(invalidRecipients('email', ['a@b.test', 'nope', 'x@y'])).to.deep.equal(['nope', 'x@y']);
    expect(isE164('+4915112345678')).to.equal(true);
    expect(invalidRecipients('sms', ['+4915112345678', '015112345678', '+0123456789', '+49 151'])).to.deep.equal(['015112345678', '+0123456789', '+49 151']);
  });

  it('AB-8.14 connectivity loading is tried 3 times when the server fails; a refusal (4xx) is not asked again', async () => {
    let calls = 0;
    const failing = (status: number, until: number) => () => {
      calls++;
      return calls < until ? Promise.reject(new FeApiError('x', { statusCode: status })) : Promise.resolve('ok');
    };
    expect(await loadWithRetries(failing(503, 3), 0)).to.equal('ok');
    expect(CONNECTIVITY_LOAD_ATTEMPTS).to.equal(3);
    expect(calls).to.equal(3);
    calls = 0;
    let error: unknown;
    await loadWithRetries(failing(503, 99), 0).catch((e: unknown) => (error = e));
    expect(calls).to.equal(3);
    expect((error as FeApiError).statusCode).to.equal(503);
    calls = 0;
    await loadWithRetries(failing(403, 99), 0).catch(() => {});
    expect(calls).to.equal(1);
  });

  it('AB-7.64 dataFilters are base64 of their JSON (UTF-8)', () => {
    const value = [{ type: 'name', config: { value: 'Zoë – שלום' } }];
    const bytes = Uint8Array.from(atob(encodeDataFilters(value)), (c) => c.charCodeAt(0));
    expect(JSON.parse(new TextDecoder().decode(bytes))).to.deep.equal(value);
    expect(isCronExpression('0 9 * * 1')).to.equal(true);
    expect(isCronExpression('every monday')).to.equal(false);
  });
});

describe('channels: the calls (api-contract §Y, over the preview transport)', () => {
  afterEach(() => setPreviewSlackConnected(true));

  it('AB-7.57 AB-7.59 AB-5.03 AB-5.04 email and SMS: GET, POST a new event, PUT a changed one, DELETE a cleared one, PATCH the switch', async () => {
    const { calls, client } = recordingClient();
    const r = createConnectivityResource(createQueryContext(), client);
    await loaded(r.$email);
    await loaded(r.$sms);
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.path)).to.have.members([EMAILS, SMS]);
    expect(await r.saveRecipients.run({ channel: 'email', eventKey: 'frontegg.user.signedUp', recipients: ['  '], enabled: true })).to.equal('none');
    expect(writes(calls)).to.deep.equal([]);
    await r.saveRecipients.run({ channel: 'email', eventKey: 'frontegg.user.signedUp', recipients: ['new@acme.test'], enabled: true });
    await r.saveRecipients.run({ channel: 'email', eventKey: 'frontegg.user.invitedToTenant', recipients: ['ops@acme.test'], enabled: true });
    await r.saveRecipients.run({ channel: 'email', eventKey: 'frontegg.user.invitedToTenant', recipients: [], enabled: true });
    await r.setEnabled.run({ channel: 'sms', eventKey: 'frontegg.user.failedAuthentication', enabled: true });
    expect(writes(calls)).to.deep.equal([
      `POST ${EMAILS}/frontegg.user.signedUp`,
      `PUT ${EMAILS}/frontegg.user.invitedToTenant/subscriptions/email-sub-1`,
      `DELETE ${EMAILS}/frontegg.user.invitedToTenant/subscriptions/email-sub-1`,
      `PATCH ${SMS}/frontegg.user.failedAuthentication`,
    ]);
    const bodies = calls.filter((c) => c.method !== 'GET').map((c) => c.body);
    expect(bodies[0]).to.deep.equal({ enabled: true, subscriptions: [{ name: 'frontegg.user.signedUp', enabled: true, recipients: ['new@acme.test'] }] });
    expect(bodies[1]).to.deep.equal({ id: 'email-sub-1', name: 'Invitations', enabled: true, recipients: ['ops@acme.test'] });
    expect(bodies[3]).to.deep.equal({ enabled: true });
  });

  it('AB-7.57 AB-7.58 AB-5.05 AB-5.06 Slack: scope → clientId, channels, PATCH a changed subscription, DELETE one left without channels, POST a new one', async () => {
    const { calls, client } = recordingClient();
    const r = createConnectivityResource(createQueryContext(), client);
    await loaded(r.$slack);
    expect((await loaded(r.$slackChannels)).map((c) => c.name)).to.deep.equal(['security', 'ops', 'sales']);
    const href = await r.slackAuthorizeUrl.run({ redirectUri: 'https://app.test/admin' });
    expect(new URL(href).searchParams.get('client_id')).to.equal('preview-slack-client');
    expect(await r.saveSlack.run({ choice: { 'frontegg.user.failedAuthentication': ['C01'] }, isActive: true })).to.equal('none');
    await r.saveSlack.run({ choice: { 'frontegg.user.failedAuthentication': ['C01', 'C02'] }, isActive: true });
    await r.saveSlack.run({ choice: { 'frontegg.user.failedAuthentication': [] }, isActive: true });
    await r.registerSlackCode.run('slack-code');
    expect(writes(calls)).to.deep.equal([`PATCH ${SLACK}/subscription/slack-sub-1`, `DELETE ${SLACK}/subscriptions/slack-sub-1`, `POST ${SLACK}/applications/registrations`]);
    expect(calls.some((c) => c.method === 'GET' && c.path === `${SLACK}/applications`)).to.equal(true);

    setPreviewSlackConnected(false);
    const fresh = recordingClient();
    const r2 = createConnectivityResource(createQueryContext(), fresh.client);
    await loaded(r2.$slack);
    await r2.saveSlack.run({ choice: { 'frontegg.user.signedUp': ['C03'] }, isActive: true });
    expect(writes(fresh.calls)).to.deep.equal([`POST ${SLACK}/subscriptions`]);
    expect(fresh.calls.find((c) => c.method === 'POST')!.body).to.deep.equal({ isActive: true, slackEvents: [{ eventKey: 'frontegg.user.signedUp', channelIds: ['C03'] }] });
  });

  it('AB-7.63 AB-7.64 reports: list, schedule, preview and send, dataFilters as base64 JSON', async () => {
    const { calls, client } = recordingClient();
    const r = createReportsResource(createQueryContext(), client);
    expect((await loaded(r.$list)).map((x) => x.name)).to.deep.equal(['API tokens', 'Security digest', 'Weekly users']);
    const filters = [{ type: 'range', config: { days: 7 } }];
    await r.schedule.run({ id: 'report-users', input: { schedule: { cron: '0 9 * * 1', tz: 'Europe/Berlin', active: true }, dataFilters: filters } });
    const { html: page } = await r.preview.run({ id: 'report-users', dataFilters: filters });
    await r.send.run({ id: 'report-users', to: ['a@acme.test'], dataFilters: filters });
    const [list, schedule, preview, send] = calls;
    expect(list.path).to.equal('/reports/resources/reports/v2/tenant-reports');
    expect(`${schedule.method} ${schedule.path}`).to.equal('POST /reports/resources/reports/v2/report-users/tenant-reports');
    expect(schedule.body).to.deep.include({ schedule: { cron: '0 9 * * 1', tz: 'Europe/Berlin', active: true }, dataFilters: encodeDataFilters(filters) });
    expect(preview.path).to.equal('/reports/engine/resources/triggers/v1/preview-report');
    expect(Object.fromEntries(preview.query)).to.deep.equal({ templateId: 'report-users', dataFilters: encodeDataFilters(filters), responseType: 'html' });
    expect(page).to.match(/^<!doctype html>/);
    expect(`${send.method} ${send.path}`).to.equal('POST /reports/engine/resources/triggers/v1/tenant-reports');
    expect(send.body).to.deep.equal({ templateId: 'report-users', to: ['a@acme.test'], dataFilters: encodeDataFilters(filters) });
  });

  it('AB-7.65 notifications: list, status, pin and mark all read', async () => {
    const { calls, client } = recordingClient();
    const r = createNotificationsResource(createQueryContext(), client);
    expect((await loaded(r.$list)).map((n) => n.id)).to.deep.equal(['n-2', 'n-1', 'n-3', 'n-4']);
    await r.setStatus.run({ id: 'n-1', status: 'read' });
    await r.setPinned.run({ id: 'n-3', pinned: true });
    await r.setPinned.run({ id: 'n-3', pinned: false });
    await r.markAllRead.run();
    expect(calls[0].path).to.equal('/notification');
    expect(JSON.parse(calls[0].query.get('params')!)).to.deep.equal({ count: 50, offset: 0 });
    expect(calls.slice(1).map((c) => [`${c.method} ${c.path}`, c.body])).to.deep.equal([
      ['PUT /notification/status', { params: { notificationId: 'n-1', status: 'read' } }],
      ['PUT /notification/pin', { notificationId: 'n-3' }],
      ['PUT /notification/unpin', { notificationId: 'n-3' }],
      ['POST /notification/status/mark-all-read', undefined],
    ]);
    expect(orderNotifications([...PREVIEW_NOTIFICATIONS, { ...PREVIEW_NOTIFICATIONS[0], id: 'gone', status: 'archived' }]).map((n) => n.id)).to.deep.equal([
      'n-2',
      'n-1',
      'n-3',
      'n-4',
    ]);
  });
});

/** Renders a panel's story (preview) in `scenario` and signs the preview user in. */
async function renderPanel(panel: string, scenario = 'filled'): Promise<HTMLElement> {
  const story = document.createElement('fe-admin-channels-story');
  story.setAttribute('panel', panel);
  story.setAttribute('scenario', scenario);
  const app = previewApp([story]);
  await fixture(html`<div>${app}</div>`);
  await signInPreview(app);
  return story;
}

/** The form of one event (`data-event`). */
const eventOf = (el: HTMLElement, key: string) => root(el).querySelector<HTMLElement>(`[data-event="${key}"]`)!;

describe('channels: the panels (preview)', () => {
  afterEach(() => setPreviewSlackConnected(true));

  it('AB-5.03 email: each event’s recipients; an invalid address is refused, a valid one saved by keyboard', async () => {
    const el = await renderPanel('email');
    await waitUntil(() => shown(el, 'User invited'), 'events', SLOW);
    const invited = eventOf(el, 'frontegg.user.invitedToTenant').querySelector<HTMLInputElement>('input[name=recipients]')!;
    expect(invited.value).to.equal('security@acme.test, ops@acme.test');
    const field = eventOf(el, 'frontegg.user.signedUp').querySelector<HTMLInputElement>('input[name=recipients]')!;
    field.focus();
    await sendKeys({ type: 'ada@acme, bob@acme.test' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertText(el).includes('Not an email address: ada@acme'), 'invalid address', SLOW);
    expect(field.getAttribute('aria-invalid')).to.equal('true');
    await retype(field, 'ada@acme.test, bob@acme.test');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => toasts(el).includes('Recipients of “User signed up” saved.'), 'saved', SLOW);
  });

  it('SMS: numbers in E.164 only; the switch of a configured event writes at once', async () => {
    const el = await renderPanel('sms');
    await waitUntil(() => shown(el, 'Failed sign-in'), 'events', SLOW);
    const row = eventOf(el, 'frontegg.user.failedAuthentication');
    const toggle = row.querySelector<HTMLInputElement>('input[role=switch]')!;
    expect(toggle.checked).to.equal(false);
    toggle.focus();
    await sendKeys({ press: 'Space' });
    await waitUntil(() => toasts(el).includes('“Failed sign-in” is on.'), 'switched', SLOW);
    const field = eventOf(el, 'frontegg.user.signedUp').querySelector<HTMLInputElement>('input[name=recipients]')!;
    field.focus();
    await sendKeys({ type: '0151 1234567' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertText(el).includes('Not a phone number in international format: 0151, 1234567'), 'invalid number', SLOW);
  });

  it('AB-5.05 Slack: channels per event; unchanged says so; not connected offers Connect, which links to Slack with the clientId', async () => {
    const el = await renderPanel('slack');
    await waitUntil(() => shown(el, '#security'), 'channels', SLOW);
    const security = root(el).querySelector<HTMLInputElement>('input[name="frontegg.user.failedAuthentication:C01"]')!;
    expect(security.checked).to.equal(true);
    button(root(el), 'Save')!.click();
    await waitUntil(() => toasts(el).includes('Nothing changed.'), 'unchanged', SLOW);
    root(el).querySelector<HTMLInputElement>('input[name="frontegg.user.signedUp:C02"]')!.click();
    button(root(el), 'Save')!.click();
    await waitUntil(() => toasts(el).includes('Slack channels saved.'), 'saved', SLOW);

    setPreviewSlackConnected(false);
    const other = await renderPanel('slack');
    await waitUntil(() => shown(other, 'Slack is not connected'), 'not connected', SLOW);
    const connect = button(root(other), 'Connect Slack')!;
    connect.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => root(other).querySelector('a[href^="https://slack.com/oauth/v2/authorize"]'), 'link', SLOW);
    const link = root(other).querySelector<HTMLAnchorElement>('a[href^="https://slack.com/"]')!;
    expect(link.textContent).to.equal('Continue in Slack');
    expect(new URL(link.href).searchParams.get('client_id')).to.equal('preview-slack-client');
    // the focus moves to the link once it is shown (an effect after the render that shows it)
    await waitUntil(() => active(other) === link, 'the link has the focus', SLOW);
  });

  it('AB-7.63 reports: schedule with cron and a time zone, preview in a frame that runs no script, send to recipients', async () => {
    const el = await renderPanel('reports');
    await waitUntil(() => shown(el, 'Weekly users'), 'reports', SLOW);
    expect(shown(el, 'Every week, Europe/Berlin')).to.equal(true);
    expect(shown(el, 'Cron 0 9 * * 1, UTC (paused)')).to.equal(true);
    expect(shown(el, 'Not scheduled')).to.equal(true);

    root(el).querySelector<HTMLButtonElement>('button[aria-label="Preview “Weekly users”"]')!.click();
    await waitUntil(() => root(el).querySelector('iframe'), 'preview', SLOW);
    const frame = root(el).querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).to.equal('');
    expect(frame.srcdoc).to.include('<h1>Weekly users</h1>');
    expect(frame.title).to.equal('Preview of “Weekly users”');
    button(dialog(el)!, 'Close')!.click();
    await waitUntil(() => !dialog(el), 'closed', SLOW);

    root(el).querySelector<HTMLButtonElement>('button[aria-label="Send “Weekly users”"]')!.click();
    await waitUntil(() => dialog(el), 'send dialog', SLOW);
    await waitUntil(() => active(el)?.getAttribute('name') === 'to', 'focus in the field', SLOW);
    await sendKeys({ type: 'ada@acme.test, bob@acme.test' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => toasts(el).includes('“Weekly users” sent to 2 recipients.'), 'sent', SLOW);

    root(el).querySelector<HTMLButtonElement>('button[aria-label="Schedule “API tokens”"]')!.click();
    await waitUntil(() => dialog(el), 'schedule dialog', SLOW);
    const repeat = dialog(el)!.querySelector<HTMLSelectElement>('select[name=repeat]')!;
    repeat.value = 'cron';
    repeat.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => dialog(el)!.querySelector('input[name=cron]'), 'cron field', SLOW);
    dialog(el)!.querySelector<HTMLInputElement>('input[name=cron]')!.focus();
    await sendKeys({ type: 'every monday' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertText(el).includes('Not a cron expression.'), 'invalid cron', SLOW);
    await retype(dialog(el)!.querySelector<HTMLInputElement>('input[name=cron]')!, '0 9 * * 1');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => toasts(el).includes('“API tokens” scheduled.'), 'scheduled', SLOW);
  });

  it('a reader sees the subscriptions and reports without any control that writes', async () => {
    const el = await renderPanel('email', 'readOnly');
    await waitUntil(() => shown(el, 'User invited'), 'events', SLOW);
    expect(shown(el, 'You can view these subscriptions.')).to.equal(true);
    expect(Boolean(button(root(el), 'Save')), 'no Save').to.equal(false);
    const reports = await renderPanel('reports', 'readOnly');
    await waitUntil(() => shown(reports, 'Weekly users'), 'reports', SLOW);
    expect(Boolean(root(reports).querySelector('button[aria-label^="Send"]')), 'no Send').to.equal(false);
    expect(Boolean(root(reports).querySelector('button[aria-label^="Preview"]')), 'Preview').to.equal(true);
  });

  for (const panel of ['email', 'sms', 'slack', 'reports']) {
    it(`the ${panel} panel’s designed states are axe-clean in light and dark`, async () => {
      const filled = await renderPanel(panel);
      await waitUntil(() => shown(filled, panel === 'reports' ? 'Weekly users' : panel === 'slack' ? '#security' : 'User invited'), 'filled', SLOW);
      await expectAccessibleLightAndDark(filled);
      const failed = await renderPanel(panel, 'error');
      await waitUntil(() => alertText(failed).includes('Service temporarily unavailable'), 'error', SLOW);
      expect(Boolean(button(root(failed), 'Try again')), 'Try again').to.equal(true);
      await expectAccessibleLightAndDark(failed);
      if (panel !== 'slack') {
        const empty = await renderPanel(panel, 'empty');
        await waitUntil(() => shown(empty, panel === 'reports' ? 'There are no reports yet.' : 'There are no events to subscribe to.'), 'empty', SLOW);
        await expectAccessibleLightAndDark(empty);
      }
    });
  }

  it('Slack not connected is axe-clean in light and dark', async () => {
    setPreviewSlackConnected(false);
    const el = await renderPanel('slack');
    await waitUntil(() => shown(el, 'Slack is not connected'), 'not connected', SLOW);
    await expectAccessibleLightAndDark(el);
  });
});

describe('the notifications bell (portal header, preview)', () => {
  async function renderPortal(): Promise<HTMLElement> {
    const portal = document.createElement('fe-admin-portal');
    portal.setAttribute('routing', 'none');
    const app = previewApp([portal]);
    await fixture(html`<div>${app}</div>`);
    await signInPreview(app);
    await waitUntil(() => root(portal).querySelector('[data-notifications-bell]'), 'the bell', SLOW);
    return portal;
  }
  const bell = (el: HTMLElement) => root(el).querySelector<HTMLButtonElement>('[data-notifications-bell]')!;
  /** The bell's accessible name: its text without what is hidden from assistive technology. */
  const bellName = (el: HTMLElement) =>
    [...bell(el).children]
      .filter((c) => c.getAttribute('aria-hidden') !== 'true')
      .map((c) => c.textContent)
      .join('');

  it('AB-7.65 the unread count; keyboard opens the list (pinned first), marks read, pins, marks all read (announced); Escape returns to the bell', async () => {
    const el = await renderPortal();
    await waitUntil(() => bellName(el) === 'Notifications, 2 unread', 'count', SLOW);
    bell(el).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => root(el).querySelector('[data-notification]'), 'the list', SLOW);
    const items = () => [...root(el).querySelectorAll<HTMLElement>('[data-notification]')];
    expect(items().map((i) => i.dataset.notification)).to.deep.equal(['n-2', 'n-1', 'n-3', 'n-4']);
    expect(items()[0].hasAttribute('data-pinned')).to.equal(true);
    expect(items()[0].textContent).to.include('Unread:');
    expect(Boolean(root(el).activeElement?.closest('[role=dialog]')), 'focus in the list').to.equal(true);
    root(el).querySelector<HTMLButtonElement>('button[aria-label="Mark as read: “Invoice paid”"]')!.click();
    await waitUntil(() => bellName(el) === 'Notifications, 1 unread', 'one read', SLOW);
    await waitUntil(() => shown(el, '1 unread notification'), 'announced', SLOW);
    root(el).querySelector<HTMLButtonElement>('button[aria-label="Pin “New sign-in”"]')!.click();
    await waitUntil(() => items()[1]?.dataset.notification === 'n-3', 'pinned moves up', SLOW);
    button(root(el), 'Mark all as read')!.click();
    await waitUntil(() => bellName(el) === 'Notifications' && !root(el).querySelector('[data-unread]'), 'all read', SLOW);
    expect(shown(el, 'No unread notifications')).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !root(el).querySelector('[data-notification]'), 'closed', SLOW);
    expect(active(el) === bell(el), 'the bell has the focus').to.equal(true);
  });

  it('the bell and its open list are axe-clean in light and dark', async () => {
    const el = await renderPortal();
    await waitUntil(() => bellName(el) === 'Notifications, 2 unread', 'count', SLOW);
    await expectAccessibleLightAndDark(el);
    bell(el).click();
    await waitUntil(() => root(el).querySelector('[data-notification]'), 'the list', SLOW);
    await expectAccessibleLightAndDark(el);
  });
});
