/**
 * Canned data of the admin portal in preview (builder) mode (admin spec §1: "every server call is replaced by canned
 * demo data (demo roles: Read Only, Admin, Support, Editor, Viewer)"; AB-1.05). Plain values only; the preview
 * transport (./admin-routes.ts) answers the admin calls from here, and the stories render them.
 */
import type { AccountSettings, ApiToken, Group, MfaDevices, Page, Permission, PermissionCategory, Profile, Role, TenantUser, UserSession } from '../api/admin-types.ts';
import { PREVIEW_EMAIL, PREVIEW_TENANT } from './data.ts';

const T = PREVIEW_TENANT.tenantId;
const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString();

/** Permission categories of the demo. */
export const PREVIEW_CATEGORIES: PermissionCategory[] = [
  { id: 'cat-users', name: 'User management', feCategory: true, permissionIds: ['perm-users-read', 'perm-users-write', 'perm-users-delete'] },
  { id: 'cat-roles', name: 'Roles', feCategory: true, permissionIds: ['perm-roles-read', 'perm-roles-write'] },
  { id: 'cat-groups', name: 'Groups', feCategory: true, permissionIds: ['perm-groups-read', 'perm-groups-write'] },
  { id: 'cat-tokens', name: 'API tokens', feCategory: true, permissionIds: ['perm-tokens-read', 'perm-tokens-write'] },
  { id: 'cat-account', name: 'Account', feCategory: true, permissionIds: ['perm-account-read', 'perm-account-write'] },
  { id: 'cat-reports', name: 'Reports', feCategory: false, permissionIds: ['perm-reports-read', 'perm-reports-export'] },
];

const perm = (id: string, key: string, name: string, categoryId: string, assignmentType: Permission['assignmentType'] = 'ASSIGNABLE'): Permission => ({
  id,
  key,
  name,
  description: DESCRIPTIONS[id],
  categoryId,
  fePermission: key.startsWith('fe.'),
  assignmentType,
});

/** What each demo permission covers, written for people (as the emulator seeds Frontegg's own, AB-3.02). */
const DESCRIPTIONS: Record<string, string> = {
  'perm-users-read': 'See the account’s users, their roles and groups',
  'perm-users-write': 'Invite users, change their roles, enable and disable them',
  'perm-users-delete': 'Remove users from the account',
  'perm-roles-read': 'See the roles and the permissions they give',
  'perm-roles-write': 'Add, change and delete the account’s roles and their permissions',
  'perm-groups-read': 'See the groups, their members and their roles',
  'perm-groups-write': 'Add, change and delete groups, their members and their roles',
  'perm-tokens-read': 'See the account’s API tokens',
  'perm-tokens-write': 'Create and delete the account’s API tokens',
  'perm-account-read': 'See the account’s name, address, locale and logo',
  'perm-account-write': 'Change the account’s name, address, locale and logo',
  'perm-reports-read': 'See the reports of the account',
  'perm-reports-export': 'Download reports as files',
};

/** Permissions of the demo (ASSIGNABLE, plus one NEVER and one ALWAYS, AB-3.03). */
export const PREVIEW_PERMISSIONS: Permission[] = [
  perm('perm-users-read', 'fe.secure.read.users', 'Read users', 'cat-users', 'ALWAYS'),
  perm('perm-users-write', 'fe.secure.write.users', 'Edit users', 'cat-users'),
  perm('perm-users-delete', 'fe.secure.delete.users', 'Delete users', 'cat-users'),
  perm('perm-roles-read', 'fe.secure.read.roles', 'Read roles', 'cat-roles'),
  perm('perm-roles-write', 'fe.secure.write.roles', 'Edit roles', 'cat-roles'),
  perm('perm-groups-read', 'fe.secure.read.groups', 'Read groups', 'cat-groups'),
  perm('perm-groups-write', 'fe.secure.write.groups', 'Edit groups', 'cat-groups'),
  perm('perm-tokens-read', 'fe.secure.read.tenantApiTokens', 'Read API tokens', 'cat-tokens'),
  perm('perm-tokens-write', 'fe.secure.write.tenantApiTokens', 'Edit API tokens', 'cat-tokens'),
  perm('perm-account-read', 'fe.secure.read.accountSettings', 'Read account settings', 'cat-account'),
  perm('perm-account-write', 'fe.secure.write.accountSettings', 'Edit account settings', 'cat-account'),
  perm('perm-reports-read', 'reports.read', 'Read reports', 'cat-reports'),
  perm('perm-reports-export', 'reports.export', 'Export reports', 'cat-reports', 'NEVER'),
];

