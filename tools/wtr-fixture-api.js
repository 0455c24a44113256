/**
 * A tiny fixture HTTP API for the API-client tests (test/api-client.test.ts,
 * test/api-auth.test.ts). It runs inside the WTR dev server as a Koa
 * middleware, same origin as the test page, and answers only under `/__fixture/`:
 *
 * - `/__fixture/frontegg/status/:code?body=<kind>` — answers `:code` with a body of
 *   kind `invalid` (non-JSON text), `errors` (JSON with an `errors` array,
 *   `errorCode`, `context`, `errorCodes`), `string` (a JSON string), `message`
 *   (`{message}`), `null` (JSON null), `errorsNotArray` (`{errors: 'x'}`),
 *   `emptyErrors` (`{errors: []}`), `empty` (no bytes), `json` (`{ok: true}`),
 *   or `text` (plain text). 204 never has a body.
 * - `/__fixture/frontegg/echo…` and `/__fixture/echo/**` — echoes method, path,
 *   query, headers, body and the Cookie header as JSON.
 * - `/__fixture/frontegg/redirect302?to=<url>` — a 302 WITHOUT a Location header
 *   (so fetch does not follow it) whose text body is the target address.
 * - `/__fixture/frontegg/flaky?key=<k>&failures=<n>` — 503 for the first n calls
 *   per key, then 200 `{ok: true, attempt}`.
 * - `/__fixture/frontegg/metadata?entityName=adminBox` — `{rows: [{configuration}]}`;
 *   `/__fixture/empty/frontegg/metadata` — `{rows: []}`.
 * - `/__fixture/frontegg/vendors/public` — vendor info without `whiteLabelMode`.
 * - `/__fixture/frontegg/identity/resources/auth/v2/user/sso/prelogin` — SSO address
 *   for emails ending in `@sso.test`, 404 otherwise.
 * - `/__fixture/slow?ms=<n>` — `{}` after n ms (at most 5000): a slow metadata override, to observe the
 *   application loading order.
 * - `/__fixture/overrides` — a metadata override document that reports
 *   whether a cookie / an Authorization header reached it.
 *
 * - `/__fixture/hostile/<base64url of U>/frontegg/…` — an API that hands out the URL U
 *   wherever the browser is told to navigate (security tests): the SSO pre-login answers
 *   `{address: U}`, the social providers (`sso/v2`) list an active github whose
 *   `authorizationUrl` is U, the custom providers (`sso/custom/v1`) one "Evil ID" with U;
 *   anything else 404.
 * - `/__fixture/no-entitlements/frontegg/…` — the real emulator (the request goes on to the
 *   next middleware, prefix removed), except that the user entitlements call answers 500:
 *   a failed entitlement load.
 * - `/__fixture/frontegg/needs-token?token=<t>` — 401 `{errors: ['Unauthorized']}` unless the
 *   Authorization header is `Bearer <t>` (default `fresh`), then `{ok: true, authorization}`:
 *   the client's refresh on 401.
 *
 * Every answer carries `frontegg-trace-id: trace-<n>`.
 */

