/**
 * Express host with a server-side session (fe-elements/server):
 * - `feExpress` serves `/frontegg/*` (proxied to the identity API with the sealed
 *   access token), `/account/logout`, and with hosted login `/account/login` and
 *   `/oauth/callback`;
 * - pages are rendered with the user from `getSession` (first paint already
 *   signed in) and `renderSessionScript` for the elements: signed in, `/` greets the
 *   user ("Signed in as <email>") and `/admin` holds `<fe-admin-portal>`; signed out,
 *   both show `<fe-login-box>` (embedded login; with hosted login they redirect to
 *   `/account/login`), and `/account/*` the account pages in `<fe-routes>`;
 * - the page follows the elements' events with a full load, so the server renders it
 *   again: `fe-navigate` (after sign-in), `fe-login` restored from another tab's sign-in,
 *   `fe-logout` from this tab or another (`detail.remote`);
 * - "Sign out" is a form to `/account/logout` (works without scripts); with embedded
 *   login the page signs out through `<fe-app>.logout()` instead: the proxied logout
 *   clears the session cookie, and the other tabs hear of it;
 * - `GET /api/cases` is guarded by `requireAuthLevel({ maxAge: 300 })` (RFC 9470): a sign-in older than five
 *   minutes answers 401 with the step-up challenge; the home page's "Open the case files" calls it through
 *   `stepUpFetch(fetch, { dialog: true })`, which shows `<fe-step-up>` in a dialog and sends the call again once the
 *   user confirmed (no reload);
 * - themed with `--fe-*` custom properties (primary #0f766e);
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
import { configFromEnv, feExpress, renderSessionScript, requireAuthLevel } from '../../dist/server.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The page's own styles: the examples' shared layout (examples/host.css) and this host's theme. */
const HOST_CSS = join(here, '..', 'host.css');

/**
 * What a path shows: `home` and `admin` (the portal) to a signed-in user; to a signed-out one the login box in their
 * place (`login`), or on `/account/*` the account page of that path (`account`: sign-up, reset password … in `<fe-routes>`).
 */
function viewOf(path, session) {
  if (session) return path === '/admin' ? 'admin' : 'home';
  return path.startsWith('/account/') ? 'account' : 'login';
}

/**
 * The element scripts a view loads from the built library (`<fe-app>` is in every one); the home page loads the whole
 * set (`fe-elements`: the script API's `stepUpFetch` and `<fe-step-up>` for its dialog).
 */
const SCRIPTS = {
  home: ['fe-elements'],
  admin: ['fe-app', 'fe-admin-portal'],
  login: ['fe-app', 'fe-login-box'],
  account: ['fe-app', 'fe-routes'],
};

/** The page's `<main>`: `name` and `email` of the signed-in user, HTML-escaped. */
function content(view, { name, email, path }) {
  switch (view) {
    case 'home':
      return `<section id="signed-in" class="panel" data-testid="signed-in" aria-labelledby="signed-in-title">
          <h2 id="signed-in-title">Welcome back, ${name}</h2>
          <p>Signed in as <strong data-testid="email">${email}</strong></p>
          <p><a href="/admin">Admin portal</a></p>
          <h3>Case files</h3>
          <p>Reading them needs a sign-in from the last five minutes: you may be asked to confirm it’s you.</p>
          <p><button type="button" id="open-cases" disabled>Open the case files</button></p>
          <output id="cases" for="open-cases" aria-live="polite"></output>
        </section>`;
    case 'admin':
      return `<section class="panel wide" aria-labelledby="admin-title">
          <h2 id="admin-title">Admin portal</h2>
          <p><a href="/">Back to the app</a></p>
          <fe-admin-portal></fe-admin-portal>
        </section>`;
    case 'account':
      return '<fe-routes></fe-routes>';
    default:
      // after the sign-in, back to this page (the login box's default: the home page)
      return path === '/admin' ? '<fe-login-box redirect-url="/admin"></fe-login-box>' : '<fe-login-box></fe-login-box>';
  }
}

/**
 * The home page's call of the guarded API: `stepUpFetch` answers its step-up challenge in a dialog on this page and
 * sends it again; a cancelled step-up rejects with `StepUpRequiredError`.
 */
const CASES_SCRIPT = `<script type="module">
      import { stepUpFetch, StepUpRequiredError } from '/dist/fe-elements.js';
      const api = stepUpFetch(fetch, { dialog: true });
      const out = document.getElementById('cases');
      const open = document.getElementById('open-cases');
      // enabled once this script runs (a click before would do nothing)
      open.disabled = false;
      open.addEventListener('click', async () => {
        out.textContent = 'Loading…';
        try {
          const res = await api('/api/cases');
          out.textContent = res.ok ? (await res.json()).cases.join(' · ') : \`The case files could not be opened (\${res.status}).\`;
        } catch (error) {
          out.textContent = error instanceof StepUpRequiredError ? 'You did not confirm it’s you: the case files stay closed.' : 'The case files could not be opened.';
        }
      });
    </script>`;

