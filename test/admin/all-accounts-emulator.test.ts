/**
 * `<fe-admin-accounts>` against the emulator (issue 34 items 1–2, "Done when": keyboard only, axe in both schemes):
 * the tree of Acme's sub-accounts loaded level by level (55 children: 50, then "Show more"), a search that finds a
 * grandchild, a sub-account added with the keyboard (then listed by the emulator), renamed, its reseller flag and
 * access type saved; deleting a parent with children refused and a move that would make a cycle refused, each with
 * the emulator's text.
 *
 * Needs the emulator's hierarchy routes of issue 34 (hierarchy/v2, metadata, sub-tenants/v1 and the move at
 * `…/sub-tenants/v1/{id}/parent`: the emu-tree part, branch i34-emu-tree): this file passes once both are merged.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-accounts.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { lineOf, names, rowCount } from './all-accounts-helpers.ts';
import {
  active,
  alertText,
  button,
  callEmulator,
  chooseFromMenu,
  dialog,
  expectAccessibleLightAndDark,
  expectNoAccess,
  ignoreResizeObserverLoop,
  pick,
  renderSection,
  root,
  rowsOf,
  shown,
  signIn,
  signInWithoutRoles,
  SLOW,
  toasts,
  api,
} from './helpers.ts';

ignoreResizeObserverLoop();

interface Page {
  items: { tenantId: string; name: string; isReseller?: boolean; subAccountAccessType?: string }[];
}

const ACME = '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e02';
const V2 = '/frontegg/tenants/resources/hierarchy/v2';

/** Adds an account under `parentTenantId` through the emulator's own route; resolves with its id. */
async function account(name: string, parentTenantId: string): Promise<string> {
  return ((await callEmulator('POST', '/_emulator/tenants', { name, parentTenantId })) as { tenantId: string }).tenantId;
}

