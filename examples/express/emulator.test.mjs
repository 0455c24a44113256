// The Express host's own tests against `fe-emulator`, the way a host team runs them in its CI: the emulator
// started with `npx fe-emulator` and the host's seed file (emulator-seed.json), users signing in through the
// host's /frontegg proxy, the clock set back so a session's access token is already expired (or its sign-in too old
// for the step-up guard of /api/cases), and a fault switch on the token endpoint for the host's behaviour when the
// identity API is down.
// Needs dist/server.js (`npm run build` at the repo root). Run: node --test examples/express/emulator.test.mjs
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as OTPAuth from 'otpauth';
import { startDemo } from './server.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const SEED = fileURLToPath(new URL('emulator-seed.json', import.meta.url));
const DANA = { email: 'dana@fbi.test', password: 'Dana-Scully-1993!', name: 'Dana Scully' };
const FOX = { email: 'fox@fbi.test', password: 'Fox-Mulder-1993!', name: 'Fox Mulder', totpSecret: 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA' };

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The server-rendered page greets `user`: the name in the header, then "Signed in as <email>". */
const greets = (user) => new RegExp(`id="user-name">${escapeRegExp(user.name)}</strong>[\\s\\S]*Signed in as <strong data-testid="email">${escapeRegExp(user.email)}</strong>`);

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
  });

