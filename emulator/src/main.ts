/**
 * `npm start -w emulator` (or `npm run emulator` at the root): serves the
 * emulator on 127.0.0.1:EMULATOR_PORT (default 8787).
 *
 * Environment: EMULATOR_PORT, DATABASE_URL (Postgres) or EMULATOR_DATA_DIR
 * (PGlite; default `<repo>/.data/emulator`), EMULATOR_PUBLIC_ORIGIN (token
 * issuer; default http://127.0.0.1:<port>), EMULATOR_CORS_ORIGINS (comma
 * separated; default http://127.0.0.1:5173,http://localhost:5173).
 *
 * Flags: `--seed-users N` adds N users to the seeded tenant after start (the admin portal's scale seed, the same as
 * `POST /_emulator/seed-users`): `npm start -w emulator -- --seed-users 10000`.
 */
import { serve } from '@hono/node-server';
import { createEmulator, DEFAULT_CORS_ORIGINS, DEFAULT_DATA_DIR } from './app.ts';
import type { Db } from './db/client.ts';
import { SEEDED_USER_PASSWORD, seedUsers } from './routes/admin/users.ts';

const port = Number(process.env.EMULATOR_PORT ?? 8787);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`EMULATOR_PORT must be a port number, got "${process.env.EMULATOR_PORT}"`);
  process.exit(1);
}
const host = '127.0.0.1';
const origin = `http://${host}:${port}`;
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.EMULATOR_DATA_DIR || DEFAULT_DATA_DIR;
/** `--seed-users N` or `--seed-users=N`: how many users to seed after start (undefined: none). */
function seedUsersFlag(argv: string[]): number | undefined {
  const i = argv.findIndex((a) => a === '--seed-users' || a.startsWith('--seed-users='));
  if (i < 0) return undefined;
  const raw = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) {
    console.error(`--seed-users must be a number of users from 1 to 100000, got "${raw ?? ''}"`);
    process.exit(1);
  }
  return n;
}
const seedUserCount = seedUsersFlag(process.argv.slice(2));
const corsOrigins = process.env.EMULATOR_CORS_ORIGINS
  ? process.env.EMULATOR_CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : DEFAULT_CORS_ORIGINS;

const emulator = await createEmulator({ databaseUrl, dataDir, corsOrigins, publicOrigin: process.env.EMULATOR_PUBLIC_ORIGIN || origin });

const server = serve({ fetch: emulator.app.fetch, port, hostname: host }, () => {
  const { seed } = emulator;
  console.log(`Identity API emulator listening on ${origin}`);
  console.log(`  API prefix     ${origin}/frontegg`);
  console.log(`  database       ${databaseUrl ? 'Postgres (DATABASE_URL)' : `PGlite ${dataDir}`}`);
  console.log(`  issuer         ${emulator.issuer}`);
  console.log(`  CORS origins   ${corsOrigins.join(', ')}`);
  console.log(`  outbox         ${origin}/_emulator/outbox`);
  console.log(`  vendor         ${seed.vendorId} (clientId ${seed.clientId})`);
  console.log(`  tenant         ${seed.tenantId} (Acme)`);
  console.log(`  admin          ${seed.admin.email} / ${seed.admin.password}`);
});

if (seedUserCount) {
  const started = Date.now();
  const { created } = await emulator.db.transaction((tx) => seedUsers(tx as unknown as Db, { count: seedUserCount }));
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
