/**
 * Acting in a sub-account (issue 34 item 3; admin spec §3 "Tenant/account"; api-contract §2 "Authorization
 * (override)", §F GetUserJwt): the portal's one "acting in" state, per app, in a nanostore. Entering mints that
 * account's token (`POST users/v3/me/token { tenantId }`, sent with the user's own session) and gives every admin
 * element of the app the resources of that account: their client sends `Authorization: <jwt>` with no `Bearer`
 * (src/api/scoped-client.ts), their cache is their own. The signed-in user's session is not touched: leaving drops
 * the account's token and cache, and the elements read the user's own resources again.
 *
 * The token is minted again when it is about to expire ({@link RENEW_BEFORE_MS}) and when a call answers 401; a mint
 * refused then (the access was withdrawn) leaves the account with a note ({@link ActingNotice} `ended`). No token is
 * stored anywhere but in memory: a reload is back in the user's own account.
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { FeApp } from '../../app/types.ts';
import { decodeClaims } from '../../auth/claims.ts';
import { isFeApiError } from '../../api/errors.ts';
import { scopedClient } from '../../api/scoped-client.ts';
import { createSubTenantsApi, type UserJwt } from '../../api/sub-tenants.ts';
import { createAdminResources, type AdminResources, type AdminScope } from '../resources/index.ts';
import type { SectionId } from './ids.ts';

/** The sections the portal shows while acting in a sub-account: that account's settings, users, roles, audit logs and sub-accounts. */
export const ACTING_SECTIONS: readonly SectionId[] = ['account', 'users', 'roles', 'audits', 'allAccounts'];

/** A token is minted again when it has less than this left, ms. */
export const RENEW_BEFORE_MS = 30_000;

/** The account acted in: its id and name, the permission keys its token carries, and its resources. */
export interface ActingAccount extends AdminScope {
  /** The permission keys of the account's token (its claims, read, not verified: the server decides). */
  permissions: readonly string[];
  /** The account's resources: a cache of their own and a client that carries the account's token. */
  resources: AdminResources;
}

/** What the shell says once a change of account happened: back in the own account (`left`), or thrown out (`ended`). */
export interface ActingNotice {
  kind: 'left' | 'ended';
  /** The account that was left. */
  name: string;
}

/** The error of an account the user may not enter (the server's 403): nothing was entered. */
export class NoAccessError extends Error {
  override name = 'NoAccessError';
  /** @param account the account's name; `cause` the server's refusal */
  constructor(
    readonly account: string,
    options?: { cause?: unknown },
  ) {
    super(`No access to ${account}`, options);
  }
}

interface ActingState {
  $account: WritableAtom<ActingAccount | null>;
  $notice: WritableAtom<ActingNotice | null>;
  /** Counts the enters and leaves: a mint that answers after another change is dropped. */
  generation: number;
}

const states = new WeakMap<object, ActingState>();

function stateOf(app: Pick<FeApp, 'client'>): ActingState {
  let s = states.get(app);
  if (!s) states.set(app, (s = { $account: atom(null), $notice: atom(null), generation: 0 }));
  return s;
}

/** The account `app`'s admin elements act in, or null in the user's own account. */
export function actingAccount(app: Pick<FeApp, 'client'>): ReadableAtom<ActingAccount | null> {
  return stateOf(app).$account;
}

/** The shell's last note about a change of account (read by the banner's live region), null before one. */
export function actingNotice(app: Pick<FeApp, 'client'>): ReadableAtom<ActingNotice | null> {
  return stateOf(app).$notice;
}

/** When a minted token expires, ms since the epoch: its `exp` claim, else the answer's `expiresIn`, else `expires`. */
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
  const state = stateOf(app);
  if (account.tenantId === app.stores.$session.get().user?.tenantId) {
    leaveAccount(app);
    return null;
  }
  const api = createSubTenantsApi(app.client);
  const generation = ++state.generation;
  const mint = async () => {
    const jwt = await api.getUserJwt(account.tenantId);
    return { token: jwt.accessToken, expiresAt: expiryOf(jwt, Date.now()) };
  };
  let current: { token: string; expiresAt: number };
  try {
    current = await mint();
  } catch (error) {
    if (generation === state.generation) state.generation++;
    if (isFeApiError(error) && error.statusCode === 403) throw new NoAccessError(account.name, { cause: error });
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
        if (isFeApiError(error) && error.statusCode === 403 && state.$account.get()?.resources === resources) leaveAccount(app, 'ended');
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

/**
 * Leaves the account acted in (if any): its token and cache are dropped and the admin elements show the user's own
 * account again; `why` is what the banner's live region says (`left` by the user, `ended` when the access was
 * withdrawn). Also called by the shell when the session's user or tenant changes.
 */
export function leaveAccount(app: Pick<FeApp, 'client'>, why: ActingNotice['kind'] = 'left'): void {
  const state = stateOf(app);
  state.generation++;
  const was = state.$account.get();
  if (!was) return;
  state.$account.set(null);
  was.resources.query.forgetAll();
  state.$notice.set({ kind: why, name: was.name });
}
