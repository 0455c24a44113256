/**
 * Impersonation (sign-in §2 `/account/impersonate`; §4 "Impersonate:
 * impersonating, then success. Post-impersonation delay is 1000 ms").
 *
 * States: `check` (transient: no user id → `failed`) → `impersonating` (POST
 * impersonation/v1 with the admin's bearer and store the impersonated
 * user's session) → `success` (`waiting`, then after
 * {@link POST_IMPERSONATION_DELAY_MS} `left`: redirectUrl or the
 * authenticated URL) | `failed` (the server's message, e.g. 403 for a user
 * without the impersonation permission).
 *
 * Overridable actor: `impersonate`. Provided actions: `notifyImpersonated`,
 * `navigateAfterImpersonation`, `notifyError`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { toFlowError, type FlowError } from './errors.ts';

/** Delay before leaving after impersonating (sign-in §4, §9: 1000 ms). */
export const POST_IMPERSONATION_DELAY_MS = 1000;

export interface ImpersonationInput {
  /** The user to impersonate. */
  userId?: string | null;
  /** Where to go afterwards (checked by the app); default the authenticated URL. */
  redirectUrl?: string | null;
}

/** Who the admin now is (for display; the session itself lives in the stores). */
export interface ImpersonatedUser {
  email?: string;
  name?: string;
  userId?: string;
  /** The admin's id (`act.sub`). */
  actorId?: string;
}

export interface ImpersonationContext {
  userId: string | null;
  redirectUrl: string | null;
  impersonated: ImpersonatedUser | null;
  error: FlowError | null;
}

export const impersonationMachine = setup({
  types: { context: {} as ImpersonationContext, input: {} as ImpersonationInput },
  delays: { postImpersonation: POST_IMPERSONATION_DELAY_MS },
  actors: {
    /** POST impersonation/v1 and store the new session; answers who the session is for. */
    impersonate: fromPromise<ImpersonatedUser, { impersonatedUserId: string; redirectUrl: string | null }>(async () => {
      throw new Error('impersonate not provided');
    }),
  },
  guards: {
    missingUser: ({ context }) => !context.userId,
  },
  actions: {
    /** Fires fe-impersonate. Provided by the element. */
    notifyImpersonated: () => {},
    /** Goes to redirectUrl or the authenticated URL (cancelable fe-navigate). Provided by the element. */
    navigateAfterImpersonation: () => {},
    /** Fires fe-error. Provided by the element. */
    notifyError: () => {},
  },
}).createMachine({
  id: 'impersonation',
  context: ({ input }) => ({ userId: input.userId || null, redirectUrl: input.redirectUrl || null, impersonated: null, error: null }),
  initial: 'check',
  states: {
    check: {
      always: [{ guard: 'missingUser', target: 'failed', actions: [assign({ error: { key: 'impersonation.missingUser' } }), 'notifyError'] }, { target: 'impersonating' }],
    },
    impersonating: {
      tags: 'busy',
      invoke: {
        src: 'impersonate',
        input: ({ context }) => ({ impersonatedUserId: context.userId!, redirectUrl: context.redirectUrl }),
        onDone: { target: 'success', actions: [assign({ impersonated: ({ event }) => event.output, error: null }), 'notifyImpersonated'] },
        onError: { target: 'failed', actions: [assign({ error: ({ event }) => toFlowError(event.error) }), 'notifyError'] },
      },
    },
    success: {
      initial: 'waiting',
      states: {
        waiting: { after: { postImpersonation: 'left' } },
        left: { entry: 'navigateAfterImpersonation' },
      },
    },
    failed: {},
  },
});

/** The step (top-level state) of an impersonation snapshot. */
export function impersonationStep(snapshot: { value: unknown }): 'check' | 'impersonating' | 'success' | 'failed' {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as ReturnType<typeof impersonationStep>;
}

export type ImpersonationSnapshot = SnapshotFrom<typeof impersonationMachine>;
