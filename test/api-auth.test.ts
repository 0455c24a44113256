/**
 * Sign-in endpoint functions (src/api/auth.ts): paths, methods, bodies and
 * headers via the echo fixture (tools/wtr-fixture-api.js), plus the fixture
 * routes for metadata, vendor info and SSO pre-login. Real Chromium, no mocks.
 */
import { expect } from '@open-wc/testing';
import { createApiClient, createAuthApi, FeApiError, NETWORK_ERROR_MESSAGE, type ApiClientConfig } from '../src/api/index.ts';
import { createMfaApi } from '../src/api/mfa.ts';
import { createUsersApi } from '../src/api/users.ts';

const ORIGIN = location.origin;
const ECHO = `${ORIGIN}/__fixture/echo`;
const FIXTURE = `${ORIGIN}/__fixture`;
const P = '/__fixture/echo/frontegg';

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: unknown;
  hasBody: boolean;
}

/** Every sign-in call (auth core, MFA at login, users) on one client. */
const authApi = (baseUrl = ECHO, extra: Partial<ApiClientConfig> = {}) => {
  const client = createApiClient({ baseUrl, getAccessToken: () => 'tok-1', getLocationSearch: () => '', logLevel: 'info', ...extra });
  return { ...createAuthApi(client), ...createMfaApi(client), ...createUsersApi(client) };
};

/** The echo fixture answers every call with the request it saw. */
const echoed = (p: Promise<unknown>) => p as Promise<unknown> as Promise<Echo>;

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}

describe('auth api: login and MFA', () => {
  it('SI-7.31 login is POST auth/v1/user with the credentials as JSON, source login-box and the bearer', async () => {
    const e = await echoed(authApi().login({ email: 'a@b.test', password: 'pw', invitationToken: 'inv' }));
    expect(e.method).to.equal('POST');
    expect(e.path).to.equal(`${P}/identity/resources/auth/v1/user`);
    expect(e.body).to.deep.equal({ email: 'a@b.test', password: 'pw', invitationToken: 'inv' });
    expect(e.headers['frontegg-source']).to.equal('login-box');
    expect(e.headers['content-type']).to.equal('application/json');
    expect(e.headers.authorization).to.equal('Bearer tok-1');
  });

  it('SI-7.31 MFA verification at login is POST auth/v1/user/mfa/verify with mfaToken, value, rememberDevice', async () => {
    const e = await echoed(authApi().loginWithMfa({ mfaToken: 'm1', value: '123456', rememberDevice: true }));
    expect(e.method).to.equal('POST');
    expect(e.path).to.equal(`${P}/identity/resources/auth/v1/user/mfa/verify`);
    expect(e.body).to.deep.equal({ mfaToken: 'm1', value: '123456', rememberDevice: true });
  });

  it('SI-7.42 authenticator enrol (enroll, enroll/verify) and verify ({deviceId}/verify) during login', async () => {
    const api = authApi();
    const pre = await echoed(api.preEnrollAuthenticatorApp({ mfaToken: 'm1' }));
    expect(pre.method).to.equal('POST');
    expect(pre.path).to.equal(`${P}/identity/resources/auth/v1/user/mfa/authenticator/enroll`);
    expect(pre.body).to.deep.equal({ mfaToken: 'm1' });

    const enroll = await echoed(api.enrollAuthenticatorApp({ mfaToken: 'm1', token: '654321', rememberDevice: false }));
    expect(enroll.path).to.equal(`${P}/identity/resources/auth/v1/user/mfa/authenticator/enroll/verify`);
    expect(enroll.body).to.deep.equal({ mfaToken: 'm1', token: '654321', rememberDevice: false });

    const verify = await echoed(api.verifyAuthenticatorApp({ deviceId: 'dev/1', mfaToken: 'm1', value: '111222' }));
    expect(verify.path).to.equal(`${P}/identity/resources/auth/v1/user/mfa/authenticator/dev%2F1/verify`);
    expect(verify.body).to.deep.equal({ mfaToken: 'm1', value: '111222' });
  });

  it('SI-7.41 MFA recovery at login is POST auth/v1/user/mfa/recover with email and recoveryCode', async () => {
    const e = await echoed(authApi().recoverMfa({ email: 'a@b.test', recoveryCode: 'RC-1' }));
    expect(e.method).to.equal('POST');
    expect(e.path).to.equal(`${P}/identity/resources/auth/v1/user/mfa/recover`);
    expect(e.body).to.deep.equal({ email: 'a@b.test', recoveryCode: 'RC-1' });
  });

  it('SI-7.36 SSO pre-login is POST auth/v2/user/sso/prelogin with email and tenantId; the answer carries address and idpType', async () => {
    const sent = await authApi().preLogin({ email: 'a@b.test', tenantId: 't1' });
    // the echo answer has no address, so the client gives null
    expect(sent).to.equal(null);
    const api = authApi(FIXTURE);
    expect(await api.preLogin({ email: 'user@sso.test', tenantId: 't1' })).to.deep.equal({
      address: 'https://idp.example.test/saml?tenant=t1',
      idpType: 'saml',
      addressType: 'sso',
    });
  });

  it('SI-7.36 pre-login swallows every error as null (contract §3 client-side swallowing)', async () => {
    expect(await authApi(FIXTURE).preLogin({ email: 'nobody@plain.test' })).to.equal(null); // 404
    expect(await authApi('http://127.0.0.1:9').preLogin({ email: 'user@sso.test' })).to.equal(null); // unreachable
  });
});

