/** English messages of the admin portal's webhooks section (pure data: loaded with the section, src/admin/shell/sections.ts). */
export const enAdminWebhooks = {
  'admin.webhooks.title': 'Webhooks',
  'admin.webhooks.table': 'Items of this account',
  'admin.webhooks.searchLabel': 'Search by name',
  'admin.webhooks.col.name': 'Name',
  'admin.webhooks.col.createdAt': 'Created',
  'admin.webhooks.empty': 'Nothing here yet.',
  'admin.webhooks.noMatch': 'Nothing matches “{query}”.',
  'admin.webhooks.readOnly': 'You can view these items. Adding them needs the permission to edit them.',
  'admin.webhooks.name': 'Name',
  'admin.webhooks.add': 'Add',
  'admin.webhooks.adding': 'Adding…',
  'admin.webhooks.added': '“{name}” added.',
} as const;

declare module '../../../i18n/en.ts' {
  /** The webhooks section's keys join the catalogue's keys (`MessageKey`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdminWebhooks, string> {}
}
