/**
 * Actors of the users section's flows (machines/admin-add-user.machine.ts, admin-bulk-invite.machine.ts,
 * admin-bulk-users.machine.ts), built on
 * the app's admin resources (src/admin/shell/flows.ts binds them): the add goes through the users resource (the new
 * user is prepended to the users page on screen).
 */
import { fromPromise } from 'xstate';
import type { TenantUser } from '../src/api/admin-types.ts';
import type { AddUserCall } from './admin-add-user.machine.ts';
import type { InviteOutcome } from './admin-bulk-invite.machine.ts';
import type { ApplyOneInput } from './admin-bulk-users.machine.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';
import { createUsersResource } from '../src/admin/resources/users.ts';

/** Actors of the add-user machine: the add prepends the user to the users page on screen. */
export function adminAddUserActors(resources: AdminResources) {
  return {
    addUser: fromPromise<TenantUser, AddUserCall>(({ input }) => resources.use(createUsersResource).addUser.run(input)),
  };
}

/**
 * Actors of the bulk-invite machine: each email is checked, then invited unless it is a member or invited already
 * (`users.invite`); the pages are not edited one by one — the view refreshes the table once the run is over.
 */
export function adminBulkInviteActors(resources: AdminResources) {
  return {
    inviteOne: fromPromise<InviteOutcome, { email: string; roleIds: string[] }>(({ input }) => resources.use(createUsersResource).invite.run(input)),
  };
}

/**
 * Actors of the bulk users machine: each user through the users resource's own mutation (delete removes the row,
 * disable marks it, a role change sets the roles), so the table follows each step; the view refreshes it at the end.
 */
export function adminBulkUsersActors(resources: AdminResources) {
  const users = resources.use(createUsersResource);
  return {
    applyOne: fromPromise<void, ApplyOneInput>(({ input }) =>
      input.action === 'delete'
        ? users.deleteUser.run({ userId: input.userId })
        : input.action === 'disable'
          ? users.setDisabled.run({ userId: input.userId, disabled: true })
          : input.action === 'unlock'
            ? users.unlock.run({ userId: input.userId })
            : users.setRoles.run({ userId: input.userId, roleIds: input.roleIds }),
    ),
  };
}
