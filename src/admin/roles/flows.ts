/** The roles section's flows (src/admin/shell/flows.ts): the only module of the section that binds machines to their actors. */
import { flow } from '../shell/flows.ts';
import { adminEditRoleMachine } from '../../../machines/admin-edit-role.machine.ts';
import { adminEditRoleActors } from '../../../machines/admin-edit-role.actors.ts';

/** The editRole flow: its machine and its actors on the section's resources. */
export const editRoleFlow = flow(adminEditRoleMachine, adminEditRoleActors);