let traceCounter = 0;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Creates the middleware; each instance keeps its own flaky counters. */
export function createFixtureApi() {
  const flaky = new Map();

  return async function fixtureApi(ctx, next) {
    if (!ctx.path.startsWith('/__fixture/')) return next();
    if (ctx.path.startsWith('/__fixture/no-entitlements/')) {
      ctx.url = ctx.url.slice('/__fixture/no-entitlements'.length);
      if (!ctx.path.startsWith('/frontegg/entitlements/')) return next();
      ctx.respond = false;
      ctx.res.writeHead(500, { 'content-type': 'application/json' });
      ctx.res.end(JSON.stringify({ errors: ['Entitlements are down'] }));
      return;
    }
    const res = ctx.res;
    const traceId = `trace-${++traceCounter}`;
    ctx.respond = false;

    /** Sends a raw answer (no Koa body handling, so status, headers and bytes are exact). */
    const send = (status, body, type = 'application/json', extraHeaders = {}) => {
      const headers = { 'frontegg-trace-id': traceId, 'cache-control': 'no-store', ...extraHeaders };
      if (body !== undefined && body !== null) headers['content-type'] = type;
      res.writeHead(status, headers);
      res.end(body ?? undefined);
    };
    const json = (status, value) => send(status, JSON.stringify(value));

    const path = ctx.path.slice('/__fixture'.length);
    const query = ctx.query;

    if (path === '/frontegg/echo' || path.startsWith('/frontegg/echo/') || path.startsWith('/echo/')) {
      const text = await readBody(ctx.req);
      let body = null;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      return json(200, {
        method: ctx.method,
        path: ctx.path,
        query,
        headers: ctx.headers,
        headerNames: ctx.req.rawHeaders.filter((_, i) => i % 2 === 0).map((h) => h.toLowerCase()),
        body,
        bodyText: text,
        hasBody: text.length > 0,
        cookie: ctx.headers.cookie ?? null,
      });
    }

    const status = /^\/frontegg\/status\/(\d{3})$/.exec(path);
    if (status) {
      await readBody(ctx.req);
      const code = Number(status[1]);
      if (code === 204) return send(204);
      switch (query.body) {
        case 'invalid':
          return send(code, '<html>upstream exploded</html>', 'text/html');
        case 'text':
          return send(code, 'plain text answer', 'text/plain');
        case 'errors':
          return json(code, {
            errors: ['First problem', 'Second problem'],
            errorCode: 'ER-01001',
            context: { field: 'email' },
            errorCodes: ['ER-01001', 'ER-01002'],
          });
        case 'string':
          return json(code, 'A plain string error');
        case 'message':
          return json(code, { message: 'This message is ignored', errorCode: 'ER-MSG' });
        case 'null':
          return send(code, 'null');
        case 'errorsNotArray':
          return json(code, { errors: 'not an array' });
        case 'emptyErrors':
          return json(code, { errors: [] });
        case 'empty':
          return send(code, '', 'application/json');
        case 'json':
        default:
          return json(code, { ok: true, status: code });
      }
    }

    const hostile = /^\/hostile\/([A-Za-z0-9_-]+)\/frontegg(\/.*)$/.exec(path);
    if (hostile) {
      const url = Buffer.from(hostile[1], 'base64url').toString('utf8');
      const rest = hostile[2];
      if (rest === '/identity/resources/auth/v2/user/sso/prelogin') return json(200, { address: url, idpType: 'saml', addressType: 'sso' });
      if (rest === '/identity/resources/sso/v2') return json(200, [{ type: 'github', clientId: 'evil', redirectUrl: '', active: true, authorizationUrl: url }]);
      if (rest === '/identity/resources/sso/custom/v1')
        return json(200, { providers: [{ id: 'evil', type: 'custom', clientId: 'evil', redirectUrl: '', authorizationUrl: url, displayName: 'Evil ID', active: true }] });
      return json(404, { errors: ['Not found'] });
    }

    if (path === '/frontegg/redirect302') {
      return send(302, String(query.to ?? 'https://login.example.test/after-302'), 'text/plain');
    }

    if (path === '/frontegg/flaky') {
      const key = String(query.key ?? 'default');
      const failures = Number(query.failures ?? 2);
      const attempt = (flaky.get(key) ?? 0) + 1;
      flaky.set(key, attempt);
      if (attempt <= failures) return json(503, { errors: [`flaky failure ${attempt}`] });
      return json(200, { ok: true, attempt });
    }

    if (path === '/frontegg/metadata') {
      if (query.entityName !== 'adminBox') return json(200, { rows: [] });
      const origin = `${ctx.protocol}://${ctx.host}`;
      return json(200, {
        rows: [
          {
            id: 'meta-1',
            entityName: 'adminBox',
            configuration: {
              theme: { palette: { primary: { main: '#2255ee' } } },
              themeV2: { loginBox: { boxStyle: { borderRadius: '8px' } } },
              localizations: { en: { loginBox: { login: { title: 'Welcome back' } } } },
              navigation: { usersManagement: { visibility: 'always' } },
              integrations: { analytics: [{ id: 'ga', enabled: false }] },
              metadataOverrides: { url: `${origin}/__fixture/overrides` },
            },
          },
        ],
      });
    }
    if (path === '/empty/frontegg/metadata') return json(200, { rows: [] });

    if (path === '/frontegg/identity/resources/auth/v2/user/sso/prelogin') {
      let body;
      try {
        body = JSON.parse((await readBody(ctx.req)) || '{}') ?? {};
      } catch {
        body = {};
      }
      if (typeof body.email === 'string' && body.email.endsWith('@sso.test')) {
        const tenant = encodeURIComponent(body.tenantId ?? '');
        return json(200, { address: `https://idp.example.test/saml?tenant=${tenant}`, idpType: 'saml', addressType: 'sso' });
      }
      return json(404, { errors: ['SSO domain was not found'] });
    }

    if (path === '/frontegg/vendors/public') {
      return json(200, { name: 'Fixture Vendor', logo: 'https://cdn.example.test/logo.png', icon: 'https://cdn.example.test/icon.png' });
    }

    if (path === '/slow') {
      await new Promise((r) => setTimeout(r, Math.min(Number(ctx.query.ms ?? 1000), 5000)));
      return json(200, {});
    }

    if (path === '/overrides') {
      return json(200, {
        themeV2: { loginBox: { boxStyle: { borderRadius: '2px' } } },
        cookieSeen: Boolean(ctx.headers.cookie),
        authorizationSeen: Boolean(ctx.headers.authorization),
        contentTypeSeen: ctx.headers['content-type'] ?? null,
      });
    }

    if (path === '/frontegg/needs-token') {
      // 401 unless the bearer is `?token=` (default `fresh`): a call with an expired access token
      const authorization = ctx.headers.authorization ?? null;
      if (authorization !== `Bearer ${query.token ?? 'fresh'}`) return json(401, { errors: ['Unauthorized'] });
      return json(200, { ok: true, authorization });
    }

    return json(404, { errors: [`no fixture for ${ctx.method} ${ctx.path}`] });
  };
}

/** The middleware instance used by web-test-runner.config.mjs. */
export const fixtureApiMiddleware = createFixtureApi();
