/**
 * Step-up machine (sign-in §4 "Step-up", §8 SHOULD_STEP_UP / MFA not enrolled).
 *
 * States: `check` (transient) → `notRequested` (no stored flag: nothing to
 * do) | `done` (already stepped up) | `generating` (POST step-up/generate).
 * `generating` → `verify` (runs the MFA machine on the step-up mfaToken with
 * the user's devices of every kind: one device goes straight to its verify
 * step — authenticator code, SMS code, email code or WebAuthn — several to
 * `chooseDevice`, as at sign-in; SI-4.07) |
 * `authenticating` (the answer already carries a token) |
 * `noMFAEnrolledStepUp` ("MFA is not enrolled": enrol an authenticator app
 * with the MFA machine, then generate again) | `failed` (any other error:
 * logout with the query parameters preserved). `verify` → `authenticating`
 * (the new token and user are stored) → `done` (fe-step-up, then back to
 * redirectUrl after {@link POST_STEP_UP_DELAY_MS}).
 *
 * Provided actions: `clearFlag`, `notifySteppedUp`, `navigateBack`,
 * `logoutPreservingQuery`, `notifyError`. Overridable actors: `generate`,
 * `completeLogin`, and the child `mfa` machine's actors (verify and, for
 * enrolment, the signed-in user's authenticator enrol calls).
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LoginResponse } from '../src/api/types.ts';
import type { StepUpSession } from '../src/api/step-up.ts';
import { MFA_NOT_ENROLLED } from '../src/api/step-up.ts';
import type { AuthUser } from '../src/stores/index.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { mfaMachine, type MfaInput, type MfaOutput } from './mfa.machine.ts';
import { snapshotWithMfaChild, type MfaChildSpec } from './restore.ts';

/** Delay before returning after a step-up (the post-auth delay, sign-in §9): 200 ms. */
export const POST_STEP_UP_DELAY_MS = 200;

export interface StepUpInput {
  /** Seconds; the authentication must be at most this old. */
  maxAge?: number;
  /** The stored step-up flag is set (SI-4.32). */
  flagSet: boolean;
  /** The user is already stepped up for maxAge. */
  steppedUp: boolean;
  email?: string;
}

export interface StepUpContext {
  maxAge?: number;
  flagSet: boolean;
  steppedUp: boolean;
  email?: string;
  mfa: MfaInput | null;
  pending: LoginResponse | null;
  error: FlowError | null;
}

export type StepUpEvent = { type: 'flow.cancel' };

