/** Restores the seeded state: truncates everything but the signing key and the migration log, then seeds. */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { resettableTables } from './schema.ts';
import { seed } from './seed.ts';

export async function resetDatabase(db: Db, opts: { accessTokenExpiresIn?: number } = {}): Promise<void> {
  await db.execute(sql.raw(`truncate table ${resettableTables.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
  await seed(db, opts);
}
