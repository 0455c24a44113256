/**
 * The host's seed file (`fe-emulator --seed seed.json`): what a host team's CI wants in the emulator besides the
 * base seed (vendor, tenant Acme, admin@acme.test, roles Admin and ReadOnly, which always stay). The format is
 * validated here with zod; `applySeedFile` (src/apply-seed.ts) writes it. README "Seed file" documents it, with
 * `emulator/examples/seed.json` as the example.
 *
 * Cross references (a user's tenants and roles, a tenant's parent, a plan's features and tenants, an SSO
 * connection's tenant and roles) are checked against the file and the base seed, so a typo fails at start with
 * the path of the offending field instead of at sign-in.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { SEED } from './db/seed.ts';
import { httpUrl } from './http/body.ts';

/** The base seed's role keys and tenant id: a seed file may refer to them. */
const BASE_ROLE_KEYS = ['Admin', 'ReadOnly'];
const BASE_TENANT_IDS: string[] = [SEED.tenantId];

const base32 = z
  .string()
  .transform((s) => s.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{16,}=*$/, 'must be a base32 TOTP secret of 16 characters or more'));

const vendorSchema = z
  .object({
    /** Public configuration (GET …/configurations/v1/public). */
    allowSignups: z.boolean().optional(),
    allowNotVerifiedUsersLogin: z.boolean().optional(),
    requireActivation: z.boolean().optional(),
    apiTokensEnabled: z.boolean().optional(),
    forcePermissions: z.boolean().optional(),
    authStrategy: z.string().min(1).optional(),
    mfa: z
      .object({ enforce: z.enum(['DontForce', 'Force', 'ForceExceptSAML']) })
      .strict()
      .optional(),
    lockout: z
      .object({ enabled: z.boolean().optional(), maxAttempts: z.number().int().min(1).optional() })
      .strict()
      .optional(),
    password: z
      .object({
        allowPassphrases: z.boolean().optional(),
        minLength: z.number().int().min(1).optional(),
        maxLength: z.number().int().min(1).optional(),
        minPhraseLength: z.number().int().min(1).optional(),
        minOptionalTestsToPass: z.number().int().min(0).max(4).optional(),
      })
      .strict()
      .optional(),
    /** Token lifetimes in seconds. */
    tokens: z
      .object({ accessTokenExpiresIn: z.number().int().min(1).optional(), refreshTokenExpiresIn: z.number().int().min(1).optional() })
      .strict()
      .optional(),
  })
  .strict();

const roleSchema = z
  .object({
    key: z.string().min(1),
    name: z.string().min(1).optional(),
    description: z.string().default(''),
    /** Permission keys; unknown ones are created (e.g. the host's own `app.invoices.read`). */
    permissions: z.array(z.string().min(1)).default([]),
    /** New users of a tenant get the default role (one at most; it replaces ReadOnly as the default). */
    isDefault: z.boolean().default(false),
  })
  .strict();

const tenantSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    /** The parent account's id (the tenant hierarchy). */
    parent: z.string().min(1).optional(),
  })
  .strict();

const userSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email()),
    /** Omit for a user who can only sign in by SSO, a magic link or an invitation. */
    password: z.string().min(1).optional(),
    name: z.string().min(1).optional(),
    /** Tenant ids; default the base tenant Acme. The first one is the active tenant. */
    tenants: z.array(z.string().min(1)).min(1).default([SEED.tenantId]),
    /** Role keys, held in every tenant of the user. Default none (the seed is explicit). */
    roles: z.array(z.string().min(1)).default([]),
    verified: z.boolean().default(true),
    superUser: z.boolean().default(false),
    mfaBypass: z.boolean().default(false),
    locked: z.boolean().default(false),
    phoneNumber: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number')
      .optional(),
    /** A base32 TOTP secret: the user has an authenticator app enrolled, so sign-in asks for its code. */
    totpSecret: base32.optional(),
  })
  .strict();

const featureSchema = z
  .object({
    key: z.string().min(1),
    name: z.string().min(1).optional(),
    description: z.string().default(''),
    linkedPermissions: z.array(z.string().min(1)).default([]),
  })
  .strict();

const planSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1).optional(),
    description: z.string().default(''),
    /** 'true': the plan targets every user (its features are in every bundle). */
    defaultTreatment: z.enum(['true', 'false']).default('false'),
    /** Feature keys; ones not listed under `features` are created as plain features. */
    features: z.array(z.string().min(1)).default([]),
    /** Tenant ids the plan is assigned to (granted without expiry). */
    tenants: z.array(z.string().min(1)).default([]),
  })
  .strict();

