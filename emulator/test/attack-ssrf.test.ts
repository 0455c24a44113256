/**
 * Attacks on the emulator's outbound fetches (issue 29 items 3 and 4; OWASP SSRF Prevention Cheat Sheet): an
 * administrator names a URL (SAML metadata URL, OIDC issuer) and the emulator fetches it. Proven here through the
 * real admin routes against loopback servers that redirect to a link-local address, answer 20 MiB, or answer a
 * secret that is not the document asked for.
 *
 * Network rule of these tests: no packet leaves loopback. A guard on `net.Socket.prototype.connect` refuses (and
 * records) every connect that is not to a loopback address, so even code that forgot its check cannot reach
 * 169.254.169.254; each attack asserts that the guard saw NO attempt (the emulator refused before connecting).
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import {
  addressRefusal,
  classifyAddress,
  outboundFetch,
  outboundJson,
  resolveChecked,
  type HostResolver,
  type OutboundPolicy,
  type ResolvedAddress,
} from '../src/http/outbound.ts';
import { discover, exchangeCode, validateIdToken } from '../src/federation/oidc-client.ts';
import { parseCli, USAGE } from '../src/cli.ts';
import type { Emulator } from '../src/app.ts';
import { rejectsWith, useAdminEmulator } from './admin-harness.ts';
import { Client, P, startEmulator } from './helpers.ts';

// ---------------------------------------------------------------------------------------------------------------
// The network guard: any connect to a non-loopback address is refused before it happens, and recorded.

/** Connects the guard refused: `host` (or `host → address`). */
const refusedConnects: string[] = [];
const isLoopbackAddress = (a: string) => /^127\./.test(a) || a === '::1' || /^::ffff:127\./i.test(a);
const originalConnect = net.Socket.prototype.connect;
type LookupCallback = (err: Error | null, address?: unknown, family?: number) => void;
type ConnectOptions = { host?: string; path?: string; lookup?: (name: unknown, o: unknown, cb: LookupCallback) => void };
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0];
  const opts: ConnectOptions | undefined = Array.isArray(first) ? (first[0] as ConnectOptions) : typeof first === 'object' && first ? (first as ConnectOptions) : undefined;
  const host = opts ? (opts.path ? undefined : (opts.host ?? 'localhost')) : typeof args[1] === 'string' ? args[1] : 'localhost';
  const refuse = (what: string) => {
    refusedConnects.push(what);
    process.nextTick(() => this.destroy(Object.assign(new Error(`test network guard: refused a connect to ${what}`), { code: 'ETESTGUARD' })));
    return this;
  };
  if (host !== undefined && host !== 'localhost' && !isLoopbackAddress(host)) {
    if (net.isIP(host) || !opts?.lookup) return refuse(host);
    // a host name with a lookup of its own: every address it answers must be loopback
    const lookup = opts.lookup;
    opts.lookup = (name: unknown, o: unknown, cb: LookupCallback) =>
      lookup(name, o, (err: Error | null, address?: unknown, family?: number) => {
        const list = Array.isArray(address) ? (address as { address: string }[]).map((a) => a.address) : [String(address)];
        if (!err && !list.every(isLoopbackAddress)) {
          refusedConnects.push(`${host} → ${list.join(',')}`);
          return cb(Object.assign(new Error('test network guard: refused'), { code: 'ETESTGUARD' }));
        }
        cb(err, address, family);
      });
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
after(() => {
  net.Socket.prototype.connect = originalConnect;
});
afterEach(() => {
  assert.deepEqual(refusedConnects.splice(0), [], 'no connect left loopback (the emulator refused before connecting)');
});
/** The connects the guard refused so far (a test that expects one takes it, so that the afterEach check passes). */
const takeRefusedConnects = () => refusedConnects.splice(0);

// ---------------------------------------------------------------------------------------------------------------
// An injected resolver: host names of these tests resolve without any DNS traffic.

const NAMES: Record<string, string[]> = {
  'imds.test': ['169.254.169.254'],
  'link-local.test': ['169.254.10.10'],
  'v6-link-local.test': ['fe80::1'],
  'corp-idp.test': ['10.1.2.3'],
  'mixed.test': ['127.0.0.1', '169.254.10.10'],
  'idp.test': ['127.0.0.1'],
};
/** Resolves the names above (ENOTFOUND for any other) and counts the lookups. */
const lookups: string[] = [];
const resolveHost: HostResolver = async (hostname) => {
  lookups.push(hostname);
  const addresses = NAMES[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address): ResolvedAddress => ({ address, family: net.isIP(address) }));
};
const STRICT: OutboundPolicy = { allowPrivateNetwork: false, resolve: resolveHost };
const PRIVATE_OK: OutboundPolicy = { allowPrivateNetwork: true, resolve: resolveHost };

