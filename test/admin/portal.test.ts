import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../elements/fe-admin-portal.ts';
import type { FeAdminSectionChangeEvent } from '../../src/events/admin.ts';
import { ADMIN, resetEmulator, setMetadata } from '../helpers/emulator.ts';
import { SECTIONS } from '../../src/admin/shell/sections.ts';
import { builtSectionTitles } from '../helpers/sections.ts';
import { renderSection, type SectionSetup, shown, signIn, signInWithoutRoles, SLOW } from './helpers.ts';
import { traverse } from '../helpers/history.ts';

/** Renders `<fe-admin-portal>` in `<fe-app>` against the emulator and waits until it shows its sections (or none). */
async function renderPortal(setup: SectionSetup = {}): Promise<HTMLElement> {
  const portal = await renderSection('fe-admin-portal', setup);
  await waitUntil(() => navItems(portal).length > 0 || portal.shadowRoot?.textContent?.includes('nothing here'), 'portal rendered', SLOW);
  return portal;
}

const navItems = (el: HTMLElement) => [...(el.shadowRoot?.querySelectorAll<HTMLAnchorElement>('nav[aria-label=Sections] a') ?? [])];
const navTexts = (el: HTMLElement) => navItems(el).map((a) => a.textContent);
const current = (el: HTMLElement) => navItems(el).find((a) => a.getAttribute('aria-current') === 'page')?.textContent;

