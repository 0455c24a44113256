/**
 * The shell owns sub-routes (issue 30 item 2): in `<fe-admin-portal>`, the sub-page a URL names (`#/admin/sso/<id>`,
 * `#/admin/security/<tab>`, `#/admin/users/add` …) is the shell's, from one hash listener, with one history rule.
 * Against the emulator: a section opened by a click starts at its start (no stale sub-path of the page's first URL),
 * Back leaves a sub-page, and a deep link to a sub-page the user may not see (or that does not exist) lands on the
 * section's start with a note.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/fe-admin-portal.ts';
import type { SectionId } from '../../src/admin/shell/ids.ts';
import { matchSubRoute, placeOfHash, subPathOf } from '../../src/admin/shell/routes.ts';
import { resolveSubRoute, SECTIONS } from '../../src/admin/shell/sections.ts';
import type { SsoConfiguration } from '../../src/api/sso.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { api, dialog, renderSection, root, rowsOf, shown, signIn, signInAsReader, SLOW } from './helpers.ts';
import { openTab, tabOf } from './security-helpers.ts';
import { traverse } from '../helpers/history.ts';

const SSO = '/frontegg/team/resources/sso/v1';
const SCIM = '/frontegg/directory/resources/v1/configurations/scim2';
/** The note of a sub-page the user may not see (en-admin.ts `admin.notAvailable.subPage`). */
const NOTE = 'That page is not available here';

/** The navigation link of section `title`. */
const navLink = (el: HTMLElement, title: string) => [...root(el).querySelectorAll<HTMLAnchorElement>('nav[aria-label=Sections] a')].find((a) => a.textContent === title);

/** Clicks the navigation link of section `title` once the portal lists it. */
async function clickNav(el: HTMLElement, title: string): Promise<void> {
  await waitUntil(() => navLink(el, title), `nav link ${title}`, SLOW);
  navLink(el, title)!.click();
}

/** Whether the tab `label` is the selected one. */
const selected = (el: HTMLElement, label: string) => tabOf(el, label)?.getAttribute('aria-selected') === 'true';

/** An SSO connection made through the API. */
const ssoConnection = (token: string, host = 'idp.corp.test') =>
  api<SsoConfiguration>(token, 'POST', `${SSO}/configurations`, { type: 'saml', ssoEndpoint: `https://${host}/sso`, enabled: true });

/** Renders the portal as a page loaded on `hash` does (the URL before the portal's first render). */
async function portalAt(hash: string): Promise<HTMLElement> {
  history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  return renderSection('fe-admin-portal');
}

/** Every sub-path a section's links, stories and docs used before the registry declared them: each still opens. */
const LINKS_OF_BEFORE: Partial<Record<SectionId, string[]>> = {
  profile: ['password', 'email'],
  privacy: ['authenticator', 'sms', 'securityKey', 'revokeAll'],
  personalApiTokens: ['create', 'delete'],
  apiTokens: ['create', 'delete'],
  users: [
    'add',
    'bulk',
    'link',
    'pending',
    'bulk-delete',
    'bulk-disable',
    'bulk-roles',
    ...['roles', 'expiry', 'enable', 'disable', 'delete', 'revoke'].map((a) => `${a}:user-01`),
  ],
  groups: ['create', 'members', 'edit', 'delete', 'members:group-eng', 'edit:group-eng', 'delete:group-eng'],
  roles: ['add', 'permissions', 'edit:role-editor', 'delete:role-viewer', 'attach:perm-reports-read'],
  security: ['securityCenter', 'generalSettings', 'sessionManagement', 'ipRestrictions', 'domainRestrictions', 'ip-add', 'ip-bulk', 'ip-lockout'],
  sso: ['add', 'preview-sso-okta', '7c1e4f0a-2b3d-4e5f-8a9b-0c1d2e3f4a5b'],
  audits: ['json:audit-3'],
  provisioning: ['create', 'delete', 'scim-okta'],
};

