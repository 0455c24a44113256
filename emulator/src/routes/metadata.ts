/** Metadata, vendor public info and feature flags (api-contract.md §F); entitlements are in entitlements.ts. */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { featureFlags, metadata } from '../db/schema.ts';
import { getVendor } from '../session.ts';

export const metadataRoutes = new Hono<AppEnv>();

/** `GET /metadata?entityName=adminBox` → `{ rows: [...] }`; an unknown entity gives `rows: []`. */
metadataRoutes.get('/metadata', async (c) => {
  const entityName = c.req.query('entityName') ?? '';
  const rows = await c.var.db.select().from(metadata).where(eq(metadata.entityName, entityName));
  return c.json({
    rows: rows.map((r) => ({
      id: r.id,
      entityName: r.entityName,
      configuration: r.configuration,
      properties: r.properties,
      vendorId: c.var.rt.vendorId,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
  });
});

metadataRoutes.get('/vendors/public', async (c) => {
  const v = await getVendor(c.var.db, c.var.rt.vendorId);
  return c.json({ name: v.name, logo: v.logo, icon: v.icon, whiteLabelMode: false });
});

metadataRoutes.get('/flags', async (c) => {
  const rows = await c.var.db.select().from(featureFlags);
  return c.json(Object.fromEntries(rows.map((r) => [r.name, r.on ? 'on' : 'off'])));
});
