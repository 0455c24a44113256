/**
 * The webhooks section's server data (admin spec §3 "Connectivity", §4 "Webhook test", §7, §9; api-contract §Y;
 * AB-3.39, AB-4.30–4.31, AB-7.57, AB-7.60–7.62, AB-9.14–9.15; issue 33 items 1, 2, 5): the tenant's webhook
 * configurations (sorted by name ascending), the event catalogue by category, each webhook's last call, deliveries and
 * one delivery's attempts, and the writes — save (create or update; a generated or typed secret comes back to the
 * caller once and is never cached), the active switch (optimistic, rolled back on failure), delete, test, retry of a
 * logged call, resend of a delivery, recover since a time, and the end of a rotated secret's overlap. Read by the
 * section through `resources.use(createWebhooksResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import {
  createWebhooksApi,
  DELIVERY_STATUSES,
  WEBHOOK_LOG_DEFAULTS,
  WEBHOOKS_PATHS,
  type DeliveriesQuery,
  type DeliveryAttempt,
  type DeliveryStatus,
  type WebhookCategory,
  type WebhookConfiguration,
  type WebhookDeliveriesPage,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookEvent,
  type WebhookLog,
  type WebhookLogsPage,
  type WebhookSaveData,
  type WebhookTestResult,
} from '../../api/webhooks.ts';
import { CONNECTIVITY_KEYS, loadWithRetries } from './connectivity.ts';
import type { CacheTools, QueryContext } from './query.ts';

/** The area's paths and constants, for the section's preview data and views (views take values from resources, not src/api). */
export { DELIVERY_STATUSES, WEBHOOK_LOG_DEFAULTS, WEBHOOKS_PATHS };
export type {
  DeliveriesQuery,
  DeliveryAttempt,
  DeliveryStatus,
  WebhookCategory,
  WebhookConfiguration,
  WebhookDeliveriesPage,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookEvent,
  WebhookLog,
  WebhookLogsPage,
  WebhookSaveData,
  WebhookTestResult,
};

/** Cache key of the configurations. */
export const WEBHOOKS_KEY = 'admin/webhooks';
/** Cache key of the event catalogue (the channels' too: one catalogue, read once). */
export const WEBHOOK_CATEGORIES_KEY = CONNECTIVITY_KEYS.categories;
/** Key prefix of each webhook's last logged call: `admin/webhooks/last/<id>`. */
export const WEBHOOK_LAST_KEY = 'admin/webhooks/last/';
/** Key prefix of each webhook's log pages: `admin/webhooks/logs/<id>?<offset>`. */
export const WEBHOOK_LOGS_KEY = 'admin/webhooks/logs/';
/** Key prefix of each webhook's deliveries: `admin/webhooks/deliveries/<id>?<query>`. */
export const WEBHOOK_DELIVERIES_KEY = 'admin/webhooks/deliveries/';
/** Key prefix of each delivery's detail: `admin/webhooks/delivery/<id>/<deliveryId>`. */
export const WEBHOOK_DELIVERY_KEY = 'admin/webhooks/delivery/';
/** Deliveries a page. */
export const DELIVERIES_PAGE_SIZE = 20;

/** The configurations sorted by display name, ascending (admin spec §9 "Default sort by name ascending"; AB-9.15). */
export function byName(rows: readonly WebhookConfiguration[]): WebhookConfiguration[] {
  return [...rows].sort((a, b) => a.displayName.localeCompare(b.displayName) || a._id.localeCompare(b._id));
}

/** A configuration without its secret: what the cache keeps (a secret is shown once, from the save's answer only). */
const withoutSecret = (row: WebhookConfiguration): WebhookConfiguration => ({ ...row, secret: undefined });

function editList(cache: CacheTools, edit: (rows: WebhookConfiguration[]) => WebhookConfiguration[]): void {
  const rows = cache.read<WebhookConfiguration[]>(WEBHOOKS_KEY);
  if (rows) cache.write(WEBHOOKS_KEY, byName(edit(rows)));
}

/** The deliveries' cache key of webhook `id` and query `query`. */
const deliveriesKey = (id: string, query: DeliveriesQuery) => `${WEBHOOK_DELIVERIES_KEY}${id}?${query.status ?? ''}&${query.eventKey ?? ''}&${query.offset}&${query.limit}`;

