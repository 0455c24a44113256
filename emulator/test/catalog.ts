/**
 * The shape of a database's `public` schema as Postgres itself reports it (pg_catalog), for comparing two databases:
 * tables; their columns in order (type, not null, default, identity); constraints (primary keys, uniques, foreign keys
 * with their actions, checks) by name with Postgres's own definition text; indexes by name with their definition;
 * sequences. Names are part of it: a later generated migration drops or alters a constraint or index by name.
 */
import type { RawExec } from '../src/db/client.ts';

export interface TableShape {
  columns: { name: string; type: string; notNull: boolean; default: string | null; identity: string; generated: string }[];
  constraints: Record<string, string>;
  indexes: Record<string, string>;
}
export interface CatalogShape {
  tables: Record<string, TableShape>;
  sequences: string[];
}

export async function describeCatalog(exec: RawExec): Promise<CatalogShape> {
  const tables: Record<string, TableShape> = {};
  const tableRows = await exec(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`);
  for (const r of tableRows) tables[String(r.name)] = { columns: [], constraints: {}, indexes: {} };
  const cols = await exec(`select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
      a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as def, a.attidentity as identity, a.attgenerated as generated
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`);
  for (const r of cols) {
    tables[String(r.table)]!.columns.push({
      name: String(r.name),
      type: String(r.type),
      notNull: r.not_null === true,
      default: r.def == null ? null : String(r.def),
      identity: String(r.identity ?? ''),
      generated: String(r.generated ?? ''),
    });
  }
  const cons = await exec(`select c.relname as table, k.conname as name, k.contype as type, pg_get_constraintdef(k.oid) as def
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' order by c.relname, k.conname`);
  for (const r of cons) tables[String(r.table)]!.constraints[String(r.name)] = `${r.type}: ${r.def}`;
  const idx = await exec(`select tablename as table, indexname as name, indexdef as def from pg_indexes
    where schemaname = 'public' order by tablename, indexname`);
  for (const r of idx) tables[String(r.table)]!.indexes[String(r.name)] = String(r.def);
  const seqs = await exec(`select sequencename as name, data_type, start_value, increment_by from pg_sequences
    where schemaname = 'public' order by sequencename`);
  const sequences = seqs.map((r) => `${r.name} ${r.data_type} start ${r.start_value} by ${r.increment_by}`);
  return { tables, sequences };
}
