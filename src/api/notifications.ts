/**
 * Notifications (api-contract §AA; AB-7.65): the signed-in user's notifications, their status (read, unread,
 * archived), pinning and "mark all as read". Calls send `frontegg-source: admin-portal`, take a trailing
 * {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}` (contract §AA). */
export const NOTIFICATIONS_PATHS = Object.freeze({
  list: '/notification',
  status: '/notification/status',
  pin: '/notification/pin',
  unpin: '/notification/unpin',
  markAllRead: '/notification/status/mark-all-read',
});

/** A notification's status. */
export type NotificationStatus = 'read' | 'unread' | 'archived';

/** One notification (Frontegg's IMessage). `createdAt` is an ISO date. */
export interface AppNotification {
  id: string;
  title: string;
  body?: string;
  severity?: string;
  url?: string;
  viewed?: boolean;
  createdAt: string;
  status: NotificationStatus;
  isPinned?: boolean;
  key?: string;
}

/** Creates the notification calls on top of `client`. */
export function createNotificationsApi(client: ApiClient) {
  return {
    /** `GET /notification?params={"count","offset"}` (one query key, JSON): up to `count` notifications from `offset`. */
    list(page: { count: number; offset: number }, o?: CallOptions): Promise<AppNotification[]> {
      return client.get<AppNotification[]>(NOTIFICATIONS_PATHS.list, adminOptions(o, { query: { params: JSON.stringify(page) } }));
    },
    /** `PUT /notification/status` with `{ params: { notificationId, status } }`. */
    setStatus(notificationId: string, status: NotificationStatus, o?: CallOptions): Promise<void> {
      return client.put<void>(NOTIFICATIONS_PATHS.status, { params: { notificationId, status } }, adminOptions(o));
    },
    /** `PUT /notification/pin` or `/unpin` with `{ notificationId }`. */
    setPinned(notificationId: string, pinned: boolean, o?: CallOptions): Promise<unknown> {
      return client.put(pinned ? NOTIFICATIONS_PATHS.pin : NOTIFICATIONS_PATHS.unpin, { notificationId }, adminOptions(o));
    },
    /** `POST /notification/status/mark-all-read`. */
    markAllRead(o?: CallOptions): Promise<void> {
      return client.post<void>(NOTIFICATIONS_PATHS.markAllRead, undefined, adminOptions(o));
    },
  };
}
