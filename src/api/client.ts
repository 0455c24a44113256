/**
 * The HTTP core of fe-elements: builds URLs and headers, sends JSON, and
 * normalises answers and errors for the identity API (api-contract.md §1–§3;
 * sign-in §7 "Calls", §8 "Error catalogue"). Built on ofetch (house style §7,
 * §8), which loads with the first request (issue 24: it is on no element's
 * first-input path); it knows nothing about UI or stores — the session token
 * arrives through `getAccessToken`.
 *
 * @example
 * ```ts
 * const api = createApiClient({ baseUrl: 'https://app.example.com', getAccessToken: () => $session.get().accessToken });
 * const me = await api.get<UserProfile>('/identity/resources/users/v2/me');
 * ```
 */
import type { $Fetch } from 'ofetch';
import { assertSafeUrl } from '../auth/safe-url.ts';
import type { RefreshState } from './unauthorized.ts';
import { errorFromResponse, networkError, TRACE_ID_HEADER, type FeApiError } from './errors.ts';
import { createLogger, DEFAULT_LOG_LEVEL, logHttpError, type Logger, type LogLevel } from './logger.ts';

/** The default API prefix (contract §1, SI-7.08). */
export const DEFAULT_URL_PREFIX = 'frontegg';

/** Value of the `frontegg-source` header. */
export type RequestSource = 'login-box' | 'admin-portal';

/** HTTP methods the client sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Configuration of {@link createApiClient}. */
export interface ApiClientConfig {
  /**
   * Host origin of the identity API, e.g. `'http://127.0.0.1:5173'`, or a
   * function of the request path that returns it (contract §1). Required.
   */
  baseUrl: string | ((path: string) => string);
  /** API prefix; default `'frontegg'`. `''` also means `'frontegg'` (contract §1). Leading/trailing `/` are ignored. */
  urlPrefix?: string;
  /** Bearer token from the session store; no `Authorization` header when it returns a falsy value (SI-7.01). */
  getAccessToken?: () => string | null | undefined;
  /** `x-frontegg-sdk` header value (SI-7.02). */
  sdkVersion?: string;
  /** `x-frontegg-framework` header value (SI-7.02). */
  framework?: string;
  /** Default `frontegg-source` header (SI-7.02); a request may override it with `source`. */
  requestSource?: RequestSource;
  /** Resolves the login alias sent as `frontegg-login-alias` (SI-7.04). Awaited on every request. */
  tenantResolver?: () => Promise<{ tenant?: string } | undefined> | { tenant?: string } | undefined;
  /** `frontegg-requested-application-id` header value (SI-7.04). */
  appId?: string;
  /** Extra headers added to every request, after the built-in ones up to the scoped tenant (contract §2 order). */
  additionalHeaders?: () => Record<string, string>;
  /** Fetch credentials mode; default `'same-origin'` (SI-7.06). */
  requestCredentials?: RequestCredentials;
  /** Log level; default `'warn'` (SI-9.02). */
  logLevel?: LogLevel;
  /** Called with the response text of a 302 answer (SI-7.59); default `window.location.assign`. */
  navigate?: (url: string) => void;
  /** The page's query string, read for `?tenantId=` (SI-7.03); default `window.location.search`. */
  getLocationSearch?: () => string;
  /**
   * The `fetch` implementation (default `globalThis.fetch`). An addition to
   * the brief, for a preview transport that answers without the network.
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Refreshes the session when a request sent with a bearer token answers 401
   * (architecture "How data flows" 5): resolve `true` once `getAccessToken`
   * returns a new token, `false` (or reject) when there is no session. The
   * request is then sent once more, with the new token; a second 401 is final.
   * Concurrent 401s share one call (one in-flight promise). Not called for
   * requests without a bearer, with `withoutAuthorization` or `noRefresh`
   * (refresh, logout, sign-in calls). When the token changed while a request
   * was out, it is simply sent again with the current token; a 401 to a
   * request carrying another token than the one a running refresh replaces
   * (e.g. that refresh's own profile call) is final — the hook itself must
   * likewise answer `false` for its own calls rather than wait for itself.
   */
  onUnauthorized?: () => Promise<boolean>;
  /**
   * Told of every error answer (after the one refresh of a 401), before the error is thrown to the caller: the app
   * notes a refusal that ends the session, and ends a session the server no longer serves (a 403 `IP address is not
   * allowed`, issue 31) whatever view made the call. Its own errors are not caught.
   */
  onRefused?: (error: FeApiError) => void;
}

