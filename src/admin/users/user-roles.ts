/**
 * What the users table shows of a user's roles and of who manages the user (admin spec §2 "Users table columns", §6;
 * SI-3.10, AB-3.04): the roles given directly, then those given through the user's groups with the groups that give
 * them, and "This portal" or "SCIM" for `managedBy`. Pure: no React, no I/O.
 */
import type { Group, Role } from '../../api/admin-types.ts';

/** One role on a user's row: its id, its name, and the names of the groups that give it (empty: given directly). */
export interface ShownRole {
  id: string;
  name: string;
  via: string[];
}

/**
 * The roles a user holds, as the row shows them: the direct ones in `roleIds`' order, then each role given only
 * through the user's groups (`groupIds`), once, with the names of the groups that give it in the groups' order. A
 * role held both ways shows as direct. Names of roles not loaded are their ids.
 */
export function shownRoles(roleIds: readonly string[], groupIds: readonly string[], rolesById: ReadonlyMap<string, Role>, groups: readonly Group[]): ShownRole[] {
  const direct = new Set(roleIds);
  const nameOf = (id: string) => rolesById.get(id)?.name ?? id;
  const shown: ShownRole[] = [...direct].map((id) => ({ id, name: nameOf(id), via: [] }));
  const viaGroups = new Map<string, ShownRole>();
  const mine = new Set(groupIds);
  for (const group of groups) {
    if (!mine.has(group.id)) continue;
    for (const role of group.roles ?? []) {
      if (direct.has(role.id)) continue;
      const entry = viaGroups.get(role.id) ?? { id: role.id, name: rolesById.get(role.id)?.name ?? role.name, via: [] };
      entry.via.push(group.name);
      viaGroups.set(role.id, entry);
    }
  }
  return [...shown, ...viaGroups.values()];
}

/** The catalogue key of who manages a user (`managedBy`): SCIM for a directory-provisioned user, else this portal. */
export function managedByKey(managedBy: string | null | undefined): 'admin.users.managedBy.scim' | 'admin.users.managedBy.portal' {
  return managedBy === 'scim2' ? 'admin.users.managedBy.scim' : 'admin.users.managedBy.portal';
}

/**
 * Whether a user is managed by SCIM (`managedBy: 'scim2'`, pushed by an identity provider's provisioning connection;
 * AB-3.05 provider `scim2`): its roles, state and deletion are changed in the identity provider, not here.
 */
export function isScimUser(user: { managedBy?: string | null }): boolean {
  return user.managedBy === 'scim2';
}
