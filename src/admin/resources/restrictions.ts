/**
 * The security section's restriction tabs' server data (issue 22 items 3 and 4; api-contract §Q): the IP rules as a
 * paged list filtered by strategy, the IP config, what the server says of the caller's address, the email-domain
 * rules and their config, and the writes on them. Read through `resources.use(createRestrictionsResource)` (in
 * preview mode the section starts the IP list at 50 rules a page, AB-9.03: src/admin/security/restrictions-parts.tsx).
 *
 * After ANY IP change the caller's address is checked again (AB-4.18: testCurrentIp and testCurrentIpInAllowList; a
 * failure of that check is swallowed, AB-8.12) and, when asked (the security-center flag is on), the security
 * center's recommendations and insights are reloaded (AB-4.19: every cached key under `admin/security` that names
 * them). Config edits are optimistic and rolled back on failure.
 */
import type { ApiClient } from '../../api/client.ts';
import {
  createRestrictionsApi,
  type DomainRestriction,
  type DomainRestrictionsConfig,
  type IpRestriction,
  type IpRestrictionInput,
  type IpRestrictionsConfig,
  type IpRestrictionsQuery,
  type RestrictionType,
} from '../../api/restrictions.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { CacheTools, QueryContext } from './query.ts';

/** Key prefix of every page of IP rules. */
export const IP_RULES_KEY = 'admin/restrictions/ip?';
/** Key of the IP config. */
export const IP_CONFIG_KEY = 'admin/restrictions/ip-config';
/** Key of what the server says of the caller's address. */
export const CURRENT_IP_KEY = 'admin/restrictions/ip-current';
/** Key of the email-domain rules. */
export const DOMAINS_KEY = 'admin/restrictions/domains';
/** Cache key of the number of allow rules (an allow list without one cannot be enforced, issue 31 item 1). */
export const IP_ALLOW_COUNT_KEY = 'admin/restrictions/ip-allow-count';
/** Key of the email-domain config. */
export const DOMAIN_CONFIG_KEY = 'admin/restrictions/domain-config';
/** Key prefix of the security section's resource (src/admin/resources/security.ts). */
export const SECURITY_KEY_PREFIX = 'admin/security';

/** AB-9.01: the IP rules shown at first, a page. */
export const IP_PAGE_SIZE_FIRST = 4;
/** AB-9.02: the IP rules a page when none is asked for (the rows-per-page choice's default after the first page). */
export const IP_PAGE_SIZE_DEFAULT = 10;
/** AB-9.03: the IP rules a page in preview mode. */
export const IP_PAGE_SIZE_PREVIEW = 50;
/** The rows-per-page choices of the IP list. */
export const IP_PAGE_SIZES = [IP_PAGE_SIZE_FIRST, IP_PAGE_SIZE_DEFAULT, IP_PAGE_SIZE_PREVIEW];
/** AB-9.04: the strategy the IP list shows at first. */
export const IP_DEFAULT_FILTER: RestrictionType = 'ALLOW';
/** The description of the rule "Add my IP" adds (AB-9.17). */
export const MY_IP_DESCRIPTION = 'My IP';
/** The feature flag of the security center's major version (AB-4.19). */
export const SECURITY_CENTER_FLAG = 'security-center-admin-portal-major-version';

/** The API query of a list query (AB-7.34): `_offset`, `_limit` (10 when none), `_filter` the strategy (allow when none). */
export function ipRulesQuery(query: ListQuery): IpRestrictionsQuery {
  const limit = query.pageSize || IP_PAGE_SIZE_DEFAULT;
  return { _offset: (query.page - 1) * limit, _limit: limit, _filter: query.filters.strategy === 'BLOCK' ? 'BLOCK' : IP_DEFAULT_FILTER };
}

/** Whether a cache key is one of the security center's (recommendations, insights): reloaded after an IP change. */
export function isSecurityCenterKey(key: string): boolean {
  return key.startsWith(SECURITY_KEY_PREFIX) && /recommendation|insight/i.test(key);
}

/** What the portal knows of the caller's address (a part is undefined when its check failed or the server did not tell it). */
export interface CurrentIp {
  /** The caller's address, when the server tells it (verify's `ip`, else `/metadata/ipme`, else the current session's `ipAddress`). */
  ip?: string;
  /** Whether an active allow rule matches it (testCurrentIpInAllowList, AB-7.35). */
  inAllowList?: boolean;
  /** Whether it passes the rules in force (testCurrentIp). */
  valid?: boolean;
}

