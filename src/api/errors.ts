/**
 * Error normalisation of the API client (api-contract.md §3, sign-in §8
 * "Error catalogue", SI-8.05–SI-8.07, SI-8.14, SI-8.15).
 */

/** Body not JSON (SI-8.05, AB-8.01). */
export const GENERIC_ERROR_MESSAGE = "We're facing some difficulties, Please try again";
/** Status 413 (SI-8.07). */
export const REQUEST_TOO_LARGE_MESSAGE = 'Error request is too large';
/**
 * The request never got an answer (server unreachable, DNS, CORS, offline).
 * Not in the contract: the reference client lets the raw `TypeError` escape.
 * The UI i18n layer maps this text to a localized message.
 */
export const NETWORK_ERROR_MESSAGE = 'Unable to reach the server. Check your connection and try again.';
/** `errorCode` when the body carries none (contract §3). */
export const DEFAULT_ERROR_CODE = 'ER-ADMIN-PORTAL-GENERIC-ERROR';
/** Response header that carries the server's trace id (SI-8.14). */
export const TRACE_ID_HEADER = 'frontegg-trace-id';

/** Constructor fields of {@link FeApiError}. */
export interface FeApiErrorInit {
  statusCode: number;
  traceId?: string;
  errorCode?: string;
  errorContext?: Record<string, unknown>;
  errors?: string[];
  errorCodes?: string[];
  cause?: unknown;
}

/**
 * A failed API call (contract §3 `FronteggApiError`).
 *
 * - `statusCode`: HTTP status; `0` when no answer arrived ({@link NETWORK_ERROR_MESSAGE}).
 * - `traceId`: the `frontegg-trace-id` response header, when present (SI-8.14).
 * - `errorCode`: `body.errorCode`, else `'ER-ADMIN-PORTAL-GENERIC-ERROR'`. Always a
 *   string (the reference client leaves it `undefined` for 413; we use the default).
 * - `errorContext`: `body.context` when it is an object.
 * - `errors`: `body.errors` when it is an array; `errorCodes`: `body.errorCodes` when an array.
 */
export class FeApiError extends Error {
  override name = 'FeApiError';
  readonly statusCode: number;
  readonly traceId?: string;
  readonly errorCode: string;
  readonly errorContext?: Record<string, unknown>;
  readonly errors?: string[];
  readonly errorCodes?: string[];

  constructor(message: string, init: FeApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.statusCode = init.statusCode;
    this.traceId = init.traceId;
    this.errorCode = init.errorCode ?? DEFAULT_ERROR_CODE;
    this.errorContext = init.errorContext;
    this.errors = init.errors;
    this.errorCodes = init.errorCodes;
  }
}

/** Narrowing helper: `true` for a {@link FeApiError}. */
export function isFeApiError(error: unknown): error is FeApiError {
  return error instanceof FeApiError;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The HTTP facts {@link errorFromResponse} needs; a `Response` has them all but the body text. */
export interface ErrorResponseParts {
  status: number;
  statusText: string;
  /** The raw body text (`''` when empty). */
  bodyText: string;
  /** Value of the `frontegg-trace-id` header, if any. */
  traceId?: string | null;
}

/**
 * Builds the {@link FeApiError} for a non-OK, non-302 answer, following the
 * table of contract §3 (SI-8.05, SI-8.06, SI-8.07, SI-8.14, SI-8.15):
 *
 * | answer | message |
 * |---|---|
 * | 413 | `Error request is too large` (body ignored) |
 * | body not JSON (including empty) | `We're facing some difficulties, Please try again` |
 * | JSON object with an array `errors` | `errors.join(', ')` |
 * | JSON string | that string |
 * | JSON object `{ error: { message, code, … } }` (a card provider's refusal, Stripe's shape) | `error.message`; `errorCode` its `code`, `errorContext` the whole `error` |
 * | any other JSON (`{message}`, `null`, numbers, non-array `errors`) | `Error <status> - <statusText>` |
 *
 * Deliberate fixes of the reference client's bugs: a JSON `null` body and a
 * non-array truthy `errors` make the reference client throw a `TypeError`
 * (`null.errors`, `'x'.join`); here both fall back to `Error <status> - <statusText>`.
 * An empty `errors` array or empty JSON string (which would give an empty
 * message) falls back the same way.
 */
export function errorFromResponse({ status, statusText, bodyText, traceId }: ErrorResponseParts): FeApiError {
  const trace = traceId ?? undefined;
  const fallback = `Error ${status} - ${statusText}`;
  if (status === 413) return new FeApiError(REQUEST_TOO_LARGE_MESSAGE, { statusCode: status, traceId: trace });

  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return new FeApiError(GENERIC_ERROR_MESSAGE, { statusCode: status, traceId: trace });
  }

  let message = fallback;
  let errors: string[] | undefined;
  if (isRecord(body) && Array.isArray(body.errors)) {
    errors = body.errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
    if (errors.length > 0) message = errors.join(', ');
  } else if (typeof body === 'string' && body.length > 0) {
    message = body;
  }

  const record = isRecord(body) ? body : undefined;
  // a card provider's refusal in Stripe's shape, `{ error: { type, code, decline_code, message } }` (the billing
  // test-mode provider's 402, issue 32): its message as is, its code, and the whole error as the context
  const card = !errors && isRecord(record?.error) && typeof record.error.message === 'string' && record.error.message ? record.error : undefined;
  if (card) message = card.message as string;
  return new FeApiError(message, {
    statusCode: status,
    traceId: trace,
    errorCode: typeof record?.errorCode === 'string' ? record.errorCode : typeof card?.code === 'string' ? card.code : undefined,
    errorContext: isRecord(record?.context) ? record.context : card,
    errors,
    errorCodes: Array.isArray(record?.errorCodes) ? (record.errorCodes as unknown[]).map(String) : undefined,
  });
}

/**
 * Reads a `Response` and normalises it with {@link errorFromResponse}. The body
 * is consumed.
 */
export async function errorFromFetchResponse(response: Response): Promise<FeApiError> {
  let bodyText: string;
  try {
    bodyText = await response.text();
  } catch {
    bodyText = '';
  }
  return errorFromResponse({
    status: response.status,
    statusText: response.statusText,
    bodyText,
    traceId: response.headers.get(TRACE_ID_HEADER),
  });
}

/** The error for a request that got no answer (statusCode 0). */
export function networkError(cause: unknown): FeApiError {
  return new FeApiError(NETWORK_ERROR_MESSAGE, { statusCode: 0, cause });
}
