/** The API tokens section's flows (src/admin/shell/flows.ts): the only module of the section that binds machines to their actors. */
import { flow } from '../shell/flows.ts';
import { adminCreateTokenMachine } from '../../../machines/admin-create-token.machine.ts';
import { adminCreateTokenActors } from '../../../machines/admin-create-token.actors.ts';

/** The createToken flow: its machine and its actors on the section's resources. */
export const createTokenFlow = flow(adminCreateTokenMachine, adminCreateTokenActors);
