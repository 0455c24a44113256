/**
 * `npm test`: the whole suite, in order, with one closing line
 * `N passed, N failed` summed over every runner:
 * 1. build (library + types), typecheck, lint, format check, dependency rules, Storybook build;
 * 2. (2 and 3 side by side, two lanes) browser tests in Chromium (@web/test-runner): API client, machines,
 *    elements against the real emulator, theme, accessibility; then the sign-in elements' files again on
 *    `fe-elements/lite` (preact/compat);
 * 3. node tests: emulator routes on its real database (PGlite), then the files marked `// @postgres:` again
 *    on a Postgres server (`scripts/with-postgres.mjs`; without Postgres binaries the step is skipped,
 *    except under CI=true where it fails), build and manifest, the example hosts' own tests (examples/express against
 *    `fe-emulator` with its seed file);
 * 4. end-to-end: the demo host + emulator driven in Chromium (playwright-core), one step per
 *    file, started as the lanes of 2 and 3 end, a failing file retried once (the retry is reported); the example hosts
 *    (`example-<name>.e2e.ts`: React, Vue, Angular, Next.js, plain HTML, Express) build their
 *    example inside the test (those that have a build).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** Files of `dir` ending in `suffix` (node 20's test runner does not expand globs). */
const filesIn = (dir, suffix) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .map((f) => `${dir}/${f}`);

/** The emulator's test files that run on a Postgres server too: those with a `// @postgres: <why>` line. */
const postgresFiles = () => filesIn('emulator/test', '.test.ts').filter((file) => /^\/\/ @postgres: /m.test(readFileSync(file, 'utf8')));

