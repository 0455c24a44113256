/**
 * SSO self-configuration of the signed-in account (issue 23 items 1–5; api-contract §V; admin spec §3 AB-3.20–3.22,
 * §4 AB-4.13–4.14, §6 AB-6.08–6.09, §7 AB-7.49–7.52, §8 AB-8.09). The domain logic is in src/sso/.
 *
 * Multi-SSO, under `/team/resources/sso/v1/configurations` (answers: ISSOConfiguration, sso/configurations.ts
 * `configurationDto`, with the emulator additions `publicCertificateInfo`, `oidcSecretSet`, `idpEntityId`):
 * - `GET` → the account's configurations; `POST` (fields: IUpdateSSOConfiguration + `idpEntityId`) → 201;
 *   `PATCH /{id}` → the configuration; `DELETE /{id}` → `{}` (its domains stop routing);
 * - `POST /metadata {metadata}` (IdP metadata XML) → 201; `PUT /{id}/metadata {metadata}`;
 *   `POST /metadata-url {url, configMetadata?}` / `PUT /{id}/metadata-url`: the emulator fetches the URL (5 s; loopback
 *   allowed) → 400 `Could not fetch the IdP metadata from <url>: <why>` when it cannot, with `context: {reason,
 *   status?}` (http/outbound.ts `outboundReason`: `NO_SUCH_HOST`, `REFUSED`, `TIMEOUT`, `HTTP`, `ADDRESS`, …);
 * - `configMetadata` (string key/values, Frontegg's; `vendor` = the IdP chosen) is taken by every create and update
 *   (fields, metadata, metadata URL), stored and answered; the metadata creates take `enabled` too (an emulator
 *   addition; default true) so a setup can keep a connection off until the admin enables it (issue 31 item 5);
 * - OIDC (`type: 'oidc'`): `oidcClientId`, `oidcSecret` (write-only: answered '' with `oidcSecretSet`), the issuer in
 *   `ssoEndpoint`; discovery on save → 400 `OIDC discovery failed for <issuer>: <reason>` with `context: {reason,
 *   status?}` as above (`NOT_OIDC`: the document read names another issuer or lacks endpoints);
 * - domains: `POST /{id}/domains {domain}` → 201 `{id, domain, validated: false, txtRecord}`; `DELETE
 *   /{id}/domains/{domainId}` → `{}`; `PUT /{id}/domains/{domainId}/validate` (v1) and `…/sso/v2/configurations/…/validate`
 *   (v2) → 200 `{id, domain, validated, txtRecord}` plus `reason` ("not found yet, DNS can take a while") when the TXT
 *   record is not found; both answer the same (Frontegg's client types them void). 409 when another configuration
 *   routes the domain already;
 * - test sign-in (issue 31 item 5; federation/test-sign-in.ts): `POST /{id}/test` → 201 `{id, url}` (SAML: the IdP
 *   with an AuthnRequest; OIDC: the IdP's authorization URL with the registered redirect URI and a test's state; 400
 *   `ER-SSO-TEST-INCOMPLETE` without SSO URL / entity id / certificate, or authorization endpoint / client id); `GET
 *   /{id}/test/{testId}` → `{id, status: pending|succeeded|failed|expired, email, name, groups, attributes | reason}`;
 *   a test signs nobody in and makes no user; both need the write permission;
 * - `GET /{id}/roles` → `{roleIds}`; `PUT /{id}/roles {roleIds}` → `{roleIds}`;
 * - `GET /{id}/groups` → `[{id, group, roleIds}]`; `POST {group, roleIds}` → 201 the group; `PATCH /{id}/groups/{groupId}`
 *   → the group; `DELETE …/{groupId}` → `{}`. Role ids must be roles of the account (400 `Unknown role id: …`).
 *
 * Legacy single SAML (the account's configuration flagged `isLegacySaml`), under `/team/resources/sso`:
 * - `GET /v1/saml/configurations` → ISamlConfiguration, `{enabled: false}` when none; `POST` (IUpdateSamlConfiguration)
 *   creates or changes it; a changed `domain` clears ssoEndpoint and publicCertificate (unless the save carries new
 *   ones, issue 29 item 6), sets signRequest and validated
 *   false and gives a new `generatedVerification` (AB-4.14); `PUT /v1/saml/configurations/metadata {metadata}`;
 * - `PUT /v1/saml/validations/domain` → ISamlConfiguration with `validated` (AB-4.13) and, when not found, `reason`;
 *   no configuration (or no domain) → 400 `IllegalState: …` (AB-8.09);
 * - `GET /v1/saml/configurations/roles/default` → `string[]`; `POST {roleIds}` → `{}`;
 * - `GET|POST /v2/saml/configurations/groups`, `PATCH|DELETE …/groups/{id}`.
 * - `GET /v1/oidc/configurations` → IOidcConfiguration `{active, redirectUri}`: whether an OIDC configuration of the
 *   account is enabled, and the callback the IdP must allow (the host page's origin + `/account/oidc/callback`).
 *
 * Reads need `fe.secure.read.samlConfiguration`, changes `fe.secure.write.samlConfiguration` (403 `Not authorized`).
 * Every change writes an audit row (`sso.configuration.*`, `sso.domain.*`, `sso.roles.updated`, `sso.group.*`).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { requirePermission } from '../../http/permissions.ts';
import { parseBody, optStr } from '../../http/body.ts';
import { badRequest } from '../../http/errors.ts';
import { hostOrigin } from '../../http/origin.ts';
import { idParams } from '../../http/params.ts';
import { audit } from '../../audit.ts';
import {
  accountConfiguration,
  accountConfigurations,
  accountRoleIds,
  addDomain,
  configurationDomain,
  configurationDto,
  createConfiguration,
  createGroupMapping,
  deleteConfiguration,
  deleteGroupMapping,
  groupDto,
  groupMappings,
  legacyConfiguration,
  legacyFieldsAfterDomainChange,
  mergeSettings,
  removeDomain,
  samlConfigurationDto,
  setLegacyDomain,
  updateConfiguration,
  updateGroupMapping,
  validateDomain,
  validateLegacyDomain,
  type ConfigurationFields,
  type SsoConfigRow,
} from '../../sso/configurations.ts';
import { fetchIdpMetadata, parseIdpMetadata } from '../../sso/saml-metadata.ts';
import { startTestSignIn, testSignInResult } from '../../federation/test-sign-in.ts';

type Ctx = Context<AppEnv>;
export const adminSsoRoutes = new Hono<AppEnv>();

const V1 = '/team/resources/sso/v1';
const V2 = '/team/resources/sso/v2';
const CONFIGS = `${V1}/configurations`;
const SAML = `${V1}/saml/configurations`;

const READ = requirePermission('fe.secure.read.samlConfiguration');
const WRITE = requirePermission('fe.secure.write.samlConfiguration');

// not `${V2}/configurations/*`: `…/v2/configurations/public` is public (routes/federation.ts)
guard(adminSsoRoutes, CONFIGS, `${CONFIGS}/*`, `${V1}/saml/*`, `${V1}/oidc/*`, `${V2}/saml/*`, `${V2}/configurations/:id/domains/*`);

// ---------------------------------------------------------------- bodies

const roleIdsField = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? undefined);
/** Frontegg's `configMetadata`: string key/values kept with the configuration (other values are dropped). */
const configMetadataField = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => (v ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')) : undefined));
const fieldsIn = z.object({
  type: z
    .enum(['saml', 'oidc'])
    .nullish()
    .transform((v) => v ?? undefined),
  enabled: z
    .boolean()
    .nullish()
    .transform((v) => v ?? undefined),
  ssoEndpoint: optStr(),
  publicCertificate: optStr(),
  signRequest: z
    .boolean()
    .nullish()
    .transform((v) => v ?? undefined),
  oidcClientId: optStr(),
  oidcSecret: optStr(),
  idpEntityId: optStr(),
  roleIds: roleIdsField,
  configMetadata: configMetadataField,
});
/** `enabled` of a configuration made from metadata (an emulator addition: default true, as before). */
const enabledField = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);
const metadataIn = z.object({ metadata: z.string().min(1, { message: 'metadata is required' }), configMetadata: configMetadataField, enabled: enabledField });
const metadataUrlIn = z.object({ url: z.string().min(1, { message: 'url is required' }), configMetadata: configMetadataField, enabled: enabledField });
const domainIn = z.object({ domain: z.string().min(1, { message: 'domain is required' }) });
const rolesIn = z.object({ roleIds: z.array(z.string()) });
const groupIn = z.object({
  group: z.string(),
  roleIds: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
});
const groupPatch = z.object({ group: optStr(), roleIds: roleIdsField });

