/**
 * Test helpers under `/_emulator` (not part of the identity API): reset,
 * policy switches, flags, metadata, SSO domains, vendor config. They are
 * unauthenticated; the emulator listens on 127.0.0.1 only.
 */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { httpUrl, parseBody } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { featureFlags, metadata, ssoDomains, tenants, userTenantRoles, userTenants, users, vendors, roles } from '../db/schema.ts';
import { SEED } from '../db/seed.ts';
import { hashPassword, isBreachedPassword } from '../crypto/passwords.ts';
import { getVendor } from '../session/accounts.ts';
import { applyRememberPolicy } from '../mfa-devices.ts';
import { emulatorDate } from '../clock.ts';
import { restrictionsChanged, tenantIpRules } from '../restrictions.ts';
import { audit } from '../audit.ts';

export const emulatorRoutes = new Hono<AppEnv>();

emulatorRoutes.get('/', (c) =>
  c.json({
    vendorId: c.var.rt.vendorId,
    clientId: c.var.rt.clientId,
    tenantId: SEED.tenantId,
    issuer: c.var.rt.issuer,
    admin: { email: SEED.adminEmail, password: SEED.adminPassword },
  }),
);

/** Back to the start state: the base seed and the host's seed file (`--seed`), the clock at `--now` (else real time), no fault switches. */
emulatorRoutes.post('/reset', async (c) => {
  await c.var.rt.restore(c.var.db);
  return c.json({});
});

/** `{ enforceMFAType?, allowRememberMyDevice?, mfaDeviceExpiration? (seconds) }` → the policy with the remember-device settings. */
emulatorRoutes.put('/mfa-policy', async (c) => {
  const body = await parseBody(
    c,
    z.object({
      enforceMFAType: z.enum(['DontForce', 'Force', 'ForceExceptSAML']).optional(),
      allowRememberMyDevice: z.boolean().optional(),
      mfaDeviceExpiration: z.number().int().min(0).optional(),
    }),
  );
  const v = await getVendor(c.var.db, c.var.rt.vendorId);
  const mfaPolicy = { ...v.mfaPolicy, ...(body.enforceMFAType ? { enforceMFAType: body.enforceMFAType } : {}), updatedAt: (await emulatorDate(c.var.db)).toISOString() };
  await c.var.db.update(vendors).set({ mfaPolicy }).where(eq(vendors.id, v.id));
  // the remember-device policy lives with the MFA settings (src/mfa-devices.ts)
  return c.json({ ...mfaPolicy, ...(await applyRememberPolicy(c, body)) });
});

emulatorRoutes.put('/lockout-policy', async (c) => {
  const body = await parseBody(c, z.object({ enabled: z.boolean().optional(), maxAttempts: z.number().int().min(1).optional() }));
  const v = await getVendor(c.var.db, c.var.rt.vendorId);
  const lockoutPolicy = { ...v.lockoutPolicy, ...body, updatedAt: (await emulatorDate(c.var.db)).toISOString() };
  await c.var.db.update(vendors).set({ lockoutPolicy }).where(eq(vendors.id, v.id));
  return c.json(lockoutPolicy);
});

/** Merges into the public vendor config (allowSignups, authStrategy, …). */
emulatorRoutes.put('/vendor-config', async (c) => {
  const body = await parseBody(
    c,
    z.object({
      allowSignups: z.boolean().optional(),
      allowNotVerifiedUsersLogin: z.boolean().optional(),
      apiTokensEnabled: z.boolean().optional(),
      forcePermissions: z.boolean().optional(),
      authStrategy: z.string().optional(),
      machineToMachineAuthStrategy: z.enum(['ClientCredentials', 'AccessToken']).optional(),
      requireActivation: z.boolean().optional(),
    }),
  );
  const v = await getVendor(c.var.db, c.var.rt.vendorId);
  const publicConfig = { ...v.publicConfig, ...body };
  await c.var.db.update(vendors).set({ publicConfig }).where(eq(vendors.id, v.id));
  return c.json(publicConfig);
});

