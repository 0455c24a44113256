/**
 * What every admin route shares (architecture "Admin portal", emulator
 * `routes/admin/<area>.ts`): the permission check a real API makes, and one
 * audit row per mutation (who, what, IP, user agent, severity).
 *
 * Usage in a route module (requireAuth on each route: a module is mounted under `/frontegg`, so a `use('*')`
 * there would also guard every public route registered after it):
 *   adminUsers.delete('/…/:userId', requireAuth, requirePermission('fe.secure.delete.users'), async (c) => {
 *     …
 *     await audit(c, { action: 'user.deleted', targetId: userId, details: { email } });
 *     return c.body(null, 200);
 *   });
 */
import type { Context, MiddlewareHandler } from 'hono';
import { audit as writeAudit } from '../lifecycle.ts';
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

/** Severity of an audit row (the audit log's column). */
export type AuditSeverity = 'Info' | 'Medium' | 'High' | 'Critical';

/**
 * Writes one audit row for a mutation by the signed-in user (`c.var.auth`): action (e.g. `user.deleted`), target,
 * details (JSON data), the client's IP (`x-forwarded-for`, else the socket's) and user agent, severity (default Info),
 * in the request's tenant. Runs in the request's transaction (`c.var.db`): a failed mutation leaves no row.
 */
export async function audit(
  c: Context<AppEnv>,
  row: { action: string; targetId?: string | null; details?: Record<string, unknown>; severity?: AuditSeverity; tenantId?: string },
): Promise<void> {
  await writeAudit(c.var.db, {
    tenantId: row.tenantId ?? c.var.auth?.tenantId ?? null,
    actorId: c.var.auth?.sub ?? null,
    action: row.action,
    targetId: row.targetId ?? null,
    details: { email: c.var.auth?.email, ...row.details },
    ip: clientIp(c),
    userAgent: c.req.header('user-agent') ?? null,
    severity: row.severity ?? 'Info',
  });
}

/** The client's IP: the first `x-forwarded-for` hop (the demo's proxy), else the socket address when the server gives one. */
export function clientIp(c: Context<AppEnv>): string | null {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}
