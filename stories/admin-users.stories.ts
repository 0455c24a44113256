/**
 * `<fe-admin-users>`: the users section in each designed state and each dialog (admin spec §2, §4), preview mode
 * (canned data, demo roles Read Only, Admin, Support, Editor, Viewer), no network.
 */
import { adminStoriesMeta, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-users.ts';

export default { ...adminStoriesMeta('Admin/Users', 'users'), component: 'fe-admin-users' };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
export const AddUserDialog: AdminStory = { args: { scenario: 'filled', dialog: 'add' } };
export const BulkInviteDialog: AdminStory = { args: { scenario: 'filled', dialog: 'bulk' } };
export const InviteLinkDialog: AdminStory = { args: { scenario: 'filled', dialog: 'link' } };
