/**
 * The audit log at scale (issue 20 item 14; figures, not timed tests): the emulator (a child process, PGlite in
 * memory) seeded with 100,000 audit rows (`POST /_emulator/seed-audits`), then
 * 1. the first page as the portal asks for it (20 rows, createdAt descending): the first answer and the median of 10
 *    (aim: at most 300 ms), a free-text search (aim: at most 100 ms; its pg_trgm index), and the user picker's options;
 * 2. the CSV export of every row (`POST /frontegg/audits/export/csv/v2`), streamed: rows/s, and the growth of the
 *    emulator's resident memory over its level before the export (sampled every 20 ms from /proc), which stays flat
 *    when the rows are streamed in batches rather than held.
 * `node scripts/bench-audits.mjs` runs it alone; `npm run bench` runs it after the other figures.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { startEmulator } from './bench-admin.mjs';

const ROWS = 100_000;
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };

/** The resident set of process `pid` in bytes (Linux /proc), or NaN elsewhere. */
function rssOf(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
/** The median of `xs`. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Runs the audit-log figures and prints them. */
export async function benchAudits() {
  const emulator = await startEmulator();
  try {
    const json = { 'content-type': 'application/json' };
    let t0 = performance.now();
    const seeded = await (await fetch(`${emulator.url}/_emulator/seed-audits`, { method: 'POST', headers: json, body: JSON.stringify({ count: ROWS }) })).json();
    const seedMs = performance.now() - t0;
    const login = await (await fetch(`${emulator.url}/frontegg/identity/resources/auth/v1/user`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) })).json();
    const auth = { authorization: `Bearer ${login.accessToken}` };

    const timePage = async (query) => {
      const start = performance.now();
      const res = await fetch(`${emulator.url}/frontegg/audits?${query}`, { headers: auth });
      const body = await res.json();
      if (!res.ok) throw new Error(`GET /frontegg/audits?${query}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - start, total: body.total, rows: body.data.length };
    };
    const firstQuery = 'sortDirection=desc&sortBy=createdAt&filter=&offset=0&count=20';
    const first = await timePage(firstQuery);
    const pages = [];
    for (let i = 0; i < 10; i++) pages.push((await timePage(firstQuery)).ms);
    const search = await timePage('sortDirection=desc&sortBy=createdAt&filter=user42%40example.com&offset=0&count=20');
    const severe = await timePage('sortDirection=desc&sortBy=createdAt&offset=0&count=20&severity=SEVERE');
    const deep = await timePage('sortDirection=desc&sortBy=createdAt&offset=99000&count=20');
    // the pickers' options (GET /audits/values, the emulator's extension) as the admin types "user4"
    const valuesStart = performance.now();
    const values = await (await fetch(`${emulator.url}/frontegg/audits/values?field=user&search=user4&limit=50`, { headers: auth })).json();
    const valuesMs = performance.now() - valuesStart;

    // the export, streamed; the emulator's RSS sampled meanwhile
    const before = rssOf(emulator.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(emulator.pid))), 20);
    t0 = performance.now();
    const res = await fetch(`${emulator.url}/frontegg/audits/export/csv/v2?sortDirection=desc&sortBy=createdAt&filter=&offset=0&outputFileName=audits.csv`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ properties: [] }),
    });
    let lines = 0;
    let bytes = 0;
    let firstByteMs = NaN;
    for await (const chunk of res.body) {
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - t0;
      bytes += chunk.byteLength;
      // rows here never hold a newline inside a cell (seeded data), so newlines count rows
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    const exportMs = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(emulator.pid));
    const rows = lines - 1; // the header

    console.log(`\nAudit log, emulator seeded with ${seeded.created ?? '?'} audit rows in ${seedMs.toFixed(0)} ms (one insert … select generate_series):`);
    console.log(
      `  first page (20 rows, createdAt desc)   first ${first.ms.toFixed(1)} ms, median of 10 ${median(pages).toFixed(1)} ms (aim: at most 300 ms); total ${first.total}`,
    );
    console.log(
      `  free-text search over ${(seeded.created ?? 0).toLocaleString('en')} rows, first page ${search.ms.toFixed(1)} ms (aim: at most 100 ms; ${search.total} rows match)`,
    );
    console.log(`  severity = SEVERE, first page          ${severe.ms.toFixed(1)} ms (${severe.total} rows match)`);
    console.log(`  page at offset 99,000                  ${deep.ms.toFixed(1)} ms`);
    console.log(`  user picker's options for "user4"      ${valuesMs.toFixed(1)} ms (${values.values?.length ?? '?'} offered)`);
    console.log(
      `  CSV export (${res.status}, ${res.headers.get('content-disposition')}): ${rows.toLocaleString('en')} rows, ${mib(bytes)} in ${exportMs.toFixed(0)} ms` +
        ` → ${Math.round(rows / (exportMs / 1000)).toLocaleString('en')} rows/s; first byte after ${firstByteMs.toFixed(0)} ms`,
    );
    console.log(`  emulator RSS before the export ${mib(before)}, peak during it ${mib(peak)}: growth ${mib(peak - before)}`);
  } finally {
    await emulator.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchAudits();
