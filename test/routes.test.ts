import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-routes.ts';
import { DEFAULT_ROUTES } from '../src/app/options.ts';
import { setStepUpFlag, STEP_UP_FLAG_KEY } from '../src/auth/step-up.ts';
import { logout } from '../src/app/logout.ts';
import { ADMIN, input, resetEmulator, signInWithPassword, stepOf, submit, totp, type, waitForStep } from './helpers/emulator.ts';
import { traverse } from './helpers/history.ts';

const original = location.pathname + location.search;
/**
 * Renders `<fe-app><fe-routes>` at `path`; `onChange` listens before the element connects. The app
 * never leaves the test page (`navigate` is a no-op unless the test passes its own): a flow's late
 * navigation after its test ended (a delayed post-auth step on a loaded machine) must not unload the page.
 */
async function at(path: string, options: Record<string, unknown> = {}, onChange?: (e: Event) => void) {
  history.pushState(null, '', path);
  const app = document.createElement('fe-app') as FeAppElement;
  app.setAttribute('base-url', location.origin);
  app.options = { navigate: () => {}, ...options };
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
    // the link appears once the vendor allows sign-ups (other footer entries may come first)
    const signUpLink = () => Array.from(routes.querySelector('fe-login-box')?.shadowRoot?.querySelectorAll('button') ?? []).find((b) => b.textContent === 'Sign up');
    await waitUntil(signUpLink, 'sign-up link', { timeout: 10000 });
    signUpLink()!.click();
    await waitUntil(() => routes.querySelector('fe-sign-up'), 'sign-up page');
    expect(location.pathname).to.equal('/account/sign-up');
    traverse(-1);
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
    // no session: a refused cookie answers 401, a cleared one no access token
    expect(((await refresh.json()) as { accessToken?: string }).accessToken, 'the session was revoked').to.equal(undefined);
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

  it('SI-2.28 the authenticated URL and signUpSuccessUrl render nothing', async () => {
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

  it('SI-7.58 logout() sends the browser to the account logout path, where the session ends', async () => {
    await fetch('/frontegg/identity/resources/auth/v1/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const navigated: string[] = [];
    const routes = await at('/reports', { navigate: (url: string) => void navigated.push(url) });
    const app = (routes.closest('fe-app') as FeAppElement).app!;
    await waitUntil(() => app.stores.$session.get().isAuthenticated, 'signed in', { timeout: 10000 });
    expect(logout(app)).to.equal(new URL('/account/logout', location.href).href);
    expect(navigated).to.deep.equal([new URL('/account/logout', location.href).href]);
    // the browser arrives there: <fe-routes> ends the session, then goes on to the login route
    const loggedOut = oneEvent(routes, 'fe-logout');
    go('/account/logout');
    await loggedOut;
    expect(app.stores.$session.get().isAuthenticated).to.equal(false);
    const refresh = await fetch('/frontegg/identity/resources/auth/v1/user/token/refresh', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    // no session: a refused cookie answers 401, a cleared one no access token
    expect(((await refresh.json()) as { accessToken?: string }).accessToken, 'the session was revoked').to.equal(undefined);
    await waitUntil(() => routes.querySelector('fe-login-box'), 'login route after the logout callback delay', { timeout: 3000 });
    // an overridden logout route is followed
    const other = document.createElement('fe-app') as FeAppElement;
    other.setAttribute('base-url', location.origin);
    other.options = { routes: { logoutUrl: '/signout' }, navigate: (url: string) => void navigated.push(url) };
    routes.parentElement!.append(other);
    expect(logout(other.app!)).to.equal(new URL('/signout', location.href).href);
  });

  /** Waits until `find` returns an element, and returns it. */
  async function found<T>(find: () => T | null | undefined | false, message: string): Promise<T> {
    await waitUntil(() => find(), message, { timeout: 10000 });
    return find() as T;
  }

  /** Moves the page to `path` and lets <fe-routes> follow (as the back button would). */
  function go(path: string) {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }

  // spec §2 table: route name, its default path (the spec's words), the element shown there
  const DEFAULTS: [string, keyof typeof DEFAULT_ROUTES, string, string][] = [
    ['SI-2.06', 'activateUrl', '/account/activate', 'fe-activate-account'],
    ['SI-2.08', 'impersonationUrl', '/account/impersonate', 'fe-impersonate'],
    ['SI-2.09', 'acceptInvitationUrl', '/account/invitation/accept', 'fe-accept-invitation'],
    ['SI-2.10', 'acceptInvitationWithOTCUrl', '/account/invitation/code', 'fe-accept-invitation'],
    ['SI-2.11', 'forgetPasswordUrl', '/account/forget-password', 'fe-forgot-password'],
    ['SI-2.12', 'resetPhoneNumberUrl', '/account/reset-phone-number', 'fe-reset-phone-number'],
    ['SI-2.13', 'resetPasswordUrl', '/account/reset-password', 'fe-reset-password'],
    ['SI-2.15', 'signUpUrl', '/account/sign-up', 'fe-sign-up'],
    ['SI-2.20', 'openAppUrl', '/account/redirect', 'fe-open-app'],
    ['SI-2.21', 'unlockUserUrl', '/account/unlock', 'fe-unlock-account'],
  ];
  it(`${DEFAULTS.map((d) => d[0]).join(' ')} each default route path shows its flow`, async function () {
    this.timeout(60000);
    const keep = (e: Event) => e.preventDefault();
    document.addEventListener('fe-navigate', keep);
    try {
      const routes = await at('/nowhere');
      // flows that leave (open app → login) must not switch the page in place
      routes.setAttribute('no-history', '');
      for (const [id, name, path, tag] of DEFAULTS) {
        expect(DEFAULT_ROUTES[name], `${id} ${name}`).to.equal(path);
        go(path);
        await waitUntil(() => routes.getAttribute('route') === name && routes.querySelector(tag), `${id} ${path} shows <${tag}>`, { timeout: 10000 });
        expect(routes.childElementCount, path).to.equal(1);
      }
    } finally {
      document.removeEventListener('fe-navigate', keep);
    }
  });

  it('SI-2.19 with hosted login, /oauth/callback is the callback route: a callback that matches no sign-in is refused', async () => {
    expect(DEFAULT_ROUTES.hostedLoginRedirectUrl).to.equal('/oauth/callback');
    const realWarn = console.warn;
    console.warn = () => {};
    try {
      const routes = await at('/oauth/callback?code=forged&state=forged', { hostedLoginBox: true, navigate: () => {} });
      await waitUntil(() => routes.querySelector('[role=alert]'), 'callback error', { timeout: 10000 });
      expect(routes.getAttribute('route')).to.equal('hostedLoginRedirectUrl');
      expect(routes.querySelector('[role=alert]')!.textContent).to.contain('Sign-in failed');
    } finally {
      console.warn = realWarn;
    }
  });

  it('SI-2.22 the mobile-authenticator MFA route defaults to /account/mfa-mobile-authenticator and can be overridden', () => {
    expect(DEFAULT_ROUTES.mfaMobileAuthenticatorUrl).to.equal('/account/mfa-mobile-authenticator');
    const app = document.createElement('fe-app') as FeAppElement;
    app.setAttribute('base-url', location.origin);
    app.options = { routes: { mfaMobileAuthenticatorUrl: '/mfa/mobile' } };
    document.body.append(app);
    try {
      expect(app.app!.routes.mfaMobileAuthenticatorUrl).to.equal('/mfa/mobile');
      expect(app.app!.routes.loginUrl).to.equal('/account/login');
    } finally {
      app.remove();
    }
  });

  it('SI-2.23 authenticatedUrl, signUpSuccessUrl, customLoginUrl and customLoginAuthenticatedUrl are configured through routes', async function () {
    this.timeout(30000);
    const configured = { authenticatedUrl: '/home', signUpSuccessUrl: '/welcome', customLoginUrl: '/acme/login', customLoginAuthenticatedUrl: '/acme/home' };
    const navigations: string[] = [];
    const keep = (e: Event) => {
      e.preventDefault();
      navigations.push((e as CustomEvent).detail.url);
    };
    document.addEventListener('fe-navigate', keep);
    try {
      const routes = await at('/account/sign-up', { routes: configured });
      const app = routes.closest('fe-app') as FeAppElement;
      expect(app.app!.routes).to.deep.include(configured);
      // a new user lands on signUpSuccessUrl
      const signUp = await found(() => routes.querySelector('fe-sign-up')?.querySelector('form input[name=email]') && routes.querySelector('fe-sign-up'), 'sign-up form');
      for (const [name, value] of Object.entries({ name: 'Ada Lovelace', email: 'ada@engine.test', companyName: 'Engine', password: 'Analytical-Engine-1843' }))
        type(input(signUp, name)!, value);
      submit(signUp);
      await waitUntil(() => navigations.length === 1, 'navigation after sign-up', { timeout: 10000 });
      expect(navigations[0]).to.equal(new URL('/welcome', location.href).href);
      // a sign-in without redirectUrl lands on authenticatedUrl
      await app.app!.logout();
      go('/account/login');
      const box = await found(() => routes.querySelector('fe-login-box'), 'login box');
      await signInWithPassword(box, ADMIN.email, ADMIN.password);
      await waitUntil(() => navigations.length === 2, 'navigation after sign-in', { timeout: 10000 });
      expect(navigations[1]).to.equal(new URL('/home', location.href).href);
    } finally {
      document.removeEventListener('fe-navigate', keep);
    }
  });

  describe('SI-2.24 query parameters read from the address', () => {
    const navigations: string[] = [];
    const keep = (e: Event) => {
      e.preventDefault();
      navigations.push((e as CustomEvent).detail.url);
    };
    beforeEach(() => {
      navigations.length = 0;
      document.addEventListener('fe-navigate', keep);
    });
    afterEach(async () => {
      document.removeEventListener('fe-navigate', keep);
      sessionStorage.removeItem(STEP_UP_FLAG_KEY);
      await fetch('/_emulator/clock', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offsetSeconds: 0 }) });
    });

    it('SI-2.24 redirectUrl: /account/login?redirectUrl=/reports goes to /reports after sign-in', async () => {
      const routes = await at('/account/login?redirectUrl=%2Freports');
      const box = await found(() => routes.querySelector('fe-login-box'), 'login box');
      await signInWithPassword(box, ADMIN.email, ADMIN.password);
      await waitUntil(() => navigations.length === 1, 'navigation after sign-in', { timeout: 10000 });
      expect(navigations[0]).to.equal(new URL('/reports', location.href).href);
    });

    it('SI-2.24 invitationToken: /account/sign-up?invitationToken=… joins the inviting tenant', async () => {
      const post = (path: string, body: unknown, token?: string) =>
        fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then(
          (r) => r.json(),
        );
      const { accessToken } = await post('/frontegg/identity/resources/auth/v1/user', ADMIN);
      const link = await post('/frontegg/identity/resources/tenants/invites/v1/user', { shouldSendEmail: false }, accessToken);
      await fetch('/frontegg/identity/resources/auth/v1/logout', { method: 'POST' });
      const routes = await at(`/account/sign-up?invitationToken=${encodeURIComponent(link.token)}`);
      const el = await found(() => routes.querySelector('fe-sign-up')?.querySelector('form input[name=email]') && routes.querySelector('fe-sign-up'), 'sign-up form');
      const login = oneEvent(el, 'fe-login');
      for (const [name, value] of Object.entries({ name: 'Invited Person', email: 'invited@guest.test', companyName: 'Ignored', password: 'Invited-Passw0rd-2024' }))
        type(input(el, name)!, value);
      submit(el);
      await login;
      const app = routes.closest('fe-app') as FeAppElement;
      expect(app.app!.stores.$tenants.get().activeTenant?.name, 'the invite link tenant, not a new one').to.equal('Acme');
    });

    it('SI-2.24 tenantId: requests of a page with ?tenantId= carry it as the scoped tenant, and logout keeps it', async () => {
      const routes = await at('/account/login?tenantId=t-42');
      const app = routes.closest('fe-app') as FeAppElement;
      await waitUntil(() => routes.querySelector('fe-login-box'), 'login box', { timeout: 10000 });
      const echo = await app.app!.client.get<{ headers: Record<string, string> }>(`${location.origin}/__fixture/echo/scoped`);
      expect(echo.headers['frontegg-scoped-tenant']).to.equal('t-42');
    });

    it('SI-2.24 maxAge: /account/step-up?maxAge=… decides whether an MFA session is recent enough', async function () {
      this.timeout(40000);
      const post = (path: string, body: unknown) =>
        fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
      const { userId } = await post('/frontegg/identity/resources/auth/v1/user', ADMIN);
      const { secret } = await post(`/_emulator/users/${userId}/authenticators`, {});
      await fetch('/frontegg/identity/resources/auth/v1/logout', { method: 'POST' });
      // a multi-factor sign-in ten minutes ago (the emulator clock), then back to now
      await fetch('/_emulator/clock', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offsetSeconds: -600 }) });
      const mfa = await post('/frontegg/identity/resources/auth/v1/user', ADMIN);
      expect(mfa.mfaRequired).to.equal(true);
      const session = await post('/frontegg/identity/resources/auth/v1/user/mfa/verify', { mfaToken: mfa.mfaToken, value: totp(secret) });
      expect(session.acr, 'a multi-factor session').to.be.a('string');
      await fetch('/_emulator/clock', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offsetSeconds: 0 }) });
      // maxAge of an hour: stepped up already, done at once
      setStepUpFlag();
      const routes = await at('/account/step-up?maxAge=3600');
      await waitUntil(
        () => routes.querySelector('fe-step-up') && stepOf(routes.querySelector('fe-step-up')!) === 'done',
        `done (now ${stepOf(routes.querySelector('fe-step-up') ?? routes)})`,
        { timeout: 10000 },
      );
      // maxAge of a minute: the same session is too old, the code is asked for
      setStepUpFlag();
      go('/account/step-up?maxAge=60');
      const el = await found(() => routes.querySelector('fe-step-up'), 'step-up');
      await waitForStep(el, 'verify');
    });
  });
});
