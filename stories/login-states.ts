/**
 * Every state of the login and MFA machines as plain data
 * ({@link LoginStateSpec}: `{ value, context, mfa? }`), for the stories and
 * for tests that reuse them as fixtures (Spectrum style). A spec goes into
 * `<fe-login-box initial-state=…>` as JSON; `loginSnapshotFrom` restores it.
 *
 * Restoring does not re-run invoked actors or delayed transitions: a
 * restored `submitting` / `checking` / `loading` state shows its busy UI and
 * stays there (no API call); `redirectToSSO` and `success` do not redirect.
 */
import type { LoginStateSpec } from '../machines/login.machine.ts';
import type { MfaContext, MfaInput } from '../machines/mfa.machine.ts';
import { PREVIEW_DEVICE_ID, PREVIEW_EMAIL, PREVIEW_MFA_ENROLLMENT, PREVIEW_RECOVERY_CODE, previewMfaToken } from '../src/preview/data.ts';

const email = PREVIEW_EMAIL;
const mfaToken = previewMfaToken(email);
const verifyInput: MfaInput = { mfaToken, step: 'verify', deviceId: PREVIEW_DEVICE_ID, email };
const enrolInput: MfaInput = { mfaToken, step: 'authenticatorApp', email };
const enrolment: Partial<MfaContext> = { qrCode: PREVIEW_MFA_ENROLLMENT.qrCode, secret: PREVIEW_MFA_ENROLLMENT.secret };

/** Two-factor verify (loginWithTwoFactor) with the MFA child in `value`. */
const verify = (value: unknown, context: Partial<MfaContext> = {}): LoginStateSpec => ({
  value: 'loginWithTwoFactor',
  context: { email, mfa: verifyInput },
  mfa: { value, context: { email, deviceId: PREVIEW_DEVICE_ID, firstStep: 'verify', ...context } },
});
/** Forced enrolment (forceTwoFactor) with the MFA child in `value`. */
const enrol = (value: unknown, context: Partial<MfaContext> = {}): LoginStateSpec => ({
  value: 'forceTwoFactor',
  context: { email, mfa: enrolInput },
  mfa: { value, context: { email, firstStep: 'authenticatorApp', ...context } },
});

/**
 * Every state of the MFA machine (sign-in §4 "MFA steps"), inside the login
 * step that runs it. (`init` is transient; `recover` is final and shows as
 * the login machine's `recoverTwoFactor`.)
 */
export const mfaStates = {
  'verify.idle': verify({ verify: 'idle' }),
  'verify.submitting': verify({ verify: 'submitting' }),
  'verify.error': verify({ verify: 'idle' }, { error: { message: 'Invalid authentication code', statusCode: 400, traceId: 'preview-trace' } }),
  'authenticatorApp.loading': enrol({ authenticatorApp: 'loading' }),
  'authenticatorApp.failed': enrol({ authenticatorApp: 'failed' }, { error: { key: 'error.network', statusCode: 0 } }),
  'authenticatorApp.ready': enrol({ authenticatorApp: 'ready' }, enrolment),
  'authenticatorApp.enrolling': enrol({ authenticatorApp: 'enrolling' }, enrolment),
  'authenticatorApp.wrongCode': enrol({ authenticatorApp: 'ready' }, { ...enrolment, error: { message: 'Invalid authentication code', statusCode: 400, traceId: 'preview-trace' } }),
  recoveryCode: enrol('recoveryCode', { ...enrolment, recoveryCode: PREVIEW_RECOVERY_CODE }),
  done: verify('done'),
} satisfies Record<string, LoginStateSpec>;

