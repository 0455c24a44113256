/**
 * A local OpenID Connect provider for tests and the demo (panva's
 * oidc-provider): authorization code flow with PKCE required (S256),
 * confidential clients (client_secret_basic), RS256 id_tokens that carry
 * `email`, `email_verified` and `name` (scopes openid email profile) and, for an
 * account given `groups`, a `groups` claim (scope profile), and a
 * simple sign-in page (email, "Sign in" / "Cancel"; consent is granted with
 * the sign-in). Cancel answers the client `error=access_denied`.
 *
 * It stands in for GitHub, Google … (social login) and for a company IdP
 * (OIDC SSO) on the very same code path as the real ones.
 *
 * @example
 * const idp = await startOidcIdp({
 *   clients: [{ client_id: 'github-client', client_secret: 's3cret', redirect_uris: ['http://127.0.0.1:5173/account/social/success'] }],
 *   accounts: [{ email: 'ann@example.test', name: 'Ann' }],
 * });
 * // idp.issuer …; then: await idp.close();
 */
import http from 'node:http';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';
import { esc, page, readForm } from './idp-page.js';

/**
 * Starts the provider on 127.0.0.1 (`port` 0: a free port).
 * @param {{
 *   port?: number,
 *   clients?: { client_id: string, client_secret: string, redirect_uris: string[] }[],
 *   accounts?: { email: string, name?: string, emailVerified?: boolean, groups?: string[] }[],
 * }} opts accounts' `emailVerified` defaults to true; `groups` become the id_token's `groups` claim
 * @returns {Promise<{ issuer: string, close(): Promise<void>, signIn(authorizeUrl: string, email: string | null): Promise<URL> }>}
 */
export async function startOidcIdp({ port = 0, clients = [], accounts = [] } = {}) {
  let provider;
  const server = http.createServer((req, res) =>
    handle(req, res).catch((e) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`IdP error: ${e?.message ?? e}`);
    }),
  );
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;

  const byId = (id) => accounts.find((a) => a.email.toLowerCase() === id);
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  provider = new Provider(issuer, {
    clients: clients.map((c) => ({ grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic', ...c })),
    async findAccount(_ctx, id) {
      const a = byId(id);
      if (!a) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: a.email, email_verified: a.emailVerified ?? true, name: a.name ?? a.email.split('@')[0], ...(a.groups ? { groups: a.groups } : {}) };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    conformIdTokenClaims: false, // the id_token carries the scopes' claims (email, name)
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: { Interaction: 600, Grant: 3600, Session: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] },
  });
  const callback = provider.callback();

  async function finishLogin(req, res, details, accountId) {
    const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', issuer);
    const m = /^\/interaction\/([^/]+)(?:\/(login|abort))?$/.exec(url.pathname);
    if (!m) return callback(req, res);
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET' && !m[2]) {
      if (details.prompt.name === 'consent' && details.session?.accountId) return finishLogin(req, res, details, details.session.accountId);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(
        page(
          'Sign in — test OIDC provider',
          `<form method="post" action="/interaction/${esc(details.uid)}/login">
<h1>Test OIDC provider</h1>
<label>Email <input name="email" type="email" autocomplete="username" required></label>
<button type="submit">Sign in</button>
<button type="submit" formaction="/interaction/${esc(details.uid)}/abort" formnovalidate>Cancel</button>
</form>`,
        ),
      );
    }
    if (req.method === 'POST' && m[2] === 'login') {
      const form = await readForm(req);
      const id = String(form.email ?? '')
        .trim()
        .toLowerCase();
      if (!byId(id)) {
        res.writeHead(401, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(page('Unknown account', '<p role="alert">Unknown account.</p>'));
      }
      return finishLogin(req, res, details, id);
    }
    if (req.method === 'POST' && m[2] === 'abort') {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in' }, { mergeWithLastSubmission: false });
    }
    res.writeHead(405);
    res.end();
  }

  /**
   * Drives a sign-in over HTTP as a browser would (for tests without a
   * browser): follows `authorizeUrl` through the sign-in page, signs in as
   * `email` (null: presses Cancel) and returns the client's callback URL
   * (with `code` and `state`, or `error`).
   */
  async function signIn(authorizeUrl, email) {
    const jar = new Map();
    const send = async (target, init = {}) => {
      const r = await fetch(target, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const sc of r.headers.getSetCookie()) {
        const [pair] = sc.split(';');
        const i = pair.indexOf('=');
        jar.set(pair.slice(0, i).trim(), pair.slice(i + 1));
      }
      return r;
    };
    let target = new URL(authorizeUrl);
    let submitted = false;
    for (let hops = 0; hops < 12; hops++) {
      if (target.origin !== issuer) return target; // back at the client
      let r = await send(target);
      if (r.status === 200 && !submitted && /^\/interaction\//.test(target.pathname)) {
        await r.text();
        submitted = true;
        r = await send(new URL(`${target.pathname}/${email === null ? 'abort' : 'login'}`, issuer), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email: email ?? '' }),
        });
      }
      const location = r.headers.get('location');
      if (r.status < 300 || r.status >= 400 || !location) throw new Error(`IdP answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
      await r.arrayBuffer().catch(() => undefined);
      target = new URL(location, target);
    }
    throw new Error('too many redirects');
  }

  return {
    issuer,
    signIn,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
