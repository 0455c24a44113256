/**
 * SSO (api-contract §V; admin spec §3 "SAML config", "Multi-SSO configuration", §7 "SSO and provisioning"; AB-3.20–3.22,
 * AB-7.49, AB-7.51, AB-7.52). Every call is made as Frontegg's client makes it (`@frontegg/rest-api` auth/index.js:
 * same method, path and body); calls send `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and
 * reject with an `FeApiError`.
 *
 * Two generations live side by side on the wire:
 * - the legacy single SAML configuration of the account (`saml/configurations`, its metadata, the domain validation,
 *   its default roles and its v2 group mappings; AB-7.49);
 * - the multi-SSO configurations (`configurations`, by fields, metadata XML or metadata URL, each with its own domains,
 *   default roles and group mappings; AB-7.51, AB-7.52).
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

const V1 = '/team/resources/sso/v1';
const V2 = '/team/resources/sso/v2';

/** Paths, without the `/{prefix}` (contract §V). */
export const SSO_PATHS = Object.freeze({
  samlConfiguration: `${V1}/saml/configurations`,
  samlVendorConfig: `${V1}/saml/configurations/vendor-config`,
  samlMetadata: `${V1}/saml/configurations/metadata`,
  samlValidateDomain: `${V1}/saml/validations/domain`,
  samlRoles: `${V1}/saml/configurations/roles/default`,
  samlGroups: `${V2}/saml/configurations/groups`,
  oidcConfiguration: `${V1}/oidc/configurations`,
  configurations: `${V1}/configurations`,
  configurationsByMetadata: `${V1}/configurations/metadata`,
  configurationsByMetadataUrl: `${V1}/configurations/metadata-url`,
  configurationsV2: `${V2}/configurations`,
});

/** The two protocols of an SSO configuration (`type` on the wire). */
export type SsoType = 'saml' | 'oidc';

/** The SSO vendors the admin picks from (admin spec §3; AB-3.21): the protocol each speaks follows from it. */
export const SSO_VENDORS = ['saml', 'okta', 'azure', 'google', 'oidc'] as const;
/** One SSO vendor. */
export type SsoVendor = (typeof SSO_VENDORS)[number];

/**
 * The legacy SAML configuration of the account (ISamlConfiguration; AB-3.20). `enabled: false` and nothing else when
 * the account has none. Dates are ISO strings.
 */
