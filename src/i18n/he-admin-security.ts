import type { enAdminSecurity } from './en-admin-security.ts';
import { heAdminSecurityRestrictions } from './he-admin-security-restrictions.ts';

/** Hebrew messages of the admin portal's security texts (every key of `en-admin-security.ts`), pure data, loaded with the section. */
// scaffolded in English by `npm run new:section`: translate before release
export const heAdminSecurity: Record<keyof typeof enAdminSecurity, string> = {
  ...heAdminSecurityRestrictions,
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
};
