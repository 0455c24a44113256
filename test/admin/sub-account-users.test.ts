/**
 * The users of a sub-account acted in, and applications (issue 34 items 3–5), in Chromium against the real emulator
 * WITH the sub-account routes of issue 34 (emu-access, branch i34-emu-access: addUsersToSubTenant v2,
 * updateSubAccountAccess, entering through a parent, audit rows naming the parent, the applications of §M): inviting
 * up to 5 users with roles and sub-account access, the per-user access switch, the Done-when path (the switch, entering
 * through the parent, inviting with a role, the audit row), and applications on and off by the
 * `multi-apps-admin-portal` flag.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-users.ts';
import { enterAccount } from '../../src/admin/shell/enter-account.ts';
import { ADMIN, createUser, resetEmulator } from '../helpers/emulator.ts';
import {
  api,
  button,
  callEmulator,
  dialog,
  expectAccessibleLightAndDark,
  fill,
  ignoreResizeObserverLoop,
  openMenu,
  renderSection,
  root,
  rowsOf,
  shown,
  signIn,
  SLOW,
  toasts,
} from './helpers.ts';
import { appOf, banner, enter, menu, navTexts, portalAtUsers, recordRequests, subAccount, westUsers } from './sub-account-helpers.ts';

ignoreResizeObserverLoop();

describe('the users of a sub-account acted in (issue 34 item 4)', () => {
  beforeEach(async () => {
    await resetEmulator();
  });
  afterEach(() => {
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('Done when: the admin’s sub-account access switched on, a sub-account entered through its parent (no membership), a user invited there with a role, the audit row names the parent; back', async function () {
    this.timeout(40000);
    await signIn(ADMIN);
    const north = await subAccount('Acme North', false);
    history.replaceState(null, '', `${location.pathname}${location.search}#/admin/users`);
    const el = await renderSection('fe-admin-portal');
    await waitUntil(() => rowsOf(el).some((r) => r.textContent?.includes(ADMIN.email)), 'the own users', SLOW);
    // the account has a sub-account: its users' tab shows (the table moves into a tab), then the switch is offered
    await waitUntil(() => root(el).querySelector('[role=tab]') && rowsOf(el).some((r) => r.textContent?.includes(ADMIN.email)), 'the tabs', SLOW);
    await menu(el, ADMIN.email, 'Allow access to sub-accounts');
    await waitUntil(() => toasts(el).includes(`${ADMIN.email} can now act in the sub-accounts.`), 'the switch on', SLOW);
    await enterAccount(appOf(el), { tenantId: north, name: 'Acme North' });
    await waitUntil(() => banner(el, 'Acme North'), 'the banner', SLOW);
    button(root(el), 'Invite users')!.click();
    // the account's roles (read with its token) listed in the dialog
    await waitUntil(() => [...(dialog(el)?.querySelectorAll('label') ?? [])].some((l) => l.textContent?.startsWith('Admin')), 'the invite dialog and its roles', SLOW);
    fill(dialog(el)!.querySelector<HTMLInputElement>('input[type=email]')!, 'north@acme.test');
    [...dialog(el)!.querySelectorAll('label')]
      .find((l) => l.textContent?.startsWith('Admin'))!
      .querySelector('input')!
      .click();
    button(dialog(el)!, 'Send invitation')!.click();
    await waitUntil(() => toasts(el).includes('1 person was invited to Acme North.'), 'invited', SLOW);
    await waitUntil(() => shown(el, 'north@acme.test'), 'listed', SLOW);
    [...root(el).querySelectorAll<HTMLAnchorElement>('nav[aria-label=Sections] a')].find((a) => a.textContent === 'Audit logs')!.click();
    await waitUntil(() => rowsOf(el).some((r) => r.textContent?.includes('(acting from Acme)')), 'the audit row naming the parent', SLOW);
    button(banner(el, 'Acme North')!, 'Back to Acme')!.click();
    await waitUntil(() => !banner(el, 'Acme North') && navTexts(el).includes('Profile'), 'back', SLOW);
  });

  it('the per-user sub-account access switch and the invitation of up to 5 users with roles (addUsersToSubTenant v2, updateSubAccountAccess)', async () => {
    const token = await signIn(ADMIN);
    const west = await subAccount('Acme West', true);
    await westUsers(west, 1);
    const el = await portalAtUsers();
    await enter(el, west, 'Acme West');
    button(root(el), 'Invite users')!.click();
    await waitUntil(() => dialog(el), 'the invite dialog', SLOW);
    expect(shown(el, 'Invite users to Acme West')).to.equal(true);
    for (let i = 2; i <= 5; i++) {
      button(dialog(el)!, 'Add another address')!.click();
      await waitUntil(() => dialog(el)!.querySelectorAll('input[type=email]').length === i, `field ${i}`);
    }
    expect(button(dialog(el)!, 'Add another address')).to.equal(undefined);
    expect(shown(el, 'You can invite 5 people at a time.')).to.equal(true);
    const fields = [...dialog(el)!.querySelectorAll<HTMLInputElement>('input[type=email]')];
    fields.forEach((f, i) => fill(f, `new${i + 1}@west.test`));
    const allow = dialog(el)!.querySelector<HTMLInputElement>('input[name=allowSubAccountAccess]')!;
    expect(allow.checked).to.equal(false, 'AB-6.11 off by default');
    allow.click();
    [...dialog(el)!.querySelectorAll('label')]
      .find((l) => l.textContent?.startsWith('Admin'))!
      .querySelector('input')!
      .click();
    button(dialog(el)!, 'Send 5 invitations')!.click();
    await waitUntil(() => toasts(el).includes('5 people were invited to Acme West.'), 'invited', SLOW);
    await waitUntil(() => shown(el, 'new1@west.test'), 'listed', SLOW);
    const invited = await api<{ items: { email: string; tenants: { tenantId: string; roles: { key: string }[] }[] }[] }>(
      token,
      'GET',
      '/frontegg/identity/resources/sub-tenants/users/v1?_filter=%40west.test&_limit=20',
    );
    const new3 = invited.items.find((u) => u.email === 'new3@west.test')!;
    expect(new3.tenants.find((m) => m.tenantId === west)!.roles.map((r) => r.key)).to.deep.equal(['Admin']);
    // the switch
    await menu(el, 'w01@west.test', 'Allow access to sub-accounts');
    await waitUntil(() => toasts(el).includes('w01@west.test can now act in the sub-accounts.'), 'allowed', SLOW);
    await waitUntil(
      () =>
        rowsOf(el)
          .find((r) => r.textContent?.includes('w01@west.test'))
          ?.textContent?.includes('Sub-account access'),
      'the chip',
      SLOW,
    );
    await menu(el, 'w01@west.test', 'Remove access to sub-accounts');
    await waitUntil(() => toasts(el).includes('w01@west.test can no longer act in the sub-accounts.'), 'denied', SLOW);
  });
});

describe('applications in the users table (issue 34 item 5; AB-6.13, AB-6.14)', () => {
  beforeEach(async () => {
    await resetEmulator();
  });
  afterEach(async () => {
    await callEmulator('PUT', '/_emulator/flags', { 'multi-apps-admin-portal': null });
  });

  it('AB-6.14 with the multi-apps-admin-portal flag off: "All applications", no Applications action, no applications call', async () => {
    await signIn(ADMIN);
    const recording = recordRequests();
    try {
      const el = await renderSection('fe-admin-users');
      await waitUntil(() => rowsOf(el).length > 0, 'rows', SLOW);
      expect(shown(el, 'All applications')).to.equal(true);
      const items = (await openMenu(el, rowsOf(el)[0].querySelector<HTMLButtonElement>('button[aria-label^="Actions for"]')!)).map((m) => m.textContent);
      expect(items).to.include('Edit roles');
      expect(items).not.to.include('Applications');
      await sendKeys({ press: 'Escape' });
      expect(recording.sent.some((r) => r.path.includes('/applications/'))).to.equal(false);
    } finally {
      recording.restore();
    }
  });

  it('AB-6.13 AB-6.14 AB-7.21 with the flag on: each user’s applications (free ones marked), assigned and unassigned in the user’s dialog', async () => {
    await callEmulator('PUT', '/_emulator/flags', { 'multi-apps-admin-portal': 'on' });
    await signIn(ADMIN);
    await createUser('apps@acme.test', 'Apps-Passw0rd!');
    const el = await renderSection('fe-admin-users');
    await waitUntil(() => rowsOf(el).some((r) => r.textContent?.includes('apps@acme.test') && r.textContent.includes('(free access)')), 'the free applications', SLOW);
    expect(shown(el, 'All applications')).to.equal(false);
    await menu(el, 'apps@acme.test', 'Applications');
    await waitUntil(() => dialog(el)?.querySelector('input[type=checkbox]'), 'the applications dialog', SLOW);
    expect(dialog(el)!.textContent).to.contain('Open to every user');
    const box = dialog(el)!.querySelector<HTMLInputElement>('input[type=checkbox]')!;
    const appName = box.closest('label')!.textContent!.split(' — ')[0].trim();
    expect(box.checked).to.equal(false);
    box.click();
    button(dialog(el)!, 'Save changes')!.click();
    await waitUntil(() => toasts(el).includes('Applications of apps saved.'), 'saved', SLOW);
    await waitUntil(
      () =>
        rowsOf(el)
          .find((r) => r.textContent?.includes('apps@acme.test'))
          ?.textContent?.includes(appName),
      'assigned',
      SLOW,
    );
    await menu(el, 'apps@acme.test', 'Applications');
    await waitUntil(() => dialog(el)?.querySelector<HTMLInputElement>('input[type=checkbox]')?.checked, 'ticked', SLOW);
    dialog(el)!.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    button(dialog(el)!, 'Save changes')!.click();
    await waitUntil(
      () =>
        !rowsOf(el)
          .find((r) => r.textContent?.includes('apps@acme.test'))
          ?.textContent?.includes(appName),
      'unassigned',
      SLOW,
    );
    await expectAccessibleLightAndDark(el);
  });
});
