/**
 * Webhook configurations of an account (issue 33 item 1; api-contract §Y `IWebhooksConfigurations`), and the reads of
 * the delivery inspector (deliveries of a webhook, one delivery with its attempts, Frontegg's log rows). Every read and
 * write is scoped to one account: another account's webhook, delivery or log row is absent (the routes answer 404).
 *
 * The answer of a webhook ({@link webhookDto}) is Frontegg's shape — `{ _id, displayName, description, url,
 * eventKeys, isActive, secret, payload, invocations, createdAt, updatedAt }` — where `secret` is `null` (the secret is
 * shown once, in the answer that made it), plus `secretFormat` (`whsec` | `raw`), `secretOverlapUntil` (a rotated-out
 * secret still signs until then; null = none), `disabledReason` (`gone` | `failing` | null) and `failingSince`.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { webhookAttempts, webhookConfigurations, webhookDeliveries, webhookMessages } from '../db/schema.ts';
import type { AttemptRow, DeliveryRow, WebhookRow } from './deliveries.ts';
import { generateSecret, type WebhookSecret } from './secrets.ts';

/** How long a rotated-out secret still signs: 24 h (emulator clock). */
export const ROTATION_OVERLAP_MS = 86_400_000;

/** The delivery statuses (`GET /webhook/{id}/deliveries?status=`). */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** A webhook as the API answers it (module comment); `secret` only in the answer that made or rotated it. */
export function webhookDto(w: WebhookRow, invocations: number, now: number, secret: string | null = null) {
  const overlap = w.previousSecret && w.previousSecretUntil && w.previousSecretUntil.getTime() > now ? w.previousSecretUntil.toISOString() : null;
  return {
    _id: w.id,
    displayName: w.displayName,
    description: w.description,
    url: w.url,
    eventKeys: w.eventKeys,
    isActive: w.isActive,
    secret,
    payload: w.payload ?? null,
    invocations,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    secretFormat: w.secretFormat,
    secretOverlapUntil: overlap,
    disabledReason: w.disabledReason,
    failingSince: w.failingSince?.toISOString() ?? null,
  };
}

/** Attempts made per webhook of `ids` (Frontegg's `invocations`). */
export async function invocationsOf(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: webhookAttempts.webhookId, n: count() })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.webhookId, [...ids]))
    .groupBy(webhookAttempts.webhookId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The account's webhooks by display name (AB-9.15), then age. */
export function listWebhooks(db: Db, tenantId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhookConfigurations)
    .where(eq(webhookConfigurations.tenantId, tenantId))
    .orderBy(asc(webhookConfigurations.displayName), asc(webhookConfigurations.createdAt));
}

