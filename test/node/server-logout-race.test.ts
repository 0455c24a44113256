/**
 * Issue 6: the logout/refresh race of the host server. A refresh that is in flight when the user logs
 * out (the page's <fe-app> through the /frontegg proxy, a server render, the proxy's own refresh before an
 * API call) must not seal a new session cookie after `/account/logout` cleared it. Against the running
 * emulator (child process, memory database); the refresh is held between the API's answer and the
 * handler's, which is exactly where the logout slips in.
 */
import { describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, emulatorForFile } from './emulator.ts';
import {
  applySetCookies,
  createRequestHandler,
  createServerSession,
  createTokenClient,
  MAX_REVOKED,
  parseCookies,
  resolveConfig,
  REVOKED_MIN_TTL_MS,
  ROTATION_GRACE_MS,
  type FeServerSession,
  type ServerSessionOptions,
  type TokenError,
} from '../../src/server/index.ts';

const PASSWORD = '0123456789abcdef'.repeat(4);
const APP = 'http://app.test';
const COOKIE = 'fe_session_demo-client';
const REFRESH = '/frontegg/identity/resources/auth/v1/user/token/refresh';
const TOKEN = '/frontegg/oauth/token';

const emu = emulatorForFile();

const options = (extra: Partial<ServerSessionOptions> = {}): ServerSessionOptions => ({
  baseUrl: emu.url,
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  encryptionPassword: PASSWORD,
  env: {},
  ...extra,
});

async function login() {
  const res = await fetch(`${emu.url}/frontegg/identity/resources/auth/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as { accessToken: string; refreshToken: string; userId: string };
}

/** Signs in with the emulator clock an hour back: the access token is already expired for the host server. */
async function loginExpired() {
  const clock = (offsetSeconds: number) =>
    fetch(`${emu.url}/_emulator/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offsetSeconds }) });
  await clock(-3600);
  try {
    return await login();
  } finally {
    await clock(0);
  }
}

/**
 * A fetch that holds the API's answer to the first call of `path` (the API has already answered — for a
 * refresh: the token is rotated) until `release()`; `held` resolves when it is holding.
 */
function holdingFetch(path: string) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let holding!: () => void;
  const held = new Promise<void>((r) => (holding = r));
  let armed = true;
  const answer = { text: '' };
  const f: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const u = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (!armed || u.pathname !== path) return res;
    armed = false;
    const body = await res.arrayBuffer();
    answer.text = new TextDecoder().decode(body);
    holding();
    await gate;
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  /** `answer.text`: the held answer's body. */
  return { fetch: f, held, answer, release: () => release() };
}

/** The Cookie header of a browser holding the sealed session of `tokens`. */
async function sessionCookie(fe: FeServerSession, tokens: { accessToken: string; refreshToken: string }) {
  return applySetCookies('', await fe.sessionCookies(tokens));
}

/** The browser's jar after an answer (Set-Cookie applied in the order the answers arrive). */
const after_ = (jar: string, res: { headers: Headers } | string[]) => applySetCookies(jar, Array.isArray(res) ? res : res.headers.getSetCookie());

