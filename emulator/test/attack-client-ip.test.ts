/**
 * Attacks on the client address (issue 29 item 5; README "The client address", "Attacks covered"): a caller who
 * writes its own `X-Forwarded-For` must not choose the address the IP restrictions judge and the audit log records.
 *
 * The emulator is served over real TCP on 127.0.0.1 (@hono/node-server with `emu.app.fetch`, so the socket reaches
 * the app as in src/main.ts), and the test stands in for the loopback reverse proxy in front of it: it sends the
 * `X-Forwarded-For` chain such a proxy writes (what the client sent, then the proxy's peer appended). The rightmost
 * address that is not a trusted proxy is the client; a forged leftmost hop is not.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Emulator } from '../src/app.ts';
import type { AppEnv } from '../src/http/env.ts';
// namespace imports: on the code before issue 29 (no parseTrustedProxies) the file still loads and each test fails on its own
import * as clientIpModule from '../src/http/client-ip.ts';
import { CliError, parseCli } from '../src/cli.ts';
import { SEED } from '../src/db/seed.ts';
import { Client, P, startEmulator } from './helpers.ts';

const OFFICE = '203.0.113.10';
const ATTACKER = '198.51.100.77';
const RESTRICTIONS = `${P}/configurations/v1/restrictions/ip`;

/** Serves `emu` over TCP on 127.0.0.1 (the socket passed on to the app); `url` and `close()`. */
async function serveOnLoopback(emu: Emulator): Promise<{ url: string; close: () => Promise<void> }> {
  const server = serve({ fetch: emu.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `GET /frontegg/metadata/ipme` over TCP with `X-Forwarded-For: chain`: the address the emulator sees, or null (404). */
async function seenAs(url: string, chain?: string): Promise<string | null> {
  const res = await fetch(`${url}/frontegg/metadata/ipme`, { headers: chain === undefined ? {} : { 'x-forwarded-for': chain } });
  if (res.status === 404) return null;
  assert.equal(res.status, 200);
  return ((await res.json()) as { ip: string }).ip;
}

/** The seeded admin's password sign-in over TCP with `X-Forwarded-For: chain`. */
async function signInOver(url: string, chain: string): Promise<{ status: number; body: { errorCode?: string; errors?: string[] } }> {
  // (a successful answer's body holds tokens: only its status and errors are reported)
  const res = await fetch(`${url}${P}/auth/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': chain },
    body: JSON.stringify({ email: SEED.adminEmail, password: SEED.adminPassword }),
  });
  return { status: res.status, body: (await res.json()) as { errorCode?: string; errors?: string[] } };
}

/** As the admin (in-process, from the office): the account's IP rules `rules`, then the config `strategy`, active. */
async function restrict(emu: Emulator, strategy: 'ALLOW' | 'BLOCK', rules: string[]): Promise<void> {
  const admin = new Client(emu);
  const from = { 'x-forwarded-for': OFFICE };
  const login = await admin.post(`${P}/auth/v1/user`, { email: SEED.adminEmail, password: SEED.adminPassword }, from);
  assert.equal(login.status, 200, login.text);
  const auth = { ...admin.bearer(login.body.accessToken), ...from };
  for (const ip of rules) assert.equal((await admin.post(RESTRICTIONS, { ip, strategy, isActive: true }, auth)).status, 201);
  if (strategy === 'ALLOW') assert.equal((await admin.post(RESTRICTIONS, { ip: OFFICE, strategy, isActive: true }, auth)).status, 201);
  const config = await admin.post(`${RESTRICTIONS}/config`, { isActive: true, strategy }, auth);
  assert.equal(config.status, 200, config.text);
}

describe('X-Forwarded-For through a loopback proxy (real TCP, default trust: loopback only)', () => {
  let emu: Emulator;
  let server: { url: string; close: () => Promise<void> };
  before(async () => {
    emu = await startEmulator();
    server = await serveOnLoopback(emu);
  });
  after(async () => {
    await server.close();
    await emu.close();
  });
  beforeEach(() => emu.reset());

  it('a forged leftmost hop is not the client: the rightmost untrusted hop (the one the proxy appended) is', async () => {
    assert.equal(await seenAs(server.url, `${OFFICE}, 10.0.0.5`), '10.0.0.5');
    assert.equal(await seenAs(server.url, `${OFFICE}, 10.0.0.5, 127.0.0.1`), '10.0.0.5', 'a trusted (loopback) hop is skipped');
  });

  it('a legitimate chain still gives the real client; no header gives the loopback peer; an all-trusted chain its leftmost', async () => {
    assert.equal(await seenAs(server.url, OFFICE), OFFICE);
    assert.equal(await seenAs(server.url, `${OFFICE}, 127.0.0.1`), OFFICE, 'client, then a second local proxy');
    assert.equal(await seenAs(server.url), '127.0.0.1');
    assert.equal(await seenAs(server.url, '127.0.0.2, ::1'), '127.0.0.2');
  });

  it('IP block bypass: a blocked address that forges an allowed leftmost hop is refused (BLOCK list)', async () => {
    await restrict(emu, 'BLOCK', [ATTACKER]);
    const forged = await signInOver(server.url, `${OFFICE}, ${ATTACKER}`);
    assert.equal(forged.status, 403, `signed in: ${forged.status} ${forged.body.errors ?? ''}`);
    assert.equal(forged.body.errorCode, 'ER-IP-RESTRICTED');
    assert.equal((await signInOver(server.url, OFFICE)).status, 200, 'the office itself still signs in');
  });

  it('IP allow-list bypass: naming the allowed office as the first hop does not let another address in (ALLOW list)', async () => {
    await restrict(emu, 'ALLOW', []);
    const forged = await signInOver(server.url, `${OFFICE}, ${ATTACKER}`);
    assert.equal(forged.status, 403, `signed in: ${forged.status} ${forged.body.errors ?? ''}`);
    assert.equal(forged.body.errorCode, 'ER-IP-RESTRICTED');
    assert.equal((await signInOver(server.url, `${OFFICE}, 127.0.0.1`)).status, 200, 'the office through two local proxies');
  });

  it('IPv6 and IPv4-mapped spellings of a blocked address, written by the trusted proxy, are the blocked address', async () => {
    await restrict(emu, 'BLOCK', [ATTACKER, '2001:db8::/32']);
    const spellings = [
      `::ffff:${ATTACKER}`,
      '::FFFF:C633:644D', // 198.51.100.77 as the hex groups of an IPv4-mapped address
      `0:0:0:0:0:ffff:${ATTACKER}`,
      `[::ffff:${ATTACKER}]:4711`,
      `${ATTACKER}:4711`,
      '2001:DB8::1',
      '2001:0db8:0000:0000:0000:0000:0000:0001',
      '[2001:db8::1]:443',
      `${OFFICE}, ::ffff:${ATTACKER}`,
    ];
    for (const hop of spellings) {
      const res = await signInOver(server.url, hop);
      assert.equal(res.status, 403, hop);
      assert.equal(res.body.errorCode, 'ER-IP-RESTRICTED', `${hop}: ${res.body.errors}`);
    }
  });

  it('a malformed hop is never taken as the client: the address is unknown (and refused while restrictions are active)', async () => {
    for (const chain of [`${OFFICE}, not-an-ip`, `${OFFICE}, unknown`, `${OFFICE},`, `${OFFICE}, 10.1`, `${OFFICE}, 0x7f.0.0.1`]) {
      assert.equal(await seenAs(server.url, chain), null, chain);
    }
    await restrict(emu, 'ALLOW', []);
    const res = await signInOver(server.url, `${OFFICE}, not-an-ip`);
    assert.equal(res.status, 403);
    assert.deepEqual(res.body.errors, ['ip metadata not found']);
  });
});

describe('--trusted-proxies: a chain through proxies of your own', () => {
  let emu: Emulator;
  let server: { url: string; close: () => Promise<void> };
  before(async () => {
    emu = await startEmulator({ trustedProxies: ['127.0.0.0/8', '::1', '10.0.0.0/8'] });
    server = await serveOnLoopback(emu);
  });
  after(async () => {
    await server.close();
    await emu.close();
  });

  it('skips every trusted hop from the right: client → 10.0.0.5 (trusted) → loopback gives the client; a forged hop left of the client is ignored', async () => {
    assert.equal(await seenAs(server.url, `${OFFICE}, 10.0.0.5`), OFFICE);
    assert.equal(await seenAs(server.url, `192.0.2.1, ${OFFICE}, 10.0.0.5, 10.0.0.6`), OFFICE);
    assert.equal(await seenAs(server.url, '10.0.0.9, 10.0.0.5'), '10.0.0.9', 'all trusted: the leftmost');
  });
});

describe('the client address, unit (http/client-ip.ts)', () => {
  const app = new Hono<AppEnv>().get('/ip', (c) => c.json({ ip: clientIpModule.clientIp(c) }));
  const ipOf = async (peer: string | undefined, forwarded?: string) => {
    const req = new Request('http://emulator/ip', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
    const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
    return ((await (await app.fetch(req, env)).json()) as { ip: string | null }).ip;
  };
  it('from every loopback spelling of the peer, the rightmost untrusted hop', async () => {
    for (const peer of ['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1']) assert.equal(await ipOf(peer, `${OFFICE}, 10.0.0.2`), '10.0.0.2', peer);
  });

  it('a peer that is not a trusted proxy is the client, whatever it forwards', async () => {
    assert.equal(await ipOf('203.0.113.9', '10.0.0.1'), '203.0.113.9');
    assert.equal(await ipOf('2001:db8::5', '10.0.0.1, 127.0.0.1'), '2001:db8::5');
  });

  it('in-process (no socket) is trusted like a loopback proxy: the same walk, no header is unknown', async () => {
    assert.equal(await ipOf(undefined, `${OFFICE}, ${ATTACKER}`), ATTACKER);
    assert.equal(await ipOf(undefined, OFFICE), OFFICE);
    assert.equal(await ipOf(undefined), null);
  });
});

describe('fe-emulator --trusted-proxies / FE_EMULATOR_TRUSTED_PROXIES', () => {
  it('parses addresses and CIDRs with ipaddr.js; default loopback; junk exits 2', () => {
    assert.deepEqual(parseCli([], {}).trustedProxies, ['127.0.0.0/8', '::1/128']);
    assert.deepEqual(parseCli(['--trusted-proxies', '10.0.0.0/8, 192.0.2.1,::1'], {}).trustedProxies, ['10.0.0.0/8', '192.0.2.1/32', '::1/128']);
    assert.deepEqual(parseCli([], { FE_EMULATOR_TRUSTED_PROXIES: '::ffff:10.0.0.1' }).trustedProxies, ['10.0.0.1/32']);
    for (const bad of ['localhost', '10.0.0.0/33', '10.1', '']) {
      assert.throws(() => parseCli(['--trusted-proxies', bad], {}), CliError, bad);
    }
    assert.throws(() => clientIpModule.parseTrustedProxies('10.0.0.0/8,evil'), /evil/);
  });
});
