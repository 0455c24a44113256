/**
 * The emulator clock frozen (src/clock.ts, routes/clock.ts): an emulator started at an instant with `frozen`
 * (`fe-emulator --now … --frozen`) reads that instant until a test moves it with `PUT /_emulator/clock`
 * (`{ now }`, `{ advance }`), and everything that reads time follows it: token iat/exp, refresh-token expiry,
 * TOTP, rate limits, the outbox and users' dates. Real waits, no fake timers.
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeJwt } from 'jose';
import * as OTPAuth from 'otpauth';
import type { Emulator } from '../src/app.ts';
import { Client, P, startEmulator } from './helpers.ts';

/** A whole second (JWT times are seconds), a year ahead of the real time. */
const T = Math.floor((Date.now() + 365 * 86400_000) / 1000) * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const SECRET = 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA';
const totp = (timestamp: number) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(SECRET), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });

let emu: Emulator;
before(async () => {
  emu = await startEmulator({ startAt: T, frozen: true });
});
after(async () => {
  await emu.close();
});
beforeEach(async () => {
  await emu.reset();
});

/** GET /_emulator/clock without `offsetSeconds` (how far from real time: it changes as real time passes). */
const clock = async (c: Client) => {
  const { now, frozen } = (await c.get<{ now: string; frozen: boolean }>('/_emulator/clock')).body;
  return { now, frozen };
};
const advance = async (c: Client, ms: number) => {
  const res = await c.put<{ now: string; frozen: boolean }>('/_emulator/clock', { advance: ms });
  assert.equal(res.status, 200, res.text);
  return { now: res.body.now, frozen: res.body.frozen };
};

