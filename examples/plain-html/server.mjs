/**
 * The plain-HTML demo host: serves index.html (with its demo.css and demo.js) and the built library
 * (/dist) and forwards the identity API paths to the emulator, so the refresh cookie is first-party
 * (architecture "Cookies and origins").
 *
 * The page runs under a strict Content-Security-Policy (`DEMO_CSP`: no inline script or style,
 * everything from this origin); with Trusted Types on, `DEMO_CSP_TRUSTED_TYPES` (only the library's
 * `fe-elements` policy may create Trusted Types).
 *
 * Env: DEMO_PORT (default 5173), EMULATOR_URL (default http://127.0.0.1:8787), DEMO_PAGE (default
 * index.html; `hosted.html` serves the same page in hosted-login mode: its `<fe-app>` points at the
 * identity API's own origin, where the hosted session cookie lives, with `hosted-login-box`),
 * DEMO_TRUSTED_TYPES=1 (the Trusted Types policy), DEMO_CSP=0 (no CSP header).
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isApiPath, proxyRequest } from '../../tools/proxy.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const distDir = resolve(root, 'dist');
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.map': 'application/json' };

/** The page's strict Content-Security-Policy. */
export const DEMO_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/** The same with Trusted Types required (only the library's `fe-elements` policy). */
export const DEMO_CSP_TRUSTED_TYPES = `${DEMO_CSP}; require-trusted-types-for 'script'; trusted-types fe-elements`;

/**
 * The policy the page is served with. `connectOrigins`: other origins the page calls (hosted mode: the
 * identity API's origin, where `<fe-app base-url>` points), added to `connect-src`.
 */
export function demoCsp({ trustedTypes = false, connectOrigins = [] } = {}) {
  const policy = trustedTypes ? DEMO_CSP_TRUSTED_TYPES : DEMO_CSP;
  const extra = connectOrigins.filter((o) => o !== "'self'");
  return extra.length ? policy.replace("connect-src 'self'", `connect-src 'self' ${extra.join(' ')}`) : policy;
}

/** The host's own files besides index.html: served by exact path, nothing else of this folder. */
const OWN_FILES = new Map([
  ['/demo.css', join(here, 'demo.css')],
  ['/demo.js', join(here, 'demo.js')],
]);

/** The file of a `/dist/…` path inside the repo's dist/, or null (no way out of dist/). */
function distFile(path) {
  let rel;
  try {
    rel = decodeURIComponent(path.slice('/dist/'.length));
  } catch {
    return null;
  }
  if (rel.includes('\0')) return null;
  const file = resolve(distDir, rel);
  return file.startsWith(distDir + sep) && types[extname(file)] ? file : null;
}

/**
 * The demo page in hosted-login mode (sign-in §2 "Hosted login"): `/account/login` redirects to the
 * emulator's authorize endpoint, `/oauth/callback` completes it, `/account/logout` logs out there.
 */
function hostedMode(html, emulatorUrl) {
  return html
    .replace('<fe-app base-url="/" client-id="demo-client">', `<fe-app base-url="${emulatorUrl}" client-id="demo-client" hosted-login-box>`)
    .replace('(plain HTML)</title>', '(plain HTML, hosted login)</title>');
}

/**
 * The demo page on `fe-elements/lite` (issue 24): the same page with the sign-in elements of `dist/lite/` (Preact),
 * and without the admin portal, which lite does not have (its place says so).
 */
function liteMode(html) {
  return html
    .replace(/\n *<!-- the admin portal[^\n]*\n *<script type="module" src="\/dist\/fe-admin-portal\.js"><\/script>/, '')
    .replaceAll('src="/dist/', 'src="/dist/lite/')
    .replace('<fe-admin-portal></fe-admin-portal>', '<p id="no-portal">The admin portal needs the full fe-elements entry.</p>')
    .replace('(plain HTML)</title>', '(plain HTML, fe-elements/lite)</title>');
}

/**
 * Starts the demo server; resolves with its URL and a stop function.
 * `csp: false` serves the page without a CSP header; `trustedTypes: true` adds Trusted Types to it;
 * `lite: true` serves it on `fe-elements/lite` (`DEMO_LITE=1`).
 */
export function startDemo({
  port = Number(process.env.DEMO_PORT ?? 5173),
  emulatorUrl = process.env.EMULATOR_URL ?? 'http://127.0.0.1:8787',
  page = process.env.DEMO_PAGE ?? 'index.html',
  csp = process.env.DEMO_CSP !== '0',
  trustedTypes = process.env.DEMO_TRUSTED_TYPES === '1',
  lite = process.env.DEMO_LITE === '1',
} = {}) {
  const hosted = page === 'hosted.html';
  const policy = demoCsp({ trustedTypes, connectOrigins: hosted ? [new URL(emulatorUrl).origin] : [] });
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (isApiPath(path)) return proxyRequest(req, res, emulatorUrl);
    const file = path.startsWith('/dist/') ? distFile(path) : (OWN_FILES.get(path) ?? join(here, 'index.html'));
    try {
      if (!file) throw new Error('not found');
      let body = await readFile(file);
      const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
      if (extname(file) === '.html') {
        if (hosted) body = Buffer.from(hostedMode(body.toString('utf8'), emulatorUrl));
        if (lite) body = Buffer.from(liteMode(body.toString('utf8')));
        if (csp) headers['content-security-policy'] = policy;
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    }
  });
  return new Promise((done) => {
    server.listen(port, '127.0.0.1', () => done({ url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => server.close(() => r())) }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startDemo();
  console.log(`Demo host: ${url}`);
}