// ---------------------------------------------------------------------------------------------------------------
// Loopback servers playing the attacker's part.

const MiB = 1024 * 1024;
/** What a server managed to send before the client closed the connection. */
interface SendStats {
  written: number;
  finished: boolean;
  closedEarly: boolean;
}
interface TestServer {
  url: string;
  stats: SendStats;
  close(): Promise<void>;
}
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A loopback HTTP server with `handler`; closed after the test. */
async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse, stats: SendStats) => void): Promise<TestServer> {
  const stats: SendStats = { written: 0, finished: false, closedEarly: false };
  const server = http.createServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished) stats.closedEarly = true;
    });
    handler(req, res, stats);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const s: TestServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(s);
  return s;
}

/** Writes `total` bytes of `fill` (or forever when `total` is Infinity) in 64 KiB chunks, respecting back-pressure. */
function pour(res: http.ServerResponse, stats: SendStats, total: number, fill = ' ') {
  const chunk = Buffer.alloc(64 * 1024, fill);
  const next = () => {
    while (stats.written < total) {
      if (res.destroyed) return;
      stats.written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', next);
    }
    res.end(() => (stats.finished = true));
  };
  next();
}

/** Answers 20 MiB (Content-Length given) of `fill`: the body is larger than any limit. */
const twentyMiB = (contentType: string, fill = ' ') =>
  serve((_req, res, stats) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': 20 * MiB });
    pour(res, stats, 20 * MiB, fill);
  });

/** Redirects every request to `location`. */
const redirectTo = (location: string, status = 302) =>
  serve((_req, res) => {
    res.writeHead(status, { location });
    res.end();
  });

/** What a cloud metadata service answers: a credential, as text (not the document the emulator asked for). */
const SECRET = 'AKIA838442EXAMPLEKEY aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const leaksSecret = () =>
  serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(SECRET);
  });

// ---------------------------------------------------------------------------------------------------------------
// Through the admin routes.

const harness = useAdminEmulator(() => ({ resolveHost }));
// a second emulator started as with --allow-private-network (before any Frontegg client sets a global `window`)
let privateEmu: Emulator;
before(async () => {
  privateEmu = await startEmulator({ allowPrivateNetwork: true, resolveHost });
});
after(async () => {
  await privateEmu?.close();
});
const LINK_LOCAL = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/';

/** The admin's failed call: its status and message (the error must not quote what was fetched). */
async function failure(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
  } catch (e) {
    const err = e as { statusCode: number; message: string };
    return { status: err.statusCode, message: err.message };
  }
  assert.fail('the call succeeded');
}

