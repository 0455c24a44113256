/**
 * The host server of the framework examples (examples/react, examples/vue, …): serves a built single-page
 * app (Vite's `dist/`) and forwards the identity API paths to the emulator, like the plain-HTML demo
 * (architecture "Cookies and origins": the refresh cookie is first-party). Any path that is not a file of
 * the build gets `index.html`, so the app's own routes (`/admin`) survive a reload.
 *
 * CLI: `node tools/spa-host.js <dir>`; env DEMO_PORT (default 5175), EMULATOR_URL (default http://127.0.0.1:8787).
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isApiPath, proxyRequest } from './proxy.js';
import { contentType, fileIn } from './static-files.js';

/** Starts the host for the build in `dir`; resolves with its URL and a stop function. */
export function startSpaHost({ dir, port = Number(process.env.DEMO_PORT ?? 5175), emulatorUrl = process.env.EMULATOR_URL ?? 'http://127.0.0.1:8787' }) {
  const root = resolve(dir);
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (isApiPath(path)) return proxyRequest(req, res, emulatorUrl);
    // a file of the build, else the app (its router owns the path); a missing asset is a 404
    const file = (await fileIn(root, path)) ?? (extname(path) ? null : join(root, 'index.html'));
    try {
      if (!file) throw new Error('not found');
      const body = await readFile(file);
      const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store';
      res.writeHead(200, { 'content-type': contentType(file), 'cache-control': cache, 'x-content-type-options': 'nosniff' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    }
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () =>
      done({
        url: `http://127.0.0.1:${server.address().port}`,
        stop: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  const { url } = await startSpaHost({ dir });
  console.log(`Example host (${dir}): ${url}`);
}
