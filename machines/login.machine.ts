/**
 * Login machine (sign-in §4 "Login steps"). Top-level states carry the spec's
 * step names; nested `idle` / `submitting` states show progress.
 *
 * - `preLogin`: email → pre-login (SSO check). An SSO address →
 *   `redirectToSSO` (redirect after {@link SSO_REDIRECT_DELAY_MS}); otherwise
 *   `loginWithPassword`.
 * - `loginWithPassword`: email + password. A response with mfaRequired and
 *   mfaToken clears the stored user and token and goes to
 *   `loginWithTwoFactor` (enrolled) or `forceTwoFactor` (enrolment); a
 *   response with an access token goes through `authenticating`.
 * - `loginWithTwoFactor` / `forceTwoFactor`: run the MFA machine.
 * - `recoverTwoFactor`: a recovery code turns MFA off; then sign in again.
 * - `authenticating`: stores the token, loads profile, entitlements,
 *   authorization and tenants, sets the user (the `completeLogin` actor).
 * - `breachedPassword` → `breachedPasswordSuccess` (reset link sent) →
 *   `success`; `success` navigates after {@link POST_AUTH_DELAY_MS}.
 *
 * Emitted through provided actions: `notifyLogin` (fe-login), `redirect`
 * (SSO), `navigateAfterAuth`, `clearSession`.
 * Overridable actors: `preLogin`, `login`, `completeLogin`, `recoverMfa`,
 * `sendResetPasswordEmail`, and the child `mfa` machine's actors.
 */
import { assign, setup, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LoginResponse, PreLoginResult } from '../src/api/types.ts';
import type { MessageKey } from '../src/i18n/index.ts';
import type { AuthUser } from '../src/stores/index.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { mfaMachine, type MfaInput, type MfaOutput } from './mfa.machine.ts';
import { snapshotWithMfaChild, type MfaChildSpec } from './restore.ts';

/** Delay before the automatic redirect to the SSO address (sign-in §4, §9): 2000 ms. */
export const SSO_REDIRECT_DELAY_MS = 2000;
/** Delay before post-auth navigation (sign-in §4, §9): 200 ms. */
export const POST_AUTH_DELAY_MS = 200;

/** Steps of the login flow, as named in sign-in §4 (those this machine implements). */
export type LoginStep =
  | 'preLogin'
  | 'loginWithPassword'
  | 'redirectToSSO'
  | 'loginWithTwoFactor'
  | 'forceTwoFactor'
  | 'recoverTwoFactor'
  | 'authenticating'
  | 'breachedPassword'
  | 'breachedPasswordSuccess'
  | 'success';

export interface LoginInput {
  email?: string;
  /** The `redirectUrl` query parameter, used after authentication. */
  redirectUrl?: string | null;
}

export interface LoginContext {
  email: string;
  redirectUrl: string | null;
  ssoAddress: string | null;
  mfa: MfaInput | null;
  /** The response waiting for `authenticating` (dropped right after). */
  pending: LoginResponse | null;
  error: FlowError | null;
  /** An informational message for the current step. */
  notice: MessageKey | null;
}

export type LoginEvent =
  | { type: 'identifier.submit'; email: string }
  | { type: 'password.submit'; email: string; password: string }
  | { type: 'email.change' }
  | { type: 'sso.redirectNow' }
  | { type: 'recover.submit'; email: string; recoveryCode: string }
  | { type: 'flow.cancel' }
  | { type: 'breached.reset' }
  | { type: 'breached.continue' }
  /** The session ended (sign out): start over at preLogin, keeping the email. */
  | { type: 'flow.reset' };

/** Result of the `completeLogin` actor: the user that was set, or null when the response had no token. */
export type CompleteLoginOutput = { user: AuthUser } | null;

function needsMfa(r: LoginResponse | undefined): boolean {
  return !!r && !!r.mfaRequired && !!r.mfaToken && !r.accessToken;
}

function mfaInputFrom(r: LoginResponse, email: string): MfaInput {
  const deviceId = r.mfaDevices?.authenticators?.[0]?.id;
  const enrolled = r.mfaEnrolled ?? !!deviceId;
  return { mfaToken: r.mfaToken!, step: enrolled ? 'verify' : 'authenticatorApp', deviceId, email };
}

