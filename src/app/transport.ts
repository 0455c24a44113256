/**
 * The session transport (architecture "Layout", app/): how this app gets,
 * refreshes and ends a session. Chosen once, in `createFeApp`:
 * - embedded (default): the identity API from this page (refresh cookie,
 *   `POST …/token/refresh`; `POST …/logout`), steps up through the step-up
 *   route, runs no route itself;
 * - hosted (`hostedLoginBox: true`, sign-in §1, §2): OAuth 2.0 with the hosted
 *   login, its code loaded on first use (src/app/hosted.ts), so the embedded
 *   path never pays for it.
 */
import type { AuthApi } from '../api/auth.ts';
import type { LoginResponse } from '../api/types.ts';
import type { FeRoutes } from './options.ts';

/** A route a transport runs in `<fe-routes>` instead of a flow element. */
export type TransportRoute = Extract<keyof FeRoutes, 'loginUrl' | 'logoutUrl' | 'hostedLoginRedirectUrl'>;

export interface SessionTransport {
  /** The routes this transport runs itself in `<fe-routes>` (hosted: login, logout, the OAuth callback); none when embedded. */
  readonly routes: readonly TransportRoute[];
  /**
   * A fresh login response for the tab's tenant (`tenantId`, null = the user's active one).
   * @throws the API error when there is no session (the app then clears it).
   */
  refresh(tenantId: string | null): Promise<LoginResponse>;
  /** Ends the session at the server. Hosted: the browser leaves for the hosted logout (never settles). */
  logout(): Promise<void>;
  /**
   * Steps the user up itself (hosted: the hosted login with `acr_values` = the multi-factor policy and
   * `max_age` = `maxAge` seconds; the browser leaves). Unset: the app goes to its step-up route.
   */
  stepUp?(maxAge: number | undefined): Promise<void>;
  /** Runs one of {@link routes} on the page of `<fe-routes>` (`host` shows its errors and fires its events). */
  runRoute?(route: TransportRoute, host: HTMLElement): Promise<void>;
}

/** The embedded transport: the identity API from this page. */
export function embeddedTransport(auth: AuthApi): SessionTransport {
  return {
    routes: [],
    refresh: (tenantId) => auth.refreshToken({ tenantId }),
    logout: () => auth.logout().then(() => undefined),
  };
}

/** A transport whose code loads on first use; `routes` are known before it loads. */
export function lazyTransport(routes: readonly TransportRoute[], load: () => Promise<SessionTransport>): SessionTransport {
  let loaded: Promise<SessionTransport> | undefined;
  const get = () => (loaded ??= load());
  return {
    routes,
    refresh: (tenantId) => get().then((t) => t.refresh(tenantId)),
    logout: () => get().then((t) => t.logout()),
    stepUp: (maxAge) => get().then((t) => t.stepUp?.(maxAge)),
    runRoute: (route, host) => get().then((t) => t.runRoute?.(route, host)),
  };
}
