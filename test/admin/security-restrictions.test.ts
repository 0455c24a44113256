/**
 * The security section's IP and email-domain restriction tabs (issue 22 items 3, 4, 7, 8), in Chromium against the
 * emulator: each tab is mounted in the security section's context by `<fe-admin-restrictions-story>` (the story
 * harness of stories/admin-security-restrictions.stories.ts; without `scenario` it speaks to the app's emulator).
 *
 * The caller's address: the browser reaches the emulator through the test server's same-origin proxy
 * (tools/proxy.js), which sets no `X-Forwarded-For`; the emulator's peer is that proxy on loopback, so the address it
 * records for the session — and shows the admin — is the loopback one, 127.0.0.1.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { FeAppElement } from '../../elements/fe-app.ts';
import { adminResourcesOf } from '../../src/admin/resources/index.ts';
import '../../stories/admin-security-restrictions.stories.ts';
import { previewApp, signInPreview } from '../../stories/support/preview-app.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import {
  active,
  alertText,
  api,
  button,
  byLabel,
  callEmulator,
  dialog,
  expectAccessibleLightAndDark,
  expectAccessibleWhen,
  fill,
  input,
  pick,
  renderSection,
  retype,
  root,
  rowsOf,
  shown,
  signIn,
  signInAsReader,
  toasts,
} from './helpers.ts';

const IP = '/frontegg/identity/resources/configurations/v1/restrictions/ip';
const DOMAINS = '/frontegg/identity/resources/configurations/restrictions/v1/email-domain';
/** How long a wait for the emulator may take (ms): the machine is shared, answers can be slow. */
const SLOW = { timeout: 30000 };

/** The address the emulator sees for this browser (see the module comment). */
const MY_IP = '127.0.0.1';

type Rule = { id: string; ip: string; strategy: string; isActive: boolean; description: string };
type Page = { items: Rule[]; _metadata: { totalPages: number; totalItems: number } };

/** The tab `tab` against the emulator, as the signed-in user. */
const renderTab = (tab: 'ip' | 'domain') => renderSection('fe-admin-restrictions-story', { attributes: { tab } });
/** The IP column of each row. */
const ips = (el: HTMLElement) => rowsOf(el).map((r) => r.querySelector('td')?.textContent);
/** The select named `name` in the tab (its shadow root) or in `scope` (e.g. a dialog). */
const select = (scope: HTMLElement, name: string) => (scope.shadowRoot ?? scope).querySelector<HTMLSelectElement>(`select[name=${name}]`)!;
const rulesOf = (token: string, strategy: 'ALLOW' | 'BLOCK') => api<Page>(token, 'GET', `${IP}?_offset=0&_limit=100&_filter=${strategy}`);
/** Waits until the tab has loaded its config and list. */
const loaded = (el: HTMLElement) => waitUntil(() => root(el).querySelector('input[name=ipActive]') && root(el).querySelector('table'), 'IP tab', SLOW);