/** The two-factor steps: run the MFA machine; its output leads on (sign-in §4). */
const twoFactorStep = {
  on: { 'flow.cancel': { target: '#login.preLogin', actions: 'clearMessages' } },
  invoke: {
    id: 'mfa',
    src: 'mfa',
    input: ({ context }: { context: LoginContext }) => context.mfa!,
    onDone: [
      { guard: 'choseRecovery', target: '#login.recoverTwoFactor' },
      { target: '#login.authenticating', actions: 'storeMfaResponse' },
    ],
  },
} as const;

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  delays: {
    ssoRedirect: SSO_REDIRECT_DELAY_MS,
    postAuth: POST_AUTH_DELAY_MS,
  },
  actors: {
    preLogin: fromPromise<PreLoginResult | null, { email: string }>(async () => null),
    login: fromPromise<LoginResponse, { email: string; password: string }>(async () => {
      throw new Error('login not provided');
    }),
    completeLogin: fromPromise<CompleteLoginOutput, LoginResponse>(async () => {
      throw new Error('completeLogin not provided');
    }),
    recoverMfa: fromPromise<unknown, { email: string; recoveryCode: string }>(async () => {
      throw new Error('recoverMfa not provided');
    }),
    sendResetPasswordEmail: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('sendResetPasswordEmail not provided');
    }),
    mfa: mfaMachine,
  },
  guards: {
    hasSsoAddress: ({ event }) => !!(event as unknown as { output?: PreLoginResult | null }).output?.address,
    needsMfaEnrolled: ({ event }) => {
      const r = (event as unknown as { output?: LoginResponse }).output;
      return needsMfa(r) && mfaInputFrom(r!, '').step === 'verify';
    },
    needsMfaEnrolment: ({ event }) => needsMfa((event as unknown as { output?: LoginResponse }).output),
    choseRecovery: ({ event }) => (event as unknown as { output?: MfaOutput }).output?.kind === 'recover',
    noSession: ({ event }) => !(event as unknown as { output?: CompleteLoginOutput }).output,
    isBreachedPassword: ({ context }) => !!context.pending?.isBreachedPassword,
  },
  actions: {
    storeError: assign({ error: ({ event }) => toFlowError((event as unknown as { error: unknown }).error), notice: null }),
    clearMessages: assign({ error: null, notice: null }),
    /** Fires fe-error with the error in context. Provided by the element. */
    notifyError: () => {},
    storeMfa: assign({
      mfa: ({ context, event }) => mfaInputFrom((event as unknown as { output: LoginResponse }).output, context.email),
    }),
    storePending: assign({ pending: ({ event }) => (event as unknown as { output: LoginResponse }).output }),
    storeMfaResponse: assign({
      pending: ({ event }) => {
        const out = (event as unknown as { output: MfaOutput }).output;
        return out.kind === 'authenticated' ? out.response : null;
      },
    }),
    /** Clears the stored user and token (MFA required, sign-in §4). Provided by the element. */
    clearSession: () => {},
    /** Fires fe-login with the user (no tokens). Provided by the element. */
    notifyLogin: (_, _params: { user: AuthUser }) => {},
    /** Sends the browser to the SSO address. Provided by the element. */
    redirect: (_, _params: { url: string }) => {},
    /** Post-auth navigation to redirectUrl or the authenticated URL. Provided by the element. */
    navigateAfterAuth: (_, _params: { redirectUrl: string | null }) => {},
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: input.email ?? '',
    redirectUrl: input.redirectUrl ?? null,
    ssoAddress: null,
    mfa: null,
    pending: null,
    error: null,
    notice: null,
  }),
  initial: 'preLogin',
  on: { 'flow.reset': { target: '.preLogin', actions: assign({ error: null, notice: null, mfa: null, pending: null, ssoAddress: null }) } },
  states: {
    preLogin: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'identifier.submit': {
              target: 'checking',
              actions: [assign({ email: ({ event }) => event.email.trim() }), 'clearMessages'],
            },
          },
        },
        checking: {
          tags: 'busy',
          invoke: {
            src: 'preLogin',
            input: ({ context }) => ({ email: context.email }),
            onDone: [
              {
                guard: 'hasSsoAddress',
                target: '#login.redirectToSSO',
                actions: assign({ ssoAddress: ({ event }) => event.output!.address }),
              },
              { target: '#login.loginWithPassword' },
            ],
            // pre-login errors are swallowed (api-contract §3): carry on with a password
            onError: { target: '#login.loginWithPassword' },
          },
        },
      },
    },
    loginWithPassword: {
      initial: 'idle',
      on: { 'email.change': { target: 'preLogin', actions: 'clearMessages' } },
      states: {
        idle: {
          on: {
            'password.submit': {
              target: 'submitting',
              actions: [assign({ email: ({ event }) => event.email.trim() }), 'clearMessages'],
            },
          },
        },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'login',
            input: ({ context, event }) => ({
              email: context.email,
              password: (event as Extract<LoginEvent, { type: 'password.submit' }>).password,
            }),
            onDone: [
              { guard: 'needsMfaEnrolled', target: '#login.loginWithTwoFactor', actions: ['clearSession', 'storeMfa'] },
              { guard: 'needsMfaEnrolment', target: '#login.forceTwoFactor', actions: ['clearSession', 'storeMfa'] },
              { target: '#login.authenticating', actions: 'storePending' },
            ],
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    redirectToSSO: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { ssoRedirect: { target: 'redirecting' } },
          on: { 'sso.redirectNow': { target: 'redirecting' } },
        },
        redirecting: {
          entry: { type: 'redirect', params: ({ context }) => ({ url: context.ssoAddress! }) },
        },
      },
    },
    // verify (enrolled) and enrolment (forced) run the same MFA machine from a different first step
    loginWithTwoFactor: twoFactorStep,
    forceTwoFactor: twoFactorStep,
    recoverTwoFactor: {
      initial: 'idle',
      on: { 'flow.cancel': { target: 'loginWithPassword', actions: 'clearMessages' } },
      states: {
        idle: { on: { 'recover.submit': { target: 'submitting', actions: 'clearMessages' } } },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'recoverMfa',
            input: ({ context, event }) => {
              const e = event as Extract<LoginEvent, { type: 'recover.submit' }>;
              return { email: e.email?.trim() || context.email, recoveryCode: e.recoveryCode.trim() };
            },
            onDone: { target: '#login.loginWithPassword', actions: assign({ notice: 'login.recover.done' as MessageKey, error: null, mfa: null }) },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    authenticating: {
      tags: 'busy',
      invoke: {
        src: 'completeLogin',
        input: ({ context }) => context.pending!,
        onDone: [
          {
            guard: 'noSession',
            target: 'loginWithPassword',
            actions: [assign({ error: { key: 'error.generic' as MessageKey }, pending: null })],
          },
          {
            guard: 'isBreachedPassword',
            target: 'breachedPassword',
            actions: [{ type: 'notifyLogin', params: ({ event }) => ({ user: event.output!.user }) }, assign({ pending: null })],
          },
          {
            target: 'success',
            actions: [{ type: 'notifyLogin', params: ({ event }) => ({ user: event.output!.user }) }, assign({ pending: null })],
          },
        ],
        onError: { target: 'loginWithPassword', actions: ['storeError', 'notifyError', assign({ pending: null })] },
      },
    },
    breachedPassword: {
      initial: 'idle',
      on: { 'breached.continue': { target: 'success' } },
      states: {
        idle: { on: { 'breached.reset': { target: 'sending', actions: 'clearMessages' } } },
        sending: {
          tags: 'busy',
          invoke: {
            src: 'sendResetPasswordEmail',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: '#login.breachedPasswordSuccess' },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    breachedPasswordSuccess: {
      on: { 'breached.continue': { target: 'success' } },
    },
    success: {
      initial: 'waiting',
      states: {
        waiting: { after: { postAuth: { target: 'navigated' } } },
        navigated: {
          entry: { type: 'navigateAfterAuth', params: ({ context }) => ({ redirectUrl: context.redirectUrl }) },
        },
      },
    },
  },
});

/** The spec step a snapshot is in (its top-level state). */
export function loginStep(snapshot: { value: unknown }): LoginStep {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as LoginStep;
}

export type LoginActor = ActorRefFrom<typeof loginMachine>;
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** A login state to start in (stories, tests): the login machine's value and context, and the MFA child's. */
export interface LoginStateSpec {
  value: unknown;
  context: Partial<LoginContext>;
  mfa?: MfaChildSpec;
}

/**
 * A persisted snapshot of `logic` (the login machine, possibly provided) in
 * the given state, with the MFA child restored in its own state (see
 * ./restore.ts), for `createActor(logic, { snapshot })`.
 */
export function loginSnapshotFrom(logic: typeof loginMachine, spec: LoginStateSpec) {
  const context: LoginContext = { email: '', redirectUrl: null, ssoAddress: null, mfa: null, pending: null, error: null, notice: null, ...spec.context };
  return snapshotWithMfaChild(logic, spec.value, context, spec.mfa, { mfaToken: context.mfa?.mfaToken, firstStep: context.mfa?.step });
}
