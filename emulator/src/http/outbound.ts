/**
 * Every HTTP request the emulator itself makes (SAML metadata URL, OIDC discovery, token endpoint, JWKS) goes through
 * {@link outboundFetch} (issue 29 items 3 and 4; OWASP SSRF Prevention Cheat Sheet):
 *
 * - **Addresses.** The host is resolved once; every address it resolves to is checked
 *   ({@link classifyAddress}) and the connection goes to a checked address (a `lookup` that answers the checked
 *   list, so a second DNS answer cannot rebind it). Always refused: link-local (169.254.0.0/16, fe80::/10), cloud
 *   metadata services (169.254.169.254, fd00:ec2::254, 100.100.100.200, metadata.google.internal, …), unspecified,
 *   multicast, broadcast and reserved ranges. Refused unless `allowPrivateNetwork` (`--allow-private-network`):
 *   10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7. Loopback is allowed (the local IdPs of tests and dev).
 *   IPv4-mapped and NAT64/6to4 IPv6 addresses are judged by the IPv4 address inside them.
 * - **Redirects.** At most {@link MAX_REDIRECTS} for GET, each target http(s) and checked like the first;
 *   other methods do not follow redirects.
 * - **Bounded reads.** A Content-Length above the caller's limit is refused before reading; otherwise the body is
 *   counted while it streams and the connection closed once the limit is passed. One deadline covers the lookup,
 *   redirects and the body.
 * - **Errors** ({@link OutboundError}) say what was wrong (`HTTP 404`, `not JSON (content type text/plain)`,
 *   `larger than 1 MiB`, `address not allowed: link-local`, `too many redirects (at most 3)`, `timed out after 5000 ms`)
 *   and never quote what was fetched (body, Location, headers).
 *
 * A leaf of `http/`: node built-ins and ipaddr.js only.
 */
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Redirects followed at most (GET only). */
export const MAX_REDIRECTS = 3;
/** The largest document the emulator reads by default: 1 MiB. */
export const DEFAULT_MAX_BYTES = 1024 * 1024;
/** The default deadline of one fetch (lookup, redirects, body): 5000 ms. */
export const DEFAULT_TIMEOUT_MS = 5000;

/** What a host name resolves to (node:dns `lookup` with `all: true`). */
export type ResolvedAddress = LookupAddress;
/** Resolves a host name to its addresses; tests inject one (no DNS traffic), the default is node:dns `lookup`. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Where the emulator may connect (one per emulator: EmulatorRuntime.outbound). */
export interface OutboundPolicy {
  /** `--allow-private-network`: private ranges (RFC 1918, CGNAT, fc00::/7) allowed. Link-local and metadata never. */
  allowPrivateNetwork: boolean;
  /** The resolver of host names (default: node:dns `lookup`, all addresses). */
  resolve?: HostResolver;
}

/** The policy without the flag: loopback and public addresses only. */
export const STRICT_POLICY: OutboundPolicy = Object.freeze({ allowPrivateNetwork: false });

/** What an outbound fetch failed on: `message` is safe to show (it never quotes fetched content). */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    message: string,
    /** A short machine-readable kind. */
    readonly code: 'URL' | 'ADDRESS' | 'REDIRECT' | 'TOO_LARGE' | 'TIMEOUT' | 'CONNECT' | 'HTTP' | 'CONTENT',
  ) {
    super(message);
  }
}

/** Why an outbound fetch failed, as a client maps it to its own words (an error answer's `context`, issue 31 item 5). */
export type OutboundReason = 'NO_SUCH_HOST' | 'REFUSED' | 'CONNECT' | 'TIMEOUT' | 'HTTP' | 'ADDRESS' | 'TOO_LARGE' | 'CONTENT' | 'REDIRECT' | 'URL';

/**
 * The reason of an {@link OutboundError}: resolver codes (`ENOTFOUND`, `EAI_AGAIN`, `EAI_NONAME`) are `NO_SUCH_HOST`,
 * `ECONNREFUSED` is `REFUSED`, other connection failures `CONNECT`; the rest is the error's own kind. `status` with
 * `HTTP` (the status the server answered).
 */