export const stepUpMachine = setup({
  types: { context: {} as StepUpContext, events: {} as StepUpEvent, input: {} as StepUpInput },
  delays: { postStepUp: POST_STEP_UP_DELAY_MS },
  actors: {
    generate: fromPromise<StepUpSession, { maxAge?: number }>(async () => {
      throw new Error('generate not provided');
    }),
    completeLogin: fromPromise<{ user: AuthUser } | null, LoginResponse>(async () => null),
    mfa: mfaMachine,
    enrol: mfaMachine,
  },
  guards: {
    notFlagged: ({ context }) => !context.flagSet,
    alreadySteppedUp: ({ context }) => context.steppedUp,
    hasToken: ({ event }) => !!(event as unknown as { output: StepUpSession }).output.accessToken,
    mfaNotEnrolled: ({ event }) => {
      const e = (event as unknown as { error?: { message?: string } }).error;
      return typeof e?.message === 'string' && e.message.includes(MFA_NOT_ENROLLED);
    },
    verified: ({ event }) => (event as unknown as { output: MfaOutput }).output.kind === 'authenticated',
    gotSession: ({ event }) => !!(event as unknown as { output: unknown }).output,
  },
  actions: {
    storeError: assign({ error: ({ event }) => toFlowError((event as unknown as { error: unknown }).error) }),
    /** Clears the stored step-up flag. Provided by the element. */
    clearFlag: () => {},
    /** Fires fe-step-up. Provided by the element. */
    notifySteppedUp: (_, _params: { user: AuthUser }) => {},
    /** Returns to redirectUrl (or the authenticated URL). Provided by the element. */
    navigateBack: () => {},
    /** Goes to the logout route with the page's query parameters (SI-4.36). Provided by the element. */
    logoutPreservingQuery: () => {},
    /** Fires fe-error. Provided by the element. */
    notifyError: () => {},
  },
}).createMachine({
  id: 'stepUp',
  context: ({ input }) => ({ ...input, mfa: null, pending: null, error: null }),
  initial: 'check',
  states: {
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
          { guard: 'hasToken', target: 'authenticating', actions: assign({ pending: ({ event }) => event.output as LoginResponse }) },
          {
            target: 'verify',
            actions: assign({
              mfa: ({ event, context }) => ({
                mfaToken: event.output.mfaToken!,
                step: 'verify' as const,
                deviceId: event.output.mfaDevices?.authenticators?.[0]?.id,
                // every kind of device (authenticators, phones, emails, WebAuthn keys): the MFA machine picks the step
                devices: event.output.mfaDevices,
                strategies: event.output.mfaStrategies,
                email: context.email,
              }),
            }),
          },
        ],
        onError: [
          { guard: 'mfaNotEnrolled', target: 'noMFAEnrolledStepUp' },
          { target: 'failed', actions: ['storeError', 'notifyError'] },
        ],
      },
    },
    noMFAEnrolledStepUp: {
      invoke: {
        id: 'mfa',
        src: 'enrol',
        input: ({ context }) => ({ mfaToken: '', step: 'authenticatorApp' as const, email: context.email }),
        // enrolled: generate again, and verify with the new factor
        onDone: { target: 'generating' },
      },
    },
    verify: {
      invoke: {
        id: 'mfa',
        src: 'mfa',
        input: ({ context }) => context.mfa!,
        onDone: [
          {
            guard: 'verified',
            target: 'authenticating',
            actions: assign({ pending: ({ event }) => (event.output.kind === 'authenticated' ? event.output.response : null) }),
          },
          // "lost your device" during step-up: no way to step up now
          { target: 'failed' },
        ],
      },
    },
    authenticating: {
      tags: 'busy',
      invoke: {
        src: 'completeLogin',
        input: ({ context }) => context.pending!,
        onDone: [
          {
            guard: 'gotSession',
            target: 'done',
            actions: [assign({ pending: null }), { type: 'notifySteppedUp', params: ({ event }) => ({ user: event.output!.user }) }],
          },
          { target: 'failed' },
        ],
        onError: { target: 'failed', actions: ['storeError', 'notifyError'] },
      },
    },
    done: {
      entry: 'clearFlag',
      initial: 'waiting',
      states: {
        waiting: { after: { postStepUp: 'returned' } },
        returned: { entry: 'navigateBack' },
      },
    },
    failed: {
      entry: ['clearFlag', 'logoutPreservingQuery'],
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

/** A step-up state to start in (stories, tests). */
export interface StepUpStateSpec {
  value: unknown;
  context?: Partial<StepUpContext>;
  mfa?: MfaChildSpec;
}

/** A persisted snapshot of `logic` in the given state, the MFA child included (stories, tests). */
export function stepUpSnapshotFrom(logic: typeof stepUpMachine, spec: StepUpStateSpec) {
  const context: StepUpContext = { flagSet: true, steppedUp: false, mfa: null, pending: null, error: null, ...spec.context };
  return snapshotWithMfaChild(logic, spec.value, context, spec.mfa, {
    mfaToken: context.mfa?.mfaToken,
    firstStep: context.mfa?.step,
    deviceId: context.mfa?.deviceId,
    devices: context.mfa?.devices ?? {},
    strategies: context.mfa?.strategies ?? [],
    email: context.mfa?.email,
  });
}