/** What an IP write takes besides its data: reload the security center afterwards (the flag is on). */
export interface AfterIpChange {
  reloadSecurityCenter?: boolean;
}

/** The result of a bulk add: how many rules the server took. */
export interface BulkAddResult {
  added: number;
}

/** Builds the restrictions resource of one app (the IP list starts at 4 a page, AB-9.01). */
export function createRestrictionsResource(q: QueryContext, client: ApiClient) {
  const api = createRestrictionsApi(client);
  const ipRules = pagedList<IpRestriction>(q, {
    key: IP_RULES_KEY,
    pageSize: IP_PAGE_SIZE_FIRST,
    initial: { filters: { strategy: IP_DEFAULT_FILTER } },
    load: async (query) => {
      const page = await api.getIpRestrictions(ipRulesQuery(query));
      return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
    },
  });

  // the caller's address once told: kept when a later check cannot tell it (e.g. the session read refused by new rules)
  let knownIp: string | undefined;
  /**
   * AB-4.18, AB-8.12: both checks, each failure swallowed (that part unknown); the address from verify when it tells
   * it, else from `GET /metadata/ipme` (getCurrentUserIpMetadata), else the current session's, else the last one known. One call after the other: the emulator can deadlock
   * when several requests of one account read its freshly dropped IP rules at once (see the report of issue 22).
   */
  const checkCurrentIp = async (): Promise<CurrentIp> => {
    const valid = await api.testCurrentIp().catch(() => undefined);
    const inAllowList = await api.testCurrentIpInAllowList().catch(() => undefined);
    const ipMe = await api.getCurrentIpMetadata().catch(() => undefined);
    const session = ipMe?.ip ? undefined : await api.getCurrentSessionAddress().catch(() => undefined);
    knownIp = valid?.ip ?? inAllowList?.ip ?? ipMe?.ip ?? session?.ipAddress ?? knownIp;
    return { valid: valid?.valid, inAllowList: inAllowList?.valid, ip: knownIp };
  };

  /**
   * After any IP change (AB-4.18, AB-4.19): the caller's address checked again (its answer written to the cache),
   * then the list refetched, and the security center's reads when asked.
   */
  const afterIpChange = async (cache: CacheTools, after?: AfterIpChange) => {
    cache.write(CURRENT_IP_KEY, await checkCurrentIp());
    ipRules.refresh();
    cache.revalidate((k) => k === IP_ALLOW_COUNT_KEY);
    if (after?.reloadSecurityCenter) cache.revalidate(isSecurityCenterKey);
  };

  /** Writes `value` to `key` at once, runs `work`, and puts the old value back when it fails (optimistic edit). */
  const optimistic = async <T, R>(cache: CacheTools, key: string, value: T, work: () => Promise<R>): Promise<R> => {
    const before = cache.read<T>(key);
    cache.write(key, value);
    try {
      return await work();
    } catch (e) {
      if (before !== undefined) cache.write(key, before);
      else cache.invalidate((k) => k === key);
      throw e;
    }
  };

  return {
    /** AB-9.01–9.04, AB-7.34: the IP rules of the strategy filter (`filters.strategy`), paged. */
    ipRules,
    /** AB-3.16: the IP config `{ isActive, strategy }`. */
    $ipConfig: q.createFetcherStore<IpRestrictionsConfig>([IP_CONFIG_KEY], { fetcher: () => api.getIpConfig() }),
    /** How many allow rules the account has (an allow list without one cannot be enforced, issue 31 item 1). */
    $ipAllowCount: q.createFetcherStore<number>([IP_ALLOW_COUNT_KEY], {
      fetcher: async () => (await api.getIpRestrictions({ _offset: 0, _limit: 1, _filter: 'ALLOW' }))._metadata.totalItems ?? 0,
    }),
    /** What the server says of the caller's address (never fails: unknown parts are undefined). */
    $currentIp: q.createFetcherStore<CurrentIp>([CURRENT_IP_KEY], { fetcher: checkCurrentIp }),

    /**
     * Saves the IP config (optimistic; rolled back on failure), then the checks of {@link afterIpChange}.
     * @throws FeApiError
     */
    saveIpConfig: q.mutation<{ config: IpRestrictionsConfig } & AfterIpChange, void>(async ({ config, ...after }, cache) => {
      await optimistic(cache, IP_CONFIG_KEY, config, () => api.updateIpConfig(config));
      await afterIpChange(cache, after);
    }),

    /** Adds one rule (active unless said), then the checks. @throws FeApiError — the server's message (e.g. an invalid address) */
    addIpRule: q.mutation<{ rule: IpRestrictionInput } & AfterIpChange, void>(async ({ rule, ...after }, cache) => {
      await api.createIpRestriction({ isActive: true, ...rule });
      await afterIpChange(cache, after);
    }),

    /** Adds many rules in one call (bulk), then the checks. @throws FeApiError — nothing added */
    bulkAddIpRules: q.mutation<{ rules: IpRestrictionInput[] } & AfterIpChange, BulkAddResult>(async ({ rules, ...after }, cache) => {
      await api.bulkCreateIpRestrictions(rules.map((r) => ({ isActive: true, ...r })));
      await afterIpChange(cache, after);
      return { added: rules.length };
    }),

    /** Deletes one rule: gone from every cached page at once, the list refetched (so restored) on failure. @throws FeApiError */
    deleteIpRule: q.mutation<{ id: string } & AfterIpChange, void>(async ({ id, ...after }, cache) => {
      ipRules.edit((page) => ({ ...page, items: page.items.filter((r) => r.id !== id), total: page.total === undefined ? undefined : page.total - 1 }));
      try {
        await api.deleteIpRestriction(id);
      } catch (e) {
        ipRules.refresh();
        throw e;
      }
      await afterIpChange(cache, after);
    }),

    /**
     * AB-9.17 "Add my IP": the caller's address as an allow rule described "My IP", then the allow list activated.
     * @throws FeApiError
     */
    addMyIp: q.mutation<{ ip: string } & AfterIpChange, void>(async ({ ip, ...after }, cache) => {
      await api.createIpRestriction({ ip, strategy: 'ALLOW', isActive: true, description: MY_IP_DESCRIPTION });
      const config: IpRestrictionsConfig = { isActive: true, strategy: 'ALLOW' };
      await optimistic(cache, IP_CONFIG_KEY, config, () => api.updateIpConfig(config));
      await afterIpChange(cache, after);
    }),

    /** AB-3.18: the email-domain rules. */
    $domains: q.createFetcherStore<DomainRestriction[]>([DOMAINS_KEY], { fetcher: async () => (await api.getDomainRestrictions()).items }),
    /** AB-3.18, AB-7.36: the email-domain config. */
    $domainConfig: q.createFetcherStore<DomainRestrictionsConfig>([DOMAIN_CONFIG_KEY], { fetcher: () => api.getDomainConfig() }),

    /** Saves the email-domain config (optimistic; the answer replaces it; rolled back on failure). @throws FeApiError */
    saveDomainConfig: q.mutation<DomainRestrictionsConfig, void>(async (config, cache) => {
      const saved = await optimistic(cache, DOMAIN_CONFIG_KEY, config, () =>
        api.updateDomainConfig({ active: config.active, blockPublicDomains: config.blockPublicDomains, type: config.listType }),
      );
      cache.write(DOMAIN_CONFIG_KEY, { ...config, ...saved });
    }),

    /** Adds a domain rule: appended to the list. @throws FeApiError — the server's message */
    addDomain: q.mutation<{ domain: string; type: RestrictionType }, DomainRestriction>(async (input, cache) => {
      const made = await api.createDomainRestriction(input);
      cache.write(DOMAINS_KEY, [...(cache.read<DomainRestriction[]>(DOMAINS_KEY) ?? []).filter((d) => d.id !== made.id), made]);
      cache.revalidate((k) => k === DOMAINS_KEY);
      return made;
    }),

    /** Deletes a domain rule (optimistic: gone at once, back on failure). @throws FeApiError */
    deleteDomain: q.mutation<{ id: string }, void>(async ({ id }, cache) => {
      const rest = (cache.read<DomainRestriction[]>(DOMAINS_KEY) ?? []).filter((d) => d.id !== id);
      await optimistic(cache, DOMAINS_KEY, rest, () => api.deleteDomainRestriction(id));
    }),
  };
}

/** The restrictions resource of one app. */
export type RestrictionsResource = ReturnType<typeof createRestrictionsResource>;

/** The API area's paths, for the section's preview answers (views import src/api for types only). */
export { RESTRICTIONS_PATHS } from '../../api/restrictions.ts';
