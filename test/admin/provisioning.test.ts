/**
 * `<fe-admin-provisioning>` against the emulator (admin spec §3 "Provisioning connection", §7 "Directory (SCIM)";
 * AB-3.23, AB-7.53; issue 23 items 6–7): create a connection with the keyboard (token shown once, copied), the list's
 * counts and last sync, the sync switch (optimistic, rolled back when refused), delete with and without the users and
 * groups it pushed, read-only and no access, the request log by deep link, axe in both schemes. The issue's "done
 * when" for SCIM: an Okta-style and an Entra-style client written here push a user and a group to the connection's
 * SCIM base URL; the users and groups sections show them managed by SCIM; deactivation disables the user; the log
 * shows the requests, a failing one marked.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-provisioning.ts';
import '../../elements/admin/fe-admin-users.ts';
import '../../elements/admin/fe-admin-groups.ts';
import '../../elements/fe-admin-portal.ts';
import '../../stories/support/admin-story.tsx';
import '../../stories/support/admin-dialogs.ts';
import { adminScimConnectionStates } from '../../stories/admin-scim-connection-states.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import {
  active,
  alertText,
  api,
  button,
  byLabel,
  callEmulator,
  dialog,
  errorToasts,
  expectAccessibleWhen,
  expectNoAccess,
  ignoreResizeObserverLoop,
  openMenu,
  renderSection,
  renderStory,
  root,
  rowOf,
  rowsOf,
  shown,
  signIn,
  signInAsReader,
  signInWithoutRoles,
  SLOW,
  toasts,
  closeUncopiedSecret,
  copyStatusOf,
} from './helpers.ts';

const CONFIGS = '/frontegg/directory/resources/v1/configurations/scim2';

/** A connection as the emulator lists it. */
interface Listed {
  id: string;
  connectionName: string;
  source: string;
  syncToUserManagement: boolean;
  lastSync?: string | null;
  userCount?: number;
  groupCount?: number;
  scimUrl: string;
}

const renderProvisioning = () => renderSection('fe-admin-provisioning');
const tableReady = (el: HTMLElement) => waitUntil(() => root(el).querySelector('table') && !shown(el, 'Loading…'), 'table', SLOW);
const rowNamed = (el: HTMLElement, name: string) => rowsOf(el).find((r) => r.textContent?.includes(name));
const switchOf = (el: HTMLElement, name: string) => root(el).querySelector<HTMLInputElement>(`input[role=switch][aria-label="Sync ${name} to user management"]`);
const list = (token: string) => api<Listed[]>(token, 'GET', CONFIGS);
const create = (token: string, connectionName: string, source = 'okta') =>
  api<{ id: string; token: string }>(token, 'POST', CONFIGS, { source, connectionName, syncToUserManagement: true });

/** Replaces the clipboard's writeText (headless Chromium refuses it without a permission); returns what was written. */
function stubClipboard(): string[] {
  const written: string[] = [];
  Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (text: string) => void written.push(text) });
  return written;
}

