/**
 * The client's address as the emulator records and judges it (sessions, audit rows, IP restrictions: issue 22 item 3;
 * issue 29 item 5; emulator README "The client address"). A leaf of http/: it imports no domain module.
 *
 * Trusted proxies: loopback (127.0.0.0/8, `::1`) unless the emulator was given a list (`--trusted-proxies`,
 * `FE_EMULATOR_TRUSTED_PROXIES`: addresses and CIDRs, parsed with ipaddr.js). Addresses are compared unmapped: an
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is its IPv4 address.
 *
 * - The TCP peer is not a trusted proxy: its socket address is the client. `X-Forwarded-For` is ignored: a remote
 *   caller could name any address.
 * - The TCP peer is a trusted proxy: the chain is the `X-Forwarded-For` hops, then the peer. A reverse proxy appends
 *   the address it was called from, so only hops written by trusted proxies can be believed: walking from the right,
 *   trusted hops are skipped and the first untrusted hop is the client. When every hop is trusted, the leftmost one.
 *   No header: the peer itself. A hop that is not an IP address (`unknown`, a name, an empty hop) where the walk reaches
 *   it makes the address unknown (null): it is never taken as the client, and the hops left of it were written by
 *   whoever sent it, so nothing left of it is believed either. A hop may carry a port (`192.0.2.1:4711`,
 *   `[2001:db8::1]:443`), which is dropped.
 * - No socket (the app called in-process, `emulator.fetch(request)`, as the tests do): the caller is this process and
 *   is trusted like a proxy on loopback; the same walk over `X-Forwarded-For`, and with no header the address is
 *   unknown (null).
 */
import ipaddr from 'ipaddr.js';
import type { Context } from 'hono';
import type { AppEnv, IpRange } from './env.ts';

export type { IpRange };
/** A parsed address: IPv4 or IPv6 (ipaddr.js). */
export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** The proxies trusted when none are configured: loopback, as canonical CIDRs. */
export const DEFAULT_TRUSTED_PROXIES: readonly string[] = ['127.0.0.0/8', '::1/128'];

/** `addr` as IPv4 when it is an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`), else itself. */
export function unmapped(addr: IpAddress): IpAddress {
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
}

/**
 * Parses one address strictly, unmapped: IPv4 only as four decimal parts (ipaddr.js alone also takes `10.1` or hex
 * parts), IPv6 in any valid spelling, a zone id dropped.
 * @returns the address, or null when `text` is not one
 */
export function parseAddress(text: string): IpAddress | null {
  if (text.includes(':')) {
    if (!ipaddr.IPv6.isValid(text)) return null;
    const a = ipaddr.IPv6.parse(text);
    a.zoneId = undefined;
    return unmapped(a);
  }
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : null;
}

/** A hop's address text: trimmed, without IPv6 brackets or a port (`[2001:db8::1]:443` → `2001:db8::1`). */
function hopText(hop: string): string {
  const text = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return bracketed[1];
  return /^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/.test(text) ? text.slice(0, text.lastIndexOf(':')) : text;
}

/** One `X-Forwarded-For` hop parsed (see {@link hopText}); null when it is not an address. */
export function parseHop(hop: string): IpAddress | null {
  return parseAddress(hopText(hop));
}

/** One trusted-proxy entry (an address or a CIDR, IPv4 or IPv6) as a range; null when it is neither. */
function parseRange(entry: string): IpRange | null {
  const [addrText, bits, ...rest] = entry.trim().split('/');
  if (rest.length) return null;
  const mappedText = addrText.includes(':');
  const addr = parseAddress(addrText);
  if (!addr) return null;
  const max = addr.kind() === 'ipv4' ? 32 : 128;
  if (bits === undefined) return [addr, max];
  if (!/^\d{1,3}$/.test(bits)) return null;
  // `::ffff:10.0.0.0/104` is the IPv4 range 10.0.0.0/8
  const prefix = mappedText && addr.kind() === 'ipv4' ? Number(bits) - 96 : Number(bits);
  return prefix >= 0 && prefix <= max ? [addr, prefix] : null;
}

/**
 * Parses a trusted-proxy list (`--trusted-proxies`, `FE_EMULATOR_TRUSTED_PROXIES`): comma-separated addresses and
 * CIDRs, IPv4 or IPv6 (`127.0.0.0/8,::1,10.0.0.5`).
 * @returns the entries as canonical CIDRs (`10.0.0.5` → `10.0.0.5/32`, `::ffff:10.0.0.1` → `10.0.0.1/32`)
 * @throws Error naming the first entry that is not an address or CIDR, or when the list names none
 */
export function parseTrustedProxies(list: string): string[] {
  const entries = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!entries.length) throw new Error('the trusted proxy list is empty');
  return entries.map((entry) => {
    const range = parseRange(entry);
    if (!range) throw new Error(`not an IP address or CIDR: "${entry}"`);
    return `${range[0].toString()}/${range[1]}`;
  });
}

/** The ranges of canonical trusted-proxy CIDRs ({@link parseTrustedProxies}' output); an unparsable entry is skipped. */
export function compileTrustedProxies(cidrs: readonly string[]): IpRange[] {
  return cidrs.map(parseRange).filter((r): r is IpRange => r !== null);
}

const DEFAULT_RANGES = compileTrustedProxies(DEFAULT_TRUSTED_PROXIES);

/** True when `addr` lies in one of `ranges` (never across address families). */
export function inRanges(addr: IpAddress, ranges: readonly IpRange[]): boolean {
  return ranges.some(([base, bits]) => base.kind() === addr.kind() && addr.match(base, bits));
}

/**
 * The client of an `X-Forwarded-For` chain whose last writer is trusted (see the module comment): walking from the
 * right, the first hop outside `trusted`; every hop trusted: the leftmost; a hop that is not an address first: null.
 * @param hops the header's hops, left to right (at least one)
 * @returns the client's address as written in its hop (port and brackets dropped), or null
 */
export function clientOfChain(hops: readonly string[], trusted: readonly IpRange[]): string | null {
  for (let i = hops.length - 1; i >= 0; i--) {
    const addr = parseHop(hops[i]);
    if (!addr) return null;
    if (!inRanges(addr, trusted) || i === 0) return hopText(hops[i]);
  }
  return null;
}

/**
 * The client's address of request `c` (see the module comment), with the emulator's trusted proxies
 * (`c.var.rt.trustedProxies`, loopback when unset). Null when it cannot be determined (issue 29 item 5).
 */
export function clientIp(c: Context<AppEnv>): string | null {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const trusted = (c.var as Partial<AppEnv['Variables']>).rt?.trustedProxies ?? DEFAULT_RANGES;
  const header = c.req.header('x-forwarded-for');
  const hops = header === undefined ? [] : header.split(',');
  // in-process: no Node request at all; the caller is this process
  if (!env?.incoming) return hops.length ? clientOfChain(hops, trusted) : null;
  const peer = env.incoming.socket?.remoteAddress;
  // served over TCP, but the socket no longer tells its peer: unknown
  if (!peer) return null;
  const peerAddr = parseHop(peer);
  if (!peerAddr || !inRanges(peerAddr, trusted) || !hops.length) return peer;
  return clientOfChain(hops, trusted);
}
