import { expect } from '@open-wc/testing';
import { checkPassword } from '../src/auth/password-rules.ts';
import { createFeApp } from '../src/app/app.ts';
import { createUsersApi } from '../src/api/users.ts';
import { ADMIN, resetEmulator } from './helpers/emulator.ts';

describe('password rules', () => {
  const config = {
    minLength: 8,
    maxLength: 20,
    minPhraseLength: 16,
    allowPassphrases: true,
    minOptionalTestsToPass: 2,
    requiredTests: { checkThreeRepeatedChars: true },
    optionalTests: { requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSpecialChars: true },
  };
  it('length, repeats and optional tests; passphrases skip the optional tests', () => {
    expect(checkPassword('Ab1', config).map((p) => p.key)).to.deep.equal(['password.rule.minLength']);
    expect(checkPassword('aaaBBB111', config).map((p) => p.key)).to.deep.equal(['password.rule.repeated']);
    expect(checkPassword('alllowercase', config).map((p) => p.key)).to.deep.equal(['password.rule.repeated', 'password.rule.optional']);
    expect(checkPassword('lowercaseonly', config).map((p) => p.key)).to.deep.equal(['password.rule.optional']);
    expect(checkPassword('lower1case', config)).to.deep.equal([]);
    expect(checkPassword('correct horse battery', { ...config, maxLength: 64 }), 'passphrase').to.deep.equal([]);
    expect(
      checkPassword(
        'x'.repeat(21).replace(/x/g, (_, i) => 'ab1'[i % 3]),
        config,
      ).map((p) => p.key),
    ).to.deep.equal(['password.rule.maxLength']);
  });
});

describe('changing the password against the emulator', () => {
  beforeEach(() => resetEmulator());

  it('SI-7.26 changePassword() is POST users/v1/passwords/change with the bearer: the new password signs in, a wrong current one is refused', async () => {
    const login = (password: string) =>
      fetch('/frontegg/identity/resources/auth/v1/user', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password }),
      });
    const app = createFeApp({ baseUrl: location.origin, name: 'change-password' });
    await app.completeLogin(await (await login(ADMIN.password)).json());
    const passwords = createUsersApi(app.client);
    const t0 = performance.now();
    const wrong = await passwords.changePassword({ password: 'not-the-password', newPassword: 'Brand-New-Passw0rd!' }).catch((e) => e);
    expect(wrong.statusCode).to.equal(400);
    expect(wrong.message).to.equal('The current password is incorrect');
    await passwords.changePassword({ password: ADMIN.password, newPassword: 'Brand-New-Passw0rd!' });
    const calls = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => e.startTime >= t0 && e.name.endsWith('/frontegg/identity/resources/users/v1/passwords/change'),
    );
    expect(calls.map((e) => e.initiatorType)).to.deep.equal(['fetch', 'fetch']);
    expect((await login(ADMIN.password)).status).to.equal(401);
    expect((await login('Brand-New-Passw0rd!')).status).to.equal(200);
  });
});
