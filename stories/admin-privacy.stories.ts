/**
 * `<fe-admin-privacy>`: the privacy section in each designed state and each dialog (admin spec §3 "Session";
 * api-contract §U), preview mode (the demo user's devices: an authenticator app and a platform key; two sessions),
 * no network. The add-a-device dialogs have a story per state of their flow (stories/admin-enroll-mfa-states.ts);
 * `AddAuthenticatorDialog` is the live enrolment on the preview's answers (its first state is a call).
 */
import { adminEnrollMfaStates } from './admin-enroll-mfa-states.ts';
import { adminStoriesMeta, dialogStateStory, type AdminStory } from './support/admin-story.tsx';
import './support/admin-dialogs.ts';
import '../elements/admin/fe-admin-privacy.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Privacy', component: 'fe-admin-privacy', ...adminStoriesMeta('Admin/Privacy', 'privacy') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
export const AddAuthenticatorDialog: AdminStory = { args: { scenario: 'filled', dialog: 'authenticator' } };

const enroll = dialogStateStory('fe-admin-enroll-mfa', adminEnrollMfaStates, 'authenticator');
const sms = { dialog: 'sms' };
const securityKey = { dialog: 'securityKey' };
export const AddAuthenticatorStarting: AdminStory = enroll('starting');
/** The QR code, the secret for typing in, and the app's first code. */
export const AddAuthenticatorScan: AdminStory = enroll('scanning');
export const AddAuthenticatorWrongCode: AdminStory = enroll('scanningError');
export const AddAuthenticatorVerifying: AdminStory = enroll('verifyingApp');
/** The user's first device: the recovery code, shown once. */
export const AddAuthenticatorRecoveryCode: AdminStory = enroll('recovery');
export const AddPhoneDialog: AdminStory = enroll('phone', sms);
/** The phone is a device already: the server's message, the number kept. */
export const AddPhoneTaken: AdminStory = enroll('phoneError', sms);
export const AddPhoneSending: AdminStory = enroll('sending', sms);
export const AddPhoneCode: AdminStory = enroll('code', sms);
export const AddPhoneResending: AdminStory = enroll('resending', sms);
export const AddPhoneWrongCode: AdminStory = enroll('codeError', sms);
export const AddPhoneVerifying: AdminStory = enroll('verifyingSms', sms);
/** Added (not the first device): the dialog has closed, a toast tells. */
export const AddPhoneDone: AdminStory = enroll('done', sms);
/** The browser's own security-key dialog is up; Cancel aborts it. */
export const AddSecurityKeyDialog: AdminStory = enroll('ceremony', securityKey);
/** The browser's dialog was closed or timed out: our words, and Try again. */
export const AddSecurityKeyFailed: AdminStory = enroll('failed', securityKey);

export const SignOutOthersDialog: AdminStory = { args: { scenario: 'filled', dialog: 'revokeAll' } };