/** The audit details of a configuration: what it is, never its secret. */
const described = (config: SsoConfigRow, extra: Record<string, unknown> = {}) => ({ type: config.type, enabled: config.enabled, ...extra });

const answer = async (c: Ctx, config: SsoConfigRow, status: 200 | 201 = 200) => c.json(await configurationDto(c, config), status);

// ---------------------------------------------------------------- multi-SSO configurations

/** getSSOConfigurations (AB-7.51). */
adminSsoRoutes.get(CONFIGS, READ, async (c) => c.json(await Promise.all((await accountConfigurations(c)).map((row) => configurationDto(c, row)))));

/** createSSOConfiguration (by fields). */
adminSsoRoutes.post(CONFIGS, WRITE, async (c) => {
  const fields = await parseBody(c, fieldsIn);
  const row = await createConfiguration(c, fields);
  await audit(c, { action: 'sso.configuration.created', targetId: row.id, details: described(row, { via: 'fields' }) });
  return answer(c, row, 201);
});

/** createSSOConfigurationByMetadata: a SAML configuration from IdP metadata XML. */
adminSsoRoutes.post(`${CONFIGS}/metadata`, WRITE, async (c) => {
  const { metadata, configMetadata, enabled } = await parseBody(c, metadataIn);
  const row = await createConfiguration(c, { type: 'saml', configMetadata, enabled }, { metadata: parseIdpMetadata(metadata), metadataXml: metadata });
  await audit(c, { action: 'sso.configuration.created', targetId: row.id, details: described(row, { via: 'metadata' }) });
  return answer(c, row, 201);
});

