/**
 * Login machine (sign-in §4 "Login steps"). Top-level states carry the spec's
 * step names; nested `idle` / `submitting` states show progress. Pure: the
 * calls are its actors (machines/login.actors.ts), the outcomes leave through
 * `emit()` (machines/flow.ts).
 *
 * - Actor `start` (invoked at the root, once) gives the vendor's strategy
 *   (request LOAD_PUBLIC_AUTH_STRATEGIES_POLICY; a failure gives
 *   EmailAndPassword; sign-in §3 auth strategies decide what `preLogin`
 *   shows), whether the Passkeys strategy is active, the callback page, the
 *   login mode and the quick login of this browser. Nothing waits for it
 *   before the first input (issue 2: the first input waits on no request):
 *   `preLogin` shows the email field at once (as EmailAndPassword until the
 *   strategy is known); an email submitted earlier waits in
 *   `preLogin.strategy`. A callback page found by `start` → `postLogin`.
 *   Beside it, actor `socialProviders` lists the vendor's social logins.
 * - `init` (transient) → `postLogin` when the input names a callback,
 *   `loading` on a callback route (input `callbackPage`, set by <fe-routes>:
 *   no sign-in form flashes there) until `start` names the callback, else
 *   `preLogin`.
 * - `preLogin`: email → pre-login (SSO check). An SSO address →
 *   `redirectToSSO` (navigation after {@link SSO_REDIRECT_DELAY_MS}); otherwise
 *   by strategy: EmailAndPassword → `loginWithPassword`; MagicLink / Code /
 *   SmsCode → `magicLinkPreLoginSuccess` / `loginWithOtc` / `loginWithSmsOtc`,
 *   which send the link or code first (actor `passwordlessPreLogin`);
 *   NoLocalAuthentication shows no local form (social buttons; the email only
 *   looks for an SSO connection). `preLogin.idle` runs passkey autofill
 *   (`passkeyAutofill`, conditional mediation); "Sign in with a passkey" →
 *   `preLogin.passkey`; a social button → `preLogin.social` (actor
 *   `socialLogin` prepares the authorization request, then the machine emits
 *   the navigation to the provider).
 * - Passwordless steps (one shared config, `passwordlessStep`): two parallel
 *   regions, `form` (`idle` ↔ `submitting`: actor `passwordlessPostLogin`
 *   with the code) and `resend` (`sending` the code or link, `waiting` for
 *   {@link RESEND_COOLDOWN_MS}, `idle`: `code.resend` → `sending` …). `email.change` returns to
 *   `preLogin`. A failed postlogin shows "Failed to authenticate" (sign-in §8)
 *   with the server's reason (wrong, expired, used or replaced code).
 * - `postLogin`: a callback page (interfaces §2, kinds `magicLink`, `social`,
 *   `oidc`, `saml`) runs the `postLogin` actor. Failed: `oidc` / `saml` →
 *   `loginWithSSOFailed`, then after {@link SSO_FAILED_DELAY_MS} navigation to
 *   the authenticated URL; `social` / `magicLink` → `preLogin` with "Failed to
 *   authenticate". A callback that finished an administrator's SSO test
 *   sign-in (actor output `ssoTest`, issue 31 item 5) → `ssoTestFinished`,
 *   which stays: nobody signed in, the result is the portal's.
 * - Every first factor (password, passwordless code or link, callback,
 *   passkey) is an actor that answers a {@link FirstFactor}: MFA required (the
 *   actor cleared the stored session and holds the MFA token) →
 *   `loginWithTwoFactor` (enrolled) or `forceTwoFactor` (enrolment); signed in
 *   (the actor stored the session: tokens never enter this machine) → the
 *   steps after sign-in.
 * - `loginWithTwoFactor` / `forceTwoFactor`: load the MFA machine (`loadMfa`)
 *   and run it as child `mfa`. `recoverTwoFactor`: a recovery code turns MFA
 *   off; then sign in again.
 * - After sign-in: `afterSignIn` loads the machine of the steps after sign-in
 *   on demand (`loadAfterSignIn`) and runs it as child `afterSignIn`
 *   (machines/after-sign-in.machine.ts: breached password, the quick SMS
 *   login registration, the passkey prompt); when it is done → `success`,
 *   which emits `login`, then after {@link POST_AUTH_DELAY_MS} the post-auth
 *   navigation. (Were its code not to load, the user is signed in: `success`.)
 * - `signingOut` ("Sign out" of the signed-in card): `logout`, then `logout` is emitted.
 *
 * Login modes (sign-in §3 `login`, `registerQuickLogin`), as the reference
 * product has them (@frontegg/redux-store `LoginFlow`; its quick-login
 * strategy `sms`):
 * - `login` (default): a sign-in ends in `success` and post-auth navigation.
 * - `registerQuickLogin`: after sign-in the box registers a quick SMS login
 *   for this user in this browser (the `afterSignIn` child's
 *   `loginWithQuickSmsOtc.register`). A user who registered in this browser
 *   before is not asked again.
 * - A browser with a registered quick SMS login (`quickLoginUserId`) offers it
 *   on `preLogin` (`quickSms.start`): `loginWithQuickSmsOtc.signIn` texts a
 *   code to that user's phone and signs in with it as `loginWithSmsOtc` does
 *   (`loginWithQuickSmsOtc`).
 *
 * Emits: `login`, `logout`, `error`, `navigate` (SSO `{ url }`, post-auth
 * `{ redirectUrl }`, the provider of a social login, the routes of sign-up
 * and forgot password).
 */
