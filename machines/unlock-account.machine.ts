/**
 * Unlock account with the emailed link (sign-in §2 `/account/unlock?token`;
 * §7 SI-7.29 `POST v3/me/unlock`). The identity API locks a user after the
 * lockout policy's maxAttempts failed sign-ins and emails this link.
 *
 * States: `check` (transient) → `unlocking` (POST v3/me/unlock) → `success`
 * (the account is unlocked: sign in) | `failed` (missing, expired or used
 * token: the server's message, back to sign in).
 *
 * Actor: `unlock` (machines/unlock-account.actors.ts). Emits `unlock` on
 * success, `error` when the call fails, `navigate` for `route.open`.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import { toFlowError, type FlowError } from './errors.ts';
import type { FlowEmitted, RouteOpenEvent } from './flow.ts';

export interface UnlockAccountContext {
  token: string | null;
  error: FlowError | null;
}

export type UnlockAccountEvent = RouteOpenEvent;

export const unlockAccountMachine = setup({
  types: {
    context: {} as UnlockAccountContext,
    events: {} as UnlockAccountEvent,
    input: {} as { token?: string | null },
    emitted: {} as FlowEmitted,
  },
  actors: {
    unlock: fromPromise<unknown, { token: string }>(async () => {
      throw new Error('unlock not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
  },
  actions: {
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' } })),
  },
}).createMachine({
  id: 'unlockAccount',
  context: ({ input }) => ({ token: input.token || null, error: null }),
  initial: 'check',
  on: { 'route.open': { actions: emit(({ event }) => ({ type: 'navigate' as const, to: { route: event.route } })) } },
  states: {
    check: {
      // nothing to call: the link is incomplete (shown, no fe-error)
      always: [
        { guard: 'hasToken', target: 'unlocking' },
        { target: 'failed', actions: assign({ error: { key: 'unlock.missingToken' } }) },
      ],
    },
    unlocking: {
      tags: 'busy',
      invoke: {
        src: 'unlock',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'success', actions: emit({ type: 'unlock' as const }) },
        onError: { target: 'failed', actions: [assign({ error: ({ event }) => toFlowError(event.error) }), 'emitError'] },
      },
    },
    success: {},
    failed: {},
  },
});

/** The step (top-level state) of an unlock snapshot. */
export function unlockAccountStep(snapshot: { value: unknown }): 'check' | 'unlocking' | 'success' | 'failed' {
  return snapshot.value as ReturnType<typeof unlockAccountStep>;
}

export type UnlockAccountSnapshot = SnapshotFrom<typeof unlockAccountMachine>;
