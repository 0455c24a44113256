/** Metadata, vendor public info and feature flags (api-contract.md §F); entitlements are in entitlements.ts. */
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { featureFlags, metadata } from '../db/schema.ts';
import { getVendor } from '../session/accounts.ts';
import { requireAuth } from '../http/auth.ts';
import { notAuthorized, requirePermission } from '../http/permissions.ts';
import { parseBody } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { SEED } from '../db/seed.ts';
import { emulatorDate } from '../clock.ts';
import { audit } from '../audit.ts';
import { ADMIN_BOX_ENTITY, adminBoxUpdateSchema, applyAdminBoxActions } from '../admin-box.ts';

export const metadataRoutes = new Hono<AppEnv>();

type MetadataRow = typeof metadata.$inferSelect;

/** A metadata row as the API answers it (`rows[]` of `GET /metadata`, and the admin-box object). */
const metadataJson = (c: Context<AppEnv>, r: MetadataRow) => ({
  id: r.id,
  entityName: r.entityName,
  configuration: r.configuration,
  properties: r.properties,
  vendorId: c.var.rt.vendorId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** `GET /metadata?entityName=adminBox` → `{ rows: [...] }`; an unknown entity gives `rows: []`. */
metadataRoutes.get('/metadata', async (c) => {
  const entityName = c.req.query('entityName') ?? '';
  const rows = await c.var.db.select().from(metadata).where(eq(metadata.entityName, entityName));
  return c.json({ rows: rows.map((r) => metadataJson(c, r)) });
});

async function adminBoxRow(c: Context<AppEnv>): Promise<MetadataRow> {
  const [row] = await c.var.db.select().from(metadata).where(eq(metadata.entityName, ADMIN_BOX_ENTITY));
  if (!row) throw notFound('metadata not found: adminBox');
  return row;
}

/**
 * getAdminBoxMetadata (issue 29 item 5): `GET /metadata/admin-box` → the vendor's admin-box metadata, the object
 * `GET /metadata?entityName=adminBox` lists (`{ id, entityName, configuration, properties, vendorId, createdAt,
 * updatedAt }`). Any signed-in user (the portal reads it). 401 without a token; 404 when the row was removed.
 */
metadataRoutes.get('/metadata/admin-box', requireAuth, async (c) => c.json(metadataJson(c, await adminBoxRow(c))));

/**
 * updateAdminBoxMetadata (issue 29 item 5): `POST /metadata/admin-box { actions: [{ type, payload }] }` applies the
 * actions (src/admin-box.ts: `type` a dotted path, `payload` its value, null removes) and answers the updated object;
 * audited `vendor.admin-box.updated`. The admin box is the vendor's, shared by every account: only the vendor's
 * administrators change it — `fe.secure.write.accountSettings` in the vendor's own account (the seeded one); an
 * administrator of another account gets 403 too. 400 for a bad body (nothing applied).
 */
metadataRoutes.post('/metadata/admin-box', requireAuth, requirePermission('fe.secure.write.accountSettings'), async (c) => {
  if (c.var.auth.tenantId !== SEED.tenantId) throw notAuthorized();
  const { actions } = await parseBody(c, adminBoxUpdateSchema);
  const row = await adminBoxRow(c);
  const configuration = applyAdminBoxActions(row.configuration, actions);
  const [updated] = await c.var.db
    .update(metadata)
    .set({ configuration, updatedAt: await emulatorDate(c.var.db) })
    .where(eq(metadata.id, row.id))
    .returning();
  const types = actions.map((a) => a.type);
  await audit(c, { action: 'vendor.admin-box.updated', description: `Admin portal configuration changed: ${types.join(', ') || 'nothing'}`, details: { types } });
  return c.json(metadataJson(c, updated));
});

metadataRoutes.get('/vendors/public', async (c) => {
  const v = await getVendor(c.var.db, c.var.rt.vendorId);
  return c.json({ name: v.name, logo: v.logo, icon: v.icon, whiteLabelMode: false });
});

metadataRoutes.get('/flags', async (c) => {
  const rows = await c.var.db.select().from(featureFlags);
  return c.json(Object.fromEntries(rows.map((r) => [r.name, r.on ? 'on' : 'off'])));
});
