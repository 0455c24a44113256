/**
 * Every state of the login and MFA machines as data ({@link StateSpec}: the
 * login machine's `value` and `context`, and in the two-factor steps its
 * child `mfa`, the MFA machine, at its own state), for the stories, the
 * accessibility tests and the preview tests: `<fe-login-box-story
 * state=…>` (stories/support/flows.ts) starts from the snapshot resolved from
 * the machines, on idle actors.
 *
 * Restoring does not re-run invoked actors or delayed transitions: a
 * restored `submitting` / `checking` / `loading` state shows its busy UI and
 * stays there (no API call); `redirectToSSO` and `success` do not redirect.
 * No state holds a token (test/no-tokens-in-snapshots.test.ts).
 */
import type { FlowError } from '../machines/errors.ts';
import type { AfterSignInContext, AfterSignInInput } from '../machines/after-sign-in.machine.ts';
import type { LoginContext } from '../machines/login.machine.ts';
import type { MfaContext, MfaInput } from '../machines/mfa.machine.ts';
import type { MfaDevices, MfaStrategy } from '../src/api/types.ts';
import type { SocialProviderEntry } from '../src/federation/index.ts';
import { enLoginMore } from '../src/i18n/en-login-more.ts';
import { enPasswordless } from '../src/i18n/en-passwordless.ts';
import { addMessages } from '../src/i18n/index.ts';
import { PREVIEW_DEVICE_ID, PREVIEW_EMAIL, PREVIEW_MFA_ENROLLMENT, PREVIEW_RECOVERY_CODE } from '../src/preview/data.ts';
import type { StateSpec } from './support/flow-story.tsx';

// states that start after a later step set their message (the recovery notice, "Failed to authenticate")
addMessages('en', enLoginMore);
addMessages('en', enPasswordless);

/** A login state: the login machine's value and context (typed), the MFA child's when it runs. */
interface LoginStateSpec extends StateSpec {
  context?: Partial<LoginContext> & Record<string, unknown>;
}

const email = PREVIEW_EMAIL;
const verifyInput: MfaInput = { step: 'verify', deviceId: PREVIEW_DEVICE_ID, email };
const enrolInput: MfaInput = { step: 'authenticatorApp', email };
const enrolment: Partial<MfaContext> = { qrCode: PREVIEW_MFA_ENROLLMENT.qrCode, secret: PREVIEW_MFA_ENROLLMENT.secret };

/** A two-factor step (`step`) running the MFA machine (child `mfa`, started with `input`) in `value`. */
const twoFactor = (step: 'loginWithTwoFactor' | 'forceTwoFactor', input: MfaInput, value: unknown, context: Partial<MfaContext>): LoginStateSpec => ({
  value: { [step]: 'running' },
  context: { email, mfa: input },
  children: { mfa: { src: 'mfa', input, value, context: context as Record<string, unknown> } },
});
/**
 * A step after sign-in: the login machine in `afterSignIn.running`, its child `afterSignIn` (the machine of the steps after
 * sign-in, started with the signed-in user) in `value` with `context`.
 */
const afterSignIn = (value: unknown, context: Partial<AfterSignInContext> = {}, input: Partial<AfterSignInInput> = {}): LoginStateSpec => ({
  value: { afterSignIn: 'running' },
  context: { email, user: { email } },
  children: { afterSignIn: { src: 'afterSignIn', input: { email, user: { email }, ...input }, value, context: context as Record<string, unknown> } },
});
/** The quick SMS login registration (login mode registerQuickLogin) after sign-in, in `value`. */
const register = (value: string, context: Partial<AfterSignInContext> = {}) => afterSignIn({ loginWithQuickSmsOtc: { register: value } }, context, { registerQuickLogin: true });
const texted: Partial<AfterSignInContext> = { phoneNumber: '+14155550100', changePhoneId: 'preview-change' };

/** Two-factor verify (loginWithTwoFactor) with the MFA child in `value`. */
const verify = (value: unknown, context: Partial<MfaContext> = {}) =>
  twoFactor('loginWithTwoFactor', verifyInput, value, { email, deviceId: PREVIEW_DEVICE_ID, firstStep: 'verify', ...context });
/** Forced enrolment (forceTwoFactor) with the MFA child in `value`. */
const enrol = (value: unknown, context: Partial<MfaContext> = {}) => twoFactor('forceTwoFactor', enrolInput, value, { email, firstStep: 'authenticatorApp', ...context });

