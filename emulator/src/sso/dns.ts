/**
 * Domain ownership by DNS (issue 23 item 4; admin spec §4 "validate the domain"): an SSO domain is proven when a
 * TXT record on the domain itself (not a subdomain) has exactly the value the emulator gave it (`txtRecord` of a
 * multi-SSO domain, `generatedVerification` of the legacy SAML domain).
 *
 * Resolution is real (`node:dns/promises` `Resolver`) against the servers of `--dns-servers` /
 * `FE_EMULATOR_DNS_SERVERS` (the system's when none), {@link DNS_TIMEOUT_MS} per query, one try. Not found,
 * NXDOMAIN, no answer and a timeout are all "not validated yet" (DNS can take a while to propagate), never an
 * error of the request.
 */
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';

/** How long one TXT query may take: 2000 ms, one try. */
export const DNS_TIMEOUT_MS = 2000;

/** What a failed check answers (issue 23 item 4). */
export const DNS_NOT_FOUND_REASON = 'not found yet, DNS can take a while';

/** A new TXT value to publish: `fe-verification=<32 hex>`. */
export function newVerificationValue(): string {
  return `fe-verification=${randomBytes(16).toString('hex')}`;
}

/** The outcome of one check: `validated`, and when not, why (for the answer and the audit row). */
export interface TxtCheck {
  validated: boolean;
  /** {@link DNS_NOT_FOUND_REASON}, or that it plus the resolver's code (e.g. `ETIMEOUT`). */
  reason?: string;
}

/**
 * Looks up the TXT records of `domain` and reports whether one of them is `expected` (a record's strings joined,
 * RFC 7208 §3.3 style, and trimmed).
 * @param servers `host:port` resolvers; empty: the system's
 * @returns never throws: a lookup failure is `{ validated: false, reason }`
 */
export async function checkTxtRecord(domain: string, expected: string, servers: string[]): Promise<TxtCheck> {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
  if (servers.length) resolver.setServers(servers);
  try {
    const records = await resolver.resolveTxt(domain);
    if (records.some((chunks) => chunks.join('').trim() === expected)) return { validated: true };
    return { validated: false, reason: DNS_NOT_FOUND_REASON };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // ENOTFOUND (NXDOMAIN) and ENODATA (no TXT) are the plain "not there yet"
    return { validated: false, reason: code && code !== 'ENOTFOUND' && code !== 'ENODATA' ? `${DNS_NOT_FOUND_REASON} (${code})` : DNS_NOT_FOUND_REASON };
  }
}
