/** The subscription section's flows (src/admin/shell/flows.ts): the only module of the section that binds machines to their actors. */
import { flow } from '../shell/flows.ts';
import { adminCheckoutMachine } from '../../../machines/admin-checkout.machine.ts';
import { adminCheckoutActors } from '../../../machines/admin-checkout.actors.ts';

/** The checkout flow (./checkout/Checkout.tsx): its machine and its actors on the section's resources and app. */
export const checkoutFlow = flow(adminCheckoutMachine, adminCheckoutActors);