import { assertEvent, assign, emit, type ActorLogic, type ActorRefFrom, type ActorScope, type PromiseActorLogic, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { PreLoginResult } from '../src/api/types.ts';
import type { PublicUser } from '../src/events/user.ts';
import type { SocialProviderEntry } from '../src/federation/index.ts';
import type { MessageKey } from '../src/i18n/index.ts';
import { isUnsafeUrlError, toFlowError, type FlowError } from './errors.ts';
import { formStep, type FlowEmitted, type RouteOpenEvent } from './flow.ts';
// types only: the machine of the steps after sign-in loads on demand
import type { AfterSignInEvent, AfterSignInInput, AfterSignInSnapshot } from './after-sign-in.machine.ts';
// types only: the MFA machine loads on demand (not before the first input)
import type { MfaEvent, MfaInput, MfaOutput, MfaSnapshot, SignedIn } from './mfa.machine.ts';

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

/**
 * What a first factor answered (password, passwordless code or link,
 * callback, passkey): MFA is required (the actor holds the MFA token), or the
 * user is signed in (the actor stored the session). No token in either.
 */
export type FirstFactor = { kind: 'mfa'; mfa: MfaInput } | { kind: 'signedIn'; signedIn: SignedIn };
/**
 * What a callback page's `postLogin` answers: a first factor, or `ssoTest` — the callback finished an administrator's
 * test sign-in of an SSO connection (issue 31 item 5; the result is the portal's): nobody signed in.
 */
export type CallbackOutcome = FirstFactor | { kind: 'ssoTest' };

/** What the box starts from (the `start` actor); what it does not name stays as the input gave it. */
export interface LoginStart {
  authStrategy: AuthStrategy;
  /** NoLocalAuthentication only: whether the vendor has an active SSO connection (unset: unknown). */
  ssoActive?: boolean;
  /** The vendor's Passkeys strategy is active: "Sign in with a passkey" and autofill. */
  passkeys?: boolean;
  callback?: LoginCallback | null;
  mode?: LoginMode;
  quickLoginUserId?: string | null;
  /** Where to go after a callback sign-in (kept while the browser was away). */
  redirectUrl?: string;
  /** After a sign-out the user did not ask for (issue 31): the first step says why (`login.signedOut.*`)… */
  notice?: MessageKey;
  /** …and, without a redirect of its own, the sign-in returns to this page (path, query and hash). */
  returnTo?: string;
}

/** Steps of the login flow, as named in sign-in §4 (those this machine implements), and ours. */
export type LoginStep =
  | 'loading'
  | 'postLogin'
  | 'preLogin'
  | 'magicLinkPreLoginSuccess'
  | 'loginWithOtc'
  | 'loginWithSmsOtc'
  | 'loginWithQuickSmsOtc'
  | 'loginWithSSOFailed'
  | 'ssoTestFinished'
  | 'loginWithPassword'
  | 'redirectToSSO'
  | 'loginWithTwoFactor'
  | 'forceTwoFactor'
  | 'recoverTwoFactor'
  | 'afterSignIn'
  | 'success'
  | 'signingOut';

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
  /** The MFA machine's input (no token: the actors hold it). */
  mfa: MfaInput | null;
  error: FlowError | null;
  /** An informational message for the current step. */
  notice: MessageKey | null;
  /** The signed-in user (public: no tokens), announced with `login` on the way into `success`. */
  user: PublicUser | null;
  /** The sign-in answered a breached password (sign-in §4 breachedPassword). */
  breachedPassword?: boolean;
  /** The signed-in user registered the quick SMS login in this browser before. */
  quickLoginRegistered?: boolean;
  /** Unset until `start` answered; shown as EmailAndPassword meanwhile. */
  authStrategy?: AuthStrategy | null;
  callbackPage?: boolean;
  /**
   * NoLocalAuthentication only: whether the vendor has an active SSO connection (public SSO configuration,
   * LOAD_SSO_PUBLIC_CONFIGURATION); false hides the email field that only looks for one. Unset = unknown (shown).
   */
  ssoActive?: boolean;
  /** The Passkeys strategy is active (from `start`). */
  passkeys?: boolean;
  /** The vendor's active social login providers (actor `socialProviders`). */
  socialProviders?: SocialProviderEntry[];
  /** The social provider whose sign-in is starting (`preLogin.social`). */
  socialStarted?: string | null;
  /** Unset = `login`. */
  mode?: LoginMode;
  callback?: LoginCallback | null;
  /** The passwordless type of the current step (prelogin and postlogin `{type}`). */
  passwordless?: PasswordlessType | null;
  /** When the last code or link was sent (ms since the epoch; the view's resend countdown). */
  sentAt?: number | null;
  quickLoginUserId?: string | null;
}

