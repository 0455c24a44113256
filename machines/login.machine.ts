/**
 * Login machine (sign-in §4 "Login steps"). Top-level states carry the spec's
 * step names; nested `idle` / `submitting` states show progress.
 *
 * - Actor `start` (invoked at the root, once) gives the vendor's strategy
 *   (request LOAD_PUBLIC_AUTH_STRATEGIES_POLICY; a failure gives
 *   EmailAndPassword; sign-in §3 auth strategies decide what `preLogin`
 *   shows), the callback page, the login mode and the quick login of this
 *   browser. Nothing waits for it before the first input (issue 2: the first
 *   input waits on no request): `preLogin` shows the email field at once (as
 *   EmailAndPassword until the strategy is known); an email submitted earlier
 *   waits in `preLogin.strategy`. A callback page found by `start` → `postLogin`.
 * - `init` (transient) → `postLogin` when the input names a callback,
 *   `loading` on a callback route (input `callbackPage`, set by <fe-routes>:
 *   no sign-in form flashes there) until `start` names the callback, else
 *   `preLogin`.
 * - `preLogin`: email → pre-login (SSO check). An SSO address →
 *   `redirectToSSO` (redirect after {@link SSO_REDIRECT_DELAY_MS}); otherwise
 *   by strategy: EmailAndPassword → `loginWithPassword`; MagicLink / Code /
 *   SmsCode → `magicLinkPreLoginSuccess` / `loginWithOtc` / `loginWithSmsOtc`,
 *   which send the link or code first (actor `passwordlessPreLogin`, POST
 *   passwordless/{type}/prelogin); NoLocalAuthentication shows no local form
 *   (social buttons; the email only looks for an SSO connection).
 * - Passwordless steps (one shared config, `passwordlessStep`): two parallel
 *   regions, `form` (`idle` ↔ `submitting`: actor `passwordlessPostLogin`
 *   with the code) and `resend` (`sending` the code or link, `waiting` for
 *   {@link RESEND_COOLDOWN_MS}, `idle`: `code.resend` → `sending` …). `email.change` returns to
 *   `preLogin`. A failed postlogin shows "Failed to authenticate" (sign-in §8)
 *   with the server's reason (wrong, expired, used or replaced code).
 * - `postLogin`: a callback page (interfaces §2, kinds `magicLink`, `social`,
 *   `oidc`, `saml`) runs the `postLogin` actor. Done → the same MFA branching
 *   as a password login. Failed: `oidc` / `saml` → `loginWithSSOFailed`, then
 *   after {@link SSO_FAILED_DELAY_MS} navigation to the authenticated URL;
 *   `social` / `magicLink` → `preLogin` with "Failed to authenticate".
 * - `loginWithPassword`: email + password. A response with mfaRequired and
 *   mfaToken clears the stored user and token and goes to
 *   `loginWithTwoFactor` (enrolled) or `forceTwoFactor` (enrolment); a
 *   response with an access token goes through `authenticating`. Every first
 *   factor (password, passwordless code or link, callback) branches so.
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
 * Login modes (sign-in §3 `login`, `registerQuickLogin`), as the reference
 * product has them (@frontegg/redux-store `LoginFlow`; its quick-login
 * strategy `sms`):
 * - `login` (default): a sign-in ends in `success` and post-auth navigation.
 * - `registerQuickLogin`: after sign-in the box does not leave yet: it
 *   registers a quick login for this user in this browser. The quick login is
 *   SMS: `loginWithQuickSmsOtc.register` asks for a phone number (`idle`),
 *   texts it a code (`sending`, actor `quickLogin` op `send`: POST
 *   users/v1/phone), checks the code (`code` → `submitting`, op `verify`: POST
 *   users/v1/phone/verify, then the registration is remembered), then goes on
 *   to `promptPasskeys` → `success`. The host asks for it by setting
 *   localStorage `fe-register-quick-login` = `sms`; the request is used up by
 *   the box that reads it (src/views/login/start.ts). As in the reference, a
 *   user who registered in this browser before is not asked again (the view
 *   sends `quickLogin.skip` at once). "Not now" (`quickLogin.skip`) goes on too.
 * - A browser with a registered quick SMS login (input `quickLoginUserId`)
 *   offers it on `preLogin` (`quickSms.start`): `loginWithQuickSmsOtc.signIn`
 *   texts a code to that user's phone (passwordless SmsCode prelogin with the
 *   user id), no email typed, and signs in with it as `loginWithSmsOtc` does.
 *
 * Emitted through provided actions: `notifyLogin` (fe-login), `redirect`
 * (SSO), `navigateAfterAuth`, `clearSession`, `notifyError`.
 * Overridable actors: `start`, `preLogin`, `login`,
 * `passwordlessPreLogin`, `passwordlessPostLogin`, `postLogin`, `quickLogin`,
 * `completeLogin`, `recoverMfa`, `sendResetPasswordEmail`, `passkeys`, and the
 * MFA actors (`loadMfa`, `mfa`).
 */
