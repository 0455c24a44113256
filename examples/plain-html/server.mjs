/**
 * The plain-HTML demo host: serves index.html and the built library (/dist)
 * and forwards the identity API paths to the emulator, so the refresh cookie
 * is first-party (architecture "Cookies and origins").
 *
 * Env: DEMO_PORT (default 5173), EMULATOR_URL (default http://127.0.0.1:8787), DEMO_PAGE (default
 * index.html; hosted.html = hosted login, whose `%EMULATOR_URL%` is replaced by the emulator's URL).
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isApiPath, proxyRequest } from '../../tools/proxy.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.map': 'application/json' };

/** Starts the demo server; resolves with its URL and a stop function. */
export function startDemo({ port = Number(process.env.DEMO_PORT ?? 5173), emulatorUrl = process.env.EMULATOR_URL ?? 'http://127.0.0.1:8787', page = process.env.DEMO_PAGE ?? 'index.html' } = {}) {
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (isApiPath(path)) return proxyRequest(req, res, emulatorUrl);
    const file = path.startsWith('/dist/') ? join(root, normalize(path).replace(/^(\.\.[/\\])+/, '')) : join(here, page === 'hosted.html' ? 'hosted.html' : 'index.html');
    try {
      let body = await readFile(file);
      if (extname(file) === '.html') body = Buffer.from(body.toString('utf8').replaceAll('%EMULATOR_URL%', emulatorUrl));
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
