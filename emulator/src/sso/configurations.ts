/**
 * SSO self-configuration of an account (issue 23 items 1–5; api-contract §V; admin spec §3 AB-3.20–3.22, §4
 * AB-4.13–4.14, §6 AB-6.08–6.09): the account's SSO configurations (SAML or OIDC), their domains proven by DNS,
 * default roles and IdP-group → role mappings. The legacy single "SAML configuration" is one of them, flagged
 * `sso_config_settings.isLegacySaml` (one truth for both APIs).
 *
 * Sign-in routing: pre-login (routes/auth.ts) sends an email whose domain has an `sso_domains` row to that row's
 * address, `…/frontegg/auth/sso/{configId}/start`. {@link syncRouting} keeps `sso_configurations.domains` (what
 * federation/provision.ts lets a configuration sign in) equal to the configuration's validated domains, and
 * `sso_domains` equal to them while the configuration is enabled (none while disabled or deleted). Domains that a seed
 * file or `/_emulator/sso-configurations` gave a configuration count as validated: {@link adoptSeededDomains} turns
 * them into validated domain rows the first time these routes read the configuration.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import type { Db } from '../db/client.ts';
import { ssoConfigDomains, ssoConfigSettings, ssoConfigurations, ssoDomains, ssoGroupMappings } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { hostOrigin } from '../http/origin.ts';
import { OutboundError, outboundReason, type OutboundPolicy } from '../http/outbound.ts';
import { emulatorDate } from '../clock.ts';
import { assignableRoleIds } from '../roles.ts';
import { discover } from '../federation/oidc-client.ts';
import { spEndpoints } from '../federation/saml-sp.ts';
import { certificateInfo, parseCertificate, type CertificateInfo, type IdpMetadata } from './saml-metadata.ts';
import { checkTxtRecord, newVerificationValue, type TxtCheck } from './dns.ts';
import { enforcePlanLimit } from '../billing/plan-limits.ts';

type Ctx = Context<AppEnv>;
export type SsoConfigRow = typeof ssoConfigurations.$inferSelect;
export type SsoSettingsRow = typeof ssoConfigSettings.$inferSelect;
export type SsoDomainRow = typeof ssoConfigDomains.$inferSelect;
export type SsoGroupRow = typeof ssoGroupMappings.$inferSelect;
export type SsoType = 'saml' | 'oidc';

/** A configuration not of the account, or unknown. */
export const CONFIGURATION_NOT_FOUND = 'SSO configuration not found';

// ---------------------------------------------------------------- reading

/**
 * The account's configuration `id` (its seeded domains adopted).
 * @throws HttpError 404 `SSO configuration not found` for an unknown id or one of another account
 */
export async function accountConfiguration(c: Ctx, id: string): Promise<SsoConfigRow> {
  const [row] = await c.var.db
    .select()
    .from(ssoConfigurations)
    .where(and(eq(ssoConfigurations.id, id), eq(ssoConfigurations.tenantId, c.var.auth.tenantId)));
  if (!row) throw notFound(CONFIGURATION_NOT_FOUND, 'ER-SSO-CONFIGURATION-NOT-FOUND');
  await adoptSeededDomains(c.var.db, row);
  return row;
}

/** The account's configurations, oldest first (their seeded domains adopted). */
export async function accountConfigurations(c: Ctx): Promise<SsoConfigRow[]> {
  const rows = await c.var.db
    .select()
    .from(ssoConfigurations)
    .where(eq(ssoConfigurations.tenantId, c.var.auth.tenantId))
    .orderBy(asc(ssoConfigurations.createdAt), asc(ssoConfigurations.id));
  for (const row of rows) await adoptSeededDomains(c.var.db, row);
  return rows;
}

/** The account's legacy SAML configuration (`isLegacySaml`), if it has one. */
export async function legacyConfiguration(c: Ctx): Promise<SsoConfigRow | undefined> {
  const [row] = await c.var.db
    .select({ config: ssoConfigurations })
    .from(ssoConfigurations)
    .innerJoin(ssoConfigSettings, eq(ssoConfigSettings.configId, ssoConfigurations.id))
    .where(and(eq(ssoConfigurations.tenantId, c.var.auth.tenantId), eq(ssoConfigSettings.isLegacySaml, true)))
    .limit(1);
  return row?.config;
}

/**
 * Gives the domains in `config.domains` that have no domain row (a seed file's or `/_emulator/sso-configurations`'
 * domains, routed already) a validated row each, so the routes list, validate and delete them like any other.
 */