// tenantId: null = a built-in (vendor-level) role, read-only in the roles section; T = a role of the demo account
const role = (id: string, key: string, name: string, description: string, permissions: string[], isDefault = false, tenantId: string | null = null): Role => ({
  id,
  key,
  name,
  description,
  isDefault,
  permissions,
  tenantId,
  vendorId: 'preview-vendor',
  createdAt: at(0),
  updatedAt: at(0),
});

/** The demo roles (AB-1.05): Read Only, Admin, Support, Editor, Viewer. */
export const PREVIEW_ROLES: Role[] = [
  role(
    'role-admin',
    'Admin',
    'Admin',
    'Manages the whole account',
    PREVIEW_PERMISSIONS.filter((p) => p.assignmentType !== 'NEVER').map((p) => p.id),
  ),
  role('role-read-only', 'ReadOnly', 'Read Only', 'Sees everything, changes nothing', [
    'perm-users-read',
    'perm-roles-read',
    'perm-groups-read',
    'perm-tokens-read',
    'perm-account-read',
  ]),
  role('role-support', 'Support', 'Support', 'Helps users with their accounts', ['perm-users-read', 'perm-users-write'], false, T),
  role('role-editor', 'Editor', 'Editor', 'Edits content and reports', ['perm-users-read', 'perm-reports-read'], true, T),
  role('role-viewer', 'Viewer', 'Viewer', 'Reads reports', ['perm-users-read', 'perm-reports-read'], false, T),
];

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Margaret', 'Ken', 'Radia', 'Tim'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Backus', 'Hamilton', 'Thompson', 'Perlman', 'Berners-Lee'];
const ROLE_CYCLE = ['role-admin', 'role-editor', 'role-viewer', 'role-support', 'role-read-only'];

/** 24 demo users: the preview user first, then a mix of pending, disabled, locked, temporary and MFA-less users. */
export const PREVIEW_USERS: (TenantUser & { roleIds: string[]; groupIds: string[] })[] = Array.from({ length: 24 }, (_, i) => {
  const first = FIRST[i % FIRST.length];
  const last = LAST[(i * 5) % LAST.length];
  const email = i === 0 ? PREVIEW_EMAIL : `${first}.${last}${i > 11 ? i : ''}@preview.invalid`.toLowerCase();
  return {
    id: `user-${String(i).padStart(2, '0')}`,
    email,
    name: i === 0 ? 'Preview User' : `${first} ${last}`,
    verified: i % 7 !== 3,
    activatedForTenant: i % 7 !== 3,
    isDisabled: i % 9 === 5,
    mfaEnrolled: i % 3 === 0,
    isLocked: i === 4,
    provider: 'local',
    managedBy: i % 11 === 10 ? 'scim2' : 'frontegg',
    tenantId: T,
    tenantIds: [T],
    createdAt: at(i * 9),
    lastLogin: i % 4 === 2 ? null : at(i * 9 + 30),
    temporaryExpirationDate: i % 8 === 6 ? at(400) : null,
    roleIds: i === 0 ? ['role-admin'] : [ROLE_CYCLE[i % ROLE_CYCLE.length]],
    groupIds: i % 3 === 1 ? ['group-eng'] : i % 3 === 2 ? ['group-support'] : [],
  };
});

