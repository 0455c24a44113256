/**
 * `requireAuthLevel` (fe-elements/server, src/server/step-up.ts; issue 35 part 1) against the running emulator: real
 * access tokens (password sign-in: `amr` pwd, no `acr`; password + TOTP: the multi-factor `acr`, `amr` mfa + otp;
 * `auth_time` of the sign-in) verified against its JWKS, from `Authorization: Bearer` or the sealed session cookie;
 * the RFC 9470 challenge when they fall short — read back with the browser's parser — as Express middleware on a
 * node:http server, Hono middleware, and a wrapped Web (Next.js) handler.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { TOTP } from 'otpauth';
import { ADMIN, emulatorForFile } from './emulator.ts';
import { applySetCookies, createServerSession, feExpress, meetsAuthLevel, requireAuthLevel, stepUpChallengeOf, type ServerSessionOptions } from '../../src/server/index.ts';

const MFA = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';
const emu = emulatorForFile();
const options = (): ServerSessionOptions => ({ baseUrl: emu.url, clientId: 'demo-client', clientSecret: 'demo-secret', encryptionPassword: 'ab'.repeat(32), env: {} });

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${emu.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** Password sign-in of the seeded admin: `{ accessToken, refreshToken }`. */
async function passwordSignIn() {
  const { status, body } = await post('/frontegg/identity/resources/auth/v1/user', ADMIN);
  assert.equal(status, 200);
  return body as { accessToken: string; refreshToken: string };
}

