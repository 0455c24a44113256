/**
 * Configuration of the host-server session (sign-in §5, §8, §9): from options
 * or environment variables, validated at start.
 *
 * | variable | option | meaning |
 * |---|---|---|
 * | `FE_BASE_URL` | `baseUrl` | origin of the identity API, e.g. `https://auth.example.com` (required) |
 * | `FE_CLIENT_ID` | `clientId` | the vendor's client id (required) |
 * | `FE_CLIENT_SECRET` | `clientSecret` | the vendor's client secret; required for hosted login and secure JWT mode |
 * | `FE_ENCRYPTION_PASSWORD` | `encryptionPassword` | seals the session cookie: exactly 64 hexadecimal characters (required) |
 * | `FE_HOSTED_LOGIN` | `hostedLogin` | `true`/`false`; when both are set they must agree |
 * | `FE_SECURE_JWT` | `secureJwt` | `true`/`false`: refresh through the token endpoint with the client secret |
 * | `FE_APP_URL` | `appUrl` | public URL of the host app (redirect_uri, post-logout redirect); default: the request's origin |
 * | `FE_COOKIE_NAME` | `cookie.name` | default `fe_session_` + client id |
 * | `FE_COOKIE_SAMESITE` | `cookie.sameSite` | `none` (default), `lax` or `strict` |
 *
 * Errors are {@link ServerConfigError}s with the messages of the error catalogue, verbatim:
 * "Missing one or more environment variables (FE_BASE_URL, FE_CLIENT_ID)" and
 * "Invalid environment variable (FE_ENCRYPTION_PASSWORD), must be a valid 64-character hexadecimal string".
 * Options passed in code are reported under the variable they stand for.
 */

export type SameSite = 'none' | 'lax' | 'strict';

export interface CookieOptions {
  /** Default `fe_session_` + clientId (sign-in §9). */
  name?: string;
  /** Default `none` (sign-in §9). Browsers refuse `SameSite=None` without `Secure`, so with `secure: false` it is sent as `Lax`. */
  sameSite?: SameSite;
  /** Default true. Set false only for plain-http development on a host other than localhost. */
  secure?: boolean;
  /** Default true. */
  httpOnly?: boolean;
  domain?: string;
  /** Default `/`. */
  path?: string;
  /** Lifetime of the cookie and of the seal, in seconds. Default 30 days (the refresh token's lifetime). */
  maxAge?: number;
}

export interface ServerRoutes {
  /** Hosted-login callback, default `/oauth/callback`. */
  callback?: string;
  /** Logout, default `/account/logout`. */
  logout?: string;
  /** Hosted-login start (redirects to the authorize endpoint), default `/account/login`; only served with hosted login. */
  login?: string;
  /** Where the callback sends the user, default `/`. */
  authenticatedUrl?: string;
  /** Where logout sends the user, default `/`. */
  afterLogoutUrl?: string;
}

export interface ServerSessionOptions {
  baseUrl: string;
  clientId: string;
  clientSecret?: string;
  encryptionPassword: string;
  /** Hosted login (the callback route exchanges codes). Must agree with `FE_HOSTED_LOGIN` when that is set. Default false. */
  hostedLogin?: boolean;
  /**
   * Secure JWT mode: the server refreshes through `POST {baseUrl}/{prefix}/oauth/token` with the
   * client secret (sign-in §7), never through the browser's refresh cookie. Needs `clientSecret`.
   * Default: on when a client secret is given.
   */
  secureJwt?: boolean;
  /** Public URL of the host app. Default: the origin of each request. */
  appUrl?: string;
  /** API prefix, default `frontegg` (contract §1). */
  urlPrefix?: string;
  /** Expected `iss` of access tokens; default `baseUrl`. `false` skips the check. */
  issuer?: string | false;
  /** Hosted-login authorize path on baseUrl, default `/oauth/authorize`. */
  authorizePath?: string;
  cookie?: CookieOptions;
  routes?: ServerRoutes;
  /** The environment checked for `FE_HOSTED_LOGIN` agreement; default `process.env` when there is one. */
  env?: Record<string, string | undefined>;
  /** fetch used for every call to the identity API (tests, instrumentation). */
  fetch?: typeof fetch;
}

/** The validated configuration, every default filled in. */
export interface ServerConfig {
  baseUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret?: string;
  encryptionPassword: string;
  hostedLogin: boolean;
  secureJwt: boolean;
  appUrl?: string;
  urlPrefix: string;
  issuer: string | false;
  authorizePath: string;
  cookie: Required<Omit<CookieOptions, 'domain'>> & { domain?: string };
  routes: Required<ServerRoutes>;
  fetch: typeof fetch;
}

export class ServerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerConfigError';
  }
}

export const ENV = {
  baseUrl: 'FE_BASE_URL',
  clientId: 'FE_CLIENT_ID',
  clientSecret: 'FE_CLIENT_SECRET',
  encryptionPassword: 'FE_ENCRYPTION_PASSWORD',
  hostedLogin: 'FE_HOSTED_LOGIN',
  secureJwt: 'FE_SECURE_JWT',
  appUrl: 'FE_APP_URL',
  cookieName: 'FE_COOKIE_NAME',
  cookieSameSite: 'FE_COOKIE_SAMESITE',
} as const;

export const SESSION_COOKIE_PREFIX = 'fe_session_';
export const DEFAULT_SESSION_MAX_AGE = 30 * 24 * 3600;

