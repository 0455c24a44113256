import type { FeApp } from '../src/app/app.ts';
import '../src/i18n/en-open-app.ts';
import { consumeApp } from './internal/context.ts';
import { defineElement, dispatch } from './internal/react-element.ts';
import shadowCss from '../src/views/shared/card.css.ts?inline';
import * as c from '../src/views/shared/card.css.ts';
import { sheetFor } from './internal/react-element.ts';
import './fe-app.ts';

/**
 * Open app (sign-in §2 `/account/redirect`): once the session is known, a
 * signed-in user is sent on to the page's `redirectUrl` (same-origin or an
 * allowed origin, else the authenticated URL, sign-in §5); a signed-out
 * user goes to the login route with this page as `redirectUrl`, so sign-in
 * comes back here. A button does the same by hand. Must sit inside `<fe-app>`.
 *
 * @tag fe-open-app
 * @summary Sends a signed-in user on to the app.
 *
 * @fires {CustomEvent<{ url: string }>} fe-navigate - Before leaving; cancelable.
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
        this.#render(app);
        this.#stop.push(app.stores.$session.subscribe(() => this.#go(app)));
      }),
    );
  }

  disconnectedCallback(): void {
    for (const stop of this.#stop.splice(0)) stop();
  }

  #render(app: FeApp): void {
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
  }

  #go(app: FeApp): void {
    const session = app.stores.$session.get();
    if (session.isLoading || this.#left) return;
    this.#left = true;
    const here = new URLSearchParams(location.search).get('redirectUrl');
    const target = session.isAuthenticated
      ? app.resolvePostAuthUrl(here)
      : `${app.routes.loginUrl}?redirectUrl=${encodeURIComponent(location.href)}`;
    const url = new URL(target, location.href).href;
    if (dispatch(this, 'fe-navigate', { url }, { cancelable: true })) app.navigate(url);
  }
}

defineElement('fe-open-app', FeOpenAppElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-open-app': FeOpenAppElement;
  }
}
