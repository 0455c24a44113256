/**
 * Generic retry helper (sign-in §9 "Retry helper default: 3 attempts, 500 ms
 * delay", SI-9.12, AB-9).
 */

/** Default number of attempts (the first call included), SI-9.12. */
export const DEFAULT_RETRY_ATTEMPTS = 3;
/** Default wait between attempts in milliseconds, SI-9.12. */
export const DEFAULT_RETRY_DELAY_MS = 500;

/** Options of {@link retry}. */
export interface RetryOptions {
  /** Total attempts, the first call included (default 3). Values below 1 count as 1. */
  attempts?: number;
  /** Milliseconds to wait between two attempts (default 500). */
  delayMs?: number;
  /** Return `false` to stop retrying on this error (it is thrown at once). Default: always retry. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** Aborts the waiting between attempts; the abort reason is thrown. */
  signal?: AbortSignal;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Calls `fn` until it resolves, at most `attempts` times (default 3), waiting
 * `delayMs` (default 500 ms) between tries (SI-9.12). Resolves with the first
 * success; after the last failure it rejects with that last error.
 * `fn` receives the 1-based attempt number.
 */
export async function retry<T>(fn: (attempt: number) => Promise<T> | T, options: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, Math.floor(options.attempts ?? DEFAULT_RETRY_ATTEMPTS));
  const delayMs = Math.max(0, options.delayMs ?? DEFAULT_RETRY_DELAY_MS);
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      lastError = error;
      if (attempt === attempts || (options.shouldRetry && !options.shouldRetry(error, attempt))) break;
      await wait(delayMs, options.signal);
    }
  }
  throw lastError;
}
