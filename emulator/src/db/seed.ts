/**
 * The seeded state: one vendor, the tenant "Acme" and its admin user, the
 * vendor configuration and policies. IDs are fixed so that restarts and
 * resets print (and tests see) the same values.
 */
import type { Db } from './client.ts';
import { hashPassword } from '../crypto/passwords.ts';
import {
  applicationTenants,
  applicationUsers,
  applications,
  metadata,
  permissions,
  rolePermissions,
  roles,
  tenants,
  userTenantRoles,
  userTenants,
  users,
  vendors,
  type AuthStrategiesConfig,
  type LockoutPolicy,
  type MfaPolicy,
  type PasswordConfig,
  type PublicVendorConfig,
  type TokenSettings,
} from './schema.ts';
import { emulatorDate } from '../clock.ts';
import { fePermissionText } from './fe-permissions.ts';
import { SECTION_ACCESS, SECTION_IDS, type SectionId } from '../../../src/admin/shell/ids.ts';

export const SEED = {
  vendorId: '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e01',
  clientId: 'demo-client',
  /** The vendor's OAuth client secret (POST /frontegg/oauth/token, routes/oauth.ts); a demo value, not a secret. */
  clientSecret: 'demo-secret',
  vendorName: 'fe-elements demo',
  tenantId: '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e02',
  tenantRowId: '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e03',
  tenantName: 'Acme',
  adminUserId: '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e04',
  adminEmail: 'admin@acme.test',
  adminPassword: 'Admin-Passw0rd!',
  adminName: 'Acme Admin',
  adminRoleId: '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e10',
  readOnlyRoleId: '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e11',
} as const;

const READ_PERMISSIONS = [
  'fe.secure.read.users',
  'fe.secure.read.roles',
  'fe.secure.read.groups',
  'fe.secure.read.userApiTokens',
  'fe.secure.read.tenantApiTokens',
  'fe.secure.read.accountSettings',
  'fe.secure.read.securityPolicy',
  'fe.secure.read.samlConfiguration',
  'fe.secure.read.provisioningConfiguration',
  'fe.secure.read.audits',
  'fe.secure.read.sessions',
  'fe.connectivity.read.webhooks',
  'fe.connectivity.read.webhookLogs',
  'fe.usage.read',
  'fe.subscriptions.read',
  'fe.account-hierarchy.read.subAccount',
];
const WRITE_PERMISSIONS = [
  'fe.secure.write.users',
  'fe.secure.delete.users',
  'fe.secure.write.roles',
  'fe.secure.write.groups',
  'fe.secure.write.userApiTokens',
  'fe.secure.write.tenantApiTokens',
  'fe.secure.write.accountSettings',
  'fe.secure.write.securityPolicy',
  'fe.secure.write.samlConfiguration',
  'fe.secure.write.provisioningConfiguration',
  'fe.secure.delete.sessions',
  'fe.connectivity.write.webhooks',
  'fe.connectivity.delete.webhooks',
  'fe.subscriptions.write',
  'fe.account-hierarchy.write.subAccount',
];

export const DEFAULT_PASSWORD_CONFIG: PasswordConfig = {
  allowPassphrases: true,
  maxLength: 128,
  minLength: 8,
  minPhraseLength: 20,
  minOptionalTestsToPass: 2,
  requiredTests: { checkThreeRepeatedChars: true },
  optionalTests: { requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSpecialChars: true },
};

export const DEFAULT_PUBLIC_CONFIG: PublicVendorConfig = {
  allowSignups: true,
  allowNotVerifiedUsersLogin: false,
  apiTokensEnabled: true,
  forcePermissions: false,
  authStrategy: 'EmailAndPassword',
  machineToMachineAuthStrategy: 'ClientCredentials',
  // requireActivation (default false) is left out so the answer keeps the contract's shape until a test sets it
};

export const DEFAULT_AUTH_STRATEGIES: AuthStrategiesConfig = {
  mainAuthStrategies: [{ strategy: 'EmailAndPassword' }],
  secondaryAuthStrategies: [
    { strategy: 'WebAuthnPlatform', isActive: false },
    { strategy: 'WebAuthnCrossPlatform', isActive: false },
    { strategy: 'SmsCode', isActive: false },
    { strategy: 'SmsCodeV2', isActive: false },
    { strategy: 'Passkeys', isActive: false },
  ],
};

