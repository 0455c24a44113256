/**
 * The webhooks' durable delivery queue (issue 33 item 1): the event sink that enqueues, one attempt of a delivery with
 * Svix's rules, and the requeueing of resend, retry and recovery. The tables are the queue (db/schema.ts
 * `webhook_messages`, `webhook_deliveries`, `webhook_attempts`): nothing is held in memory, so a restart loses nothing;
 * webhooks/dispatcher.ts attempts the `pending` deliveries whose time has come on the emulator clock.
 *
 * Rules (Svix's):
 * - success is a 2xx answer within {@link DELIVERY_TIMEOUT_MS} (15 s); a 3xx is a failure (redirects are not followed);
 *   no answer (refused, timed out, an address the SSRF rules refuse) is a failure with its error;
 * - after a failure the delivery is retried {@link RETRY_SCHEDULE_MS} later — 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h
 *   — each up to 10 % earlier (jitter that never makes it later, so moving the clock by the nominal delay always makes
 *   the retry due); a `Retry-After` answer (seconds or an HTTP date, at most 24 h) replaces the step's delay; after the
 *   last step the delivery is `failed`;
 * - an answer with the header `webhook-delivery: abort-message` ends the delivery (`failed`, no retries);
 * - a 410 disables the webhook (`disabledReason: 'gone'`); a webhook whose deliveries have failed, without a success
 *   between, for {@link DISABLE_AFTER_FAILING_MS} (5 days) is disabled at the next failure (`'failing'`); either writes
 *   an audit row (System) and ends the webhook's other pending deliveries as `failed`;
 * - the answer's body is read back up to {@link MAX_ANSWER_BYTES} (64 KiB, cut there), through the emulator's
 *   SSRF-safe fetch (http/outbound.ts: no link-local or metadata addresses, private ranges only with
 *   `--allow-private-network`, loopback allowed for local receivers).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { audits, webhookAttempts, webhookConfigurations, webhookDeliveries, webhookMessages } from '../db/schema.ts';
import type { EmittedEvent } from '../events/emit.ts';
import { emulatorNow } from '../clock.ts';
import { OutboundError, outboundFetch, type OutboundPolicy } from '../http/outbound.ts';
import { deliveryHeaders, type WebhookSecret, type SecretFormat } from './secrets.ts';

/** A webhook configuration row. */
export type WebhookRow = typeof webhookConfigurations.$inferSelect;
/** A delivery row. */
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
/** An attempt row. */
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** The delays between attempts, in ms: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (8 attempts in all). */
export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
/** How long an attempt may take, answer read included: 15 s. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** How much of an answer's body is kept: 64 KiB. */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** How long a webhook may fail, without a success between, before it is disabled: 5 days. */
export const DISABLE_AFTER_FAILING_MS = 5 * 86_400_000;
/** The longest `Retry-After` honoured: 24 h. */
export const MAX_RETRY_AFTER_MS = 86_400_000;

/** A new message id, the `webhook-id` of every attempt of the message: `msg_` + 24 hex digits. */
export const newMessageId = (): string => `msg_${randomBytes(12).toString('hex')}`;

/** The secrets that sign a webhook's requests at `now`: the current one, then a rotated-out one still in its overlap. */
export function signingSecrets(w: WebhookRow, now: number): WebhookSecret[] {
  const secrets: WebhookSecret[] = [{ secret: w.secret, format: w.secretFormat as SecretFormat }];
  if (w.previousSecret && w.previousSecretUntil && w.previousSecretUntil.getTime() > now) {
    secrets.push({ secret: w.previousSecret, format: (w.previousSecretFormat ?? 'raw') as SecretFormat });
  }
  return secrets;
}

/**
 * The event sink (events/emit.ts `addEventSink`): one message per event for the event's account, and one `pending`
 * delivery, due now, per active webhook of that account whose `eventKeys` hold the event's key. Body: `{ eventKey,
 * ...payload }` (Frontegg's payload: `{ user, eventContext: { tenantId, userId }, … }`), as JSON text kept on the message
 * so every attempt sends the same bytes. Written in the emitting request's transaction: a rolled-back action sends
 * nothing.
 */
