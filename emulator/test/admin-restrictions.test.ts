/**
 * IP and email-domain restrictions (api-contract §Q; issue 22 items 3, 4 and 6), called through Frontegg's own client
 * (`@frontegg/rest-api`), and enforced: a refused address gets 403 on every authenticated call, sign-in and refresh
 * while the verify calls still answer; a refused email domain cannot join the account (add user, bulk invite,
 * invitation acceptance, invite-link sign-up, SSO); each refusal is an audit row carrying the client address.
 *
 * The client address: the Frontegg client speaks HTTP from 127.0.0.1, so its `X-Forwarded-For` is trusted (the
 * emulator's own proxies); the in-process `Client` has no socket and is trusted the same way (http/client-ip.ts). The
 * single hop these tests send is the client; forged chains: attack-client-ip.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { ContextHolder, createApiClient, RestrictionType, type FronteggApiClient, type IpRestriction } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { audits } from '../src/db/schema.ts';
import type { AppEnv } from '../src/http/env.ts';
import { clientIp } from '../src/http/client-ip.ts';
import { assertEmailDomainAllowed, compileIps, matchesAny, normaliseDomain, parseIpRule, PUBLIC_EMAIL_DOMAINS } from '../src/restrictions.ts';
import { HttpError } from '../src/http/errors.ts';
import { EMPTY_DOMAIN_ALLOW_LIST, EMPTY_IP_ALLOW_LIST, LAST_ALLOW_ENTRY } from '../src/routes/admin/restrictions.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator, type AuditRow } from './admin-harness.ts';
import { startOidcIdp, type OidcIdp } from '../../tools/idp-oidc.js';
import ipaddr from 'ipaddr.js';

const harness = useAdminEmulator();
const { makeUser, tokenOf } = harness;

const OFFICE = '203.0.113.10';
const ELSEWHERE = '198.51.100.77';
const { ALLOW, BLOCK } = RestrictionType;

let clients = 0;
const servers: (() => Promise<void>)[] = [];
after(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

/**
 * Frontegg's client over real HTTP from 127.0.0.1 (a loopback peer, so the emulator trusts `X-Forwarded-For`), its
 * requests carrying `token` and, when given, `X-Forwarded-For: from`.
 */
