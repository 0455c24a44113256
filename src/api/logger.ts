/**
 * Console logger with the log levels of sign-in §9 (SI-9.01, SI-9.02) and the
 * HTTP error logging rules of api-contract.md §3 (SI-8.21, SI-8.22).
 */

/** Level weights (SI-9.01): a message is printed when its weight ≥ the logger's level weight. */
export const LOG_LEVELS = Object.freeze({ error: 40, warn: 30, info: 20, debug: 10 } as const);

/** A log level name. */
export type LogLevel = keyof typeof LOG_LEVELS;

/** The default level (SI-9.02). */
export const DEFAULT_LOG_LEVEL: LogLevel = 'warn';

/** A leveled console logger. Each method forwards its arguments to the matching `console` method. */
export interface Logger {
  readonly level: LogLevel;
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
}

/**
 * Creates a logger that prints messages at or above `level` (default `'warn'`,
 * SI-9.02). An unknown level falls back to the default. The `console` method
 * is looked up at call time, so tests can wrap it.
 */
export function createLogger(level: LogLevel = DEFAULT_LOG_LEVEL): Logger {
  const current: LogLevel = level in LOG_LEVELS ? level : DEFAULT_LOG_LEVEL;
  const threshold = LOG_LEVELS[current];
  const at =
    (name: LogLevel) =>
    (...args: unknown[]): void => {
      if (LOG_LEVELS[name] >= threshold) console[name](...args);
    };
  return { level: current, error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

/**
 * Logs a failed HTTP answer exactly as the contract says (§3 "logging",
 * SI-8.21, SI-8.22) — which is narrower than plain level filtering:
 *
 * - 4xx → `console.warn`, only when the level is exactly `'warn'`;
 * - 5xx → `console.error`, when the level is `'warn'` or `'error'`.
 *
 * The contract names 500; we treat every 5xx the same (a 502/503 is no less
 * worth logging). Levels `info` and `debug` print neither, as in the reference client.
 */
export function logHttpError(logger: Pick<Logger, 'level'>, status: number, message: string, url?: string): void {
  const text = url ? `[fe-elements] ${status} ${url}: ${message}` : `[fe-elements] ${status}: ${message}`;
  if (status >= 400 && status < 500) {
    if (logger.level === 'warn') console.warn(text);
  } else if (status >= 500) {
    if (logger.level === 'warn' || logger.level === 'error') console.error(text);
  }
}
