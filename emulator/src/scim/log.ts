/**
 * The request log of a SCIM connection (issue 23 item 6): every request a directory sends to a connection's base URL
 * — method, the path after the base (`/Users?filter=…`), status and the SCIM error `detail` — kept to the newest
 * {@link REQUEST_LOG_KEEP} per connection, so an admin sees in the portal why a push failed.
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { scimRequestLog } from '../db/schema.ts';
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

/** The newest {@link REQUEST_LOG_PAGE} requests of connection `id`, newest first. */
export async function requestLog(db: Db, id: string): Promise<RequestLogDto[]> {
  const rows = await db.select().from(scimRequestLog).where(eq(scimRequestLog.connectionId, id)).orderBy(desc(scimRequestLog.id)).limit(REQUEST_LOG_PAGE);
  return rows.map((r) => ({ id: r.id, method: r.method, resource: r.resource, status: r.status, error: r.error, createdAt: r.createdAt.toISOString() }));
}
