/**
 * Activate account with the emailed link (sign-in §2 `/account/activate` and
 * `/account/activate/code`; §4 "activating, then activatingForm when a
 * password must be set, then success; resend gives resend"; §9 the
 * post-activation delay is {@link POST_ACTIVATION_DELAY_MS}).
 *
 * States: `check` (transient) → `invalid` (userId or token missing: ask for a
 * new link) | `activating` (`strategy`: GET activate/strategy; then, when
 * nothing is to be typed, `submitting`: POST activate). `activating` →
 * `activatingForm` (`idle` / `submitting`: a new password when the user has
 * none, and the emailed code in the code variant) | `failed` (an expired,
 * used or replaced link: the server's message, resend offered) | `success`
 * (signed in: `waiting`; after 1000 ms `navigated`, the authenticated URL or
 * redirectUrl) | `redirectToLogin` (the account is active but the answer
 * asks for MFA: the login route). `resend` (`idle` / `submitting`) →
 * `resendSent` (check your email), reached with `resend.start` from
 * `invalid`, `failed` and `activatingForm`.
 *
 * Actors: `getStrategy`, `activate` (with a `code` for the code variant; it
 * stores the session itself and answers only the public user),
 * `resendActivation` (machines/activate-account.actors.ts). Emits `login`,
 * `navigate` (after success, to sign in, `route.open`) and `error`.
 */
import { assertEvent, assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { PasswordConfig } from '../src/api/types.ts';
import type { PublicUser } from '../src/events/index.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep, type FlowEmitted, type NavigationTarget, type RouteOpenEvent } from './flow.ts';

/** Delay before leaving after an activation that signed the user in (sign-in §4, §9): 1000 ms. */
export const POST_ACTIVATION_DELAY_MS = 1000;

export interface ActivateAccountInput {
  userId?: string | null;
  token?: string | null;
  /** `code`: the `/account/activate/code` variant, the emailed 6-digit code is asked for. */
  mode?: 'link' | 'code';
  /** The page's `redirectUrl`: where to go once signed in (checked by the app). */
  redirectUrl?: string | null;
}

export interface ActivateAccountContext {
  userId: string | null;
  token: string | null;
  mode: 'link' | 'code';
  redirectUrl: string | null;
  /** The user has no password yet: the form asks for one. */
  shouldSetPassword: boolean;
  passwordConfig: PasswordConfig;
  /** Where the resend went. */
  email: string;
  error: FlowError | null;
}

export type ActivateAccountEvent =
  { type: 'activate.submit'; password?: string; code?: string } | { type: 'resend.start' } | { type: 'resend.submit'; email: string } | RouteOpenEvent;

/** What the strategy actor answers: whether a password must be set, and the rules for it. */
export interface ActivationPlan {
  shouldSetPassword: boolean;
  passwordConfig: PasswordConfig;
}

/** What `activate` sends. */
export interface ActivateRequest {
  userId: string;
  token: string;
  password?: string;
  code?: string;
}

/** The error codes of a link that no longer works (emulator: ER-ACTIVATION-TOKEN-{INVALID,USED,REPLACED,EXPIRED}). */
const DEAD_LINK = /^ER-ACTIVATION-TOKEN-/;

/** The error says the link itself no longer works (rather than a wrong code or a refused password). */
export function isDeadLink(error: unknown): boolean {
  const e = error as { errorCode?: string; errorCodes?: string[] } | undefined;
  return DEAD_LINK.test(e?.errorCode ?? '') || !!e?.errorCodes?.some((c) => DEAD_LINK.test(c));
}

type Activated = { event: { output: PublicUser | null } };
type Failed = { event: { error: unknown } };

const activateAccountSetup = setup({
  types: {
    context: {} as ActivateAccountContext,
    events: {} as ActivateAccountEvent,
    input: {} as ActivateAccountInput,
    emitted: {} as FlowEmitted,
  },
  delays: { postActivation: POST_ACTIVATION_DELAY_MS },
  actors: {
    getStrategy: fromPromise<ActivationPlan, { userId: string; token: string }>(async () => ({ shouldSetPassword: false, passwordConfig: {} })),
    /** Activates; answers the user when it signed them in (the session stored), null when they must sign in from the login page. */
    activate: fromPromise<PublicUser | null, ActivateRequest>(async () => {
      throw new Error('activate not provided');
    }),
    resendActivation: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('resendActivation not provided');
    }),
  },
  guards: {
    hasLink: ({ context }) => !!context.userId && !!context.token,
    needsForm: ({ context }, plan: ActivationPlan) => context.mode === 'code' || plan.shouldSetPassword,
  },
  actions: {
    storeError: assign({ error: (_, { error }: { error: unknown }) => toFlowError(error) }),
    clearError: assign({ error: null }),
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' } })),
    emitLogin: emit((_, { user }: { user: PublicUser }) => ({ type: 'login' as const, user })),
    navigateTo: emit((_, to: NavigationTarget) => ({ type: 'navigate' as const, to })),
  },
});

