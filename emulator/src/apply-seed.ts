/**
 * Writes a host's seed file (src/seed-file.ts) on top of the base seed, in the caller's transaction. Run at start
 * (after a reset, so every start of `fe-emulator --seed` begins from the same state) and after each
 * `POST /_emulator/reset`.
 *
 * IDs are derived from the file's keys (a user's id from the email, a role's from its key …), so they are the
 * same after every reset and restart: a host test may keep them. Passwords go through the emulator's own scrypt
 * hashing (hashes are cached per password for the process, so resets stay fast).
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import {
  authenticators,
  entitlementFeatures,
  entitlementGrants,
  entitlementPlanFeatures,
  entitlementPlans,
  permissions,
  rolePermissions,
  roles,
  tenants,
  userTenantRoles,
  userTenants,
  users,
  vendors,
} from './db/schema.ts';
import { SEED } from './db/seed.ts';
import { fePermissionText } from './db/fe-permissions.ts';
import { hashPassword, isBreachedPassword } from './crypto/passwords.ts';
import { getVendor } from './session/accounts.ts';
import { storeGivenConfiguration } from './sso/configurations.ts';
import type { SeedFile } from './seed-file.ts';
import { emulatorDate } from './clock.ts';

/** A UUID-shaped id derived from `kind` and `key`: stable across resets and restarts. */
export function seedId(kind: string, key: string): string {
  const h = createHash('sha256').update(`fe-emulator:${kind}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const hashes = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};

/**
 * Applies `seed` to a database that holds the base seed (fresh or just reset). `issuer` is the emulator's
 * public origin (SSO pre-login answers `<issuer>/frontegg/auth/sso/<id>/start`). Throws what the database throws
 * (the caller's transaction then rolls back).
 */
export async function applySeedFile(db: Db, seed: SeedFile, issuer: string): Promise<void> {
  const now = await emulatorDate(db);
  const iso = now.toISOString();

  if (seed.vendor) {
    const v = await getVendor(db, SEED.vendorId);
    const { mfa, lockout, password, tokens, ...publicConfig } = seed.vendor;
    await db
      .update(vendors)
      .set({
        publicConfig: { ...v.publicConfig, ...publicConfig },
        mfaPolicy: mfa ? { ...v.mfaPolicy, enforceMFAType: mfa.enforce, updatedAt: iso } : v.mfaPolicy,
        lockoutPolicy: lockout ? { ...v.lockoutPolicy, ...lockout, updatedAt: iso } : v.lockoutPolicy,
        passwordConfig: { ...v.passwordConfig, ...password },
        tokenSettings: { ...v.tokenSettings, ...tokens },
      })
      .where(eq(vendors.id, v.id));
  }

  // roles (vendor-wide, like Admin and ReadOnly) and the permissions they name
  const wantedPermissions = [...new Set(seed.roles.flatMap((r) => r.permissions))];
  if (wantedPermissions.length) {
    await db
      .insert(permissions)
      .values(
        wantedPermissions.map((key) => ({
          id: seedId('permission', key),
          key,
          // Frontegg's own keys read as words (as the default seed names them); the vendor's own keep their key
          ...(key.startsWith('fe.') ? fePermissionText(key) : { name: key, description: '' }),
          categoryId: key.split('.')[0] ?? null,
          fePermission: key.startsWith('fe.'),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing({ target: permissions.key });
  }
  const permissionIds = new Map(
    (wantedPermissions.length ? await db.select({ id: permissions.id, key: permissions.key }).from(permissions).where(inArray(permissions.key, wantedPermissions)) : []).map(
      (p) => [p.key, p.id],
    ),
  );
  if (seed.roles.some((r) => r.isDefault)) await db.update(roles).set({ isDefault: false });
  for (const [i, role] of seed.roles.entries()) {
    const id = seedId('role', role.key);
    await db.insert(roles).values({
      id,
      vendorId: SEED.vendorId,
      tenantId: null,
      key: role.key,
      name: role.name ?? role.key,
      description: role.description,
      isDefault: role.isDefault,
      level: 2 + i,
      createdAt: now,
      updatedAt: now,
    });
    if (role.permissions.length) await db.insert(rolePermissions).values(role.permissions.map((key) => ({ roleId: id, permissionId: permissionIds.get(key)! })));
  }
  const roleIds = new Map((await db.select({ id: roles.id, key: roles.key }).from(roles)).map((r) => [r.key, r.id]));

  if (seed.tenants.length) {
    await db.insert(tenants).values(
      seed.tenants.map((t) => ({
        id: seedId('tenant-row', t.id),
        tenantId: t.id,
        vendorId: SEED.vendorId,
        name: t.name,
        metadata: null,
        isReseller: false,
        parentTenantId: t.parent ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }

  for (const u of seed.users) {
    const id = seedId('user', u.email);
    await db.insert(users).values({
      id,
      vendorId: SEED.vendorId,
      email: u.email,
      name: u.name ?? u.email.split('@')[0],
      passwordHash: u.password === undefined ? null : await cachedHash(u.password),
      isBreachedPassword: u.password !== undefined && isBreachedPassword(u.password),
      phoneNumber: u.phoneNumber ?? null,
      profilePictureUrl: null,
      verified: u.verified,
      superUser: u.superUser,
      mfaBypass: u.mfaBypass,
      metadata: null,
      activeTenantId: u.tenants[0],
      isLocked: u.locked,
      failedLoginAttempts: 0,
      lastLogin: null,
      createdAt: now,
    });
    await db.insert(userTenants).values(u.tenants.map((tenantId) => ({ userId: id, tenantId, createdAt: now })));
    const memberships = u.tenants.flatMap((tenantId) => u.roles.map((key) => ({ userId: id, tenantId, roleId: roleIds.get(key)! })));
    if (memberships.length) await db.insert(userTenantRoles).values(memberships);
    if (u.totpSecret) await db.insert(authenticators).values({ id: seedId('authenticator', u.email), userId: id, secret: u.totpSecret, lastUsedStep: null, createdAt: now });
  }

  // entitlements: features, plans (their features created when not listed), plan grants to tenants
  const featureKeys = new Set(seed.features.map((f) => f.key));
  const implied = [...new Set(seed.plans.flatMap((p) => p.features))].filter((k) => !featureKeys.has(k)).map((key) => ({ key, description: '', linkedPermissions: [] }));
  const allFeatures = [...seed.features, ...implied];
  // a key the billing seed has already (its plans' features, src/billing/seed.ts) takes the file's definition
  for (const f of allFeatures) {
    const row = { name: ('name' in f && f.name) || f.key, description: f.description, linkedPermissions: f.linkedPermissions, featureFlag: null, updatedAt: now };
    await db
      .insert(entitlementFeatures)
      .values({ key: f.key, ...row, createdAt: now })
      .onConflictDoUpdate({ target: entitlementFeatures.key, set: row });
  }
  for (const p of seed.plans) {
    await db.insert(entitlementPlans).values({
      id: p.id,
      name: p.name ?? p.id,
      description: p.description,
      defaultTreatment: p.defaultTreatment,
      rules: [],
      createdAt: now,
      updatedAt: now,
    });
    const keys = [...new Set(p.features)];
    if (keys.length) await db.insert(entitlementPlanFeatures).values(keys.map((featureKey) => ({ planId: p.id, featureKey })));
    if (p.tenants.length) {
      await db
        .insert(entitlementGrants)
        .values(p.tenants.map((tenantId) => ({ id: randomUUID(), tenantId, userId: null, planId: p.id, featureKey: null, expiresAt: null, createdAt: now })));
    }
  }

  // SSO connections, stored as POST /_emulator/sso-configurations stores them (with the endpoints given, not discovered)
  for (const s of seed.sso) {
    await storeGivenConfiguration(
      db,
      issuer,
      {
        id: seedId('sso', s.domains[0]),
        tenantId: s.tenant,
        type: s.type,
        enabled: s.enabled,
        domains: s.domains,
        roleIds: s.roles.map((key) => roleIds.get(key)!),
        callbackUrl: s.callbackUrl ?? null,
        idp: {
          oidcIssuer: s.oidc?.issuer ?? null,
          oidcClientId: s.oidc?.clientId ?? null,
          oidcClientSecret: s.oidc?.clientSecret ?? null,
          oidcAuthorizationUrl: s.oidc?.authorizationUrl ?? null,
          oidcTokenUrl: s.oidc?.tokenUrl ?? null,
          oidcJwksUri: s.oidc?.jwksUri ?? null,
          samlIdpEntityId: s.saml?.entityId ?? null,
          samlSsoEndpoint: s.saml?.ssoUrl ?? null,
          samlCertificate: s.saml?.certificate ?? null,
        },
      },
      (domain) => seedId('sso-domain', domain),
    );
  }
}
