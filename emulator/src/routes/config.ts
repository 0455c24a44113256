/**
 * Configuration and security policies (api-contract.md §F getVendorConfig, §P; admin spec AB-3.24–3.28,
 * AB-7.29–7.32; issue 22 item 1).
 *
 * The MFA, lockout and password-history policies are per account: GET answers the caller's account's own policy
 * (`tenants.settings.policies`) or, when it never set one, the vendor's; POST and PATCH (Frontegg's client sends
 * PATCH when the body has an id) save the account's own, audited `security.<policy>.updated` (WARNING, before and
 * after). The `/vendor` variants answer the vendor's (`vendors.mfa_policy`, `vendors.lockout_policy`,
 * `vendor_policies.password_history`, else policies.ts `DEFAULT_PASSWORD_HISTORY_POLICY`). Reading needs
 * `fe.secure.read.securityPolicy`, saving `fe.secure.write.securityPolicy` (403 "Not authorized"). The policies are
 * enforced where they apply: lockout at password sign-in (routes/auth.ts), password history at change and reset
 * (routes/passwords.ts), MFA at every sign-in (session/mfa-challenge.ts, federation/provision.ts).
 *
 * The MFA policy answers also carry the remember-device settings (`allowRememberMyDevice`, `mfaDeviceExpiration` in
 * seconds) of src/mfa-devices.ts; they are emulator-wide, not per account.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { requireAuth } from '../http/auth.ts';
import { parseBody } from '../http/body.ts';
import { requirePermission } from '../http/permissions.ts';
import { createPublicKey, type JsonWebKey as NodeJwk } from 'node:crypto';
import type { JWK } from 'jose';
import { tenants, type LockoutPolicy, type MfaPolicy, type PasswordHistoryPolicy, type TenantSettings } from '../db/schema.ts';
import { getVendor } from '../session/accounts.ts';
import { loadMfaToken } from '../session/mfa-challenge.ts';
import { MFA_STRATEGIES, applyRememberPolicy, getMfaSettings } from '../mfa-devices.ts';
import { emulatorDate } from '../clock.ts';
import { effectivePolicies, vendorPolicySet } from '../policies.ts';
import { audit } from '../audit.ts';
import { notFound } from '../http/errors.ts';

export const configRoutes = new Hono<AppEnv>();
type Ctx = Context<AppEnv>;
const BASE = '/identity/resources/configurations/v1';

const vendor = (c: Ctx) => getVendor(c.var.db, c.var.rt.vendorId);

const READ_POLICY = requirePermission('fe.secure.read.securityPolicy');
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

/** The signing key's public half as a PEM string (SPKI, `-----BEGIN PUBLIC KEY-----`), as ISecurityPolicy.publicKey. */
const pemOf = (() => {
  const cache = new WeakMap<object, string>();
  return (jwk: JWK): string => {
    let pem = cache.get(jwk);
    if (!pem) {
      pem = createPublicKey({ key: jwk as NodeJwk, format: 'jwk' })
        .export({ type: 'spki', format: 'pem' })
        .toString();
      cache.set(jwk, pem);
    }
    return pem;
  };
})();

/** getGlobalSecurityPolicy (AB-3.28, AB-7.30): ISecurityPolicy; `enforceMFAType` the caller's account's, `publicKey` PEM. */
configRoutes.get(BASE, requireAuth, async (c) => {
  const v = await vendor(c);
  const { mfa } = await effectivePolicies(c.var.db, v.id, c.var.auth.tenantId);
  return c.json({
    id: v.id,
    enforceMFAType: mfa.enforceMFAType,
    createdAt: v.createdAt.toISOString(),
    updatedAt: mfa.updatedAt,
    allowOverrideEnforcePasswordHistory: false,
    allowOverridePasswordComplexity: false,
    allowOverridePasswordExpiration: false,
    allowSignups: v.publicConfig.allowSignups,
    apiTokensEnabled: v.publicConfig.apiTokensEnabled,
    cookieSameSite: 'Lax',
    defaultRefreshTokenExpiration: v.tokenSettings.refreshTokenExpiresIn,
    defaultTokenExpiration: v.tokenSettings.accessTokenExpiresIn,
    publicKey: pemOf(c.var.rt.key.publicJwk),
  });
});

