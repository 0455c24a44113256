import { ContextProvider } from '@lit/context';
import { appContext } from '../src/app/context.ts';
import { createFeApp, type FeApp, type FeAppOptions } from '../src/app/app.ts';
// the event modules themselves, not src/events/index.ts: the flows' own event classes stay out of the first-input chunk
import { FeErrorEvent } from '../src/events/flow.ts';
import { FeLoginEvent, FeLogoutEvent, FeSessionChangeEvent } from '../src/events/session.ts';
import { toPublicUser } from '../src/events/user.ts';
import type { SessionValue } from '../src/stores/index.ts';
import { refuseOtherEntry } from './internal/one-entry.ts';
import { defineElement } from './internal/react-element.ts';

/** Detail of `fe-session-change` (src/events). */
export type { FeSessionChangeDetail } from '../src/events/index.ts';

/** Message when two `<fe-app>`s claim one name (sign-in §8 "Store names differ"). */
export const STORE_NAME_MISMATCH = 'Mismatch in store names';

/** Names claimed by connected `<fe-app>`s, shared by every bundle copy on the page. */
const claimedNames: Map<string, HTMLElement> = ((globalThis as Record<symbol, unknown>)[Symbol.for('fe-elements.appNames')] ??= new Map()) as Map<string, HTMLElement>;

/**
 * The app root: creates one app (options + API client + stores) and provides
 * it to every `fe-*` element inside through @lit/context. Runs the loading
 * order of sign-in §4 on connect (feature flags, then metadata and the
 * session refresh together), so a signed-in user stays signed in across
 * reloads. Two `<fe-app>`s are two independent apps.
 *
 * @tag fe-app
 * @summary Connects the elements inside it to the identity API.
 *
 * @attr {string} base-url - Origin of the identity API (required), e.g. the host's own origin behind a same-origin proxy. Missing: the page is blanked and an alert names `<fe-app>` (sign-in §5).
 * @attr {string} client-id - The vendor's client id.
 * @attr {string} app-id - Application id, sent as `frontegg-requested-application-id`.
 * @attr {string} url-prefix - API prefix; default `frontegg`.
 * @attr {'error'|'warn'|'info'|'debug'} log-level - Console log level; default `warn`.
 * @attr {'same-origin'|'include'|'omit'} request-credentials - Credentials mode of API calls; default `same-origin`.
 * @attr {string} locale - Locale of the messages, dates and numbers; default `en`. Built in: `en`, `de`, `he` (right to left), `en-XA` (pseudo-locale); any other falls back to English per key (and metadata `localizations` may supply it). Changes apply at once.
 * @attr {'light'|'dark'} theme - Colour scheme of the elements; default: follow the OS (`prefers-color-scheme`). Dark sets the dark value of every `--fe-color-*` property the host has not set, on this element.
 * @attr {string} name - Name of the app's stores; two connected `<fe-app>`s may not share one.
 * @attr {boolean} preview - Preview (builder) mode: canned demo data, no network (sign-in §1).
 * @attr {boolean} hosted-login-box - Hosted login (sign-in §1): sign-in, callback, refresh and logout go through the identity API's hosted login.
 * @attr {string} authenticated-url - Where to go after sign-in when there is no usable redirectUrl; default `/`.
 * @prop {FeAppOptions} options - Rich options (routes, localizations, metadata, entitlements …), merged over the attributes. Set before the element connects; a new `locale` in a later set applies at once.
 * @prop {FeApp} app - The app (read-only), for host scripts: stores, `refresh()`, `logout()`.
 *
 * @fires {FeSessionChangeEvent} fe-session-change - Whenever the session changes (restored, signed in, signed out): `detail: { isAuthenticated, user }`, the user without tokens or null.
 * @fires {FeLoginEvent} fe-login - When a session starts that no element of this tab started (`detail: { user, restored: true }`): restored by the start-up refresh, or signed in in another tab (a sign-in through `<fe-login-box>` fires its own `fe-login`).
 * @fires {FeLogoutEvent} fe-logout - After `logout()` on this element; (`detail: { reason: 'idle' }`) when this element signed an idle user out: the account's idle session timeout passed without activity in any tab of the app, after a warning dialog a minute before ("Stay signed in" keeps the session); (`detail: { reason: 'ipRestricted' }`) when it signed the user out because the server refused a call for the address (the account's IP restrictions); or (`detail: { remote: true }`) when the session ended elsewhere: signed out in another tab, or a refresh failed.
 * @fires {FeErrorEvent} fe-error - When the app cannot start (`detail: { message }`): no base URL, or "Mismatch in store names" when another connected `<fe-app>` has the same `name`.
 * @fires {FeMissingTranslationEvent} fe-missing-translation - When the locale lacks a message and the English text is shown (`detail: { key, locale }`); once per key and locale. Bubbles.
 *
 * @slot - The host's content, including `fe-*` elements.
 *
 * @example
 * <fe-app base-url="https://app.example.com" client-id="…">
 *   <fe-login-box></fe-login-box>
 * </fe-app>
 */
