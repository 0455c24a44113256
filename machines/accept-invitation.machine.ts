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
 * password, `setPassword` (`idle` / `submitting`: activate with the answer's
 * activationToken, which signs in) → `signedIn` (`waiting`, then after
 * {@link POST_ACTIVATION_DELAY_MS} `left`: redirectUrl or the authenticated URL).
 *
 * Actors: `accept`, `activate` (machines/accept-invitation.actors.ts).
 * Emits `invitationAccept` once accepted, `login` when the password set
 * signed the invitee in, `navigate` when leaving (and for `route.open`),
 * `error` on a failure.
 */
import { assertEvent, assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { PasswordConfig } from '../src/api/types.ts';
import type { AcceptInvitationResult, TENANT_LOCKED_ERROR_CODE } from '../src/api/users.ts';
import type { PublicUser } from '../src/events/user.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep, type FlowEmitted, type RouteOpenEvent } from './flow.ts';

/** Delay before leaving after the invitee set a password and was signed in (sign-in §4, §9: post-activation 1000 ms). */
export const POST_ACTIVATION_DELAY_MS = 1000;

/** `errorCode` of an invitation whose tenant is locked (api-contract §3; the value of src/api/users.ts, checked by its type). */
const TENANT_LOCKED: typeof TENANT_LOCKED_ERROR_CODE = 'ER-01239';

/** `link`: `/account/invitation/accept?userId&token`; `code`: `/account/invitation/code?userId&token` plus the emailed code. */
export type InvitationMode = 'link' | 'code';

export interface AcceptInvitationInput {
  mode?: InvitationMode;
  userId?: string | null;
  token?: string | null;
  /** The one-time code when the page already has it (a `code` query parameter); else the code field asks for it. */
  code?: string | null;
  /** Where to go once signed in (checked by the app); default the authenticated URL. */
  redirectUrl?: string | null;
}

export interface AcceptInvitationContext {
  mode: InvitationMode;
  userId: string | null;
  token: string | null;
  code: string;
  redirectUrl: string | null;
  /** The tenant joined, from the accept answer. */
  tenantName: string | null;
  /** The accept answer (shouldSetPassword, activationToken). */
  accepted: AcceptInvitationResult | null;
  passwordConfig: PasswordConfig;
  error: FlowError | null;
}

export type AcceptInvitationEvent = { type: 'code.submit'; code: string } | { type: 'password.submit'; password: string } | RouteOpenEvent;

/** Input of the `accept` actor. */
export interface AcceptInput {
  mode: InvitationMode;
  userId: string;
  token: string;
  code?: string;
}

/** Output of the `accept` actor: the answer, plus the password rules when a password must be set. */
export type AcceptOutput = AcceptInvitationResult & { passwordConfig?: PasswordConfig };

/** Input of the `activate` actor. */
export interface ActivateInput {
  userId: string;
  token: string;
  password: string;
}

/** What an actor failure carries (src/api FeApiError). */
type ApiFailure = { message?: string; statusCode?: number; errorCode?: string; traceId?: string } | undefined;
const failure = (error: unknown): ApiFailure => error as ApiFailure;

const acceptInvitationSetup = setup({
  types: {
    context: {} as AcceptInvitationContext,
    events: {} as AcceptInvitationEvent,
    input: {} as AcceptInvitationInput,
    emitted: {} as FlowEmitted,
  },
  delays: { postActivation: POST_ACTIVATION_DELAY_MS },
  actors: {
    accept: fromPromise<AcceptOutput, AcceptInput>(async () => {
      throw new Error('accept not provided');
    }),
    /** Sets the password with the activation token and completes the login; the public user, or null when no session came back (e.g. MFA). */
    activate: fromPromise<PublicUser | null, ActivateInput>(async () => {
      throw new Error('activate not provided');
    }),
  },
  guards: {
    missingLink: ({ context }) => !context.userId || !context.token,
    readyToAccept: ({ context }) => context.mode === 'link' || !!context.code,
    blankCode: ({ event }) => event.type === 'code.submit' && !event.code.trim(),
    mustSetPassword: ({ context }) => !!context.accepted?.shouldSetPassword && !!context.accepted.activationToken,
  },
  actions: {
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' } })),
    emitLogin: emit((_, params: { user: PublicUser }) => ({ type: 'login' as const, user: params.user })),
  },
});

export const acceptInvitationMachine = acceptInvitationSetup.createMachine({
  id: 'acceptInvitation',
  context: ({ input }) => ({
    mode: input.mode ?? 'link',
    userId: input.userId || null,
    token: input.token || null,
    code: (input.code ?? '').trim(),
    redirectUrl: input.redirectUrl || null,
    tenantName: null,
    accepted: null,
    passwordConfig: {},
    error: null,
  }),
  initial: 'validate',
  on: { 'route.open': { actions: emit(({ event }) => ({ type: 'navigate' as const, to: { route: event.route } })) } },
  states: {
    validate: {
      always: [
        { guard: 'missingLink', target: 'invalid' },
        { guard: 'readyToAccept', target: 'pending' },
      ],
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
              accepted: ({ event }) => {
                const { passwordConfig: _rules, ...answer } = event.output;
                return answer;
              },
              tenantName: ({ event }) => event.output.tenantName ?? null,
              passwordConfig: ({ event }) => event.output.passwordConfig ?? {},
              error: null,
            }),
            emit(({ context }) => ({
              type: 'invitationAccept' as const,
              detail: {
                userId: context.accepted?.userId ?? context.userId ?? undefined,
                tenantId: context.accepted?.tenantId,
                tenantName: context.tenantName ?? undefined,
                shouldSetPassword: !!context.accepted?.shouldSetPassword,
              },
            })),
          ],
        },
        onError: [
          // SI-4.24: a wrong one-time code returns to validate, with the server's message
          {
            guard: ({ context, event }) => {
              const e = failure(event.error);
              return context.mode === 'code' && (e?.errorCode === 'ER-INVALID-CODE' || /^Invalid code/.test(e?.message ?? ''));
            },
            target: 'validate',
            actions: [assign({ code: '', error: ({ event }) => toFlowError(event.error) }), 'emitError'],
          },
          { guard: ({ event }) => failure(event.error)?.statusCode === 0, target: 'failed', actions: [assign({ error: { key: 'error.network', statusCode: 0 } }), 'emitError'] },
          // ER-01239: the server's message
          {
            guard: ({ event }) => failure(event.error)?.errorCode === TENANT_LOCKED,
            target: 'failed',
            actions: [assign({ error: ({ event }) => toFlowError(event.error) }), 'emitError'],
          },
          // SI-8.08: "We couldn't verify your invitation"
          {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => ({ key: 'invitation.failed' as const, statusCode: failure(event.error)?.statusCode, traceId: failure(event.error)?.traceId }) }),
              'emitError',
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
        setPassword: formStep(
          acceptInvitationSetup,
          'password.submit',
          {
            src: 'activate',
            input: ({ context, event }: { context: AcceptInvitationContext; event: AcceptInvitationEvent }): ActivateInput => {
              assertEvent(event, 'password.submit');
              return { userId: context.accepted?.userId ?? context.userId!, token: context.accepted!.activationToken!, password: event.password };
            },
            onDone: [
              {
                guard: ({ event }: { event: { output: PublicUser | null } }) => !!event.output,
                target: '#acceptInvitation.success.signedIn',
                actions: { type: 'emitLogin', params: ({ event }: { event: { output: PublicUser | null } }) => ({ user: event.output! }) },
              },
              // e.g. an MFA challenge: the password is set, sign in on the login page
              { target: '#acceptInvitation.success.done' },
            ],
            onError: [assign({ error: ({ event }: { event: { error: unknown } }) => toFlowError(event.error) }), 'emitError'],
          },
          assign({ error: null }),
        ),
        signedIn: {
          initial: 'waiting',
          states: {
            waiting: { after: { postActivation: 'left' } },
            left: { entry: emit(({ context }) => ({ type: 'navigate' as const, to: { redirectUrl: context.redirectUrl } })) },
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