describe('<fe-admin-portal> shell', () => {
  beforeEach(async () => {
    await resetEmulator();
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('SI-2.29 SI-2.30 SI-2.31 by default lists profile, privacy, account, users, security and audits; roles, groups and API tokens stay hidden; unbuilt sections are not listed', async () => {
    // a vendor whose metadata turns nothing on (the seeded vendor turns every section on: see below)
    await setMetadata({ navigation: {} });
    await signIn(ADMIN);
    const portal = await renderPortal();
    // the admin holds every key: each built section that is listed by default (the registry's defaultVisible)
    expect(navTexts(portal)).to.deep.equal(builtSectionTitles((id) => SECTIONS[id].defaultVisible));
    expect(navTexts(portal)).to.include.members(['Profile', 'Privacy & security', 'Account settings', 'Users', 'Security', 'Audit logs']);
    for (const hidden of ['Roles', 'Groups', 'API tokens', 'Personal API tokens', 'SSO', 'Provisioning']) expect(navTexts(portal)).not.to.include(hidden);
    for (const a of navItems(portal)) expect(a.getAttribute('href')).to.match(/^#\/admin\/[a-zA-Z]+$/);
  });

  it('SI-2.31 the seeded vendor turns every built section on, so the demo’s admin sees the whole portal; a host hides one with options.adminPortal', async () => {
    await signIn(ADMIN);
    const portal = await renderPortal();
    expect(navTexts(portal)).to.deep.equal(builtSectionTitles());
    expect(navTexts(portal)).to.include.members(['Personal API tokens', 'Groups', 'SSO', 'API tokens', 'Roles', 'Provisioning']);
    const hidden = await renderPortal({ adminPortal: { personalApiTokens: { visibility: 'hidden' }, groups: { visibility: 'hidden' } } });
    expect(navTexts(hidden)).to.deep.equal(builtSectionTitles((id) => id !== 'personalApiTokens' && id !== 'groups'));
  });

  it('SI-2.31 options.adminPortal turns hidden sections on (byPermissions) and a visible one off', async () => {
    await setMetadata({ navigation: {} });
    await signIn(ADMIN);
    const portal = await renderPortal({
      adminPortal: {
        roles: { visibility: 'byPermissions' },
        groups: { visibility: 'byPermissions' },
        apiTokens: { visibility: 'byPermissions' },
        account: { visibility: 'hidden' },
      },
    });
    const turnedOn = ['roles', 'groups', 'apiTokens'];
    expect(navTexts(portal)).to.deep.equal(builtSectionTitles((id) => (SECTIONS[id].defaultVisible && id !== 'account') || turnedOn.includes(id)));
    expect(navTexts(portal)).to.include.members(['Groups', 'API tokens', 'Roles']);
    expect(navTexts(portal)).not.to.include('Account settings');
  });

  it('SI-2.31 metadata navigation turns a section on; the host option wins over metadata', async () => {
    await setMetadata({ navigation: { roles: { visibility: 'always' }, groups: { visibility: 'always' } } });
    await signIn(ADMIN);
    const portal = await renderPortal({ adminPortal: { groups: { visibility: 'hidden' } } });
    expect(navTexts(portal)).to.include('Roles');
    expect(navTexts(portal)).not.to.include('Groups');
  });

  it('SI-6.01 a user without the permission keys sees only their own sections', async () => {
    await signInWithoutRoles({ email: 'plain@acme.test', password: 'Plain-Passw0rd!' });
    const portal = await renderPortal({ adminPortal: { roles: { visibility: 'byPermissions' } } });
    expect(navTexts(portal)).to.deep.equal(['Profile', 'Privacy & security']);
  });

  it('deep links: the URL hash opens a section, a click moves the hash and fires fe-admin-section-change, back returns', async () => {
    await signIn(ADMIN);
    history.replaceState(null, '', '#/admin/users');
    const portal = await renderPortal();
    await waitUntil(() => current(portal) === 'Users', 'users from the hash');
    const change = oneEvent(portal, 'fe-admin-section-change') as Promise<FeAdminSectionChangeEvent>;
    navItems(portal)
      .find((a) => a.textContent === 'Profile')!
      .click();
    const e = await change;
    expect(e.detail).to.deep.equal({ section: 'profile', previous: 'users' });
    expect(location.hash).to.equal('#/admin/profile');
    expect(current(portal)).to.equal('Profile');
    traverse(-1);
    await waitUntil(() => current(portal) === 'Users', 'back to users');
  });

  it('the section attribute chooses the section; one the user may not open is "not available", with a way back', async () => {
    await setMetadata({ navigation: {} });
    await signIn(ADMIN);
    const portal = await renderPortal({ attributes: { section: 'account', routing: 'none' } });
    await waitUntil(() => current(portal) === 'Account settings', 'account');
    portal.setAttribute('section', 'roles');
    await waitUntil(() => shown(portal, 'This section is not available'), 'roles is hidden: not available');
    expect(current(portal)).to.equal(undefined);
    expect(location.hash).to.equal('');
  });

  for (const [hash, why] of [
    ['#/admin/roles', 'hidden'],
    ['#/admin/nowhere', 'unknown'],
  ] as const) {
    it(`a deep link to a ${why} section (${hash}) says "This section is not available", keeps the URL, and links back`, async () => {
      // a vendor whose metadata turns nothing on: roles stays hidden (the seed's vendor turns it on)
      await setMetadata({ navigation: {} });
      await signIn(ADMIN);
      history.replaceState(null, '', hash);
      const portal = await renderPortal();
      await waitUntil(() => shown(portal, 'This section is not available'), 'not available', SLOW);
      expect(location.hash, 'the URL says where the admin is').to.equal(hash);
      expect(current(portal), 'no section marked current').to.equal(undefined);
      // no other section is shown instead (a section's heading is #fe-<section>-title)
      expect(portal.shadowRoot!.querySelector('[id^="fe-"][id$="-title"]'), 'no section heading').to.equal(null);
      await expect(portal).to.be.accessible();
      const back = [...portal.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent === 'Go to Profile')!;
      expect(back.getAttribute('href')).to.equal('#/admin/profile');
      back.click();
      await waitUntil(() => current(portal) === 'Profile', 'back to the first section');
      expect(location.hash).to.equal('#/admin/profile');
    });
  }

  it('a user without the roles permission who follows a link to roles sees "not available", not another section', async () => {
    await signInWithoutRoles();
    history.replaceState(null, '', '#/admin/roles');
    const portal = await renderPortal();
    await waitUntil(() => shown(portal, 'This section is not available') || shown(portal, 'nothing here'), 'not available', SLOW);
    expect(location.hash).to.equal('#/admin/roles');
  });

  it('signed out, the portal says to sign in', async () => {
    const portal = await renderSection('fe-admin-portal');
    await waitUntil(() => portal.shadowRoot && shown(portal, 'Sign in to manage your account.'), 'signed out state', SLOW);
  });

  it('has no axe violations, its current section marked at 4.5:1, in the light and the dark scheme (with the seed’s vendor theme)', async () => {
    await signIn(ADMIN);
    try {
      for (const colorScheme of ['light', 'dark'] as const) {
        await emulateMedia({ colorScheme });
        history.replaceState(null, '', '#/admin/profile');
        const portal = await renderPortal();
        await waitUntil(() => current(portal) === 'Profile', 'the current section', SLOW);
        const dark = () => getComputedStyle(portal).getPropertyValue('--fe-color-scheme').trim() === 'dark';
        await waitUntil(() => dark() === (colorScheme === 'dark'), `${colorScheme} scheme`, SLOW);
        await expect(portal).to.be.accessible();
      }
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });
});
