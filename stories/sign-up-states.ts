/** Every state of the sign-up machine as data (stories and the accessibility test share them). */
import type { StateSpec } from './support/flow-story.tsx';

const open = { policy: { allowSignups: true, passwordConfig: { minLength: 8 } } };
const typed = { ...open, values: { name: 'Grace Hopper', email: 'grace@navy.test', companyName: 'Navy' } };

export const signUpStates = {
  loading: { value: 'loading' },
  notAllowed: { value: 'notAllowed', context: { policy: { allowSignups: false, passwordConfig: {} } } },
  'form.idle': { value: { form: 'idle' }, context: open },
  'form.submitting': { value: { form: 'submitting' }, context: typed },
  'form.error': {
    value: { form: 'idle' },
    context: { ...typed, values: { ...typed.values, email: 'admin@acme.test' }, error: { message: 'User already exists', statusCode: 409 } },
  },
  activationSent: { value: 'activationSent', context: typed },
  redirectToLogin: { value: 'redirectToLogin', context: typed },
  success: { value: { success: 'waiting' }, context: typed },
  'success.navigated': { value: { success: 'navigated' }, context: typed },
} satisfies Record<string, StateSpec>;

export type SignUpStateName = keyof typeof signUpStates;

/** The step (`data-step`) a state shows. */
export function signUpStepShown(spec: StateSpec): string {
  return typeof spec.value === 'string' ? spec.value : Object.keys(spec.value as object)[0];
}
