/**
 * Issue 31 items 1 (the security tabs' half) and 2, in Chromium against the emulator, in the portal as an
 * administrator meets it: one save rule for the security section (every block saves on its Save), leaving unsaved
 * edits asks first (another tab, another section, Back, closing the page) with "Stay" the default, a policy change
 * that would lock the saving admin out warns before saving with the safe choice emphasised, and an empty allow list
 * cannot be enforced. The new dialogs and states are axe-clean in the light and the dark scheme.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/fe-admin-portal.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { active, alertText, api, button, dialog, dialogTitle, expectAccessibleLightAndDark, fill, input, renderSection, retype, root, shown, signIn, toasts } from './helpers.ts';
import { block, blockReady, openTab, tabOf } from './security-helpers.ts';
import { traverse } from '../helpers/history.ts';

const CONFIG = '/frontegg/identity/resources/configurations/v1';
const IP = `${CONFIG}/restrictions/ip`;
const DOMAINS = '/frontegg/identity/resources/configurations/restrictions/v1/email-domain';
const WAIT = { timeout: 30000 };

/** Renders the portal as a page loaded on `hash` does. */
async function portalAt(hash: string): Promise<HTMLElement> {
  history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  return renderSection('fe-admin-portal');
}
/** Whether the tab `label` is the selected one. */
const selected = (el: HTMLElement, label: string) => tabOf(el, label)?.getAttribute('aria-selected') === 'true';
/** The navigation link of section `title`. */
const navLink = (el: HTMLElement, title: string) => [...root(el).querySelectorAll<HTMLAnchorElement>('nav[aria-label=Sections] a')].find((a) => a.textContent === title);
/** The section the navigation marks as current. */
const currentSection = (el: HTMLElement) => root(el).querySelector('nav[aria-label=Sections] a[aria-current=page]')?.textContent;
/** The lockout block's attempts field. */
const attempts = (el: HTMLElement) => input(block(el, 'User lockout')!, 'maxAttempts')!;
/** Waits for the question before leaving unsaved edits, with its safe choice focused. */
async function asked(el: HTMLElement): Promise<void> {
  await waitUntil(() => dialog(el) && dialogTitle(el) === 'Leave without saving?', 'asked first', WAIT);
  await waitUntil(() => active(el)?.textContent === 'Stay and keep editing', 'Stay focused');
}
/** Whether the page would ask before it is closed or reloaded (a `beforeunload` the portal cancels). */
function asksBeforeUnload(): boolean {
  const e = new Event('beforeunload', { cancelable: true });
  dispatchEvent(e);
  return e.defaultPrevented;
}
/** Checks "Enforce email-domain restrictions", then "Allow list", one after the other as a person does (a render between). */
async function enforceAllowList(el: HTMLElement): Promise<void> {
  input(root(el), 'domainActive')!.click();
  await waitUntil(() => input(root(el), 'domainActive')!.checked, 'enforce checked');
  const allow = root(el).querySelector<HTMLInputElement>('input[name=domainListType][value=ALLOW]')!;
  await new Promise((r) => requestAnimationFrame(r));
  allow.click();
  await waitUntil(() => allow.checked, 'allow list chosen');
}
/** The emulator at its start, the admin signed in: their token. */
async function startOver(): Promise<string> {
  await resetEmulator();
  return signIn(ADMIN);
}
/** The background of a button (emphasised and secondary buttons differ). */
const background = (b: HTMLElement) => getComputedStyle(b).backgroundColor;