export type LoginEvent =
  | { type: 'identifier.submit'; email: string }
  | { type: 'password.submit'; email: string; password: string }
  | { type: 'email.change' }
  | { type: 'sso.redirectNow' }
  | { type: 'recover.submit'; email: string; recoveryCode: string }
  | { type: 'flow.cancel' }
  /** "Sign in with a passkey" (preLogin). */
  | { type: 'passkey.start' }
  /** Passwordless steps: the code typed; send the code or link again. */
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  /** preLogin: sign in with this browser's quick SMS login. */
  | { type: 'quickSms.start' }
  /** preLogin: "Continue with …" a social login provider (its `key`). */
  | { type: 'social.start'; provider: string }
  /** "Forgot password?": the forgot-password route, with the email typed. */
  | { type: 'forgotPassword.open' }
  /** The signed-in card's "Sign out". */
  | { type: 'session.signOut' }
  /** The session ended (sign out): start over at preLogin, keeping the email. */
  | { type: 'flow.reset' }
  /** "Sign up". */
  | RouteOpenEvent;

/** The MFA machine as the login machine runs it (child `mfa`): the element provides it, loaded on demand (`loadMfa`). */
export type MfaChildLogic = ActorLogic<MfaSnapshot, MfaEvent, MfaInput, ActorScope<MfaSnapshot, MfaEvent>['system'], FlowEmitted>;