export async function enqueueEvent(db: Db, event: EmittedEvent): Promise<number> {
  const hooks = await db
    .select({ id: webhookConfigurations.id })
    .from(webhookConfigurations)
    .where(
      and(
        eq(webhookConfigurations.tenantId, event.tenantId),
        eq(webhookConfigurations.isActive, true),
        sql`${webhookConfigurations.eventKeys} @> ${JSON.stringify([event.key])}::jsonb`,
      ),
    );
  if (!hooks.length) return 0;
  const messageId = newMessageId();
  await db
    .insert(webhookMessages)
    .values({ id: messageId, tenantId: event.tenantId, eventKey: event.key, body: JSON.stringify({ eventKey: event.key, ...event.payload }), createdAt: event.at });
  await db.insert(webhookDeliveries).values(
    hooks.map((h) => ({
      id: randomUUID(),
      webhookId: h.id,
      messageId,
      tenantId: event.tenantId,
      eventKey: event.key,
      status: 'pending',
      nextAttemptAt: event.at,
      createdAt: event.at,
      updatedAt: event.at,
    })),
  );
  return hooks.length;
}

/** The delay a `Retry-After` header asks for (delta seconds or an HTTP date), within 1 s … 24 h; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, realNow = Date.now()): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - realNow;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 1000), MAX_RETRY_AFTER_MS);
}

/** The delay before the next attempt after `roundAttempts` failed attempts of a round; undefined = no more. */
export function nextDelayMs(roundAttempts: number, retryAfter?: number): number | undefined {
  const nominal = RETRY_SCHEDULE_MS[roundAttempts - 1];
  if (nominal === undefined) return undefined;
  if (retryAfter !== undefined) return retryAfter;
  return nominal - Math.floor(Math.random() * nominal * 0.1);
}

/** What one request to a receiver gave. */
export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  requestHeaders: Record<string, string>;
  responseBody: string;
  responseHeaders: Record<string, string | string[] | undefined>;
  error: string | null;
}

/**
 * POSTs `body` to `url` as message `id`, signed with `secrets` (none: unsigned), under the delivery rules' limits.
 * Never throws for the receiver's sake: a failure to connect is `statusCode: null` with `error`.
 */
export async function sendSigned(policy: OutboundPolicy, url: string, id: string, body: string, secrets: readonly WebhookSecret[], webhookId?: string): Promise<SendResult> {
  const requestHeaders = await deliveryHeaders(id, body, secrets, webhookId);
  const started = performance.now();
  try {
    const r = await outboundFetch(url, {
      policy,
      method: 'POST',
      headers: requestHeaders,
      body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
      redirect: 'manual',
      overflow: 'truncate',
    });
    const durationMs = Math.round(performance.now() - started);
    return { statusCode: r.status, durationMs, requestHeaders, responseBody: r.body.toString('utf8'), responseHeaders: r.headers, error: null };
  } catch (e) {
    const durationMs = Math.round(performance.now() - started);
    const error = e instanceof OutboundError ? e.message : 'the request failed';
    return { statusCode: null, durationMs, requestHeaders, responseBody: '', responseHeaders: {}, error };
  }
}

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

/** Why an attempt failed, as the attempt log says it. */
function failureText(r: SendResult): string | null {
  if (isSuccess(r.statusCode)) return null;
  if (r.error) return r.error;
  if (r.statusCode !== null && r.statusCode >= 300 && r.statusCode < 400) return `redirect not followed (HTTP ${r.statusCode})`;
  return `HTTP ${r.statusCode}`;
}

/** Writes an audit row with System as the actor (the dispatcher acts outside any request). */
async function auditSystem(db: Db, row: { tenantId: string; action: string; targetId: string; description: string; details: Record<string, unknown> }) {
  await db.insert(audits).values({
    id: randomUUID(),
    actorId: null,
    actorEmail: null,
    actorName: null,
    ip: null,
    userAgent: null,
    severity: 'WARNING',
    createdAt: new Date(await emulatorNow(db)),
    ...row,
  });
}

/** Turns webhook `w` off for `reason` and ends its pending deliveries (`failed`); one audit row. */
export async function disableWebhook(db: Db, w: WebhookRow, reason: 'gone' | 'failing', now: Date): Promise<void> {
  await db.update(webhookConfigurations).set({ isActive: false, disabledReason: reason, updatedAt: now }).where(eq(webhookConfigurations.id, w.id));
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, updatedAt: now })
    .where(and(eq(webhookDeliveries.webhookId, w.id), eq(webhookDeliveries.status, 'pending')));
  const why = reason === 'gone' ? 'the endpoint answered 410 Gone' : 'its deliveries failed for 5 days';
  await auditSystem(db, {
    tenantId: w.tenantId,
    action: 'webhook.disabled',
    targetId: w.id,
    description: `Webhook disabled: ${w.displayName || w.url} (${why})`,
    details: { name: w.displayName, url: w.url, reason },
  });
}