emulatorRoutes.put('/token-settings', async (c) => {
  const body = await parseBody(
    c,
    z.object({
      accessTokenExpiresIn: z.number().int().min(1).optional(),
      refreshTokenExpiresIn: z.number().int().min(1).optional(),
    }),
  );
  const v = await getVendor(c.var.db, c.var.rt.vendorId);
  const tokenSettings = { ...v.tokenSettings, ...body };
  await c.var.db.update(vendors).set({ tokenSettings }).where(eq(vendors.id, v.id));
  return c.json(tokenSettings);
});

/** Body `{ flagName: 'on' | 'off' | boolean | null }`; null deletes the flag. Answers the full flag map. */
emulatorRoutes.put('/flags', async (c) => {
  const body = await parseBody(c, z.record(z.string(), z.union([z.enum(['on', 'off']), z.boolean(), z.null()])));
  for (const [name, value] of Object.entries(body)) {
    if (value === null) {
      await c.var.db.delete(featureFlags).where(eq(featureFlags.name, name));
    } else {
      const on = value === true || value === 'on';
      await c.var.db.insert(featureFlags).values({ name, on }).onConflictDoUpdate({ target: featureFlags.name, set: { on } });
    }
  }
  const rows = await c.var.db.select().from(featureFlags);
  return c.json(Object.fromEntries(rows.map((r) => [r.name, r.on ? 'on' : 'off'])));
});

/** Body `{ entityName?: 'adminBox', configuration: {...}, properties?: [] }`: replaces (or creates) that metadata row. */
emulatorRoutes.put('/metadata', async (c) => {
  const body = await parseBody(
    c,
    z.object({
      entityName: z.string().min(1).default('adminBox'),
      configuration: z.record(z.string(), z.unknown()),
      properties: z.array(z.unknown()).optional(),
    }),
  );
  const now = await emulatorDate(c.var.db);
  await c.var.db
    .insert(metadata)
    .values({
      id: randomUUID(),
      entityName: body.entityName,
      configuration: body.configuration,
      properties: body.properties ?? [],
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: metadata.entityName,
      set: { configuration: body.configuration, ...(body.properties ? { properties: body.properties } : {}), updatedAt: now },
    });
  return c.json({ entityName: body.entityName, configuration: body.configuration });
});

emulatorRoutes.get('/sso-domains', async (c) => c.json(await c.var.db.select().from(ssoDomains)));

emulatorRoutes.post('/sso-domains', async (c) => {
  const body = await parseBody(
    c,
    z.object({
      domain: z.string().trim().toLowerCase().min(1),
      address: httpUrl(),
      idpType: z.enum(['saml', 'oidc']).default('saml'),
      addressType: z.enum(['sso', 'external']).default('sso'),
    }),
  );
  const row = { id: randomUUID(), ...body, createdAt: await emulatorDate(c.var.db) };
  await c.var.db
    .insert(ssoDomains)
    .values(row)
    .onConflictDoUpdate({
      target: ssoDomains.domain,
      set: { address: body.address, idpType: body.idpType, addressType: body.addressType },
    });
  return c.json(body, 201);
});

emulatorRoutes.delete('/sso-domains/:domain', async (c) => {
  const res = await c.var.db
    .delete(ssoDomains)
    .where(eq(ssoDomains.domain, c.req.param('domain').toLowerCase()))
    .returning();
  if (res.length === 0) throw notFound('SSO domain not found');
  return c.json({});
});

/**
 * Creates a user directly (no email, no policy checks): `{ email, password, name?, tenantId?, roles?: ['Admin'|'ReadOnly'], verified?, mfaBypass? }`.
 * Without tenantId the user joins the seeded tenant.
 */