import { assign, setup, fromPromise, stopChild, type ActorRefFrom, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import type { LoginResponse, PreLoginResult } from '../src/api/types.ts';
import type { MessageKey } from '../src/i18n/index.ts';
import type { AuthUser } from '../src/stores/index.ts';
import { isUnsafeUrlError, toFlowError, type FlowError } from './errors.ts';
// types only: the MFA machine and its restore helper load on demand (not before the first input)
import type { MfaInput, MfaOutput, mfaMachine } from './mfa.machine.ts';
import type { MfaChildSpec } from './restore.ts';

/** Delay before the automatic redirect to the SSO address (sign-in §4, §9): 2000 ms. */
export const SSO_REDIRECT_DELAY_MS = 2000;
/** Delay before post-auth navigation (sign-in §4, §9): 200 ms. */
export const POST_AUTH_DELAY_MS = 200;
/** Delay between a failed SSO post-login (`loginWithSSOFailed`) and navigation to the authenticated URL (sign-in §4, §9): 1000 ms. */
export const SSO_FAILED_DELAY_MS = 1000;
/** How long a passwordless code or link cannot be resent after it was sent: 30 000 ms (the emulator's rate limit). */
export const RESEND_COOLDOWN_MS = 30_000;

/** Auth strategies the login box starts from (sign-in §3). */
export type AuthStrategy = 'EmailAndPassword' | 'MagicLink' | 'Code' | 'SmsCode' | 'NoLocalAuthentication';
/** Passwordless types (sign-in §3). */
export type PasswordlessType = 'MagicLink' | 'Code' | 'SmsCode';
/** Login modes (sign-in §3; see the module docblock). */
export type LoginMode = 'login' | 'registerQuickLogin';
/** A callback page the box was opened on (interfaces §2): its kind and the query string as an object. */
export interface LoginCallback {
  kind: 'social' | 'oidc' | 'saml' | 'magicLink';
  params: Record<string, string>;
}
/** Input of the `quickLogin` actor: text a code to a new number (→ `changePhoneId`), or check it (and remember the registration). */
export type QuickLoginInput = { op: 'send'; phoneNumber: string } | { op: 'verify'; changePhoneId: string; code: string; user: AuthUser | null };

/** Steps of the login flow, as named in sign-in §4 (those this machine implements). */
export type LoginStep =
  | 'loading'
  | 'postLogin'
  | 'preLogin'
  | 'magicLinkPreLoginSuccess'
  | 'loginWithOtc'
  | 'loginWithSmsOtc'
  | 'loginWithQuickSmsOtc'
  | 'loginWithSSOFailed'
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
  /** The auth strategy, when already known (`start` does not change it). */
  authStrategy?: AuthStrategy;
  /** Started on a callback page: finish that sign-in (`postLogin`). */
  callback?: LoginCallback | null;
  /** The box is on a callback route (set by <fe-routes>): it shows `loading` until `start` names the callback. */
  callbackPage?: boolean;
  /** Login mode, default `login`. */
  mode?: LoginMode;
  /** The user whose quick SMS login is registered in this browser (offered on preLogin). */
  quickLoginUserId?: string | null;
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
  /** Unset until `start` answered; shown as EmailAndPassword meanwhile. */
  authStrategy?: AuthStrategy | null;
  callbackPage?: boolean;
  /**
   * NoLocalAuthentication only: whether the vendor has an active SSO connection (public SSO configuration,
   * LOAD_SSO_PUBLIC_CONFIGURATION); false hides the email field that only looks for one. Unset = unknown (shown).
   */
  ssoActive?: boolean;
  /** Unset = `login`. */
  mode?: LoginMode;
  callback?: LoginCallback | null;
  /** The passwordless type of the current step (prelogin and postlogin `{type}`). */
  passwordless?: PasswordlessType | null;
  /** When the last code or link was sent (ms since the epoch; the view's resend countdown). */
  sentAt?: number | null;
  quickLoginUserId?: string | null;
  /** Quick SMS registration: the number and the id of its pending verification. */
  phoneNumber?: string | null;
  changePhoneId?: string | null;
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
  /** Passwordless steps: the code typed; send the code or link again. */
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  /** preLogin: sign in with this browser's quick SMS login. */
  | { type: 'quickSms.start' }
  /** registerQuickLogin: the phone number to register; "Not now". */
  | { type: 'phone.submit'; phoneNumber: string }
  | { type: 'quickLogin.skip' }
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

/**
 * The MFA machine's input from an MFA-required login response (sign-in §4):
 * `verify` when the user has a device of any kind (the MFA machine picks the
 * step: the one device's, or the device list), else `enrol` (the user picks
 * among the active strategies, `mfaStrategies`).
 */
function mfaInputFrom(r: LoginResponse, email: string): MfaInput {
  const d = r.mfaDevices;
  const enrolled = r.mfaEnrolled ?? Object.values(d ?? {}).some((list) => list?.length);
  return { mfaToken: r.mfaToken!, step: enrolled ? 'verify' : 'enrol', deviceId: d?.authenticators?.[0]?.id, devices: d, strategies: r.mfaStrategies, email };
}

/**
 * The two-factor steps (sign-in §4): `loading` loads the MFA machine on demand
 * (actor `loadMfa`; `null` = use the `mfa` actor as provided), then spawns it
 * as child `mfa` (`running`); its output leads on. `failed`: the code could
 * not be loaded, or the machine failed (the error is shown with "Back to sign
 * in"). The child stops when the step is left.
 */
const twoFactorStep = {
  initial: 'loading',
  exit: 'stopMfa',
  on: {
    'flow.cancel': { target: '#login.preLogin', actions: 'clearMessages' },
    'xstate.done.actor.mfa': [
      { guard: 'choseRecovery', target: '#login.recoverTwoFactor' },
      { target: '#login.authenticating', actions: 'storeMfaResponse' },
    ],
    // the MFA machine itself failed (e.g. the `mfa` actor was not provided)
    'xstate.error.actor.mfa': { target: '.failed', actions: ['storeError', 'notifyError'] },
  },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadMfa',
        onDone: { target: 'running', actions: 'spawnMfa' },
        onError: { target: 'failed', actions: ['storeError', 'notifyError'] },
      },
    },
    running: {},
    // shows the error; "Back to sign in" (flow.cancel) is the way on
    failed: {},
  },
} as const;

