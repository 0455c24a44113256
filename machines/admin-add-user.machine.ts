/**
 * Add user (admin spec §2 dialogs "add user", §4 "Add user prepends the new user"; SI-3.08), in the flow dialect of
 * machines/flow.ts: `form` (`idle` ⇄ `submitting`, a {@link formStep}) → `done`; a refused invitation goes back to
 * `form.idle` with the error (a {@link FlowError}) and the draft kept (a failed save loses nothing). Actor `addUser`
 * (machines/admin-users.actors.ts) prepends the user to the users page on screen. Emits `added` with the new
 * user. Events: `form.submit`, `form.reset`.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { AddUserRequest, TenantUser } from '../src/api/admin-types.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep } from './flow.ts';

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
  error: FlowError | null;
}

export type AddUserEvent = { type: 'form.submit'; draft: AddUserDraft } | { type: 'form.reset' };

/** What the `addUser` actor is given: the request. */
export interface AddUserCall {
  user: AddUserRequest;
}
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

const addUserSetup = setup({
  types: { context: {} as AddUserContext, events: {} as AddUserEvent, emitted: {} as AddUserEmitted, input: {} as { roleIds?: string[] } },
  actors: {
    /** Invites the user; resolves with the created user. */
    addUser: fromPromise<TenantUser, AddUserCall>(async () => {
      throw new Error('addUser not provided');
    }),
  },
  actions: {
    emitAdded: emit((_, params: { user: TenantUser }) => ({ type: 'added' as const, user: params.user })),
  },
});

export const adminAddUserMachine = addUserSetup.createMachine({
  id: 'adminAddUser',
  context: ({ input }) => ({ draft: { ...EMPTY_DRAFT, roleIds: input.roleIds ?? [] }, error: null }),
  initial: 'form',
  states: {
    form: formStep(
      addUserSetup,
      'form.submit',
      {
        src: 'addUser',
        input: ({ context }: { context: AddUserContext }) => ({ user: addUserRequest(context.draft) }),
        onDone: { target: '#adminAddUser.done', actions: { type: 'emitAdded', params: ({ event }: { event: { output: TenantUser } }) => ({ user: event.output }) } },
        onError: assign({ error: ({ event }: { event: { error: unknown } }) => toFlowError(event.error) }),
      },
      assign({ draft: ({ event }: { event: { draft: AddUserDraft } }) => event.draft, error: null }),
    ),
    done: {
      on: { 'form.reset': { target: 'form', actions: assign({ draft: () => ({ ...EMPTY_DRAFT }), error: null }) } },
    },
  },
});

export type AdminAddUserSnapshot = SnapshotFrom<typeof adminAddUserMachine>;
