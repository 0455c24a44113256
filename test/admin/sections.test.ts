import { expect } from '@open-wc/testing';
import { SECTION_LOADERS } from '../../src/admin/shell/loaders.ts';
import {
  SECTION_IDS,
  SECTIONS,
  canOpen,
  fieldAppearance,
  fromMetadataNavigation,
  hashOf,
  holds,
  mergeOptions,
  sectionFromHash,
  tabAppearance,
  visibleSections,
} from '../../src/admin/shell/sections.ts';

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

  it('every built section has a chunk loader and every loader a built section (no dead links)', () => {
    const built = SECTION_IDS.filter((id) => SECTIONS[id].built);
    expect(Object.keys(SECTION_LOADERS).sort()).to.deep.equal([...built].sort());
  });

  it('SI-2.30 SI-2.32 default-visible sections show with their keys; allAccounts by permission; hidden ones stay hidden', () => {
    // with every key: the default-visible built sections only
    expect(visibleSections({}, ALL_READ)).to.deep.equal(['profile', 'privacy', 'account', 'users']);
    expect(visibleSections({}, [])).to.deep.equal(['profile', 'privacy']);
    expect(SECTIONS.allAccounts.permissions).to.deep.equal(['fe.account-hierarchy.read.subAccount']);
  });

  it('SI-6.01 each section is gated by its permission key from the spec', () => {
    expect(SECTIONS.users.permissions).to.deep.equal(['fe.secure.read.users']);
    expect(SECTIONS.roles.permissions).to.deep.equal(['fe.secure.read.roles']);
    expect(SECTIONS.groups.permissions).to.deep.equal(['fe.secure.read.groups']);
    expect(SECTIONS.personalApiTokens.permissions).to.deep.equal(['fe.secure.read.userApiTokens']);
    expect(SECTIONS.apiTokens.permissions).to.deep.equal(['fe.secure.read.tenantApiTokens']);
    expect(SECTIONS.account.permissions).to.deep.equal(['fe.secure.read.accountSettings']);
    expect(SECTIONS.usage.permissions).to.deep.equal(['fe.usage.read']);
    expect(SECTIONS.subscription.permissions).to.deep.equal(['fe.subscriptions.*']);
    const opts = { roles: { visibility: 'byPermissions' as const } };
    expect(visibleSections(opts, ['fe.secure.read.users'])).to.deep.equal(['profile', 'privacy', 'users']);
    expect(visibleSections(opts, ['fe.secure.read.roles'])).to.deep.equal(['profile', 'privacy', 'roles']);
  });

  it('wildcards: a granted fe.* holds every fe key; a required fe.subscriptions.* is held by any fe.subscriptions key', () => {
    expect(holds(new Set(['fe.*']), 'fe.secure.read.users')).to.equal(true);
    expect(holds(new Set(['fe.subscriptions.read']), 'fe.subscriptions.*')).to.equal(true);
    expect(holds(new Set(['fe.secure.read.roles']), 'fe.secure.read.users')).to.equal(false);
    expect(holds(new Set(['fe.secure.*']), 'fe.usage.read')).to.equal(false);
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
    expect(canOpen('security', {}, ALL_READ)).to.equal(false); // not built yet
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
