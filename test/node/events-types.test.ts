/**
 * The public DOM events type-check in a host (issue "One shape for every
 * flow", item 4): test/types/host-events.ts, compiled with the library's
 * event map (src/events/index.ts) under `strict`, must pass — including its
 * `@ts-expect-error` lines, so each misspelled `detail` field IS an error —
 * and (negative control) a copy without any one of those markers must fail
 * on that very line.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const fixture = join(root, 'test/types/host-events.ts');
const project = join(root, 'test/types/tsconfig.json');

function compile(tsconfig: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', tsconfig], { cwd: root, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

test('the host fixture type-checks against the event map (every @ts-expect-error is used)', () => {
  const { status, output } = compile(project);
  assert.equal(status, 0, output);
});

test('negative control: without one @ts-expect-error, the misspelled detail field fails to compile', async (t) => {
  const lines = readFileSync(fixture, 'utf8').split('\n');
  const markers = lines.flatMap((line, i) => (line.trim().startsWith('// @ts-expect-error') ? [i] : []));
  assert.ok(markers.length >= 5, 'fe-login, fe-navigate, fe-error, fe-tenant-change and fe-session-change each have one');
  const dir = mkdtempSync(join(tmpdir(), 'fe-events-types-'));
  try {
    const events = JSON.stringify(join(root, 'src/events/index.ts'));
    const options = JSON.parse(readFileSync(project, 'utf8').replace(/^\s*\/\/.*$/gm, '')).compilerOptions;
    for (const at of markers) {
      const field = /void e\.detail\.(\w+)/.exec(lines[at + 1])?.[1];
      await t.test(`${lines[at].split('@ts-expect-error')[1].trim()} (${field})`, () => {
        assert.ok(field, `line ${at + 2} reads a detail field`);
        const copy = join(dir, `host-events-${at}.ts`);
        writeFileSync(copy, lines.filter((_, i) => i !== at).join('\n'));
        const config = join(dir, `tsconfig-${at}.json`);
        writeFileSync(config, `{ "compilerOptions": ${JSON.stringify(options)}, "files": [${JSON.stringify(copy)}, ${events}] }`);
        const { status, output } = compile(config);
        assert.notEqual(status, 0, `compiled although ${field} is misspelled:\n${output}`);
        // the error is the misspelled field, on its line (one line up: the marker is gone)
        assert.match(output, new RegExp(`host-events-${at}\\.ts\\(${at + 1},\\d+\\): error TS(2339|2551): Property '${field}' does not exist`), output);
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
