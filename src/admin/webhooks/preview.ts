/**
 * The webhooks section's canned data in preview mode (`<fe-app preview>`), an answer for every call of
 * src/api/webhooks.ts (the event catalogue is ./channels/preview.ts's: three categories over Frontegg's 22 event keys): three webhooks (an active
 * one with a generated secret and recent deliveries; an inactive one with a typed secret in a rotation overlap; one
 * whose last call failed), each webhook's log, the first webhook's deliveries (delivered, failed after retries,
 * pending) and their attempts, a test call answered 200 with a JSON body, and the writes (a new webhook's secret
 * generated and shown once).
 */
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import { previewChannels } from './channels/preview.ts';
import { WEBHOOKS_PATHS, type DeliveryStatus, type WebhookConfiguration, type WebhookDelivery, type WebhookDeliveryDetail, type WebhookLog } from '../resources/webhooks.ts';

/** The canned webhooks (as the list answers them: no secret). */
export const PREVIEW_WEBHOOKS: WebhookConfiguration[] = [
  {
    _id: 'wh-crm',
    displayName: 'CRM sync',
    description: 'New and removed users to the CRM',
    url: 'https://crm.example.com/hooks/frontegg',
    eventKeys: ['frontegg.user.created', 'frontegg.user.invitedToTenant', 'frontegg.user.deleted'],
    isActive: true,
    secretFormat: 'whsec',
    secretOverlapUntil: null,
    createdAt: '2030-01-02T09:00:00.000Z',
  },
  {
    _id: 'wh-audit',
    displayName: 'Audit archive',
    description: 'Every sign-in, kept for a year',
    url: 'https://archive.example.org/ingest',
    eventKeys: ['frontegg.user.authenticated', 'frontegg.user.failedAuthentication'],
    isActive: false,
    secretFormat: 'raw',
    secretOverlapUntil: '2099-01-01T12:00:00.000Z',
    createdAt: '2030-01-03T10:00:00.000Z',
  },
  {
    _id: 'wh-slackbot',
    displayName: 'Security bot',
    url: 'https://bot.example.net/events',
    eventKeys: ['frontegg.user.enrolledMFA', 'frontegg.user.disabledMFA', 'frontegg.user.changedPassword', 'frontegg.tenantApiToken.created'],
    isActive: true,
    secretFormat: 'whsec',
    createdAt: '2030-01-04T11:00:00.000Z',
  },
];

/** Each canned webhook's log, newest first (the last call of Security bot failed). */
export const PREVIEW_WEBHOOK_LOGS: Record<string, WebhookLog[]> = {
  'wh-crm': [
    { id: 'log-crm-3', webhookId: 'wh-crm', statusCode: 200, body: { received: true }, createdAt: '2030-01-05T08:30:10.000Z' },
    { id: 'log-crm-2', webhookId: 'wh-crm', statusCode: 500, body: 'Internal Server Error', createdAt: '2030-01-05T08:30:05.000Z' },
    { id: 'log-crm-1', webhookId: 'wh-crm', statusCode: 500, body: 'Internal Server Error', createdAt: '2030-01-05T08:30:00.000Z' },
  ],
  'wh-audit': [],
  'wh-slackbot': [{ id: 'log-bot-1', webhookId: 'wh-slackbot', statusCode: 500, body: { error: 'upstream down' }, createdAt: '2030-01-05T07:10:00.000Z' }],
};

const payloadOf = (key: string) => ({
  eventKey: key,
  user: { id: 'usr-ada', email: 'ada@example.com', name: 'Ada Lovelace' },
  eventContext: { tenantId: 'preview-tenant', userId: 'usr-admin' },
});

const headersOf = (messageId: string, at: string) => ({
  'content-type': 'application/json',
  'webhook-id': messageId,
  'webhook-timestamp': String(Math.floor(Date.parse(at) / 1000)),
  'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  'x-webhook-secret': 'eyJhbGciOiJIUzI1NiJ9.eyJpYXQiOjE4OTM0NTYwMDB9.preview',
});

function delivery(id: string, key: string, status: DeliveryStatus, createdAt: string, codes: (number | null)[], nextAttemptAt: string | null): WebhookDeliveryDetail {
  const messageId = `msg_${id}`;
  const body = JSON.stringify(payloadOf(key));
  const start = Date.parse(createdAt);
  // Svix's schedule: at once, then 5 s, then 5 min
  const offsets = [0, 5_000, 305_000];
  return {
    id,
    messageId,
    eventKey: key,
    status,
    lastStatusCode: codes.at(-1) ?? null,
    createdAt,
    nextAttemptAt,
    payload: payloadOf(key),
    attempts: codes.map((code, i) => {
      const at = new Date(start + offsets[i]).toISOString();
      return {
        id: `${id}-a${i + 1}`,
        at,
        statusCode: code,
        durationMs: code === null ? 15_000 : 80 + i * 40,
        requestHeaders: headersOf(messageId, at),
        requestBody: body,
        responseBody: code === null ? null : code < 300 ? '{"received":true}' : 'Internal Server Error',
        error: code === null ? 'No answer within 15 s' : null,
      };
    }),
  };
}

