/**
 * Step-up machine (sign-in §4 "Step-up", §8 SHOULD_STEP_UP / MFA not enrolled).
 *
 * States: `loading` (actor `check`: waits for the start-up session, reads
 * the stored step-up flag) → `check` (transient) → `notRequested` (no stored
 * flag: nothing to do) | `done` (already stepped up) | `generating` (actor
 * `generate`: POST step-up/generate). `generating` → `verify` (runs the MFA
 * machine as child `mfa` with the user's devices of every kind: one device
 * goes straight to its verify step — authenticator code, SMS code, email code
 * or WebAuthn — several to `chooseDevice`, as at sign-in; SI-4.07) | `done`
 * (the answer already carried a session, stored by the actor) |
 * `noMFAEnrolledStepUp` ("MFA is not enrolled": enrol an authenticator app
 * with the MFA machine, then generate again) | `failed` (any other error:
 * logout with the query parameters preserved). `verify` → `done` (the new
 * session was stored by the MFA actors; `stepUp` is emitted, then after
 * {@link POST_STEP_UP_DELAY_MS} the navigation back to `redirectUrl`).
 * `done` and `failed` clear the stored flag (actor `clearFlag`).
 *
 * No token enters this machine: the step-up MFA token and the new session
 * stay in the actors (machines/step-up.actors.ts). Emits `stepUp`, `error`,
 * `navigate`.
 */
