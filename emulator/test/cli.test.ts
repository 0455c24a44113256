/**
 * `fe-emulator` (bin/fe-emulator.js) as a host's CI runs it: a real child process on a free port. Flags and the
 * loopback rule, the seed file (validation with exit code 2, seeded users, TOTP-enrolled users, plans, SSO,
 * reset back to the seed), the clock (`--now`, `--frozen`, `PUT /_emulator/clock { now }`), the outbox as JSON and
 * HTML, and the fault switches.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import * as OTPAuth from 'otpauth';
import { parseSeedFile, SeedFileError } from '../src/seed-file.ts';
import { CliError, isLoopback, parseCli } from '../src/cli.ts';

const BIN = fileURLToPath(new URL('../bin/fe-emulator.js', import.meta.url));
const EXAMPLE_SEED = fileURLToPath(new URL('../examples/seed.json', import.meta.url));
const JSON_HEADERS = { 'content-type': 'application/json' };

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Spawns the bin with `args` (no DATABASE_URL / EMULATOR_* from the caller's environment). */
function runBin(args: string[]): Run {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('EMULATOR_') && k !== 'DATABASE_URL'));
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Starts the bin in memory on a free port and waits until it listens. */
async function startBin(args: string[]): Promise<Run & { url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const run = runBin(['--in-memory', '--port', String(port), ...args]);
  const deadline = Date.now() + 90_000;
  while (!run.output().includes('admin@acme.test')) {
    if (run.child.exitCode !== null) throw new Error(`fe-emulator exited (${run.child.exitCode}):\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`fe-emulator did not start in 90 s:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    ...run,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (run.child.exitCode === null) run.child.kill('SIGTERM');
      await run.exited;
    },
  };
}

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
const put = (url: string, body: unknown) => fetch(url, { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify(body) });
const login = (base: string, email: string, password: string) => post(`${base}/frontegg/identity/resources/auth/v1/user`, { email, password });

