/** The users section's flows (src/admin/shell/flows.ts): the only module of the section that binds machines to their actors. */
import { flow } from '../shell/flows.ts';
import { adminAddUserMachine } from '../../../machines/admin-add-user.machine.ts';
import { adminBulkInviteMachine } from '../../../machines/admin-bulk-invite.machine.ts';
import { adminBulkUsersMachine } from '../../../machines/admin-bulk-users.machine.ts';
import { adminAddUserActors, adminBulkInviteActors, adminBulkUsersActors } from '../../../machines/admin-users.actors.ts';

/** The addUser flow: its machine and its actors on the section's resources. */
export const addUserFlow = flow(adminAddUserMachine, adminAddUserActors);
/** The bulkInvite flow: its machine and its actors on the section's resources. */
export const bulkInviteFlow = flow(adminBulkInviteMachine, adminBulkInviteActors);
/** The bulkUsers flow (delete, disable or set the roles of the selected users): its machine and its actors. */
export const bulkUsersFlow = flow(adminBulkUsersMachine, adminBulkUsersActors);
