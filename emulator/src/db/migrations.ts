/**
 * The database's schema history and the runner that brings a database up to date on every start.
 *
 * ONE SOURCE: the tables are declared once, in `schema.ts` (drizzle). Their SQL is generated from it by drizzle-kit
 * (`npm run db:generate -w emulator`, config `drizzle.config.ts`) into `emulator/drizzle/`: `NNNN_name.sql` files, the
 * order in `meta/_journal.json`, and `meta/NNNN_snapshot.json`, the schema each file leads to (the next `generate`
 * diffs `schema.ts` against the last snapshot). Those files are committed and never edited once released; to change
 * the schema, edit `schema.ts` and generate (emulator/README.md "Changing the schema"). `test/schema.test.ts` fails
 * when `schema.ts` and the generated files disagree.
 *
 * TWO HISTORIES, ONE LOG. Before drizzle-kit, the SQL was written by hand: `LEGACY_MIGRATIONS` below, 0001_init …
 * 0012_audit_log, frozen (databases have them applied; nothing is ever added to or changed in them). The first
 * generated migration, `0000_baseline`, creates the schema those twelve leave, object for object and name for name
 * (the test compares both catalogs: tables, column order, types, nullability, defaults, constraints with their names,
 * indexes, sequences). Every applied id, legacy or generated, is a row of `emulator_migrations` (created here, not in
 * `schema.ts`), so `runMigrations` decides per database:
 * - a fresh database (no legacy id logged) runs the generated migrations, from `0000_baseline` on;
 * - a database made by the legacy runner (some legacy id logged, no baseline) first runs the legacy migrations it
 *   lacks (a `.data/` directory from older code), then logs `0000_baseline` without running it: its schema is the
 *   baseline already; then it runs the generated migrations after the baseline like any database.
 * Each migration runs in one transaction (its SQL and its log row together; one `exec` call, so on node-postgres all
 * of it goes to one pooled connection). drizzle-kit's own `migrate`/`push` are not used (they keep another log and
 * would run the baseline on a legacy database): `drizzle.config.ts` names no database on purpose.
 * The SQL files are read from `../../drizzle/` relative to this module (`bin/fe-emulator.js` runs `src/` through tsx,
 * so that is `emulator/drizzle/` wherever the package is installed or linked from).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RawExec } from './client.ts';

export interface Migration {
  id: string;
  sql: string;
}

/** The folder drizzle-kit writes to (`out` in drizzle.config.ts). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle/', import.meta.url));

/** The generated migration that creates the schema `LEGACY_MIGRATIONS` leave; logged without running on a legacy database. */
export const BASELINE_ID = '0000_baseline';