const ssoSchema = z
  .object({
    type: z.enum(['saml', 'oidc']),
    /** Email domains whose sign-in goes to this connection (pre-login answers its start URL). */
    domains: z.array(z.string().trim().toLowerCase().min(1)).min(1),
    tenant: z.string().min(1).default(SEED.tenantId),
    /** Role keys given to users the connection provisions. */
    roles: z.array(z.string().min(1)).default([]),
    enabled: z.boolean().default(true),
    callbackUrl: httpUrl().optional(),
    /** SAML: the IdP's entity id, HTTP-Redirect SSO URL and signing certificate (PEM or base64 DER). */
    saml: z
      .object({ entityId: z.string().min(1), ssoUrl: httpUrl(), certificate: z.string().min(1) })
      .strict()
      .optional(),
    /** OIDC: the client at the IdP and its endpoints (given, not discovered: the IdP need not run at start). */
    oidc: z
      .object({
        issuer: httpUrl(),
        clientId: z.string().min(1),
        clientSecret: z.string().min(1),
        authorizationUrl: httpUrl(),
        tokenUrl: httpUrl(),
        jwksUri: httpUrl(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((s) => (s.type === 'saml' ? !!s.saml && !s.oidc : !!s.oidc && !s.saml), { message: 'a saml connection needs `saml`, an oidc one `oidc` (and not the other)' });

/** The seed file's schema. Every list is optional; unknown keys are refused (a typo is an error, not a no-op). */
export const seedFileSchema = z
  .object({
    $schema: z.string().optional(),
    vendor: vendorSchema.optional(),
    roles: z.array(roleSchema).default([]),
    tenants: z.array(tenantSchema).default([]),
    users: z.array(userSchema).default([]),
    features: z.array(featureSchema).default([]),
    plans: z.array(planSchema).default([]),
    sso: z.array(ssoSchema).default([]),
  })
  .strict()
  .superRefine((seed, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const dupes = (list: string[], path: (i: number) => (string | number)[], what: string, taken: string[] = []) => {
      const seen = new Set(taken);
      list.forEach((v, i) => (seen.has(v) ? issue(path(i), `duplicate ${what} "${v}"`) : seen.add(v)));
    };
    dupes(
      seed.roles.map((r) => r.key),
      (i) => ['roles', i, 'key'],
      'role key',
      BASE_ROLE_KEYS,
    );
    dupes(
      seed.tenants.map((t) => t.id),
      (i) => ['tenants', i, 'id'],
      'tenant id',
      BASE_TENANT_IDS,
    );
    dupes(
      seed.users.map((u) => u.email),
      (i) => ['users', i, 'email'],
      'user email',
      [SEED.adminEmail],
    );
    dupes(
      seed.features.map((f) => f.key),
      (i) => ['features', i, 'key'],
      'feature key',
    );
    dupes(
      seed.plans.map((p) => p.id),
      (i) => ['plans', i, 'id'],
      'plan id',
    );
    dupes(
      seed.sso.flatMap((s) => s.domains),
      () => ['sso'],
      'SSO domain',
    );
    if (seed.roles.filter((r) => r.isDefault).length > 1) issue(['roles'], 'at most one role can be the default');
    const roleKeys = new Set([...BASE_ROLE_KEYS, ...seed.roles.map((r) => r.key)]);
    const tenantIds = new Set([...BASE_TENANT_IDS, ...seed.tenants.map((t) => t.id)]);
    const known = (set: Set<string>, what: string, values: string[], path: (i: number) => (string | number)[]) =>
      values.forEach((v, i) => set.has(v) || issue(path(i), `unknown ${what} "${v}"`));
    seed.tenants.forEach((t, i) => {
      if (t.parent !== undefined) known(tenantIds, 'tenant', [t.parent], () => ['tenants', i, 'parent']);
      if (t.parent === t.id) issue(['tenants', i, 'parent'], 'a tenant cannot be its own parent');
    });
    seed.users.forEach((u, i) => {
      known(tenantIds, 'tenant', u.tenants, (j) => ['users', i, 'tenants', j]);
      known(roleKeys, 'role', u.roles, (j) => ['users', i, 'roles', j]);
    });
    seed.plans.forEach((p, i) => known(tenantIds, 'tenant', p.tenants, (j) => ['plans', i, 'tenants', j]));
    seed.sso.forEach((s, i) => {
      known(tenantIds, 'tenant', [s.tenant], () => ['sso', i, 'tenant']);
      known(roleKeys, 'role', s.roles, (j) => ['sso', i, 'roles', j]);
    });
  });

/** A validated seed file (defaults filled in). */
export type SeedFile = z.output<typeof seedFileSchema>;

/** Thrown by {@link loadSeedFile}: the file cannot be read, is not JSON, or does not match the format. `message` lists every problem. */
export class SeedFileError extends Error {
  override name = 'SeedFileError';
}

/** `users[1].tenants[0]: unknown tenant "x"` — one line per zod issue. */
export function formatSeedIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const path = i.path.map((p, n) => (typeof p === 'number' ? `[${p}]` : n === 0 ? String(p) : `.${String(p)}`)).join('');
      return `${path || '(root)'}: ${i.message}`;
    })
    .join('\n');
}

/** Validates parsed JSON as a seed file. Throws {@link SeedFileError} with every problem, each with its path. */
export function parseSeedFile(json: unknown, source = 'seed'): SeedFile {
  const result = seedFileSchema.safeParse(json);
  if (!result.success) throw new SeedFileError(`${source} is not a valid seed file:\n${formatSeedIssues(result.error)}`);
  return result.data;
}

/** Reads and validates a seed file (UTF-8 JSON). Throws {@link SeedFileError} when it is missing, not JSON or invalid. */
export function loadSeedFile(path: string): SeedFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new SeedFileError(`cannot read the seed file ${path}: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new SeedFileError(`${path} is not JSON: ${(e as Error).message}`);
  }
  return parseSeedFile(json, path);
}
