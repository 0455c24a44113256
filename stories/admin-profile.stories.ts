/**
 * `<fe-admin-profile>`: the profile section in each designed state and each dialog (admin spec §3 "Profile fields"),
 * preview mode (the demo user's canned profile), no network.
 */
import { adminStoriesMeta, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-profile.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Profile', component: 'fe-admin-profile', ...adminStoriesMeta('Admin/Profile', 'profile') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
export const ChangePasswordDialog: AdminStory = { args: { scenario: 'filled', dialog: 'password' } };
export const ChangeEmailDialog: AdminStory = { args: { scenario: 'filled', dialog: 'email' } };