/** The hand-written history before drizzle-kit. FROZEN: never edit, reorder or append (see the top of this file). */
export const LEGACY_MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_init',
    sql: `
create table signing_keys (
  kid text primary key,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now()
);
create table vendors (
  id text primary key,
  client_id text not null unique,
  name text not null,
  logo text not null default '',
  icon text not null default '',
  public_config jsonb not null,
  auth_strategies jsonb not null,
  password_config jsonb not null,
  mfa_policy jsonb not null,
  lockout_policy jsonb not null,
  token_settings jsonb not null,
  created_at timestamptz not null default now()
);
create table tenants (
  id text primary key,
  tenant_id text not null unique,
  vendor_id text not null references vendors(id) on delete cascade,
  name text not null,
  metadata text,
  is_reseller boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table users (
  id text primary key,
  vendor_id text not null references vendors(id) on delete cascade,
  email text not null unique,
  name text not null,
  password_hash text,
  phone_number text,
  profile_picture_url text,
  verified boolean not null default false,
  super_user boolean not null default false,
  mfa_bypass boolean not null default false,
  metadata text,
  active_tenant_id text not null references tenants(tenant_id),
  is_locked boolean not null default false,
  failed_login_attempts integer not null default 0,
  last_login timestamptz,
  created_at timestamptz not null default now(),
  constraint users_email_lower check (email = lower(email))
);
create table user_tenants (
  user_id text not null references users(id) on delete cascade,
  tenant_id text not null references tenants(tenant_id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, tenant_id)
);
create table roles (
  id text primary key,
  vendor_id text not null references vendors(id) on delete cascade,
  tenant_id text references tenants(tenant_id) on delete cascade,
  key text not null,
  name text not null,
  description text not null default '',
  is_default boolean not null default false,
  level integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table permissions (
  id text primary key,
  key text not null unique,
  name text not null,
  description text not null default '',
  category_id text,
  fe_permission boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table role_permissions (
  role_id text not null references roles(id) on delete cascade,
  permission_id text not null references permissions(id) on delete cascade,
  primary key (role_id, permission_id)
);
create table user_tenant_roles (
  user_id text not null references users(id) on delete cascade,
  tenant_id text not null references tenants(tenant_id) on delete cascade,
  role_id text not null references roles(id) on delete cascade,
  primary key (user_id, tenant_id, role_id)
);
create table refresh_tokens (
  id text primary key,
  token_hash text not null unique,
  family_id text not null,
  user_id text not null references users(id) on delete cascade,
  tenant_id text not null,
  amr jsonb not null,
  acr text,
  auth_time integer not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  replaced_by text,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family on refresh_tokens(family_id);
create table mfa_tokens (
  token_hash text primary key,
  user_id text not null references users(id) on delete cascade,
  pending_secret text,
  is_breached_password boolean not null default false,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create table authenticators (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  secret text not null,
  last_used_step integer,
  created_at timestamptz not null default now()
);
create table recovery_codes (
  user_id text primary key references users(id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now()
);
create table sso_domains (
  id text primary key,
  domain text not null unique,
  address text not null,
  idp_type text not null default 'saml',
  address_type text not null default 'sso',
  created_at timestamptz not null default now()
);
create table feature_flags (
  name text primary key,
  "on" boolean not null
);
create table metadata (
  id text primary key,
  entity_name text not null unique,
  configuration jsonb not null,
  properties jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table outbox (
  seq bigserial primary key,
  id text not null unique,
  "to" text not null,
  channel text not null check (channel in ('email', 'sms')),
  subject text not null,
  text text not null,
  link text,
  code text,
  created_at timestamptz not null default now()
);
`,
  },
  {
    id: '0002_password_reset',
    sql: `
create table password_reset_tokens (
  token_hash text primary key,
  user_id text not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
`,
  },
  {
    id: '0003_entitlements',
    sql: `
create table entitlement_features (
  key text primary key,
  name text not null,
  description text not null default '',
  linked_permissions jsonb not null default '[]',
  feature_flag jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table entitlement_plans (
  id text primary key,
  name text not null,
  description text not null default '',
  default_treatment text not null default 'false' check (default_treatment in ('true', 'false')),
  rules jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table entitlement_plan_features (
  plan_id text not null references entitlement_plans(id) on delete cascade,
  feature_key text not null references entitlement_features(key) on delete cascade,
  primary key (plan_id, feature_key)
);
create table entitlement_grants (
  id text primary key,
  tenant_id text references tenants(tenant_id) on delete cascade,
  user_id text references users(id) on delete cascade,
  plan_id text references entitlement_plans(id) on delete cascade,
  feature_key text references entitlement_features(key) on delete cascade,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  constraint entitlement_grants_one_subject check ((tenant_id is null) <> (user_id is null)),
  constraint entitlement_grants_one_object check ((plan_id is null) <> (feature_key is null))
);
create unique index entitlement_grants_unique on entitlement_grants
  (coalesce(tenant_id, ''), coalesce(user_id, ''), coalesce(plan_id, ''), coalesce(feature_key, ''));
create table step_up_tokens (
  token_hash text primary key references mfa_tokens(token_hash) on delete cascade,
  family_id text not null,
  tenant_id text not null,
  amr jsonb not null,
  max_age integer,
  created_at timestamptz not null default now()
);
create table emulator_clock (
  id text primary key,
  offset_seconds integer not null
);
`,
  },
  {
    id: '0004_lifecycle',
    sql: `
alter table tenants add column is_locked boolean not null default false;
alter table user_tenants add column activated boolean not null default true;
create table lifecycle_tokens (
  token_hash text primary key,
  kind text not null check (kind in ('activation', 'invitation', 'unlock', 'phone_reset', 'phone_change', 'sms_login')),
  user_id text not null references users(id) on delete cascade,
  tenant_id text references tenants(tenant_id) on delete cascade,
  code_hash text,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index lifecycle_tokens_user_kind on lifecycle_tokens(user_id, kind);
create index lifecycle_tokens_code on lifecycle_tokens(kind, code_hash);
create table tenant_invite_links (
  id text primary key,
  tenant_id text not null references tenants(tenant_id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  token text not null unique,
  expires_at timestamptz not null,
  should_send_email boolean not null default false,
  role_ids jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, user_id)
);
create table impersonation_sessions (
  family_id text primary key,
  actor_id text not null,
  impersonated_user_id text not null references users(id) on delete cascade,
  tenant_id text not null,
  created_at timestamptz not null default now()
);
create table if not exists audits (
  id text primary key,
  tenant_id text,
  actor_id text,
  action text not null,
  target_id text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create table lifecycle_settings (
  id text primary key,
  settings jsonb not null
);
-- databases seeded before this migration: give the Admin role the impersonation permission
insert into permissions (id, key, name, description, category_id, fe_permission)
  select 'perm-impersonation', 'fe.secure.write.impersonation', 'secure write impersonation', '', 'secure', true
  where exists (select 1 from roles where id = '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e10')
  on conflict do nothing;
insert into role_permissions (role_id, permission_id)
  select '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e10', 'perm-impersonation'
  where exists (select 1 from roles where id = '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e10')
    and exists (select 1 from permissions where id = 'perm-impersonation')
  on conflict do nothing;
`,
  },
  {
    id: '0005_user_mfa',
    sql: `
-- the signed-in user's own authenticator enrolment (api-contract U): the secret waits here until a code confirms it
create table pending_authenticators (
  user_id text primary key,
  secret text not null,
  created_at timestamptz not null
);
`,
  },
  {
    id: '0006_passkeys',
    sql: `
-- passkeys (WebAuthn discoverable credentials, api-contract A and U): the credentials and single-use challenges
create table passkeys (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  public_key text not null,
  counter bigint not null default 0,
  transports jsonb not null default '[]',
  device_type text not null,
  backed_up boolean not null default false,
  created_at timestamptz not null,
  last_used_at timestamptz
);
create table passkey_challenges (
  challenge text primary key,
  kind text not null,
  user_id text,
  rp_id text not null,
  origin text not null,
  expires_at timestamptz not null,
  consumed_at timestamptz
);
`,
  },
  {
    id: '0007_mfa_methods',
    sql: `
-- MFA at login for every kind (api-contract B): phones, email devices and WebAuthn keys as MFA devices, the SMS and email
-- codes sent (hashed, expiring, single use), WebAuthn MFA challenges, remembered browsers, and the MFA settings
create table mfa_phones (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  phone_number text not null,
  created_at timestamptz not null
);
create table mfa_emails (
  user_id text primary key references users(id) on delete cascade,
  email text not null,
  created_at timestamptz not null
);
create table mfa_webauthn (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  public_key text not null,
  counter bigint not null default 0,
  transports jsonb not null default '[]',
  device_type text not null,
  name text not null,
  created_at timestamptz not null,
  last_used_at timestamptz
);
create table mfa_codes (
  otc_hash text primary key,
  mfa_token_hash text not null,
  channel text not null,
  device_id text,
  phone_number text,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null
);
create index mfa_codes_by_token on mfa_codes (mfa_token_hash, channel);
create table mfa_webauthn_challenges (
  token_hash text primary key,
  mfa_token_hash text not null,
  device_id text,
  challenge text not null,
  rp_id text not null,
  origin text not null,
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create table mfa_remembered_devices (
  token_hash text primary key,
  user_id text not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null
);
create table mfa_settings (
  id text primary key,
  settings jsonb not null
);
`,
  },
  {
    id: '0008_passwordless',
    sql: `
-- passwordless sign-in (api-contract A passwordlessPreLogin / PostLogin for magiclink and code) and the
-- verified phone change of the quick SMS login (api-contract E changePhoneNumberWithVerification):
-- secrets hashed, single use, expiring; a resend revokes the earlier live ones
create table passwordless_tokens (
  id text primary key,
  type text not null check (type in ('magiclink', 'code', 'phone')),
  secret_hash text not null,
  user_id text not null references users(id) on delete cascade,
  phone_number text,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null
);
create index passwordless_tokens_secret on passwordless_tokens(type, secret_hash);
create index passwordless_tokens_user on passwordless_tokens(user_id, type);
`,
  },
  {
    id: '0009_federation',
    sql: `
-- social login providers (api-contract A getSocialLoginProviders*, getCustomSocialLoginProvidersV1): each one is routed
-- to an OpenID Connect issuer (discovered at configuration time); custom providers have custom = true and a uuid id
create table social_providers (
  id text primary key,
  type text not null,
  custom boolean not null default false,
  display_name text,
  client_id text not null,
  client_secret text not null,
  redirect_url text not null default '',
  issuer text not null,
  authorization_url text not null,
  token_url text not null,
  jwks_uri text not null,
  userinfo_url text,
  scopes text not null default 'openid email profile',
  additional_scopes jsonb not null default '[]',
  sso_logo_url text,
  active boolean not null default true,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- SSO configurations (OIDC or SAML identity providers of a tenant); their domains are rows of sso_domains whose
-- address is the configuration's start URL
create table sso_configurations (
  id text primary key,
  tenant_id text not null,
  type text not null,
  enabled boolean not null default true,
  domains jsonb not null default '[]',
  role_ids jsonb not null default '[]',
  callback_url text,
  oidc_issuer text,
  oidc_client_id text,
  oidc_client_secret text,
  oidc_authorization_url text,
  oidc_token_url text,
  oidc_jwks_uri text,
  saml_idp_entity_id text,
  saml_sso_endpoint text,
  saml_certificate text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- one SP-/RP-initiated SSO login in flight: the OIDC state or SAML RelayState (hashed), single use, expires
create table sso_states (
  state_hash text primary key,
  kind text not null,
  config_id text not null,
  callback_url text not null,
  nonce text,
  code_verifier text,
  request_id text,
  identity jsonb,
  code_hash text,
  expires_at timestamptz not null,
  consumed_at timestamptz
);
`,
  },
  {
    // the admin portal's areas (api-contract G–O, S): who did what (audits), tenant users' state, groups, API tokens,
    // account settings, sessions' client
    id: '0010_admin',
    sql: `
alter table audits add column ip text;
alter table audits add column user_agent text;
alter table audits add column severity text not null default 'Info';
alter table user_tenants add column disabled boolean not null default false;
alter table user_tenants add column temporary_expires_at timestamptz;
alter table users add column profile jsonb not null default '{}'::jsonb;
alter table users add column is_breached_password boolean not null default false;
-- the admin users list (routes/admin/users.ts): members of a tenant, newest first or by name, the mfa-unenrolled preset
create index users_created_at_idx on users (created_at);
create index users_lower_name_idx on users (lower(name));
create index user_tenants_tenant_id_idx on user_tenants (tenant_id);
create index authenticators_user_id_idx on authenticators (user_id);
create index mfa_phones_user_id_idx on mfa_phones (user_id);
create index mfa_webauthn_user_id_idx on mfa_webauthn (user_id);
alter table refresh_tokens add column ip_address text;
alter table refresh_tokens add column user_agent text;
alter table tenants add column settings jsonb not null default '{}'::jsonb;
create table permission_categories (
  id text primary key,
  name text not null,
  description text not null default '',
  fe_category boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table permissions add column assignment_type text not null default 'ASSIGNABLE';
create table user_groups (
  id text primary key,
  tenant_id text not null,
  vendor_id text not null,
  name text not null,
  color text not null default '',
  description text not null default '',
  metadata text,
  managed_by text not null default 'frontegg',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, name)
);
create table user_group_roles (
  group_id text not null references user_groups(id) on delete cascade,
  role_id text not null,
  primary key (group_id, role_id)
);
create table user_group_members (
  group_id text not null references user_groups(id) on delete cascade,
  user_id text not null,
  created_at timestamptz not null default now(),
  primary key (group_id, user_id)
);
create table api_tokens (
  id text primary key,
  client_id text not null unique,
  secret_hash text not null,
  owner text not null,
  kind text not null,
  tenant_id text not null,
  user_id text,
  created_by_user_id text,
  description text not null default '',
  metadata jsonb,
  role_ids jsonb not null default '[]'::jsonb,
  expires_at timestamptz,
  created_at timestamptz not null default now()
);
create table group_configurations (
  tenant_id text primary key,
  enabled boolean not null default true,
  roles_enabled boolean not null default true,
  updated_at timestamptz not null default now()
);
create table email_change_codes (
  user_id text primary key,
  email text not null,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create table profile_images (
  user_id text primary key,
  content_type text not null,
  data text not null,
  version text not null,
  created_at timestamptz not null default now()
);
-- the tenant hierarchy (routes/admin/hierarchy.ts): a sub-tenant names its parent's tenant_id; null = a top-level account
alter table tenants add column parent_tenant_id text;
create index tenants_parent_tenant_id_idx on tenants (parent_tenant_id);
`,
  },
  {
    // the clock (src/clock.ts) to the millisecond, and frozen: reads frozen_at (ms since the epoch) until moved
    id: '0011_clock_frozen',
    sql: `
alter table emulator_clock add column offset_ms bigint not null default 0;
update emulator_clock set offset_ms = offset_seconds::bigint * 1000;
alter table emulator_clock drop column offset_seconds;
alter table emulator_clock add column frozen_at bigint;
`,
  },
  {
    // one audit writer (src/audit.ts): the actor's email and a description beside the payload, severities INFO /
    // WARNING / SEVERE, and the indexes of the audit log's list, filters and export (routes/admin/audits.ts)
    id: '0012_audit_log',
    sql: `
alter table audits add column actor_email text;
alter table audits add column description text not null default '';
update audits set actor_email = details->>'email' where actor_email is null and details ? 'email';
-- older rows: the description audit.ts would derive from the action ("user.sub-tenants.removed" → "User sub tenants removed")
update audits set description = upper(substr(replace(replace(action, '.', ' '), '-', ' '), 1, 1)) || substr(replace(replace(action, '.', ' '), '-', ' '), 2)
  where description = '';
update audits set severity = case severity
  when 'Info' then 'INFO'
  when 'Medium' then 'WARNING'
  when 'High' then 'WARNING'
  when 'Critical' then 'SEVERE'
  else upper(severity) end
  where severity not in ('INFO', 'WARNING', 'SEVERE');
alter table audits alter column severity set default 'INFO';
create index audits_tenant_created_at_idx on audits (tenant_id, created_at desc, id desc);
create index audits_tenant_action_created_at_idx on audits (tenant_id, action, created_at desc);
create index audits_tenant_severity_created_at_idx on audits (tenant_id, severity, created_at desc);
create index audits_tenant_actor_created_at_idx on audits (tenant_id, actor_id, created_at desc);
`,
  },
];

