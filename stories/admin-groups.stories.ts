/**
 * `<fe-admin-groups>`: the groups section in each designed state and each dialog (admin spec §3 "Group", §6),
 * preview mode (canned groups Engineering, Support and the SCIM-managed "Okta: Finance"; demo roles), no network.
 */
import { adminStoriesMeta, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-groups.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Groups', component: 'fe-admin-groups', ...adminStoriesMeta('Admin/Groups', 'groups') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
export const CreateDialog: AdminStory = { args: { scenario: 'filled', dialog: 'create' } };
export const EditDialog: AdminStory = { args: { scenario: 'filled', dialog: 'edit:group-eng' } };
export const DeleteDialog: AdminStory = { args: { scenario: 'filled', dialog: 'delete:group-eng' } };
export const MembersDialog: AdminStory = { args: { scenario: 'filled', dialog: 'members:group-eng' } };
export const ScimGroupDialog: AdminStory = { args: { scenario: 'filled', dialog: 'members:group-okta' } };
