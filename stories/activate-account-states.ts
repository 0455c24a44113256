/** Every state of the activate-account machine as data (stories and the accessibility test share them); `check` is transient. */
import type { StateSpec } from './support/flow-story.tsx';

const link = { userId: 'u', token: 't', shouldSetPassword: true, passwordConfig: { minLength: 8 } };
const form = { value: { activatingForm: 'idle' } };

export const activateAccountStates = {
  invalid: { value: 'invalid', context: { token: null } },
  activating: { value: { activating: 'strategy' }, context: link },
  'activating.submitting': { value: { activating: 'submitting' }, context: link },
  activatingForm: { ...form, context: link },
  'activatingForm.code': { ...form, context: { ...link, mode: 'code' } },
  'activatingForm.codeOnly': { ...form, context: { ...link, mode: 'code', shouldSetPassword: false } },
  'activatingForm.submitting': { value: { activatingForm: 'submitting' }, context: link },
  'activatingForm.error': { ...form, context: { ...link, mode: 'code', error: { message: 'Invalid code', statusCode: 400 } } },
  failed: { value: 'failed', context: { ...link, error: { message: 'The activation link has expired', statusCode: 400 } } },
  success: { value: { success: 'waiting' }, context: link },
  'success.navigated': { value: { success: 'navigated' }, context: link },
  redirectToLogin: { value: 'redirectToLogin', context: link },
  resend: { value: { resend: 'idle' }, context: link },
  'resend.submitting': { value: { resend: 'submitting' }, context: { ...link, email: 'ada@acme.test' } },
  'resend.error': { value: { resend: 'idle' }, context: { ...link, email: 'ada@acme.test', error: { key: 'error.generic' } } },
  resendSent: { value: 'resendSent', context: { ...link, email: 'ada@acme.test' } },
} satisfies Record<string, StateSpec>;

export type ActivateAccountStateName = keyof typeof activateAccountStates;

/** The step (`data-step`) a state shows. */
export function activateAccountStepShown(spec: StateSpec): string {
  return typeof spec.value === 'string' ? spec.value : Object.keys(spec.value as object)[0];
}
