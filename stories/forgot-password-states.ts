/** Every state of the forgot-password machine as data (stories and the accessibility test share them). */
import type { StateSpec } from './support/flow-story.tsx';

export const forgotPasswordStates = {
  idle: { value: { forgotPassword: 'idle' } },
  submitting: { value: { forgotPassword: 'submitting' }, context: { email: 'ada@acme.test' } },
  error: { value: { forgotPassword: 'idle' }, context: { email: 'ada@acme.test', error: { key: 'forgotPassword.failed' } } },
  success: { value: 'success', context: { email: 'ada@acme.test' } },
} satisfies Record<string, StateSpec>;

export type ForgotPasswordStateName = keyof typeof forgotPasswordStates;

/** The step (`data-step`) a state shows. */
export const forgotPasswordStepShown = (name: ForgotPasswordStateName) => (name === 'success' ? 'success' : 'forgotPassword');
