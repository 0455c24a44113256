/**
 * The plain-HTML demo host: serves index.html and the built library (/dist)
 * and forwards the identity API paths to the emulator, so the refresh cookie
 * is first-party (architecture "Cookies and origins").
 *
 * Env: DEMO_PORT (default 5173), EMULATOR_URL (default http://127.0.0.1:8787), DEMO_PAGE (default
 * index.html; `hosted.html` serves the same page in hosted-login mode: its `<fe-app>` points at the
 * identity API's own origin, where the hosted session cookie lives, with `hosted-login-box`).
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isApiPath, proxyRequest } from '../../tools/proxy.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.map': 'application/json' };

/**
 * The demo page in hosted-login mode (sign-in §2 "Hosted login"): `/account/login` redirects to the
 * emulator's authorize endpoint, `/oauth/callback` completes it, `/account/logout` logs out there.
 */
function hostedMode(html, emulatorUrl) {
  return html
    .replace('<fe-app base-url="/" client-id="demo-client">', `<fe-app base-url="${emulatorUrl}" client-id="demo-client" hosted-login-box>`)
    .replace('(plain HTML)</title>', '(plain HTML, hosted login)</title>');
}

/** Starts the demo server; resolves with its URL and a stop function. */
export function startDemo({ port = Number(process.env.DEMO_PORT ?? 5173), emulatorUrl = process.env.EMULATOR_URL ?? 'http://127.0.0.1:8787', page = process.env.DEMO_PAGE ?? 'index.html' } = {}) {
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (isApiPath(path)) return proxyRequest(req, res, emulatorUrl);
    const file = path.startsWith('/dist/') ? join(root, normalize(path).replace(/^(\.\.[/\\])+/, '')) : join(here, 'index.html');
    try {
      let body = await readFile(file);
      if (extname(file) === '.html' && page === 'hosted.html') body = Buffer.from(hostedMode(body.toString('utf8'), emulatorUrl));
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => server.close(() => r())) }),
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startDemo();
  console.log(`Demo host: ${url}`);
}
