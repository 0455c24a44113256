/**
 * The package installs clean (issue 15 item 3): `npm pack`, the tarball installed into an empty folder, then
 * every `exports` entry's files present in the installed package; `fe-elements/server` and
 * `fe-elements/entitlements` imported and used in Node; the type-only entries resolved by tsc; and each element
 * entry loaded as a module in Chromium (playwright-core, /usr/bin/chromium) from a static server over the
 * installed folder, defining its tags. Needs `npm run build` first (`npm test` builds before the node tests).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { contentType, fileIn } from '../../tools/static-files.js';
import { concreteExports, DEVELOPMENT_TAGS, type ExportTarget } from './exports.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, ExportTarget> };
const built = existsSync(join(root, 'dist/fe-elements.js')) && existsSync(join(root, 'dist/server.js')) && existsSync(join(root, 'dist/types'));
const skip = !built && 'dist/ not built: run `npm run build` first';
const dir = mkdtempSync(join(tmpdir(), 'fe-pack-'));
const app = join(dir, 'app');
const installed = join(app, 'node_modules/fe-elements');

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

before(() => {
  if (skip) return;
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], root)) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
  console.log(`tarball ${packed.filename}: ${(packed.size / 1024).toFixed(0)} kB packed, ${(packed.unpackedSize / 1024).toFixed(0)} kB unpacked, ${packed.entryCount} files`);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'pack-check', private: true, type: 'module' }));
  const started = Date.now();
  npm(['install', join(dir, packed.filename)], app);
  console.log(`installed into an empty folder in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('every exports entry of the installed package points at a file it contains; nothing of the sources ships', { skip }, () => {
  // the patterns (`./fe-*`, `./lite/fe-admin-*` …) expanded against the installed files: each element entry
  const entries = concreteExports(pkg.exports, installed);
  assert.ok(
    entries.some(([entry]) => entry === './lite/fe-admin-users'),
    'the section elements of both builds are served',
  );
  for (const [entry, target] of entries)
    for (const file of typeof target === 'string' ? [target] : Object.values(target)) assert.ok(existsSync(join(installed, file)), `${entry} → ${file}`);
  for (const absent of ['src', 'elements', 'emulator', 'test', 'node_modules/.bin']) assert.ok(!existsSync(join(installed, absent)), `${absent} is not in the package`);
});

test('fe-elements/server and fe-elements/entitlements import and work in plain Node from the installed package', { skip }, () => {
  const script = `
    const { createServerSession, applySetCookies } = await import('fe-elements/server');
    const { getFeatureEntitlements } = await import('fe-elements/entitlements');
    const fe = createServerSession({ baseUrl: 'https://auth.example.test', clientId: 'c', encryptionPassword: 'ab'.repeat(32), env: {} });
    const tokens = await fe.readTokens(new Headers({ cookie: applySetCookies('', await fe.sessionCookies({ accessToken: 'a', refreshToken: 'r' })) }));
    const bundle = { features: { reports: { linkedPermissions: [], expireTime: -1 } }, plans: {}, permissions: {} };
    const now = Date.now();
    console.log(JSON.stringify({ tokens, granted: getFeatureEntitlements(bundle, 'reports', { now }), missing: getFeatureEntitlements(bundle, 'exports', { now }) }));`;
  const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' }));
  assert.deepEqual(out.tokens, { accessToken: 'a', refreshToken: 'r' });
  assert.deepEqual(out.granted, { isEntitled: true });
  assert.deepEqual(out.missing, { isEntitled: false, justification: 'MISSING_FEATURE' });
});

test('the type entries resolve from the installed package (fe-elements and its dom, angular, react and vue entries, element patterns)', { skip }, () => {
  writeFileSync(
    join(app, 'host.ts'),
    `import type {} from 'fe-elements/dom';
import type {} from 'fe-elements/angular';
import type {} from 'fe-elements/react';
import type {} from 'fe-elements/vue';
import type { FeLoginEvent } from 'fe-elements';
import type { FeAdminUsersElement } from 'fe-elements/fe-admin-users';
import type { FeAdminPortalElement } from 'fe-elements/lite/fe-admin-portal';
export type Elements = [FeAdminUsersElement, FeAdminPortalElement];
const box = document.querySelector('fe-login-box');
box?.addEventListener('fe-login', (e: FeLoginEvent) => void e.detail.user.email);
// @ts-expect-error a misspelled detail field
box?.addEventListener('fe-login', (e) => void e.detail.usr);
`,
  );
  const options = { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM'], skipLibCheck: true, types: [] };
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['host.ts'] }));
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8' });
});

/** A static file server over `base` on 127.0.0.1 (a free port). */
async function serve(base: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    void fileIn(base, path === '/' ? '/index.html' : path).then((file) =>
      file ? res.writeHead(200, { 'content-type': contentType(file), 'cache-control': 'max-age=600' }).end(readFileSync(file)) : res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  return { server, url: `http://127.0.0.1:${address.port}` };
}

test('each element entry, loaded as a module in Chromium from the installed package, defines its tags', { skip, timeout: 120_000 }, async () => {
  const manifest = JSON.parse(readFileSync(join(installed, 'custom-elements.json'), 'utf8')) as { modules: { declarations?: { customElement?: boolean; tagName?: string }[] }[] };
  const allTags = manifest.modules.flatMap((m) => m.declarations ?? []).flatMap((d) => (d.customElement && d.tagName ? [d.tagName] : []));
  const entries = concreteExports(pkg.exports, installed).flatMap(([entry, target]) => {
    const js = typeof target === 'object' ? target.import : undefined;
    if (!js || entry === './server' || entry === './entitlements') return [];
    // `./lite`: the sign-in set (every tag but the admin ones); `./lite/<tag>`: that tag, on preact/compat; the
    // development elements are in neither set (an entry of their own only)
    const sets = allTags.filter((tag) => !DEVELOPMENT_TAGS.includes(tag));
    const tags = entry === '.' ? sets : entry === './lite' ? sets.filter((tag) => !tag.startsWith('fe-admin')) : [entry.replace(/^\.\/(lite\/)?/, '')];
    return [{ entry, js, tags }];
  });
  assert.ok(entries.length >= 54, `${entries.length} element entries`);
  writeFileSync(join(app, 'index.html'), '<!doctype html><title>pack check</title>');
  const { server, url } = await serve(app);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext();
    const check = async ({ entry, js, tags }: (typeof entries)[number]) => {
      const page = await context.newPage(); // a fresh registry per entry: the tags come from this entry alone
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url);
      const defined = await page.evaluate(
        async ({ src, tags }) => {
          await import(src);
          return tags.filter((tag) => customElements.get(tag) !== undefined);
        },
        { src: `/node_modules/fe-elements/${js.replace(/^\.\//, '')}`, tags },
      );
      assert.deepEqual(defined, tags, `${entry} (${js}) defines ${tags.join(', ')}`);
      assert.deepEqual(errors, [], `${entry}: no page errors`);
      await page.close();
    };
    const queue = [...entries];
    await Promise.all(
      [1, 2, 3, 4].map(async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await check(next);
      }),
    );
  } finally {
    await browser.close();
    server.close();
  }
});
