/**
 * Shared story rendering: the login box (or one of its states) inside
 * `<fe-app preview>`, so every API call is answered by the preview transport
 * (src/preview) and nothing reaches the network.
 */
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { keyed } from 'lit/directives/keyed.js';
import { action } from 'storybook/actions';
import '../elements/fe-login-box.ts';
import type { StateSpec } from './support/flow-story.tsx';
import { appGlobals } from './support/globals.ts';
import { keepPage, PREVIEW_BASE_URL } from './support/page.ts';

export { keepPage, PREVIEW_BASE_URL } from './support/page.ts';

const onLogin = action('fe-login');
const onError = action('fe-error');
const onLogout = action('fe-logout');

/**
 * `<fe-app preview base-url="https://preview.invalid">` around `<fe-login-box>`
 * (the whole flow on canned data), or — with a state — `<fe-login-box-story
 * state=…>` (stories/support/flows.ts must be loaded). Keyed by the spec, so
 * changing the story's `state` control starts a fresh element; the toolbar's
 * locale and theme are its attributes (./support/globals.ts).
 */
export function renderLoginBox(spec?: StateSpec, style = ''): TemplateResult {
  const json = spec ? JSON.stringify(spec) : '';
  const { locale, theme } = appGlobals();
  // Storybook wants a TemplateResult at the top, not a bare directive
  return html`${keyed(
    json,
    html`<fe-app
      preview
      base-url=${PREVIEW_BASE_URL}
      locale=${locale}
      theme=${ifDefined(theme)}
      style=${style}
      @fe-navigate=${keepPage}
      @fe-login=${(e: CustomEvent) => onLogin(e.detail)}
      @fe-error=${(e: CustomEvent) => onError(e.detail)}
      @fe-logout=${(e: CustomEvent) => onLogout(e.detail)}
      >${spec ? html`<fe-login-box-story state=${json}></fe-login-box-story>` : html`<fe-login-box></fe-login-box>`}</fe-app
    >`,
  )}`;
}
