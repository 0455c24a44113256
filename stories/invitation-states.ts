/**
 * Accept-invitation and impersonation states as data, shared by the stories
 * and the accessibility tests; restored with `initial-state`, never clicked
 * through. Transient states (`success.check`, impersonation `check`) are left out.
 */

const accepted = { userId: 'u', tenantId: 't', tenantName: 'Acme', shouldSetPassword: true, activationToken: 'a' };

/** Every state of the accept-invitation machine (`mode` is the element's attribute). */
export const invitationStates = {
  'validate.link': { mode: 'link', spec: { value: 'validate' } },
  'validate.code': { mode: 'code', spec: { value: 'validate' } },
  'validate.wrongCode': { mode: 'code', spec: { value: 'validate', context: { error: { message: 'Invalid code' } } } },
  pending: { mode: 'link', spec: { value: 'pending' } },
  'success.done': { mode: 'link', spec: { value: { success: 'done' }, context: { tenantName: 'Acme', accepted: { ...accepted, shouldSetPassword: false } } } },
  'success.setPassword.idle': { mode: 'link', spec: { value: { success: { setPassword: 'idle' } }, context: { tenantName: 'Acme', accepted } } },
  'success.setPassword.submitting': { mode: 'link', spec: { value: { success: { setPassword: 'submitting' } }, context: { tenantName: 'Acme', accepted } } },
  'success.setPassword.error': {
    mode: 'link',
    spec: { value: { success: { setPassword: 'idle' } }, context: { tenantName: 'Acme', accepted, error: { message: 'The password is too common' } } },
  },
  'success.signedIn': { mode: 'link', spec: { value: { success: { signedIn: 'waiting' } }, context: { tenantName: 'Acme', accepted } } },
  failed: { mode: 'link', spec: { value: 'failed', context: { error: { key: 'invitation.failed' } } } },
  'failed.tenantLocked': { mode: 'link', spec: { value: 'failed', context: { error: { message: 'The tenant of this invitation is locked' } } } },
  invalid: { mode: 'code', spec: { value: 'invalid' } },
} as const;

export type InvitationStateName = keyof typeof invitationStates;

/** The step (data-step) a state shows. */
export function invitationStepShown(name: InvitationStateName): string {
  if (name.startsWith('success.setPassword')) return 'setPassword';
  if (name === 'success.signedIn') return 'signedIn';
  if (name === 'success.done') return 'success';
  return name.split('.')[0];
}

/** Every state of the impersonation machine. */
export const impersonationStates = {
  impersonating: { spec: { value: 'impersonating', context: { userId: 'u' } } },
  success: { spec: { value: { success: 'waiting' }, context: { userId: 'u', impersonated: { email: 'ada@acme.test', actorId: 'admin' } } } },
  failed: { spec: { value: 'failed', context: { error: { message: 'Missing permission fe.secure.write.impersonation' } } } },
  'failed.missingUser': { spec: { value: 'failed', context: { userId: null, error: { key: 'impersonation.missingUser' } } } },
} as const;

export type ImpersonationStateName = keyof typeof impersonationStates;

/** The step (data-step) an impersonation state shows. */
export const impersonationStepShown = (name: ImpersonationStateName) => name.split('.')[0];
