/**
 * Admin routes of the webhooks section (issue 33; api-contract §Y): the account's webhook configurations, their logs,
 * test and retry, the delivery inspector's routes (deliveries, one delivery with its attempts, resend, recover, end a
 * secret's overlap) and the event catalogue (categories, channel maps). The domain is src/webhooks/ (configurations,
 * secrets and signing, the durable delivery queue and its dispatcher).
 *
 * Permissions (admin spec §6, src/admin/shell/ids.ts): reads `fe.connectivity.read.webhooks`, changes, test, retry,
 * resend and recover `fe.connectivity.write.webhooks`, deletion `fe.connectivity.delete.webhooks`, logs and deliveries
 * `fe.connectivity.read.webhookLogs`; the event catalogue any `fe.connectivity.*` key. A refusal is 403
 * `Not authorized`. The caller's own account only: another account's webhook, delivery or log row is 404 as if absent.
 * Every configuration change writes an audit row (`webhook.created`, `.updated`, `.deleted`, `.secret.rotated`,
 * `.secret.overlap-ended`, `.delivery.resent`, `.deliveries.recovered`, `.delivery.retried`).
 */
import { isIP } from 'node:net';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { audit } from '../../audit.ts';
import { requireAnyPermission, requirePermission } from '../../http/permissions.ts';
import { httpUrl, parseBody } from '../../http/body.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { parseQuery, q } from '../../http/query.ts';
import { addressRefusal } from '../../http/outbound.ts';
import { emulatorDate, emulatorNow } from '../../clock.ts';
import { EVENT_KEYS } from '../../events/emit.ts';
import { channelMaps, eventCategories, isEventKey } from '../../webhooks/catalog.ts';
import { generateSecret, typedSecret, type WebhookSecret } from '../../webhooks/secrets.ts';
import { failedSince, newMessageId, requeue, sendSigned, signingSecrets } from '../../webhooks/deliveries.ts';
import {
  DELIVERY_STATUSES,
  createWebhook,
  deleteWebhook,
  deliveryDetail,
  endOverlap,
  findAttempt,
  findWebhook,
  invocationsOf,
  listDeliveries,
  listWebhooks,
  updateWebhook,
  webhookDto,
  webhookLogs,
} from '../../webhooks/configurations.ts';

type Ctx = Context<AppEnv>;

export const adminWebhooksRoutes = new Hono<AppEnv>();

const READ = requirePermission('fe.connectivity.read.webhooks');
const WRITE = requirePermission('fe.connectivity.write.webhooks');
const DELETE = requirePermission('fe.connectivity.delete.webhooks');
const LOGS = requirePermission('fe.connectivity.read.webhookLogs');
const CATALOGUE = requireAnyPermission('fe.connectivity.*');
const EVENTS = '/event/resources/configurations/v1';

guard(adminWebhooksRoutes, '/webhook/*', `${EVENTS}/*`);

/** A URL whose host is an address the delivery rules never reach (link-local, metadata, …) is refused when saved. */
const webhookUrl = () =>
  httpUrl().superRefine((value, ctx) => {
    const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
    const refusal = isIP(host) ? addressRefusal(host, { allowPrivateNetwork: true }) : undefined;
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
  });

const eventKeysField = z
  .array(z.string(), { message: 'eventKeys must be a list of event keys' })
  .min(1, 'choose at least one event')
  .superRefine((keys, ctx) => {
    const unknown = keys.filter((k) => !isEventKey(k));
    if (unknown.length) ctx.addIssue({ code: 'custom', message: `unknown event keys: ${unknown.join(', ')}` });
  })
  .transform((keys) => EVENT_KEYS.filter((k) => keys.includes(k)) as string[]);

/** Frontegg's save body (`IWebhooksSaveData`): `_id` is the path's; `secret` empty = generated (create) or kept (update). */
const saveBody = z.object({
  _id: z.string().nullish(),
  displayName: z.string({ message: 'displayName is required' }).trim().min(1, 'displayName is required').max(255, 'displayName must be at most 255 characters'),
  description: z
    .string()
    .max(1000, 'description must be at most 1000 characters')
    .nullish()
    .transform((v) => v ?? ''),
  url: webhookUrl(),
  eventKeys: eventKeysField,
  isActive: z.boolean({ message: 'isActive must be true or false' }).default(true),
  secret: z.string({ message: 'secret must be text' }).nullish(),
  payload: z.unknown().optional(),
});

/** The secret of a save body: undefined = none typed; 400 for a short one. */
function secretOf(text: string | null | undefined): WebhookSecret | undefined {
  try {
    return typedSecret(text);
  } catch (e) {
    throw badRequest(`secret: ${(e as Error).message}`);
  }
}

