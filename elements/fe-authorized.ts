import { isAuthorized, parseKeys } from '../src/auth/authorization.ts';
import { isEntitledTo } from '../src/app/entitlements.ts';
import type { FeApp } from '../src/app/app.ts';
import { FeAuthorizationChangeEvent } from '../src/events/index.ts';
import { consumeApp } from './internal/context.ts';
import { defineElement, sheetFor } from './internal/react-element.ts';
import './fe-app.ts';

/** Attaches `host`'s shadow root with its only slot, named `fallback` (the content stays unassigned). */
function gateSlot(host: HTMLElement): HTMLSlotElement {
  const root = host.attachShadow({ mode: 'open' });
  // layout only (a constructable sheet: allowed by a strict style-src)
  root.adoptedStyleSheets = [sheetFor(':host { display: contents; }')];
  const slot = document.createElement('slot');
  slot.name = 'fallback';
  root.append(slot);
  return slot;
}

/**
 * Authorized content (sign-in §6): shows its content only when the signed-in
 * user holds every listed permission and role (`*` wildcards, either side)
 * and — with `feature` — is entitled to that feature; a superUser passes the
 * permission and role checks. Otherwise the `fallback` slot shows. Updates
 * when the session changes. Fails closed: nothing of the content renders
 * before the session is known, outside `<fe-app>`, or when the decision
 * fails (e.g. entitlements that did not load); no stylesheet is needed for
 * that, so it holds under a strict CSP and Trusted Types. A UI gate, not a
 * security boundary: the server must check too. Must sit inside `<fe-app>`.
 *
 * @tag fe-authorized
 * @summary Show content only to users with the right permissions, roles or feature.
 *
 * @attr {string} permissions - Required permission keys, comma or space separated (e.g. `fe.secure.read.users fe.secure.write.*`).
 * @attr {string} roles - Required role keys, comma or space separated.
 * @attr {string} feature - A feature key the user must be entitled to (needs `entitlements: { enabled: true }` in the app options; off → fallback, and the error is logged).
 * @attr {boolean} authorized - Reflects the outcome (set by the element; style with `fe-authorized[authorized]`).
 *
 * @fires {FeAuthorizationChangeEvent} fe-authorization-change - When the outcome changes (`detail: { authorized }`).
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

  /**
   * The shadow root's only slot. Fail closed by construction: it is the
   * `fallback` slot until the decision is "authorized", and only then
   * becomes the default slot. The protected children are never assigned to a
   * slot otherwise, so they do not render — with no stylesheet involved, so a
   * blocked or missing style cannot show them (strict CSP, Trusted Types).
   */
  #slot: HTMLSlotElement = gateSlot(this);

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

  /** Dispatches one of the typed public events (src/events); the events are documented by the `@fires` tags above. */
  #fire(event: Event): boolean {
    return this.dispatchEvent(event);
  }

  /** The decision: false until the session is known, and whenever anything fails. */
  #decide(): boolean {
    const app = this.#app;
    try {
      const session = app?.stores.$session.get();
      if (!app || !session || session.isLoading) return false;
      if (!isAuthorized(session.user, { permissions: parseKeys(this.getAttribute('permissions')), roles: parseKeys(this.getAttribute('roles')) })) return false;
      const feature = this.getAttribute('feature');
      return !feature || isEntitledTo({ featureKey: feature }, undefined, app).isEntitled === true;
    } catch (error) {
      app?.logger.error(String((error as Error)?.message ?? error));
      return false;
    }
  }

  #update(): void {
    const ok = this.#decide();
    this.#slot.name = ok ? '' : 'fallback';
    if (ok === this.authorized) return;
    this.toggleAttribute('authorized', ok);
    this.#fire(new FeAuthorizationChangeEvent({ authorized: ok }));
  }
}

defineElement('fe-authorized', FeAuthorizedElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-authorized': FeAuthorizedElement;
  }
}
