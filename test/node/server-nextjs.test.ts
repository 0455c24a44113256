/**
 * The Next.js example (examples/nextjs): its App Router route handlers and its Proxy (Next.js 16's name
 * for Middleware) imported as they are and driven with real `NextRequest`s against the running emulator
 * (child process, memory database) — no `next build`. `next` is a dev dependency for `next/server` and
 * `next/experimental/testing/server` (the matcher and redirect helpers Next.js documents for unit tests).
 * The example imports `fe-elements/server`, i.e. the built dist/server.js: skipped until it is built.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { NextRequest, type NextResponse } from 'next/server';
import { startEmulator } from '../../tools/emulator-process.js';
import { ADMIN, freePort } from './emulator.ts';
import { applySetCookies, parseCookies, stepUpChallengeOf, type FeServerSession } from '../../src/server/index.ts';

const built = existsSync(new URL('../../dist/server.js', import.meta.url));
const skip = !built && 'dist/server.js not built (npm run build)';

const PASSWORD = 'fedcba9876543210'.repeat(4);
const APP = 'http://app.test';
const COOKIE = 'fe_session_demo-client';

type Route = ((request: NextRequest) => Promise<Response>) | undefined;
interface RouteModule {
  GET?: Route;
  POST?: Route;
  PUT?: Route;
  PATCH?: Route;
  DELETE?: Route;
  dynamic?: string;
}
interface Example {
  proxy(request: NextRequest): Promise<NextResponse>;
  config: { matcher: string[] };
  fe: FeServerSession;
  handle(request: Request): Promise<Response>;
  api: RouteModule;
  login: RouteModule;
  callback: RouteModule;
  logout: RouteModule;
  cases: RouteModule;
}

let emu: { url: string; stop(): Promise<void> };
let ex: Example;
let testing: typeof import('next/experimental/testing/server');

before(async () => {
  if (!built) return;
  emu = await startEmulator({ port: await freePort(), dataDir: 'memory://' });
  // the example reads its configuration from the environment when lib/fe.ts loads (hosted login, secure JWT)
  Object.assign(process.env, {
    FE_BASE_URL: emu.url,
    FE_CLIENT_ID: 'demo-client',
    FE_CLIENT_SECRET: 'demo-secret',
    FE_ENCRYPTION_PASSWORD: PASSWORD,
    FE_HOSTED_LOGIN: 'true',
  });
  // Next.js's server runtime provides this global; its testing helpers need it
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
  testing = await import('next/experimental/testing/server');
  const load = (path: string) => import(new URL(`../../examples/nextjs/${path}`, import.meta.url).href);
  const [proxy, lib, api, login, callback, logout, cases] = await Promise.all([
    load('proxy.ts'),
    load('lib/fe.ts'),
    load('app/frontegg/[...path]/route.ts'),
    load('app/account/login/route.ts'),
    load('app/oauth/callback/route.ts'),
    load('app/account/logout/route.ts'),
    load('app/api/cases/route.ts'),
  ]);
  ex = { proxy: proxy.proxy, config: proxy.config, fe: lib.fe, handle: lib.handle, api, login, callback, logout, cases };
});
after(async () => {
  await emu?.stop();
});

const jar = (cookie: string, res: Response) => applySetCookies(cookie, res.headers.getSetCookie());
const clock = (offsetSeconds: number) =>
  fetch(`${emu.url}/_emulator/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offsetSeconds }) });

/** Signs in through the example's /frontegg route handler (as `<fe-login-box>` does); the browser's Cookie header. */
async function signInThroughProxyRoute(): Promise<string> {
  const res = await ex.api.POST!(
    new NextRequest(`${APP}/frontegg/identity/resources/auth/v1/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }),
  );
  assert.equal(res.status, 200);
  return jar('', res);
}

/** {@link signInThroughProxyRoute} with the emulator's clock `seconds` back (the tokens' iat and auth_time). */
async function signInSecondsAgo(seconds: number): Promise<string> {
  await clock(-seconds);
  try {
    return await signInThroughProxyRoute();
  } finally {
    await clock(0);
  }
}

describe('Next.js example: App Router route handlers', { skip }, () => {
  it('app/frontegg/[...path]/route.ts serves every method through the session handler, dynamically', () => {
    for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) assert.equal(ex.api[m], ex.handle, m);
    for (const mod of [ex.api, ex.login, ex.callback, ex.logout]) assert.equal(mod.dynamic, 'force-dynamic');
    assert.equal(ex.logout.GET, ex.handle);
    assert.equal(ex.logout.POST, ex.handle);
  });

  it('SI-7 the /frontegg proxy route: a login is sealed into the session cookie (refresh token hidden), API calls carry the sealed access token', async () => {
    const res = await ex.api.POST!(
      new NextRequest(`${APP}/frontegg/identity/resources/auth/v1/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }),
    );
    assert.equal(res.status, 200);
    const body = (await res.json()) as Record<string, unknown>;
    assert.ok(body.accessToken);
    assert.equal(body.refreshToken, undefined);
    const cookie = jar('', res);
    assert.ok(parseCookies(cookie).has(COOKIE));
    assert.match(res.headers.getSetCookie().join('\n'), /fe_session_demo-client=.*HttpOnly; Secure; SameSite=None/);

    const me = await ex.api.GET!(new NextRequest(`${APP}/frontegg/identity/resources/users/v2/me`, { headers: { cookie } }));
    assert.equal(me.status, 200);
    assert.equal(((await me.json()) as { email: string }).email, ADMIN.email);
    assert.equal((await ex.handle(new Request(`${APP}/elsewhere`))).status, 404, 'a path the handler does not serve');
  });

  it('SI-7.14 hosted login: app/account/login redirects to authorize (PKCE); app/oauth/callback exchanges the code and sets the session', async () => {
    const start = await ex.login.GET!(new NextRequest(`${APP}/account/login?redirectUrl=/dashboard`));
    assert.equal(start.status, 302);
    const authorize = new URL(start.headers.get('location')!);
    assert.equal(`${authorize.origin}${authorize.pathname}`, `${emu.url}/oauth/authorize`);
    const q = authorize.searchParams;
    assert.equal(q.get('redirect_uri'), `${APP}/oauth/callback`);
    assert.equal(q.get('code_challenge_method'), 'S256');
    const state = jar('', start);

    const { code } = (await (
      await fetch(`${emu.url}/_emulator/oauth/codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, redirectUri: q.get('redirect_uri'), codeChallenge: q.get('code_challenge'), nonce: q.get('nonce') }),
      })
    ).json()) as { code: string };
    const cb = await ex.callback.GET!(new NextRequest(`${APP}/oauth/callback?code=${code}&state=${q.get('state')}`, { headers: { cookie: state } }));
    assert.equal(cb.status, 302, await cb.clone().text());
    assert.equal(cb.headers.get('location'), `${APP}/dashboard`);
    const cookie = jar(state, cb);
    const { session } = await ex.fe.getSession(new Headers({ cookie }));
    assert.equal(session?.user.email, ADMIN.email);

    // the protected page renders: the proxy lets it through without touching the cookie
    const res = await ex.proxy(new NextRequest(`${APP}/dashboard`, { headers: { cookie } }));
    assert.equal(res.headers.get('x-middleware-next'), '1');
    assert.equal(testing.getRedirectUrl(res), null);
    assert.deepEqual(res.headers.getSetCookie(), []);
  });

  it('app/account/logout revokes the session, clears the cookie and goes through the hosted logout; the proxy then treats the old cookie as signed out', async () => {
    const cookie = await signInThroughProxyRoute();
    const out = await ex.logout.GET!(new NextRequest(`${APP}/account/logout`, { headers: { cookie } }));
    assert.equal(out.status, 302);
    const loc = new URL(out.headers.get('location')!);
    assert.equal(`${loc.origin}${loc.pathname}`, `${emu.url}/frontegg/oauth/logout`);
    assert.equal(loc.searchParams.get('post_logout_redirect_uri'), `${APP}/`);
    assert.ok(!parseCookies(jar(cookie, out)).has(COOKIE));
    // a page request still carrying the old cookie (sent before the logout answered): the proxy shares the
    // route handlers' server session (lib/fe.ts), so it knows the session is signed out
    const late = await ex.proxy(new NextRequest(`${APP}/dashboard`, { headers: { cookie } }));
    assert.ok(testing.getRedirectUrl(late)?.startsWith(`${APP}/account/login`));
    assert.match(late.headers.getSetCookie().join('\n'), /fe_session_demo-client=; .*Max-Age=0/);
  });

  it('app/api/cases/route.ts, requireAuthLevel({ maxAge: 300 }).handle: a fresh session gets the cases; one signed in 400 s ago the RFC 9470 challenge (max_age 300); none a bare Bearer challenge', async () => {
    const fresh = await ex.cases.GET!(new NextRequest(`${APP}/api/cases`, { headers: { cookie: await signInThroughProxyRoute() } }));
    assert.equal(fresh.status, 200);
    assert.deepEqual(await fresh.json(), { cases: ['The Pilot', 'Squeeze', 'Ice'] });

    const cookie = await signInSecondsAgo(400);
    const stale = await ex.cases.GET!(new NextRequest(`${APP}/api/cases`, { headers: { cookie } }));
    assert.equal(stale.status, 401);
    const challenge = stepUpChallengeOf(stale.headers.get('www-authenticate'));
    assert.equal(challenge?.error, 'insufficient_user_authentication');
    assert.equal(challenge?.maxAge, 300);

    const none = await ex.cases.GET!(new NextRequest(`${APP}/api/cases`));
    assert.equal(none.status, 401);
    assert.equal(none.headers.get('www-authenticate'), 'Bearer');
  });
});

describe('Next.js example: proxy.ts (Middleware)', { skip }, () => {
  it('runs on pages only: not on the session routes or static files', () => {
    const matches = (url: string) => testing.unstable_doesMiddlewareMatch({ config: ex.config, url });
    for (const url of ['/', '/dashboard', '/settings/profile', '/account/login', '/reports?x=1']) assert.equal(matches(url), true, url);
    for (const url of ['/frontegg/identity/resources/users/v2/me', '/oauth/callback', '/account/logout', '/_next/static/chunks/a.js', '/favicon.ico', '/dist/fe-routes.js']) {
      assert.equal(matches(url), false, url);
    }
  });

  it('a protected page without a session redirects to /account/login with redirectUrl; an open page renders signed out', async () => {
    const res = await ex.proxy(new NextRequest(`${APP}/dashboard?tab=billing`));
    assert.equal(res.status, 307);
    const to = new URL(testing.getRedirectUrl(res)!);
    assert.equal(`${to.origin}${to.pathname}`, `${APP}/account/login`);
    assert.equal(to.searchParams.get('redirectUrl'), '/dashboard?tab=billing');
    const open = await ex.proxy(new NextRequest(`${APP}/`));
    assert.equal(open.headers.get('x-middleware-next'), '1');
    assert.equal(testing.getRedirectUrl(open), null);
  });

  it('SI-7.13 an expired access token is refreshed before the page renders: the browser gets the renewed cookie, and so does the rendering request (no second refresh there)', async () => {
    // sign in an hour back on the emulator clock: the access token is already expired for the host
    const cookie = await signInSecondsAgo(3600);
    const before = (await ex.fe.readTokens(new Headers({ cookie })))!;

    const res = await ex.proxy(new NextRequest(`${APP}/dashboard`, { headers: { cookie, 'x-other': 'kept' } }));
    assert.equal(testing.getRedirectUrl(res), null, 'still signed in');
    assert.equal(res.headers.get('x-middleware-next'), '1');
    const renewed = res.headers.getSetCookie();
    assert.ok(
      renewed.some((c) => c.startsWith(`${COOKIE}=`) && !/Max-Age=0/.test(c)),
      'the browser gets the renewed session cookie',
    );
    const browserJar = applySetCookies(cookie, renewed);
    const tokens = (await ex.fe.readTokens(new Headers({ cookie: browserJar })))!;
    assert.notEqual(tokens.refreshToken, before.refreshToken, 'rotated');

    // NextResponse.next({ request: { headers } }) hands the rendering request its headers this way
    const overridden = res.headers.get('x-middleware-override-headers')!.split(',');
    assert.ok(overridden.includes('cookie') && overridden.includes('x-other'));
    const renderCookie = res.headers.get('x-middleware-request-cookie')!;
    assert.equal(res.headers.get('x-middleware-request-x-other'), 'kept');
    // what a server component's fe.getSession(await headers()) sees: the renewed session, valid, nothing to set
    const page = await ex.fe.getSession(new Headers({ cookie: renderCookie }));
    assert.equal(page.session?.user.email, ADMIN.email);
    assert.equal(page.session?.accessToken, tokens.accessToken);
    assert.deepEqual(page.setCookie, []);
  });
});
