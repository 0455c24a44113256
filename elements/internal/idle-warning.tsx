/**
 * The idle warning's mount (issue 22 item 2): `<IdleWarning>` (src/views/idle) rendered with React (preact/compat in
 * fe-elements/lite) into an open shadow root of a `<div data-fe-idle-warning>` inside `<fe-app>`, its styles adopted
 * there. Loaded on demand by elements/internal/idle-sign-out.ts the first time a warning shows.
 */
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { FeApp } from '../../src/app/types.ts';
import { enIdle } from '../../src/i18n/en-idle.ts';
import { addMessages } from '../../src/i18n/index.ts';
import { IdleWarning } from '../../src/views/idle/IdleWarning.tsx';
import css from '../../src/views/idle/idle-warning.css.ts?inline';
import { sheetFor } from './react-element.ts';

addMessages('en', enIdle);

/** The warning of one `<fe-app>`: `show` renders (or updates) it, `hide` removes it. */
export interface IdleWarningMount {
  show(secondsLeft: number): void;
  hide(): void;
}

/**
 * Mounts the warning of `app` inside `root` (hidden until `show`); `on.stay` runs for "Stay signed in" and Escape,
 * `on.signOut` for "Sign out".
 */
export function mountIdleWarning(root: HTMLElement, app: FeApp, on: { stay(): void; signOut(): void }): IdleWarningMount {
  let host: HTMLElement | undefined;
  let react: Root | undefined;
  let stopT: (() => void) | undefined;
  let shown: number | null = null;
  const render = () => {
    if (shown === null || !react) return;
    react.render(createElement(IdleWarning, { t: app.i18n.$t.get(), secondsLeft: shown, onStay: on.stay, onSignOut: on.signOut }));
  };
  return {
    show(secondsLeft) {
      shown = secondsLeft;
      if (!host) {
        host = document.createElement('div');
        host.setAttribute('data-fe-idle-warning', '');
        const shadow = host.attachShadow({ mode: 'open' });
        shadow.adoptedStyleSheets = [sheetFor(css)];
        root.append(host);
        react = createRoot(shadow);
        // a new locale (or metadata localizations) while the warning shows
        stopT = app.i18n.$t.listen(render);
      }
      render();
    },
    hide() {
      shown = null;
      stopT?.();
      react?.unmount();
      host?.remove();
      host = react = stopT = undefined;
    },
  };
}
