/** Restores the seeded state: truncates everything but the signing key and the migration log, sets the clock, then seeds (the base seed, then billing's: src/billing/seed.ts). */
import { sql } from 'drizzle-orm';
import { setClock, type ClockChange } from '../clock.ts';
import type { Db } from './client.ts';
import { resettableTables } from './schema.ts';
import { SEED, seed } from './seed.ts';
import { ensureBillingSeed } from '../billing/seed.ts';
import { ensureReportSeed } from '../reports.ts';

/** `clock`: what the clock is set to (the `--now` of `fe-emulator`) before the seed is written; without it, real time. */
export async function resetDatabase(db: Db, opts: { accessTokenExpiresIn?: number; clock?: ClockChange } = {}): Promise<void> {
  await db.execute(sql.raw(`truncate table ${resettableTables.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
  if (opts.clock) await setClock(db, opts.clock);
  await seed(db, { accessTokenExpiresIn: opts.accessTokenExpiresIn });
  await ensureBillingSeed(db, SEED.vendorId);
  await ensureReportSeed(db, SEED.vendorId);
}
