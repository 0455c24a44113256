/**
 * `<fe-admin-webhooks>` (admin spec §3 "Connectivity", §4 "Webhook test", §7, §9; api-contract §Y; AB-3.39, AB-4.30,
 * AB-4.31, AB-7.57, AB-7.60–7.62, AB-9.14–9.15; issue 33 items 1, 2, 5): the list by name with the events count, the
 * active switch and the last call; add with the keyboard (URL checked, events by category, a secret left empty is
 * generated and shown once with the "verify it" snippet); edit; test (status and the pretty-printed answer); delete,
 * confirmed; read-only; the delivery inspector (filter by status and event, resend, recover since a time, the
 * secret's format and "end overlap now", the Node and Python snippets) and one delivery's attempts (headers, body,
 * answer); axe in both schemes.
 *
 * The emulator's webhook routes are the emu-hooks helper's (issue 33), written in parallel and not on this branch:
 * the section's screens run on its preview data (src/admin/webhooks/preview.ts, the same paths and shapes), its
 * resource's writes and rollback on a scripted client; against the emulator here: the section's access rule (no
 * permission: no request, "You don’t have access").
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-webhooks.ts';
import '../../stories/support/admin-story.tsx';
import { createQueryContext } from '../../src/admin/resources/query.ts';
import { createWebhooksResource, type WebhookConfiguration } from '../../src/admin/resources/webhooks.ts';
import { retrySucceeded, testSucceeded } from '../../src/admin/webhooks/model.ts';
import { PREVIEW_GENERATED_SECRET } from '../../src/admin/webhooks/preview.ts';
import { resetEmulator } from '../helpers/emulator.ts';
import {
  active,
  alertText,
  button,
  byLabel,
  copyStatusOf,
  dialog,
  dialogTitle,
  expectAccessibleLightAndDark,
  expectNoAccess,
  ignoreResizeObserverLoop,
  jsonResponse,
  renderSection,
  renderStory,
  root,
  rowsOf,
  scriptedClient,
  shown,
  signInWithoutRoles,
  SLOW,
  toasts,
} from './helpers.ts';

ignoreResizeObserverLoop();

const story = (scenario: string, sub?: string) => renderStory('webhooks', scenario, sub);
const tableReady = (el: HTMLElement) => waitUntil(() => rowsOf(el).length > 0, 'rows', SLOW);
const cellTexts = (row: HTMLTableRowElement) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
/** The rows of the deliveries' table (the calls' table is below it). */
const deliveryRows = (el: HTMLElement) => [...root(el).querySelectorAll<HTMLTableRowElement>('table[aria-label^="Deliveries of"] tbody tr[data-row-id]')];
const switchOf = (el: HTMLElement, name: string) => root(el).querySelector<HTMLInputElement>(`input[role=switch][aria-label="${name} active"]`);

/** Replaces the clipboard's writeText (headless Chromium refuses it without a permission); returns what was written. */
function stubClipboard(): string[] {
  const written: string[] = [];
  Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (text: string) => void written.push(text) });
  return written;
}

/** Presses Tab until the focus is on the button `label` (at most `max` presses). */
async function tabTo(el: HTMLElement, label: string, max = 40): Promise<void> {
  for (let i = 0; i < max && active(el)?.textContent?.trim() !== label; i++) await sendKeys({ press: 'Tab' });
  expect(active(el)?.textContent?.trim()).to.equal(label);
}

