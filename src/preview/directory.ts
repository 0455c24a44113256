/**
 * The preview's demo directory (admin spec §1: "every server call is replaced by canned demo data (demo roles: Read
 * Only, Admin, Support, Editor, Viewer)"; AB-1.05): the demo account's permissions, roles, users and groups, which
 * refer to one another (a group holds users and roles, a role counts its users). Several sections answer from it in
 * preview (`src/admin/<section>/preview.ts`: users, roles, groups, security), and a section never imports another, so
 * the shared data lives here; what only one section shows lives in that section's `preview.ts`. Plain values only.
 */
import type { Group, Permission, Role, TenantUser } from '../api/admin-types.ts';
import { PREVIEW_EMAIL, PREVIEW_TENANT } from './data.ts';

const T = PREVIEW_TENANT.tenantId;
/** The ISO time `days` days after 2026-01-01 (UTC): the demo data's dates. */
export const previewDay = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString();
const at = previewDay;

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