/** createSSOConfigurationByMetadataUrl: the emulator fetches the metadata. */
adminSsoRoutes.post(`${CONFIGS}/metadata-url`, WRITE, async (c) => {
  const { url, configMetadata, enabled } = await parseBody(c, metadataUrlIn);
  const xml = await fetchIdpMetadata(url, c.var.rt.outbound);
  const row = await createConfiguration(c, { type: 'saml', configMetadata, enabled }, { metadata: parseIdpMetadata(xml), metadataXml: xml, metadataUrl: url });
  await audit(c, { action: 'sso.configuration.created', targetId: row.id, details: described(row, { via: 'metadata-url', url }) });
  return answer(c, row, 201);
});

/** updateSSOConfiguration (PATCH: absent fields stay). */
adminSsoRoutes.patch(`${CONFIGS}/:id`, WRITE, idParams('id'), async (c) => {
  const fields: ConfigurationFields = await parseBody(c, fieldsIn);
  const config = await accountConfiguration(c, c.req.param('id'));
  const row = await updateConfiguration(c, config, fields);
  await audit(c, {
    action: 'sso.configuration.updated',
    targetId: row.id,
    details: described(row, { fields: Object.keys(fields).filter((k) => fields[k as keyof ConfigurationFields] !== undefined) }),
  });
  return answer(c, row);
});

/** updateSSOConfigurationByMetadata. */
adminSsoRoutes.put(`${CONFIGS}/:id/metadata`, WRITE, idParams('id'), async (c) => {
  const { metadata, configMetadata } = await parseBody(c, metadataIn);
  const config = await accountConfiguration(c, c.req.param('id'));
  const row = await updateConfiguration(c, config, { type: 'saml', configMetadata }, { metadata: parseIdpMetadata(metadata), metadataXml: metadata });
  await audit(c, { action: 'sso.configuration.updated', targetId: row.id, details: described(row, { via: 'metadata' }) });
  return answer(c, row);
});

/** updateSSOConfigurationByMetadataUrl. */
adminSsoRoutes.put(`${CONFIGS}/:id/metadata-url`, WRITE, idParams('id'), async (c) => {
  const { url, configMetadata } = await parseBody(c, metadataUrlIn);
  const config = await accountConfiguration(c, c.req.param('id'));
  const xml = await fetchIdpMetadata(url, c.var.rt.outbound);
  const row = await updateConfiguration(c, config, { type: 'saml', configMetadata }, { metadata: parseIdpMetadata(xml), metadataXml: xml, metadataUrl: url });
  await audit(c, { action: 'sso.configuration.updated', targetId: row.id, details: described(row, { via: 'metadata-url', url }) });
  return answer(c, row);
});