describe('fe-emulator: flags', () => {
  it('--help prints the options and exits 0; --version prints the version', async () => {
    const help = runBin(['--help']);
    assert.equal(await help.exited, 0);
    for (const flag of ['--port', '--host', '--unsafe-expose', '--data', '--in-memory', '--seed', '--now', '--frozen', '--cors-origin', '--seed-users'])
      assert.match(help.output(), new RegExp(flag));
    const version = runBin(['--version']);
    assert.equal(await version.exited, 0);
    assert.match(version.output().trim(), /^\d+\.\d+\.\d+$/);
  });

  it('refuses a non-loopback --host without --unsafe-expose (exit 2, nothing listens), and unknown flags', async () => {
    const exposed = runBin(['--host', '0.0.0.0', '--in-memory']);
    assert.equal(await exposed.exited, 2);
    assert.match(exposed.output(), /Refusing to listen on 0\.0\.0\.0.*--unsafe-expose/s);
    const unknown = runBin(['--prot', '1234']);
    assert.equal(await unknown.exited, 2);
    assert.match(unknown.output(), /Unknown option '--prot'/);
    const badNow = runBin(['--now', 'next tuesday']);
    assert.equal(await badNow.exited, 2);
    assert.match(badNow.output(), /--now must be an ISO 8601 date-time/);
    const frozenAlone = runBin(['--in-memory', '--frozen']);
    assert.equal(await frozenAlone.exited, 2);
    assert.match(frozenAlone.output(), /--frozen needs --now <instant>/);
    assert.ok(isLoopback('127.0.0.1') && isLoopback('127.8.0.1') && isLoopback('::1') && isLoopback('localhost') && isLoopback('::ffff:127.0.0.1'));
    assert.ok(!isLoopback('0.0.0.0') && !isLoopback('10.0.0.1') && !isLoopback('::') && !isLoopback('::ffff:10.0.0.1'));
  });

  it('an invalid seed file exits 2 with the path and message of each problem', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fe-emulator-seed-'));
    try {
      const file = join(dir, 'seed.json');
      writeFileSync(
        file,
        JSON.stringify({
          tenants: [{ id: 'globex', name: 'Globex' }],
          users: [
            { email: 'a@globex.test', password: 'x', tenants: ['globx'] },
            { email: 'b@globex.test', roles: ['Owner'], totpSecret: 'not base32!' },
          ],
          plans: [{ id: 'p', tenant: ['globex'] }],
        }),
      );
      const run = runBin(['--in-memory', '--seed', file]);
      assert.equal(await run.exited, 2);
      const out = run.output();
      assert.match(out, /is not a valid seed file/);
      assert.match(out, /users\[0\]\.tenants\[0\]: unknown tenant "globx"/);
      assert.match(out, /users\[1\]\.roles\[0\]: unknown role "Owner"/);
      assert.match(out, /users\[1\]\.totpSecret: must be a base32 TOTP secret/);
      assert.match(out, /plans\[0\]: Unrecognized key: "tenant"/);

      writeFileSync(file, '{ "users": [ }');
      const notJson = runBin(['--in-memory', '--seed', file]);
      assert.equal(await notJson.exited, 2);
      assert.match(notJson.output(), /is not JSON/);
      const missing = runBin(['--in-memory', '--seed', join(dir, 'nope.json')]);
      assert.equal(await missing.exited, 2);
      assert.match(missing.output(), /cannot read the seed file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--dns-servers (else FE_EMULATOR_DNS_SERVERS) lists the resolvers of the SSO domain check; default the system’s; a name or bad port is refused', () => {
    assert.deepEqual(parseCli(['--dns-servers', '127.0.0.1:5353, [::1]:53,10.0.0.1'], {}).dnsServers, ['127.0.0.1:5353', '[::1]:53', '10.0.0.1']);
    assert.deepEqual(parseCli([], { FE_EMULATOR_DNS_SERVERS: '127.0.0.1:5454' }).dnsServers, ['127.0.0.1:5454']);
    assert.deepEqual(parseCli(['--dns-servers', '127.0.0.1:1'], { FE_EMULATOR_DNS_SERVERS: '127.0.0.1:5454' }).dnsServers, ['127.0.0.1:1'], 'the flag wins');
    assert.deepEqual(parseCli([], {}).dnsServers, []);
    for (const bad of ['dns.example.test', '127.0.0.1:0', '127.0.0.1:99999']) {
      assert.throws(
        () => parseCli(['--dns-servers', bad], {}),
        (e: Error) => e instanceof CliError && e.message.includes(`got "${bad}"`),
        bad,
      );
    }
  });

  it('the example seed file is valid; duplicates and self-parents are refused', () => {
    assert.doesNotThrow(() => parseSeedFile(JSON.parse(JSON.stringify({ users: [{ email: 'x@y.test' }] }))));
    assert.throws(
      () => parseSeedFile({ tenants: [{ id: 't', name: 'T', parent: 't' }], users: [{ email: 'admin@acme.test' }], roles: [{ key: 'Admin' }] }),
      (e: Error) =>
        e instanceof SeedFileError &&
        /tenants\[0\]\.parent: a tenant cannot be its own parent/.test(e.message) &&
        /users\[0\]\.email: duplicate user email "admin@acme\.test"/.test(e.message) &&
        /roles\[0\]\.key: duplicate role key "Admin"/.test(e.message),
    );
  });
});

describe('fe-emulator --seed examples/seed.json --now …', () => {
  // a whole second, a year ahead: tokens, the clock and a reset all read it
  const startAt = Math.floor((Date.now() + 365 * 86400_000) / 1000) * 1000;
  let emu: Awaited<ReturnType<typeof startBin>>;
  let spawned = 0;
  before(async () => {
    spawned = Date.now();
    emu = await startBin(['--seed', EXAMPLE_SEED, '--now', new Date(startAt).toISOString()]);
  });
  after(async () => {
    await emu?.stop();
  });

  it('prints what it seeded and when its clock starts', () => {
    assert.match(emu.output(), /seed file .*seed\.json: 2 tenants, 4 users, 1 roles, 1 plans, 1 SSO connections/);
    assert.match(emu.output(), new RegExp(`clock +started at ${new Date(startAt).toISOString()}`));
  });

  it('a seeded user signs in to their tenants with their roles (and a host permission of a seeded role)', async () => {
    const res = await login(emu.url, 'billing@globex.test', 'Billing-Passw0rd!');
    assert.equal(res.status, 200);
    const claims = decodeJwt(((await res.json()) as { accessToken: string }).accessToken);
    assert.equal(claims.tenantId, 'globex');
    assert.deepEqual(claims.roles, ['Billing']);
    assert.ok((claims.permissions as string[]).includes('app.invoices.read'));
    const owner = decodeJwt(((await (await login(emu.url, 'owner@globex.test', 'Owner-Passw0rd!')).json()) as { accessToken: string }).accessToken);
    assert.deepEqual([...(owner.tenantIds as string[])].sort(), ['globex', 'globex-emea']);
    assert.equal((await login(emu.url, 'owner@globex.test', 'wrong-Passw0rd!')).status, 401);
    assert.equal((await login(emu.url, 'admin@acme.test', 'Admin-Passw0rd!')).status, 200, 'the base seed stays');
  });

  it('a user with a TOTP secret gets MFA required, and a code computed from the secret completes sign-in', async () => {
    const res = await login(emu.url, 'mfa@globex.test', 'Mfa-User-Passw0rd!');
    assert.equal(res.status, 200);
    const challenge = (await res.json()) as { mfaRequired: boolean; mfaToken: string; mfaDevices: { authenticators: { id: string }[] } };
    assert.equal(challenge.mfaRequired, true);
    assert.equal(challenge.mfaDevices.authenticators.length, 1);
    const value = new OTPAuth.TOTP({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }).generate();
    const verify = await post(`${emu.url}/frontegg/identity/resources/auth/v1/user/mfa/verify`, { mfaToken: challenge.mfaToken, value });
    assert.equal(verify.status, 200);
    assert.deepEqual(decodeJwt(((await verify.json()) as { accessToken: string }).accessToken).amr, ['pwd', 'mfa', 'otp']);
  });

  it('vendor settings, plans and SSO connections of the seed are served', async () => {
    const config = (await (await fetch(`${emu.url}/frontegg/identity/resources/configurations/v1/public`)).json()) as { allowSignups: boolean };
    assert.equal(config.allowSignups, false);
    const sso = await post(`${emu.url}/frontegg/identity/resources/auth/v2/user/sso/prelogin`, { email: 'jane@initech.test' });
    assert.equal(sso.status, 200);
    assert.match(((await sso.json()) as { address: string }).address, new RegExp(`^${emu.url}/frontegg/auth/sso/[0-9a-f-]+/start$`));
    const lr = (await (await login(emu.url, 'owner@globex.test', 'Owner-Passw0rd!')).json()) as { accessToken: string };
    const bundle = await fetch(`${emu.url}/frontegg/entitlements/api/v2/user-entitlements`, { headers: { authorization: `Bearer ${lr.accessToken}` } });
    assert.equal(bundle.status, 200);
    const features = ((await bundle.json()) as { features: Record<string, unknown> }).features;
    assert.deepEqual(Object.keys(features).sort(), ['audit-export', 'sso']);
  });

  it('--now: tokens are issued at that instant; PUT /_emulator/clock { now } moves it; a reset sets it back', async () => {
    const lr = (await (await login(emu.url, 'owner@globex.test', 'Owner-Passw0rd!')).json()) as { accessToken: string };
    const { iat, exp } = decodeJwt(lr.accessToken);
    // the clock runs on from --now: iat is the start instant plus (at most) the seconds since the emulator was spawned
    const sinceSpawn = Math.ceil((Date.now() - spawned) / 1000);
    assert.ok(iat! >= startAt / 1000 - 1 && iat! <= startAt / 1000 + sinceSpawn + 1, `iat ${iat} vs --now ${startAt / 1000} (+${sinceSpawn} s)`);
    assert.equal(exp! - iat!, 600, 'the seed sets accessTokenExpiresIn 600');

    const moved = await put(`${emu.url}/_emulator/clock`, { now: '2027-06-01T12:00:00Z' });
    assert.equal(moved.status, 200);
    const clock = (await moved.json()) as { now: string; offsetSeconds: number };
    assert.ok(Math.abs(Date.parse(clock.now) - Date.parse('2027-06-01T12:00:00Z')) <= 1000, clock.now);
    const later = decodeJwt(((await (await login(emu.url, 'owner@globex.test', 'Owner-Passw0rd!')).json()) as { accessToken: string }).accessToken);
    assert.ok(Math.abs(later.iat! - Date.parse('2027-06-01T12:00:00Z') / 1000) <= 5, `iat ${later.iat}`);
    assert.equal((await put(`${emu.url}/_emulator/clock`, { now: 'soon' })).status, 400);

    assert.equal((await post(`${emu.url}/_emulator/reset`, {})).status, 200);
    const reset = (await (await fetch(`${emu.url}/_emulator/clock`)).json()) as { now: string };
    assert.ok(Math.abs(Date.parse(reset.now) - startAt) <= 1000, `after reset the clock reads ${reset.now}, not --now`);
  });

  it('a reset restores the seed: a user a test deleted comes back, with the same id', async () => {
    const before = (await (await login(emu.url, 'billing@globex.test', 'Billing-Passw0rd!')).json()) as { userId: string };
    // lock the user out (3 failures, the seed's lockout), then reset
    for (let i = 0; i < 3; i++) await login(emu.url, 'billing@globex.test', 'wrong-Passw0rd!');
    assert.equal((await login(emu.url, 'billing@globex.test', 'Billing-Passw0rd!')).status, 401);
    await post(`${emu.url}/_emulator/reset`, {});
    const again = await login(emu.url, 'billing@globex.test', 'Billing-Passw0rd!');
    assert.equal(again.status, 200);
    assert.equal(((await again.json()) as { userId: string }).userId, before.userId);
  });

  it('the outbox is JSON at /_emulator/outbox.json and a page without inline script or style', async () => {
    await fetch(`${emu.url}/_emulator/outbox`, { method: 'DELETE' });
    assert.equal((await post(`${emu.url}/frontegg/identity/resources/users/v1/passwords/reset`, { email: 'owner@globex.test' })).status, 200);
    const items = (await (await fetch(`${emu.url}/_emulator/outbox.json`)).json()) as { to: string; link: string }[];
    assert.equal(items.length, 1);
    assert.equal(items[0].to, 'owner@globex.test');
    assert.match(items[0].link, /\/account\/reset-password\?/);
    const page = await fetch(`${emu.url}/_emulator/outbox`, { headers: { accept: 'text/html' } });
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    const html = await page.text();
    assert.match(html, /owner@globex\.test/);
    assert.doesNotMatch(html, /<script|<style|\sstyle=|\son[a-z]+=/i);
  });

  it('fault switches: a status answer instead of the route, a delay, `times`, DELETE and reset clear them', async () => {
    const refresh = `${emu.url}/frontegg/oauth/token`;
    const set = await put(`${emu.url}/_emulator/faults`, {
      faults: [
        { method: 'POST', path: '/frontegg/oauth/token', status: 503, body: { errors: ['down for maintenance'] }, times: 2 },
        { path: '/frontegg/identity/resources/configurations/v1/*', delayMs: 400 },
      ],
    });
    assert.equal(set.status, 200);
    for (let i = 0; i < 2; i++) {
      const r = await post(refresh, { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'demo-client', client_secret: 'demo-secret' });
      assert.equal(r.status, 503);
      assert.deepEqual(await r.json(), { errors: ['down for maintenance'] });
      assert.ok(r.headers.get('frontegg-trace-id'));
    }
    // `times: 2` used up: the route answers again (an unknown refresh token is its own 400)
    const third = await post(refresh, { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'demo-client', client_secret: 'demo-secret' });
    assert.equal(third.status, 400);

    const t0 = performance.now();
    const slow = await fetch(`${emu.url}/frontegg/identity/resources/configurations/v1/public`);
    assert.equal(slow.status, 200, 'a delay alone lets the route answer');
    assert.ok(performance.now() - t0 >= 390, `answered after ${performance.now() - t0} ms`);
    const listed = (await (await fetch(`${emu.url}/_emulator/faults`)).json()) as { path: string; hits: number }[];
    assert.deepEqual(
      listed.map((f) => [f.path, f.hits]),
      [['/frontegg/identity/resources/configurations/v1/*', 1]],
    );
    assert.equal((await fetch(`${emu.url}/_emulator/clock`)).status, 200, '/_emulator is never faulted');

    await put(`${emu.url}/_emulator/faults`, { faults: [{ path: '/frontegg/*', status: 500 }] });
    assert.equal((await login(emu.url, 'owner@globex.test', 'Owner-Passw0rd!')).status, 500);
    assert.equal((await fetch(`${emu.url}/_emulator/faults`, { method: 'DELETE' })).status, 200);
    assert.equal((await login(emu.url, 'owner@globex.test', 'Owner-Passw0rd!')).status, 200);
    await put(`${emu.url}/_emulator/faults`, { faults: [{ path: '/frontegg/*', status: 500 }] });
    await post(`${emu.url}/_emulator/reset`, {});
    assert.equal((await login(emu.url, 'owner@globex.test', 'Owner-Passw0rd!')).status, 200);
    assert.deepEqual(await (await fetch(`${emu.url}/_emulator/faults`)).json(), []);

    assert.equal((await put(`${emu.url}/_emulator/faults`, { faults: [{ path: 'frontegg' }] })).status, 400);
  });
});

describe('fe-emulator --now … --frozen', () => {
  // a whole second, a year ahead
  const startAt = Math.floor((Date.now() + 365 * 86400_000) / 1000) * 1000;
  let emu: Awaited<ReturnType<typeof startBin>>;
  before(async () => {
    emu = await startBin(['--now', new Date(startAt).toISOString(), '--frozen']);
  });
  after(async () => {
    await emu?.stop();
  });

  it('starts frozen at --now: tokens say that instant however long the start took; advance moves it; a reset freezes it there again', async () => {
    assert.match(emu.output(), new RegExp(`clock +frozen at ${new Date(startAt).toISOString()}`));
    const read = async () => {
      const { now, frozen } = (await (await fetch(`${emu.url}/_emulator/clock`)).json()) as { now: string; frozen: boolean };
      return { now, frozen };
    };
    assert.deepEqual(await read(), { now: new Date(startAt).toISOString(), frozen: true });
    const { iat } = decodeJwt(((await (await login(emu.url, 'admin@acme.test', 'Admin-Passw0rd!')).json()) as { accessToken: string }).accessToken);
    assert.equal(iat, startAt / 1000);

    assert.equal((await (await put(`${emu.url}/_emulator/clock`, { advance: 90_000 })).json()).now, new Date(startAt + 90_000).toISOString());
    assert.equal((await post(`${emu.url}/_emulator/reset`, {})).status, 200);
    assert.deepEqual(await read(), { now: new Date(startAt).toISOString(), frozen: true });
  });
});
