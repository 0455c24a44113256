/**
 * `fe-elements/lite` as built (issue 24): the sign-in elements on preact/compat, with no React in any of its files;
 * its login box renders its first input from the built files alone; and loading both entries on one page is a
 * console error naming both, whichever loads first (the first one's elements stay); the lite portal renders on the lite
 * app (issue 30 item 8), and an element of one entry inside the other's `<fe-app>` gets no app and a console error
 * naming both. Needs `npm run build` first.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { contentType, fileIn } from '../../tools/static-files.js';
import { DEVELOPMENT_TAGS } from './exports.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const skip = !existsSync(join(root, 'dist/lite/fe-elements.js')) && 'dist/lite not built: run `npm run build` first';
/** The sign-in tags (the lite main entry's): every tag of the manifest but the admin ones and the development ones. */
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as { modules: { declarations?: { tagName?: string }[] }[] };
const SIGN_IN_TAGS = manifest.modules
  .flatMap((m) => m.declarations ?? [])
  .flatMap((d) => (d.tagName && !d.tagName.startsWith('fe-admin') && !DEVELOPMENT_TAGS.includes(d.tagName) ? [d.tagName] : []));

let server: Server;
let url: string;
let browser: Browser;

before(async () => {
  if (skip) return;
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    // no identity API here: every call is "no session", the first input must not need one
    if (path.startsWith('/frontegg/')) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"errors":["no session"]}');
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>lite</title>');
    void fileIn(root, path).then((file) =>
      file && path.startsWith('/dist/') ? res.writeHead(200, { 'content-type': contentType(file) }).end(readFileSync(file)) : res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  url = `http://127.0.0.1:${address.port}/`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('no file of dist/lite holds React or react-dom', { skip }, () => {
  assert.equal(SIGN_IN_TAGS.length, 15, 'fifteen sign-in tags');
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : [join(dir, d.name)]));
  for (const file of files(join(root, 'dist/lite')).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(file, 'utf8');
    // React 19's element tag and react-dom's internals name
    assert.doesNotMatch(code, /react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE/, `${file} has no React in it`);
  }
});

/**
 * Opens a page (its body `body`), imports `scripts` in order and returns the console errors, the page errors and
 * `evaluate`'s result.
 */
async function load<T>(scripts: string[], evaluate: string, body = ''): Promise<{ errors: string[]; result: T }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.evaluate((body) => void (document.body.innerHTML = body), body);
  for (const src of scripts) await page.evaluate((src) => import(src).then(() => undefined), src);
  const result = (await page.evaluate(evaluate)) as T;
  await page.close();
  return { errors, result };
}

test('the lite login box renders its first input from the built files (dist/lite/fe-login-box.js)', { skip }, async () => {
  const { errors, result } = await load<boolean>(
    ['/dist/lite/fe-login-box.js'],
    `(async () => {
      document.body.innerHTML = '<fe-app base-url="${url.slice(0, -1)}"><fe-login-box></fe-login-box></fe-app>';
      const box = document.querySelector('fe-login-box');
      for (let i = 0; i < 200 && !box.querySelector('input[name=email]'); i++) await new Promise((r) => setTimeout(r, 25));
      return !!box.querySelector('input[name=email]');
    })()`,
  );
  assert.equal(result, true, 'the email input appears');
  assert.deepEqual(errors, []);
});

for (const [first, second] of [
  ['fe-elements', 'fe-elements/lite'],
  ['fe-elements/lite', 'fe-elements'],
]) {
  test(`${first} then ${second} on one page: a console error per sign-in tag naming both; ${first}'s elements stay`, { skip }, async () => {
    const file = (entry: string) => (entry === 'fe-elements' ? '/dist/fe-elements.js' : '/dist/lite/fe-elements.js');
    const { errors, result } = await load<Record<string, string | undefined>>(
      [file(first), file(second)],
      `Object.fromEntries(${JSON.stringify(SIGN_IN_TAGS)}.map((tag) => [tag, customElements.get(tag)?.fe]))`,
    );
    assert.deepEqual(result, Object.fromEntries(SIGN_IN_TAGS.map((tag) => [tag, first])), `every sign-in tag is ${first}'s`);
    assert.deepEqual(errors.toSorted(), SIGN_IN_TAGS.map((tag) => `<${tag}> is defined by ${first}: do not load ${second} too`).toSorted());
  });
}

/** What the portal shows after a while: its shadow root's text (or nothing, undefined). */
const portalText = `new Promise((r) => setTimeout(r, 1500)).then(() => document.querySelector('fe-admin-portal').shadowRoot?.textContent ?? '')`;
/** The console error of an element of one entry inside an `<fe-app>` of the other (elements/internal/one-entry.ts). */
const otherEntry = (tag: string, entry: string, app: string) => `<${tag}> is defined by ${entry}: the <fe-app> of ${app} does not give it its app (load one entry per page)`;

test('issue 30 item 8: the lite portal renders from the built files (dist/lite/fe-admin-portal.js) on the lite <fe-app>, with its texts', { skip }, async () => {
  const { errors, result } = await load<string>(
    ['/dist/lite/fe-elements.js', '/dist/lite/fe-admin-portal.js'],
    portalText,
    `<fe-app base-url="/"><fe-admin-portal></fe-admin-portal></fe-app>`,
  );
  // no one signed in (no identity API here): the portal's own text, not a raw message key
  assert.equal(result, 'Sign in to manage your account.');
  assert.deepEqual(errors, []);
});

for (const [app, portal] of [
  ['fe-elements/lite', 'fe-elements'],
  ['fe-elements', 'fe-elements/lite'],
]) {
  test(`${app}, then the fe-admin-portal of ${portal}: ${app}'s <fe-app> does not give it its app, and the errors name both`, { skip }, async () => {
    const dist = (entry: string, file: string) => (entry === 'fe-elements' ? `/dist/${file}` : `/dist/lite/${file}`);
    const { errors, result } = await load<string>(
      [dist(app, 'fe-login-box.js'), dist(portal, 'fe-admin-portal.js')],
      portalText,
      // preview: the portal would render canned data at once if it got the app
      `<fe-app preview base-url="/"><fe-admin-portal></fe-admin-portal></fe-app>`,
    );
    assert.doesNotMatch(result, /admin\./, `no raw message keys of a portal running on ${app}'s app`);
    const refused = otherEntry('fe-admin-portal', portal, app);
    assert.equal(errors.filter((e) => e === refused).length, 1, `once per element: ${errors.join('\n')}`);
    // the portal's module brings its own <fe-app> along: refused too, by name
    assert.ok(errors.includes(`<fe-app> is defined by ${app}: do not load ${portal} too`), errors.join('\n'));
  });
}

test('a tag the page defined itself: a console error naming "another script"', { skip }, async () => {
  const { errors } = await load<void>([`data:text/javascript,customElements.define('fe-login-box', class extends HTMLElement {})`, '/dist/lite/fe-login-box.js'], 'undefined');
  assert.deepEqual(errors, ['<fe-login-box> is defined by another script: do not load fe-elements/lite too']);
});
