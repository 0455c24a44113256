/**
 * Impersonate (sign-in §2 `/account/impersonate`; §4 "Impersonate:
 * impersonating, then success. Post-impersonation delay is 1000 ms").
 *
 * States: `check` (transient: no user id → `failed`) → `impersonating` (the
 * admin's session asks for one of the user's; the app stores it) →
 * `success` (`waiting`, then after {@link POST_IMPERSONATION_DELAY_MS}
 * `left`: redirectUrl or the authenticated URL) | `failed` (the server's
 * message, e.g. 403 for a user without the impersonation permission).
 *
 * Actor: `impersonate` (machines/impersonate.actors.ts). Emits `impersonate`
 * once the session is the user's, `navigate` when leaving (and for
 * `app.open`: "Continue", "Back to the app"), `error` on a failure.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { PublicUser } from '../src/events/user.ts';
import { toFlowError, type FlowError } from './errors.ts';
import type { FlowEmitted } from './flow.ts';

/** Delay before leaving after impersonating (sign-in §4, §9: 1000 ms). */
export const POST_IMPERSONATION_DELAY_MS = 1000;

export interface ImpersonateInput {
  /** The user to impersonate. */
  userId?: string | null;
  /** Where to go afterwards (checked by the app); default the authenticated URL. */
  redirectUrl?: string | null;
}

/** Who the admin now is: the impersonated user (no tokens) and the admin's id (`act.sub`). */
export interface Impersonated {
  user: PublicUser;
  actorId?: string;
}

export interface ImpersonateContext {
  userId: string | null;
  redirectUrl: string | null;
  impersonated: Impersonated | null;
  error: FlowError | null;
}

/** `app.open`: the view asks to go on to the app (redirectUrl or the authenticated URL). */
export type ImpersonateEvent = { type: 'app.open' };

export const impersonateMachine = setup({
  types: {
    context: {} as ImpersonateContext,
    events: {} as ImpersonateEvent,
    input: {} as ImpersonateInput,
    emitted: {} as FlowEmitted,
  },
  delays: { postImpersonation: POST_IMPERSONATION_DELAY_MS },
  actors: {
    /** Asks for a session of the user with the admin's and has the app store it; answers who the session is for. */
    impersonate: fromPromise<Impersonated, { impersonatedUserId: string; redirectUrl: string | null }>(async () => {
      throw new Error('impersonate not provided');
    }),
  },
  guards: {
    missingUser: ({ context }) => !context.userId,
  },
  actions: {
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' } })),
    emitToApp: emit(({ context }) => ({ type: 'navigate' as const, to: { redirectUrl: context.redirectUrl } })),
  },
}).createMachine({
  id: 'impersonate',
  context: ({ input }) => ({ userId: input.userId || null, redirectUrl: input.redirectUrl || null, impersonated: null, error: null }),
  initial: 'check',
  on: { 'app.open': { actions: 'emitToApp' } },
  states: {
    check: {
      always: [{ guard: 'missingUser', target: 'failed', actions: [assign({ error: { key: 'impersonation.missingUser' } }), 'emitError'] }, { target: 'impersonating' }],
    },
    impersonating: {
      tags: 'busy',
      invoke: {
        src: 'impersonate',
        input: ({ context }) => ({ impersonatedUserId: context.userId!, redirectUrl: context.redirectUrl }),
        onDone: {
          target: 'success',
          actions: [
            assign({ impersonated: ({ event }) => event.output, error: null }),
            emit(({ event }) => ({ type: 'impersonate' as const, detail: { user: event.output.user, actorId: event.output.actorId } })),
          ],
        },
        onError: { target: 'failed', actions: [assign({ error: ({ event }) => toFlowError(event.error) }), 'emitError'] },
      },
    },
    success: {
      initial: 'waiting',
      states: {
        waiting: { after: { postImpersonation: 'left' } },
        left: { entry: 'emitToApp' },
      },
    },
    failed: {},
  },
});

/** The step (top-level state) of an impersonate snapshot. */
export function impersonateStep(snapshot: { value: unknown }): 'check' | 'impersonating' | 'success' | 'failed' {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as ReturnType<typeof impersonateStep>;
}

export type ImpersonateSnapshot = SnapshotFrom<typeof impersonateMachine>;
