/**
 * IP and email-domain restrictions of an account (issue 22 items 3 and 4; admin spec §3 AB-3.16–3.18, §7 AB-7.33–7.36;
 * api-contract §Q): parsing and matching of addresses and CIDRs, the per-account rule cache, and the two checks every
 * enforcing route calls.
 *
 * IP restrictions. An account's rules are `ip_restrictions` rows (each an address or a CIDR, IPv4 or IPv6, a strategy
 * ALLOW or BLOCK and an `isActive` flag); its config `tenants.settings.ipRestrictionConfig` `{ isActive, strategy }`
 * (default inactive, ALLOW: policies.ts). While the config is active, the address of every request made with one of
 * the account's access tokens (ip-enforcement.ts, after http/auth.ts `requireAuth`), of every exchange of one of its
 * API tokens (routes/admin/tokens.ts), of every sign-in into it and every refresh of one of its sessions
 * (session/issue.ts `issueSession`) is checked:
 * - strategy ALLOW: refused unless an active ALLOW rule matches it;
 * - strategy BLOCK: refused when an active BLOCK rule matches it.
 * A refused address gets 403 {@link IP_NOT_ALLOWED} (`ER-IP-RESTRICTED`) and writes a durable audit row
 * `user.ip-restriction.refused` carrying the address: SEVERE when a BLOCK rule matched (an address the admin named),
 * WARNING when the address is merely outside the allow list. A request whose address cannot be determined gets 403
 * {@link IP_METADATA_NOT_FOUND} (SI-8.13). The two verify routes (opted out with ip-enforcement.ts `anyAddress`) always
 * answer, so a portal can tell an administrator that a change would lock them out, and they can fix it.
 *
 * Speed: an account's active rules are read and parsed once and kept in-process (per emulator database, per account):
 * single addresses in a set, CIDRs in a list grouped by address family. Every change of rules or config
 * ({@link restrictionsChanged}) drops the account's entry at once and again after the request's transaction ends
 * ({@link settleRestrictionCache}, app.ts), and a reset drops them all, again after its transaction
 * ({@link forgetRestrictions}).
 *
 * Email domains. An account's rules are `email_domain_restrictions` rows (a domain, type ALLOW or BLOCK); its config
 * `tenants.settings.domainRestrictionConfig` `{ active, listType, blockPublicDomains }` (default inactive, BLOCK,
 * public domains allowed). They are checked for whoever would join the account ({@link checkEmailDomain}):
 * - `active` with listType ALLOW: refused unless the domain is on the ALLOW list; with BLOCK: refused when it is on
 *   the BLOCK list. A rule matches its own domain exactly (not its subdomains);
 * - `blockPublicDomains` (on its own, whatever `active`): refused when the domain is a free-mail domain of the
 *   `email-providers` package's full list (`all.json`, about 8,700 domains).
 * A public sign-up that creates a new account is not the account's to refuse and is never checked.
 */
import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';
import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { emailDomainRestrictions, ipRestrictions, type TenantSettings } from './db/schema.ts';
import type { AppEnv } from './http/env.ts';
import { HttpError, badRequest, forbidden } from './http/errors.ts';
import { clientIp, parseAddress, unmapped, type IpAddress } from './http/client-ip.ts';
import { DEFAULT_DOMAIN_RESTRICTION_CONFIG, DEFAULT_IP_RESTRICTION_CONFIG, tenantSettings } from './policies.ts';
import { audit } from './audit.ts';

type Ctx = Context<AppEnv>;

/** ALLOW or BLOCK (AB-3.17): the strategy of an IP rule and config, the type of a domain rule and list. */
export type RestrictionType = 'ALLOW' | 'BLOCK';
export const RESTRICTION_TYPES: readonly RestrictionType[] = ['ALLOW', 'BLOCK'];

export type IpRestrictionConfig = NonNullable<TenantSettings['ipRestrictionConfig']>;
export type DomainRestrictionConfig = NonNullable<TenantSettings['domainRestrictionConfig']>;

/** The refusal of a request from an address the account's IP restrictions refuse (403). */
export const IP_NOT_ALLOWED = 'IP address is not allowed';
/** The refusal when the request's address cannot be determined (SI-8.13, the catalogue text). */
export const IP_METADATA_NOT_FOUND = 'ip metadata not found';

// ---------------------------------------------------------------- addresses and CIDRs

type Address = IpAddress;

/** A parsed rule: its canonical text and its range (an address is a /32 or /128 range). */
export interface ParsedIp {
  /** Canonical text: IPv4 dotted quad, IPv6 compressed, `/bits` for a CIDR; an IPv4-mapped IPv6 becomes IPv4. */
  ip: string;
  range: [Address, number];
  /** True for a CIDR, false for a single address. */
  cidr: boolean;
}

