/** Error answers: every 4xx/5xx body is `{ errors: [message], errorCode?, context? }` (`context`: machine-readable facts a client maps to its own words). */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class HttpError extends Error {
  readonly errors: string[];
  constructor(
    readonly status: ContentfulStatusCode,
    message: string | string[],
    readonly errorCode?: string,
    /** Machine-readable facts of the failure, answered as the body's `context` (Frontegg's client reads it as `errorContext`). */
    readonly context?: Record<string, unknown>,
  ) {
    const errors = Array.isArray(message) ? message : [message];
    super(errors.join(', '));
    this.errors = errors;
    this.name = 'HttpError';
  }
}

export const badRequest = (msg: string, code?: string, context?: Record<string, unknown>) => new HttpError(400, msg, code, context);
export const unauthorized = (msg = 'Unauthorized', code?: string) => new HttpError(401, msg, code);
export const forbidden = (msg = 'Forbidden', code?: string) => new HttpError(403, msg, code);
export const notFound = (msg = 'Not found', code?: string) => new HttpError(404, msg, code);
export const conflict = (msg: string, code?: string) => new HttpError(409, msg, code);

export function errorBody(message: string | string[], errorCode?: string): { errors: string[]; errorCode?: string } {
  const errors = Array.isArray(message) ? message : [message];
  return errorCode ? { errors, errorCode } : { errors };
}
