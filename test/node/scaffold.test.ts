import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { flowFiles, namesOf, writeFlow } from '../../scripts/new-flow.mjs';

/**
 * `npm run new:flow -- <name>` (issue "One shape for every flow", item 10):
 * the unit it writes builds (type-checks with the project) and its own tests
 * pass in Chromium — in a throwaway copy of the project, so the repository
 * is never touched.
 */
const repo = join(import.meta.dirname, '..', '..');
const COPIED = [
  'src',
  'elements',
  'machines',
  'stories',
  'test',
  'tools',
  'types',
  'scripts',
  'tsconfig.json',
  'package.json',
  'vite.config.ts',
  'web-test-runner.config.mjs',
  'custom-elements.json',
];

describe('npm run new:flow', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'fe-scaffold-'));
    for (const entry of COPIED) cpSync(join(repo, entry), join(root, entry), { recursive: true, filter: (src) => !src.includes('/test/e2e') && !src.includes('/node_modules') });
    symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
    // the browser tests reach the real emulator (web-test-runner.config.mjs starts it)
    symlinkSync(join(repo, 'emulator'), join(root, 'emulator'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('refuses names that are not kebab-case', () => {
    for (const bad of ['ExportData', 'export_data', '1st', 'export data', '']) assert.throws(() => namesOf(bad), /kebab-case/);
    assert.deepEqual(namesOf('export-data'), { kebab: 'export-data', camel: 'exportData', pascal: 'ExportData' });
  });

  it('writes the machine, actors, view, messages, element, states, story and test of the flow, named after it', () => {
    const written = writeFlow('export-data', root);
    const files = Object.keys(flowFiles('export-data'));
    assert.deepEqual(files.sort(), [
      'elements/fe-export-data.ts',
      'machines/export-data.actors.ts',
      'machines/export-data.machine.ts',
      'src/i18n/en-export-data.ts',
      'src/views/export-data/ExportDataView.tsx',
      'stories/export-data-states.ts',
      'stories/export-data.stories.ts',
      'test/export-data.test.ts',
    ]);
    assert.deepEqual(written.slice(0, files.length).sort(), files);
    for (const path of written) assert.ok(existsSync(join(root, path)), path);
    assert.match(readFileSync(join(root, 'src/i18n/en.ts'), 'utf8'), /import\('\.\/en-export-data\.ts'\)\.enExportData;/);
    assert.match(readFileSync(join(root, 'stories/support/flows.ts'), 'utf8'), /defineFlowStory\('fe-export-data-story', exportDataFlow\);/);
    assert.throws(() => writeFlow('export-data', root), /exists already/);
  });

  it('the scaffolded flow type-checks with the project', () => {
    const tsc = spawnSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'], { cwd: root, encoding: 'utf8' });
    const mine = (tsc.stdout + tsc.stderr).split('\n').filter((l) => /export-data|ExportData/i.test(l));
    assert.deepEqual(mine, [], 'no type error in the scaffolded files');
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  });

  it('its own tests pass in Chromium (machine, axe per state)', { timeout: 240_000 }, () => {
    const port = 8600 + Math.floor(Math.random() * 200) * 2;
    const wtr = spawnSync(
      process.execPath,
      [join(repo, 'node_modules/@web/test-runner/dist/bin.js'), '--config', 'web-test-runner.config.mjs', '--files', 'test/export-data.test.ts'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, WTR_PORT: String(port), WTR_EMULATOR_PORT: String(port + 1), NO_COLOR: '1', FORCE_COLOR: '0' },
        timeout: 230_000,
      },
    );
    const out = stripVTControlCharacters(wtr.stdout + wtr.stderr);
    const counts = [...out.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
    assert.ok(counts, out.slice(-2000));
    assert.equal(Number(counts[2]), 0, out.slice(-3000));
    assert.equal(Number(counts[1]), 6, 'two machine tests and four states');
  });
});
