/**
 * The database schema, declared once: every table, column, default, key, check and index. The SQL that makes a
 * database so is generated from this file by drizzle-kit (`npm run db:generate -w emulator` writes `emulator/drizzle/`;
 * commit what it writes); `migrations.ts` runs it. Column order, defaults and constraint names here match what the
 * legacy hand-written migrations made (so existing databases need no rewrite): keep naming constraints and indexes
 * explicitly, as Postgres would (`<table>_<column>_fkey`, `<table>_<column>_key`, `<table>_pkey`), and add new
 * columns at the end of their table. `test/schema.test.ts` fails when this file and the generated SQL disagree.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type PgColumn,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * `column references <target> on delete cascade`, with the name Postgres gives such a constraint (`<table>_<column>_fkey`):
 * databases made by the legacy SQL (migrations.ts) have those names, and a later generated migration drops or alters a
 * constraint by its name. Name every constraint and index so, never by drizzle-kit's default names.
 */
const cascade = (name: string, column: PgColumn, target: () => PgColumn) => foreignKey({ name, columns: [column], foreignColumns: [target()] }).onDelete('cascade');

export interface PublicVendorConfig {
  allowSignups: boolean;
  allowNotVerifiedUsersLogin: boolean;
  apiTokensEnabled: boolean;
  forcePermissions: boolean;
  authStrategy: string;
  machineToMachineAuthStrategy: 'ClientCredentials' | 'AccessToken';
  /** Sign-ups create un-activated users who get an activation email (default false). */
  requireActivation?: boolean;
}

/** The secondary auth strategies (sign-in §3; SI-3.26): the sign-in ways offered beside the main one. */
export const SECONDARY_AUTH_STRATEGIES = ['WebAuthnPlatform', 'WebAuthnCrossPlatform', 'SmsCode', 'SmsCodeV2', 'Passkeys'] as const;
/** One secondary auth strategy. */
export type SecondaryAuthStrategy = (typeof SECONDARY_AUTH_STRATEGIES)[number];

export interface AuthStrategiesConfig {
  mainAuthStrategies: { strategy: string }[];
  secondaryAuthStrategies: { strategy: SecondaryAuthStrategy; isActive: boolean }[];
}

/** The password configuration (TestCfg in api-contract.md §5). */
export interface PasswordConfig {
  allowPassphrases: boolean;
  maxLength: number;
  minLength: number;
  minPhraseLength: number;
  minOptionalTestsToPass: number;
  requiredTests: { checkThreeRepeatedChars: boolean };
  optionalTests: { requireLowercase: boolean; requireUppercase: boolean; requireNumbers: boolean; requireSpecialChars: boolean };
}

export type EnforceMfaType = 'DontForce' | 'Force' | 'ForceExceptSAML';