/** The machine of the steps after sign-in as the login machine runs it (child `afterSignIn`): the element provides it, loaded on demand (`loadAfterSignIn`). */
export type AfterSignInChildLogic = ActorLogic<AfterSignInSnapshot, AfterSignInEvent, AfterSignInInput, ActorScope<AfterSignInSnapshot, AfterSignInEvent>['system'], FlowEmitted>;

/** The context of a sign-in: the public user and what the sign-in said about the next steps. */
const signedInContext = (signedIn: SignedIn | undefined) => ({
  user: signedIn?.user ?? null,
  breachedPassword: !!signedIn?.breachedPassword,
  quickLoginRegistered: !!signedIn?.quickLoginRegistered,
});

const loginSetup = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    emitted: {} as FlowEmitted,
    children: {} as { mfa: 'mfa'; afterSignIn: 'afterSignIn' },
  },
  delays: {
    ssoRedirect: SSO_REDIRECT_DELAY_MS,
    postAuth: POST_AUTH_DELAY_MS,
    ssoFailed: SSO_FAILED_DELAY_MS,
    resendCooldown: RESEND_COOLDOWN_MS,
  },
  // the element provides every actor (machines/login.actors.ts): here only their signatures, no default implementations
  // (the machine is on the first-input path of the login box, its size budget; tests provide what they run)
  actors: {} as {
    /** What the box starts from: strategy (LOAD_PUBLIC_AUTH_STRATEGIES_POLICY), passkeys, callback page, login mode, quick login. */
    start: PromiseActorLogic<LoginStart>;
    /** The vendor's active social login providers (none unless provided). */
    socialProviders: PromiseActorLogic<SocialProviderEntry[]>;
    /** SSO pre-login: the SSO address of the email, if any (and where to return to afterwards is kept). */
    preLogin: PromiseActorLogic<PreLoginResult | null, { email: string; redirectUrl: string | null }>;
    /** Password login. */
    login: PromiseActorLogic<FirstFactor, { email: string; password: string }>;
    /** POST passwordless/{type}/prelogin: sends the code or link (`email`, or `userId` for the quick SMS login). */
    passwordlessPreLogin: PromiseActorLogic<unknown, { type: PasswordlessType; email?: string; userId?: string }>;
    /** POST passwordless/{type}/postlogin with the code or link token. */
    passwordlessPostLogin: PromiseActorLogic<FirstFactor, { type: PasswordlessType; token: string }>;
    /** A callback page's sign-in (interfaces §2). */
    postLogin: PromiseActorLogic<CallbackOutcome, LoginCallback>;
    recoverMfa: PromiseActorLogic<unknown, { email: string; recoveryCode: string }>;
    /** "Sign in with a passkey": the browser's passkey dialog. */
    passkeySignIn: PromiseActorLogic<FirstFactor>;
    /** Passkey autofill on preLogin (conditional mediation): answers only when the user picks a passkey. */
    passkeyAutofill: PromiseActorLogic<FirstFactor>;
    /** Prepares the social login of a provider (its `key`; PKCE, remembered for the callback): the provider's authorization URL. */
    socialLogin: PromiseActorLogic<string, { provider: string }>;
    /** Signs out (the signed-in card). */
    logout: PromiseActorLogic<unknown>;
    /** Loads the MFA machine (the element's `mfa` child) on demand. */
    loadMfa: PromiseActorLogic<unknown>;
    /** The MFA machine (machines/mfa.machine.ts), provided by the element. */
    mfa: MfaChildLogic;
    /** Loads the machine of the steps after sign-in (the element's `afterSignIn` child) on demand. */
    loadAfterSignIn: PromiseActorLogic<unknown>;
    /** The machine of the steps after sign-in (machines/after-sign-in.machine.ts), provided by the element. */
    afterSignIn: AfterSignInChildLogic;
  },
  guards: {
    /** The failure is a refused navigation target (an `UnsafeUrlError` from src/auth/safe-url.ts). */
    isUnsafeUrl: (_, { error }: { error: unknown }) => isUnsafeUrlError(error),
    hasSsoAddress: (_, result: PreLoginResult | null) => !!result?.address,
    mfaToVerify: ({ context }) => context.mfa?.step === 'verify',
    mfaToEnrol: ({ context }) => !!context.mfa,
    choseRecovery: (_, output: MfaOutput) => output.kind === 'recover',
    hasCallback: ({ context }) => !!context.callback,
    hasStrategy: ({ context }) => !!context.authStrategy,
    isCallbackPage: ({ context }) => !!context.callbackPage,
    /** `start` found a callback page (on a callback route the input does not name one). */
    startedOnCallback: (_, start: LoginStart) => !!start.callback,
    isStrategy: ({ context }, { is }: { is: AuthStrategy }) => context.authStrategy === is,
    isSsoCallback: ({ context }) => /^(oidc|saml)$/.test(context.callback?.kind ?? ''),
  },
  actions: {
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toFlowError(error), notice: null })),
    clearMessages: assign({ error: null, notice: null }),
    /** A passwordless or callback sign-in failed: "Failed to authenticate" (sign-in §8), the server's reason kept in `message`. */
    failedToAuthenticate: assign((_, { error }: { error: unknown }) => ({
      error: { ...toFlowError(error), key: 'login.failedToAuthenticate' as const },
      notice: null,
    })),
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' as const } })),
    /** A code or link was sent: the resend countdown starts; "We sent a new one" when one was sent before. */
    noteResent: assign({ notice: ({ context }) => (context.sentAt ? ('passwordless.resent' as const) : null), sentAt: () => Date.now() }),
    /** The `start` output: a strategy or callback given in the input wins; `returnTo` only stands in for no redirect. */
    applyStart: assign(({ context }, { returnTo, ...start }: LoginStart) => ({
      ...start,
      authStrategy: context.authStrategy ?? start.authStrategy,
      callback: context.callback ?? start.callback,
      redirectUrl: start.redirectUrl ?? context.redirectUrl ?? returnTo ?? null,
    })),
    storeNoSso: assign({ error: { key: 'login.noSso' as const }, notice: null }),
    signedOut: assign({ user: null, error: null, notice: null }),
    emitLogout: emit({ type: 'logout' as const }),
    /** A first factor answered: the MFA input, or the signed-in user. */
    storeFirstFactor: assign(({ context }, result: FirstFactor) =>
      result.kind === 'mfa' ? { mfa: { email: context.email, ...result.mfa }, user: null } : { mfa: null, ...signedInContext(result.signedIn) },
    ),
    /** The MFA machine signed the user in. */
    storeSignedIn: assign((_, output: MfaOutput) => signedInContext(output.kind === 'authenticated' ? output.signedIn : undefined)),
  },
});