export class FeAppElement extends HTMLElement {
  static observedAttributes = [];
  #options: Partial<FeAppOptions> = {};
  /** Brings the app in line with the options (locale), once the run-time module has loaded. */
  #sync: (() => void) | undefined;
  /** Rich options merged over the attributes; set before the element connects (a new `locale` applies at once: elements/internal/app-runtime.ts). */
  get options(): Partial<FeAppOptions> {
    return this.#options;
  }
  set options(value: Partial<FeAppOptions>) {
    this.#options = value;
    this.#sync?.();
  }
  #app: FeApp | undefined;
  #provider = new ContextProvider(this, { context: appContext, initialValue: undefined });
  #unsubscribe: (() => void) | undefined;

  constructor() {
    super();
    // one entry per page: the other entry's elements get no app (elements/internal/one-entry.ts)
    refuseOtherEntry(this);
  }

  /** The app, once the element has connected. */
  get app(): FeApp | undefined {
    return this.#app;
  }

  connectedCallback(): void {
    const name = this.getAttribute('name') ?? this.options.name;
    if (name) {
      const holder = claimedNames.get(name);
      if (holder && holder !== this && holder.isConnected) {
        console.error(`[fe-elements] ${STORE_NAME_MISMATCH}: another <fe-app> is named "${name}"`);
        this.#fire(new FeErrorEvent({ message: STORE_NAME_MISMATCH }));
        return;
      }
      claimedNames.set(name, this);
    }
    if (!this.#app) {
      try {
        this.#app = createFeApp(this.#readOptions());
      } catch (error) {
        this.#fire(new FeErrorEvent({ message: (error as Error).message }));
        return;
      }
      this.#provider.setValue(this.#app);
      this.#app.start();
    }
    this.#provider.hostConnected();
    this.#watchSession(this.#app);
    // locale and colour scheme, and their changes at run time: loaded on demand, outside the first-input chunk
    const app = this.#app;
    void import('./internal/app-runtime.ts').then((m) => (this.#sync = m.syncApp(this, app)));
  }

  disconnectedCallback(): void {
    for (const [name, holder] of claimedNames) if (holder === this) claimedNames.delete(name);
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /** Signs out: calls the logout API, clears the session, fires `fe-logout`. */
  async logout(): Promise<void> {
    await this.#app?.logout();
    this.#fire(new FeLogoutEvent({}));
  }

  #readOptions(): FeAppOptions {
    const a = (name: string) => this.getAttribute(name) ?? undefined;
    const fromAttributes: Partial<FeAppOptions> = {
      baseUrl: a('base-url'),
      clientId: a('client-id'),
      appId: a('app-id'),
      urlPrefix: a('url-prefix'),
      logLevel: a('log-level') as FeAppOptions['logLevel'],
      requestCredentials: a('request-credentials') as RequestCredentials | undefined,
      locale: a('locale'),
      name: a('name'),
      preview: this.hasAttribute('preview') || undefined,
      hostedLoginBox: this.hasAttribute('hosted-login-box') || undefined,
    };
    const routes = a('authenticated-url') ? { authenticatedUrl: a('authenticated-url')! } : undefined;
    const defined = Object.fromEntries(Object.entries(fromAttributes).filter(([, v]) => v !== undefined));
    return { ...defined, ...this.options, routes: { ...routes, ...this.options.routes } } as FeAppOptions;
  }

  /** Dispatches one of the typed public events (src/events); the events are documented by the `@fires` tags above. */
  #fire(event: Event): boolean {
    return this.dispatchEvent(event);
  }

  #watchSession(app: FeApp): void {
    if (this.#unsubscribe) return;
    // a token stored ahead of the user (sign-in §4) is not a change of session
    const keyOf = (s: SessionValue) => (s.isLoading ? '' : `${s.isAuthenticated}:${s.user?.sub ?? s.user?.id ?? ''}`);
    let last = keyOf(app.stores.$session.get());
    this.#unsubscribe = app.stores.$session.listen((s) => {
      const key = keyOf(s);
      if (!key || key === last) return;
      const wasAuthenticated = last.startsWith('true');
      last = key;
      const user = toPublicUser(s.user);
      this.#fire(new FeSessionChangeEvent({ isAuthenticated: s.isAuthenticated, user }));
      // sessions no element of this tab started (an element fires its own events):
      // restored at start-up, or signed in / out in another tab
      if (s.isAuthenticated && user && app.sessionSource !== 'interactive') this.#fire(new FeLoginEvent({ user, restored: true }));
      if (!s.isAuthenticated && wasAuthenticated && !app.loggingOut) this.#fire(new FeLogoutEvent({ remote: true }));
    });
  }
}

defineElement('fe-app', FeAppElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-app': FeAppElement;
  }
}