describe('<fe-admin-webhooks> (preview data)', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });

  it('AB-3.39 AB-9.15 lists the webhooks by name: URL, events count, active switch, last call (failed marked in words); axe light and dark', async () => {
    const el = await story('filled');
    await tableReady(el);
    await waitUntil(() => shown(el, 'Failed (500)') && shown(el, 'Never'), 'last calls', SLOW);
    const rows = rowsOf(el).map(cellTexts);
    expect(rows.map((r) => r[0].split('https')[0])).to.deep.equal(['Audit archive', 'CRM sync', 'Security bot']);
    const crm = rows[1];
    expect(crm).to.include('https://crm.example.com/hooks/frontegg');
    expect(crm).to.include('3 events');
    expect(switchOf(el, 'CRM sync')!.checked).to.equal(true);
    expect(switchOf(el, 'Audit archive')!.checked).to.equal(false);
    expect(rows[0].join(' ')).to.contain('Never');
    expect(rows[2].join(' ')).to.contain('Failed (500)');
    expect(root(el).querySelector('[data-failed]')!.textContent).to.contain('⚠');
    await expectAccessibleLightAndDark(el);
  });

  it('AB-7.57 keyboard only: add a webhook — URL checked, events chosen by category, the secret generated and shown once with the verify snippet, copied', async () => {
    const written = stubClipboard();
    const el = await story('filled');
    await tableReady(el);
    button(root(el), 'Add webhook')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el) && active(el)?.getAttribute('name') === 'displayName', 'form open, name focused', SLOW);
    expect(dialogTitle(el)).to.equal('Add a webhook');
    // the events come from the catalogue, by category
    await waitUntil(() => dialog(el)!.querySelectorAll('fieldset legend').length === 3, 'categories');
    expect([...dialog(el)!.querySelectorAll('fieldset legend')].map((l) => l.textContent)).to.deep.equal(['Users', 'Authentication', 'Account and API tokens']);
    await expect(el).to.be.accessible();

    // nothing typed: the name is asked for first
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertText(el).includes('Enter a name for the webhook.'), 'name required');
    expect(active(el)?.getAttribute('name')).to.equal('displayName');
    await sendKeys({ type: 'Billing hooks' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(active(el)?.getAttribute('name')).to.equal('url');
    await sendKeys({ type: 'billing.example.com' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertText(el).includes('Enter a full http or https address'), 'url checked');
    expect(active(el)?.getAttribute('name')).to.equal('url');
    await sendKeys({ press: 'Home' });
    await sendKeys({ type: 'https://' });
    await sendKeys({ press: 'Enter' });
    // no event chosen: asked for, the focus on the first event
    await waitUntil(() => alertText(el).includes('Choose at least one event.'), 'events required');
    expect(active(el)?.closest('label')?.textContent).to.contain('User created');
    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Space' });
    // a typed secret must be 8 characters or more
    const secret = dialog(el)!.querySelector<HTMLInputElement>('input[name=secret]')!;
    secret.focus();
    await sendKeys({ type: 'short' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertText(el).includes('at least 8 characters'), 'short secret refused');
    // left empty: generated
    for (let i = 0; i < 'short'.length; i++) await sendKeys({ press: 'Backspace' });
    await tabTo(el, 'Add webhook');
    await sendKeys({ press: 'Enter' });

    await waitUntil(() => root(el).querySelector('[data-copy-value=fe-webhook-secret]'), 'secret shown', SLOW);
    expect(dialogTitle(el)).to.equal('The webhook’s secret');
    expect(dialog(el)!.textContent).to.contain('it won’t be shown again');
    expect(root(el).querySelector('[data-copy-value=fe-webhook-secret]')!.textContent).to.equal(PREVIEW_GENERATED_SECRET);
    expect(dialog(el)!.querySelector('pre')!.textContent).to.contain('new Webhook(process.env.WEBHOOK_SECRET)');
    expect(toasts(el)).to.contain('“Billing hooks” added.');
    await expect(el).to.be.accessible();
    // Escape does not close it; copy, then Done
    await sendKeys({ press: 'Escape' });
    expect(dialog(el)).to.not.equal(null);
    byLabel(dialog(el)!, 'Copy Secret')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => copyStatusOf(root(el), 'fe-webhook-secret') === 'Copied', 'copied');
    expect(written).to.deep.equal([PREVIEW_GENERATED_SECRET]);
    await tabTo(el, 'Done');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'closed');
  });

  it('edit keeps the secret unless "Change the secret" is ticked: left empty, a generated one is rotated to and shown once (the old one signs 24 hours more)', async () => {
    const el = await story('filled', 'edit:wh-crm');
    await waitUntil(() => dialog(el), 'edit open', SLOW);
    expect(dialogTitle(el)).to.equal('Edit “CRM sync”');
    const d = dialog(el)!;
    expect(d.querySelector<HTMLInputElement>('input[name=displayName]')!.value).to.equal('CRM sync');
    expect(d.querySelector<HTMLInputElement>('input[name=url]')!.value).to.equal('https://crm.example.com/hooks/frontegg');
    await waitUntil(() => d.querySelectorAll('fieldset input:checked').length === 3, 'its events ticked');
    expect(d.querySelector('input[name=secret]')).to.equal(null);
    d.querySelector<HTMLInputElement>('input[name=changeSecret]')!.click();
    await waitUntil(() => d.querySelector('input[name=secret]'), 'secret field');
    expect(d.textContent).to.contain('The old secret keeps signing alongside it for 24 hours.');
    await expect(el).to.be.accessible();
    // left empty: the emulator rotates to a generated secret (`rotateSecret`), shown once
    button(d, 'Save')!.click();
    await waitUntil(() => root(el).querySelector('[data-copy-value=fe-webhook-secret]'), 'new secret shown', SLOW);
    expect(root(el).querySelector('[data-copy-value=fe-webhook-secret]')!.textContent).to.equal(PREVIEW_GENERATED_SECRET);
    expect(toasts(el)).to.contain('“CRM sync” saved.');
  });

  it('AB-4.30 AB-7.60 test: a sample event sent, "Test succeeded: 200" and the answer pretty-printed', async () => {
    const el = await story('filled', 'test:wh-crm');
    await waitUntil(() => dialog(el), 'test open', SLOW);
    expect(dialogTitle(el)).to.equal('Test “CRM sync”');
    await waitUntil(() => active(el)?.textContent === 'Send test', 'Send test focused');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)!.querySelector('[data-test-result]'), 'result', SLOW);
    expect(dialog(el)!.querySelector('[data-test-result]')!.getAttribute('data-test-result')).to.equal('success');
    expect(dialog(el)!.textContent).to.contain('Test succeeded: 200');
    expect(dialog(el)!.querySelector('pre')!.textContent).to.equal('{\n  "received": true,\n  "preview": true\n}');
    await expectAccessibleLightAndDark(el);
  });

  it('delete is confirmed, Cancel focused; confirming says so', async () => {
    const el = await story('filled', 'delete:wh-crm');
    await waitUntil(() => dialog(el), 'confirm open', SLOW);
    expect(dialogTitle(el)).to.equal('Delete “CRM sync”?');
    expect(dialog(el)!.textContent).to.contain('No more events are sent to https://crm.example.com/hooks/frontegg.');
    await waitUntil(() => active(el)?.textContent === 'Cancel', 'Cancel focused');
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => toasts(el).includes('“CRM sync” deleted.'), 'deleted', SLOW);
    await waitUntil(() => !dialog(el), 'closed');
  });

  it('the active switch turns a webhook off at once and says so', async () => {
    const el = await story('filled');
    await tableReady(el);
    switchOf(el, 'CRM sync')!.focus();
    await sendKeys({ press: 'Space' });
    await waitUntil(() => toasts(el).includes('“CRM sync” is off.'), 'toast', SLOW);
  });

  it('read-only (the read key alone): no Add webhook, the switch disabled; without the logs’ key no deliveries, no last call, no row menu', async () => {
    const el = await story('readOnly');
    await tableReady(el);
    expect(button(root(el), 'Add webhook')).to.equal(undefined);
    expect(shown(el, 'You can view these webhooks.')).to.equal(true);
    expect(switchOf(el, 'CRM sync')!.disabled).to.equal(true);
    expect(byLabel(root(el), 'Actions for CRM sync')).to.equal(null);
    expect(root(el).querySelector('a[aria-label="CRM sync: deliveries"]')).to.equal(null);
    expect([...root(el).querySelectorAll('th')].map((h) => h.textContent?.trim())).not.to.include('Last call');
  });
});

