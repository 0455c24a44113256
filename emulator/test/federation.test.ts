/**
 * Federation routes (routes/federation.ts) against real identity providers
 * started here: tools/idp-oidc.js (panva's oidc-provider: social login and
 * OIDC SSO) and tools/idp-saml.js (samlify IdP: signed SAML responses). The
 * browser's part (redirects, the IdP's sign-in page) is driven over HTTP.
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { Emulator } from '../src/app.ts';
import { Client, ORIGIN, P, refreshCookie, startEmulator } from './helpers.ts';
import { startOidcIdp, type OidcIdp } from '../../tools/idp-oidc.js';
import { startSamlIdp, selfSignedCertificate, type SamlIdp } from '../../tools/idp-saml.js';

const PAGE = 'http://localhost:5173';
const SOCIAL_CB = `${PAGE}/account/social/success`;
const OIDC_CB = `${PAGE}/account/oidc/callback`;
const SAML_CB = `${PAGE}/account/saml/callback`;
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const SOCIAL = { client_id: 'github-client', client_secret: 'github-secret', redirect_uris: [SOCIAL_CB] };
const CORP = { client_id: 'corp-client', client_secret: 'corp-secret', redirect_uris: [OIDC_CB] };

let emu: Emulator;
let oidc: OidcIdp;
let saml: SamlIdp;
before(async () => {
  emu = await startEmulator();
  oidc = await startOidcIdp({
    clients: [SOCIAL, CORP],
    accounts: [
      { email: 'octo@example.test', name: 'Octo Cat' },
      { email: 'unverified@example.test', emailVerified: false },
      { email: 'admin@acme.test' },
      { email: 'ann@corp.test', name: 'Ann Corp' },
      { email: 'eve@evil.test' },
    ],
  });
  const sp = await new Client(emu).get('/frontegg/auth/saml/metadata');
  saml = await startSamlIdp({ spMetadata: sp.text, accounts: [{ email: 'sam@saml.test' }, { email: 'eve@evil.test' }] });
});
after(async () => {
  await oidc.close();
  await saml.close();
  await emu.close();
});
beforeEach(async () => {
  await emu.reset();
});

const b64u = (b: Buffer) => b.toString('base64url');
const s256 = (v: string) => b64u(createHash('sha256').update(v).digest());

/** What the login box does before leaving for the provider: state (also the nonce), PKCE verifier, the authorize URL. */
function socialStart(authorizationUrl: string, clientId = SOCIAL.client_id) {
  const state = b64u(randomBytes(32));
  const verifier = b64u(randomBytes(48));
  const url = new URL(authorizationUrl);
  Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: SOCIAL_CB,
    scope: 'openid email profile',
    state,
    nonce: state,
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
  }).forEach(([k, v]) => url.searchParams.set(k, v));
  return { state, verifier, url: url.href };
}

async function routeGithub(c: Client, extra: Record<string, unknown> = {}) {
  const r = await c.put('/_emulator/social-providers/github', { issuer: oidc.issuer, clientId: SOCIAL.client_id, clientSecret: SOCIAL.client_secret, ...extra });
  assert.equal(r.status, 200, r.text);
  return r.body;
}

/** A full social sign-in through the IdP: returns the callback's code/state and the client's verifier. */
async function socialCallback(c: Client, email: string | null) {
  const [github] = (await c.get(`${P}/sso/v2`)).body.filter((p: { type: string }) => p.type === 'github');
  const start = socialStart(github.authorizationUrl);
  const back = await oidc.signIn(start.url, email);
  assert.equal(back.origin + back.pathname, SOCIAL_CB);
  return { ...start, code: back.searchParams.get('code'), returnedState: back.searchParams.get('state'), error: back.searchParams.get('error') };
}

const socialPostLogin = (c: Client, provider: string, q: Record<string, string | null | undefined>, body: unknown = {}) => {
  const qs = new URLSearchParams(Object.entries(q).filter(([, v]) => v != null) as [string, string][]);
  return c.post(`${P}/auth/v1/user/sso/${provider}/postlogin?${qs}`, body);
};