describe('sub-route grammar (src/admin/shell/routes.ts, the registry’s routes)', () => {
  it('matches literal patterns before parameters, and `<action>:<id>` links by their literal prefix', () => {
    expect(matchSubRoute(SECTIONS.sso.routes, 'add')).to.include({ route: 'add' });
    expect(matchSubRoute(SECTIONS.sso.routes, 'abc-1')).to.deep.include({ route: ':id', params: { id: 'abc-1' } });
    expect(matchSubRoute(SECTIONS.users.routes, 'delete:user-01')).to.deep.include({ route: 'delete::userId', params: { userId: 'user-01' } });
    expect(matchSubRoute(SECTIONS.users.routes, 'shred:user-01')).to.equal(null);
    expect(matchSubRoute(SECTIONS.sso.routes, 'a/b')).to.equal(null);
    expect(matchSubRoute(SECTIONS.sso.routes, null)).to.equal(null);
    expect(matchSubRoute([{ path: ':id/logs', needs: 'read' }], 'x%20y/logs')).to.deep.include({ params: { id: 'x y' } });
  });

  it('writes a sub-path from a pattern and its parameters, and refuses a missing one', () => {
    expect(subPathOf('delete::userId', { userId: 'u 1' })).to.equal('delete:u%201');
    expect(subPathOf(':id/logs', { id: 'c1' })).to.equal('c1/logs');
    expect(() => subPathOf(':id')).to.throw(/needs the parameter id/);
  });

  it('reads section and sub-path of a hash', () => {
    expect(placeOfHash('#/admin/sso/abc')).to.deep.equal({ section: 'sso', sub: 'abc' });
    expect(placeOfHash('#/admin/sso/')).to.deep.equal({ section: 'sso', sub: null });
    expect(placeOfHash('#admin/users')).to.deep.equal({ section: 'users', sub: null });
    expect(placeOfHash('#top')).to.equal(null);
  });

  it('every sub-path of before still opens for an admin who holds every key', () => {
    for (const [id, subs] of Object.entries(LINKS_OF_BEFORE) as [SectionId, string[]][]) {
      for (const sub of subs) expect(resolveSubRoute(id, sub, ['fe.*']).match, `${id}/${sub}`).to.not.equal(null);
    }
  });

  it('a sub-path the user may not see, or that does not exist, is refused: the start, with a note', () => {
    const reader = ['fe.secure.read.users'];
    expect(resolveSubRoute('users', 'add', reader)).to.deep.equal({ match: null, refused: true });
    expect(resolveSubRoute('users', 'delete:u1', ['fe.secure.read.users', 'fe.secure.write.users']).refused).to.equal(true);
    expect(resolveSubRoute('users', 'pending', reader).match).to.deep.equal({ route: 'pending', params: {} });
    expect(resolveSubRoute('security', 'nope', ['fe.*'])).to.deep.equal({ match: null, refused: true });
    expect(resolveSubRoute('security', null, ['fe.*'])).to.deep.equal({ match: null, refused: false });
  });
});

