/**
 * IP and email-domain restrictions of the signed-in account (api-contract §Q; admin spec §3 AB-3.16–3.18, §7
 * AB-7.33–7.36; issue 22 items 3 and 4). What they enforce and how: src/restrictions.ts.
 *
 * IP restrictions, under `/identity/resources/configurations/v1/restrictions/ip`:
 * - `GET` (getIPRestrictions): `_offset` (rows skipped, default 0), `_limit` (1–1000, default 10), `_filter`
 *   (ALLOW or BLOCK: that strategy only; absent: both. The portal sends ALLOW by default, AB-9.04) →
 *   `{ items: [{ id, ip, strategy, isActive, description, createdAt, updatedAt }], _metadata: { totalItems,
 *   totalPages } }` (AB-7.34), newest first;
 * - `POST` (createIPRestriction) `{ ip, strategy?, isActive?, description? }` (default ALLOW, active, '') → 201 and the
 *   rule; a rule of the same address and strategy is updated instead (200). The client's type is `void`: the body is
 *   extra. An address or CIDR that does not parse → 400 `Invalid IP address or CIDR: <ip>`;
 * - `POST /bulk` (bulkCreateIPRestriction) `{ ips: [...] }` → 201 `{ items }`: all or nothing. The client's type is
 *   `void`, so it cannot show which rules were added: one invalid address refuses the whole batch with 400, one
 *   message per invalid address (`Invalid IP address or CIDR: <ip>`), and nothing is added;
 * - `DELETE /{id}` (deleteIPRestriction) → `{}`; 404 for an id not of this account;
 * - `GET /config` → `{ isActive, strategy }` (AB-3.16); `POST /config` `{ isActive, strategy? }` → the config; an
 *   allow list without an active rule cannot be enforced (issue 31 item 1: it would refuse every address, the admin's
 *   too): 400 {@link EMPTY_IP_ALLOW_LIST}, and deleting the last active allow rule of an enforced allow list is
 *   refused the same way (400 {@link LAST_ALLOW_ENTRY});
 * - `POST /verify` (testCurrentIp) → `{ valid }`: whether the caller's address passes the rules as they stand;
 *   `POST /verify/allow` (testCurrentIpInAllowList) → `{ valid }` (AB-7.35): whether an active ALLOW rule matches it.
 *   Both answer even when the caller's address is refused (http/auth.ts skips them), so the admin can fix the rules.
 *
 * Email-domain restrictions, under `/identity/resources/configurations/restrictions/v1/email-domain`:
 * - `GET` → `{ items: [{ id, domain, type }] }`, oldest first;
 * - `POST` `{ domain, type }` → 201 `{ id, domain, type }`; the domain is normalised (lowercase, no leading `@`);
 *   400 `Invalid domain: <domain>`; 409 when the account has that rule already;
 * - `DELETE /{id}` → `{}`; 404 for an id not of this account;
 * - `GET /config` → `{ active, listType, blockPublicDomains }` (AB-3.18, AB-7.36); `POST /config`
 *   `{ active, blockPublicDomains?, type? }` (type sets listType) → the config. An allow list without a domain cannot
 *   be enforced (issue 31 item 1: every add and invite would be refused): 400 {@link EMPTY_DOMAIN_ALLOW_LIST}, and
 *   deleting the last allowed domain of an enforced allow list is refused (400 {@link LAST_ALLOW_ENTRY}).
 * There is no bulk call for domains in the reference client.
 *
 * The caller's address (public, api-contract §F): `GET /metadata/ipme` → IMetadataIp `{ ip, latitude, longitude, city,
 * country_name, country_code, zip, location }` (no geolocation offline: nulls and 0), 404 `ip metadata not found` when
 * the address cannot be determined (SI-8.13); `GET /metadata/ip/{ip}` the same for a given address.
 *
 * Reads need `fe.secure.read.securityPolicy`, changes `fe.secure.write.securityPolicy` (403 `Not authorized`). Every
 * change writes an audit row (with the client address, src/audit.ts) and drops the account's cached IP rules.
 */
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { and, count, desc, asc, eq, sql } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { anyAddress } from '../../ip-enforcement.ts';
import { requirePermission } from '../../http/permissions.ts';
import { parseBody, optStr } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import { metadataPage } from '../../http/pager.ts';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { emailDomainRestrictions, ipRestrictions, tenants, type TenantSettings } from '../../db/schema.ts';
import { emulatorDate } from '../../clock.ts';
import { audit } from '../../audit.ts';
import {
  IP_METADATA_NOT_FOUND,
  RESTRICTION_TYPES,
  clientAddress,
  domainRestrictionConfig,
  judgeAddress,
  matchesAny,
  normaliseDomain,
  parseIpRule,
  restrictionsChanged,
  tenantIpRules,
  type RestrictionType,
} from '../../restrictions.ts';

