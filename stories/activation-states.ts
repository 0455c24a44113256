/** Activate / unlock account states as data, shared by the stories and the accessibility test. */

const form = { value: { activatingForm: 'idle' } };
/** Every state of both machines, as data; `check` is transient. */
export const activationStates = {
  'activate.invalid': { tag: 'fe-activate-account', step: 'invalid', spec: { value: 'invalid' } },
  'activate.activating': { tag: 'fe-activate-account', step: 'activating', spec: { value: { activating: 'strategy' } } },
  'activate.activating.submitting': { tag: 'fe-activate-account', step: 'activating', spec: { value: { activating: 'submitting' } } },
  'activate.activatingForm': { tag: 'fe-activate-account', step: 'activatingForm', spec: form },
  'activate.activatingForm.code': { tag: 'fe-activate-account', step: 'activatingForm', spec: { ...form, context: { mode: 'code' } } },
  'activate.activatingForm.codeOnly': { tag: 'fe-activate-account', step: 'activatingForm', spec: { ...form, context: { mode: 'code', shouldSetPassword: false } } },
  'activate.activatingForm.submitting': { tag: 'fe-activate-account', step: 'activatingForm', spec: { value: { activatingForm: 'submitting' } } },
  'activate.activatingForm.error': { tag: 'fe-activate-account', step: 'activatingForm', spec: { ...form, context: { mode: 'code', error: { message: 'Invalid code', statusCode: 400 } } } },
  'activate.failed': { tag: 'fe-activate-account', step: 'failed', spec: { value: 'failed', context: { error: { message: 'The activation link has expired', statusCode: 400 } } } },
  'activate.success.signingIn': { tag: 'fe-activate-account', step: 'success', spec: { value: { success: 'signingIn' } } },
  'activate.success': { tag: 'fe-activate-account', step: 'success', spec: { value: { success: 'waiting' } } },
  'activate.success.navigated': { tag: 'fe-activate-account', step: 'success', spec: { value: { success: 'navigated' } } },
  'activate.redirectToLogin': { tag: 'fe-activate-account', step: 'redirectToLogin', spec: { value: 'redirectToLogin' } },
  'activate.resend': { tag: 'fe-activate-account', step: 'resend', spec: { value: { resend: 'idle' } } },
  'activate.resend.submitting': { tag: 'fe-activate-account', step: 'resend', spec: { value: { resend: 'submitting' }, context: { email: 'ada@acme.test' } } },
  'activate.resend.error': { tag: 'fe-activate-account', step: 'resend', spec: { value: { resend: 'idle' }, context: { email: 'ada@acme.test', error: { key: 'error.generic' } } } },
  'activate.resend.sent': { tag: 'fe-activate-account', step: 'resendSent', spec: { value: { resend: 'sent' }, context: { email: 'ada@acme.test' } } },
  'unlock.unlocking': { tag: 'fe-unlock-account', step: 'unlocking', spec: { value: 'unlocking' } },
  'unlock.success': { tag: 'fe-unlock-account', step: 'success', spec: { value: 'success' } },
  'unlock.failed': { tag: 'fe-unlock-account', step: 'failed', spec: { value: 'failed', context: { error: { message: 'The unlock link has already been used', statusCode: 400 } } } },
  'unlock.failed.missingToken': { tag: 'fe-unlock-account', step: 'failed', spec: { value: 'failed', context: { token: null, error: { key: 'unlock.missingToken' } } } },
} as const;

export type ActivationStateName = keyof typeof activationStates;
