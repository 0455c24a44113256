/**
 * The example hosts type-check their real source against the generated framework types (issue 15 item 2), and a
 * host's misspelt event, attribute, detail field or tag is an error, each example showing it with one file of
 * deliberate mistakes kept out of its build:
 * - React (examples/react) and Next.js (examples/nextjs): `fe-elements/react`, the root's native tsc;
 * - Vue (examples/vue): `fe-elements/vue`, vue-tsc with strictTemplates on TypeScript 6 (as the fixtures of
 *   test/node/framework-types.test.ts);
 * - Angular (examples/angular): `fe-elements/angular`, the example's own ngc (TypeScript 5.9) with strictTemplates.
 * The first three use `@ts-expect-error` / `@vue-expect-error`: the example with its mistake file must pass (every
 * marker used), and a copy without the markers must fail on each marked line, naming the mistake in the marker's
 * backticks. Angular templates have no such marker, so there the mistake file must fail on exactly the lines after
 * its `@ng-mistake` comments, and pass once those lines are removed.
 * `fe-elements` resolves to the built declarations (dist/types): run `npm run build` first (`npm test` does).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = [join(root, 'node_modules/typescript/bin/tsc')];
const vueTsc = ['--import', pathToFileURL(join(root, 'test/types/frameworks/vue/typescript6.mjs')).href, join(root, 'node_modules/vue-tsc/bin/vue-tsc.js')];
const ngc = [join(root, 'examples/angular/node_modules/@angular/compiler-cli/bundles/src/bin/ngc.js')];

interface Example {
  name: string;
  checker: string[];
  /** The file of deliberate mistakes, relative to the example. */
  mistakes: string;
  /** The comment that marks the next line as a mistake. */
  marker: string;
  /** Angular: the component whose `templateUrl` is the mistakes file. */
  component?: string;
}

const examples: Example[] = [
  { name: 'react', checker: tsc, mistakes: 'src/typecheck-mistake.tsx', marker: '@ts-expect-error' },
  { name: 'nextjs', checker: tsc, mistakes: 'app/typecheck-mistake.tsx', marker: '@ts-expect-error' },
  { name: 'vue', checker: vueTsc, mistakes: 'src/TypecheckMistake.vue', marker: '<!-- @vue-expect-error' },
  { name: 'angular', checker: ngc, mistakes: 'src/app/typecheck-mistake.html', marker: '<!-- @ng-mistake', component: 'src/app/typecheck-mistake.ts' },
];