describe('IP restrictions tab against the emulator', function () {
  this.timeout(90000);
  beforeEach(async () => {
    await resetEmulator();
  });

  it('AB-9.01 AB-9.02 AB-9.04 AB-7.34 AB-3.17 lists 4 allow rules at first, pages with _offset/_limit, filters by strategy, 10 a page when chosen', async () => {
    const token = await signIn(ADMIN);
    for (let i = 1; i <= 6; i++) await api(token, 'POST', IP, { ip: `10.0.${i}.0/24`, strategy: 'ALLOW', description: `Office ${i}` });
    await api(token, 'POST', IP, { ip: '192.0.2.66', strategy: 'BLOCK', description: 'Scraper' });
    const el = await renderTab('ip');
    await loaded(el);
    await waitUntil(() => rowsOf(el).length === 4, '4 rows', SLOW);
    expect(select(el, 'strategyFilter').value).to.equal('ALLOW');
    expect(shown(el, 'Page 1 of 2 · 6 in all')).to.equal(true);
    button(root(el), 'Next')!.click();
    await waitUntil(() => rowsOf(el).length === 2 && shown(el, 'Page 2 of 2'), 'page 2', SLOW);
    pick(select(el, 'pageSize'), '10');
    await waitUntil(() => rowsOf(el).length === 6, 'all 6 at 10 a page', SLOW);
    pick(select(el, 'strategyFilter'), 'BLOCK');
    await waitUntil(() => ips(el).join() === '192.0.2.66', 'block rules', SLOW);
    expect(shown(el, 'Scraper')).to.equal(true);
  });

  it('AB-7.33 AB-3.16 adds one rule (read back through the API) and deletes one after a confirmation', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', IP, { ip: '198.51.100.7', strategy: 'ALLOW', description: 'Old office' });
    const el = await renderTab('ip');
    await loaded(el);
    await waitUntil(() => rowsOf(el).length === 1, 'one rule', SLOW);
    button(root(el), 'Add address')!.click();
    await waitUntil(() => input(root(el), 'ip'), 'add dialog');
    await retype(input(root(el), 'ip')!, '2001:db8:1200::/40');
    await retype(input(root(el), 'description')!, 'Office IPv6');
    button(dialog(el)!, 'Add')!.click();
    await waitUntil(() => toasts(el).includes('2001:db8:1200::/40 added.'), 'toast', SLOW);
    await waitUntil(() => rowsOf(el).length === 2, 'two rules', SLOW);
    const stored = await rulesOf(token, 'ALLOW');
    expect(stored.items.find((r) => r.ip === '2001:db8:1200::/40')).to.include({ strategy: 'ALLOW', description: 'Office IPv6', isActive: true });

    byLabel(root(el), 'Delete 198.51.100.7')!.click();
    await waitUntil(() => dialog(el)?.getAttribute('role') === 'alertdialog', 'confirm');
    expect(dialog(el)!.textContent).to.include('The rule for 198.51.100.7 will be removed.');
    button(dialog(el)!, 'Delete')!.click();
    await waitUntil(() => toasts(el).includes('198.51.100.7 deleted.') && !dialog(el), 'deleted', SLOW);
    expect((await rulesOf(token, 'ALLOW')).items.map((r) => r.ip)).to.deep.equal(['2001:db8:1200::/40']);
  });

  it('an invalid address shows the message and keeps the input; a refusal by the server shows its message and keeps the input', async () => {
    const token = await signIn(ADMIN);
    const el = await renderTab('ip');
    await loaded(el);
    button(root(el), 'Add address')!.click();
    await waitUntil(() => input(root(el), 'ip'), 'add dialog');
    await retype(input(root(el), 'ip')!, '10.0.0.300');
    button(dialog(el)!, 'Add')!.click();
    await waitUntil(() => alertText(el).includes('This is not a valid IPv4 or IPv6 address or CIDR range.'), 'client message');
    expect(input(root(el), 'ip')!.value).to.equal('10.0.0.300');
    expect(input(root(el), 'ip')!.getAttribute('aria-invalid')).to.equal('true');

    // the server's own refusal (here forced once), its message shown as it is, the input kept
    await callEmulator('PUT', '/_emulator/faults', {
      faults: [{ method: 'POST', path: IP, status: 400, body: { errors: ['Invalid IP address or CIDR: 10.0.0.1/8'] }, times: 1 }],
    });
    await retype(input(root(el), 'ip')!, '10.0.0.1/8');
    button(dialog(el)!, 'Add')!.click();
    await waitUntil(() => alertText(el).includes('Invalid IP address or CIDR: 10.0.0.1/8'), 'server message', SLOW);
    expect(input(root(el), 'ip')!.value).to.equal('10.0.0.1/8');
    expect(dialog(el)).to.not.equal(null);
    expect((await rulesOf(token, 'ALLOW')).items).to.deep.equal([]);
    await callEmulator('PUT', '/_emulator/faults', { faults: [] });
  });

  it('AB-7.33 bulk add: valid lines are added in one call, the refused ones are named by line', async () => {
    const token = await signIn(ADMIN);
    const el = await renderTab('ip');
    await loaded(el);
    button(root(el), 'Add many')!.click();
    const paste = await waitUntil(() => root(el).querySelector<HTMLTextAreaElement>('textarea[name=ips]'), 'bulk dialog').then(() =>
      root(el).querySelector<HTMLTextAreaElement>('textarea[name=ips]')!,
    );
    await retype(paste, '10.9.0.1 Build server\nnot-an-ip\n2001:db8::/32 Lab');
    button(dialog(el)!, 'Add all')!.click();
    await waitUntil(() => shown(el, '2 addresses added.') && shown(el, '1 line was refused:'), 'result', SLOW);
    expect(dialog(el)!.textContent).to.include('Line 2: “not-an-ip” — This is not a valid IPv4 or IPv6 address or CIDR range.');
    const stored = await rulesOf(token, 'ALLOW');
    expect(stored.items.map((r) => [r.ip, r.description]).sort()).to.deep.equal([
      ['10.9.0.1', 'Build server'],
      ['2001:db8::/32', 'Lab'],
    ]);
    button(dialog(el)!, 'Done')!.click();
    await waitUntil(() => rowsOf(el).length === 2, 'listed', SLOW);
  });

  it(`AB-9.17 AB-7.35 activating an allow list without the current address (${MY_IP}) warns first; "Add my IP" adds it as "My IP", allow, and activates the list`, async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', IP, { ip: '198.51.100.0/24', strategy: 'ALLOW', description: 'Head office' });
    const el = await renderTab('ip');
    await loaded(el);
    // what the user sees: the address the emulator recorded for this session
    await waitUntil(() => shown(el, `Your current address: ${MY_IP}`), 'current address', SLOW);
    const activeBox = input(root(el), 'ipActive')!;
    expect(activeBox.checked).to.equal(false);
    activeBox.click();
    // the block saves on its Save (issue 31 item 2)
    button(root(el), 'Save IP restrictions')!.click();
    await waitUntil(() => dialog(el)?.getAttribute('role') === 'alertdialog', 'lock-out warning');
    expect(dialog(el)!.textContent).to.include(`Your address (${MY_IP}) is not on the allow list.`);
    // nothing changed yet
    expect(await api(token, 'GET', `${IP}/config`)).to.deep.equal({ isActive: false, strategy: 'ALLOW' });
    // the safe choice has the focus: Enter must not lock anyone out (issue 31 item 1)
    await waitUntil(() => active(el)?.textContent === 'Add my IP', 'Add my IP focused');
    button(dialog(el)!, 'Add my IP')!.click();
    await waitUntil(() => !dialog(el) && toasts(el).includes(`${MY_IP} added to the allow list as “My IP”`), 'added', SLOW);
    expect(await api(token, 'GET', `${IP}/config`)).to.deep.equal({ isActive: true, strategy: 'ALLOW' });
    const mine = (await rulesOf(token, 'ALLOW')).items.find((r) => r.description === 'My IP');
    expect(mine).to.include({ ip: MY_IP, strategy: 'ALLOW', isActive: true });
    // the admin is still let in (the list is enforced: this call would be refused otherwise)
    expect(await api<{ valid: boolean }>(token, 'POST', `${IP}/verify`)).to.deep.equal({ valid: true });
    await waitUntil(() => input(root(el), 'ipActive')!.checked, 'shown active', SLOW);
  });

  it('AB-4.18 a block rule matching the current address warns first; added anyway, the re-check shows the address refused', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', `${IP}/config`, { isActive: true, strategy: 'BLOCK' });
    const el = await renderTab('ip');
    await loaded(el);
    await waitUntil(() => shown(el, `Your current address: ${MY_IP}`), 'current address', SLOW);
    expect(shown(el, 'The rules in force refuse it.')).to.equal(false);
    button(root(el), 'Add address')!.click();
    await waitUntil(() => input(root(el), 'ip'), 'add dialog');
    await retype(input(root(el), 'ip')!, '127.0.0.0/8');
    pick(select(dialog(el)!, 'strategy'), 'BLOCK');
    button(dialog(el)!, 'Add')!.click();
    await waitUntil(() => alertText(el).includes(`This rule blocks your own address (${MY_IP}).`), 'warning');
    expect((await rulesOf(token, 'BLOCK')).items).to.deep.equal([]);
    button(dialog(el)!, 'Add anyway')!.click();
    await waitUntil(() => shown(el, 'The rules in force refuse it.'), 're-checked: refused', SLOW);
  });

  it('AB-8.12 a failed current-IP check is swallowed: the change is saved and no error is shown', async () => {
    await signIn(ADMIN);
    await callEmulator('PUT', '/_emulator/faults', {
      faults: [
        { path: `${IP}/verify`, status: 500 },
        { path: `${IP}/verify/allow`, status: 500 },
      ],
    });
    try {
      const el = await renderTab('ip');
      await loaded(el);
      button(root(el), 'Add address')!.click();
      await waitUntil(() => input(root(el), 'ip'), 'add dialog');
      await retype(input(root(el), 'ip')!, '203.0.113.9');
      button(dialog(el)!, 'Add')!.click();
      await waitUntil(() => toasts(el).includes('203.0.113.9 added.'), 'saved', SLOW);
      await waitUntil(() => rowsOf(el).length === 1, 'listed', SLOW);
      expect(alertText(el)).to.equal('');
    } finally {
      await callEmulator('PUT', '/_emulator/faults', { faults: [] });
    }
  });

  it('a refused config save says why in its block and keeps the edit (issue 31 item 2: the block saves on Save)', async () => {
    const token = await signIn(ADMIN);
    const el = await renderTab('ip');
    await loaded(el);
    const block = () => root(el).querySelector<HTMLInputElement>('input[name=ipStrategy][value=BLOCK]')!;
    await callEmulator('PUT', '/_emulator/faults', {
      faults: [{ method: 'POST', path: `${IP}/config`, status: 400, body: { errors: ['Restrictions are locked by the vendor'] }, delayMs: 400, times: 1 }],
    });
    block().click();
    expect(block().checked).to.equal(true);
    // a click saves nothing
    expect((await api<{ strategy?: string }>(token, 'GET', `${IP}/config`)).strategy ?? 'ALLOW').to.equal('ALLOW');
    button(root(el), 'Save IP restrictions')!.click();
    await waitUntil(() => shown(el, 'Saving…'), 'saving', SLOW);
    await waitUntil(() => alertText(el).includes('Restrictions are locked by the vendor'), 'refusal in the block', SLOW);
    expect(block().checked).to.equal(true);
    expect((await api<{ strategy?: string }>(token, 'GET', `${IP}/config`)).strategy ?? 'ALLOW').to.equal('ALLOW');
  });

  it('AB-4.19 with the security-center flag on, a change reloads the security center’s cached recommendations', async () => {
    await callEmulator('PUT', '/_emulator/flags', { 'security-center-admin-portal-major-version': 'on' });
    await signIn(ADMIN);
    const el = await renderTab('ip');
    await loaded(el);
    // a security-center read in the app's own cache, as the section's resource keeps it
    const app = (el.closest('fe-app') as FeAppElement).app!;
    let loads = 0;
    const $recommendations = adminResourcesOf(app).query.createFetcherStore<number>(['admin/security/recommendations'], { fetcher: async () => ++loads });
    const stop = $recommendations.listen(() => {});
    try {
      await waitUntil(() => loads === 1, 'first load');
      button(root(el), 'Add address')!.click();
      await waitUntil(() => input(root(el), 'ip'), 'add dialog');
      await retype(input(root(el), 'ip')!, '203.0.113.9');
      button(dialog(el)!, 'Add')!.click();
      await waitUntil(() => loads === 2, 'reloaded after the change', SLOW);
    } finally {
      stop();
      await callEmulator('PUT', '/_emulator/flags', { 'security-center-admin-portal-major-version': null });
    }
  });

  it('read-only without the write permission: the rules and config are shown, no control changes them', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', IP, { ip: '198.51.100.7', strategy: 'ALLOW' });
    await signInAsReader();
    const el = await renderTab('ip');
    await loaded(el);
    await waitUntil(() => rowsOf(el).length === 1, 'rule shown', SLOW);
    expect(input(root(el), 'ipActive')!.disabled).to.equal(true);
    expect(button(root(el), 'Add address')).to.equal(undefined);
    expect(button(root(el), 'Add many')).to.equal(undefined);
    expect(byLabel(root(el), 'Delete 198.51.100.7')).to.equal(null);
    expect(shown(el, 'You can view these rules.')).to.equal(true);
  });

  it('keyboard only: Tab reaches the add button, Enter opens the dialog with the focus in it, Enter adds, Escape closes the next one', async () => {
    const token = await signIn(ADMIN);
    const el = await renderTab('ip');
    await loaded(el);
    input(root(el), 'ipActive')!.focus();
    for (let i = 0; i < 10 && active(el)?.textContent !== 'Add address'; i++) await sendKeys({ press: 'Tab' });
    expect(active(el)?.textContent).to.equal('Add address');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => active(el) === input(root(el), 'ip'), 'focus in the address field');
    await sendKeys({ type: '192.0.2.10' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => toasts(el).includes('192.0.2.10 added.') && !dialog(el), 'added', SLOW);
    expect((await rulesOf(token, 'ALLOW')).items.map((r) => r.ip)).to.deep.equal(['192.0.2.10']);
    button(root(el), 'Add many')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el), 'bulk dialog');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog(el), 'closed');
  });
});

