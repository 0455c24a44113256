/**
 * Adversarial tests of the emulator as OAuth 2.0 authorization server (hosted login `/oauth/authorize`, token
 * endpoint) and as OpenID Connect / SAML client of an identity provider (SSO), after RFC 9700 (OAuth 2.0 Security Best
 * Current Practice) — issue 29 item 6; README "Attacks covered".
 *
 * Login CSRF (RFC 9700 §4.7, OpenID Connect Core §3.1.2.1 `state`): an SSO login's state is bound to the browser that
 * started it by a cookie the start sets; a browser that brings the state back without that cookie (another browser,
 * or none) is refused, so an attacker cannot sign a victim into the attacker's account by sending the victim the
 * attacker's callback URL. A "browser" here is a `Client` with its own cookie jar.
 *
 * Already covered elsewhere (not repeated): plain / missing PKCE method and untrusted redirect_uri at authorize
 * (authorize.test.ts "validation"), a wrong verifier and a wrong redirect_uri at the token endpoint and code single use
 * with revocation (oauth.test.ts), refresh-token reuse revoking the family (oauth.test.ts "a reused refresh token"),
 * an HS256 bearer with a garbage signature (auth.test.ts), wrong / replayed SSO state and SAML InResponseTo, tampered
 * and foreign-key SAML responses (federation.test.ts), the social login's nonce = state (federation.test.ts).
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createPublicKey, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import type { Emulator } from '../src/app.ts';
import { audits } from '../src/db/schema.ts';
import { Client, ORIGIN, P, refreshCookie, startEmulator } from './helpers.ts';
import { startOidcIdp, type OidcIdp } from '../../tools/idp-oidc.js';
import { startSamlIdp, type SamlIdp } from '../../tools/idp-saml.js';

const PAGE = 'http://localhost:5173';
const OIDC_CB = `${PAGE}/account/oidc/callback`;
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const CORP = { client_id: 'corp-client', client_secret: 'corp-secret', redirect_uris: [OIDC_CB] };
const REDIRECT = 'http://127.0.0.1:5173/oauth/callback';
const TOKEN = '/frontegg/oauth/token';
const OIDC_POSTLOGIN = `${P}/auth/v1/user/oidc/postlogin`;
const SAML_POSTLOGIN = `${P}/auth/v1/user/saml/postlogin`;

let emu: Emulator;
let oidc: OidcIdp;
let other: OidcIdp;
let saml: SamlIdp;
before(async () => {
  emu = await startEmulator();
  const accounts = [{ email: 'ann@corp.test' }, { email: 'mallory@corp.test' }, { email: 'bo@other.test' }];
  oidc = await startOidcIdp({ clients: [CORP], accounts });
  other = await startOidcIdp({ clients: [CORP], accounts });
  saml = await startSamlIdp({
    spMetadata: (await new Client(emu).get('/frontegg/auth/saml/metadata')).text,
    accounts: [{ email: 'sam@saml.test' }, { email: 'mallory@saml.test' }],
  });
});
after(async () => {
  await oidc.close();
  await other.close();
  await saml.close();
  await emu.close();
});
beforeEach(() => emu.reset());

// ---------------------------------------------------------------- SSO helpers (the browser's part over HTTP)

async function oidcConfig(c: Client, issuer = oidc.issuer, domain = 'corp.test') {
  const r = await c.post('/_emulator/sso-configurations', { type: 'oidc', domains: [domain], oidc: { issuer, clientId: CORP.client_id, clientSecret: CORP.client_secret } });
  assert.equal(r.status, 201, r.text);
  return r.body as { id: string; address: string };
}

/** The browser `c` on the login page: pre-login for `email`, then the start address (a top-level navigation). */
async function startSso(c: Client, email: string, referer = `${PAGE}/account/login`) {
  const pre = await c.post(`${P}/auth/v2/user/sso/prelogin`, { email });
  assert.equal(pre.status, 200, pre.text);
  const start = await c.get(new URL(pre.body.address).pathname, { referer });
  assert.equal(start.status, 302, start.text);
  return { location: new URL(start.headers.get('location')!), setCookie: c.lastSetCookie };
}

/** `c` starts an OIDC SSO login for `email` and the IdP signs `account` in: the callback's `{ code, state }`. */
async function oidcCallback(c: Client, email: string, account = email, idp = oidc) {
  const back = await idp.signIn((await startSso(c, email)).location.href, account);
  assert.equal(back.origin + back.pathname, OIDC_CB);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, redirectUri: OIDC_CB };
}

/** The ACS: a cross-site form POST from the IdP's page, so it carries no cookie of the emulator's (a fresh client). */
const postAcs = (form: Record<string, string>) =>
  new Client(emu).req('POST', '/frontegg/auth/saml/callback', new URLSearchParams(form).toString(), { 'content-type': 'application/x-www-form-urlencoded' });

