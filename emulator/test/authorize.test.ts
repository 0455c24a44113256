import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
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
const REDIRECT = 'http://127.0.0.1:5173/oauth/callback';
const MFA_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeQuery(challenge: string, extra: Record<string, string | undefined> = {}) {
  const q = new URLSearchParams({
    client_id: 'demo-client',
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'st-1',
    nonce: 'abcdefghijklmnop',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  for (const [k, v] of Object.entries(extra))
    if (v === undefined) q.delete(k);
    else q.set(k, v);
  return q.toString();
}

async function signedIn() {
  const c = new Client(emu);
  const login = await c.login(ADMIN.email, ADMIN.password);
  assert.equal(login.status, 200);
  return c;
}

const location = (r: { headers: Headers }) => new URL(r.headers.get('location')!, 'http://127.0.0.1:8787');

describe('GET /oauth/authorize: validation', () => {
  it('answers 400 (no redirect) for an unknown client_id or an untrusted / missing redirect_uri', async () => {
    const c = new Client(emu);
    const { challenge } = pkce();
    for (const extra of [
      { client_id: 'other' },
      { client_id: undefined },
      { redirect_uri: 'https://evil.example/cb' },
      { redirect_uri: undefined },
      { redirect_uri: 'javascript:alert(1)' },
    ]) {
      const res = await c.get(`/oauth/authorize?${authorizeQuery(challenge, extra)}`);
      assert.equal(res.status, 400, JSON.stringify(extra));
      assert.equal(res.headers.get('location'), null);
      assert.match(res.text, /Sign-in error/);
    }
  });

  it('redirects with error=invalid_request (and the state) without S256 PKCE; other bad parameters likewise', async () => {
    const c = new Client(emu);
    const { challenge } = pkce();
    const cases: [Record<string, string | undefined>, string][] = [
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge_method: undefined }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'email profile' }, 'invalid_scope'],
      [{ max_age: 'soon' }, 'invalid_request'],
    ];
    for (const [extra, error] of cases) {
      const res = await c.get(`/oauth/authorize?${authorizeQuery(challenge, extra)}`);
      assert.equal(res.status, 302, JSON.stringify(extra));
      const to = location(res);
      assert.equal(to.origin + to.pathname, REDIRECT);
      assert.equal(to.searchParams.get('error'), error, JSON.stringify(extra));
      assert.equal(to.searchParams.get('state'), 'st-1');
      assert.equal(to.searchParams.get('code'), null);
    }
  });
});

