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
import type { FlowError } from '../machines/errors.ts';
import type { MfaContext, MfaInput } from '../machines/mfa.machine.ts';
import type { MfaDevices, MfaStrategy } from '../src/api/types.ts';
import { PREVIEW_DEVICE_ID, PREVIEW_EMAIL, PREVIEW_MFA_ENROLLMENT, PREVIEW_RECOVERY_CODE, previewMfaToken } from '../src/preview/data.ts';
import '../src/i18n/en-login-more.ts';

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

/** The devices of a user enrolled with every kind (chooseDevice), as a login response's `mfaDevices` carries them. */
const allDevices: MfaDevices = {
  authenticators: [{ id: PREVIEW_DEVICE_ID }],
  phones: [{ id: 'preview-phone', phoneNumber: '+1******4567' }],
  emails: [{ email }],
  webauthn: [{ id: 'preview-key', deviceType: 'CrossPlatform', name: 'YubiKey' }],
};
/** Two-factor with several devices (the MFA machine picks from `devices`), the child in `value`. */
const verifyWith = (value: unknown, context: Partial<MfaContext> = {}): LoginStateSpec => ({
  value: 'loginWithTwoFactor',
  context: { email, mfa: { mfaToken, step: 'verify', devices: allDevices, email } },
  mfa: { value, context: { email, devices: allDevices, firstStep: 'verify', ...context } },
});
/** Forced enrolment with every strategy active. */
const strategies: MfaStrategy[] = ['AuthenticatorApp', 'SMS', 'EmailCode', 'WebAuthnPlatform', 'WebAuthnCrossPlatform'];
const enrolAny = (value: unknown, context: Partial<MfaContext> = {}): LoginStateSpec => ({
  value: 'forceTwoFactor',
  context: { email, mfa: { mfaToken, step: 'enrol', strategies, email } },
  mfa: { value, context: { email, strategies, firstStep: 'enrol', ...context } },
});
const sms: Partial<MfaContext> = { device: { kind: 'sms', id: 'preview-phone', label: '+1******4567' }, phoneNumber: '+1******4567', otcToken: 'preview-otc' };
const byEmail: Partial<MfaContext> = { device: { kind: 'email', label: email }, otcToken: 'preview-otc' };
const key: Partial<MfaContext> = { device: { kind: 'webauthn', id: 'preview-key', label: 'YubiKey', deviceType: 'CrossPlatform' } };
const codeReady = (resend: 'coolingDown' | 'available', form: 'idle' | 'submitting' = 'idle') => ({ ready: { form, resend } });
const serverError = (message: string, errorCode: string) => ({ error: { message, statusCode: 400, traceId: 'preview-trace' }, errorCode });

/** A failed passwordless or callback sign-in ("Failed to authenticate", sign-in §8), with the server's reason. */
const failed = (message?: string): FlowError => ({ key: 'login.failedToAuthenticate', ...(message ? { message, statusCode: 400, traceId: 'preview-trace' } : {}) });

