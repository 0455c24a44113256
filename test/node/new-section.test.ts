import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { atMarker, emulatorAreaOf, namesOf, sectionFiles, sectionMarkers } from '../../scripts/new-section.mjs';
import { SECTIONS } from '../../src/admin/shell/sections.ts';

/**
 * `npm run new:section -- <id>` (issue "Admin kit" item 2, issue 30 item 4): the section it writes from its templates
 * (scripts/templates/section/) — client, texts, emulator route and table — type-checks with the project, and its own
 * tests pass: the emulator route test on the emulator's real database, the section's browser test in Chromium against
 * that emulator. No test and no list needed an edit: existing files change only at their `// new:section` markers,
 * and the tests that read the registry (the navigation model, the portal, the emulator's 401 guarantee) pass with the
 * new section in it. A section whose API another route module serves (allAccounts: hierarchy.ts) gets the client side
 * only. In a throwaway copy of the project, so the repository is never touched.
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

/** The section the generator writes in the copy: built in the repository (issue 33), made unbuilt in the copy first. */
const SAMPLE = 'webhooks';
/** The registry entry of an unbuilt section: its marker, where the generator writes the entry (as before issue 33). */
const SAMPLE_MARKER = `// new:section ${SAMPLE} (npm run new:section -- ${SAMPLE} writes the section and its entry here)`;
/**
 * The built sample section's own files the templates do not write, removed with the templates' files (they import
 * its resource and API, which the generator writes anew in the scaffold's shape). Other parts that live in the
 * section's folder (issue 33's channels and reports panels, their own subfolders) stay. A file added to the section
 * that imports its resource or API belongs here: the copy's type-check names it otherwise.
 */
const SAMPLE_EXTRA = ['CallsLog.tsx', 'DeliveryView.tsx', 'LastCall.tsx', 'TestDialog.tsx', 'WebhookDeliveries.tsx', 'WebhookDialog.tsx', 'model.ts'].map(
  (file) => `src/admin/${SAMPLE}/${file}`,
);

/**
 * Makes section `id` unbuilt again in the copy at `root`, as it was before it was built: the files the generator
 * writes for it (client, texts, emulator route and test) and {@link SAMPLE_EXTRA} are removed, its registry entry
 * goes back to its marker (with `api: '<api>'` when given: its API is an area a route module serves already), and its
 * element's export and its emulator route's import and mount are taken out. The generator's proof needs a section no
 * one has built, and every section of the registry is built (issue 34); the repository itself is never touched.
 */
function unbuild(root: string, id: string, api?: string): void {
  const names = namesOf(id);
  const info = SECTIONS[id as keyof typeof SECTIONS];
  for (const path of [...Object.keys(sectionFiles(id, { read: [...info.permissions], write: [...info.write] })), ...SAMPLE_EXTRA]) rmSync(join(root, path), { force: true });
  const edit = (path: string, change: (text: string) => string) => {
    const before = readFileSync(join(root, path), 'utf8');
    const after = change(before);
    assert.notEqual(after, before, `${path}: the built ${id} section's lines are where the generator writes them`);
    writeFileSync(join(root, path), after);
  };
  edit('src/admin/shell/sections.ts', (text) =>
    text.replace(
      new RegExp(`^  ${id}: section\\('${id}', \\{\\n[\\s\\S]*?^  \\}\\),$`, 'm'),
      `  ${id}: section('${id}', {\n${api ? `    api: '${api}',\n` : ''}    ${SAMPLE_MARKER}\n  }),`,
    ),
  );
  edit('elements/index.ts', (text) => text.replace(`export { FeAdmin${names.pascal}Element } from './admin/fe-admin-${names.kebab}.ts';\n`, ''));
  edit('emulator/src/app.ts', (text) =>
    text.replace(`import { admin${names.pascal}Routes } from './routes/admin/${names.kebab}.ts';\n`, '').replace(`  app.route(API_PREFIX, admin${names.pascal}Routes);\n`, ''),
  );
}

/** Every file of the copy (not node_modules): path → content. */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = relative(root, join(entry.parentPath, entry.name));
    if (!entry.isFile() || /(^|\/)(node_modules|\.data)\//.test(path)) continue;
    files.set(path, readFileSync(join(root, path), 'utf8'));
  }
  return files;
}

/** What changed between two snapshots: files added, and files edited (with their text before and after). */
function changes(before: Map<string, string>, after: Map<string, string>) {
  const added = [...after.keys()].filter((p) => !before.has(p)).sort();
  const edited = [...after.keys()].filter((p) => before.has(p) && before.get(p) !== after.get(p)).sort();
  assert.deepEqual(
    [...before.keys()].filter((p) => !after.has(p)),
    [],
    'no file removed',
  );
  return { added, edited };
}