/** `c` starts a SAML SSO login; the IdP answers for `account` and its page posts to the ACS: the callback's RelayState and code. */
async function samlCallback(c: Client, account = 'sam@saml.test') {
  const posted = await saml.respond((await startSso(c, 'sam@saml.test')).location.href, account);
  const acs = await postAcs({ SAMLResponse: posted.SAMLResponse, RelayState: posted.RelayState });
  assert.equal(acs.status, 303, acs.text);
  const cb = new URL(acs.headers.get('location')!);
  return { RelayState: cb.searchParams.get('RelayState')!, code: cb.searchParams.get('code')!, SAMLResponse: posted.SAMLResponse };
}

const bindingRefusals = () => emu.db.select().from(audits).where(eq(audits.action, 'user.sign-in.failed'));

// ---------------------------------------------------------------- login CSRF

describe('login CSRF: an SSO state is bound to the browser that started it (RFC 9700 §4.7)', () => {
  it('the start sets the binding cookie: HttpOnly, SameSite=Lax, Path limited to the auth routes, Max-Age = the state TTL; Secure over https', async () => {
    const c = new Client(emu);
    await oidcConfig(c);
    const { setCookie } = await startSso(c, 'ann@corp.test');
    const cookie = setCookie.find((s) => s.startsWith('fe_sso_'));
    assert.ok(cookie, `a binding cookie: ${setCookie.join(' | ')}`);
    assert.match(cookie, /; HttpOnly/i);
    assert.match(cookie, /; SameSite=Lax/i);
    assert.match(cookie, /; Path=\/frontegg\/identity\/resources\/auth\/(;|$)/);
    assert.match(cookie, /; Max-Age=600(;|$)/);
    assert.doesNotMatch(cookie, /; Secure/i, 'plain http: not Secure');
    const viaHttps = new Client(emu, 'https://127.0.0.1:8787');
    const secure = (await startSso(viaHttps, 'ann@corp.test')).setCookie.find((s) => s.startsWith('fe_sso_'));
    assert.match(secure ?? '', /; Secure/i);
  });

  it('OIDC: the attacker’s callback (code + state from browser A) completed in browser B is refused 400 ER-SSO-STATE-INVALID, audited; browser A succeeds', async () => {
    const attacker = new Client(emu);
    await oidcConfig(attacker);
    const cb = await oidcCallback(attacker, 'mallory@corp.test');
    const victim = new Client(emu);
    const before = (await bindingRefusals()).length;
    const refused = await victim.post(OIDC_POSTLOGIN, cb);
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.errorCode, 'ER-SSO-STATE-INVALID');
    assert.equal(refreshCookie(victim), undefined, 'the victim is not signed in as the attacker');
    const rows = await bindingRefusals();
    assert.equal(rows.length, before + 1, 'a sign-in-failed audit row');
    assert.match(rows.at(-1)!.description, /browser/);

    const own = await oidcCallback(attacker, 'mallory@corp.test');
    const ok = await attacker.post(OIDC_POSTLOGIN, own);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.email, 'mallory@corp.test');
  });

  it('OIDC: browser B holding a binding cookie of its own login still cannot complete A’s state (v1 and v2 postlogin)', async () => {
    const a = new Client(emu);
    await oidcConfig(a);
    const b = new Client(emu);
    await startSso(b, 'ann@corp.test'); // B has a login of its own in progress
    const cb = await oidcCallback(a, 'mallory@corp.test');
    const v2 = await b.post(`${P}/auth/v2/user/oidc/postlogin`, { code: cb.code, RelayState: cb.state, redirectUri: cb.redirectUri });
    assert.equal(v2.status, 400, v2.text);
    assert.equal(v2.body.errorCode, 'ER-SSO-STATE-INVALID');
    // the refused attempt spent the state: not even A can finish it now
    assert.equal((await a.post(OIDC_POSTLOGIN, cb)).status, 400);
  });

  it('SAML: the ACS needs no cookie (a cross-site POST), but {RelayState, code} from another browser is refused; the starting browser succeeds', async () => {
    const a = new Client(emu);
    const r = await a.post('/_emulator/sso-configurations', { type: 'saml', domains: ['saml.test'], saml: { metadata: saml.metadata } });
    assert.equal(r.status, 201, r.text);
    const cb = await samlCallback(a, 'mallory@saml.test');
    const victim = new Client(emu);
    const refused = await victim.post(SAML_POSTLOGIN, { RelayState: cb.RelayState, code: cb.code });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.errorCode, 'ER-SSO-STATE-INVALID');
    // the form the IdP would post, taken to the victim's browser and posted to postlogin instead of the ACS
    const posted = await saml.respond((await startSso(a, 'sam@saml.test')).location.href, 'mallory@saml.test');
    const byResponse = await victim.post(SAML_POSTLOGIN, { RelayState: posted.RelayState, SAMLResponse: posted.SAMLResponse });
    assert.equal(byResponse.status, 400, byResponse.text);
    assert.equal(refreshCookie(victim), undefined);

    const own = await samlCallback(a);
    const ok = await a.post(SAML_POSTLOGIN, { RelayState: own.RelayState, code: own.code });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.email, 'sam@saml.test');
  });
});

