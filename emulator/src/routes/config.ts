/**
 * Configuration and security policies (api-contract.md §F getVendorConfig, §P).
 * The emulator keeps one vendor-level policy set; tenant-level overrides are
 * answered with the vendor values.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { requireAuth } from '../http/auth.ts';
import { parseBody } from '../http/body.ts';
import { requirePermission } from '../http/permissions.ts';
import { vendors } from '../db/schema.ts';
import { getVendor, loadMfaToken } from '../session.ts';
import { MFA_STRATEGIES, getMfaSettings } from '../mfa-devices.ts';
import { emulatorDate } from '../clock.ts';

export const configRoutes = new Hono<AppEnv>();
type Ctx = Context<AppEnv>;
const BASE = '/identity/resources/configurations/v1';

const vendor = (c: Ctx) => getVendor(c.var.db, c.var.rt.vendorId);

const WRITE_POLICY = requirePermission('fe.secure.write.securityPolicy');

// ---------------------------------------------------------------- public

configRoutes.get(`${BASE}/public`, async (c) => c.json((await vendor(c)).publicConfig));
configRoutes.get(`${BASE}/auth/strategies/public`, async (c) => c.json((await vendor(c)).authStrategies));
configRoutes.get(`${BASE}/sign-up/strategies`, async (c) => {
  const v = await vendor(c);
  return c.json([
    { strategy: 'email', isActive: v.publicConfig.allowSignups, isRequired: true },
    { strategy: 'phoneNumber', isActive: false, isRequired: false },
    { strategy: 'username', isActive: false, isRequired: false },
  ]);
});
configRoutes.get(`${BASE}/captcha-policy/public`, (c) => c.json({ id: 'captcha-policy', siteKey: null, enabled: false, createdAt: null, updatedAt: null }));
configRoutes.get(`${BASE}/password-recovery/strategies`, (c) =>
  c.json([
    { strategy: 'email', isActive: true },
    { strategy: 'sms', isActive: false },
  ]),
);
configRoutes.get(`${BASE}/mfa-policy/allow-remember-device`, async (c) => {
  const token = c.req.query('mfaToken');
  if (token) await loadMfaToken(c.var.db, token);
  // the remember-device policy (src/mfa-devices.ts; PUT /_emulator/mfa-policy)
  const s = await getMfaSettings(c.var.db);
  return c.json({ isAllowedToRemember: s.allowRememberMyDevice, mfaDeviceExpiration: s.allowRememberMyDevice ? s.mfaDeviceExpiration : 0 });
});

// ---------------------------------------------------------------- authenticated

configRoutes.get(`${BASE}/auth/strategies`, requireAuth, async (c) => c.json((await vendor(c)).authStrategies));
configRoutes.get(`${BASE}/mfa/strategies`, requireAuth, async (c) => {
  const s = await getMfaSettings(c.var.db);
  return c.json({ strategies: MFA_STRATEGIES.map((strategy) => ({ strategy, isActive: s.strategies[strategy] })) });
});
configRoutes.get(`${BASE}/password`, requireAuth, async (c) => c.json((await vendor(c)).passwordConfig));

configRoutes.get(BASE, requireAuth, async (c) => {
  const v = await vendor(c);
  return c.json({
    id: v.id,
    enforceMFAType: v.mfaPolicy.enforceMFAType,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.mfaPolicy.updatedAt,
    allowOverrideEnforcePasswordHistory: false,
    allowOverridePasswordComplexity: false,
    allowOverridePasswordExpiration: false,
    allowSignups: v.publicConfig.allowSignups,
    apiTokensEnabled: v.publicConfig.apiTokensEnabled,
    cookieSameSite: 'Lax',
    defaultRefreshTokenExpiration: v.tokenSettings.refreshTokenExpiresIn,
    defaultTokenExpiration: v.tokenSettings.accessTokenExpiresIn,
    publicKey: c.var.rt.key.publicJwk,
  });
});

for (const path of [`${BASE}/mfa-policy`, `${BASE}/mfa-policy/vendor`]) {
  configRoutes.get(path, requireAuth, async (c) => c.json((await vendor(c)).mfaPolicy));
}
for (const path of [`${BASE}/lockout-policy`, `${BASE}/lockout-policy/vendor`]) {
  configRoutes.get(path, requireAuth, async (c) => c.json((await vendor(c)).lockoutPolicy));
}

const mfaPolicyBody = z.object({ id: z.string().nullish(), enforceMFAType: z.enum(['DontForce', 'Force', 'ForceExceptSAML']) });
const saveMfaPolicy = async (c: Ctx) => {
  const body = await parseBody(c, mfaPolicyBody);
  const v = await vendor(c);
  const mfaPolicy = { ...v.mfaPolicy, enforceMFAType: body.enforceMFAType, updatedAt: (await emulatorDate(c.var.db)).toISOString() };
  await c.var.db.update(vendors).set({ mfaPolicy }).where(eq(vendors.id, v.id));
  return c.json(mfaPolicy);
};
configRoutes.post(`${BASE}/mfa-policy`, requireAuth, WRITE_POLICY, saveMfaPolicy);
configRoutes.patch(`${BASE}/mfa-policy`, requireAuth, WRITE_POLICY, saveMfaPolicy);

const lockoutBody = z.object({ id: z.string().nullish(), enabled: z.boolean(), maxAttempts: z.number().int().min(1).max(100) });
const saveLockout = async (c: Ctx) => {
  const body = await parseBody(c, lockoutBody);
  const v = await vendor(c);
  const lockoutPolicy = { ...v.lockoutPolicy, enabled: body.enabled, maxAttempts: body.maxAttempts, updatedAt: (await emulatorDate(c.var.db)).toISOString() };
  await c.var.db.update(vendors).set({ lockoutPolicy }).where(eq(vendors.id, v.id));
  return c.json(lockoutPolicy);
};
configRoutes.post(`${BASE}/lockout-policy`, requireAuth, WRITE_POLICY, saveLockout);
configRoutes.patch(`${BASE}/lockout-policy`, requireAuth, WRITE_POLICY, saveLockout);
