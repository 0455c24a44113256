/**
 * Every state of the bulk-invite machine (machines/admin-bulk-invite.machine.ts) as data: the Admin/Users stories
 * and the accessibility test share them. `inviting.next` is transient. Preview data: the default role is Editor;
 * grace.knuth@preview.invalid is a member already and mary.jackson@preview.invalid has a pending invitation (both
 * found before sending), and the server refused annie.easley@preview.invalid (admin spec §8): all three land in the
 * not-invited list with their reason.
 */
import type { DialogStateSpec } from './support/admin-story.tsx';

const emails = [
  'katherine.johnson@preview.invalid',
  'grace.knuth@preview.invalid',
  'dorothy.vaughan@preview.invalid',
  'mary.jackson@preview.invalid',
  'annie.easley@preview.invalid',
];
const submitted = { emails, roleIds: ['role-editor'] };

export const adminBulkInviteStates = {
  idle: { value: 'editing' },
  // the second of three invitations on its way
  inviting: { value: { inviting: 'one' }, context: { ...submitted, index: 1, allowed: [emails[0]], unallowed: [] } },
  results: {
    value: 'results',
    context: {
      ...submitted,
      index: 5,
      allowed: [emails[0], emails[2]],
      unallowed: [
        { email: emails[1], reason: 'member' },
        { email: emails[3], reason: 'pending' },
        { email: emails[4], reason: 'refused', error: { message: 'The email domain is not allowed', statusCode: 400 } },
      ],
    },
    emitted: [{ type: 'invited', emails: [emails[0], emails[2]] }],
  },
} satisfies Record<string, DialogStateSpec>;