describe('<fe-admin-provisioning> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });
  afterEach(async () => {
    await callEmulator('PUT', '/_emulator/faults', { faults: [] });
    await emulateMedia({ colorScheme: 'light' });
    history.replaceState(null, '', location.pathname);
  });

  it('AB-3.23 AB-7.53 keyboard only: add a Microsoft Entra ID connection, see its SCIM URL and token once, copy the token; the list shows it, never synced', async () => {
    const token = await signIn(ADMIN);
    const written = stubClipboard();
    const el = await renderProvisioning();
    await waitUntil(() => shown(el, 'No provisioning connections yet.'), 'empty state', SLOW);
    await expect(el).to.be.accessible();

    // the empty state invites "Add connection"; open it with the keyboard
    button(root(el), 'Add connection')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el), 'dialog open');
    expect(dialog(el)!.textContent).to.contain('Add a provisioning connection');
    expect(active(el)?.getAttribute('value')).to.equal('okta');
    await expect(el).to.be.accessible();
    // arrow keys move between the identity providers; Enter goes on
    await sendKeys({ press: 'ArrowDown' });
    expect(active(el)?.getAttribute('value')).to.equal('azure-ad');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => active(el)?.getAttribute('name') === 'connectionName', 'name step focused');
    expect(dialog(el)!.textContent).to.contain('Identity provider: Microsoft Entra ID');
    // an empty name is refused here, announced
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertText(el).includes('Enter a name for the connection.'), 'name required');
    await sendKeys({ type: 'Entra production' });
    await sendKeys({ press: 'Enter' });

    await waitUntil(() => root(el).querySelector('[data-copy-value=fe-scim-token]'), 'token shown', SLOW);
    expect(dialog(el)!.textContent).to.contain('it won’t be shown again');
    expect(dialog(el)!.textContent).to.contain('Tenant URL');
    expect(dialog(el)!.textContent).to.contain('Secret token');
    const shownToken = root(el).querySelector('[data-copy-value=fe-scim-token]')!.textContent!;
    const scimUrl = root(el).querySelector('[data-copy-value=fe-scim-scimUrl]')!.textContent!;
    const [listed] = await list(token);
    expect(listed).to.deep.include({ connectionName: 'Entra production', source: 'azure-ad', scimUrl });
    expect(scimUrl).to.match(/\/frontegg\/scim\/v2\/[\w-]+$/);
    expect(shownToken.length).to.be.greaterThan(20);
    await expect(el).to.be.accessible();
    byLabel(root(el), 'Copy Bearer token')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => copyStatusOf(dialog(el)!, 'fe-scim-token') === 'Copied', 'copied announced');
    expect(written).to.deep.equal([shownToken]);

    // Done closes; the token is nowhere to be seen again
    button(dialog(el)!, 'Done')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'dialog closed');
    expect(toasts(el)).to.contain('Connection Entra production created.');
    await waitUntil(() => rowNamed(el, 'Entra production'), 'row listed', SLOW);
    expect(root(el).textContent).to.not.contain(shownToken);
    const cells = [...rowNamed(el, 'Entra production')!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(0, 5)).to.deep.equal(['Entra production', 'Microsoft Entra ID', '0', '0', 'Never']);
    await expect(el).to.be.accessible();
  });

  it('AB-3.23 a refused creation keeps the name and shows the server’s message, announced', async () => {
    await signIn(ADMIN);
    await callEmulator('PUT', '/_emulator/faults', { faults: [{ method: 'POST', path: CONFIGS, status: 403, body: { errors: ['Not authorized'] }, times: 1 }] });
    const el = await renderProvisioning();
    await waitUntil(() => shown(el, 'No provisioning connections yet.'), 'empty state', SLOW);
    button(root(el), 'Add connection')!.click();
    await waitUntil(() => dialog(el), 'dialog open');
    button(dialog(el)!, 'Next')!.click();
    await waitUntil(() => root(el).querySelector('input[name=connectionName]'), 'name step');
    root(el).querySelector<HTMLInputElement>('input[name=connectionName]')!.focus();
    await sendKeys({ type: 'Okta prod' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertText(el).includes('Not authorized'), 'refusal shown', SLOW);
    expect(root(el).querySelector<HTMLInputElement>('input[name=connectionName]')!.value).to.equal('Okta prod');
    // again, and it is made
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => root(el).querySelector('[data-copy-value=fe-scim-token]'), 'token shown', SLOW);
  });

  it('AB-7.53 the sync switch saves at once (PATCH) and, when the server refuses, goes back with an error toast', async () => {
    const token = await signIn(ADMIN);
    await create(token, 'Okta prod');
    const el = await renderProvisioning();
    await tableReady(el);
    expect(switchOf(el, 'Okta prod')!.checked).to.equal(true);
    switchOf(el, 'Okta prod')!.click();
    await waitUntil(() => toasts(el).includes('Okta prod no longer syncs to user management.'), 'saved', SLOW);
    expect((await list(token))[0].syncToUserManagement).to.equal(false);

    // refused (slowly): on at once, then back off with an announced error
    await callEmulator('PUT', '/_emulator/faults', {
      faults: [{ method: 'PATCH', path: `${CONFIGS}/*`, status: 500, body: { errors: ['Directory busy'] }, delayMs: 600, times: 1 }],
    });
    switchOf(el, 'Okta prod')!.click();
    await waitUntil(() => switchOf(el, 'Okta prod')!.checked, 'optimistic');
    // the kit's inline action: the error toast (an alert) says why
    await waitUntil(() => errorToasts(el)?.textContent?.includes('The change to Okta prod was not saved and is back as it was: Directory busy'), 'error toast', SLOW);
    expect(switchOf(el, 'Okta prod')!.checked).to.equal(false);
    expect((await list(token))[0].syncToUserManagement).to.equal(false);
  });

  it('AB-7.53 delete asks first; without “also delete” only the connection goes, with it the request says deleteAll', async () => {
    const token = await signIn(ADMIN);
    await create(token, 'Keep users');
    await create(token, 'Drop users', 'other');
    const el = await renderProvisioning();
    await tableReady(el);
    await waitUntil(() => rowsOf(el).length === 2, 'two rows', SLOW);

    byLabel(root(el), 'Delete Keep users')!.click();
    await waitUntil(() => dialog(el), 'confirm');
    expect(dialog(el)!.getAttribute('role')).to.equal('alertdialog');
    expect(dialog(el)!.textContent).to.contain('Also delete the 0 users and 0 groups it pushed');
    // Cancel has the focus: Enter does not delete
    expect(active(el)?.textContent).to.equal('Cancel');
    await expect(el).to.be.accessible();
    button(dialog(el)!, 'Delete connection')!.click();
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    expect(toasts(el)).to.contain('Keep users deleted. The users and groups it pushed stay.');
    expect((await list(token)).map((c) => c.connectionName)).to.deep.equal(['Drop users']);

    byLabel(root(el), 'Delete Drop users')!.click();
    await waitUntil(() => dialog(el), 'confirm');
    dialog(el)!.querySelector<HTMLInputElement>('input[name=deleteAll]')!.click();
    button(dialog(el)!, 'Delete connection')!.click();
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    expect(toasts(el)).to.contain('Drop users deleted, with the users and groups it pushed.');
    expect(await list(token)).to.deep.equal([]);
    await waitUntil(() => shown(el, 'No provisioning connections yet.'), 'empty again', SLOW);
    const audits = await api<{ data: { action?: string; description?: string; json?: unknown }[] }>(token, 'GET', '/frontegg/audits?offset=0&count=20');
    expect(JSON.stringify(audits)).to.contain('"deleteAll":true');
  });

  it('AB-3.23 read-only: an admin with the read key sees the connections, no Add connection, no delete, the switch disabled', async () => {
    const adminToken = await signIn(ADMIN, 'omit');
    await create(adminToken, 'Okta prod');
    await signInAsReader();
    const el = await renderProvisioning();
    await tableReady(el);
    await waitUntil(() => rowNamed(el, 'Okta prod'), 'row', SLOW);
    expect(shown(el, 'You can view the connections.')).to.equal(true);
    expect(button(root(el), 'Add connection')).to.equal(undefined);
    expect(byLabel(root(el), 'Delete Okta prod')).to.equal(null);
    expect(switchOf(el, 'Okta prod')!.disabled).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('AB-3.23 no access without the read key: the section says so and asks nothing', async () => {
    await signInWithoutRoles();
    const el = await renderProvisioning();
    await expectNoAccess(el, 'table');
  });

  it('AB-7.53 the request log shows users by name and email, never a UUID; the error and the time whole; a request’s details by keyboard; axe light and dark (issue 31 item 7)', async () => {
    const token = await signIn(ADMIN);
    const conn = await create(token, 'Okta prod');
    const base = `/frontegg/scim/v2/${conn.id}`;
    const pushed = await scim(base, conn.token, 'POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: 'ann.lee@acme.test',
      name: { givenName: 'Ann', familyName: 'Lee' },
      emails: [{ primary: true, value: 'ann.lee@acme.test' }],
      active: true,
    });
    const annId = pushed.body.id as string;
    await scim(base, conn.token, 'PATCH', `/Users/${annId}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: true }] });
    const refused = await scim(base, conn.token, 'POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: 'not an email, and long enough that its reason takes more than one line',
      active: true,
    });
    expect(refused.status).to.equal(400);
    history.replaceState(null, '', `#/admin/provisioning/${conn.id}`);
    const portal = await renderSection('fe-admin-portal');
    await waitUntil(() => rowsOf(portal).length === 3, 'three requests', SLOW);
    const [failedRow, patchRow] = rowsOf(portal);
    // the user by name and email; their id nowhere in the table
    expect(patchRow.textContent).to.contain('PATCH /Users').and.to.contain('Ann Lee').and.to.contain('ann.lee@acme.test');
    expect(root(portal).querySelector('table')!.textContent).to.not.contain(annId);
    // the error whole: no line is cut (it wraps), no tooltip needed
    const error = [...failedRow.querySelectorAll('td')].find((td) => td.textContent?.includes('The user needs an email'))!;
    expect(error.textContent).to.equal('The user needs an email: emails[primary] or a userName that is an email');
    for (const e of [error, ...error.querySelectorAll<HTMLElement>('*')]) expect(e.scrollHeight, 'not clamped').to.be.at.most(e.clientHeight + 1);
    // the time whole (date and time)
    const time = failedRow.querySelector('time')!;
    expect(time.textContent).to.match(/\d{1,2}:\d{2}/);
    expect(time.closest('td')!.scrollWidth).to.be.at.most(time.closest('td')!.clientWidth + 1);
    expect(time.scrollHeight).to.be.at.most(time.clientHeight + 1);

    // the request opens its details with the keyboard: the full path with the id, the user, the status, the time
    const trigger = patchRow.querySelector<HTMLButtonElement>('button[aria-haspopup=dialog]')!;
    expect(trigger.getAttribute('aria-label')).to.equal('Details of PATCH /Users');
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(portal), 'details', SLOW);
    const fields = Object.fromEntries(
      [...dialog(portal)!.querySelectorAll('[data-row-details] > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]),
    );
    expect(fields).to.include({ Method: 'PATCH', Resource: `/Users/${annId}`, Status: '200 OK', Error: 'None' });
    expect(fields.User).to.contain('Ann Lee').and.to.contain('ann.lee@acme.test').and.to.contain(annId);
    await expect(portal).to.be.accessible();
    await emulateMedia({ colorScheme: 'dark' });
    await waitUntil(() => getComputedStyle(portal).getPropertyValue('--fe-color-scheme').trim() === 'dark', 'dark tokens', SLOW);
    await expect(portal).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog(portal), 'closed');
    await waitUntil(() => active(portal)?.getAttribute('aria-label') === 'Details of PATCH /Users', 'focus back on the request');
  });

  it('AB-7.53 deep link #/admin/provisioning/<id> opens the connection’s request log; back to all connections', async () => {
    const token = await signIn(ADMIN);
    const { id } = await create(token, 'Okta prod');
    history.replaceState(null, '', `#/admin/provisioning/${id}`);
    const portal = await renderSection('fe-admin-portal');
    await waitUntil(() => shown(portal, 'Request log: Okta prod') && shown(portal, 'No requests yet'), 'log shown', SLOW);
    expect(shown(portal, 'Give the SCIM base URL and the token to your identity provider')).to.equal(true);
    await expect(portal).to.be.accessible();
    button(root(portal), 'All connections')!.click();
    await waitUntil(() => rowsOf(portal).length === 1, 'list', SLOW);
    expect(location.hash).to.equal('#/admin/provisioning');
    // a connection's name opens its log, and the hash says which
    root(portal).querySelector<HTMLAnchorElement>('a[aria-label="Request log of Okta prod"]')!.click();
    await waitUntil(() => shown(portal, 'Request log: Okta prod'), 'log again', SLOW);
    expect(location.hash).to.equal(`#/admin/provisioning/${id}`);
  });
});

