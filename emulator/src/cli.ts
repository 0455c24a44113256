/**
 * The command line of `fe-emulator` (bin/fe-emulator.js → src/main.ts): flags parsed with `node:util`
 * parseArgs, the environment variables of the README as fallbacks. `parseCli` does no I/O besides reading the
 * seed file; it throws {@link CliError} (exit code 2) for every usage problem.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { DEFAULT_CORS_ORIGINS, DEFAULT_DATA_DIR, DEFAULT_PORT } from './defaults.ts';
import { MAX_CLOCK_SKEW_MS, parseInstant } from './clock.ts';
import { loadSeedFile, SeedFileError, type SeedFile } from './seed-file.ts';
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from './http/client-ip.ts';

/** A usage error: printed without a stack, the process exits with `exitCode` (2). */
export class CliError extends Error {
  override name = 'CliError';
  readonly exitCode = 2;
}

export const USAGE = `Usage: fe-emulator [options]

A local emulator of the identity API for development and CI. A TEST DOUBLE: its signing
key, client secret and /_emulator helpers are not secret; never expose it to a network.

Options:
  -p, --port <n>           port (default $EMULATOR_PORT or ${DEFAULT_PORT})
      --host <address>     address to listen on (default 127.0.0.1); a non-loopback
                           address is refused unless --unsafe-expose
      --unsafe-expose      allow a non-loopback --host (shared test environments only)
      --data <dir>         PGlite data directory (default $EMULATOR_DATA_DIR or .data/emulator)
      --in-memory          keep the database in memory (nothing written to disk)
      --seed <file.json>   write this seed file over the base seed, at start and after
                           every POST /_emulator/reset (the database is reset at start)
      --now <instant>      start the clock at this instant (ISO 8601 or epoch ms); it runs
                           on from there, and a reset sets it back to this instant
      --frozen             with --now: the clock stays at that instant until a test moves
                           it (PUT /_emulator/clock { now } or { advance: <ms> })
      --cors-origin <url>  an origin allowed to call with credentials (repeatable; default
                           $EMULATOR_CORS_ORIGINS or ${DEFAULT_CORS_ORIGINS.join(', ')})
      --public-origin <url> token issuer (default $EMULATOR_PUBLIC_ORIGIN or http://<host>:<port>)
      --seed-users <n>     add n users to the tenant Acme after start (1-100000)
      --dns-servers <list> DNS servers (host:port,…) the SSO domain check resolves TXT
                           records with (default $FE_EMULATOR_DNS_SERVERS, else the system's)
      --allow-private-network  let the emulator's own requests (SAML metadata URL, OIDC
                           discovery, token endpoint, JWKS) reach private addresses (10/8,
                           172.16/12, 192.168/16, 100.64/10, fc00::/7); loopback is always
                           allowed, link-local and cloud metadata addresses never
      --trusted-proxies <list>  proxies (addresses, CIDRs) whose X-Forwarded-For hops are
                           believed (default $FE_EMULATOR_TRUSTED_PROXIES, else 127.0.0.0/8,::1)
  -h, --help               show this help
  -v, --version            show the version

Environment: DATABASE_URL (a Postgres server instead of PGlite), EMULATOR_PORT,
EMULATOR_DATA_DIR, EMULATOR_PUBLIC_ORIGIN, EMULATOR_CORS_ORIGINS, FE_EMULATOR_DNS_SERVERS,
FE_EMULATOR_TRUSTED_PROXIES.
Exit codes: 0 stopped by SIGINT/SIGTERM, 1 failed to start, 2 bad usage or seed file.`;

/** What src/main.ts starts. */
export interface CliConfig {
  command: 'run' | 'help' | 'version';
  port: number;
  host: string;
  /** Origin to reach the server at, e.g. `http://127.0.0.1:8787` (`[::1]` bracketed). */
  publicOrigin?: string;
  databaseUrl?: string;
  dataDir: string;
  seedFile?: SeedFile;
  seedPath?: string;
  /** `--now` in ms since the epoch. */
  startAt?: number;
  /** `--frozen`: the clock stays at `startAt`. */
  frozen: boolean;
  corsOrigins: string[];
  seedUsers?: number;
  /** `--dns-servers`: resolvers (`host`, `host:port`, `[v6]:port`) for the SSO domain check; empty: the system's. */
  dnsServers: string[];
  /** `--allow-private-network`: outbound requests may reach private ranges (http/outbound.ts). */
  allowPrivateNetwork: boolean;
  /** `--trusted-proxies`: canonical CIDRs whose `X-Forwarded-For` hops are believed (http/client-ip.ts); default loopback. */
  trustedProxies: string[];
}

