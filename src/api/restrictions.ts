/**
 * IP and email-domain restrictions (api-contract §Q; AB-3.16–3.18, AB-7.33–7.36), called as Frontegg's client
 * (`@frontegg/rest-api` security-policy API) calls them. Calls send `frontegg-source: admin-portal`, take a trailing
 * {@link CallOptions} and reject with an `FeApiError` (the server's message, e.g. an invalid address refused with 400).
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

const IP = '/identity/resources/configurations/v1/restrictions/ip';
const DOMAIN = '/identity/resources/configurations/restrictions/v1/email-domain';

/** Paths, without the `/{prefix}` (Frontegg's `urls.identity.restrictions`). */
export const RESTRICTIONS_PATHS = Object.freeze({
  ip: IP,
  ipBulk: `${IP}/bulk`,
  ipConfig: `${IP}/config`,
  ipVerify: `${IP}/verify`,
  ipVerifyAllow: `${IP}/verify/allow`,
  domain: DOMAIN,
  domainConfig: `${DOMAIN}/config`,
  /** The caller's address as the server sees it (Frontegg's getCurrentUserIpMetadata; 404 "ip metadata not found" when unknown, SI-8.13). */
  ipMe: '/metadata/ipme',
  /** The signed-in user's current session (`ipAddress`: the address the server saw at its last sign-in or refresh). */
  currentSession: '/identity/resources/users/sessions/v1/me/current',
});

/** AB-3.17: a rule allows or blocks (Frontegg's `RestrictionType`). */
export type RestrictionType = 'ALLOW' | 'BLOCK';

/** AB-3.16: one IP rule: an address or a CIDR range (IPv4 or IPv6). `createdAt`/`updatedAt` are ISO dates. */
export interface IpRestriction {
  id: string;
  ip: string;
  strategy: RestrictionType;
  isActive: boolean;
  description?: string;
  createdAt: string;
  updatedAt: string;
}

/** AB-3.16: whether the IP rules are enforced, and which of them: ALLOW (only matching addresses) or BLOCK. */
export interface IpRestrictionsConfig {
  isActive: boolean;
  strategy?: RestrictionType;
}

/** A new IP rule (Frontegg's `CreateIpRestriction`). */
export interface IpRestrictionInput {
  ip: string;
  strategy?: RestrictionType;
  isActive?: boolean;
  description?: string;
}

/** AB-7.34: the list query: rows from `_offset`, `_limit` of them, `_filter` the strategy (ALLOW or BLOCK). */
export interface IpRestrictionsQuery {
  _offset: number;
  _limit: number;
  _filter: RestrictionType;
}

/** AB-7.34: one page of IP rules; `_metadata.totalPages` (and `totalItems` when the server counts them). */
export interface IpRestrictionsPage {
  items: IpRestriction[];
  _metadata: { totalPages: number; totalItems?: number };
}

/**
 * AB-7.35: whether the caller's current address would pass (`valid`). `ip` is the address the server saw, when it
 * tells it (Frontegg's type has only `valid`).
 */
export interface IpVerifyResult {
  valid: boolean;
  ip?: string;
}

/** AB-3.18: one email-domain rule. */
export interface DomainRestriction {
  id: string;
  domain: string;
  type: RestrictionType;
}

/** AB-3.18, AB-7.36: whether the domain rules are enforced, which list is in force, and whether free-mail domains are refused. */
export interface DomainRestrictionsConfig {
  active: boolean;
  listType: RestrictionType;
  blockPublicDomains: boolean;
}

/** The config update as the client sends it (`type` is the list type). */
export interface DomainRestrictionsConfigInput {
  active: boolean;
  blockPublicDomains?: boolean;
  type?: RestrictionType;
}