async function apiFrom(token: string, from?: string): Promise<FronteggApiClient> {
  // app.fetch, not emu.fetch: the socket reaches the app (a loopback peer), as in src/main.ts
  const server = serve({ fetch: harness.emu.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  servers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const page = globalThis as { window?: unknown };
  page.window ??= { location: new URL(`${baseUrl}/`) };
  const name = `restrictions-test-${++clients}`;
  ContextHolder.for(name).setContext({
    baseUrl,
    tokenResolver: () => token,
    logLevel: 'error',
    additionalHeadersResolver: () => (from ? [{ key: 'x-forwarded-for', value: from }] : []),
  });
  ContextHolder.for(name).setAccessToken(token);
  return createApiClient(name);
}

/** The admin signed in from `from`: its access token and its cookie jar (for refresh). */
async function adminFrom(from: string) {
  const { client, token } = await harness.signIn(undefined, undefined, { 'x-forwarded-for': from });
  return { client, token };
}

/** The audit rows of `action`, oldest first. */
async function rowsOf(action: string): Promise<AuditRow[]> {
  const rows = await harness.emu.db.select().from(audits).where(eq(audits.action, action));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The admin's security-policy client, from the office address, with an ALLOW list holding the office and active. */
async function officeOnly(): Promise<{ api: FronteggApiClient; token: string }> {
  const { token } = await adminFrom(OFFICE);
  const api = await apiFrom(token, OFFICE);
  await api.securityPolicy.createIPRestriction({ ip: OFFICE, strategy: ALLOW, isActive: true, description: 'Office' });
  await api.securityPolicy.updateIPRestrictionConfig({ isActive: true, strategy: ALLOW });
  return { api, token };
}

/**
 * getIPRestrictions through the client. Its declared answer is `FronteggPaginationResult<IpRestriction[]>`, whose
 * `items` would be an array of arrays (a quirk of the client's types): the wire holds `IpRestriction` items.
 */
async function ipList(api: FronteggApiClient, _offset: number, _limit: number, _filter: string) {
  const page = await api.securityPolicy.getIPRestrictions({ _offset, _limit, _filter });
  return page as unknown as { items: IpRestriction[]; _metadata: { totalItems: number; totalPages: number } };
}

// ---------------------------------------------------------------- parsing and matching

describe('addresses and CIDRs (ipaddr.js)', () => {
  it('AB-3.16 parses IPv4, IPv6 and CIDRs to a canonical text; IPv4-mapped IPv6 becomes IPv4; junk is refused', () => {
    assert.equal(parseIpRule(' 10.0.0.1 ')?.ip, '10.0.0.1');
    assert.equal(parseIpRule('10.0.0.0/8')?.ip, '10.0.0.0/8');
    assert.equal(parseIpRule('2001:0db8:0000:0000:0000:0000:0000:0001')?.ip, '2001:db8::1');
    assert.equal(parseIpRule('2001:db8::/32')?.ip, '2001:db8::/32');
    assert.equal(parseIpRule('::ffff:192.0.2.5')?.ip, '192.0.2.5');
    assert.equal(parseIpRule('::ffff:192.0.2.0/120')?.ip, '192.0.2.0/24');
    for (const bad of ['', 'localhost', '10.1', '0x7f.0.0.1', '256.1.1.1', '10.0.0.0/33', '10.0.0.0/', '2001:db8::/129', '1.2.3.4/8/2', 'fe80::1::2']) {
      assert.equal(parseIpRule(bad), null, bad);
    }
  });

  it('matches addresses and CIDRs of both families, never across families', () => {
    const rules = compileIps(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1']);
    const match = (a: string) => matchesAny(rules, ipaddr.process(a));
    assert.equal(match('10.200.3.4'), true);
    assert.equal(match('11.0.0.1'), false);
    assert.equal(match('192.0.2.7'), true);
    assert.equal(match('192.0.2.8'), false);
    assert.equal(match('2001:db8:ffff::9'), true);
    assert.equal(match('2001:db9::1'), false);
    assert.equal(match('::ffff:10.1.1.1'), true, 'an IPv4-mapped client address matches the IPv4 rule');
    assert.equal(match('0:0:0:0:0:0:0:1'), true);
  });
});

// ---------------------------------------------------------------- the client address

describe('the client address (http/client-ip.ts)', () => {
  const app = new Hono<AppEnv>().get('/ip', (c) => c.json({ ip: clientIp(c) }));
  const ipOf = async (peer: string | undefined, forwarded?: string) => {
    const req = new Request('http://emulator/ip', { headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
    const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
    return ((await (await app.fetch(req, env)).json()) as { ip: string | null }).ip;
  };

  it('X-Forwarded-For is ignored from a peer that is not loopback: the socket address counts', async () => {
    assert.equal(await ipOf('203.0.113.9', '10.0.0.1'), '203.0.113.9');
    assert.equal(await ipOf('2001:db8::5', '10.0.0.1, 127.0.0.1'), '2001:db8::5');
  });

  it('X-Forwarded-For is trusted from a loopback peer (127.0.0.0/8, ::1, ::ffff:127.0.0.1): its rightmost untrusted hop (issue 29; attack-client-ip.test.ts)', async () => {
    for (const peer of ['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1']) assert.equal(await ipOf(peer, '198.51.100.1, 10.0.0.2'), '10.0.0.2', peer);
    assert.equal(await ipOf('127.0.0.1', '198.51.100.1, 127.0.0.1'), '198.51.100.1', 'a second local proxy is skipped');
    assert.equal(await ipOf('127.0.0.1'), '127.0.0.1', 'no header: the peer');
  });

  it('in-process (no socket): the forwarded address when given, else unknown', async () => {
    assert.equal(await ipOf(undefined, '198.51.100.1'), '198.51.100.1');
    assert.equal(await ipOf(undefined), null);
  });

  it('SI-8.13 AB-9.17 the current user IP metadata answers the address the emulator sees ("Add my IP"); an unknown one is "ip metadata not found"', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    const me = await api.metadata.getCurrentUserIpMetadata();
    assert.equal(me.ip, OFFICE);
    assert.equal(me.country_code, null, 'no geolocation offline');
    assert.equal((await api.metadata.getIpAdressMetadata('::ffff:192.0.2.9')).ip, '192.0.2.9');
    await rejectsWith(api.metadata.getIpAdressMetadata('not-an-ip'), 404, 'ip metadata not found');
    const unknown = await new Client(harness.emu).get('/frontegg/metadata/ipme');
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body.errors, ['ip metadata not found']);
  });

  it('over real HTTP from 127.0.0.1 the verify call judges the forwarded address, not the socket', async () => {
    const { api, token } = await officeOnly();
    assert.deepEqual(await (await apiFrom(token, ELSEWHERE)).securityPolicy.testCurrentIpInAllowList(), { valid: false });
    assert.deepEqual(await api.securityPolicy.testCurrentIpInAllowList(), { valid: true });
  });
});

// ---------------------------------------------------------------- IP restrictions: the routes

describe('IP restrictions: list, add, bulk add, delete, config', () => {
  it('AB-3.16 AB-3.17 AB-7.33 AB-7.34 AB-9.04 the list takes _offset, _limit and _filter and answers items and _metadata', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    const ips = [
      ...Array.from({ length: 12 }, (_, i) => ({ ip: `192.0.2.${i + 1}`, strategy: ALLOW, isActive: true, description: `Allowed ${i + 1}` })),
      ...Array.from({ length: 3 }, (_, i) => ({ ip: `198.51.100.0/${24 + i}`, strategy: BLOCK, isActive: i !== 0, description: `Blocked ${i}` })),
    ];
    await api.securityPolicy.bulkCreateIPRestriction({ ips });
    const first = await ipList(api, 0, 10, 'ALLOW');
    assert.equal(first.items.length, 10);
    assert.deepEqual(first._metadata, { totalItems: 12, totalPages: 2 });
    assert.ok(first.items.every((r) => r.strategy === ALLOW));
    const rest = await ipList(api, 10, 10, 'ALLOW');
    assert.equal(rest.items.length, 2);
    assert.deepEqual(new Set([...first.items, ...rest.items].map((r) => r.ip)), new Set(ips.slice(0, 12).map((r) => r.ip)), 'the pages neither repeat nor skip');
    const blocked = await ipList(api, 0, 4, 'BLOCK');
    assert.deepEqual(blocked._metadata, { totalItems: 3, totalPages: 1 });
    const rule = blocked.items.find((r) => r.ip === '198.51.100.0/24');
    assert.ok(rule);
    assert.deepEqual(Object.keys(rule).sort(), ['createdAt', 'description', 'id', 'ip', 'isActive', 'strategy', 'updatedAt']);
    assert.equal(rule.isActive, false);
    assert.equal(rule.description, 'Blocked 0');
    await rejectsWith(api.securityPolicy.getIPRestrictions({ _offset: 0, _limit: 10, _filter: 'MAYBE' }), 400, '_filter must be one of ALLOW, BLOCK');
  });

  it('AB-7.33 add and delete, each audited with the client address; an invalid address is refused with a message naming it', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    await api.securityPolicy.createIPRestriction({ ip: '2001:DB8:0:0::/48', strategy: BLOCK, isActive: true, description: 'Lab' });
    const [rule] = (await ipList(api, 0, 10, 'BLOCK')).items;
    assert.equal(rule.ip, '2001:db8::/48', 'stored in canonical form');
    const [created] = await rowsOf('ip-restriction.created');
    assert.equal(created.ip, OFFICE);
    assert.equal(created.targetId, rule.id);
    assert.equal((created.details as { ip: string }).ip, '2001:db8::/48');
    await rejectsWith(api.securityPolicy.createIPRestriction({ ip: '10.0.0.300', strategy: ALLOW }), 400, 'Invalid IP address or CIDR: 10.0.0.300');
    await rejectsWith(api.securityPolicy.createIPRestriction({ ip: '10.0.0.0/40', strategy: ALLOW }), 400, 'Invalid IP address or CIDR: 10.0.0.0/40');
    await api.securityPolicy.deleteIPRestriction(rule.id);
    assert.equal((await ipList(api, 0, 10, 'BLOCK')).items.length, 0);
    const [deleted] = await rowsOf('ip-restriction.deleted');
    assert.equal(deleted.severity, 'WARNING');
    assert.equal(deleted.ip, OFFICE);
    await rejectsWith(api.securityPolicy.deleteIPRestriction(rule.id), 404, 'IP restriction not found');
  });

  it('AB-7.33 adding an address again updates its rule (description, isActive) instead of doubling it', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    await api.securityPolicy.createIPRestriction({ ip: OFFICE, strategy: ALLOW, isActive: false, description: 'Office' });
    await api.securityPolicy.createIPRestriction({ ip: OFFICE, strategy: ALLOW, isActive: true, description: 'My IP' });
    const { items } = await ipList(api, 0, 10, 'ALLOW');
    assert.equal(items.length, 1);
    assert.equal(items[0].description, 'My IP');
    assert.equal(items[0].isActive, true);
  });

  it('AB-7.33 bulk add is all or nothing: every invalid address is named and none is added', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    const ips = [
      { ip: '192.0.2.1', strategy: ALLOW },
      { ip: 'nope', strategy: ALLOW },
      { ip: '2001:db8::/200', strategy: ALLOW },
    ];
    await rejectsWith(api.securityPolicy.bulkCreateIPRestriction({ ips }), 400, 'Invalid IP address or CIDR: nope, Invalid IP address or CIDR: 2001:db8::/200');
    assert.equal((await ipList(api, 0, 10, 'ALLOW'))._metadata.totalItems, 0);
    await api.securityPolicy.bulkCreateIPRestriction({ ips: [ips[0], { ip: '10.0.0.0/8', strategy: ALLOW }] });
    assert.equal((await ipList(api, 0, 10, 'ALLOW'))._metadata.totalItems, 2);
    const [row] = await rowsOf('ip-restriction.bulk.created');
    assert.equal((row.details as { count: number }).count, 2);
    assert.equal(row.ip, OFFICE);
  });

  it('AB-3.16 the config is inactive with the allow strategy until set; set and read back; audited', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    assert.deepEqual(await api.securityPolicy.getIPRestrictionsConfig(), { isActive: false, strategy: ALLOW });
    await api.securityPolicy.updateIPRestrictionConfig({ isActive: true, strategy: BLOCK });
    assert.deepEqual(await api.securityPolicy.getIPRestrictionsConfig(), { isActive: true, strategy: BLOCK });
    await api.securityPolicy.updateIPRestrictionConfig({ isActive: false });
    assert.deepEqual(await api.securityPolicy.getIPRestrictionsConfig(), { isActive: false, strategy: BLOCK }, 'the strategy stays when not sent');
    const rows = await rowsOf('ip-restriction.config.updated');
    assert.deepEqual(
      rows.map((r) => [r.severity, r.ip]),
      [
        ['INFO', OFFICE],
        ['WARNING', OFFICE],
      ],
    );
  });

  it('AB-8.03 reading needs fe.secure.read.securityPolicy and changing fe.secure.write.securityPolicy; no token is 401', async () => {
    await makeUser('reader@acme.test');
    const reader = await apiFrom(await tokenOf('reader@acme.test', PASSWORD), OFFICE);
    await rejectsWith(reader.securityPolicy.createIPRestriction({ ip: OFFICE, strategy: ALLOW }), 403, 'Not authorized');
    await rejectsWith(reader.securityPolicy.updateIPRestrictionConfig({ isActive: true, strategy: ALLOW }), 403, 'Not authorized');
    await rejectsWith(reader.securityPolicy.createDomainRestriction({ domain: 'acme.test', type: BLOCK }), 403, 'Not authorized');
    const c = new Client(harness.emu);
    for (const path of ['/configurations/v1/restrictions/ip', '/configurations/v1/restrictions/ip/config', '/configurations/restrictions/v1/email-domain/config']) {
      assert.equal((await c.get(`${P}${path}`)).status, 401, path);
    }
    assert.equal((await c.post(`${P}/configurations/v1/restrictions/ip/verify`)).status, 401);
  });
});

