import type { FeApp } from '../src/app/app.ts';
import type { FeRoutes } from '../src/app/options.ts';
import { FeLogoutEvent, FeRouteChangeEvent, type FeNavigateEvent } from '../src/events/index.ts';
import { consumeApp } from './internal/context.ts';
import { navigateFrom } from './internal/flow-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

/** Delay before leaving the logout route (sign-in §9 "logout callback default 500 ms"). */
export const LOGOUT_CALLBACK_DELAY_MS = 500;

/** Route name → the element that renders it, loaded on demand. */
const FLOWS: Partial<Record<keyof FeRoutes, { tag: string; load: () => Promise<unknown>; callbackPage?: boolean }>> = {
  loginUrl: { tag: 'fe-login-box', load: () => import('./fe-login-box.ts') },
  signUpUrl: { tag: 'fe-sign-up', load: () => import('./fe-sign-up.ts') },
  forgetPasswordUrl: { tag: 'fe-forgot-password', load: () => import('./fe-forgot-password.ts') },
  resetPasswordUrl: { tag: 'fe-reset-password', load: () => import('./fe-reset-password.ts') },
  stepUpUrl: { tag: 'fe-step-up', load: () => import('./fe-step-up.ts') },
  activateUrl: { tag: 'fe-activate-account', load: () => import('./fe-activate-account.ts') },
  activateWithOTCUrl: { tag: 'fe-activate-account', load: () => import('./fe-activate-account.ts') },
  unlockUserUrl: { tag: 'fe-unlock-account', load: () => import('./fe-unlock-account.ts') },
  acceptInvitationUrl: { tag: 'fe-accept-invitation', load: () => import('./fe-accept-invitation.ts') },
  acceptInvitationWithOTCUrl: { tag: 'fe-accept-invitation', load: () => import('./fe-accept-invitation.ts') },
  impersonationUrl: { tag: 'fe-impersonate', load: () => import('./fe-impersonate.ts') },
  resetPhoneNumberUrl: { tag: 'fe-reset-phone-number', load: () => import('./fe-reset-phone-number.ts') },
  openAppUrl: { tag: 'fe-open-app', load: () => import('./fe-open-app.ts') },
  // federation callbacks (sign-in §2): the login box finishes them (src/federation/callback.ts)
  socialLoginCallbackUrl: { tag: 'fe-login-box', load: () => import('./fe-login-box.ts'), callbackPage: true },
  oidcRedirectUrl: { tag: 'fe-login-box', load: () => import('./fe-login-box.ts'), callbackPage: true },
  samlCallbackUrl: { tag: 'fe-login-box', load: () => import('./fe-login-box.ts'), callbackPage: true },
  // magic-link callback (sign-in §2): the login box signs in with the link's token (src/api/passwordless.ts)
  magicLinkCallbackUrl: { tag: 'fe-login-box', load: () => import('./fe-login-box.ts'), callbackPage: true },
};

/**
 * Renders the flow of the current page among the default routes of sign-in
 * §2 (each overridable through the app's `routes` option): login, sign-up,
 * forgot and reset password, step-up, logout, activate (link and code), unlock, accept
 * invitation (link and code), impersonate, reset phone number, open app, and the social,
 * OIDC and SAML callbacks (rendered by the login box). Query parameters
 * (redirectUrl, invitationToken, tenantId, maxAge) reach the flows from the
 * page URL. Pages equal to the authenticated URL or signUpSuccessUrl render
 * nothing. When a flow asks to go to another of these routes (a cancelable
 * `fe-navigate`), the element switches in place with `history.pushState`
 * unless `no-history` is set. Must sit inside `<fe-app>`.
 *
 * @tag fe-routes
 * @summary Shows the right account page for the URL.
 *
 * @attr {boolean} no-history - Let flows navigate the whole page instead of switching in place.
 * @attr {string} route - The route name shown (set by the element, for styling and tests), e.g. `loginUrl`.
 *
 * @fires {FeRouteChangeEvent} fe-route-change - After the shown route changed (`detail: { route, path }`; `route` null on the host's own pages).
 * @fires {FeLogoutEvent} fe-logout - On the logout route, once the session has ended.
 * @fires {FeNavigateEvent} fe-navigate - Before leaving the logout route for the login route (`detail: { url }`); cancelable.
 * @fires {FeLoginEvent} fe-login - Hosted login: on the callback route, once the sign-in completed (`detail: { user, restored: false }`).
 * @fires {FeErrorEvent} fe-error - Hosted login: when the callback fails (`detail: { message }`); the message is also shown.
 *
 * @example
 * <fe-app base-url="https://app.example.com"><fe-routes></fe-routes></fe-app>
 */