describe('issue 31 item 2: unsaved edits in the security section ask before they are lost', function () {
  this.timeout(120000);
  let token = '';
  beforeEach(async () => {
    token = await startOver();
    await api(token, 'POST', `${CONFIG}/lockout-policy`, { enabled: true, maxAttempts: 5 });
  });

  it('an edited block, then another tab: asked first ("Stay" the default); Stay keeps the edit and the tab, Leave drops it; axe light and dark', async () => {
    const el = await portalAt('#/admin/security/generalSettings');
    await blockReady(el, 'User lockout');
    await retype(attempts(el), '9');
    expect(asksBeforeUnload(), 'closing the page asks').to.equal(true);
    tabOf(el, 'Session management')!.click();
    await asked(el);
    expect(shown(el, 'You have changes that are not saved yet.')).to.equal(true);
    expect(selected(el, 'General settings')).to.equal(true);
    expect(location.hash).to.equal('#/admin/security/generalSettings');
    await expectAccessibleLightAndDark(el);
    button(dialog(el)!, 'Stay and keep editing')!.click();
    await waitUntil(() => !dialog(el), 'closed');
    expect(selected(el, 'General settings')).to.equal(true);
    expect(attempts(el).value).to.equal('9');

    tabOf(el, 'Session management')!.click();
    await asked(el);
    button(dialog(el)!, 'Leave without saving')!.click();
    await waitUntil(() => selected(el, 'Session management'), 'left', WAIT);
    expect(location.hash).to.equal('#/admin/security/sessionManagement');
    expect(asksBeforeUnload(), 'nothing unsaved any more').to.equal(false);
    // back on the tab: the stored policy, and nothing was sent
    await openTab(el, 'General settings');
    expect(dialog(el)).to.equal(null);
    await blockReady(el, 'User lockout');
    expect(attempts(el).value).to.equal('5');
    expect((await api<{ maxAttempts: number }>(token, 'GET', `${CONFIG}/lockout-policy`)).maxAttempts).to.equal(5);
  });

  it('an edit put back as it was, or saved, no longer asks', async () => {
    const el = await portalAt('#/admin/security/generalSettings');
    await blockReady(el, 'User lockout');
    await retype(attempts(el), '9');
    await retype(attempts(el), '5');
    tabOf(el, 'Session management')!.click();
    await waitUntil(() => selected(el, 'Session management'), 'moved without a question', WAIT);
    expect(dialog(el)).to.equal(null);
    await openTab(el, 'General settings');
    await blockReady(el, 'User lockout');
    await retype(attempts(el), '8');
    button(block(el, 'User lockout')!, 'Save lockout policy')!.click();
    await waitUntil(() => toasts(el).includes('Lockout policy saved.'), 'saved', WAIT);
    tabOf(el, 'Session management')!.click();
    await waitUntil(() => selected(el, 'Session management'), 'moved without a question', WAIT);
    expect(dialog(el)).to.equal(null);
  });

  it('another section from the portal navigation, and Back: asked first; Stay puts the place (and the URL) back, Leave goes', async () => {
    const el = await portalAt('#/admin/security');
    await openTab(el, 'General settings');
    await blockReady(el, 'User lockout');
    await retype(attempts(el), '9');

    await waitUntil(() => navLink(el, 'Users'), 'navigation', WAIT);
    navLink(el, 'Users')!.click();
    await asked(el);
    button(dialog(el)!, 'Stay and keep editing')!.click();
    await waitUntil(() => !dialog(el), 'closed');
    expect(currentSection(el)).to.equal('Security');
    expect(location.hash).to.equal('#/admin/security/generalSettings');
    expect(attempts(el).value).to.equal('9');

    // Back (a hash change): asked; Stay puts the shown place back in the URL
    traverse(-1);
    await asked(el);
    expect(selected(el, 'General settings')).to.equal(true);
    button(dialog(el)!, 'Stay and keep editing')!.click();
    await waitUntil(() => location.hash === '#/admin/security/generalSettings', 'URL put back', WAIT);
    expect(attempts(el).value).to.equal('9');

    navLink(el, 'Users')!.click();
    await asked(el);
    button(dialog(el)!, 'Leave without saving')!.click();
    await waitUntil(() => currentSection(el) === 'Users' && location.hash === '#/admin/users', 'left for users', WAIT);
    expect(asksBeforeUnload()).to.equal(false);
  });

  it('a domain typed and not added asks too; the IP and email-domain blocks save on Save, not on a click', async () => {
    const el = await portalAt('#/admin/security/domainRestrictions');
    await waitUntil(() => input(root(el), 'domainActive') && root(el).querySelector('table'), 'domain tab', WAIT);
    fill(input(root(el), 'domain')!, 'typed.example');
    tabOf(el, 'IP restrictions')!.click();
    await asked(el);
    button(dialog(el)!, 'Leave without saving')!.click();
    await waitUntil(() => input(root(el), 'ipActive') && root(el).querySelector('table'), 'IP tab', WAIT);
    root(el).querySelector<HTMLInputElement>('input[name=ipStrategy][value=BLOCK]')!.click();
    await new Promise((r) => setTimeout(r, 300));
    expect((await api<{ strategy?: string }>(token, 'GET', `${IP}/config`)).strategy ?? 'ALLOW', 'a click saves nothing').to.equal('ALLOW');
    button(root(el), 'Save IP restrictions')!.click();
    await waitUntil(() => toasts(el).includes('IP restrictions saved.'), 'saved on Save', WAIT);
    expect((await api<{ strategy: string }>(token, 'GET', `${IP}/config`)).strategy).to.equal('BLOCK');
  });
});

