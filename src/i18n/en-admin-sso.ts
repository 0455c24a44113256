/** English messages of the admin portal's sso section (pure data: loaded with the section, src/admin/shell/sections.ts). */
export const enAdminSso = {
  'admin.sso.title': 'Sso',
  'admin.sso.table': 'Items of this account',
  'admin.sso.searchLabel': 'Search by name',
  'admin.sso.col.name': 'Name',
  'admin.sso.col.createdAt': 'Created',
  'admin.sso.empty': 'Nothing here yet.',
  'admin.sso.noMatch': 'Nothing matches “{query}”.',
  'admin.sso.readOnly': 'You can view these items. Adding them needs the permission to edit them.',
  'admin.sso.name': 'Name',
  'admin.sso.add': 'Add',
  'admin.sso.adding': 'Adding…',
  'admin.sso.added': '“{name}” added.',
} as const;

declare module './en.ts' {
  /** The sso section's keys join the catalogue's keys (`MessageKey`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdminSso, string> {}
}