// ---------------------------------------------------------------- the emulator as OIDC client of the IdP

describe('SSO as OpenID Connect client: code injection, mix-up, open redirect', () => {
  it('code injection (RFC 9700 §4.5): a code of another login of the same browser fails at the IdP (PKCE verifier and nonce of this state)', async () => {
    const c = new Client(emu);
    await oidcConfig(c);
    const first = await oidcCallback(c, 'ann@corp.test');
    const second = await oidcCallback(c, 'ann@corp.test', 'mallory@corp.test');
    const res = await c.post(OIDC_POSTLOGIN, { ...first, code: second.code });
    assert.equal(res.status, 401, res.text);
    assert.equal(res.body.errorCode, 'ER-FEDERATION-FAILED');
  });

  it('mix-up (RFC 9700 §4.4): a code from another IdP is redeemed only at the IdP the state was issued for, which refuses it', async () => {
    const c = new Client(emu);
    await oidcConfig(c);
    await oidcConfig(c, other.issuer, 'other.test');
    const honest = await oidcCallback(c, 'ann@corp.test');
    const fromOther = await oidcCallback(c, 'bo@other.test', 'bo@other.test', other);
    const res = await c.post(OIDC_POSTLOGIN, { ...honest, code: fromOther.code });
    assert.equal(res.status, 401, res.text);
    assert.equal(res.body.errorCode, 'ER-FEDERATION-FAILED');
  });

  it('open redirect: a start from an untrusted page (Referer) does not send the IdP’s answer there', async () => {
    const c = new Client(emu);
    await oidcConfig(c);
    const { location } = await startSso(c, 'ann@corp.test', 'https://evil.example/account/login');
    const redirectUri = new URL(location.searchParams.get('redirect_uri')!);
    assert.notEqual(redirectUri.hostname, 'evil.example');
    assert.equal(redirectUri.origin, ORIGIN, 'the issuer’s origin');
  });
});

// ---------------------------------------------------------------- the emulator as authorization server

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeQuery(challenge: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    client_id: 'demo-client',
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid email',
    state: 'st-1',
    nonce: 'n-0123456789',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
}

/** The admin signed in (cookie jar) and a code of the hosted login for `challenge`. */
async function hostedCode(challenge: string, extra: Record<string, string> = {}): Promise<{ code: string; browser: Client }> {
  const browser = new Client(emu);
  assert.equal((await browser.login(ADMIN.email, ADMIN.password)).status, 200);
  const res = await browser.get(`/oauth/authorize?${authorizeQuery(challenge, extra)}`);
  assert.equal(res.status, 302, res.text);
  const code = new URL(res.headers.get('location')!).searchParams.get('code');
  assert.ok(code);
  return { code, browser };
}

const exchange = (p: Record<string, string>) => new Client(emu).post(TOKEN, { grant_type: 'authorization_code', client_id: 'demo-client', ...p });