/**
 * Parses a rule's `ip`: an address or a CIDR, IPv4 or IPv6 (`10.0.0.1`, `10.0.0.0/8`, `2001:db8::1`,
 * `2001:db8::/32`, `::ffff:10.0.0.1` → `10.0.0.1`). Surrounding spaces are ignored.
 * @returns the canonical rule, or null when `raw` is neither
 */
export function parseIpRule(raw: string): ParsedIp | null {
  const text = raw.trim();
  const slash = text.indexOf('/');
  if (slash < 0) {
    const addr = parseAddress(text);
    return addr ? { ip: addr.toString(), range: [addr, addr.kind() === 'ipv4' ? 32 : 128], cidr: false } : null;
  }
  const bitsText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bitsText)) return null;
  const parsed = parseAddress(text.slice(0, slash));
  if (!parsed) return null;
  let bits = Number(bitsText);
  const mapped = text.includes(':') && parsed.kind() === 'ipv4';
  if (mapped) {
    if (bits < 96 || bits > 128) return null;
    bits -= 96;
  }
  if (bits > (parsed.kind() === 'ipv4' ? 32 : 128)) return null;
  return { ip: `${parsed.toString()}/${bits}`, range: [parsed, bits], cidr: true };
}

/** The request's client address (http/client-ip.ts) parsed, an IPv4-mapped IPv6 as IPv4; null when unknown or not an address. */
export function clientAddress(c: Ctx): Address | null {
  const ip = clientIp(c);
  if (!ip) return null;
  try {
    return unmapped(ipaddr.process(ip));
  } catch {
    return null;
  }
}

/** A set of rules ready to match: single addresses by their normalised text, CIDRs by family. */
export interface CompiledIps {
  exact: Set<string>;
  v4: [ipaddr.IPv4, number][];
  v6: [ipaddr.IPv6, number][];
  size: number;
}

/** Compiles the rules' texts (as stored, already canonical; an unparsable one is skipped). */
export function compileIps(ips: Iterable<string>): CompiledIps {
  const out: CompiledIps = { exact: new Set(), v4: [], v6: [], size: 0 };
  for (const text of ips) {
    const p = parseIpRule(text);
    if (!p) continue;
    out.size++;
    if (!p.cidr) out.exact.add(p.range[0].toNormalizedString());
    else if (p.range[0].kind() === 'ipv4') out.v4.push(p.range as [ipaddr.IPv4, number]);
    else out.v6.push(p.range as [ipaddr.IPv6, number]);
  }
  return out;
}

/** True when one of `rules` matches `addr` (an address of the other family never matches). */
export function matchesAny(rules: CompiledIps, addr: Address): boolean {
  if (rules.exact.has(addr.toNormalizedString())) return true;
  if (addr.kind() === 'ipv4') return rules.v4.some((r) => (addr as ipaddr.IPv4).match(r));
  return rules.v6.some((r) => (addr as ipaddr.IPv6).match(r));
}

// ---------------------------------------------------------------- the per-account cache

/** An account's IP restrictions as enforced: its config and its active rules of each strategy. */
export interface TenantIpRules {
  config: IpRestrictionConfig;
  allow: CompiledIps;
  block: CompiledIps;
}

/**
 * Per emulator (its root database handle): account id → its rules, once read. Only settled reads are shared: a read
 * runs on the asking request's own database handle (its transaction, for a mutating request), and on PGlite's one
 * connection another request waiting on that read from inside its own transaction would wait for ever.
 */
const caches = new WeakMap<Db, Map<string, TenantIpRules>>();
/** Per emulator: a counter moved by every change and reset, so a read that began before one is not kept. */
const generations = new WeakMap<Db, number>();
/** Per request: the accounts whose rules it changed, dropped again once its transaction has ended. */
const touched = new WeakMap<Request, Set<string>>();
/** Emulators reset since their last request ended: every entry is dropped again once the reset's transaction has ended. */
const resetPending = new WeakSet<Db>();

const bump = (root: Db) => generations.set(root, (generations.get(root) ?? 0) + 1);

async function loadIpRules(db: Db, tenantId: string): Promise<TenantIpRules> {
  const [settings, rows] = await Promise.all([
    tenantSettings(db, tenantId),
    db
      .select({ ip: ipRestrictions.ip, strategy: ipRestrictions.strategy })
      .from(ipRestrictions)
      .where(and(eq(ipRestrictions.tenantId, tenantId), eq(ipRestrictions.isActive, true))),
  ]);
  return {
    config: { ...DEFAULT_IP_RESTRICTION_CONFIG, ...settings.ipRestrictionConfig },
    allow: compileIps(rows.filter((r) => r.strategy === 'ALLOW').map((r) => r.ip)),
    block: compileIps(rows.filter((r) => r.strategy === 'BLOCK').map((r) => r.ip)),
  };
}

