/**
 * Adding an MFA device for the signed-in user (privacy section; api-contract §U), one machine for the three kinds,
 * chosen by `input.kind`:
 *
 * - `authenticator`: `starting` (QR code and secret) → `scanning` → `verifyingApp` (the app's first 6-digit code);
 * - `sms`: `phone` → `sending` (a code to the phone) → `code` → `verifyingSms`; `resend` sends a new code;
 * - `securityKey`: `ceremony` (the browser's WebAuthn dialog and the server's check).
 *
 * Each ends in `recovery` when the server answers a recovery code (the user's first device: shown once) or else in
 * `done`. A refusal goes back to the step the user can act on with the error kept; a failed start or ceremony goes
 * to `failed` (`enroll.retry` starts again). Errors are {@link FlowError}s. Actors: machines/admin-enroll-mfa.actors.ts.
 * Emits `enrolled`. Flow dialect of machines/flow.ts: `phone.submit`, `code.submit`, `code.resend`, `enroll.retry`,
 * `recovery.finish`.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import { toFlowError, type FlowError } from './errors.ts';

/** Which device is being added. */
export type EnrollKind = 'authenticator' | 'sms' | 'securityKey';

export interface EnrollMfaContext {
  kind: EnrollKind;
  /** Authenticator: the QR code (PNG data URL) and the base32 secret for manual entry. */
  qrCode: string;
  secret: string;
  /** SMS: the phone typed, the masked phone the code went to, and the code's token. */
  phoneNumber: string;
  sentTo: string;
  otcToken: string;
  /** The code typed last. */
  code: string;
  /** The recovery code answered (first device), '' otherwise. */
  recoveryCode: string;
  error: FlowError | null;
}

export type EnrollMfaEvent =
  { type: 'phone.submit'; phoneNumber: string } | { type: 'code.submit'; code: string } | { type: 'code.resend' } | { type: 'enroll.retry' } | { type: 'recovery.finish' };
export type EnrollMfaEmitted = { type: 'enrolled'; kind: EnrollKind };

/**
 * A failed step as a {@link FlowError}: a WebAuthn ceremony's DOMException (or @simplewebauthn's error code) as our
 * words (cancelled or timed out, already registered, unsupported), a FlowError with its key as it is, anything else as
 * {@link toFlowError}.
 */