/** After `activate`: signed in → `success` (`login` emitted); otherwise → `redirectToLogin`. */
const activated = [
  {
    guard: ({ event }: Activated) => !!event.output,
    target: '#activateAccount.success',
    actions: { type: 'emitLogin', params: ({ event }: Activated) => ({ user: event.output! }) },
  },
  // the account is active but the answer asks for MFA: sign in from the login page
  { target: '#activateAccount.redirectToLogin' },
] as const;

const storeError = { type: 'storeError', params: ({ event }: Failed) => ({ error: event.error }) } as const;
const toResend = { 'resend.start': { target: '#activateAccount.resend', actions: 'clearError' } } as const;

export const activateAccountMachine = activateAccountSetup.createMachine({
  id: 'activateAccount',
  context: ({ input }) => ({
    userId: input.userId || null,
    token: input.token || null,
    mode: input.mode === 'code' ? 'code' : 'link',
    redirectUrl: input.redirectUrl || null,
    shouldSetPassword: false,
    passwordConfig: {},
    email: '',
    error: null,
  }),
  initial: 'check',
  on: { 'route.open': { actions: { type: 'navigateTo', params: ({ event }) => ({ route: event.route }) } } },
  states: {
    check: { always: [{ guard: 'hasLink', target: 'activating' }, { target: 'invalid' }] },
    invalid: { on: toResend },
    activating: {
      tags: 'busy',
      initial: 'strategy',
      states: {
        strategy: {
          invoke: {
            src: 'getStrategy',
            input: ({ context }) => ({ userId: context.userId!, token: context.token! }),
            onDone: [
              {
                guard: { type: 'needsForm', params: ({ event }) => event.output },
                target: '#activateAccount.activatingForm',
                actions: assign({ shouldSetPassword: ({ event }) => event.output.shouldSetPassword, passwordConfig: ({ event }) => event.output.passwordConfig }),
              },
              { target: 'submitting' },
            ],
            onError: { target: '#activateAccount.failed', actions: [storeError, 'emitError'] },
          },
        },
        submitting: {
          invoke: {
            src: 'activate',
            input: ({ context }) => ({ userId: context.userId!, token: context.token! }),
            onDone: [...activated],
            onError: { target: '#activateAccount.failed', actions: [storeError, 'emitError'] },
          },
        },
      },
    },
    activatingForm: {
      ...formStep(
        activateAccountSetup,
        'activate.submit',
        {
          src: 'activate',
          input: ({ context, event }: { context: ActivateAccountContext; event: ActivateAccountEvent }): ActivateRequest => {
            assertEvent(event, 'activate.submit');
            return {
              userId: context.userId!,
              token: context.token!,
              ...(context.shouldSetPassword && event.password !== undefined ? { password: event.password } : {}),
              ...(context.mode === 'code' ? { code: event.code ?? '' } : {}),
            };
          },
          onDone: [...activated],
          // a wrong code or a password the rules refuse: stay on the form with the server's message
          onError: [storeError, 'emitError'],
          // a link that no longer works leaves the form for `failed` (resend offered), the message shown there
          onErrorExit: { guard: ({ event }: Failed) => isDeadLink(event.error), target: '#activateAccount.failed' },
        },
        'clearError',
      ),
      on: toResend,
    },
    failed: { on: toResend },
    success: {
      initial: 'waiting',
      states: {
        waiting: { after: { postActivation: 'navigated' } },
        navigated: { entry: { type: 'navigateTo', params: ({ context }) => ({ redirectUrl: context.redirectUrl }) } },
      },
    },
    redirectToLogin: { entry: { type: 'navigateTo', params: { route: 'loginUrl' } } },
    resend: formStep(
      activateAccountSetup,
      'resend.submit',
      {
        src: 'resendActivation',
        input: ({ context }: { context: ActivateAccountContext }) => ({ email: context.email }),
        onDone: { target: '#activateAccount.resendSent' },
        onError: [storeError, 'emitError'],
      },
      assign({ email: ({ event }: { event: Extract<ActivateAccountEvent, { type: 'resend.submit' }> }) => event.email.trim(), error: null }),
    ),
    resendSent: {},
  },
});

/** The step (top-level state) of an activate-account snapshot. */
export function activateAccountStep(snapshot: {
  value: unknown;
}): 'check' | 'invalid' | 'activating' | 'activatingForm' | 'failed' | 'success' | 'redirectToLogin' | 'resend' | 'resendSent' {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as ReturnType<typeof activateAccountStep>;
}

export type ActivateAccountSnapshot = SnapshotFrom<typeof activateAccountMachine>;
