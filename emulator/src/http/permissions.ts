/**
 * Permission checks of the identity API, one rule and one refusal for every route: the access token's `permissions`
 * claim must hold the keys a route needs, else 403 `{ errors: ['Not authorized'] }` (admin spec §8 error catalogue,
 * AB-8.03). Wildcards count both ways, as in the portal (src/entitlements/permissions.ts `holdsKey`) for trailing `.*`
 * patterns: a granted `fe.*` holds every `fe.…` key, and a required `fe.subscriptions.*` is held by any granted
 * `fe.subscriptions.…` key (the portal's rule also reads `*` inside a key and a lone `*`; this one does not).
 *
 * Usage, after `requireAuth`: `app.get(path, requirePermission('fe.secure.read.users'), handler)`, or
 * `requireAnyPermission(a, b)` when either key opens the route; inside a handler, `hasPermission(c.var.auth, key)`.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { HttpError, forbidden } from './errors.ts';

/** The error text of a refused permission (admin spec §8 error catalogue). */
export const NOT_AUTHORIZED = 'Not authorized';

/** The one refusal: 403 `{ errors: ['Not authorized'] }`. */
export const notAuthorized = (): HttpError => forbidden(NOT_AUTHORIZED);

/** True when the `granted` permission keys hold `key` (wildcards both ways, see the module comment). */
export function holds(granted: Iterable<string>, key: string): boolean {
  const keys = granted instanceof Set ? (granted as ReadonlySet<string>) : new Set(granted);
  if (keys.has(key)) return true;
  for (const g of keys) if (g.endsWith('.*') && key.startsWith(g.slice(0, -1))) return true;
  if (!key.endsWith('.*')) return false;
  const prefix = key.slice(0, -1);
  for (const g of keys) if (g.startsWith(prefix)) return true;
  return false;
}

/** True when the signed-in token (`c.var.auth`, or any claims with `permissions`) holds `key`. */
export function hasPermission(claims: { permissions?: readonly string[] } | undefined, key: string): boolean {
  return holds(claims?.permissions ?? [], key);
}

/** Middleware: the token must hold every one of `keys` (run `requireAuth` first); otherwise {@link notAuthorized}. */
export function requirePermission(...keys: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const granted = new Set(c.var.auth?.permissions ?? []);
    if (!keys.every((k) => holds(granted, k))) throw notAuthorized();
    await next();
  };
}

/** Middleware: the token must hold at least one of `keys` (e.g. the users page reads roles with `fe.secure.read.users`). */
export function requireAnyPermission(...keys: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const granted = new Set(c.var.auth?.permissions ?? []);
    if (!keys.some((k) => holds(granted, k))) throw notAuthorized();
    await next();
  };
}
