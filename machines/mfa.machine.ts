/**
 * MFA machine (sign-in §4 "MFA steps"): the second factor during sign-in.
 *
 * States (spec step names): `verify` (code from the enrolled authenticator
 * app), `authenticatorApp` (enrolment: QR code and secret, then a code),
 * `recoveryCode` (shows the recovery code issued at enrolment), and the
 * final states `done` (output `{ kind: 'authenticated', response }`) and
 * `recover` (output `{ kind: 'recover' }`: the user chose a recovery code;
 * the login machine then shows `recoverTwoFactor`).
 *
 * Overridable actors: `verifyCode`, `preEnrollAuthenticator`, `enrollAuthenticator`.
 * Tags: `busy` while a call is under way.
 */
import { assign, setup, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LoginResponse } from '../src/api/types.ts';
import { toFlowError, type FlowError } from './errors.ts';

/** Input of the MFA machine. */
export interface MfaInput {
  mfaToken: string;
  /** First step: `verify` for an enrolled user, `authenticatorApp` to enrol (forceTwoFactor). */
  step: 'verify' | 'authenticatorApp';
  /** Authenticator device id, when one is enrolled. */
  deviceId?: string;
  email?: string;
}

/** Output of the MFA machine. */
export type MfaOutput = { kind: 'authenticated'; response: LoginResponse } | { kind: 'recover' };

export interface MfaContext {
  mfaToken: string;
  deviceId?: string;
  email?: string;
  qrCode?: string;
  secret?: string;
  recoveryCode?: string;
  /** The step the machine started in. */
  firstStep: MfaInput['step'];
  error: FlowError | null;
  output?: MfaOutput;
}

export type MfaEvent =
  | { type: 'code.submit'; code: string; rememberDevice?: boolean }
  | { type: 'recovery.start' }
  | { type: 'recoveryCode.confirm' }
  | { type: 'retry' };

/** Input of the code-checking actors. */
export interface MfaCodeInput {
  mfaToken: string;
  deviceId?: string;
  code: string;
  rememberDevice: boolean;
}

export const mfaMachine = setup({
  types: {
    context: {} as MfaContext,
    events: {} as MfaEvent,
    input: {} as MfaInput,
    output: {} as MfaOutput,
  },
  actors: {
    verifyCode: fromPromise<LoginResponse, MfaCodeInput>(async () => {
      throw new Error('verifyCode not provided');
    }),
    preEnrollAuthenticator: fromPromise<{ qrCode: string; secret?: string }, { mfaToken: string }>(async () => {
      throw new Error('preEnrollAuthenticator not provided');
    }),
    enrollAuthenticator: fromPromise<LoginResponse, MfaCodeInput>(async () => {
      throw new Error('enrollAuthenticator not provided');
    }),
  },
  guards: {
    startsWithEnrolment: ({ context }) => context.firstStep === 'authenticatorApp',
    hasRecoveryCode: ({ event }) => !!(event as unknown as { output?: LoginResponse }).output?.recoveryCode,
  },
  actions: {
    storeError: assign({ error: ({ event }) => toFlowError((event as unknown as { error: unknown }).error) }),
    clearError: assign({ error: null }),
    /** Fires fe-error with the error in context. Provided by the element. */
    notifyError: () => {},
  },
}).createMachine({
  id: 'mfa',
  context: ({ input }) => ({
    mfaToken: input.mfaToken,
    deviceId: input.deviceId,
    email: input.email,
    firstStep: input.step,
    error: null,
  }),
  initial: 'init',
  output: ({ context }) => context.output!,
  states: {
    init: {
      always: [{ guard: 'startsWithEnrolment', target: 'authenticatorApp' }, { target: 'verify' }],
    },
    verify: {
      initial: 'idle',
      on: { 'recovery.start': { target: 'recover' } },
      states: {
        idle: {
          on: { 'code.submit': { target: 'submitting', actions: 'clearError' } },
        },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'verifyCode',
            input: ({ context, event }) => codeInput(context, event),
            onDone: {
              target: '#mfa.done',
              actions: assign({ output: ({ event }) => ({ kind: 'authenticated' as const, response: event.output }) }),
            },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    authenticatorApp: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            src: 'preEnrollAuthenticator',
            input: ({ context }) => ({ mfaToken: context.mfaToken }),
            onDone: {
              target: 'ready',
              actions: assign({ qrCode: ({ event }) => event.output.qrCode, secret: ({ event }) => event.output.secret, error: null }),
            },
            onError: { target: 'failed', actions: ['storeError', 'notifyError'] },
          },
        },
        failed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
        ready: { on: { 'code.submit': { target: 'enrolling', actions: 'clearError' } } },
        enrolling: {
          tags: 'busy',
          invoke: {
            src: 'enrollAuthenticator',
            input: ({ context, event }) => codeInput(context, event),
            onDone: [
              {
                guard: 'hasRecoveryCode',
                target: '#mfa.recoveryCode',
                actions: assign({
                  recoveryCode: ({ event }) => event.output.recoveryCode,
                  output: ({ event }) => ({ kind: 'authenticated' as const, response: event.output }),
                }),
              },
              { target: '#mfa.done', actions: assign({ output: ({ event }) => ({ kind: 'authenticated' as const, response: event.output }) }) },
            ],
            onError: { target: 'ready', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    recoveryCode: {
      on: { 'recoveryCode.confirm': { target: 'done' } },
    },
    done: { type: 'final' },
    recover: {
      type: 'final',
      entry: assign({ output: { kind: 'recover' as const } }),
    },
  },
});

function codeInput(context: MfaContext, event: MfaEvent): MfaCodeInput {
  const e = event as Extract<MfaEvent, { type: 'code.submit' }>;
  return { mfaToken: context.mfaToken, deviceId: context.deviceId, code: e.code?.trim() ?? '', rememberDevice: !!e.rememberDevice };
}

export type MfaActor = ActorRefFrom<typeof mfaMachine>;
export type MfaSnapshot = SnapshotFrom<typeof mfaMachine>;