/** Options of one request. */
export interface RequestOptions {
  /** Default `'GET'`. */
  method?: HttpMethod;
  /**
   * JSON body; sent `JSON.stringify`'d (SI-7.05). `undefined`/`null` send no
   * body. A `FormData`, `Blob`, `URLSearchParams` or `ArrayBuffer` is sent as
   * is (for `FormData` the `Content-Type` header is left to the browser).
   * Ignored on `GET`.
   */
  body?: unknown;
  /** Query parameters; `undefined`/`null` are omitted, objects and arrays are JSON-stringified. */
  query?: Record<string, unknown>;
  /** Per-request headers, applied after all built-in headers. */
  headers?: Record<string, string>;
  /** Overrides the credentials mode of the config. */
  credentials?: RequestCredentials;
  /** Removes the `Authorization` header (refresh, activate, logout: SI-7.07). */
  withoutAuthorization?: boolean;
  /**
   * A 401 answer is final: no `config.onUnauthorized` refresh and no retry
   * (sign-in calls, whose 401 means refused credentials, not an expired session).
   */
  noRefresh?: boolean;
  /** Overrides the config's `frontegg-source`. */
  source?: RequestSource;
  /**
   * Another account's token for this call (contract §2 "Authorization (override)", the `[jwt]` operations): sent as
   * `Authorization: <jwt>`, the raw token with **no** `Bearer ` prefix, after every other header (issue 34: the calls
   * the portal makes while acting in a sub-account). The session is not involved: its 401 calls no refresh
   * (`onUnauthorized`), and no refusal of such a call reaches `onRefused` (it says nothing of the session).
   */
  jwt?: string;
  /**
   * `'json'` (default) parses the body; `'text'` returns the raw text; `'blob'` returns the body's bytes as a `Blob`
   * (typed by the answer's `Content-Type`: a PDF, a file to download). A failure is read as text either way.
   */
  responseType?: 'json' | 'text' | 'blob';
  /** Aborts the request; the promise then rejects with the signal's reason (not an FeApiError). */
  signal?: AbortSignal;
}

/** Options of the body-less convenience methods. */
export type GetOptions = Omit<RequestOptions, 'method' | 'body'>;
/** Options of the convenience methods that take a body. */
export type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

/** A configured API client. */
export interface ApiClient {
  /** The configuration the client was created with (frozen copy). */
  readonly config: Readonly<ApiClientConfig>;
  /** The client's logger (level from `config.logLevel`, default `'warn'`). */
  readonly logger: Logger;
  /** The final URL for `path` and `query` (contract §1, SI-7.08). */
  url(path: string, query?: Record<string, unknown>): string;
  /**
   * Sends one request. Resolves with the parsed JSON (`{}` for an empty, 204
   * or unparseable successful body, SI-8.19), the text for
   * `responseType: 'text'`, or a `Blob` for `responseType: 'blob'`. Rejects with an {@link FeApiError} (statusCode 0
   * when no answer arrived). A 302 answer calls `config.navigate` with the
   * response text and never settles (SI-7.59).
   */
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /** `GET path`. */
  get<T = unknown>(path: string, options?: GetOptions): Promise<T>;
  /** `POST path` with an optional JSON body. */
  post<T = unknown>(path: string, body?: unknown, options?: BodyOptions): Promise<T>;
  /** `PUT path` with an optional JSON body. */
  put<T = unknown>(path: string, body?: unknown, options?: BodyOptions): Promise<T>;
  /** `PATCH path` with an optional JSON body. */
  patch<T = unknown>(path: string, body?: unknown, options?: BodyOptions): Promise<T>;
  /** `DELETE path`; the contract allows a JSON body on DELETE (groups, sub-tenants, apps, directory). */
  delete<T = unknown>(path: string, body?: unknown, options?: BodyOptions): Promise<T>;
}

