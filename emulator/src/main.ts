/**
 * The emulator's entry: `fe-emulator [options]` (bin/fe-emulator.js), `npm start -w emulator` or
 * `npm run emulator` at the root. Serves on `--host` (default 127.0.0.1) `--port` (default $EMULATOR_PORT or 8787)
 * and prints the seeded credentials. Flags and environment: src/cli.ts (`fe-emulator --help`) and the README.
 *
 * Exit codes: 0 after SIGINT/SIGTERM, 1 when the emulator cannot start (port taken, database error),
 * 2 for bad usage or an invalid seed file (the zod path and message are printed).
 */
import { serve } from '@hono/node-server';
import { CliError, emulatorVersion, originOf, parseCli, USAGE, type CliConfig } from './cli.ts';
import type { Db } from './db/client.ts';
import { SEED } from './db/seed.ts';
import { DEFAULT_TRUSTED_PROXIES } from './http/client-ip.ts';

let config: CliConfig;
try {
  config = parseCli(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof CliError)) throw e;
  console.error(`fe-emulator: ${e.message}`);
  process.exit(e.exitCode);
}
if (config.command === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if (config.command === 'version') {
  console.log(emulatorVersion());
  process.exit(0);
}

// the app is loaded after the command line is checked: --help and usage errors answer at once
const { createEmulator } = await import('./app.ts');
const { SEEDED_USER_PASSWORD, seedUsers } = await import('./seed-users.ts');
const { port, host, databaseUrl, dataDir, corsOrigins } = config;
const origin = originOf(host, port);
const emulator = await createEmulator({
  databaseUrl,
  dataDir,
  corsOrigins,
  publicOrigin: config.publicOrigin || origin,
  seedFile: config.seedFile,
  startAt: config.startAt,
  frozen: config.frozen,
  dnsServers: config.dnsServers,
  allowPrivateNetwork: config.allowPrivateNetwork,
  trustedProxies: config.trustedProxies,
});

const server = serve({ fetch: emulator.app.fetch, port, hostname: host }, () => {
  const { seed } = emulator;
  const seeded = config.seedFile;
  console.log(`Identity API emulator listening on ${origin}  (a test double: never expose it to a network)`);
  console.log(`  API prefix     ${origin}/frontegg`);
  console.log(`  database       ${databaseUrl ? 'Postgres (DATABASE_URL)' : dataDir === 'memory://' ? 'PGlite in memory' : `PGlite ${dataDir}`}`);
  console.log(`  issuer         ${emulator.issuer}`);
  console.log(`  CORS origins   ${corsOrigins.join(', ')}`);
  console.log(`  outbox         ${origin}/_emulator/outbox (JSON: /_emulator/outbox.json)`);
  console.log(`  vendor         ${seed.vendorId} (clientId ${seed.clientId}, client secret ${SEED.clientSecret})`);
  console.log(`  tenant         ${seed.tenantId} (Acme)`);
  console.log(`  admin          ${seed.admin.email} / ${seed.admin.password}`);
  if (seeded) {
    console.log(
      `  seed file      ${config.seedPath}: ${seeded.tenants.length} tenants, ${seeded.users.length} users, ${seeded.roles.length} roles, ${seeded.plans.length} plans, ${seeded.sso.length} SSO connections`,
    );
  }
  if (config.allowPrivateNetwork) console.log('  outbound       private networks allowed (--allow-private-network; link-local and metadata addresses never)');
  if (config.trustedProxies.join() !== DEFAULT_TRUSTED_PROXIES.join()) console.log(`  proxies        ${config.trustedProxies.join(', ')} (X-Forwarded-For trusted)`);
  if (config.dnsServers.length) console.log(`  DNS servers    ${config.dnsServers.join(', ')} (SSO domain check)`);
  if (config.startAt !== undefined) console.log(`  clock          ${config.frozen ? 'frozen' : 'started'} at ${new Date(config.startAt).toISOString()} (PUT /_emulator/clock)`);
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1')
    console.log(`  WARNING        listening on ${host} (--unsafe-expose): anyone who reaches it can sign in as anyone`);
});
server.on('error', (e) => {
  console.error(`fe-emulator: cannot listen on ${origin}: ${e.message}`);
  void emulator.close().finally(() => process.exit(1));
});

if (config.seedUsers) {
  const started = Date.now();
  const { created } = await emulator.db.transaction((tx) => seedUsers(tx as unknown as Db, { count: config.seedUsers! }));
  console.log(`  seeded         ${created} users in ${Date.now() - started} ms (userNNNNN@example.com / ${SEEDED_USER_PASSWORD})`);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the emulator`);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await emulator.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
