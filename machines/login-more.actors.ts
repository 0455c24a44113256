/**
 * The calls behind the login machine's actors (loaded on demand by
 * ./login.actors.ts, which starts loading them when the box mounts: the first
 * input waits for none of them):
 * - `preLogin` (SSO check; an SSO answer keeps where to return to), `login`
 *   (password), and every first factor below: a login response goes to
 *   `app.completeLogin` (the session store) and the machine gets the public
 *   user; an MFA-required response clears the stored session (sign-in §4)
 *   and its MFA token is held here for the MFA machine's calls — the machines
 *   never see either;
 * - `start`: the vendor's auth strategy (GET …/auth/strategies/public, named
 *   request LOAD_PUBLIC_AUTH_STRATEGIES_POLICY; a failure is logged and gives
 *   EmailAndPassword, sign-in §8) and whether its Passkeys strategy is active;
 *   the callback page the box is on (interfaces §2; kind by the app's routes,
 *   params = the query string) and the login page's `redirectUrl` kept while
 *   the browser was away; the login mode and the quick SMS login of this
 *   browser (src/auth/quick-login.ts: a host's request to register one is
 *   used up here);
 * - the passwordless calls (src/api/passwordless.ts), the callback pages
 *   (magic link here, social / OIDC / SAML in src/federation/callback.ts),
 *   MFA recovery, the social login providers and start (src/federation),
 *   passkey sign-in (src/passkeys), sign-out, and the MFA machine and the
 *   machine of the steps after sign-in, each with its actors.
 * Storage and `location` are read here, never in a view.
 */
import type { LoginResponse, PreLoginResult, PublicAuthStrategies } from '../src/api/types.ts';
import type { FeApp } from '../src/app/types.ts';
import { QUICK_LOGIN_KEY, QUICK_LOGIN_USER_KEY, quickLoginRegistered, REGISTER_QUICK_LOGIN_KEY, storage } from '../src/auth/quick-login.ts';
import { toPublicUser, type PublicUser } from '../src/events/user.ts';
import type { SocialProviderEntry } from '../src/federation/index.ts';
import { PENDING_KEY, SSO_RETURN_KEY } from '../src/federation/keys.ts';
import { addMessages } from '../src/i18n/index.ts';
import { enLoginMore } from '../src/i18n/en-login-more.ts';
import { enPasswordless } from '../src/i18n/en-passwordless.ts';
import { enSignedOut } from '../src/i18n/en-signed-out.ts';
import { sessionSyncKey } from '../src/app/app.ts';
import { takeSignOut } from '../src/app/signed-out.ts';
import type { AfterSignInChildLogic, AuthStrategy, CallbackOutcome, FirstFactor, LoginCallback, LoginStart, MfaChildLogic, PasswordlessType } from './login.machine.ts';
import type { MfaInput, SignedIn } from './mfa.machine.ts';

// "Failed to authenticate" (sign-in §8) and the recovery notice show on steps whose views may not have loaded yet
addMessages('en', enPasswordless);
addMessages('en', enLoginMore);

/**
 * The strategy the login box starts from: the first main strategy of the
 * vendor's public auth strategies (contract P); the username variants map to
 * their email equivalents; anything else (or nothing) is EmailAndPassword.
 */
export function authStrategyFrom(config: Partial<PublicAuthStrategies> | null | undefined): AuthStrategy {
  const s = config?.mainAuthStrategies?.[0]?.strategy ?? '';
  const mapped =
    ({ UsernameAndPassword: 'EmailAndPassword', UsernameAndMagicLink: 'MagicLink', UsernameAndCode: 'Code', UsernameAndSms: 'SmsCode' } as Record<string, string>)[s] ?? s;
  return mapped === 'MagicLink' || mapped === 'Code' || mapped === 'SmsCode' || mapped === 'NoLocalAuthentication' ? mapped : 'EmailAndPassword';
}

const CALLBACKS = { magicLinkCallbackUrl: 'magicLink', socialLoginCallbackUrl: 'social', oidcRedirectUrl: 'oidc', samlCallbackUrl: 'saml' } as const;