// ---------------------------------------------------------------- IP restrictions: enforced

describe('IP restrictions enforced', () => {
  it('AB-7.35 verify/allow answers whether the allow list holds the address; verify whether the rules let it in now', async () => {
    const { token } = await adminFrom(OFFICE);
    const office = await apiFrom(token, OFFICE);
    const elsewhere = await apiFrom(token, ELSEWHERE);
    assert.deepEqual(await office.securityPolicy.testCurrentIp(), { valid: true }, 'an inactive config lets every address in');
    assert.deepEqual(await office.securityPolicy.testCurrentIpInAllowList(), { valid: false });
    await office.securityPolicy.createIPRestriction({ ip: '203.0.113.0/24', strategy: ALLOW, isActive: true, description: 'My IP' });
    assert.deepEqual(await office.securityPolicy.testCurrentIpInAllowList(), { valid: true });
    assert.deepEqual(await elsewhere.securityPolicy.testCurrentIpInAllowList(), { valid: false });
    assert.deepEqual(await elsewhere.securityPolicy.testCurrentIp(), { valid: true }, 'still inactive');
  });

  it('AB-9.17 ALLOW list: a refused address gets 403 on an authenticated call, on sign-in and on refresh, while verify answers; audited WARNING with the address', async () => {
    // a session started elsewhere before the list was activated
    const away = await adminFrom(ELSEWHERE);
    const { api } = await officeOnly();
    const awayApi = await apiFrom(away.token, ELSEWHERE);
    await rejectsWith(awayApi.securityPolicy.getIPRestrictionsConfig(), 403, 'IP address is not allowed');
    await rejectsWith(awayApi.users.getCurrentUserTenantsV3(), 403, 'IP address is not allowed');
    assert.deepEqual(await awayApi.securityPolicy.testCurrentIp(), { valid: false }, 'verify still answers');
    assert.deepEqual(await awayApi.securityPolicy.testCurrentIpInAllowList(), { valid: false });

    const signIn = await new Client(harness.emu).post(`${P}/auth/v1/user`, { email: SEED.adminEmail, password: SEED.adminPassword }, { 'x-forwarded-for': ELSEWHERE });
    assert.equal(signIn.status, 403, signIn.text);
    assert.deepEqual(signIn.body.errors, ['IP address is not allowed']);
    assert.equal(signIn.headers.getSetCookie().length, 0, 'no session cookie');

    const refresh = await away.client.post(`${P}/auth/v1/user/token/refresh`, { tenantId: null }, { 'x-forwarded-for': ELSEWHERE });
    assert.equal(refresh.status, 403, refresh.text);
    const back = await away.client.post(`${P}/auth/v1/user/token/refresh`, { tenantId: null }, { 'x-forwarded-for': OFFICE });
    assert.equal(back.status, 200, 'the refused refresh spent nothing: from the office it refreshes');

    // the office still works, and sees the refusals
    assert.deepEqual(await api.securityPolicy.testCurrentIp(), { valid: true });
    const refused = await rowsOf('user.ip-restriction.refused');
    assert.deepEqual(
      refused.map((r) => [(r.details as { via: string }).via, r.severity, r.ip, r.tenantId, r.actorEmail]),
      [
        ['request', 'WARNING', ELSEWHERE, SEED.tenantId, SEED.adminEmail],
        ['request', 'WARNING', ELSEWHERE, SEED.tenantId, SEED.adminEmail],
        ['sign-in', 'WARNING', ELSEWHERE, SEED.tenantId, SEED.adminEmail],
        ['refresh', 'WARNING', ELSEWHERE, SEED.tenantId, SEED.adminEmail],
      ],
    );

    // deactivated: the cache follows at once
    await api.securityPolicy.updateIPRestrictionConfig({ isActive: false, strategy: ALLOW });
    assert.equal((await awayApi.securityPolicy.getIPRestrictionsConfig()).isActive, false);
  });

  it('BLOCK list: IPv4 and IPv6 CIDRs refuse their addresses (SEVERE), others pass; an inactive rule refuses nothing', async () => {
    const { token } = await adminFrom(OFFICE);
    const api = await apiFrom(token, OFFICE);
    await api.securityPolicy.bulkCreateIPRestriction({
      ips: [
        { ip: '198.51.100.0/24', strategy: BLOCK, isActive: true, description: 'Hostile net' },
        { ip: '2001:db8:bad::/48', strategy: BLOCK, isActive: true, description: 'Hostile v6' },
        { ip: '192.0.2.1', strategy: BLOCK, isActive: false, description: 'Paused' },
      ],
    });
    await api.securityPolicy.updateIPRestrictionConfig({ isActive: true, strategy: BLOCK });
    const from = async (ip: string) => (await apiFrom(token, ip)).securityPolicy.getIPRestrictionsConfig();
    await rejectsWith(from(ELSEWHERE), 403, 'IP address is not allowed');
    await rejectsWith(from('2001:db8:bad:1::7'), 403, 'IP address is not allowed');
    await rejectsWith(from('::ffff:198.51.100.200'), 403, 'IP address is not allowed');
    assert.equal((await from('2001:db8:beef::1')).strategy, BLOCK);
    assert.equal((await from('192.0.2.1')).strategy, BLOCK, 'an inactive rule refuses nothing');
    assert.equal((await from(OFFICE)).isActive, true);
    const refused = await rowsOf('user.ip-restriction.refused');
    assert.deepEqual(
      refused.map((r) => [r.severity, r.ip]),
      [
        ['SEVERE', ELSEWHERE],
        ['SEVERE', '2001:db8:bad:1::7'],
        ['SEVERE', '::ffff:198.51.100.200'],
      ],
    );
    // deleting the rule lets the address in at once
    const { items } = await ipList(api, 0, 10, 'BLOCK');
    await api.securityPolicy.deleteIPRestriction(items.find((r) => r.ip === '198.51.100.0/24')!.id);
    assert.equal((await from(ELSEWHERE)).isActive, true);
  });

  it('SI-8.13 while the list is active, a request whose address cannot be determined is refused with "ip metadata not found"', async () => {
    const { token } = await officeOnly();
    // the in-process client without X-Forwarded-For: no socket, no address
    const c = new Client(harness.emu);
    const signIn = await c.post(`${P}/auth/v1/user`, { email: SEED.adminEmail, password: SEED.adminPassword });
    assert.equal(signIn.status, 403, signIn.text);
    assert.deepEqual(signIn.body.errors, ['ip metadata not found']);
    const call = await c.get(`${P}/configurations/v1/restrictions/ip/config`, c.bearer(token));
    assert.equal(call.status, 403, call.text);
    assert.deepEqual(call.body.errors, ['ip metadata not found']);
    const verify = await c.post(`${P}/configurations/v1/restrictions/ip/verify`, undefined, c.bearer(token));
    assert.deepEqual(verify.body, { valid: false });
    const rows = await rowsOf('user.ip-restriction.refused');
    assert.deepEqual(
      rows.map((r) => [(r.details as { reason: string }).reason, r.ip]),
      [
        ['unknown-address', null],
        ['unknown-address', null],
      ],
    );
  });

  it('an API token of the account gets no access token from a refused address (audited)', async () => {
    const { api } = await officeOnly();
    const created = await api.auth.updateTenantApiTokensData({ description: 'M2M', roleIds: [SEED.adminRoleId], expiresInMinutes: null });
    const c = new Client(harness.emu);
    const credentials = { clientId: created.clientId, secret: created.secret };
    const refused = await c.post(`${P}/auth/v1/api-token`, credentials, { 'x-forwarded-for': ELSEWHERE });
    assert.equal(refused.status, 403, refused.text);
    assert.deepEqual(refused.body.errors, ['IP address is not allowed']);
    const ok = await c.post(`${P}/auth/v1/api-token`, credentials, { 'x-forwarded-for': OFFICE });
    assert.equal(ok.status, 200, ok.text);
    const [row] = (await rowsOf('user.ip-restriction.refused')).filter((r) => r.actorId === created.clientId);
    assert.equal(row.ip, ELSEWHERE);
  });

  it('a reset (POST /_emulator/reset) ends the restrictions at once', async () => {
    await officeOnly();
    const c = new Client(harness.emu);
    assert.equal((await c.post(`${P}/auth/v1/user`, { email: SEED.adminEmail, password: SEED.adminPassword }, { 'x-forwarded-for': ELSEWHERE })).status, 403);
    assert.equal((await c.post('/_emulator/reset')).status, 200);
    const again = await c.post(`${P}/auth/v1/user`, { email: SEED.adminEmail, password: SEED.adminPassword }, { 'x-forwarded-for': ELSEWHERE });
    assert.equal(again.status, 200, again.text);
  });

  it('issue 31 recovery: POST /_emulator/tenants/:id/ip-restrictions/lift lets a locked-out admin sign in again, keeps the rules, audits it as System', async () => {
    const { api } = await officeOnly();
    const c = new Client(harness.emu);
    const signIn = () => c.post(`${P}/auth/v1/user`, { email: SEED.adminEmail, password: SEED.adminPassword }, { 'x-forwarded-for': ELSEWHERE });
    assert.equal((await signIn()).status, 403, 'locked out by its own rules');
    const lifted = await c.post(`/_emulator/tenants/${SEED.tenantId}/ip-restrictions/lift`);
    assert.equal(lifted.status, 200, lifted.text);
    assert.deepEqual(lifted.body, { isActive: false, strategy: ALLOW });
    const again = await signIn();
    assert.equal(again.status, 200, again.text);
    const awayApi = await apiFrom(again.body.accessToken, ELSEWHERE);
    assert.deepEqual(await awayApi.securityPolicy.getIPRestrictionsConfig(), { isActive: false, strategy: ALLOW }, 'the restrictions page is reachable, the list not enforced');
    assert.deepEqual(
      (await ipList(api, 0, 10, '')).items.map((r) => r.ip),
      [OFFICE],
      'the rules stay',
    );
    const [row] = await rowsOf('ip-restriction.config.updated').then((rows) => rows.filter((r) => (r.details as { recovery?: boolean }).recovery));
    assert.equal(row.actorId, null, 'System');
    assert.equal(row.severity, 'WARNING');
    assert.equal(row.tenantId, SEED.tenantId);
    const unknown = await c.post('/_emulator/tenants/no-such-account/ip-restrictions/lift');
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body.errors, ['Tenant not found']);
  });

  it("an account's rules bind its own sign-ins and tokens only", async () => {
    await officeOnly();
    const globex = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
    assert.equal(globex.status, 201, globex.text);
    await makeUser('bob@globex.test', ['Admin'], { tenantId: globex.body.tenantId });
    const bob = await harness.signIn('bob@globex.test', PASSWORD, { 'x-forwarded-for': ELSEWHERE });
    const config = await (await apiFrom(bob.token, ELSEWHERE)).securityPolicy.getIPRestrictionsConfig();
    assert.deepEqual(config, { isActive: false, strategy: ALLOW }, "Globex's own config");
  });

  it('calls of one account at once, right after a rule change, all answer (a rule read inside one request’s transaction is never awaited by another)', async () => {
    const { api } = await officeOnly();
    for (let round = 0; round < 3; round++) {
      await api.securityPolicy.createIPRestriction({ ip: `192.0.2.${round + 1}`, strategy: BLOCK, isActive: true, description: `Round ${round}` });
      const answers = Promise.all([
        api.securityPolicy.getIPRestrictions({ _limit: 10, _offset: 0, _filter: ALLOW }),
        api.securityPolicy.testCurrentIp(),
        api.securityPolicy.testCurrentIpInAllowList(),
        api.securityPolicy.getIPRestrictionsConfig(),
        api.securityPolicy.createIPRestriction({ ip: `192.0.2.${round + 101}`, strategy: BLOCK, isActive: true, description: 'At once' }),
        api.securityPolicy.testCurrentIp(),
      ]);
      const settled = await Promise.race([answers.then(() => 'answered'), new Promise((resolve) => setTimeout(resolve, 10_000, 'hung'))]);
      assert.equal(settled, 'answered', `round ${round}`);
      assert.deepEqual((await answers)[1], { valid: true }, 'the office still passes');
    }
  });
});