/** Header names (lower case) of contract §2. */
export const HEADERS = Object.freeze({
  sdk: 'x-frontegg-sdk',
  framework: 'x-frontegg-framework',
  contentType: 'content-type',
  source: 'frontegg-source',
  authorization: 'authorization',
  scopedTenant: 'frontegg-scoped-tenant',
  loginAlias: 'frontegg-login-alias',
  appId: 'frontegg-requested-application-id',
} as const);

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII, space and horizontal tab (SI-5.14): everything else is dropped. */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

/**
 * `true` when `name: value` can be sent as an HTTP header as is: a token name
 * and a value of visible ASCII, space or tab only (no CR/LF, no control
 * characters, no non-ASCII). The client drops headers that fail this check
 * instead of letting `Headers.set` throw (SI-5.14).
 */
export function isLegalHeader(name: string, value: string): boolean {
  return HEADER_NAME.test(name) && HEADER_VALUE.test(value);
}

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

/**
 * Serialises query parameters (contract §2 "query", with its quirk fixed):
 * `undefined` and `null` values are omitted (the reference client sends the
 * strings `"undefined"`/`"null"`), objects and arrays are `JSON.stringify`'d,
 * everything else is `String()`-ed. Returns `''` or a string starting with `?`.
 */
export function buildQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * Builds a final URL (contract §1, SI-7.08): `base + '/' + prefix + path + query`.
 *
 * - The base is `baseUrl` or `baseUrl(path)`; trailing `/` are removed.
 * - The prefix is `urlPrefix || 'frontegg'` without surrounding `/`.
 * - The prefix is **not** doubled when the base already ends with `/<prefix>`
 *   (the reference client turns `https://a.com/frontegg` into
 *   `https://a.com/frontegg/frontegg/…`; we fixed that). `urlPrefix: 'api/'`
 *   gives `…/api/identity…`, not the reference's `…/api//identity…`.
 * - A path starting with `http` is absolute: the base and prefix are skipped.
 */
export function buildUrl(baseUrl: ApiClientConfig['baseUrl'], urlPrefix: string | undefined, path: string, query?: Record<string, unknown>): string {
  const q = buildQuery(query);
  const withQuery = (u: string) => (q ? (u.includes('?') ? `${u}&${q.slice(1)}` : u + q) : u);
  if (path.startsWith('http')) return withQuery(path);
  const base = (typeof baseUrl === 'function' ? baseUrl(path) : baseUrl).replace(/\/+$/, '');
  const prefix = trimSlashes(urlPrefix ?? '') || DEFAULT_URL_PREFIX;
  const root = base === `/${prefix}` || base.endsWith(`/${prefix}`) ? base : `${base}/${prefix}`;
  const rel = path === '' || path.startsWith('/') || path.startsWith('?') ? path : `/${path}`;
  return withQuery(root + rel);
}

const isRawBody = (b: unknown) =>
  (typeof FormData !== 'undefined' && b instanceof FormData) ||
  (typeof Blob !== 'undefined' && b instanceof Blob) ||
  (typeof URLSearchParams !== 'undefined' && b instanceof URLSearchParams) ||
  b instanceof ArrayBuffer ||
  ArrayBuffer.isView(b);

const defaultNavigate = (url: string) => window.location.assign(url);

const defaultLocationSearch = () => (typeof window === 'undefined' ? '' : window.location.search);