export interface SamlConfiguration {
  enabled: boolean;
  domain?: string;
  validated?: boolean;
  /** The TXT record value the admin publishes on `domain` to prove it. */
  generatedVerification?: string;
  ssoEndpoint?: string;
  /** The IdP's signing certificate, PEM or bare base64. */
  publicCertificate?: string;
  signRequest?: boolean;
  acsUrl?: string;
  spEntityId?: string;
  oidcClientId?: string;
  oidcSecret?: string;
  type?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** The body of `updateSamlConfiguration`: the configuration minus what the server decides (contract §V). */
export type SamlConfigurationInput = Omit<SamlConfiguration, 'validated' | 'generatedVerification' | 'createdAt' | 'updatedAt'>;

/** Our service provider's side, what the admin gives the IdP: the ACS URL and the SP entity ID. */
export interface SamlVendorConfig {
  acsUrl: string;
  spEntityId: string;
}

/** The OIDC side of the account (`getOidcConfiguration`): whether it is active and the redirect URI to register at the IdP. */
export interface OidcConfiguration {
  active: boolean;
  redirectUri?: string;
}

/** An IdP group mapped to roles (ISamlRolesGroup; AB-3.22): users the IdP sends in `group` get `roleIds`. */
export interface SsoGroup {
  id: string;
  group: string;
  roleIds: string[];
}

/** A group mapping as written (create or update). */
export interface SsoGroupInput {
  group: string;
  roleIds: string[];
}

/** A domain claimed by a configuration (ISSODomain): `txtRecord` is the value to publish as a DNS TXT record. */
export interface SsoDomain {
  id: string;
  domain: string;
  validated: boolean;
  txtRecord: string;
}

/**
 * What the emulator reads from the IdP's signing certificate (an emulator addition to ISSOConfiguration):
 * distinguished names, validity as ISO dates, the SHA-256 fingerprint (colon-separated hex).
 */
export interface CertificateInfo {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  fingerprint256: string;
}

/**
 * One multi-SSO configuration (ISSOConfiguration; AB-3.22). For OIDC the issuer is in `ssoEndpoint`, and `oidcSecret`
 * is never answered (always `''`): `oidcSecretSet` tells whether one is stored. Dates are ISO strings.
 */
export interface SsoConfiguration {
  id: string;
  enabled: boolean;
  generatedVerification: string;
  ssoEndpoint: string;
  publicCertificate: string;
  signRequest: boolean;
  acsUrl: string;
  spEntityId: string;
  type: SsoType;
  oidcClientId: string;
  oidcSecret: string;
  domains: SsoDomain[];
  roleIds: string[];
  groups: SsoGroup[];
  createdAt?: string;
  updatedAt?: string;
  /** Emulator addition: the IdP certificate read, `null` without one. */
  publicCertificateInfo?: CertificateInfo | null;
  /** Emulator addition: a client secret is stored (it is never sent back). */
  oidcSecretSet?: boolean;
  /** Emulator addition: the SAML IdP's entity ID (read from its metadata, or given with the fields). */
  idpEntityId?: string;
  /** Emulator addition: the configuration is the account's legacy single SAML configuration (edited through `saml/configurations`). */
  isLegacySaml?: boolean;
  /** Free key/values kept with the configuration (Frontegg's `configMetadata`): `vendor` is the IdP chosen at setup. */
  configMetadata?: Record<string, string>;
}

/** The body of `createSSOConfiguration` / `updateSSOConfiguration` (IUpdateSSOConfiguration): any field but id, dates and domains. */
export type SsoConfigurationInput = Partial<Omit<SsoConfiguration, 'id' | 'createdAt' | 'updatedAt' | 'domains' | 'publicCertificateInfo' | 'oidcSecretSet' | 'isLegacySaml'>>;

/** The body of the metadata-URL calls: the IdP's metadata address and free key/values kept with the configuration. */
export interface MetadataUrlInput {
  url: string;
  configMetadata?: Record<string, string>;
  /** Emulator addition: the configuration made starts off (`false`) or on (default). */
  enabled?: boolean;
}

/** Emulator additions to `createSSOConfigurationByMetadata`'s body: the key/values kept with it, whether it starts on (default) or off. */
export interface MetadataExtras {
  configMetadata?: Record<string, string>;
  enabled?: boolean;
}

/** The key of `configMetadata` that names the IdP the admin chose (an {@link SsoVendor}). */
export const VENDOR_METADATA_KEY = 'vendor';

/**
 * The answer of a domain validation. Frontegg's client types it `void`; the emulator answers the domain with
 * `validated`, and when the TXT record is not found yet `validated: false` with `reason` (not an error).
 */
export interface SsoDomainValidation {
  validated: boolean;
  reason?: string;
  id?: string;
  domain?: string;
  txtRecord?: string;
}

/**
 * The result of a test sign-in (emulator addition, issue 31 item 5; emulator/src/federation/test-sign-in.ts):
 * `pending` until the IdP answers, then `succeeded` with what it asserted (email, name, groups, every attribute as
 * name → values) or `failed` with the reason; `expired` after 10 minutes without an answer.
 */
export type SsoTestResult =
  | { id: string; status: 'pending' | 'expired' }
  | { id: string; status: 'succeeded'; email: string; name: string | null; groups: string[]; attributes: Record<string, string[]> }
  | { id: string; status: 'failed'; reason: string };

/** Creates the SSO calls on top of `client`. */
export function createSsoApi(client: ApiClient) {
  const config = (id: string) => `${SSO_PATHS.configurations}/${encodeURIComponent(id)}`;
  const samlGroup = (id: string) => `${SSO_PATHS.samlGroups}/${encodeURIComponent(id)}`;
  return {
    // ---- legacy single SAML configuration (AB-7.49) ----
    /** `GET saml/configurations` (getSamlConfiguration): the configuration, `{ enabled: false }` without one. */
    getSamlConfiguration(o?: CallOptions): Promise<SamlConfiguration> {
      return client.get<SamlConfiguration>(SSO_PATHS.samlConfiguration, adminOptions(o));
    },
    /** `POST saml/configurations` (updateSamlConfiguration): creates or replaces it; answers what is stored. */
    updateSamlConfiguration(body: SamlConfigurationInput, o?: CallOptions): Promise<SamlConfiguration> {
      return client.post<SamlConfiguration>(SSO_PATHS.samlConfiguration, body, adminOptions(o));
    },
    /** `GET saml/configurations/vendor-config` (getSamlVendorConfiguration): our ACS URL and SP entity ID. */
    getSamlVendorConfiguration(o?: CallOptions): Promise<SamlVendorConfig> {
      return client.get<SamlVendorConfig>(SSO_PATHS.samlVendorConfig, adminOptions(o));
    },
    /** `PUT saml/configurations/metadata` with `{ metadata }` (updateSamlVendorMetadata): endpoint and certificate read from the IdP's XML. */
    updateSamlVendorMetadata(metadata: string, o?: CallOptions): Promise<SamlConfiguration> {
      return client.put<SamlConfiguration>(SSO_PATHS.samlMetadata, { metadata }, adminOptions(o));
    },
    /** `PUT saml/validations/domain`, no body (validateSamlDomain): the configuration with `validated` true or false (AB-4.13). */
    validateSamlDomain(o?: CallOptions): Promise<SamlConfiguration> {
      return client.put<SamlConfiguration>(SSO_PATHS.samlValidateDomain, undefined, adminOptions(o));
    },
    /** `GET saml/configurations/roles/default` (getSamlRoles): the default role ids. */
    getSamlRoles(o?: CallOptions): Promise<string[]> {
      return client.get<string[]>(SSO_PATHS.samlRoles, adminOptions(o));
    },
    /** `POST saml/configurations/roles/default` with `{ roleIds }` (updateSamlRoles). */
    async updateSamlRoles(roleIds: readonly string[], o?: CallOptions): Promise<void> {
      await client.post(SSO_PATHS.samlRoles, { roleIds: [...roleIds] }, adminOptions(o));
    },
    /** `GET v2 saml/configurations/groups` (getSamlRolesGroups): the group mappings. */
    getSamlGroups(o?: CallOptions): Promise<SsoGroup[]> {
      return client.get<SsoGroup[]>(SSO_PATHS.samlGroups, adminOptions(o));
    },
    /** `POST v2 saml/configurations/groups` with `{ group, roleIds }` (createSamlGroup). */
    async createSamlGroup(input: SsoGroupInput, o?: CallOptions): Promise<void> {
      await client.post(SSO_PATHS.samlGroups, { group: input.group, roleIds: input.roleIds }, adminOptions(o));
    },
    /** `PATCH v2 saml/configurations/groups/{id}` with `{ group, roleIds }` (updateSamlGroup). */
    async updateSamlGroup(id: string, input: SsoGroupInput, o?: CallOptions): Promise<void> {
      await client.patch(samlGroup(id), { group: input.group, roleIds: input.roleIds }, adminOptions(o));
    },
    /** `DELETE v2 saml/configurations/groups/{id}` (deleteSamlGroup). */
    async deleteSamlGroup(id: string, o?: CallOptions): Promise<void> {
      await client.delete(samlGroup(id), undefined, adminOptions(o));
    },
    /** `GET oidc/configurations` (getOidcConfiguration): `{ active, redirectUri }`. */
    getOidcConfiguration(o?: CallOptions): Promise<OidcConfiguration> {
      return client.get<OidcConfiguration>(SSO_PATHS.oidcConfiguration, adminOptions(o));
    },

    // ---- multi-SSO configurations (AB-7.51) ----
    /** `GET configurations` (getSSOConfigurations): every configuration of the account. */
    getConfigurations(o?: CallOptions): Promise<SsoConfiguration[]> {
      return client.get<SsoConfiguration[]>(SSO_PATHS.configurations, adminOptions(o));
    },
    /** `POST configurations` (createSSOConfiguration): by fields (SAML endpoint and certificate, or OIDC issuer, client id and secret). */
    createConfiguration(body: SsoConfigurationInput, o?: CallOptions): Promise<SsoConfiguration> {
      return client.post<SsoConfiguration>(SSO_PATHS.configurations, body, adminOptions(o));
    },
    /** `PATCH configurations/{id}` (updateSSOConfiguration): the fields given change. */
    updateConfiguration(id: string, body: SsoConfigurationInput, o?: CallOptions): Promise<SsoConfiguration> {
      return client.patch<SsoConfiguration>(config(id), body, adminOptions(o));
    },
    /** `DELETE configurations/{id}` (deleteSSOConfiguration). */
    async deleteConfiguration(id: string, o?: CallOptions): Promise<void> {
      await client.delete(config(id), undefined, adminOptions(o));
    },
    /** `POST configurations/metadata` with `{ metadata }` and the emulator's {@link MetadataExtras} (createSSOConfigurationByMetadata): a SAML configuration from the IdP's XML. */
    createByMetadata(metadata: string, extras: MetadataExtras = {}, o?: CallOptions): Promise<SsoConfiguration> {
      return client.post<SsoConfiguration>(SSO_PATHS.configurationsByMetadata, { metadata, ...extras }, adminOptions(o));
    },
    /** `PUT configurations/{id}/metadata` with `{ metadata }` (updateSSOConfigurationByMetadata). */
    updateByMetadata(id: string, metadata: string, o?: CallOptions): Promise<SsoConfiguration> {
      return client.put<SsoConfiguration>(`${config(id)}/metadata`, { metadata }, adminOptions(o));
    },
    /** `POST configurations/metadata-url` with `{ url, configMetadata }` (createSSOConfigurationByMetadataUrl): the server fetches the XML. */
    createByMetadataUrl(input: MetadataUrlInput, o?: CallOptions): Promise<SsoConfiguration> {
      return client.post<SsoConfiguration>(SSO_PATHS.configurationsByMetadataUrl, input, adminOptions(o));
    },
    /** `PUT configurations/{id}/metadata-url` with `{ url, configMetadata }` (updateSSOConfigurationByMetadataUrl). */
    updateByMetadataUrl(id: string, input: MetadataUrlInput, o?: CallOptions): Promise<SsoConfiguration> {
      return client.put<SsoConfiguration>(`${config(id)}/metadata-url`, input, adminOptions(o));
    },

    // ---- test sign-in (emulator addition, issue 31 item 5) ----
    /**
     * `POST configurations/{id}/test`: starts a test sign-in (SAML or OIDC); answers its id and the IdP address to open.
     * @throws FeApiError 400 `ER-SSO-TEST-INCOMPLETE` when the IdP's address is not known yet
     */
    startTestSignIn(id: string, o?: CallOptions): Promise<{ id: string; url: string }> {
      return client.post<{ id: string; url: string }>(`${config(id)}/test`, {}, adminOptions(o));
    },
    /** `GET configurations/{id}/test/{testId}`: the test's result so far. */
    getTestSignIn(id: string, testId: string, o?: CallOptions): Promise<SsoTestResult> {
      return client.get<SsoTestResult>(`${config(id)}/test/${encodeURIComponent(testId)}`, adminOptions(o));
    },

    // ---- domains of a configuration (AB-7.52) ----
    /** `POST configurations/{id}/domains` with `{ domain }` (createSSODomain): the domain with the TXT value to publish. */
    createDomain(id: string, domain: string, o?: CallOptions): Promise<SsoDomain> {
      return client.post<SsoDomain>(`${config(id)}/domains`, { domain }, adminOptions(o));
    },
    /** `DELETE configurations/{id}/domains/{domainId}` (deleteSSODomain). */
    async deleteDomain(id: string, domainId: string, o?: CallOptions): Promise<void> {
      await client.delete(`${config(id)}/domains/${encodeURIComponent(domainId)}`, undefined, adminOptions(o));
    },
    /**
     * `PUT v2 configurations/{id}/domains/{domainId}/validate`, no body (validateSSODomainV2): the emulator looks the
     * TXT record up; `validated: false` with a `reason` when it is not found yet (see {@link SsoDomainValidation}).
     */
    async validateDomain(id: string, domainId: string, o?: CallOptions): Promise<SsoDomainValidation> {
      const path = `${SSO_PATHS.configurationsV2}/${encodeURIComponent(id)}/domains/${encodeURIComponent(domainId)}/validate`;
      const answer = await client.put<Partial<SsoDomainValidation> | null>(path, undefined, adminOptions(o));
      // Frontegg's server answers nothing on success: no answer is a validated domain
      return { ...answer, validated: answer?.validated ?? true };
    },

    // ---- roles and group mappings of a configuration (AB-6.08, AB-7.51, AB-7.52) ----
    /** `GET configurations/{id}/roles` (getSSODefaultRoles): `{ roleIds }`. */
    getDefaultRoles(id: string, o?: CallOptions): Promise<{ roleIds: string[] }> {
      return client.get<{ roleIds: string[] }>(`${config(id)}/roles`, adminOptions(o));
    },
    /** `PUT configurations/{id}/roles` with `{ roleIds }` (setSSODefaultRoles). */
    async setDefaultRoles(id: string, roleIds: readonly string[], o?: CallOptions): Promise<void> {
      await client.put(`${config(id)}/roles`, { roleIds: [...roleIds] }, adminOptions(o));
    },
    /** `GET configurations/{id}/groups` (getSSOGroups). */
    getGroups(id: string, o?: CallOptions): Promise<SsoGroup[]> {
      return client.get<SsoGroup[]>(`${config(id)}/groups`, adminOptions(o));
    },
    /** `POST configurations/{id}/groups` with `{ group, roleIds }` (createSSOGroup). */
    async createGroup(id: string, input: SsoGroupInput, o?: CallOptions): Promise<void> {
      await client.post(`${config(id)}/groups`, { group: input.group, roleIds: input.roleIds }, adminOptions(o));
    },
    /** `PATCH configurations/{id}/groups/{groupId}` with `{ group, roleIds }` (updateSSOGroup). */
    async updateGroup(id: string, groupId: string, input: SsoGroupInput, o?: CallOptions): Promise<void> {
      await client.patch(`${config(id)}/groups/${encodeURIComponent(groupId)}`, { group: input.group, roleIds: input.roleIds }, adminOptions(o));
    },
    /** `DELETE configurations/{id}/groups/{groupId}` (deleteSSOGroup). */
    async deleteGroup(id: string, groupId: string, o?: CallOptions): Promise<void> {
      await client.delete(`${config(id)}/groups/${encodeURIComponent(groupId)}`, undefined, adminOptions(o));
    },
  };
}

/** The SSO calls of one client. */
export type SsoApi = ReturnType<typeof createSsoApi>;
