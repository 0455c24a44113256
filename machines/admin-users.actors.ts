/**
 * Actors of the users section's flows (machines/admin-add-user.machine.ts, admin-bulk-invite.machine.ts), built on
 * the app's admin resources: the add goes through the users resource (the new user is prepended to the page the
 * dialog was opened from).
 */
import { fromPromise } from 'xstate';
import type { AddUserRequest, TenantUser } from '../src/api/admin-types.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';

/** Actors of the add-user machine; `pageKey` is the cache key of the page on screen when the dialog opened. */
export function adminAddUserActors(resources: AdminResources, pageKey: string) {
  return {
    addUser: fromPromise<TenantUser, AddUserRequest>(({ input }) => resources.users.addUser.run({ key: pageKey, user: input })),
  };
}

/** Actors of the bulk-invite machine: each email is one add, prepended to the page on screen. */
export function adminBulkInviteActors(resources: AdminResources, pageKey: string) {
  return {
    inviteOne: fromPromise<unknown, { email: string; roleIds: string[] }>(({ input }) =>
      resources.users.addUser.run({ key: pageKey, user: { email: input.email, roleIds: input.roleIds } }),
    ),
  };
}
