/**
 * Forgot password (sign-in §4: forgotPassword → success; §8: a failure
 * reads "Unknown error occurred"). States: `forgotPassword` (`idle` /
 * `submitting`) → `success` (check your email). Overridable actor:
 * `sendResetLink`. Provided action: `notifyError`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { FlowError } from './errors.ts';

export interface ForgotPasswordContext {
  email: string;
  error: FlowError | null;
}

export type ForgotPasswordEvent = { type: 'email.submit'; email: string };

export const forgotPasswordMachine = setup({
  types: { context: {} as ForgotPasswordContext, events: {} as ForgotPasswordEvent, input: {} as { email?: string } },
  actors: {
    sendResetLink: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('sendResetLink not provided');
    }),
  },
  actions: {
    /** Fires fe-error. Provided by the element. */
    notifyError: () => {},
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ email: input.email ?? '', error: null }),
  initial: 'forgotPassword',
  states: {
    forgotPassword: {
      initial: 'idle',
      states: {
        idle: { on: { 'email.submit': { target: 'submitting', actions: assign({ email: ({ event }) => event.email.trim(), error: null }) } } },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'sendResetLink',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: '#forgotPassword.success' },
            onError: {
              target: 'idle',
              actions: [
                assign({
                  // sign-in §8: "Unknown error occurred" — unless the server was not reached at all
                  error: ({ event }) => ((event.error as { statusCode?: number })?.statusCode === 0 ? { key: 'error.network', statusCode: 0 } : { key: 'forgotPassword.failed' }),
                }),
                'notifyError',
              ],
            },
          },
        },
      },
    },
    success: {},
  },
});

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
