import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-routes.ts';
import { ADMIN, resetEmulator } from './helpers/emulator.ts';

const original = location.pathname + location.search;
/** Renders `<fe-app><fe-routes>` at `path`; `onChange` listens before the element connects. */
async function at(path: string, options: Record<string, unknown> = {}, onChange?: (e: Event) => void) {
  history.pushState(null, '', path);
  const app = document.createElement('fe-app') as FeAppElement;
  app.setAttribute('base-url', location.origin);
  app.options = options;
  const routes = document.createElement('fe-routes');
  if (onChange) routes.addEventListener('fe-route-change', onChange);
  app.append(routes);
  const root = await fixture<HTMLElement>(html`<div></div>`);
  root.append(app);
  return routes;
}

describe('<fe-routes>', () => {
  beforeEach(() => resetEmulator());
  afterEach(() => history.replaceState(null, '', original));

  it('SI-2.03 /account/login renders the login box', async () => {
    const routes = await at('/account/login?redirectUrl=%2Freports');
    await waitUntil(() => routes.querySelector('fe-login-box'), 'login box', { timeout: 10000 });
    expect(routes.getAttribute('route')).to.equal('loginUrl');
  });

  it('SI-2.01 SI-2.04 a route overridden by the host is honoured, and the step-up route renders <fe-step-up>', async () => {
    const routes = await at('/signin', { routes: { loginUrl: '/signin' } });
    await waitUntil(() => routes.querySelector('fe-login-box'), 'login box at the overridden path', { timeout: 10000 });
    history.pushState(null, '', '/account/step-up?maxAge=60');
    dispatchEvent(new PopStateEvent('popstate'));
    await waitUntil(() => routes.querySelector('fe-step-up'), 'step-up', { timeout: 10000 });
  });

  it('the sign-up link of the login box switches to the sign-up page in place (history), and back works', async () => {
    const routes = await at('/account/login');
    await waitUntil(() => routes.querySelector('fe-login-box')?.shadowRoot?.querySelector('[data-step=preLogin] footer, [part=footer] button'), 'sign-up link', { timeout: 10000 });
    const link = Array.from(routes.querySelector('fe-login-box')!.shadowRoot!.querySelectorAll('button')).find((b) => b.textContent === 'Sign up')!;
    link.click();
    await waitUntil(() => routes.querySelector('fe-sign-up'), 'sign-up page');
    expect(location.pathname).to.equal('/account/sign-up');
    history.back();
    await waitUntil(() => routes.querySelector('fe-login-box'), 'back to login');
  });

  it('SI-2.05 SI-9.11 /account/logout signs out, then goes to the login route after 500 ms', async () => {
    await fetch('/frontegg/identity/resources/auth/v1/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const routes = await at('/account/logout?tenantId=t1');
    const logout = await oneEvent(routes, 'fe-logout');
    expect(logout).to.exist;
    const started = performance.now();
    await waitUntil(() => location.pathname === '/account/login', 'login route', { timeout: 3000 });
    expect(performance.now() - started).to.be.at.least(400);
    expect(location.search).to.equal('?tenantId=t1');
    await waitUntil(() => routes.querySelector('fe-login-box'), 'login box');
    const refresh = await fetch('/frontegg/identity/resources/auth/v1/user/token/refresh', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refresh.status, 'the session was revoked').to.equal(401);
  });

  it('SI-2.01 /account/redirect (open app) sends a signed-out user to sign in first, with this page as redirectUrl', async () => {
    const routes = await at('/account/redirect?redirectUrl=%2Freports', {}, undefined);
    routes.setAttribute('no-history', '');
    const keep = (e: Event) => e.preventDefault();
    document.addEventListener('fe-navigate', keep);
    try {
      const nav = (await oneEvent(routes, 'fe-navigate')) as CustomEvent;
      const login = new URL(nav.detail.url);
      expect(login.pathname).to.equal('/account/login');
      expect(login.searchParams.get('redirectUrl')).to.contain('/account/redirect');
    } finally {
      document.removeEventListener('fe-navigate', keep);
    }
  });

  it('SI-2.01 /account/redirect (open app) sends a signed-in user on to redirectUrl', async () => {
    await fetch('/frontegg/identity/resources/auth/v1/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const keep = (e: Event) => e.preventDefault();
    document.addEventListener('fe-navigate', keep);
    try {
      const routes = await at('/account/redirect?redirectUrl=%2Freports');
      const nav = (await oneEvent(routes, 'fe-navigate')) as CustomEvent;
      expect(nav.detail.url).to.equal(new URL('/reports', location.href).href);
      expect(routes.querySelector('fe-open-app')!.shadowRoot!.querySelector('[data-step=openApp]')).to.exist;
    } finally {
      document.removeEventListener('fe-navigate', keep);
    }
  });

  it('the authenticated URL and signUpSuccessUrl render nothing', async () => {
    const changes: CustomEvent[] = [];
    const routes = await at('/welcome', { routes: { authenticatedUrl: '/welcome', signUpSuccessUrl: '/account/login' } }, (e) => changes.push(e as CustomEvent));
    await waitUntil(() => changes.length === 1, 'route change');
    expect(changes[0].detail).to.deep.equal({ route: null, path: '/welcome' });
    expect(routes.childElementCount).to.equal(0);
    // signUpSuccessUrl renders nothing either, even where it equals a flow's route
    history.pushState(null, '', '/account/login');
    dispatchEvent(new PopStateEvent('popstate'));
    await waitUntil(() => changes.length === 2, 'second route change');
    expect(changes[1].detail).to.deep.equal({ route: null, path: '/account/login' });
    expect(routes.childElementCount).to.equal(0);
  });
});
