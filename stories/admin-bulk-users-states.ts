/**
 * Every state of the bulk users machine (machines/admin-bulk-users.machine.ts) as data: the Admin/Users stories and
 * the accessibility test share them. `applying.next` is transient. The story selects the first three users of the
 * preview table (`bulk-delete`, `bulk-disable`, `bulk-roles` deep links); in `results` the server refused one of
 * them (admin spec §8: its own message, kept with its user).
 */
import type { DialogStateSpec } from './support/admin-story.tsx';

const users = [
  { id: 'user-01', email: 'grace.knuth@preview.invalid' },
  { id: 'user-02', email: 'alan.perlman@preview.invalid' },
  { id: 'user-03', email: 'edsger.dijkstra@preview.invalid' },
];
const picked = { action: 'delete', users, roleIds: [] };

export const adminBulkUsersStates = {
  confirming: { value: 'confirming' },
  // the second of three on its way
  applying: { value: { applying: 'one' }, context: { ...picked, index: 1, results: [{ user: users[0], ok: true }] } },
  results: {
    value: 'results',
    context: {
      ...picked,
      index: 3,
      results: [
        { user: users[0], ok: true },
        { user: users[1], ok: false, error: { message: 'You cannot delete yourself', statusCode: 400 } },
        { user: users[2], ok: true },
      ],
    },
    emitted: [{ type: 'applied', userIds: [users[0].id, users[2].id] }],
  },
} satisfies Record<string, DialogStateSpec>;