/** The devices of a user enrolled with every kind (chooseDevice), as a login response's `mfaDevices` carries them. */
const allDevices: MfaDevices = {
  authenticators: [{ id: PREVIEW_DEVICE_ID }],
  phones: [{ id: 'preview-phone', phoneNumber: '+1******4567' }],
  emails: [{ email }],
  webauthn: [{ id: 'preview-key', deviceType: 'CrossPlatform', name: 'YubiKey' }],
};
/** Two-factor with several devices (the MFA machine picks from `devices`), the child in `value`. */
const verifyWith = (value: unknown, context: Partial<MfaContext> = {}) =>
  twoFactor('loginWithTwoFactor', { step: 'verify', devices: allDevices, email }, value, { email, devices: allDevices, firstStep: 'verify', ...context });
/** Forced enrolment with every strategy active. */
const strategies: MfaStrategy[] = ['AuthenticatorApp', 'SMS', 'EmailCode', 'WebAuthnPlatform', 'WebAuthnCrossPlatform'];
const enrolAny = (value: unknown, context: Partial<MfaContext> = {}) =>
  twoFactor('forceTwoFactor', { step: 'enrol', strategies, email }, value, { email, strategies, firstStep: 'enrol', ...context });
const sms: Partial<MfaContext> = { device: { kind: 'sms', id: 'preview-phone', label: '+1******4567' }, phoneNumber: '+1******4567', otcToken: 'preview-otc' };
const byEmail: Partial<MfaContext> = { device: { kind: 'email', label: email }, otcToken: 'preview-otc' };
const key: Partial<MfaContext> = { device: { kind: 'webauthn', id: 'preview-key', label: 'YubiKey', deviceType: 'CrossPlatform' } };
const codeReady = (resend: 'coolingDown' | 'available', form: 'idle' | 'submitting' = 'idle') => ({ ready: { form, resend } });
const serverError = (message: string, errorCode: string) => ({ error: { message, statusCode: 400, traceId: 'preview-trace' }, errorCode });

/** Quick SMS sign-in (the code texted to the remembered user) with its form and resend regions. */
const quickSms = (form: 'idle' | 'submitting', resend: 'waiting' | 'idle' | 'sending'): LoginStateSpec => ({
  value: { loginWithQuickSmsOtc: { form, resend } },
  context: { passwordless: 'SmsCode', quickLoginUserId: 'preview-user' },
});

