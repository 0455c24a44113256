/**
 * `<fe-admin-accounts>` (issue 34 items 1–2; admin spec §3 "Tenant/account", §9; api-contract §N; AB-2.04,
 * AB-3.11–3.13, AB-6.11–6.12, AB-7.23–7.25): the tree loaded lazily by keyboard (an ARIA treegrid: → opens an account
 * and loads its sub-accounts, ← closes it), 50 at a time with "Show more"; a name search across the subtree; the sort;
 * the table view; create (parent from the searching picker, access type off by default), rename, delete refused while
 * the account has sub-accounts (the server's text), a move refused for a cycle (the server's text); the reseller switch
 * and the access type on an account's page with its breadcrumbs; read-only; axe in light and dark per state.
 *
 * The emulator's hierarchy routes (hierarchy/v2, metadata, sub-tenants/v1) are the emu-tree helper's, written in
 * parallel: these screens run on the section's preview data (src/admin/all-accounts/preview.ts: the same paths and
 * shapes, 120 partners under one account); test/admin/all-accounts-emulator.test.ts drives them against the emulator (and the access rule).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-accounts.ts';
import '../../stories/support/admin-story.tsx';
import { PREVIEW_CYCLE_REFUSED, PREVIEW_DELETE_REFUSED } from '../../src/admin/all-accounts/preview.ts';
import { treeKey, treeLines } from '../../src/admin/all-accounts/model.ts';
import { lineOf, lines, names, rowCount } from './all-accounts-helpers.ts';
import {
  active,
  alertText,
  button,
  chooseFromMenu,
  dialog,
  dialogTitle,
  expectAccessibleLightAndDark,
  pick,
  ignoreResizeObserverLoop,
  renderStory,
  root,
  rowsOf,
  shown,
  SLOW,
  toasts,
} from './helpers.ts';

ignoreResizeObserverLoop();

const story = (scenario: string, sub?: string) => renderStory('allAccounts', scenario, sub);
const treeReady = (el: HTMLElement) => waitUntil(() => names(el).includes('Acme EMEA') && shown(el, 'Acme (preview) has 132 sub-accounts in all.'), 'tree loaded', SLOW);
/** Presses Tab until the focus is on a tree line (at most `max` presses). */
async function tabIntoTree(el: HTMLElement, max = 20): Promise<void> {
  for (let i = 0; i < max && active(el)?.getAttribute('role') !== 'row'; i++) await sendKeys({ press: 'Tab' });
  expect(active(el)?.getAttribute('role')).to.equal('row');
}
/** Presses `key` until the focused line is `name`. */
async function pressUntil(el: HTMLElement, key: string, name: string, max = 30): Promise<void> {
  for (let i = 0; i < max && active(el)?.getAttribute('aria-label') !== name; i++) await sendKeys({ press: key });
  expect(active(el)?.getAttribute('aria-label')).to.equal(name);
}