describe('auth api: session calls', () => {
  it('SI-7.32 refresh is POST auth/v1/user/token/refresh with {tenantId} (null by default)', async () => {
    const api = authApi();
    const e = await echoed(api.refreshToken());
    expect(e.method).to.equal('POST');
    expect(e.path).to.equal(`${P}/identity/resources/auth/v1/user/token/refresh`);
    expect(e.body).to.deep.equal({ tenantId: null });
    expect((await echoed(api.refreshToken({ tenantId: 't1' }))).body).to.deep.equal({ tenantId: 't1' });
  });

  it('SI-7.07 refresh and logout send no Authorization header even when a token exists', async () => {
    const api = authApi();
    const refresh = await echoed(api.refreshToken({ tenantId: 't1' }));
    expect(refresh.headers).not.to.have.property('authorization');
    const me = await echoed(api.getMe());
    expect(me.headers.authorization).to.equal('Bearer tok-1');
  });

  it('SI-7.33 logout is POST auth/v1/logout with no body and no Authorization', async () => {
    let captured: Echo | undefined;
    // logout() resolves void; read what the server saw through a second client on the same echo
    const client = createApiClient({ baseUrl: ECHO, getAccessToken: () => 'tok-1', getLocationSearch: () => '' });
    const originalPost = client.post;
    const spyClient = {
      ...client,
      post: async <T>(path: string, body?: unknown, options?: Parameters<typeof client.post>[2]) => {
        captured = await originalPost<Echo>(path, body, options);
        return captured as unknown as T;
      },
    };
    const result = await createAuthApi(spyClient).logout();
    expect(result).to.equal(undefined);
    expect(captured!.method).to.equal('POST');
    expect(captured!.path).to.equal(`${P}/identity/resources/auth/v1/logout`);
    expect(captured!.hasBody).to.equal(false);
    expect(captured!.headers).not.to.have.property('authorization');
    expect(captured!.headers['frontegg-source']).to.equal('login-box');
  });

  it('SI-7.18 SI-7.21 SI-7.20 SI-7.19 SI-7.11 user, authorization, tenants v3, entitlements v2 and flags are GETs with the bearer', async () => {
    const api = authApi();
    const cases: [Promise<unknown>, string][] = [
      [api.getMe(), '/identity/resources/users/v2/me'],
      [api.getAuthorization(), '/identity/resources/users/v1/me/authorization'],
      [api.getTenants(), '/identity/resources/users/v3/me/tenants'],
      [api.getEntitlements(), '/entitlements/api/v2/user-entitlements'],
      [api.getFeatureFlags(), '/flags'],
    ];
    for (const [call, path] of cases) {
      const e = await echoed(call);
      expect(e.method, path).to.equal('GET');
      expect(e.path).to.equal(P + path);
      expect(e.headers.authorization).to.equal('Bearer tok-1');
      expect(e.hasBody).to.equal(false);
    }
  });

  it('SI-7.01 endpoint failures reject with FeApiError (statusCode 0 when unreachable)', async () => {
    const e = (await rejection(authApi('http://127.0.0.1:9').getMe())) as FeApiError;
    expect(e).to.be.instanceOf(FeApiError);
    expect(e.statusCode).to.equal(0);
    expect(e.message).to.equal(NETWORK_ERROR_MESSAGE);
  });
});