describe('SAML metadata URL (createSSOConfigurationByMetadataUrl)', () => {
  it('a redirect from a loopback server to the link-local metadata address is refused before connecting', async () => {
    const api = await harness.adminApi();
    const hop = await redirectTo(LINK_LOCAL);
    await rejectsWith(
      api.auth.createSSOConfigurationByMetadataUrl({ url: `${hop.url}/metadata` }),
      400,
      `Could not fetch the IdP metadata from ${hop.url}/metadata: address not allowed: cloud metadata`,
    );
  });

  it('a 20 MiB answer is not read whole: the connection is closed after 1 MiB and the error says "larger than 1 MiB"', async () => {
    const api = await harness.adminApi();
    const big = await twentyMiB('application/xml', '<');
    const { status, message } = await failure(api.auth.createSSOConfigurationByMetadataUrl({ url: `${big.url}/metadata` }));
    assert.equal(status, 400);
    assert.match(message, /larger than 1 MiB/);
    // the client closed the connection: the server could not finish (loopback socket buffers hold a few MiB at most)
    assert.equal(big.stats.finished, false, `the server finished writing ${big.stats.written} bytes`);
    assert.ok(big.stats.written < 16 * MiB, `the server wrote ${big.stats.written} bytes`);
  });

  it('an endless chunked answer is cut at 1 MiB', async () => {
    const api = await harness.adminApi();
    const endless = await serve((_req, res, stats) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      pour(res, stats, Infinity, '<');
    });
    const { message } = await failure(api.auth.createSSOConfigurationByMetadataUrl({ url: `${endless.url}/metadata` }));
    assert.match(message, /larger than 1 MiB/);
    assert.equal(endless.stats.finished, false);
  });

  it('a secret answered instead of metadata is not quoted back', async () => {
    const api = await harness.adminApi();
    const leak = await leaksSecret();
    const { status, message } = await failure(api.auth.createSSOConfigurationByMetadataUrl({ url: `${leak.url}/latest/meta-data` }));
    assert.equal(status, 400);
    assert.doesNotMatch(message, /AKIA|EXAMPLEKEY|aws_secret/);
  });
});

describe('OIDC discovery at save (createSSOConfiguration type oidc)', () => {
  const saveIssuer = async (issuer: string) => {
    const api = await harness.adminApi();
    return failure(api.auth.createSSOConfiguration({ type: 'oidc', ssoEndpoint: issuer, oidcClientId: 'x', oidcSecret: 'y' }));
  };

  it('a secret answered instead of the discovery document is not quoted back: "not JSON"', async () => {
    const leak = await leaksSecret();
    const { status, message } = await saveIssuer(leak.url);
    assert.equal(status, 400);
    assert.doesNotMatch(message, /AKIA|EXAMPLEKEY|aws_secret/);
    assert.match(message, new RegExp(`^OIDC discovery failed for ${leak.url}: not JSON`));
  });

  it('a redirect of the discovery document to the link-local address is refused before connecting', async () => {
    const hop = await redirectTo(`${LINK_LOCAL}openid-configuration`);
    const { status, message } = await saveIssuer(hop.url);
    assert.equal(status, 400);
    assert.equal(message, `OIDC discovery failed for ${hop.url}: address not allowed: cloud metadata`);
  });

  it('a 20 MiB discovery document is not read whole', async () => {
    const big = await twentyMiB('application/json');
    const { status, message } = await saveIssuer(big.url);
    assert.equal(status, 400);
    assert.equal(message, `OIDC discovery failed for ${big.url}: larger than 1 MiB`);
    assert.equal(big.stats.finished, false, `the server finished writing ${big.stats.written} bytes`);
    assert.ok(big.stats.written < 16 * MiB, `the server wrote ${big.stats.written} bytes`);
  });
});

