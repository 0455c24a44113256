/**
 * Sign-in throughput under IP restrictions (issue 22 "Speed"; a figure, not a timed test): the emulator (a child
 * process, PGlite in memory) signs the seeded admin in over HTTP from 127.0.0.1, `SIGN_INS` times a round with
 * `CONCURRENCY` requests in flight: with no IP rules in force (a first round with none at all, then rounds with the
 * allow list off), and with 1,000 active rules and the account's allow list on (999 CIDRs that do not match, IPv4 and
 * IPv6, and `127.0.0.0/8` that lets the bench in: every sign-in checks the address against the cached, parsed rules,
 * emulator/src/restrictions.ts). The rounds of the two alternate; each figure is the median of `ROUNDS` rounds after
 * a warm-up, printed side by side with the difference in % (aim: under 10 % slower).
 * The sign-in figures move with the machine's load (password hashing dominates them), so the check itself is timed
 * too, in-process and load-light: one verdict on an address against the same 1,000 parsed rules, matched by the last.
 * `node scripts/bench-restrictions.mjs` runs it alone; `npm run bench` runs it after the other figures.
 */
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
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

/** `RULES` allow rules: CIDRs that never match the bench (IPv4 /24s in 10.0.0.0/8, IPv6 /64s), then 127.0.0.0/8. */
function allowRules() {
  const ips = [];
  for (let i = 0; ips.length < RULES - 1; i++) {
    ips.push(i % 4 === 3 ? `2001:db8:${(i >> 8).toString(16)}:${(i & 255).toString(16)}::/64` : `10.${(i >> 8) & 255}.${i & 255}.0/24`);
  }
  ips.push('127.0.0.0/8');
  return ips.map((ip, i) => ({ ip, strategy: 'ALLOW', isActive: true, description: `Rule ${i + 1}` }));
}

/** Microseconds per verdict (restrictions.ts `judgeAddress`) on an address matched by the last of the 1,000 rules. */
async function checkMicros() {
  const { compileIps, judgeAddress } = await tsImport('../emulator/src/restrictions.ts', import.meta.url);
  const { default: ipaddr } = await import('ipaddr.js');
  const rules = { config: { isActive: true, strategy: 'ALLOW' }, allow: compileIps(allowRules().map((r) => r.ip)), block: compileIps([]) };
  const checks = 20_000;
  let allowed = 0;
  const t0 = performance.now();
  for (let i = 0; i < checks; i++) if (judgeAddress(rules, ipaddr.process('127.0.0.1')).allowed) allowed++;
  if (allowed !== checks) throw new Error('the bench address must pass');
  return ((performance.now() - t0) * 1000) / checks;
}

/** Runs the sign-in figures and prints them. */
export async function benchRestrictions() {
  const emulator = await startEmulator();
  try {
    const login = await (await fetch(`${emulator.url}/frontegg/identity/resources/auth/v1/user`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) })).json();
    const auth = { ...json, authorization: `Bearer ${login.accessToken}` };
    const ip = `${emulator.url}/frontegg/identity/resources/configurations/v1/restrictions/ip`;
    const setActive = async (isActive) => {
      const res = await fetch(`${ip}/config`, { method: 'POST', headers: auth, body: JSON.stringify({ isActive, strategy: 'ALLOW' }) });
      if (!res.ok) throw new Error(`config: ${res.status} ${await res.text()}`);
    };
    await signIns(emulator.url, 20); // warm-up
    // the first round with no rules at all; the others interleaved with the rounds under the rules (the allow list
    // switched off and on: no rules in force), so that a change of the machine's load weighs on both figures alike
    const noneRounds = [await signIns(emulator.url, SIGN_INS)];
    const ruleRounds = [];

    const bulk = await fetch(`${ip}/bulk`, { method: 'POST', headers: auth, body: JSON.stringify({ ips: allowRules() }) });
    if (!bulk.ok) throw new Error(`bulk add: ${bulk.status} ${await bulk.text()}`);
    const count = (await (await fetch(`${ip}?_limit=1&_filter=ALLOW`, { headers: auth })).json())._metadata.totalItems;
    await setActive(true);
    await signIns(emulator.url, 20); // warm-up: the rules are read and parsed once
    for (let i = 0; i < ROUNDS; i++) {
      await setActive(true);
      ruleRounds.push(await signIns(emulator.url, SIGN_INS));
      if (i === ROUNDS - 1) break;
      await setActive(false);
      noneRounds.push(await signIns(emulator.url, SIGN_INS));
    }
    const none = median(noneRounds);
    const withRules = median(ruleRounds);

    const diff = ((withRules - none) / none) * 100;
    const micros = await checkMicros();
    const row = (label, text) => console.log(`  ${label.padEnd(38)}${text}`);
    console.log(`\nSign-in throughput, ${SIGN_INS} password sign-ins a round, ${CONCURRENCY} in flight, median of ${ROUNDS} rounds:`);
    row('no IP rules in force', `${none.toFixed(1)} sign-ins/s`);
    row(`${count.toLocaleString('en')} active rules, allow list on`, `${withRules.toFixed(1)} sign-ins/s`);
    row('difference', `${diff >= 0 ? '+' : ''}${diff.toFixed(1)} % (aim: less than 10 % slower)`);
    row('the check alone (in-process)', `${micros.toFixed(1)} µs per sign-in or request (${((micros / 1000 / (1000 / none)) * 100).toFixed(3)} % of a sign-in)`);
    return { none, withRules, diff, micros };
  } finally {
    await emulator.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchRestrictions();
