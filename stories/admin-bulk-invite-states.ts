/**
 * Every state of the bulk-invite machine (machines/admin-bulk-invite.machine.ts) as data: the Admin/Users stories
 * and the accessibility test share them. `inviting.next` is transient. Preview data: the default role is Editor;
 * grace.knuth@preview.invalid is a user already (the server's answer: "User already exists"), so it lands in the
 * unallowed list (admin spec §8).
 */
import type { DialogStateSpec } from './support/admin-story.tsx';

const emails = ['katherine.johnson@preview.invalid', 'grace.knuth@preview.invalid', 'dorothy.vaughan@preview.invalid'];
const submitted = { emails, roleIds: ['role-editor'] };

export const adminBulkInviteStates = {
  idle: { value: 'editing' },
  // the second of three invitations on its way
  inviting: { value: { inviting: 'one' }, context: { ...submitted, index: 1, allowed: [emails[0]], unallowed: [] } },
  results: {
    value: 'results',
    context: {
      ...submitted,
      index: 3,
      allowed: [emails[0], emails[2]],
      unallowed: [{ email: emails[1], error: { message: 'User already exists', statusCode: 409 } }],
    },
    emitted: [{ type: 'invited', emails: [emails[0], emails[2]] }],
  },
} satisfies Record<string, DialogStateSpec>;
