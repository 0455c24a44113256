/**
 * Actors of the users section's flows (machines/admin-add-user.machine.ts, admin-bulk-invite.machine.ts), built on
 * the app's admin resources (src/admin/shell/flows.ts binds them): the add goes through the users resource (the new
 * user is prepended to the users page on screen).
 */
import { fromPromise } from 'xstate';
import type { TenantUser } from '../src/api/admin-types.ts';
import type { AddUserCall } from './admin-add-user.machine.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';

/** Actors of the add-user machine: the add prepends the user to the users page on screen. */
export function adminAddUserActors(resources: AdminResources) {
  return {
    addUser: fromPromise<TenantUser, AddUserCall>(({ input }) => resources.users.addUser.run(input)),
  };
}

/** Actors of the bulk-invite machine: each email is one add, prepended to the users page on screen. */
export function adminBulkInviteActors(resources: AdminResources) {
  return {
    inviteOne: fromPromise<unknown, { email: string; roleIds: string[] }>(({ input }) => resources.users.addUser.run({ user: { email: input.email, roleIds: input.roleIds } })),
  };
}
