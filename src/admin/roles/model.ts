/**
 * Pure helpers of the roles section (admin spec §3 "Role", "Permission", §6; AB-3.01–AB-3.03): who may change a
 * role, permissions grouped by category, and the dialog a deep link or story asks for. No React, no I/O.
 */
import type { Permission, PermissionCategory, Role } from '../../api/admin-types.ts';

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
 * The dialog of the section's `dialog` value (deep link `#/admin/roles/<dialog>`, stories): `add`, `permissions`
 * (the permissions tab), `edit:<roleId>`, `delete:<roleId>`, `attach:<permissionId>`; anything else: none.
 */
export function parseRolesDialog(value: string | undefined): RolesDialog | null {
  if (value === 'add' || value === 'permissions') return { kind: value };
  const m = /^(edit|delete|attach):(.+)$/.exec(value ?? '');
  if (!m) return null;
  if (m[1] === 'attach') return { kind: 'attach', permissionId: m[2] };
  return { kind: m[1] as 'edit' | 'delete', roleId: m[2] };
}