/** The account's webhook `id` (locked for a change), else 404. */
async function webhookOr404(c: Ctx, id: string, lock = false) {
  const w = await findWebhook(c.var.db, c.var.auth.tenantId, id, lock);
  if (!w) throw notFound('Webhook not found', 'ER-WEBHOOK-NOT-FOUND');
  return w;
}

const answer = async (c: Ctx, row: Parameters<typeof webhookDto>[0], secret: string | null = null) => {
  const invocations = (await invocationsOf(c.var.db, [row.id])).get(row.id) ?? 0;
  return webhookDto(row, invocations, await emulatorNow(c.var.db), secret);
};

const auditDetails = (w: { displayName: string; url: string; eventKeys: string[]; isActive: boolean }) => ({
  name: w.displayName,
  url: w.url,
  eventKeys: w.eventKeys,
  isActive: w.isActive,
});

// ---------------------------------------------------------------- the event catalogue

/** `GET /event/resources/configurations/v1/categories`: the four categories with their events (`ICategory[]`). */
adminWebhooksRoutes.get(`${EVENTS}/categories`, CATALOGUE, (c) => c.json(eventCategories(c.var.rt.vendorId)));

/** `GET /event/resources/configurations/v1?channels=webhook` (comma-separated): the events on those channels (`IChannelsMap[]`). */
adminWebhooksRoutes.get(EVENTS, CATALOGUE, (c) => {
  const { channels } = parseQuery(c, z.object({ channels: q.list() }));
  return c.json(channelMaps(c.var.rt.vendorId, channels ?? []));
});

// ---------------------------------------------------------------- configurations

/** `GET /webhook`: the account's webhooks by display name (`IWebhooksConfigurations[]`, `secret: null`). */
adminWebhooksRoutes.get('/webhook', READ, async (c) => {
  const db = c.var.db;
  const rows = await listWebhooks(db, c.var.auth.tenantId);
  const invocations = await invocationsOf(
    db,
    rows.map((r) => r.id),
  );
  const now = await emulatorNow(db);
  return c.json(rows.map((r) => webhookDto(r, invocations.get(r.id) ?? 0, now)));
});

/** `POST /webhook/custom`: makes a webhook; the answer carries its secret, the only time it is shown (201). */
adminWebhooksRoutes.post('/webhook/custom', WRITE, async (c) => {
  const body = await parseBody(c, saveBody);
  const db = c.var.db;
  const now = await emulatorDate(db);
  const fields = { displayName: body.displayName, description: body.description, url: body.url, eventKeys: body.eventKeys, isActive: body.isActive, payload: body.payload };
  const { row, secret } = await createWebhook(db, { tenantId: c.var.auth.tenantId, vendorId: c.var.rt.vendorId }, fields, secretOf(body.secret), now);
  await audit(c, { action: 'webhook.created', targetId: row.id, details: { ...auditDetails(row), format: row.secretFormat } });
  return c.json(await answer(c, row, secret), 201);
});

/** Routes under `/webhook/logs` come before `/webhook/{id}` (a literal before the parameter). */
const logsQuery = z.object({ id: q.text(), offset: q.int(0, 0), limit: q.int(10, 1, 100) });

/** `GET /webhook/logs/?id&offset=0&limit=10`: Frontegg's logs of a webhook, newest first: `{ count, rows: IWebhookLog[] }`. */
const getLogs = async (c: Ctx) => {
  const { id, offset, limit } = parseQuery(c, logsQuery);
  if (!id) throw badRequest('id is required');
  const w = await webhookOr404(c, id);
  return c.json(await webhookLogs(c.var.db, w.id, c.var.rt.vendorId, { offset, limit }));
};
adminWebhooksRoutes.get('/webhook/logs/', LOGS, getLogs);
adminWebhooksRoutes.get('/webhook/logs', LOGS, getLogs);

/**
 * `POST /webhook/logs/{id}/retries`: delivers the message of log row `id` again (same `webhook-id`), queued now in a
 * new round of the retry schedule: 202 with the log row's shape and `statusCode: 202` (the spec's "retry succeeds only
 * on 202"); the attempt itself shows in the logs once made. 400 when the webhook is off.
 */