describe('host names resolved by the emulator (an injected resolver: no DNS traffic)', () => {
  it('a metadata URL whose host resolves to a link-local address is refused before connecting', async () => {
    const api = await harness.adminApi();
    await rejectsWith(
      api.auth.createSSOConfigurationByMetadataUrl({ url: 'http://imds.test/latest/meta-data/' }),
      400,
      'Could not fetch the IdP metadata from http://imds.test/latest/meta-data/: address not allowed: cloud metadata',
    );
    await rejectsWith(
      api.auth.createSSOConfigurationByMetadataUrl({ url: 'http://mixed.test/metadata' }),
      400,
      'Could not fetch the IdP metadata from http://mixed.test/metadata: address not allowed: link-local',
    );
  });

  it('an OIDC issuer on a private address is refused without --allow-private-network, with the flag named', async () => {
    const api = await harness.adminApi();
    await rejectsWith(
      api.auth.createSSOConfiguration({ type: 'oidc', ssoEndpoint: 'http://corp-idp.test', oidcClientId: 'x', oidcSecret: 'y' }),
      400,
      'OIDC discovery failed for http://corp-idp.test: address not allowed: private network (start the emulator with --allow-private-network)',
    );
  });

  it('with allowPrivateNetwork (--allow-private-network) the private address is connected to; link-local still is not', async () => {
    const emu = privateEmu;
    const login = await new Client(emu).post(`${P}/auth/v1/user`, { email: emu.seed.admin.email, password: emu.seed.admin.password });
    const admin = { authorization: `Bearer ${login.body.accessToken as string}` };
    const configs = '/frontegg/team/resources/sso/v1/configurations';
    const c = new Client(emu);
    // the emulator resolves corp-idp.test to 10.1.2.3 and connects: the test's own guard refuses that connect
    const privateIdp = await c.post(configs, { type: 'oidc', ssoEndpoint: 'http://corp-idp.test:9', oidcClientId: 'x', oidcSecret: 'y' }, admin);
    assert.equal(privateIdp.status, 400, privateIdp.text);
    assert.equal(privateIdp.body.errors[0], 'OIDC discovery failed for http://corp-idp.test:9: ETESTGUARD');
    assert.deepEqual(takeRefusedConnects(), ['corp-idp.test → 10.1.2.3']);
    const imds = await c.post(`${configs}/metadata-url`, { url: 'http://imds.test/' }, admin);
    assert.equal(imds.body.errors[0], 'Could not fetch the IdP metadata from http://imds.test/: address not allowed: cloud metadata');
  });

  it('a host name resolving to loopback works: the connection goes to the checked address, looked up once (no rebinding)', async () => {
    const seen: string[] = [];
    const idp = await serve((req, res) => {
      seen.push(String(req.headers.host));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    const port = new URL(idp.url).port;
    lookups.length = 0;
    assert.deepEqual(await outboundJson(`http://idp.test:${port}/x`, { policy: STRICT }), { ok: true });
    assert.deepEqual(seen, [`idp.test:${port}`], 'the Host header names the host; the socket went to 127.0.0.1');
    assert.deepEqual(lookups, ['idp.test'], 'one lookup per fetch');
  });

  it('DNS rebinding: a name answering loopback, then link-local, is connected to at the address that was checked', async () => {
    const idp = await serve((_req, res) => res.end('{"ok":true}'));
    let calls = 0;
    const rebinding: HostResolver = async () => (calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '169.254.169.254', family: 4 }]);
    const port = new URL(idp.url).port;
    assert.deepEqual(await outboundJson(`http://rebind.test:${port}/`, { policy: { allowPrivateNetwork: false, resolve: rebinding } }), { ok: true });
    assert.equal(calls, 1, 'resolved once; the socket did not resolve again');
    await assert.rejects(outboundJson(`http://rebind.test:${port}/`, { policy: { allowPrivateNetwork: false, resolve: rebinding } }), /address not allowed: cloud metadata/);
  });
});

