/**
 * Every state of the add-user machine (machines/admin-add-user.machine.ts) as data: the Admin/Users stories and the
 * accessibility test share them. Preview data: the default role is Editor; grace.knuth@preview.invalid is a user
 * already (the server's answer: "User already exists").
 */
import type { AddUserDraft } from '../machines/admin-add-user.machine.ts';
import type { DialogStateSpec } from './support/admin-story.tsx';

const newUser: AddUserDraft = { name: 'Katherine Johnson', email: 'katherine.johnson@preview.invalid', phone: '+15555550142', roleIds: ['role-editor'], expiresInDays: null };
const existingUser: AddUserDraft = { name: 'Grace Knuth', email: 'grace.knuth@preview.invalid', phone: '', roleIds: ['role-editor'], expiresInDays: null };

export const adminAddUserStates = {
  idle: { value: { form: 'idle' } },
  submitting: { value: { form: 'submitting' }, context: { draft: newUser } },
  error: { value: { form: 'idle' }, context: { draft: existingUser, error: { message: 'User already exists', statusCode: 409 } } },
  // the invitation went out: the dialog closes, a toast tells
  done: {
    value: 'done',
    context: { draft: newUser },
    emitted: [{ type: 'added', user: { id: 'user-new', email: newUser.email, name: newUser.name, verified: false, activatedForTenant: false } }],
  },
} satisfies Record<string, DialogStateSpec>;
