#!/usr/bin/env node
/**
 * `node scripts/with-postgres.mjs [--port N] -- <command> [args…]`: runs a command against a throwaway
 * Postgres server and removes the server afterwards.
 *
 * 1. finds Debian's Postgres binaries (`/usr/lib/postgresql/<newest version>/bin`, or `$PG_BIN`);
 * 2. `initdb`s a fresh cluster in a new temp folder (`$TMPDIR/fe-pg-XXXXXX`: `data/`, the unix socket, the log),
 *    superuser `postgres` with a random password (scram on TCP, trust on the socket, which only its owner can reach);
 * 3. starts `postgres` listening on 127.0.0.1 only, on a free port (or `--port N` / `$WITH_POSTGRES_PORT`),
 *    with durability off (`fsync`, `synchronous_commit`, `full_page_writes`: a test server, not a store);
 * 4. creates the database `emulator` and runs the command with `DATABASE_URL=postgres://postgres:<pw>@127.0.0.1:<port>/emulator`;
 * 5. stops the server (`pg_ctl stop -m fast`) and deletes the folder, on success, failure, or SIGINT/SIGTERM/SIGHUP
 *    (the signal is passed on to the command first).
 *
 * Postgres refuses to run as root: as root, every Postgres binary runs as the `postgres` user the Debian package
 * creates (`runuser -u postgres --`) and the temp folder is handed to it; as any other user they run directly.
 * The command itself runs as the caller.
 *
 * Exit code: the command's (128 + signal number when a signal ended it); 2 when no Postgres binaries are found
 * (message on stderr; `.ci/run` installs Debian's `postgresql`); 3 when the server could not be set up.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The directory of Debian's Postgres binaries: `$PG_BIN` if set (null when it holds no `postgres`), else `/usr/lib/postgresql/<v>/bin` of the highest
 * installed major version `v` that has `postgres` and `initdb`; `null` when there is none.
 * @returns {string | null}
 */
function findPostgresBin() {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'postgres')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v) && existsSync(join(root, v, 'bin', 'postgres')) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => parseFloat(b) - parseFloat(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it). @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** As root: the uid and gid of the `postgres` user the server runs as (null when there is none); otherwise null. */
function postgresUser() {
  if (!asRoot) return null;
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  return uid.status === 0 ? { uid: Number(uid.stdout), gid: Number(id('-g').stdout) } : null;
}

/**
 * Runs a Postgres binary to completion (as `postgres` when we are root); throws with its output when it fails.
 * @param {string} bin  the binary's path
 * @param {string[]} args
 */
function pgRun(bin, args) {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const res = spawnSync(cmd, argv, { encoding: 'utf8', cwd: '/', env: { ...process.env, LC_ALL: 'C' } });
  if (res.status !== 0) throw new Error(`${bin.split('/').pop()} ${args.join(' ')} failed (${res.error?.message ?? `exit ${res.status}`}):\n${res.stdout}${res.stderr}`);
  return res.stdout;
}

/**
 * Sets up the server. @returns {Promise<{ url: string, stop: () => void }>}; `stop()` is synchronous (it also runs
 * on the way out of a signal handler), idempotent, and removes the temp folder.
 * @param {string} binDir
 * @param {number | undefined} fixedPort
 */
async function startServer(binDir, fixedPort) {
  const dir = mkdtempSync(join(tmpdir(), 'fe-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (started) {
      try {
        pgRun(join(binDir, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w', '-t', '30']);
      } catch (e) {
        // a server that will not stop: kill the postmaster by its pid (first line of postmaster.pid)
        process.stderr.write(`with-postgres: ${e.message}\n`);
        try {
          process.kill(Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const owner = postgresUser();
    if (asRoot && !owner) throw new Error("running as root, but there is no `postgres` user to run the server as (install Debian's postgresql package)");
    const password = randomBytes(18).toString('base64url');
    const pwfile = join(dir, 'pw');
    writeFileSync(pwfile, password, { mode: 0o600 });
    if (owner) for (const path of [dir, pwfile]) chownSync(path, owner.uid, owner.gid);
    pgRun(join(binDir, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      `--pwfile=${pwfile}`,
      '--auth-host=scram-sha-256',
      '--auth-local=trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    rmSync(pwfile);
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = fixedPort ?? (await freePort());
      const opts = [`-c listen_addresses=127.0.0.1`, `-p ${port}`, `-k ${dir}`, '-c fsync=off -c synchronous_commit=off -c full_page_writes=off', '-c max_connections=200'].join(
        ' ',
      );
      try {
        started = true;
        pgRun(join(binDir, 'pg_ctl'), ['start', '-D', data, '-l', log, '-w', '-t', '60', '-o', opts]);
        break;
      } catch (e) {
        started = existsSync(join(data, 'postmaster.pid'));
        // another process took the port between our probe and the server's bind: try another one
        if (fixedPort !== undefined || attempt >= 3) throw new Error(`${e.message}\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`, { cause: e });
      }
    }
    pgRun(join(binDir, 'createdb'), ['-h', dir, '-p', String(port), '-U', 'postgres', 'emulator']);
    return { url: `postgres://postgres:${password}@127.0.0.1:${port}/emulator`, stop };
  } catch (e) {
    stop();
    throw e;
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const sep = argv.indexOf('--');
  const own = sep === -1 ? [] : argv.slice(0, sep);
  const command = sep === -1 ? argv : argv.slice(sep + 1);
  const portArg = own.indexOf('--port') !== -1 ? own[own.indexOf('--port') + 1] : process.env.WITH_POSTGRES_PORT;
  if (!command.length) {
    process.stderr.write('usage: node scripts/with-postgres.mjs [--port N] -- <command> [args…]\n');
    return 64;
  }
  const binDir = findPostgresBin();
  if (!binDir) {
    process.stderr.write('with-postgres: no Postgres binaries found in /usr/lib/postgresql/<version>/bin (apt-get install postgresql, or set PG_BIN)\n');
    return 2;
  }
  // a signal before the command runs ends the set-up (after it, the signal goes to the command)
  let child;
  let caught;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => (child ? child.kill(sig) : (caught = sig)));
  const t0 = Date.now();
  let server;
  try {
    server = await startServer(binDir, portArg ? Number(portArg) : undefined);
  } catch (e) {
    process.stderr.write(`with-postgres: could not start Postgres from ${binDir}: ${e.message}\n`);
    return 3;
  }
  if (caught) {
    server.stop();
    return 128 + constants.signals[caught];
  }
  process.stderr.write(`with-postgres: Postgres (${binDir}) on ${new URL(server.url).host} ready in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: server.url } });
  const code = await new Promise((resolve) => {
    child.on('error', (e) => {
      process.stderr.write(`with-postgres: ${command[0]}: ${e.message}\n`);
      resolve(127);
    });
    child.on('exit', (c, sig) => resolve(c ?? 128 + (constants.signals[sig] ?? 0)));
  });
  server.stop();
  return code;
}

process.exitCode = await main();
