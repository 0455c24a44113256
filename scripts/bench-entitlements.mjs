/**
 * Entitlement decisions per second in Chromium (issue 5: "at least 1,000,000
 * decisions/s once the bundle is indexed").
 *
 * `benchEntitlements(browser, baseUrl)` builds src/entitlements/index.ts with
 * Vite into .bench/entitlements/entitlements.js, writes
 * .bench/entitlements/page.html and opens `${baseUrl}/.bench/entitlements/page.html`
 * (baseUrl serves the repo root; .html must be served as text/html). The page
 * generates a bundle of 1,000 features and 100 plans of 10 rules each (all 16
 * operators, jwt.* / frontegg.* / custom attributes), indexes it, warms up,
 * then runs decisions for ~1 s over 4,096 queries (90 % features, 10 %
 * permissions) and 16 users, and reports decisions/s. The un-indexed figure
 * (raw bundle) is measured too, for comparison, and the same decisions made
 * with `explain()` (issue 35: decision and trace, on the raw bundle).
 *
 * Alone: `node scripts/bench-entitlements.mjs` (own static server on
 * 127.0.0.1:0 and /usr/bin/chromium).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { contentType, fileIn } from '../tools/static-files.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, '.bench', 'entitlements');

/** The benchmark page (runs in Chromium; imports the built engine). */
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>entitlements bench</title></head>
<body>
<pre id="out">running…</pre>
<script type="module">
import { evaluateEntitlement, explain, indexBundle, CONDITION_OPERATIONS } from './entitlements.js';

const FEATURES = 1000, PLANS = 100, RULES_PER_PLAN = 10, QUERIES = 4096, USERS = 16;
const NOW = Date.parse('2025-06-15T12:00:00Z');

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const r = prng(20250615);
const pick = (xs) => xs[Math.floor(r() * xs.length)];
const int = (n) => Math.floor(r() * n);

const countries = ['IL', 'DE', 'US', 'FR', 'GB', 'JP', 'BR', 'IN'];
const planNames = ['free', 'starter', 'pro', 'business', 'enterprise'];
const domains = ['@acme.com', '@globex.io', '@initech.org', '@umbrella.co'];
const dates = ['2024-01-01', '2025-01-01', '2025-06-15', '2025-03-01T10:00:00Z', Date.parse('2024-09-01')];

/** One condition per operator family, on attributes every user has (custom, jwt.*, frontegg.*). */
function condition(op) {
  const negate = r() < 0.2;
  switch (op) {
    case 'in_list': return { attribute: pick(['plan', 'jwt.address.country', 'frontegg.tenantId']), op, value: { list: [pick(planNames), pick(countries), 't' + int(50)] }, negate };
    case 'starts_with': return { attribute: pick(['plan', 'frontegg.userId']), op, value: { list: [pick(planNames).slice(0, 2), 'u' + int(9)] }, negate };
    case 'ends_with': return { attribute: 'frontegg.email', op, value: { list: [pick(domains), pick(domains)] }, negate };
    case 'contains': return { attribute: pick(['frontegg.email', 'plan']), op, value: { list: [pick(['acme', 'glob', 'pro', 'ent'])] }, negate };
    case 'matches': return { attribute: pick(['frontegg.email', 'jwt.address.country']), op, value: { string: pick(['^[a-m]', '@(acme|globex)\\\\.', '^(IL|DE|FR)$', '\\\\d']) }, negate };
    case 'between_numeric': { const s = int(200); return { attribute: 'seats', op, value: { start: s, end: s + int(300) }, negate }; }
    case 'is': return { attribute: pick(['beta', 'frontegg.emailVerified']), op, value: { boolean: r() < 0.5 }, negate };
    case 'on': case 'on_or_after': case 'on_or_before': return { attribute: pick(['signupDate', 'jwt.createdAt']), op, value: { date: pick(dates) }, negate };
    case 'between_date': return { attribute: 'signupDate', op, value: { start: pick(dates), end: pick(dates) }, negate };
    default: return { attribute: pick(['seats', 'jwt.level']), op, value: { number: int(500) }, negate };
  }
}
const rule = () => ({
  conditionLogic: 'and',
  treatment: r() < 0.6 ? 'true' : 'false',
  conditions: Array.from({ length: 1 + int(3) }, () => condition(pick(CONDITION_OPERATIONS))),
});

const plans = {};
for (let i = 0; i < PLANS; i++) plans['plan-' + i] = { defaultTreatment: r() < 0.1 ? 'true' : 'false', rules: Array.from({ length: RULES_PER_PLAN }, rule) };

const permissionKeys = [];
for (let i = 0; i < 200; i++) permissionKeys.push('fe.' + pick(['secure', 'billing', 'usage', 'audit']) + '.' + pick(['read', 'write']) + '.p' + i);
const permissions = { 'fe.secure.*': true, 'fe.usage.read.*': true, 'fe.*.write.p1*': true };
for (let i = 0; i < 200; i += 3) permissions[permissionKeys[i]] = true;

