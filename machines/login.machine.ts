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
 *   `promptPasskeys`; `success` navigates after {@link POST_AUTH_DELAY_MS}.
 * - Passkeys: `preLogin.passkey` runs the `passkeys` actor (op `signIn`; the
 *   "Sign in with a passkey" button); a passkey picked from browser autofill
 *   arrives as `passkey.success`. Either response goes through `authenticating`.
 * - `promptPasskeys` (after every sign-in): `checking` asks the `passkeys`
 *   actor (op `check`: sign-in §4 conditions); no → `success`;
 *   yes → `idle` ("Add a passkey" → `registering`, "Not now" → `success`). fe-login fires on the way into
 *   `success`, after the breached-password and passkey steps (so a host that
 *   hides the box on fe-login does not hide those steps).
 *
 * Emitted through provided actions: `notifyLogin` (fe-login), `redirect`
 * (SSO), `navigateAfterAuth`, `clearSession`.
 * Overridable actors: `preLogin`, `login`, `completeLogin`, `recoverMfa`,
 * `sendResetPasswordEmail`, `passkeys`, and the child `mfa` machine's actors.
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
  | 'promptPasskeys'
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
  /** The signed-in user, announced with fe-login on the way into `success`. */
  user: AuthUser | null;
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
  /** "Sign in with a passkey" (preLogin). */
  | { type: 'passkey.start' }
  /** A passkey sign-in finished outside the machine (browser autofill, conditional mediation). */
  | { type: 'passkey.success'; response: LoginResponse }
  /** promptPasskeys: "Add a passkey" / "Not now". */
  | { type: 'passkeys.add' }
  | { type: 'passkeys.skip' }
  /** The session ended (sign out): start over at preLogin, keeping the email. */
  | { type: 'flow.reset' };

/** Input of the `passkeys` actor. */
export interface PasskeysInput {
  op: 'signIn' | 'check' | 'register';
  user: AuthUser | null;
}

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
    /**
     * Passkeys (src/passkeys, loaded on demand): `signIn` → the login response; `check` → whether to show
     * promptPasskeys (sign-in §4 conditions); `register` → a new passkey. Answers `false` unless provided.
     */
    passkeys: fromPromise<unknown, PasskeysInput>(async () => false),
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
    isTrue: ({ event }) => (event as unknown as { output?: unknown }).output === true,
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
    storeUser: assign({ pending: null, user: ({ event }) => (event as unknown as { output: { user: AuthUser } }).output.user }),
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
    user: null,
  }),
  initial: 'preLogin',
  on: { 'flow.reset': { target: '.preLogin', actions: assign({ error: null, notice: null, mfa: null, pending: null, ssoAddress: null, user: null }) } },
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
            'passkey.start': { target: 'passkey', actions: 'clearMessages' },
            'passkey.success': { target: '#login.authenticating', actions: [assign({ pending: ({ event }) => event.response }), 'clearMessages'] },
          },
        },
        passkey: {
          tags: 'busy',
          invoke: {
            src: 'passkeys',
            input: { op: 'signIn', user: null },
            onDone: { target: '#login.authenticating', actions: 'storePending' },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
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
          { guard: 'isBreachedPassword', target: 'breachedPassword', actions: 'storeUser' },
          { target: 'promptPasskeys', actions: 'storeUser' },
        ],
        onError: { target: 'loginWithPassword', actions: ['storeError', 'notifyError', assign({ pending: null })] },
      },
    },
    breachedPassword: {
      initial: 'idle',
      on: { 'breached.continue': { target: 'promptPasskeys' } },
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
      on: { 'breached.continue': { target: 'promptPasskeys' } },
    },
    promptPasskeys: {
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            src: 'passkeys',
            input: ({ context }) => ({ op: 'check', user: context.user }),
            onDone: [{ guard: 'isTrue', target: 'idle' }, { target: '#login.success' }],
            onError: { target: '#login.success' },
          },
        },
        idle: {
          on: {
            'passkeys.add': { target: 'registering', actions: 'clearMessages' },
            // "Not now" is remembered by the view (src/passkeys/views.tsx), per user
            'passkeys.skip': { target: '#login.success' },
          },
        },
        registering: {
          invoke: {
            src: 'passkeys',
            input: ({ context }) => ({ op: 'register', user: context.user }),
            onDone: { target: '#login.success' },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    success: {
      // fe-login when the flow is done: after the breached-password and passkey steps
      entry: { type: 'notifyLogin', params: ({ context }) => ({ user: context.user! }) },
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
  const context: LoginContext = { email: '', redirectUrl: null, ssoAddress: null, mfa: null, pending: null, error: null, notice: null, user: null, ...spec.context };
  return snapshotWithMfaChild(logic, spec.value, context, spec.mfa, { mfaToken: context.mfa?.mfaToken, firstStep: context.mfa?.step });
}
