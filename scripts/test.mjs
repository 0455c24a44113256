/**
 * `npm test`: the whole suite, in order, with one closing line
 * `N passed, N failed` summed over every runner:
 * 1. build (library + types), typecheck, lint, format check, dependency rules, Storybook build;
 * 2. browser tests in Chromium (@web/test-runner): API client, machines,
 *    elements against the real emulator, theme, accessibility; then the sign-in elements' files again on
 *    `fe-elements/lite` (preact/compat);
 * 3. node tests: emulator routes on its real database (PGlite), then again on a Postgres server
 *    (`scripts/with-postgres.mjs`; without Postgres binaries the step is skipped, except under CI=true
 *    where it fails), build and manifest, the example hosts' own tests (examples/express against
 *    `fe-emulator` with its seed file);
 * 4. end-to-end: the demo host + emulator driven in Chromium (playwright-core), one
 *    file at a time, a failing file retried once (the retry is reported); the example hosts
 *    (`example-<name>.e2e.ts`: React, Vue, Angular, Next.js, plain HTML, Express) build their
 *    example inside the test (those that have a build).
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

/** Files of `dir` ending in `suffix` (node 20's test runner does not expand globs). */
const filesIn = (dir, suffix) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .map((f) => `${dir}/${f}`);

const steps = [
  { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] },
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'], check: true },
  // ESLint (typescript-eslint, react-hooks; no warning allowed) and the formatter (Prettier, .prettierrc.json)
  { name: 'lint', cmd: 'npm', args: ['run', 'lint', '--silent'], check: true },
  { name: 'format', cmd: 'npm', args: ['run', 'format:check', '--silent'], check: true },
  // the arrows of architecture.md (dependency-cruiser, .dependency-cruiser.cjs)
  { name: 'deps', cmd: 'npm', args: ['run', 'deps', '--silent'], check: true },
  { name: 'storybook', cmd: 'npm', args: ['run', 'build-storybook', '--silent'], check: true },
  // a failing file is run once more on its own (a browser suite of 900 tests on a shared 2-core machine); both runs are reported
  { name: 'browser', cmd: 'npx', args: ['wtr', '--config', 'web-test-runner.config.mjs'], parse: wtrCounts, retryFiles: wtrFailedFiles },
  // the sign-in elements' browser tests again on fe-elements/lite (react → preact/compat; web-test-runner.lite.config.mjs)
  { name: 'browser (lite)', cmd: 'npx', args: ['wtr', '--config', 'web-test-runner.lite.config.mjs'], parse: wtrCounts, retries: 1 },
  {
    name: 'node',
    cmd: process.execPath,
    args: [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      ...filesIn('test/node', '.test.ts'),
      ...filesIn('examples/plain-html', '.test.mjs'),
      ...filesIn('examples/express', '.test.mjs'),
    ],
    parse: nodeCounts,
  },
  // two files at a time (emulator/package.json): each starts its own emulator on its own in-memory database
  { name: 'emulator', cmd: 'npm', args: ['test', '-w', 'emulator', '--silent'], parse: nodeCounts },
  // the same tests on a Postgres server (DATABASE_URL): a throwaway Debian Postgres on a loopback port, a database per emulator
  {
    name: 'emulator (postgres)',
    cmd: process.execPath,
    // two files at a time, as the PGlite run (emulator/package.json): each emulator has its own database
    args: ['scripts/with-postgres.mjs', '--', 'npm', 'test', '-w', 'emulator', '--silent'],
    parse: nodeCounts,
    // with-postgres.mjs exits 2 when no Postgres is installed: CI must have it (.ci/run installs it), a workstation may not
    skipIf: (code) => code === 2 && process.env.CI !== 'true',
  },
  // one step per end-to-end file, retried once on failure (whole browsers and servers on a shared 2-core machine)
  ...filesIn('test/e2e', '.e2e.ts').map((file) => ({
    name: `e2e ${file.split('/').pop()}`,
    cmd: process.execPath,
    args: ['--import', 'tsx', '--test', file],
    parse: nodeCounts,
    retries: 1,
  })),
  // the end-to-end sign-in (password + TOTP, passkey, social and SSO) once more on fe-elements/lite (the demo on dist/lite)
  ...['login.e2e.ts', 'passkeys.e2e.ts', 'federation.e2e.ts'].map((file) => ({
    name: `e2e (lite) ${file}`,
    cmd: process.execPath,
    args: ['--import', 'tsx', '--test', `test/e2e/${file}`],
    env: { E2E_LITE: '1' },
    parse: nodeCounts,
    retries: 1,
  })),
];

