/**
 * `<fe-login-box>`: one story per state of the login machine (a snapshot
 * resolved from the machine with ./login-states.ts, never clicked through;
 * `<fe-login-box-story>`), plus a Live story (the whole flow against the
 * preview transport) and a Themed one.
 */
import type { StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { loginStates, type LoginStateName } from './login-states.ts';
import { renderLoginBox } from './render.ts';
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';
import { PREVIEW_EMAIL } from '../src/preview/data.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Sign-in/fe-login-box', component: 'fe-login-box', ...flowStoriesMeta('Sign-in/fe-login-box', 'fe-login-box', loginStates) };
type Story = FlowStory<typeof loginStates>;

const at = (state: LoginStateName, description: string): Story => ({
  args: { state },
  parameters: { docs: { description: { story: description } } },
});

export const PreLogin = at('preLogin.idle', 'Email step (pre-login), nothing typed.');
export const PreLoginChecking = at('preLogin.checking', 'Pre-login (SSO check) under way: busy "Checking…" button.');
export const LoginWithPassword = at('loginWithPassword.idle', 'Email and password.');
export const LoginWithPasswordSubmitting = at('loginWithPassword.submitting', 'Sign-in under way: busy "Signing in…" button.');
export const LoginWithPasswordServerError = at('loginWithPassword.serverError', 'The server refused the password: its message in the alert.');
export const LoginWithPasswordRecoverNotice = at('loginWithPassword.recoverNotice', 'After a recovery code turned MFA off: the notice asks to sign in again.');
export const RedirectToSso = at('redirectToSSO.waiting', 'The email belongs to an SSO connection (restored: the 2 s redirect is not scheduled; "Go now" would leave).');
export const LoginWithTwoFactor = at('loginWithTwoFactor.verify.idle', 'Two-factor verify: 6-digit code, remember device, recovery link.');
export const RedirectToSsoRedirecting = at('redirectToSSO.redirecting', 'The SSO redirect under way (restored: the page does not leave).');
export const LoginWithTwoFactorSubmitting = at('loginWithTwoFactor.verify.submitting', 'Two-factor code being checked.');
export const LoginWithTwoFactorError = at('loginWithTwoFactor.verify.error', 'Two-factor code refused by the server.');
export const LoginWithTwoFactorLoading = at('loginWithTwoFactor.loading', 'The MFA steps loading (on demand).');
export const LoginWithTwoFactorFailed = at('loginWithTwoFactor.failed', 'The MFA steps could not load: "Back to sign in".');
export const ForceTwoFactorStepsLoading = at('forceTwoFactor.loading', 'Forced enrolment: the MFA steps loading (on demand).');
export const ForceTwoFactorStepsFailed = at('forceTwoFactor.failed', 'Forced enrolment: the MFA steps could not load.');
export const LoginWithTwoFactorChooseDevice = at('loginWithTwoFactor.chooseDevice', 'Several devices: the user picks one.');
export const ForceTwoFactorChooseStrategy = at('forceTwoFactor.chooseStrategy', 'Forced enrolment, several strategies: the user picks one.');
export const ForceTwoFactorLoading = at('forceTwoFactor.authenticatorApp.loading', 'Enrolment forced by policy: QR code being prepared.');
export const ForceTwoFactorFailed = at('forceTwoFactor.authenticatorApp.failed', 'Enrolment: the QR code could not be prepared; "Try again".');
export const ForceTwoFactorReady = at('forceTwoFactor.authenticatorApp.ready', 'Enrolment: QR code, secret and the code form.');
export const ForceTwoFactorEnrolling = at('forceTwoFactor.authenticatorApp.enrolling', 'Enrolment: the first code being checked.');
export const RecoverTwoFactor = at('recoverTwoFactor.idle', 'Recovery code form.');
export const RecoverTwoFactorSubmitting = at('recoverTwoFactor.submitting', 'Recovery code being checked.');
export const RecoverTwoFactorError = at('recoverTwoFactor.error', 'Recovery code refused.');
export const AfterSignInLoading = at(
  'afterSignIn.loading',
  'Signed in: the steps after sign-in (breached password, quick SMS login registration, passkey prompt) loading on demand.',
);
export const BreachedPassword = at('breachedPassword.idle', 'Signed in, but the password was found in a breach.');
export const BreachedPasswordSending = at('breachedPassword.sending', 'Reset link being sent.');
export const BreachedPasswordSuccess = at('breachedPasswordSuccess', 'Reset link sent.');
export const Success = at('success.waiting', 'Signed in; post-auth navigation pending (restored: not scheduled).');
export const PasskeyEntry = at('preLogin.passkeys', 'The vendor\'s Passkeys strategy is active: "Sign in with a passkey" (and passkey autofill in the email field).');
export const PasskeySignIn = at('preLogin.passkey', 'Sign-in with a passkey under way (the browser asks for it).');
export const PasskeySignInError = at('preLogin.passkeyError', 'The passkey ceremony was cancelled or failed.');
export const PromptPasskeysChecking = at('promptPasskeys.checking', 'After sign-in: checking whether to offer a passkey.');
export const PromptPasskeys = at('promptPasskeys.idle', 'After sign-in: "Add a passkey" or "Not now" (sign-in §4 conditions met).');
export const PromptPasskeysRegistering = at('promptPasskeys.registering', 'A passkey being created.');
export const PromptPasskeysDismissing = at('promptPasskeys.dismissing', '"Not now" being remembered for this user.');
export const PromptPasskeysError = at('promptPasskeys.error', 'Creating the passkey failed.');
export const Loading = at('loading', 'A callback route: progress until the callback is found.');
export const PostLogin = at('postLogin', 'A callback page finishing its sign-in (magic link, social, OIDC, SAML).');
export const FailedToAuthenticate = at('preLogin.failedToAuthenticate', 'A failed callback sign-in: "Failed to authenticate" on the first step.');
export const NoLocalAuthentication = at('preLogin.noLocalAuthentication', 'NoLocalAuthentication: the email only looks for single sign-on.');
export const NoSso = at('preLogin.noSso', 'NoLocalAuthentication: no single sign-on for that email.');
export const SocialOnly = at('preLogin.socialOnly', 'NoLocalAuthentication without an SSO connection: only the accounts below.');
export const QuickSms = at('preLogin.quickSms', 'This browser has a quick SMS login: "Text me a sign-in code".');
export const SocialProviders = at('preLogin.socialProviders', "The vendor's social login providers.");
export const SocialStarting = at('preLogin.social', 'A social sign-in starting: the browser goes to the provider.');
export const SocialFailed = at('preLogin.socialFailed', 'A social sign-in could not start.');
export const MagicLinkSending = at('magicLinkPreLoginSuccess.sending', 'Magic link being sent.');
export const MagicLinkSent = at('magicLinkPreLoginSuccess.waiting', '"Check your email"; resend after the cooldown.');
export const MagicLinkResent = at('magicLinkPreLoginSuccess.resent', 'A new link was sent.');
export const MagicLinkResendAvailable = at('magicLinkPreLoginSuccess.idle', 'The link can be sent again.');
export const EmailCode = at('loginWithOtc.idle', 'The code sent by email.');
export const EmailCodeSubmitting = at('loginWithOtc.submitting', 'The code being checked.');
export const EmailCodeSending = at('loginWithOtc.sending', 'A new code being sent.');
export const EmailCodeFailed = at('loginWithOtc.failed', '"Failed to authenticate" with the server\'s reason.');
export const EmailCodeRateLimited = at('loginWithOtc.rateLimited', 'A resend refused (429).');
export const SmsCode = at('loginWithSmsOtc.idle', 'The code sent by SMS.');
export const SmsCodeSubmitting = at('loginWithSmsOtc.submitting', 'The SMS code being checked.');
export const SmsCodeSending = at('loginWithSmsOtc.sending', 'A new SMS code being sent.');
export const SmsCodeFailed = at('loginWithSmsOtc.failed', 'A wrong SMS code.');
export const QuickSmsSignIn = at('loginWithQuickSmsOtc.signIn', 'Quick SMS sign-in: the code texted to the remembered user.');
export const QuickSmsSignInSubmitting = at('loginWithQuickSmsOtc.submitting', 'Quick SMS sign-in: the code being checked.');
export const QuickSmsSignInResendAvailable = at('loginWithQuickSmsOtc.resendAvailable', 'Quick SMS sign-in: "Send a new code" available.');
export const QuickSmsSignInSending = at('loginWithQuickSmsOtc.sending', 'Quick SMS sign-in: a new code being sent.');
export const QuickLoginRegister = at('loginWithQuickSmsOtc.register.idle', 'registerQuickLogin: the phone number to register.');
export const QuickLoginRegisterSending = at('loginWithQuickSmsOtc.register.sending', 'registerQuickLogin: texting the code.');
export const QuickLoginRegisterCode = at('loginWithQuickSmsOtc.register.code', 'registerQuickLogin: the code texted.');
export const QuickLoginRegisterSubmitting = at('loginWithQuickSmsOtc.register.submitting', 'registerQuickLogin: the code being checked.');
export const QuickLoginRegisterError = at('loginWithQuickSmsOtc.register.error', 'registerQuickLogin: a wrong code.');
export const LoginWithSsoFailed = at('loginWithSSOFailed', 'A failed OIDC/SAML callback; the authenticated URL follows.');
export const SsoTestFinished = at('ssoTestFinished', 'An SSO connection’s test sign-in came back to the callback page: the result is the admin portal’s; close this window.');
export const SigningOut = at('signingOut', 'The signed-in card: signing out.');

