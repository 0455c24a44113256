import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-account.ts';
import { formatExample, isHttpUrl } from '../../src/admin/account/AccountView.tsx';
import { changedFields } from '../../src/admin/resources/account.ts';
import type { AdminPortalOptions } from '../../src/admin/shell/ids.ts';
import '../../stories/support/admin-story.tsx';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import {
  active,
  alertText,
  button,
  chooseFile,
  expectAccessibleWhen,
  expectNoAccess,
  pick,
  pngFile,
  renderSection,
  renderStory,
  retype,
  root,
  shown,
  signIn,
  signInAsReader,
  signInWithoutRoles,
  SLOW,
} from './helpers.ts';

const renderAccount = (adminPortal?: AdminPortalOptions) => renderSection('fe-admin-account', { adminPortal });
const field = <T extends HTMLElement = HTMLInputElement>(el: HTMLElement, name: string) => root(el).querySelector<T>(`[name=${name}]`);
const formReady = (el: HTMLElement) => waitUntil(() => field(el, 'name'), 'form', SLOW);

/** Records the account-settings PUTs the page makes (method and JSON body). */
function recordPuts(): { bodies: Record<string, unknown>[]; restore: () => void } {
  const original = window.fetch;
  const bodies: Record<string, unknown>[] = [];
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method === 'PUT' && url.includes('/account-settings/v1')) bodies.push(JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
    return original(input, init);
  };
  return { bodies, restore: () => void (window.fetch = original) };
}

describe('account helpers', () => {
  it('AB-5.01 only changed fields are sent; nothing changed = nothing to send', () => {
    const saved = { name: 'Acme', address: 'A street', currency: 'USD' };
    expect(changedFields(saved, {})).to.deep.equal({});
    expect(changedFields(saved, { name: 'Acme', address: 'A street ' })).to.deep.equal({});
    expect(changedFields(saved, { name: 'Acme Inc', currency: 'USD', website: '' })).to.deep.equal({ name: 'Acme Inc' });
    expect(changedFields(saved, { address: '' })).to.deep.equal({ address: '' });
  });

  it('AB-3.14 formats and URLs', () => {
    const d = new Date(2025, 11, 31, 16, 5);
    expect(formatExample('MM/dd/yyyy', d, 'en')).to.equal('12/31/2025');
    expect(formatExample('hh:mm a', d, 'en')).to.equal('04:05 PM');
    expect(formatExample('HH:mm', d, 'en')).to.equal('16:05');
    expect(isHttpUrl('https://acme.test')).to.equal(true);
    expect(isHttpUrl('acme.test')).to.equal(false);
    expect(isHttpUrl('javascript:alert(1)')).to.equal(false);
  });
});

