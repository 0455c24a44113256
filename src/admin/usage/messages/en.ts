/** English messages of the admin portal's usage section (pure data: loaded with the section, src/admin/shell/sections.ts). */
export const enAdminUsage = {
  'admin.usage.title': 'Usage',
  'admin.usage.table': 'Items of this account',
  'admin.usage.searchLabel': 'Search by name',
  'admin.usage.col.name': 'Name',
  'admin.usage.col.createdAt': 'Created',
  'admin.usage.empty': 'Nothing here yet.',
  'admin.usage.noMatch': 'Nothing matches “{query}”.',
  'admin.usage.readOnly': 'You can view these items. Adding them needs the permission to edit them.',
  'admin.usage.name': 'Name',
  'admin.usage.add': 'Add',
  'admin.usage.adding': 'Adding…',
  'admin.usage.added': '“{name}” added.',
} as const;

declare module '../../../i18n/en.ts' {
  /** The usage section's keys join the catalogue's keys (`MessageKey`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdminUsage, string> {}
}
