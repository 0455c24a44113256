/**
 * `<fe-admin-privacy>`: the privacy section in each designed state and each dialog (admin spec §3 "Session";
 * api-contract §U), preview mode (the demo user's devices: an authenticator app and a platform key; two sessions),
 * no network.
 */
import { adminStoriesMeta, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-privacy.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Privacy', component: 'fe-admin-privacy', ...adminStoriesMeta('Admin/Privacy', 'privacy') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
export const AddAuthenticatorDialog: AdminStory = { args: { scenario: 'filled', dialog: 'authenticator' } };
export const AddPhoneDialog: AdminStory = { args: { scenario: 'filled', dialog: 'sms' } };
export const SignOutOthersDialog: AdminStory = { args: { scenario: 'filled', dialog: 'revokeAll' } };
