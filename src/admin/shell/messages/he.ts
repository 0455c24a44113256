import type { enAdminNotifications } from './en.ts';

/** Hebrew messages of the portal's notifications bell (every key of `./en.ts`), loaded with the bell. */
export const heAdminNotifications: Record<keyof typeof enAdminNotifications, string> = {
  'admin.notifications.title': 'התראות',
  'admin.notifications.unreadSuffix': ', {count} שלא נקראו',
  'admin.notifications.unread': '{count, plural, =0 {אין התראות שלא נקראו} one {התראה אחת שלא נקראה} other {# התראות שלא נקראו}}',
  'admin.notifications.empty': 'אין לך התראות.',
  'admin.notifications.markAllRead': 'סמן הכול כנקרא',
  'admin.notifications.markRead': 'סמן כנקרא',
  'admin.notifications.markUnread': 'סמן כלא נקרא',
  'admin.notifications.markReadFor': 'סמן כנקרא: „{title}“',
  'admin.notifications.markUnreadFor': 'סמן כלא נקרא: „{title}“',
  'admin.notifications.pin': 'הצמד',
  'admin.notifications.unpin': 'בטל הצמדה',
  'admin.notifications.pinFor': 'הצמד: „{title}“',
  'admin.notifications.unpinFor': 'בטל הצמדה: „{title}“',
  'admin.notifications.unreadMark': 'לא נקרא:',
  'admin.notifications.pinnedMark': 'מוצמד',
};