/** drizzle-kit's migrations in `folder`, in journal order; a file's `--> statement-breakpoint` markers are dropped. */
export function generatedMigrations(folder: string = MIGRATIONS_FOLDER): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => {
      const file = readFileSync(join(folder, `${tag}.sql`), 'utf8');
      const statements = file
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean);
      return { id: tag, sql: statements.map((s) => (s.endsWith(';') ? s : `${s};`)).join('\n') };
    });
}

/**
 * Brings the database up to date (see the top of this file); safe to call on every start. Returns the ids logged by
 * this call, in order (`0000_baseline` included when it was only logged). For tests: `folder`, the generated
 * migrations to use; `before`, a generated migration's id to stop at (it and those after it are not run), e.g. to
 * write rows as an older schema had them and then check what a data migration makes of them.
 */
export async function runMigrations(exec: RawExec, opts: { folder?: string; before?: string } = {}): Promise<string[]> {
  let generated = generatedMigrations(opts.folder);
  if (generated[0]?.id !== BASELINE_ID) throw new Error(`the first generated migration must be ${BASELINE_ID}, not ${generated[0]?.id ?? 'none'}`);
  if (opts.before !== undefined) {
    const at = generated.findIndex((m) => m.id === opts.before);
    if (at < 0) throw new Error(`no generated migration ${opts.before}`);
    generated = generated.slice(0, at);
  }
  await exec(`create table if not exists emulator_migrations (id text primary key, applied_at timestamptz not null default now())`);
  const applied = new Set((await exec(`select id from emulator_migrations`)).map((r) => String(r.id)));
  const ran: string[] = [];
  const apply = async (m: Migration) => {
    await applyMigration(exec, m);
    applied.add(m.id);
    ran.push(m.id);
  };
  if (!applied.has(BASELINE_ID) && LEGACY_MIGRATIONS.some((m) => applied.has(m.id))) {
    for (const m of LEGACY_MIGRATIONS) if (!applied.has(m.id)) await apply(m);
    await apply({ id: BASELINE_ID, sql: '-- the legacy history made this schema' });
  }
  for (const m of generated) if (!applied.has(m.id)) await apply(m);
  return ran;
}

/** Runs one migration and logs it, in one transaction; on failure rolls back and throws naming the migration. */
async function applyMigration(exec: RawExec, m: Migration): Promise<void> {
  const id = m.id.replace(/'/g, "''");
  try {
    await exec(`begin;\n${m.sql}\ninsert into emulator_migrations (id) values ('${id}');\ncommit;`);
  } catch (e) {
    await exec('rollback').catch(() => undefined);
    throw new Error(`migration ${m.id} failed: ${(e as Error).message}`, { cause: e });
  }
}
