/**
 * Query strings, validated with zod like bodies (http/body.ts): `parseQuery(c, schema)` answers 400 with one message
 * per bad parameter (`_limit must be an integer from 1 to 200`). Absent, empty, `undefined` and `null` all mean "no
 * value": Frontegg's client writes `undefined` and `null` into the URL as text (api-contract §2). Values are trimmed.
 *
 * The field helpers in `q` cover what the admin lists take: text, a bounded integer (coerced from the text), one of a
 * list (matched case-insensitively, answered as listed), a comma-separated list of ids and an instant (an ISO date or
 * ms since the epoch).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { HttpError } from './errors.ts';

/** The texts that stand for "no value". */
const NO_VALUE = new Set(['', 'undefined', 'null']);

/** The request's query parameters with a value (the first of a repeated one), trimmed. */
export function queryValues(c: Context): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(c.req.query())) {
    const value = raw.trim();
    if (!NO_VALUE.has(value)) out[name] = value;
  }
  return out;
}

/**
 * The query parsed by `schema` (an object of {@link q} fields or any zod type of strings); 400 naming each bad
 * parameter, with `errorCode` when given (a route whose clients know its code, e.g. `ER-AUDITS-QUERY`).
 */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T, errorCode?: string): z.output<T> {
  const result = schema.safeParse(queryValues(c));
  if (!result.success) throw new HttpError(400, parameterMessages(result.error), errorCode);
  return result.data;
}

/** One message per bad parameter of a query or a path: `<name> <message>` (`_limit must be an integer from 1 to 200`). */
export function parameterMessages(error: z.ZodError): string[] {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')} ${i.message}` : i.message));
}

/** Query fields (each receives the parameter's text, or undefined for "no value"). */
export const q = {
  /** Text, or undefined. */
  text: () => z.string().optional(),

  /** An integer from `min` to `max` (default: no upper bound), `fallback` when absent. */
  int: (fallback: number, min: number, max: number = Number.MAX_SAFE_INTEGER) =>
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return fallback;
        const n = Number(v);
        if (Number.isInteger(n) && n >= min && n <= max) return n;
        ctx.addIssue({ code: 'custom', message: max === Number.MAX_SAFE_INTEGER ? `must be an integer from ${min}` : `must be an integer from ${min} to ${max}` });
        return z.NEVER;
      }),

  /** One of `allowed` (any case; answered as written in `allowed`), `fallback` when absent. */
  oneOf: <T extends string, F extends T | undefined>(allowed: readonly T[], fallback: F) =>
    z
      .string()
      .optional()
      .transform((v, ctx): T | F => {
        if (v === undefined) return fallback;
        const hit = allowed.find((a) => a.toLowerCase() === v.toLowerCase());
        if (hit !== undefined) return hit;
        ctx.addIssue({ code: 'custom', message: `must be one of ${allowed.join(', ')}` });
        return z.NEVER;
      }),

  /** An instant: an ISO date or ms since the epoch (digits only), or undefined. */
  instant: () =>
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const ms = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
        if (!Number.isNaN(ms)) return new Date(ms);
        ctx.addIssue({ code: 'custom', message: 'must be an ISO date or ms since the epoch' });
        return z.NEVER;
      }),

  /** A comma-separated list (`ids=a,b`): its distinct non-empty items, or undefined when there are none. */
  list: () =>
    z
      .string()
      .optional()
      .transform((v) => {
        const items = [
          ...new Set(
            (v ?? '')
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ];
        return items.length ? items : undefined;
      }),
};