const features = {};
const mix = { direct: 0, flag: 0, plans: 0 };
for (let i = 0; i < FEATURES; i++) {
  const f = {};
  const x = r();
  if (x < 0.25) { f.expireTime = pick([-1, -1, NOW + 86400000, NOW - 86400000]); mix.direct++; }
  else if (x < 0.5) { f.featureFlag = { on: r() < 0.8, offTreatment: 'false', defaultTreatment: r() < 0.3 ? 'true' : 'false', rules: Array.from({ length: 1 + int(5) }, rule) }; mix.flag++; }
  else { f.planIds = Array.from({ length: 1 + int(3) }, () => 'plan-' + int(PLANS)); mix.plans++; }
  if (r() < 0.2) f.linkedPermissions = [pick(permissionKeys)];
  features['feature-' + i] = f;
}
const bundle = { features, plans, permissions };

const users = Array.from({ length: USERS }, (_, i) => ({
  now: NOW,
  attributes: {
    custom: { plan: pick(planNames), seats: int(600), beta: r() < 0.5, signupDate: pick(dates) },
    jwt: {
      sub: 'u' + i, email: 'user' + i + pick(domains), email_verified: r() < 0.7, tenantId: 't' + int(50),
      level: int(500), createdAt: pick(dates), address: { country: pick(countries) },
    },
  },
}));
const queries = Array.from({ length: QUERIES }, () => (r() < 0.9 ? { featureKey: 'feature-' + int(FEATURES) } : { permissionKey: pick(permissionKeys) }));

function run(target, ms, decide = evaluateEntitlement) {
  let n = 0, granted = 0;
  const t0 = performance.now();
  const end = t0 + ms;
  let t = t0;
  do {
    for (let i = 0; i < QUERIES; i++) if (decide(target, queries[i], users[i & (USERS - 1)]).isEntitled) granted++;
    n += QUERIES;
    t = performance.now();
  } while (t < end);
  return { decisions: n, seconds: (t - t0) / 1000, granted };
}
/** explain() on the raw bundle (it needs the rules, not an index): the decision and its trace. */
const explained = (target, query, context) => explain(target, query, context).decision;

try {
  const t0 = performance.now();
  const index = indexBundle(bundle);
  const indexMs = performance.now() - t0;
  run(index, 300); // warm-up (JIT)
  const fast = run(index, 1000);
  run(bundle, 100);
  const raw = run(bundle, 500);
  run(bundle, 100, explained);
  const withExplain = run(bundle, 500, explained);
  const result = {
    decisionsPerSecond: Math.round(fast.decisions / fast.seconds),
    features: FEATURES,
    plans: PLANS,
    rulesPerPlan: RULES_PER_PLAN,
    unindexedDecisionsPerSecond: Math.round(raw.decisions / raw.seconds),
    explainDecisionsPerSecond: Math.round(withExplain.decisions / withExplain.seconds),
    indexMs: Math.round(indexMs * 10) / 10,
    grantedShare: Math.round((fast.granted / fast.decisions) * 1000) / 1000,
    featureMix: mix,
  };
  document.getElementById('out').textContent = JSON.stringify(result, null, 2);
  window.__benchResult = result;
} catch (e) {
  window.__benchResult = { error: String(e && e.stack || e) };
}
</script>
</body></html>
`;

/**
 * Builds the engine for the browser, opens the bench page and returns
 * `{ decisionsPerSecond, features: 1000, plans: 100, ... }` (extra fields:
 * rulesPerPlan, unindexedDecisionsPerSecond, explainDecisionsPerSecond, indexMs, grantedShare, featureMix).
 * @param {import('playwright-core').Browser} browser a launched Chromium
 * @param {string} baseUrl URL of a static server serving the repo root
 */
export async function benchEntitlements(browser, baseUrl) {
  mkdirSync(outDir, { recursive: true });
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      lib: { entry: join(root, 'src/entitlements/index.ts'), formats: ['es'], fileName: () => 'entitlements.js' },
    },
  });
  writeFileSync(join(outDir, 'page.html'), PAGE);
  const page = await browser.newPage();
  try {
    const url = new URL('.bench/entitlements/page.html', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
    await page.goto(url);
    const handle = await page.waitForFunction(() => window.__benchResult, null, { timeout: 120_000 });
    const result = await handle.jsonValue();
    if (result.error) throw new Error(`entitlements bench page failed: ${result.error}`);
    return result;
  } finally {
    await page.close();
  }
}

/** A static server for the repo root (standalone runs only). */
function serveRoot() {
  const server = http.createServer(async (req, res) => {
    const file = await fileIn(root, new URL(req.url ?? '/', 'http://x').pathname);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': contentType(file), 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { chromium } = await import('playwright-core');
  const server = await serveRoot();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const r = await benchEntitlements(browser, `http://127.0.0.1:${server.address().port}/`);
    console.log(`entitlements (Chromium): ${r.features} features, ${r.plans} plans × ${r.rulesPerPlan} rules`);
    console.log(`  indexed:   ${r.decisionsPerSecond.toLocaleString('en-US')} decisions/s (aim ≥ 1,000,000: ${r.decisionsPerSecond >= 1_000_000 ? 'met' : 'NOT met'})`);
    console.log(
      `  un-indexed: ${r.unindexedDecisionsPerSecond.toLocaleString('en-US')} decisions/s; indexing took ${r.indexMs} ms; ${(r.grantedShare * 100).toFixed(1)} % granted`,
    );
    console.log(`  explain(): ${r.explainDecisionsPerSecond.toLocaleString('en-US')} decisions/s with their trace (raw bundle; without explain() above)`);
  } finally {
    await browser.close();
    server.close();
  }
}