// ---------------------------------------------------------------- email domains

describe('an empty allow list cannot be enforced (issue 31 item 1)', () => {
  it('IP: enforcing an allow list without an active rule is refused (400, nothing stored); the last rule of an enforced list cannot be deleted', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    await rejectsWith(api.securityPolicy.updateIPRestrictionConfig({ isActive: true, strategy: ALLOW }), 400, EMPTY_IP_ALLOW_LIST);
    assert.deepEqual(await api.securityPolicy.getIPRestrictionsConfig(), { isActive: false, strategy: ALLOW });
    assert.equal((await rowsOf('ip-restriction.config.updated')).length, 0, 'not audited');
    // an inactive rule does not count
    await api.securityPolicy.createIPRestriction({ ip: '192.0.2.1', strategy: ALLOW, isActive: false });
    await rejectsWith(api.securityPolicy.updateIPRestrictionConfig({ isActive: true, strategy: ALLOW }), 400, EMPTY_IP_ALLOW_LIST);
    // a block list may be enforced empty (it refuses no one)
    await api.securityPolicy.updateIPRestrictionConfig({ isActive: true, strategy: BLOCK });
    await api.securityPolicy.createIPRestriction({ ip: OFFICE, strategy: ALLOW, isActive: true });
    await api.securityPolicy.updateIPRestrictionConfig({ isActive: true, strategy: ALLOW });
    const office = (await ipList(api, 0, 10, ALLOW)).items.find((r) => r.ip === OFFICE)!;
    await rejectsWith(api.securityPolicy.deleteIPRestriction(office.id), 400, LAST_ALLOW_ENTRY);
    assert.ok(
      (await ipList(api, 0, 10, ALLOW)).items.some((r) => r.id === office.id),
      'the rule stays',
    );
    await api.securityPolicy.updateIPRestrictionConfig({ isActive: false });
    await api.securityPolicy.deleteIPRestriction(office.id);
  });

  it('email domains: enforcing an allow list without a domain is refused (400, nothing stored); the last allowed domain of an enforced list cannot be deleted', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    await rejectsWith(api.securityPolicy.updateDomainRestrictionConfig({ active: true, type: ALLOW }), 400, EMPTY_DOMAIN_ALLOW_LIST);
    assert.deepEqual(await api.securityPolicy.getDomainRestrictionsConfig(), { active: false, listType: BLOCK, blockPublicDomains: false });
    // a blocked domain is not an allowed one; an empty block list may be enforced
    await api.securityPolicy.createDomainRestriction({ domain: 'evil.test', type: BLOCK });
    await rejectsWith(api.securityPolicy.updateDomainRestrictionConfig({ active: true, type: ALLOW }), 400, EMPTY_DOMAIN_ALLOW_LIST);
    await api.securityPolicy.updateDomainRestrictionConfig({ active: true, type: BLOCK });
    const acme = await api.securityPolicy.createDomainRestriction({ domain: 'acme.test', type: ALLOW });
    await api.securityPolicy.updateDomainRestrictionConfig({ active: true, type: ALLOW });
    await rejectsWith(api.securityPolicy.deleteDomainRestriction(acme.id), 400, LAST_ALLOW_ENTRY);
    assert.ok(
      (await api.securityPolicy.getDomainRestrictions()).items.some((d) => d.id === acme.id),
      'the domain stays',
    );
    await api.securityPolicy.updateDomainRestrictionConfig({ active: false });
    await api.securityPolicy.deleteDomainRestriction(acme.id);
  });
});

