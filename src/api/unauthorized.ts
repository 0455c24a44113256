/**
 * The one refresh after a 401 (architecture "How data flows" 5), loaded by
 * the client with the first 401 answer: a request sent with the session's
 * bearer that answers 401 asks `config.onUnauthorized` for a new token, once
 * for all the requests that meet a 401 meanwhile, and is sent again when it
 * succeeds.
 */
import type { Logger } from './logger.ts';

/** What the refresh needs of the client's configuration (src/api/client.ts `ApiClientConfig`; no import back: no circle). */
export interface UnauthorizedConfig {
  /** The session's access token now. */
  getAccessToken?: () => string | null | undefined;
  /** Refreshes the session; true when a new token is stored. */
  onUnauthorized?: () => Promise<boolean>;
}

/** Per client: the refresh the 401s now wait for (one in flight at a time, shared), and the token it replaces. */
export interface RefreshState {
  current: { promise: Promise<boolean>; replaces: string } | null;
}

/** `promise`, or a rejection with the signal's reason as soon as `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * After a 401 to a request sent with the bearer `sent`: whether to send it again.
 * @throws the signal's reason when `signal` aborts while the refresh runs.
 */
export async function recover(state: RefreshState, cfg: UnauthorizedConfig, logger: Pick<Logger, 'debug'>, sent: string, signal?: AbortSignal): Promise<boolean> {
  const current = cfg.getAccessToken?.();
  // signed out while the request was out: nothing to refresh
  if (!current) return false;
  // the token changed while the request was out (a refresh, another tab): just send it again
  if (current !== sent) return true;
  if (state.current && state.current.replaces !== sent) {
    // a refresh is running and this request already carried another token — most likely
    // the new one, sent by that very refresh (loading the profile): waiting would deadlock
    return false;
  }
  if (!state.current) {
    const promise = Promise.resolve()
      .then(() => cfg.onUnauthorized!())
      .then(
        (ok) => ok === true,
        (error: unknown) => {
          logger.debug('[fe-elements] refresh after 401 failed', error);
          return false;
        },
      );
    const entry = (state.current = { promise, replaces: sent });
    void promise.then(() => {
      if (state.current === entry) state.current = null;
    });
  }
  const ok = await abortable(state.current.promise, signal);
  return ok && !!cfg.getAccessToken?.();
}
