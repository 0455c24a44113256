/**
 * Actors of the create-connection flow (machines/admin-scim-connection.machine.ts), built on the app's admin
 * resources: the creation goes through the provisioning resource (the connection joins its cached list; the token
 * comes back to the flow only).
 */
import { fromPromise } from 'xstate';
import type { AdminResources } from '../src/admin/resources/index.ts';
import { createProvisioningResource, type CreateScimConnectionRequest, type NewScimConnection } from '../src/admin/resources/provisioning.ts';

/** Actors of the create-connection machine. */
export function adminScimConnectionActors(resources: AdminResources) {
  return {
    createConnection: fromPromise<NewScimConnection, CreateScimConnectionRequest>(({ input }) => resources.use(createProvisioningResource).create.run(input)),
  };
}
