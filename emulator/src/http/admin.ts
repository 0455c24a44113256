/**
 * What every admin route shares (architecture "Admin portal", emulator
 * `routes/admin/<area>.ts`): the permission check a real API makes, and the client's IP. The audit row of a
 * mutation is written by src/audit.ts.
 *
 * Usage in a route module (requireAuth on each route: a module is mounted under `/frontegg`, so a `use('*')`
 * there would also guard every public route registered after it):
 *   adminUsers.delete('/…/:userId', requireAuth, requirePermission('fe.secure.delete.users'), async (c) => {
 *     …
 *     await audit(c, { action: 'user.deleted', targetId: userId, details: { email }, severity: 'WARNING' }); // src/audit.ts
 *     return c.body(null, 200);
 *   });
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { forbidden } from './errors.ts';

/** The error text of a refused permission (admin spec §8 error catalogue). */
export const NOT_AUTHORIZED = 'Not authorized';

/**
 * Requires the signed-in user's access token (run `requireAuth` first) to carry every one of `keys` in its
 * `permissions` claim, as the real API does; otherwise 403 `{ errors: ['Not authorized'] }`.
 */
export function requirePermission(...keys: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const granted = new Set(c.var.auth?.permissions ?? []);
    if (!keys.every((k) => granted.has(k))) throw forbidden(NOT_AUTHORIZED);
    await next();
  };
}

/** The client's IP: the first `x-forwarded-for` hop (the demo's proxy), else the socket address when the server gives one. */
export function clientIp(c: Context<AppEnv>): string | null {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}
