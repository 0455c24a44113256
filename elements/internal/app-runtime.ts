/**
 * What `<fe-app>` changes at run time, loaded when it connects (outside the login box's first-input chunk, which
 * keeps only the `import()`): the locale (the `locale` attribute, or `options.locale` set after connecting; any
 * locale but English loads src/i18n/locale.ts: catalogues, ICU formatter, pseudo-locale, `lang`/`dir`, missing-key
 * reports), the colour scheme (`theme` attribute and `prefers-color-scheme`) and the vendor's metadata theme
 * (sign-in §3, §9; its code loaded only when there is one), applied on the root below any `--fe-*` value the host
 * sets: src/theme/scheme.ts.
 */
import { sessionSyncKey, type FeApp, type FeAppOptions } from '../../src/app/app.ts';
import { applyScheme, setVendorTheme } from '../../src/theme/scheme.ts';

type Root = HTMLElement & { options: Partial<FeAppOptions> };

const started = new WeakSet<Root>();

/**
 * Brings the app in line with its root's `locale`, `options.locale` and `theme` now and whenever the attributes
 * change; returns the function that does it, which `<fe-app>` calls when its `options` are set.
 */
export function syncApp(root: Root, app: FeApp): () => void {
  const { i18n } = app;
  const sync = () => {
    i18n.$locale.set(root.options.locale ?? root.getAttribute('locale') ?? 'en');
    applyScheme(root);
  };
  if (!started.has(root)) {
    started.add(root);
    i18n.target = root;
    i18n.$locale.subscribe((locale) => void (locale !== 'en' && import('../../src/i18n/locale.ts').then((m) => m.useLocale(i18n, locale))));
    new MutationObserver(sync).observe(root, { attributeFilter: ['locale', 'theme'] });
    vendorTheme(root, app);
    void app.start().then(() => preloadAdminPortal(app));
    idleSignOut(root, app);
  }
  sync();
  return sync;
}

/** Follows the metadata theme (a bad colour is logged and the defaults stay; only the latest theme is applied). */
function vendorTheme(root: HTMLElement, app: FeApp): void {
  let latest: unknown;
  app.stores.$metadata.subscribe(({ theme }) => {
    latest = theme;
    if (!theme) return setVendorTheme(root, undefined);
    import('../../src/theme/runtime.ts')
      .then(({ themeToCssVariables, darkThemeVariables }) => {
        if (latest !== theme) return;
        const options = theme as Parameters<typeof themeToCssVariables>[0];
        setVendorTheme(root, { light: themeToCssVariables(options), dark: darkThemeVariables(options) });
      })
      .catch((error: unknown) => app.logger.error('metadata theme not applied', error));
  });
}

/**
 * Sign-in §4 (SI-4.04): after the login box and the analytics tag (the app is ready), the admin portal's code (its
 * shell, section-element.tsx, the bulk of the portal; `<fe-admin-portal>`'s own module imports `<fe-app>`, so it is
 * not imported from here) loads in the background at idle time, unless `lazyLoadAdminPortal`; only once a user is
 * signed in. Not in `fe-elements/lite`: its main entry is the sign-in set for pages that only sign people in; a page
 * with the portal loads `fe-elements/lite/fe-admin-portal`, and its code with it.
 */
function preloadAdminPortal(app: FeApp): void {
  if (__FE_LITE__ || app.options.lazyLoadAdminPortal) return;
  const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  const load = () => void idle(() => void import('./section-element.tsx').catch((error: unknown) => app.logger.debug('admin portal not preloaded', error)));
  if (app.stores.$session.get().isAuthenticated) return load();
  const stop = app.stores.$session.listen(({ isAuthenticated }) => {
    if (!isAuthenticated) return;
    stop();
    load();
  });
}

/**
 * Issue 22 item 2 (SI-3.11): the idle sign-out (elements/internal/idle-sign-out.ts: the account's idle timeout, the
 * warning a minute before, `fe-logout` with `reason: 'idle'`), its code loaded only once a user is signed in; never
 * in preview mode (no real session).
 */
function idleSignOut(root: HTMLElement, app: FeApp): void {
  if (app.options.preview) return;
  const start = () =>
    void import('./idle-sign-out.ts').then(
      (m) => m.startIdleSignOut(root, app, sessionSyncKey(app.options)),
      (error: unknown) => app.logger.debug('idle sign-out not loaded', error),
    );
  if (app.stores.$session.get().isAuthenticated) return start();
  const stop = app.stores.$session.listen(({ isAuthenticated }) => {
    if (!isAuthenticated) return;
    stop();
    start();
  });
}
