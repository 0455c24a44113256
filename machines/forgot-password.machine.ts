/**
 * Forgot password (sign-in §4: forgotPassword → success; §8: a failure
 * reads "Unknown error occurred"). States: `forgotPassword` (`idle` /
 * `submitting`) → `success` (check your email). Actor: `sendResetLink`
 * (machines/forgot-password.actors.ts). Emits `error` on a failure and
 * `navigate` for `route.open` ("Back to sign in").
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import { networkOr, type FlowError } from './errors.ts';
import { formStep, type FlowEmitted, type RouteOpenEvent } from './flow.ts';

export interface ForgotPasswordContext {
  email: string;
  error: FlowError | null;
}

export type ForgotPasswordEvent = { type: 'email.submit'; email: string } | RouteOpenEvent;

const forgotPasswordSetup = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as { email?: string },
    emitted: {} as FlowEmitted,
  },
  actors: {
    /** Emails a reset link to `email` (always answered the same way, so nobody learns which emails have accounts). */
    sendResetLink: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('sendResetLink not provided');
    }),
  },
  actions: {
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' } })),
  },
});

export const forgotPasswordMachine = forgotPasswordSetup.createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ email: input.email ?? '', error: null }),
  initial: 'forgotPassword',
  on: { 'route.open': { actions: emit(({ event }) => ({ type: 'navigate' as const, to: { route: event.route } })) } },
  states: {
    forgotPassword: formStep(
      forgotPasswordSetup,
      'email.submit',
      {
        src: 'sendResetLink',
        input: ({ context }: { context: ForgotPasswordContext }) => ({ email: context.email }),
        onDone: { target: '#forgotPassword.success' },
        // sign-in §8: "Unknown error occurred" — unless the server was not reached at all
        onError: [assign({ error: ({ event }: { event: { error: unknown } }) => networkOr(event.error, 'forgotPassword.failed') }), 'emitError'],
      },
      assign({ email: ({ event }: { event: { email: string } }) => event.email.trim(), error: null }),
    ),
    success: {},
  },
});

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
