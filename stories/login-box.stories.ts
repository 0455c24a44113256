/**
 * `<fe-login-box>`: one story per state of the login machine (restored from
 * the specs in ./login-states.ts, never by clicking through), plus a Live
 * story (the whole flow against the preview transport) and a Themed one.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { loginStates, type LoginStateName } from './login-states.ts';
import { renderLoginBox } from './render.ts';
import { PREVIEW_EMAIL } from '../src/preview/data.ts';

interface Args {
  /** Which login state to start in (a key of `loginStates`). */
  state: LoginStateName;
}

const meta: Meta<Args> = {
  title: 'Sign-in/fe-login-box',
  component: 'fe-login-box',
  argTypes: { state: { control: 'select', options: Object.keys(loginStates) } },
  render: ({ state }) => renderLoginBox(loginStates[state]),
};
export default meta;
type Story = StoryObj<Args>;

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
export const LoginWithTwoFactorSubmitting = at('loginWithTwoFactor.verify.submitting', 'Two-factor code being checked.');
export const LoginWithTwoFactorError = at('loginWithTwoFactor.verify.error', 'Two-factor code refused by the server.');
export const ForceTwoFactorLoading = at('forceTwoFactor.authenticatorApp.loading', 'Enrolment forced by policy: QR code being prepared.');
export const ForceTwoFactorFailed = at('forceTwoFactor.authenticatorApp.failed', 'Enrolment: the QR code could not be prepared; "Try again".');
export const ForceTwoFactorReady = at('forceTwoFactor.authenticatorApp.ready', 'Enrolment: QR code, secret and the code form.');
export const ForceTwoFactorEnrolling = at('forceTwoFactor.authenticatorApp.enrolling', 'Enrolment: the first code being checked.');
export const RecoverTwoFactor = at('recoverTwoFactor.idle', 'Recovery code form.');
export const RecoverTwoFactorSubmitting = at('recoverTwoFactor.submitting', 'Recovery code being checked.');
export const RecoverTwoFactorError = at('recoverTwoFactor.error', 'Recovery code refused.');
export const Authenticating = at('authenticating', 'Token stored; profile, entitlements and tenants loading.');
export const BreachedPassword = at('breachedPassword.idle', 'Signed in, but the password was found in a breach.');
export const BreachedPasswordSending = at('breachedPassword.sending', 'Reset link being sent.');
export const BreachedPasswordSuccess = at('breachedPasswordSuccess', 'Reset link sent.');
export const Success = at('success.waiting', 'Signed in; post-auth navigation pending (restored: not scheduled).');
export const PasskeySignIn = at('preLogin.passkey', 'Sign-in with a passkey under way (the browser asks for it).');
export const PasskeySignInError = at('preLogin.passkeyError', 'The passkey ceremony was cancelled or failed.');
export const PromptPasskeysChecking = at('promptPasskeys.checking', 'After sign-in: checking whether to offer a passkey.');
export const PromptPasskeys = at('promptPasskeys.idle', 'After sign-in: "Add a passkey" or "Not now" (sign-in §4 conditions met).');
export const PromptPasskeysRegistering = at('promptPasskeys.registering', 'A passkey being created.');
export const PromptPasskeysError = at('promptPasskeys.error', 'Creating the passkey failed.');

/**
 * The whole flow against the preview transport: any email and password sign
 * in. Plus-tags pick a scenario: `+mfa` (verify; any 6-digit code but 000000),
 * `+enroll` (forced enrolment, then a recovery code), `+breached`; the password
 * `wrong` is refused. Post-auth navigation is prevented and logged.
 */
export const Live: StoryObj = {
  render: () => html`<div style="display:grid;gap:12px;justify-items:center;max-width:440px">
    ${renderLoginBox()}
    <p style="font:13px/1.4 system-ui;color:#555;margin:0">
      Preview data: any email and password sign in. Try <code>demo+mfa@preview.invalid</code> (code: any 6 digits but 000000),
      <code>demo+enroll@preview.invalid</code>, <code>demo+breached@preview.invalid</code>, or the password <code>wrong</code>.
    </p>
  </div>`,
  parameters: { docs: { description: { story: `Clickable flow with canned data; e.g. ${PREVIEW_EMAIL} / any password.` } } },
};

/** `--fe-color-primary` (and the radius) set on a wrapper: custom properties inherit into the shadow root. */
export const Themed: StoryObj<{ primary: string; radius: string }> = {
  args: { primary: '#d4338a', radius: '2px' },
  argTypes: { primary: { control: 'color' }, radius: { control: 'text' } },
  render: ({ primary, radius }) =>
    html`<div style="--fe-color-primary: ${primary}; --fe-color-focus-ring: ${primary}; --fe-radius: ${radius}">
      ${renderLoginBox(loginStates['loginWithPassword.idle'])}
    </div>`,
};