/** The account's webhook `id`, or undefined (absent, or another account's). */
export async function findWebhook(db: Db, tenantId: string, id: string, lock = false): Promise<WebhookRow | undefined> {
  const q = db
    .select()
    .from(webhookConfigurations)
    .where(and(eq(webhookConfigurations.id, id), eq(webhookConfigurations.tenantId, tenantId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The fields an administrator sets. */
export interface WebhookFields {
  displayName: string;
  description: string;
  url: string;
  eventKeys: string[];
  isActive: boolean;
  payload?: unknown;
}

/** Makes a webhook; `secret` undefined = generated. Returns the row and the secret's text (answered once). */
export async function createWebhook(db: Db, owner: { tenantId: string; vendorId: string }, fields: WebhookFields, secret: WebhookSecret | undefined, now: Date) {
  const s = secret ?? generateSecret();
  const [row] = await db
    .insert(webhookConfigurations)
    .values({ id: randomUUID(), ...owner, ...fields, payload: fields.payload ?? null, secret: s.secret, secretFormat: s.format, createdAt: now, updatedAt: now })
    .returning();
  return { row, secret: s.secret };
}

/**
 * Changes webhook `w`. A `secret` different from the current one rotates it: the current one keeps signing beside
 * the new one for {@link ROTATION_OVERLAP_MS}. Turning a disabled webhook on again clears why it was off.
 */
export async function updateWebhook(db: Db, w: WebhookRow, fields: Partial<WebhookFields>, secret: WebhookSecret | undefined, now: Date): Promise<WebhookRow> {
  const rotate = secret && secret.secret !== w.secret;
  const reactivated = fields.isActive === true && !w.isActive;
  const [row] = await db
    .update(webhookConfigurations)
    .set({
      ...fields,
      ...(rotate
        ? {
            secret: secret.secret,
            secretFormat: secret.format,
            previousSecret: w.secret,
            previousSecretFormat: w.secretFormat,
            previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
          }
        : {}),
      ...(reactivated ? { disabledReason: null, failingSince: null } : {}),
      updatedAt: now,
    })
    .where(eq(webhookConfigurations.id, w.id))
    .returning();
  return row;
}

/** Ends a rotation now: only the current secret signs from here on. */
export async function endOverlap(db: Db, w: WebhookRow, now: Date): Promise<WebhookRow> {
  const [row] = await db
    .update(webhookConfigurations)
    .set({ previousSecret: null, previousSecretFormat: null, previousSecretUntil: null, updatedAt: now })
    .where(eq(webhookConfigurations.id, w.id))
    .returning();
  return row;
}

/** Deletes webhook `w` with its deliveries and attempts (messages of no other webhook stay until a reset). */
export async function deleteWebhook(db: Db, w: WebhookRow): Promise<void> {
  await db.delete(webhookConfigurations).where(eq(webhookConfigurations.id, w.id));
}

/** A delivery as the inspector lists it. */
export function deliveryDto(d: DeliveryRow) {
  return {
    id: d.id,
    messageId: d.messageId,
    eventKey: d.eventKey,
    status: d.status,
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    createdAt: d.createdAt.toISOString(),
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  };
}

/** An attempt as the inspector shows it. */
export function attemptDto(a: AttemptRow) {
  return {
    id: a.id,
    at: a.at.toISOString(),
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    requestHeaders: a.requestHeaders,
    requestBody: a.requestBody,
    responseBody: a.responseBody,
    error: a.error,
  };
}

/** A page of webhook `webhookId`'s deliveries, newest first, optionally of one status and one event key. */
export async function listDeliveries(db: Db, webhookId: string, filter: { status?: string; eventKey?: string }, page: { offset: number; limit: number }) {
  const where: SQL[] = [eq(webhookDeliveries.webhookId, webhookId)];
  if (filter.status) where.push(eq(webhookDeliveries.status, filter.status));
  if (filter.eventKey) where.push(eq(webhookDeliveries.eventKey, filter.eventKey));
  const [{ n }] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(...where));
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(...where))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(n), rows: rows.map(deliveryDto) };
}

/** Delivery `deliveryId` of webhook `webhookId` with its payload (parsed JSON) and attempts (oldest first), or undefined. */
export async function deliveryDetail(db: Db, webhookId: string, deliveryId: string) {
  const [d] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)));
  if (!d) return undefined;
  const [m] = await db.select().from(webhookMessages).where(eq(webhookMessages.id, d.messageId));
  const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, d.id)).orderBy(asc(webhookAttempts.at), asc(webhookAttempts.seq));
  let payload: unknown = m?.body ?? null;
  try {
    payload = m ? JSON.parse(m.body) : null;
  } catch {
    /* kept as text */
  }
  return { ...deliveryDto(d), payload, attempts: attempts.map(attemptDto) };
}

/** A Frontegg log row (`IWebhookLog`) of an attempt: `body` is the request body sent, `statusCode` the answer's (null: none). */
export function logDto(a: AttemptRow, vendorId: string) {
  return { id: a.id, body: a.requestBody, createdAt: a.at.toISOString(), statusCode: a.statusCode, tenantId: a.tenantId, vendorId, webhookId: a.webhookId, error: a.error };
}

/** Frontegg's logs of webhook `webhookId` (`{ count, rows }`), newest first. */
export async function webhookLogs(db: Db, webhookId: string, vendorId: string, page: { offset: number; limit: number }) {
  const [{ n }] = await db.select({ n: count() }).from(webhookAttempts).where(eq(webhookAttempts.webhookId, webhookId));
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.webhookId, webhookId))
    .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.seq))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(n), rows: rows.map((a) => logDto(a, vendorId)) };
}

/** The attempt (log row) `id` of the account, or undefined. */
export async function findAttempt(db: Db, tenantId: string, id: string): Promise<AttemptRow | undefined> {
  const [a] = await db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.id, id), eq(webhookAttempts.tenantId, tenantId)));
  return a;
}
