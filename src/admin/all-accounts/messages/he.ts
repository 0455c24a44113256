import type { enAdminAllAccounts } from './en.ts';

/** Hebrew messages of the admin portal's allAccounts texts (every key of `./en.ts`), pure data, loaded with the section. */
// scaffolded in English by `npm run new:section`: translate before release
export const heAdminAllAccounts: Record<keyof typeof enAdminAllAccounts, string> = {
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
};