export interface MfaPolicy {
  id: string;
  enforceMFAType: EnforceMfaType;
  createdAt: string;
  updatedAt: string;
}
export interface LockoutPolicy {
  id: string;
  enabled: boolean;
  maxAttempts: number;
  createdAt: string;
  updatedAt: string;
}
/** The password-history policy (api-contract §P): a new password may not be one of the last `historySize` (1–10). */
export interface PasswordHistoryPolicy {
  id: string;
  enabled: boolean;
  historySize: number;
  createdAt: string;
  updatedAt: string;
}
export interface TokenSettings {
  accessTokenExpiresIn: number;
  refreshTokenExpiresIn: number;
}

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const vendors = pgTable('vendors', {
  id: text('id').primaryKey(),
  clientId: text('client_id').notNull().unique('vendors_client_id_key'),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  icon: text('icon').notNull().default(''),
  publicConfig: jsonb('public_config').$type<PublicVendorConfig>().notNull(),
  authStrategies: jsonb('auth_strategies').$type<AuthStrategiesConfig>().notNull(),
  passwordConfig: jsonb('password_config').$type<PasswordConfig>().notNull(),
  mfaPolicy: jsonb('mfa_policy').$type<MfaPolicy>().notNull(),
  lockoutPolicy: jsonb('lockout_policy').$type<LockoutPolicy>().notNull(),
  tokenSettings: jsonb('token_settings').$type<TokenSettings>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const tenants = pgTable(
  'tenants',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().unique('tenants_tenant_id_key'),
    vendorId: text('vendor_id').notNull(),
    name: text('name').notNull(),
    metadata: text('metadata'),
    isReseller: boolean('is_reseller').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    isLocked: boolean('is_locked').notNull().default(false),
    /** Account settings (api-contract O): address, timezone, dateFormat, timeFormat, currency, logo, applicationUrl, loginUrl, website. */
    settings: jsonb('settings').$type<TenantSettings>().notNull().default({}),
    /** The parent account's `tenantId` (the tenant hierarchy, api-contract N); null = a top-level account. */
    parentTenantId: text('parent_tenant_id'),
    /**
     * Whether this account's users may enter its sub-accounts (updateSubTenantHierarchySettings, api-contract N):
     * `defaultOff` / `defaultOn` = each user's switch (`user_tenants.sub_account_access_allowed`), off / on until set;
     * `alwaysOn` = every user of the account (src/sub-account-access.ts).
     */
    subAccountAccessType: text('sub_account_access_type').$type<SubAccountAccessType>().notNull().default('defaultOff'),
  },
  (t) => [
    cascade('tenants_vendor_id_fkey', t.vendorId, () => vendors.id),
    index('tenants_parent_tenant_id_idx').on(t.parentTenantId),
    check('tenants_sub_account_access_type_check', sql`${t.subAccountAccessType} in ('defaultOff', 'defaultOn', 'alwaysOn')`),
    // the accounts' name search (hierarchy v2 `_filter`, issue 34 item 6): trigrams of the name serve `ILIKE '%…%'`;
    // needs the pg_trgm extension (migration 0007_pg_trgm; PGlite loads it from its contrib, src/db/client.ts)
    index('tenants_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** The sub-account access types of an account (api-contract N hierarchy-settings; AB-3.11). */
export const SUB_ACCOUNT_ACCESS_TYPES = ['defaultOff', 'defaultOn', 'alwaysOn'] as const;
/** One sub-account access type. */
export type SubAccountAccessType = (typeof SUB_ACCOUNT_ACCESS_TYPES)[number];

/** A tenant's account settings (api-contract O; admin spec §3 "Account settings"). */
export interface TenantSettings {
  address?: string;
  timezone?: string;
  dateFormat?: string;
  timeFormat?: string;
  currency?: string;
  logo?: string;
  applicationUrl?: string;
  loginUrl?: string;
  website?: string;
  /** The account's own security policies, over the vendor's (routes/config.ts): absent = the vendor's policy applies. */
  policies?: { mfa?: MfaPolicy; lockout?: LockoutPolicy; passwordHistory?: PasswordHistoryPolicy };
  /** The IP restriction config (AB-3.16): off until activated; ALLOW = only listed addresses, BLOCK = all but listed. */
  ipRestrictionConfig?: { isActive: boolean; strategy: 'ALLOW' | 'BLOCK' };
  /** The email-domain restriction config (AB-3.18). */
  domainRestrictionConfig?: { active: boolean; listType: 'ALLOW' | 'BLOCK'; blockPublicDomains: boolean };
}

/** A session's forced re-login and idle timeout (policies.ts `SessionConfigurations`, its two timeouts), seconds. */
export interface SessionPolicyStamp {
  sessionTimeoutConfiguration: { isActive: boolean; timeout: number };
  sessionIdleTimeoutConfiguration: { isActive: boolean; timeout: number };
}

/** Profile fields beside the columns (admin spec §3 "Profile fields"): address, jobTitle, and what else the profile update sends. */
export interface UserProfileFields {
  address?: string;
  jobTitle?: string;
  title?: string;
  country?: string;
  dateOfBirth?: string;
}

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    vendorId: text('vendor_id').notNull(),
    email: text('email').notNull().unique('users_email_key'),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    phoneNumber: text('phone_number'),
    profilePictureUrl: text('profile_picture_url'),
    verified: boolean('verified').notNull().default(false),
    superUser: boolean('super_user').notNull().default(false),
    mfaBypass: boolean('mfa_bypass').notNull().default(false),
    metadata: text('metadata'),
    activeTenantId: text('active_tenant_id').notNull(),
    isLocked: boolean('is_locked').notNull().default(false),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lastLogin: ts('last_login'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Profile fields without a column of their own. */
    profile: jsonb('profile').$type<UserProfileFields>().notNull().default({}),
    /** The last password set or used was found in a breach list (security center, users preset breached-passwords). */
    isBreachedPassword: boolean('is_breached_password').notNull().default(false),
  },
  (t) => [
    cascade('users_vendor_id_fkey', t.vendorId, () => vendors.id),
    foreignKey({ name: 'users_active_tenant_id_fkey', columns: [t.activeTenantId], foreignColumns: [tenants.tenantId] }),
    check('users_email_lower', sql`email = lower(email)`),
    // the admin users list (routes/admin/users.ts): newest first or by name
    index('users_created_at_idx').on(t.createdAt),
    index('users_lower_name_idx').on(sql`lower(name)`),
  ],
);

export const userTenants = pgTable(
  'user_tenants',
  {
    userId: text('user_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** false while an invitation to this tenant is pending (activatedForTenant). */
    activated: boolean('activated').notNull().default(true),
    /** Disabled in this tenant by an admin (POST tenants/users/v1/{id}/disable): cannot sign in to it. */
    disabled: boolean('disabled').notNull().default(false),
    /** A temporary user's expiry in this tenant (api-contract H); null = permanent. */
    temporaryExpiresAt: ts('temporary_expires_at'),
    /**
     * The user's sub-account access switch in this tenant (updateSubAccountAccess, api-contract N; AB-6.10): may the
     * user enter this tenant's sub-accounts. null = the tenant's default (`sub_account_access_type` defaultOn = on);
     * ignored when the tenant's type is alwaysOn (src/sub-account-access.ts).
     */
    subAccountAccessAllowed: boolean('sub_account_access_allowed'),
  },
  (t) => [
    primaryKey({ name: 'user_tenants_pkey', columns: [t.userId, t.tenantId] }),
    cascade('user_tenants_user_id_fkey', t.userId, () => users.id),
    cascade('user_tenants_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    index('user_tenants_tenant_id_idx').on(t.tenantId),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: text('id').primaryKey(),
    vendorId: text('vendor_id').notNull(),
    tenantId: text('tenant_id'),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    level: integer('level').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [cascade('roles_vendor_id_fkey', t.vendorId, () => vendors.id), cascade('roles_tenant_id_fkey', t.tenantId, () => tenants.tenantId)],
);

export const permissions = pgTable('permissions', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique('permissions_key_key'),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  categoryId: text('category_id'),
  fePermission: boolean('fe_permission').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** NEVER, ALWAYS or ASSIGNABLE (admin spec §3): whether admins may attach it to roles. */
  assignmentType: text('assignment_type').$type<'NEVER' | 'ALWAYS' | 'ASSIGNABLE'>().notNull().default('ASSIGNABLE'),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: text('role_id').notNull(),
    permissionId: text('permission_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'role_permissions_pkey', columns: [t.roleId, t.permissionId] }),
    cascade('role_permissions_role_id_fkey', t.roleId, () => roles.id),
    cascade('role_permissions_permission_id_fkey', t.permissionId, () => permissions.id),
  ],
);

export const userTenantRoles = pgTable(
  'user_tenant_roles',
  {
    userId: text('user_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    roleId: text('role_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_tenant_roles_pkey', columns: [t.userId, t.tenantId, t.roleId] }),
    cascade('user_tenant_roles_user_id_fkey', t.userId, () => users.id),
    cascade('user_tenant_roles_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    cascade('user_tenant_roles_role_id_fkey', t.roleId, () => roles.id),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_key'),
    familyId: text('family_id').notNull(),
    userId: text('user_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    amr: jsonb('amr').$type<string[]>().notNull(),
    acr: text('acr'),
    authTime: integer('auth_time').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    replacedBy: text('replaced_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The client that signed in (a session's IP and user agent, api-contract S). */
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * The account's forced re-login and idle timeout in force when the session signed in (or moved into this
     * account), copied to every later token of the session: a policy change applies from the next sign-in (issue
     * 31 item 1). Null on rows written before: the account's policy now.
     */
    sessionPolicy: jsonb('session_policy').$type<SessionPolicyStamp>(),
  },
  (t) => [cascade('refresh_tokens_user_id_fkey', t.userId, () => users.id), index('refresh_tokens_family').on(t.familyId)],
);

export const mfaTokens = pgTable(
  'mfa_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    pendingSecret: text('pending_secret'),
    isBreachedPassword: boolean('is_breached_password').notNull().default(false),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('mfa_tokens_user_id_fkey', t.userId, () => users.id)],
);

export const authenticators = pgTable(
  'authenticators',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    secret: text('secret').notNull(),
    lastUsedStep: integer('last_used_step'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('authenticators_user_id_fkey', t.userId, () => users.id), index('authenticators_user_id_idx').on(t.userId)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: text('user_id').primaryKey(),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('recovery_codes_user_id_fkey', t.userId, () => users.id)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('password_reset_tokens_user_id_fkey', t.userId, () => users.id)],
);

export const ssoDomains = pgTable('sso_domains', {
  id: text('id').primaryKey(),
  domain: text('domain').notNull().unique('sso_domains_domain_key'),
  address: text('address').notNull(),
  idpType: text('idp_type').notNull().default('saml'),
  addressType: text('address_type').notNull().default('sso'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  on: boolean('on').notNull(),
});

export const metadata = pgTable('metadata', {
  id: text('id').primaryKey(),
  entityName: text('entity_name').notNull().unique('metadata_entity_name_key'),
  configuration: jsonb('configuration').$type<Record<string, unknown>>().notNull(),
  properties: jsonb('properties').$type<unknown[]>().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const outbox = pgTable(
  'outbox',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull().unique('outbox_id_key'),
    to: text('to').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    code: text('code'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  () => [check('outbox_channel_check', sql`channel in ('email', 'sms')`)],
);

export const schema = {
  signingKeys,
  vendors,
  tenants,
  users,
  userTenants,
  roles,
  permissions,
  rolePermissions,
  userTenantRoles,
  refreshTokens,
  mfaTokens,
  authenticators,
  recoveryCodes,
  passwordResetTokens,
  ssoDomains,
  featureFlags,
  metadata,
  outbox,
};

/** Tables cleared by reset (everything except the signing key and the migration log). */
export const resettableTables = [
  'billing_invoices',
  'billing_setup_intents',
  'billing_subscriptions',
  'billing_payment_methods',
  'billing_tenant_configs',
  'billing_plans',
  'billing_settings',
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_messages',
  'webhook_configurations',
  'channel_subscriptions',
  'channel_configurations',
  'slack_subscriptions',
  'slack_installations',
  'tenant_reports',
  'report_templates',
  'notifications',
  'application_users',
  'application_tenants',
  'applications',
  // new:section resettable-tables (npm run new:section adds a section's table above this line)
  'vendors',
  'tenants',
  'users',
  'user_tenants',
  'roles',
  'permissions',
  'role_permissions',
  'user_tenant_roles',
  'refresh_tokens',
  'mfa_tokens',
  'authenticators',
  'recovery_codes',
  'password_reset_tokens',
  'sso_domains',
  'feature_flags',
  'metadata',
  'outbox',
  'entitlement_features',
  'entitlement_plans',
  'entitlement_plan_features',
  'entitlement_grants',
  'step_up_tokens',
  'emulator_clock',
  'lifecycle_tokens',
  'tenant_invite_links',
  'impersonation_sessions',
  'audits',
  'lifecycle_settings',
  'pending_authenticators',
  'passkeys',
  'passkey_challenges',
  'passwordless_tokens',
  'social_providers',
  'sso_configurations',
  'sso_states',
  'saml_assertion_ids',
  'mfa_phones',
  'mfa_emails',
  'mfa_webauthn',
  'mfa_codes',
  'mfa_webauthn_challenges',
  'mfa_remembered_devices',
  'mfa_settings',
  'permission_categories',
  'user_groups',
  'user_group_roles',
  'user_group_members',
  'group_configurations',
  'api_tokens',
  'email_change_codes',
  'profile_images',
  'vendor_policies',
  'password_history',
  'ip_restrictions',
  'email_domain_restrictions',
  'sso_config_domains',
  'sso_config_settings',
  'sso_group_mappings',
  'user_sources',
  'scim_connections',
  'scim_resources',
  'scim_request_log',
  'user_phone_numbers',
] as const;

// ---------------------------------------------------------------- entitlements, step-up, clock (migration 0003_entitlements)

/** A treatment on the wire is the string 'true' or 'false' (api-contract.md §F). */
export type Treatment = 'true' | 'false';

/** A targeting-rule condition. `value` is one of `{ list }`, `{ string }`, `{ number }`, `{ start, end }`, `{ date }`, `{ boolean }`; stored as given. */
export interface EntitlementCondition {
  attribute: string;
  attributeType?: string;
  op: string;
  value: Record<string, unknown>;
  negate: boolean;
}

export interface EntitlementRule {
  description: string;
  conditionLogic: 'and';
  conditions: EntitlementCondition[];
  treatment: Treatment;
}

export interface FeatureFlagConfig {
  on: boolean;
  offTreatment: Treatment;
  defaultTreatment: Treatment;
  rules: EntitlementRule[];
}

export const entitlementFeatures = pgTable('entitlement_features', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  linkedPermissions: jsonb('linked_permissions').$type<string[]>().notNull().default([]),
  featureFlag: jsonb('feature_flag').$type<FeatureFlagConfig | null>(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const entitlementPlans = pgTable(
  'entitlement_plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    defaultTreatment: text('default_treatment').$type<Treatment>().notNull().default('false'),
    rules: jsonb('rules').$type<EntitlementRule[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  () => [check('entitlement_plans_default_treatment_check', sql`default_treatment in ('true', 'false')`)],
);

export const entitlementPlanFeatures = pgTable(
  'entitlement_plan_features',
  {
    planId: text('plan_id').notNull(),
    featureKey: text('feature_key').notNull(),
  },
  (t) => [
    primaryKey({ name: 'entitlement_plan_features_pkey', columns: [t.planId, t.featureKey] }),
    cascade('entitlement_plan_features_plan_id_fkey', t.planId, () => entitlementPlans.id),
    cascade('entitlement_plan_features_feature_key_fkey', t.featureKey, () => entitlementFeatures.key),
  ],
);

/** A plan or a feature granted to a tenant or a user; `expiresAt` null = never expires. */
export const entitlementGrants = pgTable(
  'entitlement_grants',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id'),
    userId: text('user_id'),
    planId: text('plan_id'),
    featureKey: text('feature_key'),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    cascade('entitlement_grants_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    cascade('entitlement_grants_user_id_fkey', t.userId, () => users.id),
    cascade('entitlement_grants_plan_id_fkey', t.planId, () => entitlementPlans.id),
    cascade('entitlement_grants_feature_key_fkey', t.featureKey, () => entitlementFeatures.key),
    check('entitlement_grants_one_subject', sql`(tenant_id is null) <> (user_id is null)`),
    check('entitlement_grants_one_object', sql`(plan_id is null) <> (feature_key is null)`),
    uniqueIndex('entitlement_grants_unique').on(sql`coalesce(tenant_id, '')`, sql`coalesce(user_id, '')`, sql`coalesce(plan_id, '')`, sql`coalesce(feature_key, '')`),
  ],
);

/** Marks an mfaToken as a step-up of an existing session (family), whose amr it extends. */
export const stepUpTokens = pgTable(
  'step_up_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: text('family_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    amr: jsonb('amr').$type<string[]>().notNull(),
    maxAge: integer('max_age'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('step_up_tokens_token_hash_fkey', t.tokenHash, () => mfaTokens.tokenHash)],
);

/**
 * One row (`id = 'clock'`) when a test set the emulator clock (src/clock.ts); none = real time. Running: real time +
 * `offsetMs`. Frozen: `frozenAt` (ms since the epoch) until moved. (migration 0003, ms and frozen: 0011_clock_frozen)
 */
export const emulatorClock = pgTable('emulator_clock', {
  id: text('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  frozenAt: bigint('frozen_at', { mode: 'number' }),
});

// ---------------------------------------------------------------- account lifecycle (migration 0004_lifecycle)

export type LifecycleTokenKind = 'activation' | 'invitation' | 'unlock' | 'phone_reset' | 'phone_change' | 'sms_login';

/** Single-use tokens of the account lifecycle (activation, invitation, unlock, phone reset, SMS login), stored hashed. */
export const lifecycleTokens = pgTable(
  'lifecycle_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').$type<LifecycleTokenKind>().notNull(),
    userId: text('user_id').notNull(),
    tenantId: text('tenant_id'),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('lifecycle_tokens_kind_check', sql`kind in ('activation', 'invitation', 'unlock', 'phone_reset', 'phone_change', 'sms_login')`),
    cascade('lifecycle_tokens_user_id_fkey', t.userId, () => users.id),
    cascade('lifecycle_tokens_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    index('lifecycle_tokens_user_kind').on(t.userId, t.kind),
    index('lifecycle_tokens_code').on(t.kind, t.codeHash),
  ],
);

/** Tenant invite links (api-contract.md §I): one per (tenant, creating user); admins read the token back, so it is stored as is. */
export const tenantInviteLinks = pgTable(
  'tenant_invite_links',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    token: text('token').notNull().unique('tenant_invite_links_token_key'),
    expiresAt: ts('expires_at').notNull(),
    shouldSendEmail: boolean('should_send_email').notNull().default(false),
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    cascade('tenant_invite_links_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    cascade('tenant_invite_links_user_id_fkey', t.userId, () => users.id),
    unique('tenant_invite_links_tenant_id_user_id_key').on(t.tenantId, t.userId),
  ],
);

/** Refresh-token families that are impersonation sessions; their access tokens carry `act: { sub: actorId }`. */
export const impersonationSessions = pgTable(
  'impersonation_sessions',
  {
    familyId: text('family_id').primaryKey(),
    actorId: text('actor_id').notNull(),
    impersonatedUserId: text('impersonated_user_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('impersonation_sessions_impersonated_user_id_fkey', t.impersonatedUserId, () => users.id)],
);

/**
 * The Postgres extensions the schema needs. drizzle-kit does not model extensions: each is created by a custom
 * migration (pg_trgm: `0007_pg_trgm`, for `audits_search_trgm_idx` and `tenants_name_trgm_idx`), PGlite loads it (src/db/client.ts
 * `PGLITE_EXTENSIONS`), and `test/schema.test.ts` creates them before the schema it builds from this file.
 */
export const SCHEMA_EXTENSIONS = ['pg_trgm'] as const;

/** The id prefix of a SCIM connection acting (an audit row's `actor_id` is `scim:<connection id>`; src/audit.ts). */
export const SCIM_ACTOR_PREFIX = 'scim:';

/** The columns of an audit row that say who acted. */
type AuditActorColumns = { actorEmail: PgColumn; actorId: PgColumn; actorName: PgColumn };

/**
 * Who acted on an audit row, as the log shows it (src/audit-log.ts): the email (lower case), else the id, of a user;
 * "SCIM: <connection name>" for a SCIM connection; "System" for a row without an actor.
 */
export function auditActorLabel(t: AuditActorColumns) {
  return sql<string>`(case when ${t.actorId} like ${sql.raw(`'${SCIM_ACTOR_PREFIX}%'`)} then 'SCIM: ' || coalesce(${t.actorName}, substr(${t.actorId}, ${sql.raw(String(SCIM_ACTOR_PREFIX.length + 1))})) when ${t.actorId} is null and ${t.actorEmail} is null then 'System' else coalesce(lower(${t.actorEmail}), ${t.actorId}) end)`;
}

/**
 * The text the audit log's free-text search reads (src/audit-log.ts): the actor's id and label ({@link
 * auditActorLabel}: email, "SCIM: <name>", "System"), action, description, IP and user agent, one line each, in one
 * expression so that one pg_trgm GIN index (`audits_search_trgm_idx`) serves an `ILIKE '%…%'` over all of them — and,
 * with a second condition, a part of the actor or of the action alone (every such match is a match of this text). A
 * search is trimmed text typed in one field: it never holds a newline, so a match never spans two columns. The
 * queries must write this very expression (the planner matches it by shape).
 */
export function auditSearchText(t: AuditActorColumns & { action: PgColumn; description: PgColumn; ip: PgColumn; userAgent: PgColumn }) {
  return sql`(coalesce(${t.actorId}, '') || E'\\n' || ${auditActorLabel(t)} || E'\\n' || ${t.action} || E'\\n' || ${t.description} || E'\\n' || coalesce(${t.ip}, '') || E'\\n' || coalesce(${t.userAgent}, ''))`;
}

/** The audit log (src/audit.ts writes it, routes/admin/audits.ts reads it). Columns in the order the database has them. */
export const audits = pgTable(
  'audits',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id'),
    actorId: text('actor_id'),
    /** `<subject>[.<part>].<verb-past>` (src/audit.ts). */
    action: text('action').notNull(),
    targetId: text('target_id'),
    /** The JSON payload, without secrets. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** INFO, WARNING or SEVERE (the audit log's severity). */
    severity: text('severity').notNull().default('INFO'),
    /** The actor's email when the row was written. */
    actorEmail: text('actor_email'),
    /** A sentence for the audit log. */
    description: text('description').notNull().default(''),
    /** The name of an actor that is not a user (a SCIM connection's, with `actor_id` `scim:<connection id>`; src/audit.ts). */
    actorName: text('actor_name'),
  },
  (t) => [
    // the tenant's log, newest first (the list's default order, keyset batches of the CSV), and its filters; DESC is
    // nulls first, as `orderBy(desc(…))` sorts (drizzle's .desc() alone would write DESC NULLS LAST, which it cannot use)
    index('audits_tenant_created_at_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audits_tenant_action_created_at_idx').on(t.tenantId, t.action, t.createdAt.desc().nullsFirst()),
    index('audits_tenant_severity_created_at_idx').on(t.tenantId, t.severity, t.createdAt.desc().nullsFirst()),
    index('audits_tenant_actor_created_at_idx').on(t.tenantId, t.actorId, t.createdAt.desc().nullsFirst()),
    // the free-text search (issue 31 item 6): trigrams of auditSearchText; needs the pg_trgm extension (migration
    // 0007_pg_trgm; PGlite loads it from its contrib, src/db/client.ts)
    index('audits_search_trgm_idx').using('gin', sql`${auditSearchText(t)} gin_trgm_ops`),
  ],
);

/** Lifetimes and rate limits of the lifecycle tokens (test-settable; defaults in src/lifecycle.ts). */
export interface LifecycleSettings {
  activationTtlSeconds: number;
  invitationTtlSeconds: number;
  unlockTtlSeconds: number;
  phoneResetTtlSeconds: number;
  smsCodeTtlSeconds: number;
  codeResendIntervalSeconds: number;
  maxCodeAttempts: number;
}

export const lifecycleSettings = pgTable('lifecycle_settings', {
  id: text('id').primaryKey(),
  settings: jsonb('settings').$type<Partial<LifecycleSettings>>().notNull(),
});

/** A signed-in user's authenticator secret waiting for its first code (api-contract U). */
export const pendingAuthenticators = pgTable('pending_authenticators', {
  userId: text('user_id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: ts('created_at').notNull(),
});

// ---------------------------------------------------------------- passkeys (migration 0006_passkeys)

/** A registered passkey (WebAuthn credential); `id` and `publicKey` are base64url. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** `singleDevice` | `multiDevice` (the credential's backup eligibility). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [cascade('passkeys_user_id_fkey', t.userId, () => users.id)],
);

/** A WebAuthn challenge: single use, expires; bound to the RP id and origin it was issued for. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  kind: text('kind').$type<'registration' | 'authentication'>().notNull(),
  userId: text('user_id'),
  rpId: text('rp_id').notNull(),
  origin: text('origin').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

// ---------------------------------------------------------------- federation (migration 0009_federation)

/** A social login provider of the vendor, routed to an OpenID Connect issuer; `id` is the type (built-in) or a uuid (custom). */
export const socialProviders = pgTable('social_providers', {
  id: text('id').primaryKey(),
  /** microsoft | facebook | google | github | slack | apple | linkedin | custom */
  type: text('type').notNull(),
  custom: boolean('custom').notNull().default(false),
  displayName: text('display_name'),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  redirectUrl: text('redirect_url').notNull().default(''),
  issuer: text('issuer').notNull(),
  authorizationUrl: text('authorization_url').notNull(),
  tokenUrl: text('token_url').notNull(),
  jwksUri: text('jwks_uri').notNull(),
  userinfoUrl: text('userinfo_url'),
  scopes: text('scopes').notNull().default('openid email profile'),
  additionalScopes: jsonb('additional_scopes').$type<string[]>().notNull().default([]),
  ssoLogoUrl: text('sso_logo_url'),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** An SSO configuration of a tenant: an OIDC or SAML identity provider for some email domains. */
export const ssoConfigurations = pgTable('sso_configurations', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  type: text('type').$type<'oidc' | 'saml'>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  domains: jsonb('domains').$type<string[]>().notNull().default([]),
  roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
  /** The host page's callback (`…/account/oidc/callback` or `…/account/saml/callback`); default: the requesting page's origin + the default route. */
  callbackUrl: text('callback_url'),
  oidcIssuer: text('oidc_issuer'),
  oidcClientId: text('oidc_client_id'),
  oidcClientSecret: text('oidc_client_secret'),
  oidcAuthorizationUrl: text('oidc_authorization_url'),
  oidcTokenUrl: text('oidc_token_url'),
  oidcJwksUri: text('oidc_jwks_uri'),
  samlIdpEntityId: text('saml_idp_entity_id'),
  samlSsoEndpoint: text('saml_sso_endpoint'),
  /** The IdP's signing certificate (PEM or bare base64 DER). */
  samlCertificate: text('saml_certificate'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** One SSO login in flight (OIDC `state` / SAML `RelayState`, stored hashed): single use, expires. */
export const ssoStates = pgTable('sso_states', {
  stateHash: text('state_hash').primaryKey(),
  kind: text('kind').$type<'oidc' | 'saml'>().notNull(),
  configId: text('config_id').notNull(),
  callbackUrl: text('callback_url').notNull(),
  nonce: text('nonce'),
  codeVerifier: text('code_verifier'),
  /** SAML: the AuthnRequest ID the response must answer (InResponseTo). */
  requestId: text('request_id'),
  /**
   * SAML: the identity the ACS verified, waiting for postlogin. A test sign-in's state (`callbackUrl` =
   * federation/test-sign-in.ts `TEST_CALLBACK`) keeps its result here: the identity with its attributes, or `error`.
   */
  identity: jsonb('identity').$type<{ email: string; name?: string; groups?: string[]; attributes?: Record<string, string[]>; error?: string }>(),
  /** SAML: hash of the one-time code the ACS handed to the browser. */
  codeHash: text('code_hash'),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

/**
 * SAML assertion IDs the SP has accepted (issue 29 item 2): a second use of one is a replay and is refused, even
 * inside a new Response. Keyed by the IdP (entity id) that issued it; kept until `expiresAt` (when the assertion
 * could no longer be accepted: its earliest NotOnOrAfter plus the clock skew, by the emulator clock), then pruned.
 */
export const samlAssertionIds = pgTable(
  'saml_assertion_ids',
  {
    idpEntityId: text('idp_entity_id').notNull(),
    assertionId: text('assertion_id').notNull(),
    /** The SSO configuration whose login it answered. */
    configId: text('config_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ name: 'saml_assertion_ids_pkey', columns: [t.idpEntityId, t.assertionId] }), index('saml_assertion_ids_expires_at_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------- passwordless (migration 0008_passwordless)

/**
 * A passwordless secret: a magic-link token or an email code (sign-in), or the
 * SMS code of a verified phone change (`phone`, with the new number). Only
 * the SHA-256 of the secret is stored; single use, expires, a resend revokes.
 */
export const passwordlessTokens = pgTable(
  'passwordless_tokens',
  {
    id: text('id').primaryKey(),
    type: text('type').$type<'magiclink' | 'code' | 'phone'>().notNull(),
    secretHash: text('secret_hash').notNull(),
    userId: text('user_id').notNull(),
    phoneNumber: text('phone_number'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('passwordless_tokens_type_check', sql`type in ('magiclink', 'code', 'phone')`),
    cascade('passwordless_tokens_user_id_fkey', t.userId, () => users.id),
    index('passwordless_tokens_secret').on(t.type, t.secretHash),
    index('passwordless_tokens_user').on(t.userId, t.type),
  ],
);

// ---------------------------------------------------------------- MFA methods at login (migration 0007_mfa_methods)

/** An SMS MFA device: a verified phone number. */
export const mfaPhones = pgTable(
  'mfa_phones',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    phoneNumber: text('phone_number').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [cascade('mfa_phones_user_id_fkey', t.userId, () => users.id), index('mfa_phones_user_id_idx').on(t.userId)],
);

/** An email MFA device (at most one per user: the user's email, or another address). */
export const mfaEmails = pgTable(
  'mfa_emails',
  {
    userId: text('user_id').primaryKey(),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [cascade('mfa_emails_user_id_fkey', t.userId, () => users.id)],
);

/** A WebAuthn MFA device (security key or platform authenticator); `id` and `publicKey` are base64url. */
export const mfaWebauthn = pgTable(
  'mfa_webauthn',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').$type<'Platform' | 'CrossPlatform'>().notNull(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [cascade('mfa_webauthn_user_id_fkey', t.userId, () => users.id), index('mfa_webauthn_user_id_idx').on(t.userId)],
);

/** A one-time code sent by SMS or email for an mfaToken; the otcToken and the code are stored hashed. */
export const mfaCodes = pgTable(
  'mfa_codes',
  {
    otcHash: text('otc_hash').primaryKey(),
    mfaTokenHash: text('mfa_token_hash').notNull(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    /** The enrolled phone, or null (email; SMS enrolment). */
    deviceId: text('device_id'),
    /** SMS enrolment: the number being enrolled. */
    phoneNumber: text('phone_number'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('mfa_codes_by_token').on(t.mfaTokenHash, t.channel)],
);

/** A WebAuthn MFA challenge (enrol: `deviceId` null; verify: the device), single use, bound to the RP it was issued for. */
export const mfaWebauthnChallenges = pgTable('mfa_webauthn_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  mfaTokenHash: text('mfa_token_hash').notNull(),
  deviceId: text('device_id'),
  challenge: text('challenge').notNull(),
  rpId: text('rp_id').notNull(),
  origin: text('origin').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

/** A browser that may skip MFA for a user until `expiresAt` (the cookie's random token, hashed). */
export const mfaRememberedDevices = pgTable(
  'mfa_remembered_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [cascade('mfa_remembered_devices_user_id_fkey', t.userId, () => users.id)],
);

/** MFA settings (one row): active strategies, remember-device policy, code lifetime and resend interval (src/mfa-devices.ts). */
export const mfaSettings = pgTable('mfa_settings', {
  id: text('id').primaryKey(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
});

/** Permission categories (api-contract J getPermissionCategories). */
export const permissionCategories = pgTable('permission_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  feCategory: boolean('fe_category').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Groups of a tenant (api-contract K). `managedBy` frontegg or scim2 (scim2 groups are read-only in the portal). */
export const userGroups = pgTable(
  'user_groups',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    vendorId: text('vendor_id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull().default(''),
    description: text('description').notNull().default(''),
    metadata: text('metadata'),
    managedBy: text('managed_by').$type<'frontegg' | 'scim2'>().notNull().default('frontegg'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('user_groups_tenant_id_name_key').on(t.tenantId, t.name)],
);

export const userGroupRoles = pgTable(
  'user_group_roles',
  {
    groupId: text('group_id').notNull(),
    roleId: text('role_id').notNull(),
  },
  (t) => [primaryKey({ name: 'user_group_roles_pkey', columns: [t.groupId, t.roleId] }), cascade('user_group_roles_group_id_fkey', t.groupId, () => userGroups.id)],
);

/** A tenant's groups configuration (api-contract K getGroupConfiguration); no row = the defaults (both true). */
export const groupConfigurations = pgTable('group_configurations', {
  tenantId: text('tenant_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  rolesEnabled: boolean('roles_enabled').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: text('group_id').notNull(),
    userId: text('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'user_group_members_pkey', columns: [t.groupId, t.userId] }), cascade('user_group_members_group_id_fkey', t.groupId, () => userGroups.id)],
);

/**
 * API tokens (api-contract L): `owner` user (personal) or tenant; `kind` ClientCredentials (api-tokens routes:
 * clientId + secret) or AccessToken (access-tokens routes: a signed token as the secret). The secret is shown once
 * (only its hash is kept).
 */
export const apiTokens = pgTable('api_tokens', {
  id: text('id').primaryKey(),
  clientId: text('client_id').notNull().unique('api_tokens_client_id_key'),
  secretHash: text('secret_hash').notNull(),
  owner: text('owner').$type<'user' | 'tenant'>().notNull(),
  kind: text('kind').$type<'ClientCredentials' | 'AccessToken'>().notNull(),
  tenantId: text('tenant_id').notNull(),
  userId: text('user_id'),
  createdByUserId: text('created_by_user_id'),
  description: text('description').notNull().default(''),
  metadata: jsonb('metadata').$type<Record<string, unknown> | null>(),
  roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
  expiresAt: ts('expires_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A pending change of the signed-in user's email (api-contract G updateEmail / verifyEmail): the new address and its code (hashed). */
export const emailChangeCodes = pgTable('email_change_codes', {
  userId: text('user_id').primaryKey(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The signed-in user's uploaded profile picture (api-contract G updateProfileImage), served publicly; `data` is base64. */
export const profileImages = pgTable('profile_images', {
  userId: text('user_id').primaryKey(),
  contentType: text('content_type').notNull(),
  data: text('data').notNull(),
  version: text('version').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * The vendor's policies that came after the `vendors` columns (a row only once one is set; absent = the default):
 * the password-history policy. A tenant may override each in `tenants.settings.policies` (routes/config.ts).
 */
export const vendorPolicies = pgTable('vendor_policies', {
  vendorId: text('vendor_id').primaryKey(),
  passwordHistory: jsonb('password_history').$type<PasswordHistoryPolicy>(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The hashes of a user's earlier passwords, newest first by `createdAt` (the password-history policy, admin spec §3). */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('password_history_user_id_fkey', t.userId, () => users.id), index('password_history_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

/** An account's IP restriction (api-contract §Q; AB-3.16): an address or CIDR, IPv4 or IPv6, ALLOW or BLOCK. */
export const ipRestrictions = pgTable(
  'ip_restrictions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    ip: text('ip').notNull(),
    strategy: text('strategy').$type<'ALLOW' | 'BLOCK'>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    cascade('ip_restrictions_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    index('ip_restrictions_tenant_id_strategy_created_at_idx').on(t.tenantId, t.strategy, t.createdAt),
  ],
);

/** An account's email-domain restriction (api-contract §Q; AB-3.18): a domain on the ALLOW or BLOCK list. */
export const emailDomainRestrictions = pgTable(
  'email_domain_restrictions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    domain: text('domain').notNull(),
    type: text('type').$type<'ALLOW' | 'BLOCK'>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    cascade('email_domain_restrictions_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    unique('email_domain_restrictions_tenant_id_domain_type_key').on(t.tenantId, t.domain, t.type),
  ],
);

// ---------------------------------------------------------------- SSO self-configuration, SCIM provisioning (migration 0002_sso_provisioning)

/**
 * A domain claimed by an SSO configuration (api-contract §V createSSODomain; issue 23): proven by a DNS TXT record
 * whose value is `txtRecord`; `validated` once the emulator's resolver found it. Only validated domains route
 * sign-in to the configuration (domains an emulator seed or `/_emulator/sso-configurations` gives stay in
 * `sso_configurations.domains` and count as validated).
 */
export const ssoConfigDomains = pgTable(
  'sso_config_domains',
  {
    id: text('id').primaryKey(),
    configId: text('config_id').notNull(),
    domain: text('domain').notNull(),
    txtRecord: text('txt_record').notNull(),
    validated: boolean('validated').notNull().default(false),
    validatedAt: ts('validated_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('sso_config_domains_config_id_fkey', t.configId, () => ssoConfigurations.id), unique('sso_config_domains_config_id_domain_key').on(t.configId, t.domain)],
);

/**
 * What an SSO configuration has beyond `sso_configurations` (a row once set): SAML `signRequest`, the IdP metadata
 * it was made from (XML and/or URL), the legacy single-SAML `domain` with its verification value, and which
 * configuration is the account's legacy "SAML configuration" (api-contract §V getSamlConfiguration).
 */
export const ssoConfigSettings = pgTable(
  'sso_config_settings',
  {
    configId: text('config_id').primaryKey(),
    signRequest: boolean('sign_request').notNull().default(false),
    metadataXml: text('metadata_xml'),
    metadataUrl: text('metadata_url'),
    /** The legacy SAML configuration's one domain (its `domain`), validated with `generatedVerification`. */
    legacyDomain: text('legacy_domain'),
    legacyVerification: text('legacy_verification'),
    legacyValidated: boolean('legacy_validated').notNull().default(false),
    isLegacySaml: boolean('is_legacy_saml').notNull().default(false),
    /** Free key/values kept with the configuration (Frontegg's `configMetadata`): `vendor` is the IdP the admin chose (okta, azure, …). */
    configMetadata: jsonb('config_metadata').$type<Record<string, string>>(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [cascade('sso_config_settings_config_id_fkey', t.configId, () => ssoConfigurations.id)],
);

/** A group-to-roles mapping of an SSO configuration (api-contract §V getSSOGroups / getSamlRolesGroups; AB-6.08–6.09): an IdP group name → roles. */
export const ssoGroupMappings = pgTable(
  'sso_group_mappings',
  {
    id: text('id').primaryKey(),
    configId: text('config_id').notNull(),
    group: text('group').notNull(),
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('sso_group_mappings_config_id_fkey', t.configId, () => ssoConfigurations.id), unique('sso_group_mappings_config_id_group_key').on(t.configId, t.group)],
);

/**
 * How a user came to an account, when not by this portal or a password sign-up: `provider` saml / oidc (SSO
 * just-in-time provisioning or a link) or scim2 (pushed by a SCIM connection, then `managedBy` scim2 and read-only
 * in the portal). No row = provider local, managed by frontegg.
 */
export const userSources = pgTable(
  'user_sources',
  {
    userId: text('user_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    provider: text('provider').$type<'saml' | 'oidc' | 'scim2'>().notNull(),
    managedBy: text('managed_by').$type<'frontegg' | 'scim2'>().notNull().default('frontegg'),
    /** The SSO configuration or SCIM connection it came through. */
    sourceId: text('source_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_sources_pkey', columns: [t.userId, t.tenantId] }),
    cascade('user_sources_user_id_fkey', t.userId, () => users.id),
    cascade('user_sources_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
  ],
);

/** A SCIM 2.0 provisioning connection of an account (api-contract §W; AB-3.23): its bearer token is stored as a SHA-256 only. */
export const scimConnections = pgTable(
  'scim_connections',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    connectionName: text('connection_name').notNull(),
    source: text('source').$type<'frontegg' | 'okta' | 'azure-ad' | 'other'>().notNull(),
    syncToUserManagement: boolean('sync_to_user_management').notNull().default(true),
    tokenHash: text('token_hash').notNull().unique('scim_connections_token_hash_key'),
    lastSync: ts('last_sync'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('scim_connections_tenant_id_fkey', t.tenantId, () => tenants.tenantId)],
);

/**
 * A user or group a SCIM connection pushed: the local user / group id, the client's `externalId`, and the SCIM
 * representation as last written (what GET answers, with the local fields merged in). A connection sees only its own.
 */
export const scimResources = pgTable(
  'scim_resources',
  {
    connectionId: text('connection_id').notNull(),
    resourceType: text('resource_type').$type<'User' | 'Group'>().notNull(),
    /** The local id: users.id or user_groups.id (also the SCIM `id`). */
    resourceId: text('resource_id').notNull(),
    externalId: text('external_id'),
    /** SCIM `userName` (User) or `displayName` (Group), for `eq` filters. */
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'scim_resources_pkey', columns: [t.connectionId, t.resourceType, t.resourceId] }),
    cascade('scim_resources_connection_id_fkey', t.connectionId, () => scimConnections.id),
    index('scim_resources_connection_id_resource_type_name_idx').on(t.connectionId, t.resourceType, t.name),
  ],
);

/** The last requests a SCIM connection received (kept: the newest 100 per connection), so an admin sees why a push failed. */
export const scimRequestLog = pgTable(
  'scim_request_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: text('connection_id').notNull(),
    method: text('method').notNull(),
    /** The path after the connection, e.g. `/Users/…` or `/Groups?filter=…`. */
    resource: text('resource').notNull(),
    status: integer('status').notNull(),
    /** The SCIM error `detail` when status ≥ 400. */
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('scim_request_log_connection_id_fkey', t.connectionId, () => scimConnections.id), index('scim_request_log_connection_id_id_idx').on(t.connectionId, t.id)],
);

// ---------------------------------------------------------------- the user's own phone numbers (migration 0004_user_phone_numbers)

/**
 * A phone number the user keeps on their account (privacy section; api-contract §T; AB-3.35, AB-7.41–7.42): added
 * unverified, verified with an SMS one-time code. Not an MFA device (those are `mfa_phones`), not the profile's
 * `users.phone_number`.
 */
export const userPhoneNumbers = pgTable(
  'user_phone_numbers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** E.164, like +15551234567. */
    phoneNumber: text('phone_number').notNull(),
    verified: boolean('verified').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [cascade('user_phone_numbers_user_id_fkey', t.userId, () => users.id), uniqueIndex('user_phone_numbers_user_id_phone_number_key').on(t.userId, t.phoneNumber)],
);

/**
 * Billing (issue 32; admin spec §3 "Subscription", "Plan", "Invoice", "Payment method"; api-contract §AB). Money is in
 * integer minor units of its currency (cents; yen for JPY: AB-9.18), never floats.
 */
export interface BillingPlanLimits {
  /** Users in the account (active and invited). */
  seats?: number;
  /** Tenant and personal API tokens of the account. */
  apiTokens?: number;
  /** SSO connections of the account. */
  ssoConnections?: number;
}

/** The vendor's billing settings: one row per vendor (api-contract AB vendor public configurations, Stripe configuration). */
export const billingSettings = pgTable('billing_settings', {
  vendorId: text('vendor_id').primaryKey(),
  allowPlanDowngrade: boolean('allow_plan_downgrade').notNull().default(true),
  allowPlanCancellation: boolean('allow_plan_cancellation').notNull().default(true),
  /** The payment provider: 'stripe' (a Stripe account, or the emulator's test-mode card provider when no publishable key), null = none configured. */
  provider: text('provider'),
  providerName: text('provider_name').notNull().default('Stripe'),
  /** Stripe's publishable key (`pk_test_…`); null = the emulator's own test-mode card provider serves checkout. */
  publishableKey: text('publishable_key'),
  /** Days of trial a new subscription on a paid plan starts with (0 = none). */
  trialDays: integer('trial_days').notNull().default(0),
});

/** A plan the vendor sells (AB-3.44–3.46): in `tier` order; `isDefault` is every new account's plan. */
export const billingPlans = pgTable(
  'billing_plans',
  {
    id: text('id').primaryKey(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    slug: text('slug').notNull().unique('billing_plans_slug_key'),
    /** Price per month in minor units of `currency`; 0 = a free plan. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    recurringInterval: text('recurring_interval').notNull().default('month'),
    tier: integer('tier').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** The entitlements plan (entitlement_plans) whose features this plan grants its accounts; null = none. */
    entitlementPlanId: text('entitlement_plan_id'),
    limits: jsonb('limits').$type<BillingPlanLimits>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [foreignKey({ name: 'billing_plans_entitlement_plan_id_fkey', columns: [t.entitlementPlanId], foreignColumns: [entitlementPlans.id] }).onDelete('set null')],
);

/** An account's billing configuration (api-contract AB tenant configuration): who manages its billing. */
export const billingTenantConfigs = pgTable(
  'billing_tenant_configs',
  {
    tenantId: text('tenant_id').primaryKey(),
    id: text('id').notNull().unique('billing_tenant_configs_id_key'),
    externallyManaged: boolean('externally_managed').notNull().default(false),
    /** Who manages an externally managed subscription (shown by the portal), e.g. "Acme sales team". */
    managedBy: text('managed_by'),
    providerType: text('provider_type').notNull().default('Stripe'),
    mappingId: text('mapping_id'),
    stripeCustomerId: text('stripe_customer_id'),
  },
  (t) => [cascade('billing_tenant_configs_tenant_id_fkey', t.tenantId, () => tenants.tenantId)],
);

/** A card (or unknown method) of an account (AB-3.49); `billingDetails` = name, email, address. */
export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    id: text('id').primaryKey(),
    externalId: text('external_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    type: text('type').notNull().default('card'),
    brand: text('brand').notNull().default(''),
    last4: text('last4').notNull().default(''),
    expMonth: integer('exp_month').notNull().default(0),
    expYear: integer('exp_year').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    billingDetails: jsonb('billing_details').$type<BillingDetails>().notNull().default({}),
    /** Test card 4000 0000 0000 0341: attaches, but every later charge (a renewal) fails. */
    failsCharges: boolean('fails_charges').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('billing_payment_methods_tenant_id_fkey', t.tenantId, () => tenants.tenantId), index('billing_payment_methods_tenant_id_idx').on(t.tenantId)],
);

/** Billing details of a payment method (api-contract AB getPaymentMethods `billingDetails`). */
export interface BillingDetails {
  name?: string;
  email?: string;
  address?: { addressLine1?: string; addressLine2?: string; city?: string; state?: string; postalCode?: string; country?: string };
}

/** An account's one subscription (AB-3.40–3.42): made with the account, on the vendor's default plan. */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    externalId: text('external_id').notNull(),
    tenantId: text('tenant_id').notNull().unique('billing_subscriptions_tenant_id_key'),
    planId: text('plan_id').notNull(),
    /** Raw status: active, incomplete, canceled, expired, trialing, trialEnded (AB-3.41). */
    status: text('status').notNull().default('active'),
    startDate: ts('start_date').notNull(),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    /** 'atPeriodEnd' once cancelled (AB-3.42); null = not cancelled. */
    cancellationPolicy: text('cancellation_policy'),
    trialEnd: ts('trial_end'),
    paymentMethodId: text('payment_method_id'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    cascade('billing_subscriptions_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    foreignKey({ name: 'billing_subscriptions_plan_id_fkey', columns: [t.planId], foreignColumns: [billingPlans.id] }),
    foreignKey({ name: 'billing_subscriptions_payment_method_id_fkey', columns: [t.paymentMethodId], foreignColumns: [billingPaymentMethods.id] }).onDelete('set null'),
  ],
);

/**
 * A card setup intent of the test-mode card provider (Stripe's SetupIntent surface): `clientSecretHash` is the SHA-256
 * of the `client_secret` handed out once; status requires_payment_method → requires_action (a challenge) → succeeded.
 */
export const billingSetupIntents = pgTable(
  'billing_setup_intents',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    clientSecretHash: text('client_secret_hash').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    /** The card waiting for its challenge (brand, last4, expiry; never the number), then the payment method made. */
    pendingCard: jsonb('pending_card').$type<Record<string, unknown>>(),
    paymentMethodId: text('payment_method_id'),
    /** The last error, in Stripe's shape `{ type, code, decline_code, message }`. */
    lastError: jsonb('last_error').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [cascade('billing_setup_intents_tenant_id_fkey', t.tenantId, () => tenants.tenantId)],
);

/** An invoice (AB-3.47–3.48): `totalAmount` in minor units here; the API answers it divided by 100 as the contract says. */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    externalId: text('external_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    planId: text('plan_id').notNull(),
    paymentDate: ts('payment_date').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull(),
    paid: boolean('paid').notNull(),
    receiptNumber: text('receipt_number').notNull().unique('billing_invoices_receipt_number_key'),
  },
  (t) => [
    cascade('billing_invoices_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    cascade('billing_invoices_subscription_id_fkey', t.subscriptionId, () => billingSubscriptions.id),
    index('billing_invoices_tenant_payment_date_idx').on(t.tenantId, t.paymentDate.desc()),
  ],
);

/**
 * A webhook of an account (issue 33; api-contract §Y `IWebhooksConfigurations`; src/webhooks/): Frontegg's `_id` is
 * `id`. `secret` is the signing secret as the administrator saw it once (`whsec_<base64>` generated, or the typed
 * text) — kept as it is, not sealed: the emulator has no key-sealing helper, and its database is a test fixture;
 * `secretFormat` says how its bytes are read (`whsec`: base64 after the prefix; `raw`: the text's bytes). During a
 * rotation the previous secret signs too until `previousSecretUntil` (emulator clock). `disabledReason` (`gone`: the
 * endpoint answered 410; `failing`: it failed for 5 days) is set when the emulator turned it off; `failingSince` is the
 * first failure since the last success.
 */
export const webhookConfigurations = pgTable(
  'webhook_configurations',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    vendorId: text('vendor_id').notNull(),
    displayName: text('display_name').notNull().default(''),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    eventKeys: jsonb('event_keys').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    secret: text('secret').notNull(),
    /** `whsec` or `raw` (src/webhooks/secrets.ts). */
    secretFormat: text('secret_format').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretFormat: text('previous_secret_format'),
    previousSecretUntil: ts('previous_secret_until'),
    /** Frontegg's custom payload template, kept and answered as given (deliveries send the event's payload). */
    payload: jsonb('payload').$type<unknown>(),
    disabledReason: text('disabled_reason'),
    failingSince: ts('failing_since'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [cascade('webhook_configurations_tenant_id_fkey', t.tenantId, () => tenants.tenantId), index('webhook_configurations_tenant_id_idx').on(t.tenantId)],
);

/**
 * One event of an account, as its webhooks receive it: `id` (`msg_…`) is the Standard Webhooks `webhook-id`, the same
 * for every attempt, resend and recovery; `body` the exact JSON text sent.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    eventKey: text('event_key').notNull(),
    body: text('body').notNull(),
    /** The emulator clock's time of the event. */
    createdAt: ts('created_at').notNull(),
  },
  (t) => [cascade('webhook_messages_tenant_id_fkey', t.tenantId, () => tenants.tenantId)],
);

/**
 * A message's delivery to one webhook: the durable queue (src/webhooks/dispatcher.ts delivers the `pending` rows whose
 * `nextAttemptAt` has come, on the emulator clock). `status`: `pending`, `succeeded` or `failed` (no more retries).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id').notNull(),
    messageId: text('message_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    eventKey: text('event_key').notNull(),
    status: text('status').notNull().default('pending'),
    /** Attempts made so far, in all. */
    attempts: integer('attempts').notNull().default(0),
    /** Attempts since the delivery was (re)queued — by the event, a resend, a retry or a recovery: the retry schedule's step. */
    roundAttempts: integer('round_attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    cascade('webhook_deliveries_webhook_id_fkey', t.webhookId, () => webhookConfigurations.id),
    cascade('webhook_deliveries_message_id_fkey', t.messageId, () => webhookMessages.id),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_webhook_created_at_idx').on(t.webhookId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * One attempt of a delivery (a Frontegg log row): when (emulator clock), the answer's status (null: no answer), how
 * long it took, the request headers and body sent, the answer's body read back (at most 64 KiB) and the error.
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id').notNull(),
    webhookId: text('webhook_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    at: ts('at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull().default(0),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull().default({}),
    requestBody: text('request_body').notNull(),
    responseBody: text('response_body').notNull().default(''),
    error: text('error'),
    /** The order attempts were written in (attempts of a frozen clock share their `at`). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    cascade('webhook_attempts_delivery_id_fkey', t.deliveryId, () => webhookDeliveries.id),
    index('webhook_attempts_webhook_at_idx').on(t.webhookId, t.at.desc().nullsFirst()),
    index('webhook_attempts_delivery_id_idx').on(t.deliveryId),
  ],
);

/** A notification channel of the connectivity section (issue 33 item 3): email or SMS. */
export type NotificationChannel = 'email' | 'sms';

/**
 * An account's email or SMS configuration of one event (api-contract §Y getEmailConfiguration / getSMSConfiguration:
 * `{ eventKey, enabled, subscriptions }`); it exists while it has at least one subscription (AB-5.03–5.04).
 */
export const channelConfigurations = pgTable(
  'channel_configurations',
  {
    tenantId: text('tenant_id').notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    eventKey: text('event_key').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'channel_configurations_pkey', columns: [t.tenantId, t.channel, t.eventKey] }),
    cascade('channel_configurations_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    check('channel_configurations_channel_check', sql`channel in ('email', 'sms')`),
  ],
);

/** One email or SMS subscription of an event's configuration: a name and its recipients (emails, or E.164 phones). */
export const channelSubscriptions = pgTable(
  'channel_subscriptions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    eventKey: text('event_key').notNull(),
    name: text('name').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** Never empty (AB-5.03): a subscription whose recipients are all cleared is deleted (AB-5.04). */
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'channel_subscriptions_configuration_fkey',
      columns: [t.tenantId, t.channel, t.eventKey],
      foreignColumns: [channelConfigurations.tenantId, channelConfigurations.channel, channelConfigurations.eventKey],
    }).onDelete('cascade'),
  ],
);

/** An account's Slack workspace, registered with the OAuth code of Slack's consent (a local stand-in: no call to Slack). */
export const slackInstallations = pgTable(
  'slack_installations',
  {
    tenantId: text('tenant_id').primaryKey(),
    id: text('id').notNull().unique('slack_installations_id_key'),
    teamName: text('team_name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [cascade('slack_installations_tenant_id_fkey', t.tenantId, () => tenants.tenantId)],
);

/** One event of a Slack subscription (ISlackEvent): the channels it posts to, and an optional title and message. */
export interface SlackEventRow {
  eventKey: string;
  channelIds: string[];
  title?: string;
  message?: string;
}

/** A Slack subscription of an account (ISlackSubscription): saved only with channel ids (AB-5.05–5.06). */
export const slackSubscriptions = pgTable(
  'slack_subscriptions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    slackEvents: jsonb('slack_events').$type<SlackEventRow[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [cascade('slack_subscriptions_tenant_id_fkey', t.tenantId, () => tenants.tenantId), index('slack_subscriptions_tenant_id_idx').on(t.tenantId)],
);

/** A report's output format (api-contract §Z). */
export type ReportType = 'html' | 'pdf' | 'image';

/** A data filter of a report template (`{ type, config }`, api-contract §Z). */
export interface ReportDataFilter {
  type: string;
  config: Record<string, unknown>;
}

/** A report template of the vendor (api-contract §Z), seeded (reports/seed.ts); `htmlTemplate` has `{{placeholders}}`. */
export const reportTemplates = pgTable(
  'report_templates',
  {
    id: text('id').primaryKey(),
    vendorId: text('vendor_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    htmlTemplate: text('html_template').notNull(),
    type: text('type').$type<ReportType>().notNull().default('html'),
    dataFilters: jsonb('data_filters').$type<ReportDataFilter[]>().notNull().default([]),
    customerListApiUrl: text('customer_list_api_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [cascade('report_templates_vendor_id_fkey', t.vendorId, () => vendors.id)],
);

/** A report's schedule (api-contract §Z `schedule{interval, cron, tz, active, dataFilters}`; its filters are `tenant_reports.data_filters`). */
export interface ReportSchedule {
  interval?: string;
  cron: string;
  tz: string;
  active: boolean;
}

/** An account's schedule of a report template (scheduleReport): its cron in a time zone, the next run computed by croner. */
export const tenantReports = pgTable(
  'tenant_reports',
  {
    templateId: text('template_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    schedule: jsonb('schedule').$type<ReportSchedule>().notNull(),
    status: text('status').notNull().default('active'),
    type: text('type').$type<ReportType>().notNull().default('html'),
    /** The filters as JSON (decoded from the base64 JSON the client sends). */
    dataFilters: jsonb('data_filters').$type<unknown>(),
    nextRunAt: ts('next_run_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'tenant_reports_pkey', columns: [t.templateId, t.tenantId] }),
    cascade('tenant_reports_template_id_fkey', t.templateId, () => reportTemplates.id),
    cascade('tenant_reports_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
  ],
);

/** A notification's status (api-contract §AA updateNotificationStatus). */
export type NotificationStatus = 'unread' | 'read' | 'archived';

/** A notification action (IMessage `actions[]`). */
export interface NotificationAction {
  id: string;
  name: string;
  url: string;
  method: string;
  visualization: string;
}

/** A notification of one user in one account (api-contract §AA, IMessage), newest first in the bell. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    /** What made it (e.g. `frontegg.user.signedUp`, `subscription.renewal.failed`, `emulator`). */
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    severity: text('severity').notNull().default('info'),
    url: text('url'),
    status: text('status').$type<NotificationStatus>().notNull().default('unread'),
    isPinned: boolean('is_pinned').notNull().default(false),
    actions: jsonb('actions').$type<NotificationAction[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    cascade('notifications_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    cascade('notifications_user_id_fkey', t.userId, () => users.id),
    index('notifications_user_tenant_created_at_idx').on(t.userId, t.tenantId, t.createdAt.desc()),
    check('notifications_status_check', sql`status in ('unread', 'read', 'archived')`),
  ],
);

/** An application's access (api-contract §M ApplicationAccessType; AB-3.15): FREE_ACCESS = every user has it. */
export const APPLICATION_ACCESS_TYPES = ['FREE_ACCESS', 'MANAGED_ACCESS'] as const;
/** One application access type. */
export type ApplicationAccessType = (typeof APPLICATION_ACCESS_TYPES)[number];

/**
 * The vendor's applications (api-contract §M IApplicationsResponse; AB-3.15, AB-6.13): FREE_ACCESS apps belong to
 * every user, MANAGED_ACCESS ones to the users assigned (`application_users`) and to every user of an account that
 * has a FREE_ACCESS assignment (`application_tenants`). `is_default` apps are given to a new member (src/applications.ts).
 */
export const applications = pgTable(
  'applications',
  {
    id: text('id').primaryKey(),
    vendorId: text('vendor_id').notNull(),
    name: text('name').notNull(),
    accessType: text('access_type').$type<ApplicationAccessType>().notNull().default('MANAGED_ACCESS'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    appUrl: text('app_url').notNull().default(''),
    loginUrl: text('login_url').notNull().default(''),
    logoUrl: text('logo_url').notNull().default(''),
    /** Frontegg's application type (`web`, `mobile-ios`, …). */
    type: text('type').notNull().default('web'),
    frontendStack: text('frontend_stack').notNull().default('react'),
    description: text('description').notNull().default(''),
    integrationFinishedAt: ts('integration_finished_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [cascade('applications_vendor_id_fkey', t.vendorId, () => vendors.id), check('applications_access_type_check', sql`access_type in ('FREE_ACCESS', 'MANAGED_ACCESS')`)],
);

/** An application assigned to an account (getTenantsApplicationsV2 `assignments[{ appId, accessType }]`): FREE_ACCESS = every user of the account has it. */
export const applicationTenants = pgTable(
  'application_tenants',
  {
    appId: text('app_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    accessType: text('access_type').$type<ApplicationAccessType>().notNull().default('MANAGED_ACCESS'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'application_tenants_pkey', columns: [t.appId, t.tenantId] }),
    cascade('application_tenants_app_id_fkey', t.appId, () => applications.id),
    cascade('application_tenants_tenant_id_fkey', t.tenantId, () => tenants.tenantId),
    index('application_tenants_tenant_id_idx').on(t.tenantId),
    check('application_tenants_access_type_check', sql`access_type in ('FREE_ACCESS', 'MANAGED_ACCESS')`),
  ],
);

/** An application assigned to a member of one account (assignUserToApplications `{ userId, tenantId, appIds }`); gone with the membership. */
export const applicationUsers = pgTable(
  'application_users',
  {
    appId: text('app_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'application_users_pkey', columns: [t.appId, t.tenantId, t.userId] }),
    cascade('application_users_app_id_fkey', t.appId, () => applications.id),
    // the membership's: a user who leaves the account (or is deleted, or the account is) loses its assignments there
    foreignKey({ name: 'application_users_user_id_tenant_id_fkey', columns: [t.userId, t.tenantId], foreignColumns: [userTenants.userId, userTenants.tenantId] }).onDelete(
      'cascade',
    ),
    index('application_users_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);

// new:section tables (npm run new:section adds a section's table above this line)
