// @postgres: migrations and the legacy-database upgrade on a server (the SQL dialect of Postgres 15, not only PGlite 17)
/**
 * One schema source (src/db/migrations.ts explains the design): `schema.ts` is the only declaration of the tables,
 * drizzle-kit generates the SQL into `drizzle/`, and the runner applies it. These tests fail when
 * - `schema.ts` changed and `npm run db:generate -w emulator` was not run (drizzle-kit itself would write a migration);
 * - the generated SQL (or a hand edit of it) does not make the schema `schema.ts` describes;
 * - the frozen legacy history (0001…0012) and the baseline make different schemas, so that a database made by the
 *   old code would differ from a fresh one;
 * - a database made by the old code (PGlite directory, Postgres database) does not start on this code with its rows.
 * A catalog (test/catalog.ts) is what Postgres reports: tables, columns in order with types, nullability and
 * defaults, constraints and indexes by name with their definitions, sequences.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { eq } from 'drizzle-orm';
import { createEmulator } from '../src/app.ts';
import { openDatabase, type Database, type Db, type RawExec } from '../src/db/client.ts';
import { BASELINE_ID, LEGACY_MIGRATIONS, MIGRATIONS_FOLDER, generatedMigrations, runMigrations } from '../src/db/migrations.ts';
import * as schema from '../src/db/schema.ts';
import { SEED, seed } from '../src/db/seed.ts';
import { describeCatalog, type CatalogShape } from './catalog.ts';
import { legacyRun } from './legacy-db.ts';
import { ORIGIN, P, createTestDatabase } from './helpers.ts';

const EMULATOR_DIR = fileURLToPath(new URL('..', import.meta.url));
const DRIZZLE_KIT = fileURLToPath(new URL('../../node_modules/drizzle-kit/bin.cjs', import.meta.url));
const LEGACY_IDS = LEGACY_MIGRATIONS.map((m) => m.id);
const GENERATED_IDS = generatedMigrations().map((m) => m.id);
/** sha256 of JSON.stringify(LEGACY_MIGRATIONS) as they were when drizzle-kit took over. */
const LEGACY_DIGEST = '2fbf438320790e0055150581666486b87637be412f9eeccb782b4d1d7681b9d2';

/** Every table's row count and a digest of its rows (each row as text, sorted). */
async function contents(exec: RawExec): Promise<Record<string, string>> {
  const tables = await exec(`select tablename from pg_tables where schemaname = 'public' and tablename <> 'emulator_migrations' order by 1`);
  const out: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = await exec(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${tablename}" t`);
    out[String(tablename)] = `${row!.n} rows ${row!.digest}`;
  }
  return out;
}

async function loggedIds(exec: RawExec): Promise<string[]> {
  return (await exec(`select id from emulator_migrations order by id`)).map((r) => String(r.id));
}

/** A fresh database: PGlite in memory, or (`postgres`) a new database on the DATABASE_URL server, dropped by `close`. */
async function freshDatabase(store: 'pglite' | 'postgres' = 'pglite'): Promise<Database> {
  if (store === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const { url, drop } = await createTestDatabase(process.env.DATABASE_URL!);
  const database = await openDatabase({ databaseUrl: url });
  const close = database.close;
  return { ...database, close: async () => (await close(), await drop()) };
}

async function catalogOf(build: (exec: RawExec) => Promise<unknown>, store: 'pglite' | 'postgres' = 'pglite'): Promise<CatalogShape> {
  const database = await freshDatabase(store);
  try {
    await build(database.exec);
    return await describeCatalog(database.exec);
  } finally {
    await database.close();
  }
}

/** A copy of drizzle/ with one more migration `tag` (journal entry and SQL file, as drizzle-kit would add them). */
function generatedPlus(tag: string, sql: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'emulator-drizzle-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries.push({ idx: journal.entries.length, version: '7', when: Date.now(), tag, breakpoints: true });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(folder, `${tag}.sql`), sql);
  return folder;
}

/** A fresh database of `store` migrated by the runner twice (once per store and test file): what each run logged, the catalog. */
const freshRuns = new Map<string, Promise<{ ran: string[]; again: string[]; logged: string[]; catalog: CatalogShape }>>();
function fresh(store: 'pglite' | 'postgres') {
  if (!freshRuns.has(store)) {
    freshRuns.set(
      store,
      (async () => {
        const database = await freshDatabase(store);
        try {
          const ran = await runMigrations(database.exec);
          const again = await runMigrations(database.exec);
          return { ran, again, logged: await loggedIds(database.exec), catalog: await describeCatalog(database.exec) };
        } finally {
          await database.close();
        }
      })(),
    );
  }
  return freshRuns.get(store)!;
}

/** The SQL drizzle-kit writes for `schema.ts` from nothing (no snapshot involved), and the log table the runner adds. */
async function fromSchemaTs(exec: RawExec): Promise<void> {
  await exec(`create table emulator_migrations (id text primary key, applied_at timestamptz not null default now())`);
  // what custom migrations create and drizzle-kit does not model (an index's operator class needs its extension)
  for (const name of schema.SCHEMA_EXTENSIONS) await exec(`create extension if not exists ${name}`);
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema as Record<string, unknown>));
  await exec(statements.join('\n'));
}