describe('GET /oauth/authorize: the hosted login', () => {
  it('without a session serves the hosted login page with our <fe-login-box> from the built bundle', async () => {
    const c = new Client(emu);
    const { challenge } = pkce();
    for (const path of ['/oauth/authorize', '/frontegg/oauth/authorize']) {
      const res = await c.get(`${path}?${authorizeQuery(challenge)}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type')!, /text\/html/);
      assert.match(res.text, /<fe-login-box/);
      assert.match(res.text, /src="\/hosted\/assets\/fe-login-box\.js"/);
      assert.match(res.text, /<fe-app base-url="http:\/\/127\.0\.0\.1:8787" client-id="demo-client">/);
      assert.ok(res.text.includes(`${path}/continue?`), 'continues to the code');
    }
  });

  it('SI-2.27 serves the hosted admin portal at /oauth/portal: <fe-admin-portal> from the built bundle, a login box when signed out, a strict CSP', async () => {
    const c = new Client(emu);
    for (const path of ['/oauth/portal', '/frontegg/oauth/portal']) {
      const res = await c.get(path);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type')!, /text\/html/);
      assert.match(res.text, /<fe-admin-portal hidden><\/fe-admin-portal>/);
      assert.match(res.text, /<fe-login-box hidden><\/fe-login-box>/);
      assert.match(res.text, /src="\/hosted\/assets\/fe-admin-portal\.js"/);
      assert.match(res.text, /<fe-app base-url="http:\/\/127\.0\.0\.1:8787" client-id="demo-client">/);
      assert.doesNotMatch(res.headers.get('content-security-policy') ?? '', /unsafe-inline/);
      assert.ok(res.headers.get('content-security-policy'), 'a CSP');
    }
    const js = await c.get('/hosted/assets/hosted-portal.js');
    assert.equal(js.status, 200);
    assert.match(js.text, /fe-session-change/);
  });

  it('serves the built assets under /hosted/assets/ and nothing outside dist/', async () => {
    const c = new Client(emu);
    const js = await c.get('/hosted/assets/fe-login-box.js');
    assert.equal(js.status, 200, 'run the build at the repo root first');
    assert.match(js.headers.get('content-type')!, /javascript/);
    assert.equal((await c.get('/hosted/assets/..%2Fpackage.json')).status, 404);
    assert.equal((await c.get('/hosted/assets/%2e%2e/%2e%2e/package.json')).status, 404);
  });

  it('with a live session redirects straight back with a code bound to PKCE, nonce, redirect_uri; the token endpoint exchanges it', async () => {
    const c = await signedIn();
    const { verifier, challenge } = pkce();
    const res = await c.get(`/oauth/authorize?${authorizeQuery(challenge)}`);
    assert.equal(res.status, 302);
    const to = location(res);
    assert.equal(to.origin + to.pathname, REDIRECT);
    assert.equal(to.searchParams.get('state'), 'st-1');
    const code = to.searchParams.get('code')!;
    assert.ok(code);

    const anon = new Client(emu);
    // wrong verifier, wrong redirect_uri
    assert.equal((await anon.post('/frontegg/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: pkce().verifier })).status, 400);
    const tok = await anon.post('/frontegg/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    assert.equal(tok.status, 200, tok.text);
    const id = decodeJwt(tok.body.id_token);
    assert.equal(id.nonce, 'abcdefghijklmnop');
    assert.equal(id.email, ADMIN.email);
    assert.ok(id.name);
    assert.ok(id.sub);
    assert.deepEqual(id.amr, ['pwd']);
    assert.equal(typeof id.auth_time, 'number');
    // the id token is usable as the browser's bearer token (contract §4 EO1: token = id_token)
    const me = await anon.get(`${P}/users/v2/me`, anon.bearer(tok.body.id_token));
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.email, ADMIN.email);
    // single use
    assert.equal((await anon.post('/frontegg/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier })).status, 400);
  });

  it('carries the session acr, amr and auth_time into the id token; acr_values the session does not meet shows the login page', async () => {
    const c = await signedIn();
    // a password session does not meet the multi-factor acr: sign in again (the cookie is cleared)
    const { challenge } = pkce();
    const page = await c.get(`/oauth/authorize?${authorizeQuery(challenge, { acr_values: MFA_ACR })}`);
    assert.equal(page.status, 200);
    assert.match(page.text, /<fe-login-box/);
    assert.equal(refreshCookie(c), undefined, 'the not-good-enough session is not restored by the page');

    // a multi-factor session (set on its refresh token row) meets it
    const c2 = await signedIn();
    const { refreshTokens } = await import('../src/db/schema.ts');
    const authTime = Math.floor(Date.now() / 1000) - 5;
    await emu.db.update(refreshTokens).set({ acr: MFA_ACR, amr: ['pwd', 'mfa', 'otp'], authTime });
    const { verifier, challenge: ch2 } = pkce();
    const res = await c2.get(`/oauth/authorize?${authorizeQuery(ch2, { acr_values: MFA_ACR, max_age: '60' })}`);
    assert.equal(res.status, 302);
    const code = location(res).searchParams.get('code')!;
    const tok = await c2.post('/frontegg/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    assert.equal(tok.status, 200, tok.text);
    const id = decodeJwt(tok.body.id_token);
    assert.equal(id.acr, MFA_ACR);
    assert.deepEqual(id.amr, ['pwd', 'mfa', 'otp']);
    assert.equal(id.auth_time, authTime);
    assert.equal(decodeJwt(tok.body.access_token).acr, MFA_ACR);
  });

  it('max_age: an older authentication shows the login page; prompt=none answers login_required; prompt=login forces the page', async () => {
    const c = await signedIn();
    const { refreshTokens } = await import('../src/db/schema.ts');
    await emu.db.update(refreshTokens).set({ authTime: Math.floor(Date.now() / 1000) - 3600 });
    const { challenge } = pkce();
    const old = await c.get(`/oauth/authorize?${authorizeQuery(challenge, { max_age: '60', prompt: 'none' })}`);
    assert.equal(old.status, 302);
    assert.equal(location(old).searchParams.get('error'), 'login_required');
    assert.equal((await c.get(`/oauth/authorize?${authorizeQuery(challenge, { max_age: '60' })}`)).status, 200);

    const c2 = await signedIn();
    assert.equal((await c2.get(`/oauth/authorize?${authorizeQuery(challenge, { prompt: 'login' })}`)).status, 200);
    const anon = new Client(emu);
    const none = await anon.get(`/oauth/authorize?${authorizeQuery(challenge, { prompt: 'none' })}`);
    assert.equal(location(none).searchParams.get('error'), 'login_required');
  });

  it('continue: after the sign-in on the page issues the code; without a session goes back to the page', async () => {
    const { verifier, challenge } = pkce();
    const anon = new Client(emu);
    const noSession = await anon.get(`/oauth/authorize/continue?${authorizeQuery(challenge)}`);
    assert.equal(noSession.status, 302);
    assert.equal(location(noSession).pathname, '/oauth/authorize');

    const c = await signedIn();
    const res = await c.get(`/frontegg/oauth/authorize/continue?${authorizeQuery(challenge, { prompt: 'login' })}`);
    assert.equal(res.status, 302);
    const code = location(res).searchParams.get('code')!;
    const tok = await c.post('/frontegg/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    assert.equal(tok.status, 200);

    // acr_values are voluntary after the sign-in: the code carries the acr reached (none for a password)
    const acr = await c.get(`/oauth/authorize/continue?${authorizeQuery(challenge, { acr_values: MFA_ACR })}`);
    assert.equal(acr.status, 302);
    const acrCode = location(acr).searchParams.get('code')!;
    const acrTok = await c.post('/frontegg/oauth/token', { grant_type: 'authorization_code', code: acrCode, redirect_uri: REDIRECT, code_verifier: verifier });
    assert.equal(decodeJwt(acrTok.body.id_token).acr, undefined);
    // max_age is not: an old authentication goes back to the login page
    const { refreshTokens } = await import('../src/db/schema.ts');
    await emu.db.update(refreshTokens).set({ authTime: Math.floor(Date.now() / 1000) - 3600 });
    const old = await c.get(`/oauth/authorize/continue?${authorizeQuery(challenge, { max_age: '60' })}`);
    assert.equal(location(old).pathname, '/oauth/authorize');
  });

  it('organization binds the code to that tenant when the user is a member', async () => {
    const c = await signedIn();
    const { verifier, challenge } = pkce();
    const res = await c.get(`/oauth/authorize?${authorizeQuery(challenge, { organization: emu.seed.tenantId })}`);
    const code = location(res).searchParams.get('code')!;
    const tok = await c.post('/frontegg/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    assert.equal(decodeJwt(tok.body.id_token).tenantId, emu.seed.tenantId);
  });
});

describe('POST /frontegg/oauth/authorize/silent', () => {
  it('SI-7.44 rotates the cookie session and answers the OAuth token response', async () => {
    const c = await signedIn();
    const before = refreshCookie(c);
    const res = await c.post('/frontegg/oauth/authorize/silent', { tenantId: emu.seed.tenantId });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['access_token', 'expires_in', 'id_token', 'refresh_token', 'token_type']);
    assert.equal(res.body.expires_in, 300);
    assert.notEqual(refreshCookie(c), before, 'the cookie rotates');
    const id = decodeJwt(res.body.id_token);
    assert.equal(id.email, ADMIN.email);
    assert.equal(id.tenantId, emu.seed.tenantId);
    assert.equal(id.sid, decodeJwt(res.body.access_token).sid);
    assert.equal((await c.post('/frontegg/oauth/authorize/silent', { tenantId: null })).status, 200);
  });

  it('answers 401 without a session, and after the hosted logout', async () => {
    const anon = new Client(emu);
    const none = await anon.post('/frontegg/oauth/authorize/silent', { tenantId: null });
    assert.equal(none.status, 401);
    assert.equal(none.body.error, 'login_required');

    const c = await signedIn();
    const res = await c.post('/frontegg/oauth/authorize/silent', {});
    const q = new URLSearchParams({ id_token_hint: res.body.id_token, post_logout_redirect_uri: 'http://127.0.0.1:5173/' });
    const cookie = refreshCookie(c)!;
    const out = await c.get(`/frontegg/oauth/logout?${q}`);
    assert.equal(out.status, 302);
    assert.equal(out.headers.get('location'), 'http://127.0.0.1:5173/');
    // the session is revoked, not only the cookie cleared
    c.jar.set('fe_refresh_demo-client', cookie);
    assert.equal((await c.post('/frontegg/oauth/authorize/silent', {})).status, 401);
  });
});
