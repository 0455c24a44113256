import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-api-tokens.ts';
import { createTokenRequest, EMPTY_TOKEN_DRAFT, expiryMinutes, draftProblem } from '../../machines/admin-create-token.machine.ts';
import '../../stories/support/admin-story.tsx';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import {
  active,
  alertText,
  button,
  dialog,
  expectAccessibleWhen,
  expectNoAccess,
  input,
  pick,
  renderSection,
  renderStory,
  root,
  rowsOf,
  rowTexts,
  shown,
  signIn,
  signInAsReader,
  signInWithoutRoles,
  SLOW,
  closeUncopiedSecret,
  copyStatusOf,
} from './helpers.ts';

const renderTokens = (kind: 'personal' | 'tenant' = 'tenant') => renderSection('fe-admin-api-tokens', { attributes: { kind } });
const tableReady = (el: HTMLElement) => waitUntil(() => root(el).querySelector('table') && !shown(el, 'Loading…'), 'table', SLOW);

/** Replaces the clipboard's writeText (headless Chromium refuses it without a user gesture permission); returns what was written. */
function stubClipboard(): string[] {
  const written: string[] = [];
  Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (text: string) => void written.push(text) });
  return written;
}

describe('create-token machine helpers', () => {
  it('AB-5.07 AB-5.08 expiry in days becomes days × 1440 minutes; none means no expiry', () => {
    expect(expiryMinutes('7')).to.equal(10080);
    expect(expiryMinutes('30')).to.equal(43200);
    expect(expiryMinutes('90')).to.equal(129600);
    expect(expiryMinutes('365')).to.equal(525600);
    expect(expiryMinutes('custom', 2)).to.equal(2880);
    expect(expiryMinutes('never')).to.equal(undefined);
    expect(expiryMinutes('custom', 0)).to.equal(undefined);
  });

  it('AB-6.07 AB-5.08 the create body: roleIds for tenant tokens only, no expiresInMinutes for never', () => {
    const draft = { ...EMPTY_TOKEN_DRAFT, description: '  CI  ', roleIds: ['r1'] };
    expect(createTokenRequest(draft, true)).to.deep.equal({ description: 'CI', roleIds: ['r1'] });
    expect(createTokenRequest({ ...draft, expiry: '30' }, false)).to.deep.equal({ description: 'CI', expiresInMinutes: 43200 });
    expect(draftProblem(EMPTY_TOKEN_DRAFT)).to.equal('description');
    expect(draftProblem({ ...draft, expiry: 'custom', customDays: '4000' })).to.equal('customDays');
    expect(draftProblem({ ...draft, expiry: 'custom', customDays: '12' })).to.equal(null);
  });
});

