/**
 * The SSO section's server data (admin spec §3, §4, §7 "SSO and provisioning"; api-contract §V): the account's SSO
 * configurations with their domains, default roles and group mappings, our SAML service provider's side (ACS URL,
 * entity ID), and the legacy single SAML configuration. Read by the section through `resources.use(createSsoResource)`;
 * the setup flows' actors (machines/admin-sso-*.actors.ts) write through the same mutations.
 *
 * Every write refetches the configurations (what the list then shows is what the server holds); a toggle of
 * `enabled` is optimistic and rolled back on failure.
 */
import type { ApiClient } from '../../api/client.ts';
import {
  createSsoApi,
  SSO_PATHS,
  SSO_VENDORS,
  VENDOR_METADATA_KEY,
  type MetadataUrlInput,
  type OidcConfiguration,
  type SamlConfiguration,
  type SamlConfigurationInput,
  type SamlVendorConfig,
  type SsoConfiguration,
  type SsoConfigurationInput,
  type SsoDomain,
  type SsoDomainValidation,
  type SsoGroup,
  type SsoGroupInput,
  type SsoTestResult,
} from '../../api/sso.ts';
export type { SsoTestResult };
import type { CacheTools, QueryContext } from './query.ts';

/** The area's paths and vendors, for the section's preview data and views (views take values from resources, not from src/api). */
export { SSO_PATHS, SSO_VENDORS };

/** Cache keys of the area. */
export const SSO_KEYS = Object.freeze({
  configurations: 'admin/sso/configurations',
  vendorConfig: 'admin/sso/vendor-config',
  oidc: 'admin/sso/oidc',
  saml: 'admin/sso/saml',
  samlRoles: 'admin/sso/saml/roles',
  samlGroups: 'admin/sso/saml/groups',
});

/** How a new configuration is made (the setup flow's configure step). */
export type SsoCreateInput =
  { method: 'metadataUrl'; url: string; vendor: string } | { method: 'metadataFile'; metadata: string; vendor: string } | { method: 'fields'; body: SsoConfigurationInput };

/** The authorization of one configuration (AB-6.08): default roles, and the group mappings as they should end up. */
export interface SsoAuthorizationInput {
  configId: string;
  roleIds: string[];
  /** The mappings wanted: rows with an `id` are updated, rows without are created, stored rows missing here are deleted. */
  groups: Array<SsoGroupInput & { id?: string }>;
}

/** Refetches the configurations while the list on screen stays (a connection's page and its flows must not unmount meanwhile). */
const refetchConfigurations = (cache: CacheTools) => cache.revalidate((k) => k === SSO_KEYS.configurations);

