/** Configuration validation of fe-elements/server (sign-in §5, §8): messages verbatim. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ServerConfigError, configFromEnv, createServerSession, resolveConfig } from '../../src/server/index.ts';

const HEX = '0123456789abcdef'.repeat(4);
const ENV = { FE_BASE_URL: 'https://auth.example.test', FE_CLIENT_ID: 'demo-client', FE_ENCRYPTION_PASSWORD: HEX };

function fails(fn: () => unknown, message: string) {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof ServerConfigError, `a ServerConfigError, got ${e}`);
    assert.equal((e as Error).message, message);
    return true;
  });
}
const fromEnv = (env: Record<string, string | undefined>) => createServerSession(configFromEnv(env));

describe('server configuration', () => {
  it('reads a valid environment and fills in the defaults', () => {
    const c = resolveConfig(configFromEnv({ ...ENV, FE_BASE_URL: 'https://auth.example.test/' }));
    assert.equal(c.baseUrl, 'https://auth.example.test');
    assert.equal(c.apiUrl, 'https://auth.example.test/frontegg');
    assert.equal(c.cookie.name, 'fe_session_demo-client');
    assert.equal(c.cookie.sameSite, 'none');
    assert.equal(c.cookie.secure, true);
    assert.equal(c.cookie.httpOnly, true);
    assert.equal(c.hostedLogin, false);
    assert.equal(c.secureJwt, false);
    assert.equal(c.issuer, 'https://auth.example.test');
    assert.deepEqual(c.routes, { callback: '/oauth/callback', logout: '/account/logout', login: '/account/login', authenticatedUrl: '/', afterLogoutUrl: '/' });
    const withSecret = resolveConfig(configFromEnv({ ...ENV, FE_CLIENT_SECRET: 's', FE_COOKIE_NAME: 'my_session', FE_COOKIE_SAMESITE: 'Lax' }));
    assert.equal(withSecret.secureJwt, true, 'a client secret turns secure JWT mode on by default');
    assert.equal(withSecret.cookie.name, 'my_session');
    assert.equal(withSecret.cookie.sameSite, 'lax');
  });

  it('SI-8.03 a missing variable gives "Missing one or more environment variables (...)" listing every missing one', () => {
    fails(() => fromEnv({}), 'Missing one or more environment variables (FE_BASE_URL, FE_CLIENT_ID, FE_ENCRYPTION_PASSWORD)');
    fails(() => fromEnv({ ...ENV, FE_CLIENT_ID: '' }), 'Missing one or more environment variables (FE_CLIENT_ID)');
    fails(() => fromEnv({ FE_CLIENT_ID: 'x', FE_ENCRYPTION_PASSWORD: HEX }), 'Missing one or more environment variables (FE_BASE_URL)');
  });

  it('SI-8.04 SI-5.05 an encryption password that is not 64 hex characters gives "Invalid environment variable (FE_ENCRYPTION_PASSWORD), must be a valid …"', () => {
    const message = 'Invalid environment variable (FE_ENCRYPTION_PASSWORD), must be a valid 64-character hexadecimal string';
    for (const bad of [HEX.slice(1), `${HEX}0`, `${HEX.slice(1)}g`, 'x'.repeat(64), ' '.repeat(64)]) {
      fails(() => fromEnv({ ...ENV, FE_ENCRYPTION_PASSWORD: bad }), message);
    }
    // upper case hex is fine
    assert.ok(fromEnv({ ...ENV, FE_ENCRYPTION_PASSWORD: HEX.toUpperCase() }));
    // the option is reported under its variable
    fails(() => createServerSession({ baseUrl: 'https://a.test', clientId: 'c', encryptionPassword: 'short', env: {} }), message);
  });

  it('SI-8.04 other invalid variables: base URL, booleans, SameSite, app URL, cookie name', () => {
    fails(() => fromEnv({ ...ENV, FE_BASE_URL: 'auth.example.test' }), 'Invalid environment variable (FE_BASE_URL), must be a valid http(s) URL');
    fails(() => fromEnv({ ...ENV, FE_BASE_URL: 'ftp://auth.example.test' }), 'Invalid environment variable (FE_BASE_URL), must be a valid http(s) URL');
    fails(() => fromEnv({ ...ENV, FE_HOSTED_LOGIN: 'yes' }), 'Invalid environment variable (FE_HOSTED_LOGIN), must be a valid boolean (true or false)');
    fails(() => fromEnv({ ...ENV, FE_SECURE_JWT: 'on' }), 'Invalid environment variable (FE_SECURE_JWT), must be a valid boolean (true or false)');
    fails(() => fromEnv({ ...ENV, FE_COOKIE_SAMESITE: 'relaxed' }), 'Invalid environment variable (FE_COOKIE_SAMESITE), must be a valid SameSite value (none, lax or strict)');
    fails(() => fromEnv({ ...ENV, FE_APP_URL: '/relative' }), 'Invalid environment variable (FE_APP_URL), must be a valid http(s) URL');
    fails(() => fromEnv({ ...ENV, FE_COOKIE_NAME: 'bad name;' }), 'Invalid environment variable (FE_COOKIE_NAME), must be a valid cookie name');
  });

  it('SI-5.06 secure JWT mode needs a client secret', () => {
    fails(() => fromEnv({ ...ENV, FE_SECURE_JWT: 'true' }), 'Missing one or more environment variables (FE_CLIENT_SECRET)');
    fails(
      () => createServerSession({ baseUrl: 'https://a.test', clientId: 'c', encryptionPassword: HEX, secureJwt: true, env: {} }),
      'Missing one or more environment variables (FE_CLIENT_SECRET)',
    );
    assert.equal(fromEnv({ ...ENV, FE_SECURE_JWT: 'true', FE_CLIENT_SECRET: 's' }).config.secureJwt, true);
    // hosted login exchanges codes with the client secret too; the list names every missing variable
    fails(() => fromEnv({ FE_HOSTED_LOGIN: 'true', FE_CLIENT_ID: 'c' }), 'Missing one or more environment variables (FE_BASE_URL, FE_CLIENT_SECRET, FE_ENCRYPTION_PASSWORD)');
  });

  it('SI-5.07 the hosted-login environment setting must agree with the hosted-login option', () => {
    const opts = { baseUrl: 'https://a.test', clientId: 'c', clientSecret: 's', encryptionPassword: HEX };
    fails(
      () => createServerSession({ ...opts, hostedLogin: true, env: { FE_HOSTED_LOGIN: 'false' } }),
      'Invalid environment variable (FE_HOSTED_LOGIN), must be a valid boolean that agrees with the hostedLogin option (true)',
    );
    fails(
      () => createServerSession({ ...opts, hostedLogin: false, env: { FE_HOSTED_LOGIN: 'true' } }),
      'Invalid environment variable (FE_HOSTED_LOGIN), must be a valid boolean that agrees with the hostedLogin option (false)',
    );
    assert.equal(createServerSession({ ...opts, hostedLogin: true, env: { FE_HOSTED_LOGIN: 'true' } }).config.hostedLogin, true);
    // no option: the environment decides
    assert.equal(createServerSession({ ...opts, env: { FE_HOSTED_LOGIN: 'true' } }).config.hostedLogin, true);
    // overrides of configFromEnv are options too
    fails(
      () => createServerSession(configFromEnv({ ...ENV, FE_CLIENT_SECRET: 's', FE_HOSTED_LOGIN: 'false' }, { hostedLogin: true })),
      'Invalid environment variable (FE_HOSTED_LOGIN), must be a valid boolean that agrees with the hostedLogin option (true)',
    );
  });
});
