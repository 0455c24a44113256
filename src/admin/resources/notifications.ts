/**
 * The signed-in user's notifications as the portal's bell reads and writes them (api-contract §AA; AB-7.65): the
 * list (read again every minute while the bell is shown), the unread count, read/unread, pin/unpin and "mark all as
 * read". Every write changes the cached list at once and puts it back when the server refuses.
 */
import type { ApiClient } from '../../api/client.ts';
import { createNotificationsApi, NOTIFICATIONS_PATHS, type AppNotification, type NotificationStatus } from '../../api/notifications.ts';
import type { CacheTools, QueryContext } from './query.ts';

export { NOTIFICATIONS_PATHS };
export type { AppNotification, NotificationStatus };

/** Cache key of the list. */
export const NOTIFICATIONS_KEY = 'admin/notifications';
/** How many notifications the bell asks for. */
export const NOTIFICATIONS_COUNT = 50;
/** How often the list is read again while shown, ms. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

/** The notifications shown: archived ones left out, pinned first, then newest first. */
export function orderNotifications(list: readonly AppNotification[]): AppNotification[] {
  return list.filter((n) => n.status !== 'archived').sort((a, b) => Number(Boolean(b.isPinned)) - Number(Boolean(a.isPinned)) || b.createdAt.localeCompare(a.createdAt));
}

/** How many of `list` are unread. */
export function unreadCount(list: readonly AppNotification[] | undefined): number {
  return (list ?? []).filter((n) => n.status === 'unread').length;
}

/** `edit` applied to the cached list, then `work`; the list is put back when `work` fails. */
async function optimistic(cache: CacheTools, edit: (list: AppNotification[]) => AppNotification[], work: () => Promise<unknown>): Promise<void> {
  const before = cache.read<AppNotification[]>(NOTIFICATIONS_KEY);
  cache.edit<AppNotification[]>(NOTIFICATIONS_KEY, edit);
  try {
    await work();
  } catch (e) {
    if (before) cache.write(NOTIFICATIONS_KEY, before);
    throw e;
  }
}

/** Builds the notifications resource of one app: `resources.use(createNotificationsResource)`. */
export function createNotificationsResource(q: QueryContext, client: ApiClient) {
  const api = createNotificationsApi(client);
  return {
    /** The notifications, in the order shown ({@link orderNotifications}). */
    $list: q.createFetcherStore<AppNotification[]>([NOTIFICATIONS_KEY], {
      fetcher: async () => orderNotifications(await api.list({ count: NOTIFICATIONS_COUNT, offset: 0 })),
      revalidateInterval: NOTIFICATIONS_REFRESH_MS,
    }),
    /** Reads the list again now. */
    refresh: () => q.cache.revalidate((k) => k === NOTIFICATIONS_KEY),

    /** Marks one notification read or unread. @throws FeApiError — the list is put back */
    setStatus: q.mutation<{ id: string; status: NotificationStatus }, void>(({ id, status }, cache) =>
      optimistic(
        cache,
        (list) => list.map((n) => (n.id === id ? { ...n, status } : n)),
        () => api.setStatus(id, status),
      ),
    ),

    /** Pins or unpins one notification (pinned ones come first). @throws FeApiError — the list is put back */
    setPinned: q.mutation<{ id: string; pinned: boolean }, void>(({ id, pinned }, cache) =>
      optimistic(
        cache,
        (list) => orderNotifications(list.map((n) => (n.id === id ? { ...n, isPinned: pinned } : n))),
        () => api.setPinned(id, pinned),
      ),
    ),

    /** Marks every notification read. @throws FeApiError — the list is put back */
    markAllRead: q.mutation<void, void>((_, cache) =>
      optimistic(
        cache,
        (list) => list.map((n) => (n.status === 'unread' ? { ...n, status: 'read' } : n)),
        () => api.markAllRead(),
      ),
    ),
  };
}

/** The notifications resource of one app. */
export type NotificationsResource = ReturnType<typeof createNotificationsResource>;