/** Creates the restriction calls on top of `client`. */
export function createRestrictionsApi(client: ApiClient) {
  return {
    /** `GET …/restrictions/ip` with `_offset`, `_limit`, `_filter` (getIPRestrictions, AB-7.34): one page of rules. */
    getIpRestrictions(query: IpRestrictionsQuery, o?: CallOptions): Promise<IpRestrictionsPage> {
      return client.get<IpRestrictionsPage>(IP, adminOptions(o, { query: { ...query } }));
    },
    /** `POST …/restrictions/ip` (createIPRestriction). @throws FeApiError 400 with the server's message for an invalid address */
    async createIpRestriction(input: IpRestrictionInput, o?: CallOptions): Promise<void> {
      await client.post(IP, input, adminOptions(o));
    },
    /** `POST …/restrictions/ip/bulk` with `{ ips }` (bulkCreateIPRestriction). */
    async bulkCreateIpRestrictions(ips: IpRestrictionInput[], o?: CallOptions): Promise<void> {
      await client.post(RESTRICTIONS_PATHS.ipBulk, { ips }, adminOptions(o));
    },
    /** `DELETE …/restrictions/ip/{id}` (deleteIPRestriction). */
    async deleteIpRestriction(id: string, o?: CallOptions): Promise<void> {
      await client.delete(`${IP}/${encodeURIComponent(id)}`, undefined, adminOptions(o));
    },
    /** `GET …/restrictions/ip/config` (getIPRestrictionsConfig): `{ isActive, strategy }`. */
    getIpConfig(o?: CallOptions): Promise<IpRestrictionsConfig> {
      return client.get<IpRestrictionsConfig>(RESTRICTIONS_PATHS.ipConfig, adminOptions(o));
    },
    /** `POST …/restrictions/ip/config` with `{ isActive, strategy }` (updateIPRestrictionConfig). */
    async updateIpConfig(config: IpRestrictionsConfig, o?: CallOptions): Promise<void> {
      await client.post(RESTRICTIONS_PATHS.ipConfig, config, adminOptions(o));
    },
    /** `POST …/restrictions/ip/verify` (testCurrentIp): whether the caller's address passes the rules in force. */
    testCurrentIp(o?: CallOptions): Promise<IpVerifyResult> {
      return client.post<IpVerifyResult>(RESTRICTIONS_PATHS.ipVerify, undefined, adminOptions(o));
    },
    /** `POST …/restrictions/ip/verify/allow` (testCurrentIpInAllowList, AB-7.35): whether an active allow rule matches the caller's address. */
    testCurrentIpInAllowList(o?: CallOptions): Promise<IpVerifyResult> {
      return client.post<IpVerifyResult>(RESTRICTIONS_PATHS.ipVerifyAllow, undefined, adminOptions(o));
    },
    /** `GET /metadata/ipme` (getCurrentUserIpMetadata): `{ ip, … }`, the caller's address. @throws FeApiError 404 "ip metadata not found" when the server cannot tell it */
    getCurrentIpMetadata(o?: CallOptions): Promise<{ ip?: string }> {
      return client.get<{ ip?: string }>(RESTRICTIONS_PATHS.ipMe, adminOptions(o));
    },
    /** `GET users/sessions/v1/me/current`: the address the server saw for this session (`ipAddress`, when known). */
    getCurrentSessionAddress(o?: CallOptions): Promise<{ ipAddress?: string }> {
      return client.get<{ ipAddress?: string }>(RESTRICTIONS_PATHS.currentSession, adminOptions(o));
    },
    /** `GET …/email-domain` (getDomainRestrictions): `{ items }`. */
    getDomainRestrictions(o?: CallOptions): Promise<{ items: DomainRestriction[] }> {
      return client.get<{ items: DomainRestriction[] }>(DOMAIN, adminOptions(o));
    },
    /** `POST …/email-domain` with `{ domain, type }` (createDomainRestriction): the rule made. */
    createDomainRestriction(input: { domain: string; type: RestrictionType }, o?: CallOptions): Promise<DomainRestriction> {
      return client.post<DomainRestriction>(DOMAIN, input, adminOptions(o));
    },
    /** `DELETE …/email-domain/{id}` (deleteDomainRestriction). */
    async deleteDomainRestriction(id: string, o?: CallOptions): Promise<void> {
      await client.delete(`${DOMAIN}/${encodeURIComponent(id)}`, undefined, adminOptions(o));
    },
    /** `GET …/email-domain/config` (getDomainRestrictionsConfig, AB-7.36): `{ active, listType, blockPublicDomains }`. */
    getDomainConfig(o?: CallOptions): Promise<DomainRestrictionsConfig> {
      return client.get<DomainRestrictionsConfig>(RESTRICTIONS_PATHS.domainConfig, adminOptions(o));
    },
    /** `POST …/email-domain/config` with `{ active, blockPublicDomains, type }` (updateDomainRestrictionConfig): the config in force. */
    updateDomainConfig(input: DomainRestrictionsConfigInput, o?: CallOptions): Promise<DomainRestrictionsConfig> {
      return client.post<DomainRestrictionsConfig>(RESTRICTIONS_PATHS.domainConfig, input, adminOptions(o));
    },
  };
}

/** The restriction calls. */
export type RestrictionsApi = ReturnType<typeof createRestrictionsApi>;
