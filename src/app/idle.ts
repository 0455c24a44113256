/**
 * Idle sign-out (issue 22 item 2 "In the browser"; SI-3.11 `idleSessionTimeout`): after the account's idle session
 * timeout without activity in any tab of the app, the session ends; a warning shows one minute before.
 *
 * - The timeout: `GET …/configurations/sessions/v1/me` (the emulator's route for any signed-in user), fetched after
 *   sign-in and on each new session (each new access token: sign-in, refresh, tenant switch). A failed fetch is
 *   swallowed: no idle sign-out.
 * - Activity: `pointerdown`, `keydown`, `wheel`, `scroll` and the tab becoming visible again, throttled
 *   ({@link ACTIVITY_THROTTLE_MS}); nothing listens to `mousemove`. Shared with the other tabs of the same app (same
 *   origin and key: `name`, else client id, else base URL) over a BroadcastChannel; without one, each tab counts its
 *   own.
 * - The server's idle clock: the emulator refuses a refresh past the idle time since the previous one, so local
 *   activity refreshes the session once it is older than half the timeout, and "Stay signed in" refreshes at once.
 * - Timers: one `setTimeout` at a time, its deadline computed from the last activity ({@link idleClock}); during the
 *   warning one per second for the countdown. Nothing ticks otherwise.
 * - At the timeout the tab holding the Web Lock signs out (`ui.timeout()`, the app's logout path); the other tabs
 *   hear the logout through src/app/session-sync.ts.
 *
 * Loaded on demand by `<fe-app>` (elements/internal/app-runtime.ts) once a user is signed in.
 */
import type { FeApp } from './types.ts';

/** Path of the idle timeout for the signed-in user (emulator addition, emulator/README.md). */
export const SESSION_IDLE_POLICY_PATH = '/identity/resources/configurations/sessions/v1/me';

/** The warning shows this long (ms) before the idle sign-out: one minute (issue 22 item 2 "In the browser"; SI-3.11). */
export const IDLE_WARNING_MS = 60_000;

/** Local activity counts at most once per this many ms (and is told to the other tabs at most that often). */
export const ACTIVITY_THROTTLE_MS = 1_000;

/** DOM events that count as activity (captured on `window`, passive). `visibilitychange` counts only when the tab becomes visible. */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'scroll', 'visibilitychange'] as const;

/**
 * The tracker's time source: wall-clock milliseconds and one-shot timers. Tests and stories may replace its members
 * (a fake clock); the app's other timers are untouched.
 */