const steps = [
  { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'] },
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'], check: true, group: 'checks' },
  // ESLint (typescript-eslint, react-hooks; no warning allowed) and the formatter (Prettier, .prettierrc.json)
  { name: 'lint', cmd: 'npm', args: ['run', 'lint', '--silent'], check: true, group: 'checks' },
  { name: 'format', cmd: 'npm', args: ['run', 'format:check', '--silent'], check: true, group: 'checks' },
  // the arrows of architecture.md (dependency-cruiser, .dependency-cruiser.cjs)
  { name: 'deps', cmd: 'npm', args: ['run', 'deps', '--silent'], check: true, group: 'checks' },
  { name: 'storybook', cmd: 'npm', args: ['run', 'build-storybook', '--silent'], check: true, group: 'checks' },
  // The suites run in two lanes side by side (group `suites`, one `lock` per lane, each lane's steps in order): the
  // browser lane (one Chromium page at a time, ~0.7 of a core) beside the node lane (node, emulator and emulator on
  // Postgres, ~1.5 cores): the two cores busy instead of one, ~10 minutes less than one step after another.
  // a failing file is run once more on its own (a browser suite of 900 tests on a shared 2-core machine); both runs are reported
  { name: 'browser', cmd: 'npx', args: ['wtr', '--config', 'web-test-runner.config.mjs'], parse: wtrCounts, retryFiles: wtrFailedFiles, group: 'suites', lock: 'browser' },
  // the sign-in elements' browser tests again on fe-elements/lite (react → preact/compat; web-test-runner.lite.config.mjs)
  { name: 'browser (lite)', cmd: 'npx', args: ['wtr', '--config', 'web-test-runner.lite.config.mjs'], parse: wtrCounts, retries: 1, group: 'suites', lock: 'browser' },
  {
    name: 'node',
    group: 'suites',
    lock: 'node',
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
  // every in-memory emulator of its tests starts from one migrated PGlite database made once per run (makePgliteTemplate)
  { name: 'emulator', cmd: 'npm', args: ['test', '-w', 'emulator', '--silent'], parse: nodeCounts, pgliteTemplate: true, group: 'suites', lock: 'node' },
  // the emulator's files marked `// @postgres: <why>` again on a Postgres server (DATABASE_URL): a throwaway Debian
  // Postgres on a loopback port, a database per emulator. Those are the files whose code a server runs differently
  // from PGlite's one connection (a pool, row locks, parallel transactions, the queue, migrations on Postgres 15, the
  // recursive and pg_trgm SQL); every file runs on PGlite in the step before. `npm run test:postgres -w emulator`
  // runs every file there.
  {
    name: 'emulator (postgres)',
    group: 'suites',
    lock: 'node',
    cmd: process.execPath,
    // two files at a time, as the PGlite run (emulator/package.json): each emulator has its own database
    args: ['scripts/with-postgres.mjs', '--', process.execPath, '--import', 'tsx', '--test', '--test-concurrency=2', ...postgresFiles()],
    parse: nodeCounts,
    // with-postgres.mjs exits 2 when no Postgres is installed: CI must have it (.ci/run installs it), a workstation may not
    skipIf: (code) => code === 2 && process.env.CI !== 'true',
  },
  // one step per end-to-end file, retried once on failure (whole browsers and servers on a shared 2-core machine). They
  // are in the suites' group: each starts when a lane has ended (the node lane first, ~4 minutes before the browser
  // lane), then two side by side (each on its own free ports; much of an end-to-end file is waiting on its browser and
  // servers); the files that build the same example (examples/vue, twice) one after the other
  ...filesIn('test/e2e', '.e2e.ts').map((file) => ({
    name: `e2e ${file.split('/').pop()}`,
    cmd: process.execPath,
    args: ['--import', 'tsx', '--test', file],
    parse: nodeCounts,
    retries: 1,
    group: 'suites',
    lock: /^test\/e2e\/example-(.+?)(-lite)?\.e2e\.ts$/.exec(file)?.[1],
  })),
  // the end-to-end sign-in (password + TOTP, passkey, social and SSO) once more on fe-elements/lite (the demo on dist/lite)
  ...['login.e2e.ts', 'passkeys.e2e.ts', 'federation.e2e.ts'].map((file) => ({
    name: `e2e (lite) ${file}`,
    cmd: process.execPath,
    args: ['--import', 'tsx', '--test', `test/e2e/${file}`],
    env: { E2E_LITE: '1' },
    parse: nodeCounts,
    retries: 1,
    group: 'suites',
  })),
];

// `node scripts/test.mjs --only <name>`: the step named <name> if there is one (`--only emulator`, `--only browser`),
// else the steps whose name starts with <name> (`--only e2e`, `--only 'e2e (lite)'`)
// (`--only` may be given more than once: `--only typecheck --only lint`)
const only = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--only' ? [a] : []));
const picks = (step, name) => (steps.some((s) => s.name === name) ? step.name === name : step.name.startsWith(name));
const selected = only.length ? steps.filter((step) => only.some((name) => picks(step, name))) : steps;
/** How many steps of a `group` run at once: two (2 cores); `TEST_JOBS=1` runs every step in a row, as before. */
const GROUP_SIZE = Math.max(1, Number(process.env.TEST_JOBS) || 2);

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

/**
 * CPU seconds (user + system) used so far by this process's finished children and their own waited-for children
 * (`/proc/self/stat` cutime + cstime, in clock ticks of 1/100 s; 0 where there is no /proc). The difference over a
 * step is the step's CPU time; over steps run side by side, their sum.
 */
function childrenCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

const t0 = Date.now();
const cpu0 = childrenCpu();
/** Wall time since the runner started, as `m:ss`. */
function elapsed() {
  const s = Math.round((Date.now() - t0) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A step that prints nothing for this long is stuck (10 minutes; every runner here prints at least once a file, and the
 * slowest file takes ~2): its whole process group (the runner, its browsers and servers) is killed and the step fails
 * with that said, instead of the run waiting until CI's 90 minutes are out (a browser file once hung there).
 */
const IDLE_SECONDS = 600;

/** Runs one command; `print` gets its output as it comes (streamed, or buffered for a step run beside others). */
function run(step, print) {
  return new Promise((resolve) => {
    const started = Date.now();
    // its own process group (detached), so that a stuck step is killed with everything it started
    const child = spawn(step.cmd, step.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      shell: false,
      detached: true,
    });
    let out = '';
    let idle;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        const note = `\n=== ${step.name}: no output for ${IDLE_SECONDS} s, stopped (its process group killed) ===\n`;
        out += note;
        print(note);
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }, IDLE_SECONDS * 1000);
    };
    watch();
    const onData = (d) => {
      out += d;
      print(d);
      watch();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => {
      clearTimeout(idle);
      resolve({ code: code ?? 1, out: stripVTControlCharacters(out), seconds: (Date.now() - started) / 1000 });
    });
  });
}

/**
 * One step with its retries: its counts, exit code and summary lines. `print` receives everything it prints (the
 * runner's headers and the commands' output).
 */
async function runStep(step, print) {
  const lines = [];
  const say = (line) => print(`${line}\n`);
  say(`\n=== ${step.name} ===`);
  let { code, out, seconds } = await run(step, print);
  const failures = code === 0 ? [] : failedNames(out);
  let counts;
  const files = code !== 0 && step.retryFiles ? step.retryFiles(out) : [];
  if (files.length) {
    // only the files that failed, once more: a test that passes then counts as passed, one that fails again as failed
    say(`\n=== ${step.name}: ${files.join(', ')} failed, running those files once more ===`);
    lines.push(`${step.name}: ${files.join(', ')} failed once, retried`);
    const first = step.parse(out);
    const again = await run({ ...step, args: [...step.args, '--files', ...files] }, print);
    const second = step.parse(again.out);
    if (first && second) counts = { passed: first.passed + first.failed - second.failed, failed: second.failed };
    ({ code } = again);
    seconds += again.seconds;
    out = again.out;
  }
  for (let retry = 0; code !== 0 && retry < (step.retries ?? 0); retry++) {
    say(`\n=== ${step.name}: failed, retrying once (the failure is printed above) ===`);
    lines.push(`${step.name}: failed once, retried`);
    const again = await run(step, print);
    ({ code, out } = again);
    seconds += again.seconds;
  }
  if (step.skipIf?.(code)) {
    lines.push(`${step.name}: skipped, exit ${code} (the reason is printed above)`);
    return { code: 0, counts: null, lines, seconds };
  }
  // a check step (typecheck, Storybook build) counts as one test
  counts ??= step.parse?.(out) ?? (step.check ? { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 } : null);
  lines.push(`${step.name}: ${counts ? `${counts.passed} passed, ${counts.failed} failed` : code === 0 ? 'ok' : `exit ${code}`} (${seconds.toFixed(1)} s)`);
  // the failed tests by name (of the first run, retried or not), so the closing lines say what failed
  for (const name of failures) lines.push(`  ✗ ${name}`);
  return { code, counts, lines, seconds };
}

