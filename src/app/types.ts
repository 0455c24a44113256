/**
 * The app's types: a leaf every layer may import (as types), so views,
 * machines and actors name `FeApp` without importing the app's code.
 */
import type { ApiClient, Logger } from '../api/index.ts';
import type { FeApiError } from '../api/errors.ts';
import type { AuthApi } from '../api/auth.ts';
import type { LoginResponse, Tenant } from '../api/types.ts';
import type { I18n } from '../i18n/index.ts';
import type { AuthUser, FeStores } from '../stores/index.ts';
import type { FeAppOptions, FeRoutes } from './options.ts';
import type { SessionTransport } from './transport.ts';

export type { AuthApi, FeAppOptions, FeRoutes, SessionTransport };

/** Where a session came from. */
export type SessionSource = 'interactive' | 'refresh' | 'tab';

/** The result of a completed sign-in (sign-in §3 "Login result"). */
export interface LoginResult {
  user: AuthUser;
  tenants: Tenant[];
  activeTenant: Tenant | null;
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
  /** How sessions are refreshed and ended, chosen once from `options.hostedLoginBox` (src/app/transport.ts). */
  readonly transport: SessionTransport;
  /**
   * Runs the loading order of sign-in §4: feature flags; then metadata and the session
   * (authorization) together; then the analytics tag of the metadata (src/app/analytics.ts,
   * not awaited). Resolves when the app is ready. Safe to call twice.
   */
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
   * `source` (default `interactive`: a sign-in in this tab, announced to the other tabs).
   */
  completeLogin(response: LoginResponse, source?: SessionSource): Promise<LoginResult | null>;
  /** Calls the logout API (errors swallowed) and clears the session. */
  logout(): Promise<void>;
  /** Clears the user and the access token without calling the API (MFA required, sign-in §4). */
  clearSession(): void;
  /**
   * Sends the browser to `url` (options.navigate, default `location.assign`):
   * the one navigation function of every flow. Only `https:` URLs, same-origin
   * paths and `http:` on loopback hosts pass (src/auth/safe-url.ts).
   * @throws UnsafeUrlError for anything else (`javascript:`, `data:`, …); nothing navigates.
   */
  navigate(url: string): void;
  /**
   * Told of every error answer of the API, before the caller gets it (src/api/client.ts `onRefused`); unset until
   * `<fe-app>` has a user signed in, then src/app/signed-out.ts `refusedBy`: a refusal that ends the session (idle or
   * forced re-login on refresh, the address refused by IP restrictions) is noted for the login box, and a call refused
   * for the address signs out (issue 31).
   */
  onRefused?: (error: FeApiError) => void;
  /** True while `logout()` of this tab runs (elements use it to tell a local sign-out from one in another tab). */
  readonly loggingOut: boolean;
  /** Where the current session came from: `interactive` (an element of this tab), `refresh`, or `tab` (another tab). */
  readonly sessionSource: SessionSource;
  /**
   * Where to go after authentication (sign-in §5): `redirectUrl` when it is
   * same-origin or an allowed origin, otherwise (with a warning) the
   * authenticated URL.
   */
  resolvePostAuthUrl(redirectUrl?: string | null): string;
}