export class FeRoutesElement extends HTMLElement {
  #app: FeApp | undefined;
  #stop: (() => void) | undefined;
  #shown = '';
  #onPop = () => this.#render();
  #onNavigate = (e: FeNavigateEvent) => {
    if (this.hasAttribute('no-history') || !this.#app) return;
    const url = new URL(e.detail.url);
    if (url.origin !== location.origin || !this.#routeOf(url.pathname)) return;
    e.preventDefault();
    history.pushState(null, '', url.pathname + url.search);
    this.#render();
  };

  connectedCallback(): void {
    this.#stop = consumeApp(this, (app) => {
      this.#app = app;
      this.#render();
    });
    addEventListener('popstate', this.#onPop);
    this.addEventListener('fe-navigate', this.#onNavigate);
  }

  disconnectedCallback(): void {
    this.#stop?.();
    removeEventListener('popstate', this.#onPop);
    this.removeEventListener('fe-navigate', this.#onNavigate);
  }

  /** Dispatches one of the typed public events (src/events); the events are documented by the `@fires` tags above. */
  #fire(event: Event): boolean {
    return this.dispatchEvent(event);
  }

  /** The route name of `path`, or null. */
  #routeOf(path: string): keyof FeRoutes | null {
    const routes = this.#app?.routes;
    if (!routes) return null;
    const ran = this.#app!.transport.routes as readonly string[];
    const match = (Object.keys(routes) as (keyof FeRoutes)[]).find((name) => routes[name] === path && (FLOWS[name] || name === 'logoutUrl' || ran.includes(name)));
    return match ?? null;
  }

  async #render(): Promise<void> {
    const app = this.#app;
    if (!app) return;
    const path = location.pathname;
    const key = path + location.search;
    if (key === this.#shown) return;
    this.#shown = key;
    const route = this.#routeOf(path);
    // the host's own pages show no account flow
    const hostPage = path === app.routes.authenticatedUrl || path === app.routes.signUpSuccessUrl;
    this.replaceChildren();
    this.toggleAttribute('route', false);
    if (route && !hostPage) {
      this.setAttribute('route', route);
      const transport = app.transport;
      if ((transport.routes as readonly string[]).includes(route)) {
        // hosted login (sign-in §2): the transport runs its own routes (its code loaded on demand)
        await transport.runRoute?.(route as (typeof transport.routes)[number], this);
      } else if (route === 'logoutUrl') {
        await app.logout();
        this.#fire(new FeLogoutEvent({}));
        setTimeout(() => navigateFrom(app, this, new URL(app.routes.loginUrl + location.search, location.href).href), LOGOUT_CALLBACK_DELAY_MS);
      } else {
        const flow = FLOWS[route]!;
        await flow.load();
        const el = document.createElement(flow.tag);
        // a callback route: the login box shows progress, not its form, while it finishes the sign-in
        if (flow.callbackPage) el.setAttribute('callback-page', '');
        if (this.#shown === key) this.append(el);
      }
    }
    this.#fire(new FeRouteChangeEvent({ route: hostPage ? null : route, path }));
  }
}

defineElement('fe-routes', FeRoutesElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-routes': FeRoutesElement;
  }
}