describe('<fe-admin-portal> sub-routes (issue 30 item 2)', () => {
  beforeEach(async () => {
    await resetEmulator();
    // entries of this document behind the test's own, so a Back never leaves the test page (one that did would
    // interrupt the whole file: "the page navigated to about:blank"). Each at its own URL: the page watcher's history
    // (web-test-runner.config.mjs) showed three pushes of the same URL leaving no entry behind the test's own two,
    // and two Backs reaching the runner's about:blank
    history.replaceState(null, '', location.pathname + location.search);
    for (let i = 0; i < 3; i++) history.pushState(null, '', `${location.pathname}${location.search}#sub-routes-padding-${i}`);
  });

  it('first load on an SSO connection, then a click on Provisioning: its list, no "Request log" of the SSO id', async () => {
    const token = await signIn(ADMIN);
    const sso = await ssoConnection(token);
    await api(token, 'POST', SCIM, { source: 'okta', connectionName: 'Okta prod', syncToUserManagement: true });
    const portal = await portalAt(`#/admin/sso/${sso.id}`);
    await waitUntil(() => root(portal).querySelector('#fe-sso-connection-title')?.textContent === 'idp.corp.test', 'connection page', SLOW);
    await clickNav(portal, 'Provisioning');
    await waitUntil(() => rowsOf(portal).length === 1, 'the provisioning list', SLOW);
    expect(shown(portal, 'Request log')).to.equal(false);
    expect(shown(portal, 'Connection not found')).to.equal(false);
    expect(location.hash).to.equal('#/admin/provisioning');
  });

  it('first load on the security IP tab, then a click on SSO: the list, no "does not exist" note', async () => {
    const token = await signIn(ADMIN);
    const sso = await ssoConnection(token);
    const portal = await portalAt('#/admin/security/ipRestrictions');
    await waitUntil(() => selected(portal, 'IP restrictions'), 'the IP tab', SLOW);
    await clickNav(portal, 'SSO');
    await waitUntil(() => root(portal).querySelector(`[data-connection="${sso.id}"]`), 'the SSO list', SLOW);
    expect(shown(portal, 'That SSO connection does not exist')).to.equal(false);
    expect(location.hash).to.equal('#/admin/sso');
  });

  it('a sub-page is a history entry: Back from a connection’s page shows the list, Forward the page again', async () => {
    const token = await signIn(ADMIN);
    const sso = await ssoConnection(token);
    const portal = await portalAt('#/admin/sso');
    await waitUntil(() => root(portal).querySelector(`[data-connection="${sso.id}"]`), 'the SSO list', SLOW);
    root(portal).querySelector<HTMLAnchorElement>(`#fe-sso-card-${sso.id}`)!.click();
    await waitUntil(() => root(portal).querySelector('#fe-sso-connection-title'), 'connection page', SLOW);
    expect(location.hash).to.equal(`#/admin/sso/${sso.id}`);
    traverse(-1);
    await waitUntil(() => root(portal).querySelector(`[data-connection="${sso.id}"]`), 'back at the list', SLOW);
    expect(location.hash).to.equal('#/admin/sso');
    traverse(1);
    await waitUntil(() => root(portal).querySelector('#fe-sso-connection-title'), 'forward to the page', SLOW);
  });

  it('a tab is a history entry: Back from a security tab selects the tab before it', async () => {
    await signIn(ADMIN);
    const portal = await portalAt('#/admin/security');
    await waitUntil(() => selected(portal, 'Security center'), 'the first tab', SLOW);
    await openTab(portal, 'General settings');
    expect(location.hash).to.equal('#/admin/security/generalSettings');
    await openTab(portal, 'Session management');
    expect(location.hash).to.equal('#/admin/security/sessionManagement');
    traverse(-1);
    await waitUntil(() => selected(portal, 'General settings'), 'the tab before', SLOW);
    expect(location.hash).to.equal('#/admin/security/generalSettings');
    traverse(-1);
    await waitUntil(() => selected(portal, 'Security center'), 'the section’s start', SLOW);
  });

  it('Back from a section opened by a click leaves it for the sub-page the page showed before', async () => {
    const token = await signIn(ADMIN);
    const sso = await ssoConnection(token);
    const portal = await portalAt(`#/admin/sso/${sso.id}`);
    await waitUntil(() => root(portal).querySelector('#fe-sso-connection-title'), 'connection page', SLOW);
    await clickNav(portal, 'Security');
    await waitUntil(() => selected(portal, 'Security center'), 'security', SLOW);
    traverse(-1);
    await waitUntil(() => root(portal).querySelector('#fe-sso-connection-title'), 'the connection page again', SLOW);
  });

  it('a deep link to a sub-page a read-only admin may not see lands on the section’s start with a note', async () => {
    await signInAsReader();
    const portal = await portalAt('#/admin/users/add');
    await waitUntil(() => rowsOf(portal).length > 0, 'the users list', SLOW);
    await waitUntil(() => shown(portal, NOTE), 'the note', SLOW);
    expect(dialog(portal)).to.equal(null);
    await expect(portal).to.be.accessible();
    // a click on the section's own link starts it over, without the note
    await clickNav(portal, 'Users');
    await waitUntil(() => !shown(portal, NOTE), 'no note', SLOW);
  });

  it('a deep link to a sub-page that does not exist lands on the section’s start with a note', async () => {
    await signIn(ADMIN);
    const portal = await portalAt('#/admin/security/noSuchTab');
    await waitUntil(() => selected(portal, 'Security center'), 'the first tab', SLOW);
    await waitUntil(() => shown(portal, NOTE), 'the note', SLOW);
  });

  it('routing="none": sub-pages live in the element, the URL stays', async () => {
    const token = await signIn(ADMIN);
    const sso = await ssoConnection(token);
    history.replaceState(null, '', `${location.pathname}${location.search}#elsewhere`);
    const portal = await renderSection('fe-admin-portal', { attributes: { section: 'sso', routing: 'none' } });
    await waitUntil(() => root(portal).querySelector(`[data-connection="${sso.id}"]`), 'the SSO list', SLOW);
    root(portal).querySelector<HTMLAnchorElement>(`#fe-sso-card-${sso.id}`)!.click();
    await waitUntil(() => root(portal).querySelector('#fe-sso-connection-title'), 'connection page', SLOW);
    expect(location.hash).to.equal('#elsewhere');
  });
});
