/**
 * Webhooks (admin spec §3 "Connectivity", §4 "Webhook test", §7 "Connectivity", §9; api-contract §Y; AB-3.39,
 * AB-4.30–4.31, AB-7.57, AB-7.60–7.62, AB-9.14): Frontegg's calls exactly as its client makes them
 * (`@frontegg/rest-api` connectivity: `GET /webhook`, `POST /webhook/custom`, `PATCH /webhook/{_id}`,
 * `DELETE /webhook/{id}`, `POST /webhook/test`, `GET /webhook/logs/?id&offset&limit`, `POST /webhook/logs/{id}/retries`,
 * the event categories), plus the emulator's delivery inspector (issue 33 item 2, beyond Frontegg: deliveries, their
 * attempts, resend, recover, the end of a secret's rotation overlap). Calls send `frontegg-source: admin-portal`, take
 * a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';
import type { CatalogueEvent, EventCategory } from './connectivity.ts';

/** Paths, without the `/{prefix}` (Frontegg's `urls.integrations` / `urls.event`; the inspector's are the emulator's). */
export const WEBHOOKS_PATHS = Object.freeze({
  /** `GET` the configurations; `/webhook/{id}`: `PATCH` one, `DELETE` one. */
  configurations: '/webhook',
  /** `POST` a new configuration. */
  custom: '/webhook/custom',
  /** `POST` a test call to a URL. */
  test: '/webhook/test',
  /** `GET` with `id`, `offset`, `limit` (trailing slash, as Frontegg's client sends it); `/webhook/logs/{id}/retries`: `POST`. */
  logs: '/webhook/logs/',
  /** `GET` the event categories, each with its events. */
  categories: '/event/resources/configurations/v1/categories',
});

/** Webhook log page defaults (admin spec §9; AB-9.14): from row 0, 10 rows. */
export const WEBHOOK_LOG_DEFAULTS = Object.freeze({ offset: 0, limit: 10 });

/**
 * One webhook configuration (`IWebhooksConfigurations`; AB-3.39): `_id`, what it is called and for, the URL it POSTs
 * to, the event keys it is subscribed to, whether it is active, and ISO dates. `secret` is answered in clear only by
 * the write that set or generated it (shown once), never by the list (absent or masked there). Assumed of the
 * emulator (issue 33 emu-hooks, beyond Frontegg): `secretFormat` — `whsec` for a generated `whsec_<base64>` secret,
 * `raw` for one typed by the admin (its UTF-8 bytes); `secretOverlapUntil` — while a rotated secret's old one
 * still signs (24 h, ISO date), else null or absent. (The emu-hooks branch answers these names.)
 */
export interface WebhookConfiguration {
  _id: string;
  displayName: string;
  description?: string;
  url: string;
  eventKeys: string[];
  isActive: boolean;
  secret?: string | null;
  secretFormat?: 'whsec' | 'raw';
  secretOverlapUntil?: string | null;
  invocations?: number;
  createdAt?: string;
  updatedAt?: string;
}

/**
 * What a create or an update sends (`IWebhooksSaveData`): on a create, `secret` empty lets the emulator generate one
 * (`whsec_…`, answered once); a typed secret has at least 8 characters. On an update an empty or absent `secret` keeps
 * it, a typed one rotates to it, and the emulator's `rotateSecret: true` rotates to a generated one (answered once);
 * after a rotation both secrets sign for 24 hours.
 */
export interface WebhookSaveData {
  _id?: string;
  displayName: string;
  description?: string;
  url: string;
  eventKeys: string[];
  isActive: boolean;
  secret?: string;
  rotateSecret?: boolean;
  payload?: unknown;
}

/** One logged call of a webhook (Frontegg's `WebhookLog`): the answer's status code and body; `createdAt` ISO. */
export interface WebhookLog {
  id: string;
  webhookId?: string;
  statusCode: number;
  body?: unknown;
  createdAt: string;
  tenantId?: string;
  vendorId?: string;
}

/** A page of a webhook's log (`IWebhookLogsResponse`). */
export interface WebhookLogsPage {
  count: number;
  rows: WebhookLog[];
}

/**
 * A test call's answer (`postWebhookTest`): the receiver's status code (null: no answer, `error` says why) and body
 * (AB-4.30, AB-7.60).
 */
export interface WebhookTestResult extends Omit<WebhookLog, 'statusCode'> {
  statusCode: number | null;
  error?: string | null;
}

/** One event of the catalogue (`IEvent`) and a category with its events (`ICategory`): the connectivity area's (one catalogue). */
export type WebhookEvent = CatalogueEvent;
export type WebhookCategory = EventCategory;

/** A delivery's state in the emulator's queue: waiting for its next attempt, delivered, or given up on. */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';
/** The statuses a delivery list can be filtered by. */
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed'];

/**
 * One delivery of an event to a webhook (the emulator's queue row; issue 33 item 2): `messageId` is the stable
 * `webhook-id`, `attempts` how many were made, `lastStatusCode` the last answer's status (null: none, e.g. a
 * timeout), `createdAt` and `nextAttemptAt` ISO dates (`nextAttemptAt` null when no attempt is due).
 */
export interface WebhookDelivery {
  id: string;
  messageId: string;
  eventKey: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  createdAt: string;
  nextAttemptAt: string | null;
}

/** A page of deliveries. */
export interface WebhookDeliveriesPage {
  count: number;
  rows: WebhookDelivery[];
}

/** The deliveries' query: a status and an event key to filter by; rows from `offset`, `limit` of them. */
export interface DeliveriesQuery {
  status?: DeliveryStatus;
  eventKey?: string;
  offset: number;
  limit: number;
}

