/**
 * Add user (admin spec §2 dialogs "add user", §4 "Add user prepends the new user"; SI-3.08): `editing` →
 * `submitting` → `done`; a refused invitation goes back to `editing` with the error and the draft kept (a failed save
 * loses nothing). Actor `addUser` (machines/admin-add-user.actors.ts) prepends the user to the cached page. Emits
 * `added` with the new user.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AddUserRequest, TenantUser } from '../src/api/admin-types.ts';

/** What the dialog's form holds. `expiresInDays` null = a permanent user. */
export interface AddUserDraft {
  name: string;
  email: string;
  phone: string;
  roleIds: string[];
  expiresInDays: number | null;
}

export interface AddUserContext {
  draft: AddUserDraft;
  error: unknown;
}

export type AddUserEvent = { type: 'submit'; draft: AddUserDraft } | { type: 'reset' };
export type AddUserEmitted = { type: 'added'; user: TenantUser };

/** The add-user body of a draft: trimmed, empty optional fields left out, days → seconds (× 86400). */
export function addUserRequest(draft: AddUserDraft): AddUserRequest {
  return {
    email: draft.email.trim(),
    name: draft.name.trim() || undefined,
    phone: draft.phone.trim() || undefined,
    roleIds: draft.roleIds,
    expirationInSeconds: draft.expiresInDays ? draft.expiresInDays * 86_400 : undefined,
  };
}

export const EMPTY_DRAFT: AddUserDraft = Object.freeze({ name: '', email: '', phone: '', roleIds: [], expiresInDays: null }) as AddUserDraft;

export const adminAddUserMachine = setup({
  types: { context: {} as AddUserContext, events: {} as AddUserEvent, emitted: {} as AddUserEmitted, input: {} as { roleIds?: string[] } },
  actors: {
    /** Invites the user; resolves with the created user. */
    addUser: fromPromise<TenantUser, AddUserRequest>(async () => {
      throw new Error('addUser not provided');
    }),
  },
}).createMachine({
  id: 'adminAddUser',
  context: ({ input }) => ({ draft: { ...EMPTY_DRAFT, roleIds: input.roleIds ?? [] }, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: { submit: { target: 'submitting', actions: assign({ draft: ({ event }) => event.draft, error: null }) } },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        src: 'addUser',
        input: ({ context }) => addUserRequest(context.draft),
        onDone: { target: 'done', actions: emit(({ event }) => ({ type: 'added' as const, user: event.output })) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    done: {
      on: { reset: { target: 'editing', actions: assign({ draft: () => ({ ...EMPTY_DRAFT }), error: null }) } },
    },
  },
});

export type AdminAddUserSnapshot = SnapshotFrom<typeof adminAddUserMachine>;