export async function adoptSeededDomains(db: Db, config: SsoConfigRow): Promise<void> {
  if (!config.domains.length) return;
  const known = new Set((await db.select({ domain: ssoConfigDomains.domain }).from(ssoConfigDomains).where(eq(ssoConfigDomains.configId, config.id))).map((r) => r.domain));
  const settings = await settingsOf(db, config.id);
  const missing = config.domains.filter((d) => !known.has(d) && d !== settings?.legacyDomain);
  if (!missing.length) return;
  const now = await emulatorDate(db);
  await db
    .insert(ssoConfigDomains)
    .values(missing.map((domain) => ({ id: randomUUID(), configId: config.id, domain, txtRecord: newVerificationValue(), validated: true, validatedAt: now, createdAt: now })))
    .onConflictDoNothing();
}

async function settingsOf(db: Db, configId: string): Promise<SsoSettingsRow | undefined> {
  const [row] = await db.select().from(ssoConfigSettings).where(eq(ssoConfigSettings.configId, configId));
  return row;
}

/** Writes `patch` over the configuration's settings row (made when missing). */
export async function mergeSettings(db: Db, configId: string, patch: Partial<Omit<SsoSettingsRow, 'configId' | 'updatedAt'>>): Promise<SsoSettingsRow> {
  const updatedAt = await emulatorDate(db);
  const [row] = await db
    .insert(ssoConfigSettings)
    .values({ configId, ...patch, updatedAt })
    .onConflictDoUpdate({ target: ssoConfigSettings.configId, set: { ...patch, updatedAt } })
    .returning();
  return row;
}

// ---------------------------------------------------------------- answers

/** A domain as createSSODomain answers it (ISSODomain). */
export const domainDto = (d: SsoDomainRow) => ({ id: d.id, domain: d.domain, validated: d.validated, txtRecord: d.txtRecord });
/** A group mapping (ISamlRolesGroup). */
export const groupDto = (g: SsoGroupRow) => ({ id: g.id, group: g.group, roleIds: g.roleIds });

/** The emulator's additions to every configuration answer. */
export interface ConfigurationAdditions {
  /** The signing certificate read (SAML), null when none or unreadable. */
  publicCertificateInfo: CertificateInfo | null;
  /** Whether an OIDC client secret is stored (it is write-only: `oidcSecret` is always ''). */
  oidcSecretSet: boolean;
  /** The IdP entity id (SAML): from the metadata, or the `idpEntityId` field. */
  idpEntityId: string;
  /**
   * The key/values given with the configuration (Frontegg's `configMetadata`, which its client sends with the
   * metadata-URL calls; the emulator takes it on every create and update): `vendor` names the IdP the admin chose
   * (`okta`, `azure`, `google`, `saml`, `oidc`). `{}` when none.
   */
  configMetadata: Record<string, string>;
}

/**
 * A configuration in ISSOConfiguration's shape (api-contract §V SSOCfg) plus {@link ConfigurationAdditions}.
 * `oidcSecret` is never answered (''); `acsUrl` / `spEntityId` are the emulator's SP; `ssoEndpoint` is the SAML SSO
 * URL or the OIDC issuer; `generatedVerification` is the legacy domain's TXT value ('' for others).
 */
export async function configurationDto(c: Ctx, config: SsoConfigRow) {
  const db = c.var.db;
  const [domains, groups, settings] = await Promise.all([
    db.select().from(ssoConfigDomains).where(eq(ssoConfigDomains.configId, config.id)).orderBy(asc(ssoConfigDomains.createdAt), asc(ssoConfigDomains.id)),
    db.select().from(ssoGroupMappings).where(eq(ssoGroupMappings.configId, config.id)).orderBy(asc(ssoGroupMappings.createdAt), asc(ssoGroupMappings.id)),
    settingsOf(db, config.id),
  ]);
  const certificate = config.type === 'saml' ? (config.samlCertificate ?? '') : '';
  return {
    id: config.id,
    enabled: config.enabled,
    generatedVerification: settings?.legacyVerification ?? '',
    ssoEndpoint: (config.type === 'saml' ? config.samlSsoEndpoint : config.oidcIssuer) ?? '',
    publicCertificate: certificate,
    signRequest: settings?.signRequest ?? false,
    acsUrl: spEndpoints(c.var.rt.issuer).acsUrl,
    spEntityId: spEndpoints(c.var.rt.issuer).spEntityId,
    type: config.type,
    oidcClientId: config.oidcClientId ?? '',
    oidcSecret: '',
    domains: domains.map(domainDto),
    roleIds: config.roleIds,
    groups: groups.map(groupDto),
    skipEmailDomainValidation: false,
    createdAt: config.createdAt.toISOString(),
    updatedAt: config.updatedAt.toISOString(),
    publicCertificateInfo: certificate ? certificateInfo(certificate) : null,
    oidcSecretSet: !!config.oidcClientSecret,
    idpEntityId: config.samlIdpEntityId ?? '',
    configMetadata: settings?.configMetadata ?? {},
  } satisfies ConfigurationAdditions & Record<string, unknown>;
}

