/**
 * The last step of the loading order (sign-in §4, SI-4.04): once the app is ready (after the login box and the
 * analytics tag) and a user is signed in, `<fe-app>` fetches the admin portal's code in the background, unless
 * `lazyLoadAdminPortal`. This file imports no admin code, so the portal's shell (elements/internal/section-element.tsx)
 * is fetched only when `<fe-app>` loads it; the tests run in this order because a module, once loaded, stays loaded.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../elements/fe-app.ts';
import type { FeAppElement } from '../elements/fe-app.ts';
import type { FeAppOptions } from '../src/app/options.ts';
import { ADMIN, resetEmulator } from './helpers/emulator.ts';

/** The portal's shell module was fetched (the dev server serves each module under its own path). */
const portalLoaded = () => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.endsWith('/elements/internal/section-element.tsx'));
/** Long enough for an idle callback and a module load on the dev server. */
const settle = () => new Promise((r) => setTimeout(r, 2000));

async function signIn(): Promise<void> {
  const r = await fetch('/frontegg/identity/resources/auth/v1/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(r.status, await r.text()).to.equal(200);
}

/** `<fe-app>` with `options`, once its loading order is through and the session is known. */
async function appWith(options: Partial<FeAppOptions>): Promise<FeAppElement> {
  const app = document.createElement('fe-app') as FeAppElement;
  app.setAttribute('base-url', location.origin);
  app.options = options;
  await fixture(html`<div>${app}</div>`);
  await waitUntil(() => app.app?.stores.$loading.get().phase === 'ready' && !app.app.stores.$session.get().isLoading, 'app ready', { timeout: 10000 });
  return app;
}

describe('SI-4.04 the admin portal script after the login box and the analytics tag', () => {
  before(() => resetEmulator());

  it('is not fetched with lazyLoadAdminPortal, even signed in', async () => {
    await signIn();
    const app = await appWith({ lazyLoadAdminPortal: true });
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(true);
    await settle();
    expect(portalLoaded()).to.equal(false);
  });

  it('is not fetched for a signed-out visitor', async () => {
    await resetEmulator();
    const app = await appWith({});
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(false);
    await settle();
    expect(portalLoaded()).to.equal(false);
  });

  it('loads in the background once the app is ready and a user is signed in, with no <fe-admin-portal> in the page', async () => {
    await signIn();
    const app = await appWith({});
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(true);
    await waitUntil(portalLoaded, 'the portal shell fetched', { timeout: 15000 });
    expect(document.querySelector('fe-admin-portal')).to.equal(null);
  });
});
