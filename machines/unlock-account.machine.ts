/**
 * Unlock account with the emailed link (sign-in §2 `/account/unlock?token`;
 * §7 SI-7.29 `POST v3/me/unlock`). The identity API locks a user after the
 * lockout policy's maxAttempts failed sign-ins and emails this link.
 *
 * States: `check` (transient) → `unlocking` (POST v3/me/unlock) → `success`
 * (the account is unlocked: sign in) | `failed` (missing, expired or used
 * token: the server's message, back to sign in).
 *
 * Provided actions: `notifyUnlocked` (fe-unlock), `notifyError` (fe-error).
 * Overridable actor: `unlock`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { toFlowError, type FlowError } from './errors.ts';

export interface UnlockAccountContext {
  token: string | null;
  error: FlowError | null;
}

export const unlockAccountMachine = setup({
  types: { context: {} as UnlockAccountContext, input: {} as { token?: string | null } },
  actors: {
    unlock: fromPromise<unknown, { token: string }>(async () => {
      throw new Error('unlock not provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
  },
  actions: {
    /** Fires fe-unlock. Provided by the element. */
    notifyUnlocked: () => {},
    /** Fires fe-error. Provided by the element. */
    notifyError: () => {},
  },
}).createMachine({
  id: 'unlockAccount',
  context: ({ input }) => ({ token: input.token || null, error: null }),
  initial: 'check',
  states: {
    check: {
      always: [{ guard: 'hasToken', target: 'unlocking' }, { target: 'failed', actions: assign({ error: { key: 'unlock.missingToken' } }) }],
    },
    unlocking: {
      tags: 'busy',
      invoke: {
        src: 'unlock',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'success', actions: 'notifyUnlocked' },
        onError: { target: 'failed', actions: [assign({ error: ({ event }) => toFlowError(event.error) }), 'notifyError'] },
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