type Ctx = Context<AppEnv>;
export const adminRestrictionRoutes = new Hono<AppEnv>();

const IP = '/identity/resources/configurations/v1/restrictions/ip';
const DOMAINS = '/identity/resources/configurations/restrictions/v1/email-domain';

const READ = requirePermission('fe.secure.read.securityPolicy');
const WRITE = requirePermission('fe.secure.write.securityPolicy');

guard(adminRestrictionRoutes, `${IP}/*`, `${DOMAINS}/*`);

/** The refusal of enforcing an IP allow list without an active rule (issue 31 item 1). */
export const EMPTY_IP_ALLOW_LIST = 'An allow list with no addresses cannot be enforced: add an address first';
/** The refusal of enforcing an email-domain allow list without a domain (issue 31 item 1). */
export const EMPTY_DOMAIN_ALLOW_LIST = 'An allow list with no domains cannot be enforced: add a domain first';
/** The refusal of deleting the last entry of an enforced allow list (issue 31 item 1). */
export const LAST_ALLOW_ENTRY = 'The last entry of an enforced allow list cannot be deleted: stop enforcing the list first';

/** The largest bulk add: 1,000 rules. */
export const MAX_BULK_IPS = 1000;

const restrictionType = (name: string) => z.enum(RESTRICTION_TYPES as [RestrictionType, ...RestrictionType[]], { message: `${name} must be ALLOW or BLOCK` });

/** Writes `patch` over the signed-in account's settings (a JSON merge in SQL: other keys stay as they are). */
async function mergeSettings(c: Ctx, patch: Partial<TenantSettings>): Promise<void> {
  const db = c.var.db;
  const updated = await db
    .update(tenants)
    .set({ settings: sql`coalesce(${tenants.settings}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`, updatedAt: await emulatorDate(db) })
    .where(eq(tenants.tenantId, c.var.auth.tenantId))
    .returning({ id: tenants.id });
  if (!updated.length) throw notFound('Tenant not found', 'ER-TENANT-NOT-FOUND');
}

// ---------------------------------------------------------------- IP restrictions