/**
 * The whole flow against the preview transport: any email and password sign
 * in. Plus-tags pick a scenario: `+mfa` (verify; any 6-digit code but 000000),
 * `+enroll` (forced enrolment, then a recovery code), `+breached`; the password
 * `wrong` is refused. Post-auth navigation is prevented and logged.
 */
export const Live: StoryObj = {
  render: () =>
    html`<div style="display:grid;gap:12px;justify-items:center;max-width:440px">
      ${renderLoginBox()}
      <p style="font:13px/1.4 system-ui;color:#555;margin:0">
        Preview data: any email and password sign in. Try <code>demo+mfa@preview.invalid</code> (code: any 6 digits but 000000), <code>demo+enroll@preview.invalid</code>,
        <code>demo+breached@preview.invalid</code>, or the password <code>wrong</code>.
      </p>
    </div>`,
  parameters: { docs: { description: { story: `Clickable flow with canned data; e.g. ${PREVIEW_EMAIL} / any password.` } } },
};

/** `--fe-color-primary` (and the radius) set on a wrapper: custom properties inherit into the shadow root. */
export const Themed: StoryObj<{ primary: string; radius: string }> = {
  args: { primary: '#d4338a', radius: '2px' },
  argTypes: { primary: { control: 'color' }, radius: { control: 'text' } },
  render: ({ primary, radius }) =>
    html`<div style="--fe-color-primary: ${primary}; --fe-color-focus-ring: ${primary}; --fe-radius: ${radius}">${renderLoginBox(loginStates['loginWithPassword.idle'])}</div>`,
};