describe('outbound fetch module: address classes (ipaddr.js)', () => {
  it('classifies loopback, link-local, metadata, private, reserved and public addresses, IPv4-mapped and NAT64 forms by their IPv4', () => {
    const cases: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['169.254.169.254', 'cloud metadata'],
      ['169.254.170.2', 'cloud metadata'],
      ['100.100.100.200', 'cloud metadata'],
      ['fd00:ec2::254', 'cloud metadata'],
      ['::ffff:169.254.169.254', 'cloud metadata'],
      ['::ffff:a9fe:a9fe', 'cloud metadata'],
      ['64:ff9b::a9fe:a9fe', 'cloud metadata'],
      ['2002:a9fe:a9fe::1', 'cloud metadata'],
      ['169.254.1.1', 'link-local'],
      ['fe80::1', 'link-local'],
      ['febf::1', 'link-local'],
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['::', 'unspecified'],
      ['255.255.255.255', 'broadcast'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['ff02::1', 'multicast'],
      ['240.0.0.1', 'reserved'],
      ['192.0.2.1', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['2001:db8::1', 'reserved'],
      ['::a9fe:a9fe', 'reserved'],
      ['fec0::1', 'reserved'],
      ['4000::1', 'reserved'],
      ['not an address', 'reserved'],
      ['10.0.0.1', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'private'],
      ['fc00::1', 'private'],
      ['fd12:3456::1', 'private'],
      ['::ffff:10.0.0.1', 'private'],
      ['8.8.8.8', 'public'],
      ['172.32.0.1', 'public'],
      ['2606:4700:4700::1111', 'public'],
      ['64:ff9b::808:808', 'public'],
    ];
    for (const [address, kind] of cases) assert.equal(classifyAddress(address), kind, address);
  });

  it('refuses private ranges unless allowed; link-local, metadata and reserved always; loopback and public never', () => {
    assert.equal(addressRefusal('10.0.0.1', STRICT), 'address not allowed: private network (start the emulator with --allow-private-network)');
    assert.equal(addressRefusal('10.0.0.1', PRIVATE_OK), undefined);
    assert.equal(addressRefusal('fc00::1', PRIVATE_OK), undefined);
    for (const a of ['169.254.1.1', 'fe80::1', '169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '0.0.0.0', '::', '224.0.0.1', '255.255.255.255', '240.0.0.1']) {
      assert.match(addressRefusal(a, PRIVATE_OK) ?? '', /^address not allowed: /, a);
    }
    for (const a of ['127.0.0.1', '::1', '8.8.8.8']) assert.equal(addressRefusal(a, STRICT), undefined, a);
  });

  it('checks every address a name resolves to, and metadata host names before any lookup', async () => {
    assert.deepEqual(await resolveChecked('corp-idp.test', PRIVATE_OK), [{ address: '10.1.2.3', family: 4 }], 'allowed with the flag (nothing connected)');
    await assert.rejects(resolveChecked('corp-idp.test', STRICT), /private network/);
    await assert.rejects(resolveChecked('mixed.test', PRIVATE_OK), /address not allowed: link-local/);
    await assert.rejects(resolveChecked('v6-link-local.test', PRIVATE_OK), /address not allowed: link-local/);
    lookups.length = 0;
    for (const name of ['metadata.google.internal', 'METADATA.GOOGLE.INTERNAL.', 'metadata.goog', 'instance-data']) {
      await assert.rejects(resolveChecked(name, PRIVATE_OK), /host name not allowed: cloud metadata/, name);
    }
    assert.deepEqual(lookups, [], 'refused by name, not looked up');
    await assert.rejects(resolveChecked('nowhere.test', STRICT), /^OutboundError: ENOTFOUND$/);
  });
});

describe('outbound fetch module: URL spellings (the URL parser normalises; every one refused before connecting)', () => {
  const refused = async (url: string, reason: RegExp) => {
    await assert.rejects(outboundFetch(url, { policy: PRIVATE_OK }), (e: Error) => {
      assert.equal(e.name, 'OutboundError', `${url}: ${e.message}`);
      assert.match(e.message, reason, url);
      return true;
    });
  };
  it('decimal, octal, hex and short IPv4 forms of 169.254.169.254', async () => {
    for (const url of [
      'http://2852039166/',
      'http://0251.0376.0251.0376/',
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://0xa9fea9fe/',
      'http://169.254.43518/',
      'http://169.16689662/',
      'http://0251.254.169.254/',
      'http://169.254.169.254./',
      'HTTP://169.254.169.254:80/',
    ]) {
      await refused(url, /^address not allowed: cloud metadata$/);
    }
  });

  it('IPv6 forms: IPv4-mapped, link-local, unspecified; [::1] is allowed', async () => {
    await refused('http://[::ffff:169.254.169.254]/', /cloud metadata/);
    await refused('http://[0:0:0:0:0:ffff:a9fe:a9fe]/', /cloud metadata/);
    await refused('http://[fe80::1]/', /^address not allowed: link-local$/);
    await refused('http://[::]/', /unspecified/);
    await refused('http://[fd00:ec2::254]/', /cloud metadata/);
    const v6 = http.createServer((_req, res) => res.end('{"v6":true}'));
    await new Promise<void>((resolve) => v6.listen(0, '::1', resolve));
    try {
      assert.deepEqual(await outboundJson(`http://[::1]:${(v6.address() as AddressInfo).port}/`, { policy: STRICT }), { v6: true });
    } finally {
      await new Promise((resolve) => v6.close(resolve));
    }
  });

  it('0.0.0.0 and its short forms, broadcast, multicast', async () => {
    for (const url of ['http://0.0.0.0/', 'http://0/', 'http://0x0/', 'http://0.0.0.0:8787/']) await refused(url, /^address not allowed: unspecified$/);
    await refused('http://255.255.255.255/', /broadcast/);
    await refused('http://224.0.0.1/', /multicast/);
  });

  it('userinfo does not change the host: http://evil@169.254.169.254 is refused; credentials on a loopback URL too', async () => {
    await refused('http://evil@169.254.169.254/', /^address not allowed: cloud metadata$/);
    await refused('http://127.0.0.1:1@169.254.169.254/', /cloud metadata/);
    await refused('http://169.254.169.254:80@127.0.0.1:1/', /^credentials in the URL are not allowed$/);
  });

  it('only http and https: file:, gopher:, ftp:, data: are refused', async () => {
    for (const url of ['file:///etc/passwd', 'gopher://127.0.0.1:70/_GET', 'ftp://127.0.0.1/', 'data:text/plain,AKIA']) await refused(url, /^not an http\(s\) URL$/);
    await refused('not a url', /^not a URL$/);
  });

  it('metadata host names and host names resolving to link-local (injected resolver)', async () => {
    await refused('http://metadata.google.internal/computeMetadata/v1/', /^host name not allowed: cloud metadata$/);
    await refused('http://imds.test/', /cloud metadata/);
    await refused('http://link-local.test/', /^address not allowed: link-local$/);
  });
});

describe('outbound fetch module: redirects', () => {
  /** A chain of `n` redirects on loopback ending at a JSON answer; the first URL. */
  const chain = async (n: number) => {
    const end = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"end":true}');
    });
    let next = `${end.url}/end`;
    for (let i = 0; i < n; i++) next = `${(await redirectTo(next)).url}/hop${i}`;
    return next;
  };

  it('3 redirects are followed; a chain of 4 is refused "too many redirects"', async () => {
    assert.deepEqual(await outboundJson(await chain(3), { policy: STRICT }), { end: true });
    await assert.rejects(outboundJson(await chain(4), { policy: STRICT }), /^OutboundError: too many redirects \(at most 3\)$/);
  });

  it('a redirect to file:, gopher: or a non-URL is refused, and its Location is not quoted', async () => {
    for (const location of ['file:///etc/passwd', 'gopher://127.0.0.1:70/_AKIA838442', 'javascript:AKIA838442']) {
      const hop = await redirectTo(location);
      await assert.rejects(outboundFetch(hop.url, { policy: STRICT }), (e: Error) => {
        assert.equal(e.message, 'redirected to a URL that is not http(s)');
        return true;
      });
    }
  });

  it('a redirect from loopback to link-local (literal, decimal, IPv6, by name) is refused before connecting', async () => {
    for (const [location, reason] of [
      ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
      ['http://2852039166/', 'cloud metadata'],
      ['http://[fe80::1]/', 'link-local'],
      ['http://[::ffff:169.254.1.1]/', 'link-local'],
      ['http://link-local.test/', 'link-local'],
      ['http://corp-idp.test/', 'private network (start the emulator with --allow-private-network)'],
    ]) {
      const hop = await redirectTo(location, 307);
      await assert.rejects(outboundFetch(hop.url, { policy: STRICT }), { message: `address not allowed: ${reason}` }, location);
    }
  });

  it('a POST (token endpoint) does not follow redirects; a cross-origin redirect drops the Authorization header', async () => {
    const hop = await redirectTo('http://169.254.169.254/token', 307);
    await assert.rejects(outboundFetch(hop.url, { policy: STRICT, method: 'POST', body: 'x' }), { message: 'redirect not followed (HTTP 307)' });
    const auth: (string | undefined)[] = [];
    const other = await serve((req, res) => {
      auth.push(req.headers.authorization);
      res.end('{}');
    });
    const first = await redirectTo(`${other.url}/next`);
    await outboundJson(first.url, { policy: STRICT, headers: { authorization: 'Basic c2VjcmV0' } });
    assert.deepEqual(auth, [undefined]);
  });
});