/**
 * The legacy SAML configuration in ISamlConfiguration's shape (api-contract §V SamlCfg: enabled, domain, validated,
 * generatedVerification, ssoEndpoint, publicCertificate, signRequest, acsUrl, spEntityId, isSamlActive, oidcClientId,
 * oidcSecret (''), type, createdAt, updatedAt) plus `id` and {@link ConfigurationAdditions}; `{ enabled: false }`
 * when the account has none.
 */
export async function samlConfigurationDto(c: Ctx, config: SsoConfigRow | undefined) {
  if (!config) return { enabled: false };
  const dto = await configurationDto(c, config);
  const settings = await settingsOf(c.var.db, config.id);
  return {
    id: dto.id,
    enabled: dto.enabled,
    domain: settings?.legacyDomain ?? '',
    validated: settings?.legacyValidated ?? false,
    generatedVerification: dto.generatedVerification,
    ssoEndpoint: dto.ssoEndpoint,
    publicCertificate: dto.publicCertificate,
    signRequest: dto.signRequest,
    acsUrl: dto.acsUrl,
    spEntityId: dto.spEntityId,
    isSamlActive: dto.enabled && dto.type === 'saml',
    oidcClientId: dto.oidcClientId,
    oidcSecret: '',
    type: dto.type,
    createdAt: dto.createdAt,
    updatedAt: dto.updatedAt,
    publicCertificateInfo: dto.publicCertificateInfo,
    oidcSecretSet: dto.oidcSecretSet,
    idpEntityId: dto.idpEntityId,
  };
}

// ---------------------------------------------------------------- writing

/** The fields a configuration is made or changed with (IUpdateSSOConfiguration; emulator addition `idpEntityId`). */
export interface ConfigurationFields {
  type?: SsoType;
  enabled?: boolean;
  /** SAML: the IdP's SSO URL (HTTP-Redirect); OIDC: the issuer (discovered on save). */
  ssoEndpoint?: string;
  /** SAML: the IdP's signing certificate, PEM or bare base64 (400 `Invalid certificate` when it does not parse). */
  publicCertificate?: string;
  signRequest?: boolean;
  oidcClientId?: string;
  /** Write-only: stored, never answered. '' or absent keeps the stored one. */
  oidcSecret?: string;
  /** SAML: the IdP entity id (the issuer its responses must name); metadata gives it too. */
  idpEntityId?: string;
  roleIds?: string[];
  /** Key/values kept with the configuration (Frontegg's `configMetadata`; `vendor`: the IdP chosen). Replaces the stored ones when given. */
  configMetadata?: Record<string, string>;
}

/**
 * Turns fields (and parsed metadata) into the columns they set. OIDC: when the issuer is new or changed, runs
 * discovery and stores the authorization, token and JWKS endpoints.
 * @throws HttpError 400 `Invalid certificate`; 400 `OIDC discovery failed for <issuer>: <reason>`; 400 for role ids
 *   not of the account
 */
async function columnsFor(c: Ctx, current: SsoConfigRow | undefined, fields: ConfigurationFields, metadata?: IdpMetadata): Promise<Partial<SsoConfigRow>> {
  const type = fields.type ?? current?.type ?? 'saml';
  const set: Partial<SsoConfigRow> = { type };
  if (fields.enabled !== undefined) set.enabled = fields.enabled;
  if (fields.roleIds !== undefined) set.roleIds = await accountRoleIds(c, fields.roleIds);
  if (fields.oidcClientId !== undefined) set.oidcClientId = fields.oidcClientId || null;
  if (fields.oidcSecret) set.oidcClientSecret = fields.oidcSecret;
  if (metadata) {
    set.samlIdpEntityId = metadata.entityId;
    set.samlSsoEndpoint = metadata.ssoEndpoint;
    set.samlCertificate = metadata.certificate;
  }
  if (fields.idpEntityId !== undefined) set.samlIdpEntityId = fields.idpEntityId || null;
  if (type === 'saml') {
    if (fields.ssoEndpoint !== undefined) set.samlSsoEndpoint = fields.ssoEndpoint || null;
    if (fields.publicCertificate !== undefined) set.samlCertificate = fields.publicCertificate ? parseCertificate(fields.publicCertificate) : null;
  } else if (fields.ssoEndpoint !== undefined) {
    const issuer = fields.ssoEndpoint.trim();
    if (!issuer) {
      Object.assign(set, { oidcIssuer: null, oidcAuthorizationUrl: null, oidcTokenUrl: null, oidcJwksUri: null });
    } else if (issuer !== current?.oidcIssuer || !current?.oidcAuthorizationUrl) {
      Object.assign(set, await discoverIssuer(issuer, c.var.rt.outbound));
    }
  }
  return set;
}

