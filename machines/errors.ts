import type { FlowError, MessageKey } from '../src/i18n/index.ts';

/** An error as machines keep it in context (src/i18n: a catalogue key or the server's message). */
export type { FlowError };

/** Whether `error` is a refused navigation target (an `UnsafeUrlError` of src/auth/safe-url.ts; told by name, machines import no code from src/). */
export function isUnsafeUrlError(error: unknown): boolean {
  return (error as { name?: string } | undefined)?.name === 'UnsafeUrlError';
}

/**
 * Turns anything thrown by an actor into a {@link FlowError}. Status 0 (unreachable) maps to `error.network`, a refused
 * redirect (`UnsafeUrlError`) to `error.unsafeUrl`; an error that names its catalogue `key` (an actor's own sentence)
 * keeps it.
 */
export function toFlowError(error: unknown): FlowError {
  const e = error as { message?: string; statusCode?: number; traceId?: string } | undefined;
  if (e?.statusCode === 0) return { key: 'error.network', statusCode: 0 };
  // a redirect the app refused (src/auth/safe-url.ts): our own text, not the raw address
  if (isUnsafeUrlError(error)) return { key: 'error.unsafeUrl' };
  // an actor that said the failure in the catalogue's words (a FlowError already): kept as it is
  const said = error as { key?: unknown } | undefined;
  if (said && typeof said.key === 'string' && said.key) return { key: said.key as MessageKey, statusCode: e?.statusCode };
  if (e && typeof e.message === 'string' && e.message) return { message: e.message, statusCode: e.statusCode, traceId: e.traceId };
  return { key: 'error.generic' };
}

/** An error shown with the catalogue's `key`, unless the server was not reached at all (`error.network`). */
export function networkOr(error: unknown, key: MessageKey): FlowError {
  return (error as { statusCode?: number } | undefined)?.statusCode === 0 ? { key: 'error.network', statusCode: 0 } : { key };
}
