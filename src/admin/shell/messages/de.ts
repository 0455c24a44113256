import type { enAdminNotifications } from './en.ts';

/** German messages of the portal's notifications bell (every key of `./en.ts`), loaded with the bell. */
export const deAdminNotifications: Record<keyof typeof enAdminNotifications, string> = {
  'admin.notifications.title': 'Benachrichtigungen',
  'admin.notifications.unreadSuffix': ', {count} ungelesen',
  'admin.notifications.unread': '{count, plural, =0 {Keine ungelesenen Benachrichtigungen} one {# ungelesene Benachrichtigung} other {# ungelesene Benachrichtigungen}}',
  'admin.notifications.empty': 'Sie haben keine Benachrichtigungen.',
  'admin.notifications.markAllRead': 'Alle als gelesen markieren',
  'admin.notifications.markRead': 'Als gelesen markieren',
  'admin.notifications.markUnread': 'Als ungelesen markieren',
  'admin.notifications.markReadFor': 'Als gelesen markieren: „{title}“',
  'admin.notifications.markUnreadFor': 'Als ungelesen markieren: „{title}“',
  'admin.notifications.pin': 'Anheften',
  'admin.notifications.unpin': 'Lösen',
  'admin.notifications.pinFor': 'Anheften: „{title}“',
  'admin.notifications.unpinFor': 'Lösen: „{title}“',
  'admin.notifications.unreadMark': 'Ungelesen:',
  'admin.notifications.pinnedMark': 'Angeheftet',
};