/** A SCIM request to a connection's base URL with its bearer token, as an identity provider sends it; resolves with status and body. */
async function scim(base: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/scim+json', ...(body ? { 'content-type': 'application/scim+json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

describe('SCIM end to end: a connection made in the portal, pushed to by Okta- and Entra-style clients', () => {
  ignoreResizeObserverLoop();
  before(async () => {
    await setViewport({ width: 1440, height: 900 });
  });
  beforeEach(async () => {
    await resetEmulator();
  });

  it('AB-3.23 AB-7.53 AB-3.05 AB-3.08 users and groups pushed over SCIM show as managed by SCIM (no edit), deactivation disables the user, the log shows every request and the failed one', async () => {
    await signIn(ADMIN);
    stubClipboard();
    // the connection, made in the portal: its SCIM base URL and token as the dialog shows them
    const el = await renderProvisioning();
    await waitUntil(() => shown(el, 'No provisioning connections yet.'), 'empty state', SLOW);
    button(root(el), 'Add connection')!.click();
    await waitUntil(() => dialog(el), 'dialog open');
    button(dialog(el)!, 'Next')!.click();
    await waitUntil(() => root(el).querySelector('input[name=connectionName]'), 'name step');
    root(el).querySelector<HTMLInputElement>('input[name=connectionName]')!.focus();
    await sendKeys({ type: 'Okta production' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => root(el).querySelector('[data-copy-value=fe-scim-token]'), 'token shown', SLOW);
    const token = root(el).querySelector('[data-copy-value=fe-scim-token]')!.textContent!;
    const shownUrl = root(el).querySelector('[data-copy-value=fe-scim-scimUrl]')!.textContent!;
    expect(shownUrl).to.match(/^https?:\/\/[^/]+\/frontegg\/scim\/v2\/[\w-]+$/);
    // the emulator builds the URL from the origin its request came to: behind this page's proxy that is the
    // emulator's own port (another origin, no CORS for SCIM), so the client here calls the same path through the page
    const base = new URL(shownUrl).pathname;
    await closeUncopiedSecret(el);

    // Okta: look the user up by userName first (an empty ListResponse), then create it
    const lookup = await scim(base, token, 'GET', `/Users?filter=${encodeURIComponent('userName eq "ann.okta@acme.test"')}`);
    expect(lookup.status).to.equal(200);
    expect(lookup.body).to.deep.include({ totalResults: 0, Resources: [] });
    const oktaUser = {
      schemas: [USER_SCHEMA],
      userName: 'ann.okta@acme.test',
      name: { givenName: 'Ann', familyName: 'Okta' },
      emails: [{ primary: true, value: 'ann.okta@acme.test', type: 'work' }],
      displayName: 'Ann Okta',
      externalId: '00u1okta',
      active: true,
    };
    const created = await scim(base, token, 'POST', '/Users', oktaUser);
    expect(created.status).to.equal(201);
    const userId = created.body.id as string;
    // Okta retries a create it thinks failed: the duplicate is refused (409), and the log will say so
    const again = await scim(base, token, 'POST', '/Users', oktaUser);
    expect(again.status).to.equal(409);

    // Entra ID: a group, then its member added with `op: "Add"`, then the user deactivated with `"Replace"` and "False"
    const group = await scim(base, token, 'POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Entra Finance', externalId: 'aad-grp-1', members: [] });
    expect(group.status).to.equal(201);
    const member = await scim(base, token, 'PATCH', `/Groups/${group.body.id as string}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: userId }] }],
    });
    expect(member.status).to.be.oneOf([200, 204]);

    // the users section: the pushed user, managed by SCIM, with no actions but the reason
    const users = await renderSection('fe-admin-users');
    await waitUntil(() => rowOf(users, 'Ann Okta'), 'pushed user listed', SLOW);
    const annRow = () => rowOf(users, 'Ann Okta')!;
    expect(annRow().querySelector('[data-scim-managed]')?.textContent).to.contain('Ann Okta is managed by your identity provider (SCIM)');
    expect(annRow().querySelector('button[aria-label^="Actions for"]')).to.equal(null);
    expect(shown(users, 'Users marked SCIM are managed by your identity provider')).to.equal(true);
    expect(annRow().textContent).to.not.contain('Disabled');
    // the seeded admin keeps a menu: the rule is per user
    const portalUsers = rowsOf(users).filter((r) => !r.querySelector('[data-scim-managed]'));
    expect(portalUsers.length).to.be.greaterThan(0);
    for (const r of portalUsers) expect(r.querySelector('button[aria-label^="Actions for"]'), r.textContent ?? '').to.not.equal(null);
    await expect(users).to.be.accessible();

    // Entra deactivates: the user is disabled in the account
    const deactivated = await scim(base, token, 'PATCH', `/Users/${userId}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(deactivated.status).to.be.oneOf([200, 204]);
    const users2 = await renderSection('fe-admin-users');
    await waitUntil(() => rowOf(users2, 'Ann Okta')?.textContent?.includes('Disabled'), 'disabled shown', SLOW);

    // the groups section: the pushed group, managed by SCIM: no edit or delete
    const groups = await renderSection('fe-admin-groups');
    await waitUntil(() => rowOf(groups, 'Entra Finance'), 'pushed group listed', SLOW);
    expect(rowOf(groups, 'Entra Finance')!.textContent).to.contain('Directory (SCIM)');
    const items = await openMenu(groups, rowOf(groups, 'Entra Finance')!.querySelector<HTMLElement>('button[aria-label^="Actions for"]')!);
    expect(items.map((i) => i.textContent)).to.deep.equal(['Manage members and roles']);
    await sendKeys({ press: 'Escape' });

    // the provisioning list: one user, one group, synced just now
    const list2 = await renderProvisioning();
    await waitUntil(() => rowNamed(list2, 'Okta production'), 'row', SLOW);
    const cells = [...rowNamed(list2, 'Okta production')!.querySelectorAll('td')].map((td) => td.textContent ?? '');
    expect(cells.slice(0, 4)).to.deep.equal(['Okta production', 'Okta', '1', '1']);
    expect(cells[4]).to.not.equal('Never');
    expect(cells[4]).to.match(/now|second|minute/);

    // its request log: every request, newest first, the refused create marked and explained
    list2.shadowRoot!.querySelector<HTMLAnchorElement>('a[aria-label="Request log of Okta production"]')!.click();
    await waitUntil(() => rowsOf(list2).length === 6, 'six requests', SLOW);
    const failed = [...root(list2).querySelectorAll('[data-failed]')];
    expect(failed.map((f) => f.textContent)).to.deep.equal(['⚠ 409 Failed']);
    const failedRow = failed[0].closest('tr')!;
    expect(failedRow.textContent).to.contain('POST');
    expect(failedRow.textContent).to.contain('/Users');
    expect(failedRow.textContent).to.match(/already|exists|unique/i);
    expect(root(list2).textContent).to.contain('userName eq "ann.okta@acme.test"');
    await expect(list2).to.be.accessible();

    // delete with its users and groups: they are gone from the account
    button(root(list2), 'All connections')!.click();
    await waitUntil(() => byLabel(root(list2), 'Delete Okta production'), 'list again', SLOW);
    byLabel(root(list2), 'Delete Okta production')!.click();
    await waitUntil(() => dialog(list2), 'confirm');
    expect(dialog(list2)!.textContent).to.contain('Also delete the 1 user and 1 group it pushed');
    dialog(list2)!.querySelector<HTMLInputElement>('input[name=deleteAll]')!.click();
    button(dialog(list2)!, 'Delete connection')!.click();
    await waitUntil(() => !dialog(list2), 'deleted', SLOW);
    const users3 = await renderSection('fe-admin-users');
    await waitUntil(() => rowsOf(users3).length > 0, 'users', SLOW);
    expect(rowOf(users3, 'Ann Okta')).to.equal(undefined);
    expect((await scim(base, token, 'GET', '/Users')).status).to.equal(401);
  });

  it('AB-7.53 AB-3.05 delete without “also delete”: the users it pushed stay in the account, now managed by this portal (their actions back)', async () => {
    const adminToken = await signIn(ADMIN);
    const { id, token } = await create(adminToken, 'Okta prod');
    const base = new URL((await list(adminToken)).find((c) => c.id === id)!.scimUrl).pathname;
    const pushed = await scim(base, token, 'POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: 'bo.kept@acme.test',
      name: { givenName: 'Bo', familyName: 'Kept' },
      active: true,
    });
    expect(pushed.status).to.equal(201);
    const users = await renderSection('fe-admin-users');
    await waitUntil(() => rowOf(users, 'Bo Kept')?.querySelector('[data-scim-managed]'), 'managed by SCIM', SLOW);

    const el = await renderProvisioning();
    await waitUntil(() => byLabel(root(el), 'Delete Okta prod'), 'row', SLOW);
    byLabel(root(el), 'Delete Okta prod')!.click();
    await waitUntil(() => dialog(el), 'confirm');
    expect(dialog(el)!.textContent).to.contain('Also delete the 1 user and 0 groups it pushed');
    button(dialog(el)!, 'Delete connection')!.click();
    await waitUntil(() => !dialog(el), 'deleted', SLOW);

    const after = await renderSection('fe-admin-users');
    await waitUntil(() => rowOf(after, 'Bo Kept')?.querySelector('button[aria-label="Actions for Bo Kept"]'), 'kept, with its actions', SLOW);
    expect(rowOf(after, 'Bo Kept')!.querySelector('[data-scim-managed]')).to.equal(null);
  });
});

describe('<fe-admin-provisioning> designed states (preview), light and dark', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });
  const states: [string, string | undefined, (el: HTMLElement) => unknown][] = [
    ['filled', undefined, (el) => rowsOf(el).length === 2 && shown(el, 'Okta production')],
    ['empty', undefined, (el) => shown(el, 'No provisioning connections yet.')],
    ['loading', undefined, (el) => root(el).querySelector('[role=status]')?.textContent?.includes('Loading…')],
    ['error', undefined, (el) => alertText(el).includes('Service temporarily unavailable')],
    ['readOnly', undefined, (el) => rowsOf(el).length === 2 && shown(el, 'You can view the connections.')],
    ['filled', 'delete', (el) => dialog(el)?.textContent?.includes('Also delete the 42 users and 5 groups it pushed')],
    ['filled', 'scim-okta', (el) => root(el).querySelector('[data-failed]')?.textContent?.includes('409 Failed')],
    ['filled', 'scim-entra', (el) => shown(el, 'No requests yet.')],
  ];
  for (const [scenario, sub, ready] of states) {
    it(`${scenario}${sub ? ` ${sub}` : ''} has no axe violations in the light and the dark scheme`, async () => {
      const el = await renderStory('provisioning', scenario, sub);
      await expectAccessibleWhen(el, ready, `${scenario} ${sub ?? ''}`);
      await emulateMedia({ colorScheme: 'dark' });
      await waitUntil(() => getComputedStyle(el).getPropertyValue('--fe-color-scheme').trim() === 'dark', 'dark tokens', SLOW);
      await expect(el).to.be.accessible();
    });
  }
  for (const state of Object.keys(adminScimConnectionStates) as (keyof typeof adminScimConnectionStates)[]) {
    if (state === 'closed') continue;
    it(`create-connection ${state} has no axe violations in the light and the dark scheme`, async () => {
      const el = await renderStory('provisioning', 'filled', 'create', { tag: 'fe-admin-scim-connection', state: adminScimConnectionStates[state] });
      await expectAccessibleWhen(el, (x) => dialog(x), state);
      await emulateMedia({ colorScheme: 'dark' });
      await waitUntil(() => getComputedStyle(el).getPropertyValue('--fe-color-scheme').trim() === 'dark', 'dark tokens', SLOW);
      await expect(el).to.be.accessible();
    });
  }
});