/** Builds the SSO resource of one app. */
export function createSsoResource(q: QueryContext, client: ApiClient) {
  const api = createSsoApi(client);
  const $configurations = q.createFetcherStore<SsoConfiguration[]>([SSO_KEYS.configurations], { fetcher: () => api.getConfigurations() });

  /** Replaces one configuration in the cached list (no refetch). */
  const patchCached = (cache: CacheTools, id: string, patch: (c: SsoConfiguration) => SsoConfiguration) => {
    const list = cache.read<SsoConfiguration[]>(SSO_KEYS.configurations);
    if (list)
      cache.write(
        SSO_KEYS.configurations,
        list.map((c) => (c.id === id ? patch(c) : c)),
      );
  };

  return {
    /** Every SSO configuration of the account (`GET configurations`). */
    $configurations,
    /** Our SAML service provider's ACS URL and entity ID (`GET saml/configurations/vendor-config`). */
    $vendorConfig: q.createFetcherStore<SamlVendorConfig>([SSO_KEYS.vendorConfig], { fetcher: () => api.getSamlVendorConfiguration() }),
    /** The OIDC side of the account: the redirect URI to register at the IdP (`GET oidc/configurations`). */
    $oidcConfiguration: q.createFetcherStore<OidcConfiguration>([SSO_KEYS.oidc], { fetcher: () => api.getOidcConfiguration() }),
    /** The legacy single SAML configuration (`GET saml/configurations`; `{ enabled: false }` without one). */
    $saml: q.createFetcherStore<SamlConfiguration>([SSO_KEYS.saml], { fetcher: () => api.getSamlConfiguration() }),
    /** The legacy configuration's default roles (`GET saml/configurations/roles/default`). */
    $samlRoles: q.createFetcherStore<string[]>([SSO_KEYS.samlRoles], { fetcher: () => api.getSamlRoles() }),
    /** The legacy configuration's group mappings (`GET v2 saml/configurations/groups`). */
    $samlGroups: q.createFetcherStore<SsoGroup[]>([SSO_KEYS.samlGroups], { fetcher: () => api.getSamlGroups() }),

    /**
     * Creates a configuration by metadata URL (the server fetches and parses it), by metadata XML (a file read in the
     * browser) — both made disabled, `configMetadata.vendor` keeping the IdP chosen — or by fields (SAML or OIDC, the
     * body as given; the emulator runs OIDC discovery on the issuer).
     * @throws FeApiError — the server's reason (unreachable URL, unparsable XML, discovery failed; `errorContext.reason` says why, see ../sso/model.ts `setupErrorKey`)
     */
    create: q.mutation<SsoCreateInput, SsoConfiguration>(async (input, cache) => {
      const created =
        input.method === 'metadataUrl'
          ? await api.createByMetadataUrl({ url: input.url, configMetadata: { [VENDOR_METADATA_KEY]: input.vendor }, enabled: false } satisfies MetadataUrlInput)
          : input.method === 'metadataFile'
            ? await api.createByMetadata(input.metadata, { configMetadata: { [VENDOR_METADATA_KEY]: input.vendor }, enabled: false })
            : await api.createConfiguration(input.body);
      refetchConfigurations(cache);
      return created;
    }),
    /** Changes a configuration's fields (`PATCH configurations/{id}`). @throws FeApiError */
    update: q.mutation<{ id: string; body: SsoConfigurationInput }, SsoConfiguration>(async ({ id, body }, cache) => {
      const saved = await api.updateConfiguration(id, body);
      refetchConfigurations(cache);
      return saved;
    }),
    /** Switches a configuration on or off, at once on screen, rolled back on failure (AB-4.15 shows it loading meanwhile). @throws FeApiError */
    setEnabled: q.mutation<{ id: string; enabled: boolean }, SsoConfiguration>(async ({ id, enabled }, cache) => {
      patchCached(cache, id, (c) => ({ ...c, enabled }));
      try {
        return await api.updateConfiguration(id, { enabled });
      } catch (error) {
        patchCached(cache, id, (c) => ({ ...c, enabled: !enabled }));
        throw error;
      } finally {
        refetchConfigurations(cache);
      }
    }),
    /** Starts a test sign-in of a SAML connection: its id and the IdP address to open in a new window (issue 31 item 5). @throws FeApiError */
    startTest: q.mutation<string, { id: string; url: string }>(async (configId) => api.startTestSignIn(configId)),
    /** Reads a test sign-in's result (`pending` until the IdP answers). @throws FeApiError */
    testResult: q.mutation<{ configId: string; testId: string }, SsoTestResult>(async ({ configId, testId }) => api.getTestSignIn(configId, testId)),
    /** Deletes a configuration with its domains and mappings (`DELETE configurations/{id}`). @throws FeApiError */
    remove: q.mutation<string, void>(async (id, cache) => {
      await api.deleteConfiguration(id);
      refetchConfigurations(cache);
    }),
    /** Claims a domain for a configuration: answers its TXT record value to publish. @throws FeApiError — taken or malformed domain */
    addDomain: q.mutation<{ configId: string; domain: string }, SsoDomain>(async ({ configId, domain }, cache) => {
      const created = await api.createDomain(configId, domain);
      refetchConfigurations(cache);
      return created;
    }),
    /** Gives a domain up. @throws FeApiError */
    removeDomain: q.mutation<{ configId: string; domainId: string }, void>(async ({ configId, domainId }, cache) => {
      await api.deleteDomain(configId, domainId);
      refetchConfigurations(cache);
    }),
    /**
     * Asks the server to look the domain's TXT record up (a real DNS lookup at the emulator): `validated: false` with a
     * `reason` when it is not found yet (not an error). @throws FeApiError — the lookup could not be made
     */
    validateDomain: q.mutation<{ configId: string; domainId: string }, SsoDomainValidation>(async ({ configId, domainId }, cache) => {
      const answer = await api.validateDomain(configId, domainId);
      refetchConfigurations(cache);
      return answer;
    }),
    /**
     * Saves a configuration's authorization (AB-6.08): its default roles, then each group mapping created, changed or
     * deleted so the stored mappings are `groups`. @throws FeApiError — the first call refused (the earlier ones stay)
     */
    saveAuthorization: q.mutation<SsoAuthorizationInput, void>(async ({ configId, roleIds, groups }, cache) => {
      try {
        await api.setDefaultRoles(configId, roleIds);
        const stored = await api.getGroups(configId);
        const kept = new Set(groups.flatMap((g) => (g.id ? [g.id] : [])));
        for (const old of stored) if (!kept.has(old.id)) await api.deleteGroup(configId, old.id);
        for (const g of groups) {
          const body = { group: g.group.trim(), roleIds: g.roleIds };
          if (!g.id) await api.createGroup(configId, body);
          else {
            const was = stored.find((s) => s.id === g.id);
            if (!was || was.group !== body.group || was.roleIds.join() !== body.roleIds.join()) await api.updateGroup(configId, g.id, body);
          }
        }
      } finally {
        refetchConfigurations(cache);
      }
    }),

    // ---- the legacy single SAML configuration (AB-4.13–4.17, AB-6.09) ----
    /** Saves the legacy SAML configuration (`POST saml/configurations`); answers what is stored. @throws FeApiError */
    saveSaml: q.mutation<SamlConfigurationInput, SamlConfiguration>(async (body, cache) => {
      const saved = await api.updateSamlConfiguration(body);
      cache.write(SSO_KEYS.saml, saved);
      refetchConfigurations(cache);
      return saved;
    }),
    /** Validates the legacy configuration's domain (`PUT saml/validations/domain`): `validated` true or false (AB-4.13). @throws FeApiError */
    validateSamlDomain: q.mutation<void, SamlConfiguration>(async (_, cache) => {
      const saved = await api.validateSamlDomain();
      cache.write(SSO_KEYS.saml, saved);
      return saved;
    }),
    /** Reads the legacy SAML configuration afresh. @throws FeApiError */
    loadSaml: q.mutation<void, SamlConfiguration>(async (_, cache) => {
      const saml = await api.getSamlConfiguration();
      cache.write(SSO_KEYS.saml, saml);
      return saml;
    }),
    /** Saves the legacy configuration's default roles (`POST saml/configurations/roles/default`; AB-6.09). @throws FeApiError */
    saveSamlRoles: q.mutation<string[], void>(async (roleIds, cache) => {
      await api.updateSamlRoles(roleIds);
      cache.write(SSO_KEYS.samlRoles, roleIds);
    }),
    /** Adds, changes (with `id`) or deletes (`remove`) one legacy group mapping (v2 groups calls; AB-6.09). @throws FeApiError */
    saveSamlGroup: q.mutation<SsoGroupInput & { id?: string; remove?: boolean }, void>(async (g, cache) => {
      if (g.id && g.remove) await api.deleteSamlGroup(g.id);
      else if (g.id) await api.updateSamlGroup(g.id, g);
      else await api.createSamlGroup(g);
      cache.revalidate((k) => k === SSO_KEYS.samlGroups);
    }),
  };
}

/** The SSO resource of one app. */
export type SsoResource = ReturnType<typeof createSsoResource>;