describe('social login', () => {
  it('SI-3.22 SI-3.21 lists the providers routed to issuers (sso v1, v2, custom v1), with the authorization endpoint', async () => {
    const c = new Client(emu);
    assert.deepEqual((await c.get(`${P}/sso/v2`)).body, []);
    await routeGithub(c);
    await c.put('/_emulator/social-providers/google', { issuer: oidc.issuer, clientId: 'g', clientSecret: 'g', active: false });
    const custom = await c.post('/_emulator/social-providers/custom', { issuer: oidc.issuer, clientId: 'x', clientSecret: 'y', displayName: 'Acme ID' });
    assert.equal(custom.status, 201);
    const v2 = (await c.get(`${P}/sso/v2`)).body;
    assert.deepEqual(
      v2.map((p: { type: string; active: boolean }) => [p.type, p.active]),
      [
        ['github', true],
        ['google', false],
      ],
    );
    assert.equal(v2[0].clientId, SOCIAL.client_id);
    assert.equal(v2[0].authorizationUrl, `${oidc.issuer}/auth`);
    assert.deepEqual(Object.keys(v2[0]).sort(), [
      'active',
      'additionalScopes',
      'authorizationUrl',
      'backendRedirectUrl',
      'clientId',
      'customised',
      'options',
      'redirectUrl',
      'type',
    ]);
    const v1 = (await c.get(`${P}/sso/v1`)).body;
    assert.deepEqual(Object.keys(v1[0]).sort(), ['active', 'clientId', 'redirectUrl', 'type']);
    const customs = (await c.get(`${P}/sso/custom/v1`)).body.providers;
    assert.equal(customs.length, 1);
    assert.equal(customs[0].id, custom.body.id);
    assert.equal(customs[0].displayName, 'Acme ID');
    assert.equal((await c.get(`${P}/sso/v2/authenticated`)).status, 401);
  });

  it('refuses a provider whose issuer has no OpenID configuration, and unknown provider types', async () => {
    const c = new Client(emu);
    assert.equal((await c.put('/_emulator/social-providers/github', { issuer: 'http://127.0.0.1:9/', clientId: 'a', clientSecret: 'b' })).status, 400);
    assert.equal((await c.put('/_emulator/social-providers/myspace', { issuer: oidc.issuer, clientId: 'a', clientSecret: 'b' })).status, 400);
  });

  it('SI-7.37 code + PKCE verifier + state → a new user (isNewUser) with a session; the second time the same user', async () => {
    const c = new Client(emu);
    await routeGithub(c);
    const cb = await socialCallback(c, 'octo@example.test');
    assert.equal(cb.returnedState, cb.state);
    const res = await socialPostLogin(
      c,
      'github',
      { code: cb.code, redirectUri: SOCIAL_CB, code_verifier: cb.verifier, state: cb.state },
      { metadata: null, invitationToken: null },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.isNewUser, true);
    assert.equal(res.body.email, 'octo@example.test');
    assert.equal(res.body.name, 'Octo Cat');
    assert.equal(res.body.mfaRequired, false);
    assert.ok(res.body.accessToken && refreshCookie(c), 'a session with the refresh cookie');
    const claims = decodeJwt(res.body.accessToken);
    assert.deepEqual(claims.amr, ['social']);
    assert.equal(claims.tenantId, res.body.tenantId);
    const me = await c.get(`${P}/users/v2/me`, c.bearer(res.body.accessToken));
    assert.equal(me.body.email, 'octo@example.test');
    assert.deepEqual(
      me.body.roles.map((r: { key: string }) => r.key),
      ['Admin'],
      'the creator of the new tenant administers it',
    );

    const again = await socialCallback(c, 'octo@example.test');
    const res2 = await socialPostLogin(c, 'github', { code: again.code, redirectUri: SOCIAL_CB, code_verifier_pkce: again.verifier, state: again.state });
    assert.equal(res2.status, 200, res2.text);
    assert.equal(res2.body.isNewUser, false);
    assert.equal(res2.body.userId, res.body.userId);
  });

  it('an existing user (the seeded admin) signs in through the provider', async () => {
    const c = new Client(emu);
    await routeGithub(c);
    const cb = await socialCallback(c, ADMIN.email);
    const res = await socialPostLogin(c, 'github', { code: cb.code, redirectUri: SOCIAL_CB, code_verifier: cb.verifier, state: cb.state });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.isNewUser, false);
    assert.equal(res.body.userId, emu.seed.admin.userId);
  });

  it('refuses a bad PKCE verifier (401) and the code cannot be used again', async () => {
    const c = new Client(emu);
    await routeGithub(c);
    const cb = await socialCallback(c, 'octo@example.test');
    const bad = await socialPostLogin(c, 'github', { code: cb.code, redirectUri: SOCIAL_CB, code_verifier: b64u(randomBytes(48)), state: cb.state });
    assert.equal(bad.status, 401, bad.text);
    assert.equal(bad.body.errorCode, 'ER-FEDERATION-FAILED');
    assert.equal(refreshCookie(c), undefined);
    const missing = await socialPostLogin(c, 'github', { code: cb.code, redirectUri: SOCIAL_CB, state: cb.state });
    assert.equal(missing.status, 401, 'no verifier');
  });

  it('refuses a wrong state (the id_token nonce is the state the login started with)', async () => {
    const c = new Client(emu);
    await routeGithub(c);
    const cb = await socialCallback(c, 'octo@example.test');
    const res = await socialPostLogin(c, 'github', { code: cb.code, redirectUri: SOCIAL_CB, code_verifier: cb.verifier, state: b64u(randomBytes(32)) });
    assert.equal(res.status, 401, res.text);
    assert.match(res.body.errors[0], /nonce/);
    assert.equal((await socialPostLogin(c, 'github', { code: cb.code, redirectUri: SOCIAL_CB, code_verifier: cb.verifier })).status, 400, 'state is required');
  });

  it('refuses a replayed code', async () => {
    const c = new Client(emu);
    await routeGithub(c);
    const cb = await socialCallback(c, 'octo@example.test');
    const q = { code: cb.code, redirectUri: SOCIAL_CB, code_verifier: cb.verifier, state: cb.state };
    assert.equal((await socialPostLogin(c, 'github', q)).status, 200);
    assert.equal((await socialPostLogin(c, 'github', q)).status, 401);
  });

  it('refuses an unknown provider (404), an inactive one (400) and a redirectUri other than the configured one (400)', async () => {
    const c = new Client(emu);
    await routeGithub(c);
    const cb = await socialCallback(c, 'octo@example.test');
    const q = { code: cb.code, redirectUri: SOCIAL_CB, code_verifier: cb.verifier, state: cb.state };
    const unknown = await socialPostLogin(c, 'myspace', q);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.errorCode, 'ER-SOCIAL-PROVIDER-NOT-FOUND');
    const google = await socialPostLogin(c, 'google', q);
    assert.equal(google.status, 404, 'google is not configured');
    await routeGithub(c, { active: false });
    const inactive = await socialPostLogin(c, 'github', q);
    assert.equal(inactive.status, 400);
    assert.equal(inactive.body.errorCode, 'ER-SOCIAL-PROVIDER-INACTIVE');
    await routeGithub(c, { redirectUrl: `${PAGE}/elsewhere` });
    assert.equal((await socialPostLogin(c, 'github', q)).status, 400);
  });

  it("refuses a provider that does not accept the emulator's client secret (401)", async () => {
    const c = new Client(emu);
    await routeGithub(c, { clientSecret: 'wrong' });
    const cb = await socialCallback(c, 'octo@example.test');
    const res = await socialPostLogin(c, 'github', { code: cb.code, redirectUri: SOCIAL_CB, code_verifier: cb.verifier, state: cb.state });
    assert.equal(res.status, 401, res.text);
    assert.match(res.body.errors[0], /refused the code/);
  });

  it('a cancelled sign-in at the provider comes back with error=access_denied', async () => {
    const c = new Client(emu);
    await routeGithub(c);
    const cb = await socialCallback(c, null);
    assert.equal(cb.error, 'access_denied');
    assert.equal(cb.code, null);
  });

  it('refuses an email the provider did not verify (401); with sign-ups off a new user is refused (403)', async () => {
    const c = new Client(emu);
    await routeGithub(c);
    const cb = await socialCallback(c, 'unverified@example.test');
    const res = await socialPostLogin(c, 'github', { code: cb.code, redirectUri: SOCIAL_CB, code_verifier: cb.verifier, state: cb.state });
    assert.equal(res.status, 401);
    await c.put('/_emulator/vendor-config', { allowSignups: false });
    const cb2 = await socialCallback(c, 'octo@example.test');
    const res2 = await socialPostLogin(c, 'github', { code: cb2.code, redirectUri: SOCIAL_CB, code_verifier: cb2.verifier, state: cb2.state });
    assert.equal(res2.status, 403);
    assert.equal(res2.body.errorCode, 'ER-SIGNUP-DISABLED');
  });

  it('MFA applies: with the vendor policy Force the answer is an MFA challenge without tokens', async () => {
    const c = new Client(emu);
    await routeGithub(c);
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    const cb = await socialCallback(c, 'octo@example.test');
    const res = await socialPostLogin(c, 'github', { code: cb.code, redirectUri: SOCIAL_CB, code_verifier: cb.verifier, state: cb.state });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.mfaRequired, true);
    assert.ok(res.body.mfaToken);
    assert.equal(res.body.accessToken, undefined);
    assert.equal(res.body.isNewUser, true);
    assert.equal(refreshCookie(c), undefined);
  });

  it('a custom provider signs in under its id', async () => {
    const c = new Client(emu);
    const custom = await c.post('/_emulator/social-providers/custom', {
      issuer: oidc.issuer,
      clientId: SOCIAL.client_id,
      clientSecret: SOCIAL.client_secret,
      displayName: 'Acme ID',
    });
    const [p] = (await c.get(`${P}/sso/custom/v1`)).body.providers;
    const start = socialStart(p.authorizationUrl);
    const back = await oidc.signIn(start.url, 'octo@example.test');
    const res = await socialPostLogin(c, custom.body.id, { code: back.searchParams.get('code'), redirectUri: SOCIAL_CB, code_verifier: start.verifier, state: start.state });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.isNewUser, true);
  });
});