/** A new user with a TOTP authenticator, signed in with password and a real code: the multi-factor acr. */
async function mfaSignIn() {
  const user = { email: `mfa-${Date.now()}@acme.test`, password: 'Mfa-Passw0rd!-1' };
  const { body: created } = await post('/_emulator/users', user);
  const { body: enrolled } = await post(`/_emulator/users/${created.id}/authenticators`, {});
  const { body: challenge } = await post('/frontegg/identity/resources/auth/v1/user', user);
  assert.ok(challenge.mfaToken, 'MFA is asked for');
  const code = new TOTP({ secret: enrolled.secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  const { status, body } = await post('/frontegg/identity/resources/auth/v1/user/mfa/verify', { mfaToken: challenge.mfaToken, value: code });
  assert.equal(status, 200, JSON.stringify(body));
  return body as { accessToken: string; refreshToken: string };
}

const bearer = (token: string) => new Request('http://app.test/api/cases', { headers: { authorization: `Bearer ${token}` } });
const ok = () => Response.json({ cases: ['X-1'] });
const later = (seconds: number) => () => Date.now() + seconds * 1000;

describe('requireAuthLevel: the decision on real tokens', () => {
  it('maxAge: a sign-in younger than maxAge passes; one older answers the RFC 9470 challenge with max_age', async () => {
    const { accessToken } = await passwordSignIn();
    const fe = createServerSession(options());
    const fresh = await requireAuthLevel({ maxAge: 300, server: fe }).handle(ok)(bearer(accessToken));
    assert.equal(fresh.status, 200);
    assert.deepEqual(await fresh.json(), { cases: ['X-1'] });

    // the same token 301 s later (the guard's clock; the token is still valid for the JWKS check)
    const stale = await requireAuthLevel({ maxAge: 300, server: fe, now: later(301) }).handle(ok)(bearer(accessToken));
    assert.equal(stale.status, 401);
    assert.equal(stale.headers.get('cache-control'), 'no-store');
    const header = stale.headers.get('www-authenticate');
    assert.equal(header, 'Bearer error="insufficient_user_authentication", error_description="A stronger or more recent sign-in is required", max_age=300');
    assert.deepEqual(stepUpChallengeOf(header), {
      error: 'insufficient_user_authentication',
      errorDescription: 'A stronger or more recent sign-in is required',
      acrValues: [],
      maxAge: 300,
    });
    assert.deepEqual(await stale.json(), { error: 'insufficient_user_authentication', error_description: 'A stronger or more recent sign-in is required', max_age: 300 });
  });

  it('acr: a password-only token is challenged with acr_values; a password + TOTP token (multi-factor acr, amr mfa) passes', async () => {
    const fe = createServerSession(options());
    const guard = requireAuthLevel({ acr: MFA, maxAge: 300, server: fe });
    const weak = await guard.check(bearer((await passwordSignIn()).accessToken));
    assert.equal(weak.ok, false);
    assert.ok(!weak.ok && weak.response.status === 401);
    assert.deepEqual(stepUpChallengeOf(!weak.ok ? weak.response.headers.get('www-authenticate') : null)?.acrValues, [MFA]);

    const strong = await guard.check(bearer((await mfaSignIn()).accessToken));
    assert.equal(strong.ok, true);
    assert.ok(strong.ok && strong.claims.acr === MFA && (strong.claims.amr as string[]).includes('mfa'));
    // a multi-factor token signed in 301 s before the guard's clock: too old
    assert.equal((await requireAuthLevel({ acr: MFA, maxAge: 300, server: fe, now: later(301) }).check(bearer((await mfaSignIn()).accessToken))).ok, false);
  });

  it('no token: 401 with a bare Bearer challenge (no error code); a forged token: the same', async () => {
    const guard = requireAuthLevel({ maxAge: 300, server: createServerSession(options()) });
    const none = await guard.handle(ok)(new Request('http://app.test/api/cases'));
    assert.equal(none.status, 401);
    assert.equal(none.headers.get('www-authenticate'), 'Bearer');
    const { accessToken } = await passwordSignIn();
    const [h, p] = accessToken.split('.');
    const forged = await guard.handle(ok)(bearer(`${h}.${p}.${'A'.repeat(86)}`));
    assert.equal(forged.status, 401);
    assert.equal(stepUpChallengeOf(forged.headers.get('www-authenticate')), null);
  });

  it('without a server option: one server session from the FE_* environment variables, made at the first request (ServerConfigError while one is missing)', async () => {
    const keys = ['FE_BASE_URL', 'FE_CLIENT_ID', 'FE_CLIENT_SECRET', 'FE_ENCRYPTION_PASSWORD'] as const;
    const saved = keys.map((k) => process.env[k]);
    try {
      for (const k of keys) delete process.env[k];
      const guard = requireAuthLevel({ maxAge: 300 }); // made before the environment is: nothing is read yet
      const { accessToken } = await passwordSignIn();
      await assert.rejects(guard.check(bearer(accessToken)), { name: 'ServerConfigError', message: /FE_BASE_URL/ });
      Object.assign(process.env, { FE_BASE_URL: emu.url, FE_CLIENT_ID: 'demo-client', FE_CLIENT_SECRET: 'demo-secret', FE_ENCRYPTION_PASSWORD: 'cd'.repeat(32) });
      const fresh = await guard.handle(ok)(bearer(accessToken));
      assert.equal(fresh.status, 200, 'verified on the JWKS of FE_BASE_URL');
      const stale = await requireAuthLevel({ maxAge: 300, now: later(301) }).handle(ok)(bearer(accessToken));
      assert.equal(stepUpChallengeOf(stale.headers.get('www-authenticate'))?.maxAge, 300);
    } finally {
      keys.forEach((k, i) => (saved[i] === undefined ? delete process.env[k] : (process.env[k] = saved[i])));
    }
  });

  it('meetsAuthLevel: acr list, the multi-factor acr by amr, auth_time missing or in the future', () => {
    const now = 1_000_000_000_000;
    const t = now / 1000;
    assert.equal(meetsAuthLevel({ acr: 'urn:gold', auth_time: t }, { acr: ['urn:silver', 'urn:gold'] }, now), true);
    assert.equal(meetsAuthLevel({ acr: 'urn:bronze', auth_time: t }, { acr: ['urn:silver', 'urn:gold'] }, now), false);
    assert.equal(meetsAuthLevel({ amr: ['pwd', 'mfa', 'otp'] }, { acr: MFA }, now), true);
    assert.equal(meetsAuthLevel({ amr: ['pwd'] }, { acr: MFA }, now), false);
    assert.equal(meetsAuthLevel({}, { maxAge: 60 }, now), false);
    assert.equal(meetsAuthLevel({ auth_time: t - 60 }, { maxAge: 60 }, now), true);
    assert.equal(meetsAuthLevel({ auth_time: t - 61 }, { maxAge: 60 }, now), false);
    assert.throws(() => requireAuthLevel({ server: createServerSession(options()) }), TypeError);
    assert.throws(() => requireAuthLevel({ maxAge: -1, server: createServerSession(options()) }), TypeError);
  });
});

describe('requireAuthLevel in the frameworks', () => {
  it('Express middleware on node:http with the sealed session cookie: challenge (header + JSON), then the handler with req.feClaims', async () => {
    const fe = feExpress(options());
    const cookie = applySetCookies('', await fe.server.sessionCookies(await passwordSignIn()));
    let clock = later(0);
    const guard = requireAuthLevel({ maxAge: 300, server: fe, now: () => clock() });
    const server = http.createServer((req, res) =>
      guard(req, res, (error) => {
        if (error) return void res.writeHead(500).end(String(error));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ sub: (req as { feClaims?: { sub: string } }).feClaims?.sub, session: !!(req as { feSession?: unknown }).feSession }));
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/cases`;
    try {
      const passed = await fetch(url, { headers: { cookie } });
      assert.equal(passed.status, 200);
      const body = await passed.json();
      assert.equal(body.session, true);
      assert.match(body.sub, /\S/);
      clock = later(400);
      const challenged = await fetch(url, { headers: { cookie } });
      assert.equal(challenged.status, 401);
      assert.equal(stepUpChallengeOf(challenged.headers.get('www-authenticate'))?.maxAge, 300);
      assert.equal((await challenged.json()).error, 'insufficient_user_authentication');
      assert.equal((await fetch(url)).headers.get('www-authenticate'), 'Bearer', 'no cookie, no bearer');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('Hono middleware: challenge, or c.get("feClaims") in the handler', async () => {
    const fe = createServerSession(options());
    const { accessToken } = await passwordSignIn();
    const app = new Hono<{ Variables: { feClaims: { sub: string } } }>();
    app.get('/fresh', requireAuthLevel({ maxAge: 300, server: fe }).hono, (c) => c.json({ sub: c.get('feClaims').sub }));
    app.get('/stale', requireAuthLevel({ maxAge: 300, server: fe, now: later(301) }).hono, (c) => c.json({ sub: c.get('feClaims').sub }));
    const fresh = await app.request('/fresh', { headers: { authorization: `Bearer ${accessToken}` } });
    assert.equal(fresh.status, 200);
    assert.match((await fresh.json()).sub, /\S/);
    const stale = await app.request('/stale', { headers: { authorization: `Bearer ${accessToken}` } });
    assert.equal(stale.status, 401);
    assert.equal(stepUpChallengeOf(stale.headers.get('www-authenticate'))?.maxAge, 300);
  });
});