/**
 * Asserts that `next` is `previous` with lines added at its `// new:section` markers only: every line of `previous`
 * stays, in order, but the section's own marker (replaced by its entry), and every added line is one of `snippets`.
 */
function assertEditedAtMarkers(path: string, previous: string, next: string, snippets: string[], ownMarker: string) {
  const kept = previous.split('\n').filter((l) => l.trim() !== ownMarker);
  const lines = next.split('\n');
  const allowed = new Set(snippets.flatMap((s) => s.split('\n')).map((l) => l.trim()));
  let k = 0;
  for (const line of lines) {
    if (k < kept.length && line === kept[k]) k++;
    else assert.ok(allowed.has(line.trim()), `${path}: a line added outside a marker's snippet: ${JSON.stringify(line)}`);
  }
  assert.equal(k, kept.length, `${path}: a line changed or removed: ${JSON.stringify(kept[k])}`);
}

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
    unbuild(root, SAMPLE);
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

  it('puts a snippet at its marker only: above a kept marker, in place of a replaced one; no marker or two is an error', () => {
    const source = ['a', '  // new:section x (a note)', 'b'].join('\n');
    assert.equal(atMarker(source, { marker: '// new:section x', text: 'one\ntwo\n' }), ['a', '  one', '  two', '  // new:section x (a note)', 'b'].join('\n'));
    assert.equal(atMarker(source, { marker: '// new:section x', replace: true, text: 'one\n' }), ['a', '  one', 'b'].join('\n'));
    assert.throws(() => atMarker(source, { marker: '// new:section y', text: '' }), /no marker/);
    assert.throws(() => atMarker(`${source}\n// new:section x`, { marker: '// new:section x', text: '' }), /more than one marker/);
  });

  it('knows from the registry which emulator route module serves a section', () => {
    assert.deepEqual(emulatorAreaOf(repo, SECTIONS.allAccounts), { area: 'hierarchy', module: 'emulator/src/routes/admin/hierarchy.ts', served: true });
    // the sample section, unbuilt in the copy, has no route module there; built in the repository, it has one
    assert.equal(emulatorAreaOf(root, SECTIONS.webhooks).served, false);
    assert.equal(emulatorAreaOf(repo, SECTIONS.webhooks).served, true);
    assert.throws(() => emulatorAreaOf(repo, { ...SECTIONS.usage, api: 'nowhere' }), /no such module/);
    // every area the registry names is served
    for (const info of Object.values(SECTIONS)) if (info.api) assert.ok(emulatorAreaOf(repo, info).served, info.id);
  });

  it('writes the section from its templates, and changes existing files only at their markers (no test or list edited)', () => {
    const keys = { read: [...SECTIONS.webhooks.permissions], write: [...SECTIONS.webhooks.write] };
    const previous = snapshot(root);
    const out = run(root, ['--import', 'tsx', 'scripts/new-section.mjs', 'webhooks']);
    assert.equal(out.status, 0, out.stdout + out.stderr);
    const next = snapshot(root);
    const { added, edited } = changes(previous, next);
    // new files: the templates' files, and the table's migration generated by drizzle-kit
    const written = Object.keys(sectionFiles('webhooks', keys));
    assert.deepEqual(
      added.filter((p) => !p.startsWith('emulator/drizzle/')),
      [...written].sort(),
    );
    const migrations = added.filter((p) => /^emulator\/drizzle\/[^/]+\.sql$/.test(p));
    assert.equal(migrations.length, 1, 'one generated migration');
    assert.match(next.get(migrations[0])!, /CREATE TABLE "webhooks_items"/);
    // existing files: the marked ones, the element's export, drizzle-kit's journal (package.json: its exports patterns
    // serve the new element)
    assert.deepEqual(edited, ['elements/index.ts', 'emulator/drizzle/meta/_journal.json', 'emulator/src/app.ts', 'emulator/src/db/schema.ts', 'src/admin/shell/sections.ts']);
    const snippets = sectionMarkers('webhooks', keys);
    for (const path of ['emulator/src/app.ts', 'emulator/src/db/schema.ts', 'src/admin/shell/sections.ts'])
      assertEditedAtMarkers(
        path,
        previous.get(path)!,
        next.get(path)!,
        snippets.filter((s) => s.path === path).map((s) => s.text),
        SAMPLE_MARKER,
      );
    assert.match(
      next.get('src/admin/shell/sections.ts')!,
      /webhooks: section\('webhooks', \{\s*load: \(\) => import\('\.\.\/webhooks\/index\.ts'\),\s*messages: texts\('webhooks'\),\s*\}\)/,
    );
    assert.match(next.get('emulator/src/app.ts')!, /app\.route\(API_PREFIX, adminWebhooksRoutes\);\n\s*\/\/ new:section route-mounts/);
    assert.match(next.get('elements/index.ts')!, /export \{ FeAdminWebhooksElement \} from '\.\/admin\/fe-admin-webhooks\.ts';/);
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

  it('its emulator route test passes on the real database, and the kit’s 401 guarantee covers its module unedited', { timeout: 240_000 }, () => {
    const test = run(join(root, 'emulator'), ['--import', 'tsx', '--test', 'test/admin-webhooks.test.ts', 'test/admin-kit.test.ts'], 230_000);
    const out = test.stdout + test.stderr;
    assert.match(out, /^# fail 0$/m, out.slice(-3000));
    assert.match(out, /^ok \d+ - admin webhooks routes$/m, out.slice(-3000));
    // admin-kit.test.ts reads the modules from emulator/src/routes/admin/: the new one answers 401 without a token
    assert.match(out, /^ok \d+ - one guard per admin route group$/m, out.slice(-3000));
  });

  it('its browser test passes in Chromium against the emulator, and so do the registry’s and the portal’s, unedited', { timeout: 420_000 }, () => {
    // the run's own ports when given (WTR_PORT / WTR_EMULATOR_PORT, as web-test-runner.config.mjs), else a random pair
    const port = Number(process.env.WTR_PORT ?? 8200 + Math.floor(Math.random() * 200) * 2);
    const emulatorPort = Number(process.env.WTR_EMULATOR_PORT ?? port + 1);
    const wtr = (files: string[]) => {
      const child = spawnSync(process.execPath, [join(repo, 'node_modules/@web/test-runner/dist/bin.js'), '--config', 'web-test-runner.config.mjs', '--files', ...files], {
        cwd: root,
        encoding: 'utf8',
        env: { ...childEnv(), WTR_PORT: String(port), WTR_EMULATOR_PORT: String(emulatorPort) },
        timeout: 95_000,
      });
      return stripVTControlCharacters(child.stdout + child.stderr);
    };
    /** The run's closing counts (the reporter's last progress line, printed in every run): files, passed, failed. */
    const runFiles = (files: string[]) => {
      let out = wtr(files);
      // a run the browser interrupted (a page that left for about:blank on a loaded 2-core machine) is run once more,
      // as scripts/test.mjs retries a browser file; any other failure stands
      if (/Tests were interrupted/.test(out)) {
        process.stdout.write(`# the browser interrupted the first run; once more\n${out.slice(-1500).replace(/^/gm, '# ')}\n`);
        out = wtr(files);
      }
      const last = [...out.matchAll(/(\d+)\/(\d+) test files \| (\d+) passed, (\d+) failed/g)].at(-1);
      assert.ok(last, out.slice(-2000));
      return { files: Number(last[1]), of: Number(last[2]), passed: Number(last[3]), failed: Number(last[4]), out };
    };
    // the section's own file alone (its count is the run's: progress lines per file are not printed in every run)
    const own = runFiles(['test/admin/webhooks.test.ts']);
    assert.deepEqual([own.files, own.passed, own.failed], [1, 7, 0], `three against the emulator, four designed states\n${own.out.slice(-3000)}`);
    const others = runFiles(['test/admin/sections.test.ts', 'test/admin/portal.test.ts']);
    assert.equal(others.failed, 0, others.out.slice(-3000));
    assert.equal(others.files, 2, 'every file ran');
  });

  it('a section whose API a route module serves already (the registry names its area: webhooks on connectivity.ts in the copy) gets the client side only', () => {
    // every section is built (issue 34): the sample is made unbuilt once more, its registry entry naming an area the
    // emulator serves already (as allAccounts' named hierarchy.ts before it was built)
    unbuild(root, SAMPLE, 'connectivity');
    const previous = snapshot(root);
    const out = run(root, ['--import', 'tsx', 'scripts/new-section.mjs', SAMPLE]);
    assert.equal(out.status, 0, out.stdout + out.stderr);
    assert.match(out.stdout, /served by emulator\/src\/routes\/admin\/connectivity\.ts/);
    const { added, edited } = changes(previous, snapshot(root));
    const info = SECTIONS[SAMPLE];
    const keys = { read: [...info.permissions], write: [...info.write] };
    assert.deepEqual(added, Object.keys(sectionFiles(SAMPLE, keys, { parts: ['client', 'messages'] })).sort());
    assert.ok(!added.some((p) => p.startsWith('emulator/')) && !edited.some((p) => p.startsWith('emulator/')), 'no emulator module, table, mount or migration');
    assert.deepEqual(edited, ['elements/index.ts', 'src/admin/shell/sections.ts']);
    assert.match(readFileSync(join(root, 'src/admin/shell/sections.ts'), 'utf8'), /api: 'connectivity',\s*load: \(\) => import\('\.\.\/webhooks\/index\.ts'\)/);
    const tsc = run(root, [join(repo, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
    assert.equal(tsc.status, 0, `${tsc.stdout}${tsc.stderr}`);
  });
});
