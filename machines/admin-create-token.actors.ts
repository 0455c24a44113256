/**
 * Actors of the create-token flow (machines/admin-create-token.machine.ts), built on the app's admin resources: the
 * creation goes through the tokens resource (the token joins its cached list without its secret).
 */
import { fromPromise } from 'xstate';
import type { AdminResources } from '../src/admin/resources/index.ts';
import { createTokensResource, type CreatedToken } from '../src/admin/resources/tokens.ts';
import type { CreateTokenCall } from './admin-create-token.machine.ts';

/** Actors of the create-token machine: the token of the call's owner (user | tenant) and kind joins that list. */
export function adminCreateTokenActors(resources: AdminResources) {
  return {
    createToken: fromPromise<CreatedToken, CreateTokenCall>(({ input }) => resources.use(createTokensResource).create.run(input)),
  };
}
