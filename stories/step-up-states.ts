import type { MfaContext } from '../machines/mfa.machine.ts';
import type { StepUpStateSpec } from '../machines/step-up.machine.ts';
import type { MfaDevices } from '../src/api/types.ts';

const mfa = { mfaToken: 'step-up-token', step: 'verify' as const, deviceId: 'device-1', email: 'demo@acme.test' };

/** A user with a device of every kind (step-up generate's `mfaDevices`). */
const devices: MfaDevices = {
  authenticators: [{ id: 'device-1' }],
  phones: [{ id: 'phone-1', phoneNumber: '+1******4567' }],
  emails: [{ email: mfa.email }],
  webauthn: [{ id: 'key-1', deviceType: 'Platform', name: 'This device' }],
};
/** Step-up `verify` with the MFA child at `value` (devices of every kind; no remember-device offer at step-up). */
const verifyWith = (value: unknown, context: Partial<MfaContext> = {}): StepUpStateSpec => ({
  value: 'verify',
  context: { mfa: { ...mfa, devices } },
  mfa: { value, context: { email: mfa.email, devices, ...context } },
});
const codeReady = { ready: { form: 'idle', resend: 'coolingDown' } };

/** Every state of the step-up machine, as data (stories and the accessibility test share them). `check` is transient. */
export const stepUpStates = {
  notRequested: { value: 'notRequested', context: { flagSet: false } },
  generating: { value: 'generating', context: { maxAge: 300 } },
  'verify.idle': { value: 'verify', context: { mfa }, mfa: { value: { verify: 'idle' }, context: { email: mfa.email, deviceId: 'device-1' } } },
  'verify.error': {
    value: 'verify',
    context: { mfa },
    mfa: { value: { verify: 'idle' }, context: { email: mfa.email, deviceId: 'device-1', error: { message: 'Invalid code', statusCode: 400 } } },
  },
  // the same MFA steps as at sign-in, for a user with devices of every kind
  'verify.chooseDevice': verifyWith('chooseDevice'),
  'verify.smsVerifyCode': verifyWith({ smsVerifyCode: codeReady }, {
    device: { kind: 'sms', id: 'phone-1', label: '+1******4567' }, phoneNumber: '+1******4567', otcToken: 'preview-otc', codeSentAt: Date.now(),
  }),
  'verify.emailVerifyCode': verifyWith({ emailVerifyCode: codeReady }, { device: { kind: 'email', label: mfa.email }, otcToken: 'preview-otc', codeSentAt: Date.now() }),
  'verify.webauthnVerify': verifyWith({ webauthnVerify: 'idle' }, { device: { kind: 'webauthn', id: 'key-1', label: 'This device', deviceType: 'Platform' } }),
  'noMFAEnrolledStepUp.ready': {
    value: 'noMFAEnrolledStepUp',
    mfa: {
      value: { authenticatorApp: 'ready' },
      context: { firstStep: 'authenticatorApp', qrCode: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', secret: 'JBSWY3DPEHPK3PXP' },
    },
  },
  authenticating: { value: 'authenticating' },
  done: { value: { done: 'waiting' } },
  failed: { value: 'failed', context: { error: { message: 'Forbidden', statusCode: 403 } } },
} satisfies Record<string, StepUpStateSpec>;

export type StepUpStateName = keyof typeof stepUpStates;

/** The `data-step` a spec shows (the MFA child's step inside verify / enrolment). */
export function stepUpStepShown(spec: StepUpStateSpec): string {
  if (spec.mfa) return typeof spec.mfa.value === 'string' ? spec.mfa.value : Object.keys(spec.mfa.value as object)[0];
  return typeof spec.value === 'string' ? spec.value : Object.keys(spec.value as object)[0];
}
