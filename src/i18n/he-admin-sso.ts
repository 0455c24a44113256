import type { enAdminSso } from './en-admin-sso.ts';

/** Hebrew messages of the admin portal's sso texts (every key of `en-admin-sso.ts`), pure data, loaded with the section. */
// scaffolded in English by `npm run new:section`: translate before release
export const heAdminSso: Record<keyof typeof enAdminSso, string> = {
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
};
