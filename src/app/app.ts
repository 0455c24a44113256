import { decodeJwt } from 'jose';
import { createApiClient, createAuthApi, createLogger, retry, type ApiClient, type Logger } from '../api/index.ts';
import type { AdminBoxMetadata, LoginResponse, Tenant, TenantsResponse } from '../api/types.ts';
import { createI18n, en, type I18n } from '../i18n/index.ts';
import { clearSession, createStores, setAccessToken, setSession, type AuthUser, type FeStores } from '../stores/index.ts';
import { DEFAULT_ROUTES, type FeAppOptions, type FeRoutes } from './options.ts';

export type { FeAppOptions, FeRoutes };
export { DEFAULT_ROUTES };

/** The auth API functions of one app (see src/api/auth.ts). */
export type AuthApi = ReturnType<typeof createAuthApi>;

/** The result of a completed sign-in (sign-in §3 "Login result"). */
export interface LoginResult {
  user: AuthUser;
  tenants: Tenant[];
  activeTenant: Tenant | null;
}

/** Error thrown (and alerted) when `baseUrl` is missing (sign-in §5, §8). */
export class MissingBaseUrlError extends Error {
  constructor() {
    super(en['app.missingBaseUrl']);
    this.name = 'MissingBaseUrlError';
  }
}

/**
 * One app: options + API + stores. Elements find it through `<fe-app>`
 * (@lit/context); host scripts get it from `createFeApp`.
 */
