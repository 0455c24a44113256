/**
 * A bulk action on the users selected in the users table (issue 21 item 11: "select rows for bulk delete, disable
 * and role change, with one confirmation and a per-row result"), in the flow dialect of machines/flow.ts:
 * `confirming` (one confirmation for all; a role change first picks the roles) → `applying` (one `applyOne` per user,
 * in order; a failure is kept with its user and the run goes on) → `results`. Emits `applied` once, with the ids
 * done (the view then shows the server's table and clears the selection). Events: `form.submit` (with the roles of
 * a role change). Input: the action and the users. Overridable actor: `applyOne`.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import { toFlowError, type FlowError } from './errors.ts';

/** What a bulk action does to each user: remove it from the account, disable its membership, set its roles, or unlock it. */
export type BulkUserAction = 'delete' | 'disable' | 'roles' | 'unlock';

/** A selected user as the run needs it: its id, and its email to name it in the results. */
export interface BulkUser {
  id: string;
  email: string;
}

/** One user's result: done, or failed with the server's error. */
export type BulkUserResult = { user: BulkUser; ok: true } | { user: BulkUser; ok: false; error: FlowError };

export interface BulkUsersContext {
  action: BulkUserAction;
  users: BulkUser[];
  /** The roles a role change sets (the users' roles are replaced by these). */
  roleIds: string[];
  index: number;
  results: BulkUserResult[];
}

export type BulkUsersEvent = { type: 'form.submit'; roleIds?: string[] };
export type BulkUsersEmitted = { type: 'applied'; userIds: string[] };
/** What the run applies to one user. */
export interface ApplyOneInput {
  action: BulkUserAction;
  userId: string;
  roleIds: string[];
}

export const adminBulkUsersMachine = setup({
  types: {
    context: {} as BulkUsersContext,
    events: {} as BulkUsersEvent,
    emitted: {} as BulkUsersEmitted,
    input: {} as { action: BulkUserAction; users: BulkUser[] },
  },
  actors: {
    /** Applies the action to one user (the users resource's mutation). */
    applyOne: fromPromise<void, ApplyOneInput>(async () => {
      throw new Error('applyOne not provided');
    }),
  },
  guards: { more: ({ context }) => context.index < context.users.length },
}).createMachine({
  id: 'adminBulkUsers',
  context: ({ input }) => ({ action: input.action, users: input.users, roleIds: [], index: 0, results: [] }),
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        'form.submit': {
          guard: ({ context }) => context.users.length > 0,
          target: 'applying',
          actions: assign({ roleIds: ({ event }) => event.roleIds ?? [], index: 0, results: [] }),
        },
      },
    },
    applying: {
      tags: 'busy',
      initial: 'next',
      states: {
        next: { always: [{ guard: 'more', target: 'one' }, { target: '#adminBulkUsers.results' }] },
        one: {
          invoke: {
            src: 'applyOne',
            input: ({ context }) => ({ action: context.action, userId: context.users[context.index].id, roleIds: context.roleIds }),
            onDone: {
              target: 'next',
              actions: assign({
                results: ({ context }) => [...context.results, { user: context.users[context.index], ok: true } as const],
                index: ({ context }) => context.index + 1,
              }),
            },
            onError: {
              target: 'next',
              actions: assign({
                results: ({ context, event }) => [...context.results, { user: context.users[context.index], ok: false, error: toFlowError(event.error) } as const],
                index: ({ context }) => context.index + 1,
              }),
            },
          },
        },
      },
    },
    results: {
      entry: emit(({ context }) => ({ type: 'applied' as const, userIds: context.results.filter((r) => r.ok).map((r) => r.user.id) })),
    },
  },
});

export type AdminBulkUsersSnapshot = SnapshotFrom<typeof adminBulkUsersMachine>;
