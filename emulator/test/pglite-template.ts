/**
 * `node --import tsx emulator/test/pglite-template.ts <file>`: writes to `<file>` the data directory of a new in-memory
 * PGlite database with every migration of `runMigrations` applied and no seed (`dumpDataDir('none')`, a tar).
 * `npm test` (scripts/test.mjs) makes it once per run and points `EMULATOR_PGLITE_TEMPLATE` at it, so each of the
 * emulators its tests start on `memory://` loads that instead of running PGlite's initdb and the migrations again
 * (src/db/client.ts). Written to a temp file beside `<file>`, then renamed: a reader never sees half a dump.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { runMigrations } from '../src/db/migrations.ts';
import { PGLITE_EXTENSIONS } from '../src/db/client.ts';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: node --import tsx emulator/test/pglite-template.ts <file>');
const db = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
await runMigrations(async (sql) => {
  const results = await db.exec(sql);
  return (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[];
});
const dump = await db.dumpDataDir('none');
await db.close();
writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
renameSync(`${file}.tmp`, file);
