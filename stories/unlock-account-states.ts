/** Every state of the unlock-account machine as data (stories and the accessibility test share them); `check` is transient. */
import type { StateSpec } from './support/flow-story.tsx';

export const unlockAccountStates = {
  unlocking: { value: 'unlocking', context: { token: 't' } },
  success: { value: 'success', context: { token: 't' } },
  failed: { value: 'failed', context: { token: 't', error: { message: 'The unlock link has already been used', statusCode: 400 } } },
  'failed.missingToken': { value: 'failed', context: { token: null, error: { key: 'unlock.missingToken' } } },
} satisfies Record<string, StateSpec>;

export type UnlockAccountStateName = keyof typeof unlockAccountStates;
