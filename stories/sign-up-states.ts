import type { SignUpStateSpec } from '../machines/sign-up.machine.ts';

/** Every state of the sign-up machine, as data (stories and the accessibility test share them). */
export const signUpStates = {
  loading: { value: 'loading' },
  notAllowed: { value: 'notAllowed', context: { policy: { allowSignups: false, passwordConfig: {} } } },
  'form.idle': { value: { form: 'idle' } },
  'form.submitting': { value: { form: 'submitting' }, context: { values: { name: 'Grace Hopper', email: 'grace@navy.test', companyName: 'Navy' } } },
  'form.error': {
    value: { form: 'idle' },
    context: { values: { name: 'Grace Hopper', email: 'admin@acme.test', companyName: 'Navy' }, error: { message: 'User already exists', statusCode: 409 } },
  },
  activationSent: { value: 'activationSent', context: { values: { name: 'Grace Hopper', email: 'grace@navy.test', companyName: 'Navy' } } },
  redirectToLogin: { value: 'redirectToLogin' },
  authenticating: { value: 'authenticating' },
  success: { value: { success: 'waiting' } },
} satisfies Record<string, SignUpStateSpec>;

export type SignUpStateName = keyof typeof signUpStates;

/** The `data-step` a spec shows. */
export function signUpStepShown(spec: SignUpStateSpec): string {
  return typeof spec.value === 'string' ? spec.value : Object.keys(spec.value as object)[0];
}