export function outboundReason(e: OutboundError): { reason: OutboundReason; status?: number } {
  if (e.code === 'CONNECT') {
    if (/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_NODATA|EAI_FAIL)$/.test(e.message)) return { reason: 'NO_SUCH_HOST' };
    return { reason: e.message === 'ECONNREFUSED' ? 'REFUSED' : 'CONNECT' };
  }
  if (e.code === 'HTTP') return { reason: 'HTTP', status: Number(/HTTP (\d+)/.exec(e.message)?.[1] ?? 0) };
  return { reason: e.code };
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses

/** The class of an address: `loopback`, `public` and (with the flag) `private` are allowed; the rest never. */
export type AddressClass = 'loopback' | 'public' | 'private' | 'link-local' | 'cloud metadata' | 'unspecified' | 'multicast' | 'broadcast' | 'reserved';

/** Cloud metadata services' addresses (refused even where their range would be allowed). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '169.254.170.23', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254', 'fd00:ec2::23', 'fd20:ce::254']);
/** Cloud metadata services' host names (refused by name, before any lookup). */
const METADATA_HOSTNAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal', 'metadata.azure.internal']);

const IPV4_CLASSES: Record<string, AddressClass> = {
  loopback: 'loopback',
  unicast: 'public',
  private: 'private',
  carrierGradeNat: 'private',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4, SIIT), if any. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = v6.range();
  const b = v6.toByteArray();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return new ipaddr.IPv4(b.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(b.slice(2, 6));
  return undefined;
}

/**
 * Classifies an IP address (any spelling ipaddr.js parses: dotted, IPv6 short forms, IPv4-mapped IPv6).
 * @param address an IP address without brackets or zone
 * @returns its {@link AddressClass}; `reserved` for anything unparsable or unusual (IPv4-compatible `::a.b.c.d`,
 *   IPv6 outside 2000::/3, Teredo, documentation and benchmarking ranges, …). Issue 29 item 3.
 */
export function classifyAddress(address: string): AddressClass {
  if (!ipaddr.isValid(address)) return 'reserved';
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (METADATA_ADDRESSES.has(v6.toString())) return 'cloud metadata';
    const inner = embeddedIPv4(v6);
    if (inner) return classifyAddress(inner.toString());
    switch (v6.range()) {
      case 'loopback':
        return 'loopback';
      case 'unspecified':
        return 'unspecified';
      case 'linkLocal':
        return 'link-local';
      case 'multicast':
        return 'multicast';
      case 'uniqueLocal':
        return 'private';
      case 'unicast':
        // global unicast is 2000::/3; the rest of "unicast" is unassigned (incl. IPv4-compatible ::a.b.c.d)
        return v6.match(ipaddr.IPv6.parse('2000::'), 3) ? 'public' : 'reserved';
      default:
        return 'reserved';
    }
  }
  const v4 = parsed as ipaddr.IPv4;
  if (METADATA_ADDRESSES.has(v4.toString())) return 'cloud metadata';
  return IPV4_CLASSES[v4.range()] ?? 'reserved';
}

/**
 * Why `address` may not be connected to under `policy`, or undefined when it may.
 * @returns e.g. `address not allowed: link-local`, `address not allowed: private network (…)`
 */
export function addressRefusal(address: string, policy: OutboundPolicy): string | undefined {
  const kind = classifyAddress(address);
  if (kind === 'loopback' || kind === 'public' || (kind === 'private' && policy.allowPrivateNetwork)) return undefined;
  if (kind === 'private') return 'address not allowed: private network (start the emulator with --allow-private-network)';
  return `address not allowed: ${kind}`;
}

/** A host name as a lookup takes it: no brackets, lower case, no trailing dot. */
const bareHostname = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');

const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Resolves `hostname` once and checks every address it resolves to.
 * @returns the addresses (all allowed), in the resolver's order
 * @throws OutboundError `ADDRESS` (`address not allowed: …`, `host name not allowed: cloud metadata`), `CONNECT`
 *   (`ENOTFOUND` and other resolver codes)
 */