describe('the section’s tabs (preview data)', () => {
  const selectedTab = (el: HTMLElement) => root(el).querySelector('[role=tab][aria-selected=true]')?.textContent;

  it('issue 33 items 3–4: Email, SMS, Slack and Reports are tabs beside the webhooks, each its sub-route; arrow keys move between them; axe light and dark', async () => {
    const el = await story('filled', 'email');
    // a deep link (`#/admin/webhooks/email`) opens its tab, not a webhook called "email"
    await waitUntil(() => selectedTab(el) === 'Email' && shown(el, 'User invited'), 'the email tab', SLOW);
    expect([...root(el).querySelectorAll('[role=tab]')].map((tab) => tab.textContent)).to.deep.equal(['Webhooks', 'Email', 'SMS', 'Slack', 'Reports']);
    expect(button(root(el), 'Add webhook'), 'Add webhook belongs to the webhooks tab').to.equal(undefined);
    root(el).querySelector<HTMLElement>('[role=tab][aria-selected=true]')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => selectedTab(el) === 'SMS' && shown(el, 'Failed sign-in'), 'the SMS tab', SLOW);
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => selectedTab(el) === 'Slack' && shown(el, '#security'), 'the Slack tab', SLOW);
    await sendKeys({ press: 'End' });
    await waitUntil(() => selectedTab(el) === 'Reports' && shown(el, 'Weekly users'), 'the reports tab', SLOW);
    expect(active(el)?.textContent).to.equal('Reports');
    await expectAccessibleLightAndDark(el);
    await sendKeys({ press: 'Home' });
    await waitUntil(() => selectedTab(el) === 'Webhooks' && rowsOf(el).length > 0, 'the webhooks tab', SLOW);
    expect(button(root(el), 'Add webhook')).not.to.equal(undefined);
  });
});

