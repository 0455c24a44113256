/**
 * Every state of the change-email machine (machines/admin-change-email.machine.ts) as data: the Admin/Profile
 * stories and the accessibility test share them. The preview user (demo@preview.invalid) moves to a new address;
 * grace.knuth@preview.invalid belongs to another user, and 123456 is a wrong code (the server's answers).
 */
import type { DialogStateSpec } from './support/admin-story.tsx';

const email = 'preview.user@preview.invalid';
const typed = { email, code: '123456' };

export const adminChangeEmailStates = {
  idle: { value: { email: 'idle' } },
  requesting: { value: { email: 'submitting' }, context: { email } },
  error: { value: { email: 'idle' }, context: { email: 'grace.knuth@preview.invalid', error: { message: 'A user with this email already exists', statusCode: 409 } } },
  code: { value: { code: 'idle' }, context: { email } },
  resending: { value: 'resending', context: { email } },
  verifying: { value: { code: 'submitting' }, context: typed },
  codeError: { value: { code: 'idle' }, context: { ...typed, error: { message: 'Invalid code', statusCode: 400 } } },
  done: { value: 'done', context: typed, emitted: [{ type: 'changed', email }] },
} satisfies Record<string, DialogStateSpec>;
