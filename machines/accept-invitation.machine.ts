/**
 * Accept invitation (sign-in §2 `/account/invitation/accept` and
 * `/account/invitation/code`; §4 "validate, pending, then success or failed;
 * invalid when token or userId is missing (plus code for the one-time-code
 * variant); on one-time-code failure it returns to validate"; §8 "We
 * couldn't verify your invitation").
 *
 * States: `validate` (checks the link: no userId or token → `invalid`; the
 * link variant goes on at once, the code variant waits here for the emailed
 * code, and a blank code → `invalid`) → `pending` (accept or accept/code) →
 * `success` | `failed` (the token is invalid, expired or used: "We couldn't
 * verify your invitation"; a locked tenant, ER-01239: the server's message).
 * A wrong code returns to `validate` with the server's message.
 * `success` → `done` (a "Sign in" button) or, when the invitee must set a
 * password, `setPassword` (`idle` / `submitting`: POST activate with the
 * answer's activationToken, which signs in) → `signedIn` (`waiting`, then
 * after {@link POST_ACTIVATION_DELAY_MS} `left`: the authenticated URL).
 *
 * Overridable actors: `accept`, `activate`. Provided actions:
 * `notifyAccepted`, `notifyLogin`, `navigateAfterLogin`, `notifyError`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AcceptInvitationResult } from '../src/api/invitation.ts';
import type { PasswordConfig } from '../src/api/types.ts';
import type { AuthUser } from '../src/stores/index.ts';
import { toFlowError, type FlowError } from './errors.ts';

/** Delay before leaving after the invitee set a password and was signed in (sign-in §4, §9: post-activation 1000 ms). */
export const POST_ACTIVATION_DELAY_MS = 1000;

/** `link`: `/account/invitation/accept?userId&token`; `code`: `/account/invitation/code?userId&token` plus the emailed code. */
export type InvitationMode = 'link' | 'code';

export interface AcceptInvitationInput {
  mode?: InvitationMode;
  userId?: string | null;
  token?: string | null;
  /** The one-time code when the page already has it (a `code` query parameter); else the code field asks for it. */
  code?: string | null;
}

export interface AcceptInvitationContext {
  mode: InvitationMode;
  userId: string | null;
  token: string | null;
  code: string;
  /** The tenant joined, from the accept answer. */
  tenantName: string | null;
  /** The accept answer (shouldSetPassword, activationToken). */
  accepted: AcceptInvitationResult | null;
  passwordConfig: PasswordConfig;
  error: FlowError | null;
}

export type AcceptInvitationEvent = { type: 'code.submit'; code: string } | { type: 'password.submit'; password: string };

/** Output of the `accept` actor: the answer, plus the password rules when a password must be set. */
export type AcceptOutput = AcceptInvitationResult & { passwordConfig?: PasswordConfig };

const errorOf = (event: unknown) => (event as { error?: { message?: string; statusCode?: number; errorCode?: string } }).error;

