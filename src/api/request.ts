/**
 * The one request-options helper of the API areas (auth, mfa, users,
 * passwordless, tenants, federation, passkeys): every endpoint function takes
 * an optional trailing {@link CallOptions} and turns it into the client's
 * {@link RequestOptions} here.
 *
 * @example
 * ```ts
 * getMe(o?: CallOptions) { return client.get(AUTH_PATHS.me, requestOptions(o)); }
 * // an XState actor that aborts with the machine:
 * fromPromise(({ input, signal }) => api.getMe({ signal }));
 * ```
 */
import type { RequestOptions } from './client.ts';

/** Per-call options of every area function (its last parameter). */
export interface CallOptions {
  /** Aborts the request; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * The request options of one call: `frontegg-source: login-box` by default,
 * the caller's abort signal, then `extra` (which may override the source —
 * `source: undefined` leaves it to the client's config — and add `query`,
 * `withoutAuthorization`, `noRefresh`, …).
 */
export function requestOptions(o?: CallOptions, extra?: RequestOptions): RequestOptions {
  return { source: 'login-box', signal: o?.signal, ...extra };
}
