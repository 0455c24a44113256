import { decodeClaims } from '../auth/claims.ts';
import { safeNavigationUrl, UnsafeUrlError } from '../auth/safe-url.ts';
import { createApiClient, createAuthApi, createLogger, retry } from '../api/index.ts';
import type { AdminBoxMetadata, LoginResponse, Tenant, TenantsResponse } from '../api/types.ts';
import { createI18n, en } from '../i18n/index.ts';
import { clearSession, createStores, setAccessToken, setSession, type AuthUser } from '../stores/index.ts';
import { DEFAULT_ROUTES, type FeAppOptions, type FeRoutes } from './options.ts';
import { embeddedTransport, lazyTransport } from './transport.ts';

export type { FeAppOptions, FeRoutes };
export type { AuthApi, FeApp, LoginResult, SessionSource } from './types.ts';
import type { FeApp, LoginResult, SessionSource } from './types.ts';
export { DEFAULT_ROUTES };

/** sessionStorage key of the tab's tenant when sessions are scoped per tab (contract §4). */
export const TAB_TENANT_KEY = 'FRONTEGG_SEPARATE_TABS_BY_TENANT';

/** Error thrown (and alerted) when `baseUrl` is missing (sign-in §5, §8). */
export class MissingBaseUrlError extends Error {
  constructor() {
    super(en['app.missingBaseUrl']);
    this.name = 'MissingBaseUrlError';
  }
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

/**
 * The key the tabs of one app share (cross-tab session announcements, the refresh lock, the idle sign-out): the
 * app's `name`, else its client id, else its base URL.
 */
export function sessionSyncKey(options: Pick<FeAppOptions, 'name' | 'clientId' | 'baseUrl'>): string {
  return options.name ?? options.clientId ?? String(options.baseUrl);
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
  const go = options.navigate ?? ((url: string) => window.location.assign(url));
  const navigate = (url: string) => {
    const safe = safeNavigationUrl(url);
    if (safe === null) {
      logger.error(`refused to navigate to ${JSON.stringify(String(url).slice(0, 80))}: not https, same-origin or loopback`);
      throw new UnsafeUrlError(String(url));
    }
    go(safe);
  };
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
    // a 401 to a call with the bearer: one refresh (shared, tabs coordinated), then the call once more
    // (architecture "How data flows" 5); not for the calls completeLogin makes itself: the refresh
    // would wait for them, and a fresh token refused is no expired session
    onUnauthorized: () => (completing ? Promise.resolve(false) : refresh().then((r) => !!r)),
    onRefused: (error) => app.onRefused?.(error),
  });
  const auth = createAuthApi(client);
  // the session transport, chosen once: hosted login's code loads on first use
  const transport = options.hostedLoginBox
    ? lazyTransport(['loginUrl', 'logoutUrl', 'hostedLoginRedirectUrl'], () => import('./hosted.ts').then((m) => m.hostedTransport(app)))
    : embeddedTransport(auth);
  const entitlementsOn = !!options.entitlements?.enabled;

  // cross-tab coordination, loaded on demand (src/app/session-sync.ts)
  const syncKey = sessionSyncKey(options);
  let sync: Promise<import('./session-sync.ts').SessionSync> | null = null;
  const getSync = () =>
    (sync ??= import('./session-sync.ts').then((m) =>
      m.createSessionSync(syncKey, {
        session: (response) => void completeLogin(response, 'tab').catch((error) => logger.debug('shared session not adopted', error)),
        logout: () => endSession(),
      }),
    ));

  /** Refreshes at 80 % of the access token's lifetime (expiresIn seconds). */
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  function scheduleRefresh(expiresInSeconds?: number) {
    clearTimeout(refreshTimer);
    if (expiresInSeconds && expiresInSeconds > 0) refreshTimer = setTimeout(() => void refresh(), Math.max(1000, expiresInSeconds * 800));
  }
  function endSession() {
    clearTimeout(refreshTimer);
    clearSession(stores);
  }

  /** The tab's tenant when sessions are scoped per tab (sign-in §3; contract §4). */
  const tabTenant = () => (options.sessionPerTab ? sessionStorage.getItem(TAB_TENANT_KEY) : null);

  /** Where the current session came from: an element of this tab, a refresh, or another tab. */
  let sessionSource: SessionSource = 'refresh';
  /** How many completeLogin calls are loading the profile (their 401s never refresh: see onUnauthorized). */
  let completing = 0;
  async function completeLogin(response: LoginResponse, source: SessionSource = 'interactive'): Promise<LoginResult | null> {
    if (!response?.accessToken) return null;
    setAccessToken(stores, response.accessToken);
    const claims = (() => {
      try {
        return decodeClaims(response.accessToken) as Record<string, unknown>;
      } catch {
        return {};
      }
    })();
    completing++;
    const [me, entitlements, authorization, tenants] = await Promise.all([
      retry(() => auth.getMe(), { attempts: 3, delayMs: 2000 }),
      entitlementsOn ? auth.getEntitlements().catch(() => undefined) : Promise.resolve(undefined),
      auth.getAuthorization().catch(() => ({})),
      auth.getTenants().catch((): TenantsResponse => ({ tenants: [], activeTenant: null as unknown as Tenant })),
    ]).finally(() => completing--);
    const { accessToken: _a, refreshToken: _r, ...rest } = response as LoginResponse & Record<string, unknown>;
    const user: AuthUser = { ...rest, ...claims, ...me, ...authorization, entitlements } as AuthUser;
    const tab = tabTenant();
    if (tab) user.tenantId = tab;
    stores.$tenants.set({ tenants: tenants.tenants ?? [], activeTenant: tenants.activeTenant ?? null });
    sessionSource = source;
    if (source !== 'refresh') signIns++;
    setSession(stores, user, response.accessToken, response.expiresIn);
    scheduleRefresh(response.expiresIn);
    if (source === 'interactive') void getSync().then((s) => s.announceSession(response));
    return { user, tenants: tenants.tenants ?? [], activeTenant: tenants.activeTenant ?? null };
  }

  /**
   * Sessions begun other than by a refresh (a sign-in here or in another tab). A refresh that fails after one began
   * (the start-up refresh of a signed-out page, answered after a quick sign-in) must not end the new session.
   */
  let signIns = 0;
  let refreshing: Promise<LoginResult | null> | null = null;
  function refresh(): Promise<LoginResult | null> {
    refreshing ??= (async () => {
      const before = signIns;
      const endStale = () => {
        if (signIns === before) endSession();
      };
      try {
        // one refresh at a time across tabs (Web Locks): the refresh token rotates on use, so each
        // tab must send the cookie the previous refresh left, never one another tab just spent
        const send = () => transport.refresh(tabTenant());
        const response = await (navigator.locks ? navigator.locks.request(`fe-refresh:${syncKey}`, send) : send());
        const result = await completeLogin(response, 'refresh');
        if (!result) endStale();
        return result;
      } catch (error) {
        logger.debug('refresh failed', error);
        endStale();
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

  /**
   * A session rendered by the host's server (`<script type="application/json"
   * id="fe-session">`, fe-elements/server renderSessionScript): the elements
   * start signed in without a flash, and the refresh replaces it.
   */
  function adoptServerSession(): void {
    try {
      const hint = JSON.parse(document.getElementById('fe-session')?.textContent || 'null') as { user: AuthUser; expiresAt: number } | null;
      if (hint?.user && hint.expiresAt * 1000 > Date.now()) {
        sessionSource = 'refresh';
        stores.$session.set({ isLoading: false, isAuthenticated: true, user: hint.user, accessToken: null, expiresAt: hint.expiresAt * 1000 });
      }
    } catch (error) {
      logger.debug('fe-session script ignored', error);
    }
  }

  let started: Promise<void> | null = null;
  function start(): Promise<void> {
    started ??= (async () => {
      if (typeof document !== 'undefined') adoptServerSession();
      // listen to the other tabs from the start (loaded on demand, not before the first input)
      void getSync();
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
      // then the analytics tag (sign-in §4, §5), its code loaded only when the metadata names a container
      const analytics = stores.$metadata.get().integrations?.analytics;
      if (analytics?.length) void import('./analytics.ts').then((m) => m.loadAnalyticsTag(analytics, options.analyticsScriptUrl), logger.warn);
    })();
    return started;
  }

  let loggingOut = false;
  async function logout(): Promise<void> {
    loggingOut = true;
    try {
      // hosted login: the browser leaves for the hosted logout, so this never settles
      await transport.logout();
    } catch (error) {
      logger.warn('logout call failed; the local session is cleared anyway', error);
    }
    endSession();
    loggingOut = false;
    void getSync().then((s) => s.announceLogout());
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
    if (safeNavigationUrl(target.href) === null) {
      logger.warn(`redirectUrl ${JSON.stringify(redirectUrl.slice(0, 80))} is not a safe URL; using ${fallback}`);
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
    transport,
    start,
    refresh,
    completeLogin,
    logout,
    resolvePostAuthUrl,
    navigate,
    clearSession: endSession,
    get loggingOut() {
      return loggingOut;
    },
    get sessionSource() {
      return sessionSource;
    },
  };
  apps.push(app);
  return app;
}