describe('<fe-admin-api-tokens> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('AB-3.09 AB-5.07 AB-6.07 AB-7.20 keyboard only: create a tenant token (30 days, a role), see its secret once, copy it, use it, read it back, delete it', async () => {
    await signIn(ADMIN);
    const written = stubClipboard();
    const el = await renderTokens();
    await waitUntil(() => shown(el, 'No client-credentials tokens yet'), 'empty state', SLOW);
    await expect(el).to.be.accessible();

    // open the dialog with the keyboard
    button(root(el), 'Create token')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el), 'dialog open');
    expect(dialog(el)!.getAttribute('aria-labelledby')).to.be.a('string');
    expect(dialog(el)!.textContent).to.contain('New client-credentials token');
    expect(active(el)?.getAttribute('name')).to.equal('description');
    await waitUntil(() => dialog(el)!.querySelector('input[type=checkbox]'), 'roles listed', SLOW);
    await expect(el).to.be.accessible();
    await sendKeys({ type: 'CI pipeline' });
    await sendKeys({ press: 'Tab' });
    // the expiry: the kit's Select (a native select), chosen with the arrow keys (Never, 7 days, 30 days)
    expect(active(el)?.getAttribute('name')).to.equal('expiry');
    expect((active(el) as HTMLSelectElement).selectedOptions[0]?.textContent).to.contain('Never');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => dialog(el)!.querySelector<HTMLSelectElement>('select[name=expiry]')?.value === '30', 'expiry 30 days', SLOW);
    // the roles: tick the one named Admin
    const boxes = [...dialog(el)!.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    const adminBox = boxes.findIndex((b) => b.closest('label')?.textContent?.startsWith('Admin'));
    expect(adminBox).to.be.greaterThan(-1);
    for (let i = 0; i <= adminBox; i++) await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Space' });
    expect(boxes[adminBox].checked).to.equal(true);
    // Tab past the remaining checkboxes and Cancel to Create
    for (let i = 0; i < 20 && active(el)?.textContent !== 'Create token'; i++) await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });

    // created: the client id and secret, once, with copy buttons and the warning
    await waitUntil(() => dialog(el)?.querySelector('[data-copy-value=fe-token-secret]'), 'secret shown', SLOW);
    const d = dialog(el)!;
    expect(d.textContent).to.contain('Token created');
    expect(d.textContent).to.contain('Copy the secret now: it won’t be shown again.');
    const clientId = d.querySelector('[data-copy-value=fe-token-clientId]')!.textContent!;
    const secret = d.querySelector('[data-copy-value=fe-token-secret]')!.textContent!;
    expect(clientId).to.match(/^[0-9a-f-]{36}$/);
    expect(secret).to.have.length.greaterThan(10);
    expect(active(el)?.textContent).to.equal('Done');
    await expect(el).to.be.accessible();
    // copy the secret with the keyboard: "Copied" is announced
    (d.querySelector('button[aria-label="Copy Client secret"]') as HTMLButtonElement).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => copyStatusOf(d, 'fe-token-secret') === 'Copied', 'copied announced');
    expect(written).to.deep.equal([secret]);
    // the secret works: it signs the token in
    const auth = await fetch('/frontegg/identity/resources/auth/v1/api-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, secret }),
    });
    expect(auth.status).to.equal(200);

    button(d, 'Done')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'dialog closed');
    await waitUntil(() => shown(el, 'Token “CI pipeline” created.'), 'toast');
    const row = rowTexts(el).find((t) => t.includes('CI pipeline'))!;
    expect(row).to.contain(clientId);
    expect(row).to.contain('Client credentials');
    expect(row).to.contain('Admin');
    expect(row).to.not.contain(secret);
    const in30 = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' });
    expect(row).to.contain(in30);
    expect(root(el).textContent).to.not.contain(secret);

    // read back in a fresh element: the same row, no secret anywhere
    const again = await renderTokens();
    await waitUntil(() => rowTexts(again).some((t) => t.includes('CI pipeline')), 'read back', SLOW);
    expect(root(again).textContent).to.not.contain(secret);
    expect(rowTexts(again)[0]).to.contain(in30);
    await expect(again).to.be.accessible();

    // delete: confirm first, then the row leaves
    root(again).querySelector<HTMLButtonElement>('button[aria-label="Delete token CI pipeline"]')!.click();
    await waitUntil(() => dialog(again)?.getAttribute('role') === 'alertdialog', 'confirm');
    expect(dialog(again)!.textContent).to.contain('Delete “CI pipeline”?');
    await expect(again).to.be.accessible();
    button(dialog(again)!, 'Delete token')!.click();
    await waitUntil(() => rowsOf(again).length === 0 && !dialog(again), 'deleted', SLOW);
    expect(shown(again, 'Token “CI pipeline” deleted.')).to.equal(true);
    expect(shown(again, 'No client-credentials tokens yet')).to.equal(true);
  });

  it('AB-3.10 AB-5.08 access tokens are their own tab; a token without expiry shows "Never"', async () => {
    await signIn(ADMIN);
    stubClipboard();
    const el = await renderTokens();
    await tableReady(el);
    const tabs = [...root(el).querySelectorAll<HTMLElement>('[role=tab]')];
    expect(tabs.map((t) => t.textContent)).to.deep.equal(['Client credentials', 'Access tokens']);
    // arrow keys move between the tabs
    tabs[0].focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => tabs[1].getAttribute('aria-selected') === 'true', 'access tokens tab');
    await waitUntil(() => shown(el, 'No access tokens yet'), 'empty access tokens', SLOW);
    button(root(el), 'Create token')!.click();
    await waitUntil(() => dialog(el), 'dialog');
    expect(dialog(el)!.textContent).to.contain('New access token');
    input(dialog(el)!, 'description')!.focus();
    await sendKeys({ type: 'Reporting job' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)?.querySelector('[data-copy-value=fe-token-secret]'), 'secret', SLOW);
    expect(dialog(el)!.querySelector('[data-copy-value=fe-token-clientId]')).to.equal(null);
    expect(dialog(el)!.querySelector('[data-copy-value=fe-token-secret]')!.textContent).to.match(/^eyJ/);
    expect(dialog(el)!.textContent).to.contain('Access token');
    // a secret shown once: Escape does not close it, and Done before a copy asks first (Back is the safe choice)
    await sendKeys({ press: 'Escape' });
    expect(dialog(el)?.querySelector('[data-copy-value=fe-token-secret]'), 'still shown after Escape').to.not.equal(null);
    button(dialog(el)!, 'Done')!.click();
    await waitUntil(() => alertText(el).includes('won’t be shown again. Close anyway?'), 'asks first');
    expect(active(el)?.textContent).to.equal('Back to it');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => button(dialog(el)!, 'Done'), 'back to the secret');
    expect(dialog(el)!.querySelector('[data-copy-value=fe-token-secret]')!.textContent).to.match(/^eyJ/);
    await closeUncopiedSecret(el);
    const row = rowTexts(el).find((t) => t.includes('Reporting job'))!;
    expect(row).to.contain('Access token');
    expect(row).to.contain('Never');
  });

  it('AB-3.09 personal tokens (kind="personal"): no roles, created and listed for the signed-in user', async () => {
    await signIn(ADMIN);
    stubClipboard();
    const el = await renderTokens('personal');
    await tableReady(el);
    expect(root(el).querySelector('h2')!.textContent).to.equal('Personal API tokens');
    expect([...root(el).querySelectorAll('thead th')].map((th) => th.textContent)).to.not.include('Roles');
    button(root(el), 'Create token')!.click();
    await waitUntil(() => dialog(el), 'dialog');
    expect(dialog(el)!.querySelector('input[type=checkbox]')).to.equal(null);
    input(dialog(el)!, 'description')!.focus();
    await sendKeys({ type: 'My laptop' });
    pick(dialog(el)!.querySelector<HTMLSelectElement>('select[name=expiry]')!, 'custom');
    await waitUntil(() => input(dialog(el)!, 'customDays'), 'custom days');
    input(dialog(el)!, 'customDays')!.focus();
    await sendKeys({ type: '2' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)?.querySelector('[data-copy-value=fe-token-secret]'), 'secret', SLOW);
    await closeUncopiedSecret(el);
    const in2 = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' });
    expect(rowTexts(el).find((t) => t.includes('My laptop'))).to.contain(in2);
    // the tenant list does not show it
    const tenant = await renderTokens('tenant');
    await waitUntil(() => shown(tenant, 'No client-credentials tokens yet'), 'tenant list empty', SLOW);
  });

  it('AB-3.09 a description is required: the form stays, says so, and nothing is created', async () => {
    await signIn(ADMIN);
    const el = await renderTokens();
    await tableReady(el);
    button(root(el), 'Create token')!.click();
    await waitUntil(() => dialog(el), 'dialog');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)!.querySelector('[role=alert]'), 'error');
    expect(dialog(el)!.querySelector('[role=alert]')!.textContent).to.equal('Enter a description.');
    expect(active(el)?.getAttribute('aria-invalid')).to.equal('true');
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog(el), 'closed');
    expect(rowsOf(el).length).to.equal(0);
  });

  it('AB-3.09 a refused creation keeps what was typed and shows the server’s message', async () => {
    await signIn(ADMIN);
    const el = await renderTokens();
    await tableReady(el);
    button(root(el), 'Create token')!.click();
    await waitUntil(() => dialog(el), 'dialog');
    // 256 characters: the server refuses (maxlength is lifted to reach it)
    const description = input(dialog(el)!, 'description')!;
    description.removeAttribute('maxlength');
    description.focus();
    await sendKeys({ type: 'x'.repeat(256) });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)!.querySelector('[role=alert]'), 'server error', SLOW);
    expect(dialog(el)!.querySelector('[role=alert]')!.textContent).to.contain('description must be at most 255 characters');
    expect(description.value).to.have.length(256);
    expect(button(dialog(el)!, 'Create token')).to.not.equal(undefined);
  });

  it('SI-6.01 a user without write permission sees the tokens but no create and no delete', async () => {
    const token = await signIn(ADMIN);
    const made = await fetch('/frontegg/identity/resources/tenants/api-tokens/v2', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ description: 'Made by the admin' }),
    });
    expect(made.status).to.equal(201);
    await fetch('/frontegg/identity/resources/auth/v1/logout', { method: 'POST' });
    // a ReadOnly user: read keys, no write keys
    await signInAsReader();
    const ro = await renderTokens();
    await waitUntil(() => rowTexts(ro).some((t) => t.includes('Made by the admin')), 'listed', SLOW);
    expect(button(root(ro), 'Create token')).to.equal(undefined);
    expect(root(ro).querySelector('button[aria-label^="Delete token"]')).to.equal(null);
    await expect(ro).to.be.accessible();
  });

  it('SI-6.01 a user without fe.secure.read.tenantApiTokens sees "You don’t have access to this section." and no table', async () => {
    await signInWithoutRoles();
    for (const kind of ['tenant', 'personal'] as const) {
      const el = await renderTokens(kind);
      await expectNoAccess(el, 'table');
      await expect(el).to.be.accessible();
    }
  });
});

describe('<fe-admin-api-tokens> designed states in preview (axe-core)', () => {
  const cases: [string, string, string, (el: HTMLElement) => boolean][] = [
    ['filled', 'apiTokens', '', (el) => rowsOf(el).length === 2],
    ['empty', 'personalApiTokens', '', (el) => shown(el, 'No client-credentials tokens yet')],
    ['loading', 'apiTokens', '', (el) => shown(el, 'Loading…')],
    ['error', 'apiTokens', '', (el) => alertText(el).includes('Service temporarily unavailable')],
    ['filled', 'apiTokens', 'create', (el) => !!root(el).querySelector('[role=dialog] input[name=description]')],
    ['filled', 'apiTokens', 'delete', (el) => root(el).querySelector('[role=alertdialog]')?.textContent?.includes('Delete “CI pipeline”?') === true],
  ];
  for (const [scenario, section, dialogName, ready] of cases) {
    it(`AB-3.09 ${section} ${scenario}${dialogName ? ` with the ${dialogName} dialog` : ''} has no axe violations`, async () => {
      await expectAccessibleWhen(await renderStory(section, scenario, dialogName), ready, `${scenario} shown`);
    });
  }
});
