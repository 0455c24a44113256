/**
 * Acting in a sub-account (issue 34 item 3; admin spec §3 "Tenant/account"; api-contract §2 "Authorization
 * (override)", §F GetUserJwt): the portal's one "acting in" state, per app, in a nanostore (this module: what every
 * admin element reads, small; entering, with its token client, is ./enter-account.ts, loaded when used). Entering mints that
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
import type { AdminResources, AdminScope } from '../resources/index.ts';
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

/** The writable state of one app's acting (./enter-account.ts writes it; everything else reads {@link actingAccount}). */
export interface ActingState {
  $account: WritableAtom<ActingAccount | null>;
  $notice: WritableAtom<ActingNotice | null>;
  /** Counts the enters and leaves: a mint that answers after another change is dropped. */
  generation: number;
}

const states = new WeakMap<object, ActingState>();

/** The acting state of `app` (made on first use). For ./enter-account.ts: views read {@link actingAccount}. */
export function actingStateOf(app: Pick<FeApp, 'client'>): ActingState {
  let s = states.get(app);
  if (!s) states.set(app, (s = { $account: atom(null), $notice: atom(null), generation: 0 }));
  return s;
}

/** The account `app`'s admin elements act in, or null in the user's own account. */
export function actingAccount(app: Pick<FeApp, 'client'>): ReadableAtom<ActingAccount | null> {
  return actingStateOf(app).$account;
}

/** The shell's last note about a change of account (read by the banner's live region), null before one. */
export function actingNotice(app: Pick<FeApp, 'client'>): ReadableAtom<ActingNotice | null> {
  return actingStateOf(app).$notice;
}

/**
 * Leaves the account acted in (if any): its token and cache are dropped and the admin elements show the user's own
 * account again; `why` is what the banner's live region says (`left` by the user, `ended` when the access was
 * withdrawn). Also called by the shell when the session's user or tenant changes.
 */
export function leaveAccount(app: Pick<FeApp, 'client'>, why: ActingNotice['kind'] = 'left'): void {
  const state = actingStateOf(app);
  state.generation++;
  const was = state.$account.get();
  if (!was) return;
  state.$account.set(null);
  was.resources.query.forgetAll();
  state.$notice.set({ kind: why, name: was.name });
}