adminWebhooksRoutes.post('/webhook/logs/:logId/retries', WRITE, idParams('logId'), async (c) => {
  const attempt = await findAttempt(c.var.db, c.var.auth.tenantId, c.req.param('logId'));
  if (!attempt) throw notFound('Log not found', 'ER-WEBHOOK-LOG-NOT-FOUND');
  const w = await webhookOr404(c, attempt.webhookId, true);
  if (!w.isActive) throw badRequest('The webhook is not active', 'ER-WEBHOOK-INACTIVE');
  await requeue(c.var.db, w.id, [attempt.deliveryId]);
  await audit(c, { action: 'webhook.delivery.retried', targetId: w.id, details: { name: w.displayName, deliveryId: attempt.deliveryId, logId: attempt.id } });
  c.var.rt.webhooks?.kick(25);
  const now = await emulatorDate(c.var.db);
  return c.json(
    {
      id: attempt.id,
      body: attempt.requestBody,
      createdAt: now.toISOString(),
      statusCode: 202,
      tenantId: attempt.tenantId,
      vendorId: c.var.rt.vendorId,
      webhookId: w.id,
      deliveryId: attempt.deliveryId,
    },
    202,
  );
});

/**
 * `POST /webhook/test { url, secret, payload }`: sends one signed request now and answers what came back: `{ body
 * (the answer's text), createdAt, id (the message id), statusCode (null: no answer), tenantId, vendorId, webhookId,
 * durationMs, error }`. The spec's test succeeds on 200 or 201. `payload` (an object or text) is the body, else a
 * sample event; `secret` signs it (empty: unsigned, or — with our `webhookId` naming one of the account's webhooks —
 * that webhook's secrets). Nothing is stored, and no transaction is held while the request is out (app.ts).
 */
adminWebhooksRoutes.post('/webhook/test', WRITE, async (c) => {
  const body = await parseBody(
    c,
    z.object({ url: webhookUrl(), secret: z.string({ message: 'secret must be text' }).nullish(), payload: z.unknown().optional(), webhookId: z.string().nullish() }),
  );
  const db = c.var.db;
  const now = await emulatorDate(db);
  const hook = body.webhookId ? await webhookOr404(c, body.webhookId) : undefined;
  const typed = secretOf(body.secret);
  const secrets = typed ? [typed] : hook ? signingSecrets(hook, now.getTime()) : [];
  const id = newMessageId();
  const text =
    typeof body.payload === 'string'
      ? body.payload
      : JSON.stringify(body.payload ?? { eventKey: 'frontegg.test', eventContext: { tenantId: c.var.auth.tenantId, userId: c.var.auth.sub }, test: true });
  const r = await sendSigned(c.var.rt.outbound, body.url, id, text, secrets, hook?.id);
  return c.json({
    body: r.responseBody,
    createdAt: now.toISOString(),
    id,
    statusCode: r.statusCode,
    tenantId: c.var.auth.tenantId,
    vendorId: c.var.rt.vendorId,
    webhookId: hook?.id ?? null,
    durationMs: r.durationMs,
    error: r.error,
  });
});

/** `GET /webhook/{id}` (ours, for the inspector's page): one webhook, as the list answers it. */
adminWebhooksRoutes.get('/webhook/:id', READ, idParams('id'), async (c) => c.json(await answer(c, await webhookOr404(c, c.req.param('id')))));

/**
 * `PATCH /webhook/{_id}`: changes a webhook (Frontegg's whole save body). A typed `secret` other than the current one
 * rotates it (both sign for 24 h) and is answered once; an empty one keeps it; our `rotateSecret: true` generates a
 * new `whsec_` one. Turning a disabled webhook on clears why it was off.
 */
adminWebhooksRoutes.patch('/webhook/:id', WRITE, idParams('id'), async (c) => {
  const body = await parseBody(c, saveBody.partial().extend({ rotateSecret: z.boolean().optional() }));
  const db = c.var.db;
  const w = await webhookOr404(c, c.req.param('id'), true);
  const now = await emulatorDate(db);
  const typed = secretOf(body.secret);
  const secret = typed ?? (body.rotateSecret ? generateSecret() : undefined);
  const fields = Object.fromEntries(
    Object.entries({
      displayName: body.displayName,
      description: body.description,
      url: body.url,
      eventKeys: body.eventKeys,
      isActive: body.isActive,
      payload: body.payload,
    }).filter(([, v]) => v !== undefined),
  );
  const row = await updateWebhook(db, w, fields, secret, now);
  const rotated = row.secret !== w.secret;
  await audit(c, { action: 'webhook.updated', targetId: w.id, details: auditDetails(row) });
  if (rotated) await audit(c, { action: 'webhook.secret.rotated', targetId: w.id, details: { name: row.displayName, format: row.secretFormat } });
  return c.json(await answer(c, row, rotated ? row.secret : null));
});

/** `DELETE /webhook/{id}`: deletes a webhook with its deliveries and logs (`{}`). */
adminWebhooksRoutes.delete('/webhook/:id', DELETE, idParams('id'), async (c) => {
  const w = await webhookOr404(c, c.req.param('id'), true);
  await deleteWebhook(c.var.db, w);
  await audit(c, { action: 'webhook.deleted', targetId: w.id, severity: 'WARNING', details: auditDetails(w) });
  return c.json({});
});

