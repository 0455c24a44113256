/**
 * Change email with verification (admin spec §3 "Profile fields"; api-contract §G updateEmail, verifyEmail), in the
 * flow dialect of machines/flow.ts: `email` (the new address; `idle` ⇄ `submitting`: a code is mailed to it) → `code`
 * (`idle` ⇄ `submitting`: the code is checked) → `done`. A refused request or code goes back to the step's `idle` with
 * the error (a {@link FlowError}) and the input kept; `code.resend` asks for a new code (`resending`), `email.edit` goes
 * back to the address. Actors `requestCode` and `verifyCode` (machines/admin-change-email.actors.ts). Emits `changed`
 * with the new address.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep } from './flow.ts';

export interface ChangeEmailContext {
  /** The new address (trimmed, lower-cased by the server). */
  email: string;
  /** The code typed last. */
  code: string;
  error: FlowError | null;
}

export type ChangeEmailEvent = { type: 'email.submit'; email: string } | { type: 'code.submit'; code: string } | { type: 'code.resend' } | { type: 'email.edit' };
export type ChangeEmailEmitted = { type: 'changed'; email: string };

const changeEmailSetup = setup({
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
  actions: {
    keepError: assign({ error: (_, params: { error: unknown }) => toFlowError(params.error) }),
  },
});

const failed = { type: 'keepError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) };

export const adminChangeEmailMachine = changeEmailSetup.createMachine({
  id: 'adminChangeEmail',
  context: { email: '', code: '', error: null },
  initial: 'email',
  states: {
    email: formStep(
      changeEmailSetup,
      'email.submit',
      { src: 'requestCode', input: ({ context }: { context: ChangeEmailContext }) => ({ email: context.email }), onDone: { target: '#adminChangeEmail.code' }, onError: failed },
      assign({ email: ({ event }: { event: { email: string } }) => event.email.trim(), error: null }),
    ),
    code: {
      ...formStep(
        changeEmailSetup,
        'code.submit',
        {
          src: 'verifyCode',
          input: ({ context }: { context: ChangeEmailContext }) => ({ email: context.email, code: context.code }),
          onDone: { target: '#adminChangeEmail.done', actions: emit(({ context }: { context: ChangeEmailContext }) => ({ type: 'changed' as const, email: context.email })) },
          onError: failed,
        },
        assign({ code: ({ event }: { event: { code: string } }) => event.code.trim(), error: null }),
      ),
      on: {
        'code.resend': { target: 'resending', actions: assign({ error: null }) },
        'email.edit': { target: 'email', actions: assign({ error: null }) },
      },
    },
    resending: {
      tags: 'busy',
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'code',
        onError: { target: 'code', actions: failed },
      },
    },
    done: { type: 'final' },
  },
});

export type AdminChangeEmailSnapshot = SnapshotFrom<typeof adminChangeEmailMachine>;
