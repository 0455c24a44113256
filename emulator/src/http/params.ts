/**
 * Path parameters, validated with zod like bodies (http/body.ts) and query strings (http/query.ts), through Hono's
 * validator: `app.delete('/groups/v1/:groupId', WRITE, idParams('groupId'), handler)` answers 400 with one message
 * per bad parameter (`groupId must be an id: …`) before the handler runs, so a malformed id never reaches a query.
 * The handler reads the checked values with `c.req.valid('param')` (or `c.req.param(name)`: the same text).
 *
 * An id is what the emulator mints (UUIDs), what a seed file or a test names (`role-nope`, `other-tenant`): 1 to
 * 128 letters, digits, `-`, `_`, `.`, `:` or `@`, starting with a letter or digit. Anything else (a quote, a slash,
 * a space, a percent-decoded control character, a longer text) is malformed. A well-formed id that names nothing is
 * still the route's 404.
 */
import { validator } from 'hono/validator';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { parameterMessages } from './query.ts';

/** The grammar of an id in a path (see the module comment). */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/;

/** Path parameter fields (each receives the parameter's decoded text). */
export const p = {
  /** An id (see {@link ID_PATTERN}). */
  id: () => z.string().regex(ID_PATTERN, { message: "must be an id: 1 to 128 letters, digits, '-', '_', '.', ':' or '@'" }),
};

/**
 * Middleware: the route's path parameters parsed by `shape` (an object of {@link p} fields), available to the
 * handler as `c.req.valid('param')`; 400 `{ errors: ['<name> <message>', …] }` naming each bad parameter.
 */
export function params<S extends z.ZodRawShape>(shape: S) {
  const schema = z.object(shape);
  return validator('param', (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new HttpError(400, parameterMessages(result.error));
    return result.data;
  });
}

/** {@link params} for ids only: `idParams('id', 'domainId')`. */
export function idParams<N extends string>(...names: N[]) {
  return params(Object.fromEntries(names.map((n) => [n, p.id()])) as { [K in N]: ReturnType<typeof p.id> });
}
