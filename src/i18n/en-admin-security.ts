/** English messages of the admin portal's security section (pure data: loaded with the section, src/admin/shell/sections.ts). */
import { enAdminSecurityRestrictions } from './en-admin-security-restrictions.ts';

export const enAdminSecurity = {
  ...enAdminSecurityRestrictions,
  'admin.security.title': 'Security',
  'admin.security.table': 'Items of this account',
  'admin.security.searchLabel': 'Search by name',
  'admin.security.col.name': 'Name',
  'admin.security.col.createdAt': 'Created',
  'admin.security.empty': 'Nothing here yet.',
  'admin.security.noMatch': 'Nothing matches “{query}”.',
  'admin.security.readOnly': 'You can view these items. Adding them needs the permission to edit them.',
  'admin.security.name': 'Name',
  'admin.security.add': 'Add',
  'admin.security.adding': 'Adding…',
  'admin.security.added': '“{name}” added.',
} as const;

declare module './en.ts' {
  /** The security section's keys join the catalogue's keys (`MessageKey`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdminSecurity, string> {}
}