/** deleteSSOConfiguration: its domains, groups and routing go with it. */
adminSsoRoutes.delete(`${CONFIGS}/:id`, WRITE, idParams('id'), async (c) => {
  const config = await accountConfiguration(c, c.req.param('id'));
  await deleteConfiguration(c, config);
  await audit(c, { action: 'sso.configuration.deleted', targetId: config.id, details: described(config, { domains: config.domains }) });
  return c.json({});
});

// ---------------------------------------------------------------- test sign-in (issue 31 item 5)

/** Starts a test sign-in (SAML or OIDC): `{ id, url }`, the IdP address to open in a new window. Audited. */
adminSsoRoutes.post(`${CONFIGS}/:id/test`, WRITE, idParams('id'), async (c) => {
  const config = await accountConfiguration(c, c.req.param('id'));
  const test = await startTestSignIn(c, config);
  await audit(c, { action: 'sso.configuration.test-started', targetId: config.id, details: described(config) });
  return c.json(test, 201);
});

/** The result of a test sign-in (federation/test-sign-in.ts `TestResult`). */
adminSsoRoutes.get(`${CONFIGS}/:id/test/:testId`, WRITE, idParams('id', 'testId'), async (c) => {
  const config = await accountConfiguration(c, c.req.param('id'));
  return c.json(await testSignInResult(c, config, c.req.param('testId')));
});

// ---------------------------------------------------------------- domains

/** createSSODomain: the domain and the TXT value to publish on it. */
adminSsoRoutes.post(`${CONFIGS}/:id/domains`, WRITE, idParams('id'), async (c) => {
  const { domain } = await parseBody(c, domainIn);
  const config = await accountConfiguration(c, c.req.param('id'));
  const row = await addDomain(c, config, domain);
  await audit(c, { action: 'sso.domain.added', targetId: config.id, details: { domain: row.domain, domainId: row.id } });
  return c.json({ id: row.id, domain: row.domain, validated: row.validated, txtRecord: row.txtRecord }, 201);
});

/** deleteSSODomain. */
adminSsoRoutes.delete(`${CONFIGS}/:id/domains/:domainId`, WRITE, idParams('id', 'domainId'), async (c) => {
  const config = await accountConfiguration(c, c.req.param('id'));
  const row = await configurationDomain(c, config, c.req.param('domainId'));
  await removeDomain(c, config, row);
  await audit(c, { action: 'sso.domain.deleted', targetId: config.id, details: { domain: row.domain, domainId: row.id } });
  return c.json({});
});

/** validateSSODomain (v1) and validateSSODomainV2: a DNS TXT lookup now. */
async function validate(c: Ctx) {
  const config = await accountConfiguration(c, c.req.param('id')!);
  const row = await configurationDomain(c, config, c.req.param('domainId')!);
  const result = await validateDomain(c, config, row);
  await audit(c, {
    action: result.validated ? 'sso.domain.validated' : 'sso.domain.validation-failed',
    targetId: config.id,
    severity: result.validated ? 'INFO' : 'WARNING',
    details: { domain: row.domain, domainId: row.id, ...(result.reason ? { reason: result.reason } : {}) },
  });
  return c.json(result);
}
adminSsoRoutes.put(`${CONFIGS}/:id/domains/:domainId/validate`, WRITE, idParams('id', 'domainId'), validate);
adminSsoRoutes.put(`${V2}/configurations/:id/domains/:domainId/validate`, WRITE, idParams('id', 'domainId'), validate);

// ---------------------------------------------------------------- default roles and groups (AB-6.08)

/** getSSODefaultRoles: `{roleIds}`. */
adminSsoRoutes.get(`${CONFIGS}/:id/roles`, READ, idParams('id'), async (c) => c.json({ roleIds: (await accountConfiguration(c, c.req.param('id'))).roleIds }));

/** setSSODefaultRoles `{roleIds}` → `{roleIds}`. */
adminSsoRoutes.put(`${CONFIGS}/:id/roles`, WRITE, idParams('id'), async (c) => {
  const { roleIds } = await parseBody(c, rolesIn);
  const config = await accountConfiguration(c, c.req.param('id'));
  const row = await updateConfiguration(c, config, { roleIds });
  await audit(c, { action: 'sso.roles.updated', targetId: config.id, details: { roleIds: row.roleIds } });
  return c.json({ roleIds: row.roleIds });
});

/** getSSOGroups. */
adminSsoRoutes.get(`${CONFIGS}/:id/groups`, READ, idParams('id'), async (c) => c.json((await groupMappings(c, await accountConfiguration(c, c.req.param('id')))).map(groupDto)));