export async function resolveChecked(hostname: string, policy: OutboundPolicy): Promise<ResolvedAddress[]> {
  const host = bareHostname(hostname);
  if (METADATA_HOSTNAMES.has(host)) throw new OutboundError('host name not allowed: cloud metadata', 'ADDRESS');
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host);
    } catch (e) {
      throw new OutboundError(String((e as { code?: string }).code ?? 'the host name did not resolve'), 'CONNECT');
    }
    if (!addresses.length) throw new OutboundError('ENOTFOUND', 'CONNECT');
  }
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, policy);
    if (refusal) throw new OutboundError(refusal, 'ADDRESS');
  }
  return addresses;
}

// ---------------------------------------------------------------------------------------------------------------
// Fetching

/** What {@link outboundFetch} is asked to do. */
export interface OutboundOptions {
  policy: OutboundPolicy;
  /** Default GET. Only GET follows redirects. */
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The largest body read, in bytes (default {@link DEFAULT_MAX_BYTES}). */
  maxBytes?: number;
  /** The deadline of the whole fetch in ms (default {@link DEFAULT_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** Redirects followed at most (default {@link MAX_REDIRECTS}). */
  maxRedirects?: number;
  /** Aborts the fetch (e.g. jose's own timeout); reported as `timed out`. */
  signal?: AbortSignal;
  /** `manual`: a 3xx answer is returned as it is, never followed (webhook deliveries); default `follow` (GET only). */
  redirect?: 'follow' | 'manual';
  /** `truncate`: a body longer than `maxBytes` is cut there (`truncated: true`) instead of failing with `TOO_LARGE`. */
  overflow?: 'error' | 'truncate';
}

/** An answer read whole (within the limit). */
export interface OutboundResponse {
  status: number;
  /** The URL that answered (after redirects). */
  url: string;
  /** The media type of Content-Type (lower case, no parameters) when a common one, `other` for any other; '' when absent. */
  contentType: string;
  body: Buffer;
  /** The answer's headers (node's lower-case names; fetched content: never quote them in an error). */
  headers: http.IncomingHttpHeaders;
  /** True when the body was cut at `maxBytes` (`overflow: 'truncate'`). */
  truncated?: boolean;
}

/** `1 MiB`, `64 KiB` or `100 bytes`. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** Media types named in errors; any other is `other` (a header is fetched content too: not echoed). */
const NAMED_MEDIA_TYPES = new Set([
  'application/json',
  'application/jwk-set+json',
  'application/xml',
  'application/samlmetadata+xml',
  'text/xml',
  'text/plain',
  'text/html',
  'text/javascript',
  'text/css',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/svg+xml',
]);

/** The media type of a Content-Type header when it is one of {@link NAMED_MEDIA_TYPES}; '' when absent. */
function mediaType(header: string | undefined): string {
  const type = (header ?? '').split(';')[0].trim().toLowerCase();
  return !type || NAMED_MEDIA_TYPES.has(type) ? type : 'other';
}

/**
 * The content type as an error names it: ` (content type text/html)`, ` (an unexpected content type)`, or '' when
 * the answer had none.
 */
export function contentTypeNote(response: Pick<OutboundResponse, 'contentType'>): string {
  if (!response.contentType) return '';
  return response.contentType === 'other' ? ' (an unexpected content type)' : ` (content type ${response.contentType})`;
}

/** The URL to fetch, checked: http(s), no credentials. */
function targetOf(url: string | URL): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundError('not a URL', 'URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new OutboundError('not an http(s) URL', 'URL');
  return target;
}