describe('<fe-admin-accounts> against the emulator', () => {
  let token: string;
  let europe: string;
  let germany: string;
  beforeEach(async () => {
    await resetEmulator();
    token = await signIn(ADMIN);
    europe = await account('Europe', ACME);
    germany = await account('Germany', europe);
    await account('Berlin', germany);
    await account('Americas', ACME);
  });

  it('without fe.account-hierarchy.read.subAccount: “You don’t have access”, no tree and no request', async () => {
    await signInWithoutRoles();
    const el = await renderSection('fe-admin-accounts');
    await expectNoAccess(el, 'table');
    expect(root(el).querySelector('[role=treegrid]')).to.equal(null);
  });

  it('AB-2.04 AB-7.23 keyboard only: the tree opens level by level, 50 at a time with Show more; a search finds a grandchild; axe light and dark', async () => {
    const many = await account('Partners', ACME);
    for (let i = 1; i <= 55; i++) await account(`Partner ${String(i).padStart(2, '0')}`, many);
    const el = await renderSection('fe-admin-accounts');
    await waitUntil(() => names(el).includes('Europe') && shown(el, 'Acme has 60 sub-accounts in all.'), 'the first level', SLOW);
    expect(names(el)).to.deep.equal(['Acme', 'Americas', 'Europe', 'Partners']);
    await expectAccessibleLightAndDark(el);
    lineOf(el, 'Europe')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => names(el).includes('Germany'), 'Europe open', SLOW);
    await sendKeys({ press: 'ArrowRight' });
    expect(active(el)?.getAttribute('aria-label')).to.equal('Germany');
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => names(el).includes('Berlin'), 'Germany open', SLOW);
    expect(lineOf(el, 'Berlin')!.getAttribute('aria-level')).to.equal('4');

    lineOf(el, 'Partners')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    // the header, Acme, Americas, Europe (open: Germany, open: Berlin), Partners, its 50 and "Show more"
    await waitUntil(() => rowCount(el) === 1 + 1 + 1 + 3 + 1 + 50 + 1, '50 partners', SLOW);
    await sendKeys({ press: 'End' });
    await waitUntil(() => active(el)?.textContent?.includes('Show more (50 of 55 shown)'), 'Show more');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => rowCount(el) === 1 + 1 + 1 + 3 + 1 + 55, 'all 55', SLOW);

    const search = root(el).querySelector<HTMLInputElement>('input[name=search]')!;
    search.focus();
    await sendKeys({ type: 'berl' });
    await waitUntil(() => rowsOf(el).length === 1 && rowsOf(el)[0].textContent?.includes('Berlin'), 'Berlin found', SLOW);
  });

  it('AB-6.11 AB-7.24 AB-7.25 keyboard only: adds a sub-account under Europe, renames it, flags it a reseller with access always on', async () => {
    const el = await renderSection('fe-admin-accounts');
    await waitUntil(() => names(el).includes('Europe'), 'tree', SLOW);
    button(root(el), 'Add sub-account')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => active(el)?.getAttribute('name') === 'name', 'dialog', SLOW);
    expect(dialog(el)!.querySelector<HTMLSelectElement>('select[name=subAccountAccessType]')!.value).to.equal('defaultOff');
    await sendKeys({ type: 'France' });
    await sendKeys({ press: 'Tab' });
    (active(el) as HTMLInputElement).select();
    await sendKeys({ type: 'Euro' });
    await waitUntil(() => root(el).querySelector('[role=option]')?.textContent === 'Europe', 'Europe offered', SLOW);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    dialog(el)!.querySelector<HTMLInputElement>('input[name=name]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'added', SLOW);
    expect(toasts(el)).to.contain('“France” added under “Europe”.');
    const under = await api<Page>(token, 'GET', `${V2}?_subTenantId=${europe}&_limit=50&_offset=0`);
    const france = under.items.find((a) => a.name === 'France')!;
    expect(france.subAccountAccessType).to.equal('defaultOff');

    lineOf(el, 'Europe')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => names(el).includes('France'), 'France in the tree', SLOW);
    await chooseFromMenu(el, root(el).querySelector<HTMLElement>('button[aria-label="Actions for France"]')!, 'Rename');
    await waitUntil(() => dialog(el), 'rename', SLOW);
    const name = dialog(el)!.querySelector<HTMLInputElement>('input[name=name]')!;
    name.select();
    await sendKeys({ type: 'Francia' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el) && names(el).includes('Francia'), 'renamed', SLOW);

    // its page: reseller on, access always on, both kept by the emulator
    lineOf(el, 'Francia')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => root(el).querySelector('input[role=switch][name=isReseller]'), 'its page', SLOW);
    const crumbs = () => [...root(el).querySelectorAll('nav[aria-label=Breadcrumbs] li')].map((li) => li.textContent);
    await waitUntil(() => crumbs().length === 3, 'breadcrumbs', SLOW);
    expect(crumbs()).to.deep.equal(['Acme', 'Europe', 'Francia']);
    root(el).querySelector<HTMLInputElement>('input[role=switch][name=isReseller]')!.focus();
    await sendKeys({ press: 'Space' });
    await waitUntil(() => toasts(el).includes('“Francia” is now a reseller.'), 'reseller', SLOW);
    pick(root(el).querySelector<HTMLSelectElement>('select[name=subAccountAccessType]')!, 'alwaysOn');
    await waitUntil(() => toasts(el).includes('Always on'), 'access type', SLOW);
    const saved = (await api<Page>(token, 'GET', `${V2}?_subTenantId=${europe}&_limit=50&_offset=0`)).items.find((a) => a.tenantId === france.tenantId)!;
    expect([saved.name, saved.isReseller, saved.subAccountAccessType]).to.deep.equal(['Francia', true, 'alwaysOn']);
    await expectAccessibleLightAndDark(el);
  });

  it('AB-7.24 deleting a parent with children is refused with the emulator’s text; a move that would make a cycle too', async () => {
    const el = await renderSection('fe-admin-accounts');
    await waitUntil(() => names(el).includes('Europe'), 'tree', SLOW);
    await chooseFromMenu(el, root(el).querySelector<HTMLElement>('button[aria-label="Actions for Europe"]')!, 'Delete');
    await waitUntil(() => dialog(el), 'confirmation', SLOW);
    expect(dialog(el)!.textContent).to.contain('Users who belong only to this account are removed');
    button(dialog(el)!, 'Delete account')!.click();
    await waitUntil(() => alertText(el).includes('This account has sub-accounts. Delete or move them first.'), 'refused', SLOW);
    await expectAccessibleLightAndDark(el);
    button(dialog(el)!, 'Cancel')!.click();
    await waitUntil(() => !dialog(el), 'closed');

    await chooseFromMenu(el, root(el).querySelector<HTMLElement>('button[aria-label="Actions for Europe"]')!, 'Move');
    await waitUntil(() => dialog(el), 'move', SLOW);
    dialog(el)!.querySelector<HTMLInputElement>('input[name=parent]')!.focus();
    await sendKeys({ type: 'Berl' });
    await waitUntil(() => root(el).querySelector('[role=option]')?.textContent === 'Berlin', 'Berlin offered', SLOW);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    button(dialog(el)!, 'Move')!.click();
    await waitUntil(() => alertText(el).includes('An account cannot be moved under itself or one of its sub-accounts'), 'cycle refused', SLOW);
    // nothing moved
    const top = await api<Page>(token, 'GET', `${V2}?_limit=50&_offset=0`);
    expect(top.items.map((a) => a.name)).to.include('Europe');
    expect(germany).to.be.a('string');
  });
});
