/**
 * English messages of the portal's notifications bell (pure data): a catalogue part loaded with the bell's chunk
 * (./../NotificationsBell.tsx `loadBellTexts`), so the portal's first paint does not carry them.
 */
export const enAdminNotifications = {
  'admin.notifications.title': 'Notifications',
  'admin.notifications.unreadSuffix': ', {count} unread',
  'admin.notifications.unread': '{count, plural, =0 {No unread notifications} one {# unread notification} other {# unread notifications}}',
  'admin.notifications.empty': 'You have no notifications.',
  'admin.notifications.markAllRead': 'Mark all as read',
  'admin.notifications.markRead': 'Mark as read',
  'admin.notifications.markUnread': 'Mark as unread',
  'admin.notifications.markReadFor': 'Mark as read: “{title}”',
  'admin.notifications.markUnreadFor': 'Mark as unread: “{title}”',
  'admin.notifications.pin': 'Pin',
  'admin.notifications.unpin': 'Unpin',
  'admin.notifications.pinFor': 'Pin “{title}”',
  'admin.notifications.unpinFor': 'Unpin “{title}”',
  'admin.notifications.unreadMark': 'Unread:',
  'admin.notifications.pinnedMark': 'Pinned',
} as const;

declare module '../../../i18n/en.ts' {
  /** The bell's keys join the catalogue's keys (`MessageKey`). */
  interface SectionMessages extends Record<keyof typeof enAdminNotifications, string> {}
}
