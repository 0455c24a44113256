/**
 * Account settings of the admin portal (api-contract §O), called through Frontegg's own client (`@frontegg/rest-api`)
 * so that every request is the one the reference product sends.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import type { IPublicSettingsResponse, ISettingsResponse, ITenantsResponse } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { audits } from '../src/db/schema.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { tokenOf, apiAs, adminApi } = harness;
const SETTINGS = '/frontegg/tenants/resources/account-settings/v1';

const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

describe('account settings', () => {
  it('AB-7.27 AB-3.14 SI-3.09 GET → PUT address, timezone, formats, currency, logo, URLs and the name → GET reads them back; the tenant is renamed; audited', async () => {
    const api = await adminApi();
    const initial: ISettingsResponse = await api.accountSettings.getSettings();
    assert.equal(initial.tenantId, SEED.tenantId);
    assert.equal(initial.address, undefined);
    const saved: ISettingsResponse = await api.accountSettings.updateSettings({
      name: 'Acme Corporation',
      address: '1 Infinite Loop, Cupertino',
      timezone: 'Europe/Paris',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: 'HH:mm',
      currency: 'eur',
      logo: PNG_DATA_URL,
      applicationUrl: 'https://app.acme.test',
      loginUrl: 'https://app.acme.test/login',
    });
    assert.equal(saved.currency, 'EUR');
    const read = await api.accountSettings.getSettings();
    assert.deepEqual(
      { ...read },
      {
        tenantId: SEED.tenantId,
        address: '1 Infinite Loop, Cupertino',
        timezone: 'Europe/Paris',
        dateFormat: 'DD/MM/YYYY',
        timeFormat: 'HH:mm',
        currency: 'EUR',
        logo: PNG_DATA_URL,
        applicationUrl: 'https://app.acme.test',
        loginUrl: 'https://app.acme.test/login',
      },
    );
    const tenants: ITenantsResponse[] = await api.tenants.getTenants();
    assert.equal(tenants.find((t) => t.tenantId === SEED.tenantId)?.name, 'Acme Corporation', 'PUT name renames the tenant');
    const [row] = await harness.emu.db
      .select()
      .from(audits)
      .where(and(eq(audits.action, 'account-settings.updated'), eq(audits.targetId, SEED.tenantId)));
    assert.deepEqual(row.details.name, { from: 'Acme', to: 'Acme Corporation' });
    assert.equal(row.actorId, SEED.adminUserId);
  });

  it('AB-7.27 a PUT changes only the fields sent; null clears one', async () => {
    const api = await adminApi();
    await api.accountSettings.updateSettings({ address: 'Old street', timezone: 'UTC' });
    await api.accountSettings.updateSettings({ timezone: 'America/New_York' });
    let read = await api.accountSettings.getSettings();
    assert.equal(read.address, 'Old street');
    assert.equal(read.timezone, 'America/New_York');
    await api.accountSettings.updateSettings({ address: null as unknown as string });
    read = await api.accountSettings.getSettings();
    assert.equal(read.address, undefined);
    assert.equal(read.timezone, 'America/New_York');
  });

  it('AB-8.03 reading needs fe.secure.read.accountSettings, saving fe.secure.write.accountSettings', async () => {
    const res = await new Client(harness.emu).post('/_emulator/users', { email: 'reader@acme.test', password: PASSWORD, roles: ['ReadOnly'] });
    assert.equal(res.status, 201, res.text);
    const reader = await apiAs(await tokenOf('reader@acme.test', PASSWORD));
    assert.equal((await reader.accountSettings.getSettings()).tenantId, SEED.tenantId);
    await rejectsWith(reader.accountSettings.updateSettings({ address: 'x' }), 403, 'Not authorized');
    const none = await new Client(harness.emu).post('/_emulator/users', { email: 'nobody@acme.test', password: PASSWORD, roles: [] });
    assert.equal(none.status, 201, none.text);
    const nobody = await apiAs(await tokenOf('nobody@acme.test', PASSWORD));
    await rejectsWith(nobody.accountSettings.getSettings(), 403, 'Not authorized');
  });

  it('AB-7.27 bad values → 400 naming the field, nothing saved', async () => {
    const api = await adminApi();
    await rejectsWith(api.accountSettings.updateSettings({ timezone: 'Mars/Olympus' }), 400, /timezone must be an IANA time zone/);
    await rejectsWith(api.accountSettings.updateSettings({ currency: 'euro' }), 400, /currency must be an ISO 4217 code/);
    await rejectsWith(api.accountSettings.updateSettings({ applicationUrl: 'javascript:alert(1)' }), 400, /applicationUrl must be an absolute http: or https: URL/);
    await rejectsWith(api.accountSettings.updateSettings({ logo: 'data:text/html;base64,PHNjcmlwdD4=' }), 400, /logo must be an http\(s\) URL or a base64/);
    await rejectsWith(api.accountSettings.updateSettings({ name: '   ' }), 400, /name must not be empty/);
    await rejectsWith(api.accountSettings.updateSettings({ tenantId: 'another-tenant' }), 400, 'tenantId must be the signed-in tenant');
    const read = await api.accountSettings.getSettings();
    assert.equal(read.timezone, undefined);
    assert.equal(read.applicationUrl, undefined);
  });

  it('AB-7.27 AB-8.05 the public settings give the tenant id and its URLs (bearer, else the scoped tenant); none → 400 "TenantId is not defined"', async () => {
    const api = await adminApi();
    await api.accountSettings.updateSettings({ applicationUrl: 'https://app.acme.test', loginUrl: 'https://app.acme.test/login', address: 'private' });
    const pub: IPublicSettingsResponse = await api.accountSettings.getPublicSettings();
    assert.deepEqual({ ...pub }, { tenantId: SEED.tenantId, applicationUrl: 'https://app.acme.test', loginUrl: 'https://app.acme.test/login' });
    const c = new Client(harness.emu);
    const scoped = await c.get(`${SETTINGS}/public`, { 'frontegg-scoped-tenant': SEED.tenantId });
    assert.equal(scoped.status, 200, scoped.text);
    assert.equal(scoped.body.loginUrl, 'https://app.acme.test/login');
    assert.equal(scoped.body.address, undefined, 'only the public fields');
    const none = await c.get(`${SETTINGS}/public`);
    assert.equal(none.status, 400);
    assert.deepEqual(none.body.errors, ['TenantId is not defined']);
    assert.equal((await c.get(`${P}/users/v2/me`)).status, 401, 'sanity: the plain client sends no bearer');
  });
});