/** Account `tenantId`'s IP config and active rules, from the cache (read with the request's database on a miss). */
export async function tenantIpRules(c: Ctx, tenantId: string): Promise<TenantIpRules> {
  const root = c.var.rt.rootDb;
  const hit = caches.get(root)?.get(tenantId);
  if (hit) return hit;
  const generation = generations.get(root) ?? 0;
  const rules = await loadIpRules(c.var.db, tenantId);
  // kept unless a change or a reset came meanwhile, or this request changed the account (its transaction may roll back)
  if ((generations.get(root) ?? 0) === generation && !touched.get(c.req.raw)?.has(tenantId)) {
    let cache = caches.get(root);
    if (!cache) caches.set(root, (cache = new Map()));
    cache.set(tenantId, rules);
  }
  return rules;
}

/** Call after changing account `tenantId`'s IP rules or config: drops its cache entry now and after the request's transaction. */
export function restrictionsChanged(c: Ctx, tenantId: string): void {
  bump(c.var.rt.rootDb);
  caches.get(c.var.rt.rootDb)?.delete(tenantId);
  const set = touched.get(c.req.raw) ?? new Set<string>();
  set.add(tenantId);
  touched.set(c.req.raw, set);
}

/**
 * Middleware (app.ts, outside the request's transaction): once the transaction has committed or rolled back, drops
 * the entries of the accounts the request changed again, so no read made while it was open stays cached.
 */
export async function settleRestrictionCache(c: Ctx, next: () => Promise<void>): Promise<void> {
  try {
    await next();
  } finally {
    const root = c.var.rt.rootDb;
    if (resetPending.has(root)) {
      resetPending.delete(root);
      bump(root);
      caches.delete(root);
    }
    const set = touched.get(c.req.raw);
    if (set) {
      touched.delete(c.req.raw);
      bump(root);
      const cache = caches.get(root);
      for (const tenantId of set) cache?.delete(tenantId);
    }
  }
}

/**
 * Drops every cached account of the emulator whose root database is `rootDb` (a reset), now and again at the end of
 * the next request (an HTTP reset runs in its request's transaction: a read made meanwhile is not kept).
 */
export function forgetRestrictions(rootDb: Db): void {
  bump(rootDb);
  caches.delete(rootDb);
  resetPending.add(rootDb);
}

// ---------------------------------------------------------------- the IP check

/** What the account's IP restrictions say of an address. */
export type IpVerdict = { allowed: true } | { allowed: false; reason: 'unknown-address' | 'not-in-allow-list' | 'blocked' };

/** The verdict of `rules` on `addr` (null: the address is unknown). An inactive config allows every address. */
export function judgeAddress(rules: TenantIpRules, addr: Address | null): IpVerdict {
  if (!rules.config.isActive) return { allowed: true };
  if (!addr) return { allowed: false, reason: 'unknown-address' };
  if (rules.config.strategy === 'ALLOW') return matchesAny(rules.allow, addr) ? { allowed: true } : { allowed: false, reason: 'not-in-allow-list' };
  return matchesAny(rules.block, addr) ? { allowed: false, reason: 'blocked' } : { allowed: true };
}

/**
 * Enforces account `tenantId`'s IP restrictions on the request `c` (see the module comment): returns when its
 * address may proceed; otherwise writes the durable audit row (`user.ip-restriction.refused`, WARNING, or SEVERE for
 * a BLOCK-rule match; details `{ ip, strategy, reason, via, path }`) and throws.
 * @param user the user signing in, refreshing or calling
 * @param via what was refused: `request` (an authenticated call), `sign-in` or `refresh`
 * @throws HttpError 403 {@link IP_NOT_ALLOWED} `ER-IP-RESTRICTED`, or 403 {@link IP_METADATA_NOT_FOUND} when the address is unknown
 */
export async function enforceIpRestriction(c: Ctx, tenantId: string, user: { id?: string | null; email?: string | null }, via: 'request' | 'sign-in' | 'refresh'): Promise<void> {
  const rules = await tenantIpRules(c, tenantId);
  if (!rules.config.isActive) return;
  const verdict = judgeAddress(rules, clientAddress(c));
  if (verdict.allowed) return;
  const ip = clientIp(c);
  const what = via === 'request' ? 'Request' : via === 'sign-in' ? 'Sign-in' : 'Session refresh';
  await audit(c, {
    action: 'user.ip-restriction.refused',
    tenantId,
    actor: { id: user.id, email: user.email },
    targetId: user.id,
    severity: verdict.reason === 'blocked' ? 'SEVERE' : 'WARNING',
    description: `${what} refused by the IP restrictions (${verdict.reason}) from ${ip ?? 'an unknown address'}: ${user.email ?? user.id ?? ''}`,
    details: { ip, strategy: rules.config.strategy, reason: verdict.reason, via, path: c.req.path },
    durable: true,
  });
  if (verdict.reason === 'unknown-address') throw forbidden(IP_METADATA_NOT_FOUND, 'ER-IP-METADATA-NOT-FOUND');
  throw forbidden(IP_NOT_ALLOWED, 'ER-IP-RESTRICTED');
}

