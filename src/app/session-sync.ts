/**
 * Cross-tab announcements of one app's session (issue "Sessions across
 * tabs"), over a BroadcastChannel: a sign-in in one tab signs the other tabs
 * in, and a logout in one tab signs every tab out. (Refreshes need no
 * message: they run one at a time across tabs under a Web Lock in
 * src/app/app.ts, so a tab always refreshes with the cookie the previous
 * refresh rotated.)
 *
 * Loaded on demand by src/app/app.ts (not before the first input).
 */
import type { LoginResponse } from '../api/types.ts';

/** What tabs tell each other. */
type SyncMessage = { type: 'session'; response: LoginResponse } | { type: 'logout' };

export interface SessionSync {
  /** Tells the other tabs about a sign-in of this tab. */
  announceSession(response: LoginResponse): void;
  /** Tells the other tabs to sign out. */
  announceLogout(): void;
  close(): void;
}

/**
 * Creates the announcements of the app named `key` (tabs of the same app use
 * the same key). `on.session` runs when another tab signed in, `on.logout`
 * when another tab signed out.
 */
export function createSessionSync(key: string, on: { session(response: LoginResponse): void; logout(): void }): SessionSync {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`fe-session:${key}`);
  channel?.addEventListener('message', (e: MessageEvent<SyncMessage>) => {
    if (e.data?.type === 'session') on.session(e.data.response);
    else if (e.data?.type === 'logout') on.logout();
  });
  const post = (message: SyncMessage) => channel?.postMessage(message);
  return {
    announceSession: (response) => post({ type: 'session', response }),
    announceLogout: () => post({ type: 'logout' }),
    close: () => channel?.close(),
  };
}