describe('the delivery inspector (preview data)', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });

  it('a webhook’s deliveries: time, event, status, attempts; filtered by status and by event; resend; recover since a time; axe light and dark', async () => {
    const el = await story('filled', 'wh-crm');
    await waitUntil(() => deliveryRows(el).length > 0, 'deliveries', SLOW);
    expect(shown(el, 'Deliveries of “CRM sync”')).to.equal(true);
    const rows = deliveryRows(el).map(cellTexts);
    expect(rows.map((r) => r[1])).to.deep.equal(['frontegg.user.invitedToTenant', 'frontegg.user.created', 'frontegg.user.deleted']);
    expect(rows.map((r) => r[2])).to.deep.equal(['Pending', 'Delivered', '⚠ Failed']);
    expect(rows.map((r) => r[3])).to.deep.equal(['1', '3', '3']);
    await expectAccessibleLightAndDark(el);

    const status = root(el).querySelector<HTMLSelectElement>('select[name=status]')!;
    status.focus();
    status.value = 'failed';
    status.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => deliveryRows(el).length === 1, 'failed only', SLOW);
    expect(cellTexts(deliveryRows(el)[0])[1]).to.equal('frontegg.user.deleted');
    const event = root(el).querySelector<HTMLSelectElement>('select[name=eventKey]')!;
    event.value = 'frontegg.user.created';
    event.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => shown(el, 'No delivery matches these filters.'), 'no match', SLOW);
    status.value = '';
    status.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => deliveryRows(el).length === 1, 'created only', SLOW);

    byLabel(root(el), `Resend frontegg.user.created of ${deliveryRows(el)[0].querySelector('time')!.textContent}`)!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => toasts(el).includes('Sent again.'), 'resent', SLOW);

    const since = root(el).querySelector<HTMLInputElement>('input[name=since]')!;
    expect(since.type).to.equal('datetime-local');
    expect(since.value).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    button(root(el), 'Recover')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => toasts(el).includes('The failed deliveries are being sent again.'), 'recovered', SLOW);
  });

  it('AB-3.39 AB-7.62 AB-9.14 AB-4.31 the webhook’s calls (Frontegg’s log, 10 from offset 0): status, answer in full in the details; Retry said done on 202', async () => {
    const el = await story('filled', 'wh-crm');
    await waitUntil(() => shown(el, 'Calls') && root(el).querySelector('table[aria-label=Calls] tbody tr[data-row-id]'), 'calls', SLOW);
    const calls = [...root(el).querySelectorAll<HTMLTableRowElement>('table[aria-label=Calls] tbody tr[data-row-id]')];
    expect(calls.map((r) => cellTexts(r)[1])).to.deep.equal(['200', '⚠ Failed (500)', '⚠ Failed (500)']);
    calls[0].querySelector<HTMLButtonElement>('button[aria-haspopup=dialog]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el), 'details');
    expect(dialog(el)!.querySelector('pre')!.textContent).to.equal('{\n  "received": true\n}');
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog(el), 'details closed');
    calls[1].querySelector<HTMLButtonElement>('button[aria-label^="Retry the call of"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => toasts(el).includes('Retried: the receiver accepted it (202).'), 'retried', SLOW);
  });

  it('verify it: a generated secret’s snippets (Node and Python, standardwebhooks) to copy', async () => {
    const el = await story('filled', 'wh-crm');
    await tableReady(el);
    expect(shown(el, 'The secret was generated (whsec_…)')).to.equal(true);
    const node = root(el).querySelector('[data-copy-value=fe-webhook-verify-node]')!.textContent!;
    expect(node).to.contain("import { Webhook } from 'standardwebhooks';");
    expect(node).to.contain('new Webhook(process.env.WEBHOOK_SECRET);');
    const python = root(el).querySelector('[data-copy-value=fe-webhook-verify-python]')!.textContent!;
    expect(python).to.contain('from standardwebhooks.webhooks import Webhook');
    expect(root(el).querySelector('[data-copy-value=fe-webhook-format]')!.textContent).to.equal('whsec_…');
    expect(button(root(el), 'End overlap now')).to.equal(undefined);
  });

  it('a typed secret in a rotation overlap: { format: "raw" } in the snippets, "End overlap now" ends it; no deliveries yet', async () => {
    const el = await story('filled', 'wh-audit');
    await waitUntil(() => shown(el, 'Nothing delivered yet.'), 'empty', SLOW);
    expect(root(el).querySelector('[data-copy-value=fe-webhook-verify-node]')!.textContent).to.contain("new Webhook(process.env.WEBHOOK_SECRET, { format: 'raw' })");
    expect(root(el).querySelector('[data-copy-value=fe-webhook-verify-python]')!.textContent).to.contain('.encode())');
    expect(root(el).querySelector('[data-copy-value=fe-webhook-format]')!.textContent).to.equal("{ format: 'raw' }");
    expect(shown(el, 'The previous secret signs alongside the new one until')).to.equal(true);
    await expectAccessibleLightAndDark(el);
    button(root(el), 'End overlap now')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => toasts(el).includes('Only the new secret signs now.'), 'ended', SLOW);
  });

  it('one delivery: every attempt with its time, status, duration, the headers and body sent and the answer; Back goes to the deliveries', async () => {
    const el = await story('filled', 'wh-crm');
    await tableReady(el);
    const link = root(el).querySelector<HTMLAnchorElement>('tbody tr:nth-child(2) a')!;
    expect(link.getAttribute('href')).to.equal('#/admin/webhooks/wh-crm/deliveries/dlv-2');
    link.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shown(el, 'Delivery of frontegg.user.created'), 'delivery', SLOW);
    expect(shown(el, '3 attempts')).to.equal(true);
    const attempts = [...root(el).querySelectorAll('ol > li')];
    expect(attempts.map((a) => a.querySelector('[data-failed], [class]')?.textContent)).to.have.length(3);
    expect(attempts[0].textContent).to.contain('Failed (500)');
    expect(attempts[1].textContent).to.contain('Failed (no answer)');
    expect(attempts[1].textContent).to.contain('No answer within 15 s');
    expect(attempts[2].textContent).to.contain('200');
    expect(attempts[2].textContent).to.contain('ms');
    const blocks = [...attempts[2].querySelectorAll('pre')].map((p) => p.textContent ?? '');
    expect(blocks[0]).to.contain('webhook-id: msg_dlv-2');
    expect(blocks[0]).to.contain('webhook-signature: v1,');
    expect(blocks[1]).to.contain('"eventKey": "frontegg.user.created"');
    expect(blocks[2]).to.equal('{\n  "received": true\n}');
    expect(shown(el, 'msg_dlv-2')).to.equal(true);
    await expectAccessibleLightAndDark(el);
    button(root(el), 'Back to deliveries')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shown(el, 'Deliveries of “CRM sync”'), 'back', SLOW);
  });

  for (const [scenario, sub, words] of [
    ['empty', undefined, 'No webhooks yet.'],
    ['error', undefined, 'Try again'],
    ['error', 'wh-crm', 'Try again'],
  ] as const)
    it(`designed state ${scenario}${sub ? ` of ${sub}` : ''}: axe clean`, async () => {
      const el = await story(scenario, sub);
      await waitUntil(() => shown(el, words), words, SLOW);
      await expect(el).to.be.accessible();
    });
});