describe('email-domain restrictions: routes', () => {
  it('AB-3.18 AB-7.36 the config answers active, listType and blockPublicDomains; inactive BLOCK list until set', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    assert.deepEqual(await api.securityPolicy.getDomainRestrictionsConfig(), { active: false, listType: BLOCK, blockPublicDomains: false });
    // an allow list is enforced only with a domain on it (issue 31 item 1)
    await api.securityPolicy.createDomainRestriction({ domain: 'acme.test', type: ALLOW });
    const saved = await api.securityPolicy.updateDomainRestrictionConfig({ active: true, blockPublicDomains: true, type: ALLOW });
    assert.deepEqual(saved, { active: true, listType: ALLOW, blockPublicDomains: true });
    assert.deepEqual(await api.securityPolicy.getDomainRestrictionsConfig(), saved);
    await api.securityPolicy.updateDomainRestrictionConfig({ active: false });
    assert.deepEqual(await api.securityPolicy.getDomainRestrictionsConfig(), { active: false, listType: ALLOW, blockPublicDomains: true });
    const rows = await rowsOf('email-domain-restriction.config.updated');
    assert.deepEqual(
      rows.map((r) => [r.severity, r.ip]),
      [
        ['INFO', OFFICE],
        ['WARNING', OFFICE],
      ],
    );
  });

  it('AB-3.18 AB-7.33 add (normalised), list, delete; an invalid or doubled domain is refused', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    const created = await api.securityPolicy.createDomainRestriction({ domain: ' @Evil.TEST ', type: BLOCK });
    assert.deepEqual(Object.keys(created).sort(), ['domain', 'id', 'type']);
    assert.equal(created.domain, 'evil.test');
    await api.securityPolicy.createDomainRestriction({ domain: 'evil.test', type: ALLOW });
    assert.deepEqual(
      (await api.securityPolicy.getDomainRestrictions()).items.map((d) => [d.domain, d.type]),
      [
        ['evil.test', BLOCK],
        ['evil.test', ALLOW],
      ],
    );
    await rejectsWith(api.securityPolicy.createDomainRestriction({ domain: 'evil.test', type: BLOCK }), 409, 'Domain restriction already exists: evil.test');
    await rejectsWith(api.securityPolicy.createDomainRestriction({ domain: 'not a domain', type: BLOCK }), 400, 'Invalid domain: not a domain');
    await rejectsWith(api.securityPolicy.createDomainRestriction({ domain: 'localhost', type: BLOCK }), 400, 'Invalid domain: localhost');
    await api.securityPolicy.deleteDomainRestriction(created.id);
    assert.deepEqual(
      (await api.securityPolicy.getDomainRestrictions()).items.map((d) => d.type),
      [ALLOW],
    );
    const [deleted] = await rowsOf('email-domain-restriction.deleted');
    assert.equal(deleted.ip, OFFICE);
    await rejectsWith(api.securityPolicy.deleteDomainRestriction(created.id), 404, 'Domain restriction not found');
  });

  it('normalises and validates domains; the public list is the full email-providers list', () => {
    assert.equal(normaliseDomain('@@Acme.Com.'), 'acme.com');
    assert.equal(normaliseDomain('xn--bcher-kva.example'), 'xn--bcher-kva.example');
    assert.equal(normaliseDomain('acme'), null);
    assert.equal(normaliseDomain('-acme.com'), null);
    assert.ok(PUBLIC_EMAIL_DOMAINS.has('gmail.com') && PUBLIC_EMAIL_DOMAINS.has('yahoo.com'));
    assert.ok(PUBLIC_EMAIL_DOMAINS.size > 5000, `${PUBLIC_EMAIL_DOMAINS.size} domains`);
  });
});