// ---------------------------------------------------------------- MFA, lockout and password-history policies (§P)

type Policies = NonNullable<TenantSettings['policies']>;
type PolicyKind = keyof Policies;
/** One saved policy of `kind`. */
type PolicyOf<K extends PolicyKind> = NonNullable<Policies[K]>;

/** The audit action's and the path's name of each policy. */
const PATH_OF: Record<PolicyKind, string> = { mfa: 'mfa-policy', lockout: 'lockout-policy', passwordHistory: 'password-history-policy' };

/** The MFA policy with the remember-device settings (seconds) beside it. */
const withRememberDevice = async (c: Ctx, policy: MfaPolicy) => {
  const s = await getMfaSettings(c.var.db);
  return { ...policy, allowRememberMyDevice: s.allowRememberMyDevice, mfaDeviceExpiration: s.mfaDeviceExpiration };
};

/** The policy of `kind` in force for the caller's account (its own, else the vendor's). */
const accountPolicy = async <K extends PolicyKind>(c: Ctx, kind: K) => (await effectivePolicies(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId))[kind];
/** The vendor's policy of `kind`. */
const vendorPolicy = async <K extends PolicyKind>(c: Ctx, kind: K) => (await vendorPolicySet(c.var.db, c.var.rt.vendorId))[kind];

configRoutes.get(`${BASE}/mfa-policy`, requireAuth, READ_POLICY, async (c) => c.json(await withRememberDevice(c, await accountPolicy(c, 'mfa'))));
configRoutes.get(`${BASE}/mfa-policy/vendor`, requireAuth, READ_POLICY, async (c) => c.json(await withRememberDevice(c, await vendorPolicy(c, 'mfa'))));
configRoutes.get(`${BASE}/lockout-policy`, requireAuth, READ_POLICY, async (c) => c.json(await accountPolicy(c, 'lockout')));
configRoutes.get(`${BASE}/lockout-policy/vendor`, requireAuth, READ_POLICY, async (c) => c.json(await vendorPolicy(c, 'lockout')));
configRoutes.get(`${BASE}/password-history-policy`, requireAuth, READ_POLICY, async (c) => c.json(await accountPolicy(c, 'passwordHistory')));
configRoutes.get(`${BASE}/password-history-policy/vendor`, requireAuth, READ_POLICY, async (c) => c.json(await vendorPolicy(c, 'passwordHistory')));

/**
 * Saves the caller's account's own policy of `kind`: `change` merged over the policy in force (the account's, else
 * the vendor's), with the id and `createdAt` of the account's own when it has one (a new id otherwise) and
 * `updatedAt` now; audited `security.<policy>.updated` (WARNING) with `before` and `after`.
 * @returns the saved policy
 * @throws HttpError 404 when the caller's account does not exist
 */
async function saveAccountPolicy<K extends PolicyKind>(c: Ctx, kind: K, change: Partial<PolicyOf<K>>): Promise<PolicyOf<K>> {
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  const [t] = await db.select({ id: tenants.id, settings: tenants.settings }).from(tenants).where(eq(tenants.tenantId, tenantId));
  if (!t) throw notFound('Tenant not found', 'ER-TENANT-NOT-FOUND');
  const own = t.settings.policies?.[kind];
  const before = (own ?? (await accountPolicy(c, kind))) as PolicyOf<K>;
  const now = (await emulatorDate(db)).toISOString();
  const after = {
    ...before,
    ...change,
    id: own?.id ?? `${PATH_OF[kind]}-${tenantId}`,
    createdAt: own?.createdAt ?? now,
    updatedAt: now,
  } as PolicyOf<K>;
  const settings: TenantSettings = { ...t.settings, policies: { ...t.settings.policies, [kind]: after } };
  await db
    .update(tenants)
    .set({ settings, updatedAt: new Date(now) })
    .where(eq(tenants.id, t.id));
  await audit(c, {
    action: `security.${PATH_OF[kind]}.updated`,
    targetId: tenantId,
    severity: 'WARNING',
    description: `Security policy updated (${PATH_OF[kind]})`,
    details: { policy: PATH_OF[kind], before: { ...before }, after: { ...after } },
  });
  return after;
}

