import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { namesOf, sectionFiles } from '../../scripts/new-section.mjs';

/**
 * `npm run new:section -- <id>` (issue "Admin kit", item 2): the section it writes end to end — client, emulator
 * route and table, registered where the kit lists things — type-checks with the project, and its own tests pass:
 * the emulator route test on the emulator's real database, the section's browser test in Chromium against that
 * emulator. In a throwaway copy of the project, so the repository is never touched.
 */
const repo = join(import.meta.dirname, '..', '..');
const COPIED = [
  '.prettierrc.json',
  '.prettierignore',
  'src',
  'elements',
  'machines',
  'stories',
  'test',
  'tools',
  'types',
  'scripts',
  'emulator',
  'tsconfig.json',
  'package.json',
  'vite.config.ts',
  'web-test-runner.config.mjs',
  'custom-elements.json',
];
/** The environment of a child process: no colours, and not inside this test run (a child `node --test` runs its own files). */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  delete env.NODE_TEST_CONTEXT;
  return env;
}
const run = (cwd: string, args: string[], timeout = 120_000) => spawnSync(process.execPath, args, { cwd, encoding: 'utf8', timeout, env: childEnv() });

describe('npm run new:section', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'fe-section-'));
    for (const entry of COPIED)
      cpSync(join(repo, entry), join(root, entry), {
        recursive: true,
        filter: (src) => !src.includes('/test/e2e') && !src.includes('/node_modules') && !src.includes('/.data'),
      });
    symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
    symlinkSync(join(repo, 'emulator/node_modules'), join(root, 'emulator/node_modules'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('names a section by its registry id, kebab-case in files', () => {
    assert.deepEqual(namesOf('allAccounts'), {
      id: 'allAccounts',
      kebab: 'all-accounts',
      camel: 'allAccounts',
      pascal: 'AllAccounts',
      snake: 'all_accounts',
      upper: 'ALL_ACCOUNTS',
    });
    for (const bad of ['all-accounts', 'All', '1x', '']) assert.throws(() => namesOf(bad), /camelCase/);
  });

  it('writes the section end to end and registers it in the registry, the entries, the emulator and a generated migration', () => {
    const migrations = () => readdirSync(join(root, 'emulator/drizzle')).filter((f) => f.endsWith('.sql'));
    const before = migrations();
    const out = run(root, ['--import', 'tsx', 'scripts/new-section.mjs', 'webhooks']);
    assert.equal(out.status, 0, out.stdout + out.stderr);
    for (const path of Object.keys(sectionFiles('webhooks', { read: [], write: [] }))) assert.ok(existsSync(join(root, path)), path);
    assert.match(
      readFileSync(join(root, 'src/admin/shell/sections.ts'), 'utf8'),
      /webhooks: section\([\s\S]*?load: \(\) => import\('\.\.\/webhooks\/index\.ts'\),\s*messages: texts\('webhooks'\)/,
    );
    assert.match(readFileSync(join(root, 'elements/index.ts'), 'utf8'), /FeAdminWebhooksElement/);
    assert.ok(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports['./fe-admin-webhooks']);
    assert.match(readFileSync(join(root, 'emulator/src/app.ts'), 'utf8'), /app\.route\(API_PREFIX, adminWebhooksRoutes\)/);
    const added = migrations().filter((f) => !before.includes(f));
    assert.equal(added.length, 1, 'one generated migration');
    assert.match(readFileSync(join(root, 'emulator/drizzle', added[0]), 'utf8'), /CREATE TABLE "webhooks_items"/);
    // a built section is not written twice
    const again = run(root, ['--import', 'tsx', 'scripts/new-section.mjs', 'webhooks']);
    assert.notEqual(again.status, 0);
    assert.match(again.stderr, /built already/);
  });

  it('the scaffolded section type-checks with the project and the emulator', () => {
    for (const project of ['tsconfig.json', 'emulator/tsconfig.json']) {
      const tsc = run(root, [join(repo, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', project]);
      assert.equal(tsc.status, 0, `${project}: ${tsc.stdout}${tsc.stderr}`);
    }
  });

  it('its emulator route test passes on the real database', { timeout: 180_000 }, () => {
    const test = run(join(root, 'emulator'), ['--import', 'tsx', '--test', 'test/admin-webhooks.test.ts'], 170_000);
    const out = test.stdout + test.stderr;
    assert.match(out, /^# pass 2$/m, out.slice(-3000));
    assert.match(out, /^# fail 0$/m, out.slice(-3000));
  });

  it('its browser test passes in Chromium against the emulator (rows, search, add, read-only, no access, axe per state)', { timeout: 300_000 }, () => {
    const port = 8200 + Math.floor(Math.random() * 200) * 2;
    const wtr = spawnSync(
      process.execPath,
      [join(repo, 'node_modules/@web/test-runner/dist/bin.js'), '--config', 'web-test-runner.config.mjs', '--files', 'test/admin/webhooks.test.ts'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...childEnv(), WTR_PORT: String(port), WTR_EMULATOR_PORT: String(port + 1) },
        timeout: 290_000,
      },
    );
    const out = stripVTControlCharacters(wtr.stdout + wtr.stderr);
    const counts = [...out.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
    assert.ok(counts, out.slice(-2000));
    assert.equal(Number(counts[2]), 0, out.slice(-3000));
    assert.equal(Number(counts[1]), 7, 'three against the emulator, four designed states');
  });
});