// ---------------------------------------------------------------- email domains

const require = createRequire(import.meta.url);
/** The free-mail domains (`email-providers/all.json`, lowercase), for `blockPublicDomains`. */
export const PUBLIC_EMAIL_DOMAINS: ReadonlySet<string> = new Set((require('email-providers/all.json') as string[]).map((d) => d.toLowerCase()));

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * A domain rule's text normalised: trimmed, lowercase, without a leading `@` or `*.` and a trailing dot.
 * @returns the domain, or null when it is not a domain name with at least two labels (`acme.com`)
 */
export function normaliseDomain(raw: string): string | null {
  const d = raw.trim().toLowerCase().replace(/^@+/, '').replace(/^\*\./, '').replace(/\.$/, '');
  return DOMAIN.test(d) ? d : null;
}

/** The domain part of an email address, lowercase ('' when there is none). */
export const emailDomainOf = (email: string): string => (email.trim().toLowerCase().split('@').pop() ?? '').replace(/\.$/, '');

/** Account `tenantId`'s email-domain config with its defaults. */
export async function domainRestrictionConfig(db: Db, tenantId: string): Promise<DomainRestrictionConfig> {
  return { ...DEFAULT_DOMAIN_RESTRICTION_CONFIG, ...(await tenantSettings(db, tenantId)).domainRestrictionConfig };
}

/**
 * Why account `tenantId` refuses a user with `email` (see the module comment), or null when it accepts them.
 * @returns the reason, a sentence naming the domain
 */
export async function checkEmailDomain(db: Db, tenantId: string, email: string): Promise<string | null> {
  const domain = emailDomainOf(email);
  const config = await domainRestrictionConfig(db, tenantId);
  if (config.blockPublicDomains && PUBLIC_EMAIL_DOMAINS.has(domain)) return `Public email domains are not allowed: ${domain}`;
  if (!config.active) return null;
  const [hit] = await db
    .select({ id: emailDomainRestrictions.id })
    .from(emailDomainRestrictions)
    .where(and(eq(emailDomainRestrictions.tenantId, tenantId), eq(emailDomainRestrictions.domain, domain), eq(emailDomainRestrictions.type, config.listType)));
  if (config.listType === 'ALLOW' && !hit) return `The email domain is not in the allow list: ${domain}`;
  if (config.listType === 'BLOCK' && hit) return `The email domain is blocked: ${domain}`;
  return null;
}

/**
 * For SCIM provisioning and every other joiner: throws unless account `tenantId` accepts a user with `email`.
 * Writes no audit row (see {@link enforceEmailDomain} for the audited form).
 * @throws HttpError 400 when `email` has no domain; 403 `ER-EMAIL-DOMAIN-RESTRICTED` with the reason
 */
export async function assertEmailDomainAllowed(db: Db, tenantId: string, email: string): Promise<void> {
  if (!normaliseDomain(emailDomainOf(email)) || !email.includes('@')) throw badRequest('email must be a valid email');
  const reason = await checkEmailDomain(db, tenantId, email);
  if (reason) throw forbidden(reason, 'ER-EMAIL-DOMAIN-RESTRICTED');
}

/**
 * {@link assertEmailDomainAllowed} for a request: a refusal also writes a durable audit row
 * `user.email-domain.refused` (WARNING; details `{ userEmail, domain, reason, via }`) carrying the client address.
 * @param via who was refused: `add-user`, `invitation-accept`, `invite-link-sign-up`, `sso`
 * @throws HttpError 400 or 403 as {@link assertEmailDomainAllowed}
 */
export async function enforceEmailDomain(c: Ctx, tenantId: string, email: string, via: string): Promise<void> {
  try {
    await assertEmailDomainAllowed(c.var.db, tenantId, email);
  } catch (e) {
    if (!(e instanceof HttpError) || e.status !== 403) throw e;
    await audit(c, {
      action: 'user.email-domain.refused',
      tenantId,
      severity: 'WARNING',
      description: `${e.message} (${email})`,
      details: { userEmail: email, domain: emailDomainOf(email), reason: e.message, via },
      durable: true,
    });
    throw e;
  }
}