/** Builds the webhooks resource of one app. */
export function createWebhooksResource(q: QueryContext, client: ApiClient) {
  const api = createWebhooksApi(client);
  const stores = new Map<string, unknown>();
  /** One store per key, made once (safe in render). */
  function once<T>(key: string, fetcher: () => Promise<T>) {
    let store = stores.get(key) as ReturnType<typeof q.createFetcherStore<T>> | undefined;
    if (!store) stores.set(key, (store = q.createFetcherStore<T>([key], { fetcher })));
    return store;
  }
  const refreshDeliveries = (cache: CacheTools, id: string) =>
    cache.revalidate(
      (key) =>
        key.startsWith(`${WEBHOOK_DELIVERIES_KEY}${id}?`) ||
        key.startsWith(`${WEBHOOK_DELIVERY_KEY}${id}/`) ||
        key.startsWith(`${WEBHOOK_LOGS_KEY}${id}?`) ||
        key === `${WEBHOOK_LAST_KEY}${id}`,
    );

  return {
    /**
     * Every configuration of the tenant, by name ascending (AB-7.57, AB-9.15); secrets left out. Loading is tried 3
     * times on a server error before it fails, as every connectivity read (admin spec §8; AB-8.14; ./connectivity.ts).
     */
    $webhooks: q.createFetcherStore<WebhookConfiguration[]>([WEBHOOKS_KEY], { fetcher: async () => byName((await loadWithRetries(() => api.list())).map(withoutSecret)) }),

    /** The event catalogue: categories, each with its events (AB-3.36, AB-7.57); loading tried 3 times like the configurations (AB-8.14). */
    $categories: q.createFetcherStore<WebhookCategory[]>([WEBHOOK_CATEGORIES_KEY], { fetcher: () => loadWithRetries(() => api.categories()) }),

    /** The last logged call of webhook `id` (its log's first row, `offset 0, limit 1`), or null before any. */
    lastCall(id: string) {
      return once<WebhookLog | null>(`${WEBHOOK_LAST_KEY}${id}`, async () => (await api.logs(id, { offset: 0, limit: 1 })).rows[0] ?? null);
    },

    /** The store of a page of webhook `id`'s log (Frontegg's `GET /webhook/logs/`), {@link WEBHOOK_LOG_DEFAULTS}`.limit` rows from `offset` (AB-7.62, AB-9.14). */
    logs(id: string, offset: number = WEBHOOK_LOG_DEFAULTS.offset) {
      return once<WebhookLogsPage>(`${WEBHOOK_LOGS_KEY}${id}?${offset}`, () => api.logs(id, { offset, limit: WEBHOOK_LOG_DEFAULTS.limit }));
    },

    /** The store of a page of webhook `id`'s deliveries for `query` (the same store for the same query). */
    deliveries(id: string, query: DeliveriesQuery) {
      return once<WebhookDeliveriesPage>(deliveriesKey(id, query), () => api.deliveries(id, query));
    },

    /** The store of one delivery with its payload and attempts. */
    delivery(id: string, deliveryId: string) {
      return once<WebhookDeliveryDetail>(`${WEBHOOK_DELIVERY_KEY}${id}/${deliveryId}`, () => api.delivery(id, deliveryId));
    },

    /**
     * Creates or updates a configuration (`POST /webhook/custom`, `PATCH /webhook/{_id}`). The answer, secret
     * included when the emulator generated or took one, goes back to the caller only; the list keeps it without.
     * @throws FeApiError
     */
    save: q.mutation<WebhookSaveData, WebhookConfiguration>(async (data, cache) => {
      const saved = await api.save(data);
      if (saved && typeof saved === 'object' && saved._id) {
        editList(cache, (rows) => [...rows.filter((r) => r._id !== saved._id), withoutSecret(saved)]);
        cache.revalidate((key) => key === WEBHOOKS_KEY);
      } else cache.revalidate((key) => key === WEBHOOKS_KEY);
      return saved;
    }),

    /**
     * Turns a webhook on or off (`PATCH /webhook/{_id}` with the whole configuration, as Frontegg's client saves it),
     * optimistically: the row shows the new value at once and gets the old one back if the server refuses.
     * @throws FeApiError — after the rollback
     */
    setActive: q.mutation<{ webhook: WebhookConfiguration; isActive: boolean }>(async ({ webhook, isActive }, cache) => {
      const set = (value: boolean) => editList(cache, (rows) => rows.map((r) => (r._id === webhook._id ? { ...r, isActive: value } : r)));
      set(isActive);
      try {
        const { _id, displayName, description, url, eventKeys } = webhook;
        await api.save({ _id, displayName, description, url, eventKeys, isActive });
      } catch (error) {
        set(!isActive);
        throw error;
      }
    }),

    /** Deletes a configuration (`DELETE /webhook/{id}`): gone from the list once the server agrees. @throws FeApiError */
    remove: q.mutation<{ id: string }>(async ({ id }, cache) => {
      await api.remove(id);
      editList(cache, (rows) => rows.filter((r) => r._id !== id));
    }),

    /** A test call (`POST /webhook/test`): the receiver's status and body; it succeeded on 200 or 201 (AB-4.30). @throws FeApiError */
    test: q.mutation<{ url: string; secret?: string; payload?: unknown; webhookId?: string }, WebhookTestResult>((body) => api.test(body)),

    /** Retries a logged call (`POST /webhook/logs/{id}/retries`): it succeeded only on 202 (AB-4.31). @throws FeApiError */
    retry: q.mutation<{ webhookId: string; logId: string }, WebhookLog>(async ({ webhookId, logId }, cache) => {
      const result = await api.retry(logId);
      refreshDeliveries(cache, webhookId);
      return result;
    }),

    /** Sends one delivery again, with the same `webhook-id`; the webhook's deliveries are read again. @throws FeApiError */
    resend: q.mutation<{ id: string; deliveryId: string }>(async ({ id, deliveryId }, cache) => {
      await api.resend(id, deliveryId);
      refreshDeliveries(cache, id);
    }),

    /** Sends again every delivery of webhook `id` that failed since `since` (ISO). @throws FeApiError */
    recover: q.mutation<{ id: string; since: string }>(async ({ id, since }, cache) => {
      await api.recover(id, since);
      refreshDeliveries(cache, id);
    }),

    /** Ends a rotated secret's overlap now: only the new secret signs. @throws FeApiError */
    endOverlap: q.mutation<{ id: string }>(async ({ id }, cache) => {
      await api.endOverlap(id);
      editList(cache, (rows) => rows.map((r) => (r._id === id ? { ...r, secretOverlapUntil: null } : r)));
      cache.revalidate((key) => key === WEBHOOKS_KEY);
    }),
  };
}

/** The webhooks resource of one app. */
export type WebhooksResource = ReturnType<typeof createWebhooksResource>;