// ---------------------------------------------------------------- OIDC SSO

async function oidcSso(c: Client, extra: Record<string, unknown> = {}) {
  const r = await c.post('/_emulator/sso-configurations', {
    type: 'oidc',
    domains: ['corp.test'],
    oidc: { issuer: oidc.issuer, clientId: CORP.client_id, clientSecret: CORP.client_secret },
    ...extra,
  });
  assert.equal(r.status, 201, r.text);
  return r.body as { id: string; address: string };
}

/** pre-login → start (as the browser, from the host page) → the IdP's authorization URL. */
async function oidcStart(c: Client, email = 'ann@corp.test') {
  const pre = await c.post(`${P}/auth/v2/user/sso/prelogin`, { email });
  assert.equal(pre.status, 200, pre.text);
  const start = await c.get(new URL(pre.body.address).pathname, { referer: `${PAGE}/account/login` });
  assert.equal(start.status, 302, start.text);
  return new URL(start.headers.get('location')!);
}

describe('OIDC SSO', () => {
  it("SI-4.14 SI-7.36 SI-7.52 pre-login answers the configuration's start address with idpType oidc; the public SSO configuration is active", async () => {
    const c = new Client(emu);
    assert.deepEqual((await c.get('/frontegg/team/resources/sso/v2/configurations/public')).body, { isActive: false });
    const cfg = await oidcSso(c);
    const pre = await c.post(`${P}/auth/v2/user/sso/prelogin`, { email: 'ann@corp.test' });
    assert.deepEqual(pre.body, { address: `${ORIGIN}/frontegg/auth/sso/${cfg.id}/start`, idpType: 'oidc', addressType: 'sso' });
    assert.deepEqual((await c.get('/frontegg/team/resources/sso/v2/configurations/public')).body, { isActive: true });
  });

  it("SI-7.35 start → IdP (state, nonce, S256 PKCE) → user/oidc/postlogin {code, state, redirectUri} → a session in the configuration's tenant", async () => {
    const c = new Client(emu);
    await oidcSso(c);
    const auth = await oidcStart(c);
    assert.equal(auth.origin, oidc.issuer);
    assert.equal(auth.searchParams.get('redirect_uri'), OIDC_CB, 'the page origin + the default route');
    assert.equal(auth.searchParams.get('code_challenge_method'), 'S256');
    assert.ok(auth.searchParams.get('state') && auth.searchParams.get('nonce') && auth.searchParams.get('code_challenge'));
    const back = await oidc.signIn(auth.href, 'ann@corp.test');
    assert.equal(back.origin + back.pathname, OIDC_CB);
    const res = await c.post(`${P}/auth/v1/user/oidc/postlogin`, { code: back.searchParams.get('code'), state: back.searchParams.get('state'), redirectUri: OIDC_CB });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.email, 'ann@corp.test');
    assert.equal(res.body.tenantId, emu.seed.tenantId);
    assert.ok(res.body.accessToken && refreshCookie(c));
    assert.deepEqual(decodeJwt(res.body.accessToken).amr, ['oidc']);
    assert.deepEqual(
      res.body.roles.map((r: { key: string }) => r.key),
      ['ReadOnly'],
      'the vendor default role',
    );
  });

  it('v2 takes the state as RelayState', async () => {
    const c = new Client(emu);
    await oidcSso(c);
    const back = await oidc.signIn((await oidcStart(c)).href, 'ann@corp.test');
    const res = await c.post(`${P}/auth/v2/user/oidc/postlogin`, { code: back.searchParams.get('code'), RelayState: back.searchParams.get('state'), redirectUri: OIDC_CB });
    assert.equal(res.status, 200, res.text);
  });

  it('SI-4.16 refuses a wrong state, a replayed state and a redirectUri the login did not start with (the state is spent)', async () => {
    const c = new Client(emu);
    await oidcSso(c);
    const back = await oidc.signIn((await oidcStart(c)).href, 'ann@corp.test');
    const code = back.searchParams.get('code');
    const state = back.searchParams.get('state');
    const wrong = await c.post(`${P}/auth/v1/user/oidc/postlogin`, { code, state: 'not-the-state', redirectUri: OIDC_CB });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.errorCode, 'ER-SSO-STATE-INVALID');
    const elsewhere = await c.post(`${P}/auth/v1/user/oidc/postlogin`, { code, state, redirectUri: `${PAGE}/elsewhere` });
    assert.equal(elsewhere.status, 400);
    const again = await c.post(`${P}/auth/v1/user/oidc/postlogin`, { code, state, redirectUri: OIDC_CB });
    assert.equal(again.status, 400, 'the state was spent by the failed attempt');
    assert.equal(again.body.errorCode, 'ER-SSO-STATE-INVALID');

    const back2 = await oidc.signIn((await oidcStart(c)).href, 'ann@corp.test');
    const ok = { code: back2.searchParams.get('code'), state: back2.searchParams.get('state'), redirectUri: OIDC_CB };
    assert.equal((await c.post(`${P}/auth/v1/user/oidc/postlogin`, ok)).status, 200);
    assert.equal((await c.post(`${P}/auth/v1/user/oidc/postlogin`, ok)).status, 400, 'replay');
  });

  it('refuses when the IdP refuses the code (client secret) — 401', async () => {
    const c = new Client(emu);
    const cfg = await oidcSso(c);
    await c.req('PATCH', `/_emulator/sso-configurations/${cfg.id}`, { oidcClientSecret: 'wrong' });
    const back = await oidc.signIn((await oidcStart(c)).href, 'ann@corp.test');
    const res = await c.post(`${P}/auth/v1/user/oidc/postlogin`, { code: back.searchParams.get('code'), state: back.searchParams.get('state'), redirectUri: OIDC_CB });
    assert.equal(res.status, 401);
    assert.equal(res.body.errorCode, 'ER-FEDERATION-FAILED');
  });

  it("refuses an email outside the configuration's domains (403)", async () => {
    const c = new Client(emu);
    await oidcSso(c);
    const back = await oidc.signIn((await oidcStart(c)).href, 'eve@evil.test');
    const res = await c.post(`${P}/auth/v1/user/oidc/postlogin`, { code: back.searchParams.get('code'), state: back.searchParams.get('state'), redirectUri: OIDC_CB });
    assert.equal(res.status, 403);
    assert.equal(res.body.errorCode, 'ER-SSO-DOMAIN-MISMATCH');
  });

  it('an inactive configuration: start goes back to the callback with error; a login in flight fails (401)', async () => {
    const c = new Client(emu);
    const cfg = await oidcSso(c);
    const back = await oidc.signIn((await oidcStart(c)).href, 'ann@corp.test');
    await c.req('PATCH', `/_emulator/sso-configurations/${cfg.id}`, { enabled: false });
    const res = await c.post(`${P}/auth/v1/user/oidc/postlogin`, { code: back.searchParams.get('code'), state: back.searchParams.get('state'), redirectUri: OIDC_CB });
    assert.equal(res.status, 401);
    const start = await c.get(`/frontegg/auth/sso/${cfg.id}/start`, { referer: `${PAGE}/account/login` });
    assert.equal(start.status, 303);
    const to = new URL(start.headers.get('location')!);
    assert.equal(to.origin + to.pathname, OIDC_CB);
    assert.equal(to.searchParams.get('error'), 'sso_disabled');
    assert.equal((await c.get('/frontegg/auth/sso/nope/start')).status, 404);
  });
});

