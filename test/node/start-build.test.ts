/**
 * `npm start` builds what `npm run build` builds (issue 15 item 3; it used to drop the `fe-elements/server`
 * entry): scripts/start.mjs runs the build script's JavaScript steps, here into a temporary folder
 * (`--build-only --out-dir`), and the result has the same files as dist/ from `npm run build` (chunk hashes
 * aside), the type declarations (dist/types) excepted: start leaves those to `npm run build`.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');

/** The files under `dir` (dist/types left out), with content hashes taken out of the names, sorted. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith('types/'))
    .map((f) => (f.startsWith('chunks/') ? f.replace(/-[\w-]{8}(\.\w+)$/, '$1') : f))
    .sort();
}

test(
  'scripts/start.mjs builds the same JavaScript entries and chunks as `npm run build`, the server entry included',
  { skip: !existsSync(join(dist, 'server.js')) && 'dist/ not built: run `npm run build` first', timeout: 180_000 },
  () => {
    const out = mkdtempSync(join(tmpdir(), 'fe-start-build-'));
    try {
      execFileSync(process.execPath, ['scripts/start.mjs', '--build-only', '--out-dir', out], { cwd: root, stdio: 'pipe' });
      const started = files(out);
      assert.ok(started.includes('server.js') && started.includes('entitlements.js') && started.includes('fe-login-box.js'), started.join(', '));
      assert.deepEqual(started, files(dist));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
);
