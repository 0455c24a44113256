/**
 * The API side of entering a sub-account (issue 34 item 3; api-contract §F GetUserJwt, §2 "Authorization
 * (override)"), for the shell's acting code (src/admin/shell/enter-account.ts), which keeps to resources as every admin
 * view does: minting the account's token with the user's own session, the client that sends it, and the refusal test.
 */
import type { ApiClient } from '../../api/client.ts';
import { isFeApiError } from '../../api/errors.ts';
import { createSubTenantsApi, type UserJwt } from '../../api/sub-tenants.ts';
import { decodeClaims } from '../../auth/claims.ts';

export { scopedClient } from '../../api/scoped-client.ts';

/** A minted account token and when it expires (ms since the epoch). */
export interface AccountToken {
  token: string;
  expiresAt: number;
}

/** When a minted token expires, ms since the epoch: its `exp` claim, else the answer's `expiresIn`, else `expires`, else in 60 s. */
function expiryOf(jwt: UserJwt, now: number): number {
  try {
    const exp = decodeClaims(jwt.accessToken).exp;
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    // not a readable JWT: the answer's own figures
  }
  if (typeof jwt.expiresIn === 'number') return now + jwt.expiresIn * 1000;
  const at = jwt.expires ? Date.parse(jwt.expires) : NaN;
  return Number.isFinite(at) ? at : now + 60_000;
}

/**
 * `POST users/v3/me/token { tenantId }` with `client` (the user's own session): account `tenantId`'s token.
 * @throws FeApiError — 403 when the user may not act there ({@link isAccessRefused}), 401 without a session
 */
export async function mintAccountToken(client: ApiClient, tenantId: string): Promise<AccountToken> {
  const jwt = await createSubTenantsApi(client).getUserJwt(tenantId);
  return { token: jwt.accessToken, expiresAt: expiryOf(jwt, Date.now()) };
}

/** Whether `error` is the server's refusal of an account token (403: the user may not act there, or no longer). */
export function isAccessRefused(error: unknown): boolean {
  return isFeApiError(error) && error.statusCode === 403;
}
