/**
 * The audit log as an administrator meets it (issue 31 item 6), against the emulator: at 1280 px the table shows Time,
 * User, Action, Description, IP and Severity; at 390 px a row's Details button (keyboard) shows every field, the user
 * agent too; the action and user filters are pickers of the values present with partial match ("sso" offers and finds
 * the SSO actions); rows name their object, a SCIM connection's rows name it as their user, and a row without an actor
 * reads "System". The new states (the details, the open picker) have no axe violations, light and dark.
 */
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-audits.ts';
import '../../elements/fe-admin-portal.ts';
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { ADMIN_VIEWPORT, api, columnHeaders, dialog, renderSection, retype, root, rowsOf, signIn, SLOW } from './helpers.ts';

const SSO = '/frontegg/team/resources/sso/v1';
const SCIM_CONFIGS = '/frontegg/directory/resources/v1/configurations/scim2';

const renderAudits = () => renderSection('fe-admin-audits');
/** The rows whose text includes `words`. */
const rowsWith = (el: HTMLElement, words: string) => rowsOf(el).filter((r) => r.textContent?.includes(words));
/** The cell of `row` under the header `name`. */
function cellOf(el: HTMLElement, row: HTMLTableRowElement, name: string): HTMLElement | undefined {
  const index = columnHeaders(el).indexOf(name);
  return index < 0 ? undefined : (row.children[index] as HTMLElement);
}
/** The options of the open picker's list. */
const options = (el: HTMLElement) => [...root(el).querySelectorAll('[role=listbox] [role=option]')].map((o) => o.textContent);
/** The picker input of the filter `name` (action, user). */
const picker = (el: HTMLElement, name: string) => root(el).querySelector<HTMLInputElement>(`input[name=${name}]`)!;

/**
 * Writes rows an SSO and SCIM setup writes: an SSO group "engineering" (sso.group.created) by the admin, a SCIM
 * connection "Okta prod" (scim-connection.created) and a user it pushes (user.provisioned, by the connection).
 */
async function ssoAndScimRows(token: string) {
  const config = await api<{ id: string }>(token, 'POST', `${SSO}/configurations`, { type: 'saml', ssoEndpoint: 'https://idp.corp.test/sso', enabled: false });
  await api(token, 'POST', `${SSO}/configurations/${config.id}/groups`, { group: 'engineering', roleIds: [] });
  const conn = await api<{ id: string; token: string }>(token, 'POST', SCIM_CONFIGS, { source: 'okta', connectionName: 'Okta prod', syncToUserManagement: true });
  const pushed = await fetch(`/frontegg/scim/v2/${conn.id}/Users`, {
    method: 'POST',
    headers: { 'content-type': 'application/scim+json', authorization: `Bearer ${conn.token}` },
    body: JSON.stringify({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'jane.pushed@acme.test',
      emails: [{ value: 'jane.pushed@acme.test', primary: true }],
      active: true,
    }),
  });
  expect(pushed.status).to.equal(201);
}

/**
 * The whole portal on the audit log, in a host page with margins as the demo's (its navigation beside the section:
 * the width a section really has at 1280 px).
 */
async function renderPortalOnAudits(): Promise<HTMLElement> {
  history.replaceState(null, '', '#/admin/audits');
  const portal = document.createElement('fe-admin-portal');
  await fixture(html`<div style="padding: 0 32px"><fe-app base-url=${location.origin}>${portal}</fe-app></div>`);
  return portal;
}

/** Signs the admin in, writes the SSO and SCIM rows, and renders the log (`portal`: in the whole portal) once they show. */
async function renderWithRows(portal = false): Promise<HTMLElement> {
  await ssoAndScimRows(await signIn(ADMIN));
  const el = portal ? await renderPortalOnAudits() : await renderAudits();
  await waitUntil(() => rowsWith(el, 'user.provisioned').length > 0, 'rows', SLOW);
  return el;
}

/** No axe violation in the light scheme, then in the dark one. */
async function expectAccessibleLightAndDark(el: HTMLElement) {
  await expect(el).to.be.accessible();
  await emulateMedia({ colorScheme: 'dark' });
  await waitUntil(() => getComputedStyle(el).getPropertyValue('--fe-color-scheme').trim() === 'dark', 'dark tokens', SLOW);
  await expect(el).to.be.accessible();
}

