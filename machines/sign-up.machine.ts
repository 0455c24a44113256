/**
 * Sign-up (sign-in §3 "Sign-up result", §7 `POST signUp`; allowed only when
 * the public policy allows sign-ups).
 *
 * States: `loading` (public vendor config and password rules) →
 * `notAllowed` | `form` (`idle` / `submitting`) → `activationSent` (the
 * answer says shouldActivate: check your email) | `success` (the answer
 * signed the user in; `waiting` → after {@link POST_SIGN_UP_DELAY_MS}
 * `navigated`: signUpSuccessUrl, else the authenticated URL) |
 * `redirectToLogin` (the new user must pass MFA, or the sign-in did not
 * complete here: the login route).
 *
 * Actors: `loadPolicy`, `signUp` (machines/sign-up.actors.ts; `signUp`
 * stores the session itself and answers only the public user). Emits
 * `signUp` for every account created, then `login` when it signed the user
 * in, `navigate` (success, login route, `route.open`) and `error` on a
 * failed submit.
 */
import { assertEvent, assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { PasswordConfig, SignUpRequest } from '../src/api/types.ts';
import type { FeRoutes } from '../src/app/types.ts';
import type { FeSignUpDetail, PublicUser } from '../src/events/index.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep, type FlowEmitted, type RouteOpenEvent } from './flow.ts';

/** Delay before leaving after a sign-up that signed the user in (the post-auth delay, sign-in §9): 200 ms. */
export const POST_SIGN_UP_DELAY_MS = 200;

/** What `loadPolicy` answers: whether sign-ups are open, and the password rules. */
export interface SignUpPolicy {
  allowSignups: boolean;
  passwordConfig: PasswordConfig;
}

/** What `signUp` answers: the account created and, when it signed the user in, the public user (no token). */
export interface SignUpOutcome extends FeSignUpDetail {
  /** The new user, signed in (the session is stored); null when not signed in here. */
  user: PublicUser | null;
  /** The account exists but must sign in from the login page (MFA is asked for, or the sign-in did not complete). */
  mustSignIn: boolean;
}

export interface SignUpInput {
  invitationToken?: string | null;
  /** Where a signed-in new user goes (default `authenticatedUrl`). */
  successRoute?: keyof FeRoutes;
}

export interface SignUpContext {
  invitationToken: string | null;
  successRoute: keyof FeRoutes;
  policy: SignUpPolicy | null;
  /** What the user typed, kept across a failed submit (no password). */
  values: { name: string; email: string; companyName: string };
  error: FlowError | null;
}

export type SignUpEvent = { type: 'signUp.submit'; name: string; email: string; companyName: string; password: string } | RouteOpenEvent;

type DoneOutcome = { event: { output: SignUpOutcome } };

const signUpSetup = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
    emitted: {} as FlowEmitted,
  },
  delays: { postSignUp: POST_SIGN_UP_DELAY_MS },
  actors: {
    loadPolicy: fromPromise<SignUpPolicy>(async () => ({ allowSignups: true, passwordConfig: {} })),
    signUp: fromPromise<SignUpOutcome, SignUpRequest>(async () => {
      throw new Error('signUp not provided');
    }),
  },
  actions: {
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' } })),
    emitSignUp: emit((_, { userId, tenantId, shouldActivate }: FeSignUpDetail) => ({ type: 'signUp' as const, detail: { userId, tenantId, shouldActivate } })),
    emitLogin: emit((_, { user }: { user: PublicUser }) => ({ type: 'login' as const, user })),
    navigateTo: emit((_, to: { route: keyof FeRoutes }) => ({ type: 'navigate' as const, to })),
  },
});

/** Every account created fires `signUp` (sign-in §3), whatever comes next. */
const signedUp = { type: 'emitSignUp', params: ({ event }: DoneOutcome) => event.output } as const;

export const signUpMachine = signUpSetup.createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    invitationToken: input.invitationToken || null,
    successRoute: input.successRoute ?? 'authenticatedUrl',
    policy: null,
    values: { name: '', email: '', companyName: '' },
    error: null,
  }),
  initial: 'loading',
  on: { 'route.open': { actions: { type: 'navigateTo', params: ({ event }) => ({ route: event.route }) } } },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadPolicy',
        onDone: [
          { guard: ({ event }) => event.output.allowSignups, target: 'form', actions: assign({ policy: ({ event }) => event.output }) },
          { target: 'notAllowed', actions: assign({ policy: ({ event }) => event.output }) },
        ],
        // the policy could not be read: let the server decide
        onError: { target: 'form' },
      },
    },
    notAllowed: {},
    form: formStep(
      signUpSetup,
      'signUp.submit',
      {
        src: 'signUp',
        input: ({ context, event }: { context: SignUpContext; event: SignUpEvent }): SignUpRequest => {
          assertEvent(event, 'signUp.submit');
          return { ...context.values, password: event.password, ...(context.invitationToken ? { invitationToken: context.invitationToken } : {}) };
        },
        onDone: [
          { guard: ({ event }: DoneOutcome) => event.output.shouldActivate, target: '#signUp.activationSent', actions: signedUp },
          {
            guard: ({ event }: DoneOutcome) => !!event.output.user,
            target: '#signUp.success',
            actions: [signedUp, { type: 'emitLogin', params: ({ event }: DoneOutcome) => ({ user: event.output.user! }) }],
          },
          { guard: ({ event }: DoneOutcome) => event.output.mustSignIn, target: '#signUp.redirectToLogin', actions: signedUp },
          // created, neither signed in nor asked to sign in: the account waits for its activation email
          { target: '#signUp.activationSent', actions: signedUp },
        ],
        onError: [assign({ error: ({ event }: { event: { error: unknown } }) => toFlowError(event.error) }), 'emitError'],
      },
      assign({
        values: ({ event }: { event: Extract<SignUpEvent, { type: 'signUp.submit' }> }) => ({
          name: event.name.trim(),
          email: event.email.trim(),
          companyName: event.companyName.trim(),
        }),
        error: null,
      }),
    ),
    activationSent: {},
    redirectToLogin: { entry: { type: 'navigateTo', params: { route: 'loginUrl' } } },
    success: {
      initial: 'waiting',
      states: {
        waiting: { after: { postSignUp: 'navigated' } },
        navigated: { entry: { type: 'navigateTo', params: ({ context }) => ({ route: context.successRoute }) } },
      },
    },
  },
});

/** The step (top-level state) of a sign-up snapshot. */
export function signUpStep(snapshot: { value: unknown }): 'loading' | 'notAllowed' | 'form' | 'activationSent' | 'redirectToLogin' | 'success' {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as ReturnType<typeof signUpStep>;
}

export type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;
