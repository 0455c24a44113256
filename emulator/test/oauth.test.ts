import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { Emulator } from '../src/app.ts';
import { Client, P, refreshCookie, startEmulator } from './helpers.ts';

let emu: Emulator;
before(async () => {
  emu = await startEmulator();
});
after(async () => {
  await emu.close();
});
beforeEach(async () => {
  await emu.reset();
});

const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const CLIENT = { client_id: 'demo-client', client_secret: 'demo-secret' };
const REDIRECT = 'http://127.0.0.1:5173/oauth/callback';
const TOKEN = '/frontegg/oauth/token';

async function signedIn() {
  const c = new Client(emu);
  const login = await c.login(ADMIN.email, ADMIN.password);
  assert.equal(login.status, 200);
  return { c, lr: login.body };
}

async function issueCode(c: Client, extra: Record<string, unknown> = {}) {
  const res = await c.post('/_emulator/oauth/codes', { email: ADMIN.email, redirectUri: REDIRECT, ...extra });
  assert.equal(res.status, 201);
  return res.body.code as string;
}

describe('POST /frontegg/oauth/token, grant_type refresh_token', () => {
  it('SI-7.13 rotates the refresh token (JSON body) and answers the OAuth token shape without a cookie', async () => {
    const { c, lr } = await signedIn();
    const res = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: lr.refreshToken, ...CLIENT });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['access_token', 'expires_in', 'id_token', 'refresh_token', 'token_type']);
    assert.equal(res.body.token_type, 'Bearer');
    assert.equal(res.body.expires_in, 300);
    assert.notEqual(res.body.refresh_token, lr.refreshToken);
    assert.deepEqual(c.lastSetCookie, [], 'no refresh cookie from the token endpoint');
    const claims = decodeJwt(res.body.access_token);
    assert.equal(claims.sub, lr.userId);
    assert.equal(claims.sid, decodeJwt(lr.accessToken).sid, 'same session');
    const id = decodeJwt(res.body.id_token);
    assert.equal(id.sub, lr.userId);
    assert.equal(id.email, ADMIN.email);
    assert.equal(id.aud, 'demo-client');

    // the new tokens are real: the access token works as a bearer, the new refresh token refreshes again
    const me = await c.get(`${P}/users/v2/me`, c.bearer(res.body.access_token));
    assert.equal(me.status, 200);
    const again = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: res.body.refresh_token, ...CLIENT });
    assert.equal(again.status, 200);
  });

  it('accepts a form-encoded body and HTTP Basic client authentication', async () => {
    const { c, lr } = await signedIn();
    const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: lr.refreshToken }).toString();
    const res = await c.post(TOKEN, form, {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${btoa('demo-client:demo-secret')}`,
    });
    assert.equal(res.status, 200, res.text);
    assert.ok(res.body.access_token);
  });

  it('tokens verify against the JWKS with iss = issuer and aud = clientId', async () => {
    const { c, lr } = await signedIn();
    const res = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: lr.refreshToken, ...CLIENT });
    const jwks = createLocalJWKSet((await c.get('/.well-known/jwks.json')).body);
    for (const t of [res.body.access_token, res.body.id_token]) {
      await jwtVerify(t, jwks, { issuer: emu.issuer, audience: 'demo-client' });
    }
  });

  it('a reused refresh token answers 400 invalid_grant and revokes the session (also for the embedded refresh)', async () => {
    const { c, lr } = await signedIn();
    const first = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: lr.refreshToken, ...CLIENT });
    assert.equal(first.status, 200);
    const reuse = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: lr.refreshToken, ...CLIENT });
    assert.equal(reuse.status, 400);
    assert.equal(reuse.body.error, 'invalid_grant');
    assert.deepEqual(reuse.body.errors, ['Session has been revoked']);
    const later = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token, ...CLIENT });
    assert.equal(later.status, 400, 'the whole family was revoked');
    // the browser cookie of that session is dead too
    assert.ok(refreshCookie(c));
    assert.equal((await c.refresh()).status, 401);
  });

  it('checks the client: wrong secret 401 invalid_client, no secret 401, unknown client 401, unknown token 400', async () => {
    const { c, lr } = await signedIn();
    const wrong = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: lr.refreshToken, client_id: 'demo-client', client_secret: 'nope' });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error, 'invalid_client');
    assert.equal(wrong.body.errorCode, 'invalid_client');
    const none = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: lr.refreshToken, client_id: 'demo-client' });
    assert.equal(none.status, 401);
    const other = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: lr.refreshToken, client_id: 'other', client_secret: 'demo-secret' });
    assert.equal(other.status, 401);
    const unknown = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: 'nope', ...CLIENT });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error, 'invalid_grant');
    // the failed attempts did not spend the token
    assert.equal((await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: lr.refreshToken, ...CLIENT })).status, 200);
  });

  it('follows the token settings (expires_in) and answers 400 for a missing or unsupported grant', async () => {
    const { c, lr } = await signedIn();
    await c.put('/_emulator/token-settings', { accessTokenExpiresIn: 2 });
    const res = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: lr.refreshToken, ...CLIENT });
    assert.equal(res.body.expires_in, 2);
    const claims = decodeJwt(res.body.access_token);
    assert.equal(claims.exp! - claims.iat!, 2);
    assert.equal((await c.post(TOKEN, { ...CLIENT })).body.error, 'invalid_request');
    const pw = await c.post(TOKEN, { grant_type: 'password', ...CLIENT });
    assert.equal(pw.status, 400);
    assert.equal(pw.body.error, 'unsupported_grant_type');
    assert.equal((await c.post(TOKEN, '{', { 'content-type': 'application/json' })).status, 400);
  });
});

describe('POST /frontegg/oauth/token, grant_type authorization_code', () => {
  it('SI-7.14 exchanges a code (from POST /_emulator/oauth/codes) with code, redirect_uri, client_id, client_secret', async () => {
    const c = new Client(emu);
    const code = await issueCode(c, { nonce: 'abcdefghijklmnop' });
    const res = await c.post(TOKEN, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...CLIENT });
    assert.equal(res.status, 200, res.text);
    assert.equal(decodeJwt(res.body.access_token).email, ADMIN.email);
    assert.equal(decodeJwt(res.body.id_token).nonce, 'abcdefghijklmnop');
    assert.deepEqual(c.lastSetCookie, []);
    // the session is a real one: its refresh token works at the token endpoint
    const r = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: res.body.refresh_token, ...CLIENT });
    assert.equal(r.status, 200);
  });

  it('a code is single use: reuse answers invalid_grant and revokes the session it started', async () => {
    const c = new Client(emu);
    const code = await issueCode(c);
    const ok = await c.post(TOKEN, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...CLIENT });
    assert.equal(ok.status, 200);
    const again = await c.post(TOKEN, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...CLIENT });
    assert.equal(again.status, 400);
    assert.equal(again.body.error, 'invalid_grant');
    const r = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: ok.body.refresh_token, ...CLIENT });
    assert.equal(r.status, 400, 'the session of the reused code is revoked');
  });

  it('checks redirect_uri, the secret and PKCE (a public client needs a matching code_verifier)', async () => {
    const c = new Client(emu);
    const code = await issueCode(c);
    const bad = await c.post(TOKEN, { grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1:5173/other', ...CLIENT });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'invalid_grant');
    const noSecret = await c.post(TOKEN, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'demo-client' });
    assert.equal(noSecret.status, 401);

    const verifier = 'v'.repeat(50);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pkce = await issueCode(c, { codeChallenge: challenge, codeChallengeMethod: 'S256' });
    const wrong = await c.post(TOKEN, { grant_type: 'authorization_code', code: pkce, redirect_uri: REDIRECT, client_id: 'demo-client', code_verifier: 'w'.repeat(50) });
    assert.equal(wrong.status, 400);
    const right = await c.post(TOKEN, { grant_type: 'authorization_code', code: pkce, redirect_uri: REDIRECT, client_id: 'demo-client', code_verifier: verifier });
    assert.equal(right.status, 200, right.text);
    const unknown = await c.post(TOKEN, { grant_type: 'authorization_code', code: 'nope', redirect_uri: REDIRECT, ...CLIENT });
    assert.equal(unknown.status, 400);
    assert.equal((await c.post('/_emulator/oauth/codes', { email: 'nobody@acme.test', redirectUri: REDIRECT })).status, 404);
  });
});

describe('GET /frontegg/oauth/logout', () => {
  it('revokes the session of id_token_hint and redirects to post_logout_redirect_uri with state', async () => {
    const c = new Client(emu);
    const code = await issueCode(c);
    const t = (await c.post(TOKEN, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...CLIENT })).body;
    const q = new URLSearchParams({ id_token_hint: t.id_token, post_logout_redirect_uri: 'http://127.0.0.1:5173/', state: 's1' });
    const res = await c.get(`/frontegg/oauth/logout?${q}`);
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), 'http://127.0.0.1:5173/?state=s1');
    const r = await c.post(TOKEN, { grant_type: 'refresh_token', refresh_token: t.refresh_token, ...CLIENT });
    assert.equal(r.status, 400);
  });

  it('revokes the refresh cookie session, answers {} without a redirect, refuses an untrusted redirect', async () => {
    const { c } = await signedIn();
    const res = await c.get('/frontegg/oauth/logout');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {});
    assert.equal(refreshCookie(c), undefined, 'cookie cleared');
    const evil = await c.get(`/frontegg/oauth/logout?post_logout_redirect_uri=${encodeURIComponent('https://evil.example/')}`);
    assert.equal(evil.status, 400);
  });
});
