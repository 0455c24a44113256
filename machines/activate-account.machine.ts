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
 * used or replaced link: the server's message, resend offered) | `success`.
 * `success` (`signingIn`: the answer is stored as the session → `waiting`,
 * fe-login; after 1000 ms → `navigated`, the authenticated URL) |
 * `redirectToLogin` (the answer asks for MFA: the login route). `resend`
 * (`idle` / `submitting` → `sent`: check your email), reached with
 * `resend.start` from `invalid`, `failed` and `activatingForm`.
 *
 * Provided actions: `notifyLogin` (fe-login), `notifyError` (fe-error),
 * `navigate` (`authenticated` | `login`). Overridable actors: `getStrategy`,
 * `activate` (with a `code` for the code variant), `completeLogin`,
 * `resendActivation`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LoginResponse, PasswordConfig } from '../src/api/types.ts';
import type { AuthUser } from '../src/stores/index.ts';
import { toFlowError, type FlowError } from './errors.ts';

/** Delay before leaving after an activation that signed the user in (sign-in §4, §9): 1000 ms. */
export const POST_ACTIVATION_DELAY_MS = 1000;

export interface ActivateAccountInput {
  userId?: string | null;
  token?: string | null;
  /** `code`: the `/account/activate/code` variant, the emailed 6-digit code is asked for. */
  mode?: 'link' | 'code';
}

export interface ActivateAccountContext {
  userId: string | null;
  token: string | null;
  mode: 'link' | 'code';
  /** The user has no password yet: the form asks for one. */
  shouldSetPassword: boolean;
  passwordConfig: PasswordConfig;
  /** The answer of activate, until it is stored as the session. */
  response: LoginResponse | null;
  /** Where the resend went. */
  email: string;
  error: FlowError | null;
}

export type ActivateAccountEvent =
  | { type: 'activate.submit'; password?: string; code?: string }
  | { type: 'resend.start' }
  | { type: 'resend.submit'; email: string };

/** What the strategy actor answers: whether a password must be set, and the rules for it. */
export interface ActivationPlan {
  shouldSetPassword: boolean;
  passwordConfig: PasswordConfig;
}

/** The error codes of a link that no longer works (emulator: ER-ACTIVATION-TOKEN-{INVALID,USED,REPLACED,EXPIRED}). */
const DEAD_LINK = /^ER-ACTIVATION-TOKEN-/;