describe('<fe-admin-account> against the emulator', () => {
  let puts: ReturnType<typeof recordPuts>;
  beforeEach(async () => {
    await resetEmulator();
    puts = recordPuts();
  });
  afterEach(() => puts.restore());

  it('SI-2.34 SI-3.09 AB-3.14 AB-7.27 keyboard only: edit the settings, save only the changes, read them back', async () => {
    await signIn(ADMIN);
    const el = await renderAccount();
    await formReady(el);
    expect([...root(el).querySelectorAll('[role=tab]')].map((t) => t.textContent)).to.deep.equal(['Settings', 'Custom login']);
    expect(field(el, 'name')!.value).to.equal('Acme');
    for (const name of ['name', 'address', 'website', 'timezone', 'dateFormat', 'timeFormat', 'currency', 'logo']) expect(field(el, name), name).to.not.equal(null);
    await expect(el).to.be.accessible();

    // keyboard: company name, address, website, then Enter submits
    await retype(field(el, 'name')!, 'Acme Rockets');
    await sendKeys({ press: 'Tab' });
    expect(active(el)?.getAttribute('name')).to.equal('address');
    await sendKeys({ type: '1 Launch Pad, Cape Town' });
    await sendKeys({ press: 'Tab' });
    expect(active(el)?.getAttribute('name')).to.equal('website');
    await sendKeys({ type: 'https://rockets.acme.test' });
    pick(field<HTMLSelectElement>(el, 'timezone')!, 'Africa/Johannesburg');
    pick(field<HTMLSelectElement>(el, 'currency')!, 'ZAR');
    field(el, 'website')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shown(el, 'Account settings saved.'), 'saved toast', SLOW);
    expect(puts.bodies).to.deep.equal([
      { name: 'Acme Rockets', address: '1 Launch Pad, Cape Town', website: 'https://rockets.acme.test', timezone: 'Africa/Johannesburg', currency: 'ZAR' },
    ]);

    // read back in a fresh element
    const again = await renderAccount();
    await formReady(again);
    expect(field(again, 'name')!.value).to.equal('Acme Rockets');
    expect(field(again, 'address')!.value).to.equal('1 Launch Pad, Cape Town');
    expect(field(again, 'website')!.value).to.equal('https://rockets.acme.test');
    expect(field<HTMLSelectElement>(again, 'timezone')!.value).to.equal('Africa/Johannesburg');
    expect(field<HTMLSelectElement>(again, 'currency')!.value).to.equal('ZAR');
  });

  it('AB-5.01 saving with nothing changed says "No changes to update" and makes no call', async () => {
    await signIn(ADMIN);
    const el = await renderAccount();
    await formReady(el);
    button(root(el), 'Save changes')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => root(el).querySelector('[role=alert]:not(:empty)'), 'alert');
    expect(alertText(el)).to.equal('No changes to update');
    expect(puts.bodies).to.deep.equal([]);
    await expect(el).to.be.accessible();
    // typing the same value again is still no change
    await retype(field(el, 'name')!, 'Acme');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertText(el) === 'No changes to update', 'alert again');
    expect(puts.bodies).to.deep.equal([]);
  });

  it('SI-2.34 the customLogin tab: login and application URLs saved and read back; edits on the other tab are kept', async () => {
    await signIn(ADMIN);
    const el = await renderAccount();
    await formReady(el);
    field(el, 'address')!.focus();
    await sendKeys({ type: 'Typed, not saved' });
    const tabs = [...root(el).querySelectorAll<HTMLElement>('[role=tab]')];
    tabs[0].focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => field(el, 'loginUrl'), 'custom login tab');
    expect(field(el, 'name')).to.equal(null);
    await expect(el).to.be.accessible();
    field(el, 'applicationUrl')!.focus();
    await sendKeys({ type: 'https://app.acme.test' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'https://app.acme.test/login' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shown(el, 'Account settings saved.'), 'saved', SLOW);
    expect(puts.bodies).to.deep.equal([{ applicationUrl: 'https://app.acme.test', loginUrl: 'https://app.acme.test/login' }]);
    const pub = await fetch('/frontegg/tenants/resources/account-settings/v1/public?tenantId=5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e02');
    expect(((await pub.json()) as { loginUrl: string }).loginUrl).to.equal('https://app.acme.test/login');
    tabs[1].focus();
    await sendKeys({ press: 'ArrowLeft' });
    await waitUntil(() => field(el, 'address'), 'settings tab');
    expect(field(el, 'address')!.value).to.equal('Typed, not saved');
  });

  it('AB-3.14 a bad website is caught before sending; a refused save keeps the input and shows the server’s message', async () => {
    await signIn(ADMIN);
    const el = await renderAccount();
    await formReady(el);
    field(el, 'website')!.focus();
    await sendKeys({ type: 'acme.test' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => root(el).querySelector('[role=alert]:not(:empty)'), 'field error');
    expect(alertText(el)).to.equal('Enter a full web address that starts with https:// or http://.');
    expect(active(el)?.getAttribute('name')).to.equal('website');
    expect(puts.bodies).to.deep.equal([]);
    await expect(el).to.be.accessible();
    // the server's own check (a logo that is neither an http(s) URL nor an image data URL)
    field(el, 'website')!.select();
    await sendKeys({ press: 'Backspace' });
    field(el, 'logo')!.focus();
    await sendKeys({ type: 'https://' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shown(el, 'logo must be'), 'server message', SLOW);
    expect(field(el, 'logo')!.value).to.equal('https://');
    expect(puts.bodies).to.have.length(1);
  });

  it('AB-3.14 a logo upload is previewed, saved as a data URL and read back', async () => {
    await signIn(ADMIN);
    const el = await renderAccount();
    await formReady(el);
    // a 1×1 PNG
    chooseFile(field(el, 'logoFile')!, pngFile('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'logo.png'));
    await waitUntil(() => root(el).querySelector<HTMLImageElement>('img[alt="Logo preview"]')?.src.startsWith('data:image/png;base64,'), 'preview');
    button(root(el), 'Save changes')!.click();
    await waitUntil(() => shown(el, 'Account settings saved.'), 'saved', SLOW);
    expect(Object.keys(puts.bodies[0])).to.deep.equal(['logo']);
    const again = await renderAccount();
    await waitUntil(() => root(again).querySelector<HTMLImageElement>('img[alt="Logo preview"]')?.src.startsWith('data:image/png'), 'read back', SLOW);
  });

  it('SI-2.35 SI-2.36 field appearance hidden / viewOnly and tab appearance hidden', async () => {
    await signIn(ADMIN);
    const el = await renderAccount({ account: { fields: { address: 'hidden', companyName: 'viewOnly' }, tabs: { customLogin: 'hidden' } } });
    await formReady(el);
    expect(field(el, 'address')).to.equal(null);
    expect(field(el, 'name')!.readOnly).to.equal(true);
    expect(field(el, 'website')!.readOnly).to.equal(false);
    expect([...root(el).querySelectorAll('[role=tab]')].map((t) => t.textContent)).to.deep.equal(['Settings']);
    await expect(el).to.be.accessible();
  });

  it('SI-6.01 without fe.secure.write.accountSettings the form is read-only, with no save', async () => {
    await signInAsReader();
    const el = await renderAccount();
    await formReady(el);
    expect(shown(el, 'You can view these settings. Ask an administrator to change them.')).to.equal(true);
    expect(field(el, 'name')!.readOnly).to.equal(true);
    expect(field(el, 'timezone')!.tagName).to.equal('INPUT');
    expect(field(el, 'logo')).to.equal(null);
    expect(button(root(el), 'Save changes')).to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it('SI-6.01 a user without fe.secure.read.accountSettings sees "You don’t have access to this section." and no form', async () => {
    await signInWithoutRoles();
    const el = await renderAccount();
    await expectNoAccess(el, 'form');
    expect(puts.bodies).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });
});

describe('<fe-admin-account> designed states in preview (axe-core)', () => {
  const cases: [string, (el: HTMLElement) => boolean][] = [
    ['filled', (el) => field(el, 'name')?.value === 'Acme (preview)'],
    ['loading', (el) => shown(el, 'Loading…')],
    ['error', (el) => alertText(el).includes('Service temporarily unavailable')],
  ];
  for (const [scenario, ready] of cases) {
    it(`SI-2.34 account ${scenario} has no axe violations`, async () => {
      await expectAccessibleWhen(await renderStory('account', scenario), ready, `${scenario} shown`);
    });
  }
});