type IpRow = typeof ipRestrictions.$inferSelect;
const ipDto = (r: IpRow) => ({
  id: r.id,
  ip: r.ip,
  strategy: r.strategy,
  isActive: r.isActive,
  description: r.description,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const listQuery = z.object({
  _offset: q.int(0, 0),
  _limit: q.int(10, 1, 1000),
  _filter: q.oneOf(RESTRICTION_TYPES, undefined),
});

/** getIPRestrictions (AB-7.34): one page of the account's rules, of one strategy or both. */
adminRestrictionRoutes.get(IP, READ, async (c) => {
  const query = parseQuery(c, listQuery);
  const db = c.var.db;
  const where = and(eq(ipRestrictions.tenantId, c.var.auth.tenantId), query._filter ? eq(ipRestrictions.strategy, query._filter) : undefined);
  const page = { limit: query._limit, offset: query._offset };
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(ipRestrictions).where(where).orderBy(desc(ipRestrictions.createdAt), desc(ipRestrictions.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(ipRestrictions).where(where),
  ]);
  return c.json(metadataPage(rows.map(ipDto), total, page));
});

const ipRuleBody = z.object({
  ip: z.string({ message: 'ip is required' }).min(1, 'ip is required'),
  strategy: restrictionType('strategy').nullish(),
  isActive: z.boolean({ message: 'isActive must be true or false' }).nullish(),
  description: optStr().pipe(z.string().max(255, 'description must be at most 255 characters').optional()),
});
type IpRuleBody = z.infer<typeof ipRuleBody>;

/** The message refusing an address or CIDR that does not parse. */
const invalidIp = (ip: string) => `Invalid IP address or CIDR: ${ip}`;

/** Adds rule `body` (`ip` already canonical) to the account, or updates the one of the same address and strategy. */
async function upsertIpRule(c: Ctx, ip: string, body: IpRuleBody): Promise<{ row: IpRow; created: boolean }> {
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  const strategy = body.strategy ?? 'ALLOW';
  const now = await emulatorDate(db);
  const [existing] = await db
    .select()
    .from(ipRestrictions)
    .where(and(eq(ipRestrictions.tenantId, tenantId), eq(ipRestrictions.ip, ip), eq(ipRestrictions.strategy, strategy)));
  if (existing) {
    const [row] = await db
      .update(ipRestrictions)
      .set({ isActive: body.isActive ?? existing.isActive, description: body.description ?? existing.description, updatedAt: now })
      .where(eq(ipRestrictions.id, existing.id))
      .returning();
    return { row, created: false };
  }
  const [row] = await db
    .insert(ipRestrictions)
    .values({ id: randomUUID(), tenantId, ip, strategy, isActive: body.isActive ?? true, description: body.description ?? '', createdAt: now, updatedAt: now })
    .returning();
  return { row, created: true };
}

const ruleDetails = (r: IpRow) => ({ ip: r.ip, strategy: r.strategy, isActive: r.isActive, description: r.description });

/** createIPRestriction: 201 and the rule (200 when it updated the rule of that address and strategy); 400 for an invalid address. */
adminRestrictionRoutes.post(IP, WRITE, async (c) => {
  const body = await parseBody(c, ipRuleBody);
  const parsed = parseIpRule(body.ip);
  if (!parsed) throw badRequest(invalidIp(body.ip.trim()), 'ER-IP-INVALID');
  const { row, created } = await upsertIpRule(c, parsed.ip, body);
  restrictionsChanged(c, c.var.auth.tenantId);
  await audit(c, { action: created ? 'ip-restriction.created' : 'ip-restriction.updated', targetId: row.id, details: ruleDetails(row) });
  return c.json(ipDto(row), created ? 201 : 200);
});

const bulkBody = z.object({
  ips: z.array(ipRuleBody, { message: 'ips must be an array of IP restrictions' }).min(1, 'ips must not be empty').max(MAX_BULK_IPS, `ips must hold at most ${MAX_BULK_IPS} rules`),
});

/** bulkCreateIPRestriction: all or nothing (see the module comment); 201 `{ items }`. */
adminRestrictionRoutes.post(`${IP}/bulk`, WRITE, async (c) => {
  const body = await parseBody(c, bulkBody);
  const parsed = body.ips.map((r) => ({ rule: r, parsed: parseIpRule(r.ip) }));
  const invalid = parsed.filter((p) => !p.parsed).map((p) => invalidIp(p.rule.ip.trim()));
  if (invalid.length) throw new HttpError(400, invalid, 'ER-IP-INVALID');
  const rows: IpRow[] = [];
  for (const p of parsed) rows.push((await upsertIpRule(c, p.parsed!.ip, p.rule)).row);
  restrictionsChanged(c, c.var.auth.tenantId);
  await audit(c, {
    action: 'ip-restriction.bulk.created',
    description: `IP restrictions added: ${rows.length}`,
    details: { count: rows.length, rules: rows.map(ruleDetails) },
  });
  return c.json({ items: rows.map(ipDto) }, 201);
});

/** deleteIPRestriction → `{}`; 404 for an id not of this account. */
adminRestrictionRoutes.delete(`${IP}/:id`, WRITE, idParams('id'), async (c) => {
  const rules = await tenantIpRules(c, c.var.auth.tenantId);
  const [row] = await c.var.db
    .delete(ipRestrictions)
    .where(and(eq(ipRestrictions.id, c.req.param('id')), eq(ipRestrictions.tenantId, c.var.auth.tenantId)))
    .returning();
  if (!row) throw notFound('IP restriction not found', 'ER-IP-RESTRICTION-NOT-FOUND');
  // the request's transaction is rolled back by the error: the rule stays
  if (enforcedAllow(rules.config) && row.strategy === 'ALLOW' && row.isActive && rules.allow.size <= 1) throw badRequest(LAST_ALLOW_ENTRY, 'ER-ALLOW-LIST-EMPTY');
  restrictionsChanged(c, c.var.auth.tenantId);
  await audit(c, { action: 'ip-restriction.deleted', targetId: row.id, details: ruleDetails(row), severity: 'WARNING' });
  return c.json({});
});

/** Whether an IP config enforces an allow list. */
const enforcedAllow = (config: { isActive: boolean; strategy?: string }) => config.isActive && config.strategy === 'ALLOW';

/** getIPRestrictionsConfig (AB-3.16): `{ isActive, strategy }`. */
adminRestrictionRoutes.get(`${IP}/config`, READ, async (c) => c.json((await tenantIpRules(c, c.var.auth.tenantId)).config));

const ipConfigBody = z.object({
  isActive: z.boolean({ message: 'isActive must be true or false' }),
  strategy: restrictionType('strategy').nullish(),
});

/** updateIPRestrictionConfig: `{ isActive, strategy? }` (strategy kept when absent) → the config. */
adminRestrictionRoutes.post(`${IP}/config`, WRITE, async (c) => {
  const body = await parseBody(c, ipConfigBody);
  const tenantId = c.var.auth.tenantId;
  const before = (await tenantIpRules(c, tenantId)).config;
  const config = { isActive: body.isActive, strategy: body.strategy ?? before.strategy };
  if (enforcedAllow(config) && (await tenantIpRules(c, tenantId)).allow.size === 0) throw badRequest(EMPTY_IP_ALLOW_LIST, 'ER-ALLOW-LIST-EMPTY');
  await mergeSettings(c, { ipRestrictionConfig: config });
  restrictionsChanged(c, tenantId);
  await audit(c, {
    action: 'ip-restriction.config.updated',
    targetId: tenantId,
    description: `IP restrictions ${config.isActive ? 'active' : 'inactive'} (${config.strategy} list)`,
    details: { ...config },
    severity: before.isActive && !config.isActive ? 'WARNING' : 'INFO',
  });
  return c.json(config);
});

/** testCurrentIp: whether the caller's address passes the account's rules as they stand (an inactive config passes all). */
adminRestrictionRoutes.post(`${IP}/verify`, anyAddress, READ, async (c) => {
  const rules = await tenantIpRules(c, c.var.auth.tenantId);
  return c.json({ valid: judgeAddress(rules, clientAddress(c)).allowed });
});

/** testCurrentIpInAllowList (AB-7.35): whether an active ALLOW rule matches the caller's address, whatever the config. */
adminRestrictionRoutes.post(`${IP}/verify/allow`, anyAddress, READ, async (c) => {
  const rules = await tenantIpRules(c, c.var.auth.tenantId);
  const addr = clientAddress(c);
  return c.json({ valid: addr !== null && matchesAny(rules.allow, addr) });
});

// ---------------------------------------------------------------- the caller's address (api-contract §F metadata)

/** IMetadataIp of `ip`: the address, and no geolocation (the emulator has no geo database: nulls and 0). */
const ipMetadata = (ip: string) => ({ ip, latitude: 0, longitude: 0, city: null, country_name: null, country_code: null, zip: null, location: {} });

/**
 * getCurrentUserIpMetadata (`GET /metadata/ipme`, public): the caller's address as the emulator sees it (http/client-ip.ts)
 * — what the portal's "Add my IP" adds. 404 `ip metadata not found` (SI-8.13) when it cannot be determined.
 */
adminRestrictionRoutes.get('/metadata/ipme', (c) => {
  const addr = clientAddress(c);
  if (!addr) throw notFound(IP_METADATA_NOT_FOUND, 'ER-IP-METADATA-NOT-FOUND');
  return c.json(ipMetadata(addr.toString()));
});

/** getIpAdressMetadata (`GET /metadata/ip/{ip}`, public): the address given, canonical; 404 `ip metadata not found` for one that does not parse. */
adminRestrictionRoutes.get('/metadata/ip/:ip', (c) => {
  const parsed = parseIpRule(c.req.param('ip'));
  if (!parsed || parsed.cidr) throw notFound(IP_METADATA_NOT_FOUND, 'ER-IP-METADATA-NOT-FOUND');
  return c.json(ipMetadata(parsed.ip));
});

// ---------------------------------------------------------------- email-domain restrictions

type DomainRow = typeof emailDomainRestrictions.$inferSelect;
const domainDto = (r: DomainRow) => ({ id: r.id, domain: r.domain, type: r.type });

/** getDomainRestrictions: `{ items }`, both types, oldest first. */
adminRestrictionRoutes.get(DOMAINS, READ, async (c) => {
  const rows = await c.var.db
    .select()
    .from(emailDomainRestrictions)
    .where(eq(emailDomainRestrictions.tenantId, c.var.auth.tenantId))
    .orderBy(asc(emailDomainRestrictions.createdAt), asc(emailDomainRestrictions.id));
  return c.json({ items: rows.map(domainDto) });
});

const domainBody = z.object({
  domain: z.string({ message: 'domain is required' }).min(1, 'domain is required'),
  type: restrictionType('type'),
});

/** createDomainRestriction: 201 `{ id, domain, type }`; 400 for an invalid domain, 409 for one the account has. */
adminRestrictionRoutes.post(DOMAINS, WRITE, async (c) => {
  const body = await parseBody(c, domainBody);
  const domain = normaliseDomain(body.domain);
  if (!domain) throw badRequest(`Invalid domain: ${body.domain.trim()}`, 'ER-DOMAIN-INVALID');
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  const [row] = await db
    .insert(emailDomainRestrictions)
    .values({ id: randomUUID(), tenantId, domain, type: body.type, createdAt: await emulatorDate(db) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`Domain restriction already exists: ${domain}`, 'ER-DOMAIN-RESTRICTION-EXISTS');
  await audit(c, {
    action: 'email-domain-restriction.created',
    targetId: row.id,
    description: `Email domain ${row.type === 'ALLOW' ? 'allowed' : 'blocked'}: ${domain}`,
    details: domainDto(row),
  });
  return c.json(domainDto(row), 201);
});

/** deleteDomainRestriction → `{}`; 404 for an id not of this account. */
adminRestrictionRoutes.delete(`${DOMAINS}/:id`, WRITE, idParams('id'), async (c) => {
  const [row] = await c.var.db
    .delete(emailDomainRestrictions)
    .where(and(eq(emailDomainRestrictions.id, c.req.param('id')), eq(emailDomainRestrictions.tenantId, c.var.auth.tenantId)))
    .returning();
  if (!row) throw notFound('Domain restriction not found', 'ER-DOMAIN-RESTRICTION-NOT-FOUND');
  // the request's transaction is rolled back by the error: the domain stays
  if (row.type === 'ALLOW') {
    const config = await domainRestrictionConfig(c.var.db, c.var.auth.tenantId);
    if (config.active && config.listType === 'ALLOW' && (await allowedDomains(c)) === 0) throw badRequest(LAST_ALLOW_ENTRY, 'ER-ALLOW-LIST-EMPTY');
  }
  await audit(c, {
    action: 'email-domain-restriction.deleted',
    targetId: row.id,
    description: `Email domain restriction removed: ${row.domain}`,
    details: domainDto(row),
    severity: 'WARNING',
  });
  return c.json({});
});

/** How many domains the signed-in account allows (its allow list's length). */
async function allowedDomains(c: Ctx): Promise<number> {
  const [{ n }] = await c.var.db
    .select({ n: count() })
    .from(emailDomainRestrictions)
    .where(and(eq(emailDomainRestrictions.tenantId, c.var.auth.tenantId), eq(emailDomainRestrictions.type, 'ALLOW')));
  return n;
}

/** getDomainRestrictionsConfig (AB-7.36): `{ active, listType, blockPublicDomains }`. */
adminRestrictionRoutes.get(`${DOMAINS}/config`, READ, async (c) => c.json(await domainRestrictionConfig(c.var.db, c.var.auth.tenantId)));

const domainConfigBody = z.object({
  active: z.boolean({ message: 'active must be true or false' }),
  blockPublicDomains: z.boolean({ message: 'blockPublicDomains must be true or false' }).nullish(),
  type: restrictionType('type').nullish(),
});

/** updateDomainRestrictionConfig: `{ active, blockPublicDomains?, type? }` (absent ones kept) → the config. */
adminRestrictionRoutes.post(`${DOMAINS}/config`, WRITE, async (c) => {
  const body = await parseBody(c, domainConfigBody);
  const tenantId = c.var.auth.tenantId;
  const before = await domainRestrictionConfig(c.var.db, tenantId);
  const config = { active: body.active, listType: body.type ?? before.listType, blockPublicDomains: body.blockPublicDomains ?? before.blockPublicDomains };
  if (config.active && config.listType === 'ALLOW' && (await allowedDomains(c)) === 0) throw badRequest(EMPTY_DOMAIN_ALLOW_LIST, 'ER-ALLOW-LIST-EMPTY');
  await mergeSettings(c, { domainRestrictionConfig: config });
  await audit(c, {
    action: 'email-domain-restriction.config.updated',
    targetId: tenantId,
    description: `Email-domain restrictions ${config.active ? 'active' : 'inactive'} (${config.listType} list${config.blockPublicDomains ? ', public domains blocked' : ''})`,
    details: { ...config },
    severity: (before.active && !config.active) || (before.blockPublicDomains && !config.blockPublicDomains) ? 'WARNING' : 'INFO',
  });
  return c.json(config);
});