/** Type-checks the example with `tsconfig.json` changed by `change` (a temporary config beside it). */
function compile(ex: Example, change: (base: Record<string, unknown>) => Record<string, unknown>): { status: number | null; output: string } {
  const dir = join(root, 'examples', ex.name);
  const base = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
  const config = join(dir, '.typecheck-tsconfig.json');
  try {
    // no tsbuildinfo written (examples/nextjs asks for `incremental`)
    const options = { ...base.compilerOptions, incremental: false };
    writeFileSync(config, JSON.stringify({ ...change(base), compilerOptions: options }));
    const r = spawnSync(process.execPath, [...ex.checker, '--noEmit', '-p', config], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    return { status: r.status, output: stripVTControlCharacters(`${r.stdout}${r.stderr}`) };
  } finally {
    rmSync(config, { force: true });
  }
}

/** The example's files plus `extra`: for `include` configs (its `exclude` no longer naming it), or `files` ones. */
function withFile(base: Record<string, unknown>, extra: string): Record<string, unknown> {
  if (Array.isArray(base.files)) return { ...base, files: [...base.files, extra] };
  const exclude = ((base.exclude as string[] | undefined) ?? []).filter((e) => !extra.endsWith(e));
  return { ...base, include: [...(base.include as string[]), extra], exclude };
}

/** Errors of `output` on 1-based `line` of `file` (tsc's `file(line,col)` or the pretty `file:line:col`). */
function errorsAt(output: string, file: string, line: number): string[] {
  const name = basename(file);
  return output.split(/\n(?=\S)/).filter((e) => (e.includes(`${name}(${line},`) || e.includes(`${name}:${line}:`)) && /error TS\d+/.test(e));
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

function markedLines(ex: Example): { lines: string[]; markers: number[] } {
  const lines = readFileSync(join(root, 'examples', ex.name, ex.mistakes), 'utf8').split('\n');
  const markers = lines.flatMap((line, i) => (line.trim().startsWith(ex.marker) || line.trim().startsWith(`{/* ${ex.marker}`) ? [i] : []));
  assert.ok(markers.length >= 1, `${ex.mistakes} has a deliberate mistake`);
  return { lines, markers };
}

function assertNamed(ex: Example, output: string, file: string, lines: string[], at: number, line: number): void {
  const mistake = /`([^`]+)`/.exec(lines[at])?.[1];
  assert.ok(mistake, `the marker on line ${at + 1} of ${ex.mistakes} names its mistake in backticks`);
  assert.ok(
    errorsAt(output, file, line).some((e) => squash(e).includes(squash(mistake))),
    `line ${at + 2} of ${ex.mistakes} (${lines[at + 1].trim()}) compiled without an error naming ${mistake}:\n${output}`,
  );
}

test('the built declarations are there (npm run build)', () => {
  assert.ok(existsSync(join(root, 'dist/types/elements/index.d.ts')), 'dist/types is missing: run `npm run build` first');
});

for (const ex of examples.filter((e) => !e.component)) {
  test(`examples/${ex.name}: its source and ${ex.mistakes} type-check (every expect-error marker is used)`, () => {
    const { status, output } = compile(ex, (base) => withFile(base, ex.mistakes));
    assert.equal(status, 0, output);
  });

  test(`examples/${ex.name}: without its markers, ${ex.mistakes} fails on each marked line`, () => {
    const { lines, markers } = markedLines(ex);
    const copy = join(dirname(ex.mistakes), `.negative-${basename(ex.mistakes)}`);
    const path = join(root, 'examples', ex.name, copy);
    try {
      writeFileSync(path, lines.filter((_, i) => !markers.includes(i)).join('\n'));
      const { status, output } = compile(ex, (base) => ({ ...base, include: [copy], files: undefined, exclude: [] }));
      assert.notEqual(status, 0, output);
      markers.forEach((at, k) => assertNamed(ex, output, copy, lines, at, at - k + 1));
    } finally {
      rmSync(path, { force: true });
    }
  });
}

for (const ex of examples.filter((e) => e.component)) {
  const component = ex.component!;
  test(`examples/${ex.name}: ${ex.mistakes} fails on exactly the lines after its markers (strictTemplates, HTMLElementEventMap)`, () => {
    const { lines, markers } = markedLines(ex);
    const { status, output } = compile(ex, (base) => withFile(base, component));
    assert.notEqual(status, 0, output);
    for (const at of markers) assertNamed(ex, output, ex.mistakes, lines, at, at + 2);
    const all = [...output.matchAll(new RegExp(`${basename(ex.mistakes).replace('.', '\\.')}:(\\d+):\\d+ - error`, 'g'))].map((m) => Number(m[1]));
    assert.deepEqual([...new Set(all)].sort(), markers.map((at) => at + 2).sort(), `errors only on the marked lines:\n${output}`);
  });

  test(`examples/${ex.name}: its source and ${ex.mistakes} without the marked lines compile`, () => {
    const { lines, markers } = markedLines(ex);
    const dir = join(root, 'examples', ex.name);
    const html = join(dirname(ex.mistakes), `.fixed-${basename(ex.mistakes)}`);
    const ts = join(dirname(component), `.fixed-${basename(component)}`);
    try {
      writeFileSync(join(dir, html), lines.filter((_, i) => !markers.includes(i) && !markers.includes(i - 1)).join('\n'));
      const source = readFileSync(join(dir, component), 'utf8');
      writeFileSync(join(dir, ts), source.replace(`./${basename(ex.mistakes)}`, `./${relative(dirname(ts), html)}`));
      const { status, output } = compile(ex, (base) => withFile(base, ts));
      assert.equal(status, 0, output);
    } finally {
      rmSync(join(dir, html), { force: true });
      rmSync(join(dir, ts), { force: true });
    }
  });
}
