/**
 * fe-elements/server against the running emulator (child process, memory database):
 * token-endpoint refresh, shared concurrent refresh, getSession renewal, the request
 * handler (proxy, hosted-login callback with a locally issued code, logout), the
 * Express adapter on a node:http server, and the session script.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { ADMIN, emulatorForFile } from './emulator.ts';
import {
  applySetCookies,
  createRequestHandler,
  createServerSession,
  createTokenClient,
  feExpress,
  parseCookies,
  renderSessionScript,
  resolveConfig,
  toTokenSet,
  type FeServerSession,
  type ServerSessionOptions,
  type TokenError,
} from '../../src/server/index.ts';

const PASSWORD = '0123456789abcdef'.repeat(4);
const APP = 'http://app.test';

const emu = emulatorForFile();

/** A fetch that records the paths it called. */
function countingFetch() {
  const calls: { path: string; body?: string; headers: Headers }[] = [];
  const f: typeof fetch = async (input, init) => {
    const u = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push({ path: u.pathname, body: typeof init?.body === 'string' ? init.body : undefined, headers: new Headers(init?.headers) });
    return fetch(input, init);
  };
  return { fetch: f, calls, count: (path: string) => calls.filter((c) => c.path === path).length };
}

const options = (extra: Partial<ServerSessionOptions> = {}): ServerSessionOptions => ({
  baseUrl: emu.url,
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  encryptionPassword: PASSWORD,
  env: {},
  ...extra,
});

