/**
 * Opens the database: PGlite (a data directory or `memory://`) or a real
 * Postgres through node-postgres when a connection URL is given. Both are
 * wrapped by drizzle so the rest of the emulator sees one `Db` type.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema.ts';

export type Schema = typeof schema;
/** A drizzle database or a transaction on it (a transaction is a database too). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** Runs raw SQL (several statements allowed, no parameters) and returns rows of the last one. */
export type RawExec = (sql: string) => Promise<Record<string, unknown>[]>;

/**
 * The Postgres extensions a PGlite database loads (its contrib; a Postgres server has them installed): `pg_trgm`, for
 * the audit log's search index (migration 0007_pg_trgm). Every `PGlite.create` of the emulator's schema passes them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export interface Database {
  db: Db;
  exec: RawExec;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * `EMULATOR_PGLITE_TEMPLATE`, for test runs only: the path of a PGlite data directory dump (`dumpDataDir('none')`, a
 * tar) of a freshly migrated, unseeded database, which an in-memory database then starts from instead of a new empty
 * cluster, when the caller asks for it (`migratedTemplate`, createEmulator's start). PGlite's initdb costs ~2 s of
 * CPU per database and the emulator's own tests start ~45 emulators: `npm test` makes the dump once per run with the
 * emulator's own migrations (emulator/test/pglite-template.ts) and sets the variable for that step. `runMigrations`
 * still runs on the loaded database (and finds nothing to do); the seed is not in the dump.
 */
function memoryTemplate(): { loadDataDir?: Blob } {
  const path = process.env.EMULATOR_PGLITE_TEMPLATE;
  return path ? { loadDataDir: new Blob([readFileSync(path)]) } : {};
}

/**
 * `migratedTemplate`: the caller runs the migrations next (createEmulator), so an in-memory PGlite database may start
 * from `EMULATOR_PGLITE_TEMPLATE` (above); without it, a `memory://` database is always a new, empty cluster.
 */
export async function openDatabase(opts: { dataDir?: string; databaseUrl?: string; migratedTemplate?: boolean }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // an idle connection the server ends (a restart, `pg_terminate_backend`, a test dropping its database `with (force)`)
    // is an 'error' event of the pool: without a listener it would end the process; the pool makes a new one when asked
    pool.on('error', (error) => console.warn(`[emulator] an idle database connection ended: ${error.message}`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const exec: RawExec = async (sql) => {
      const res = await pool.query(sql);
      const last = Array.isArray(res) ? res[res.length - 1] : res;
      return (last?.rows ?? []) as Record<string, unknown>[];
    };
    return { db, exec, kind: 'postgres', close: () => pool.end() };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: PGLITE_EXTENSIONS,
    ...(opts.migratedTemplate && dataDir === 'memory://' ? memoryTemplate() : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const exec: RawExec = async (sql) => {
    const results = await client.exec(sql);
    return (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[];
  };
  return { db, exec, kind: 'pglite', close: () => client.close() };
}
