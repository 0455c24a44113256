/**
 * The emulator's hosted login as an OpenID provider, driven by a certified relying-party library
 * (openid-client, OpenID Certified™ RP): discovery, the authorization code flow with S256 PKCE, nonce
 * and state, the refresh grant and RP-initiated logout (issue 3 "Hosted login mode"; sign-in §7
 * "OAuth"; SI-7.43, SI-7.45, SI-7.47). The browser side of the same flow is test/e2e/hosted.e2e.ts.
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import * as oidc from 'openid-client';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { Emulator } from '../src/app.ts';
import { Client, ORIGIN, startEmulator } from './helpers.ts';

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

/** openid-client over the in-process emulator (plain http on loopback). */
async function relyingParty(auth: oidc.ClientAuth = oidc.None()) {
  const fetchEmulator: oidc.CustomFetch = (url, options) => emu.fetch(new Request(url, options as RequestInit));
  const config = await oidc.discovery(new URL(ORIGIN), 'demo-client', undefined, auth, {
    execute: [oidc.allowInsecureRequests],
    [oidc.customFetch]: fetchEmulator,
  });
  config[oidc.customFetch] = fetchEmulator;
  return config;
}

/** A browser with an emulator session (the hosted login page was completed) follows the authorization URL. */
async function authorizeAsSignedInUser(url: URL): Promise<URL> {
  const browser = new Client(emu);
  assert.equal((await browser.login(ADMIN.email, ADMIN.password)).status, 200);
  const r = await browser.get(url.pathname + url.search);
  assert.equal(r.status, 302, r.text);
  return new URL(r.headers.get('location')!);
}

async function startFlow(config: oidc.Configuration) {
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid email profile',
    nonce,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { verifier, nonce, state, url };
}

describe('openid-client against the emulator (hosted login)', () => {
  it('SI-7.43 SI-7.47 discovery document: issuer, endpoints on the issuer, S256 only, RS256 id tokens', async () => {
    const config = await relyingParty();
    const m = config.serverMetadata();
    assert.equal(m.issuer, ORIGIN);
    assert.equal(m.authorization_endpoint, `${ORIGIN}/oauth/authorize`);
    assert.equal(m.token_endpoint, `${ORIGIN}/frontegg/oauth/token`);
    assert.deepEqual(m.code_challenge_methods_supported, ['S256']);
    assert.ok(config.serverMetadata().supportsPKCE());
  });

  it('SI-7.13 SI-7.43 SI-7.47 code flow with PKCE, nonce and state → tokens whose id token verifies against the JWKS; refresh grant rotates', async () => {
    // the refresh grant needs the client secret (sign-in §7), so this relying party is the host's server
    const config = await relyingParty(oidc.ClientSecretPost('demo-secret'));
    const { verifier, nonce, state, url } = await startFlow(config);
    const callback = await authorizeAsSignedInUser(url);
    assert.equal(callback.origin + callback.pathname, REDIRECT);

    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedNonce: nonce, expectedState: state, idTokenExpected: true });
    const claims = tokens.claims()!;
    assert.equal(claims.iss, ORIGIN);
    assert.equal(claims.aud, 'demo-client');
    assert.equal(claims.nonce, nonce);
    assert.equal(claims.email, ADMIN.email);
    assert.ok(tokens.access_token && tokens.refresh_token);

    const jwks = (await (await emu.fetch(new Request(config.serverMetadata().jwks_uri!))).json()) as Parameters<typeof createLocalJWKSet>[0];
    const verified = await jwtVerify(tokens.id_token!, createLocalJWKSet(jwks), { issuer: ORIGIN, audience: 'demo-client' });
    assert.equal(verified.payload.sub, claims.sub);

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    assert.notEqual(refreshed.refresh_token, tokens.refresh_token, 'refresh tokens rotate');
    assert.equal(refreshed.claims()?.sub, claims.sub);
    // the rotated-out token is dead: its reuse is refused
    await assert.rejects(oidc.refreshTokenGrant(config, tokens.refresh_token!), (e: unknown) => e instanceof oidc.ResponseBodyError && e.error === 'invalid_grant');
  });

  it('SI-7.14 a confidential client (client_secret_post) exchanges the code too', async () => {
    const config = await relyingParty(oidc.ClientSecretPost('demo-secret'));
    const { verifier, nonce, state, url } = await startFlow(config);
    const tokens = await oidc.authorizationCodeGrant(config, await authorizeAsSignedInUser(url), { pkceCodeVerifier: verifier, expectedNonce: nonce, expectedState: state });
    assert.ok(tokens.access_token);
  });

  it('SI-7.13 a public client (no secret) may exchange a code with PKCE but not refresh: the refresh grant needs the secret', async () => {
    const config = await relyingParty();
    const { verifier, nonce, state, url } = await startFlow(config);
    const tokens = await oidc.authorizationCodeGrant(config, await authorizeAsSignedInUser(url), { pkceCodeVerifier: verifier, expectedNonce: nonce, expectedState: state });
    await assert.rejects(oidc.refreshTokenGrant(config, tokens.refresh_token!), (e: unknown) => e instanceof oidc.ResponseBodyError && e.error === 'invalid_client');
  });

  it('SI-7.47 a wrong PKCE verifier is refused (invalid_grant); a wrong state is caught by the client', async () => {
    const config = await relyingParty();
    const first = await startFlow(config);
    const callback = await authorizeAsSignedInUser(first.url);
    await assert.rejects(
      oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: oidc.randomPKCECodeVerifier(), expectedNonce: first.nonce, expectedState: first.state }),
      (e: unknown) => e instanceof oidc.ResponseBodyError && e.error === 'invalid_grant',
    );
    const second = await startFlow(config);
    await assert.rejects(
      oidc.authorizationCodeGrant(config, await authorizeAsSignedInUser(second.url), {
        pkceCodeVerifier: second.verifier,
        expectedNonce: second.nonce,
        expectedState: 'another-state',
      }),
      (e: unknown) => e instanceof oidc.ClientError && /state/i.test(String((e.cause as Error | undefined)?.message ?? e.message)),
    );
  });

  it('SI-7.45 RP-initiated logout: the end-session URL revokes the session and returns to post_logout_redirect_uri', async () => {
    const config = await relyingParty(oidc.ClientSecretPost('demo-secret'));
    const { verifier, nonce, state, url } = await startFlow(config);
    const tokens = await oidc.authorizationCodeGrant(config, await authorizeAsSignedInUser(url), { pkceCodeVerifier: verifier, expectedNonce: nonce, expectedState: state });
    const logout = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: 'http://127.0.0.1:5173/', state: 'bye' });
    const r = await new Client(emu).get(logout.pathname + logout.search);
    assert.equal(r.status, 302);
    assert.equal(r.headers.get('location'), 'http://127.0.0.1:5173/?state=bye');
    await assert.rejects(oidc.refreshTokenGrant(config, tokens.refresh_token!), (e: unknown) => e instanceof oidc.ResponseBodyError && e.error === 'invalid_grant');
  });
});
