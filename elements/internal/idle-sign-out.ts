/**
 * `<fe-app>`'s idle sign-out (issue 22 item 2 "In the browser", SI-3.11): the tracker (src/app/idle.ts) with its
 * user interface: the warning dialog (elements/internal/idle-warning.tsx, loaded the first time it shows) and the
 * sign-out through the app's logout path (the refresh token revoked, every tab signed out), then `fe-logout` with
 * `{ reason: 'idle' }` on `<fe-app>`; and the other sign-outs the user did not ask for (src/app/signed-out.ts
 * `refusedBy`: a refresh refused for the session policy, a call refused for the address). Each is noted for the login
 * box (issue 31). Loaded by elements/internal/app-runtime.ts once a user is signed in.
 */
import type { FeApp } from '../../src/app/types.ts';
import { trackIdle, type IdleTracker } from '../../src/app/idle.ts';
import { FeLogoutEvent } from '../../src/events/session.ts';
import { noteSignOut, refusedBy } from '../../src/app/signed-out.ts';
import type { IdleWarningMount } from './idle-warning.tsx';

/**
 * Starts the idle sign-out of `app` under `root` (`<fe-app>`); tabs of the app share `key`.
 * @returns the tracker (its `stop()` ends it).
 */
export function startIdleSignOut(root: HTMLElement, app: FeApp, key: string): IdleTracker {
  let warning: Promise<IdleWarningMount> | undefined;
  // the latest request wins: a hide while the dialog's code loads is not undone by the show before it
  let wanted: number | null = null;
  const dialog = () =>
    (warning ??= import('./idle-warning.tsx').then((m) =>
      m.mountIdleWarning(root, app, {
        stay: () => tracker.stay(),
        signOut: () => void signOut({}),
      }),
    ));
  const apply = () =>
    void dialog().then(
      (d) => (wanted === null ? d.hide() : d.show(wanted)),
      (error: unknown) => app.logger.warn('idle warning not shown', error),
    );
  async function signOut(detail: { reason?: 'idle' }): Promise<void> {
    wanted = null;
    if (warning) apply();
    // an idle sign-out is noted: the login box says why and, after the next sign-in, returns here (issue 31)
    if (detail.reason) noteSignOut(key, detail.reason);
    await app.logout();
    root.dispatchEvent(new FeLogoutEvent(detail));
  }
  // the other sign-outs the user did not ask for: a refusal that ends the session is noted, one for the address signs out
  app.onRefused = (error) => void refusedBy(app, key, error)?.then(() => root.dispatchEvent(new FeLogoutEvent({ reason: 'ipRestricted' })));
  const tracker = trackIdle(app, key, {
    warn(secondsLeft) {
      wanted = secondsLeft;
      apply();
    },
    hide() {
      wanted = null;
      if (warning) apply();
    },
    timeout: () => signOut({ reason: 'idle' }),
  });
  return {
    ...tracker,
    stop() {
      if (app.onRefused) app.onRefused = undefined;
      tracker.stop();
    },
  };
}
