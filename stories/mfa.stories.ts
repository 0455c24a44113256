/**
 * The MFA steps (MFA machine, sign-in §4 "MFA steps"): one story per state,
 * each inside the login step that runs it (the login machine's child `mfa`,
 * resolved from ./login-states.ts).
 */
import { mfaStates, type MfaStateName } from './login-states.ts';
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Sign-in/MFA steps', component: 'fe-login-box', ...flowStoriesMeta('Sign-in/MFA steps', 'fe-login-box', mfaStates) };
type Story = FlowStory<typeof mfaStates>;

const at = (state: MfaStateName, description: string): Story => ({
  args: { state },
  parameters: { docs: { description: { story: description } } },
});

export const Verify = at('verify.idle', 'verify: code from the enrolled authenticator app.');
export const VerifySubmitting = at('verify.submitting', 'verify.submitting: code being checked (busy).');
export const VerifyError = at('verify.error', 'verify with the server error of a wrong code.');
export const AuthenticatorAppLoading = at('authenticatorApp.loading', 'authenticatorApp.loading: QR code being prepared.');
export const AuthenticatorAppFailed = at('authenticatorApp.failed', 'authenticatorApp.failed: QR code not prepared; "Try again".');
export const AuthenticatorAppReady = at('authenticatorApp.ready', 'authenticatorApp.ready: QR code, secret, code form.');
export const AuthenticatorAppEnrolling = at('authenticatorApp.enrolling', 'authenticatorApp.enrolling: the first code being checked.');
export const AuthenticatorAppWrongCode = at('authenticatorApp.wrongCode', 'authenticatorApp.ready after a refused code.');
export const RecoveryCode = at('recoveryCode', 'recoveryCode: the code to save, shown once.');
export const Done = at('done', 'done: MFA finished; the login machine takes over (restored: stays here).');
export const VerifyRememberDevice = at('verify.rememberDevice', 'verify with "Remember this device for 30 days" (the policy allows it).');
export const ChooseDevice = at('chooseDevice', 'chooseDevice: several devices enrolled (authenticator, SMS, email, security key); the user picks one.');
export const SmsSending = at('smsVerifyCode.sending', 'smsVerifyCode.sending: the code is being sent (busy).');
export const SmsSendFailed = at('smsVerifyCode.sendFailed', 'smsVerifyCode.sendFailed: nothing was sent; "Try again".');
export const SmsReady = at('smsVerifyCode.ready', 'smsVerifyCode: the code field; the resend link counts down (30 s).');
export const SmsSubmitting = at('smsVerifyCode.submitting', 'smsVerifyCode: the code being checked (busy).');
export const SmsResendAvailable = at('smsVerifyCode.resendAvailable', 'smsVerifyCode after the cooldown: "Send a new code".');
export const SmsWrongCode = at('smsVerifyCode.wrongCode', 'smsVerifyCode with the server error of a wrong code.');
export const SmsExpired = at('smsVerifyCode.expired', 'smsVerifyCode with an expired code: send a new one.');
export const EmailSending = at('emailVerifyCode.sending', 'emailVerifyCode.sending: the code is being sent (busy).');
export const EmailSendFailed = at('emailVerifyCode.sendFailed', 'emailVerifyCode.sendFailed: nothing was sent; "Try again".');
export const EmailSubmitting = at('emailVerifyCode.submitting', 'emailVerifyCode: the code being checked (busy).');
export const EmailReady = at('emailVerifyCode.ready', 'emailVerifyCode: the code sent to the email, remember-device allowed.');
export const EmailUsed = at('emailVerifyCode.used', 'emailVerifyCode with a code already used: "Start over".');
export const EmailRateLimited = at('emailVerifyCode.rateLimited', 'emailVerifyCode after a resend refused (429).');
export const WebAuthnVerify = at('webauthnVerify.idle', 'webauthnVerify: use the security key.');
export const WebAuthnVerifyWaiting = at('webauthnVerify.waiting', "webauthnVerify.waiting: the browser's WebAuthn dialog (busy).");
export const WebAuthnVerifyCancelled = at('webauthnVerify.cancelled', 'webauthnVerify after a cancelled dialog.');
export const ChooseStrategy = at('chooseStrategy', 'chooseStrategy: forced enrolment, every strategy active; the user picks one.');
export const SmsSetPhoneNumber = at('smsSetPhoneNumber', 'smsSetPhoneNumber: the number to enrol.');
export const SmsSetPhoneNumberInvalid = at('smsSetPhoneNumber.invalid', 'smsSetPhoneNumber after the server refused the number.');
export const SmsEnrolCode = at('smsVerifyCode.enrol', 'smsVerifyCode during enrolment: the code sent to the new number.');
export const EmailEnrolCode = at('emailVerifyCode.enrol', 'emailVerifyCode during enrolment (EmailCode).');
export const WebAuthnEnrolPlatform = at('webauthnEnroll.platform', "webauthnEnroll: this device's platform authenticator.");
export const WebAuthnEnrolCrossPlatform = at('webauthnEnroll.crossPlatform', 'webauthnEnroll: a security key.');
export const WebAuthnEnrolWaiting = at('webauthnEnroll.waiting', "webauthnEnroll.waiting: the browser's WebAuthn dialog (busy).");