describe('authorization server: redirect_uri, PKCE, codes (RFC 9700 §2.1, §4.1, §4.2, §4.5)', () => {
  it('redirect_uri: userinfo, look-alike hosts, path and scheme tricks, fragments → the 400 page, never a redirect (no open redirect)', async () => {
    const c = new Client(emu);
    const { challenge } = pkce();
    for (const trick of [
      'http://127.0.0.1:5173@evil.example/oauth/callback',
      'http://user:pw@127.0.0.1:5173/oauth/callback',
      'http://127.0.0.1.evil.example:5173/oauth/callback',
      'http://localhost.evil.example/oauth/callback',
      'http://evil.example/http://127.0.0.1:5173/oauth/callback',
      'http://evil.example\\@127.0.0.1:5173/oauth/callback',
      'http://127.0.0.1%2eevil.example/oauth/callback',
      'http://127.0.0.1:5173/oauth/callback#injected',
      '//evil.example/oauth/callback',
      '/oauth/callback',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://127.0.0.1/oauth/callback',
    ]) {
      const res = await c.get(`/oauth/authorize?${authorizeQuery(challenge, { redirect_uri: trick })}`);
      assert.equal(res.status, 400, trick);
      assert.equal(res.headers.get('location'), null, trick);
    }
  });

  it('PKCE is S256 only: a lowercase method or a challenge that is not a SHA-256 (a plain verifier) is refused at authorize', async () => {
    const c = new Client(emu);
    const { verifier, challenge } = pkce();
    const cases: Record<string, string>[] = [{ code_challenge_method: 's256' }, { code_challenge: verifier + verifier }, { code_challenge: `${challenge.slice(0, 42)}=` }];
    for (const extra of cases) {
      const res = await c.get(`/oauth/authorize?${authorizeQuery(challenge, extra)}`);
      assert.equal(res.status, 302);
      assert.equal(new URL(res.headers.get('location')!).searchParams.get('error'), 'invalid_request', JSON.stringify(extra));
    }
  });

  it('PKCE downgrade: a code bound to a challenge needs its verifier even from a client with its secret; the challenge as verifier fails', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await hostedCode(challenge);
    const withSecret = await exchange({ code, redirect_uri: REDIRECT, client_secret: 'demo-secret' });
    assert.equal(withSecret.status, 400);
    assert.equal(withSecret.body.error, 'invalid_grant');
    assert.equal((await exchange({ code, redirect_uri: REDIRECT, code_verifier: challenge })).body.error, 'invalid_grant');
    assert.equal((await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier })).status, 200);
  });

  it('a code is bound to its redirect_uri exactly: no prefix, suffix, path traversal, case or other trusted origin', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await hostedCode(challenge);
    for (const near of [
      `${REDIRECT}/`,
      `${REDIRECT}?next=/admin`,
      `${REDIRECT}/../callback`,
      'http://127.0.0.1:5173/oauth/call',
      'http://127.0.0.1:5173/OAUTH/callback',
      'http://localhost:5173/oauth/callback',
      'http://127.0.0.1:5174/oauth/callback',
      'https://127.0.0.1:5173/oauth/callback',
    ]) {
      const res = await exchange({ code, redirect_uri: near, code_verifier: verifier });
      assert.equal(res.status, 400, near);
      assert.equal(res.body.error, 'invalid_grant', near);
    }
    assert.equal((await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier })).status, 200);
  });

  it('a code is bound to the client: another client_id (body or HTTP Basic) is invalid_client', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await hostedCode(challenge);
    const body = await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: 'other-client' });
    assert.equal(body.status, 401);
    assert.equal(body.body.error, 'invalid_client');
    const basic = await new Client(emu).post(
      TOKEN,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier },
      { authorization: `Basic ${Buffer.from('other-client:demo-secret').toString('base64')}` },
    );
    assert.equal(basic.status, 401);
  });

  it('a replayed hosted-login code (public client, PKCE) is refused and revokes the tokens its first use issued', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await hostedCode(challenge);
    const first = await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier });
    assert.equal(first.status, 200);
    const replay = await exchange({ code, redirect_uri: REDIRECT, code_verifier: verifier });
    assert.equal(replay.status, 400);
    assert.equal(replay.body.error, 'invalid_grant');
    const refresh = await new Client(emu).post(TOKEN, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token,
      client_id: 'demo-client',
      client_secret: 'demo-secret',
    });
    assert.equal(refresh.status, 400, 'the session of the replayed code is revoked');
  });
});

describe('token signatures: alg none and RS256/HS256 confusion (RFC 8725 §2.1, §3.1)', () => {
  /** `claims` (a real token's) signed as `forge` says: no signature at all, or HS256 keyed with the public key. */
  async function forged(forge: 'none' | 'hs256-public-key', claims: Record<string, unknown>): Promise<string> {
    if (forge === 'none') {
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    }
    const jwks = (await new Client(emu).get('/.well-known/jwks.json')).body as { keys: object[] };
    const pem = createPublicKey({ key: jwks.keys[0] as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' }) as string;
    // the classic confusion: the public key's PEM used as an HMAC secret
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(pem));
  }

  it('a bearer with alg none or HS256 keyed with the public key is 401', async () => {
    const c = new Client(emu);
    const claims = decodeJwt((await c.login(ADMIN.email, ADMIN.password)).body.accessToken);
    for (const kind of ['none', 'hs256-public-key'] as const) {
      const res = await c.get(`${P}/users/v2/me`, c.bearer(await forged(kind, claims)));
      assert.equal(res.status, 401, kind);
    }
  });

  it('an id_token_hint with alg none / HS256 naming a live session at logout revokes nothing', async () => {
    const browser = new Client(emu);
    const claims = decodeJwt((await browser.login(ADMIN.email, ADMIN.password)).body.accessToken);
    for (const kind of ['none', 'hs256-public-key'] as const) {
      const res = await new Client(emu).get(`/frontegg/oauth/logout?id_token_hint=${encodeURIComponent(await forged(kind, claims))}`);
      assert.equal(res.status, 200, kind);
    }
    assert.equal((await browser.refresh()).status, 200, 'the session is alive');
  });
});