const missing = (names: string[]) => new ServerConfigError(`Missing one or more environment variables (${names.join(', ')})`);
const invalid = (name: string, what: string) => new ServerConfigError(`Invalid environment variable (${name}), must be a valid ${what}`);

const HEX64 = /^[0-9a-fA-F]{64}$/;
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function parseBool(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw invalid(name, 'boolean (true or false)');
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function defaultEnv(): Record<string, string | undefined> {
  const p = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return p?.env ?? {};
}

/**
 * Options from environment variables (see the table above). Validation happens in
 * {@link resolveConfig} / `createServerSession`, so every problem is reported the same way.
 */
export function configFromEnv(env: Record<string, string | undefined> = defaultEnv(), overrides: Partial<ServerSessionOptions> = {}): ServerSessionOptions {
  const get = (k: string) => (env[k] === '' ? undefined : env[k]);
  const sameSite = get(ENV.cookieSameSite)?.toLowerCase();
  if (sameSite !== undefined && !['none', 'lax', 'strict'].includes(sameSite)) throw invalid(ENV.cookieSameSite, 'SameSite value (none, lax or strict)');
  return {
    baseUrl: get(ENV.baseUrl) as string,
    clientId: get(ENV.clientId) as string,
    clientSecret: get(ENV.clientSecret),
    encryptionPassword: get(ENV.encryptionPassword) as string,
    hostedLogin: parseBool(ENV.hostedLogin, get(ENV.hostedLogin)),
    secureJwt: parseBool(ENV.secureJwt, get(ENV.secureJwt)),
    appUrl: get(ENV.appUrl),
    ...overrides,
    cookie: {
      ...(get(ENV.cookieName) ? { name: get(ENV.cookieName) } : {}),
      ...(sameSite ? { sameSite: sameSite as SameSite } : {}),
      ...overrides.cookie,
    },
    env: overrides.env ?? env,
  };
}

/** Validates options and fills in the defaults. Throws {@link ServerConfigError}. */
export function resolveConfig(options: ServerSessionOptions): ServerConfig {
  const env = options.env ?? defaultEnv();
  const envHosted = parseBool(ENV.hostedLogin, env[ENV.hostedLogin] || undefined);
  const hostedLogin = options.hostedLogin ?? envHosted ?? false;
  const secureJwt = options.secureJwt ?? Boolean(options.clientSecret);

  const absent: string[] = [];
  if (!options.baseUrl) absent.push(ENV.baseUrl);
  if (!options.clientId) absent.push(ENV.clientId);
  // secure JWT mode and the hosted-login code exchange authenticate with the client secret (sign-in §5, §7)
  if (!options.clientSecret && (secureJwt || hostedLogin)) absent.push(ENV.clientSecret);
  if (!options.encryptionPassword) absent.push(ENV.encryptionPassword);
  if (absent.length) throw missing(absent);

  if (!isHttpUrl(options.baseUrl)) throw invalid(ENV.baseUrl, 'http(s) URL');
  if (!HEX64.test(options.encryptionPassword)) throw invalid(ENV.encryptionPassword, '64-character hexadecimal string');
  if (options.appUrl !== undefined && !isHttpUrl(options.appUrl)) throw invalid(ENV.appUrl, 'http(s) URL');
  if (envHosted !== undefined && options.hostedLogin !== undefined && envHosted !== options.hostedLogin) {
    throw invalid(ENV.hostedLogin, `boolean that agrees with the hostedLogin option (${options.hostedLogin})`);
  }
  const cookie = options.cookie ?? {};
  const name = cookie.name ?? `${SESSION_COOKIE_PREFIX}${options.clientId}`;
  if (!COOKIE_NAME.test(name)) throw invalid(ENV.cookieName, 'cookie name');
  const sameSite = cookie.sameSite ?? 'none';
  if (!['none', 'lax', 'strict'].includes(sameSite)) throw invalid(ENV.cookieSameSite, 'SameSite value (none, lax or strict)');
  const maxAge = cookie.maxAge ?? DEFAULT_SESSION_MAX_AGE;
  if (!(Number.isInteger(maxAge) && maxAge > 0)) throw new ServerConfigError('cookie.maxAge must be a positive whole number of seconds');

  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const urlPrefix = (options.urlPrefix || 'frontegg').replace(/^\/+|\/+$/g, '');
  const routes = options.routes ?? {};
  return {
    baseUrl,
    apiUrl: `${baseUrl}/${urlPrefix}`,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    encryptionPassword: options.encryptionPassword,
    hostedLogin,
    secureJwt,
    appUrl: options.appUrl?.replace(/\/+$/, ''),
    urlPrefix,
    issuer: options.issuer === undefined ? baseUrl : options.issuer,
    authorizePath: options.authorizePath ?? '/oauth/authorize',
    cookie: {
      name,
      sameSite,
      secure: cookie.secure ?? true,
      httpOnly: cookie.httpOnly ?? true,
      path: cookie.path ?? '/',
      maxAge,
      ...(cookie.domain ? { domain: cookie.domain } : {}),
    },
    routes: {
      callback: routes.callback ?? '/oauth/callback',
      logout: routes.logout ?? '/account/logout',
      login: routes.login ?? '/account/login',
      authenticatedUrl: routes.authenticatedUrl ?? '/',
      afterLogoutUrl: routes.afterLogoutUrl ?? '/',
    },
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  };
}
