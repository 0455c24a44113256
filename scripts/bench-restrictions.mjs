/**
 * Sign-in throughput under IP restrictions (issue 22 "Speed"; a figure, not a timed test): the emulator (a child
 * process, PGlite in memory) signs the seeded admin in over HTTP from 127.0.0.1, `SIGN_INS` times a round with
 * `CONCURRENCY` requests in flight, first with no IP rules at all, then with 1,000 active rules and the account's
 * allow list active (999 CIDRs that do not match, IPv4 and IPv6, and `127.0.0.0/8` that lets the bench in: every
 * sign-in checks the address against the cached, parsed rules, emulator/src/restrictions.ts). Each figure is the
 * median of `ROUNDS` rounds after a warm-up; printed side by side with the difference in % (aim: under 10 % slower).
 * `node scripts/bench-restrictions.mjs` runs it alone; `npm run bench` runs it after the other figures.
 */
import { pathToFileURL } from 'node:url';
import { startEmulator } from './bench-admin.mjs';

const SIGN_INS = 100;
const CONCURRENCY = 4;
const ROUNDS = 3;
const RULES = 1000;
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const json = { 'content-type': 'application/json' };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Signs the admin in `count` times, `CONCURRENCY` at a time; sign-ins per second. @throws on any answer but 200 */
async function signIns(url, count) {
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const res = await fetch(`${url}/frontegg/identity/resources/auth/v1/user`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) });
      if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return count / ((performance.now() - t0) / 1000);
}

/** The median sign-ins/s of `ROUNDS` rounds. */
async function rate(url) {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await signIns(url, SIGN_INS));
  return median(rounds);
}

/** `RULES` allow rules: CIDRs that never match the bench (IPv4 /24s in 10.0.0.0/8, IPv6 /64s), then 127.0.0.0/8. */
function allowRules() {
  const ips = [];
  for (let i = 0; ips.length < RULES - 1; i++) {
    ips.push(i % 4 === 3 ? `2001:db8:${(i >> 8).toString(16)}:${(i & 255).toString(16)}::/64` : `10.${(i >> 8) & 255}.${i & 255}.0/24`);
  }
  ips.push('127.0.0.0/8');
  return ips.map((ip, i) => ({ ip, strategy: 'ALLOW', isActive: true, description: `Rule ${i + 1}` }));
}

/** Runs the sign-in figures and prints them. */
export async function benchRestrictions() {
  const emulator = await startEmulator();
  try {
    const login = await (await fetch(`${emulator.url}/frontegg/identity/resources/auth/v1/user`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) })).json();
    const auth = { ...json, authorization: `Bearer ${login.accessToken}` };
    const ip = `${emulator.url}/frontegg/identity/resources/configurations/v1/restrictions/ip`;
    await signIns(emulator.url, 20); // warm-up
    const none = await rate(emulator.url);

    const bulk = await fetch(`${ip}/bulk`, { method: 'POST', headers: auth, body: JSON.stringify({ ips: allowRules() }) });
    if (!bulk.ok) throw new Error(`bulk add: ${bulk.status} ${await bulk.text()}`);
    const config = await fetch(`${ip}/config`, { method: 'POST', headers: auth, body: JSON.stringify({ isActive: true, strategy: 'ALLOW' }) });
    if (!config.ok) throw new Error(`config: ${config.status} ${await config.text()}`);
    const count = (await (await fetch(`${ip}?_limit=1&_filter=ALLOW`, { headers: auth })).json())._metadata.totalItems;
    await signIns(emulator.url, 20); // warm-up: the rules are read and parsed once
    const withRules = await rate(emulator.url);

    const diff = ((withRules - none) / none) * 100;
    console.log(`\nSign-in throughput, ${SIGN_INS} password sign-ins a round, ${CONCURRENCY} in flight, median of ${ROUNDS} rounds:`);
    console.log(`  no IP rules                         ${none.toFixed(1)} sign-ins/s`);
    console.log(`  ${count} active rules, allow list on   ${withRules.toFixed(1)} sign-ins/s`);
    console.log(`  difference                          ${diff >= 0 ? '+' : ''}${diff.toFixed(1)} % (aim: less than 10 % slower)`);
    return { none, withRules, diff };
  } finally {
    await emulator.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchRestrictions();
