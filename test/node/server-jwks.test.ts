/** Access-token verification against /.well-known/jwks.json (SI-7.17): first key, cache, rotation. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWK, type CryptoKey } from 'jose';
import { TokenExpiredError, createJwksVerifier } from '../../src/server/index.ts';

interface Key {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}
async function makeKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** A tiny JWKS server: `keys` is what it serves; `hits` counts requests. */
let server: http.Server;
let url: string;
let served: JWK[] = [];
let hits = 0;
before(async () => {
  server = http.createServer((req, res) => {
    if (req.url !== '/.well-known/jwks.json') return void res.writeHead(404).end();
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: served }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

const ISS = 'https://auth.example.test';
async function token(key: Key, claims: Record<string, unknown> = {}, opts: { exp?: number; iss?: string; aud?: string; kid?: string | null } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const header: { alg: string; kid?: string } = { alg: 'RS256' };
  if (opts.kid !== null) header.kid = opts.kid ?? key.kid;
  return new SignJWT({ email: 'a@b.test', name: 'A B', tenantId: 't1', ...claims })
    .setProtectedHeader(header)
    .setSubject('user-1')
    .setIssuer(opts.iss ?? ISS)
    .setAudience(opts.aud ?? 'demo-client')
    .setIssuedAt(now)
    .setExpirationTime(opts.exp ?? now + 300)
    .sign(key.privateKey);
}
const verifier = (extra = {}) => createJwksVerifier({ jwksUrl: `${url}/.well-known/jwks.json`, issuer: ISS, audience: 'demo-client', ...extra });

describe('JWKS verification', () => {
  it('SI-7.17 loads GET /.well-known/jwks.json once, uses the first key, and caches it', async () => {
    const k1 = await makeKey('k1');
    const k2 = await makeKey('k2');
    served = [k1.jwk, k2.jwk];
    hits = 0;
    const v = verifier();
    const claims = await v.verify(await token(k1));
    assert.equal(claims.sub, 'user-1');
    assert.equal(claims.email, 'a@b.test');
    await Promise.all([v.verify(await token(k1)), v.verify(await token(k1)), v.verify(await token(k1, {}, { kid: null }))]);
    assert.equal(hits, 1, 'the key set is fetched once');
    assert.equal(v.fetches, 1);
    // the second key of the set is not used: a token it signed fails (after one refetch that still serves k1 first)
    await assert.rejects(v.verify(await token(k2)));
    assert.equal(hits, 2);
  });

  it('SI-7.17 rotation: a token with a new kid (or a signature the cached key rejects) refetches the set once', async () => {
    const old = await makeKey('old');
    const next = await makeKey('next');
    served = [old.jwk];
    hits = 0;
    const v = verifier();
    await v.verify(await token(old));
    // the issuer rotates: the new key is first
    served = [next.jwk, old.jwk];
    const claims = await v.verify(await token(next));
    assert.equal(claims.sub, 'user-1');
    assert.equal(hits, 2, 'one refetch for the unknown kid');
    await v.verify(await token(next));
    assert.equal(hits, 2, 'the new key is cached');

    // rotation without kids: the signature fails with the cached key → one refetch
    const third = await makeKey('third');
    served = [{ ...third.jwk, kid: undefined }];
    const w = verifier();
    served = [{ ...next.jwk, kid: undefined }];
    await w.verify(await token(next, {}, { kid: null }));
    served = [{ ...third.jwk, kid: undefined }];
    await w.verify(await token(third, {}, { kid: null }));
    assert.equal(w.fetches, 2);
  });

  it('a token of an unknown key does not refetch again within the cooldown', async () => {
    const k = await makeKey('k');
    const stranger = await makeKey('stranger');
    served = [k.jwk];
    const v = verifier();
    await v.verify(await token(k));
    await assert.rejects(v.verify(await token(stranger)));
    await assert.rejects(v.verify(await token(stranger)));
    await assert.rejects(v.verify(await token(stranger)));
    assert.equal(v.fetches, 2, 'one unhelpful refetch, then the cooldown');
    const quick = verifier({ cooldownMs: 0 });
    await quick.verify(await token(k));
    await assert.rejects(quick.verify(await token(stranger)));
    await assert.rejects(quick.verify(await token(stranger)));
    assert.equal(quick.fetches, 3);
  });

  it('checks issuer, audience and expiry (an expired token throws TokenExpiredError with its claims, no refetch)', async () => {
    const k = await makeKey('k');
    served = [k.jwk];
    const v = verifier();
    await assert.rejects(v.verify(await token(k, {}, { iss: 'https://evil.test' })), /iss/);
    await assert.rejects(v.verify(await token(k, {}, { aud: 'other-client' })), /aud/);
    const expired = await token(k, {}, { exp: Math.floor(Date.now() / 1000) - 10 });
    await assert.rejects(v.verify(expired), (e: unknown) => e instanceof TokenExpiredError && e.claims.sub === 'user-1');
    assert.equal(v.fetches, 1);
    await assert.rejects(v.verify('not-a-jwt'));
  });

  it('a JWKS that cannot be loaded fails verification and is tried again next time', async () => {
    const k = await makeKey('k');
    served = [];
    const v = verifier();
    await assert.rejects(v.verify(await token(k)), /no keys/);
    served = [k.jwk];
    assert.equal((await v.verify(await token(k))).sub, 'user-1');
  });
});
