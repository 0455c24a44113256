/**
 * Why a session ended without the user asking, and where they were (issue 31 item 1): an idle sign-out, a session
 * the server ended under the account's session policy, a call refused for the address under the account's IP
 * restrictions. `<fe-app>` notes it in the tab's `sessionStorage` (elements/internal/idle-sign-out.ts, loaded once a
 * user is signed in: the idle sign-out and {@link refusedBy}; the note survives the host's move to its login page,
 * even a full page load); the next `<fe-login-box>` takes it (machines/login-more.actors.ts `start`): its first step
 * says why and, after the sign-in, the user returns to where they were.
 *
 * Loaded on demand, never on a first-input path.
 */
import type { FeApp } from './types.ts';

/** Why the session ended: idle (the account's idle timeout), expired (forced re-login), ipRestricted (the address refused). */
export type SignOutReason = 'idle' | 'expired' | 'ipRestricted';

/** What the app notes at such a sign-out. */
export interface SignOutNote {
  reason: SignOutReason;
  /** The page's address then (path, query and hash, e.g. `/admin#/admin/security/sessionManagement`), same origin. */
  returnTo: string;
  /** When (ms since the epoch). */
  at: number;
}

/** A note older than this (ms) is stale: no reason shown, no return (one hour). */
export const SIGN_OUT_NOTE_TTL_MS = 3_600_000;

/** The `sessionStorage` key of the note of the app `key` (src/app/app.ts `sessionSyncKey`). */
export const signOutStorageKey = (key: string) => `fe-signed-out:${key}`;

/**
 * The reason of a refusal the server answers to a signed-in user's call or refresh, or null when the refusal is no
 * end of the session's right to go on: `Session has expired (idle timeout)` → idle; any other `Session has expired…`
 * (forced re-login, the refresh token's lifetime) → expired; 403 `IP address is not allowed` (`ER-IP-RESTRICTED`)
 * or `ip metadata not found` → ipRestricted.
 * @param error what the API client threw (src/api/errors.ts `FeApiError`; anything else → null)
 */
export function signOutReasonOf(error: unknown): SignOutReason | null {
  const e = error as { statusCode?: unknown; message?: unknown; errorCode?: unknown } | null;
  if (!e || typeof e.message !== 'string') return null;
  if (e.statusCode === 403 && (e.errorCode === 'ER-IP-RESTRICTED' || e.message === 'IP address is not allowed' || e.message === 'ip metadata not found')) return 'ipRestricted';
  if (e.statusCode === 401 && e.message.startsWith('Session has expired')) return e.message.includes('idle') ? 'idle' : 'expired';
  return null;
}

/**
 * Notes a sign-out for `reason` in this tab for the app `key`, with the page's address now (path, query, hash) as the
 * place to return to; without a reason drops any note. A later note replaces an earlier one; full or blocked storage
 * notes nothing (the login box then gives no reason).
 */
export function noteSignOut(key: string, reason: SignOutReason | null, now = Date.now()): void {
  try {
    if (!reason) return sessionStorage.removeItem(signOutStorageKey(key));
    const note: SignOutNote = { reason, returnTo: location.pathname + location.search + location.hash, at: now };
    sessionStorage.setItem(signOutStorageKey(key), JSON.stringify(note));
  } catch {
    // nothing noted
  }
}

/**
 * Takes (reads and drops: said once) the tab's note of the app `key`.
 * @returns the note, or null (none, stale, not a same-origin path, or storage blocked)
 */
export function takeSignOut(key: string, now = Date.now()): SignOutNote | null {
  try {
    const note = JSON.parse(sessionStorage.getItem(signOutStorageKey(key)) ?? 'null') as SignOutNote | null;
    sessionStorage.removeItem(signOutStorageKey(key));
    const path = note?.returnTo;
    const fresh = typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && now - note!.at < SIGN_OUT_NOTE_TTL_MS;
    return fresh && ['idle', 'expired', 'ipRestricted'].includes(note!.reason) ? note : null;
  } catch {
    return null;
  }
}

/**
 * `app.onRefused` while a user is signed in (set by elements/internal/idle-sign-out.ts): an error answer that ends
 * the session ({@link signOutReasonOf}) is noted at once, before the refresh or the call that met it clears the
 * session; a call refused for the address also signs out (the session is of no use from here: a clear signed-out
 * state with the reason, not every view failing on its own). Other errors, and any while signed out, pass.
 * @param key the app's key (src/app/app.ts `sessionSyncKey`)
 * @returns the sign-out for the address (settles once signed out), else undefined
 */
export function refusedBy(app: FeApp, key: string, error: unknown): Promise<void> | undefined {
  const reason = signOutReasonOf(error);
  if (!reason || !app.stores.$session.get().isAuthenticated || app.loggingOut) return;
  noteSignOut(key, reason);
  if (reason === 'ipRestricted') return app.logout();
}
