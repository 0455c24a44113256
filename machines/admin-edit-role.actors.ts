/**
 * Actors of the add/edit role flow (machines/admin-edit-role.machine.ts), built on the app's roles resource: each
 * step is one of its mutations, which refetch the roles and permissions they change.
 */
import { fromPromise } from 'xstate';
import type { Role } from '../src/api/admin-types.ts';
import type { RoleInput } from '../src/api/roles.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';
import { createRolesResource } from '../src/admin/resources/roles.ts';

/** Actors of the edit-role machine. */
export function adminEditRoleActors(resources: AdminResources) {
  const roles = resources.use(createRolesResource);
  return {
    addRole: fromPromise<Role, RoleInput>(({ input }) => roles.addRole.run(input)),
    updateRole: fromPromise<Role, { id: string; fields: Omit<RoleInput, 'permissionIds'> }>(({ input }) => roles.updateRole.run(input)),
    setPermissions: fromPromise<Role, { id: string; permissionIds: string[] }>(({ input }) => roles.setRolePermissions.run(input)),
  };
}
