/**
 * Actors of the users section's flows (machines/admin-add-user.machine.ts, admin-bulk-invite.machine.ts), built on
 * the app's admin resources: the add goes through the users resource (the new user is prepended to the page the
 * dialog was opened from).
 */
import { fromPromise } from 'xstate';
import type { AddUserRequest, TenantUser } from '../src/api/admin-types.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';

/** Actors of the add-user machine (the new user is prepended to the users page on screen). */
export function adminAddUserActors(resources: AdminResources) {
  return {
    addUser: fromPromise<TenantUser, AddUserRequest>(({ input }) => resources.users.addUser.run({ user: input })),
  };
}

/** Actors of the bulk-invite machine: each email is one add, prepended to the page on screen. */
export function adminBulkInviteActors(resources: AdminResources) {
  return {
    inviteOne: fromPromise<unknown, { email: string; roleIds: string[] }>(({ input }) => resources.users.addUser.run({ user: { email: input.email, roleIds: input.roleIds } })),
  };
}
