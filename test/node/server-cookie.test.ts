/** The sealed session cookie (fe-elements/server): sealing, chunking, Set-Cookie builders. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_COOKIE_VALUE_BYTES,
  applySetCookies,
  clearChunkedCookie,
  createServerSession,
  parseCookies,
  readChunked,
  sealTokens,
  setChunkedCookie,
  unsealTokens,
} from '../../src/server/index.ts';

const PASSWORD = 'a1'.repeat(32);
const OTHER_PASSWORD = 'b2'.repeat(32);
const TOKENS = { accessToken: 'header.payload.signature', refreshToken: 'refresh-token-value' };
const ATTRS = { name: 'fe_session_demo-client', sameSite: 'none' as const, secure: true, httpOnly: true, path: '/', maxAge: 3600 };

const jar = (setCookies: string[], cookieHeader = '') => applySetCookies(cookieHeader, setCookies);
const server = (extra = {}) => createServerSession({ baseUrl: 'http://127.0.0.1:1', clientId: 'demo-client', encryptionPassword: PASSWORD, env: {}, ...extra });

describe('sealed session cookie', () => {
  it('SI-3.19 the cookie holds the sealed access and refresh tokens: seal/unseal round trip', async () => {
    const sealed = await sealTokens(TOKENS, PASSWORD, 60);
    assert.match(sealed, /^Fe26\.2\*/, 'an iron seal');
    assert.ok(!sealed.includes(TOKENS.refreshToken) && !sealed.includes(TOKENS.accessToken), 'the tokens are encrypted');
    assert.deepEqual(await unsealTokens(sealed, PASSWORD), TOKENS);
    // two seals of the same tokens differ (random salt and iv)
    assert.notEqual(await sealTokens(TOKENS, PASSWORD, 60), sealed);
  });

  it('a tampered seal reads as no session (null), never throws', async () => {
    const sealed = await sealTokens(TOKENS, PASSWORD, 60);
    const parts = sealed.split('*');
    // flip one character of the ciphertext, of the HMAC, and cut the seal
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const cipher = [...parts];
    cipher[4] = flip(cipher[4]);
    const mac = [...parts];
    mac[7] = flip(mac[7]);
    for (const bad of [cipher.join('*'), mac.join('*'), sealed.slice(0, -5), 'garbage', '', `${sealed}x`]) {
      assert.equal(await unsealTokens(bad, PASSWORD), null, bad.slice(0, 20));
    }
    assert.equal(await unsealTokens(undefined, PASSWORD), null);
  });

  it('a seal made with another password reads as no session', async () => {
    const sealed = await sealTokens(TOKENS, OTHER_PASSWORD, 60);
    assert.equal(await unsealTokens(sealed, PASSWORD), null);
  });

  it('an expired seal reads as no session (iron ttl, 60 s skew allowed)', async (t) => {
    const sealed = await sealTokens(TOKENS, PASSWORD, 1);
    assert.deepEqual(await unsealTokens(sealed, PASSWORD), TOKENS);
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() + 62_000 });
    assert.equal(await unsealTokens(sealed, PASSWORD), null);
    t.mock.timers.reset();
  });

  it('a seal of something else than { accessToken, refreshToken } reads as no session', async () => {
    const { sealData } = await import('../../src/server/index.ts');
    assert.equal(await unsealTokens(await sealData({ accessToken: 'x' }, PASSWORD, 60), PASSWORD), null);
    assert.equal(await unsealTokens(await sealData('text', PASSWORD, 60), PASSWORD), null);
  });

  it('large tokens are split into numbered chunks name.0, name.1, … under the per-cookie limit and joined back', async () => {
    const big = { accessToken: 'a'.repeat(6000), refreshToken: 'r'.repeat(800) };
    const sealed = await sealTokens(big, PASSWORD, 60);
    const set = setChunkedCookie(ATTRS.name, sealed, ATTRS);
    assert.ok(set.length >= 3, `chunks: ${set.length}`);
    set.forEach((sc, i) => {
      assert.ok(sc.startsWith(`${ATTRS.name}.${i}=`), sc.slice(0, 30));
      assert.ok(sc.split(';')[0].length <= MAX_COOKIE_VALUE_BYTES, 'name=value fits the limit');
      assert.ok(new TextEncoder().encode(sc).length < 4096, 'the whole Set-Cookie fits the browser limit');
    });
    const cookies = parseCookies(jar(set));
    assert.equal(readChunked(cookies, ATTRS.name), sealed);
    assert.deepEqual(await unsealTokens(readChunked(cookies, ATTRS.name), PASSWORD), big);
  });

  it('writing clears stale chunks (chunked → single, and fewer chunks) and clear removes every chunk', async () => {
    const big = await sealTokens({ accessToken: 'a'.repeat(9000), refreshToken: 'r' }, PASSWORD, 60);
    const before = parseCookies(jar(setChunkedCookie(ATTRS.name, big, ATTRS), 'other=1'));
    assert.ok(before.has(`${ATTRS.name}.2`));
    const small = await sealTokens(TOKENS, PASSWORD, 60);
    const set = setChunkedCookie(ATTRS.name, small, ATTRS, before);
    assert.ok(set[0].startsWith(`${ATTRS.name}=`));
    const cleared = set
      .slice(1)
      .map((s) => s.split('=')[0])
      .sort();
    assert.deepEqual(cleared, [...before.keys()].filter((k) => k.startsWith(`${ATTRS.name}.`)).sort());
    for (const sc of set.slice(1)) assert.match(sc, /Max-Age=0/);
    const after = parseCookies(jar(set, [...before].map(([k, v]) => `${k}=${v}`).join('; ')));
    assert.deepEqual([...after.keys()].sort(), ['fe_session_demo-client', 'other']);
    assert.deepEqual(await unsealTokens(readChunked(after, ATTRS.name), PASSWORD), TOKENS);

    const clear = clearChunkedCookie(ATTRS.name, ATTRS, before);
    assert.equal(clear.length, before.size); // name (always) + 3 chunks = 4 = chunks + "other"
    assert.ok(clear.every((sc) => /Max-Age=0/.test(sc)));
    assert.deepEqual([...parseCookies(jar(clear, [...before].map(([k, v]) => `${k}=${v}`).join('; '))).keys()], ['other']);
  });

  it('a missing chunk makes the joined value unreadable: no session', async () => {
    const big = await sealTokens({ accessToken: 'a'.repeat(9000), refreshToken: 'r' }, PASSWORD, 60);
    const cookies = parseCookies(jar(setChunkedCookie(ATTRS.name, big, ATTRS)));
    cookies.delete(`${ATTRS.name}.1`);
    assert.equal(await unsealTokens(readChunked(cookies, ATTRS.name), PASSWORD), null);
  });

  it('SI-9.09 SI-9.10 the cookie is fe_session_<clientId>, HttpOnly, Secure, SameSite=None, Path=/ by default', async () => {
    const fe = server();
    const set = await fe.sessionCookies(TOKENS);
    assert.equal(set.length, 1);
    const [pair, ...attrs] = set[0].split('; ');
    assert.equal(pair.split('=')[0], 'fe_session_demo-client');
    assert.deepEqual(attrs, ['Path=/', 'Max-Age=2592000', 'HttpOnly', 'Secure', 'SameSite=None']);
    assert.deepEqual(await fe.readTokens(new Headers({ cookie: jar(set) })), TOKENS);
    assert.deepEqual(await fe.readTokens({ headers: { cookie: jar(set) } }), TOKENS, 'node-style headers');
  });

  it('cookie options: name, SameSite, Secure (SameSite=None without Secure falls back to Lax), domain, maxAge', async () => {
    const fe = server({ cookie: { name: 'app_session', sameSite: 'strict', domain: 'example.test', maxAge: 60 } });
    const [sc] = await fe.sessionCookies(TOKENS);
    assert.match(sc, /^app_session=Fe26\.2\*.*; Path=\/; Domain=example\.test; Max-Age=60; HttpOnly; Secure; SameSite=Strict$/);
    const insecure = server({ cookie: { secure: false } });
    const [plain] = await insecure.sessionCookies(TOKENS);
    assert.match(plain, /HttpOnly; SameSite=Lax$/);
  });

  it('a tampered or foreign cookie: getSession answers no session and clears it (no error)', async () => {
    const fe = server();
    const res = await fe.getSession(new Request('http://app.test/', { headers: { cookie: 'fe_session_demo-client=Fe26.2**bogus' } }));
    assert.equal(res.session, null);
    assert.equal(res.reason, 'invalid-cookie');
    assert.match(res.setCookie[0], /^fe_session_demo-client=; .*Max-Age=0/);
    const none = await fe.getSession(new Request('http://app.test/'));
    assert.deepEqual(none, { session: null, setCookie: [] });
  });
});
