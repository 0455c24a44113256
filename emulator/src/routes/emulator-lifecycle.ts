/**
 * Test helpers under `/_emulator` for the account lifecycle: lifetimes and
 * rate limits of lifecycle tokens, extra tenants and memberships, tenant
 * locks, and the audit log.
 */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { and, desc, eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/body.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { audits, roles, tenants, userTenantRoles, userTenants, users } from '../db/schema.ts';
import { findUserByEmail } from '../session/accounts.ts';
import { getLifecycleSettings, getTenant, updateLifecycleSettings } from '../lifecycle.ts';
import { emulatorDate } from '../clock.ts';
import { emitTenantEvent } from '../events/payloads.ts';

export const lifecycleEmulatorRoutes = new Hono<AppEnv>();

const seconds = () => z.number().int().min(0).optional();

lifecycleEmulatorRoutes.get('/lifecycle-settings', async (c) => c.json(await getLifecycleSettings(c.var.db)));

/** `{ activationTtlSeconds?, invitationTtlSeconds?, unlockTtlSeconds?, phoneResetTtlSeconds?, smsCodeTtlSeconds?, codeResendIntervalSeconds?, maxCodeAttempts? }`; 0 s = issued already expired / no rate limit. */
lifecycleEmulatorRoutes.put('/lifecycle-settings', async (c) => {
  const body = await parseBody(
    c,
    z
      .object({
        activationTtlSeconds: seconds(),
        invitationTtlSeconds: seconds(),
        unlockTtlSeconds: seconds(),
        phoneResetTtlSeconds: seconds(),
        smsCodeTtlSeconds: seconds(),
        codeResendIntervalSeconds: seconds(),
        maxCodeAttempts: z.number().int().min(1).optional(),
      })
      .strict(),
  );
  return c.json(await updateLifecycleSettings(c.var.db, body));
});

/**
 * `{ name, tenantId?, parentTenantId? }` → 201 `{ tenantId, name, parentTenantId }`. `parentTenantId` makes the new tenant a
 * sub-tenant of an existing one (the tenant hierarchy, routes/admin/hierarchy.ts); 404 when that tenant does not exist.
 */
lifecycleEmulatorRoutes.post('/tenants', async (c) => {
  const body = await parseBody(c, z.object({ name: z.string().trim().min(1), tenantId: z.string().min(1).optional(), parentTenantId: z.string().min(1).nullish() }));
  const tenantId = body.tenantId ?? randomUUID();
  if (await getTenant(c.var.db, tenantId)) throw conflict('Tenant already exists');
  const parentTenantId = body.parentTenantId ?? null;
  if (parentTenantId && !(await getTenant(c.var.db, parentTenantId))) throw notFound('Parent tenant not found');
  const now = await emulatorDate(c.var.db);
  await c.var.db.insert(tenants).values({
    id: randomUUID(),
    tenantId,
    vendorId: c.var.rt.vendorId,
    name: body.name,
    metadata: null,
    isReseller: false,
    parentTenantId,
    createdAt: now,
    updatedAt: now,
  });
  await emitTenantEvent(c.var.db, 'frontegg.tenant.created', { tenantId });
  return c.json({ tenantId, name: body.name, parentTenantId }, 201);
});

/** `{ userId | email, roles = ['ReadOnly'] (role keys), activated = true }` → 201; adds (or re-roles) a membership. */
lifecycleEmulatorRoutes.post('/tenants/:tenantId/users', async (c) => {
  const body = await parseBody(
    c,
    z.object({
      userId: z.string().optional(),
      email: z.string().optional(),
      roles: z.array(z.string()).default(['ReadOnly']),
      activated: z.boolean().default(true),
    }),
  );
  const db = c.var.db;
  const tenantId = c.req.param('tenantId');
  if (!(await getTenant(db, tenantId))) throw notFound('Tenant not found');
  const user = body.userId ? (await db.select().from(users).where(eq(users.id, body.userId)))[0] : body.email ? await findUserByEmail(db, body.email) : undefined;
  if (!user) throw notFound('User not found');
  const roleRows = (await db.select().from(roles)).filter((r) => body.roles.includes(r.key));
  if (roleRows.length !== body.roles.length) throw badRequest('Unknown role key');
  await db
    .insert(userTenants)
    .values({ userId: user.id, tenantId, createdAt: await emulatorDate(db), activated: body.activated })
    .onConflictDoUpdate({ target: [userTenants.userId, userTenants.tenantId], set: { activated: body.activated } });
  await db.delete(userTenantRoles).where(and(eq(userTenantRoles.userId, user.id), eq(userTenantRoles.tenantId, tenantId)));
  if (roleRows.length) await db.insert(userTenantRoles).values(roleRows.map((r) => ({ userId: user.id, tenantId, roleId: r.id })));
  return c.json({ userId: user.id, tenantId, roles: roleRows.map((r) => r.key), activated: body.activated }, 201);
});

/** `{ locked: boolean }`: a locked tenant refuses invitations (ER-01239) and invite links (ER-01240). */
lifecycleEmulatorRoutes.put('/tenants/:tenantId/lock', async (c) => {
  const { locked } = await parseBody(c, z.object({ locked: z.boolean() }));
  const res = await c.var.db
    .update(tenants)
    .set({ isLocked: locked, updatedAt: await emulatorDate(c.var.db) })
    .where(eq(tenants.tenantId, c.req.param('tenantId')))
    .returning({ tenantId: tenants.tenantId });
  if (res.length === 0) throw notFound('Tenant not found');
  return c.json({ tenantId: res[0].tenantId, isLocked: locked });
});

/** The audit log, newest first; `?action=` filters. */
lifecycleEmulatorRoutes.get('/audits', async (c) => {
  const action = c.req.query('action');
  const rows = await c.var.db
    .select()
    .from(audits)
    .where(action ? eq(audits.action, action) : undefined)
    .orderBy(desc(audits.createdAt));
  return c.json(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));
});