export const DEFAULT_TOKEN_SETTINGS: TokenSettings = { accessTokenExpiresIn: 300, refreshTokenExpiresIn: 30 * 24 * 3600 };

/**
 * The admin portal's sections that Frontegg's navigation hides until a vendor turns them on (SI-2.31). The seeded
 * vendor turns each on (`byPermissions`), so the demo's admin sees every section that is built — and each new one as
 * it lands; a host hides one again with `options.adminPortal.<section>.visibility: 'hidden'`. Read from the portal's
 * access table (src/admin/shell/ids.ts, data only), so the two cannot disagree.
 */
export const SECTIONS_HIDDEN_BY_DEFAULT: readonly SectionId[] = SECTION_IDS.filter((id) => !SECTION_ACCESS[id].defaultVisible);

/** The seeded admin-box metadata: the vendor's theme, no localizations, every section on by permissions. */
export const DEFAULT_ADMIN_BOX = {
  theme: { palette: { primary: { main: '#4c5ee6' } } },
  localizations: {},
  navigation: Object.fromEntries(SECTIONS_HIDDEN_BY_DEFAULT.map((id) => [id, { visibility: 'byPermissions' }])),
};

/** The admin hash is computed once per process: resets stay fast and the password still goes through scrypt. */
let adminHash: Promise<string> | undefined;