// ---------------------------------------------------------------- SAML SSO

async function samlSso(c: Client, extra: Record<string, unknown> = {}) {
  const r = await c.post('/_emulator/sso-configurations', { type: 'saml', domains: ['saml.test'], saml: { metadata: saml.metadata }, ...extra });
  assert.equal(r.status, 201, r.text);
  return r.body as { id: string; address: string; acsUrl: string };
}

async function samlStart(c: Client, email = 'sam@saml.test') {
  const pre = await c.post(`${P}/auth/v1/user/saml/prelogin`, { email });
  assert.equal(pre.body.idpType, 'saml');
  const start = await c.get(new URL(pre.body.address).pathname, { referer: `${PAGE}/account/login` });
  assert.equal(start.status, 302, start.text);
  return start.headers.get('location')!;
}

const postAcs = (c: Client, form: Record<string, string>) =>
  c.req('POST', '/frontegg/auth/saml/callback', new URLSearchParams(form).toString(), { 'content-type': 'application/x-www-form-urlencoded' });

/** Re-encodes a SAMLResponse after `edit` on its XML. */
const tamper = (b64: string, edit: (xml: string) => string) => Buffer.from(edit(Buffer.from(b64, 'base64').toString('utf8'))).toString('base64');

describe('SAML SSO', () => {
  it('SI-7.51 vendor-config answers acsUrl and spEntityId (signed-in users only); the SP metadata names the ACS', async () => {
    const c = new Client(emu);
    assert.equal((await c.get('/frontegg/team/resources/sso/v1/saml/configurations/vendor-config')).status, 401);
    const login = await c.login(ADMIN.email, ADMIN.password);
    const res = await c.get('/frontegg/team/resources/sso/v1/saml/configurations/vendor-config', c.bearer(login.body.accessToken));
    assert.deepEqual(res.body, { acsUrl: `${ORIGIN}/frontegg/auth/saml/callback`, spEntityId: `${ORIGIN}/frontegg/auth/saml/metadata` });
    const meta = await c.get('/frontegg/auth/saml/metadata');
    assert.match(meta.headers.get('content-type')!, /samlmetadata\+xml/);
    assert.ok(meta.text.includes(`entityID="${res.body.spEntityId}"`));
    assert.ok(meta.text.includes(`Location="${res.body.acsUrl}"`));
  });

  it('SI-7.34 AuthnRequest → signed response at the ACS → callback with a one-time code → user/saml/postlogin {RelayState, code} → session', async () => {
    const c = new Client(emu);
    await samlSso(c);
    const idpUrl = await samlStart(c);
    assert.equal(new URL(idpUrl).origin + new URL(idpUrl).pathname, saml.ssoUrl);
    assert.ok(new URL(idpUrl).searchParams.get('SAMLRequest'));
    const posted = await saml.respond(idpUrl, 'sam@saml.test');
    assert.equal(posted.acsUrl, `${ORIGIN}/frontegg/auth/saml/callback`);
    const acs = await postAcs(c, { SAMLResponse: posted.SAMLResponse, RelayState: posted.RelayState });
    assert.equal(acs.status, 303, acs.text);
    const cb = new URL(acs.headers.get('location')!);
    assert.equal(cb.origin + cb.pathname, SAML_CB);
    assert.equal(cb.searchParams.get('RelayState'), posted.RelayState);
    const code = cb.searchParams.get('code')!;
    assert.ok(code);
    const wrong = await c.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: posted.RelayState, code: 'nope' });
    assert.equal(wrong.status, 401, 'a wrong code fails (and spends the state)');
    assert.equal((await c.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: posted.RelayState, code })).status, 400);

    // again, right code
    const idpUrl2 = await samlStart(c);
    const posted2 = await saml.respond(idpUrl2, 'sam@saml.test');
    const cb2 = new URL((await postAcs(c, { SAMLResponse: posted2.SAMLResponse, RelayState: posted2.RelayState })).headers.get('location')!);
    const res = await c.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: cb2.searchParams.get('RelayState'), code: cb2.searchParams.get('code') });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.email, 'sam@saml.test');
    assert.ok(res.body.accessToken && refreshCookie(c));
    assert.deepEqual(decodeJwt(res.body.accessToken).amr, ['saml']);
    // the ACS refuses the same response again (no login in progress)
    assert.equal((await postAcs(c, { SAMLResponse: posted2.SAMLResponse, RelayState: posted2.RelayState })).status, 400);
  });

  it('postlogin {RelayState, SAMLResponse} validates the response itself', async () => {
    const c = new Client(emu);
    await samlSso(c);
    const posted = await saml.respond(await samlStart(c), 'sam@saml.test');
    const res = await c.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: posted.RelayState, SAMLResponse: posted.SAMLResponse });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.email, 'sam@saml.test');
  });

  it('SI-4.16 a tampered response fails at the ACS (callback with error, state spent) and at postlogin (401)', async () => {
    const c = new Client(emu);
    await samlSso(c);
    const posted = await saml.respond(await samlStart(c), 'sam@saml.test');
    const forged = tamper(posted.SAMLResponse, (xml) => xml.replaceAll('sam@saml.test', 'admin@saml.test'));
    const acs = await postAcs(c, { SAMLResponse: forged, RelayState: posted.RelayState });
    assert.equal(acs.status, 303);
    const cb = new URL(acs.headers.get('location')!);
    assert.equal(cb.searchParams.get('error'), 'saml_invalid');
    assert.equal(cb.searchParams.get('code'), null);
    assert.equal((await c.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: posted.RelayState, SAMLResponse: posted.SAMLResponse })).status, 400);

    const posted2 = await saml.respond(await samlStart(c), 'sam@saml.test');
    const res = await c.post(`${P}/auth/v1/user/saml/postlogin`, {
      RelayState: posted2.RelayState,
      SAMLResponse: tamper(posted2.SAMLResponse, (x) => x.replace('sam@saml.test', 'sam2@saml.test')),
    });
    assert.equal(res.status, 401, res.text);
    assert.equal(res.body.errorCode, 'ER-FEDERATION-FAILED');
  });

  it('refuses a response to another login (InResponseTo) and unsolicited responses', async () => {
    const c = new Client(emu);
    await samlSso(c);
    const a = await saml.respond(await samlStart(c), 'sam@saml.test');
    const b = await saml.respond(await samlStart(c), 'sam@saml.test');
    const res = await c.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: b.RelayState, SAMLResponse: a.SAMLResponse });
    assert.equal(res.status, 401);
    assert.match(res.body.errors[0], /InResponseTo/);
    assert.equal((await postAcs(c, { SAMLResponse: a.SAMLResponse })).status, 400, 'IdP-initiated: no RelayState');
  });

  it('refuses a response signed by a key other than the configured certificate', async () => {
    const c = new Client(emu);
    await samlSso(c, { saml: { entityId: saml.entityId, ssoUrl: saml.ssoUrl, certificate: selfSignedCertificate('rotated').certificate } });
    const posted = await saml.respond(await samlStart(c), 'sam@saml.test');
    const acs = await postAcs(c, { SAMLResponse: posted.SAMLResponse, RelayState: posted.RelayState });
    assert.equal(new URL(acs.headers.get('location')!).searchParams.get('error'), 'saml_invalid');
  });

  it("refuses an email outside the configuration's domains (403)", async () => {
    const c = new Client(emu);
    await samlSso(c);
    const posted = await saml.respond(await samlStart(c, 'sam@saml.test'), 'eve@evil.test');
    const res = await c.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: posted.RelayState, SAMLResponse: posted.SAMLResponse });
    assert.equal(res.status, 403);
  });

  it('MFA: ForceExceptSAML exempts SAML logins; Force asks for MFA', async () => {
    const c = new Client(emu);
    await samlSso(c);
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'ForceExceptSAML' });
    const a = await saml.respond(await samlStart(c), 'sam@saml.test');
    const ra = await c.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: a.RelayState, SAMLResponse: a.SAMLResponse });
    assert.equal(ra.status, 200, ra.text);
    assert.ok(ra.body.accessToken);
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    const b = await saml.respond(await samlStart(c), 'sam@saml.test');
    const rb = await c.post(`${P}/auth/v1/user/saml/postlogin`, { RelayState: b.RelayState, SAMLResponse: b.SAMLResponse });
    assert.equal(rb.body.mfaRequired, true);
    assert.equal(rb.body.accessToken, undefined);
  });
});