import { assign, emit, fromPromise, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import { toFlowError, type FlowError } from './errors.ts';
import type { FlowEmitted } from './flow.ts';
import { mfaMachine, type MfaInput, type MfaOutput, type SignedIn } from './mfa.machine.ts';

/** Delay before returning after a step-up (the post-auth delay, sign-in §9): 200 ms. */
export const POST_STEP_UP_DELAY_MS = 200;
/** Message the API gives when step-up finds no second factor (admin §8; sign-in §8 → noMFAEnrolledStepUp). */
export const MFA_NOT_ENROLLED = 'MFA is not enrolled';

export interface StepUpInput {
  /** Seconds; the authentication must be at most this old (else the stored flag's). */
  maxAge?: number;
  /** Where to return (else the authenticated URL). */
  redirectUrl?: string | null;
  /** The page's query parameters, kept on the way to logout (SI-4.36). */
  query?: Record<string, string>;
}

/** What `check` found: the stored flag, whether the user is already stepped up, and the user's email. */
export interface StepUpCheck {
  /** The stored step-up flag is set (SI-4.32). */
  flagSet: boolean;
  /** The user is already stepped up for maxAge. */
  steppedUp: boolean;
  /** The input's, else the flag's. */
  maxAge?: number;
  email?: string;
}

/** What step-up generate answered: an MFA challenge (the actor holds its token), or the session (stored by the actor). */
export type StepUpStart = { kind: 'mfa'; mfa: MfaInput } | { kind: 'signedIn'; signedIn: SignedIn };

export interface StepUpContext extends Partial<StepUpCheck> {
  redirectUrl: string | null;
  query: Record<string, string>;
  mfa: MfaInput | null;
  error: FlowError | null;
}

export type StepUpEvent = { type: 'flow.cancel' };

const notProvided = async (): Promise<never> => {
  throw new Error('actor not provided');
};

export const stepUpMachine = setup({
  types: {
    context: {} as StepUpContext,
    events: {} as StepUpEvent,
    input: {} as StepUpInput,
    emitted: {} as FlowEmitted,
    children: {} as { mfa: 'mfa' | 'enrol' },
  },
  delays: { postStepUp: POST_STEP_UP_DELAY_MS },
  actors: {
    /** The stored flag and the session (once the start-up refresh answered). */
    check: fromPromise<StepUpCheck, { maxAge?: number }>(notProvided),
    generate: fromPromise<StepUpStart, { maxAge?: number }>(notProvided),
    /** Clears the stored step-up flag. */
    clearFlag: fromPromise<unknown>(async () => undefined),
    mfa: mfaMachine,
    enrol: mfaMachine,
  },
  guards: {
    notFlagged: ({ context }) => !context.flagSet,
    alreadySteppedUp: ({ context }) => !!context.steppedUp,
    signedIn: (_, start: StepUpStart) => start.kind === 'signedIn',
    mfaNotEnrolled: (_, { error }: { error: unknown }) => {
      const message = (error as { message?: unknown } | undefined)?.message;
      return typeof message === 'string' && message.includes(MFA_NOT_ENROLLED);
    },
    verified: (_, output: MfaOutput) => output.kind === 'authenticated' && !!output.signedIn,
  },
  actions: {
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toFlowError(error) })),
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' as const } })),
    /** `fe-step-up` with the public user. */
    emitSteppedUp: emit((_, signedIn: SignedIn | undefined) => ({ type: 'stepUp' as const, user: signedIn?.user ?? {} })),
  },
}).createMachine({
  id: 'stepUp',
  context: ({ input }) => ({ maxAge: input.maxAge, redirectUrl: input.redirectUrl ?? null, query: input.query ?? {}, mfa: null, error: null }),
  initial: 'loading',
  states: {
    // step-up needs the session: the check waits for the start-up refresh
    loading: {
      tags: 'busy',
      invoke: {
        src: 'check',
        input: ({ context }) => ({ maxAge: context.maxAge }),
        onDone: { target: 'check', actions: assign(({ event }) => event.output) },
        onError: { target: 'failed', actions: [assign({ error: ({ event }) => toFlowError(event.error) }), 'emitError'] },
      },
    },
    check: {
      always: [{ guard: 'notFlagged', target: 'notRequested' }, { guard: 'alreadySteppedUp', target: 'done' }, { target: 'generating' }],
    },
    notRequested: {},
    generating: {
      tags: 'busy',
      invoke: {
        src: 'generate',
        input: ({ context }) => ({ maxAge: context.maxAge }),
        onDone: [
          {
            guard: { type: 'signedIn', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'emitSteppedUp', params: ({ event }) => (event.output.kind === 'signedIn' ? event.output.signedIn : undefined) },
          },
          {
            target: 'verify',
            // every kind of device (authenticators, phones, emails, WebAuthn keys): the MFA machine picks the step
            actions: assign({ mfa: ({ event, context }) => (event.output.kind === 'mfa' ? { ...event.output.mfa, email: context.email } : null) }),
          },
        ],
        onError: [
          { guard: { type: 'mfaNotEnrolled', params: ({ event }) => ({ error: event.error }) }, target: 'noMFAEnrolledStepUp' },
          { target: 'failed', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'emitError'] },
        ],
      },
    },
    noMFAEnrolledStepUp: {
      invoke: {
        id: 'mfa',
        src: 'enrol',
        input: ({ context }) => ({ step: 'authenticatorApp' as const, email: context.email }),
        // enrolled: generate again, and verify with the new factor
        onDone: { target: 'generating' },
        onError: { target: 'failed', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'emitError'] },
      },
    },
    verify: {
      invoke: {
        id: 'mfa',
        src: 'mfa',
        input: ({ context }) => context.mfa ?? { step: 'verify' as const },
        onDone: [
          {
            guard: { type: 'verified', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'emitSteppedUp', params: ({ event }) => (event.output.kind === 'authenticated' ? event.output.signedIn : undefined) },
          },
          // "lost your device" during step-up: no way to step up now
          { target: 'failed' },
        ],
        onError: { target: 'failed', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'emitError'] },
      },
    },
    done: {
      entry: spawnChild('clearFlag'),
      initial: 'waiting',
      states: {
        waiting: { after: { postStepUp: 'returned' } },
        returned: { entry: emit(({ context }) => ({ type: 'navigate' as const, to: { redirectUrl: context.redirectUrl } })) },
      },
    },
    // signs out through the logout route, the page's query parameters kept (SI-4.36)
    failed: {
      entry: [spawnChild('clearFlag'), emit(({ context }) => ({ type: 'navigate' as const, to: { route: 'logoutUrl' as const, query: context.query } }))],
    },
  },
});

/** The step (top-level state) of a step-up snapshot. */
export function stepUpStep(snapshot: { value: unknown }): string {
  const v = snapshot.value;
  return typeof v === 'string' ? v : Object.keys(v as object)[0];
}

export type StepUpSnapshot = SnapshotFrom<typeof stepUpMachine>;
export type StepUpActor = ActorRefFrom<typeof stepUpMachine>;
