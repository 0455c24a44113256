/**
 * Entering a sub-account (issue 34 item 3; api-contract §2 "Authorization (override)", §F GetUserJwt): the writer of
 * the acting state of ./acting.ts, with what it needs (the token client, the mint call), apart so that an admin element
 * that never enters an account does not load them.
 */
import type { FeApp } from '../../app/types.ts';
import { decodeClaims } from '../../auth/claims.ts';
import { isAccessRefused, mintAccountToken, scopedClient } from '../resources/account-token.ts';
import { createAdminResources, type AdminScope } from '../resources/index.ts';
import { actingStateOf, leaveAccount, NoAccessError, RENEW_BEFORE_MS, type ActingAccount } from './acting.ts';

export { leaveAccount, NoAccessError };

/** The permission keys of a token's `permissions` claim (strings or `{ key }`), or null when it has none. */
function permissionsOf(token: string): string[] | null {
  try {
    const claim = decodeClaims(token).permissions;
    if (!Array.isArray(claim)) return null;
    return claim.map((p: unknown) => (typeof p === 'string' ? p : typeof p === 'object' && p && 'key' in p ? String(p.key) : '')).filter(Boolean);
  } catch {
    return null;
  }
}

/**
 * Enters account `account` (issue 34 item 3): mints its token with the user's own session, then every admin element
 * of `app` shows that account (its resources and permission keys) under the "Acting in" banner, until
 * {@link leaveAccount}. Entering the user's own account leaves. Resolves with the account entered (null: back in the
 * own one).
 * @throws NoAccessError when the server refuses the token (403: the user may not act there); nothing is entered
 * @throws FeApiError for any other failure (network, 401 without a session); nothing is entered
 */
export async function enterAccount(app: Pick<FeApp, 'client' | 'stores'>, account: AdminScope): Promise<ActingAccount | null> {
  const state = actingStateOf(app);
  if (account.tenantId === app.stores.$session.get().user?.tenantId) {
    leaveAccount(app);
    return null;
  }
  const generation = ++state.generation;
  const mint = () => mintAccountToken(app.client, account.tenantId);
  let current: { token: string; expiresAt: number };
  try {
    current = await mint();
  } catch (error) {
    if (generation === state.generation) state.generation++;
    if (isAccessRefused(error)) throw new NoAccessError(account.name, { cause: error });
    throw error;
  }
  if (generation !== state.generation) return state.$account.get();
  // one renewal at a time; a renewal refused (the access was withdrawn) leaves the account
  let renewing: Promise<string> | null = null;
  const renew = () =>
    (renewing ??= mint().then(
      (fresh) => {
        renewing = null;
        current = fresh;
        return fresh.token;
      },
      (error: unknown) => {
        renewing = null;
        if (isAccessRefused(error) && state.$account.get()?.resources === resources) leaveAccount(app, 'ended');
        throw error;
      },
    ));
  const client = scopedClient(app.client, {
    token: () => (current.expiresAt - Date.now() < RENEW_BEFORE_MS ? renew() : Promise.resolve(current.token)),
    renew: (rejected) => (rejected === current.token ? renew() : Promise.resolve(current.token)),
  });
  const scope: AdminScope = { tenantId: account.tenantId, name: account.name };
  const resources = createAdminResources({ client }, scope);
  const own = app.stores.$session.get().user?.permissions?.map((p) => p.key) ?? [];
  const entered: ActingAccount = { ...scope, permissions: permissionsOf(current.token) ?? own, resources };
  state.$notice.set(null);
  state.$account.set(entered);
  return entered;
}