describe('outbound fetch module: bounded reads and the deadline', () => {
  it('an endless chunked body stops at the limit and the connection is closed', async () => {
    const endless = await serve((_req, res, stats) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      pour(res, stats, Infinity);
    });
    await assert.rejects(outboundFetch(endless.url, { policy: STRICT, maxBytes: 1024 }), { message: 'larger than 1 KiB' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(endless.stats.closedEarly, true, 'the server saw the connection closed');
  });

  it('a Content-Length above the limit is refused before the body is read', async () => {
    const big = await twentyMiB('application/json');
    await assert.rejects(outboundFetch(big.url, { policy: STRICT }), { message: 'larger than 1 MiB' });
    assert.equal(big.stats.finished, false);
  });

  it('a Content-Length lie (says 100, sends 20 MiB) reads 100 bytes and closes the connection', async () => {
    const liar = await serve((_req, res, stats) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 100 });
      // write past the declared length on the raw socket
      res.flushHeaders();
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const socket = res.socket!;
      const next = () => {
        while (stats.written < 20 * MiB && !socket.destroyed) {
          stats.written += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', next);
        }
        if (!socket.destroyed) stats.finished = true;
      };
      socket.on('error', () => undefined);
      next();
    });
    const r = await outboundFetch(liar.url, { policy: STRICT });
    assert.equal(r.body.length, 100);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(liar.stats.finished, false, `the server wrote ${liar.stats.written} bytes`);
  });

  it('a slow drip (a byte every 50 ms, never ending) times out at the deadline', async () => {
    const drip = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    await assert.rejects(outboundFetch(drip.url, { policy: STRICT, timeoutMs: 300 }), { message: 'timed out after 300 ms' });
    assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
  });

  it('a server that never answers times out', async () => {
    const silent = await serve(() => undefined);
    await assert.rejects(outboundFetch(silent.url, { policy: STRICT, timeoutMs: 200 }), { message: 'timed out after 200 ms' });
  });

  it('errors name the status and the content type, never the body or unusual headers', async () => {
    const leak = await leaksSecret();
    await assert.rejects(outboundJson(leak.url, { policy: STRICT }), { message: 'not JSON (content type text/plain)' });
    const odd = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/AKIA838442EXAMPLEKEY' });
      res.end(SECRET);
    });
    await assert.rejects(outboundJson(odd.url, { policy: STRICT }), { message: 'not JSON (an unexpected content type)' });
    const missing = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end(SECRET);
    });
    await assert.rejects(outboundJson(missing.url, { policy: STRICT }), { message: 'HTTP 404' });
  });
});

