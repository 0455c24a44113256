/**
 * SCIM provisioning at scale (issue 23 item 6; a figure, not a timed test): the emulator (a child process, PGlite in
 * memory) gets a provisioning connection, and `USERS` users (default 10,000; `SCIM_BENCH_USERS` to change) are pushed
 * to its SCIM endpoint as Okta does (`POST /Users`, `CONCURRENCY` in flight): the pushes per second. Then, over those
 * users, the answer time (first call and the median of `CALLS`) of the lists a directory sends:
 * - Okta's lookup before a create, `filter=userName eq "…"` (answered and paged in SQL, emulator/src/scim/server.ts);
 * - a page deep in the list, `startIndex=5001&count=100` (paged in SQL);
 * - a filter scimmy matches in memory over all the connection's users, `emails[type eq "work"].value ew "…"`.
 * `node scripts/bench-scim.mjs` runs it alone; `npm run bench` runs it after the security center's figures.
 */
import { pathToFileURL } from 'node:url';
import { startEmulator } from './bench-admin.mjs';
import { median } from './bench-audits.mjs';

const USERS = Number(process.env.SCIM_BENCH_USERS ?? 10_000);
const CONCURRENCY = 4;
const CALLS = 9;
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const json = { 'content-type': 'application/json' };

/** What Okta POSTs for user `n`. */
const oktaUser = (n) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: `user${n}@bench.test`,
  name: { givenName: 'User', familyName: String(n) },
  emails: [{ primary: true, value: `user${n}@bench.test`, type: 'work' }],
  externalId: `okta-${n}`,
  active: true,
});

/** Runs the SCIM figures and prints them. */
export async function benchScim() {
  const emulator = await startEmulator();
  try {
    const login = await (await fetch(`${emulator.url}/frontegg/identity/resources/auth/v1/user`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) })).json();
    const auth = { ...json, authorization: `Bearer ${login.accessToken}` };
    // 10,000 users are past the seeded Free plan's 50 seats (issue 32's plan limits refuse the 51st SCIM push):
    // the account is put on Enterprise, the plan without limits
    const tenantId = JSON.parse(Buffer.from(login.accessToken.split('.')[1], 'base64url').toString()).tenantId;
    const plan = await fetch(`${emulator.url}/_emulator/billing/tenants/${tenantId}`, { method: 'PUT', headers: json, body: JSON.stringify({ planId: 'enterprise' }) });
    if (!plan.ok) throw new Error(`plan: ${plan.status} ${await plan.text()}`);
    const created = await fetch(`${emulator.url}/frontegg/directory/resources/v1/configurations/scim2`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ source: 'okta', connectionName: 'Bench' }),
    });
    if (!created.ok) throw new Error(`create connection: ${created.status} ${await created.text()}`);
    const { id, token } = await created.json();
    const base = `${emulator.url}/frontegg/scim/v2/${id}`;
    const scim = { 'content-type': 'application/scim+json', authorization: `Bearer ${token}` };

    let next = 0;
    const pusher = async () => {
      while (next < USERS) {
        const n = ++next;
        const res = await fetch(`${base}/Users`, { method: 'POST', headers: scim, body: JSON.stringify(oktaUser(n)) });
        if (res.status !== 201) throw new Error(`push ${n}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, pusher));
    const pushSeconds = (performance.now() - t0) / 1000;

    /** One list call: its time in ms and its answer. */
    const call = async (query) => {
      const start = performance.now();
      const res = await fetch(`${base}/Users?${query}`, { headers: scim });
      const body = await res.json();
      if (!res.ok) throw new Error(`GET /Users?${query}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - start, body };
    };
    const lists = {
      'userName eq (SQL)': `filter=${encodeURIComponent(`userName eq "user${Math.ceil(USERS / 2)}@bench.test"`)}&startIndex=1&count=100`,
      'startIndex=5001&count=100 (SQL)': `startIndex=${Math.min(5001, USERS)}&count=100`,
      'emails[…].value ew (in memory)': `filter=${encodeURIComponent('emails[type eq "work"].value ew "99@bench.test"')}&count=100`,
    };
    console.log(
      `\nSCIM provisioning: ${USERS.toLocaleString('en')} users pushed as Okta does (${CONCURRENCY} in flight) in ${pushSeconds.toFixed(1)} s, ${(USERS / pushSeconds).toFixed(1)} pushes/s`,
    );
    const figures = {};
    for (const [label, query] of Object.entries(lists)) {
      const first = await call(query);
      const times = [];
      for (let i = 0; i < CALLS; i++) times.push((await call(query)).ms);
      figures[label] = { first: first.ms, median: median(times), total: first.body.totalResults };
      console.log(
        `  GET /Users ${label.padEnd(34)} first ${first.ms.toFixed(1)} ms, median of ${CALLS} ${median(times).toFixed(1)} ms (${first.body.totalResults} of ${USERS} match)`,
      );
    }
    return { pushesPerSecond: USERS / pushSeconds, figures };
  } finally {
    await emulator.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchScim();