/** `npx fe-emulator --port <free> --in-memory --seed emulator-seed.json`, in its own process group (npx → sh → node). */
async function startEmulator() {
  const port = await freePort();
  const child = spawn('npx', ['--no-install', 'fe-emulator', '--port', String(port), '--in-memory', '--seed', SEED], {
    cwd: here,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('EMULATOR_') && k !== 'DATABASE_URL')),
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  while (!/seed file .*emulator-seed\.json/.test(output)) {
    if (child.exitCode !== null) throw new Error(`fe-emulator exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`fe-emulator did not start in 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

/** A browser's cookie jar, as far as this host needs one: name=value pairs from Set-Cookie, sent back as Cookie. */
class Browser {
  cookies = new Map();
  constructor(base) {
    this.base = base;
  }
  async fetch(path, init = {}) {
    const res = await fetch(this.base + path, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  post(path, body) {
    return this.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }
  /** The host's page, server-rendered with the session. */
  async page() {
    const res = await this.fetch('/');
    assert.equal(res.status, 200);
    return res.text();
  }
  signIn(user) {
    return this.post('/frontegg/identity/resources/auth/v1/user', { email: user.email, password: user.password });
  }
}

describe('Express host against fe-emulator (seed file, clock, fault switch)', () => {
  let emu;
  let host;
  const emulator = (path, method, body) => fetch(emu.url + path, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });

  before(async () => {
    emu = await startEmulator();
    host = await startDemo({ port: 0, env: { FE_BASE_URL: emu.url } });
  });
  after(async () => {
    await host?.stop();
    await emu?.stop();
  });
  // every test starts from the host's seed: users, roles, clock, no faults
  beforeEach(async () => assert.equal((await emulator('/_emulator/reset', 'POST')).status, 200));

  it('a seeded user signs in through the host, and the server-rendered page greets them', async () => {
    const browser = new Browser(host.url);
    assert.doesNotMatch(await browser.page(), /id="signed-in"/);
    const res = await browser.signIn(DANA);
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.refreshToken, undefined, 'the host keeps the refresh token sealed');
    assert.match(await browser.page(), greets(DANA));
    assert.equal((await new Browser(host.url).signIn({ ...DANA, password: 'Wrong-Passw0rd!' })).status, 401);
  });

  it('a seeded user with an authenticator app signs in with a TOTP code computed from the seed', async () => {
    const browser = new Browser(host.url);
    const challenge = await (await browser.signIn(FOX)).json();
    assert.equal(challenge.mfaRequired, true);
    assert.doesNotMatch(await browser.page(), /id="signed-in"/, 'not signed in before the second factor');
    const value = new OTPAuth.TOTP({ secret: FOX.totpSecret }).generate();
    const verify = await browser.post('/frontegg/identity/resources/auth/v1/user/mfa/verify', { mfaToken: challenge.mfaToken, value });
    assert.equal(verify.status, 200);
    assert.match(await browser.page(), greets(FOX));
  });

  it('GET /api/cases needs a sign-in from the last five minutes: one 400 s old answers the RFC 9470 challenge; a TOTP step-up through the proxy opens it', async () => {
    const cases = { cases: ['The Pilot', 'Squeeze', 'Ice'], agent: FOX.email };
    const totp = new OTPAuth.TOTP({ secret: FOX.totpSecret });
    // Fox signed in (password + TOTP) 400 s ago on the emulator's clock: the token's auth_time
    assert.equal((await emulator('/_emulator/clock', 'PUT', { offsetSeconds: -400 })).status, 200);
    const browser = new Browser(host.url);
    const { mfaToken } = await (await browser.signIn(FOX)).json();
    assert.equal((await browser.post('/frontegg/identity/resources/auth/v1/user/mfa/verify', { mfaToken, value: totp.generate() })).status, 200);
    assert.equal((await emulator('/_emulator/clock', 'PUT', { offsetSeconds: 0 })).status, 200);

    const stale = await browser.fetch('/api/cases');
    assert.equal(stale.status, 401);
    assert.equal(
      stale.headers.get('www-authenticate'),
      'Bearer error="insufficient_user_authentication", error_description="A stronger or more recent sign-in is required", max_age=300',
    );
    assert.equal((await stale.json()).error, 'insufficient_user_authentication');
    assert.equal((await new Browser(host.url).fetch('/api/cases')).headers.get('www-authenticate'), 'Bearer', 'not signed in: no step-up to ask for');

    // the step-up <fe-step-up> runs, through the host's proxy: a new mfaToken, then the next TOTP code
    const generate = await browser.post('/frontegg/identity/resources/auth/v1/user/step-up/generate', { maxAge: 300 });
    assert.equal(generate.status, 200);
    const stepUp = { mfaToken: (await generate.json()).mfaToken, value: totp.generate({ timestamp: Date.now() + 30_000 }) };
    assert.equal((await browser.post('/frontegg/identity/resources/auth/v1/user/mfa/verify', stepUp)).status, 200);
    const fresh = await browser.fetch('/api/cases');
    assert.equal(fresh.status, 200);
    assert.deepEqual(await fresh.json(), cases);
  });

  it('the identity API down while the host refreshes: the page shows signed out, the session survives and comes back', async () => {
    // sign in an hour ago (the emulator's clock): the access token the host seals has already expired
    assert.equal((await emulator('/_emulator/clock', 'PUT', { now: new Date(Date.now() - 3600_000).toISOString() })).status, 200);
    const browser = new Browser(host.url);
    assert.equal((await browser.signIn(DANA)).status, 200);
    assert.equal((await emulator('/_emulator/clock', 'PUT', { offsetSeconds: 0 })).status, 200);
    const sealed = new Map(browser.cookies);

    // the token endpoint answers 503 once: the host cannot refresh
    const fault = await emulator('/_emulator/faults', 'PUT', { faults: [{ method: 'POST', path: '/frontegg/oauth/token', status: 503, times: 1 }] });
    assert.equal(fault.status, 200);
    const during = await browser.page();
    assert.doesNotMatch(during, /id="signed-in"/, 'no session while the API is down');
    assert.match(during, /<fe-login-box>/, 'the login box instead');
    assert.deepEqual(browser.cookies, sealed, 'a transient outage does not clear the session cookie');
    assert.deepEqual(
      (await (await emulator('/_emulator/faults', 'GET')).json()).map((f) => f.path),
      [],
      'the host tried the refresh once',
    );

    // the API is back: the same cookie refreshes and the user is signed in again
    assert.match(await browser.page(), greets(DANA));
    assert.notDeepEqual(browser.cookies, sealed, 'the refreshed session is sealed anew');
  });

  it('a 401 from the token endpoint is definitive: the host signs the user out and clears the cookie', async () => {
    assert.equal((await emulator('/_emulator/clock', 'PUT', { now: new Date(Date.now() - 3600_000).toISOString() })).status, 200);
    const browser = new Browser(host.url);
    assert.equal((await browser.signIn(DANA)).status, 200);
    await emulator('/_emulator/clock', 'PUT', { offsetSeconds: 0 });
    await emulator('/_emulator/faults', 'PUT', { faults: [{ path: '/frontegg/oauth/token', status: 401, body: { errors: ['Session not found'] } }] });
    assert.doesNotMatch(await browser.page(), /id="signed-in"/);
    assert.equal(browser.cookies.size, 0, 'the session cookie is cleared');
  });
});
