/**
 * Every state of the step-up machine as data ({@link StateSpec}: its value
 * and context, and in `verify` / `noMFAEnrolledStepUp` its child `mfa`, the
 * MFA machine, at its own state): the stories and the accessibility test
 * share them. `check` is transient. No state holds a token.
 */
import type { MfaContext, MfaInput } from '../machines/mfa.machine.ts';
import type { MfaDevices } from '../src/api/types.ts';
import type { StateSpec } from './support/flow-story.tsx';

const email = 'demo@acme.test';
const mfa: MfaInput = { step: 'verify', deviceId: 'device-1', email };

/** A user with a device of every kind (step-up generate's `mfaDevices`). */
const devices: MfaDevices = {
  authenticators: [{ id: 'device-1' }],
  phones: [{ id: 'phone-1', phoneNumber: '+1******4567' }],
  emails: [{ email }],
  webauthn: [{ id: 'key-1', deviceType: 'Platform', name: 'This device' }],
};
const flagged = { flagSet: true, steppedUp: false, maxAge: 300, email };

/** Step-up `verify` with the MFA child (`input`) at `value` (no remember-device offer at step-up). */
const verifyWith = (input: MfaInput, value: unknown, context: Partial<MfaContext> = {}): StateSpec => ({
  value: 'verify',
  context: { ...flagged, mfa: input },
  children: { mfa: { src: 'mfa', input, value, context: { email, ...context } } },
});
const withDevices: MfaInput = { ...mfa, devices };
const codeReady = { ready: { form: 'idle', resend: 'coolingDown' } };

/** Every state of the step-up machine, as data (stories and the accessibility test share them). `check` is transient. */
export const stepUpStates = {
  loading: { value: 'loading', context: { maxAge: 300 } },
  notRequested: { value: 'notRequested', context: { flagSet: false, steppedUp: false } },
  generating: { value: 'generating', context: flagged },
  'verify.idle': verifyWith(mfa, { verify: 'idle' }, { deviceId: 'device-1' }),
  'verify.error': verifyWith(mfa, { verify: 'idle' }, { deviceId: 'device-1', error: { message: 'Invalid code', statusCode: 400 } }),
  // the same MFA steps as at sign-in, for a user with devices of every kind
  'verify.chooseDevice': verifyWith(withDevices, 'chooseDevice', { devices }),
  'verify.smsVerifyCode': verifyWith(
    withDevices,
    { smsVerifyCode: codeReady },
    {
      devices,
      device: { kind: 'sms', id: 'phone-1', label: '+1******4567' },
      phoneNumber: '+1******4567',
      otcToken: 'preview-otc',
      codeSentAt: Date.now(),
    },
  ),
  'verify.emailVerifyCode': verifyWith(
    withDevices,
    { emailVerifyCode: codeReady },
    { devices, device: { kind: 'email', label: email }, otcToken: 'preview-otc', codeSentAt: Date.now() },
  ),
  'verify.webauthnVerify': verifyWith(
    withDevices,
    { webauthnVerify: 'idle' },
    { devices, device: { kind: 'webauthn', id: 'key-1', label: 'This device', deviceType: 'Platform' } },
  ),
  'noMFAEnrolledStepUp.loading': {
    value: 'noMFAEnrolledStepUp',
    context: flagged,
    children: { mfa: { src: 'enrol', input: { step: 'authenticatorApp', email }, value: { authenticatorApp: 'loading' }, context: { firstStep: 'authenticatorApp' } } },
  },
  'noMFAEnrolledStepUp.ready': {
    value: 'noMFAEnrolledStepUp',
    context: flagged,
    children: {
      mfa: {
        src: 'enrol',
        input: { step: 'authenticatorApp', email },
        value: { authenticatorApp: 'ready' },
        context: { firstStep: 'authenticatorApp', qrCode: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', secret: 'JBSWY3DPEHPK3PXP' },
      },
    },
  },
  done: { value: { done: 'waiting' }, context: flagged },
  // restored, the `navigate` back is not emitted again
  'done.returned': { value: { done: 'returned' }, context: flagged },
  failed: { value: 'failed', context: { ...flagged, error: { message: 'Forbidden', statusCode: 403 } } },
} satisfies Record<string, StateSpec>;

export type StepUpStateName = keyof typeof stepUpStates;

/** The `data-step` a spec shows (the MFA child's step inside verify / enrolment). */
export function stepUpStepShown(spec: StateSpec): string {
  const top = (v: unknown) => (typeof v === 'string' ? v : Object.keys(v as object)[0]);
  return top(spec.children?.mfa?.value ?? spec.value);
}
