/** The provisioning section's flows (src/admin/shell/flows.ts): the only module of the section that binds machines to their actors. */
import { flow } from '../shell/flows.ts';
import { adminScimConnectionMachine } from '../../../machines/admin-scim-connection.machine.ts';
import { adminScimConnectionActors } from '../../../machines/admin-scim-connection.actors.ts';

/** The create-connection flow: its machine and its actors on the section's resources. */
export const scimConnectionFlow = flow(adminScimConnectionMachine, adminScimConnectionActors);