/** One deadline over the lookup, every hop and the body; `signal` ends it early. */
class Deadline {
  readonly expired: Promise<never>;
  private timer: NodeJS.Timeout | undefined;
  private onAbort: (() => void) | undefined;
  private current: http.ClientRequest | undefined;
  constructor(
    readonly ms: number,
    private readonly signal?: AbortSignal,
  ) {
    this.expired = new Promise<never>((_, reject) => {
      const fire = () => {
        const error = new OutboundError(`timed out after ${ms} ms`, 'TIMEOUT');
        this.current?.destroy(error);
        reject(error);
      };
      this.timer = setTimeout(fire, ms);
      if (signal?.aborted) fire();
      this.onAbort = fire;
      signal?.addEventListener('abort', fire, { once: true });
    });
    this.expired.catch(() => undefined);
  }
  /** `promise`, or the timeout if it comes first. */
  race<T>(promise: Promise<T>): Promise<T> {
    return Promise.race([promise, this.expired]);
  }
  /** The request the timeout destroys. */
  watch(request: http.ClientRequest) {
    this.current = request;
  }
  clear() {
    clearTimeout(this.timer);
    if (this.onAbort) this.signal?.removeEventListener('abort', this.onAbort);
    this.current?.destroy();
  }
}

/** Sends one request to `target` (its addresses checked) and resolves with the response head. */
function send(target: URL, addresses: ResolvedAddress[], o: OutboundOptions, headers: Record<string, string>, deadline: Deadline) {
  return new Promise<{ request: http.ClientRequest; response: http.IncomingMessage }>((resolve, reject) => {
    const host = bareHostname(target.hostname);
    const lookup = (_name: string, opts: { all?: boolean; family?: number }, cb: (...a: unknown[]) => void) => {
      const usable = opts.family ? addresses.filter((a) => a.family === opts.family) : addresses;
      if (!usable.length) return cb(Object.assign(new Error('no address of that family'), { code: 'ENOTFOUND' }));
      if (opts.all) cb(null, usable);
      else cb(null, usable[0].address, usable[0].family);
    };
    const request = (target.protocol === 'https:' ? https : http).request({
      protocol: target.protocol,
      host,
      port: target.port || undefined,
      path: `${target.pathname}${target.search}`,
      method: o.method ?? 'GET',
      headers,
      agent: false,
      lookup: lookup as never,
      servername: isIP(host) ? undefined : host,
    });
    deadline.watch(request);
    request.on('error', (e) => reject(e instanceof OutboundError ? e : new OutboundError(String((e as { code?: string }).code ?? 'connection failed'), 'CONNECT')));
    request.on('response', (response) => resolve({ request, response }));
    request.end(o.body);
  });
}

/**
 * Reads `response` up to `maxBytes`: a larger Content-Length is refused before reading, a longer body stops the read
 * and closes the connection.
 * @throws OutboundError `TOO_LARGE` (`larger than 1 MiB`), `CONNECT` (the connection broke off)
 */
function readBounded(request: http.ClientRequest, response: http.IncomingMessage, maxBytes: number, truncate = false): Promise<Buffer & { truncated?: boolean }> {
  const tooLarge = () => new OutboundError(`larger than ${formatBytes(maxBytes)}`, 'TOO_LARGE');
  const declared = Number(response.headers['content-length']);
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
    request.destroy();
    return Promise.reject(tooLarge());
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      if (truncate && size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        resolve(Object.assign(Buffer.concat(chunks), { truncated: true }));
        request.destroy();
        return;
      }
      size += chunk.length;
      if (size > maxBytes) {
        reject(tooLarge());
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', (e) => reject(e instanceof OutboundError ? e : new OutboundError('the connection broke off', 'CONNECT')));
    response.on('close', () => {
      if (!response.complete) reject(new OutboundError('the connection broke off', 'CONNECT'));
    });
  });
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

/**
 * Fetches `url` under the rules of this module (addresses checked at connect time, redirects re-checked, bounded
 * read, one deadline). Non-2xx answers are returned, not thrown (the caller names the status).
 * @param url an absolute http(s) URL without credentials
 * @returns the final status, URL, media type and body (at most `maxBytes` bytes)
 * With `redirect: 'manual'` a 3xx answer is returned (its body read like any other); with `overflow: 'truncate'`
 * a body past `maxBytes` is cut there (`truncated`) instead of refused.
 * @throws OutboundError — `URL` (`not an http(s) URL`, `credentials in the URL are not allowed`), `ADDRESS`
 *   (`address not allowed: link-local`, …), `REDIRECT` (`too many redirects (at most 3)`, `redirected to a URL that is
 *   not http(s)`, `redirect not followed (HTTP 302)`), `TOO_LARGE` (`larger than 1 MiB`), `TIMEOUT` (`timed out after
 *   5000 ms`), `CONNECT` (`ECONNREFUSED`, `ENOTFOUND`, …). Issue 29 items 3 and 4.
 */