const logoutKinds = {
  /** GET /account/logout (the header's "Sign out" link). */
  route: (handle: ReturnType<typeof createRequestHandler>, cookie: string) => handle(new Request(`${APP}/account/logout`, { headers: { cookie } })),
  /** The elements' logout through the proxy. */
  proxied: (handle: ReturnType<typeof createRequestHandler>, cookie: string) =>
    handle(new Request(`${APP}/frontegg/identity/resources/auth/v1/logout`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' })),
};

describe('logout while a refresh is in flight (issue 6 race)', () => {
  for (const [kind, logout] of Object.entries(logoutKinds)) {
    it(`SI-7 the browser's refresh through the proxy, answered by the API before a ${kind} logout, answers 401 and clears the cookie (no new seal)`, async () => {
      const hold = holdingFetch(REFRESH);
      const fe = createServerSession(options({ fetch: hold.fetch }));
      const handle = createRequestHandler(fe);
      const cookie = await sessionCookie(fe, await login());

      const refreshing = handle(
        new Request(`${APP}${REFRESH}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ tenantId: null }),
        }),
      );
      await hold.held; // the API has rotated the refresh token; its answer is on the way back
      const out = await logout(handle, cookie);
      assert.ok(out && out.status < 400, `logout answered ${out?.status}`);
      let jar = after_(cookie, out!);
      assert.ok(!parseCookies(jar).has(COOKIE), 'the logout clears the session cookie');

      hold.release();
      const refreshed = await refreshing;
      assert.equal(refreshed?.status, 401, 'the refresh of a signed-out session is refused');
      assert.deepEqual(await refreshed!.json(), { errors: ['Session has been revoked'] });
      jar = after_(jar, refreshed!);
      assert.ok(!parseCookies(jar).has(COOKIE), 'no new session cookie after the logout');
      const { session } = await fe.getSession(new Headers({ cookie: jar }));
      assert.equal(session, null, 'the user is signed out');
      // the session is dead at the API as well: the refresh token the held answer carried no longer refreshes
      const successor = (JSON.parse(hold.answer.text) as { refreshToken: string }).refreshToken;
      assert.ok(successor);
      await assert.rejects(createTokenClient(resolveConfig(options())).refresh(successor), (e: TokenError) => e.status === 400);
    });
  }

  it('a server render refreshing an expired access token when the user logs out: no session and the cookie cleared, not re-sealed', async () => {
    const hold = holdingFetch(TOKEN);
    const fe = createServerSession(options({ fetch: hold.fetch }));
    const handle = createRequestHandler(fe);
    const cookie = await sessionCookie(fe, await loginExpired());

    const rendering = fe.getSession(new Headers({ cookie }));
    await hold.held;
    let jar = after_(cookie, (await logoutKinds.route(handle, cookie))!);
    hold.release();
    const render = await rendering;
    assert.equal(render.session, null);
    assert.equal(render.reason, 'signed-out');
    jar = after_(jar, render.setCookie);
    assert.ok(!parseCookies(jar).has(COOKIE));
    assert.match(render.setCookie.join('\n'), /fe_session_demo-client=; .*Max-Age=0/);
  });

  it("the proxy's own refresh before an API call, in flight at logout: the call goes out unauthenticated and the cookie is cleared", async () => {
    const hold = holdingFetch(TOKEN);
    const fe = createServerSession(options({ fetch: hold.fetch }));
    const handle = createRequestHandler(fe);
    const cookie = await sessionCookie(fe, await loginExpired());

    const calling = handle(new Request(`${APP}/frontegg/identity/resources/users/v2/me`, { headers: { cookie } }));
    await hold.held;
    let jar = after_(cookie, (await logoutKinds.route(handle, cookie))!);
    hold.release();
    const res = await calling;
    assert.equal(res?.status, 401, 'no bearer for a signed-out session');
    jar = after_(jar, res!);
    assert.ok(!parseCookies(jar).has(COOKIE));
  });

  it('requests still carrying the signed-out cookie (sent before the logout answered) are served as signed out', async () => {
    const fe = createServerSession(options());
    const handle = createRequestHandler(fe);
    const cookie = await sessionCookie(fe, await login()); // the access token is valid for minutes
    await logoutKinds.route(handle, cookie);

    const render = await fe.getSession(new Headers({ cookie }));
    assert.equal(render.session, null, 'a still-valid access token of a signed-out session is not a session');
    assert.equal(render.reason, 'signed-out');
    assert.match(render.setCookie.join('\n'), /fe_session_demo-client=; .*Max-Age=0/);
    const me = await handle(new Request(`${APP}/frontegg/identity/resources/users/v2/me`, { headers: { cookie } }));
    assert.equal(me?.status, 401);
    assert.match(me!.headers.getSetCookie().join('\n'), /fe_session_demo-client=; .*Max-Age=0/);
    const refresh = await handle(new Request(`${APP}${REFRESH}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' }));
    assert.equal(refresh?.status, 401);
  });

  it('logout with the renewed cookie also ends the old cookie a late request still carries (no re-seal through the rotation grace)', async () => {
    const fe = createServerSession(options());
    const handle = createRequestHandler(fe);
    const old = await sessionCookie(fe, await login());
    const refreshed = await handle(new Request(`${APP}${REFRESH}`, { method: 'POST', headers: { cookie: old, 'content-type': 'application/json' }, body: '{}' }));
    assert.equal(refreshed?.status, 200);
    const renewed = after_(old, refreshed!);
    // without a logout the old cookie maps to the renewed session within the grace period
    assert.ok((await fe.getSession(new Headers({ cookie: old }))).session);

    await logoutKinds.route(handle, renewed);
    const late = await fe.getSession(new Headers({ cookie: old }));
    assert.equal(late.session, null);
    assert.ok(!late.setCookie.some((c) => c.startsWith(`${COOKIE}=`) && !/Max-Age=0/.test(c)), 'no cookie re-sealed');
    const lateRefresh = await handle(new Request(`${APP}${REFRESH}`, { method: 'POST', headers: { cookie: old, 'content-type': 'application/json' }, body: '{}' }));
    assert.equal(lateRefresh?.status, 401);
  });

  it('a fresh sign-in after the logout is a session again (only the signed-out session is remembered)', async () => {
    const fe = createServerSession(options());
    const handle = createRequestHandler(fe);
    await logoutKinds.route(handle, await sessionCookie(fe, await login()));
    const res = await handle(
      new Request(`${APP}/frontegg/identity/resources/auth/v1/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }),
    );
    assert.equal(res?.status, 200);
    const { session } = await fe.getSession(new Headers({ cookie: after_('', res!) }));
    assert.ok(session);
  });
});

describe('the memory of signed-out sessions is bounded', () => {
  const offline: typeof fetch = async () => new Response('{}', { headers: { 'content-type': 'application/json' } });
  const jwtExpiringIn = (seconds: number) => `e30.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds })).toString('base64url')}.x`;

  it(`by time: until the access token expires (+${ROTATION_GRACE_MS / 1000} s), at least ${REVOKED_MIN_TTL_MS / 1000} s`, async () => {
    mock.timers.enable({ apis: ['Date'], now: Date.now() });
    try {
      const client = createTokenClient(resolveConfig(options({ baseUrl: 'http://127.0.0.1:9', fetch: offline })));
      await client.markRevoked({ refreshToken: 'short' });
      await client.markRevoked({ refreshToken: 'long', accessToken: jwtExpiringIn(300) });
      const short = await client.revocationCheck('short');
      const long = await client.revocationCheck('long');
      assert.ok(short() && long());
      mock.timers.tick(REVOKED_MIN_TTL_MS + 1);
      assert.equal(short(), false, 'forgotten after the minimum');
      assert.equal(long(), true, 'remembered while its access token lives');
      mock.timers.tick(300_000 + ROTATION_GRACE_MS - REVOKED_MIN_TTL_MS);
      assert.equal(long(), false);
      // forgotten: a refresh goes to the API again (which answers nothing usable here), not refused locally
      await assert.rejects(client.refresh('short'), (e: TokenError) => e.name === 'TokenError');
    } finally {
      mock.timers.reset();
    }
  });

  it(`by count: at most ${MAX_REVOKED} sessions, the oldest forgotten first`, async () => {
    const client = createTokenClient(resolveConfig(options({ baseUrl: 'http://127.0.0.1:9', fetch: offline })));
    for (let i = 0; i <= MAX_REVOKED; i++) await client.markRevoked({ refreshToken: `rt-${i}` });
    assert.equal((await client.revocationCheck('rt-0'))(), false, 'the oldest is forgotten');
    assert.equal((await client.revocationCheck('rt-1'))(), true);
    assert.equal((await client.revocationCheck(`rt-${MAX_REVOKED}`))(), true);
    await assert.rejects(client.refresh(`rt-${MAX_REVOKED}`), (e: TokenError) => e.name === 'SessionRevokedError' && e.status === 401);
  });
});