describe('Email-domain restrictions tab against the emulator', function () {
  this.timeout(90000);
  beforeEach(async () => {
    await resetEmulator();
  });

  const domainsLoaded = (el: HTMLElement) => waitUntil(() => root(el).querySelector('input[name=domainActive]') && root(el).querySelector('table'), 'domain tab', SLOW);

  it('AB-3.18 AB-7.36 the config is saved as the admin sets it (read back through the API)', async () => {
    const token = await signIn(ADMIN);
    const el = await renderTab('domain');
    await domainsLoaded(el);
    // the account's default: a block list, not enforced
    await waitUntil(() => shown(el, 'No blocked domains yet.'), 'block list explained', SLOW);
    expect(shown(el, 'People with an email address at these domains may not join.')).to.equal(true);
    input(root(el), 'domainActive')!.click();
    // the block saves on its Save (issue 31 item 2)
    expect((await api<{ active: boolean }>(token, 'GET', `${DOMAINS}/config`)).active).to.equal(false);
    button(root(el), 'Save email-domain restrictions')!.click();
    await waitUntil(() => toasts(el).includes('Email-domain restrictions saved.'), 'saved', SLOW);
    root(el).querySelector<HTMLInputElement>('input[name=domainListType][value=ALLOW]')!.click();
    await waitUntil(() => shown(el, 'No allowed domains yet.'), 'allow list explained', SLOW);
    expect(shown(el, 'Block public email domains (gmail.com, outlook.com …)')).to.equal(true);
    input(root(el), 'blockPublicDomains')!.click();
    // an allow list is enforced with a domain on it: the admin's own
    fill(input(root(el), 'domain')!, 'acme.test');
    button(root(el), 'Add domain')!.click();
    await waitUntil(() => toasts(el).includes('acme.test added.'), 'added', SLOW);
    button(root(el), 'Save email-domain restrictions')!.click();
    await waitUntil(
      async () => {
        const c = await api<{ active: boolean; listType: string; blockPublicDomains: boolean }>(token, 'GET', `${DOMAINS}/config`);
        return c.active && c.listType === 'ALLOW' && c.blockPublicDomains;
      },
      'stored',
      SLOW,
    );
  });

  it('AB-7.33 adds a domain to the list in force, refuses an invalid one keeping the input, deletes after a confirmation', async () => {
    const token = await signIn(ADMIN);
    const el = await renderTab('domain');
    await domainsLoaded(el);
    const field = input(root(el), 'domain')!;
    await retype(field, 'not a domain');
    button(root(el), 'Add domain')!.click();
    await waitUntil(() => alertText(el).includes('This is not a valid domain'), 'refused');
    expect(field.value).to.equal('not a domain');
    fill(field, '@Acme.Example');
    button(root(el), 'Add domain')!.click();
    await waitUntil(() => toasts(el).includes('acme.example added.') && rowsOf(el).length === 1, 'added', SLOW);
    expect(field.value).to.equal('');
    // added to the list in force (the account's default: the block list)
    const stored = (await api<{ items: { domain: string; type: string }[] }>(token, 'GET', DOMAINS)).items;
    expect(stored.map((d) => [d.domain, d.type])).to.deep.equal([['acme.example', 'BLOCK']]);
    byLabel(root(el), 'Delete acme.example')!.click();
    await waitUntil(() => dialog(el), 'confirm');
    button(dialog(el)!, 'Delete')!.click();
    await waitUntil(() => toasts(el).includes('acme.example deleted.') && rowsOf(el).length === 0, 'deleted', SLOW);
    expect((await api<{ items: unknown[] }>(token, 'GET', DOMAINS)).items).to.deep.equal([]);
  });

  it('a failed config save says why in its block and keeps the edit', async () => {
    await signIn(ADMIN);
    const el = await renderTab('domain');
    await domainsLoaded(el);
    await callEmulator('PUT', '/_emulator/faults', { faults: [{ method: 'POST', path: `${DOMAINS}/config`, status: 500, times: 1 }] });
    input(root(el), 'domainActive')!.click();
    button(root(el), 'Save email-domain restrictions')!.click();
    await waitUntil(() => alertText(el) !== '', 'the failure in the block', SLOW);
    expect(input(root(el), 'domainActive')!.checked).to.equal(true);
  });

  it('read-only without the write permission: no add field, no delete, the config disabled', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', DOMAINS, { domain: 'acme.example', type: 'BLOCK' });
    await signInAsReader();
    const el = await renderTab('domain');
    await domainsLoaded(el);
    await waitUntil(() => rowsOf(el).length === 1, 'listed', SLOW);
    expect(input(root(el), 'domain')).to.equal(null);
    expect(byLabel(root(el), 'Delete acme.example')).to.equal(null);
    expect(input(root(el), 'domainActive')!.disabled).to.equal(true);
  });
});

