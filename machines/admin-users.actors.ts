/**
 * Actors of the users section's flows (machines/admin-add-user.machine.ts, admin-bulk-invite.machine.ts), built on
 * the app's admin resources (src/admin/shell/flows.ts binds them): the add goes through the users resource (the new
 * user is prepended to the users page on screen).
 */
import { fromPromise } from 'xstate';
import type { TenantUser } from '../src/api/admin-types.ts';
import type { AddUserCall } from './admin-add-user.machine.ts';
import type { InviteOutcome } from './admin-bulk-invite.machine.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';

/** Actors of the add-user machine: the add prepends the user to the users page on screen. */
export function adminAddUserActors(resources: AdminResources) {
  return {
    addUser: fromPromise<TenantUser, AddUserCall>(({ input }) => resources.users.addUser.run(input)),
  };
}

/**
 * Actors of the bulk-invite machine: each email is checked, then invited unless it is a member or invited already
 * (`users.invite`); the pages are not edited one by one — the view refreshes the table once the run is over.
 */
export function adminBulkInviteActors(resources: AdminResources) {
  return {
    inviteOne: fromPromise<InviteOutcome, { email: string; roleIds: string[] }>(({ input }) => resources.users.invite.run(input)),
  };
}