export const acceptInvitationMachine = setup({
  types: { context: {} as AcceptInvitationContext, events: {} as AcceptInvitationEvent, input: {} as AcceptInvitationInput },
  delays: { postActivation: POST_ACTIVATION_DELAY_MS },
  actors: {
    accept: fromPromise<AcceptOutput, { mode: InvitationMode; userId: string; token: string; code?: string }>(async () => {
      throw new Error('accept not provided');
    }),
    /** Sets the password with the activation token and stores the session; null when no session came back (e.g. MFA). */
    activate: fromPromise<{ user: AuthUser } | null, { userId: string; token: string; password: string }>(async () => {
      throw new Error('activate not provided');
    }),
  },
  guards: {
    missingLink: ({ context }) => !context.userId || !context.token,
    readyToAccept: ({ context }) => context.mode === 'link' || !!context.code,
    blankCode: ({ event }) => event.type === 'code.submit' && !event.code.trim(),
    wrongCode: ({ context, event }) => {
      const e = errorOf(event);
      return context.mode === 'code' && (e?.errorCode === 'ER-INVALID-CODE' || /^Invalid code/.test(e?.message ?? ''));
    },
    tenantLocked: ({ event }) => errorOf(event)?.errorCode === 'ER-01239',
    unreachable: ({ event }) => errorOf(event)?.statusCode === 0,
    mustSetPassword: ({ context }) => !!context.accepted?.shouldSetPassword && !!context.accepted.activationToken,
    gotSession: ({ event }) => !!(event as unknown as { output: unknown }).output,
  },
  actions: {
    /** Fires fe-invitation-accept. Provided by the element. */
    notifyAccepted: () => {},
    /** Fires fe-login. Provided by the element. */
    notifyLogin: (_, _params: { user: AuthUser }) => {},
    /** Goes to the authenticated URL (cancelable fe-navigate). Provided by the element. */
    navigateAfterLogin: () => {},
    /** Fires fe-error. Provided by the element. */
    notifyError: () => {},
  },
}).createMachine({
  id: 'acceptInvitation',
  context: ({ input }) => ({
    mode: input.mode ?? 'link',
    userId: input.userId || null,
    token: input.token || null,
    code: (input.code ?? '').trim(),
    tenantName: null,
    accepted: null,
    passwordConfig: {},
    error: null,
  }),
  initial: 'validate',
  states: {
    validate: {
      always: [{ guard: 'missingLink', target: 'invalid' }, { guard: 'readyToAccept', target: 'pending' }],
      on: {
        'code.submit': [
          // SI-4.23: the code variant without a code is invalid (the view's field check comes first)
          { guard: 'blankCode', target: 'invalid' },
          { target: 'pending', actions: assign({ code: ({ event }) => event.code.trim(), error: null }) },
        ],
      },
    },
    pending: {
      tags: 'busy',
      invoke: {
        src: 'accept',
        input: ({ context }) => ({ mode: context.mode, userId: context.userId!, token: context.token!, code: context.mode === 'code' ? context.code : undefined }),
        onDone: {
          target: 'success',
          actions: [
            assign({
              accepted: ({ event }) => event.output,
              tenantName: ({ event }) => event.output.tenantName ?? null,
              passwordConfig: ({ event }) => event.output.passwordConfig ?? {},
              error: null,
            }),
            'notifyAccepted',
          ],
        },
        onError: [
          // SI-4.24: a wrong one-time code returns to validate, with the server's message
          { guard: 'wrongCode', target: 'validate', actions: [assign({ code: '', error: ({ event }) => toFlowError(event.error) }), 'notifyError'] },
          { guard: 'unreachable', target: 'failed', actions: [assign({ error: { key: 'error.network', statusCode: 0 } }), 'notifyError'] },
          // ER-01239: the server's message
          { guard: 'tenantLocked', target: 'failed', actions: [assign({ error: ({ event }) => toFlowError(event.error) }), 'notifyError'] },
          // SI-8.08: "We couldn't verify your invitation"
          {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => ({ key: 'invitation.failed' as const, statusCode: errorOf(event)?.statusCode, traceId: (errorOf(event) as { traceId?: string })?.traceId }) }),
              'notifyError',
            ],
          },
        ],
      },
    },
    success: {
      initial: 'check',
      states: {
        check: { always: [{ guard: 'mustSetPassword', target: 'setPassword' }, { target: 'done' }] },
        /** Accepted; the invitee signs in (already has a password, or no activation token came back). */
        done: {},
        setPassword: {
          initial: 'idle',
          states: {
            idle: { on: { 'password.submit': { target: 'submitting', actions: assign({ error: null }) } } },
            submitting: {
              tags: 'busy',
              invoke: {
                src: 'activate',
                input: ({ context, event }) => ({
                  userId: context.accepted?.userId ?? context.userId!,
                  token: context.accepted!.activationToken!,
                  password: (event as Extract<AcceptInvitationEvent, { type: 'password.submit' }>).password,
                }),
                onDone: [
                  { guard: 'gotSession', target: '#acceptInvitation.success.signedIn', actions: { type: 'notifyLogin', params: ({ event }) => ({ user: event.output!.user }) } },
                  // e.g. an MFA challenge: the password is set, sign in on the login page
                  { target: '#acceptInvitation.success.done' },
                ],
                onError: { target: 'idle', actions: [assign({ error: ({ event }) => toFlowError(event.error) }), 'notifyError'] },
              },
            },
          },
        },
        signedIn: {
          initial: 'waiting',
          states: {
            waiting: { after: { postActivation: 'left' } },
            left: { entry: 'navigateAfterLogin' },
          },
        },
      },
    },
    failed: {},
    invalid: {},
  },
});

/** The step (top-level state) of an accept-invitation snapshot. */
export function acceptInvitationStep(snapshot: { value: unknown }): 'validate' | 'pending' | 'success' | 'failed' | 'invalid' {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as ReturnType<typeof acceptInvitationStep>;
}

/** The sub-step of `success`: `done`, `setPassword` or `signedIn` (else undefined). */
export function acceptInvitationSuccessStep(snapshot: { value: unknown }): 'check' | 'done' | 'setPassword' | 'signedIn' | undefined {
  const v = snapshot.value as { success?: unknown };
  if (typeof v !== 'object' || !v.success) return undefined;
  return (typeof v.success === 'string' ? v.success : Object.keys(v.success as object)[0]) as ReturnType<typeof acceptInvitationSuccessStep>;
}

export type AcceptInvitationSnapshot = SnapshotFrom<typeof acceptInvitationMachine>;