/** Demo groups (one managed by SCIM: read-only in the portal). */
export const PREVIEW_GROUPS: Group[] = [
  {
    id: 'group-eng',
    name: 'Engineering',
    color: '#4f46e5',
    description: 'Builds the product',
    managedBy: 'frontegg',
    roles: [PREVIEW_ROLES[3]],
    users: PREVIEW_USERS.filter((u) => u.groupIds.includes('group-eng')).map(({ id, email, name }) => ({ id, email, name })),
  },
  {
    id: 'group-support',
    name: 'Support',
    color: '#059669',
    description: 'Answers customers',
    managedBy: 'frontegg',
    roles: [PREVIEW_ROLES[2]],
    users: PREVIEW_USERS.filter((u) => u.groupIds.includes('group-support')).map(({ id, email, name }) => ({ id, email, name })),
  },
  { id: 'group-okta', name: 'Okta: Finance', color: '#d97706', description: 'Synced from the directory', managedBy: 'scim2', roles: [], users: [] },
];

/** The demo roles as the roles list answers them: each with how many demo users hold it, directly or through a group. */
export const PREVIEW_ROLES_LIST: Role[] = PREVIEW_ROLES.map((r) => ({
  ...r,
  usersCount: PREVIEW_USERS.filter((u) => u.roleIds.includes(r.id) || PREVIEW_GROUPS.some((g) => u.groupIds.includes(g.id) && g.roles?.some((gr) => gr.id === r.id))).length,
}));

/** Demo API tokens (no secrets: those are shown once, at creation). */
export const PREVIEW_TENANT_TOKENS: ApiToken[] = [
  { clientId: 'preview-client-ci', description: 'CI pipeline', createdAt: at(20), expires: null, roleIds: ['role-read-only'], tenantId: T },
  { clientId: 'preview-client-etl', description: 'Nightly export', createdAt: at(40), expires: at(400), roleIds: ['role-viewer'], tenantId: T },
];
export const PREVIEW_USER_TOKENS: ApiToken[] = [{ clientId: 'preview-client-cli', description: 'My laptop CLI', createdAt: at(60), expires: at(120) }];

/** The demo user's profile, sessions and MFA devices. */
export const PREVIEW_PROFILE: Profile = {
  id: 'user-00',
  email: PREVIEW_EMAIL,
  name: 'Preview User',
  phoneNumber: '+15555550100',
  jobTitle: 'Engineering manager',
  address: '1 Infinite Loop',
};
export const PREVIEW_SESSIONS: UserSession[] = [
  { id: 'session-current', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Chrome/131.0', ipAddress: '203.0.113.7', createdAt: at(300), current: true },
  { id: 'session-phone', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1', ipAddress: '198.51.100.23', createdAt: at(290), current: false },
];
export const PREVIEW_MFA_DEVICES: MfaDevices = {
  webauthn: [{ id: 'passkey-1', deviceType: 'Platform', name: 'MacBook Touch ID' }],
  phones: [],
  authenticators: [{ id: 'totp-1' }],
  emails: [],
};
export const PREVIEW_ACCOUNT_SETTINGS: AccountSettings = {
  tenantId: T,
  name: PREVIEW_TENANT.name,
  address: '500 Market St, San Francisco',
  timezone: 'America/Los_Angeles',
  dateFormat: 'MM/dd/yyyy',
  timeFormat: 'hh:mm a',
  currency: 'USD',
  website: 'https://preview.invalid',
};

/**
 * A users-v3 page of {@link PREVIEW_USERS}: offset and limit in rows, the email filter a case-insensitive substring,
 * `identifier` one exact email (any case), `status` `pending` only invitations not accepted yet.
 */
export function previewUsersPage(offset: number, limit: number, email = '', filters: { identifier?: string; status?: string } = {}): Page<TenantUser> {
  const identifier = filters.identifier?.toLowerCase();
  const all = PREVIEW_USERS.filter(
    (u) =>
      u.email.includes(email.toLowerCase()) &&
      (identifier === undefined || u.email === identifier) &&
      // `_status=pending`: invitations not accepted yet
      (filters.status !== 'pending' || !u.activatedForTenant),
  );
  return { items: all.slice(offset, offset + limit), _metadata: { totalItems: all.length, totalPages: Math.max(1, Math.ceil(all.length / limit)) } };
}