/** The CRM webhook's canned deliveries, newest first, with their attempts. */
export const PREVIEW_DELIVERIES: WebhookDeliveryDetail[] = [
  delivery('dlv-3', 'frontegg.user.invitedToTenant', 'pending', '2030-01-05T08:40:00.000Z', [500], '2030-01-05T08:40:05.000Z'),
  delivery('dlv-2', 'frontegg.user.created', 'succeeded', '2030-01-05T08:30:00.000Z', [500, null, 200], null),
  delivery('dlv-1', 'frontegg.user.deleted', 'failed', '2030-01-04T18:00:00.000Z', [503, 503, 410], null),
];

/** A delivery's row (its attempts counted). */
const rowOf = (d: WebhookDeliveryDetail): WebhookDelivery => {
  const { payload: _payload, attempts, ...row } = d;
  return { ...row, attempts: attempts.length };
};

/** The secret the preview "generates" for a new webhook, shown once. */
export const PREVIEW_GENERATED_SECRET = 'whsec_cHJldmlldy1zZWNyZXQtc2hvd24tb25jZQ==';

/** Answers every webhooks call (null when the request is not the section's). */
export const previewWebhooks: SectionPreviewRoutes = (req) => {
  const { method } = req;
  // the log's path ends with a slash as Frontegg's client sends it; the transport may have dropped it
  const path = req.path === WEBHOOKS_PATHS.logs.slice(0, -1) ? WEBHOOKS_PATHS.logs : req.path;
  if (path === WEBHOOKS_PATHS.configurations && method === 'GET') return { status: 200, body: PREVIEW_WEBHOOKS };
  if (path === WEBHOOKS_PATHS.custom && method === 'POST') {
    const typed = String(req.body?.secret ?? '');
    const made = { ...req.body, _id: 'wh-new', secretFormat: typed ? 'raw' : 'whsec', secret: typed || PREVIEW_GENERATED_SECRET, createdAt: new Date(req.now).toISOString() };
    return { status: 201, body: made };
  }
  if (path === WEBHOOKS_PATHS.test)
    return { status: 200, body: { id: 'log-test', statusCode: 200, body: '{"received":true,"preview":true}', createdAt: new Date(req.now).toISOString() } };
  if (path === WEBHOOKS_PATHS.logs && method === 'GET') {
    const rows = PREVIEW_WEBHOOK_LOGS[req.query.get('id') ?? ''] ?? [];
    const offset = Number(req.query.get('offset') ?? 0);
    const limit = Number(req.query.get('limit') ?? 10);
    return { status: 200, body: { count: rows.length, rows: rows.slice(offset, offset + limit) } };
  }
  if (path.startsWith(WEBHOOKS_PATHS.logs) && method === 'POST') return { status: 200, body: { id: 'log-retry', statusCode: 202, createdAt: new Date(req.now).toISOString() } };
  if (!path.startsWith(`${WEBHOOKS_PATHS.configurations}/`)) return null;
  const [id, sub, deliveryId, action] = path.slice(WEBHOOKS_PATHS.configurations.length + 1).split('/');
  if (!sub) {
    if (method === 'PATCH') {
      // a typed secret rotates to it, `rotateSecret` to a generated one; an empty one keeps the secret
      const typed = typeof req.body?.secret === 'string' && req.body.secret ? req.body.secret : undefined;
      const changed = typed ? { secret: typed, secretFormat: 'raw' } : req.body?.rotateSecret ? { secret: PREVIEW_GENERATED_SECRET, secretFormat: 'whsec' } : { secret: null };
      return { status: 200, body: { ...PREVIEW_WEBHOOKS.find((w) => w._id === id), ...req.body, ...changed } };
    }
    if (method === 'DELETE') return { status: 200, body: {} };
    return null;
  }
  if (sub === 'deliveries' && method === 'GET') {
    const mine = id === 'wh-crm' ? PREVIEW_DELIVERIES : [];
    if (deliveryId) {
      const found = mine.find((d) => d.id === deliveryId);
      return found ? { status: 200, body: found } : { status: 404, body: { errors: ['Delivery not found'] } };
    }
    const status = req.query.get('status');
    const eventKey = req.query.get('eventKey');
    const rows = mine.filter((d) => (!status || d.status === status) && (!eventKey || d.eventKey === eventKey)).map(rowOf);
    const offset = Number(req.query.get('offset') ?? 0);
    const limit = Number(req.query.get('limit') ?? 20);
    return { status: 200, body: { count: rows.length, rows: rows.slice(offset, offset + limit) } };
  }
  if ((sub === 'deliveries' && action === 'resend') || sub === 'recover' || sub === 'secret') return { status: 202, body: {} };
  return null;
};

/**
 * The section's preview answers — the webhooks', then the event catalogue's, the channels' and the reports'
 * (./channels/preview.ts) — loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts).
 */
export default [previewWebhooks, previewChannels];