type Ctx = { context: LoginContext; event: LoginEvent };

/** After any first factor (password, passwordless code or link, callback): MFA, else `authenticating` (sign-in §4). */
const afterFirstFactor = [
  { guard: 'needsMfaEnrolled', target: '#login.loginWithTwoFactor', actions: ['clearSession', 'storeMfa'] },
  { guard: 'needsMfaEnrolment', target: '#login.forceTwoFactor', actions: ['clearSession', 'storeMfa'] },
  { target: '#login.authenticating', actions: 'storePending' },
] as const;

/** The passwordless type: the strategy's, or SmsCode for the quick SMS login. */
const typeOf = (context: LoginContext) => (context.passwordless ?? context.authStrategy) as PasswordlessType;
/** Prelogin body: the email typed, or (quick SMS login: `passwordless` set) the remembered user id. */
const preloginInput = ({ context }: Ctx) => ({
  type: typeOf(context),
  ...(context.passwordless ? { userId: context.quickLoginUserId! } : { email: context.email }),
});

/**
 * A passwordless step (magicLinkPreLoginSuccess, loginWithOtc, loginWithSmsOtc,
 * loginWithQuickSmsOtc.signIn), one config for all: region `form` (`idle` ↔
 * `submitting`: postlogin with the typed code; the magic link's page has no
 * code field) and region `resend` (`sending`: the prelogin sends the code or
 * link; `waiting` → after RESEND_COOLDOWN_MS `idle` → `code.resend` →
 * `sending` …). A failed send (e.g. 429) shows its error and allows a resend.
 */