describe('auth api: metadata, vendor and configuration', () => {
  it('SI-7.09 metadata is GET /metadata?entityName=adminBox and rows[0].configuration is used', async () => {
    const api = authApi(FIXTURE);
    const metadata = await api.getAdminBoxMetadata();
    expect(metadata.themeV2).to.deep.equal({ loginBox: { boxStyle: { borderRadius: '8px' } } });
    expect(metadata.integrations?.analytics).to.deep.equal([{ id: 'ga', enabled: false }]);
    expect(metadata.metadataOverrides?.url).to.equal(`${ORIGIN}/__fixture/overrides`);

    const sent = await rejection(authApi().getAdminBoxMetadata()); // the echo answer has no rows
    expect(sent.message).to.equal('metadata not found: adminBox');
  });

  it('SI-7.09 the metadata request is a GET with entityName=adminBox', async () => {
    const client = createApiClient({ baseUrl: ECHO, getLocationSearch: () => '' });
    const seen: string[] = [];
    const spy = {
      ...client,
      get: <T>(path: string, options?: Parameters<typeof client.get>[1]) => {
        seen.push(client.url(path, options?.query));
        return client.get<T>(path, options);
      },
    };
    await rejection(createAuthApi(spy).getAdminBoxMetadata());
    expect(seen).to.deep.equal([`${ECHO}/frontegg/metadata?entityName=adminBox`]);
  });

  it('SI-8.12 missing metadata (no rows[0]) gives "metadata not found"', async () => {
    const e = await rejection(authApi(`${FIXTURE}/empty`).getAdminBoxMetadata());
    expect(e).not.to.be.instanceOf(FeApiError);
    expect(e.message).to.equal('metadata not found: adminBox');
    expect(e.message).to.include('metadata not found');
  });

  describe('overrides', () => {
    beforeEach(() => {
      document.cookie = 'fe_fixture_cookie=present; path=/';
    });
    afterEach(() => {
      document.cookie = 'fe_fixture_cookie=; path=/; max-age=0';
    });

    it('SI-7.10 metadataOverrides.url is fetched without credentials or API headers', async () => {
      const api = authApi(FIXTURE);
      const { metadataOverrides } = await api.getAdminBoxMetadata();
      const overrides = (await api.getMetadataOverrides(metadataOverrides!.url!)) as Record<string, unknown>;
      expect(overrides.themeV2).to.deep.equal({ loginBox: { boxStyle: { borderRadius: '2px' } } });
      expect(overrides.cookieSeen).to.equal(false);
      expect(overrides.authorizationSeen).to.equal(false);
      expect(overrides.contentTypeSeen).to.equal(null);
    });

    it('SI-7.10 a failing overrides url rejects with a normalised FeApiError', async () => {
      const e = (await rejection(authApi(FIXTURE).getMetadataOverrides(`${FIXTURE}/frontegg/status/500?body=errors`))) as FeApiError;
      expect(e).to.be.instanceOf(FeApiError);
      expect(e.statusCode).to.equal(500);
      expect(e.message).to.equal('First problem, Second problem');
      expect(e.traceId).to.match(/^trace-\d+$/);
    });
  });

  it('SI-7.53 vendor public info is GET /vendors/public', async () => {
    const e = (await authApi().getVendorPublicInfo()) as unknown as Echo;
    expect(e.method).to.equal('GET');
    expect(e.path).to.equal(`${P}/vendors/public`);
  });

  it('SI-3.28 vendor public info whiteLabelMode defaults to false', async () => {
    const info = await authApi(FIXTURE).getVendorPublicInfo();
    expect(info).to.deep.equal({
      name: 'Fixture Vendor',
      logo: 'https://cdn.example.test/logo.png',
      icon: 'https://cdn.example.test/icon.png',
      whiteLabelMode: false,
    });
  });

  it('SI-7.27 the password configuration is GET users/v1/passwords/config (userId only when given)', async () => {
    const api = authApi();
    const none = await echoed(api.getPasswordConfig());
    expect(none.method).to.equal('GET');
    expect(none.path).to.equal(`${P}/identity/resources/users/v1/passwords/config`);
    expect(none.query).to.deep.equal({});
    expect((await echoed(api.getPasswordConfig('u1'))).query).to.deep.equal({ userId: 'u1' });
  });

  it('SI-7.28 sign-up is POST users/v1/signUp with the form as JSON', async () => {
    const body = { email: 'new@b.test', name: 'New', password: 'pw', companyName: 'Acme' };
    const e = await echoed(authApi().signUp(body));
    expect(e.method).to.equal('POST');
    expect(e.path).to.equal(`${P}/identity/resources/users/v1/signUp`);
    expect(e.body).to.deep.equal(body);
    expect(e.headers['frontegg-source']).to.equal('login-box');
  });

  it('SI-7.25 forgot password is POST users/v1/passwords/reset with {email}', async () => {
    const client = createApiClient({ baseUrl: ECHO, getLocationSearch: () => '' });
    let captured: Echo | undefined;
    const spy = {
      ...client,
      post: async <T>(path: string, body?: unknown, options?: Parameters<typeof client.post>[2]) => {
        captured = await client.post<Echo>(path, body, options);
        return captured as unknown as T;
      },
    };
    expect(await createUsersApi(spy).forgotPassword({ email: 'a@b.test' })).to.equal(undefined);
    expect(captured!.method).to.equal('POST');
    expect(captured!.path).to.equal(`${P}/identity/resources/users/v1/passwords/reset`);
    expect(captured!.body).to.deep.equal({ email: 'a@b.test' });
  });

  it('SI-7.02 vendor config and public auth strategies are GETs under configurations/v1', async () => {
    const api = authApi();
    const cfg = await echoed(api.getVendorConfig());
    expect(cfg.method).to.equal('GET');
    expect(cfg.path).to.equal(`${P}/identity/resources/configurations/v1/public`);
    const strategies = await echoed(api.getPublicAuthStrategies());
    expect(strategies.path).to.equal(`${P}/identity/resources/configurations/v1/auth/strategies/public`);
  });
});