describe('<fe-admin-accounts> (preview data)', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });

  it('AB-7.23 shows the active account at the root with its users, its sub-accounts with theirs, and the subtree’s totals; axe light and dark', async () => {
    const el = await story('filled');
    await treeReady(el);
    expect(names(el)).to.deep.equal(['Acme (preview)', 'Acme Americas', 'Acme APAC', 'Acme EMEA', 'Acme Partners']);
    const rootLine = lineOf(el, 'Acme (preview)')!;
    expect(rootLine.getAttribute('aria-level')).to.equal('1');
    expect(rootLine.getAttribute('aria-expanded')).to.equal('true');
    await waitUntil(() => rootLine.textContent?.includes('5'), 'the root’s users', SLOW);
    const emea = lineOf(el, 'Acme EMEA')!;
    expect([emea.getAttribute('aria-level'), emea.getAttribute('aria-expanded'), emea.getAttribute('aria-posinset'), emea.getAttribute('aria-setsize')]).to.deep.equal([
      '2',
      'false',
      '3',
      '4',
    ]);
    // users 7, sub-accounts 4 (France, Germany, UK, London)
    await waitUntil(() => /7\s*4/.test([...emea.querySelectorAll('[role=gridcell]')].map((c) => c.textContent).join(' ')), 'figures', SLOW);
    expect(lineOf(el, 'Acme Partners')!.textContent).to.contain('Reseller');
    await expectAccessibleLightAndDark(el);
  });

  it('AB-2.04 keyboard only: → opens an account and loads its sub-accounts, → again goes into them, ← back and closed; 50 at a time with Show more', async () => {
    const el = await story('filled');
    await treeReady(el);
    await tabIntoTree(el);
    expect(active(el)?.getAttribute('aria-label')).to.equal('Acme (preview)');
    await pressUntil(el, 'ArrowDown', 'Acme EMEA');
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => names(el).includes('Acme UK'), 'EMEA’s sub-accounts loaded', SLOW);
    expect(lineOf(el, 'Acme EMEA')!.getAttribute('aria-expanded')).to.equal('true');
    expect(names(el).slice(3, 7)).to.deep.equal(['Acme EMEA', 'Acme France', 'Acme Germany', 'Acme UK']);
    expect(lineOf(el, 'Acme UK')!.getAttribute('aria-level')).to.equal('3');
    await sendKeys({ press: 'ArrowRight' });
    expect(active(el)?.getAttribute('aria-label')).to.equal('Acme France');
    await sendKeys({ press: 'ArrowLeft' });
    expect(active(el)?.getAttribute('aria-label')).to.equal('Acme EMEA');
    await sendKeys({ press: 'ArrowLeft' });
    await waitUntil(() => !names(el).includes('Acme UK'), 'closed');
    expect(lineOf(el, 'Acme EMEA')!.getAttribute('aria-expanded')).to.equal('false');

    // 120 partners: 50, then Show more → 100, → 120 and no more
    await pressUntil(el, 'ArrowDown', 'Acme Partners');
    await sendKeys({ press: 'ArrowRight' });
    // the lines in all (aria-rowcount, the header's included): the root, 4 regions, the partners loaded and "Show more"
    await waitUntil(() => rowCount(el) === 1 + 1 + 4 + 50 + 1, '50 partners', SLOW);
    await sendKeys({ press: 'End' });
    await waitUntil(() => active(el)?.dataset.line === 'more', 'Show more focused', SLOW);
    expect(active(el)!.textContent).to.contain('Show more (50 of 120 shown)');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => rowCount(el) === 1 + 1 + 4 + 100 + 1, '100 partners', SLOW);
    // the focus is on the first partner the page brought
    await waitUntil(() => active(el)?.getAttribute('aria-label') === 'Partner 051', 'the first new partner focused', SLOW);
    expect(active(el)!.getAttribute('aria-posinset')).to.equal('51');
    await sendKeys({ press: 'End' });
    await waitUntil(() => active(el)?.textContent?.includes('Show more (100 of 120 shown)'), 'Show more focused again', SLOW);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => rowCount(el) === 1 + 1 + 4 + 120, '120 partners, no more', SLOW);
    // the lines are virtualised: 125 loaded, far fewer drawn
    expect(lines(el).length).to.be.below(60);
  });

  it('AB-7.23 searches by name across every level (the matches as a table), and the sort reorders every level (AB-3.13)', async () => {
    const el = await story('filled');
    await treeReady(el);
    const search = root(el).querySelector<HTMLInputElement>('input[name=search]')!;
    search.focus();
    await sendKeys({ type: 'lon' });
    await waitUntil(() => rowsOf(el).length === 1, 'one match', SLOW);
    expect(rowsOf(el)[0].textContent).to.contain('Acme London');
    expect(root(el).querySelector('table')!.getAttribute('aria-label')).to.equal('Accounts matching “lon”');
    search.select();
    await sendKeys({ press: 'Backspace' });
    await waitUntil(() => names(el).length > 0, 'the tree back', SLOW);

    pick(root(el).querySelector<HTMLSelectElement>('select[name=sortBy]')!, 'createdAt');
    pick(root(el).querySelector<HTMLSelectElement>('select[name=order]')!, 'DESC');
    await waitUntil(() => names(el)[1] === 'Acme Partners', 'newest first', SLOW);
    expect(names(el)).to.deep.equal(['Acme (preview)', 'Acme Partners', 'Acme APAC', 'Acme Americas', 'Acme EMEA']);
  });

  it('AB-2.04 the table view: 50 a page of the active account’s sub-accounts, sorted by a header; axe light and dark', async () => {
    const el = await story('filled', 'table');
    await waitUntil(() => rowsOf(el).length === 4, 'rows', SLOW);
    expect(root(el).querySelector('button[aria-pressed=true]')!.textContent).to.equal('Table');
    expect(rowsOf(el).map((r) => r.querySelector('td')!.textContent)).to.deep.equal(['Acme Americas', 'Acme APAC', 'Acme EMEA', 'Acme Partners']);
    button(root(el), 'Name▲')!.click();
    await waitUntil(() => rowsOf(el)[0]?.querySelector('td')!.textContent === 'Acme Partners', 'Z to A', SLOW);
    await expectAccessibleLightAndDark(el);
  });

  it('AB-6.11 AB-7.24 keyboard only: adds a sub-account under a parent found by name; the access type starts off; it joins the tree', async () => {
    const el = await story('filled');
    await treeReady(el);
    // EMEA open first: the new account joins its loaded level (the preview keeps nothing)
    lineOf(el, 'Acme EMEA')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => names(el).includes('Acme France'), 'EMEA open', SLOW);
    button(root(el), 'Add sub-account')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el) && active(el)?.getAttribute('name') === 'name', 'dialog open, name focused', SLOW);
    expect(dialogTitle(el)).to.equal('Add a sub-account');
    expect(dialog(el)!.querySelector<HTMLSelectElement>('select[name=subAccountAccessType]')!.value).to.equal('defaultOff');
    expect(dialog(el)!.querySelector<HTMLInputElement>('input[name=parent]')!.value).to.equal('Acme (preview)');
    await expectAccessibleLightAndDark(el);
    // nothing typed: the name is asked for
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertText(el).includes('Enter a name.'), 'name required');
    await sendKeys({ type: 'Acme Spain' });
    await sendKeys({ press: 'Tab' });
    expect(active(el)?.getAttribute('name')).to.equal('parent');
    (active(el) as HTMLInputElement).select();
    await sendKeys({ type: 'EMEA' });
    await waitUntil(() => root(el).querySelector('[role=option]')?.textContent === 'Acme EMEA', 'EMEA offered', SLOW);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)!.querySelector<HTMLInputElement>('input[name=parent]')!.value === 'Acme EMEA', 'EMEA chosen');
    // submit from the name field
    dialog(el)!.querySelector<HTMLInputElement>('input[name=name]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    expect(toasts(el)).to.contain('“Acme Spain” added under “Acme EMEA”.');
    expect(names(el).slice(3, 8)).to.deep.equal(['Acme EMEA', 'Acme France', 'Acme Germany', 'Acme Spain', 'Acme UK']);
  });

  it('AB-7.24 renames an account from its row’s menu: the new name at once, a toast', async () => {
    const el = await story('filled');
    await treeReady(el);
    await chooseFromMenu(el, root(el).querySelector<HTMLElement>('button[aria-label="Actions for Acme APAC"]')!, 'Rename');
    await waitUntil(() => dialog(el), 'dialog', SLOW);
    expect(dialogTitle(el)).to.equal('Rename “Acme APAC”');
    await expectAccessibleLightAndDark(el);
    const name = dialog(el)!.querySelector<HTMLInputElement>('input[name=name]')!;
    name.focus();
    name.select();
    await sendKeys({ type: 'Acme Asia Pacific' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    expect(names(el)).to.include('Acme Asia Pacific');
    expect(toasts(el)).to.contain('“Acme APAC” is now “Acme Asia Pacific”.');
  });

  it('AB-7.24 a delete is confirmed (its users only there are removed) and refused while the account has sub-accounts, with the server’s text', async () => {
    const el = await story('filled', 'delete:preview-acme-uk');
    await waitUntil(() => dialog(el), 'confirmation', SLOW);
    expect(dialogTitle(el)).to.equal('Delete “Acme UK”?');
    expect(dialog(el)!.textContent).to.contain('Users who belong only to this account are removed');
    // Cancel has the focus: Enter does not delete
    expect(active(el)?.textContent).to.equal('Cancel');
    await expectAccessibleLightAndDark(el);
    button(dialog(el)!, 'Delete account')!.click();
    await waitUntil(() => alertText(el).includes(PREVIEW_DELETE_REFUSED), 'refused', SLOW);
    expect(dialog(el)).to.not.equal(null);
    await expectAccessibleLightAndDark(el);
  });

  it('a move under one of the account’s own sub-accounts is refused with the server’s text (a cycle)', async () => {
    const el = await story('filled', 'move:preview-acme-emea');
    await waitUntil(() => dialog(el), 'dialog', SLOW);
    expect(dialogTitle(el)).to.equal('Move “Acme EMEA”');
    await expectAccessibleLightAndDark(el);
    const parent = dialog(el)!.querySelector<HTMLInputElement>('input[name=parent]')!;
    parent.focus();
    await sendKeys({ type: 'London' });
    await waitUntil(() => root(el).querySelector('[role=option]')?.textContent === 'Acme London', 'London offered', SLOW);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => parent.value === 'Acme London', 'chosen');
    button(dialog(el)!, 'Move')!.click();
    await waitUntil(() => alertText(el).includes(PREVIEW_CYCLE_REFUSED), 'refused', SLOW);
    expect(dialog(el)).to.not.equal(null);
  });

  it('AB-3.11 AB-6.12 AB-7.25 an account’s page: breadcrumbs from the active account, the reseller switch and the access type saved at once', async () => {
    const el = await story('filled', 'preview-acme-london');
    await waitUntil(() => root(el).querySelector('nav[aria-label=Breadcrumbs]') && shown(el, 'Acme UK'), 'page', SLOW);
    const crumbs = [...root(el).querySelectorAll('nav[aria-label=Breadcrumbs] li')].map((li) => li.textContent);
    expect(crumbs).to.deep.equal(['Acme (preview)', 'Acme EMEA', 'Acme UK', 'Acme London']);
    expect(root(el).querySelector('h2')!.textContent).to.equal('Acme London');
    const reseller = root(el).querySelector<HTMLInputElement>('input[role=switch][name=isReseller]')!;
    expect(reseller.checked).to.equal(false);
    await expectAccessibleLightAndDark(el);
    reseller.focus();
    await sendKeys({ press: 'Space' });
    await waitUntil(() => toasts(el).includes('“Acme London” is now a reseller.'), 'saved', SLOW);
    expect(reseller.checked).to.equal(true);
    const access = root(el).querySelector<HTMLSelectElement>('select[name=subAccountAccessType]')!;
    expect(access.value).to.equal('defaultOff');
    pick(access, 'defaultOn');
    await waitUntil(() => toasts(el).includes('Access to the sub-accounts of “Acme London”: On by default.'), 'saved', SLOW);
    expect(access.value).to.equal('defaultOn');
  });

  it('designed states: loading, empty, failed, read-only (no add, no change); axe light and dark', async () => {
    const loading = await story('loading');
    await waitUntil(() => shown(loading, 'Loading sub-accounts…'), 'loading line', SLOW);
    await expectAccessibleLightAndDark(loading);
    const empty = await story('empty');
    await waitUntil(() => shown(empty, 'No sub-accounts yet.'), 'empty', SLOW);
    await expectAccessibleLightAndDark(empty);
    const failed = await story('error');
    await waitUntil(() => shown(failed, 'The sub-accounts could not be loaded'), 'failure line', SLOW);
    await expectAccessibleLightAndDark(failed);
    const reader = await story('readOnly');
    await treeReady(reader);
    expect(button(root(reader), 'Add sub-account')).to.equal(undefined);
    expect(shown(reader, 'Changing them needs the permission to manage sub-accounts.')).to.equal(true);
    await expectAccessibleLightAndDark(reader);
  });

  it('the tree’s keys, pure: Right opens then enters, Left leaves then closes, Home and End', () => {
    const row = (tenantId: string, isParent = false) => ({ tenantId, name: tenantId, createdAt: '', metadata: { isParent } });
    const levels = { r: { items: [row('a', true), row('b')], total: 60, next: 50, loading: false }, a: { items: [row('a1')], total: 1, next: null, loading: false } };
    const all = treeLines(row('r', true), levels, new Set(['r', 'a']));
    expect(all.map((l) => [l.key, l.kind])).to.deep.equal([
      ['r', 'account'],
      ['a', 'account'],
      ['a1', 'account'],
      ['b', 'account'],
      ['tail:r', 'more'],
    ]);
    expect(treeKey(all, 1, 'ArrowRight')).to.deep.equal({ focus: 2 });
    expect(treeKey(all, 1, 'ArrowLeft')).to.deep.equal({ toggle: 'a', open: false });
    expect(treeKey(all, 2, 'ArrowLeft')).to.deep.equal({ focus: 1 });
    expect(treeKey(all, 4, 'ArrowLeft')).to.deep.equal({ focus: 0 });
    expect(treeKey(all, 3, 'ArrowRight')).to.equal(null);
    expect(treeKey(all, 2, 'End')).to.deep.equal({ focus: 4 });
    const closed = treeLines(row('r', true), levels, new Set(['r']));
    expect(treeKey(closed, 1, 'ArrowRight')).to.deep.equal({ toggle: 'a', open: true });
  });
});