export interface FeApp {
  readonly options: Readonly<FeAppOptions>;
  readonly routes: Readonly<FeRoutes>;
  readonly client: ApiClient;
  readonly auth: AuthApi;
  readonly stores: FeStores;
  readonly i18n: I18n;
  readonly logger: Logger;
  /** Runs the loading order of sign-in §4; resolves when the app is ready. Safe to call twice. */
  start(): Promise<void>;
  /**
   * Refreshes the session through the refresh cookie (embedded mode:
   * POST with empty body and cookies, sign-in §7). Concurrent callers share
   * one request. A failed refresh clears the user and token (sign-in §4).
   * @returns the login result, or `null` when there is no session.
   */
  refresh(): Promise<LoginResult | null>;
  /**
   * Completes a login response (sign-in §4): without an access token it is
   * passed on as is (`null`); with one, the token is stored first, then the
   * profile, entitlements, authorization and tenants load and the user is set.
   */
  completeLogin(response: LoginResponse): Promise<LoginResult | null>;
  /** Calls the logout API (errors swallowed) and clears the session. */
  logout(): Promise<void>;
  /** Clears the user and the access token without calling the API (MFA required, sign-in §4). */
  clearSession(): void;
  /** Sends the browser to `url` (options.navigate, default `location.assign`). */
  navigate(url: string): void;
  /**
   * Where to go after authentication (sign-in §5): `redirectUrl` when it is
   * same-origin or an allowed origin, otherwise (with a warning) the
   * authenticated URL.
   */
  resolvePostAuthUrl(redirectUrl?: string | null): string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** Deep merge of plain objects; arrays and scalars of `b` replace those of `a`. */
export function deepMerge<T extends Record<string, unknown>>(a: T, b: Record<string, unknown> | undefined): T {
  if (!b) return a;
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObject(v) && isObject(out[k]) ? deepMerge(out[k] as Record<string, unknown>, v) : v;
  return out as T;
}

function blankPageAndAlert(message: string): void {
  if (typeof document === 'undefined') return;
  document.body?.replaceChildren();
  globalThis.alert?.(message);
}

/** Apps created on this page, newest last (for host functions called without an app). */
const apps: FeApp[] = [];

/**
 * The app host functions use when none is passed: the newest one created.
 * @throws Error when no app exists yet.
 */
export function defaultApp(): FeApp {
  const app = apps.at(-1);
  if (!app) throw new Error('No app yet: add <fe-app> to the page or call createFeApp(options) first');
  return app;
}

/**
 * Creates one app.
 * @throws MissingBaseUrlError when `options.baseUrl` is empty; the page is
 *   blanked and an alert shows the catalogue's message (sign-in §5, §8).
 */
export function createFeApp(options: FeAppOptions): FeApp {
  if (!options?.baseUrl) {
    const error = new MissingBaseUrlError();
    blankPageAndAlert(error.message);
    throw error;
  }
  const stores = createStores();
  const logger = createLogger(options.logLevel ?? 'warn');
  const i18n = createI18n(options.locale ?? 'en', options.localizations ?? {});
  const routes: FeRoutes = { ...DEFAULT_ROUTES, ...options.routes } as FeRoutes;
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  const client = createApiClient({
    baseUrl: options.baseUrl,
    urlPrefix: options.urlPrefix,
    getAccessToken: () => stores.$session.get().accessToken,
    sdkVersion: options.sdkVersion ?? '0.1.0',
    framework: options.framework ?? 'vanillajs',
    tenantResolver: options.tenantResolver,
    appId: options.appId,
    requestCredentials: options.requestCredentials,
    logLevel: options.logLevel,
    navigate,
    // preview mode: canned answers, loaded on demand so normal pages do not pay for them
    fetch: options.preview ? (input, init) => import('../preview/transport.ts').then((m) => m.previewFetch(input, init)) : undefined,
  });
  const auth = createAuthApi(client);
  const entitlementsOn = !!options.entitlements?.enabled;

  async function completeLogin(response: LoginResponse): Promise<LoginResult | null> {
    if (!response?.accessToken) return null;
    setAccessToken(stores, response.accessToken);
    const claims = (() => {
      try {
        return decodeJwt(response.accessToken) as Record<string, unknown>;
      } catch {
        return {};
      }
    })();
    const [me, entitlements, authorization, tenants] = await Promise.all([
      retry(() => auth.getMe(), { attempts: 3, delayMs: 2000 }),
      entitlementsOn ? auth.getEntitlements().catch(() => undefined) : Promise.resolve(undefined),
      auth.getAuthorization().catch(() => ({})),
      auth.getTenants().catch((): TenantsResponse => ({ tenants: [], activeTenant: null as unknown as Tenant })),
    ]);
    const { accessToken: _a, refreshToken: _r, ...rest } = response as LoginResponse & Record<string, unknown>;
    const user: AuthUser = { ...rest, ...claims, ...me, ...authorization, entitlements } as AuthUser;
    stores.$tenants.set({ tenants: tenants.tenants ?? [], activeTenant: tenants.activeTenant ?? null });
    setSession(stores, user, response.accessToken, response.expiresIn);
    return { user, tenants: tenants.tenants ?? [], activeTenant: tenants.activeTenant ?? null };
  }

  let refreshing: Promise<LoginResult | null> | null = null;
  function refresh(): Promise<LoginResult | null> {
    refreshing ??= (async () => {
      try {
        const response = await auth.refreshToken({ tenantId: null });
        const result = await completeLogin(response);
        if (!result) clearSession(stores);
        return result;
      } catch (error) {
        logger.debug('refresh failed', error);
        clearSession(stores);
        return null;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function loadMetadata(): Promise<void> {
    let metadata: AdminBoxMetadata = deepMerge({}, options.metadata as Record<string, unknown>);
    try {
      metadata = deepMerge(metadata, (await auth.getAdminBoxMetadata()) as Record<string, unknown>);
      const overridesUrl = metadata.metadataOverrides?.url;
      if (overridesUrl) metadata = deepMerge(metadata, (await auth.getMetadataOverrides(overridesUrl)) as Record<string, unknown>);
    } catch (error) {
      logger.debug('metadata not loaded, defaults used', error);
    }
    stores.$metadata.set(metadata);
    if (metadata.localizations) i18n.$overrides.set(deepMerge(options.localizations ?? {}, metadata.localizations));
  }

  let started: Promise<void> | null = null;
  function start(): Promise<void> {
    started ??= (async () => {
      stores.$loading.setKey('phase', 'flags');
      stores.$featureFlags.set(await auth.getFeatureFlags().catch(() => ({})));
      stores.$loading.setKey('phase', 'metadata');
      await Promise.all([
        loadMetadata(),
        // preview mode has no session to restore
        options.preview ? Promise.resolve(clearSession(stores)) : refresh(),
        auth
          .getVendorConfig()
          .then((c) => stores.$vendorConfig.set(c))
          .catch((error) => logger.debug('LOAD_ALLOW_SIGNUPS failed, defaults used', error)),
        auth
          .getVendorPublicInfo()
          .then((v) => stores.$vendor.set(v))
          .catch((error) => logger.warn('vendor public info not loaded', error)),
      ]);
      stores.$loading.setKey('phase', 'ready');
    })();
    return started;
  }

  async function logout(): Promise<void> {
    try {
      await auth.logout();
    } catch (error) {
      logger.warn('logout call failed; the local session is cleared anyway', error);
    }
    clearSession(stores);
  }

  function resolvePostAuthUrl(redirectUrl?: string | null): string {
    const fallback = routes.authenticatedUrl;
    if (!redirectUrl) return fallback;
    let target: URL;
    try {
      target = new URL(redirectUrl, window.location.href);
    } catch {
      logger.warn(`redirectUrl ${redirectUrl} is not a valid URL; using ${fallback}`);
      return fallback;
    }
    if (options.enforceRedirectToSameSite === false) return target.href;
    const allowed = new Set([window.location.origin, ...(options.allowedRedirectOrigins ?? [])]);
    if (allowed.has(target.origin)) return target.href;
    logger.warn(`redirectUrl ${redirectUrl} is not same-origin nor an allowed origin; using ${fallback}`);
    return fallback;
  }

  const app: FeApp = {
    options,
    routes,
    client,
    auth,
    stores,
    i18n,
    logger,
    start,
    refresh,
    completeLogin,
    logout,
    resolvePostAuthUrl,
    navigate,
    clearSession: () => clearSession(stores),
  };
  apps.push(app);
  return app;
}
