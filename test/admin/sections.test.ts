import { expect } from '@open-wc/testing';
import { SECTION_IDS, fieldAppearance, tabAppearance } from '../../src/admin/shell/ids.ts';
import { SECTIONS, canDo, canOpen, fromMetadataNavigation, hashOf, mergeOptions, sectionFromHash, visibleSections } from '../../src/admin/shell/sections.ts';

const ALL_READ = Object.values(SECTIONS).flatMap((s) => s.permissions);

describe('admin navigation model (src/admin/shell/sections.ts)', () => {
  it('SI-2.29 has the 16 sections of the spec, in order', () => {
    expect(SECTION_IDS).to.deep.equal([
      'profile',
      'privacy',
      'personalApiTokens',
      'account',
      'users',
      'groups',
      'security',
      'sso',
      'audits',
      'webhooks',
      'apiTokens',
      'roles',
      'subscription',
      'allAccounts',
      'usage',
      'provisioning',
    ]);
  });

  it('the registry is the one list: a built section has its chunk and its texts in English, German and Hebrew', async () => {
    const built = SECTION_IDS.filter((id) => SECTIONS[id].built);
    // the identity sections of the spec are built (a section built later joins this test by its registry line)
    expect(built).to.include.members(['profile', 'privacy', 'personalApiTokens', 'account', 'users', 'groups', 'security', 'sso', 'audits', 'apiTokens', 'roles', 'provisioning']);
    for (const id of built) {
      const { load, messages } = SECTIONS[id];
      expect((await load!()).default, `${id}: its view`).to.be.a('function');
      const english = Object.keys(await messages!.loaders.en!()).sort();
      expect(english.length, `${id}: English texts`).to.be.greaterThan(0);
      for (const lang of ['de', 'he']) expect(Object.keys(await messages!.loaders[lang]!()).sort(), `${id}: ${lang} texts, every English key`).to.deep.equal(english);
    }
    // a section not built yet has neither: never listed, never linked
    for (const id of SECTION_IDS.filter((id) => !SECTIONS[id].built)) {
      expect(SECTIONS[id].load, `${id}: no chunk`).to.equal(undefined);
      expect(SECTIONS[id].messages, `${id}: no texts`).to.equal(undefined);
      expect(visibleSections({ [id]: { visibility: 'always' } }, ALL_READ), `${id}: never listed`).not.to.include(id);
      expect(canOpen(id, { [id]: { visibility: 'always' } }, ALL_READ), `${id}: never opened`).to.equal(false);
    }
  });

  it('SI-6.01 can(): read, write and delete by the registry keys, with the wildcard rule both ways', () => {
    const reader = ['fe.secure.read.users', 'fe.secure.read.roles'];
    expect(canDo('users', 'read', reader)).to.equal(true);
    expect(canDo('users', 'write', reader)).to.equal(false);
    expect(canDo('users', 'delete', [...reader, 'fe.secure.write.users'])).to.equal(false);
    expect(canDo('users', 'delete', ['fe.secure.delete.users'])).to.equal(true);
    expect(canDo('roles', 'write', ['fe.secure.*'])).to.equal(true);
    expect(canDo('account', 'delete', ['fe.secure.write.accountSettings'])).to.equal(true); // no delete keys of its own
    expect(canDo('subscription', 'read', ['fe.subscriptions.read.plans'])).to.equal(true);
    // a host's keys replace the read keys (navigation permissions override)
    expect(canDo('users', 'read', ['x.custom'], { users: { permissions: ['x.custom'] } })).to.equal(true);
  });

  it('SI-2.30 SI-2.32 default-visible sections show with their keys; allAccounts by permission; hidden ones stay hidden', () => {
    // the spec's default-visible sections; allAccounts is listed by permission, with no default switch
    expect(SECTION_IDS.filter((id) => SECTIONS[id].defaultVisible)).to.deep.equal(['profile', 'privacy', 'account', 'users', 'security', 'audits', 'allAccounts']);
    // with every key: the default-visible sections that are built, in navigation order
    expect(visibleSections({}, ALL_READ)).to.deep.equal(SECTION_IDS.filter((id) => SECTIONS[id].built && SECTIONS[id].defaultVisible));
    expect(visibleSections({}, ALL_READ)).to.include.members(['profile', 'privacy', 'account', 'users', 'security', 'audits']);
    expect(visibleSections({}, [])).to.deep.equal(['profile', 'privacy']);
    expect(SECTIONS.allAccounts.permissions).to.deep.equal(['fe.account-hierarchy.read.subAccount']);
  });

  it('SI-6.01 each section is gated by its permission key from the spec', () => {
    // the spec's table (sign-in §6): every other list of keys (NAVIGATION_PERMISSIONS, the emulator's seed) reads the registry's
    expect(Object.fromEntries(SECTION_IDS.map((id) => [id, SECTIONS[id].permissions]))).to.deep.equal({
      profile: [],
      privacy: [],
      personalApiTokens: ['fe.secure.read.userApiTokens'],
      account: ['fe.secure.read.accountSettings'],
      users: ['fe.secure.read.users'],
      groups: ['fe.secure.read.groups'],
      security: ['fe.secure.read.securityPolicy'],
      sso: ['fe.secure.read.samlConfiguration'],
      audits: ['fe.secure.read.audits'],
      webhooks: ['fe.connectivity.read.webhooks'],
      apiTokens: ['fe.secure.read.tenantApiTokens'],
      roles: ['fe.secure.read.roles'],
      subscription: ['fe.subscriptions.*'],
      allAccounts: ['fe.account-hierarchy.read.subAccount'],
      usage: ['fe.usage.read'],
      provisioning: ['fe.secure.read.provisioningConfiguration'],
    });
    const opts = { roles: { visibility: 'byPermissions' as const } };
    expect(visibleSections(opts, ['fe.secure.read.users'])).to.deep.equal(['profile', 'privacy', 'users']);
    expect(visibleSections(opts, ['fe.secure.read.roles'])).to.deep.equal(['profile', 'privacy', 'roles']);
  });

  it('SI-2.31 options and metadata navigation: always / byPermissions / hidden, the host over metadata', () => {
    const meta = fromMetadataNavigation({
      roles: { visibility: 'always' },
      users: { visibility: 'hidden' },
      nonsense: { visibility: 'always' },
      groups: { visibility: 'sometimes' },
    });
    expect(meta).to.deep.equal({
      roles: { visibility: 'always', permissions: undefined },
      users: { visibility: 'hidden', permissions: undefined },
      groups: { visibility: undefined, permissions: undefined },
    });
    const merged = mergeOptions({ users: { visibility: 'byPermissions' } }, meta);
    expect(visibleSections(merged, ['fe.secure.read.users'])).to.deep.equal(['profile', 'privacy', 'users', 'roles']);
    expect(canOpen('roles', merged, [])).to.equal(true);
    expect(canOpen('users', { users: { visibility: 'hidden' } }, ALL_READ)).to.equal(false);
  });

  it('SI-2.35 SI-2.36 field appearance hidden/viewOnly/edit and tab appearance hidden/edit, edit by default', () => {
    const o = mergeOptions({ profile: { fields: { address: 'viewOnly', jobTitle: 'hidden' } }, account: { tabs: { customLogin: 'hidden' } } }, {});
    expect(fieldAppearance(o, 'profile', 'address')).to.equal('viewOnly');
    expect(fieldAppearance(o, 'profile', 'jobTitle')).to.equal('hidden');
    expect(fieldAppearance(o, 'profile', 'name')).to.equal('edit');
    expect(tabAppearance(o, 'account', 'customLogin')).to.equal('hidden');
    expect(tabAppearance(o, 'account', 'settings')).to.equal('edit');
  });

  it('deep links: #/admin/<section> both ways; unknown sections are ignored', () => {
    expect(sectionFromHash(hashOf('roles'))).to.equal('roles');
    expect(sectionFromHash('#/admin/users/add')).to.equal('users');
    expect(sectionFromHash('#/admin/nothing')).to.equal(null);
    expect(sectionFromHash('#top')).to.equal(null);
  });
});