function columnsByName(catalog: CatalogShape): CatalogShape {
  const tables = Object.fromEntries(Object.entries(catalog.tables).map(([name, t]) => [name, { ...t, columns: [...t.columns].sort((a, b) => a.name.localeCompare(b.name)) }]));
  return { ...catalog, tables };
}

describe('one schema source: schema.ts → drizzle/ → every database', () => {
  it('drizzle-kit generate has nothing to write: the committed migrations are up to date with schema.ts', () => {
    const out = mkdtempSync(join(tmpdir(), 'emulator-drizzle-'));
    try {
      cpSync(MIGRATIONS_FOLDER, out, { recursive: true });
      const before = readdirSync(out).sort();
      // stdin closed: a question (a rename?) cannot wait for an answer; it fails the test instead (timeout or exit code).
      // `--out` relative: drizzle-kit prefixes it with './'. It exits 0 on some errors too, hence the check of its words.
      const kit = (...args: string[]) => {
        const res = spawnSync(process.execPath, [DRIZZLE_KIT, ...args, '--dialect', 'postgresql', '--out', relative(EMULATOR_DIR, out)], {
          cwd: EMULATOR_DIR,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 120_000,
        });
        const output = `${res.stdout}${res.stderr}`;
        assert.equal(res.status, 0, `drizzle-kit ${args[0]} failed (${res.error?.message ?? `exit ${res.status}`}):\n${output}`);
        return output;
      };
      // the journal and snapshots form one line (two branches' migrations kept side by side after a merge do not)
      assert.match(kit('check'), /Everything's fine/);
      const output = kit('generate', '--schema', './src/db/schema.ts');
      const written = readdirSync(out)
        .sort()
        .filter((f) => !before.includes(f));
      assert.deepEqual(written, [], `schema.ts differs from the committed migrations: run \`npm run db:generate -w emulator\` and commit drizzle/. drizzle-kit wrote:\n${output}`);
      assert.match(output, /No schema changes/, output);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('the generated history makes exactly the schema schema.ts describes', async () => {
    const described = await catalogOf(fromSchemaTs);
    assert.ok(Object.keys(described.tables).length >= 52, 'every table');
    // column order aside: a generated ADD COLUMN appends, wherever schema.ts declares the column
    assert.deepEqual(columnsByName((await fresh('pglite')).catalog), columnsByName(described));
  });

  it('a fresh database runs the generated migrations only; a second start runs nothing', async () => {
    const { ran, again, logged } = await fresh('pglite');
    assert.deepEqual(ran, GENERATED_IDS);
    assert.deepEqual(again, []);
    assert.deepEqual(logged, [...GENERATED_IDS].sort());
    assert.equal(GENERATED_IDS[0], BASELINE_ID);
    for (const id of GENERATED_IDS) assert.ok(!LEGACY_IDS.includes(id), `generated id ${id} is also a legacy id`);
  });

  for (const store of ['pglite', 'postgres'] as const) {
    it(
      `${store}: a database made by the legacy runner, with rows, migrates forward intact and ends like a fresh one`,
      { skip: store === 'postgres' && !process.env.DATABASE_URL && 'no DATABASE_URL (scripts/with-postgres.mjs sets one)' },
      async () => {
        const database = await freshDatabase(store);
        try {
          await legacyRun(database.exec);
          await seed(database.db);
          await database.exec(`insert into outbox (id, "to", channel, subject, text) values ('mail-1', 'a@b.test', 'email', 'Hi', 'Hello');
            insert into audits (id, tenant_id, action, details, severity) values ('audit-1', '${SEED.tenantId}', 'user.created', '{"x":1}', 'High');
            insert into emulator_clock (id, offset_ms, frozen_at) values ('clock', 5000, 1700000000000);`);
          const before = await contents(database.exec);
          // the switch to the generated history changes no row (later generated migrations may, on purpose)
          const next = GENERATED_IDS[1];
          assert.deepEqual(await runMigrations(database.exec, next ? { before: next } : {}), [BASELINE_ID]);
          assert.deepEqual(await contents(database.exec), before);
          assert.deepEqual(await runMigrations(database.exec), GENERATED_IDS.slice(1));
          assert.deepEqual(await loggedIds(database.exec), [...LEGACY_IDS, ...GENERATED_IDS].sort());
          // the legacy history left what the baseline makes (else every later generated migration would meet another schema)
          assert.deepEqual(await describeCatalog(database.exec), (await fresh(store)).catalog);
          assert.deepEqual(await runMigrations(database.exec), []);
        } finally {
          await database.close();
        }
      },
    );
  }

  it('a database from older code (legacy 0001…0009 applied) first completes the legacy history, then logs the baseline', async () => {
    const database = await freshDatabase();
    try {
      await legacyRun(database.exec, '0010_admin');
      await database.exec(`insert into emulator_clock (id, offset_seconds) values ('clock', 7)`);
      assert.deepEqual(await runMigrations(database.exec), [...LEGACY_IDS.slice(9), BASELINE_ID, ...GENERATED_IDS.slice(1)]);
      assert.deepEqual(await database.exec(`select offset_ms, frozen_at from emulator_clock`), [{ offset_ms: 7000, frozen_at: null }]);
      assert.deepEqual(await describeCatalog(database.exec), (await fresh('pglite')).catalog);
    } finally {
      await database.close();
    }
  });

  it('a .data directory made by the legacy runner starts the emulator with its data: the seeded admin signs in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-legacy-'));
    try {
      const old = await openDatabase({ dataDir: dir });
      await legacyRun(old.exec);
      await seed(old.db as Db);
      await old.exec(`update users set name = 'Kept Across Upgrade' where email = '${SEED.adminEmail}'`);
      await old.close();

      const emu = await createEmulator({ dataDir: dir });
      try {
        const res = await emu.fetch(
          new Request(`${ORIGIN}${P}/auth/v1/user`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: SEED.adminEmail, password: SEED.adminPassword }),
          }),
        );
        assert.equal(res.status, 200, await res.text());
        const [user] = await emu.db.select({ name: schema.users.name }).from(schema.users).where(eq(schema.users.email, SEED.adminEmail));
        assert.equal(user?.name, 'Kept Across Upgrade');
      } finally {
        await emu.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the legacy history is frozen: 0001…0012, their SQL unchanged (a change goes into schema.ts and db:generate)', () => {
    assert.deepEqual(LEGACY_IDS, [
      '0001_init',
      '0002_password_reset',
      '0003_entitlements',
      '0004_lifecycle',
      '0005_user_mfa',
      '0006_passkeys',
      '0007_mfa_methods',
      '0008_passwordless',
      '0009_federation',
      '0010_admin',
      '0011_clock_frozen',
      '0012_audit_log',
    ]);
    const digest = createHash('sha256').update(JSON.stringify(LEGACY_MIGRATIONS)).digest('hex');
    assert.equal(digest, LEGACY_DIGEST, 'LEGACY_MIGRATIONS were edited: databases have them applied as they were');
  });

  it('before: stops ahead of a generated migration (to write rows as an older schema had them)', async () => {
    const folder = generatedPlus('9998_backfill', `update audits set severity = upper(severity);`);
    const database = await freshDatabase();
    try {
      assert.deepEqual(await runMigrations(database.exec, { folder, before: '9998_backfill' }), GENERATED_IDS);
      await database.exec(`insert into audits (id, action, severity) values ('a', 'user.created', 'Info')`);
      assert.deepEqual(await runMigrations(database.exec, { folder }), ['9998_backfill']);
      assert.deepEqual(await database.exec(`select severity from audits`), [{ severity: 'INFO' }]);
      await assert.rejects(runMigrations(database.exec, { folder, before: 'nope' }), /no generated migration nope/);
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a failing migration rolls back whole: no table of it, no log row, and the next start tries it again', async () => {
    const folder = generatedPlus('9999_broken', 'CREATE TABLE "half_done" ("id" text);\n--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" text;');
    const database = await freshDatabase();
    try {
      await assert.rejects(runMigrations(database.exec, { folder }), /migration 9999_broken failed: .*no_such_table/);
      assert.deepEqual(await database.exec(`select to_regclass('half_done') as t`), [{ t: null }]);
      assert.deepEqual(await loggedIds(database.exec), [...GENERATED_IDS].sort());
      await assert.rejects(runMigrations(database.exec, { folder }), /9999_broken/);
      assert.deepEqual(await runMigrations(database.exec), []);
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