describe('email-domain restrictions enforced', () => {
  it('a blocked domain is refused at add user and at each refused address of a bulk invite, with the reason; audited WARNING with the address', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    await api.securityPolicy.createDomainRestriction({ domain: 'evil.test', type: BLOCK });
    await api.securityPolicy.updateDomainRestrictionConfig({ active: true, type: BLOCK });
    await rejectsWith(api.teams.addUser({ email: 'mallory@evil.test', name: 'Mallory', roleIds: [] }), 403, 'The email domain is blocked: evil.test');
    // a bulk invite is the portal's loop over add user: the refused ones answer the reason, the others are invited
    const outcomes: Record<string, string> = {};
    for (const email of ['ann@good.test', 'eve@EVIL.test', 'bob@good.test']) {
      outcomes[email] = await api.teams.addUser({ email, roleIds: [] }).then(
        () => 'invited',
        (e: Error) => e.message,
      );
    }
    assert.deepEqual(outcomes, { 'ann@good.test': 'invited', 'eve@EVIL.test': 'The email domain is blocked: evil.test', 'bob@good.test': 'invited' });
    const refused = await rowsOf('user.email-domain.refused');
    assert.deepEqual(
      refused.map((r) => [r.severity, r.ip, (r.details as { userEmail: string }).userEmail, r.actorEmail]),
      [
        ['WARNING', OFFICE, 'mallory@evil.test', SEED.adminEmail],
        ['WARNING', OFFICE, 'eve@evil.test', SEED.adminEmail],
      ],
    );
    await api.securityPolicy.updateDomainRestrictionConfig({ active: false });
    assert.equal((await api.teams.addUser({ email: 'mallory@evil.test', roleIds: [] })).email, 'mallory@evil.test', 'inactive: the list refuses nobody');
  });

  it('ALLOW list: only its domains join; an invitation made before the rule changed is refused at acceptance (the token stays usable)', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    const c = new Client(harness.emu);
    await api.teams.addUser({ email: 'carol@partner.test', roleIds: [] });
    const mails = (await c.get('/_emulator/outbox')).body as { to: string; link: string | null }[];
    const link = new URL(mails.find((m) => m.to === 'carol@partner.test')!.link!);
    const accept = { userId: link.searchParams.get('userId')!, token: link.searchParams.get('token')! };

    await api.securityPolicy.createDomainRestriction({ domain: 'acme.test', type: ALLOW });
    await api.securityPolicy.updateDomainRestrictionConfig({ active: true, type: ALLOW });
    await rejectsWith(api.teams.addUser({ email: 'dave@partner.test', roleIds: [] }), 403, 'The email domain is not in the allow list: partner.test');
    assert.equal((await api.teams.addUser({ email: 'erin@acme.test', roleIds: [] })).email, 'erin@acme.test');

    const refused = await c.post(`${P}/users/v1/invitation/accept`, accept, { 'x-forwarded-for': ELSEWHERE });
    assert.equal(refused.status, 403, refused.text);
    assert.deepEqual(refused.body.errors, ['The email domain is not in the allow list: partner.test']);
    const [row] = (await rowsOf('user.email-domain.refused')).filter((r) => (r.details as { via: string }).via === 'invitation-accept');
    assert.equal(row.ip, ELSEWHERE);
    assert.equal(row.tenantId, SEED.tenantId);

    await api.securityPolicy.createDomainRestriction({ domain: 'partner.test', type: ALLOW });
    const accepted = await c.post(`${P}/users/v1/invitation/accept`, accept);
    assert.equal(accepted.status, 200, accepted.text);
  });

  it('blockPublicDomains refuses free-mail domains, whatever the list', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    await api.securityPolicy.updateDomainRestrictionConfig({ active: false, blockPublicDomains: true });
    await rejectsWith(api.teams.addUser({ email: 'someone@gmail.com', roleIds: [] }), 403, 'Public email domains are not allowed: gmail.com');
    await rejectsWith(api.teams.addUser({ email: 'someone@Yahoo.com', roleIds: [] }), 403, 'Public email domains are not allowed: yahoo.com');
    assert.equal((await api.teams.addUser({ email: 'someone@acme.test', roleIds: [] })).email, 'someone@acme.test');
  });

  it('a public sign-up that creates a new account is not refused; a sign-up by invite link into the account is', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    await api.securityPolicy.updateDomainRestrictionConfig({ active: true, blockPublicDomains: true, type: BLOCK });
    const c = new Client(harness.emu);
    const own = await c.post(`${P}/users/v1/signUp`, { email: 'founder@gmail.com', password: PASSWORD, name: 'Founder', companyName: 'Startup' });
    assert.equal(own.status, 200, own.text);
    assert.notEqual(own.body.tenantId, SEED.tenantId);
    const link = await api.teams.createInviteUserLink({ expiresInMinutes: 60, shouldSendEmail: false, roleIds: [] });
    const joined = await c.post(`${P}/users/v1/signUp`, { email: 'joiner@gmail.com', password: PASSWORD, name: 'Joiner', invitationToken: link.token });
    assert.equal(joined.status, 403, joined.text);
    assert.deepEqual(joined.body.errors, ['Public email domains are not allowed: gmail.com']);
  });

  it('assertEmailDomainAllowed (for SCIM) throws HttpError 403 with the reason, 400 for an address without a domain', async () => {
    const api = await apiFrom(await tokenOf(), OFFICE);
    await api.securityPolicy.createDomainRestriction({ domain: 'evil.test', type: BLOCK });
    await api.securityPolicy.updateDomainRestrictionConfig({ active: true, type: BLOCK });
    const db = harness.emu.db;
    await assertEmailDomainAllowed(db, SEED.tenantId, 'ok@acme.test');
    await assert.rejects(
      assertEmailDomainAllowed(db, SEED.tenantId, 'x@evil.test'),
      (e: unknown) => e instanceof HttpError && e.status === 403 && e.message === 'The email domain is blocked: evil.test',
    );
    await assert.rejects(assertEmailDomainAllowed(db, SEED.tenantId, 'no-domain'), (e: unknown) => e instanceof HttpError && e.status === 400);
    await assertEmailDomainAllowed(db, 'another-tenant', 'x@evil.test');
  });
});

