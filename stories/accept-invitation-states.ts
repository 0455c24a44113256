/**
 * Every state of the accept-invitation machine as data (stories and the
 * accessibility test share them); the transient `success.check` is left out.
 * `mode` (the element's attribute, or the page) is part of the context.
 */
import type { StateSpec } from './support/flow-story.tsx';

const link = { mode: 'link', userId: 'u', token: 't', passwordConfig: { minLength: 8 } };
const code = { ...link, mode: 'code' };
const accepted = { userId: 'u', tenantId: 't', tenantName: 'Acme', shouldSetPassword: true, activationToken: 'a' };
const joined = { ...link, tenantName: 'Acme', accepted };

export const acceptInvitationStates = {
  'validate.link': { value: 'validate', context: link },
  'validate.code': { value: 'validate', context: code },
  'validate.wrongCode': { value: 'validate', context: { ...code, error: { message: 'Invalid code' } } },
  pending: { value: 'pending', context: link },
  'success.done': { value: { success: 'done' }, context: { ...joined, accepted: { ...accepted, shouldSetPassword: false } } },
  'success.setPassword.idle': { value: { success: { setPassword: 'idle' } }, context: joined },
  'success.setPassword.submitting': { value: { success: { setPassword: 'submitting' } }, context: joined },
  'success.setPassword.error': { value: { success: { setPassword: 'idle' } }, context: { ...joined, error: { message: 'The password is too common' } } },
  'success.signedIn': { value: { success: { signedIn: 'waiting' } }, context: joined },
  'success.signedIn.left': { value: { success: { signedIn: 'left' } }, context: joined },
  failed: { value: 'failed', context: { ...link, error: { key: 'invitation.failed' } } },
  'failed.tenantLocked': { value: 'failed', context: { ...link, error: { message: 'The tenant of this invitation is locked' } } },
  invalid: { value: 'invalid', context: { ...code, userId: null } },
} satisfies Record<string, StateSpec>;

export type AcceptInvitationStateName = keyof typeof acceptInvitationStates;

/** The step (`data-step`) a state shows. */
export function acceptInvitationStepShown(name: AcceptInvitationStateName): string {
  if (name.startsWith('success.setPassword')) return 'setPassword';
  if (name.startsWith('success.signedIn')) return 'signedIn';
  if (name === 'success.done') return 'success';
  return name.split('.')[0];
}
