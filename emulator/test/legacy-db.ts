/** Databases as the code before drizzle-kit made them (src/db/migrations.ts explains the two histories). */
import type { RawExec } from '../src/db/client.ts';
import { LEGACY_MIGRATIONS } from '../src/db/migrations.ts';

/**
 * What the runner before drizzle-kit did, word for word: the log table, then each legacy migration in a transaction,
 * logged. `before`: a legacy id to stop at (it and the later ones are not run), a database of older code still.
 */
export async function legacyRun(exec: RawExec, before?: string): Promise<void> {
  const end = before === undefined ? LEGACY_MIGRATIONS.length : LEGACY_MIGRATIONS.findIndex((m) => m.id === before);
  if (end < 0) throw new Error(`no legacy migration ${before}`);
  await exec(`create table if not exists emulator_migrations (id text primary key, applied_at timestamptz not null default now())`);
  for (const m of LEGACY_MIGRATIONS.slice(0, end)) {
    await exec(`begin;\n${m.sql}\ninsert into emulator_migrations (id) values ('${m.id}');\ncommit;`);
  }
}
