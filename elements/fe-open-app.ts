import type { FeApp } from '../src/app/app.ts';
import { enOpenApp } from '../src/i18n/en-open-app.ts';
import { addMessages } from '../src/i18n/index.ts';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import * as c from '../src/views/shared/card.css.ts';
import { consumeApp } from './internal/context.ts';
import { navigateFrom } from './internal/flow-element.tsx';
import { defineElement, sheetFor } from './internal/react-element.ts';
import './fe-app.ts';

addMessages('en', enOpenApp);

/**
 * Open app (sign-in §2 `/account/redirect`): once the session is known, a
 * signed-in user is sent on to the page's `redirectUrl` (same-origin or an
 * allowed origin, else the authenticated URL, sign-in §5); a signed-out
 * user goes to the login route with this page as `redirectUrl`, so sign-in
 * comes back here. The card says which of the two happens; a button does
 * the same by hand. Must sit inside `<fe-app>`.
 *
 * @tag fe-open-app
 * @summary Sends a signed-in user on to the app.
 *
 * @fires {FeNavigateEvent} fe-navigate - Before leaving (`detail: { url }`); cancelable.
 *
 * @csspart card - The card.
 */
export class FeOpenAppElement extends HTMLElement {
  #stop: (() => void)[] = [];
  #left = false;

  connectedCallback(): void {
    if (!this.shadowRoot) {
      const root = this.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [sheetFor(shadowCss)];
    }
    this.#stop.push(
      consumeApp(this, (app) => {
        if (!app) return;
        const body = this.#render(app);
        this.#stop.push(
          app.stores.$session.subscribe((session) => {
            // what happens next: on to the app, or sign in first
            const t = app.i18n.$t.get();
            body.textContent = session.isLoading ? t('common.loading') : session.isAuthenticated ? t('openApp.body') : t('openApp.signedOut');
            this.#go(app);
          }),
        );
      }),
    );
  }

  disconnectedCallback(): void {
    for (const stop of this.#stop.splice(0)) stop();
  }

  /** Renders the card; returns its body text (it follows the session). */
  #render(app: FeApp): HTMLParagraphElement {
    const t = app.i18n.$t.get();
    const card = document.createElement('section');
    card.className = c.card;
    card.setAttribute('part', 'card');
    card.dataset.step = 'openApp';
    const title = Object.assign(document.createElement('h2'), { className: c.title, textContent: t('openApp.title') });
    const body = Object.assign(document.createElement('p'), { className: c.subtitle, textContent: t('openApp.body') });
    const button = Object.assign(document.createElement('button'), { type: 'button', className: c.button, textContent: t('openApp.button') });
    button.addEventListener('click', () => {
      this.#left = false;
      this.#go(app);
    });
    card.append(title, body, button);
    this.shadowRoot!.replaceChildren(card);
    return body;
  }

  #go(app: FeApp): void {
    const session = app.stores.$session.get();
    if (session.isLoading || this.#left) return;
    this.#left = true;
    const here = new URLSearchParams(location.search).get('redirectUrl');
    const target = session.isAuthenticated ? app.resolvePostAuthUrl(here) : `${app.routes.loginUrl}?redirectUrl=${encodeURIComponent(location.href)}`;
    navigateFrom(app, this, new URL(target, location.href).href);
  }
}

defineElement('fe-open-app', FeOpenAppElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-open-app': FeOpenAppElement;
  }
}
