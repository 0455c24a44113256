/**
 * Acting in a sub-account from the portal (issue 34 items 3–5; src/admin/shell/acting.ts, src/api/scoped-client.ts,
 * the users section's sub-account dialogs): in Chromium against the real emulator. Entering mints the account's token
 * and every call then carries it as `Authorization: <jwt>` with no `Bearer` (recorded below); the banner says where
 * the admin acts and leads back; the users section shows that account's users 10 a page by name; a role set and a
 * user removed there reach that account. What needs the emulator's sub-account routes of issue 34 (inviting there,
 * the access switch, applications, the audit row naming the parent) is in sub-account-users.test.ts.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { previewApp, signInPreview } from '../../stories/support/preview-app.ts';
import { PREVIEW_USERS } from '../../src/preview/directory.ts';
import '../../stories/support/admin-story.tsx';
import { enterAccount, NoAccessError } from '../../src/admin/shell/enter-account.ts';
import { decodeClaims } from '../../src/auth/claims.ts';
import { ADMIN, createUser, resetEmulator } from '../helpers/emulator.ts';
import {
  active,
  api,
  fill,
  button,
  byLabel,
  callEmulator,
  dialog,
  expectAccessibleLightAndDark,
  ignoreResizeObserverLoop,
  renderStory,
  root,
  rowsOf,
  shown,
  signIn,
  SLOW,
  toasts,
} from './helpers.ts';
import {
  acmeId,
  appOf,
  banner,
  emailsShown,
  enter,
  liveStatus,
  menu,
  namesShown,
  navTexts,
  nextPage,
  ownSession,
  portalAtUsers,
  recordRequests,
  subAccount,
  westUsers,
} from './sub-account-helpers.ts';

ignoreResizeObserverLoop();

describe('acting in a sub-account (issue 34)', () => {
  let recording: ReturnType<typeof recordRequests> | null = null;
  beforeEach(async () => {
    await resetEmulator();
  });
  afterEach(() => {
    recording?.restore();
    recording = null;
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('AB-2.05 entering: the banner, the calls carry the account’s token as Authorization without Bearer, its users 10 a page by name; going back restores the own account', async () => {
    await signIn(ADMIN);
    const acme = await acmeId();
    const west = await subAccount('Acme West', true);
    await westUsers(west, 12);
    await createUser('acme-only@acme.test', 'Acme-Passw0rd!');
    const el = await portalAtUsers();
    recording = recordRequests();
    await enter(el, west, 'Acme West');
    // the banner is announced (it takes the focus) and leads back
    expect(active(el)).to.equal(banner(el, 'Acme West'));
    expect(banner(el, 'Acme West')!.textContent).to.contain('What you change here applies to Acme West.');
    expect(button(banner(el, 'Acme West')!, 'Back to Acme')).to.not.equal(undefined);
    // the account's sections only
    expect(navTexts(el)).to.deep.equal(['Account settings', 'Users', 'Audit logs', 'Roles', 'All accounts'].filter((s) => navTexts(el).includes(s)));
    expect(navTexts(el)).to.include('Users');
    expect(navTexts(el)).not.to.include('Profile');
    // 10 a page, by name, only the account's users
    await waitUntil(() => rowsOf(el).length === 10, '10 rows', SLOW);
    const names = namesShown(el);
    expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b)));
    expect(emailsShown(el).every((e) => e.endsWith('@west.test') || e === ADMIN.email)).to.equal(true, emailsShown(el).join());
    expect(shown(el, 'acme-only@acme.test')).to.equal(false);
    // the mint went with the own session; every other call with the account's token, raw
    const mint = recording.sent.find((r) => r.path === '/frontegg/identity/resources/users/v3/me/token')!;
    expect(mint.method).to.equal('POST');
    expect(ownSession(mint.authorization, acme), 'the mint: the own session').to.equal(true);
    const acting = recording.sent.filter((r) => r !== mint);
    expect(acting.length).to.be.greaterThan(0);
    for (const r of acting) {
      expect(r.authorization, `${r.method} ${r.path}`).to.not.match(/^Bearer /);
      expect(decodeClaims(r.authorization!).tenantId, `${r.method} ${r.path}`).to.equal(west);
    }
    // the next page
    nextPage(el)!.click();
    await waitUntil(() => rowsOf(el).length === 3, 'the rest', SLOW);
    // back: keyboard reachable, the own account again, said in the live region
    const back = button(banner(el, 'Acme West')!, 'Back to Acme')!;
    back.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !banner(el, 'Acme West'), 'the banner gone', SLOW);
    await waitUntil(() => liveStatus(el).includes('You are back in your own account.'), 'announced', SLOW);
    await waitUntil(() => navTexts(el).includes('Profile'), 'the own sections', SLOW);
    const after = recording.sent.length;
    await waitUntil(() => shown(el, 'acme-only@acme.test'), 'the own users again', SLOW);
    expect(emailsShown(el).some((e) => e.endsWith('@west.test'))).to.equal(false);
    // the own account's calls carry the own session again (a search: the list is read anew)
    fill(root(el).querySelector<HTMLInputElement>('input[type=search]')!, 'acme-only');
    await waitUntil(() => rowsOf(el).length === 1, 'the search answered', SLOW);
    expect(recording.sent.length).to.be.greaterThan(after);
    for (const r of recording.sent.slice(after)) expect(ownSession(r.authorization, acme), `${r.method} ${r.path}`).to.equal(true);
  });

  it('the account’s token expires: the next call is refused, the token is minted again (the own session refreshed first) and the call goes through', async function () {
    this.timeout(30000);
    await signIn(ADMIN);
    const west = await subAccount('Acme West', true);
    await westUsers(west, 12);
    const el = await portalAtUsers();
    await enter(el, west, 'Acme West');
    recording = recordRequests();
    // an hour later for the API: both the account's token and the own access token have expired
    await callEmulator('PUT', '/_emulator/clock', { offsetSeconds: 3600 });
    try {
      nextPage(el)!.click();
      await waitUntil(() => rowsOf(el).length === 3, 'the next page, after a new token', SLOW);
      const mints = recording.sent.filter((r) => r.path === '/frontegg/identity/resources/users/v3/me/token');
      expect(mints.length).to.be.greaterThan(0);
      const tokens = new Set(recording.sent.filter((r) => r.path.endsWith('/users/v3') && r.authorization && !r.authorization.startsWith('Bearer ')).map((r) => r.authorization));
      expect(tokens.size, 'the refused token, then the new one').to.equal(2);
      expect(banner(el, 'Acme West')).to.not.equal(null);
    } finally {
      await callEmulator('PUT', '/_emulator/clock', { offsetSeconds: 0 });
    }
  });

  it('No access: an account the admin may not act in says so, and nothing is entered', async () => {
    await signIn(ADMIN);
    const acme = await acmeId();
    const east = await subAccount('Acme East', false);
    await createUser('acme-only@acme.test', 'Acme-Passw0rd!');
    const el = await portalAtUsers();
    recording = recordRequests();
    let refused: unknown = null;
    await enterAccount(appOf(el), { tenantId: east, name: 'Acme East' }).catch((e: unknown) => (refused = e));
    expect(refused).to.be.instanceOf(NoAccessError);
    expect((refused as NoAccessError).account).to.equal('Acme East');
    fill(root(el).querySelector<HTMLInputElement>('input[type=search]')!, 'admin');
    await waitUntil(() => rowsOf(el).length === 1, 'the search answered', SLOW);
    expect(root(el).querySelector('[role=region][aria-label^="Acting in"]')).to.equal(null);
    expect(navTexts(el)).to.include('Profile');
    expect(recording.sent.length).to.be.greaterThan(1);
    for (const r of recording.sent) expect(ownSession(r.authorization, acme), `${r.method} ${r.path}`).to.equal(true);
  });

  it('acting there: a role changed and a user removed from the account and its sub-accounts reach the account, not the own one', async () => {
    const token = await signIn(ADMIN);
    const west = await subAccount('Acme West', true);
    await westUsers(west, 2);
    const el = await portalAtUsers();
    await enter(el, west, 'Acme West');
    // roles: set in the account (setUserRolesForSubTenants)
    await menu(el, 'w01@west.test', 'Edit roles');
    await waitUntil(() => dialog(el), 'roles dialog', SLOW);
    const admin = [...dialog(el)!.querySelectorAll('label')].find((l) => l.textContent?.startsWith('Admin'))!.querySelector('input')!;
    admin.click();
    button(dialog(el)!, 'Save changes')!.click();
    await waitUntil(() => toasts(el).includes('Roles of West user 01 saved.'), 'saved', SLOW);
    const loaded = await api<{ items: { email: string; tenants: { tenantId: string; roles: { key: string }[] }[] }[] }>(
      token,
      'GET',
      '/frontegg/identity/resources/sub-tenants/users/v1?_filter=w01%40west.test&_limit=5',
    );
    expect(loaded.items[0].tenants.find((m) => m.tenantId === west)!.roles.map((r) => r.key)).to.include('Admin');
    // remove from this account and its sub-accounts
    await menu(el, 'w02@west.test', 'Remove from this account and its sub-accounts');
    await waitUntil(() => dialog(el)?.textContent?.includes('Acme West'), 'the accounts to leave', SLOW);
    button(dialog(el)!, 'Remove from accounts')!.click();
    await waitUntil(() => !shown(el, 'w02@west.test'), 'gone from the table', SLOW);
    const left = await api<{ items: unknown[] }>(token, 'GET', '/frontegg/identity/resources/sub-tenants/users/v1?_filter=w02%40west.test&_limit=5');
    expect(left.items).to.have.length(0);
  });

  it('keyboard only, in preview (the Enter button of the account’s page): Enter enters; the banner takes the focus, Tab reaches the way back, Space leaves; axe clean in light and dark', async () => {
    // the account page of Acme EMEA (sub-route `:tenantId` of the section)
    const el = await renderStory('allAccounts', 'filled', 'preview-acme-emea');
    await waitUntil(() => byLabel(root(el), 'Enter Acme EMEA'), 'the Enter button', SLOW);
    byLabel(root(el), 'Enter Acme EMEA')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => banner(el, 'Acme EMEA') && active(el) === banner(el, 'Acme EMEA'), 'the banner focused', SLOW);
    await sendKeys({ press: 'Tab' });
    expect(active(el)?.textContent).to.equal('Back to Acme (preview)');
    await expectAccessibleLightAndDark(el);
    await sendKeys({ press: 'Space' });
    await waitUntil(() => !banner(el, 'Acme EMEA'), 'back', SLOW);
    await waitUntil(() => liveStatus(el).includes('You are back in your own account.'), 'announced', SLOW);
  });
});

describe('applications in preview (issue 34 item 5; AB-6.13, AB-6.14)', () => {
  it('AB-6.13 AB-6.14 AB-3.15 with the multi-apps-admin-portal flag on: each user’s applications (the free one marked); the dialog ticks the assigned managed ones and lists the free one as every user’s; axe light and dark', async () => {
    const story = document.createElement('fe-admin-story');
    story.setAttribute('section', 'users');
    story.setAttribute('scenario', 'filled');
    story.setAttribute('flags', 'multi-apps-admin-portal');
    story.setAttribute('dialog', 'apps:user-01');
    const app = previewApp([story]);
    await fixture(html`<div>${app}</div>`);
    await signInPreview(app);
    await waitUntil(() => dialog(story)?.querySelector('input[type=checkbox]'), 'the applications dialog', SLOW);
    expect(dialog(story)!.textContent).to.contain('Docs (free access)');
    const boxes = [...dialog(story)!.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].map((b) => [b.closest('label')!.textContent!.split(' — ')[0].trim(), b.checked]);
    expect(boxes).to.deep.equal([
      ['Billing', true],
      ['Analytics', false],
    ]);
    await expectAccessibleLightAndDark(story);
    button(dialog(story)!, 'Cancel')!.click();
    await waitUntil(() => !dialog(story), 'closed', SLOW);
    const row = rowsOf(story).find((r) => r.textContent?.includes(PREVIEW_USERS[1].email));
    expect(row?.textContent).to.contain('Docs (free access), Billing');
  });
});