/** Social login providers as the `socialProviders` actor lists them. */
const provider = (type: string): SocialProviderEntry => ({
  key: type,
  type,
  origin: 'social-login',
  clientId: `${type}-client`,
  authorizationUrl: `https://${type}.preview.invalid/authorize`,
  redirectUrl: '',
  scopes: 'openid email profile',
});
const socialProviders = [provider('github'), provider('google')];

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
  'authenticatorApp.wrongCode': enrol(
    { authenticatorApp: 'ready' },
    { ...enrolment, error: { message: 'Invalid authentication code', statusCode: 400, traceId: 'preview-trace' } },
  ),
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
  'emailVerifyCode.ready': verifyWith(
    { emailVerifyCode: codeReady('coolingDown') },
    { ...byEmail, codeSentAt: Date.now(), rememberDevice: { allowed: true, expiresIn: 30 * 86400 } },
  ),
  'emailVerifyCode.used': verifyWith(
    { emailVerifyCode: codeReady('available') },
    { ...byEmail, ...serverError('This code was already used. Start over to sign in again.', 'ER-MFA-CODE-USED') },
  ),
  'emailVerifyCode.rateLimited': verifyWith(
    { emailVerifyCode: codeReady('coolingDown') },
    { ...byEmail, codeSentAt: Date.now(), error: { message: 'Please wait 12 seconds before requesting a new code', statusCode: 429 }, errorCode: 'ER-MFA-CODE-RATE-LIMIT' },
  ),
  'emailVerifyCode.sending': verifyWith({ emailVerifyCode: 'sending' }, { ...byEmail, otcToken: undefined }),
  'emailVerifyCode.sendFailed': verifyWith({ emailVerifyCode: 'sendFailed' }, { ...byEmail, otcToken: undefined, error: { key: 'error.network', statusCode: 0 } }),
  'emailVerifyCode.submitting': verifyWith({ emailVerifyCode: codeReady('coolingDown', 'submitting') }, { ...byEmail, codeSentAt: Date.now() }),
  'webauthnVerify.idle': verifyWith({ webauthnVerify: 'idle' }, key),
  'webauthnVerify.waiting': verifyWith({ webauthnVerify: 'waiting' }, key),
  'webauthnVerify.cancelled': verifyWith({ webauthnVerify: 'idle' }, { ...key, error: { message: 'The request was cancelled or timed out. Try again, or use another method.' } }),
  // forced enrolment with several active strategies: the user picks one
  chooseStrategy: enrolAny('chooseStrategy'),
  smsSetPhoneNumber: enrolAny('smsSetPhoneNumber', { strategy: 'SMS' }),
  'smsSetPhoneNumber.invalid': enrolAny('smsSetPhoneNumber', {
    strategy: 'SMS',
    phoneNumber: '+1555',
    ...serverError('Enter the phone number with its country code, like +15551234567', 'ER-MFA-PHONE-INVALID'),
  }),
  'smsVerifyCode.enrol': enrolAny(
    { smsVerifyCode: codeReady('coolingDown') },
    { strategy: 'SMS', device: { kind: 'sms' }, phoneNumber: '+1******2222', otcToken: 'preview-otc', codeSentAt: Date.now() },
  ),
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
  // restored, the redirect's `navigate` is not emitted again: the card as the page leaves
  'redirectToSSO.redirecting': { value: { redirectToSSO: 'redirecting' }, context: { email: 'demo@sso.preview.invalid', ssoAddress: 'https://sso.preview.invalid/saml/login' } },
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
  'forceTwoFactor.loading': { value: { forceTwoFactor: 'loading' }, context: { email, mfa: enrolInput } },
  'forceTwoFactor.failed': { value: { forceTwoFactor: 'failed' }, context: { email, mfa: enrolInput, error: { key: 'error.network', statusCode: 0 } } },
  'loginWithTwoFactor.chooseDevice': mfaStates.chooseDevice,
  'forceTwoFactor.chooseStrategy': mfaStates.chooseStrategy,
  'recoverTwoFactor.idle': { value: { recoverTwoFactor: 'idle' }, context: { email } },
  'recoverTwoFactor.submitting': { value: { recoverTwoFactor: 'submitting' }, context: { email } },
  'recoverTwoFactor.error': {
    value: { recoverTwoFactor: 'idle' },
    context: { email, error: { message: 'Invalid recovery code', statusCode: 400, traceId: 'preview-trace' } },
  },
  'afterSignIn.loading': { value: { afterSignIn: 'loading' }, context: { email, user: { email } } },
  'breachedPassword.idle': afterSignIn({ breachedPassword: 'idle' }, {}, { breachedPassword: true }),
  'breachedPassword.sending': afterSignIn({ breachedPassword: 'submitting' }, {}, { breachedPassword: true }),
  breachedPasswordSuccess: afterSignIn('breachedPasswordSuccess', {}, { breachedPassword: true }),
  'success.waiting': { value: { success: 'waiting' }, context: { email } },
  // passkeys (src/passkeys): the button's ceremony on preLogin, and the prompt after sign-in (sign-in §4)
  'preLogin.passkeys': { value: { preLogin: 'idle' }, context: { passkeys: true } },
  'preLogin.passkey': { value: { preLogin: 'passkey' }, context: { passkeys: true } },
  'preLogin.passkeyError': {
    value: { preLogin: 'idle' },
    context: { passkeys: true, error: { message: 'The passkey request was cancelled or timed out. Try again, or use another way to sign in.' } },
  },
  'promptPasskeys.checking': afterSignIn({ promptPasskeys: 'checking' }),
  'promptPasskeys.idle': afterSignIn({ promptPasskeys: 'idle' }),
  'promptPasskeys.registering': afterSignIn({ promptPasskeys: 'registering' }),
  'promptPasskeys.dismissing': afterSignIn({ promptPasskeys: 'dismissing' }),
  'promptPasskeys.error': afterSignIn({ promptPasskeys: 'idle' }, { error: { message: 'This passkey is already registered for your account.' } }),
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
  'loginWithOtc.sending': { value: { loginWithOtc: { form: 'idle', resend: 'sending' } }, context: { email, authStrategy: 'Code' } },
  'loginWithOtc.failed': { value: { loginWithOtc: { form: 'idle', resend: 'idle' } }, context: { email, authStrategy: 'Code', error: failed('The code has expired') } },
  'loginWithOtc.rateLimited': {
    value: { loginWithOtc: { form: 'idle', resend: 'idle' } },
    context: { email, authStrategy: 'Code', error: { message: 'Too many requests. Try again in 20 seconds', statusCode: 429, traceId: 'preview-trace' } },
  },
  'loginWithSmsOtc.idle': { value: { loginWithSmsOtc: { form: 'idle', resend: 'waiting' } }, context: { email, authStrategy: 'SmsCode' } },
  'loginWithSmsOtc.submitting': { value: { loginWithSmsOtc: { form: 'submitting', resend: 'waiting' } }, context: { email, authStrategy: 'SmsCode' } },
  'loginWithSmsOtc.sending': { value: { loginWithSmsOtc: { form: 'idle', resend: 'sending' } }, context: { email, authStrategy: 'SmsCode' } },
  'loginWithSmsOtc.failed': { value: { loginWithSmsOtc: { form: 'idle', resend: 'idle' } }, context: { email, authStrategy: 'SmsCode', error: failed('Invalid code') } },
  'loginWithQuickSmsOtc.signIn': quickSms('idle', 'waiting'),
  'loginWithQuickSmsOtc.submitting': quickSms('submitting', 'waiting'),
  'loginWithQuickSmsOtc.resendAvailable': quickSms('idle', 'idle'),
  'loginWithQuickSmsOtc.sending': quickSms('idle', 'sending'),
  'loginWithQuickSmsOtc.register.idle': register('idle'),
  'loginWithQuickSmsOtc.register.sending': register('sending', { phoneNumber: '+14155550100' }),
  'loginWithQuickSmsOtc.register.code': register('code', texted),
  'loginWithQuickSmsOtc.register.submitting': register('submitting', texted),
  'loginWithQuickSmsOtc.register.error': register('code', { ...texted, error: { message: 'Invalid code', statusCode: 400 } }),
  loginWithSSOFailed: { value: 'loginWithSSOFailed', context: { callback: { kind: 'oidc', params: {} }, error: failed() } },
  // the callback page of an administrator's SSO test sign-in (issue 31 item 5): over, nobody signed in
  ssoTestFinished: { value: 'ssoTestFinished', context: { callback: { kind: 'oidc', params: {} } } },
  // social login providers (src/federation): the buttons, a sign-in starting (the browser is about to leave), a start that failed
  'preLogin.socialProviders': { value: { preLogin: 'idle' }, context: { socialProviders } },
  'preLogin.social': { value: { preLogin: 'social' }, context: { socialProviders, socialStarted: 'google' } },
  'preLogin.socialFailed': { value: { preLogin: 'idle' }, context: { socialProviders, error: { key: 'federation.error.unavailable' } } },
  // the signed-in card's "Sign out" under way
  signingOut: { value: 'signingOut', context: { email, user: { email } } },
} satisfies Record<string, LoginStateSpec>;

export type LoginStateName = keyof typeof loginStates;
export type MfaStateName = keyof typeof mfaStates;

const top = (v: unknown) => (typeof v === 'string' ? v : Object.keys(v as object)[0]);

/** The child machine of a spec's state, if one runs (`mfa`, `afterSignIn`). */
const childOf = (spec: StateSpec) => Object.values(spec.children ?? {})[0];

/** The `data-step` the card shows for a spec: the child's step when one runs (MFA, the steps after sign-in), else the login step (the signed-in card while signing out; loading while the steps after sign-in load). */
export function stepShown(spec: StateSpec): string {
  const step = top(childOf(spec)?.value ?? spec.value);
  if (step === 'afterSignIn') return 'loading';
  return step === 'signingOut' ? 'signedIn' : step;
}

/** Whether the spec is a busy state (a call would be under way). */
export function isBusySpec(spec: StateSpec): boolean {
  const leaf = (v: unknown): string => (typeof v === 'string' ? v : leaf(Object.values(v as object)[0]));
  const s = leaf(childOf(spec)?.value ?? spec.value);
  return ['checking', 'submitting', 'sending', 'loading', 'enrolling', 'passkey', 'registering', 'dismissing', 'social', 'signingOut'].includes(s);
}
