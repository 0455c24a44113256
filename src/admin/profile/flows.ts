/** The profile section's flows (src/admin/shell/flows.ts): the only module of the section that binds machines to their actors. */
import { flow } from '../shell/flows.ts';
import { adminChangeEmailMachine } from '../../../machines/admin-change-email.machine.ts';
import { adminChangeEmailActors } from '../../../machines/admin-change-email.actors.ts';

/** The changeEmail flow: its machine and its actors on the section's resources. */
export const changeEmailFlow = flow(adminChangeEmailMachine, adminChangeEmailActors);