describe('<fe-admin-audits> as an administrator meets it (issue 31 item 6)', () => {
  beforeEach(async () => {
    await resetEmulator();
    await emulateMedia({ colorScheme: 'light' });
    await setViewport(ADMIN_VIEWPORT);
  });
  after(async () => {
    await emulateMedia({ colorScheme: 'light' });
    await setViewport(ADMIN_VIEWPORT);
  });

  it('AB-2.03 at 1280 px in the portal: Time, User, Action, Description, IP and Severity; the description gives way first, the IP reads whole', async () => {
    const el = await renderWithRows(true);
    // the six, in order, and Json Data (the Details button); the user agent has left (it is in the details)
    expect(columnHeaders(el)).to.deep.equal(['Time', 'User', 'Action', 'Description', 'IP Address', 'Severity', 'Json Data']);
    const row = rowsWith(el, 'sso.group.created')[0];
    expect(cellOf(el, row, 'IP Address')!.textContent).to.match(/^[\d.:a-f]+$/);
    expect(cellOf(el, row, 'Severity')!.textContent).to.equal('Info');
    // the object is named, and the actor: the admin, the SCIM connection
    expect(cellOf(el, row, 'Description')!.textContent).to.equal('SSO group created: engineering');
    expect(cellOf(el, row, 'User')!.textContent).to.equal(ADMIN.email);
    const pushed = rowsWith(el, 'user.provisioned')[0];
    expect(cellOf(el, pushed, 'User')!.textContent).to.equal('SCIM: Okta prod');
    expect(cellOf(el, pushed, 'Description')!.textContent).to.equal('User provisioned: jane.pushed@acme.test');
    expect(cellOf(el, rowsWith(el, 'scim-connection.created')[0], 'Description')!.textContent).to.equal('SCIM connection created: Okta prod');
    // the IP cell shows its whole text (no ellipsis); the description is the column that is cut
    const ip = cellOf(el, row, 'IP Address')!;
    expect(ip.scrollWidth).to.be.at.most(ip.clientWidth + 1);
    const widths = columnHeaders(el).map((_, i) => (row.children[i] as HTMLElement).getBoundingClientRect().width);
    expect(
      widths.every((w) => w > 40),
      `every column has room: ${widths.join(', ')}`,
    ).to.equal(true);
  });

  it('AB-2.03 at 390 px a row’s Details, reached with the keyboard, shows every field: user, IP, severity, user agent and the JSON data', async () => {
    await setViewport({ width: 390, height: 844 });
    const el = await renderWithRows();
    // narrow: the user agent, the IP and the severity have left the table
    expect(columnHeaders(el)).to.not.include('IP Address');
    expect(columnHeaders(el)).to.not.include('User Agent');
    const details = rowsWith(el, 'sso.group.created')[0].querySelector<HTMLButtonElement>('button[aria-label^="View the details of"]')!;
    details.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el), 'details dialog', SLOW);
    const fields = Object.fromEntries([...dialog(el)!.querySelectorAll('dt')].map((dt) => [dt.textContent, (dt.nextElementSibling as HTMLElement).textContent]));
    expect(Object.keys(fields)).to.deep.equal(['Time', 'User', 'Action', 'Description', 'IP Address', 'Severity', 'User Agent']);
    expect(fields.User).to.equal(ADMIN.email);
    expect(fields.Action).to.equal('sso.group.created');
    expect(fields.Description).to.equal('SSO group created: engineering');
    expect(fields['IP Address']).to.match(/^[\d.:a-f]+$/);
    expect(fields.Severity).to.equal('Info');
    expect(fields['User Agent']).to.equal(navigator.userAgent);
    expect(dialog(el)!.querySelector('pre')!.textContent).to.contain('engineering');
    await expectAccessibleLightAndDark(el);
  });

  it('AB-3.52 the Action filter is a picker of the actions present: "sso" offers and finds the SSO actions; a choice filters by it', async () => {
    const el = await renderWithRows();
    await retype(picker(el, 'action'), 'sso');
    // the options of "s" and "ss" may show first while "sso" is asked for (a busy machine): wait for those of "sso"
    await waitUntil(() => options(el).join() === 'sso.configuration.created,sso.group.created', 'the SSO options', SLOW);
    // typed and not chosen: the log's rows whose action contains it
    await waitUntil(() => rowsOf(el).length === 2 && rowsOf(el).every((r) => /sso\.(configuration|group)\.created/.test(r.textContent!)), 'the SSO rows', SLOW);
    // the list closed (while it is open react-aria hides the rest of the page from assistive technology, by design)
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => options(el).length === 0, 'the list closed', SLOW);
    await expectAccessibleLightAndDark(el);
    // a choice: exactly that action
    await retype(picker(el, 'action'), 'scim');
    await waitUntil(() => options(el).join() === 'scim-connection.created', 'the SCIM options', SLOW);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => rowsOf(el).length === 1 && rowsOf(el)[0].textContent!.includes('scim-connection.created'), 'the chosen action', SLOW);
    expect(picker(el, 'action').value).to.equal('scim-connection.created');
  });

  it('AB-3.52 the User filter is a picker of the actors present: the SCIM connection by name; "okta" finds its rows; a choice filters by it', async () => {
    const el = await renderWithRows();
    await retype(picker(el, 'user'), 'okta');
    await waitUntil(() => options(el).join() === 'SCIM: Okta prod', 'the connection offered', SLOW);
    await waitUntil(() => rowsOf(el).length > 0 && rowsOf(el).every((r) => r.textContent!.includes('SCIM: Okta prod')), 'its rows', SLOW);
    await retype(picker(el, 'user'), 'admin@');
    await waitUntil(() => options(el).join() === ADMIN.email, 'the admin offered', SLOW);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => rowsOf(el).length > 0 && rowsOf(el).every((r) => r.textContent!.includes(ADMIN.email)), 'the admin’s rows', SLOW);
    expect(rowsWith(el, 'user.provisioned')).to.have.length(0);
  });
});
