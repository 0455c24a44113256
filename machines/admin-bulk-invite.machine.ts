/**
 * Bulk invite (admin spec §4 "Bulk add: each email is added separately; results are split into allowed and
 * unallowed lists", §8 "Failed bulk adds land in the unallowed list"; AB-4.10, AB-4.11, AB-8.10; issue 21 item 4), in
 * the flow dialect of machines/flow.ts: `editing` → `inviting` (one `inviteOne` per email, in order; it answers what
 * became of the address: `invited`, or not sent because it is already a `member` or has a `pending` invitation) →
 * `results`. Emits `invited` once, with the allowed emails (the view then shows the server's table). Events:
 * `form.submit`, `form.reset`. Overridable actor: `inviteOne`.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import { toFlowError, type FlowError } from './errors.ts';

/** What became of one address: invited, or not sent (already a member, already invited). */
export type InviteOutcome = 'invited' | 'member' | 'pending';

/**
 * An email not invited, and why: already a `member` of the account, already a `pending` invitation (both found
 * before sending), or `refused` by the server (with its error).
 */
export type Unallowed = { email: string; reason: 'member' | 'pending' } | { email: string; reason: 'refused'; error: FlowError };

export interface BulkInviteContext {
  emails: string[];
  roleIds: string[];
  index: number;
  allowed: string[];
  unallowed: Unallowed[];
}

export type BulkInviteEvent = { type: 'form.submit'; emails: string[]; roleIds: string[] } | { type: 'form.reset' };
export type BulkInviteEmitted = { type: 'invited'; emails: string[] };

/** The distinct (any case: the first spelling kept), trimmed, non-empty emails of a text with one per line or comma/semicolon-separated. */
export function parseEmails(text: string): string[] {
  const seen = new Map<string, string>();
  for (const email of text.split(/[\s,;]+/)) {
    const e = email.trim();
    if (e && !seen.has(e.toLowerCase())) seen.set(e.toLowerCase(), e);
  }
  return [...seen.values()];
}

export const adminBulkInviteMachine = setup({
  types: { context: {} as BulkInviteContext, events: {} as BulkInviteEvent, emitted: {} as BulkInviteEmitted, input: {} as Record<string, never> },
  actors: {
    /** Invites one email with the roles, unless it is a member or invited already (its outcome says which). */
    inviteOne: fromPromise<InviteOutcome, { email: string; roleIds: string[] }>(async () => {
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
            onDone: [
              {
                guard: ({ event }) => event.output === 'invited',
                target: 'next',
                actions: assign({ allowed: ({ context }) => [...context.allowed, context.emails[context.index]], index: ({ context }) => context.index + 1 }),
              },
              {
                target: 'next',
                actions: assign({
                  unallowed: ({ context, event }) => [
                    ...context.unallowed,
                    { email: context.emails[context.index], reason: event.output === 'pending' ? 'pending' : 'member' } as const,
                  ],
                  index: ({ context }) => context.index + 1,
                }),
              },
            ],
            onError: {
              target: 'next',
              actions: assign({
                unallowed: ({ context, event }) => [...context.unallowed, { email: context.emails[context.index], reason: 'refused' as const, error: toFlowError(event.error) }],
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