describe('webhooks resource (a scripted client: the emulator’s routes are emu-hooks’)', () => {
  const crm: WebhookConfiguration = { _id: 'w1', displayName: 'CRM', url: 'https://crm.test/h', eventKeys: ['frontegg.user.created'], isActive: true };

  it('AB-7.57 AB-7.62 AB-9.14 AB-9.15 creates with POST /webhook/custom, updates with PATCH /webhook/{_id}; the log with id, offset 0, limit; the list by name', async () => {
    const calls: string[] = [];
    const client = scriptedClient(async (method, url) => {
      calls.push(`${method} ${url.pathname}${url.search}`);
      if (method === 'GET' && url.pathname.endsWith('/webhook')) return jsonResponse([{ ...crm, _id: 'w2', displayName: 'Zed' }, crm]);
      if (method === 'GET' && url.pathname.endsWith('/webhook/logs/')) return jsonResponse({ count: 0, rows: [] });
      return jsonResponse({ ...crm, secret: 'whsec_x' }, method === 'POST' ? 201 : 200);
    });
    const r = createWebhooksResource(createQueryContext(), client);
    const off = [r.$webhooks.listen(() => {}), r.lastCall('w1').listen(() => {})];
    await waitUntil(() => r.$webhooks.get().data && r.lastCall('w1').get().data !== undefined, 'loaded');
    expect(r.$webhooks.get().data!.map((w) => w.displayName)).to.deep.equal(['CRM', 'Zed']);
    expect(calls).to.include('GET /frontegg/webhook/logs/?id=w1&offset=0&limit=1');
    const made = await r.save.run({ displayName: 'CRM', url: crm.url, eventKeys: crm.eventKeys, isActive: true, secret: '' });
    expect(made.secret, 'the secret comes back to the caller once').to.equal('whsec_x');
    expect(
      r.$webhooks.get().data!.every((w) => !w.secret),
      'never kept in the list',
    ).to.equal(true);
    await r.save.run({ _id: 'w1', displayName: 'CRM', url: crm.url, eventKeys: crm.eventKeys, isActive: true });
    expect(calls).to.include('POST /frontegg/webhook/custom');
    expect(calls).to.include('PATCH /frontegg/webhook/w1');
    off.forEach((f) => f());
  });

  it('AB-4.30 AB-4.31 AB-7.61 a test succeeded on 200 or 201 only; a retry (POST /webhook/logs/{id}/retries) only on 202', async () => {
    expect([200, 201, 202, 204, 500].map(testSucceeded)).to.deep.equal([true, true, false, false, false]);
    expect([200, 201, 202, 500].map(retrySucceeded)).to.deep.equal([false, false, true, false]);
    const calls: string[] = [];
    const client = scriptedClient((method, url) => {
      calls.push(`${method} ${url.pathname}`);
      return jsonResponse({ id: 'l1', statusCode: 202, createdAt: '2030-01-01T00:00:00.000Z' });
    });
    const r = createWebhooksResource(createQueryContext(), client);
    expect((await r.retry.run({ webhookId: 'w1', logId: 'l1' })).statusCode).to.equal(202);
    expect(calls).to.deep.equal(['POST /frontegg/webhook/logs/l1/retries']);
  });

  it('AB-8.14 loading the webhooks is tried 3 times before it fails: two refusals, then the list', async () => {
    let calls = 0;
    const client = scriptedClient(() => (++calls < 3 ? jsonResponse({ errors: ['Service temporarily unavailable'] }, 503) : jsonResponse([crm])));
    const r = createWebhooksResource(createQueryContext(), client);
    const off = r.$webhooks.listen(() => {});
    await waitUntil(() => r.$webhooks.get().data, 'loaded on the third try', SLOW);
    expect(calls).to.equal(3);
    expect(r.$webhooks.get().data!.map((w) => w._id)).to.deep.equal(['w1']);
    off();
  });

  it('the active switch shows the new value at once and puts the old one back when the server refuses', async () => {
    const gate: { release?: () => void } = {};
    const client = scriptedClient((method) =>
      method === 'GET' ? jsonResponse([crm]) : new Promise((resolve) => (gate.release = () => resolve(jsonResponse({ errors: ['Not authorized'] }, 403)))),
    );
    const r = createWebhooksResource(createQueryContext(), client);
    const off = r.$webhooks.listen(() => {});
    await waitUntil(() => r.$webhooks.get().data, 'loaded');
    const run = r.setActive.run({ webhook: crm, isActive: false });
    await waitUntil(() => r.$webhooks.get().data![0].isActive === false, 'shown at once');
    await waitUntil(() => gate.release, 'sent');
    gate.release!();
    let failed: unknown;
    await run.catch((e: unknown) => (failed = e));
    expect((failed as Error).message).to.contain('Not authorized');
    expect(r.$webhooks.get().data![0].isActive).to.equal(true);
    off();
  });
});

describe('<fe-admin-webhooks> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('a user without fe.connectivity.read.webhooks: no access, no table', async () => {
    await signInWithoutRoles();
    const el = await renderSection('fe-admin-webhooks');
    await expectNoAccess(el, 'table');
  });
});
