/**
 * Sign-in rules the emulator answers for (sign-in §3, §7): the secondary auth strategies it knows, the MFA data of a
 * login that asks for a second factor, and the public account settings — each read through Frontegg's own client
 * (`@frontegg/rest-api`) where it has the call.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SEED } from '../src/db/seed.ts';
import { SECONDARY_AUTH_STRATEGIES } from '../src/db/schema.ts';
import { Client, P } from './helpers.ts';
import { useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();

describe('sign-in rules of the emulator', () => {
  it('SI-3.26 the secondary strategies are WebAuthnPlatform, WebAuthnCrossPlatform, SmsCode, SmsCodeV2 and Passkeys; another name is refused', async () => {
    assert.deepEqual(SECONDARY_AUTH_STRATEGIES, ['WebAuthnPlatform', 'WebAuthnCrossPlatform', 'SmsCode', 'SmsCodeV2', 'Passkeys']);
    const api = await harness.apiAs('');
    const seeded = await api.auth.getVendorPublicAuthStrategiesConfig();
    assert.deepEqual(
      seeded.secondaryAuthStrategies.map((s) => s.strategy),
      [...SECONDARY_AUTH_STRATEGIES],
    );
    const c = new Client(harness.emu);
    const refused = await c.put('/_emulator/auth-strategies', { secondaryAuthStrategies: [{ strategy: 'CarrierPigeon', isActive: true }] });
    assert.equal(refused.status, 400, refused.text);
    const set = await c.put('/_emulator/auth-strategies', { secondaryAuthStrategies: [{ strategy: 'SmsCodeV2', isActive: true }] });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual((await api.auth.getVendorPublicAuthStrategiesConfig()).secondaryAuthStrategies, [{ strategy: 'SmsCodeV2', isActive: true }]);
  });

  it('SI-3.17 a login that asks for MFA carries the devices, the active strategies only, and the mfaToken', async () => {
    const c = new Client(harness.emu);
    const settings = await c.put('/_emulator/mfa-settings', {
      strategies: { AuthenticatorApp: true, SMS: true, EmailCode: false, WebAuthnPlatform: false, WebAuthnCrossPlatform: false },
    });
    assert.equal(settings.status, 200, settings.text);
    const added = await c.post(`/_emulator/users/${SEED.adminUserId}/authenticators`, {});
    assert.equal(added.status, 201, added.text);
    const login = await c.post(`${P}/auth/v1/user`, { email: SEED.adminEmail, password: SEED.adminPassword });
    assert.equal(login.status, 200, login.text);
    assert.equal(login.body.mfaRequired, true);
    assert.ok(login.body.mfaToken);
    assert.deepEqual([...login.body.mfaStrategies].sort(), ['AuthenticatorApp', 'SMS'], 'active strategies only');
    assert.equal(login.body.mfaDevices.authenticators.length, 1);
    assert.deepEqual(Object.keys(login.body.mfaDevices).sort(), ['authenticators', 'emails', 'phones', 'webauthn']);
  });

  it('SI-7.22 public account settings are GET tenants/resources/account-settings/v1/public: tenantId, applicationUrl and loginUrl', async () => {
    const admin = await harness.adminApi();
    await admin.accountSettings.updateSettings({ applicationUrl: 'https://app.acme.test', loginUrl: 'https://app.acme.test/login' });
    const settings = await admin.accountSettings.getPublicSettings();
    assert.deepEqual(settings, { tenantId: SEED.tenantId, applicationUrl: 'https://app.acme.test', loginUrl: 'https://app.acme.test/login' });
    // a visitor names the tenant
    const visitor = await new Client(harness.emu).get(`/frontegg/tenants/resources/account-settings/v1/public?tenantId=${SEED.tenantId}`);
    assert.equal(visitor.status, 200, visitor.text);
    assert.equal(visitor.body.loginUrl, 'https://app.acme.test/login');
  });
});
