import { isAuthorized, parseKeys } from '../src/auth/authorization.ts';
import { isEntitledTo } from '../src/app/entitlements.ts';
import type { FeApp } from '../src/app/app.ts';
import { consumeApp } from './internal/context.ts';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

const template = `<style>
:host { display: contents; }
:host(:not([authorized])) slot:not([name]), :host([authorized]) slot[name="fallback"] { display: none; }
</style><slot></slot><slot name="fallback"></slot>`;

/**
 * Authorized content (sign-in §6): shows its content only when the signed-in
 * user holds every listed permission and role (`*` wildcards, either side)
 * and — with `feature` — is entitled to that feature; a superUser passes the
 * permission and role checks. Otherwise the `fallback` slot shows. Updates
 * when the session changes. A UI gate, not a security boundary: the server
 * must check too. Must sit inside `<fe-app>`.
 *
 * @tag fe-authorized
 * @summary Show content only to users with the right permissions, roles or feature.
 *
 * @attr {string} permissions - Required permission keys, comma or space separated (e.g. `fe.secure.read.users fe.secure.write.*`).
 * @attr {string} roles - Required role keys, comma or space separated.
 * @attr {string} feature - A feature key the user must be entitled to (needs `entitlements: { enabled: true }` in the app options; off → fallback, and the error is logged).
 * @attr {boolean} authorized - Reflects the outcome (set by the element; style with `fe-authorized[authorized]`).
 *
 * @fires {CustomEvent<{ authorized: boolean }>} fe-authorization-change - When the outcome changes.
 *
 * @slot - Shown to authorized users.
 * @slot fallback - Shown otherwise (e.g. an upgrade prompt).
 *
 * @example
 * <fe-authorized permissions="fe.secure.read.users" feature="reports">
 *   <a href="/reports">Reports</a>
 *   <p slot="fallback">Upgrade to see reports.</p>
 * </fe-authorized>
 */
export class FeAuthorizedElement extends HTMLElement {
  static observedAttributes = ['permissions', 'roles', 'feature'];
  #app: FeApp | undefined;
  #stop: (() => void)[] = [];

  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML = template;
  }

  connectedCallback(): void {
    this.#stop.push(
      consumeApp(this, (app) => {
        this.#app = app;
        this.#stop.push(app ? app.stores.$session.listen(() => this.#update()) : () => {});
        this.#update();
      }),
    );
    this.#update();
  }

  disconnectedCallback(): void {
    for (const stop of this.#stop.splice(0)) stop();
  }

  attributeChangedCallback(): void {
    this.#update();
  }

  /** Whether the content is shown. */
  get authorized(): boolean {
    return this.hasAttribute('authorized');
  }

  #update(): void {
    const app = this.#app;
    const user = app?.stores.$session.get().user;
    let ok = isAuthorized(user, { permissions: parseKeys(this.getAttribute('permissions')), roles: parseKeys(this.getAttribute('roles')) });
    const feature = this.getAttribute('feature');
    if (ok && feature && app) {
      try {
        ok = isEntitledTo({ featureKey: feature }, undefined, app).isEntitled;
      } catch (error) {
        app.logger.error(String((error as Error).message));
        ok = false;
      }
    }
    if (ok === this.authorized) return;
    this.toggleAttribute('authorized', ok);
    this.dispatchEvent(new CustomEvent('fe-authorization-change', { detail: { authorized: ok }, bubbles: true, composed: true }));
  }
}

defineElement('fe-authorized', FeAuthorizedElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-authorized': FeAuthorizedElement;
  }
}