/** A failed call, as the params of the actions that take it. */
const failure = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
/** A failed call: its error shown (and emitted). */
const failed = [{ type: 'storeError', params: failure }, 'emitError'] as const;
/** A failed sign-in: "Failed to authenticate" with the reason (and emitted). */
const authFailed = [{ type: 'failedToAuthenticate', params: failure }, 'emitError'] as const;
/** After any first factor: MFA, or the steps after sign-in (sign-in §4). */
const afterFirstFactor = {
  target: '#login.firstFactor',
  actions: { type: 'storeFirstFactor', params: ({ event }: { event: { output: FirstFactor } }) => event.output },
} as const;

/**
 * The two-factor steps (sign-in §4): `loading` loads the MFA machine on demand
 * (actor `loadMfa`), then `running` runs it as child `mfa`; its output leads
 * on. `failed`: the code could not be loaded, or the machine failed (the error
 * is shown with "Back to sign in"). The child stops when the step is left.
 */
const twoFactorStep = {
  initial: 'loading',
  on: { 'flow.cancel': { target: '#login.preLogin', actions: 'clearMessages' } },
  states: {
    loading: {
      tags: 'busy',
      invoke: { src: 'loadMfa', onDone: 'running', onError: { target: 'failed', actions: failed } },
    },
    running: {
      invoke: {
        id: 'mfa',
        src: 'mfa',
        input: ({ context }: { context: LoginContext }) => context.mfa ?? { step: 'verify' as const },
        onDone: [
          { guard: { type: 'choseRecovery', params: ({ event }: { event: { output: MfaOutput } }) => event.output }, target: '#login.recoverTwoFactor' },
          { target: '#login.afterSignIn', actions: { type: 'storeSignedIn', params: ({ event }: { event: { output: MfaOutput } }) => event.output } },
        ],
        // the MFA machine itself failed
        onError: { target: 'failed', actions: failed },
      },
    },
    // shows the error; "Back to sign in" (flow.cancel) is the way on
    failed: {},
  },
} as const;