// `node scripts/test.mjs --only <name>`: only the steps whose name starts with <name> (e.g. `--only 'emulator (postgres)'`)
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const selected = only === undefined ? steps : steps.filter((s) => s.name.startsWith(only));

function wtrCounts(out) {
  const m = [...out.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
  return m ? { passed: +m[1], failed: +m[2] } : null;
}
/** The test files with a failed test in a web-test-runner output (`test/x.test.ts:` then ` ❌ suite > test`). */
function wtrFailedFiles(out) {
  const files = new Set();
  let file;
  for (const line of out.split('\n')) {
    const header = /^(test\/\S+\.test\.tsx?):$/.exec(line.trim());
    if (header) file = header[1];
    else if (file && line.trim().startsWith('❌')) files.add(file);
  }
  return [...files];
}
/** The names of the failed tests in an output (web-test-runner `❌ name`, node:test `not ok N - name`), at most ten. */
function failedNames(out) {
  const names = [...out.matchAll(/^\s*(?:❌ (.+)|not ok \d+ - (.+))$/gm)].map((m) => (m[1] ?? m[2]).trim());
  return [...new Set(names)].slice(0, 10);
}
function nodeCounts(out) {
  const pass = [...out.matchAll(/^# pass (\d+)/gm)].at(-1);
  const fail = [...out.matchAll(/^# fail (\d+)/gm)].at(-1);
  // a test cancelled by a failed hook (e.g. a server that did not start) did not pass: it counts as failed
  const cancelled = [...out.matchAll(/^# cancelled (\d+)/gm)].at(-1);
  return pass ? { passed: +pass[1], failed: +(fail?.[1] ?? 0) + +(cancelled?.[1] ?? 0) } : null;
}

function run(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.cmd, step.args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...step.env, FORCE_COLOR: '0', NO_COLOR: '1' }, shell: false });
    let out = '';
    const onData = (d) => {
      out += d;
      process.stdout.write(d);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => resolve({ code, out: stripVTControlCharacters(out), seconds: (Date.now() - started) / 1000 }));
  });
}

let passed = 0;
let failed = 0;
const summary = [];
for (const step of selected) {
  console.log(`\n=== ${step.name} ===`);
  let { code, out, seconds } = await run(step);
  const failures = code === 0 ? [] : failedNames(out);
  let counts;
  const files = code !== 0 && step.retryFiles ? step.retryFiles(out) : [];
  if (files.length) {
    // only the files that failed, once more: a test that passes then counts as passed, one that fails again as failed
    console.log(`\n=== ${step.name}: ${files.join(', ')} failed, running those files once more ===`);
    summary.push(`${step.name}: ${files.join(', ')} failed once, retried`);
    const first = step.parse(out);
    const again = await run({ ...step, args: [...step.args, '--files', ...files] });
    const second = step.parse(again.out);
    if (first && second) counts = { passed: first.passed + first.failed - second.failed, failed: second.failed };
    ({ code } = again);
    seconds += again.seconds;
    out = again.out;
  }
  for (let retry = 0; code !== 0 && retry < (step.retries ?? 0); retry++) {
    console.log(`\n=== ${step.name}: failed, retrying once (the failure is printed above) ===`);
    summary.push(`${step.name}: failed once, retried`);
    ({ code, out, seconds } = await run(step));
  }
  if (step.skipIf?.(code)) {
    summary.push(`${step.name}: skipped, exit ${code} (the reason is printed above)`);
    continue;
  }
  // a check step (typecheck, Storybook build) counts as one test
  counts ??= step.parse?.(out) ?? (step.check ? { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 } : null);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  // a runner that failed without counting a failure (crash, build error) counts as one failure
  if (code !== 0 && (!counts || counts.failed === 0)) failed += 1;
  summary.push(`${step.name}: ${counts ? `${counts.passed} passed, ${counts.failed} failed` : code === 0 ? 'ok' : `exit ${code}`} (${seconds.toFixed(1)} s)`);
  // the failed tests by name (of the first run, retried or not), so the closing lines say what failed
  for (const name of failures) summary.push(`  ✗ ${name}`);
  if (step.name === 'build' && code !== 0) break;
}
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