export const idleClock = {
  now: (): number => Date.now(),
  setTimeout: (run: () => void, ms: number): unknown => globalThis.setTimeout(run, ms),
  clearTimeout: (id: unknown): void => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** The account's idle policy as the API gives it; `timeout` in seconds. */
export interface SessionIdlePolicy {
  sessionIdleTimeoutConfiguration?: { isActive?: boolean; timeout?: number } | null;
}

/** What the tracker asks of its user interface (`<fe-app>`: the warning dialog and the sign-out). */
export interface IdleUi {
  /** Shows (or updates) the warning: `secondsLeft` whole seconds until the sign-out. Called at most once a second. */
  warn(secondsLeft: number): void;
  /** Hides the warning (activity, a new session, or the session ended). */
  hide(): void;
  /** The idle timeout passed in this tab: sign out through the app's logout path. */
  timeout(): Promise<void>;
}

/** A running tracker. */
export interface IdleTracker {
  /** "Stay signed in": counts as activity in every tab, and refreshes the session so the server's idle clock resets too. */
  stay(): void;
  /** Stops listening and clears the timers (the element disconnected). */
  stop(): void;
}

type IdleMessage = { type: 'activity' };

/**
 * When the warning shows, in ms after the last activity: {@link IDLE_WARNING_MS} before the timeout, but never in
 * the first half of a timeout shorter than two minutes.
 */
export function warningAfterMs(timeoutMs: number): number {
  return Math.max(timeoutMs - IDLE_WARNING_MS, timeoutMs / 2);
}

/**
 * Starts the idle tracker of `app` (its tabs share `key`, the same key as src/app/session-sync.ts).
 * @returns the tracker; `stop()` ends it.
 */
export function trackIdle(app: FeApp, key: string, ui: IdleUi): IdleTracker {
  const { stores, logger } = app;
  let timeoutMs = 0;
  let lastActivity = idleClock.now();
  let lastBroadcast = 0;
  /** When the current session (access token) began: a refresh resets the server's idle clock. */
  let sessionAt = lastActivity;
  let warning = false;
  let timer: unknown;
  let policyToken: string | null = null;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`fe-idle:${key}`);

  const clear = () => {
    idleClock.clearTimeout(timer);
    timer = undefined;
  };
  const hide = () => {
    if (!warning) return;
    warning = false;
    ui.hide();
  };

  /** Sets the one timer: the warning, the next countdown second, or the sign-out. */
  function schedule(): void {
    clear();
    if (!timeoutMs || !stores.$session.get().isAuthenticated) return hide();
    const idleFor = idleClock.now() - lastActivity;
    if (idleFor >= timeoutMs) return void signOut();
    const warnAfter = warningAfterMs(timeoutMs);
    if (idleFor < warnAfter) {
      hide();
      timer = idleClock.setTimeout(schedule, warnAfter - idleFor);
      return;
    }
    const leftMs = timeoutMs - idleFor;
    warning = true;
    ui.warn(Math.ceil(leftMs / 1000));
    // the next whole second of the countdown (or the deadline itself)
    timer = idleClock.setTimeout(schedule, leftMs % 1000 || 1000);
  }

  function signOut(): void {
    hide();
    const run = async () => {
      if (stores.$session.get().isAuthenticated) await ui.timeout();
    };
    // one tab signs out; the others hear its logout (session-sync) and end their sessions as a remote sign-out
    const locks = globalThis.navigator?.locks;
    void (locks ? locks.request(`fe-idle:${key}`, { ifAvailable: true }, (lock) => (lock ? run() : undefined)) : run()).catch((error: unknown) =>
      logger.warn('idle sign-out failed', error),
    );
  }

  /**
   * Activity now. `local` (this tab's): told to the other tabs (at most once per throttle period), and when the
   * session is older than half the idle timeout it is refreshed, so the server (which refuses a refresh past the idle
   * time since the last one) keeps an active user's session too.
   */
  function activity(local: boolean): void {
    const now = idleClock.now();
    lastActivity = now;
    if (local && now - lastBroadcast >= ACTIVITY_THROTTLE_MS) {
      lastBroadcast = now;
      channel?.postMessage({ type: 'activity' } satisfies IdleMessage);
    }
    if (local && now - sessionAt >= timeoutMs / 2) {
      sessionAt = now;
      void app.refresh();
    }
    schedule();
  }

  const onEvent = (event: Event) => {
    // during the warning only its buttons (or another tab) count; clicks and keys in the dialog are no consent
    if (!timeoutMs || warning) return;
    if (event.type === 'visibilitychange' && document.visibilityState !== 'visible') return;
    const idleFor = idleClock.now() - lastActivity;
    if (idleFor < ACTIVITY_THROTTLE_MS) return;
    // past the deadline (a background tab's timer runs late): coming back is no activity, the sign-out is due
    if (idleFor >= timeoutMs) return schedule();
    activity(true);
  };
  const onMessage = (e: MessageEvent<IdleMessage>) => {
    if (e.data?.type === 'activity' && timeoutMs) activity(false);
  };

  let listening = false;
  function listen(on: boolean): void {
    if (on === listening) return;
    listening = on;
    const options = { capture: true, passive: true };
    for (const type of ACTIVITY_EVENTS) {
      const target = type === 'visibilitychange' ? document : window;
      if (on) target.addEventListener(type, onEvent, options);
      else target.removeEventListener(type, onEvent, options);
    }
    if (on) channel?.addEventListener('message', onMessage);
    else channel?.removeEventListener('message', onMessage);
  }

  /** Reads the account's policy for the session of `token`; a failure means no idle sign-out. */
  async function loadPolicy(token: string): Promise<void> {
    let ms = 0;
    try {
      const policy = await app.client.get<SessionIdlePolicy>(SESSION_IDLE_POLICY_PATH);
      const idle = policy?.sessionIdleTimeoutConfiguration;
      if (idle?.isActive && typeof idle.timeout === 'number' && idle.timeout > 0) ms = idle.timeout * 1000;
    } catch (error) {
      logger.debug('idle session timeout not loaded: no idle sign-out', error);
    }
    if (policyToken !== token) return; // a newer session meanwhile
    timeoutMs = ms;
    listen(ms > 0);
    schedule();
  }

  const unsubscribe = stores.$session.subscribe((s) => {
    const token = s.isAuthenticated ? s.accessToken : null;
    if (!s.isAuthenticated) {
      policyToken = null;
      timeoutMs = 0;
      listen(false);
      clear();
      hide();
      return;
    }
    if (!token || token === policyToken) return;
    // a new session (sign-in, refresh, tenant switch): a sign-in counts as activity
    if (policyToken === null) lastActivity = idleClock.now();
    sessionAt = idleClock.now();
    policyToken = token;
    void loadPolicy(token);
  });

  return {
    stay() {
      hide();
      sessionAt = -Infinity; // refresh now
      activity(true);
    },
    stop() {
      unsubscribe();
      listen(false);
      clear();
      hide();
      channel?.close();
    },
  };
}