/**
 * Every state of the MFA machine (sign-in §4 "MFA steps", plus chooseDevice,
 * chooseStrategy, webauthnVerify, webauthnEnroll), inside the login step that
 * runs it. (`init`, `verifyDevice` and `enrolStrategy` are transient; `recover`
 * is final and shows as the login machine's `recoverTwoFactor`.)
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
  // remember-device allowed by the policy (30 days)
  'verify.rememberDevice': verify({ verify: 'idle' }, { rememberDevice: { allowed: true, expiresIn: 30 * 86400 } }),
  // several devices: the user picks one
  chooseDevice: verifyWith('chooseDevice'),
  'smsVerifyCode.sending': verifyWith({ smsVerifyCode: 'sending' }, { ...sms, otcToken: undefined }),
  'smsVerifyCode.sendFailed': verifyWith({ smsVerifyCode: 'sendFailed' }, { ...sms, otcToken: undefined, error: { key: 'error.network', statusCode: 0 } }),
  'smsVerifyCode.ready': verifyWith({ smsVerifyCode: codeReady('coolingDown') }, { ...sms, codeSentAt: Date.now() }),
  'smsVerifyCode.submitting': verifyWith({ smsVerifyCode: codeReady('coolingDown', 'submitting') }, { ...sms, codeSentAt: Date.now() }),
  'smsVerifyCode.resendAvailable': verifyWith({ smsVerifyCode: codeReady('available') }, sms),
  'smsVerifyCode.wrongCode': verifyWith({ smsVerifyCode: codeReady('available') }, { ...sms, ...serverError('Invalid code', 'ER-MFA-INVALID-CODE') }),
  'smsVerifyCode.expired': verifyWith({ smsVerifyCode: codeReady('available') }, { ...sms, ...serverError('This code has expired. Send a new code.', 'ER-MFA-CODE-EXPIRED') }),
  'emailVerifyCode.ready': verifyWith({ emailVerifyCode: codeReady('coolingDown') }, { ...byEmail, codeSentAt: Date.now(), rememberDevice: { allowed: true, expiresIn: 30 * 86400 } }),
  'emailVerifyCode.used': verifyWith({ emailVerifyCode: codeReady('available') }, { ...byEmail, ...serverError('This code was already used. Start over to sign in again.', 'ER-MFA-CODE-USED') }),
  'emailVerifyCode.rateLimited': verifyWith({ emailVerifyCode: codeReady('coolingDown') }, { ...byEmail, codeSentAt: Date.now(), error: { message: 'Please wait 12 seconds before requesting a new code', statusCode: 429 }, errorCode: 'ER-MFA-CODE-RATE-LIMIT' }),
  'webauthnVerify.idle': verifyWith({ webauthnVerify: 'idle' }, key),
  'webauthnVerify.waiting': verifyWith({ webauthnVerify: 'waiting' }, key),
  'webauthnVerify.cancelled': verifyWith({ webauthnVerify: 'idle' }, { ...key, error: { message: 'The request was cancelled or timed out. Try again, or use another method.' } }),
  // forced enrolment with several active strategies: the user picks one
  chooseStrategy: enrolAny('chooseStrategy'),
  smsSetPhoneNumber: enrolAny('smsSetPhoneNumber', { strategy: 'SMS' }),
  'smsSetPhoneNumber.invalid': enrolAny('smsSetPhoneNumber', {
    strategy: 'SMS', phoneNumber: '+1555', ...serverError('Enter the phone number with its country code, like +15551234567', 'ER-MFA-PHONE-INVALID'),
  }),
  'smsVerifyCode.enrol': enrolAny({ smsVerifyCode: codeReady('coolingDown') }, { strategy: 'SMS', device: { kind: 'sms' }, phoneNumber: '+1******2222', otcToken: 'preview-otc', codeSentAt: Date.now() }),
  'emailVerifyCode.enrol': enrolAny({ emailVerifyCode: codeReady('coolingDown') }, { strategy: 'EmailCode', ...byEmail, codeSentAt: Date.now() }),
  'webauthnEnroll.platform': enrolAny({ webauthnEnroll: 'idle' }, { strategy: 'WebAuthnPlatform', device: { kind: 'webauthn', deviceType: 'Platform' } }),
  'webauthnEnroll.crossPlatform': enrolAny({ webauthnEnroll: 'idle' }, { strategy: 'WebAuthnCrossPlatform', device: { kind: 'webauthn', deviceType: 'CrossPlatform' } }),
  'webauthnEnroll.waiting': enrolAny({ webauthnEnroll: 'waiting' }, { strategy: 'WebAuthnCrossPlatform', device: { kind: 'webauthn', deviceType: 'CrossPlatform' } }),
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
  // the MFA steps load on demand: loading them, and failing to
  'loginWithTwoFactor.loading': { value: { loginWithTwoFactor: 'loading' }, context: { email, mfa: verifyInput } },
  'loginWithTwoFactor.failed': { value: { loginWithTwoFactor: 'failed' }, context: { email, mfa: verifyInput, error: { key: 'error.network', statusCode: 0 } } },
  'loginWithTwoFactor.chooseDevice': mfaStates.chooseDevice,
  'forceTwoFactor.chooseStrategy': mfaStates.chooseStrategy,
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
  // auth strategies, passwordless sign-in, callbacks and the quick SMS login (sign-in §3, §4; machines/login.machine.ts)
  loading: { value: 'loading', context: {} },
  postLogin: { value: 'postLogin', context: {} },
  'preLogin.failedToAuthenticate': { value: { preLogin: 'idle' }, context: { error: failed() } },
  'preLogin.noLocalAuthentication': { value: { preLogin: 'idle' }, context: { authStrategy: 'NoLocalAuthentication' } },
  'preLogin.noSso': { value: { preLogin: 'idle' }, context: { email, authStrategy: 'NoLocalAuthentication', error: { key: 'login.noSso' } } },
  'preLogin.socialOnly': { value: { preLogin: 'idle' }, context: { authStrategy: 'NoLocalAuthentication', ssoActive: false } },
  'preLogin.quickSms': { value: { preLogin: 'idle' }, context: { quickLoginUserId: 'preview-user' } },
  'magicLinkPreLoginSuccess.sending': { value: { magicLinkPreLoginSuccess: { form: 'idle', resend: 'sending' } }, context: { email, authStrategy: 'MagicLink' } },
  'magicLinkPreLoginSuccess.waiting': { value: { magicLinkPreLoginSuccess: { form: 'idle', resend: 'waiting' } }, context: { email, authStrategy: 'MagicLink' } },
  'magicLinkPreLoginSuccess.resent': {
    value: { magicLinkPreLoginSuccess: { form: 'idle', resend: 'waiting' } },
    context: { email, authStrategy: 'MagicLink', notice: 'passwordless.resent' },
  },
  'magicLinkPreLoginSuccess.idle': { value: { magicLinkPreLoginSuccess: { form: 'idle', resend: 'idle' } }, context: { email, authStrategy: 'MagicLink' } },
  'loginWithOtc.idle': { value: { loginWithOtc: { form: 'idle', resend: 'waiting' } }, context: { email, authStrategy: 'Code' } },
  'loginWithOtc.submitting': { value: { loginWithOtc: { form: 'submitting', resend: 'waiting' } }, context: { email, authStrategy: 'Code' } },
  'loginWithOtc.failed': { value: { loginWithOtc: { form: 'idle', resend: 'idle' } }, context: { email, authStrategy: 'Code', error: failed('The code has expired') } },
  'loginWithOtc.rateLimited': {
    value: { loginWithOtc: { form: 'idle', resend: 'idle' } },
    context: { email, authStrategy: 'Code', error: { message: 'Too many requests. Try again in 20 seconds', statusCode: 429, traceId: 'preview-trace' } },
  },
  'loginWithSmsOtc.idle': { value: { loginWithSmsOtc: { form: 'idle', resend: 'waiting' } }, context: { email, authStrategy: 'SmsCode' } },
  'loginWithSmsOtc.failed': { value: { loginWithSmsOtc: { form: 'idle', resend: 'idle' } }, context: { email, authStrategy: 'SmsCode', error: failed('Invalid code') } },
  'loginWithQuickSmsOtc.signIn': {
    value: { loginWithQuickSmsOtc: { signIn: { form: 'idle', resend: 'waiting' } } },
    context: { passwordless: 'SmsCode', quickLoginUserId: 'preview-user' },
  },
  'loginWithQuickSmsOtc.register.idle': { value: { loginWithQuickSmsOtc: { register: 'idle' } }, context: { email, user: { email }, mode: 'registerQuickLogin' } },
  'loginWithQuickSmsOtc.register.sending': {
    value: { loginWithQuickSmsOtc: { register: 'sending' } },
    context: { email, user: { email }, mode: 'registerQuickLogin', phoneNumber: '+14155550100' },
  },
  'loginWithQuickSmsOtc.register.code': {
    value: { loginWithQuickSmsOtc: { register: 'code' } },
    context: { email, user: { email }, mode: 'registerQuickLogin', phoneNumber: '+14155550100', changePhoneId: 'preview-change' },
  },
  'loginWithQuickSmsOtc.register.submitting': {
    value: { loginWithQuickSmsOtc: { register: 'submitting' } },
    context: { email, user: { email }, mode: 'registerQuickLogin', phoneNumber: '+14155550100', changePhoneId: 'preview-change' },
  },
  'loginWithQuickSmsOtc.register.error': {
    value: { loginWithQuickSmsOtc: { register: 'code' } },
    context: { email, user: { email }, mode: 'registerQuickLogin', phoneNumber: '+14155550100', changePhoneId: 'preview-change', error: { message: 'Invalid code', statusCode: 400 } },
  },
  loginWithSSOFailed: { value: 'loginWithSSOFailed', context: { callback: { kind: 'oidc', params: {} }, error: failed() } },
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
