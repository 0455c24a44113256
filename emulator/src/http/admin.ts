/**
 * What every admin route shares (architecture "Admin portal", emulator
 * `routes/admin/<area>.ts`): one audit row per mutation (who, what, IP, user agent, severity). The sign-in check is
 * `guard` (http/auth.ts), once per module; the permission check `requirePermission` (http/permissions.ts).
 *
 * Usage in a route module:
 *   guard(adminUsers, '/…/users/*');
 *   adminUsers.delete('/…/:userId', requirePermission('fe.secure.delete.users'), async (c) => {
 *     …
 *     await audit(c, { action: 'user.deleted', targetId: userId, details: { email } });
 *     return c.body(null, 200);
 *   });
 */
import type { Context } from 'hono';
import { audit as writeAudit } from '../lifecycle.ts';
import type { AppEnv } from './env.ts';
import { clientIp } from './client-ip.ts';

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
