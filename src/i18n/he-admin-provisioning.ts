import type { enAdminProvisioning } from './en-admin-provisioning.ts';

/** Hebrew messages of the admin portal's provisioning texts (every key of `en-admin-provisioning.ts`), pure data, loaded with the section. */
// scaffolded in English by `npm run new:section`: translate before release
export const heAdminProvisioning: Record<keyof typeof enAdminProvisioning, string> = {
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
};
