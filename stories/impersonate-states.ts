/** Every state of the impersonate machine as data (stories and the accessibility test share them); `check` is transient. */
import type { StateSpec } from './support/flow-story.tsx';

const impersonated = { user: { email: 'ada@acme.test', name: 'Ada' }, actorId: 'admin' };

export const impersonateStates = {
  impersonating: { value: 'impersonating', context: { userId: 'u' } },
  success: { value: { success: 'waiting' }, context: { userId: 'u', impersonated } },
  'success.left': { value: { success: 'left' }, context: { userId: 'u', impersonated } },
  failed: { value: 'failed', context: { userId: 'u', error: { message: 'Not authorized', statusCode: 403 } } },
  'failed.missingUser': { value: 'failed', context: { userId: null, error: { key: 'impersonation.missingUser' } } },
} satisfies Record<string, StateSpec>;

export type ImpersonateStateName = keyof typeof impersonateStates;

/** The step (`data-step`) a state shows. */
export const impersonateStepShown = (name: ImpersonateStateName) => name.split('.')[0];
