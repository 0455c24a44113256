/** Every state of the reset-password machine as data (stories and the accessibility test share them); `check` is transient. */
import type { StateSpec } from './support/flow-story.tsx';

const link = { userId: 'u', token: 't', passwordConfig: { minLength: 8 } };

export const resetPasswordStates = {
  validating: { value: 'validating', context: link },
  invalid: { value: 'invalid' },
  idle: { value: { resetPassword: 'idle' }, context: link },
  submitting: { value: { resetPassword: 'submitting' }, context: link },
  error: { value: { resetPassword: 'idle' }, context: { ...link, error: { key: 'resetPassword.failed' } } },
  success: { value: 'success', context: link },
} satisfies Record<string, StateSpec>;

export type ResetPasswordStateName = keyof typeof resetPasswordStates;

/** The step (`data-step`) a state shows. */
export const resetPasswordStepShown = (name: ResetPasswordStateName) => (name === 'idle' || name === 'submitting' || name === 'error' ? 'resetPassword' : name);