emulatorRoutes.post('/users', async (c) => {
  const body = await parseBody(
    c,
    z.object({
      email: z.string().trim().toLowerCase().pipe(z.email()),
      password: z.string().min(1),
      name: z.string().optional(),
      tenantId: z.string().optional(),
      roles: z.array(z.string()).default(['ReadOnly']),
      verified: z.boolean().default(true),
      mfaBypass: z.boolean().default(false),
    }),
  );
  const db = c.var.db;
  const tenantId = body.tenantId ?? SEED.tenantId;
  const [tenant] = await db.select().from(tenants).where(eq(tenants.tenantId, tenantId));
  if (!tenant) throw notFound('Tenant not found');
  const id = randomUUID();
  const now = await emulatorDate(db);
  await db.insert(users).values({
    id,
    vendorId: c.var.rt.vendorId,
    email: body.email,
    name: body.name ?? body.email.split('@')[0],
    passwordHash: await hashPassword(body.password),
    isBreachedPassword: isBreachedPassword(body.password),
    phoneNumber: null,
    profilePictureUrl: null,
    verified: body.verified,
    superUser: false,
    mfaBypass: body.mfaBypass,
    metadata: null,
    activeTenantId: tenantId,
    isLocked: false,
    failedLoginAttempts: 0,
    lastLogin: null,
    createdAt: now,
  });
  await db.insert(userTenants).values({ userId: id, tenantId, createdAt: now });
  const roleRows = await db.select().from(roles);
  const roleIds = roleRows.filter((r) => body.roles.includes(r.key)).map((r) => r.id);
  if (roleIds.length) await db.insert(userTenantRoles).values(roleIds.map((roleId) => ({ userId: id, tenantId, roleId })));
  return c.json({ id, email: body.email, tenantId }, 201);
});

emulatorRoutes.post('/users/:userId/unlock', async (c) => {
  const res = await c.var.db
    .update(users)
    .set({ isLocked: false, failedLoginAttempts: 0 })
    .where(eq(users.id, c.req.param('userId')))
    .returning({ id: users.id });
  if (res.length === 0) throw notFound('User not found');
  return c.json({});
});

/**
 * The recovery of an account locked out by its own IP rules (issue 31 item 1; emulator/README.md "Locked out by IP
 * restrictions"): turns the account's IP restriction config off (`isActive: false`; the strategy and the rules stay,
 * so the admin can fix the list and enforce it again), effective at once, audited as `ip-restriction.config.updated`
 * by "System" (WARNING). Like every `/_emulator` route, reachable from loopback only.
 * @returns `{ isActive: false, strategy }`; 404 `Tenant not found` for an unknown account
 */
emulatorRoutes.post('/tenants/:tenantId/ip-restrictions/lift', async (c) => {
  const tenantId = c.req.param('tenantId');
  const { config: before } = await tenantIpRules(c, tenantId);
  const config = { isActive: false, strategy: before.strategy };
  const [row] = await c.var.db
    .update(tenants)
    .set({
      settings: sql`coalesce(${tenants.settings}, '{}'::jsonb) || ${JSON.stringify({ ipRestrictionConfig: config })}::jsonb`,
      updatedAt: await emulatorDate(c.var.db),
    })
    .where(eq(tenants.tenantId, tenantId))
    .returning({ id: tenants.id });
  if (!row) throw notFound('Tenant not found', 'ER-TENANT-NOT-FOUND');
  restrictionsChanged(c, tenantId);
  await audit(c, {
    action: 'ip-restriction.config.updated',
    tenantId,
    actor: null,
    targetId: tenantId,
    description: `IP restrictions lifted by the emulator's recovery route (${config.strategy} list kept, not enforced)`,
    details: { ...config, recovery: true },
    severity: 'WARNING',
  });
  return c.json(config);
});

emulatorRoutes.get('/tenants', async (c) => c.json((await c.var.db.select().from(tenants)).map((t) => ({ tenantId: t.tenantId, name: t.name }))));
