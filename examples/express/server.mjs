/**
 * Express host with a server-side session (fe-elements/server):
 * - `feExpress` serves `/frontegg/*` (proxied to the identity API with the sealed
 *   access token), `/account/logout`, and with hosted login `/account/login` and
 *   `/oauth/callback`;
 * - pages are rendered with the user from `getSession` (first paint already
 *   signed in) and `renderSessionScript` for the elements;
 * - `/dist` is the built library (run `npm run build` at the repo root first).
 *
 * Env (see src/server/config.ts): FE_BASE_URL (default http://127.0.0.1:8787, the emulator),
 * FE_CLIENT_ID (default demo-client), FE_CLIENT_SECRET (default the emulator's demo-secret),
 * FE_ENCRYPTION_PASSWORD (64 hex; a random one per start when unset — sessions then end on restart),
 * FE_HOSTED_LOGIN (default false), DEMO_PORT (default 5174), DEMO_INSECURE_COOKIE=1 for plain http on a
 * host name other than localhost/127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import express from 'express';
// An app installs the package and imports 'fe-elements/server'; the example uses the repo's build.
import { configFromEnv, feExpress, renderSessionScript } from '../../dist/server.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function page({ session, hostedLogin }) {
  const name = session ? escapeHtml(session.user.name ?? session.user.email ?? '') : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Acme — fe-elements demo (Express, server session)</title>
    <style>
      :root { font-family: system-ui, sans-serif; background: #f3f4f6; }
      body { margin: 0; }
      header { display: flex; justify-content: space-between; align-items: center; padding: 12px 24px; background: #111827; color: #fff; }
      header a { color: #fff; }
      main { display: grid; place-items: center; padding: 48px 16px; }
      fe-routes { display: block; width: 100%; max-width: 400px; }
    </style>
    ${renderSessionScript(session)}
    <script type="module" src="/dist/fe-routes.js"></script>
  </head>
  <body>
    <fe-app base-url="/" client-id="demo-client">
      <header>
        <strong>Acme</strong>
        <span id="who">${session ? `Signed in as <strong id="user-name">${name}</strong> · <a href="/account/logout">Sign out</a>` : hostedLogin ? '<a href="/account/login">Sign in</a>' : ''}</span>
      </header>
      <main>
        ${session ? `<section id="signed-in"><h1>Welcome back, ${name}</h1></section>` : '<fe-routes></fe-routes>'}
      </main>
    </fe-app>
    <script type="module">
      // after an embedded sign-in the server holds the session: reload to render it
      document.addEventListener('fe-login', () => location.assign('/'));
      document.addEventListener('fe-navigate', (e) => {
        if (e.defaultPrevented) return;
        e.preventDefault();
        location.assign(e.detail.url);
      });
    </script>
  </body>
</html>`;
}

/** Starts the demo; resolves with its URL and a stop function. */
export function startDemo({ port = Number(process.env.DEMO_PORT ?? 5174), env = process.env } = {}) {
  const fe = feExpress(
    configFromEnv(
      {
        FE_BASE_URL: 'http://127.0.0.1:8787',
        FE_CLIENT_ID: 'demo-client',
        FE_CLIENT_SECRET: 'demo-secret',
        FE_ENCRYPTION_PASSWORD: randomBytes(32).toString('hex'),
        ...env,
      },
      { cookie: { secure: env.DEMO_INSECURE_COOKIE !== '1' } },
    ),
  );
  const hostedLogin = fe.server.config.hostedLogin;
  const app = express();
  app.disable('x-powered-by');
  app.use(fe); // /frontegg/*, /account/logout, (hosted) /account/login and /oauth/callback
  app.use('/dist', express.static(join(root, 'dist'), { fallthrough: false }));
  app.get(/.*/, async (req, res, next) => {
    try {
      const session = await fe.getSession(req, res, { entitlements: false });
      // a protected page: with hosted login, signed-out visitors go to the login
      if (!session && hostedLogin && !req.path.startsWith('/account/')) return res.redirect(`/account/login?redirectUrl=${encodeURIComponent(req.originalUrl)}`);
      res.set('cache-control', 'no-store').type('html').send(page({ session, hostedLogin }));
    } catch (error) {
      next(error);
    }
  });
  return new Promise((resolve) => {
    const server = app.listen(port, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => server.close(() => r())) }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startDemo();
  console.log(`Express demo host (server session): ${url}`);
}
