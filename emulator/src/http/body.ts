/** Request-body helpers: JSON parsing tolerant of empty or `null` bodies, validated with zod. */
import type { Context } from 'hono';
import { z } from 'zod';
import { HttpError, badRequest } from './errors.ts';

export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('The request body must be a JSON object');
  return value as Record<string, unknown>;
}

export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const raw = await readJson(c);
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new HttpError(
      400,
      result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)),
    );
  }
  return result.data;
}

/** Optional string fields: the reference client sends `null`/`undefined` freely. */
export const optStr = () =>
  z
    .string()
    .nullish()
    .transform((v) => v ?? undefined);
export const emailField = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'email must be a valid email' }));

/** True for an absolute `http:` or `https:` URL written without surrounding whitespace. */
export function isHttpUrl(value: string): boolean {
  if (value !== value.trim()) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * An absolute `http:`/`https:` URL. zod's `.url()` alone accepts `javascript:`, `data:`, `vbscript:`…;
 * every URL of the configuration that the browser may later navigate to (or load) must use this.
 */
export const httpUrl = () => z.string().refine(isHttpUrl, { message: 'must be an absolute http: or https: URL' });
/** An optional {@link httpUrl} (`null`/absent → `undefined`). */
export const optHttpUrl = () =>
  httpUrl()
    .nullish()
    .transform((v) => v ?? undefined);