describe('restriction tabs: designed states (preview), axe clean in light and dark', function () {
  this.timeout(60000);
  /** The story harness in preview with the scenario. */
  async function story(tab: string, scenario: string, extra: Record<string, string> = {}): Promise<HTMLElement> {
    const el = document.createElement('fe-admin-restrictions-story');
    el.setAttribute('tab', tab);
    el.setAttribute('scenario', scenario);
    for (const [k, v] of Object.entries(extra)) el.setAttribute(k, v);
    const app = previewApp([el]);
    await fixture(html`<div>${app}</div>`);
    await signInPreview(app);
    return el;
  }
  const states: [string, string, Record<string, string>, (el: HTMLElement) => unknown][] = [
    // 50 a page (the table is virtualised: only the rows in view are in the DOM)
    ['ip', 'filled', {}, (el) => rowsOf(el).length > 0 && shown(el, 'Page 1 of 2 · 60 in all')],
    ['ip', 'empty', {}, (el) => shown(el, 'No allowed addresses yet.')],
    ['ip', 'loading', {}, (el) => root(el).querySelector('[role=status]')?.textContent?.includes('Loading…')],
    ['ip', 'error', {}, (el) => alertText(el).includes('Service temporarily unavailable')],
    ['ip', 'filled', { dialog: 'ip-lockout' }, (el) => dialog(el)?.textContent?.includes('Your address (203.0.113.10) is not on the allow list.')],
    ['ip', 'filled', { dialog: 'ip-add' }, (el) => input(root(el), 'ip')],
    ['ip', 'filled', { dialog: 'ip-bulk-result' }, (el) => shown(el, 'Line 3: “10.0.0.300”')],
    ['ip', 'filled', { 'read-only': '' }, (el) => rowsOf(el).length > 0 && shown(el, 'You can view these rules.') && !button(root(el), 'Add address')],
    ['domain', 'filled', {}, (el) => rowsOf(el).length === 2],
    ['domain', 'empty', {}, (el) => shown(el, 'No allowed domains yet.')],
    ['domain', 'error', {}, (el) => alertText(el).includes('Service temporarily unavailable')],
  ];
  for (const [tab, scenario, extra, ready] of states) {
    it(`AB-9.03 ${tab} ${scenario} ${JSON.stringify(extra)}: shown, no axe violation in light and dark`, async () => {
      const el = await story(tab, scenario, extra);
      await expectAccessibleWhen(el, ready, `${tab} ${scenario}`);
      await expectAccessibleLightAndDark(el);
    });
  }
});