/** The callback page the box is on (interfaces §2): its kind by path (the app's routes), params = the query string; else null. */
export function callbackOf(app: FeApp, url: URL = new URL(location.href)): LoginCallback | null {
  const route = (Object.keys(CALLBACKS) as (keyof typeof CALLBACKS)[]).find((k) => app.routes[k] && new URL(app.routes[k], url).pathname === url.pathname);
  return route ? { kind: CALLBACKS[route], params: Object.fromEntries(url.searchParams) } : null;
}

/** A login response that carried no session (nothing to store): the generic error text. */
class NoSessionError extends Error {
  override name = 'NoSessionError';
}

/**
 * The MFA machine's input from an MFA-required login response (sign-in §4):
 * `verify` when the user has a device of any kind (the MFA machine picks the
 * step: the one device's, or the device list), else `enrol` (the user picks
 * among the active strategies, `mfaStrategies`).
 */
export function mfaInputFrom(r: LoginResponse): MfaInput {
  const d = r.mfaDevices;
  const enrolled = r.mfaEnrolled ?? Object.values(d ?? {}).some((list) => list?.length);
  return { step: enrolled ? 'verify' : 'enrol', deviceId: d?.authenticators?.[0]?.id, devices: d, strategies: r.mfaStrategies };
}

/** Keeps the login page's `redirectUrl` for the OIDC/SAML callback while the browser is away at the identity provider. */
function keepSsoReturn(redirectUrl: string | null): void {
  try {
    if (redirectUrl) sessionStorage.setItem(SSO_RETURN_KEY, redirectUrl);
    else sessionStorage.removeItem(SSO_RETURN_KEY);
  } catch {
    /* no storage (sandboxed frame): the callback goes to the authenticated URL */
  }
}

/** The inputs and outputs of the login machine's actors (./login.actors.ts wraps each call in `fromPromise`). */
export interface LoginCalls {
  start: [void, LoginStart];
  preLogin: [{ email: string; redirectUrl: string | null }, PreLoginResult | null];
  login: [{ email: string; password: string }, FirstFactor];
  passwordlessPreLogin: [{ type: PasswordlessType; email?: string; userId?: string }, unknown];
  passwordlessPostLogin: [{ type: PasswordlessType; token: string }, FirstFactor];
  postLogin: [LoginCallback, CallbackOutcome];
  recoverMfa: [{ email: string; recoveryCode: string }, unknown];
  socialProviders: [void, SocialProviderEntry[]];
  socialLogin: [{ provider: string }, string];
  passkeySignIn: [void, FirstFactor];
  passkeyAutofill: [void, FirstFactor];
  logout: [void, unknown];
  loadMfa: [void, unknown];
  loadAfterSignIn: [void, unknown];
}
/** Where the login machine's children go once their code has loaded (./login.actors.ts). */
export interface LazyChildren {
  mfa(logic: MfaChildLogic): void;
  afterSignIn(logic: AfterSignInChildLogic): void;
}
/** The login machine's actors as plain calls. */
export type LoginCallFunctions = { [K in keyof LoginCalls]: (input: LoginCalls[K][0], signal: AbortSignal) => Promise<LoginCalls[K][1]> };

/**
 * Resolves once the app's loading order (sign-in §4) is past the metadata and the authorization (`$loading` phase
 * `ready`), at once when no loading order runs (`idle`: a host that never started the app) or when `signal` aborts.
 * The login box's first step does not wait for it: only the box's own requests do (SI-4.03).
 */