async function login(email = ADMIN.email, password = ADMIN.password) {
  const res = await fetch(`${emu.url}/frontegg/identity/resources/auth/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as { accessToken: string; refreshToken: string; userId: string; name: string };
}

/** The Cookie header of a browser holding the sealed session of `tokens`. */
async function sessionCookie(fe: FeServerSession, tokens: { accessToken: string; refreshToken: string }) {
  return applySetCookies('', await fe.sessionCookies(tokens));
}

const setTokenExpiry = (seconds: number) =>
  fetch(`${emu.url}/_emulator/token-settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accessTokenExpiresIn: seconds }) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('token endpoint', () => {
  it('SI-7.13 refresh is POST {prefix}/oauth/token with grant_type refresh_token, refresh_token, client_id, client_secret', async () => {
    const f = countingFetch();
    const client = createTokenClient(resolveConfig(options({ fetch: f.fetch })));
    const lr = await login();
    const t = await client.refresh(lr.refreshToken);
    const call = f.calls.find((c) => c.path === '/frontegg/oauth/token')!;
    assert.deepEqual(JSON.parse(call.body!), { grant_type: 'refresh_token', refresh_token: lr.refreshToken, client_id: 'demo-client', client_secret: 'demo-secret' });
    assert.equal(call.headers.get('content-type'), 'application/json');
    assert.notEqual(t.refreshToken, lr.refreshToken, 'rotated');
    assert.equal(decodeJwt(t.accessToken).sub, lr.userId);
    assert.ok(t.idToken);
    assert.equal(t.expiresIn, 300);
    assert.equal(t.mfaRequired, false);
  });

  it('SI-7.14 code exchange is POST {prefix}/oauth/token with grant_type authorization_code, code, redirect_uri, client_id, client_secret', async () => {
    const f = countingFetch();
    const client = createTokenClient(resolveConfig(options({ fetch: f.fetch })));
    const redirectUri = `${APP}/oauth/callback`;
    const { code } = (await (
      await fetch(`${emu.url}/_emulator/oauth/codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, redirectUri }),
      })
    ).json()) as { code: string };
    const t = await client.exchangeCode({ code, redirectUri });
    assert.deepEqual(JSON.parse(f.calls[0].body!), { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: 'demo-client', client_secret: 'demo-secret' });
    assert.equal(decodeJwt(t.accessToken).email, ADMIN.email);
    await assert.rejects(client.exchangeCode({ code, redirectUri }), (e: TokenError) => e.status === 400 && e.definitive);
  });

  it('SI-7.15 SI-7.16 answers default expiresIn to 300 s and mfaRequired to false', async () => {
    assert.deepEqual(toTokenSet({ access_token: 'a', refresh_token: 'r' }), { accessToken: 'a', refreshToken: 'r', idToken: undefined, expiresIn: 300, mfaRequired: false });
    assert.equal(toTokenSet({ access_token: 'a', refresh_token: 'r', expires_in: 0 }).expiresIn, 300);
    assert.equal(toTokenSet({ accessToken: 'a', refreshToken: 'r', expiresIn: 42, mfaRequired: true }).expiresIn, 42);
    // through the client: an endpoint answering without expires_in / mfaRequired
    const fake: typeof fetch = async () =>
      new Response(JSON.stringify({ access_token: 'a', refresh_token: 'r2', id_token: 'i' }), { headers: { 'content-type': 'application/json' } });
    const t = await createTokenClient(resolveConfig(options({ fetch: fake }))).refresh('r1');
    assert.equal(t.expiresIn, 300);
    assert.equal(t.mfaRequired, false);
  });

  it('concurrent refreshes of one refresh token share one request (and a late caller gets the same result)', async () => {
    const f = countingFetch();
    const client = createTokenClient(resolveConfig(options({ fetch: f.fetch })));
    const lr = await login();
    const results = await Promise.all(Array.from({ length: 8 }, () => client.refresh(lr.refreshToken)));
    assert.equal(f.count('/frontegg/oauth/token'), 1);
    assert.ok(results.every((r) => r.refreshToken === results[0].refreshToken));
    const late = await client.refresh(lr.refreshToken);
    assert.equal(late.refreshToken, results[0].refreshToken, 'within the grace period the successor is reused');
    assert.equal(f.count('/frontegg/oauth/token'), 1);
    // the session is intact (no reuse detection fired): the successor refreshes
    const next = await client.refresh(results[0].refreshToken);
    assert.ok(next.accessToken);
  });

  it('without a client secret the server refreshes through the embedded refresh with the refresh cookie', async () => {
    const f = countingFetch();
    const client = createTokenClient(resolveConfig(options({ clientSecret: undefined, fetch: f.fetch })));
    const lr = await login();
    const t = await client.refresh(lr.refreshToken);
    assert.equal(f.calls[0].path, '/frontegg/identity/resources/auth/v1/user/token/refresh');
    assert.equal(f.calls[0].headers.get('cookie'), `fe_refresh_demo-client=${lr.refreshToken}`);
    assert.notEqual(t.refreshToken, lr.refreshToken);
    await assert.rejects(client.refresh(lr.refreshToken + 'x'), (e: TokenError) => e.status === 401 && e.definitive);
  });
});

describe('getSession', () => {
  it('returns the user, claims, tenant and access token of a valid cookie (SI-7.17 verified against the emulator JWKS)', async () => {
    const fe = createServerSession(options());
    const lr = await login();
    const cookie = await sessionCookie(fe, lr);
    const { session, setCookie } = await fe.getSession(new Request(`${APP}/`, { headers: { cookie } }), { entitlements: true });
    assert.deepEqual(setCookie, []);
    assert.ok(session);
    assert.equal(session.user.id, lr.userId);
    assert.equal(session.user.email, ADMIN.email);
    assert.equal(session.user.name, 'Acme Admin');
    assert.equal(session.tenantId, '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e02');
    assert.equal(session.accessToken, lr.accessToken);
    assert.equal(session.claims.iss, emu.url);
    assert.ok(!('iss' in session.user) && !('exp' in session.user));
    assert.ok(session.entitlements && typeof session.entitlements === 'object' && 'features' in (session.entitlements as object));
  });

  it('renews an expired access token with the refresh token and returns the new cookie to set', async () => {
    const f = countingFetch();
    const fe = createServerSession(options({ fetch: f.fetch }));
    await setTokenExpiry(2);
    const lr = await login();
    await sleep(3100);
    const cookie = await sessionCookie(fe, lr);
    const request = () => new Request(`${APP}/`, { headers: { cookie } });
    const [a, b] = await Promise.all([fe.getSession(request()), fe.getSession(request())]);
    assert.ok(a.session && b.session);
    assert.equal(f.count('/frontegg/oauth/token'), 1, 'two renders with the same expired cookie share one refresh');
    assert.notEqual(a.session.accessToken, lr.accessToken);
    assert.equal(a.session.user.id, lr.userId);
    assert.equal(a.setCookie.length, 1);
    const renewed = await fe.readTokens(new Headers({ cookie: applySetCookies(cookie, a.setCookie) }));
    assert.equal(renewed?.accessToken, a.session.accessToken);
    assert.notEqual(renewed?.refreshToken, lr.refreshToken);
    // the renewed cookie is a session: no further refresh while the new token lives
    const again = await fe.getSession(new Request(`${APP}/`, { headers: { cookie: applySetCookies(cookie, a.setCookie) } }));
    assert.equal(again.session?.accessToken, a.session.accessToken);
    assert.deepEqual(again.setCookie, []);
  });

  it('a revoked session reads as no session and clears the cookie', async () => {
    const fe = createServerSession(options());
    await setTokenExpiry(1);
    const lr = await login();
    await fetch(`${emu.url}/frontegg/identity/resources/auth/v1/logout`, { method: 'POST', headers: { cookie: `fe_refresh_demo-client=${lr.refreshToken}` } });
    await sleep(2100);
    const res = await fe.getSession(new Request(`${APP}/`, { headers: { cookie: await sessionCookie(fe, lr) } }));
    assert.equal(res.session, null);
    assert.equal(res.reason, 'refresh-failed');
    assert.match(res.setCookie[0], /^fe_session_demo-client=; .*Max-Age=0/);
  });

  it('renderSessionScript emits the public user as JSON (no tokens), escaped for HTML', async () => {
    const fe = createServerSession(options());
    const lr = await login();
    const { session } = await fe.getSession(new Headers({ cookie: await sessionCookie(fe, lr) }));
    const html = renderSessionScript(session);
    const m = html.match(/^<script type="application\/json" id="fe-session">(.*)<\/script>$/s);
    assert.ok(m, html);
    assert.ok(!html.includes(lr.accessToken) && !html.includes(lr.refreshToken));
    const hint = JSON.parse(m[1]);
    assert.equal(hint.user.email, ADMIN.email);
    // the user as the elements hold it (SI-3.01): the token's permission and role keys as [{ key }]
    assert.ok(session!.user.permissions?.includes('fe.secure.read.users'), 'the token names the permissions by key');
    assert.deepEqual(
      hint.user.permissions,
      session!.user.permissions!.map((key) => ({ key })),
    );
    assert.deepEqual(
      hint.user.roles,
      session!.user.roles!.map((key) => ({ key })),
    );
    assert.equal(hint.tenantId, session!.tenantId);
    assert.equal(hint.expiresAt, session!.expiresAt);
    const evil = renderSessionScript({ ...session!, user: { ...session!.user, name: '</script><script>alert(1)</script>', accessToken: 'x' } });
    assert.ok(!evil.slice(0, -'</script>'.length).includes('</script>'));
    assert.equal(JSON.parse(evil.match(/>(.*)<\/script>$/s)![1]).user.name, '</script><script>alert(1)</script>');
    assert.ok(!('accessToken' in JSON.parse(evil.match(/>(.*)<\/script>$/s)![1]).user));
    assert.equal(renderSessionScript(null), '');
  });
});

describe('request handler', () => {
  it('proxies /frontegg/* to the API adding Authorization: Bearer <sealed access token>; null for other paths', async () => {
    const f = countingFetch();
    const fe = createServerSession(options({ fetch: f.fetch }));
    const handle = createRequestHandler(fe);
    const lr = await login();
    const cookie = await sessionCookie(fe, lr);
    const res = await handle(new Request(`${APP}/frontegg/identity/resources/users/v2/me`, { headers: { cookie: `${cookie}; other=1` } }));
    assert.equal(res?.status, 200);
    assert.equal(((await res!.json()) as { email: string }).email, ADMIN.email);
    const sent = f.calls.at(-1)!;
    assert.equal(sent.headers.get('authorization'), `Bearer ${lr.accessToken}`);
    assert.equal(sent.headers.get('cookie'), null, "the host's cookies never reach the API");
    assert.equal(sent.headers.get('x-forwarded-host'), 'app.test');
    assert.equal(await handle(new Request(`${APP}/dashboard`)), null);
    // no session: the request goes through unauthenticated
    const anon = await handle(new Request(`${APP}/frontegg/identity/resources/users/v2/me`));
    assert.equal(anon?.status, 401);
  });

  it('refreshes an expiring access token before proxying and sets the renewed cookie', async () => {
    const f = countingFetch();
    const fe = createServerSession(options({ fetch: f.fetch }));
    const handle = createRequestHandler(fe);
    await setTokenExpiry(2);
    const lr = await login();
    const cookie = await sessionCookie(fe, lr);
    const res = await handle(new Request(`${APP}/frontegg/identity/resources/users/v2/me`, { headers: { cookie } }));
    assert.equal(res?.status, 200);
    assert.equal(f.count('/frontegg/oauth/token'), 1, 'a token expiring within 10 s is refreshed first');
    const setCookie = res!.headers.getSetCookie();
    const renewed = await fe.readTokens(new Headers({ cookie: applySetCookies(cookie, setCookie) }));
    assert.equal(f.calls.at(-1)!.headers.get('authorization'), `Bearer ${renewed!.accessToken}`);
  });

  it('an old cookie mapped to its successor within the rotation grace: an expired successor is refreshed before proxying (short-lived access tokens)', async () => {
    const fe = createServerSession(options());
    const handle = createRequestHandler(fe);
    const clock = (offsetSeconds: number) =>
      fetch(`${emu.url}/_emulator/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offsetSeconds }) });
    await clock(-3600); // tokens minted now are already expired for the host server
    let old: string;
    try {
      old = await sessionCookie(fe, await login());
      // the browser's refresh rotates the session; its answer (and new cookie) is lost, the old cookie stays
      const r = await handle(
        new Request(`${APP}/frontegg/identity/resources/auth/v1/user/token/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: old },
          body: '{}',
        }),
      );
      assert.equal(r?.status, 200);
    } finally {
      await clock(0);
    }
    const me = await handle(new Request(`${APP}/frontegg/identity/resources/users/v2/me`, { headers: { cookie: old } }));
    assert.equal(me?.status, 200, 'not the expired successor as bearer');
    const renewed = await fe.readTokens(new Headers({ cookie: applySetCookies(old, me!.headers.getSetCookie()) }));
    assert.ok(renewed && decodeJwt(renewed.accessToken).exp! * 1000 > Date.now());
  });

  it('seals the tokens of a login answered through the proxy, hides the refresh token, and serves the browser refresh from the cookie', async () => {
    const fe = createServerSession(options());
    const handle = createRequestHandler(fe);
    const res = await handle(
      new Request(`${APP}/frontegg/identity/resources/auth/v1/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }),
    );
    assert.equal(res?.status, 200);
    const body = (await res!.json()) as Record<string, unknown>;
    assert.ok(body.accessToken, 'the elements still get the access token');
    assert.equal(body.refreshToken, undefined, 'the refresh token stays on the server');
    const setCookie = res!.headers.getSetCookie();
    assert.ok(
      setCookie.every((c) => !c.startsWith('fe_refresh_')),
      "the API's refresh cookie is not passed on",
    );
    let cookie = applySetCookies('', setCookie);
    assert.equal((await fe.readTokens(new Headers({ cookie })))?.accessToken, body.accessToken);

    // the elements' refresh (POST …/token/refresh) is answered with the sealed refresh token
    const refresh = () =>
      handle(
        new Request(`${APP}/frontegg/identity/resources/auth/v1/user/token/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ tenantId: null }),
        }),
      );
    const [r1, r2] = await Promise.all([refresh(), refresh()]);
    assert.equal(r1?.status, 200);
    assert.equal(r2?.status, 200, 'a parallel refresh with the same cookie shares the rotation');
    const lr = (await r1!.json()) as Record<string, unknown>;
    assert.equal(lr.refreshToken, undefined);
    assert.ok(lr.accessToken && lr.email === ADMIN.email);
    cookie = applySetCookies(cookie, r1!.headers.getSetCookie());
    const { session } = await fe.getSession(new Headers({ cookie }));
    assert.equal(session?.accessToken, lr.accessToken);

    // logout through the proxy revokes the session and clears the cookie
    const out = await handle(new Request(`${APP}/frontegg/identity/resources/auth/v1/logout`, { method: 'POST', headers: { cookie } }));
    assert.equal(out?.status, 200);
    assert.match(out!.headers.getSetCookie().join('\n'), /fe_session_demo-client=; .*Max-Age=0/);
    const tokens = await fe.readTokens(new Headers({ cookie }));
    // refused here (the session is remembered as signed out) and at the API (a client without that memory)
    await assert.rejects(fe.tokens.refresh(tokens!.refreshToken), (e: TokenError) => e.name === 'SessionRevokedError');
    await assert.rejects(createTokenClient(fe.config).refresh(tokens!.refreshToken), (e: TokenError) => e.status === 400);
  });

  it('GET /account/logout revokes the session at the API, clears the cookie and redirects (hosted: through {prefix}/oauth/logout)', async () => {
    const fe = createServerSession(options());
    const lr = await login();
    const cookie = await sessionCookie(fe, lr);
    const res = await createRequestHandler(fe)(new Request(`${APP}/account/logout`, { headers: { cookie } }));
    assert.equal(res?.status, 302);
    assert.equal(res!.headers.get('location'), `${APP}/`);
    assert.match(res!.headers.getSetCookie()[0], /^fe_session_demo-client=; .*Max-Age=0/);
    await assert.rejects(createTokenClient(fe.config).refresh(lr.refreshToken), (e: TokenError) => e.status === 400, 'the refresh token is revoked at the API');

    const hosted = createRequestHandler(options({ hostedLogin: true, routes: { afterLogoutUrl: '/bye' } }));
    const h = await hosted(new Request(`${APP}/account/logout`));
    const loc = new URL(h!.headers.get('location')!);
    assert.equal(`${loc.origin}${loc.pathname}`, `${emu.url}/frontegg/oauth/logout`);
    assert.equal(loc.searchParams.get('post_logout_redirect_uri'), `${APP}/bye`);
  });

  it('hosted login: /account/login redirects to authorize (PKCE S256, state, 16-char nonce); /oauth/callback exchanges a code and sets the session', async () => {
    const fe = createServerSession(options({ hostedLogin: true }));
    const handle = createRequestHandler(fe);
    const start = await handle(new Request(`${APP}/account/login?redirectUrl=/reports`));
    assert.equal(start?.status, 302);
    const authorize = new URL(start!.headers.get('location')!);
    assert.equal(`${authorize.origin}${authorize.pathname}`, `${emu.url}/oauth/authorize`);
    const q = authorize.searchParams;
    assert.equal(q.get('response_type'), 'code');
    assert.equal(q.get('client_id'), 'demo-client');
    assert.equal(q.get('redirect_uri'), `${APP}/oauth/callback`);
    assert.equal(q.get('scope'), 'openid email profile');
    assert.equal(q.get('code_challenge_method'), 'S256');
    assert.equal(q.get('nonce')!.length, 16);
    const stateCookie = applySetCookies('', start!.headers.getSetCookie());
    assert.match(start!.headers.getSetCookie()[0], /^fe_oauth_demo-client=.*SameSite=Lax/);

    // the (future) hosted login signs the user in and sends a code back; here the emulator's test route issues it
    const { code } = (await (
      await fetch(`${emu.url}/_emulator/oauth/codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, redirectUri: q.get('redirect_uri'), codeChallenge: q.get('code_challenge'), nonce: q.get('nonce') }),
      })
    ).json()) as { code: string };

    const wrongState = await handle(new Request(`${APP}/oauth/callback?code=${code}&state=nope`, { headers: { cookie: stateCookie } }));
    assert.equal(wrongState?.status, 400);
    const cb = await handle(new Request(`${APP}/oauth/callback?code=${code}&state=${q.get('state')}`, { headers: { cookie: stateCookie } }));
    assert.equal(cb?.status, 302, await cb?.clone().text());
    assert.equal(cb!.headers.get('location'), `${APP}/reports`);
    const cookie = applySetCookies(stateCookie, cb!.headers.getSetCookie());
    assert.ok(!parseCookies(cookie).has('fe_oauth_demo-client'), 'the state cookie is cleared');
    const { session } = await fe.getSession(new Headers({ cookie }));
    assert.equal(session?.user.email, ADMIN.email);

    // a code whose id token carries another nonce is refused
    const again = await handle(new Request(`${APP}/account/login`));
    const q2 = new URL(again!.headers.get('location')!).searchParams;
    const { code: other } = (await (
      await fetch(`${emu.url}/_emulator/oauth/codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, redirectUri: q2.get('redirect_uri'), codeChallenge: q2.get('code_challenge'), nonce: 'x'.repeat(16) }),
      })
    ).json()) as { code: string };
    const replay = await handle(
      new Request(`${APP}/oauth/callback?code=${other}&state=${q2.get('state')}`, { headers: { cookie: applySetCookies('', again!.headers.getSetCookie()) } }),
    );
    assert.equal(replay?.status, 400);
    assert.match(await replay!.text(), /does not match/);

    const err = await handle(new Request(`${APP}/oauth/callback?error=access_denied`));
    assert.equal(err?.status, 400);
    // without hosted login these routes are not served
    assert.equal(await createRequestHandler(options())(new Request(`${APP}/oauth/callback?code=x`)), null);
  });
});

describe('Express adapter', () => {
  it('feExpress(options) on a node:http server: proxy with bearer, login through the proxy, getSession on a page, next() for the rest', async () => {
    const fe = feExpress(options());
    const server = http.createServer((req, res) => {
      fe(req, res, async (error?: unknown) => {
        if (error) return void res.writeHead(500).end(String(error));
        if (req.url === '/') {
          const session = await fe.getSession(req, res);
          res.setHeader('content-type', 'text/html');
          return void res.end(`<!doctype html>${renderSessionScript(session)}<p id="who">${session ? session.user.name : 'Signed out'}</p>`);
        }
        res.writeHead(404).end('not here');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      assert.match(await (await fetch(`${base}/`)).text(), /Signed out/);
      assert.equal((await fetch(`${base}/elsewhere`)).status, 404);

      const login = await fetch(`${base}/frontegg/identity/resources/auth/v1/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      assert.equal(login.status, 200);
      assert.equal(((await login.json()) as { refreshToken?: string }).refreshToken, undefined);
      const cookie = applySetCookies('', login.headers.getSetCookie());
      assert.ok(parseCookies(cookie).has('fe_session_demo-client'));

      const page = await (await fetch(`${base}/`, { headers: { cookie } })).text();
      assert.match(page, /<p id="who">Acme Admin<\/p>/);
      assert.match(page, /<script type="application\/json" id="fe-session">/);

      const me = await fetch(`${base}/frontegg/identity/resources/users/v2/me`, { headers: { cookie } });
      assert.equal(me.status, 200);
      assert.equal(((await me.json()) as { email: string }).email, ADMIN.email);

      const out = await fetch(`${base}/account/logout`, { headers: { cookie }, redirect: 'manual' });
      assert.equal(out.status, 302);
      const after = applySetCookies(cookie, out.headers.getSetCookie());
      assert.match(await (await fetch(`${base}/`, { headers: { cookie: after } })).text(), /Signed out/);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('works after a JSON body parser consumed the stream (req.body)', async () => {
    const fe = feExpress(options());
    const server = http.createServer(async (req, res) => {
      // a body parser in front: reads the stream and sets req.body
      let text = '';
      for await (const c of req) text += c;
      (req as unknown as { body: unknown }).body = text ? JSON.parse(text) : undefined;
      fe(req as never, res, () => void res.writeHead(404).end());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const login = await fetch(`${base}/frontegg/identity/resources/auth/v1/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      assert.equal(login.status, 200, await login.clone().text());
      assert.ok(login.headers.getSetCookie().some((c) => c.startsWith('fe_session_demo-client=')));
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
