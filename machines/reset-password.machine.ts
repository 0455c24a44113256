/**
 * Reset password with the emailed link (`/account/reset-password?userId&token`;
 * api-contract E: validate, verify; sign-in §8 "Unknown error occurred").
 *
 * States: `validating` (the link is checked and the password rules loaded)
 * → `invalid` (missing, expired or used link) | `resetPassword` (`idle` /
 * `submitting`) → `success`. Actors: `validate`, `resetPassword`
 * (machines/reset-password.actors.ts). Emits `error` on a failed save and
 * `navigate` for `route.open` (sign in, or ask for a new link).
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { PasswordConfig } from '../src/api/types.ts';
import { networkOr, type FlowError } from './errors.ts';
import type { FlowEmitted, RouteOpenEvent } from './flow.ts';

export interface ResetPasswordContext {
  userId: string | null;
  token: string | null;
  passwordConfig: PasswordConfig;
  error: FlowError | null;
}

export type ResetPasswordEvent = { type: 'password.submit'; password: string } | RouteOpenEvent;

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { userId?: string | null; token?: string | null },
    emitted: {} as FlowEmitted,
  },
  actors: {
    validate: fromPromise<{ passwordConfig: PasswordConfig }, { userId: string; token: string }>(async () => ({ passwordConfig: {} })),
    resetPassword: fromPromise<unknown, { userId: string; token: string; password: string }>(async () => {
      throw new Error('resetPassword not provided');
    }),
  },
  guards: {
    hasLink: ({ context }) => !!context.userId && !!context.token,
  },
  actions: {
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' } })),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ userId: input.userId ?? null, token: input.token ?? null, passwordConfig: {}, error: null }),
  initial: 'check',
  on: { 'route.open': { actions: emit(({ event }) => ({ type: 'navigate' as const, to: { route: event.route } })) } },
  states: {
    check: { always: [{ guard: 'hasLink', target: 'validating' }, { target: 'invalid' }] },
    validating: {
      tags: 'busy',
      invoke: {
        src: 'validate',
        input: ({ context }) => ({ userId: context.userId!, token: context.token! }),
        onDone: { target: 'resetPassword', actions: assign({ passwordConfig: ({ event }) => event.output.passwordConfig }) },
        onError: { target: 'invalid' },
      },
    },
    invalid: {},
    resetPassword: {
      initial: 'idle',
      states: {
        idle: { on: { 'password.submit': { target: 'submitting', actions: assign({ error: null }) } } },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'resetPassword',
            input: ({ context, event }) => ({
              userId: context.userId!,
              token: context.token!,
              password: (event as Extract<ResetPasswordEvent, { type: 'password.submit' }>).password,
            }),
            onDone: { target: '#resetPassword.success' },
            onError: { target: 'idle', actions: [assign({ error: ({ event }) => networkOr(event.error, 'resetPassword.failed') }), 'emitError'] },
          },
        },
      },
    },
    success: {},
  },
});

/** The step (top-level state) of a reset-password snapshot. */
export function resetPasswordStep(snapshot: { value: unknown }): 'check' | 'validating' | 'invalid' | 'resetPassword' | 'success' {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as ReturnType<typeof resetPasswordStep>;
}

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;