export const activateAccountMachine = setup({
  types: {
    context: {} as ActivateAccountContext,
    events: {} as ActivateAccountEvent,
    input: {} as ActivateAccountInput,
  },
  delays: { postActivation: POST_ACTIVATION_DELAY_MS },
  actors: {
    getStrategy: fromPromise<ActivationPlan, { userId: string; token: string }>(async () => ({ shouldSetPassword: false, passwordConfig: {} })),
    activate: fromPromise<LoginResponse, { userId: string; token: string; password?: string; code?: string }>(async () => {
      throw new Error('activate not provided');
    }),
    completeLogin: fromPromise<{ user: AuthUser } | null, LoginResponse>(async () => null),
    resendActivation: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('resendActivation not provided');
    }),
  },
  guards: {
    hasLink: ({ context }) => !!context.userId && !!context.token,
    needsForm: ({ context, event }) => context.mode === 'code' || (event as unknown as { output: ActivationPlan }).output.shouldSetPassword,
    linkDead: ({ event }) => {
      const e = (event as unknown as { error?: { errorCode?: string; errorCodes?: string[] } }).error;
      return DEAD_LINK.test(e?.errorCode ?? '') || !!e?.errorCodes?.some((c) => DEAD_LINK.test(c));
    },
    signedIn: ({ event }) => !!(event as unknown as { output: { user: AuthUser } | null }).output,
  },
  actions: {
    storeError: assign({ error: ({ event }) => toFlowError((event as unknown as { error: unknown }).error) }),
    /** Fires fe-login. Provided by the element. */
    notifyLogin: (_, _params: { user: AuthUser }) => {},
    /** Fires fe-error. Provided by the element. */
    notifyError: () => {},
    /** Navigates: `authenticated` → the authenticated URL (or redirectUrl), `login` → the login route. Provided by the element. */
    navigate: (_, _params: { to: 'authenticated' | 'login' }) => {},
  },
}).createMachine({
  id: 'activateAccount',
  context: ({ input }) => ({
    userId: input.userId || null,
    token: input.token || null,
    mode: input.mode === 'code' ? 'code' : 'link',
    shouldSetPassword: false,
    passwordConfig: {},
    response: null,
    email: '',
    error: null,
  }),
  initial: 'check',
  states: {
    check: { always: [{ guard: 'hasLink', target: 'activating' }, { target: 'invalid' }] },
    invalid: { on: { 'resend.start': { target: 'resend', actions: assign({ error: null }) } } },
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
                guard: 'needsForm',
                target: '#activateAccount.activatingForm',
                actions: assign({ shouldSetPassword: ({ event }) => event.output.shouldSetPassword, passwordConfig: ({ event }) => event.output.passwordConfig }),
              },
              { target: 'submitting' },
            ],
            onError: { target: '#activateAccount.failed', actions: ['storeError', 'notifyError'] },
          },
        },
        submitting: {
          invoke: {
            src: 'activate',
            input: ({ context }) => ({ userId: context.userId!, token: context.token! }),
            onDone: { target: '#activateAccount.success', actions: assign({ response: ({ event }) => event.output }) },
            onError: { target: '#activateAccount.failed', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    activatingForm: {
      initial: 'idle',
      on: { 'resend.start': { target: 'resend', actions: assign({ error: null }) } },
      states: {
        idle: { on: { 'activate.submit': { target: 'submitting', actions: assign({ error: null }) } } },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'activate',
            input: ({ context, event }) => {
              const e = event as Extract<ActivateAccountEvent, { type: 'activate.submit' }>;
              return {
                userId: context.userId!,
                token: context.token!,
                ...(context.shouldSetPassword && e.password !== undefined ? { password: e.password } : {}),
                ...(context.mode === 'code' ? { code: e.code ?? '' } : {}),
              };
            },
            onDone: { target: '#activateAccount.success', actions: assign({ response: ({ event }) => event.output }) },
            onError: [
              { guard: 'linkDead', target: '#activateAccount.failed', actions: ['storeError', 'notifyError'] },
              // a wrong code or a password the rules refuse: stay on the form with the server's message
              { target: 'idle', actions: ['storeError', 'notifyError'] },
            ],
          },
        },
      },
    },
    failed: { on: { 'resend.start': { target: 'resend', actions: assign({ error: null }) } } },
    success: {
      initial: 'signingIn',
      states: {
        signingIn: {
          tags: 'busy',
          invoke: {
            src: 'completeLogin',
            input: ({ context }) => context.response!,
            onDone: [
              {
                guard: 'signedIn',
                target: 'waiting',
                actions: [assign({ response: null }), { type: 'notifyLogin', params: ({ event }) => ({ user: event.output!.user }) }],
              },
              // the account is active but the answer asks for MFA: sign in from the login page
              { target: '#activateAccount.redirectToLogin', actions: assign({ response: null }) },
            ],
            onError: { target: '#activateAccount.redirectToLogin', actions: assign({ response: null }) },
          },
        },
        waiting: { after: { postActivation: 'navigated' } },
        navigated: { entry: { type: 'navigate', params: { to: 'authenticated' as const } } },
      },
    },
    redirectToLogin: { entry: { type: 'navigate', params: { to: 'login' as const } } },
    resend: {
      initial: 'idle',
      states: {
        idle: { on: { 'resend.submit': { target: 'submitting', actions: assign({ email: ({ event }) => event.email.trim(), error: null }) } } },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'resendActivation',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: 'sent' },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
        sent: {},
      },
    },
  },
});

/** The step (top-level state) of an activate-account snapshot. */
export function activateAccountStep(snapshot: { value: unknown }): 'check' | 'invalid' | 'activating' | 'activatingForm' | 'failed' | 'success' | 'redirectToLogin' | 'resend' {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as ReturnType<typeof activateAccountStep>;
}

export type ActivateAccountSnapshot = SnapshotFrom<typeof activateAccountMachine>;