/**
 * One attempt at a delivery: when (`at`, ISO), the answer's status code (null: no answer — `error` says why),
 * how long it took (ms), the headers and body sent, and the answer's body (bounded by the emulator).
 */
export interface DeliveryAttempt {
  id: string;
  at: string;
  statusCode: number | null;
  durationMs: number;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseBody: string | null;
  error: string | null;
}

/** A delivery with its payload and every attempt, oldest first (`attempts`: the list here, its count in a row). */
export interface WebhookDeliveryDetail extends Omit<WebhookDelivery, 'attempts'> {
  payload: unknown;
  attempts: DeliveryAttempt[];
}

/** The path of one configuration, or below it. */
const configPath = (id: string, rest = '') => `${WEBHOOKS_PATHS.configurations}/${encodeURIComponent(id)}${rest}`;

/** Creates the webhooks calls on top of `client`. */
export function createWebhooksApi(client: ApiClient) {
  return {
    /** `GET /webhook`: every configuration of the tenant (AB-7.57). */
    list(o?: CallOptions): Promise<WebhookConfiguration[]> {
      return client.get<WebhookConfiguration[]>(WEBHOOKS_PATHS.configurations, adminOptions(o));
    },
    /**
     * Saves a configuration (AB-7.57): without `_id` `POST /webhook/custom`, with it `PATCH /webhook/{_id}` (the
     * body keeps `_id`, as Frontegg's client sends it). Answers the configuration (with the secret once when set).
     */
    save(data: WebhookSaveData, o?: CallOptions): Promise<WebhookConfiguration> {
      return data._id
        ? client.patch<WebhookConfiguration>(configPath(data._id), data, adminOptions(o))
        : client.post<WebhookConfiguration>(WEBHOOKS_PATHS.custom, data, adminOptions(o));
    },
    /** `DELETE /webhook/{id}` (AB-7.60). */
    remove(id: string, o?: CallOptions): Promise<void> {
      return client.delete<void>(configPath(id), undefined, adminOptions(o));
    },
    /**
     * `POST /webhook/test` with `{ url, secret, payload }`: the receiver's status code and body (AB-4.30, AB-7.60);
     * the emulator's `webhookId` signs it with that webhook's secrets.
     */
    test(body: { url: string; secret?: string; payload?: unknown; webhookId?: string }, o?: CallOptions): Promise<WebhookTestResult> {
      return client.post<WebhookTestResult>(WEBHOOKS_PATHS.test, body, adminOptions(o));
    },
    /** `GET /webhook/logs/?id&offset&limit` (AB-7.62; defaults offset 0, limit 10: AB-9.14). */
    logs(id: string, page: { offset?: number; limit?: number } = {}, o?: CallOptions): Promise<WebhookLogsPage> {
      const { offset, limit } = { ...WEBHOOK_LOG_DEFAULTS, ...page };
      return client.get<WebhookLogsPage>(WEBHOOKS_PATHS.logs, adminOptions(o, { query: { id, offset, limit } }));
    },
    /** `POST /webhook/logs/{id}/retries`: the retried call (its `statusCode`; a retry succeeded only on 202: AB-4.31, AB-7.61). */
    retry(logId: string, o?: CallOptions): Promise<WebhookLog> {
      return client.post<WebhookLog>(`${WEBHOOKS_PATHS.logs}${encodeURIComponent(logId)}/retries`, undefined, adminOptions(o));
    },
    /** `GET /event/resources/configurations/v1/categories`: the event catalogue by category (AB-3.36, AB-7.57). */
    categories(o?: CallOptions): Promise<WebhookCategory[]> {
      return client.get<WebhookCategory[]>(WEBHOOKS_PATHS.categories, adminOptions(o));
    },
    /** The emulator's `GET /webhook/{id}/deliveries?status&eventKey&offset&limit`: a page of the webhook's deliveries, newest first. */
    deliveries(id: string, query: DeliveriesQuery, o?: CallOptions): Promise<WebhookDeliveriesPage> {
      return client.get<WebhookDeliveriesPage>(configPath(id, '/deliveries'), adminOptions(o, { query: { ...query } }));
    },
    /** The emulator's `GET /webhook/{id}/deliveries/{deliveryId}`: one delivery, its payload and attempts. */
    delivery(id: string, deliveryId: string, o?: CallOptions): Promise<WebhookDeliveryDetail> {
      return client.get<WebhookDeliveryDetail>(configPath(id, `/deliveries/${encodeURIComponent(deliveryId)}`), adminOptions(o));
    },
    /** The emulator's `POST /webhook/{id}/deliveries/{deliveryId}/resend`: the delivery sent again, same `webhook-id`. */
    resend(id: string, deliveryId: string, o?: CallOptions): Promise<unknown> {
      return client.post(configPath(id, `/deliveries/${encodeURIComponent(deliveryId)}/resend`), undefined, adminOptions(o));
    },
    /** The emulator's `POST /webhook/{id}/recover` with `{ since }` (ISO): every failed delivery since then sent again. */
    recover(id: string, since: string, o?: CallOptions): Promise<unknown> {
      return client.post(configPath(id, '/recover'), { since }, adminOptions(o));
    },
    /** The emulator's `POST /webhook/{id}/secret/end-overlap`: the rotated-out secret stops signing now. */
    endOverlap(id: string, o?: CallOptions): Promise<unknown> {
      return client.post(configPath(id, '/secret/end-overlap'), undefined, adminOptions(o));
    },
  };
}

/** The webhooks calls of one client. */
export type WebhooksApi = ReturnType<typeof createWebhooksApi>;