/**
 * Creates an API client (sign-in §7, contract §1–§3).
 *
 * Headers are built in the order of contract §2; a later entry overwrites an
 * earlier one with the same name:
 * 1. `x-frontegg-sdk` (`sdkVersion`), `x-frontegg-framework` (`framework`) — if set (SI-7.02)
 * 2. `Content-Type: application/json` — always (except a `FormData` body)
 * 3. `frontegg-source` — `options.source ?? config.requestSource`, if set (SI-7.02)
 * 4. `Authorization: Bearer <token>` — if `getAccessToken()` returns a token (SI-7.01)
 * 5. `frontegg-scoped-tenant` — `?tenantId=` of `getLocationSearch()`, if present (SI-7.03)
 * 6. `additionalHeaders()` — always
 * 7. `frontegg-login-alias` — `(await tenantResolver()).tenant`, if any (SI-7.04)
 * 8. `frontegg-requested-application-id` — `appId`, if set (SI-7.04)
 * 9. `options.headers` — per request
 * 10. `Authorization: <options.jwt>` (no `Bearer `) when a call carries another account's token (contract §2)
 * 11. `Authorization` removed when `options.withoutAuthorization` (SI-7.07)
 *
 * Any header whose name or value is not legal HTTP (see {@link isLegalHeader})
 * is dropped, never thrown (SI-5.14).
 *
 * Credentials: `options.credentials ?? config.requestCredentials ?? 'same-origin'` (SI-7.06).
 *
 * Errors: see {@link errorFromResponse} (SI-8.05–SI-8.07, SI-8.14, SI-8.15);
 * logging per {@link logHttpError} (SI-8.21, SI-8.22); a network failure is
 * an FeApiError with statusCode 0 and {@link NETWORK_ERROR_MESSAGE}.
 * Requests are not retried here (ofetch's GET retry is switched off; use
 * `retry()` where the spec asks for it), with one exception: a 401 answer to a
 * request sent with the session's bearer calls `config.onUnauthorized` (one
 * refresh shared by concurrent 401s) and, when it resolves `true`, sends the
 * request once more with the new token (see {@link ApiClientConfig.onUnauthorized}).
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  if (!config || (typeof config.baseUrl !== 'string' && typeof config.baseUrl !== 'function')) {
    throw new TypeError('createApiClient: baseUrl is required');
  }
  const cfg: Readonly<ApiClientConfig> = Object.freeze({ ...config });
  const logger = createLogger(cfg.logLevel ?? DEFAULT_LOG_LEVEL);
  /**
   * ofetch, configured once: loaded on demand by the first request (an element's first input needs no request, so
   * ofetch, ufo and destr — about 4 KiB gzip — stay out of its first-input chunk); a failed load is tried again by
   * the next request.
   */
  let loading: Promise<$Fetch> | undefined;
  const loadFetch = () =>
    (loading ??= import('ofetch').then(
      ({ ofetch }) => ofetch.create({ retry: false, ignoreResponseError: true }, cfg.fetch ? { fetch: cfg.fetch } : undefined),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  const url = (path: string, query?: Record<string, unknown>) => buildUrl(cfg.baseUrl, cfg.urlPrefix, path, query);

  /** The headers of one request, and the session token its `Authorization` carries (`null` when it carries none). */
  async function buildHeaders(options: RequestOptions, rawBody: boolean): Promise<{ headers: Headers; bearer: string | null }> {
    const headers = new Headers();
    const put = (name: string, value: string | null | undefined) => {
      if (value === undefined || value === null) return;
      const v = String(value);
      if (isLegalHeader(name, v)) headers.set(name, v);
      else logger.debug(`[fe-elements] dropped header with illegal name or value: ${JSON.stringify(name)}`);
    };
    if (cfg.sdkVersion) put(HEADERS.sdk, cfg.sdkVersion);
    if (cfg.framework) put(HEADERS.framework, cfg.framework);
    put(HEADERS.contentType, 'application/json');
    const source = options.source ?? cfg.requestSource;
    if (source) put(HEADERS.source, source);
    const token = cfg.getAccessToken?.();
    if (token) put(HEADERS.authorization, `Bearer ${token}`);
    const scopedTenant = new URLSearchParams((cfg.getLocationSearch ?? defaultLocationSearch)() || '').get('tenantId');
    if (scopedTenant) put(HEADERS.scopedTenant, scopedTenant);
    for (const [name, value] of Object.entries(cfg.additionalHeaders?.() ?? {})) put(name, value);
    if (cfg.tenantResolver) {
      const tenant = (await cfg.tenantResolver())?.tenant;
      if (tenant) put(HEADERS.loginAlias, tenant);
    }
    if (cfg.appId) put(HEADERS.appId, cfg.appId);
    for (const [name, value] of Object.entries(options.headers ?? {})) put(name, value);
    if (options.jwt) put(HEADERS.authorization, options.jwt);
    if (options.withoutAuthorization) headers.delete(HEADERS.authorization);
    if (rawBody && typeof FormData !== 'undefined' && options.body instanceof FormData) headers.delete(HEADERS.contentType);
    return { headers, bearer: token && headers.get(HEADERS.authorization) === `Bearer ${token}` ? token : null };
  }

  /** The refresh the 401s now wait for (src/api/unauthorized.ts), shared by the client's requests. */
  const refreshState: RefreshState = { current: null };

  async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    const method: HttpMethod = options.method ?? 'GET';
    const target = url(path, options.query);
    const hasBody = options.body !== undefined && options.body !== null && method !== 'GET';
    const rawBody = hasBody && isRawBody(options.body);
    const body = !hasBody ? undefined : rawBody ? (options.body as BodyInit) : JSON.stringify(options.body);

    // ofetch loads while the headers are built (a failed load is a request without an answer, in `send`)
    const loaded = loadFetch();
    loaded.catch(() => undefined);
    const send = async (headers: Headers): Promise<Response & { _data?: unknown }> => {
      try {
        const $fetch = await loaded;
        return await $fetch.raw(target, {
          method,
          headers,
          body,
          credentials: options.credentials ?? cfg.requestCredentials ?? 'same-origin',
          signal: options.signal,
          responseType: options.responseType === 'blob' ? 'blob' : 'text',
          retry: false,
          ignoreResponseError: true,
        });
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        const cause = (error as { cause?: unknown })?.cause ?? error;
        logger.debug('[fe-elements] request failed without an answer', target, cause);
        throw networkError(cause);
      }
    };

    const { headers, bearer } = await buildHeaders(options, rawBody);
    let response = await send(headers);
    if (response.status === 401 && bearer && !options.noRefresh && cfg.onUnauthorized) {
      // the refresh logic loads with the first 401 (it is not on any first-input path)
      if (await (await import('./unauthorized.ts')).recover(refreshState, cfg, logger, bearer, options.signal)) {
        logger.debug(`[fe-elements] 401 on ${method} ${target}: sent again with the refreshed token`);
        response = await send((await buildHeaders(options, rawBody)).headers);
      }
    }
    const data = response._data;
    // a blob answer is read as text only when it is not the file asked for (a refusal, a redirect)
    const blob = typeof Blob !== 'undefined' && data instanceof Blob ? data : null;
    if (options.responseType === 'blob' && response.ok) return (blob ?? new Blob([])) as T;
    const text = typeof data === 'string' ? data : blob ? await blob.text() : '';

    if (response.status === 302) {
      // the address comes from the server: only https, same-origin or loopback http (src/auth/safe-url.ts)
      (cfg.navigate ?? defaultNavigate)(assertSafeUrl(text.trim()));
      return new Promise<T>(() => {});
    }
    if (!response.ok) {
      const error = errorFromResponse({
        status: response.status,
        statusText: response.statusText,
        bodyText: text,
        traceId: response.headers.get(TRACE_ID_HEADER),
      });
      logHttpError(logger, response.status, error.message, `${method} ${target}`);
      // a call with another account's token (`jwt`) says nothing of the session: the app does not hear of it
      if (!options.jwt) cfg.onRefused?.(error);
      throw error;
    }
    if (options.responseType === 'text') return text as T;
    if (!text) return {} as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      return {} as T;
    }
  }

  return clientOver({ config: cfg, logger, url }, request);
}

/**
 * An {@link ApiClient} whose every method sends through `request` (the convenience methods set the method and body),
 * with `base`'s config, logger and URL builder: the client above, and clients that wrap another one's requests
 * (./scoped-client.ts).
 */
export function clientOver(base: Pick<ApiClient, 'config' | 'logger' | 'url'>, request: ApiClient['request']): ApiClient {
  const withBody =
    (method: HttpMethod) =>
    <T = unknown>(path: string, body?: unknown, options: BodyOptions = {}) =>
      request<T>(path, { ...options, method, body });
  return {
    config: base.config,
    logger: base.logger,
    url: base.url,
    request,
    get: <T = unknown>(path: string, options: GetOptions = {}) => request<T>(path, { ...options, method: 'GET' }),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
    delete: withBody('DELETE'),
  };
}