/**
 * Makes one attempt of delivery `deliveryId` now, if it is still `pending`, and applies the rules (module comment).
 * The request goes out with no transaction open; its outcome is written in one, timed at the emulator clock's reading
 * when the attempt started. A delivery whose webhook was turned
 * off meanwhile ends `failed` without an attempt.
 * @param db the emulator's root database (not a request's transaction)
 * @returns the attempt written, or undefined when there was none (not pending, gone, webhook off)
 */
export async function attemptDelivery(db: Db, policy: OutboundPolicy, deliveryId: string): Promise<AttemptRow | undefined> {
  const [d] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!d || d.status !== 'pending') return undefined;
  const [w] = await db.select().from(webhookConfigurations).where(eq(webhookConfigurations.id, d.webhookId));
  const [m] = await db.select().from(webhookMessages).where(eq(webhookMessages.id, d.messageId));
  if (!w || !m) return undefined;
  if (!w.isActive) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null })
      .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.status, 'pending')));
    return undefined;
  }
  // the attempt's time is when it started: a clock moved while the request was out does not shift the next one
  const nowMs = await emulatorNow(db);
  const now = new Date(nowMs);
  const r = await sendSigned(policy, w.url, m.id, m.body, signingSecrets(w, nowMs), w.id);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // a reset or a deletion while the request was out: nothing to record
    const [still] = await tx.select({ status: webhookDeliveries.status }).from(webhookDeliveries).where(eq(webhookDeliveries.id, d.id)).for('update');
    if (!still || still.status !== 'pending') return undefined;
    const error = failureText(r);
    const [attempt] = await tx
      .insert(webhookAttempts)
      .values({
        id: randomUUID(),
        deliveryId: d.id,
        webhookId: w.id,
        tenantId: d.tenantId,
        at: now,
        statusCode: r.statusCode,
        durationMs: r.durationMs,
        requestHeaders: r.requestHeaders,
        requestBody: m.body,
        responseBody: r.responseBody,
        error,
      })
      .returning();
    const attempts = d.attempts + 1;
    const roundAttempts = d.roundAttempts + 1;
    const base = { attempts, roundAttempts, lastStatusCode: r.statusCode, updatedAt: now };
    if (!error) {
      await tx
        .update(webhookDeliveries)
        .set({ ...base, status: 'succeeded', nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, d.id));
      if (w.failingSince) await tx.update(webhookConfigurations).set({ failingSince: null }).where(eq(webhookConfigurations.id, w.id));
      return attempt;
    }
    const abort = String(r.responseHeaders['webhook-delivery'] ?? '').toLowerCase() === 'abort-message';
    const delay = abort || r.statusCode === 410 ? undefined : nextDelayMs(roundAttempts, retryAfterMs(r.responseHeaders['retry-after']));
    await tx
      .update(webhookDeliveries)
      .set({ ...base, status: delay === undefined ? 'failed' : 'pending', nextAttemptAt: delay === undefined ? null : new Date(nowMs + delay) })
      .where(eq(webhookDeliveries.id, d.id));
    const failingSince = w.failingSince ?? now;
    if (!w.failingSince) await tx.update(webhookConfigurations).set({ failingSince }).where(eq(webhookConfigurations.id, w.id));
    if (r.statusCode === 410) await disableWebhook(tx, w, 'gone', now);
    else if (nowMs - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) await disableWebhook(tx, w, 'failing', now);
    return attempt;
  });
}

/** The ids of the pending deliveries due at the emulator clock's now, oldest due first (at most `limit`). */
export async function dueDeliveryIds(db: Db, limit: number): Promise<string[]> {
  const now = new Date(await emulatorNow(db));
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.nextAttemptAt} <= ${now}`))
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Queues deliveries again, due now, in a new round of the retry schedule (resend, Frontegg's retry, recovery); the
 * message — and so the `webhook-id` — stays the same. Only deliveries of `webhookId`.
 * @returns how many were queued
 */
export async function requeue(db: Db, webhookId: string, deliveryIds: readonly string[]): Promise<number> {
  if (!deliveryIds.length) return 0;
  const now = new Date(await emulatorNow(db));
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', roundAttempts: 0, nextAttemptAt: now, updatedAt: now })
    .where(and(eq(webhookDeliveries.webhookId, webhookId), inArray(webhookDeliveries.id, [...deliveryIds])))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** The `failed` deliveries of webhook `webhookId` made at or after `since` (Svix's "recover failed messages since"). */
export async function failedSince(db: Db, webhookId: string, since: Date): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'failed'), gte(webhookDeliveries.createdAt, since)));
  return rows.map((r) => r.id);
}
