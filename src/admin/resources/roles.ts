/**
 * Roles and permissions as the portal reads and writes them (admin spec §3 "Role", "Permission", §6; AB-3.01–AB-3.03,
 * AB-6.02, AB-6.03, AB-7.16–AB-7.18): the tenant's roles, the permissions and their categories, and the writes of the
 * roles section. Every write invalidates the keys it changes: a role's permissions show in the permissions' `roleIds`,
 * a default role moves the flag off the others, and a deleted role leaves the users who held it.
 */
import type { Permission, PermissionCategory, Role } from '../../api/admin-types.ts';
import type { ApiClient } from '../../api/client.ts';
import { createRolesApi, type RoleInput } from '../../api/roles.ts';
import type { CacheTools, QueryContext } from './query.ts';
import { USERS_KEY } from './users.ts';

/** Cache keys of the roles area. */
export const ROLES_KEY = 'admin/roles';
export const PERMISSIONS_KEY = 'admin/permissions';
export const CATEGORIES_KEY = 'admin/permission-categories';

/** The fields of a role that `PATCH roles/v1/{roleId}` changes (no permissions). */
export type RoleFields = Omit<RoleInput, 'permissionIds'>;

/** A role as an item of the kit's checklist (src/admin/ui/checklist.tsx): its id, name and description. */
export function roleItem(role: Role): { key: string; label: string; description?: string | null } {
  return { key: role.id, label: role.name, description: role.description };
}

/** Roles and permissions go stale together: a role's permission set is also each permission's `roleIds`. */
function invalidateRolesAndPermissions(cache: CacheTools): void {
  cache.invalidate((k) => k === ROLES_KEY || k === PERMISSIONS_KEY);
}

/** Builds the roles resource of one app (its API from `client`); sections read it with `resources.use(createRolesResource)`. */
export function createRolesResource(q: QueryContext, client: ApiClient) {
  const roles = createRolesApi(client);
  return {
    /** Every role the tenant may assign (`GET roles/v1`), sorted by name. */
    $roles: q.createFetcherStore<Role[]>([ROLES_KEY], { fetcher: () => roles.getRoles().then((r) => [...r].sort((a, b) => a.name.localeCompare(b.name))) }),
    /** Every permission (`GET permissions/v1`). */
    $permissions: q.createFetcherStore<Permission[]>([PERMISSIONS_KEY], { fetcher: () => roles.getPermissions() }),
    /** Permission categories (`GET permissions/v1/categories`). */
    $categories: q.createFetcherStore<PermissionCategory[]>([CATEGORIES_KEY], { fetcher: () => roles.getCategories() }),

    /**
     * Creates a tenant role with its permissions in one call (`POST roles/v2`, AB-7.17); the roles and the
     * permissions' `roleIds` are refetched. @throws FeApiError — 409 when the key is taken, 400 for a NEVER permission
     */
    addRole: q.mutation<RoleInput, Role>(async (input, cache) => {
      const created = await roles.addRole(input);
      invalidateRolesAndPermissions(cache);
      return created;
    }),

    /**
     * Changes a tenant role's key, name, description or default flag (`PATCH roles/v1/{id}`, AB-7.17). Refetches the
     * roles (a new default takes the flag from the others). @throws FeApiError — 403 for a vendor-level role, 409 key taken
     */
    updateRole: q.mutation<{ id: string; fields: RoleFields }, Role>(async ({ id, fields }, cache) => {
      const saved = await roles.updateRole(id, fields);
      cache.invalidate((k) => k === ROLES_KEY);
      return saved;
    }),

    /**
     * Deletes a tenant role (`DELETE roles/v1/{id}`, AB-7.17): it leaves the cached list at once (after the server
     * agreed), then roles, permissions and the users pages (their role ids) are refetched. @throws FeApiError — 403
     * for a vendor-level role
     */
    deleteRole: q.mutation<{ id: string }>(async ({ id }, cache) => {
      await roles.deleteRole(id);
      cache.edit<Role[]>(ROLES_KEY, (list) => list.filter((r) => r.id !== id));
      invalidateRolesAndPermissions(cache);
      cache.invalidate((k) => k.startsWith(USERS_KEY));
    }),

    /**
     * Replaces a role's permission set (`PUT roles/v1/{id}/permissions`, AB-6.02, AB-7.18). ALWAYS permissions stay
     * whatever is sent; a NEVER one the role does not hold yet is refused. @throws FeApiError — 400, 403
     */
    setRolePermissions: q.mutation<{ id: string; permissionIds: readonly string[] }, Role>(async ({ id, permissionIds }, cache) => {
      const saved = await roles.setRolePermissions(id, permissionIds);
      invalidateRolesAndPermissions(cache);
      return saved;
    }),

    /**
     * Attaches one permission to many roles at once (`PUT permissions/v1/{id}/roles`, AB-6.03). Adds only: roles that
     * hold it keep it, roles not listed are left as they are. @throws FeApiError — 400 NEVER, 403 vendor-level role
     */
    attachPermissionToRoles: q.mutation<{ permissionId: string; roleIds: readonly string[] }, Permission>(async ({ permissionId, roleIds }, cache) => {
      const saved = await roles.attachPermissionToRoles(permissionId, roleIds);
      invalidateRolesAndPermissions(cache);
      return saved;
    }),
  };
}

/** The roles resource of one app. */
export type RolesResource = ReturnType<typeof createRolesResource>;
