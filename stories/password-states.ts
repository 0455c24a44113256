/** Forgot / reset password states as data, shared by the stories and the accessibility test. */
/** Every state of both machines, as data (stories and the accessibility test share them); `check` is transient. */
export const passwordStates = {
  'forgotPassword.idle': { tag: 'fe-forgot-password', spec: { value: { forgotPassword: 'idle' } } },
  'forgotPassword.submitting': { tag: 'fe-forgot-password', spec: { value: { forgotPassword: 'submitting' }, context: { email: 'ada@acme.test' } } },
  'forgotPassword.error': { tag: 'fe-forgot-password', spec: { value: { forgotPassword: 'idle' }, context: { email: 'ada@acme.test', error: { key: 'forgotPassword.failed' } } } },
  'forgotPassword.success': { tag: 'fe-forgot-password', spec: { value: 'success', context: { email: 'ada@acme.test' } } },
  'resetPassword.validating': { tag: 'fe-reset-password', spec: { value: 'validating' } },
  'resetPassword.invalid': { tag: 'fe-reset-password', spec: { value: 'invalid' } },
  'resetPassword.idle': { tag: 'fe-reset-password', spec: { value: { resetPassword: 'idle' } } },
  'resetPassword.submitting': { tag: 'fe-reset-password', spec: { value: { resetPassword: 'submitting' } } },
  'resetPassword.error': { tag: 'fe-reset-password', spec: { value: { resetPassword: 'idle' }, context: { error: { key: 'resetPassword.failed' } } } },
  'resetPassword.success': { tag: 'fe-reset-password', spec: { value: 'success' } },
} as const;

export type PasswordStateName = keyof typeof passwordStates;

/** The step a state shows (its top-level state). */
export const passwordStepShown = (name: PasswordStateName) => name.split('.')[0] === 'forgotPassword' && name !== 'forgotPassword.success' ? 'forgotPassword' : name.endsWith('.idle') || name.endsWith('.submitting') || name.endsWith('.error') ? 'resetPassword' : name.split('.')[1];