describe('issue 31 item 1: a restriction that would shut the saving admin out warns before saving; an empty allow list cannot be enforced', function () {
  this.timeout(120000);
  let token = '';
  beforeEach(async () => (token = await startOver()));

  it('AB-9.17 enforcing an IP allow list without the own address: warned BEFORE saving, "Add my IP" the emphasised default, "Save anyway" secondary; axe light and dark', async () => {
    await api(token, 'POST', IP, { ip: '198.51.100.0/24', strategy: 'ALLOW', description: 'Head office' });
    const el = await portalAt('#/admin/security/ipRestrictions');
    await waitUntil(() => input(root(el), 'ipActive') && shown(el, 'Your current address: 127.0.0.1'), 'IP tab', WAIT);
    input(root(el), 'ipActive')!.click();
    button(root(el), 'Save IP restrictions')!.click();
    await waitUntil(() => dialog(el)?.getAttribute('role') === 'alertdialog', 'warned', WAIT);
    expect(dialogTitle(el)).to.equal('You could lock yourself out');
    expect(await api(token, 'GET', `${IP}/config`), 'nothing saved yet').to.deep.equal({ isActive: false, strategy: 'ALLOW' });
    await waitUntil(() => active(el)?.textContent === 'Add my IP', 'the safe choice focused');
    const [addMyIp, anyway, cancel] = [button(dialog(el)!, 'Add my IP')!, button(dialog(el)!, 'Save anyway')!, button(dialog(el)!, 'Cancel')!];
    expect(shown(el, 'Continue anyway')).to.equal(false);
    // one emphasised button; "Save anyway" looks like Cancel, not like the safe choice
    expect(background(anyway)).to.not.equal(background(addMyIp));
    expect(background(anyway)).to.equal(background(cancel));
    await expectAccessibleLightAndDark(el);
    cancel.click();
    await waitUntil(() => !dialog(el), 'closed');
    // Cancel keeps the edit, saves nothing
    expect(input(root(el), 'ipActive')!.checked).to.equal(true);
    expect((await api<{ isActive: boolean }>(token, 'GET', `${IP}/config`)).isActive).to.equal(false);
  });

  it('an IP allow list with no address cannot be enforced: Save says why and sends nothing (the emulator refuses it too); axe light and dark', async () => {
    const el = await portalAt('#/admin/security/ipRestrictions');
    await waitUntil(() => input(root(el), 'ipActive') && root(el).querySelector('table'), 'IP tab', WAIT);
    input(root(el), 'ipActive')!.click();
    const save = button(root(el), 'Save IP restrictions')!;
    await waitUntil(() => save.getAttribute('aria-disabled') === 'true', 'Save disabled', WAIT);
    const why = root(el).getElementById(save.getAttribute('aria-describedby')!);
    expect(why?.textContent).to.equal('The allow list has no addresses yet, so it cannot be enforced: add an address first, or block addresses instead.');
    save.click();
    await new Promise((r) => setTimeout(r, 300));
    expect(dialog(el)).to.equal(null);
    expect((await api<{ isActive: boolean }>(token, 'GET', `${IP}/config`)).isActive).to.equal(false);
    await expectAccessibleLightAndDark(el);
    // a block list may be enforced empty
    root(el).querySelector<HTMLInputElement>('input[name=ipStrategy][value=BLOCK]')!.click();
    await waitUntil(() => save.getAttribute('aria-disabled') !== 'true', 'Save enabled');
  });

  it('an email-domain allow list with no domain cannot be enforced: Save says why and sends nothing', async () => {
    const el = await portalAt('#/admin/security/domainRestrictions');
    await waitUntil(() => input(root(el), 'domainActive') && root(el).querySelector('table'), 'domain tab', WAIT);
    await enforceAllowList(el);
    const save = button(root(el), 'Save email-domain restrictions')!;
    await waitUntil(() => save.getAttribute('aria-disabled') === 'true', 'Save disabled', WAIT);
    expect(root(el).getElementById(save.getAttribute('aria-describedby')!)?.textContent).to.equal(
      'The allow list has no domains yet, so it cannot be enforced: add a domain first, or use a block list instead.',
    );
    save.click();
    await new Promise((r) => setTimeout(r, 300));
    expect((await api<{ active: boolean }>(token, 'GET', `${DOMAINS}/config`)).active).to.equal(false);
    expect(alertText(el)).to.equal('');
  });

  it('enforcing an email-domain allow list without the admin’s own domain warns first: "Add acme.test" the emphasised default adds it and saves; axe light and dark', async () => {
    await api(token, 'POST', DOMAINS, { domain: 'partner.example', type: 'ALLOW' });
    const el = await portalAt('#/admin/security/domainRestrictions');
    await waitUntil(() => input(root(el), 'domainActive') && root(el).querySelector('table'), 'domain tab', WAIT);
    await enforceAllowList(el);
    button(root(el), 'Save email-domain restrictions')!.click();
    await waitUntil(() => dialog(el)?.getAttribute('role') === 'alertdialog', 'warned', WAIT);
    expect(dialogTitle(el)).to.equal('Your own domain is not allowed');
    expect(dialog(el)!.textContent).to.include('Your email domain (acme.test) is not on the allow list.');
    await waitUntil(() => active(el)?.textContent === 'Add acme.test', 'the safe choice focused');
    expect(background(button(dialog(el)!, 'Save anyway')!)).to.not.equal(background(button(dialog(el)!, 'Add acme.test')!));
    expect((await api<{ active: boolean }>(token, 'GET', `${DOMAINS}/config`)).active, 'nothing saved yet').to.equal(false);
    await expectAccessibleLightAndDark(el);
    button(dialog(el)!, 'Add acme.test')!.click();
    await waitUntil(() => !dialog(el) && toasts(el).includes('Email-domain restrictions saved.'), 'added and saved', WAIT);
    const stored = await api<{ active: boolean; listType: string }>(token, 'GET', `${DOMAINS}/config`);
    expect([stored.active, stored.listType]).to.deep.equal([true, 'ALLOW']);
    const domains = (await api<{ items: { domain: string; type: string }[] }>(token, 'GET', DOMAINS)).items;
    expect(domains.filter((d) => d.type === 'ALLOW').map((d) => d.domain)).to.have.members(['partner.example', 'acme.test']);
  });
});
