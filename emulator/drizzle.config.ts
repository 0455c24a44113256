/**
 * drizzle-kit (a devDependency) generates the SQL migrations from `src/db/schema.ts` into `drizzle/`:
 * `npm run db:generate -w emulator` (optionally `-- --name what_changed`). Only `generate` (and `check`) are used: the
 * emulator applies the files itself (src/db/migrations.ts), so no database is named here and `migrate`/`push` are not
 * for this project.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
