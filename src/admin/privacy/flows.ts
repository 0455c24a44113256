/** The privacy section's flows (src/admin/shell/flows.ts): the only module of the section that binds machines to their actors. */
import { flow } from '../shell/flows.ts';
import { adminEnrollMfaMachine } from '../../../machines/admin-enroll-mfa.machine.ts';
import { adminEnrollMfaActors } from '../../../machines/admin-enroll-mfa.actors.ts';

/** The enrollMfa flow: its machine and its actors on the section's resources. */
export const enrollMfaFlow = flow(adminEnrollMfaMachine, adminEnrollMfaActors);