export async function seed(db: Db, opts: { accessTokenExpiresIn?: number } = {}): Promise<void> {
  // the emulator clock: a reset sets it (to `--now`) before the seed is written
  const now = await emulatorDate(db);
  const iso = now.toISOString();
  const mfaPolicy: MfaPolicy = { id: 'mfa-policy', enforceMFAType: 'DontForce', createdAt: iso, updatedAt: iso };
  const lockoutPolicy: LockoutPolicy = { id: 'lockout-policy', enabled: true, maxAttempts: 5, createdAt: iso, updatedAt: iso };
  await db.insert(vendors).values({
    id: SEED.vendorId,
    clientId: SEED.clientId,
    name: SEED.vendorName,
    logo: '',
    icon: '',
    publicConfig: DEFAULT_PUBLIC_CONFIG,
    authStrategies: DEFAULT_AUTH_STRATEGIES,
    passwordConfig: DEFAULT_PASSWORD_CONFIG,
    mfaPolicy,
    lockoutPolicy,
    tokenSettings: { ...DEFAULT_TOKEN_SETTINGS, ...(opts.accessTokenExpiresIn ? { accessTokenExpiresIn: opts.accessTokenExpiresIn } : {}) },
    createdAt: now,
  });

  const permRows = [...READ_PERMISSIONS, ...WRITE_PERMISSIONS].map((key, i) => ({
    id: `perm-${String(i + 1).padStart(3, '0')}`,
    key,
    // written for people, as Frontegg's vendor seeds them ("Read tenant API tokens" / "See the account's API tokens")
    ...fePermissionText(key),
    categoryId: key.split('.')[1] ?? null,
    fePermission: true,
    createdAt: now,
    updatedAt: now,
  }));
  await db.insert(permissions).values(permRows);

  await db.insert(roles).values([
    {
      id: SEED.adminRoleId,
      vendorId: SEED.vendorId,
      tenantId: null,
      key: 'Admin',
      name: 'Admin',
      description: 'Full access',
      isDefault: false,
      level: 0,
      createdAt: now,
      updatedAt: now,
    },
    {
      id: SEED.readOnlyRoleId,
      vendorId: SEED.vendorId,
      tenantId: null,
      key: 'ReadOnly',
      name: 'Read only',
      description: 'Read access',
      isDefault: true,
      level: 1,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await db
    .insert(rolePermissions)
    .values([
      ...permRows.map((p) => ({ roleId: SEED.adminRoleId, permissionId: p.id })),
      ...permRows.filter((p) => READ_PERMISSIONS.includes(p.key)).map((p) => ({ roleId: SEED.readOnlyRoleId, permissionId: p.id })),
    ]);

  await db.insert(tenants).values({
    id: SEED.tenantRowId,
    tenantId: SEED.tenantId,
    vendorId: SEED.vendorId,
    name: SEED.tenantName,
    metadata: null,
    isReseller: false,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(users).values({
    id: SEED.adminUserId,
    vendorId: SEED.vendorId,
    email: SEED.adminEmail,
    name: SEED.adminName,
    passwordHash: await (adminHash ??= hashPassword(SEED.adminPassword)),
    phoneNumber: null,
    profilePictureUrl: null,
    verified: true,
    superUser: false,
    mfaBypass: false,
    metadata: null,
    activeTenantId: SEED.tenantId,
    isLocked: false,
    failedLoginAttempts: 0,
    lastLogin: null,
    createdAt: now,
  });
  await db.insert(userTenants).values({ userId: SEED.adminUserId, tenantId: SEED.tenantId, createdAt: now });
  await db.insert(userTenantRoles).values({ userId: SEED.adminUserId, tenantId: SEED.tenantId, roleId: SEED.adminRoleId });

  await db.insert(metadata).values({
    id: 'metadata-admin-box',
    entityName: 'adminBox',
    configuration: DEFAULT_ADMIN_BOX,
    properties: [],
    createdAt: now,
    updatedAt: now,
  });
  await seedLifecycle(db, now);
  await seedApplications(db, now);
}

/** The applications' permissions (Frontegg's keys; routes/admin/applications.ts): reading for both roles, assigning and removing for Admin. */
const APPLICATION_PERMISSIONS = [
  { id: 'perm-apps-read', key: 'fe.account-settings.read.app', roles: [SEED.adminRoleId, SEED.readOnlyRoleId] },
  { id: 'perm-apps-write', key: 'fe.secure.write.appsUsers', roles: [SEED.adminRoleId] },
  { id: 'perm-apps-delete', key: 'fe.secure.delete.appsUsers', roles: [SEED.adminRoleId] },
];

/** The seeded applications (issue 34 item 5): ids fixed so that tests and demos name them. */
export const SEED_APPS = {
  /** FREE_ACCESS and default: every user has it, and every new member is given it. */
  portal: 'app-customer-portal',
  /** MANAGED_ACCESS, assigned to Acme: its users have it once assigned. */
  analytics: 'app-analytics',
  /** MANAGED_ACCESS, assigned to no account. */
  reports: 'app-reports',
} as const;

/** The vendor's three applications, Acme's assignment of Analytics, the admin's default app, and the applications' permissions. */
async function seedApplications(db: Db, now: Date): Promise<void> {
  await db.insert(permissions).values(
    APPLICATION_PERMISSIONS.map((p) => ({
      id: p.id,
      key: p.key,
      ...fePermissionText(p.key),
      categoryId: p.key.split('.')[1] ?? null,
      fePermission: true,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await db.insert(rolePermissions).values(APPLICATION_PERMISSIONS.flatMap((p) => p.roles.map((roleId) => ({ roleId, permissionId: p.id }))));
  const app = (id: string, name: string, accessType: 'FREE_ACCESS' | 'MANAGED_ACCESS', isDefault: boolean, appUrl: string, description: string) => ({
    id,
    vendorId: SEED.vendorId,
    name,
    accessType,
    isDefault,
    isActive: true,
    appUrl,
    loginUrl: `${appUrl}/login`,
    description,
    createdAt: now,
    updatedAt: now,
  });
  await db
    .insert(applications)
    .values([
      app(SEED_APPS.portal, 'Customer Portal', 'FREE_ACCESS', true, 'https://portal.example.test', 'The customer portal every user has'),
      app(SEED_APPS.analytics, 'Analytics', 'MANAGED_ACCESS', false, 'https://analytics.example.test', 'Dashboards and reports of usage'),
      app(SEED_APPS.reports, 'Reports Studio', 'MANAGED_ACCESS', false, 'https://reports.example.test', 'Scheduled reports'),
    ]);
  await db.insert(applicationTenants).values({ appId: SEED_APPS.analytics, tenantId: SEED.tenantId, accessType: 'MANAGED_ACCESS', createdAt: now });
  await db.insert(applicationUsers).values({ appId: SEED_APPS.portal, tenantId: SEED.tenantId, userId: SEED.adminUserId, createdAt: now });
}

/** Account lifecycle (migration 0004): the Admin role may impersonate. */
async function seedLifecycle(db: Db, now: Date): Promise<void> {
  await db
    .insert(permissions)
    .values({
      id: 'perm-impersonation',
      key: 'fe.secure.write.impersonation',
      ...fePermissionText('fe.secure.write.impersonation'),
      categoryId: 'secure',
      fePermission: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  await db.insert(rolePermissions).values({ roleId: SEED.adminRoleId, permissionId: 'perm-impersonation' }).onConflictDoNothing();
}