// ---------------------------------------------------------------- the delivery inspector (ours)

const deliveriesQuery = z.object({ status: q.oneOf(DELIVERY_STATUSES, undefined), eventKey: q.text(), offset: q.int(0, 0), limit: q.int(20, 1, 100) });

/**
 * `GET /webhook/{id}/deliveries?status&eventKey&offset&limit`: the webhook's deliveries, newest first: `{ count,
 * rows: [{ id, messageId, eventKey, status (pending | succeeded | failed), attempts, lastStatusCode, createdAt,
 * nextAttemptAt }] }` (limit default 20, at most 100).
 */
adminWebhooksRoutes.get('/webhook/:id/deliveries', LOGS, idParams('id'), async (c) => {
  const query = parseQuery(c, deliveriesQuery);
  const w = await webhookOr404(c, c.req.param('id'));
  return c.json(await listDeliveries(c.var.db, w.id, { status: query.status, eventKey: query.eventKey }, query));
});

/** `GET /webhook/{id}/deliveries/{deliveryId}`: the delivery with `payload` and `attempts` (oldest first: `{ id, at, statusCode, durationMs, requestHeaders, requestBody, responseBody, error }`). */
adminWebhooksRoutes.get('/webhook/:id/deliveries/:deliveryId', LOGS, idParams('id', 'deliveryId'), async (c) => {
  const w = await webhookOr404(c, c.req.param('id'));
  const detail = await deliveryDetail(c.var.db, w.id, c.req.param('deliveryId'));
  if (!detail) throw notFound('Delivery not found', 'ER-WEBHOOK-DELIVERY-NOT-FOUND');
  return c.json(detail);
});

/** `POST /webhook/{id}/deliveries/{deliveryId}/resend`: queues the delivery again now (same `webhook-id`, a new round of retries): 202 with the delivery. 400 when the webhook is off. */
adminWebhooksRoutes.post('/webhook/:id/deliveries/:deliveryId/resend', WRITE, idParams('id', 'deliveryId'), async (c) => {
  const w = await webhookOr404(c, c.req.param('id'), true);
  if (!w.isActive) throw badRequest('The webhook is not active', 'ER-WEBHOOK-INACTIVE');
  const deliveryId = c.req.param('deliveryId');
  if (!(await requeue(c.var.db, w.id, [deliveryId]))) throw notFound('Delivery not found', 'ER-WEBHOOK-DELIVERY-NOT-FOUND');
  await audit(c, { action: 'webhook.delivery.resent', targetId: w.id, details: { name: w.displayName, deliveryId } });
  c.var.rt.webhooks?.kick(25);
  const detail = await deliveryDetail(c.var.db, w.id, deliveryId);
  const { payload: _payload, attempts: _attempts, ...row } = detail!;
  return c.json(row, 202);
});

/** `POST /webhook/{id}/recover { since }` (ISO 8601 or ms): queues again every failed delivery made since then: 202 `{ count }`. 400 when the webhook is off. */
adminWebhooksRoutes.post('/webhook/:id/recover', WRITE, idParams('id'), async (c) => {
  const body = await parseBody(
    c,
    z.object({
      since: z.union([z.string(), z.number()], { message: 'since must be an ISO 8601 date-time or epoch milliseconds' }).transform((v, ctx) => {
        const ms = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Date.parse(v);
        if (Number.isFinite(ms)) return new Date(ms);
        ctx.addIssue({ code: 'custom', message: 'since must be an ISO 8601 date-time or epoch milliseconds' });
        return z.NEVER;
      }),
    }),
  );
  const w = await webhookOr404(c, c.req.param('id'), true);
  if (!w.isActive) throw badRequest('The webhook is not active', 'ER-WEBHOOK-INACTIVE');
  const n = await requeue(c.var.db, w.id, await failedSince(c.var.db, w.id, body.since));
  await audit(c, { action: 'webhook.deliveries.recovered', targetId: w.id, details: { name: w.displayName, since: body.since.toISOString(), count: n } });
  if (n) c.var.rt.webhooks?.kick(25);
  return c.json({ count: n }, 202);
});

/** `POST /webhook/{id}/secret/end-overlap`: the rotated-out secret stops signing now; the webhook. */
adminWebhooksRoutes.post('/webhook/:id/secret/end-overlap', WRITE, idParams('id'), async (c) => {
  const w = await webhookOr404(c, c.req.param('id'), true);
  const row = await endOverlap(c.var.db, w, await emulatorDate(c.var.db));
  await audit(c, { action: 'webhook.secret.overlap-ended', targetId: w.id, details: { name: w.displayName } });
  return c.json(await answer(c, row));
});
