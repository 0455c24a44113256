/**
 * The security center at scale (issue 22 "Speed"; a figure, not a timed test): the emulator (a child process, PGlite
 * in memory) seeded with 10,000 users (`POST /_emulator/seed-users`: a mix of MFA-enrolled, breached-password and
 * inactive users), then the answer time of `GET /frontegg/security-center/resources/recommendations/v1` and
 * `…/insights/v1` as the seeded admin: the first call and the median of 9. Both are recomputed on every call (no cache).
 * `node scripts/bench-security-center.mjs` runs it alone; `npm run bench` runs it after the audit log's figures.
 */
import { pathToFileURL } from 'node:url';
import { startEmulator } from './bench-admin.mjs';
import { median } from './bench-audits.mjs';

const USERS = 10_000;
const CALLS = 9;
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };

/** Runs the security-center figures and prints them. */
export async function benchSecurityCenter() {
  const emulator = await startEmulator();
  try {
    const json = { 'content-type': 'application/json' };
    const t0 = performance.now();
    const seeded = await (await fetch(`${emulator.url}/_emulator/seed-users`, { method: 'POST', headers: json, body: JSON.stringify({ count: USERS }) })).json();
    const seedMs = performance.now() - t0;
    const login = await (await fetch(`${emulator.url}/frontegg/identity/resources/auth/v1/user`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) })).json();
    const auth = { authorization: `Bearer ${login.accessToken}` };

    /** One call: its time in ms and its answer. */
    const call = async (path) => {
      const start = performance.now();
      const res = await fetch(`${emulator.url}/frontegg/security-center/resources/${path}`, { headers: auth });
      const body = await res.json();
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - start, body };
    };
    const figures = {};
    for (const path of ['recommendations/v1', 'insights/v1']) {
      const first = await call(path);
      const times = [];
      for (let i = 0; i < CALLS; i++) times.push((await call(path)).ms);
      figures[path] = { first, median: median(times) };
    }
    const recs = figures['recommendations/v1'].first.body;
    const m = recs.recommendations.items[0]?.metadata ?? {};
    console.log(`\nSecurity center, emulator seeded with ${seeded.created ?? '?'} users in ${seedMs.toFixed(0)} ms:`);
    for (const [path, f] of Object.entries(figures)) {
      console.log(`  GET ${path.padEnd(20)} first ${f.first.ms.toFixed(1)} ms, median of ${CALLS} ${f.median.toFixed(1)} ms`);
    }
    console.log(
      `  score ${recs.scoring.score}; ${m.totalUsers} users, ${m.mfa?.enrolledUsersCount} enrolled in MFA, ${m.password?.breachedPasswordUsersCount} breached, ` +
        `${m.inactivity?.staleUsersCount} inactive 90 days; ${recs.recommendations.items.length} recommendations`,
    );
  } finally {
    await emulator.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchSecurityCenter();
