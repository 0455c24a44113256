/**
 * The admin-box metadata (api-contract §F getAdminBoxMetadata / updateAdminBoxMetadata; issue 29 item 5), called
 * through Frontegg's own client (`@frontegg/rest-api` MetadataApi): `GET /frontegg/metadata/admin-box` answers the
 * vendor's admin-box metadata, `POST` applies `actions [{ type, payload }]` to it (the vendor's admin only), and the
 * portal's `GET /frontegg/metadata?entityName=adminBox` reads the same stored object.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { audits } from '../src/db/schema.ts';
import { DEFAULT_ADMIN_BOX } from '../src/db/seed.ts';
import { Client } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();

interface AdminBox {
  id: string;
  entityName: string;
  vendorId: string;
  configuration: Record<string, unknown> & { theme?: unknown; navigation?: Record<string, unknown>; localizations?: Record<string, unknown> };
  updatedAt: string;
}

describe('GET/POST /frontegg/metadata/admin-box (Frontegg’s MetadataApi)', () => {
  it('getAdminBoxMetadata answers the vendor’s admin-box metadata: the seeded theme and navigation, as ?entityName=adminBox does', async () => {
    const api = await harness.adminApi();
    const box = (await api.metadata.getAdminBoxMetadata()) as AdminBox;
    assert.equal(box.entityName, 'adminBox');
    assert.equal(box.vendorId, harness.emu.seed.vendorId);
    assert.deepEqual(box.configuration, DEFAULT_ADMIN_BOX);
    const listed = await new Client(harness.emu).get('/frontegg/metadata?entityName=adminBox');
    assert.deepEqual(listed.body.rows[0], box);
  });

  it('updateAdminBoxMetadata applies the actions in order (set a path, merge, remove) and answers the result; the portal reads it', async () => {
    const api = await harness.adminApi();
    const theme = { palette: { primary: { main: '#d03a3a' } } };
    const answer = (await api.metadata.updateAdminBoxMetadata({
      actions: [
        { type: 'theme', payload: theme },
        { type: 'navigation.webhooks', payload: { visibility: 'hidden' } },
        { type: 'localizations.en', payload: { adminPortal: { navigation: { users: 'People' } } } },
        { type: 'localizations.en.adminPortal.navigation.roles', payload: 'Jobs' },
        { type: 'navigation.subscriptions', payload: null },
      ],
    })) as AdminBox;
    assert.deepEqual(answer.configuration.theme, theme);
    assert.deepEqual(answer.configuration.navigation?.webhooks, { visibility: 'hidden' });
    assert.equal('subscriptions' in (answer.configuration.navigation ?? {}), false, 'null removes the key');
    assert.deepEqual(answer.configuration.localizations, { en: { adminPortal: { navigation: { users: 'People', roles: 'Jobs' } } } });
    assert.deepEqual(await api.metadata.getAdminBoxMetadata(), answer);
    const listed = await new Client(harness.emu).get('/frontegg/metadata?entityName=adminBox');
    assert.deepEqual(listed.body.rows[0].configuration, answer.configuration);
    const [row] = await harness.emu.db.select().from(audits).where(eq(audits.action, 'vendor.admin-box.updated'));
    assert.ok(row, 'audited');
    assert.deepEqual((row.details as { types: string[] }).types, [
      'theme',
      'navigation.webhooks',
      'localizations.en',
      'localizations.en.adminPortal.navigation.roles',
      'navigation.subscriptions',
    ]);
    // a reset brings the seed back
    await harness.emu.reset();
    assert.deepEqual(((await (await harness.adminApi()).metadata.getAdminBoxMetadata()) as AdminBox).configuration, DEFAULT_ADMIN_BOX);
  });

  it('refuses a bad body all or nothing: no actions array, an unknown path shape, prototype keys; nothing is written', async () => {
    const api = await harness.adminApi();
    const before = await api.metadata.getAdminBoxMetadata();
    for (const body of [
      {},
      { actions: 'theme' },
      { actions: [{ type: '', payload: 1 }] },
      { actions: [{ type: 'theme..palette', payload: 1 }] },
      {
        actions: [
          { type: 'theme', payload: 1 },
          { type: '__proto__.polluted', payload: true },
        ],
      },
      { actions: [{ type: 'navigation.constructor.prototype', payload: { polluted: true } }] },
      { actions: [{ payload: 1 }] },
    ]) {
      await rejectsWith(api.metadata.updateAdminBoxMetadata(body as never), 400, /./);
    }
    assert.deepEqual(await api.metadata.getAdminBoxMetadata(), before);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('needs a signed-in caller; writing needs the vendor’s admin (fe.secure.write.accountSettings in the vendor’s own account)', async () => {
    const anonymous = new Client(harness.emu);
    assert.equal((await anonymous.get('/frontegg/metadata/admin-box')).status, 401);
    assert.equal((await anonymous.post('/frontegg/metadata/admin-box', { actions: [] })).status, 401);
    await harness.makeUser('reader@acme.test', ['ReadOnly']);
    const reader = await harness.apiAs(await harness.tokenOf('reader@acme.test', PASSWORD));
    assert.ok(await reader.metadata.getAdminBoxMetadata(), 'any signed-in user reads it');
    await rejectsWith(reader.metadata.updateAdminBoxMetadata({ actions: [{ type: 'theme', payload: {} }] }), 403, 'Not authorized');
    // the admin of another account (a customer's) may not change the vendor's portal for everyone
    const tenant = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
    assert.equal(tenant.status, 201, tenant.text);
    await harness.makeUser('boss@globex.test', ['Admin'], { tenantId: tenant.body.tenantId ?? tenant.body.id });
    const other = await harness.apiAs(await harness.tokenOf('boss@globex.test', PASSWORD));
    await rejectsWith(other.metadata.updateAdminBoxMetadata({ actions: [{ type: 'theme', payload: {} }] }), 403, 'Not authorized');
  });
});
