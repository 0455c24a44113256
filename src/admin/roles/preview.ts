/**
 * The roles section's canned answers in preview mode (`<fe-app preview>`, admin spec §1; AB-1.05): the demo account's
 * roles (src/preview/directory.ts: Read Only, Admin, Support, Editor, Viewer), each with its users counted, its
 * permissions (one NEVER, one ALWAYS, AB-3.03) and their categories, and the section's writes answered as if they
 * worked (nothing is kept).
 */
import type { PermissionCategory, Role } from '../../api/admin-types.ts';
import { PREVIEW_GROUPS, PREVIEW_PERMISSIONS, PREVIEW_ROLES, PREVIEW_USERS } from '../../preview/directory.ts';
import { writeWorks, type SectionPreviewRoutes } from '../../preview/section-routes.ts';

const R = '/identity/resources';

/** The section's API areas: a write there that has no answer of its own answers `{}`. */
const AREAS = [`${R}/roles/`, `${R}/permissions/`];

const ok = (body: unknown) => ({ status: 200, body });

/** Permission categories of the demo. */
const PREVIEW_CATEGORIES: PermissionCategory[] = [
  { id: 'cat-users', name: 'User management', feCategory: true, permissionIds: ['perm-users-read', 'perm-users-write', 'perm-users-delete'] },
  { id: 'cat-roles', name: 'Roles', feCategory: true, permissionIds: ['perm-roles-read', 'perm-roles-write'] },
  { id: 'cat-groups', name: 'Groups', feCategory: true, permissionIds: ['perm-groups-read', 'perm-groups-write'] },
  { id: 'cat-tokens', name: 'API tokens', feCategory: true, permissionIds: ['perm-tokens-read', 'perm-tokens-write'] },
  { id: 'cat-account', name: 'Account', feCategory: true, permissionIds: ['perm-account-read', 'perm-account-write'] },
  { id: 'cat-reports', name: 'Reports', feCategory: false, permissionIds: ['perm-reports-read', 'perm-reports-export'] },
];

/** The demo roles as the roles list answers them: each with how many demo users hold it, directly or through a group. */
const PREVIEW_ROLES_LIST: Role[] = PREVIEW_ROLES.map((r) => ({
  ...r,
  usersCount: PREVIEW_USERS.filter((u) => u.roleIds.includes(r.id) || PREVIEW_GROUPS.some((g) => u.groupIds.includes(g.id) && g.roles?.some((gr) => gr.id === r.id))).length,
}));

/** The roles section's reads and writes. */
export const previewRoles: SectionPreviewRoutes = (req) => {
  const { method: m, path: p } = req;
  if (m === 'GET') {
    if (p === `${R}/roles/v1`) return ok(PREVIEW_ROLES_LIST);
    if (p === `${R}/permissions/v1`) return ok(PREVIEW_PERMISSIONS.map((x) => ({ ...x, roleIds: PREVIEW_ROLES.filter((r) => r.permissions.includes(x.id)).map((r) => r.id) })));
    if (p === `${R}/permissions/v1/categories`) return ok(PREVIEW_CATEGORIES);
    return null;
  }
  if (m === 'POST' && p === `${R}/roles/v2`) return ok({ ...PREVIEW_ROLES[4], id: 'role-new', ...req.body, permissions: (req.body?.permissionIds as string[]) ?? [] });
  return writeWorks(req, AREAS);
};

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewRoles;
