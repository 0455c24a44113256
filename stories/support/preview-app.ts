/**
 * `<fe-app preview>` for the stories of the non-flow elements (`<fe-app>`,
 * `<fe-routes>`, `<fe-authorized>`, `<fe-open-app>`): canned data, no
 * network, navigation logged and kept, and — when asked — the preview user
 * signed in through the preview transport (src/preview: any password signs
 * in; the user holds `fe.*` and `fe.secure.read.users`, role `Admin`).
 */
import '../../elements/fe-app.ts';
import type { FeAppElement } from '../../elements/fe-app.ts';
import type { FeApp } from '../../src/app/types.ts';
import { PREVIEW_EMAIL } from '../../src/preview/data.ts';
import { keepPage, PREVIEW_BASE_URL } from './page.ts';
import { applyAppGlobals } from './globals.ts';

/** The app of `el` once it has connected (Storybook attaches the story after `render`). */
export async function appOf(el: FeAppElement): Promise<FeApp | undefined> {
  for (let frame = 0; frame < 600 && !el.app; frame++) await new Promise((r) => requestAnimationFrame(r));
  return el.app;
}

/** Signs the preview user in on `el`'s app: a password login answered by the preview transport, then the session. */
export async function signInPreview(el: FeAppElement, email = PREVIEW_EMAIL): Promise<void> {
  const app = await appOf(el);
  if (!app) return;
  await app.start();
  await app.completeLogin(await app.auth.login({ email, password: 'preview' }));
}

/**
 * `<fe-app preview base-url="https://preview.invalid">` around `children`,
 * `fe-navigate` prevented (and logged), the toolbar's `locale` and `theme`
 * set (./globals.ts); with `signedIn`, the preview user signs in once the app
 * has started.
 */
export function previewApp(children: Node[], { signedIn = false, options }: { signedIn?: boolean; options?: FeAppElement['options'] } = {}): FeAppElement {
  const el = document.createElement('fe-app') as FeAppElement;
  el.setAttribute('preview', '');
  el.setAttribute('base-url', PREVIEW_BASE_URL);
  applyAppGlobals(el);
  if (options) el.options = options;
  el.addEventListener('fe-navigate', keepPage);
  el.append(...children);
  if (signedIn) void signInPreview(el);
  return el;
}
