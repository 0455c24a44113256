/**
 * The account's SCIM provisioning connections (issue 23 item 6; api-contract §W), driven by Frontegg's own client
 * (`api.directory`, @frontegg/rest-api) so that every call is the one the reference product sends. What a connection's
 * token does at the SCIM endpoint is test/scim.test.ts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ScimConnectionSource, type Scim2ConnectionConfigResponse } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { scimConnections, tenants } from '../src/db/schema.ts';
import { tokenHash } from '../src/scim/connections.ts';
import { Client } from './helpers.ts';
import { rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { adminApi, apiAs, tokenOf, makeUser, auditRows } = harness;

/** A listed connection with the emulator's additions. */
type Listed = Scim2ConnectionConfigResponse & { userCount: number; groupCount: number; scimUrl: string };

describe('provisioning connections (api-contract §W)', () => {
  it('AB-7.53 AB-3.23 create → list → update → count → delete, each change audited', async () => {
    const api = await adminApi();
    const created = await api.directory.createConfiguration({ source: ScimConnectionSource.OKTA, connectionName: 'Okta prod', syncToUserManagement: true });
    assert.equal(created.connectionName, 'Okta prod');
    assert.match(created.token, /^[A-Za-z0-9_-]{43,}$/, 'a random bearer token of 32+ bytes');

    const [row] = await harness.emu.db.select().from(scimConnections).where(eq(scimConnections.id, created.id));
    assert.equal(row.tokenHash, tokenHash(created.token), 'stored as its SHA-256');
    assert.ok(!JSON.stringify(row).includes(created.token), 'the token itself is not stored');

    const list = (await api.directory.getConfigs()) as Listed[];
    assert.equal(list.length, 1);
    const [conn] = list;
    assert.equal(conn.id, created.id);
    assert.equal(conn.source, 'okta');
    assert.equal(conn.syncToUserManagement, true);
    assert.equal(conn.lastSync, null, 'nothing pushed yet');
    assert.ok(!Number.isNaN(Date.parse(String(conn.createdAt))));
    assert.equal(conn.userCount, 0);
    assert.equal(conn.groupCount, 0);
    assert.match(conn.scimUrl, new RegExp(`^http://127\\.0\\.0\\.1:\\d+/frontegg/scim/v2/${created.id}$`), 'absolute, from the request origin');
    assert.equal((conn as unknown as Record<string, unknown>).token, undefined, 'the list never shows the token');

    await api.directory.updateConfiguration(created.id, { syncToUserManagement: false });
    assert.equal(((await api.directory.getConfigs()) as Listed[])[0].syncToUserManagement, false);

    assert.deepEqual(await api.directory.countConfigurationUsers(created.id), { count: 0 });

    await api.directory.deleteConfiguration(created.id, false);
    assert.deepEqual(await api.directory.getConfigs(), []);
    await rejectsWith(api.directory.countConfigurationUsers(created.id), 404, 'Connection not found');

    assert.equal((await auditRows('scim-connection.created', created.id)).length, 1);
    const [updated] = await auditRows('scim-connection.updated', created.id);
    assert.equal(updated?.actorId, SEED.adminUserId);
    const [deleted] = await auditRows('scim-connection.deleted', created.id);
    assert.equal(deleted?.severity, 'WARNING');
    assert.ok(!JSON.stringify(await auditRows('scim-connection.created', created.id)).includes(created.token), 'no token in the audit row');
  });

  it('AB-3.23 the name defaults to the source; every source of ScimConnectionSource is accepted, others answer 400', async () => {
    const api = await adminApi();
    for (const source of Object.values(ScimConnectionSource)) {
      const created = await api.directory.createConfiguration({ source });
      assert.equal(created.connectionName, source);
    }
    assert.deepEqual(
      ((await api.directory.getConfigs()) as Listed[]).map((c) => c.source),
      ['frontegg', 'okta', 'azure-ad', 'other'],
    );
    await rejectsWith(api.directory.createConfiguration({ source: 'google' as ScimConnectionSource }), 400, /source must be one of frontegg, okta, azure-ad, other/);
  });

  it('AB-7.53 the request log of a new connection is empty; an unknown connection answers 404', async () => {
    const api = await adminApi();
    const created = await api.directory.createConfiguration({ source: ScimConnectionSource.OTHER });
    const client = new Client(harness.emu);
    const token = await tokenOf();
    const empty = await client.get(`/frontegg/directory/resources/v1/configurations/scim2/${created.id}/logs`, client.bearer(token));
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body, []);
    const missing = await client.get(`/frontegg/directory/resources/v1/configurations/scim2/${randomUUID()}/logs`, client.bearer(token));
    assert.equal(missing.status, 404);
  });

  it('AB-7.53 a connection of another account is not found; its list is not shown', async () => {
    const otherTenant = randomUUID();
    const now = new Date();
    await harness.emu.db
      .insert(tenants)
      .values({ id: randomUUID(), tenantId: otherTenant, vendorId: SEED.vendorId, name: 'Other', metadata: null, isReseller: false, createdAt: now, updatedAt: now });
    await makeUser('boss@other.test', ['Admin'], { tenantId: otherTenant });
    const other = await apiAs(await tokenOf('boss@other.test', 'Str0ng-Passw0rd!'));
    const theirs = await other.directory.createConfiguration({ source: ScimConnectionSource.AZURE_AD });

    const api = await adminApi();
    assert.deepEqual(await api.directory.getConfigs(), []);
    await rejectsWith(api.directory.updateConfiguration(theirs.id, { syncToUserManagement: false }), 404, 'Connection not found');
    await rejectsWith(api.directory.deleteConfiguration(theirs.id, true), 404, 'Connection not found');
    await rejectsWith(api.directory.countConfigurationUsers(theirs.id), 404, 'Connection not found');
    assert.equal(((await other.directory.getConfigs()) as Listed[]).length, 1, 'still there');
  });

  it('AB-7.53 reading needs fe.secure.read.provisioningConfiguration and changing fe.secure.write.provisioningConfiguration', async () => {
    await makeUser('reader@acme.test', ['ReadOnly']);
    const reader = await apiAs(await tokenOf('reader@acme.test', 'Str0ng-Passw0rd!'));
    await rejectsWith(reader.directory.createConfiguration({ source: ScimConnectionSource.OKTA }), 403, 'Not authorized');
    const created = await (await adminApi()).directory.createConfiguration({ source: ScimConnectionSource.OKTA });
    await rejectsWith(reader.directory.deleteConfiguration(created.id, true), 403, 'Not authorized');
  });
});