/** The passwordless type: the strategy's (a passwordless step runs only for one), or SmsCode for the quick SMS login. */
const typeOf = (context: LoginContext) => (context.passwordless ?? context.authStrategy) as PasswordlessType;

/**
 * A passwordless step (magicLinkPreLoginSuccess, loginWithOtc, loginWithSmsOtc,
 * loginWithQuickSmsOtc), one config for all: region `form` (`idle` ↔
 * `submitting`: postlogin with the typed code; the magic link's page has no
 * code field) and region `resend` (`sending`: the prelogin sends the code or
 * link; `waiting` → after RESEND_COOLDOWN_MS `idle` → `code.resend` →
 * `sending` …). A failed send (e.g. 429) shows its error and allows a resend.
 */
const passwordlessStep = {
  type: 'parallel',
  on: { 'email.change': { target: '#login.preLogin', actions: 'clearMessages' } },
  states: {
    form: formStep(
      loginSetup,
      'code.submit',
      {
        src: 'passwordlessPostLogin',
        input: ({ context, event }: { context: LoginContext; event: LoginEvent }) => {
          assertEvent(event, 'code.submit');
          return { type: typeOf(context), token: event.code };
        },
        onDone: afterFirstFactor,
        onError: authFailed,
      },
      'clearMessages',
    ),
    resend: {
      initial: 'sending',
      states: {
        waiting: { after: { resendCooldown: 'idle' } },
        idle: { on: { 'code.resend': { target: 'sending', actions: 'clearMessages' } } },
        sending: {
          tags: 'busy',
          invoke: {
            src: 'passwordlessPreLogin',
            // the email typed, or (quick SMS login: `passwordless` set) the remembered user id
            input: ({ context }: { context: LoginContext }) => ({
              type: typeOf(context),
              ...(context.passwordless ? { userId: context.quickLoginUserId ?? '' } : { email: context.email }),
            }),
            onDone: { target: 'waiting', actions: 'noteResent' },
            onError: { target: 'idle', actions: failed },
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

export const loginMachine = loginSetup.createMachine({
  id: 'login',
  context: ({ input }) => ({
    ssoAddress: null,
    mfa: null,
    error: null,
    notice: null,
    user: null,
    // authStrategy, callback, mode, quickLoginUserId when given
    ...input,
    email: input.email ?? '',
    redirectUrl: input.redirectUrl ?? null,
  }),
  initial: 'init',
  on: {
    'flow.reset': { target: '.preLogin', actions: assign({ error: null, notice: null, mfa: null, ssoAddress: null, user: null }) },
    'route.open': { actions: emit(({ event }) => ({ type: 'navigate' as const, to: { route: event.route } })) },
    'forgotPassword.open': {
      actions: emit(({ context }) => ({ type: 'navigate' as const, to: { route: 'forgetPasswordUrl' as const, query: { email: context.email || undefined } } })),
    },
    'session.signOut': { target: '.signingOut' },
  },
  // what the box starts from (strategy, callback page, login mode) arrives while preLogin is already usable: the first
  // input waits on no request (issue 2 budget); an email submitted before it waits in preLogin.strategy
  invoke: [
    {
      src: 'start',
      onDone: [
        { guard: { type: 'startedOnCallback', params: ({ event }) => event.output }, target: '.postLogin', actions: { type: 'applyStart', params: ({ event }) => event.output } },
        { actions: { type: 'applyStart', params: ({ event }) => event.output } },
      ],
      onError: { actions: assign({ authStrategy: ({ context }) => context.authStrategy ?? 'EmailAndPassword' }) },
    },
    { src: 'socialProviders', onDone: { actions: assign({ socialProviders: ({ event }) => event.output }) } },
  ],
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
        input: ({ context }) => context.callback ?? { kind: 'magicLink', params: {} },
        onDone: [
          { guard: ({ event }) => event.output.kind === 'ssoTest', target: 'ssoTestFinished' },
          { target: '#login.firstFactor', actions: { type: 'storeFirstFactor', params: ({ event }) => event.output as FirstFactor } },
        ],
        onError: [
          { guard: 'isSsoCallback', target: 'loginWithSSOFailed', actions: authFailed },
          { target: 'preLogin', actions: authFailed },
        ],
      },
    },
    // the callback finished an administrator's SSO test sign-in: the box says so and stays (the window may be closed)
    ssoTestFinished: {},
    loginWithSSOFailed: {
      after: { ssoFailed: { actions: emit({ type: 'navigate', to: { redirectUrl: null } }) } },
    },
    magicLinkPreLoginSuccess: passwordlessStep,
    loginWithOtc: passwordlessStep,
    loginWithSmsOtc: passwordlessStep,
    // quick SMS sign-in: the code texted to the remembered user's phone
    loginWithQuickSmsOtc: passwordlessStep,
    preLogin: {
      initial: 'idle',
      states: {
        idle: {
          // passkey autofill: a pending conditional request offers the site's passkeys in the email field's suggestions
          invoke: { src: 'passkeyAutofill', onDone: afterFirstFactor },
          on: {
            'identifier.submit': {
              target: 'checking',
              actions: [assign({ email: ({ event }) => event.email.trim(), passwordless: null, sentAt: null }), 'clearMessages'],
            },
            'passkey.start': { target: 'passkey', actions: 'clearMessages' },
            'quickSms.start': {
              target: '#login.loginWithQuickSmsOtc',
              actions: [assign({ passwordless: 'SmsCode' as const, sentAt: null }), 'clearMessages'],
            },
            'social.start': { target: 'social', actions: [assign({ socialStarted: ({ event }) => event.provider }), 'clearMessages'] },
          },
        },
        passkey: {
          tags: 'busy',
          invoke: { src: 'passkeySignIn', onDone: afterFirstFactor, onError: { target: 'idle', actions: failed } },
        },
        // a social login: the authorization request is prepared, then the browser goes to the provider
        social: {
          tags: 'busy',
          invoke: {
            src: 'socialLogin',
            input: ({ context }) => ({ provider: context.socialStarted ?? '' }),
            onDone: { actions: emit(({ event }) => ({ type: 'navigate' as const, to: { url: event.output } })) },
            onError: {
              target: 'idle',
              actions: [assign({ socialStarted: null, error: { key: 'federation.error.unavailable' as const } }), 'emitError'],
            },
          },
        },
        checking: {
          tags: 'busy',
          invoke: {
            src: 'preLogin',
            input: ({ context }) => ({ email: context.email, redirectUrl: context.redirectUrl }),
            onDone: [
              {
                guard: { type: 'hasSsoAddress', params: ({ event }) => event.output },
                target: '#login.redirectToSSO',
                actions: assign({ ssoAddress: ({ event }) => event.output?.address ?? null }),
              },
              { target: 'strategy' },
            ],
            // pre-login errors are swallowed (api-contract §3): carry on with the strategy;
            // an SSO address that is not safe to open (src/auth/safe-url.ts) is a failed SSO
            onError: [
              { guard: { type: 'isUnsafeUrl', params: ({ event }) => ({ error: event.error }) }, target: '#login.loginWithSSOFailed', actions: authFailed },
              { target: 'strategy' },
            ],
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
      ...formStep(
        loginSetup,
        'password.submit',
        {
          src: 'login',
          input: ({ context, event }: { context: LoginContext; event: LoginEvent }) => {
            assertEvent(event, 'password.submit');
            return { email: context.email, password: event.password };
          },
          onDone: afterFirstFactor,
          onError: failed,
        },
        [assign({ email: ({ event }: { event: { email: string } }) => event.email.trim() }), 'clearMessages'],
      ),
      on: { 'email.change': { target: 'preLogin', actions: 'clearMessages' } },
    },
    redirectToSSO: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { ssoRedirect: { target: 'redirecting' } },
          on: { 'sso.redirectNow': { target: 'redirecting' } },
        },
        redirecting: {
          entry: emit(({ context }) => ({ type: 'navigate' as const, to: { url: context.ssoAddress ?? '' } })),
        },
      },
    },
    /** (transient) MFA, or the steps after sign-in. */
    firstFactor: {
      always: [{ guard: 'mfaToVerify', target: 'loginWithTwoFactor' }, { guard: 'mfaToEnrol', target: 'forceTwoFactor' }, { target: 'afterSignIn' }],
    },
    // verify (enrolled) and enrolment (forced) run the same MFA machine from a different first step
    loginWithTwoFactor: twoFactorStep,
    forceTwoFactor: twoFactorStep,
    recoverTwoFactor: {
      ...formStep(
        loginSetup,
        'recover.submit',
        {
          src: 'recoverMfa',
          input: ({ context, event }: { context: LoginContext; event: LoginEvent }) => {
            assertEvent(event, 'recover.submit');
            return { email: event.email?.trim() || context.email, recoveryCode: event.recoveryCode.trim() };
          },
          onDone: { target: '#login.loginWithPassword', actions: assign({ notice: 'login.recover.done' as const, error: null, mfa: null }) },
          onError: failed,
        },
        'clearMessages',
      ),
      on: { 'flow.cancel': { target: 'loginWithPassword', actions: 'clearMessages' } },
    },
    /**
     * Signed in: the steps after sign-in (breached password, quick SMS login registration, passkey prompt) run as child
     * `afterSignIn`, its machine loaded on demand; were it not to load, the user is signed in all the same → success.
     */
    afterSignIn: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: { src: 'loadAfterSignIn', onDone: 'running', onError: '#login.success' },
        },
        running: {
          invoke: {
            id: 'afterSignIn',
            src: 'afterSignIn',
            input: ({ context }) => ({
              email: context.email,
              user: context.user,
              breachedPassword: context.breachedPassword,
              // registerQuickLogin, unless this user registered in this browser before (as the reference product)
              registerQuickLogin: context.mode === 'registerQuickLogin' && !context.quickLoginRegistered,
            }),
            onDone: '#login.success',
            onError: '#login.success',
          },
        },
      },
    },
    success: {
      // `login` when the flow is done: after the steps after sign-in
      entry: emit(({ context }) => ({ type: 'login' as const, user: context.user ?? {} })),
      initial: 'waiting',
      states: {
        waiting: { after: { postAuth: { target: 'navigated' } } },
        navigated: {
          entry: emit(({ context }) => ({ type: 'navigate' as const, to: { redirectUrl: context.redirectUrl } })),
        },
      },
    },
    signingOut: {
      tags: 'busy',
      invoke: {
        src: 'logout',
        onDone: { target: 'preLogin', actions: ['signedOut', 'emitLogout'] },
        // the local session is cleared anyway
        onError: { target: 'preLogin', actions: ['signedOut', 'emitLogout'] },
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