export function enrollError(error: unknown): FlowError {
  // already one (kept by this machine, shown again by the view)
  if (error && typeof error === 'object' && typeof (error as FlowError).key === 'string') return error as FlowError;
  const name = (error as { name?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return { key: 'admin.privacy.webauthn.cancelled' };
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return { key: 'admin.privacy.webauthn.exists' };
  if (name === 'NotSupportedError' || code === 'ERROR_INVALID_DOMAIN') return { key: 'admin.privacy.webauthn.unsupported' };
  return toFlowError(error);
}

/** What an enrolment answers: the recovery code of a first device. */
export interface Enrolled {
  recoveryCode?: string;
}

export const adminEnrollMfaMachine = setup({
  types: {
    context: {} as EnrollMfaContext,
    events: {} as EnrollMfaEvent,
    emitted: {} as EnrollMfaEmitted,
    input: {} as { kind: EnrollKind },
  },
  actors: {
    startAuthenticator: fromPromise<{ qrCode: string; secret: string }>(async () => {
      throw new Error('startAuthenticator not provided');
    }),
    verifyAuthenticator: fromPromise<Enrolled, { code: string }>(async () => {
      throw new Error('verifyAuthenticator not provided');
    }),
    sendSms: fromPromise<{ otcToken: string; phoneNumber: string }, { phoneNumber: string }>(async () => {
      throw new Error('sendSms not provided');
    }),
    verifySms: fromPromise<Enrolled, { otcToken: string; code: string }>(async () => {
      throw new Error('verifySms not provided');
    }),
    addSecurityKey: fromPromise<Enrolled>(async () => {
      throw new Error('addSecurityKey not provided');
    }),
  },
  actions: {
    fail: assign({ error: (_, params: { error: unknown }) => enrollError(params.error) }),
    emitEnrolled: emit(({ context }) => ({ type: 'enrolled' as const, kind: context.kind })),
  },
}).createMachine({
  id: 'adminEnrollMfa',
  context: ({ input }) => ({ kind: input.kind, qrCode: '', secret: '', phoneNumber: '', sentTo: '', otcToken: '', code: '', recoveryCode: '', error: null }),
  initial: 'choosing',
  states: {
    choosing: {
      always: [
        { guard: ({ context }) => context.kind === 'authenticator', target: 'starting' },
        { guard: ({ context }) => context.kind === 'sms', target: 'phone' },
        { target: 'ceremony' },
      ],
    },
    // ------------------------------------------------------------ authenticator app
    starting: {
      tags: 'busy',
      invoke: {
        src: 'startAuthenticator',
        onDone: { target: 'scanning', actions: assign({ qrCode: ({ event }) => event.output.qrCode, secret: ({ event }) => event.output.secret }) },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    verifyingApp: {
      tags: 'busy',
      invoke: {
        src: 'verifyAuthenticator',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: ({ event }) => Boolean(event.output.recoveryCode),
            target: 'recovery',
            actions: [assign({ recoveryCode: ({ event }) => event.output.recoveryCode ?? '' }), 'emitEnrolled'],
          },
          { target: 'done', actions: 'emitEnrolled' },
        ],
        onError: { target: 'scanning', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    scanning: {
      on: { 'code.submit': { target: 'verifyingApp', actions: assign({ code: ({ event }) => event.code.trim(), error: null }) } },
    },
    // ------------------------------------------------------------ SMS
    phone: {
      on: { 'phone.submit': { target: 'sending', actions: assign({ phoneNumber: ({ event }) => event.phoneNumber.trim(), error: null }) } },
    },
    sending: {
      tags: 'busy',
      invoke: {
        src: 'sendSms',
        input: ({ context }) => ({ phoneNumber: context.phoneNumber }),
        onDone: { target: 'code', actions: assign({ otcToken: ({ event }) => event.output.otcToken, sentTo: ({ event }) => event.output.phoneNumber }) },
        onError: [
          { guard: ({ context }) => context.otcToken !== '', target: 'code', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          { target: 'phone', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    verifyingSms: {
      tags: 'busy',
      invoke: {
        src: 'verifySms',
        input: ({ context }) => ({ code: context.code, otcToken: context.otcToken }),
        onDone: [
          {
            guard: ({ event }) => Boolean(event.output.recoveryCode),
            target: 'recovery',
            actions: [assign({ recoveryCode: ({ event }) => event.output.recoveryCode ?? '' }), 'emitEnrolled'],
          },
          { target: 'done', actions: 'emitEnrolled' },
        ],
        onError: { target: 'code', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    code: {
      on: {
        'code.submit': { target: 'verifyingSms', actions: assign({ code: ({ event }) => event.code.trim(), error: null }) },
        'code.resend': { target: 'sending', actions: assign({ error: null }) },
      },
    },
    // ------------------------------------------------------------ security key
    ceremony: {
      tags: 'busy',
      invoke: {
        src: 'addSecurityKey',
        onDone: [
          {
            guard: ({ event }) => Boolean(event.output.recoveryCode),
            target: 'recovery',
            actions: [assign({ recoveryCode: ({ event }) => event.output.recoveryCode ?? '' }), 'emitEnrolled'],
          },
          { target: 'done', actions: 'emitEnrolled' },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'enroll.retry': { target: 'choosing', actions: assign({ error: null }) } },
    },
    recovery: {
      on: { 'recovery.finish': 'done' },
    },
    done: { type: 'final' },
  },
});

export type AdminEnrollMfaSnapshot = SnapshotFrom<typeof adminEnrollMfaMachine>;
