import http from 'node:http';

/**
 * Paths that the host's same-origin proxy sends to the identity API (architecture "Cookies and origins"):
 * the API (`/frontegg/*`, which has the OAuth token, silent authorize and logout), the JWKS, the emulator's
 * hosted login (`/oauth/authorize*`, `/oauth/logout`, `/hosted/`) and its test routes. Not the host's own
 * hosted-login callback (`/oauth/callback`): that page belongs to the host.
 */
export const API_PATHS = ['/frontegg/', '/.well-known/', '/oauth/authorize', '/oauth/logout', '/oauth/token', '/hosted/', '/_emulator'];

/** True when a request path belongs to the identity API. */
export function isApiPath(path) {
  return API_PATHS.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
}

/**
 * Forwards one request to `target` (e.g. http://127.0.0.1:8787) and streams
 * the answer back unchanged, Set-Cookie included, so the refresh cookie is
 * first-party for the host page.
 */
export function proxyRequest(req, res, target) {
  return new Promise((resolve) => {
    const url = new URL(req.url, target);
    const headers = { ...req.headers, host: url.host, 'x-forwarded-host': req.headers.host ?? '', 'x-forwarded-proto': 'http' };
    const upstream = http.request(url, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', resolve);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: ['The identity API is not reachable'] }));
      resolve();
    });
    req.pipe(upstream);
  });
}

/**
 * The same forwarding for a Vite dev server (`server.proxy` / `preview.proxy` of an example's vite.config):
 * every identity API path to `target`, with the `X-Forwarded-*` headers.
 */
export function viteProxy(target = process.env.EMULATOR_URL ?? 'http://127.0.0.1:8787') {
  return Object.fromEntries(API_PATHS.map((path) => [path, { target, changeOrigin: true, xfwd: true }]));
}
