/**
 * The account tree at scale, the emulator's half (issue 34 "Done when"; figures, not a timed test): the emulator (a
 * child process, PGlite in memory) seeded with 10,000 sub-accounts 5 deep under Acme (`POST /_emulator/tenants/bulk`
 * `{ depth: 5, breadth: 7, count: 10000 }`: 7, 49, 343, 2,401 and 7,150 accounts a level, one `INSERT … SELECT`), then
 * the emulator's answer time, as the seeded admin, of:
 * - the tree's first page: `GET /frontegg/tenants/resources/hierarchy/v2?_offset=0&_limit=50` (Acme's children);
 * - a child's first page (`_subTenantId` a level-3 account) and the page after it through `_links.next` of a level-1 one;
 * - two name searches across the whole subtree: `Initech 0423` (one account) and `acme` (one name in 12, 833 of them);
 * - the metadata totals of Acme and a child (`hierarchy/v2/metadata`: every account below, the one whole-subtree
 *   walk) and the user counts of a page.
 * Each: the first call and the median of 9 (aim: within 50 ms). `node scripts/bench-hierarchy.mjs` runs it alone;
 * `npm run bench` runs it after the SCIM figures. The browser half (the section's tree on screen) is the ui-tree's.
 */
import { pathToFileURL } from 'node:url';
import { startEmulator } from './bench-admin.mjs';
import { median } from './bench-audits.mjs';

const ACCOUNTS = 10_000;
const CALLS = 9;
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const AIM_MS = 50;

/** Runs the account-tree figures and prints them. */
export async function benchHierarchy() {
  const emulator = await startEmulator();
  try {
    const json = { 'content-type': 'application/json' };
    const seed = await (await fetch(`${emulator.url}/_emulator`)).json();
    const acme = seed.tenantId;
    const t0 = performance.now();
    const seedRes = await fetch(`${emulator.url}/_emulator/tenants/bulk`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ parentTenantId: acme, depth: 5, breadth: 7, count: ACCOUNTS }),
    });
    const seeded = await seedRes.json();
    if (!seedRes.ok) throw new Error(`POST /_emulator/tenants/bulk: ${seedRes.status} ${JSON.stringify(seeded)}`);
    const seedMs = performance.now() - t0;
    const login = await (await fetch(`${emulator.url}/frontegg/identity/resources/auth/v1/user`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) })).json();
    const auth = { authorization: `Bearer ${login.accessToken}` };

    /** One call: its time in ms and its answer. */
    const call = async (path, init = {}) => {
      const start = performance.now();
      const res = await fetch(`${emulator.url}${path}`, { ...init, headers: { ...auth, ...json, ...init.headers } });
      const body = await res.json();
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - start, body };
    };
    /** The first call and the median of CALLS more. */
    const timed = async (path, init) => {
      const first = await call(path, init);
      const times = [];
      for (let i = 0; i < CALLS; i++) times.push((await call(path, init)).ms);
      return { first, median: median(times) };
    };
    const V2 = '/frontegg/tenants/resources/hierarchy/v2';
    const figures = [];
    const root = await timed(`${V2}?_offset=0&_limit=50`);
    figures.push(['first page (Acme’s children)', root, `${root.first.body.items.length} of ${root.first.body._metadata.totalItems}`]);
    const level1 = root.first.body.items[0].tenantId;
    const child = await timed(`${V2}?_offset=0&_limit=50&_subTenantId=${encodeURIComponent('acct-3-5')}`);
    figures.push(['a level-3 account’s children', child, `${child.first.body.items.length} of ${child.first.body._metadata.totalItems}`]);
    const firstOfLevel1 = await call(`${V2}?_offset=0&_limit=5&_subTenantId=${encodeURIComponent(level1)}`);
    const next = await timed(firstOfLevel1.body._links.next);
    figures.push(['the next page (_links.next)', next, `${next.first.body.items.length} of ${next.first.body._metadata.totalItems}`]);
    const search = await timed(`${V2}?_offset=0&_limit=50&_filter=${encodeURIComponent('Initech 0423')}`);
    figures.push(['name search “Initech 0423”', search, `${search.first.body._metadata.totalItems} found`]);
    const wide = await timed(`${V2}?_offset=0&_limit=50&_filter=${encodeURIComponent('acme')}&_sortBy=createdAt&_order=DESC`);
    figures.push(['name search “acme” (1 in 12)', wide, `${wide.first.body._metadata.totalItems} found`]);
    const meta = await timed(`${V2}/metadata?_tenantIds=${encodeURIComponent([acme, level1].join(','))}`);
    figures.push(['metadata totals (Acme, a child)', meta, meta.first.body.map((m) => m.totalSubTenants).join(', ')]);
    const counts = await timed('/frontegg/identity/resources/tenants/users/v1/count', {
      method: 'POST',
      body: JSON.stringify({ tenantIds: root.first.body.items.map((i) => i.tenantId).concat(acme) }),
    });
    figures.push(['user counts of a page', counts, `${counts.first.body.length} accounts`]);

    console.log(`\nAccount tree, emulator seeded with ${seeded.created} accounts (levels ${seeded.levels.join(', ')}) in ${seedMs.toFixed(0)} ms:`);
    for (const [label, f, note] of figures) {
      const verdict = f.median <= AIM_MS ? 'within' : 'OVER';
      console.log(
        `  ${label.padEnd(36)} first ${f.first.ms.toFixed(1).padStart(6)} ms, median of ${CALLS} ${f.median.toFixed(1).padStart(6)} ms (${verdict} ${AIM_MS} ms; ${note})`,
      );
    }
  } finally {
    await emulator.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchHierarchy();
