/** English messages of the admin portal's allAccounts section (pure data: loaded with the section, src/admin/shell/sections.ts). */
export const enAdminAllAccounts = {
  'admin.allAccounts.title': 'All accounts',
  'admin.allAccounts.table': 'Items of this account',
  'admin.allAccounts.searchLabel': 'Search by name',
  'admin.allAccounts.col.name': 'Name',
  'admin.allAccounts.col.createdAt': 'Created',
  'admin.allAccounts.empty': 'Nothing here yet.',
  'admin.allAccounts.noMatch': 'Nothing matches “{query}”.',
  'admin.allAccounts.readOnly': 'You can view these items. Adding them needs the permission to edit them.',
  'admin.allAccounts.name': 'Name',
  'admin.allAccounts.add': 'Add',
  'admin.allAccounts.adding': 'Adding…',
  'admin.allAccounts.added': '“{name}” added.',
} as const;

declare module '../../../i18n/en.ts' {
  /** The allAccounts section's keys join the catalogue's keys (`MessageKey`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdminAllAccounts, string> {}
}