function page({ session, hostedLogin, path }) {
  const view = viewOf(path, session);
  const name = session ? escapeHtml(session.user.name ?? session.user.email ?? '') : '';
  const email = session ? escapeHtml(session.user.email ?? '') : '';
  // signed in: the name and a sign-out that works before the scripts run (a form to the server's logout route)
  const who = session
    ? `<strong id="user-name">${name}</strong>
          <form method="post" action="/account/logout" id="sign-out"><button type="submit">Sign out</button></form>`
    : hostedLogin
      ? '<a href="/account/login">Sign in</a>'
      : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Acme — fe-elements demo (Express, server session)</title>
    <link rel="stylesheet" href="/host.css" />
    <style>
      header { align-items: center; }
      header h1 { margin: 0; font-size: 1rem; }
      #who { display: flex; align-items: center; gap: 12px; }
      #who form { margin: 0; }
      #who button { font: inherit; min-height: 32px; padding: 0 12px; border-radius: 6px; border: 1px solid #fff; background: transparent; color: #fff; cursor: pointer; }
      header a { color: #fff; }
      fe-routes { display: block; width: 100%; max-width: 400px; }
      /* stepUpFetch's dialog: <fe-step-up>'s own card (light or dark, as the elements follow the colour scheme) and
         the Cancel button below it, on the backdrop */
      dialog.fe-step-up-dialog { border: 0; padding: 0; background: transparent; text-align: center; overflow: visible; }
      dialog.fe-step-up-dialog::backdrop { background: rgb(15 23 42 / 0.5); }
      .fe-step-up-dialog-cancel, #open-cases { font: inherit; min-height: 36px; padding: 0 16px; border-radius: 6px; cursor: pointer; }
      .fe-step-up-dialog-cancel { margin-top: 12px; border: 1px solid #0f766e; background: #fff; color: #0f766e; }
      #open-cases { border: 0; background: #0f766e; color: #fff; }
      /* theming: the elements read --fe-* custom properties, inherited through their shadow roots (plain CSS cannot
         derive the hover and active shades from the primary: set them too) */
      fe-app {
        --fe-color-primary: #0f766e;
        --fe-color-primary-hover: #115e59;
        --fe-color-primary-active: #134e4a;
        --fe-radius: 10px;
      }
    </style>
    ${renderSessionScript(session)}
    ${SCRIPTS[view].map((entry) => `<script type="module" src="/dist/${entry}.js"></script>`).join('\n    ')}
  </head>
  <body>
    <fe-app base-url="/" client-id="demo-client">
      <header>
        <h1>Acme</h1>
        <span id="who">${who}</span>
      </header>
      <main>
        ${content(view, { name, email, path })}
      </main>
    </fe-app>
    <script type="module">
      // the server rendered this page signed in or signed out: the host follows session changes with a full load,
      // so that the server renders the page again with the session cookie
      const signedIn = ${session ? 'true' : 'false'};
      const hostedLogin = ${hostedLogin ? 'true' : 'false'};
      // a session this page does not show yet, restored from another tab's sign-in (a sign-in on this page navigates
      // next: fe-navigate below)
      document.addEventListener('fe-login', (e) => {
        if (!signedIn && e.detail.restored) location.reload();
      });
      // the page is already leaving (a link, the server's logout route): that navigation goes on. With hosted login
      // the logout route ends the session and the refresh still in flight fails: a new navigation now would cut the
      // logout short before the hosted logout
      let leaving = false;
      addEventListener('beforeunload', () => (leaving = true));
      // signed out here (the sign-out button), or in another tab (detail.remote): the server already cleared the
      // session cookie, and renders the login box
      document.addEventListener('fe-logout', () => {
        if (signedIn && !leaving) location.assign('/');
      });
      // this page's navigations (after sign-in …): a full load; another origin (an SSO identity provider): the
      // elements check the URL and leave themselves
      document.addEventListener('fe-navigate', (e) => {
        if (e.defaultPrevented) return; // <fe-routes> switched account pages in place
        const url = new URL(e.detail.url, location.href);
        if (url.origin !== location.origin) return;
        e.preventDefault();
        location.assign(url.href);
      });
      // the sign-out: with embedded login through the elements (<fe-app>.logout(): the server's proxy ends the session
      // and clears its cookie, and the other tabs hear it); with hosted login the form goes to the server's logout
      // route, which also ends the session at the hosted login
      document.getElementById('sign-out')?.addEventListener('submit', (e) => {
        if (hostedLogin) return;
        e.preventDefault();
        void document.querySelector('fe-app').logout();
      });
    </script>
    ${view === 'home' ? CASES_SCRIPT : ''}
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
  // an API that needs a recent sign-in (RFC 9470 step-up): older than 5 minutes → 401 with the challenge
  app.get('/api/cases', requireAuthLevel({ maxAge: 300, server: fe }), (req, res) => {
    res.set('cache-control', 'no-store').json({ cases: ['The Pilot', 'Squeeze', 'Ice'], agent: req.feClaims.email });
  });
  app.get('/host.css', (req, res) => res.sendFile(HOST_CSS));
  app.get(/.*/, async (req, res, next) => {
    try {
      const session = await fe.getSession(req, res, { entitlements: false });
      // a protected page: with hosted login, signed-out visitors go to the login
      if (!session && hostedLogin && !req.path.startsWith('/account/')) return res.redirect(`/account/login?redirectUrl=${encodeURIComponent(req.originalUrl)}`);
      res
        .set('cache-control', 'no-store')
        .type('html')
        .send(page({ session, hostedLogin, path: req.path }));
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
