/**
 * `<fe-admin-account>`: the account settings in each designed state (admin spec §2 "account", §3; SI-2.34, SI-3.09),
 * preview mode (canned settings of the preview tenant), no network. The form's tabs are settings and customLogin.
 */
import { adminStoriesMeta, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-account.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Account', component: 'fe-admin-account', ...adminStoriesMeta('Admin/Account', 'account') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