/**
 * OIDC discovery of `issuer` (`<issuer>/.well-known/openid-configuration`) through http/outbound.ts under `policy`.
 * @throws HttpError 400 `OIDC discovery failed for <issuer>: <reason>` (the reason never quotes the answer: `HTTP 404`,
 *   `not JSON (content type text/plain)`, `larger than 1 MiB`, `address not allowed: link-local`, `ECONNREFUSED`, …),
 *   with `context: { reason, status? }` (http/outbound.ts `outboundReason`; `NOT_OIDC` when the document was read but is
 *   no issuer's) for the client's sentence (issue 31 item 5)
 */
export async function discoverIssuer(issuer: string, policy: OutboundPolicy): Promise<Pick<SsoConfigRow, 'oidcIssuer' | 'oidcAuthorizationUrl' | 'oidcTokenUrl' | 'oidcJwksUri'>> {
  try {
    const e = await discover(issuer, policy);
    return { oidcIssuer: e.issuer, oidcAuthorizationUrl: e.authorizationUrl, oidcTokenUrl: e.tokenUrl, oidcJwksUri: e.jwksUri };
  } catch (e) {
    const err = e as Error & { detail?: unknown };
    // the detail is the OutboundError of the fetch, whose message is safe to show
    const reason = err.detail instanceof OutboundError ? err.detail.message : err.message;
    const context = err.detail instanceof OutboundError ? outboundReason(err.detail) : { reason: 'NOT_OIDC' };
    throw badRequest(`OIDC discovery failed for ${issuer}: ${reason}`, 'ER-SSO-OIDC-DISCOVERY', context);
  }
}

/**
 * The role ids among `ids` (deduplicated, in the order given) if all are roles the account sees.
 * @throws HttpError 400 `Unknown role id: …`
 */
export function accountRoleIds(c: Ctx, ids: readonly string[]): Promise<string[]> {
  return assignableRoleIds(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId, ids);
}

/**
 * Creates a configuration of the signed-in account.
 * @throws HttpError 400 `Your plan allows <n> SSO connections. Upgrade the plan to add more.` over the plan's limit
 */
export async function createConfiguration(
  c: Ctx,
  fields: ConfigurationFields,
  extra: { metadata?: IdpMetadata; metadataXml?: string; metadataUrl?: string } = {},
): Promise<SsoConfigRow> {
  await enforcePlanLimit(c.var.db, c.var.auth.tenantId, 'ssoConnections');
  const now = await emulatorDate(c.var.db);
  const columns = await columnsFor(c, undefined, fields, extra.metadata);
  const [row] = await c.var.db
    .insert(ssoConfigurations)
    .values({ id: randomUUID(), tenantId: c.var.auth.tenantId, type: 'saml', enabled: true, domains: [], roleIds: [], ...columns, createdAt: now, updatedAt: now })
    .returning();
  await mergeSettings(c.var.db, row.id, {
    signRequest: fields.signRequest ?? false,
    ...(fields.configMetadata !== undefined ? { configMetadata: fields.configMetadata } : {}),
    ...(extra.metadataXml !== undefined ? { metadataXml: extra.metadataXml } : {}),
    ...(extra.metadataUrl !== undefined ? { metadataUrl: extra.metadataUrl } : {}),
  });
  return row;
}

/** Changes a configuration (PATCH semantics: absent fields stay); re-routes its domains when `enabled` or `type` changed. */
export async function updateConfiguration(
  c: Ctx,
  config: SsoConfigRow,
  fields: ConfigurationFields,
  extra: { metadata?: IdpMetadata; metadataXml?: string; metadataUrl?: string } = {},
): Promise<SsoConfigRow> {
  const columns = await columnsFor(c, config, fields, extra.metadata);
  const [row] = await c.var.db
    .update(ssoConfigurations)
    .set({ ...columns, updatedAt: await emulatorDate(c.var.db) })
    .where(eq(ssoConfigurations.id, config.id))
    .returning();
  const settings: Parameters<typeof mergeSettings>[2] = {};
  if (fields.signRequest !== undefined) settings.signRequest = fields.signRequest;
  if (fields.configMetadata !== undefined) settings.configMetadata = fields.configMetadata;
  if (extra.metadataXml !== undefined) settings.metadataXml = extra.metadataXml;
  if (extra.metadataUrl !== undefined) settings.metadataUrl = extra.metadataUrl;
  if (Object.keys(settings).length) await mergeSettings(c.var.db, config.id, settings);
  if (row.enabled !== config.enabled || row.type !== config.type) await syncRouting(c, row.id);
  return row;
}

