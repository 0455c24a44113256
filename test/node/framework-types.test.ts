/**
 * Framework types generated from custom-elements.json (issue 15 item 2): frameworks/{dom,react,vue}.d.ts are
 * not stale, and host fixtures type-check against them: test/types/frameworks/host-dom.ts and host-react.tsx
 * with the native tsc, host.vue with vue-tsc (on TypeScript 6: vue-tsc needs the JS API). Each fixture must pass,
 * its `@ts-expect-error` / `@vue-expect-error` lines included, and (negative control) a copy without the markers
 * must fail on every marked line, with a message naming the mistake in the marker's backticks.
 * `fe-elements` resolves to the built declarations (dist/types): run `npm run build` first (`npm test` does).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderFrameworkTypes } from '../../scripts/framework-types.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = join(root, 'test/types/frameworks');
const tsc = [join(root, 'node_modules/typescript/bin/tsc')];
const vueTsc = ['--import', pathToFileURL(join(fixtures, 'vue/typescript6.mjs')).href, join(root, 'node_modules/vue-tsc/bin/vue-tsc.js')];

function compile(checker: string[], tsconfig: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [...checker, '--noEmit', '-p', tsconfig], { cwd: root, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

test('frameworks/*.d.ts are generated from custom-elements.json and not stale', async () => {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
  const fresh = await renderFrameworkTypes(manifest);
  assert.deepEqual(Object.keys(fresh).sort(), ['dom.d.ts', 'react.d.ts', 'vue.d.ts']);
  for (const [name, text] of Object.entries(fresh))
    assert.equal(readFileSync(join(root, 'frameworks', name), 'utf8'), text, `frameworks/${name} is stale: run \`npm run analyze\` and commit it`);
  // every element of the manifest is in each framework's map, the admin sections included
  for (const tag of ['fe-app', 'fe-login-box', 'fe-admin-portal', 'fe-admin-users', 'fe-admin-api-tokens'])
    for (const text of Object.values(fresh)) assert.match(text, new RegExp(`'${tag}': `), tag);
});

const cases = [
  { name: 'DOM / Angular (fe-elements/dom)', checker: tsc, tsconfig: join(fixtures, 'tsconfig.json'), file: join(fixtures, 'host-dom.ts'), marker: '// @ts-expect-error' },
  { name: 'React 19 (fe-elements/react)', checker: tsc, tsconfig: join(fixtures, 'tsconfig.json'), file: join(fixtures, 'host-react.tsx'), marker: '@ts-expect-error' },
  {
    name: 'Vue (fe-elements/vue, vue-tsc)',
    checker: vueTsc,
    tsconfig: join(fixtures, 'vue/tsconfig.json'),
    file: join(fixtures, 'vue/host.vue'),
    marker: '<!-- @vue-expect-error',
  },
];

for (const c of cases) {
  test(`${c.name}: the host fixture type-checks (every expect-error marker is used)`, () => {
    assert.ok(existsSync(join(root, 'dist/types/elements/index.d.ts')), 'dist/types is missing: run `npm run build` first');
    const { status, output } = compile(c.checker, c.tsconfig);
    assert.equal(status, 0, output);
  });

  test(`${c.name}: negative control: without its markers, each marked line fails on the named mistake`, () => {
    const lines = readFileSync(c.file, 'utf8').split('\n');
    const markers = lines.flatMap((line, i) => (line.trim().startsWith(c.marker) || line.trim().startsWith(`{/* ${c.marker}`) ? [i] : []));
    assert.ok(markers.length >= 4, `${basename(c.file)} has at least 4 deliberate mistakes`);
    const copy = join(dirname(c.file), `.negative-${basename(c.file)}`);
    const config = join(dirname(c.tsconfig), '.negative-tsconfig.json');
    try {
      writeFileSync(copy, lines.filter((_, i) => !markers.includes(i)).join('\n'));
      const base = JSON.parse(readFileSync(c.tsconfig, 'utf8').replace(/^\s*\/\/.*$/gm, ''));
      writeFileSync(config, JSON.stringify({ ...base, files: [basename(copy)] }));
      const { status, output } = compile(c.checker, config);
      assert.notEqual(status, 0, output);
      markers.forEach((at, k) => {
        const mistake = /`([^`]+)`/.exec(lines[at])?.[1];
        assert.ok(mistake, `the marker on line ${at + 1} names its mistake in backticks`);
        const line = at - k + 1; // 1-based line of the marked code in the copy
        const errors = output.split(/\n(?=\S)/).filter((e) => e.includes(`${basename(copy)}(${line},`) && / error TS\d+/.test(e));
        const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
        assert.ok(
          errors.some((e) => squash(e).includes(squash(mistake))),
          `line ${at + 2} of ${basename(c.file)} (${lines[at].trim()}) compiled without an error naming ${mistake}:\n${output}`,
        );
      });
    } finally {
      rmSync(copy, { force: true });
      rmSync(config, { force: true });
    }
  });
}