const passwordlessStep = {
  type: 'parallel',
  on: { 'email.change': { target: '#login.preLogin', actions: 'clearMessages' } },
  states: {
    form: {
      initial: 'idle',
      states: {
        idle: { on: { 'code.submit': { target: 'submitting', actions: 'clearMessages' } } },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'passwordlessPostLogin',
            input: ({ context, event }: Ctx) => ({ type: typeOf(context), token: (event as { code: string }).code }),
            onDone: afterFirstFactor,
            onError: { target: 'idle', actions: ['failedToAuthenticate', 'notifyError'] },
          },
        },
      },
    },
    resend: {
      initial: 'sending',
      states: {
        waiting: { after: { resendCooldown: 'idle' } },
        idle: { on: { 'code.resend': { target: 'sending', actions: 'clearMessages' } } },
        sending: {
          tags: 'busy',
          invoke: {
            src: 'passwordlessPreLogin',
            input: preloginInput,
            onDone: { target: 'waiting', actions: 'noteResent' },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
  },
} as const;

/** preLogin after the SSO check found nothing: by strategy (sign-in §3). */
const afterPreLogin = [
  { guard: { type: 'isStrategy', params: { is: 'MagicLink' } }, target: '#login.magicLinkPreLoginSuccess' },
  { guard: { type: 'isStrategy', params: { is: 'Code' } }, target: '#login.loginWithOtc' },
  { guard: { type: 'isStrategy', params: { is: 'SmsCode' } }, target: '#login.loginWithSmsOtc' },
  { guard: { type: 'isStrategy', params: { is: 'NoLocalAuthentication' } }, target: 'idle', actions: 'storeNoSso' },
  { target: '#login.loginWithPassword' },
] as const;

/** Default of the actors the element provides. */
const notProvided = async (): Promise<never> => {
  throw new Error('actor not provided');
};

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  delays: {
    ssoRedirect: SSO_REDIRECT_DELAY_MS,
    postAuth: POST_AUTH_DELAY_MS,
    ssoFailed: SSO_FAILED_DELAY_MS,
    resendCooldown: RESEND_COOLDOWN_MS,
  },
  actors: {
    /**
     * What the box starts from: `authStrategy` (required; LOAD_PUBLIC_AUTH_STRATEGIES_POLICY), and the
     * `callback`, `mode`, `quickLoginUserId` of the page and browser (src/views/login/start.ts).
     */
    start: fromPromise<Partial<LoginContext>>(notProvided),
    /** POST passwordless/{type}/prelogin: sends the code or link (`email`, or `userId` for the quick SMS login). */
    passwordlessPreLogin: fromPromise<unknown, { type: PasswordlessType; email?: string; userId?: string }>(notProvided),
    /** POST passwordless/{type}/postlogin with the code or link token → the login response. */
    passwordlessPostLogin: fromPromise<LoginResponse, { type: PasswordlessType; token: string }>(notProvided),
    /** A callback page's sign-in (interfaces §2) → the login response. */
    postLogin: fromPromise<LoginResponse, LoginCallback>(notProvided),
    /** Quick SMS login registration: `send` → `{ changePhoneId }`, `verify` (then remembered). */
    quickLogin: fromPromise<unknown, QuickLoginInput>(notProvided),
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
    /** Loads the (provided) MFA machine on demand; `null` = spawn the `mfa` actor below. */
    loadMfa: fromPromise<AnyActorLogic | null>(async () => null),
    /** The MFA machine (machines/mfa.machine.ts) when given directly (tests); the element provides `loadMfa` instead. */
    mfa: fromPromise<MfaOutput, MfaInput>(async () => {
      throw new Error('mfa not provided');
    }) as unknown as typeof mfaMachine,
  },
  guards: {
    /** The failure is a refused navigation target (an `UnsafeUrlError` from src/auth/safe-url.ts). */
    isUnsafeUrl: ({ event }) => isUnsafeUrlError((event as { error?: unknown }).error),
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
    hasCallback: ({ context }) => !!context.callback,
    hasStrategy: ({ context }) => !!context.authStrategy,
    isCallbackPage: ({ context }) => !!context.callbackPage,
    /** `start` found a callback page (on a callback route the input does not name one). */
    startedOnCallback: ({ event }) => !!(event as unknown as { output: Partial<LoginContext> }).output.callback,
    isStrategy: ({ context }, { is }: { is: AuthStrategy }) => context.authStrategy === is,
    isSsoCallback: ({ context }) => /^(oidc|saml)$/.test(context.callback?.kind ?? ''),
    registersQuickLogin: ({ context }) => context.mode === 'registerQuickLogin',
  },
  actions: {
    storeError: assign({ error: ({ event }) => toFlowError((event as unknown as { error: unknown }).error), notice: null }),
    clearMessages: assign({ error: null, notice: null }),
    /** A passwordless or callback sign-in failed: "Failed to authenticate" (sign-in §8), the server's reason kept in `message`. */
    failedToAuthenticate: assign({
      error: ({ event }) => ({ ...toFlowError((event as unknown as { error: unknown }).error), key: 'login.failedToAuthenticate' as MessageKey }),
      notice: null,
    }),
    /** A code or link was sent: the resend countdown starts; "We sent a new one" when one was sent before. */
    noteResent: assign({ notice: ({ context }) => (context.sentAt ? ('passwordless.resent' as MessageKey) : null), sentAt: () => Date.now() }),
    /** The `start` output: a strategy, callback or login mode given in the input wins. */
    applyStart: assign(({ context, event }) => {
      const out = (event as unknown as { output: Partial<LoginContext> }).output;
      return { ...out, authStrategy: context.authStrategy ?? out.authStrategy, callback: context.callback ?? out.callback };
    }),
    storeNoSso: assign({ error: { key: 'login.noSso' as MessageKey }, notice: null }),
    /** Fires fe-error with the error in context. Provided by the element. */
    notifyError: () => {},
    storeMfa: assign({
      mfa: ({ context, event }) => mfaInputFrom((event as unknown as { output: LoginResponse }).output, context.email),
    }),
    storePending: assign({ pending: ({ event }) => (event as unknown as { output: LoginResponse }).output }),
    storeUser: assign({ pending: null, user: ({ event }) => (event as unknown as { output: { user: AuthUser } }).output.user }),
    /** Spawns the loaded MFA machine (or the provided `mfa` actor) as child `mfa` with the stored input. */
    spawnMfa: assign(({ context, event, spawn }) => {
      const logic = (event as unknown as { output: AnyActorLogic | null }).output;
      // a loaded logic, or the name of the provided one (spawn's typing knows only one form at a time)
      (spawn as (src: AnyActorLogic | 'mfa', options: { id: string; input: MfaInput }) => unknown)(logic ?? 'mfa', { id: 'mfa', input: context.mfa! });
      return {};
    }),
    stopMfa: stopChild('mfa'),
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
    ssoAddress: null,
    mfa: null,
    pending: null,
    error: null,
    notice: null,
    user: null,
    // authStrategy, callback, mode, quickLoginUserId when given
    ...input,
    email: input.email ?? '',
    redirectUrl: input.redirectUrl ?? null,
  }),
  initial: 'init',
  on: { 'flow.reset': { target: '.preLogin', actions: assign({ error: null, notice: null, mfa: null, pending: null, ssoAddress: null, user: null }) } },
  // what the box starts from (strategy, callback page, login mode) arrives while preLogin is already usable: the first
  // input waits on no request (issue 2 budget); an email submitted before it waits in preLogin.strategy
  invoke: {
    src: 'start',
    onDone: [{ guard: 'startedOnCallback', target: '.postLogin', actions: 'applyStart' }, { actions: 'applyStart' }],
    onError: { actions: assign({ authStrategy: ({ context }) => context.authStrategy ?? ('EmailAndPassword' as AuthStrategy) }) },
  },
  states: {
    init: {
      always: [{ guard: 'hasCallback', target: 'postLogin' }, { guard: 'isCallbackPage', target: 'loading' }, { target: 'preLogin' }],
    },
    // a callback page (input callbackPage, set by <fe-routes>) waits for `start` to name the callback (→ postLogin)
    loading: {
      tags: 'busy',
      always: { guard: 'hasStrategy', target: 'preLogin' },
    },
    postLogin: {
      tags: 'busy',
      invoke: {
        src: 'postLogin',
        input: ({ context }) => context.callback!,
        onDone: afterFirstFactor,
        onError: [
          { guard: 'isSsoCallback', target: 'loginWithSSOFailed', actions: ['failedToAuthenticate', 'notifyError'] },
          { target: 'preLogin', actions: ['failedToAuthenticate', 'notifyError'] },
        ],
      },
    },
    loginWithSSOFailed: {
      after: { ssoFailed: { actions: { type: 'navigateAfterAuth', params: { redirectUrl: null } } } },
    },
    magicLinkPreLoginSuccess: passwordlessStep,
    loginWithOtc: passwordlessStep,
    loginWithSmsOtc: passwordlessStep,
    loginWithQuickSmsOtc: {
      initial: 'signIn',
      states: {
        // quick SMS sign-in: the code texted to the remembered user's phone
        signIn: passwordlessStep,
        // registerQuickLogin mode, after sign-in: register this browser's quick SMS login
        register: {
          initial: 'idle',
          on: { 'quickLogin.skip': { target: '#login.promptPasskeys', actions: 'clearMessages' } },
          states: {
            idle: {
              on: { 'phone.submit': { target: 'sending', actions: [assign({ phoneNumber: ({ event }) => event.phoneNumber }), 'clearMessages'] } },
            },
            sending: {
              tags: 'busy',
              invoke: {
                src: 'quickLogin',
                input: ({ context }) => ({ op: 'send' as const, phoneNumber: context.phoneNumber! }),
                onDone: {
                  target: 'code',
                  actions: assign({ changePhoneId: ({ event }) => (event.output as { changePhoneId: string }).changePhoneId }),
                },
                onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
              },
            },
            code: {
              on: {
                'code.submit': { target: 'submitting', actions: 'clearMessages' },
                // a different number (or the same again: a new code)
                'email.change': { target: 'idle', actions: 'clearMessages' },
              },
            },
            submitting: {
              tags: 'busy',
              invoke: {
                src: 'quickLogin',
                input: ({ context, event }) => ({ op: 'verify' as const, changePhoneId: context.changePhoneId!, code: (event as { code: string }).code, user: context.user }),
                onDone: { target: '#login.promptPasskeys' },
                onError: { target: 'code', actions: ['storeError', 'notifyError'] },
              },
            },
          },
        },
      },
    },
    preLogin: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'identifier.submit': {
              target: 'checking',
              actions: [assign({ email: ({ event }) => event.email.trim(), passwordless: null, sentAt: null }), 'clearMessages'],
            },
            'passkey.start': { target: 'passkey', actions: 'clearMessages' },
            'quickSms.start': {
              target: '#login.loginWithQuickSmsOtc',
              actions: [assign({ passwordless: 'SmsCode' as PasswordlessType, sentAt: null }), 'clearMessages'],
            },
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
              { target: 'strategy' },
            ],
            // pre-login errors are swallowed (api-contract §3): carry on with the strategy;
            // an SSO address that is not safe to open (src/auth/safe-url.ts) is a failed SSO
            onError: [{ guard: 'isUnsafeUrl', target: '#login.loginWithSSOFailed', actions: ['failedToAuthenticate', 'notifyError'] }, { target: 'strategy' }],
          },
        },
        // the vendor's strategy decides what follows (it is usually known long before an email is submitted)
        strategy: {
          tags: 'busy',
          always: { guard: 'hasStrategy', target: 'decide' },
        },
        decide: { always: afterPreLogin },
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
          { guard: 'registersQuickLogin', target: 'loginWithQuickSmsOtc.register', actions: 'storeUser' },
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
 * Restoring a spec: `loginSnapshotFrom` in ./restore.ts (loaded on demand, with
 * the MFA machine it needs for the child).
 */
