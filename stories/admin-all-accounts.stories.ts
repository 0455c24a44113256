/** `<fe-admin-accounts>`: the allAccounts section in each designed state, preview mode (canned items), no network. */
import { adminStoriesMeta, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-accounts.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/AllAccounts', component: 'fe-admin-accounts', ...adminStoriesMeta('Admin/AllAccounts', 'allAccounts') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