/** Deletes a configuration (its domains, settings and group mappings go with it) and its sign-in routing. */
export async function deleteConfiguration(c: Ctx, config: SsoConfigRow): Promise<void> {
  await c.var.db.delete(ssoConfigurations).where(eq(ssoConfigurations.id, config.id));
  await c.var.db.delete(ssoDomains).where(eq(ssoDomains.address, startAddress(c, config.id)));
}

// ---------------------------------------------------------------- made outside the account's routes

/** The IdP columns a seed file or `/_emulator/sso-configurations` gives as they are (OIDC endpoints not discovered here). */
export type GivenIdp = Partial<
  Pick<
    SsoConfigRow,
    'oidcIssuer' | 'oidcClientId' | 'oidcClientSecret' | 'oidcAuthorizationUrl' | 'oidcTokenUrl' | 'oidcJwksUri' | 'samlIdpEntityId' | 'samlSsoEndpoint' | 'samlCertificate'
  >
>;

/** A configuration as a seed file or `/_emulator/sso-configurations` gives it (tenant and role ids not checked). */
export interface GivenConfiguration {
  /** Default a random UUID. */
  id?: string;
  tenantId: string;
  type: SsoType;
  enabled: boolean;
  /** Counted as validated: routed at once, whether the configuration is enabled or not (see the module comment). */
  domains: string[];
  roleIds: string[];
  callbackUrl?: string | null;
  idp: GivenIdp;
}

/**
 * Stores a configuration made outside the account's routes (a seed file, `/_emulator/sso-configurations`) and routes
 * its domains to it at once: an `sso_domains` row each (a domain routed elsewhere is taken over), with ids from
 * `domainId` (default random). Its domains get their validated domain rows when the account's routes first read it
 * ({@link adoptSeededDomains}).
 * @returns the row and the start address its domains are routed to
 */
