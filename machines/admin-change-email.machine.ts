/**
 * Change email with verification (admin spec §3 "Profile fields"; api-contract §G updateEmail, verifyEmail):
 * `entering` (the new address) → `requesting` (a code is mailed to it) → `code` → `verifying` → `done`. A refused
 * request or code goes back to the step it came from with the error and the input kept; `resend` asks for a new
 * code. Actors `requestCode` and `verifyCode` (machines/admin-change-email.actors.ts). Emits `changed` with the new
 * address.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';

export interface ChangeEmailContext {
  /** The new address (trimmed, lower-cased by the server). */
  email: string;
  /** The code typed last. */
  code: string;
  error: unknown;
}

export type ChangeEmailEvent = { type: 'submitEmail'; email: string } | { type: 'submitCode'; code: string } | { type: 'resend' } | { type: 'back' };
export type ChangeEmailEmitted = { type: 'changed'; email: string };

export const adminChangeEmailMachine = setup({
  types: { context: {} as ChangeEmailContext, events: {} as ChangeEmailEvent, emitted: {} as ChangeEmailEmitted },
  actors: {
    /** Mails a code to `email`. */
    requestCode: fromPromise<void, { email: string }>(async () => {
      throw new Error('requestCode not provided');
    }),
    /** Makes `email` the account's email with `code`. */
    verifyCode: fromPromise<void, { email: string; code: string }>(async () => {
      throw new Error('verifyCode not provided');
    }),
  },
}).createMachine({
  id: 'adminChangeEmail',
  context: { email: '', code: '', error: null },
  initial: 'entering',
  states: {
    entering: {
      on: { submitEmail: { target: 'requesting', actions: assign({ email: ({ event }) => event.email.trim(), error: null }) } },
    },
    requesting: {
      tags: 'busy',
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'code',
        onError: { target: 'entering', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    code: {
      on: {
        submitCode: { target: 'verifying', actions: assign({ code: ({ event }) => event.code.trim(), error: null }) },
        resend: { target: 'resending', actions: assign({ error: null }) },
        back: { target: 'entering', actions: assign({ error: null }) },
      },
    },
    resending: {
      tags: 'busy',
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'code',
        onError: { target: 'code', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    verifying: {
      tags: 'busy',
      invoke: {
        src: 'verifyCode',
        input: ({ context }) => ({ email: context.email, code: context.code }),
        onDone: { target: 'done', actions: emit(({ context }) => ({ type: 'changed' as const, email: context.email })) },
        onError: { target: 'code', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    done: { type: 'final' },
  },
});

export type AdminChangeEmailSnapshot = SnapshotFrom<typeof adminChangeEmailMachine>;
