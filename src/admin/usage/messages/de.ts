import type { enAdminUsage } from './en.ts';

/** German messages of the admin portal's usage texts (every key of `./en.ts`), pure data, loaded with the section. */
// scaffolded in English by `npm run new:section`: translate before release
export const deAdminUsage: Record<keyof typeof enAdminUsage, string> = {
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
};
