/**
 * What the login box starts from (the login machine's `start` actor, loaded
 * on demand while the strategy request is already under way; the box's first
 * step does not wait for it):
 * - the vendor's auth strategy (GET …/auth/strategies/public, named request
 *   LOAD_PUBLIC_AUTH_STRATEGIES_POLICY; a failure is logged and gives
 *   EmailAndPassword, sign-in §8);
 * - the callback page the box is on (interfaces §2; kind by the app's routes,
 *   params = the query string), and for a social sign-in the login page's
 *   `redirectUrl` kept with the pending login;
 * - the login mode and the quick SMS login of this browser, kept in
 *   localStorage as the reference product keeps them:
 *   {@link REGISTER_QUICK_LOGIN_KEY} = `sms` (set by the host: the next sign-in
 *   registers a quick login, mode `registerQuickLogin`; used up here),
 *   {@link QUICK_LOGIN_KEY}`<userId>` = `sms` (that user registered it here),
 *   {@link QUICK_LOGIN_USER_KEY} = the user offered "Text me a sign-in code".
 */
import type { FeApp } from '../../app/app.ts';
import type { PublicAuthStrategies } from '../../api/types.ts';
import type { AuthStrategy, LoginCallback, LoginContext } from '../../../machines/login.machine.ts';
import { PENDING_KEY, SSO_RETURN_KEY } from '../../federation/keys.ts';

/** localStorage key a host sets to `sms` to have the next sign-in register the quick SMS login. */
export const REGISTER_QUICK_LOGIN_KEY = 'fe-register-quick-login';
/** localStorage key prefix (then the user id): `sms` once that user registered the quick SMS login here. */
export const QUICK_LOGIN_KEY = 'fe-quick-login:';
/** localStorage key: the user whose quick SMS login is offered on preLogin. */
export const QUICK_LOGIN_USER_KEY = 'fe-quick-login-user';

/** Whether `user` registered the quick SMS login in this browser ({@link QUICK_LOGIN_KEY}). */
export function quickLoginRegistered(user: { id?: unknown; sub?: unknown } | null | undefined): boolean {
  const id = String(user?.id ?? user?.sub ?? '');
  return !!id && storage()?.getItem(QUICK_LOGIN_KEY + id) === 'sms';
}

/** localStorage, or null where it is unavailable (sandboxed frames). */
export function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The strategy the login box starts from: the first main strategy of the
 * vendor's public auth strategies (contract P); the username variants map to
 * their email equivalents; anything else (or nothing) is EmailAndPassword.
 */
export function authStrategyFrom(config: Partial<PublicAuthStrategies> | null | undefined): AuthStrategy {
  const s = config?.mainAuthStrategies?.[0]?.strategy ?? '';
  const mapped = ({ UsernameAndPassword: 'EmailAndPassword', UsernameAndMagicLink: 'MagicLink', UsernameAndCode: 'Code', UsernameAndSms: 'SmsCode' } as Record<string, string>)[s] ?? s;
  return (['MagicLink', 'Code', 'SmsCode', 'NoLocalAuthentication'].includes(mapped) ? mapped : 'EmailAndPassword') as AuthStrategy;
}

const CALLBACKS = { magicLinkCallbackUrl: 'magicLink', socialLoginCallbackUrl: 'social', oidcRedirectUrl: 'oidc', samlCallbackUrl: 'saml' } as const;

/** The callback page the box is on (interfaces §2): its kind by path (the app's routes), params = the query string; else null. */
export function callbackOf(app: FeApp, url: URL = new URL(location.href)): LoginCallback | null {
  const route = (Object.keys(CALLBACKS) as (keyof typeof CALLBACKS)[]).find((k) => app.routes[k] && new URL(app.routes[k], url).pathname === url.pathname);
  return route ? { kind: CALLBACKS[route], params: Object.fromEntries(url.searchParams) } : null;
}

/**
 * The machine's `start` output: `authStrategy` (always set), `callback`,
 * `mode`, `quickLoginUserId`. `strategies` is the request started by the
 * caller (its rejection is swallowed here).
 */
export async function loginStart(app: FeApp, strategies: Promise<PublicAuthStrategies>): Promise<Partial<LoginContext>> {
  const s = storage();
  const user = s?.getItem(QUICK_LOGIN_USER_KEY) ?? null;
  const register = s?.getItem(REGISTER_QUICK_LOGIN_KEY) === 'sms';
  s?.removeItem(REGISTER_QUICK_LOGIN_KEY);
  let authStrategy: AuthStrategy = 'EmailAndPassword';
  try {
    authStrategy = authStrategyFrom(await strategies);
  } catch (error) {
    app.logger.debug('LOAD_PUBLIC_AUTH_STRATEGIES_POLICY failed, EmailAndPassword used', error);
  }
  // NoLocalAuthentication: the email field only finds an SSO connection, so it shows only when the vendor has one
  // (sign-in §7 public SSO configuration; a failure leaves it shown)
  let ssoActive: boolean | undefined;
  if (authStrategy === 'NoLocalAuthentication') {
    try {
      ssoActive = (await (await import('../../api/federation.ts')).createFederationApi(app.client).getSSOPublicConfiguration()).isActive !== false;
    } catch (error) {
      app.logger.debug('LOAD_SSO_PUBLIC_CONFIGURATION failed, the SSO email field stays', error);
    }
  }
  const callback = callbackOf(app);
  // the login page's redirectUrl survives the round trip: a social sign-in keeps it in the pending login it stored
  // (src/federation), an SSO one under SSO_RETURN_KEY (written on redirectToSSO)
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
  return {
    ...(redirectUrl ? { redirectUrl } : {}),
    authStrategy,
    ...(ssoActive === undefined ? {} : { ssoActive }),
    callback,
    mode: register ? 'registerQuickLogin' : 'login',
    quickLoginUserId: user && s?.getItem(QUICK_LOGIN_KEY + user) === 'sms' ? user : null,
  };
}
