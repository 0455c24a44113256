/**
 * Sign-up machine (sign-in §3 "Sign-up result", §7 `POST signUp`; issue:
 * allowed only when the public policy allows sign-ups).
 *
 * States: `loading` (public vendor config and password rules) →
 * `notAllowed` | `form` (`idle` / `submitting`) → `activationSent` (the
 * answer says shouldActivate: check your email) | `authenticating` (the
 * answer carries authResponse: the user is signed in) → `success`
 * (navigation to signUpSuccessUrl after {@link POST_SIGN_UP_DELAY_MS}) |
 * `redirectToLogin` (the new user must pass MFA: the login route).
 *
 * Provided actions: `notifySignUp` (fe-sign-up), `notifyLogin` (fe-login),
 * `navigate`, `notifyError`. Overridable actors: `loadPolicy`, `signUp`,
 * `completeLogin`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LoginResponse, PasswordConfig, SignUpRequest, SignUpResponse } from '../src/api/types.ts';
import type { AuthUser } from '../src/stores/index.ts';
import { toFlowError, type FlowError } from './errors.ts';

/** Delay before leaving after a sign-up that signed the user in (the post-auth delay, sign-in §9): 200 ms. */
export const POST_SIGN_UP_DELAY_MS = 200;

export interface SignUpPolicy {
  allowSignups: boolean;
  passwordConfig: PasswordConfig;
}

export interface SignUpContext {
  invitationToken: string | null;
  policy: SignUpPolicy | null;
  /** What the user typed, kept across a failed submit (no password). */
  values: { name: string; email: string; companyName: string };
  result: SignUpResponse | null;
  error: FlowError | null;
}

export type SignUpEvent = { type: 'signUp.submit'; name: string; email: string; companyName: string; password: string };

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as { invitationToken?: string | null },
  },
  delays: { postSignUp: POST_SIGN_UP_DELAY_MS },
  actors: {
    loadPolicy: fromPromise<SignUpPolicy>(async () => ({ allowSignups: true, passwordConfig: {} })),
    signUp: fromPromise<SignUpResponse, SignUpRequest>(async () => {
      throw new Error('signUp not provided');
    }),
    completeLogin: fromPromise<{ user: AuthUser } | null, LoginResponse>(async () => null),
  },
  guards: {
    allowed: ({ event }) => (event as unknown as { output: SignUpPolicy }).output.allowSignups,
    shouldActivate: ({ event }) => !!(event as unknown as { output: SignUpResponse }).output.shouldActivate,
    needsMfa: ({ event }) => !!(event as unknown as { output: SignUpResponse }).output.authResponse?.mfaRequired,
    signedIn: ({ event }) => !!(event as unknown as { output: SignUpResponse }).output.authResponse?.accessToken,
  },
  actions: {
    storeError: assign({ error: ({ event }) => toFlowError((event as unknown as { error: unknown }).error) }),
    /** Fires fe-sign-up. Provided by the element. */
    notifySignUp: (_, _params: { userId?: string; tenantId?: string; shouldActivate: boolean }) => {},
    /** Fires fe-login. Provided by the element. */
    notifyLogin: (_, _params: { user: AuthUser }) => {},
    /** Fires fe-error. Provided by the element. */
    notifyError: () => {},
    /** Navigates: `success` → signUpSuccessUrl, `login` → the login route. Provided by the element. */
    navigate: (_, _params: { to: 'success' | 'login' }) => {},
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    invitationToken: input.invitationToken ?? null,
    policy: null,
    values: { name: '', email: '', companyName: '' },
    result: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadPolicy',
        onDone: [
          { guard: 'allowed', target: 'form', actions: assign({ policy: ({ event }) => event.output }) },
          { target: 'notAllowed', actions: assign({ policy: ({ event }) => event.output }) },
        ],
        // the policy could not be read: let the server decide
        onError: { target: 'form' },
      },
    },
    notAllowed: {},
    form: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'signUp.submit': {
              target: 'submitting',
              actions: assign({
                values: ({ event }) => ({ name: event.name.trim(), email: event.email.trim(), companyName: event.companyName.trim() }),
                error: null,
              }),
            },
          },
        },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'signUp',
            input: ({ context, event }) => ({
              ...context.values,
              password: (event as SignUpEvent).password,
              ...(context.invitationToken ? { invitationToken: context.invitationToken } : {}),
            }),
            onDone: [
              {
                guard: 'shouldActivate',
                target: '#signUp.activationSent',
                actions: [assign({ result: ({ event }) => event.output }), { type: 'notifySignUp', params: ({ event }) => signUpDetail(event.output) }],
              },
              {
                guard: 'needsMfa',
                target: '#signUp.redirectToLogin',
                actions: [assign({ result: ({ event }) => event.output }), { type: 'notifySignUp', params: ({ event }) => signUpDetail(event.output) }],
              },
              {
                guard: 'signedIn',
                target: '#signUp.authenticating',
                actions: [assign({ result: ({ event }) => event.output }), { type: 'notifySignUp', params: ({ event }) => signUpDetail(event.output) }],
              },
              {
                target: '#signUp.activationSent',
                actions: [assign({ result: ({ event }) => event.output }), { type: 'notifySignUp', params: ({ event }) => signUpDetail(event.output) }],
              },
            ],
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    activationSent: {},
    redirectToLogin: {
      entry: { type: 'navigate', params: { to: 'login' as const } },
    },
    authenticating: {
      tags: 'busy',
      invoke: {
        src: 'completeLogin',
        input: ({ context }) => context.result!.authResponse!,
        onDone: [
          {
            guard: ({ event }) => !!event.output,
            target: 'success',
            actions: { type: 'notifyLogin', params: ({ event }) => ({ user: event.output!.user }) },
          },
          { target: 'redirectToLogin' },
        ],
        onError: { target: 'redirectToLogin' },
      },
    },
    success: {
      initial: 'waiting',
      states: {
        waiting: { after: { postSignUp: 'navigated' } },
        navigated: { entry: { type: 'navigate', params: { to: 'success' as const } } },
      },
    },
  },
});

function signUpDetail(r: SignUpResponse) {
  return { userId: r.userId, tenantId: r.tenantId, shouldActivate: !!r.shouldActivate };
}

/** The step (top-level state) of a sign-up snapshot. */
export function signUpStep(snapshot: { value: unknown }): 'loading' | 'notAllowed' | 'form' | 'activationSent' | 'redirectToLogin' | 'authenticating' | 'success' {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as ReturnType<typeof signUpStep>;
}

export type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;

/** A sign-up state to start in (stories, tests): the machine's value and (partial) context. */
export interface SignUpStateSpec {
  value: unknown;
  context?: Partial<SignUpContext>;
}

/** A snapshot of `logic` in the given state, with defaults for the context not given. */
export function signUpSnapshotFrom(logic: typeof signUpMachine, spec: SignUpStateSpec) {
  const context: SignUpContext = {
    invitationToken: null,
    policy: { allowSignups: true, passwordConfig: { minLength: 8 } },
    values: { name: '', email: '', companyName: '' },
    result: null,
    error: null,
    ...spec.context,
  };
  return logic.resolveState({ value: spec.value as never, context });
}
