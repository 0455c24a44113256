/**
 * Sign-in rules against the real emulator: the public account settings (SI-7.22) and the secondary auth strategies
 * (SI-3.26) read through fe-elements' own API client, and the login box in the loading order (SI-4.03).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { createApiClient, createAuthApi } from '../src/api/index.ts';
import { ACCOUNT_PATHS, createAccountApi } from '../src/api/account.ts';
import type { SecondaryAuthStrategy } from '../src/api/types.ts';
import { ADMIN, renderLoginBox, resetEmulator, setMetadata } from './helpers/emulator.ts';

/** The seeded tenant (emulator/src/db/seed.ts). */
const TENANT_ID = '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e02';

async function tokenOf(user: { email: string; password: string }): Promise<string> {
  const r = await fetch('/frontegg/identity/resources/auth/v1/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  expect(r.status).to.equal(200);
  return ((await r.json()) as { accessToken: string }).accessToken;
}
const clientWith = (token: string | null) => createApiClient({ baseUrl: location.origin, getAccessToken: () => token, getLocationSearch: () => '' });

describe('sign-in rules through the API client (emulator)', () => {
  beforeEach(() => resetEmulator());

  it('SI-7.22 public account settings are loaded with GET /frontegg/tenants/resources/account-settings/v1/public: the tenant, its application and login URLs', async () => {
    expect(ACCOUNT_PATHS.publicSettings).to.equal('/tenants/resources/account-settings/v1/public');
    const signedIn = createAccountApi(clientWith(await tokenOf(ADMIN)));
    await signedIn.updateSettings({ applicationUrl: 'https://app.acme.test', loginUrl: 'https://app.acme.test/login' });
    const entries = performance.getEntriesByType('resource').length;
    expect(await signedIn.getPublicSettings()).to.deep.equal({ tenantId: TENANT_ID, applicationUrl: 'https://app.acme.test', loginUrl: 'https://app.acme.test/login' });
    const call = (performance.getEntriesByType('resource').slice(entries) as PerformanceResourceTiming[]).find((e) => e.name.includes('/account-settings/'));
    expect(new URL(call!.name).pathname).to.equal('/frontegg/tenants/resources/account-settings/v1/public');
    // a visitor (no session) names the tenant
    expect((await createAccountApi(clientWith(null)).getPublicSettings(TENANT_ID)).loginUrl).to.equal('https://app.acme.test/login');
  });

  it('SI-3.26 the secondary strategies are WebAuthnPlatform, WebAuthnCrossPlatform, SmsCode, SmsCodeV2 and Passkeys', async () => {
    const all: SecondaryAuthStrategy[] = ['WebAuthnPlatform', 'WebAuthnCrossPlatform', 'SmsCode', 'SmsCodeV2', 'Passkeys'];
    const answer = await createAuthApi(clientWith(null)).getPublicAuthStrategies();
    expect(answer.secondaryAuthStrategies!.map((s) => s.strategy)).to.deep.equal(all);
    expect(answer.secondaryAuthStrategies!.every((s) => s.isActive === false)).to.equal(true);
  });
});

describe('the login box in the loading order (emulator)', () => {
  beforeEach(() => resetEmulator());
  afterEach(() => setMetadata({}));

  it('SI-4.03 after the metadata and the authorization the login box loads its data; its email field is there at once (SI-8.16)', async () => {
    // the metadata load includes its overrides document, held 600 ms: the box's own requests must wait for it
    await setMetadata({ metadataOverrides: { url: `${location.origin}/__fixture/slow?ms=600` } });
    performance.clearResourceTimings();
    const { box } = await renderLoginBox();
    const fieldAt = performance.now();
    expect(box.querySelector('form input[name=email]'), 'the email field').to.not.equal(null);
    const entries = () => performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const named = (part: string) => entries().find((e) => new URL(e.name).pathname.endsWith(part));
    await waitUntil(() => named('/auth/strategies/public')?.responseEnd && named('/sso/v2')?.responseEnd && named('/__fixture/slow')?.responseEnd, 'the strategies asked for', {
      timeout: 10000,
    });
    const overrides = named('/__fixture/slow')!;
    const refresh = named('/user/token/refresh')!;
    expect(fieldAt, 'the field before the metadata has answered').to.be.below(overrides.responseEnd);
    // the box's own requests: its strategies, its social providers
    const own = entries().filter((e) => /\/(auth\/strategies\/public|sso\/v2|sso\/custom\/v1)$/.test(new URL(e.name).pathname));
    expect(own.length).to.be.at.least(2);
    for (const call of own) {
      expect(call.startTime, `${call.name} after the metadata`).to.be.at.least(overrides.responseEnd);
      expect(call.startTime, `${call.name} after the authorization (the session refresh)`).to.be.at.least(refresh.responseEnd);
    }
  });
});