const optionalId = z.string().nullish();

const mfaPolicyBody = z.object({
  id: optionalId,
  enforceMFAType: z.enum(['DontForce', 'Force', 'ForceExceptSAML'], { message: 'enforceMFAType must be DontForce, Force or ForceExceptSAML' }),
  allowRememberMyDevice: z.boolean({ message: 'allowRememberMyDevice must be true or false' }).optional(),
  mfaDeviceExpiration: z
    .number({ message: 'mfaDeviceExpiration must be a number of seconds' })
    .int('mfaDeviceExpiration must be a whole number of seconds')
    .min(86_400, 'mfaDeviceExpiration must be at least 1 day')
    .max(365 * 86_400, 'mfaDeviceExpiration must be at most 365 days')
    .optional(),
});
/** saveMfaPolicy (AB-3.24, AB-7.29): `{ id?, enforceMFAType, allowRememberMyDevice?, mfaDeviceExpiration? (seconds) }`. */
const saveMfaPolicy = async (c: Ctx) => {
  const body = await parseBody(c, mfaPolicyBody);
  const saved: MfaPolicy = await saveAccountPolicy(c, 'mfa', { enforceMFAType: body.enforceMFAType });
  await applyRememberPolicy(c, body);
  return c.json(await withRememberDevice(c, saved));
};

const lockoutBody = z.object({
  id: optionalId,
  enabled: z.boolean({ message: 'enabled must be true or false' }),
  maxAttempts: z
    .number({ message: 'maxAttempts must be a number' })
    .int('maxAttempts must be a whole number')
    .min(1, 'maxAttempts must be between 1 and 100')
    .max(100, 'maxAttempts must be between 1 and 100'),
});
/** saveLockoutPolicy (AB-3.25, AB-7.29): `{ id?, enabled, maxAttempts (1–100) }`. */
const saveLockoutPolicy = async (c: Ctx) => {
  const { enabled, maxAttempts } = await parseBody(c, lockoutBody);
  const saved: LockoutPolicy = await saveAccountPolicy(c, 'lockout', { enabled, maxAttempts });
  return c.json(saved);
};

const passwordHistoryBody = z.object({
  id: optionalId,
  enabled: z.boolean({ message: 'enabled must be true or false' }),
  historySize: z
    .number({ message: 'historySize must be a number' })
    .int('historySize must be a whole number')
    .min(1, 'historySize must be between 1 and 10')
    .max(10, 'historySize must be between 1 and 10'),
});
/** savePasswordHistoryPolicy (AB-3.26, AB-7.29): `{ id?, enabled, historySize (1–10) }`. */
const savePasswordHistoryPolicy = async (c: Ctx) => {
  const { enabled, historySize } = await parseBody(c, passwordHistoryBody);
  const saved: PasswordHistoryPolicy = await saveAccountPolicy(c, 'passwordHistory', { enabled, historySize });
  return c.json(saved);
};

for (const method of ['post', 'patch'] as const) {
  configRoutes[method](`${BASE}/mfa-policy`, requireAuth, WRITE_POLICY, saveMfaPolicy);
  configRoutes[method](`${BASE}/lockout-policy`, requireAuth, WRITE_POLICY, saveLockoutPolicy);
  configRoutes[method](`${BASE}/password-history-policy`, requireAuth, WRITE_POLICY, savePasswordHistoryPolicy);
}