export async function storeGivenConfiguration(
  db: Db,
  issuer: string,
  given: GivenConfiguration,
  domainId: (domain: string) => string = () => randomUUID(),
): Promise<{ row: SsoConfigRow; address: string }> {
  const now = await emulatorDate(db);
  const [row] = await db
    .insert(ssoConfigurations)
    .values({
      id: given.id ?? randomUUID(),
      tenantId: given.tenantId,
      type: given.type,
      enabled: given.enabled,
      domains: given.domains,
      roleIds: given.roleIds,
      callbackUrl: given.callbackUrl ?? null,
      oidcIssuer: null,
      oidcClientId: null,
      oidcClientSecret: null,
      oidcAuthorizationUrl: null,
      oidcTokenUrl: null,
      oidcJwksUri: null,
      samlIdpEntityId: null,
      samlSsoEndpoint: null,
      samlCertificate: null,
      ...given.idp,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const address = `${issuer}/frontegg${ssoStartPath(row.id)}`;
  if (given.domains.length) {
    await db
      .insert(ssoDomains)
      .values(given.domains.map((domain) => ({ id: domainId(domain), domain, address, idpType: given.type, addressType: 'sso', createdAt: now })))
      .onConflictDoUpdate({ target: ssoDomains.domain, set: { address, idpType: given.type, addressType: 'sso' } });
  }
  return { row, address };
}

/**
 * Switches configuration `id` (of any account) on or off, or changes its callback URL or OIDC client secret
 * (`/_emulator/sso-configurations/:id`); an absent or empty field stays. Its routing stays as it is: a disabled
 * configuration's start URL answers `sso_disabled`.
 * @returns the changed row, or undefined for an unknown id
 */
export async function changeGivenConfiguration(
  db: Db,
  id: string,
  patch: { enabled?: boolean; callbackUrl?: string; oidcClientSecret?: string },
): Promise<SsoConfigRow | undefined> {
  const [row] = await db
    .update(ssoConfigurations)
    .set({
      updatedAt: await emulatorDate(db),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      ...(patch.callbackUrl ? { callbackUrl: patch.callbackUrl } : {}),
      ...(patch.oidcClientSecret ? { oidcClientSecret: patch.oidcClientSecret } : {}),
    })
    .where(eq(ssoConfigurations.id, id))
    .returning();
  return row;
}

/** Configuration `id` of any account (the emulator's own routes), or undefined. */
export async function configurationById(db: Db, id: string): Promise<SsoConfigRow | undefined> {
  const [row] = await db.select().from(ssoConfigurations).where(eq(ssoConfigurations.id, id));
  return row;
}

// ---------------------------------------------------------------- routing

/** Path (under the prefix) of an SSO configuration's start URL; pre-login answers it as the address. */
export const ssoStartPath = (configId: string) => `/auth/sso/${encodeURIComponent(configId)}/start`;

/** The host page's default callback routes of an SSO sign-in (the login box's). */
export const DEFAULT_SSO_CALLBACK = { oidc: '/account/oidc/callback', saml: '/account/saml/callback' } as const;

/**
 * The callback an SSO sign-in of `config` returns to — for OIDC the redirect URI registered at the IdP: the
 * configuration's `callbackUrl`, else the requesting page's origin + {@link DEFAULT_SSO_CALLBACK}.
 */
export const ssoCallbackUrl = (c: Ctx, config: { type: 'oidc' | 'saml'; callbackUrl: string | null }): string =>
  config.callbackUrl || `${hostOrigin(c)}${DEFAULT_SSO_CALLBACK[config.type]}`;

/** The address pre-login answers for a domain of `configId`: the emulator's SSO start URL. */
export const startAddress = (c: Ctx, configId: string) => `${c.var.rt.issuer}/frontegg${ssoStartPath(configId)}`;

/**
 * Puts the configuration's sign-in routing in step with its validated domains (and the legacy domain once
 * validated): `sso_configurations.domains` = those domains; `sso_domains` = those domains while the configuration is
 * enabled, none while disabled or deleted. The one place routing changes.
 */
export async function syncRouting(c: Ctx, configId: string): Promise<void> {
  const db = c.var.db;
  const address = startAddress(c, configId);
  const [config] = await db.select().from(ssoConfigurations).where(eq(ssoConfigurations.id, configId));
  if (!config) {
    await db.delete(ssoDomains).where(eq(ssoDomains.address, address));
    return;
  }
  const settings = await settingsOf(db, configId);
  const validated = (
    await db
      .select({ domain: ssoConfigDomains.domain })
      .from(ssoConfigDomains)
      .where(and(eq(ssoConfigDomains.configId, configId), eq(ssoConfigDomains.validated, true)))
      .orderBy(asc(ssoConfigDomains.createdAt))
  ).map((r) => r.domain);
  if (settings?.legacyDomain && settings.legacyValidated && !validated.includes(settings.legacyDomain)) validated.push(settings.legacyDomain);
  await db.update(ssoConfigurations).set({ domains: validated }).where(eq(ssoConfigurations.id, configId));
  const routed = config.enabled ? validated : [];
  await db.delete(ssoDomains).where(and(eq(ssoDomains.address, address), routed.length ? notInArray(ssoDomains.domain, routed) : undefined));
  if (!routed.length) return;
  const now = await emulatorDate(db);
  await db
    .insert(ssoDomains)
    .values(routed.map((domain) => ({ id: randomUUID(), domain, address, idpType: config.type, addressType: 'sso', createdAt: now })))
    .onConflictDoUpdate({ target: ssoDomains.domain, set: { address, idpType: config.type, addressType: 'sso' } });
}

// ---------------------------------------------------------------- domains

/** A domain name as stored: trimmed, lowercase, no leading `@` or trailing dot. */
export function normaliseSsoDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
}

const DOMAIN_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/**
 * A valid domain name, normalised.
 * @throws HttpError 400 `Invalid domain: <domain>`
 */
export function parseSsoDomain(domain: string): string {
  const d = normaliseSsoDomain(domain);
  if (!DOMAIN_NAME.test(d)) throw badRequest(`Invalid domain: ${domain}`, 'ER-SSO-INVALID-DOMAIN');
  return d;
}

/**
 * Claims `domain` for the configuration with a new TXT value to publish (not validated yet).
 * @throws HttpError 400 invalid domain; 409 when the configuration claims it already
 */
export async function addDomain(c: Ctx, config: SsoConfigRow, domain: string): Promise<SsoDomainRow> {
  const d = parseSsoDomain(domain);
  const [row] = await c.var.db
    .insert(ssoConfigDomains)
    .values({ id: randomUUID(), configId: config.id, domain: d, txtRecord: newVerificationValue(), validated: false, createdAt: await emulatorDate(c.var.db) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`Domain ${d} is already in this SSO configuration`, 'ER-SSO-DOMAIN-EXISTS');
  return row;
}

/** The configuration's domain `domainId`; 404 otherwise. */
export async function configurationDomain(c: Ctx, config: SsoConfigRow, domainId: string): Promise<SsoDomainRow> {
  const [row] = await c.var.db
    .select()
    .from(ssoConfigDomains)
    .where(and(eq(ssoConfigDomains.id, domainId), eq(ssoConfigDomains.configId, config.id)));
  if (!row) throw notFound('SSO domain not found', 'ER-SSO-DOMAIN-NOT-FOUND');
  return row;
}

/**
 * Refuses a domain another configuration routes already.
 * @throws HttpError 409 `Domain <d> is already validated by another account` (or `… by another SSO configuration of
 *   this account`)
 */
export async function assertDomainFree(c: Ctx, configId: string, domain: string): Promise<void> {
  const [other] = await c.var.db
    .select({ id: ssoConfigurations.id, tenantId: ssoConfigurations.tenantId })
    .from(ssoConfigurations)
    .where(and(ne(ssoConfigurations.id, configId), sql`${ssoConfigurations.domains} @> ${JSON.stringify([domain])}::jsonb`))
    .limit(1);
  if (!other) return;
  const whose = other.tenantId === c.var.auth.tenantId ? 'another SSO configuration of this account' : 'another account';
  throw conflict(`Domain ${domain} is already validated by ${whose}`, 'ER-SSO-DOMAIN-TAKEN');
}

/** The answer of a domain check: the domain, `validated`, and why not (`reason`) when it is not. */
export type DomainValidation = ReturnType<typeof domainDto> & { reason?: string };

/**
 * Checks the domain's TXT record now (sso/dns.ts) and stores the outcome: found → validated (and routed); not found
 * → not validated (a validated domain whose record is gone stays validated: a check that fails never un-routes).
 * @throws HttpError 409 when another configuration routes the domain already (checked before any lookup)
 */
export async function validateDomain(c: Ctx, config: SsoConfigRow, row: SsoDomainRow): Promise<DomainValidation> {
  await assertDomainFree(c, config.id, row.domain);
  const check = await checkTxtRecord(row.domain, row.txtRecord, c.var.rt.dnsServers);
  if (!check.validated) return { ...domainDto(row), reason: check.reason };
  const [updated] = await c.var.db
    .update(ssoConfigDomains)
    .set({ validated: true, validatedAt: await emulatorDate(c.var.db) })
    .where(eq(ssoConfigDomains.id, row.id))
    .returning();
  await syncRouting(c, config.id);
  return domainDto(updated);
}

/** Removes the domain and its routing. */
export async function removeDomain(c: Ctx, config: SsoConfigRow, row: SsoDomainRow): Promise<void> {
  await c.var.db.delete(ssoConfigDomains).where(eq(ssoConfigDomains.id, row.id));
  await syncRouting(c, config.id);
}

// ---------------------------------------------------------------- the legacy SAML domain

/**
 * Sets the legacy configuration's `domain` (spec §4, AB-4.14): a new domain gets a new verification value and is not
 * validated; unless `clear` is false (a configuration being made), the IdP endpoint and certificate are cleared and
 * signRequest set false. The same domain changes nothing.
 * @returns whether the domain changed
 * @throws HttpError 400 `Invalid domain: …`
 */
export async function setLegacyDomain(c: Ctx, config: SsoConfigRow, domain: string, { clear = true } = {}): Promise<boolean> {
  const settings = await settingsOf(c.var.db, config.id);
  const d = domain ? parseSsoDomain(domain) : '';
  if ((settings?.legacyDomain ?? '') === d) return false;
  await mergeSettings(c.var.db, config.id, {
    legacyDomain: d || null,
    legacyVerification: d ? newVerificationValue() : null,
    legacyValidated: false,
    ...(clear ? { signRequest: false } : {}),
  });
  if (clear) await c.var.db.update(ssoConfigurations).set({ samlSsoEndpoint: null, samlCertificate: null }).where(eq(ssoConfigurations.id, config.id));
  await syncRouting(c, config.id);
  return true;
}

/**
 * What a legacy SAML save that changes the domain keeps of its `ssoEndpoint`, `publicCertificate` and `signRequest`
 * (issue 29 item 6; AB-4.14 clears them for a new domain): the endpoint and the certificate it carries that are new
 * (not empty, not the stored ones); `signRequest` only along with a new endpoint or certificate. What it leaves out,
 * empties or repeats stays cleared, as the portal's form sends it (the stored values with the new domain).
 * @param stored the configuration before the save
 * @throws HttpError 400 `Invalid certificate` for a certificate that does not parse
 */
export function legacyFieldsAfterDomainChange(
  stored: SsoConfigRow,
  fields: Pick<ConfigurationFields, 'ssoEndpoint' | 'publicCertificate' | 'signRequest'>,
): Pick<ConfigurationFields, 'ssoEndpoint' | 'publicCertificate' | 'signRequest'> {
  const endpoint = fields.ssoEndpoint?.trim() && fields.ssoEndpoint !== stored.samlSsoEndpoint ? { ssoEndpoint: fields.ssoEndpoint } : {};
  const certificate =
    fields.publicCertificate?.trim() && parseCertificate(fields.publicCertificate) !== stored.samlCertificate ? { publicCertificate: fields.publicCertificate } : {};
  const carried = 'ssoEndpoint' in endpoint || 'publicCertificate' in certificate;
  return { ...endpoint, ...certificate, ...(carried && fields.signRequest !== undefined ? { signRequest: fields.signRequest } : {}) };
}

/**
 * Checks the legacy domain's TXT record (`generatedVerification`) and stores the outcome (AB-4.13: validated true
 * when found, false when not).
 * @throws HttpError 400 when the configuration has no domain; 409 when another configuration routes it
 */
export async function validateLegacyDomain(c: Ctx, config: SsoConfigRow): Promise<TxtCheck> {
  const settings = await settingsOf(c.var.db, config.id);
  if (!settings?.legacyDomain || !settings.legacyVerification) throw badRequest('IllegalState: the SAML configuration has no domain to validate', 'ER-SSO-ILLEGAL-STATE');
  await assertDomainFree(c, config.id, settings.legacyDomain);
  const check = await checkTxtRecord(settings.legacyDomain, settings.legacyVerification, c.var.rt.dnsServers);
  await mergeSettings(c.var.db, config.id, { legacyValidated: check.validated });
  await syncRouting(c, config.id);
  return check;
}

// ---------------------------------------------------------------- group mappings

/** The configuration's group mappings, oldest first. */
export async function groupMappings(c: Ctx, config: SsoConfigRow): Promise<SsoGroupRow[]> {
  return c.var.db.select().from(ssoGroupMappings).where(eq(ssoGroupMappings.configId, config.id)).orderBy(asc(ssoGroupMappings.createdAt), asc(ssoGroupMappings.id));
}

/**
 * Maps IdP group `group` to roles of the account.
 * @throws HttpError 400 empty group or unknown role id; 409 when the configuration maps that group already
 */
export async function createGroupMapping(c: Ctx, config: SsoConfigRow, group: string, roleIds: string[]): Promise<SsoGroupRow> {
  const name = group.trim();
  if (!name) throw badRequest('group is required');
  const ids = await accountRoleIds(c, roleIds);
  const [row] = await c.var.db
    .insert(ssoGroupMappings)
    .values({ id: randomUUID(), configId: config.id, group: name, roleIds: ids, createdAt: await emulatorDate(c.var.db) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`Group ${name} is already mapped in this SSO configuration`, 'ER-SSO-GROUP-EXISTS');
  return row;
}

/**
 * Changes a mapping's group name and/or roles.
 * @throws HttpError 404 unknown mapping; 400 unknown role id; 409 when another mapping has that group
 */
export async function updateGroupMapping(c: Ctx, config: SsoConfigRow, id: string, patch: { group?: string; roleIds?: string[] }): Promise<SsoGroupRow> {
  const set: Partial<SsoGroupRow> = {};
  if (patch.group !== undefined) {
    if (!patch.group.trim()) throw badRequest('group is required');
    set.group = patch.group.trim();
  }
  if (patch.roleIds !== undefined) set.roleIds = await accountRoleIds(c, patch.roleIds);
  try {
    const [row] = await c.var.db
      .update(ssoGroupMappings)
      .set(set)
      .where(and(eq(ssoGroupMappings.id, id), eq(ssoGroupMappings.configId, config.id)))
      .returning();
    if (!row) throw notFound('SSO group not found', 'ER-SSO-GROUP-NOT-FOUND');
    return row;
  } catch (e) {
    if ((e as { code?: string; cause?: { code?: string } }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505') {
      throw conflict(`Group ${set.group} is already mapped in this SSO configuration`, 'ER-SSO-GROUP-EXISTS');
    }
    throw e;
  }
}

/** Deletes a mapping; 404 when it is not the configuration's. */
export async function deleteGroupMapping(c: Ctx, config: SsoConfigRow, id: string): Promise<SsoGroupRow> {
  const [row] = await c.var.db
    .delete(ssoGroupMappings)
    .where(and(eq(ssoGroupMappings.id, id), eq(ssoGroupMappings.configId, config.id)))
    .returning();
  if (!row) throw notFound('SSO group not found', 'ER-SSO-GROUP-NOT-FOUND');
  return row;
}