/**
 * The selected steps in order, a run of consecutive steps with the same `group` side by side (`GROUP_SIZE` at a
 * time): each of those prints its whole output at once when it ends, so outputs never interleave.
 */
const batches = [];
for (const step of selected) {
  const last = batches.at(-1);
  if (step.group && last?.[0].group === step.group) last.push(step);
  else batches.push([step]);
}

let passed = 0;
let failed = 0;
const summary = [];
const tally = ({ code, counts, lines }) => {
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  // a runner that failed without counting a failure (crash, build error) counts as one failure
  if (code !== 0 && (!counts || counts.failed === 0)) failed += 1;
  summary.push(...lines);
};
/**
 * Once per run, before the first step marked `pgliteTemplate` (the emulator's own tests, ~45 emulators in memory): a
 * migrated PGlite database dumped to a temp file, which each of that step's in-memory emulators then loads instead of
 * making its cluster and migrating it again (`EMULATOR_PGLITE_TEMPLATE`, emulator/src/db/client.ts; ~2 s of CPU less
 * per emulator). Without it (it failed), the emulators make their own, as before: slower, the same tests.
 */
let templateDir;
let templateFile;
async function makePgliteTemplate() {
  templateDir = mkdtempSync(join(tmpdir(), 'fe-test-'));
  process.on('exit', () => rmSync(templateDir, { recursive: true, force: true }));
  const file = join(templateDir, 'pglite-template.tar');
  const { code, out } = await run({ cmd: process.execPath, args: ['--import', 'tsx', 'emulator/test/pglite-template.ts', file] }, () => {});
  if (code === 0) templateFile = file;
  else console.log(`\n(the migrated PGlite template could not be made, each emulator makes its own database:)\n${out}`);
}

for (const batch of batches) {
  if (!templateDir && batch.some((s) => s.pgliteTemplate)) await makePgliteTemplate();
  for (const step of batch) if (step.pgliteTemplate && templateFile) step.env = { ...step.env, EMULATOR_PGLITE_TEMPLATE: templateFile };
  const cpuBefore = childrenCpu();
  if (batch.length === 1) {
    const [step] = batch;
    const result = await runStep(step, (d) => process.stdout.write(d));
    tally(result);
    console.log(`--- ${step.name}: ${result.seconds.toFixed(1)} s, CPU ${(childrenCpu() - cpuBefore).toFixed(1)} s; ${elapsed()} since the start`);
    if (step.name === 'build' && result.code !== 0) break;
    continue;
  }
  const started = Date.now();
  const results = new Array(batch.length);
  const pending = batch.map((_, i) => i);
  // a `lock` is held by one step at a time, and its steps start in their order (the suites' two lanes; two end-to-end
  // files that build the same example do not overlap)
  const held = new Set();
  const waiting = [];
  const worker = async () => {
    while (pending.length) {
      const at = pending.findIndex((i) => !held.has(batch[i].lock));
      if (at === -1) {
        await new Promise((resolve) => waiting.push(resolve));
        continue;
      }
      const [i] = pending.splice(at, 1);
      const step = batch[i];
      if (step.lock) held.add(step.lock);
      let buffered = '';
      results[i] = await runStep(step, (d) => (buffered += d));
      held.delete(step.lock);
      for (const wake of waiting.splice(0)) wake();
      process.stdout.write(buffered);
      console.log(`--- ${step.name}: ${results[i].seconds.toFixed(1)} s (${step.group} group, ${GROUP_SIZE} at a time); ${elapsed()} since the start`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(GROUP_SIZE, batch.length) }, worker));
  for (const result of results) tally(result);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`--- the ${batch.length} ${batch[0].group} steps: ${seconds} s together, CPU ${(childrenCpu() - cpuBefore).toFixed(1)} s; ${elapsed()} since the start`);
}
console.log(`\n${summary.join('\n')}`);
console.log(`total: ${((Date.now() - t0) / 1000).toFixed(1)} s wall, ${(childrenCpu() - cpu0).toFixed(1)} s CPU`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
