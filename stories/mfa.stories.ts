/**
 * The MFA steps (MFA machine, sign-in §4 "MFA steps"): one story per state,
 * each inside the login step that runs it, restored from ./login-states.ts.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { mfaStates, type MfaStateName } from './login-states.ts';
import { renderLoginBox } from './render.ts';

interface Args {
  /** Which MFA state to start in (a key of `mfaStates`). */
  state: MfaStateName;
}

const meta: Meta<Args> = {
  title: 'Sign-in/MFA steps',
  component: 'fe-login-box',
  argTypes: { state: { control: 'select', options: Object.keys(mfaStates) } },
  render: ({ state }) => renderLoginBox(mfaStates[state]),
};
export default meta;
type Story = StoryObj<Args>;

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
