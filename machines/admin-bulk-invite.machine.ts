/**
 * Bulk invite (admin spec §4 "Bulk add: each email is added separately; results are split into allowed and
 * unallowed lists", §8 "Failed bulk adds land in the unallowed list"; AB-4.10, AB-4.11, AB-8.10), in the flow dialect
 * of machines/flow.ts: `editing` → `inviting` (one `inviteOne` per email, in order, each prepended to the users page
 * on screen) → `results`. Emits `invited` once, with the allowed emails. Events: `form.submit`, `form.reset`.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { toFlowError, type FlowError } from './errors.ts';

/** An email the server refused, with its message. */
export interface Unallowed {
  email: string;
  error: FlowError;
}

export interface BulkInviteContext {
  emails: string[];
  roleIds: string[];
  index: number;
  allowed: string[];
  unallowed: Unallowed[];
}

export type BulkInviteEvent = { type: 'form.submit'; emails: string[]; roleIds: string[] } | { type: 'form.reset' };
export type BulkInviteEmitted = { type: 'invited'; emails: string[] };

/** The distinct, trimmed, non-empty emails of a text with one per line or comma/semicolon-separated. */
export function parseEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
}

export const adminBulkInviteMachine = setup({
  types: { context: {} as BulkInviteContext, events: {} as BulkInviteEvent, emitted: {} as BulkInviteEmitted, input: {} as Record<string, never> },
  actors: {
    /** Invites one email with the roles. */
    inviteOne: fromPromise<unknown, { email: string; roleIds: string[] }>(async () => {
      throw new Error('inviteOne not provided');
    }),
  },
  guards: { more: ({ context }) => context.index < context.emails.length },
}).createMachine({
  id: 'adminBulkInvite',
  context: () => ({ emails: [], roleIds: [], index: 0, allowed: [], unallowed: [] }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': {
          guard: ({ event }) => event.emails.length > 0,
          target: 'inviting',
          actions: assign({ emails: ({ event }) => event.emails, roleIds: ({ event }) => event.roleIds, index: 0, allowed: [], unallowed: [] }),
        },
      },
    },
    inviting: {
      tags: 'busy',
      initial: 'next',
      states: {
        next: { always: [{ guard: 'more', target: 'one' }, { target: '#adminBulkInvite.results' }] },
        one: {
          invoke: {
            src: 'inviteOne',
            input: ({ context }) => ({ email: context.emails[context.index], roleIds: context.roleIds }),
            onDone: {
              target: 'next',
              actions: assign({ allowed: ({ context }) => [...context.allowed, context.emails[context.index]], index: ({ context }) => context.index + 1 }),
            },
            onError: {
              target: 'next',
              actions: assign({
                unallowed: ({ context, event }) => [...context.unallowed, { email: context.emails[context.index], error: toFlowError(event.error) }],
                index: ({ context }) => context.index + 1,
              }),
            },
          },
        },
      },
    },
    results: {
      entry: emit(({ context }) => ({ type: 'invited' as const, emails: context.allowed })),
      on: { 'form.reset': { target: 'editing', actions: assign({ emails: [], index: 0, allowed: [], unallowed: [] }) } },
    },
  },
});

export type AdminBulkInviteSnapshot = SnapshotFrom<typeof adminBulkInviteMachine>;
