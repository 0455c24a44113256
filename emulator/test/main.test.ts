// @postgres: the emulator started with DATABASE_URL
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { freePort } from './free-port.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTestDatabase } from './helpers.ts';

/**
 * Starts `src/main.ts` with `env` (plus a free EMULATOR_PORT and a temp EMULATOR_DATA_DIR), waits for the seed banner,
 * signs the seeded admin in over HTTP, stops it with SIGTERM, and returns what it printed.
 */
async function serveSignInAndStop(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'emulator-main-'));
  const cwd = fileURLToPath(new URL('..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd,
    env: { ...process.env, EMULATOR_PORT: String(port), EMULATOR_DATA_DIR: dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 90_000; // a loaded shared machine: first start of a PGlite cluster can take a minute
    while (!out.includes('admin@acme.test') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.match(out, new RegExp(`listening on http://127\\.0\\.0\\.1:${port}`));
    assert.match(out, /admin@acme\.test \/ Admin-Passw0rd!/);
    assert.match(out, /clientId demo-client/);
    const res = await fetch(`http://127.0.0.1:${port}/frontegg/identity/resources/auth/v1/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@acme.test', password: 'Admin-Passw0rd!' }),
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { accessToken: string };
    const iss = JSON.parse(Buffer.from(body.accessToken.split('.')[1], 'base64url').toString()).iss;
    assert.equal(iss, `http://127.0.0.1:${port}`);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    return out;
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

it('src/main.ts serves on 127.0.0.1:EMULATOR_PORT, prints the seed, and stops on SIGTERM', async () => {
  const out = await serveSignInAndStop({ DATABASE_URL: '' });
  assert.match(out, /database\s+PGlite /);
});

it(
  'src/main.ts on DATABASE_URL serves from that Postgres database',
  { skip: !process.env.DATABASE_URL && 'no DATABASE_URL (the `emulator (postgres)` step sets one)' },
  async () => {
    const { url, drop } = await createTestDatabase(process.env.DATABASE_URL!);
    try {
      const out = await serveSignInAndStop({ DATABASE_URL: url });
      assert.match(out, /database\s+Postgres \(DATABASE_URL\)/);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query('select email from users where email = $1', ['admin@acme.test']);
        assert.equal(rows.length, 1, 'the seed is in the Postgres database');
      } finally {
        await client.end();
      }
    } finally {
      await drop();
    }
  },
);
