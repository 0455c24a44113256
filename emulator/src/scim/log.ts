/**
 * The request log of a SCIM connection (issue 23 item 6): every request a directory sends to a connection's base URL
 * — method, the path after the base (`/Users?filter=…`), status and the SCIM error `detail` — kept to the newest
 * {@link REQUEST_LOG_KEEP} per connection, so an admin sees in the portal why a push failed.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { audits, scimRequestLog, userTenants, users } from '../db/schema.ts';
import { emulatorDate } from '../clock.ts';

/** How many requests of a connection the log keeps (the newest). */
export const REQUEST_LOG_KEEP = 100;
/** How many the admin route answers (`GET …/configurations/scim2/{id}/logs`). */
export const REQUEST_LOG_PAGE = 50;

/** One logged SCIM request, as the admin route answers it. */
export interface RequestLogDto {
  id: number;
  method: string;
  /** The path after the connection's base URL, with its query. */
  resource: string;
  status: number;
  /** The SCIM error `detail` when status ≥ 400, else null. */
  error: string | null;
  createdAt: string;
  /**
   * The user a `/Users/<id>` request names (issue 31 item 7: a person, not a UUID): a member of the connection's
   * account, or one the connection pushed and has since removed (its email from the push's audit row, name null).
   * Absent for any other request, and for an id the account never held.
   */
  user?: { id: string; name: string | null; email: string };
}

/** The user id of a logged `/Users/<id>` resource (with or without a query), else undefined. */
export function loggedUserId(resource: string): string | undefined {
  return /^\/Users\/([^/?]+)/.exec(resource)?.[1];
}

/**
 * The people behind `ids` for the log of connection `conn`: members of its account first; any other id only through an
 * audit row of a push by this connection in this account (a user it removed). An id of another account's user resolves
 * to nothing, so the log never shows who is in another account.
 */
async function loggedUsers(db: Db, conn: { id: string; tenantId: string }, ids: string[]): Promise<Map<string, NonNullable<RequestLogDto['user']>>> {
  const found = new Map<string, NonNullable<RequestLogDto['user']>>();
  if (!ids.length) return found;
  const members = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, conn.tenantId)))
    .where(inArray(users.id, ids));
  for (const m of members) found.set(m.id, { id: m.id, name: m.name || null, email: m.email });
  const gone = ids.filter((id) => !found.has(id));
  if (gone.length) {
    const rows = await db
      .select({ targetId: audits.targetId, email: sql<string | null>`${audits.details}->>'userEmail'` })
      .from(audits)
      .where(and(eq(audits.tenantId, conn.tenantId), inArray(audits.targetId, gone), sql`${audits.details}->>'connectionId' = ${conn.id}`))
      .orderBy(desc(audits.createdAt));
    for (const r of rows) if (r.targetId && r.email && !found.has(r.targetId)) found.set(r.targetId, { id: r.targetId, name: null, email: r.email });
  }
  return found;
}

/** Logs one SCIM request of connection `connectionId` and drops all but its newest {@link REQUEST_LOG_KEEP}. */
export async function logRequest(db: Db, entry: { connectionId: string; method: string; resource: string; status: number; error?: string | null }): Promise<void> {
  await db.insert(scimRequestLog).values({ ...entry, error: entry.error ?? null, createdAt: await emulatorDate(db) });
  const [oldestKept] = await db
    .select({ id: scimRequestLog.id })
    .from(scimRequestLog)
    .where(eq(scimRequestLog.connectionId, entry.connectionId))
    .orderBy(desc(scimRequestLog.id))
    .offset(REQUEST_LOG_KEEP - 1)
    .limit(1);
  if (oldestKept) await db.delete(scimRequestLog).where(and(eq(scimRequestLog.connectionId, entry.connectionId), lt(scimRequestLog.id, oldestKept.id)));
}

/** The newest {@link REQUEST_LOG_PAGE} requests of connection `conn`, newest first, each `/Users/<id>` with its user. */
export async function requestLog(db: Db, conn: { id: string; tenantId: string }): Promise<RequestLogDto[]> {
  const rows = await db.select().from(scimRequestLog).where(eq(scimRequestLog.connectionId, conn.id)).orderBy(desc(scimRequestLog.id)).limit(REQUEST_LOG_PAGE);
  const named = await loggedUsers(db, conn, [...new Set(rows.map((r) => loggedUserId(r.resource)).filter((id): id is string => Boolean(id)))]);
  return rows.map((r) => {
    const user = named.get(loggedUserId(r.resource) ?? '');
    return { id: r.id, method: r.method, resource: r.resource, status: r.status, error: r.error, createdAt: r.createdAt.toISOString(), ...(user ? { user } : {}) };
  });
}
