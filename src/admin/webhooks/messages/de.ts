import type { enAdminWebhooks } from './en.ts';

/** German messages of the admin portal's webhooks texts (every key of `./en.ts`), pure data, loaded with the section. */
// scaffolded in English by `npm run new:section`: translate before release
export const deAdminWebhooks: Record<keyof typeof enAdminWebhooks, string> = {
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
};