describe('emulator clock: frozen (startAt + frozen, --now … --frozen)', () => {
  it('reads the same instant a second later; advance moves it by exactly that many milliseconds; tokens are issued at it', async () => {
    const c = new Client(emu);
    assert.deepEqual(await clock(c), { now: iso(T), frozen: true });
    await sleep(1100);
    assert.equal((await clock(c)).now, iso(T), 'still the same instant after a real 1.1 s');

    assert.deepEqual(await advance(c, 1500), { now: iso(T + 1500), frozen: true });
    await sleep(1100);
    assert.equal((await clock(c)).now, iso(T + 1500));

    const lr = await c.login(ADMIN.email, ADMIN.password);
    assert.equal(lr.status, 200, lr.text);
    const { iat, exp, auth_time } = decodeJwt(lr.body.accessToken);
    assert.equal(iat, T / 1000 + 1, 'iat is the frozen instant (whole seconds)');
    assert.equal(auth_time, iat);
    assert.equal(exp, iat! + 300);
  });

  it('PUT { now } keeps it frozen; { frozen: false } starts it running from there; { frozen: true } stops it again; a reset goes back to the start', async () => {
    const c = new Client(emu);
    const later = T + 86400_000;
    const set = await c.put('/_emulator/clock', { now: iso(later) });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.body.now, iso(later));
    assert.equal(set.body.frozen, true, 'frozen left out: the clock keeps its mode');

    assert.equal((await c.put('/_emulator/clock', { frozen: false })).body.frozen, false);
    await sleep(1100);
    const running = Date.parse((await clock(c)).now);
    assert.ok(running >= later + 1000 && running < later + 60_000, `running on from ${iso(later)}: ${iso(running)}`);

    const stopped = await c.put('/_emulator/clock', { frozen: true });
    assert.equal(stopped.body.frozen, true);
    await sleep(50);
    assert.equal((await clock(c)).now, stopped.body.now, 'frozen where it read');

    await emu.reset();
    assert.deepEqual(await clock(c), { now: iso(T), frozen: true });
  });

  it('an access token expires exactly at its exp, and a refresh token exactly refreshTokenExpiresIn after sign-in, not a millisecond before', async () => {
    const c = new Client(emu);
    assert.equal((await c.put('/_emulator/token-settings', { accessTokenExpiresIn: 300, refreshTokenExpiresIn: 3600 })).status, 200);
    const a = new Client(emu);
    const b = new Client(emu);
    const { accessToken } = (await a.login(ADMIN.email, ADMIN.password)).body;
    assert.equal((await b.login(ADMIN.email, ADMIN.password)).status, 200);

    await advance(c, 300_000 - 1);
    assert.equal((await a.get(`${P}/users/v2/me`, a.bearer(accessToken))).status, 200, '1 ms before exp');
    await advance(c, 1);
    assert.equal((await a.get(`${P}/users/v2/me`, a.bearer(accessToken))).status, 401, 'at exp');

    await advance(c, 3_600_000 - 300_000 - 1);
    assert.equal((await a.refresh()).status, 200, 'the refresh token 1 ms before it expires');
    await advance(c, 1);
    const expired = await b.refresh();
    assert.equal(expired.status, 401);
    assert.deepEqual(expired.body.errors, ['Session has expired']);
  });

  it('TOTP codes are checked at the frozen instant: its code signs in, a code of the real time does not; after advance, the next step’s code', async () => {
    const c = new Client(emu);
    assert.equal((await c.post(`/_emulator/users/${emu.seed.admin.userId}/authenticators`, { secret: SECRET })).status, 201);
    const verify = async (value: string) => {
      const challenge = await c.login(ADMIN.email, ADMIN.password);
      assert.equal(challenge.body.mfaRequired, true);
      return c.post(`${P}/auth/v1/user/mfa/verify`, { mfaToken: challenge.body.mfaToken, value });
    };
    const real = totp(Date.now());
    if (![-30_000, 0, 30_000].some((d) => totp(T + d) === real)) assert.equal((await verify(real)).status, 400, 'the real time is a year away');
    const ok = await verify(totp(T));
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(decodeJwt(ok.body.accessToken).amr, ['pwd', 'mfa', 'otp']);

    await advance(c, 30_000);
    assert.equal((await verify(totp(T + 30_000))).status, 200, 'the code of the next 30 s step');
  });

  it('rate limits, the outbox and users’ dates follow the frozen clock', async () => {
    const c = new Client(emu);
    const prelogin = () => c.post(`${P}/auth/v1/passwordless/code/prelogin`, { email: ADMIN.email }, { origin: 'http://localhost:5173' });
    assert.equal((await prelogin()).status, 200);
    await advance(c, 30_000 - 1);
    const limited = await prelogin();
    assert.equal(limited.status, 429, 'one code per 30 s: 1 ms left');
    assert.equal(limited.headers.get('retry-after'), '1');
    await advance(c, 1);
    assert.equal((await prelogin()).status, 200, '30 s after the first');
    const mails = (await c.get<{ createdAt: string }[]>('/_emulator/outbox.json')).body;
    assert.deepEqual(
      mails.map((m) => m.createdAt),
      [iso(T + 30_000), iso(T)],
    );

    // the seed is written at the start instant; a sign-in is the user's lastLogin
    const { accessToken } = (await c.login(ADMIN.email, ADMIN.password)).body;
    const admin = async () =>
      (await c.get<{ items: { email: string; createdAt: string; lastLogin: string }[] }>(`${P}/users/v3?_email=admin@acme.test`, c.bearer(accessToken))).body.items[0];
    assert.deepEqual({ createdAt: (await admin()).createdAt, lastLogin: (await admin()).lastLogin }, { createdAt: iso(T), lastLogin: iso(T + 30_000) });
    const inactive = async () => (await c.get(`${P}/users/v3?_preset=inactive&_maxInactiveSeconds=60`, c.bearer(accessToken))).body.items.map((u: { email: string }) => u.email);
    assert.ok(!(await inactive()).includes(ADMIN.email), 'signed in on the clock: not inactive');
    await advance(c, 60_001);
    assert.equal((await c.get(`${P}/users/v2/me`, c.bearer(accessToken))).status, 200, 'the token lives 300 s');
    assert.ok((await inactive()).includes(ADMIN.email), 'a minute later on the clock: inactive');
  });

  it('PUT /_emulator/clock answers 400 with what is wrong', async () => {
    const c = new Client(emu);
    const cases: [unknown, RegExp][] = [
      [{}, /give now, offsetSeconds, advance or frozen/],
      [{ advance: -1 }, /advance: must be 0 or more milliseconds/],
      [{ advance: 1.5 }, /advance: must be a whole number of milliseconds/],
      [{ advance: '1000' }, /advance: must be a number of milliseconds/],
      [{ advance: 20 * 365 * 86400_000 }, /advance: the clock must stay within 10 years of the real time/],
      [{ now: 'soon' }, /now: must be an ISO 8601 date-time or epoch milliseconds within 10 years/],
      [{ now: iso(T), advance: 1000 }, /give one of now, offsetSeconds or advance, not now and advance/],
      [{ frozen: 'yes' }, /frozen: must be true or false/],
      [{ speed: 2 }, /speed/],
    ];
    for (const [body, message] of cases) {
      const res = await c.put('/_emulator/clock', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.errors.join('\n'), message, JSON.stringify(body));
    }
    assert.equal((await clock(c)).now, iso(T), 'a refused change leaves the clock alone');
  });
});
