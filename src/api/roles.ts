/**
 * Roles and permissions (api-contract §J; admin spec §6, AB-7.16–AB-7.18). Calls send `frontegg-source:
 * admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';
import type { Permission, PermissionCategory, Role } from './admin-types.ts';

const ID = '/identity/resources';

/** Paths, without the `/{prefix}`. */
export const ROLES_PATHS = Object.freeze({
  rolesV1: `${ID}/roles/v1`,
  rolesV2: `${ID}/roles/v2`,
  permissions: `${ID}/permissions/v1`,
  categories: `${ID}/permissions/v1/categories`,
});

/** What a role is created or edited with (addRoleV2 / updateRole). */
export interface RoleInput {
  key: string;
  name: string;
  description?: string;
  isDefault?: boolean;
  permissionIds?: string[];
}

/** Creates the roles and permissions calls on top of `client`. */
export function createRolesApi(client: ApiClient) {
  const role = (id: string) => `${ROLES_PATHS.rolesV1}/${encodeURIComponent(id)}`;
  return {
    /** `GET roles/v1` (getRoles): the tenant's and the vendor's roles. */
    getRoles(o?: CallOptions): Promise<Role[]> {
      return client.get<Role[]>(ROLES_PATHS.rolesV1, adminOptions(o));
    },
    /** `GET permissions/v1` (getPermissions): every permission with its roles and assignment type. */
    getPermissions(o?: CallOptions): Promise<Permission[]> {
      return client.get<Permission[]>(ROLES_PATHS.permissions, adminOptions(o));
    },
    /** `GET permissions/v1/categories` (getPermissionCategories). */
    getCategories(o?: CallOptions): Promise<PermissionCategory[]> {
      return client.get<PermissionCategory[]>(ROLES_PATHS.categories, adminOptions(o));
    },
    /**
     * `POST roles/v2` with `{ key, name, description, isDefault, permissionIds }` (addRoleV2, AB-7.17).
     * @throws FeApiError — 409/400 when the key is taken
     */
    addRole(input: RoleInput, o?: CallOptions): Promise<Role> {
      return client.post<Role>(ROLES_PATHS.rolesV2, { ...input, permissionIds: input.permissionIds ?? [] }, adminOptions(o));
    },
    /** `PATCH roles/v1/{roleId}` with `{ key, name, description, isDefault }` (updateRole, AB-7.17). */
    updateRole(id: string, input: Omit<RoleInput, 'permissionIds'>, o?: CallOptions): Promise<Role> {
      return client.patch<Role>(role(id), input, adminOptions(o));
    },
    /** `DELETE roles/v1/{roleId}` (deleteRole, AB-7.17). */
    async deleteRole(id: string, o?: CallOptions): Promise<void> {
      await client.delete(role(id), undefined, adminOptions(o));
    },
    /** `PUT roles/v1/{roleId}/permissions` with `{ permissionIds }` (attachPermissionsToRole, AB-7.18): replaces the set. */
    setRolePermissions(id: string, permissionIds: readonly string[], o?: CallOptions): Promise<Role> {
      return client.put<Role>(`${role(id)}/permissions`, { permissionIds: [...permissionIds] }, adminOptions(o));
    },
    /** `PUT permissions/v1/{permissionId}/roles` with `{ roleIds }` (attachPermissionToRoles, AB-6.03): one permission to many roles. */
    attachPermissionToRoles(permissionId: string, roleIds: readonly string[], o?: CallOptions): Promise<Permission> {
      return client.put<Permission>(`${ROLES_PATHS.permissions}/${encodeURIComponent(permissionId)}/roles`, { roleIds: [...roleIds] }, adminOptions(o));
    },
  };
}

/** The roles calls of one client. */
export type RolesApi = ReturnType<typeof createRolesApi>;
