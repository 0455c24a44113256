/**
 * The sign-up and social-login calls as Frontegg's own client (`@frontegg/rest-api`) makes them (api-contract A, D):
 * what it sends reaches the emulator and what the emulator answers is what the client reads back. Social login runs
 * against the local OpenID provider (tools/idp-oidc.js), as test/federation.test.ts does.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { SocialLoginProviders } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, useAdminEmulator } from './admin-harness.ts';
import { startOidcIdp, type OidcIdp } from '../../tools/idp-oidc.js';

const SOCIAL_CB = 'http://localhost:5173/account/social/success';
const GITHUB = { client_id: 'github-client', client_secret: 'github-secret', redirect_uris: [SOCIAL_CB] };

let oidc: OidcIdp;
before(async () => {
  oidc = await startOidcIdp({ clients: [GITHUB], accounts: [{ email: 'octo@example.test', name: 'Octo Cat' }] });
});
after(async () => {
  await oidc.close();
});
const harness = useAdminEmulator();

describe("sign-up through Frontegg's client (api-contract D)", () => {
  it('AB-7.46 sign-up sends email, name, companyName, phoneNumber and invitationToken; answers shouldActivate, user, tenantId, userId, tenants and activeTenant', async () => {
    const admin = await harness.adminApi();
    const link = await admin.teams.createInviteUserLink({ expiresInMinutes: 60, shouldSendEmail: false, roleIds: [] });
    const api = await harness.apiAs('');
    const answer = await api.auth.signUpUser({
      email: 'joiner@acme.test',
      name: 'Jo Iner',
      companyName: 'Ignored: the link names the account',
      phoneNumber: '+14155550177',
      invitationToken: link.token,
      password: PASSWORD,
    });
    assert.equal(answer.shouldActivate, false);
    assert.equal(answer.tenantId, SEED.tenantId, 'the invitation token joins its account');
    assert.ok(answer.userId);
    assert.ok(answer.user, 'signed in at once: the user');
    assert.equal(answer.user.email, 'joiner@acme.test');
    assert.equal(answer.user.name, 'Jo Iner');
    assert.equal((answer.user as { phoneNumber?: string }).phoneNumber, '+14155550177');
    assert.ok(answer.user.accessToken);
    assert.deepEqual(
      answer.tenants?.map((t) => t.tenantId),
      [SEED.tenantId],
    );
    assert.equal(answer.activeTenant?.tenantId, SEED.tenantId);

    // without an invitation a new account is made, named companyName
    const own = await (await harness.apiAs('')).auth.signUpUser({ email: 'founder@newco.test', name: 'Fo Under', companyName: 'Newco', password: PASSWORD });
    assert.notEqual(own.tenantId, SEED.tenantId);
    assert.equal(own.activeTenant?.name, 'Newco');
  });

  it('AB-7.46 with activation required the answer is shouldActivate, userId and tenantId, and no user', async () => {
    const c = new Client(harness.emu);
    assert.equal((await c.put('/_emulator/vendor-config', { requireActivation: true })).status, 200);
    const answer = await (await harness.apiAs('')).auth.signUpUser({ email: 'later@newco.test', companyName: 'Later', password: PASSWORD });
    assert.equal(answer.shouldActivate, true);
    assert.ok(answer.userId && answer.tenantId);
    assert.equal(answer.user, undefined);
  });
});

const b64u = (b: Buffer) => b.toString('base64url');

describe("social login through Frontegg's client (api-contract A)", () => {
  async function routeProviders() {
    const c = new Client(harness.emu);
    const github = await c.put('/_emulator/social-providers/github', {
      issuer: oidc.issuer,
      clientId: GITHUB.client_id,
      clientSecret: GITHUB.client_secret,
      redirectUrl: SOCIAL_CB,
    });
    assert.equal(github.status, 200, github.text);
    const custom = await c.post('/_emulator/social-providers/custom', { issuer: oidc.issuer, clientId: 'acme-id', clientSecret: 'acme-secret', displayName: 'Acme ID' });
    assert.equal(custom.status, 201, custom.text);
    return custom.body.id as string;
  }

  it('AB-7.47 providers load with v1 and v2 (public and signed in), and the custom providers too', async () => {
    const customId = await routeProviders();
    const anonymous = await harness.apiAs('');
    const v1 = await anonymous.auth.getSocialLoginProviders();
    assert.deepEqual(
      v1.map((p) => [p.type, p.clientId, p.redirectUrl, p.active]),
      [['github', GITHUB.client_id, SOCIAL_CB, true]],
    );
    const v2 = await anonymous.auth.getSocialLoginProvidersV2();
    assert.equal(v2[0].type, 'github');
    assert.equal(v2[0].authorizationUrl, `${oidc.issuer}/auth`);
    for (const key of ['type', 'clientId', 'redirectUrl', 'backendRedirectUrl', 'active', 'authorizationUrl', 'options', 'customised', 'additionalScopes'])
      assert.ok(key in v2[0], key);
    await assert.rejects(anonymous.auth.getSocialLoginProvidersV2ForAuthenticatedUser(), 'the signed-in list needs a token');
    const signedIn = await (await harness.adminApi()).auth.getSocialLoginProvidersV2ForAuthenticatedUser();
    assert.deepEqual(signedIn, v2);
    const customs = await anonymous.auth.getCustomSocialLoginProvidersV1();
    assert.deepEqual(
      customs.providers.map((p) => [p.id, p.displayName, p.active]),
      [[customId, 'Acme ID', true]],
    );
  });

  it('AB-7.48 login via social answers email, isNewUser, userId, tenantId and name', async () => {
    await routeProviders();
    const state = b64u(randomBytes(32));
    const verifier = b64u(randomBytes(48));
    const authorize = new URL(`${oidc.issuer}/auth`);
    Object.entries({
      response_type: 'code',
      client_id: GITHUB.client_id,
      redirect_uri: SOCIAL_CB,
      scope: 'openid email profile',
      state,
      nonce: state,
      code_challenge: b64u(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
    }).forEach(([k, v]) => authorize.searchParams.set(k, v));
    const back = await oidc.signIn(authorize.href, 'octo@example.test');
    const api = await harness.apiAs('');
    const answer = await api.auth.loginViaSocialLogin({
      provider: SocialLoginProviders.Github,
      code: back.searchParams.get('code')!,
      redirectUri: SOCIAL_CB,
      codeVerifier: verifier,
      state,
    });
    assert.equal(answer.email, 'octo@example.test');
    assert.equal(answer.isNewUser, true);
    assert.equal(answer.name, 'Octo Cat');
    assert.ok(answer.userId);
    assert.ok(answer.tenantId);
    const me = await new Client(harness.emu).get(`${P}/users/v2/me`, { authorization: `Bearer ${(answer as { accessToken?: string }).accessToken}` });
    assert.equal(me.body.id, answer.userId);
  });
});
