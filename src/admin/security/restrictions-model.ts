/**
 * The restriction tabs' pure model (house style §9 model.ts): parsing and matching IP addresses and CIDR ranges with
 * ipaddr.js (IPv4 and IPv6; IPv4-mapped IPv6 addresses read as IPv4), reading pasted lines for a bulk add, email
 * domains, and the lock-out questions the IP tab asks before a change (issue 22 item 3; AB-9.17).
 */
import ipaddr from 'ipaddr.js';
import type { IpRestriction, IpRestrictionsConfig, RestrictionType } from '../../api/restrictions.ts';
import type { CurrentIp } from '../resources/restrictions.ts';

export type { CurrentIp };

/** Why an address is refused on the client (a message key of the restriction texts), or null when it is valid. */
export type IpProblem = 'admin.security.ip.error.required' | 'admin.security.ip.error.invalid' | null;

/** One address, four-part decimal for IPv4 (not `1` or `0x7f.1`, which ipaddr.js also reads), IPv4-mapped IPv6 as IPv4. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (ipaddr.IPv6.isValid(text)) return ipaddr.process(text);
  return null;
}

/** A rule's range: the address and its prefix length (32 or 128 for one address); null when `text` is not an address or CIDR. */
export function parseIpRule(text: string): { address: ipaddr.IPv4 | ipaddr.IPv6; bits: number } | null {
  const value = text.trim();
  const slash = value.indexOf('/');
  const address = parseAddress(slash < 0 ? value : value.slice(0, slash));
  if (!address) return null;
  if (slash < 0) return { address, bits: address.kind() === 'ipv4' ? 32 : 128 };
  const bitsText = value.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bitsText)) return null;
  const bits = Number(bitsText);
  // an IPv4-mapped IPv6 range keeps its IPv6 prefix length: read it as IPv6 then
  const kindBits = address.kind() === 'ipv4' && !ipaddr.IPv4.isValidFourPartDecimal(value.slice(0, slash)) ? 128 : address.kind() === 'ipv4' ? 32 : 128;
  if (bits > kindBits) return null;
  if (kindBits === 128 && address.kind() === 'ipv4') return { address: ipaddr.IPv6.parse(value.slice(0, slash)), bits };
  return { address, bits };
}

/** What is wrong with an address or CIDR the admin typed: required, invalid, or null (valid). */
export function ipProblem(text: string): IpProblem {
  if (!text.trim()) return 'admin.security.ip.error.required';
  return parseIpRule(text) ? null : 'admin.security.ip.error.invalid';
}

/** Whether the rule `rule` (an address or CIDR) matches the address `address`; false when either does not parse or their kinds differ. */
export function ruleMatches(rule: string, address: string): boolean {
  const range = parseIpRule(rule);
  const ip = parseAddress(address.trim());
  if (!range || !ip || range.address.kind() !== ip.kind()) return false;
  return ip.match(range.address as never, range.bits);
}

/** One pasted line of a bulk add: the address or CIDR, an optional description after it (space, comma or tab), and its problem. */
export interface BulkLine {
  line: number;
  ip: string;
  description: string;
  problem: IpProblem;
}

/** The non-blank lines of a paste (numbered from 1), each read as `address [description]` and checked. */
export function readBulkLines(text: string): BulkLine[] {
  const out: BulkLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const [ip = '', ...rest] = line.split(/[\s,;]+/);
    out.push({ line: i + 1, ip, description: rest.join(' ').trim(), problem: ipProblem(ip) });
  });
  return out;
}

/** An email domain as the server keeps it: trimmed, lowercase, without a leading `@`. */
export function normaliseDomain(text: string): string {
  return text.trim().toLowerCase().replace(/^@+/, '');
}

/** Whether `text` (normalised) is a domain name: dot-separated labels of letters, digits and hyphens, a 2+ letter last label. */
export function isDomain(text: string): boolean {
  const d = normaliseDomain(text);
  return d.length <= 253 && /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,63}$/.test(d);
}

/** The lock-out a change would cause, or null: the warning dialog's reason (AB-9.17). */
export type LockOut = 'activateAllow' | 'blockRule' | 'deleteAllow' | null;

/** Whether turning the config into `next` would lock the admin out: an active allow list that lacks the current address. */
export function lockOutOnConfig(current: IpRestrictionsConfig | undefined, next: IpRestrictionsConfig, me: CurrentIp): LockOut {
  const allowFromNow = next.isActive && next.strategy === 'ALLOW';
  const allowBefore = !!current?.isActive && current.strategy === 'ALLOW';
  return allowFromNow && !allowBefore && me.inAllowList === false ? 'activateAllow' : null;
}

/** Whether adding a block rule `ip` would refuse the current address (known only when the server tells the address). */
export function lockOutOnAdd(rule: { ip: string; strategy: RestrictionType }, me: CurrentIp): LockOut {
  return rule.strategy === 'BLOCK' && me.ip !== undefined && ruleMatches(rule.ip, me.ip) ? 'blockRule' : null;
}

/**
 * Whether deleting `rule` would drop the allow rule that admits the current address while an allow list is in force:
 * it matches the address and no other allow rule the portal has seen (`others`) does.
 */
export function lockOutOnDelete(rule: IpRestriction, config: IpRestrictionsConfig | undefined, me: CurrentIp, others: readonly IpRestriction[]): LockOut {
  if (!config?.isActive || config.strategy !== 'ALLOW' || rule.strategy !== 'ALLOW' || me.ip === undefined) return null;
  if (!ruleMatches(rule.ip, me.ip)) return null;
  const ip = me.ip;
  return others.some((r) => r.id !== rule.id && r.strategy === 'ALLOW' && r.isActive && ruleMatches(r.ip, ip)) ? null : 'deleteAllow';
}