/** createSSOGroup → 201 the mapping. */
adminSsoRoutes.post(`${CONFIGS}/:id/groups`, WRITE, idParams('id'), async (c) => {
  const body = await parseBody(c, groupIn);
  const config = await accountConfiguration(c, c.req.param('id'));
  const row = await createGroupMapping(c, config, body.group, body.roleIds);
  await audit(c, { action: 'sso.group.created', targetId: config.id, details: groupDto(row) });
  return c.json(groupDto(row), 201);
});

/** updateSSOGroup. */
adminSsoRoutes.patch(`${CONFIGS}/:id/groups/:groupId`, WRITE, idParams('id', 'groupId'), async (c) => {
  const body = await parseBody(c, groupPatch);
  const config = await accountConfiguration(c, c.req.param('id'));
  const row = await updateGroupMapping(c, config, c.req.param('groupId'), body);
  await audit(c, { action: 'sso.group.updated', targetId: config.id, details: groupDto(row) });
  return c.json(groupDto(row));
});

/** deleteSSOGroup. */
adminSsoRoutes.delete(`${CONFIGS}/:id/groups/:groupId`, WRITE, idParams('id', 'groupId'), async (c) => {
  const config = await accountConfiguration(c, c.req.param('id'));
  const row = await deleteGroupMapping(c, config, c.req.param('groupId'));
  await audit(c, { action: 'sso.group.deleted', targetId: config.id, details: groupDto(row) });
  return c.json({});
});

// ---------------------------------------------------------------- legacy single SAML (AB-3.20, AB-4.13–4.14, AB-7.49)

const samlIn = fieldsIn.extend({ domain: optStr() });

/**
 * The legacy configuration, or an IllegalState refusal (AB-8.09: the client raises IllegalState when domain
 * validation is asked without a configuration).
 * @throws HttpError 400 `IllegalState: …`
 */
async function legacyOrIllegalState(c: Ctx, what: string): Promise<SsoConfigRow> {
  const config = await legacyConfiguration(c);
  if (!config) throw badRequest(`IllegalState: ${what} needs a SAML configuration; save one first`, 'ER-SSO-ILLEGAL-STATE');
  return config;
}

/** getSamlConfiguration: ISamlConfiguration, `{enabled: false}` when none. */
adminSsoRoutes.get(SAML, READ, async (c) => c.json(await samlConfigurationDto(c, await legacyConfiguration(c))));

/** updateSamlConfiguration: creates or changes the legacy configuration. */
adminSsoRoutes.post(SAML, WRITE, async (c) => {
  const { domain, ...fields } = await parseBody(c, samlIn);
  const existing = await legacyConfiguration(c);
  let row: SsoConfigRow;
  let domainChanged = false;
  if (existing) {
    // a new domain clears endpoint, certificate and signRequest (AB-4.14), unless the same save carries new ones (issue 29 item 6)
    if (domain !== undefined) domainChanged = await setLegacyDomain(c, existing, domain);
    const { ssoEndpoint, publicCertificate, signRequest, ...rest } = fields;
    const idp = domainChanged ? legacyFieldsAfterDomainChange(existing, { ssoEndpoint, publicCertificate, signRequest }) : { ssoEndpoint, publicCertificate, signRequest };
    row = await updateConfiguration(c, existing, { ...rest, type: rest.type ?? 'saml', ...idp });
  } else {
    row = await createConfiguration(c, { ...fields, type: fields.type ?? 'saml', enabled: fields.enabled ?? false });
    await mergeSettings(c.var.db, row.id, { isLegacySaml: true });
    if (domain) domainChanged = await setLegacyDomain(c, row, domain, { clear: false });
  }
  await audit(c, {
    action: existing ? 'sso.configuration.updated' : 'sso.configuration.created',
    targetId: row.id,
    details: described(row, { legacySaml: true, ...(domainChanged ? { domain } : {}) }),
  });
  return c.json(await samlConfigurationDto(c, row));
});

