import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createFeApp, DEFAULT_ROUTES, MissingBaseUrlError, TAB_TENANT_KEY } from '../src/app/index.ts';
import type { FeAppElement } from '../elements/fe-app.ts';
import type { LoginResponse } from '../src/api/types.ts';
import '../elements/fe-app.ts';
import { MULTI_FACTOR_ACR } from '../src/auth/step-up.ts';
import { ADMIN, resetEmulator, setMetadata, totp } from './helpers/emulator.ts';

/** Resource timings of API calls made since `since`, by path. */
function apiTimings(since: number) {
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((e) => e.startTime >= since && e.name.includes('/frontegg/'))
    .map((e) => ({ path: new URL(e.name).pathname.replace('/frontegg', ''), start: e.startTime, end: e.responseEnd }));
}

async function signInThroughApi(): Promise<void> {
  await fetch('/frontegg/identity/resources/auth/v1/user', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
}

describe('createFeApp and <fe-app>', () => {
  beforeEach(async () => {
    await resetEmulator();
    performance.clearResourceTimings();
  });

  it('SI-5.04 a missing base URL blanks the page, alerts the catalogue message naming <fe-app>, and throws', () => {
    const alerts: string[] = [];
    const realAlert = window.alert;
    const sandbox = document.createElement('div');
    sandbox.textContent = 'host content';
    document.body.append(sandbox);
    window.alert = (m?: unknown) => void alerts.push(String(m));
    try {
      expect(() => createFeApp({ baseUrl: '' })).to.throw(MissingBaseUrlError, 'Edit <fe-app> options { ContextOptions: { baseUrl: "" } } in order to connect your application');
      expect(alerts).to.deep.equal(['Edit <fe-app> options { ContextOptions: { baseUrl: "" } } in order to connect your application']);
      expect(document.body.childElementCount).to.equal(0);
    } finally {
      window.alert = realAlert;
    }
  });

  it('SI-4.01 SI-4.02 flags load first; then metadata and the session refresh start together', async () => {
    // the metadata load includes its overrides document, held 600 ms here: the refresh must start while it is under way
    // (not after it), which a loaded machine cannot blur
    await setMetadata({ metadataOverrides: { url: `${location.origin}/__fixture/slow?ms=600` } });
    const t0 = performance.now();
    // its own name: no refresh lock shared with earlier tests' apps
    const app = createFeApp({ baseUrl: location.origin, name: 'loading-order' });
    await app.start();
    const calls = apiTimings(t0);
    const flags = calls.find((c) => c.path === '/flags')!;
    const metadata = calls.find((c) => c.path === '/metadata')!;
    const refresh = calls.find((c) => c.path.endsWith('/user/token/refresh'))!;
    const overrides = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.startTime >= t0 && e.name.includes('/__fixture/slow'))!;
    expect(flags && metadata && refresh && overrides, JSON.stringify(calls)).to.be.ok;
    expect(metadata.start).to.be.at.least(flags.end);
    expect(refresh.start).to.be.at.least(flags.end);
    // together: each starts before the other has finished loading
    expect(metadata.start).to.be.below(refresh.end);
    expect(refresh.start, JSON.stringify(calls)).to.be.below(overrides.responseEnd);
    expect(app.stores.$loading.get().phase).to.equal('ready');
    await setMetadata({});
  });

  it('SI-7.09 SI-7.10 metadata is rows[0].configuration merged with metadataOverrides.url fetched without credentials', async () => {
    document.cookie = 'probe=1; path=/';
    await setMetadata({
      theme: { palette: { primary: '#123456' } },
      localizations: { en: { login: { title: 'Welcome to Acme' } } },
      metadataOverrides: { url: `${location.origin}/__fixture/overrides` },
    });
    const app = createFeApp({ baseUrl: location.origin });
    await app.start();
    const metadata = app.stores.$metadata.get() as {
      theme: { palette: { primary: string } };
      themeV2: { loginBox: { boxStyle: { borderRadius: string } } };
      cookieSeen: boolean;
      authorizationSeen: boolean;
    };
    expect(metadata.theme.palette.primary).to.equal('#123456');
    expect(metadata.themeV2.loginBox.boxStyle.borderRadius).to.equal('2px');
    expect(metadata.cookieSeen).to.equal(false);
    expect(metadata.authorizationSeen).to.equal(false);
    // metadata localizations override the catalogue
    expect(app.i18n.$t.get()('login.title')).to.equal('Welcome to Acme');
    document.cookie = 'probe=; max-age=0; path=/';
  });

  it('SI-8.17 failures of flags, metadata and vendor info are swallowed and defaults used', async () => {
    const app = createFeApp({ baseUrl: 'http://127.0.0.1:9', metadata: { navigation: { users: { visibility: 'always' } } } as never });
    await app.start();
    expect(app.stores.$featureFlags.get()).to.deep.equal({});
    expect(app.stores.$metadata.get()).to.deep.equal({ navigation: { users: { visibility: 'always' } } });
    expect(app.stores.$vendor.get().whiteLabelMode).to.equal(false);
    expect(app.stores.$session.get()).to.include({ isLoading: false, isAuthenticated: false });
  });

  it('SI-4.31 a failed refresh clears the user and the access token', async () => {
    await signInThroughApi();
    const app = createFeApp({ baseUrl: location.origin });
    await app.start();
    expect(app.stores.$session.get().isAuthenticated).to.equal(true);
    // revoke the session server-side (logout through the cookie), then refresh
    await fetch('/frontegg/identity/resources/auth/v1/logout', { method: 'POST' });
    expect(await app.refresh()).to.equal(null);
    expect(app.stores.$session.get()).to.include({ isAuthenticated: false, accessToken: null, user: null });
  });

  it('SI-3.02 SI-4.20 the user is built from the login response, the token claims, the profile and the authorization', async () => {
    await signInThroughApi();
    const app = createFeApp({ baseUrl: location.origin });
    const result = await app.refresh();
    const user = result!.user;
    expect(user.email).to.equal(ADMIN.email);
    expect(user.sub, 'claim from the access token').to.be.a('string');
    expect(user.roles!.map((r) => r.key)).to.include('Admin');
    expect(user.permissions!.length).to.be.greaterThan(0);
    expect(user).to.not.have.property('accessToken');
    expect(app.stores.$session.get().accessToken).to.match(/^ey/);
    expect(app.stores.$tenants.get().activeTenant?.name).to.equal('Acme');
  });

  it('SI-3.04 a login result has user, tenants and activeTenant', async () => {
    await signInThroughApi();
    const result = (await createFeApp({ baseUrl: location.origin }).refresh())!;
    expect(Object.keys(result).sort()).to.deep.equal(['activeTenant', 'tenants', 'user']);
    expect(result.tenants.map((t) => t.name)).to.include('Acme');
    expect(result.activeTenant?.name).to.equal('Acme');
  });

  it('SI-3.03 with sessions scoped per tab, the tenant comes from sessionStorage and is sent on refresh', async () => {
    const post = (path: string, body: unknown) =>
      fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const { tenantId } = await post('/_emulator/tenants', { name: 'Second' });
    await post(`/_emulator/tenants/${tenantId}/users`, { email: ADMIN.email, roles: ['Admin'], activated: true });
    await signInThroughApi();
    sessionStorage.setItem(TAB_TENANT_KEY, tenantId);
    try {
      const t0 = performance.now();
      const app = createFeApp({ baseUrl: location.origin, sessionPerTab: true });
      const result = await app.refresh();
      expect(result!.user.tenantId).to.equal(tenantId);
      expect(apiTimings(t0).some((c) => c.path.endsWith('/token/refresh'))).to.equal(true);
    } finally {
      sessionStorage.removeItem(TAB_TENANT_KEY);
    }
  });

  it('SI-8.18 a failure to load vendor information is logged (and swallowed)', async () => {
    const warnings: unknown[][] = [];
    const realWarn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      await createFeApp({ baseUrl: 'http://127.0.0.1:9' }).start();
    } finally {
      console.warn = realWarn;
    }
    expect(warnings.some((w) => String(w[0]).includes('vendor public info'))).to.equal(true);
  });

  it('concurrent refreshes share one request', async () => {
    await signInThroughApi();
    const app = createFeApp({ baseUrl: location.origin });
    const t0 = performance.now();
    const [a, b, c] = await Promise.all([app.refresh(), app.refresh(), app.refresh()]);
    expect(a).to.equal(b);
    expect(b).to.equal(c);
    expect(apiTimings(t0).filter((x) => x.path.endsWith('/token/refresh'))).to.have.length(1);
  });

  it('SI-5.02 SI-5.03 redirectUrl is used when same-origin or allowed, else a warning and the authenticated URL', () => {
    const warnings: unknown[][] = [];
    const realWarn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      const app = createFeApp({ baseUrl: location.origin, allowedRedirectOrigins: ['https://docs.acme.test'], routes: { authenticatedUrl: '/home' } });
      expect(app.resolvePostAuthUrl('/reports?x=1')).to.equal(new URL('/reports?x=1', location.href).href);
      expect(app.resolvePostAuthUrl('https://docs.acme.test/a')).to.equal('https://docs.acme.test/a');
      expect(warnings).to.have.length(0);
      expect(app.resolvePostAuthUrl('https://evil.test/phish')).to.equal('/home');
      expect(String(warnings[0])).to.contain('https://evil.test/phish');
      expect(app.resolvePostAuthUrl(null)).to.equal('/home');
    } finally {
      console.warn = realWarn;
    }
  });

  it('SI-2.01 SI-2.02 SI-2.03 routes default to the spec paths and each can be overridden', () => {
    const app = createFeApp({ baseUrl: location.origin, routes: { loginUrl: '/signin' } });
    expect(DEFAULT_ROUTES.authenticatedUrl).to.equal('/');
    expect(app.routes.loginUrl).to.equal('/signin');
    expect(app.routes.logoutUrl).to.equal('/account/logout');
    expect(app.routes.stepUpUrl).to.equal('/account/step-up');
  });

  it('<fe-app> fires fe-session-change and a restored fe-login after a reload; logout() fires fe-logout', async () => {
    await signInThroughApi();
    const changes: CustomEvent[] = [];
    const onChange = (e: Event) => changes.push(e as CustomEvent);
    document.addEventListener('fe-session-change', onChange);
    try {
      const el = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}></fe-app>`);
      const login = (await oneEvent(el, 'fe-login')) as CustomEvent;
      expect(login.detail).to.deep.include({ restored: true });
      expect(login.detail.user.email).to.equal(ADMIN.email);
      await waitUntil(() => changes.length === 1);
      expect(changes[0].detail.isAuthenticated).to.equal(true);
      const logout = oneEvent(el, 'fe-logout');
      await el.logout();
      await logout;
      await waitUntil(() => changes.length === 2);
      expect(changes[1].detail).to.deep.equal({ isAuthenticated: false, user: null });
    } finally {
      document.removeEventListener('fe-session-change', onChange);
    }
  });

  it('SI-8.01 two <fe-app>s claiming one name: the second reports "Mismatch in store names" and does not start', async () => {
    const realError = console.error;
    console.error = () => {};
    try {
      const el = await fixture<HTMLElement>(html`<div><fe-app name="acme" base-url=${location.origin}></fe-app></div>`);
      const second = document.createElement('fe-app');
      second.setAttribute('name', 'acme');
      second.setAttribute('base-url', location.origin);
      const error = oneEvent(second, 'fe-error');
      el.append(second);
      expect(((await error) as CustomEvent).detail.message).to.equal('Mismatch in store names');
      expect(second.app).to.equal(undefined);
      expect(el.querySelector('fe-app')!.app).to.not.equal(undefined);
    } finally {
      console.error = realError;
    }
  });

  it('two <fe-app>s are independent apps with their own stores', async () => {
    const el = await fixture<HTMLElement>(html`<div><fe-app base-url=${location.origin}></fe-app><fe-app base-url="http://127.0.0.1:9"></fe-app></div>`);
    const [a, b] = Array.from(el.querySelectorAll('fe-app'));
    expect(a.app).to.not.equal(b.app);
    expect(a.app!.stores.$session).to.not.equal(b.app!.stores.$session);
    expect(a.app!.client.config.baseUrl).to.not.equal(b.app!.client.config.baseUrl);
  });

  it('the access token lives in memory only: nothing in web storage or readable cookies', async () => {
    // the sign-in answer itself (no refresh: earlier tests' apps may still be rotating the shared cookie)
    const response = await fetch('/frontegg/identity/resources/auth/v1/user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    }).then((r) => r.json());
    const app = createFeApp({ baseUrl: location.origin });
    await app.completeLogin(response);
    const token = app.stores.$session.get().accessToken!;
    expect(token).to.be.a('string');
    expect(JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie).to.not.contain(token.slice(0, 20));
    expect(document.cookie).to.not.match(/fe_refresh/);
  });
});

describe('a session rendered by the host server', () => {
  it('the elements start signed in from <script id="fe-session"> (no flash), then the refresh takes over', async () => {
    await resetEmulator();
    await signInThroughApi();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'fe-session';
    script.textContent = JSON.stringify({ user: { email: ADMIN.email, sub: 'server-user' }, expiresAt: Math.floor(Date.now() / 1000) + 300 });
    document.body.append(script);
    try {
      const app = createFeApp({ baseUrl: location.origin });
      const started = app.start();
      // signed in before any network answer
      expect(app.stores.$session.get()).to.include({ isAuthenticated: true, isLoading: false });
      expect(app.stores.$session.get().user!.email).to.equal(ADMIN.email);
      await started;
      expect(app.stores.$session.get().accessToken).to.match(/^ey/);
    } finally {
      script.remove();
    }
  });
});

/** POST with a JSON body; the JSON answer. */
async function post(path: string, body: unknown): Promise<unknown> {
  return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
}
/** Sets the emulator clock (issued and accepted tokens follow it). */
const setClock = (offsetSeconds: number) => fetch('/_emulator/clock', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offsetSeconds }) });

/** A stand-in tag manager script (test/helpers/gtm-stub.js): records the container ids it ran for. */
const STUB = `${location.origin}/test/helpers/gtm-stub.js`;
const stubRuns = () => ((window as { __gtmStub?: string[] }).__gtmStub ?? []).slice();
function cleanUpTags() {
  document.querySelectorAll(`script[src^="${STUB}"]`).forEach((s) => s.remove());
  delete (window as { dataLayer?: unknown }).dataLayer;
  delete (window as { __gtmStub?: unknown }).__gtmStub;
}

describe('the auth user, the metadata, the analytics tag and the refresh request', () => {
  beforeEach(async () => {
    await resetEmulator();
    performance.clearResourceTimings();
  });

  it('SI-3.01 the auth user holds permissions [{key}], roles [{key}], superUser, entitlements, amr, acr, auth_time, tenantId, email, mfaEnrolled, mfaRequired, isBreachedPassword, emailVerified, redirectLocation; mfaToken comes with an MFA answer; the tokens sit beside the user', async function () {
    this.timeout(20000);
    const { userId } = (await post('/frontegg/identity/resources/auth/v1/user', ADMIN)) as { userId: string };
    const { secret } = (await post(`/_emulator/users/${userId}/authenticators`, {})) as { secret: string };
    await fetch('/frontegg/identity/resources/auth/v1/logout', { method: 'POST' });
    const app = createFeApp({ baseUrl: location.origin, name: 'auth-user', entitlements: { enabled: true } });
    // an answer that asks for MFA carries mfaRequired, mfaToken and mfaEnrolled and is passed on as is
    const mfa = (await post('/frontegg/identity/resources/auth/v1/user', ADMIN)) as LoginResponse;
    expect(mfa).to.include({ mfaRequired: true, mfaEnrolled: true });
    expect(mfa.mfaToken).to.be.a('string').and.not.empty;
    expect(await app.completeLogin(mfa)).to.equal(null);
    expect(app.stores.$session.get().user).to.equal(null);
    // the multi-factor sign-in completes the user (redirectLocation: a login-response field, passed through)
    const response = (await post('/frontegg/identity/resources/auth/v1/user/mfa/verify', { mfaToken: mfa.mfaToken, value: totp(secret) })) as LoginResponse;
    const user = (await app.completeLogin({ ...response, redirectLocation: '/after-login' }))!.user;
    expect(user.permissions!.length).to.be.greaterThan(0);
    for (const p of user.permissions!) expect(p.key).to.be.a('string');
    expect(user.roles!.map((r) => r.key)).to.include('Admin');
    expect(user.superUser).to.be.a('boolean');
    expect(user.entitlements, 'entitlements (switched on)').to.be.an('object');
    expect(user.amr).to.include.members(['mfa', 'otp']);
    expect(user.acr).to.equal(MULTI_FACTOR_ACR);
    expect(user.auth_time).to.be.a('number');
    expect(user.tenantId).to.be.a('string').and.not.empty;
    expect(user.email).to.equal(ADMIN.email);
    expect(user.mfaEnrolled).to.equal(true);
    expect(user.mfaRequired).to.equal(false);
    expect(user.isBreachedPassword).to.equal(false);
    expect(user.emailVerified).to.equal(true);
    expect(user.redirectLocation).to.equal('/after-login');
    // the access token lives beside the user (memory), the refresh token only in the httpOnly cookie
    expect(user).to.not.have.any.keys('accessToken', 'refreshToken');
    expect(app.stores.$session.get().accessToken).to.equal(response.accessToken);
    expect(document.cookie).to.not.contain(response.refreshToken);
    expect(await createFeApp({ baseUrl: location.origin, name: 'auth-user-cookie' }).refresh(), 'the cookie renews the session').to.not.equal(null);
  });

  it('SI-3.06 the metadata configuration: theme, themeV2, localizations, navigation, integrations.analytics and metadataOverrides.url all reach the app', async () => {
    const configuration = {
      theme: { palette: { primary: '#123456' } },
      localizations: { en: { login: { title: 'Welcome to Acme' } } },
      navigation: { usage: { visibility: 'always' } },
      integrations: { analytics: [{ id: 'GTM-META06', enabled: true }] },
      metadataOverrides: { url: `${location.origin}/__fixture/overrides` },
    };
    await setMetadata(configuration);
    const app = createFeApp({ baseUrl: location.origin, name: 'metadata-fields', analyticsScriptUrl: STUB });
    try {
      await app.start();
      const metadata = app.stores.$metadata.get();
      expect(metadata).to.deep.include({
        theme: configuration.theme,
        navigation: configuration.navigation,
        integrations: configuration.integrations,
        metadataOverrides: configuration.metadataOverrides,
      });
      expect(metadata.themeV2, 'themeV2 from the overrides url').to.deep.equal({ loginBox: { boxStyle: { borderRadius: '2px' } } });
      expect(app.i18n.$t.get()('login.title')).to.equal('Welcome to Acme');
      await waitUntil(() => stubRuns().includes('GTM-META06'), 'the analytics container of the metadata');
    } finally {
      cleanUpTags();
    }
  });

  it('SI-5.01 the analytics tag loads after metadata and the session, only for enabled ids that are GTM- followed by alphanumerics', async () => {
    await signInThroughApi();
    await setMetadata({
      integrations: {
        analytics: [
          { id: 'GTM-AB12CD', enabled: true },
          { id: 'GTM-OFF123', enabled: false },
          { id: 'UA-123456-1', enabled: true },
          { id: 'GTM-', enabled: true },
          { id: 'GTM-AB_12', enabled: true },
          { id: 'GTM-AB12"><img', enabled: true },
          { id: 'xGTM-AB12', enabled: true },
        ],
      },
    });
    const scriptUrl = STUB;
    const t0 = performance.now();
    const app = createFeApp({ baseUrl: location.origin, name: 'analytics', analyticsScriptUrl: scriptUrl });
    try {
      await app.start();
      const tagOf = (e: PerformanceEntry) => e.name.startsWith(scriptUrl);
      await waitUntil(() => performance.getEntriesByType('resource').some(tagOf) && stubRuns().length > 0, 'the tag manager script ran');
      expect(stubRuns()).to.deep.equal(['GTM-AB12CD']);
      const scripts = Array.from(document.querySelectorAll<HTMLScriptElement>(`script[src^="${scriptUrl}"]`));
      expect(scripts.map((s) => new URL(s.src).searchParams.get('id'))).to.deep.equal(['GTM-AB12CD']);
      expect(scripts[0].async).to.equal(true);
      expect((window as { dataLayer?: { event?: string }[] }).dataLayer?.some((e) => e.event === 'gtm.js')).to.equal(true);
      // loading order: the tag after the metadata and the session (authorization) answered
      const calls = apiTimings(t0);
      const tag = performance.getEntriesByType('resource').filter(tagOf)[0] as PerformanceResourceTiming;
      for (const path of ['/metadata', '/identity/resources/users/v1/me/authorization']) {
        const call = calls.find((c) => c.path === path)!;
        expect(call, path).to.exist;
        expect(tag.startTime, `${path} first`).to.be.at.least(call.end);
      }
      // a second app with the same container does not add it again
      await createFeApp({ baseUrl: location.origin, name: 'analytics-2', analyticsScriptUrl: scriptUrl }).start();
      await new Promise((r) => setTimeout(r, 100));
      expect(document.querySelectorAll(`script[src^="${scriptUrl}"]`)).to.have.length(1);
    } finally {
      cleanUpTags();
    }
  });

  it('SI-5.01 metadata without an analytics list adds no tag', async () => {
    await createFeApp({ baseUrl: location.origin, name: 'no-analytics', analyticsScriptUrl: STUB }).start();
    await new Promise((r) => setTimeout(r, 200));
    expect(document.querySelector(`script[src^="${STUB}"]`)).to.equal(null);
    expect(stubRuns()).to.deep.equal([]);
  });

  it('SI-7.12 the embedded refresh is a POST with no token in its body ({tenantId: null}) that sends the cookies; the cookie alone renews the session', async () => {
    document.cookie = 'probe=7; path=/';
    try {
      const echo = createFeApp({ baseUrl: `${location.origin}/__fixture/echo`, name: 'refresh-echo' });
      const seen = (await echo.auth.refreshToken()) as unknown as { method: string; body: unknown; cookie: string | null; headers: Record<string, string> };
      expect(seen.method).to.equal('POST');
      expect(seen.body).to.deep.equal({ tenantId: null });
      expect(seen.cookie).to.contain('probe=7');
      expect(seen.headers).to.not.have.property('authorization');
    } finally {
      document.cookie = 'probe=; max-age=0; path=/';
    }
    await signInThroughApi();
    // without cookies the same request is refused; with them (the default) the session is renewed
    expect(await createFeApp({ baseUrl: location.origin, name: 'refresh-omit', requestCredentials: 'omit' }).refresh()).to.equal(null);
    expect((await createFeApp({ baseUrl: location.origin, name: 'refresh-cookie' }).refresh())?.user.email).to.equal(ADMIN.email);
  });

  describe('SI-9.13 loading the profile', () => {
    afterEach(() => setClock(0));
    const meCalls = (since: number) => apiTimings(since).filter((c) => c.path === '/identity/resources/users/v2/me');

    it('SI-9.13 a failed profile load is tried again 2000 ms later', async function () {
      this.timeout(20000);
      const response = (await post('/frontegg/identity/resources/auth/v1/user', ADMIN)) as LoginResponse;
      // an hour later on the emulator's clock the token has expired: the profile answers 401
      await setClock(3600);
      const app = createFeApp({ baseUrl: location.origin, name: 'profile-retry' });
      const t0 = performance.now();
      const done = app.completeLogin(response);
      await waitUntil(() => meCalls(t0).length === 1, 'first profile call answered', { timeout: 3000 });
      await setClock(0);
      const result = await done;
      const calls = meCalls(t0);
      expect(calls, JSON.stringify(calls)).to.have.length(2);
      expect(calls[1].start - calls[0].end).to.be.within(1900, 3000);
      expect(result!.user.email).to.equal(ADMIN.email);
    });

    it('SI-9.13 after 3 failed attempts, 2000 ms apart, the sign-in fails', async function () {
      this.timeout(20000);
      const response = (await post('/frontegg/identity/resources/auth/v1/user', ADMIN)) as LoginResponse;
      await setClock(3600);
      const app = createFeApp({ baseUrl: location.origin, name: 'profile-give-up' });
      const t0 = performance.now();
      const error = await app.completeLogin(response).then(
        () => null,
        (e: { statusCode?: number }) => e,
      );
      expect(error?.statusCode).to.equal(401);
      const calls = meCalls(t0);
      expect(calls, JSON.stringify(calls)).to.have.length(3);
      for (const i of [1, 2]) expect(calls[i].start - calls[i - 1].end).to.be.within(1900, 3000);
    });
  });
});