// ---------------------------------------------------------------- SSO provisioning

describe('email-domain restrictions at SSO provisioning', () => {
  const PAGE = 'http://localhost:5173';
  const OIDC_CB = `${PAGE}/account/oidc/callback`;
  const CORP = { client_id: 'corp-client', client_secret: 'corp-secret', redirect_uris: [OIDC_CB] };
  let oidc: OidcIdp;
  before(async () => {
    oidc = await startOidcIdp({ clients: [CORP], accounts: [{ email: 'ann@corp.test', name: 'Ann Corp' }] });
  });
  after(async () => {
    await oidc.close();
  });

  it("a user the account's domain rules refuse is not provisioned by SSO: 403 with the reason, audited", async () => {
    const c = new Client(harness.emu);
    const cfg = await c.post('/_emulator/sso-configurations', {
      type: 'oidc',
      domains: ['corp.test'],
      oidc: { issuer: oidc.issuer, clientId: CORP.client_id, clientSecret: CORP.client_secret },
    });
    assert.equal(cfg.status, 201, cfg.text);
    const api = await apiFrom(await tokenOf(), OFFICE);
    await api.securityPolicy.createDomainRestriction({ domain: 'corp.test', type: BLOCK });
    await api.securityPolicy.updateDomainRestrictionConfig({ active: true, type: BLOCK });
    const pre = await c.post(`${P}/auth/v2/user/sso/prelogin`, { email: 'ann@corp.test' });
    const start = await c.get(new URL(pre.body.address).pathname, { referer: `${PAGE}/account/login` });
    const back = await oidc.signIn(new URL(start.headers.get('location')!).href, 'ann@corp.test');
    const res = await c.post(
      `${P}/auth/v1/user/oidc/postlogin`,
      { code: back.searchParams.get('code'), state: back.searchParams.get('state'), redirectUri: OIDC_CB },
      { 'x-forwarded-for': ELSEWHERE },
    );
    assert.equal(res.status, 403, res.text);
    assert.deepEqual(res.body.errors, ['The email domain is blocked: corp.test']);
    const rows = await harness.emu.db
      .select()
      .from(audits)
      .where(and(eq(audits.action, 'user.email-domain.refused'), eq(audits.ip, ELSEWHERE)));
    assert.equal(rows.length, 1);
    assert.equal((rows[0].details as { via: string }).via, 'sso');
  });
});
