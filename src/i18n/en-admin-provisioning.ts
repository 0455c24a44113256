/** English messages of the admin portal's provisioning section (pure data: loaded with the section, src/admin/shell/sections.ts). */
export const enAdminProvisioning = {
  'admin.provisioning.title': 'Provisioning',
  'admin.provisioning.table': 'Items of this account',
  'admin.provisioning.searchLabel': 'Search by name',
  'admin.provisioning.col.name': 'Name',
  'admin.provisioning.col.createdAt': 'Created',
  'admin.provisioning.empty': 'Nothing here yet.',
  'admin.provisioning.noMatch': 'Nothing matches “{query}”.',
  'admin.provisioning.readOnly': 'You can view these items. Adding them needs the permission to edit them.',
  'admin.provisioning.name': 'Name',
  'admin.provisioning.add': 'Add',
  'admin.provisioning.adding': 'Adding…',
  'admin.provisioning.added': '“{name}” added.',
} as const;

declare module './en.ts' {
  /** The provisioning section's keys join the catalogue's keys (`MessageKey`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdminProvisioning, string> {}
}