export async function outboundFetch(url: string | URL, o: OutboundOptions): Promise<OutboundResponse> {
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = o.maxRedirects ?? MAX_REDIRECTS;
  const deadline = new Deadline(o.timeoutMs ?? DEFAULT_TIMEOUT_MS, o.signal);
  const headers: Record<string, string> = { 'user-agent': 'fe-emulator', 'accept-encoding': 'identity', ...o.headers };
  try {
    let target = targetOf(url);
    for (let redirects = 0; ; redirects++) {
      const addresses = await deadline.race(resolveChecked(target.hostname, o.policy));
      if (target.username || target.password) throw new OutboundError('credentials in the URL are not allowed', 'URL');
      const { request, response } = await deadline.race(send(target, addresses, o, headers, deadline));
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (!isRedirect(status) || !location || o.redirect === 'manual') {
        const read = await deadline.race(readBounded(request, response, maxBytes, o.overflow === 'truncate'));
        const answer: OutboundResponse = { status, url: target.href, contentType: mediaType(response.headers['content-type']), body: read, headers: response.headers };
        if (read.truncated) answer.truncated = true;
        return answer;
      }
      request.destroy();
      if ((o.method ?? 'GET') !== 'GET') throw new OutboundError(`redirect not followed (HTTP ${status})`, 'REDIRECT');
      if (redirects >= maxRedirects) throw new OutboundError(`too many redirects (at most ${maxRedirects})`, 'REDIRECT');
      target = nextTarget(target, location, headers);
    }
  } finally {
    deadline.clear();
  }
}

/** The redirect's target (http(s) only; credentials dropped on a change of origin). */
function nextTarget(from: URL, location: string, headers: Record<string, string>): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new OutboundError('redirected to something that is not a URL', 'REDIRECT');
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new OutboundError('redirected to a URL that is not http(s)', 'REDIRECT');
  if (next.origin !== from.origin) delete headers.authorization;
  return next;
}

/**
 * Fetches `url` and reads a JSON object from a 2xx answer.
 * @returns the parsed object
 * @throws OutboundError as {@link outboundFetch}, plus `HTTP <status>` (not 2xx) and `CONTENT`
 *   (`not JSON (content type text/html)`, `not a JSON object`)
 */
export async function outboundJson(url: string | URL, o: OutboundOptions): Promise<Record<string, unknown>> {
  const r = await outboundFetch(url, { ...o, headers: { accept: 'application/json', ...o.headers } });
  if (r.status < 200 || r.status > 299) throw new OutboundError(`HTTP ${r.status}`, 'HTTP');
  let value: unknown;
  try {
    value = JSON.parse(r.body.toString('utf8'));
  } catch {
    throw new OutboundError(`not JSON${contentTypeNote(r)}`, 'CONTENT');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new OutboundError('not a JSON object', 'CONTENT');
  return value as Record<string, unknown>;
}

/**
 * A `fetch`-shaped function over {@link outboundFetch} for libraries that take one (jose's `customFetch` for a
 * remote JWKS): GET, the answer rebuilt as a `Response` once read within `maxBytes`.
 * @throws OutboundError as {@link outboundFetch}
 */
export function outboundFetchFunction(policy: OutboundPolicy, limits: { maxBytes?: number; timeoutMs?: number } = {}) {
  return async (url: string | URL, init: { headers?: HeadersInit; signal?: AbortSignal | null } = {}): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const r = await outboundFetch(url, { policy, headers, signal: init.signal ?? undefined, ...limits });
    const nullBody = [101, 204, 205, 304].includes(r.status);
    return new Response(nullBody ? null : new Uint8Array(r.body), { status: r.status, headers: r.contentType ? { 'content-type': r.contentType } : {} });
  };
}
