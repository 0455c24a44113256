/**
 * Pure helpers of the roles section (admin spec §3 "Role", "Permission", §6; AB-3.01–AB-3.03): who may change a
 * role, permissions grouped by category, and the dialog a deep link or story asks for. No React, no I/O.
 */
import type { Permission, PermissionCategory, Role } from '../../api/admin-types.ts';
import type { SubRoute } from '../shell/context.ts';

/** A vendor-level role (no tenant): the same for every account, read-only for a tenant admin (the server answers 403). */
export function isVendorRole(role: Pick<Role, 'tenantId'>): boolean {
  return !role.tenantId;
}

/** A category of the picker: its id (`''` for permissions of no known category), name and permissions by name. */
export interface PermissionGroup {
  id: string;
  name: string;
  permissions: Permission[];
}

/**
 * The permissions grouped by category (AB-3.02), categories in the server's order, then the permissions of no known
 * category under `otherName`; empty groups are left out, permissions sorted by name.
 */
export function groupPermissions(permissions: readonly Permission[], categories: readonly PermissionCategory[], otherName: string): PermissionGroup[] {
  const known = new Set(categories.map((c) => c.id));
  const byName = (a: Permission, b: Permission) => a.name.localeCompare(b.name);
  const groups = categories.map((c) => ({ id: c.id, name: c.name, permissions: permissions.filter((p) => p.categoryId === c.id).sort(byName) }));
  groups.push({ id: '', name: otherName, permissions: permissions.filter((p) => !p.categoryId || !known.has(p.categoryId)).sort(byName) });
  return groups.filter((g) => g.permissions.length > 0);
}

/**
 * The ids a role form starts with: the role's own, plus every ALWAYS permission (held by every role whatever is
 * stored, AB-3.03).
 */
export function initialPermissionIds(role: Role | undefined, permissions: readonly Permission[]): string[] {
  const always = permissions.filter((p) => p.assignmentType === 'ALWAYS').map((p) => p.id);
  return [...new Set([...(role?.permissions ?? []), ...always])];
}

/** What the section shows open: a dialog, or only the permissions tab. */
export type RolesDialog =
  { kind: 'add' } | { kind: 'edit'; roleId: string } | { kind: 'delete'; roleId: string } | { kind: 'attach'; permissionId: string } | { kind: 'permissions' };

/**
 * The dialog of the section's sub-route (issue 30 item 2; deep link `#/admin/roles/<sub-path>`, stories): `add`,
 * `permissions` (the permissions tab), `edit::roleId`, `delete::roleId`, `attach::permissionId`; anything else: none.
 */
export function parseRolesDialog({ route, params }: Pick<SubRoute, 'route' | 'params'>): RolesDialog | null {
  if (route === 'add' || route === 'permissions') return { kind: route };
  if (route === 'edit::roleId') return { kind: 'edit', roleId: params.roleId };
  if (route === 'delete::roleId') return { kind: 'delete', roleId: params.roleId };
  if (route === 'attach::permissionId') return { kind: 'attach', permissionId: params.permissionId };
  return null;
}