/** True for 127.0.0.0/8, ::1, ::ffff:127.x.x.x and `localhost`. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** The origin for a host and port (`0.0.0.0`/`::` → loopback, IPv6 bracketed). */
export function originOf(host: string, port: number): string {
  const h = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${isIP(h) === 6 ? `[${h}]` : h}:${port}`;
}

/**
 * Parses `argv` (without node and the script) with `env` as fallbacks. Returns the config, `command: 'help'`
 * or `'version'`. Throws {@link CliError} for an unknown flag, a bad value, a refused host or an invalid seed file.
 */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): CliConfig {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        'unsafe-expose': { type: 'boolean' },
        data: { type: 'string' },
        'in-memory': { type: 'boolean' },
        seed: { type: 'string' },
        now: { type: 'string' },
        frozen: { type: 'boolean' },
        'cors-origin': { type: 'string', multiple: true },
        'public-origin': { type: 'string' },
        'seed-users': { type: 'string' },
        'dns-servers': { type: 'string' },
        'allow-private-network': { type: 'boolean' },
        'trusted-proxies': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }));
  } catch (e) {
    throw new CliError(`${(e as Error).message}\nRun fe-emulator --help for the options.`);
  }
  const base = {
    port: DEFAULT_PORT,
    host: '127.0.0.1',
    dataDir: DEFAULT_DATA_DIR,
    corsOrigins: DEFAULT_CORS_ORIGINS,
    frozen: false,
    dnsServers: [],
    trustedProxies: [...DEFAULT_TRUSTED_PROXIES],
    allowPrivateNetwork: false,
  };
  if (values.help) return { command: 'help', ...base };
  if (values.version) return { command: 'version', ...base };

  const rawPort = values.port ?? env.EMULATOR_PORT ?? String(DEFAULT_PORT);
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) throw new CliError(`--port must be a port number from 1 to 65535, got "${rawPort}"`);

  const host = values.host ?? '127.0.0.1';
  if (isIP(host.replace(/^\[|\]$/g, '')) === 0 && host !== 'localhost') throw new CliError(`--host must be an IP address or localhost, got "${host}"`);
  if (!isLoopback(host) && !values['unsafe-expose']) {
    throw new CliError(
      `Refusing to listen on ${host}: the emulator is a test double (a fixed signing key and client secret, unauthenticated /_emulator helpers that reset data and create users). ` +
        `Listen on a loopback address (127.0.0.1, ::1), or pass --unsafe-expose for a shared test network you control.`,
    );
  }

  if (values.data !== undefined && values['in-memory']) throw new CliError('--data and --in-memory exclude each other');
  const dataDir = values['in-memory'] ? 'memory://' : (values.data ?? (env.EMULATOR_DATA_DIR || DEFAULT_DATA_DIR));
  const databaseUrl = values.data !== undefined || values['in-memory'] ? undefined : env.DATABASE_URL || undefined;

  let startAt: number | undefined;
  if (values.now !== undefined) {
    startAt = parseInstant(values.now);
    if (startAt === undefined) throw new CliError(`--now must be an ISO 8601 date-time (2030-01-01T00:00:00Z) or epoch milliseconds, got "${values.now}"`);
    if (Math.abs(startAt - Date.now()) > MAX_CLOCK_SKEW_MS) throw new CliError(`--now must be within 10 years of the real time, got "${values.now}"`);
  }
  const frozen = values.frozen ?? false;
  if (frozen && startAt === undefined) throw new CliError('--frozen needs --now <instant>: the instant the clock stays at (e.g. --now 2030-01-01T00:00:00Z --frozen)');

  let seedFile: SeedFile | undefined;
  if (values.seed !== undefined) {
    try {
      seedFile = loadSeedFile(values.seed);
    } catch (e) {
      if (e instanceof SeedFileError) throw new CliError(e.message);
      throw e;
    }
  }

  let seedUsers: number | undefined;
  if (values['seed-users'] !== undefined) {
    seedUsers = Number(values['seed-users']);
    if (!Number.isInteger(seedUsers) || seedUsers < 1 || seedUsers > 100_000)
      throw new CliError(`--seed-users must be a number of users from 1 to 100000, got "${values['seed-users']}"`);
  }

  const fromEnv = env.EMULATOR_CORS_ORIGINS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const corsOrigins = values['cors-origin'] ?? (fromEnv?.length ? fromEnv : DEFAULT_CORS_ORIGINS);

  const dnsServers = parseDnsServers(values['dns-servers'] ?? env.FE_EMULATOR_DNS_SERVERS ?? '');
  const trustedProxies = cliTrustedProxies(values['trusted-proxies'] ?? (env.FE_EMULATOR_TRUSTED_PROXIES || undefined));

  return {
    command: 'run',
    port,
    host,
    publicOrigin: values['public-origin'] ?? (env.EMULATOR_PUBLIC_ORIGIN || undefined),
    databaseUrl,
    dataDir,
    seedFile,
    seedPath: values.seed,
    startAt,
    frozen,
    corsOrigins,
    seedUsers,
    dnsServers,
    allowPrivateNetwork: values['allow-private-network'] ?? false,
    trustedProxies,
  };
}

/**
 * `--trusted-proxies` / `FE_EMULATOR_TRUSTED_PROXIES` (issue 29 item 5): comma-separated addresses and CIDRs, parsed
 * with ipaddr.js (http/client-ip.ts); absent: loopback.
 * @returns canonical CIDRs (`10.0.0.5` → `10.0.0.5/32`)
 * @throws CliError for an empty list or an entry that is not an IP address or CIDR
 */
export function cliTrustedProxies(list: string | undefined): string[] {
  if (list === undefined) return [...DEFAULT_TRUSTED_PROXIES];
  try {
    return parseTrustedProxies(list);
  } catch (e) {
    throw new CliError(`--trusted-proxies must be IP addresses or CIDRs (127.0.0.0/8,::1,10.0.0.5): ${(e as Error).message}`);
  }
}

/**
 * Parses a `--dns-servers` / `FE_EMULATOR_DNS_SERVERS` list: comma-separated `host`, `host:port` or `[v6]:port`
 * where host is an IP address (node:dns `Resolver.setServers` takes no names).
 * @throws CliError for an entry that is not an IP address with an optional port 1–65535
 */
export function parseDnsServers(list: string): string[] {
  const servers = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of servers) {
    const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(s) ?? /^([^:]+)(?::(\d+))?$/.exec(s) ?? [s, s, undefined];
    const port = m[2] === undefined ? 53 : Number(m[2]);
    if (isIP(m[1]) === 0 || !(port >= 1 && port <= 65535)) {
      throw new CliError(`--dns-servers must be IP addresses with optional ports (127.0.0.1:5353,[::1]:53), got "${s}"`);
    }
  }
  return servers;
}

/** The emulator package's version (emulator/package.json). */
export function emulatorVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}
