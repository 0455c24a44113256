import type { StepUpStateSpec } from '../machines/step-up.machine.ts';

const mfa = { mfaToken: 'step-up-token', step: 'verify' as const, deviceId: 'device-1', email: 'demo@acme.test' };

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
  if (spec.mfa) return Object.keys(spec.mfa.value as object)[0];
  return typeof spec.value === 'string' ? spec.value : Object.keys(spec.value as object)[0];
}