/** Every state of the login machine (sign-in §4 "Login steps"), with the progress and message variants the views show. */
export const loginStates = {
  'preLogin.idle': { value: { preLogin: 'idle' }, context: {} },
  'preLogin.checking': { value: { preLogin: 'checking' }, context: { email } },
  'loginWithPassword.idle': { value: { loginWithPassword: 'idle' }, context: { email } },
  'loginWithPassword.submitting': { value: { loginWithPassword: 'submitting' }, context: { email } },
  'loginWithPassword.serverError': {
    value: { loginWithPassword: 'idle' },
    context: { email, error: { message: 'Invalid authentication', statusCode: 401, traceId: 'preview-trace' } },
  },
  'loginWithPassword.recoverNotice': { value: { loginWithPassword: 'idle' }, context: { email, notice: 'login.recover.done' } },
  'redirectToSSO.waiting': { value: { redirectToSSO: 'waiting' }, context: { email: 'demo@sso.preview.invalid', ssoAddress: 'https://sso.preview.invalid/saml/login' } },
  'loginWithTwoFactor.verify.idle': mfaStates['verify.idle'],
  'loginWithTwoFactor.verify.submitting': mfaStates['verify.submitting'],
  'loginWithTwoFactor.verify.error': mfaStates['verify.error'],
  'forceTwoFactor.authenticatorApp.loading': mfaStates['authenticatorApp.loading'],
  'forceTwoFactor.authenticatorApp.failed': mfaStates['authenticatorApp.failed'],
  'forceTwoFactor.authenticatorApp.ready': mfaStates['authenticatorApp.ready'],
  'forceTwoFactor.authenticatorApp.enrolling': mfaStates['authenticatorApp.enrolling'],
  'recoverTwoFactor.idle': { value: { recoverTwoFactor: 'idle' }, context: { email } },
  'recoverTwoFactor.submitting': { value: { recoverTwoFactor: 'submitting' }, context: { email } },
  'recoverTwoFactor.error': {
    value: { recoverTwoFactor: 'idle' },
    context: { email, error: { message: 'Invalid recovery code', statusCode: 400, traceId: 'preview-trace' } },
  },
  authenticating: { value: 'authenticating', context: { email } },
  'breachedPassword.idle': { value: { breachedPassword: 'idle' }, context: { email } },
  'breachedPassword.sending': { value: { breachedPassword: 'sending' }, context: { email } },
  breachedPasswordSuccess: { value: 'breachedPasswordSuccess', context: { email } },
  'success.waiting': { value: { success: 'waiting' }, context: { email } },
  // passkeys (src/passkeys): the button's ceremony on preLogin, and the prompt after sign-in (sign-in §4)
  'preLogin.passkey': { value: { preLogin: 'passkey' }, context: {} },
  'preLogin.passkeyError': {
    value: { preLogin: 'idle' },
    context: { error: { message: 'The passkey request was cancelled or timed out. Try again, or use another way to sign in.' } },
  },
  'promptPasskeys.checking': { value: { promptPasskeys: 'checking' }, context: { email, user: { email } } },
  'promptPasskeys.idle': { value: { promptPasskeys: 'idle' }, context: { email, user: { email } } },
  'promptPasskeys.registering': { value: { promptPasskeys: 'registering' }, context: { email, user: { email } } },
  'promptPasskeys.error': {
    value: { promptPasskeys: 'idle' },
    context: { email, user: { email }, error: { message: 'This passkey is already registered for your account.' } },
  },
} satisfies Record<string, LoginStateSpec>;

export type LoginStateName = keyof typeof loginStates;
export type MfaStateName = keyof typeof mfaStates;

/** The `data-step` the card shows for a spec: the MFA child's step when there is one, else the login step. */
export function stepShown(spec: LoginStateSpec): string {
  const top = (v: unknown) => (typeof v === 'string' ? v : Object.keys(v as object)[0]);
  return spec.mfa ? top(spec.mfa.value) : top(spec.value);
}

/** Whether the spec is a busy state (a call would be under way). */
export function isBusySpec(spec: LoginStateSpec): boolean {
  const leaf = (v: unknown): string => (typeof v === 'string' ? v : leaf(Object.values(v as object)[0]));
  const s = leaf(spec.mfa?.value ?? spec.value);
  return ['checking', 'submitting', 'sending', 'loading', 'enrolling', 'authenticating', 'passkey', 'registering'].includes(s);
}