export function loadingOrderPast(app: Pick<FeApp, 'stores'>, signal?: AbortSignal): Promise<void> {
  const $loading = app.stores.$loading;
  const past = () => {
    const { phase } = $loading.get();
    return phase === undefined || phase === 'idle' || phase === 'ready' || !!signal?.aborted;
  };
  if (past()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stop();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const stop = $loading.listen(() => {
      if (past()) done();
    });
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * The calls of `app` behind the login machine's actors (one set per login
 * box); `loadMfa` hands the MFA machine, provided with this sign-in's MFA
 * token and session completion, to `provide.mfa` (the box's `mfa` child),
 * `loadAfterSignIn` the machine of the steps after sign-in to
 * `provide.afterSignIn`.
 */
export function loginCalls(app: FeApp, provide: LazyChildren): LoginCallFunctions {
  /** The MFA token of the sign-in in progress (an MFA-required answer): the MFA actors' only source of it. */
  let mfaToken = '';

  /** Stores the session of a login response: the public user, and what the response says about the next steps. */
  async function complete(response: LoginResponse): Promise<SignedIn> {
    const result = await app.completeLogin(response);
    if (!result) throw new NoSessionError('');
    const user: PublicUser = toPublicUser(result.user);
    return { user, breachedPassword: !!response.isBreachedPassword, quickLoginRegistered: quickLoginRegistered(user) };
  }

  /** A first factor's login response: MFA (the stored session cleared, the token kept here), or the session stored. */
  async function settle(response: LoginResponse): Promise<FirstFactor> {
    if (response.mfaRequired && response.mfaToken && !response.accessToken) {
      app.clearSession();
      mfaToken = response.mfaToken;
      return { kind: 'mfa', mfa: mfaInputFrom(response) };
    }
    return { kind: 'signedIn', signedIn: await complete(response) };
  }

  const passwordless = () => import('../src/api/passwordless.ts').then((m) => m.createPasswordlessApi(app.client));
  const federation = () => import('../src/federation/index.ts');
  const passkeys = () => import('../src/passkeys/index.ts');
  return {
    /** SSO pre-login; an SSO answer keeps where to return after the identity provider. */
    async preLogin(input, signal) {
      const result = await app.auth.preLogin({ email: input.email }, { signal });
      if (result?.address) keepSsoReturn(input.redirectUrl);
      return result;
    },
    async login(input, signal) {
      return settle(await app.auth.login(input, { signal }));
    },
    async start(_input, signal) {
      // sign-in §4 loading order (SI-4.03): the box's own data after the metadata and the authorization
      await loadingOrderPast(app, signal);
      const s = storage();
      const user = s?.getItem(QUICK_LOGIN_USER_KEY) ?? null;
      const register = s?.getItem(REGISTER_QUICK_LOGIN_KEY) === 'sms';
      s?.removeItem(REGISTER_QUICK_LOGIN_KEY);
      let strategies: PublicAuthStrategies | null = null;
      try {
        strategies = await app.auth.getPublicAuthStrategies({ signal });
      } catch (error) {
        app.logger.debug('LOAD_PUBLIC_AUTH_STRATEGIES_POLICY failed, EmailAndPassword used', error);
      }
      const authStrategy = authStrategyFrom(strategies);
      // NoLocalAuthentication: the email field only finds an SSO connection, so it shows only when the vendor has one
      // (sign-in §7 public SSO configuration; a failure leaves it shown)
      let ssoActive: boolean | undefined;
      if (authStrategy === 'NoLocalAuthentication') {
        try {
          const api = (await import('../src/api/federation.ts')).createFederationApi(app.client);
          ssoActive = (await api.getSSOPublicConfiguration({ signal })).isActive !== false;
        } catch (error) {
          app.logger.debug('LOAD_SSO_PUBLIC_CONFIGURATION failed, the SSO email field stays', error);
        }
      }
      const callback = callbackOf(app);
      // the login page's redirectUrl survives the round trip: a social sign-in keeps it in the pending login it stored
      // (src/federation), an SSO one under SSO_RETURN_KEY (written when pre-login found the SSO address)
      let redirectUrl: string | undefined;
      try {
        if (callback?.kind === 'social') redirectUrl = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '{}').redirectUrl;
        if (callback?.kind === 'oidc' || callback?.kind === 'saml') {
          redirectUrl = sessionStorage.getItem(SSO_RETURN_KEY) ?? undefined;
          sessionStorage.removeItem(SSO_RETURN_KEY);
        }
      } catch {
        /* no pending login or storage: nowhere special to go */
      }
      // a sign-out the user did not ask for (src/app/signed-out.ts): the first step says why (issue 31)
      const signedOut = callback ? null : takeSignOut(sessionSyncKey(app.options));
      if (signedOut) addMessages('en', enSignedOut);
      return {
        ...(redirectUrl ? { redirectUrl } : {}),
        ...(signedOut ? { notice: `login.signedOut.${signedOut.reason}` as const, returnTo: signedOut.returnTo } : {}),
        authStrategy,
        passkeys: !!strategies?.secondaryAuthStrategies?.some((x) => x.strategy === 'Passkeys' && x.isActive),
        ...(ssoActive === undefined ? {} : { ssoActive }),
        callback,
        mode: register ? 'registerQuickLogin' : 'login',
        quickLoginUserId: user && s?.getItem(QUICK_LOGIN_KEY + user) === 'sms' ? user : null,
      };
    },
    async passwordlessPreLogin(input, signal) {
      return (await passwordless()).preLogin(input, { signal });
    },
    async passwordlessPostLogin(input, signal) {
      return settle(await (await passwordless()).postLogin(input, { signal }));
    },
    /**
     * Kind `magicLink` → POST passwordless/MagicLink/postlogin with the link's `token`; other kinds →
     * src/federation/callback.ts `runPostLogin` (`ssoTest` when it finished an administrator's SSO test sign-in).
     */
    async postLogin(input, signal) {
      if (input.kind === 'magicLink') return settle(await (await passwordless()).postLogin({ type: 'MagicLink', token: input.params.token ?? '' }, { signal }));
      const { kind, params } = input;
      const answer = await (await import('../src/federation/callback.ts')).runPostLogin(app, { kind, params }, signal);
      // an administrator's SSO test sign-in (issue 31 item 5): finished, nobody signed in
      if ('ssoTestSignIn' in answer) return { kind: 'ssoTest' };
      return settle(answer);
    },
    async recoverMfa(input, signal) {
      return (await import('../src/api/mfa.ts')).createMfaApi(app.client).recoverMfa(input, { signal });
    },
    /** The vendor's active social providers (none in preview mode: nothing to start there). */
    async socialProviders(_input, signal) {
      if (app.options.preview) return [];
      await loadingOrderPast(app, signal);
      return (await federation()).socialProviders(app);
    },
    /** The authorization request of a social login (the provider's `key`), remembered for the callback (PKCE). */
    async socialLogin(input) {
      const m = await federation();
      const provider = (await m.socialProviders(app)).find((p) => p.key === input.provider);
      if (!provider) throw new Error(`no social login provider ${input.provider}`);
      return m.startSocialLogin(app, provider);
    },
    async passkeySignIn(_input, signal) {
      return settle(await (await passkeys()).signInWithPasskey(app, { signal }));
    },
    /** Passkey autofill (conditional mediation) while preLogin waits: only when the Passkeys strategy is active (never in preview). */
    async passkeyAutofill(_input, signal) {
      const m = await passkeys();
      await loadingOrderPast(app, signal);
      try {
        if (!app.options.preview && (await m.passkeysStrategyActive(app))) return await settle(await m.signInWithPasskey(app, { conditional: true, signal }));
      } catch (error) {
        if (!signal.aborted) app.logger.debug('passkey autofill ended', error);
      }
      return new Promise<never>(() => {});
    },
    logout: () => app.logout(),
    /** The MFA machine with this sign-in's MFA token and session completion, loaded when a two-factor step starts. */
    async loadMfa() {
      const [{ mfaMachine }, { mfaActors }] = await Promise.all([import('./mfa.machine.ts'), import('./mfa.actors.ts')]);
      provide.mfa(mfaMachine.provide({ actors: mfaActors(app, { mfaToken: () => mfaToken, complete }) }));
    },
    /** The machine of the steps after sign-in with its actors, loaded when a sign-in completes. */
    async loadAfterSignIn() {
      const [{ afterSignInMachine }, { afterSignInActors }] = await Promise.all([import('./after-sign-in.machine.ts'), import('./after-sign-in.actors.ts')]);
      provide.afterSignIn(afterSignInMachine.provide({ actors: afterSignInActors(app) }));
    },
  };
}
