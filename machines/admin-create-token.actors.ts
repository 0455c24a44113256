/**
 * Actors of the create-token flow (machines/admin-create-token.machine.ts), built on the app's admin resources: the
 * creation goes through the tokens resource (the token joins its cached list without its secret).
 */
import { fromPromise } from 'xstate';
import type { CreateTokenRequest } from '../src/api/admin-types.ts';
import type { AdminResources } from '../src/admin/resources/index.ts';
import type { CreatedToken, TokenOwner, TokenType } from '../src/admin/resources/tokens.ts';

/** Actors of the create-token machine for tokens of `owner` (user | tenant) and kind `type`. */
export function adminCreateTokenActors(resources: AdminResources, owner: TokenOwner, type: TokenType) {
  return {
    createToken: fromPromise<CreatedToken, CreateTokenRequest>(({ input }) => resources.tokens.create.run({ owner, type, body: input })),
  };
}