describe('OIDC relying party: token endpoint and JWKS through the outbound rules', () => {
  const issuer = 'http://127.0.0.1:1';
  /** An id_token of `issuer` for `client`, signed with a new RS256 key (kid k1), and that key's public half. */
  const signedIdToken = async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const idToken = await new SignJWT({ email: 'a@b.test' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setAudience('client')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    return { idToken, publicKey };
  };

  it('discovery answers say why without quoting (the FederationError detail is the OutboundError)', async () => {
    const leak = await leaksSecret();
    await assert.rejects(discover(leak.url, STRICT), (e: Error & { detail?: Error }) => {
      assert.equal(e.message, `The OpenID configuration of ${leak.url} could not be read`);
      assert.equal(e.detail?.message, 'not JSON (content type text/plain)');
      return true;
    });
  });

  it('the JWKS (jose createRemoteJWKSet with customFetch) is refused when it redirects to link-local', async () => {
    const { idToken } = await signedIdToken();
    const hop = await redirectTo('http://169.254.169.254/jwks');
    await assert.rejects(validateIdToken(idToken, { issuer, jwksUri: `${hop.url}/jwks`, clientId: 'client', outbound: STRICT }), {
      message: 'The id_token is not valid (address not allowed: cloud metadata)',
    });
  });

  it('a 20 MiB JWKS is not read whole; a JWKS within the limit verifies', async () => {
    const { idToken, publicKey } = await signedIdToken();
    const big = await twentyMiB('application/json');
    await assert.rejects(validateIdToken(idToken, { issuer, jwksUri: `${big.url}/jwks`, clientId: 'client', outbound: STRICT }), {
      message: 'The id_token is not valid (larger than 1 MiB)',
    });
    assert.equal(big.stats.finished, false);
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    const good = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    const id = await validateIdToken(idToken, { issuer, jwksUri: `${good.url}/jwks`, clientId: 'client', outbound: STRICT });
    assert.equal(id.email, 'a@b.test');
  });

  it('the token endpoint: a secret in its error answer is not echoed; a redirect is not followed; 20 MiB is not read', async () => {
    const exchange = (tokenUrl: string) =>
      exchangeCode({
        endpoints: { issuer, tokenUrl, jwksUri: `${issuer}/jwks` },
        clientId: 'c',
        clientSecret: 's',
        code: 'x',
        redirectUri: 'http://127.0.0.1/cb',
        outbound: STRICT,
      });
    const leak = await serve((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: SECRET }));
    });
    await assert.rejects(exchange(leak.url), { message: 'The identity provider refused the code (400)' });
    const refusing = await serve((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"error":"invalid_grant"}');
    });
    await assert.rejects(exchange(refusing.url), { message: 'The identity provider refused the code (invalid_grant)' });
    const hop = await redirectTo('http://169.254.169.254/token', 307);
    await assert.rejects(exchange(hop.url), (e: Error & { detail?: Error }) => {
      assert.equal(e.message, 'The identity provider is not reachable');
      assert.equal(e.detail?.message, 'redirect not followed (HTTP 307)');
      return true;
    });
    const big = await twentyMiB('application/json');
    await assert.rejects(exchange(big.url), (e: Error & { detail?: Error }) => e.detail?.message === 'larger than 1 MiB');
    assert.equal(big.stats.finished, false);
  });
});

describe('fe-emulator --allow-private-network', () => {
  it('is off by default, parsed as a flag and documented in --help', () => {
    assert.equal(parseCli([], {}).allowPrivateNetwork, false);
    assert.equal(parseCli(['--allow-private-network'], {}).allowPrivateNetwork, true);
    assert.match(USAGE, /--allow-private-network/);
    assert.match(USAGE, /loopback is always\s+allowed, link-local and cloud metadata addresses never/);
  });
});