/** updateSamlVendorMetadata: the IdP's metadata XML into the legacy configuration (made when missing). */
adminSsoRoutes.put(`${SAML}/metadata`, WRITE, async (c) => {
  const { metadata } = await parseBody(c, metadataIn);
  const meta = parseIdpMetadata(metadata);
  const existing = await legacyConfiguration(c);
  let row: SsoConfigRow;
  if (existing) row = await updateConfiguration(c, existing, { type: 'saml' }, { metadata: meta, metadataXml: metadata });
  else {
    row = await createConfiguration(c, { type: 'saml', enabled: false }, { metadata: meta, metadataXml: metadata });
    await mergeSettings(c.var.db, row.id, { isLegacySaml: true });
  }
  await audit(c, {
    action: existing ? 'sso.configuration.updated' : 'sso.configuration.created',
    targetId: row.id,
    details: described(row, { legacySaml: true, via: 'metadata' }),
  });
  return c.json(await samlConfigurationDto(c, row));
});

/** validateSamlDomain (AB-4.13, AB-8.09): the legacy domain's TXT record (`generatedVerification`). */
adminSsoRoutes.put(`${V1}/saml/validations/domain`, WRITE, async (c) => {
  const config = await legacyOrIllegalState(c, 'SAML domain validation');
  const check = await validateLegacyDomain(c, config);
  const dto = await samlConfigurationDto(c, config);
  await audit(c, {
    action: check.validated ? 'sso.domain.validated' : 'sso.domain.validation-failed',
    targetId: config.id,
    severity: check.validated ? 'INFO' : 'WARNING',
    details: { domain: 'domain' in dto ? dto.domain : '', legacySaml: true, ...(check.reason ? { reason: check.reason } : {}) },
  });
  return c.json(check.reason ? { ...dto, reason: check.reason } : dto);
});

/** getSamlRoles: the legacy configuration's default roles (`string[]`; `[]` when none). */
adminSsoRoutes.get(`${SAML}/roles/default`, READ, async (c) => c.json((await legacyConfiguration(c))?.roleIds ?? []));

/** updateSamlRoles `{roleIds}`. */
adminSsoRoutes.post(`${SAML}/roles/default`, WRITE, async (c) => {
  const { roleIds } = await parseBody(c, rolesIn);
  const config = await legacyOrIllegalState(c, 'SAML roles');
  const row = await updateConfiguration(c, config, { roleIds: await accountRoleIds(c, roleIds) });
  await audit(c, { action: 'sso.roles.updated', targetId: config.id, details: { roleIds: row.roleIds, legacySaml: true } });
  return c.json({});
});

const SAML_GROUPS = `${V2}/saml/configurations/groups`;

/** getSamlRolesGroups: `[{id, group, roleIds}]` (`[]` without a configuration). */
adminSsoRoutes.get(SAML_GROUPS, READ, async (c) => {
  const config = await legacyConfiguration(c);
  return c.json(config ? (await groupMappings(c, config)).map(groupDto) : []);
});

/** createSamlGroup. */
adminSsoRoutes.post(SAML_GROUPS, WRITE, async (c) => {
  const body = await parseBody(c, groupIn);
  const config = await legacyOrIllegalState(c, 'SAML groups');
  const row = await createGroupMapping(c, config, body.group, body.roleIds);
  await audit(c, { action: 'sso.group.created', targetId: config.id, details: { ...groupDto(row), legacySaml: true } });
  return c.json(groupDto(row), 201);
});

/** updateSamlGroup. */
adminSsoRoutes.patch(`${SAML_GROUPS}/:groupId`, WRITE, idParams('groupId'), async (c) => {
  const body = await parseBody(c, groupPatch);
  const config = await legacyOrIllegalState(c, 'SAML groups');
  const row = await updateGroupMapping(c, config, c.req.param('groupId'), body);
  await audit(c, { action: 'sso.group.updated', targetId: config.id, details: { ...groupDto(row), legacySaml: true } });
  return c.json(groupDto(row));
});

/** deleteSamlGroup. */
adminSsoRoutes.delete(`${SAML_GROUPS}/:groupId`, WRITE, idParams('groupId'), async (c) => {
  const config = await legacyOrIllegalState(c, 'SAML groups');
  const row = await deleteGroupMapping(c, config, c.req.param('groupId'));
  await audit(c, { action: 'sso.group.deleted', targetId: config.id, details: { ...groupDto(row), legacySaml: true } });
  return c.json({});
});

// ---------------------------------------------------------------- OIDC (AB-7.50)

/** getOidcConfiguration: `{active, redirectUri}`. */
adminSsoRoutes.get(`${V1}/oidc/configurations`, READ, async (c) => {
  const active = (await accountConfigurations(c)).some((row) => row.type === 'oidc' && row.enabled);
  return c.json({ active, redirectUri: `${hostOrigin(c)}/account/oidc/callback` });
});
