/**
 * `<fe-admin-profile>`: the profile section in each designed state and each dialog (admin spec §3 "Profile fields"),
 * preview mode (the demo user's canned profile), no network. The change-email dialog has a story per state of its
 * flow (stories/admin-change-email-states.ts).
 */
import { adminChangeEmailStates } from './admin-change-email-states.ts';
import { adminStoriesMeta, dialogStateStory, type AdminStory } from './support/admin-story.tsx';
import './support/admin-dialogs.ts';
import '../elements/admin/fe-admin-profile.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Profile', component: 'fe-admin-profile', ...adminStoriesMeta('Admin/Profile', 'profile') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
export const ChangePasswordDialog: AdminStory = { args: { scenario: 'filled', dialog: 'password' } };

const changeEmail = dialogStateStory('fe-admin-change-email', adminChangeEmailStates, 'email');
export const ChangeEmailDialog: AdminStory = changeEmail('idle');
/** A code is on its way to the new address. */
export const ChangeEmailSending: AdminStory = changeEmail('requesting');
/** The address belongs to another user: the server's message, the address kept. */
export const ChangeEmailTaken: AdminStory = changeEmail('error');
export const ChangeEmailCode: AdminStory = changeEmail('code');
export const ChangeEmailResending: AdminStory = changeEmail('resending');
export const ChangeEmailVerifying: AdminStory = changeEmail('verifying');
/** A wrong code: the server's message, the code kept. */
export const ChangeEmailWrongCode: AdminStory = changeEmail('codeError');
export const ChangeEmailDone: AdminStory = changeEmail('done');
