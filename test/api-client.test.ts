/**
 * API client core (src/api/client.ts, errors.ts, logger.ts, retry.ts) against the
 * fixture API of tools/wtr-fixture-api.js, in real Chromium. No fetch mocks.
 * The refresh on 401 also runs once against the real emulator (its clock).
 */
import { expect } from '@open-wc/testing';
import {
  buildUrl,
  createApiClient,
  createLogger,
  DEFAULT_ERROR_CODE,
  DEFAULT_LOG_LEVEL,
  DEFAULT_RETRY_ATTEMPTS,
  DEFAULT_RETRY_DELAY_MS,
  errorFromFetchResponse,
  FeApiError,
  GENERIC_ERROR_MESSAGE,
  LOG_LEVELS,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TOO_LARGE_MESSAGE,
  retry,
  type ApiClientConfig,
  type LogLevel,
} from '../src/api/index.ts';
import { SHOULD_STEP_UP } from '../src/auth/step-up.ts';
import { createFeApp } from '../src/app/index.ts';
import { scopedClient } from '../src/api/scoped-client.ts';

/** Calls the emulator (proxied under the test page's origin, tools/wtr-emulator.js). */
const emulator = (method: string, path: string, body?: unknown) =>
  fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((r) => {
    expect(r.ok, `${method} ${path}`).to.equal(true);
    return r;
  });
/** Moves the emulator's clock (what the API takes for now) by `offsetSeconds`. */
const setClock = (offsetSeconds: number) => emulator('PUT', '/_emulator/clock', { offsetSeconds });

const FIXTURE = `${location.origin}/__fixture`;

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  headerNames: string[];
  body: unknown;
  bodyText: string;
  hasBody: boolean;
  cookie: string | null;
}

const client = (extra: Partial<ApiClientConfig> = {}) => createApiClient({ baseUrl: FIXTURE, getLocationSearch: () => '', ...extra });

async function rejection(promise: Promise<unknown>): Promise<FeApiError> {
  try {
    await promise;
  } catch (error) {
    return error as FeApiError;
  }
  throw new Error('expected the promise to reject');
}

/** Runs `fn` with console.warn / console.error wrapped; returns what was printed. */
async function captureConsole(fn: () => Promise<unknown>): Promise<{ warns: unknown[][]; errors: unknown[][] }> {
  const warns: unknown[][] = [];
  const errors: unknown[][] = [];
  const { warn, error } = console;
  console.warn = (...args: unknown[]) => void warns.push(args);
  console.error = (...args: unknown[]) => void errors.push(args);
  try {
    await fn();
  } catch {
    /* the request is expected to fail */
  } finally {
    console.warn = warn;
    console.error = error;
  }
  return { warns, errors };
}

describe('api client: URLs and prefix', () => {
  it('SI-7.08 uses the default prefix "frontegg"', () => {
    expect(client().url('/identity/resources/users/v2/me')).to.equal(`${FIXTURE}/frontegg/identity/resources/users/v2/me`);
  });

  it('SI-7.08 urlPrefix "" still means "frontegg"; a custom prefix replaces it without double slashes', () => {
    expect(client({ urlPrefix: '' }).url('/flags')).to.equal(`${FIXTURE}/frontegg/flags`);
    expect(client({ urlPrefix: 'api' }).url('/flags')).to.equal(`${FIXTURE}/api/flags`);
    expect(client({ urlPrefix: 'api/' }).url('/flags')).to.equal(`${FIXTURE}/api/flags`);
  });

  it('SI-7.08 does not double the prefix when the base already ends with it (reference-client quirk fixed)', () => {
    expect(buildUrl('https://a.com/frontegg', undefined, '/flags')).to.equal('https://a.com/frontegg/flags');
    expect(buildUrl('https://a.com/frontegg/', undefined, '/flags')).to.equal('https://a.com/frontegg/flags');
    expect(buildUrl('https://a.com/', undefined, '/flags')).to.equal('https://a.com/frontegg/flags');
    expect(buildUrl('https://a.com', undefined, 'flags')).to.equal('https://a.com/frontegg/flags');
    expect(buildUrl('https://a.com/frontegg-x', undefined, '/flags')).to.equal('https://a.com/frontegg-x/frontegg/flags');
  });

  it('SI-7.08 accepts a baseUrl function of the path, and absolute http paths skip the base', () => {
    const seen: string[] = [];
    const api = client({ baseUrl: (path) => (seen.push(path), 'https://b.example') });
    expect(api.url('/identity/x')).to.equal('https://b.example/frontegg/identity/x');
    expect(seen).to.deep.equal(['/identity/x']);
    expect(api.url('http://localhost:3037/resources/velo/v1/config')).to.equal('http://localhost:3037/resources/velo/v1/config');
  });

  it('SI-7.08 omits undefined and null query values and JSON-stringifies objects (contract quirk fixed)', () => {
    const u = new URL(client().url('/x', { a: 1, b: undefined, c: null, d: { k: 'v' }, e: ['x', 2], f: false, g: 'h i' }));
    expect([...u.searchParams.keys()]).to.deep.equal(['a', 'd', 'e', 'f', 'g']);
    expect(u.searchParams.get('d')).to.equal('{"k":"v"}');
    expect(u.searchParams.get('e')).to.equal('["x",2]');
    expect(u.searchParams.get('f')).to.equal('false');
    expect(u.searchParams.get('g')).to.equal('h i');
    expect(client().url('/x', { only: undefined })).to.equal(`${FIXTURE}/frontegg/x`);
  });

  it('SI-7.08 a real request reaches /<prefix>/<path> with its query', async () => {
    const echo = await client().get<Echo>('/echo', { query: { a: 'b', skip: undefined } });
    expect(echo.path).to.equal('/__fixture/frontegg/echo');
    expect(echo.query).to.deep.equal({ a: 'b' });
    expect(echo.method).to.equal('GET');
  });
});

describe('api client: headers', () => {
  it('SI-7.01 sends Authorization: Bearer <token> when a token exists, and none otherwise', async () => {
    const withToken = await client({ getAccessToken: () => 'tok-123' }).get<Echo>('/echo');
    expect(withToken.headers.authorization).to.equal('Bearer tok-123');
    const noToken = await client({ getAccessToken: () => null }).get<Echo>('/echo');
    expect(noToken.headers).not.to.have.property('authorization');
    const noResolver = await client().get<Echo>('/echo');
    expect(noResolver.headers).not.to.have.property('authorization');
  });

  it('SI-7.07 withoutAuthorization removes the Authorization header', async () => {
    const echo = await client({ getAccessToken: () => 'tok-123' }).post<Echo>('/echo', { tenantId: null }, { withoutAuthorization: true });
    expect(echo.headers).not.to.have.property('authorization');
  });

  it('SI-7.02 SI-3.27 sends the SDK version, framework and request source (admin-portal, login-box); a request may override the source', async () => {
    const api = client({ sdkVersion: '1.2.3', framework: 'vanillajs', requestSource: 'admin-portal' });
    const echo = await api.get<Echo>('/echo');
    expect(echo.headers['x-frontegg-sdk']).to.equal('1.2.3');
    expect(echo.headers['x-frontegg-framework']).to.equal('vanillajs');
    expect(echo.headers['frontegg-source']).to.equal('admin-portal');
    const overridden = await api.get<Echo>('/echo', { source: 'login-box' });
    expect(overridden.headers['frontegg-source']).to.equal('login-box');
    const none = await client().get<Echo>('/echo');
    for (const h of ['x-frontegg-sdk', 'x-frontegg-framework', 'frontegg-source']) expect(none.headers).not.to.have.property(h);
  });

  it('SI-7.02 sends Content-Type: application/json on every call, GET included', async () => {
    expect((await client().get<Echo>('/echo')).headers['content-type']).to.equal('application/json');
    expect((await client().delete<Echo>('/echo')).headers['content-type']).to.equal('application/json');
  });

  it('SI-7.03 sends frontegg-scoped-tenant from ?tenantId= of the page query', async () => {
    const echo = await client({ getLocationSearch: () => '?tenantId=t1&x=y' }).get<Echo>('/echo');
    expect(echo.headers['frontegg-scoped-tenant']).to.equal('t1');
    const none = await client({ getLocationSearch: () => '?x=y' }).get<Echo>('/echo');
    expect(none.headers).not.to.have.property('frontegg-scoped-tenant');
  });

  it('SI-7.04 sends the login alias (async tenantResolver) and the application id when configured', async () => {
    const echo = await client({ tenantResolver: async () => ({ tenant: 'acme' }), appId: 'app-42' }).get<Echo>('/echo');
    expect(echo.headers['frontegg-login-alias']).to.equal('acme');
    expect(echo.headers['frontegg-requested-application-id']).to.equal('app-42');
    const sync = await client({ tenantResolver: () => ({ tenant: 'sync-alias' }) }).get<Echo>('/echo');
    expect(sync.headers['frontegg-login-alias']).to.equal('sync-alias');
    const none = await client({ tenantResolver: () => undefined }).get<Echo>('/echo');
    expect(none.headers).not.to.have.property('frontegg-login-alias');
    expect(none.headers).not.to.have.property('frontegg-requested-application-id');
  });

  it('SI-7.02 builds headers in contract §2 order: later entries overwrite earlier ones', async () => {
    const api = client({
      requestSource: 'login-box',
      getAccessToken: () => 'tok',
      additionalHeaders: () => ({ 'frontegg-source': 'admin-portal', 'frontegg-login-alias': 'from-additional', 'x-custom': 'c' }),
      tenantResolver: () => ({ tenant: 'from-resolver' }),
    });
    const echo = await api.get<Echo>('/echo', { headers: { 'x-custom': 'per-request' } });
    expect(echo.headers['frontegg-source']).to.equal('admin-portal'); // additional headers come after the source
    expect(echo.headers['frontegg-login-alias']).to.equal('from-resolver'); // the alias comes after additional headers
    expect(echo.headers['x-custom']).to.equal('per-request'); // per-request headers come last
    expect(echo.headers.authorization).to.equal('Bearer tok');
  });

  it('SI-5.14 drops header values with illegal characters instead of throwing', async () => {
    const api = client({
      getAccessToken: () => 'tok\r\nX-Injected: 1',
      tenantResolver: () => ({ tenant: 'tënant\u4e2d' }),
      appId: 'app\u0000id',
      additionalHeaders: () => ({
        'x-ok': 'fine value\twith tab',
        'x-crlf': 'a\r\nb',
        'x-lf': 'a\nb',
        'x-latin1': 'héllo',
        'x-emoji': 'smile 😀',
        'x-control': 'bell\u0007',
        'x-del': 'del\u007f',
        'bad name': 'value',
      }),
    });
    const echo = await api.get<Echo>('/echo');
    expect(echo.headers['x-ok']).to.equal('fine value\twith tab');
    for (const h of ['authorization', 'x-injected', 'frontegg-login-alias', 'frontegg-requested-application-id', 'x-crlf', 'x-lf', 'x-latin1', 'x-emoji', 'x-control', 'x-del']) {
      expect(echo.headers, h).not.to.have.property(h);
    }
    expect(echo.headers['content-type']).to.equal('application/json');
  });
});

describe('api client: bodies and credentials', () => {
  it('SI-7.05 sends bodies as JSON on POST, PUT, PATCH and DELETE', async () => {
    const api = client();
    const body = { email: 'a@b.test', nested: { n: 1 }, list: [1, 'two'] };
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const echo = await api[method]<Echo>('/echo', body);
      expect(echo.method).to.equal(method.toUpperCase());
      expect(echo.headers['content-type']).to.equal('application/json');
      expect(echo.bodyText).to.equal(JSON.stringify(body));
      expect(echo.body).to.deep.equal(body);
    }
  });

  it('SI-7.05 a bodyless POST sends no body', async () => {
    const echo = await client().post<Echo>('/echo');
    expect(echo.method).to.equal('POST');
    expect(echo.hasBody).to.equal(false);
  });

  describe('credentials', () => {
    const COOKIE = 'fe_fixture_cookie';
    beforeEach(() => {
      document.cookie = `${COOKIE}=present; path=/`;
    });
    afterEach(() => {
      document.cookie = `${COOKIE}=; path=/; max-age=0`;
    });

    it("SI-7.06 sends cookies same-origin by default ('same-origin' credentials)", async () => {
      const echo = await client().get<Echo>('/echo');
      expect(echo.cookie).to.include(`${COOKIE}=present`);
    });

    it("SI-7.06 sends no cookies with credentials 'omit' (per request or per config)", async () => {
      expect((await client().get<Echo>('/echo', { credentials: 'omit' })).cookie).to.equal(null);
      expect((await client({ requestCredentials: 'omit' }).get<Echo>('/echo')).cookie).to.equal(null);
      expect((await client({ requestCredentials: 'omit' }).get<Echo>('/echo', { credentials: 'include' })).cookie).to.include(COOKIE);
    });
  });
});

describe('api client: answers and error normalisation', () => {
  const status = (code: number, body?: string) => `/status/${code}${body ? `?body=${body}` : ''}`;

  it('SI-8.19 an empty 200, a 204 and an unparseable 200 body all give {}', async () => {
    expect(await client().get(status(200, 'empty'))).to.deep.equal({});
    expect(await client().post(status(204))).to.deep.equal({});
    expect(await client().get(status(200, 'text'))).to.deep.equal({});
    expect(await client().get(status(200, 'json'))).to.deep.equal({ ok: true, status: 200 });
  });

  it("SI-8.19 responseType 'text' returns the raw text", async () => {
    expect(await client().get(status(200, 'text'), { responseType: 'text' })).to.equal('plain text answer');
    expect(await client().get(status(204), { responseType: 'text' })).to.equal('');
  });

  it("responseType 'blob' returns the body's bytes typed by the answer (a file to download); a refusal is still an FeApiError with the server's message", async () => {
    const blob = await client().get<Blob>(status(200, 'text'), { responseType: 'blob' });
    expect(blob).to.be.instanceOf(Blob);
    expect(await blob.text()).to.equal('plain text answer');
    expect(blob.type).to.match(/^text\/plain/);
    const empty = await client().get<Blob>(status(204), { responseType: 'blob' });
    expect(empty).to.be.instanceOf(Blob);
    expect(empty.size).to.equal(0);
    const e = await rejection(client({ logLevel: 'info' }).get(status(400, 'errors'), { responseType: 'blob' }));
    expect(e).to.be.instanceOf(FeApiError);
    expect(e.statusCode).to.equal(400);
    const json = await rejection(client({ logLevel: 'info' }).get(status(400, 'errors')));
    expect(e.message).to.equal(json.message);
  });

  it('SI-8.05 AB-8.01 a body that is not JSON gives "We\'re facing some difficulties, Please try again"', async () => {
    const e = await rejection(client({ logLevel: 'info' }).get(status(502, 'invalid')));
    expect(e).to.be.instanceOf(FeApiError);
    expect(e).to.be.instanceOf(Error);
    expect(e.message).to.equal(GENERIC_ERROR_MESSAGE);
    expect(e.message).to.equal("We're facing some difficulties, Please try again");
    expect(e.statusCode).to.equal(502);
    expect(e.errorCode).to.equal(DEFAULT_ERROR_CODE);
    const empty = await rejection(client({ logLevel: 'info' }).get(status(400, 'empty')));
    expect(empty.message).to.equal(GENERIC_ERROR_MESSAGE);
  });

  it('SI-8.06 JSON without errors (e.g. {message}) gives "Error <status> - <statusText>"', async () => {
    const e = await rejection(client({ logLevel: 'info' }).get(status(400, 'message')));
    expect(e.message).to.equal('Error 400 - Bad Request');
    expect(e.errorCode).to.equal('ER-MSG');
  });

  it('SI-8.06 JSON null, a non-array errors and an empty errors list also give "Error <status> - <statusText>" (reference TypeErrors fixed)', async () => {
    const api = client({ logLevel: 'info' });
    const nul = await rejection(api.get(status(404, 'null')));
    expect(nul).to.be.instanceOf(FeApiError);
    expect(nul.message).to.equal('Error 404 - Not Found');
    expect(nul.errorCode).to.equal(DEFAULT_ERROR_CODE);
    const notArray = await rejection(api.get(status(409, 'errorsNotArray')));
    expect(notArray).to.be.instanceOf(FeApiError);
    expect(notArray.message).to.equal('Error 409 - Conflict');
    expect(notArray.errors).to.equal(undefined);
    expect((await rejection(api.get(status(400, 'emptyErrors')))).message).to.equal('Error 400 - Bad Request');
  });

  it('SI-8.07 a 413 answer gives "Error request is too large"', async () => {
    const e = await rejection(client({ logLevel: 'info' }).post(status(413, 'errors'), { big: 'x'.repeat(1000) }));
    expect(e.message).to.equal(REQUEST_TOO_LARGE_MESSAGE);
    expect(e.message).to.equal('Error request is too large');
    expect(e.statusCode).to.equal(413);
    expect(e.traceId).to.match(/^trace-\d+$/);
  });

  it('SI-8.14 failures carry the status code and the trace id from the frontegg-trace-id header', async () => {
    const e = await rejection(client({ logLevel: 'info' }).get(status(500, 'message')));
    expect(e.statusCode).to.equal(500);
    expect(e.traceId).to.match(/^trace-\d+$/);
    expect(e.name).to.equal('FeApiError');
  });

  it("SI-8.15 the message is the server's errors joined with ', ', with errorCode, context and errorCodes kept", async () => {
    const e = await rejection(client({ logLevel: 'info' }).get(status(400, 'errors')));
    expect(e.message).to.equal('First problem, Second problem');
    expect(e.errors).to.deep.equal(['First problem', 'Second problem']);
    expect(e.errorCode).to.equal('ER-01001');
    expect(e.errorContext).to.deep.equal({ field: 'email' });
    expect(e.errorCodes).to.deep.equal(['ER-01001', 'ER-01002']);
    expect(e.statusCode).to.equal(400);
  });

  it('SI-8.15 a JSON string body is the message', async () => {
    const e = await rejection(client({ logLevel: 'info' }).get(status(403, 'string')));
    expect(e.message).to.equal('A plain string error');
    expect(e.statusCode).to.equal(403);
    expect(e.errorCode).to.equal(DEFAULT_ERROR_CODE);
  });

  it('SI-8.20 the step-up code SHOULD_STEP_UP: an answer carrying it keeps it as errorCode, comparable with the exported constant', async () => {
    expect(SHOULD_STEP_UP).to.equal('SHOULD_STEP_UP');
    const answer = new Response(JSON.stringify({ errors: ['Step-up required'], errorCode: 'SHOULD_STEP_UP' }), {
      status: 403,
      statusText: 'Forbidden',
      headers: { 'frontegg-trace-id': 'trace-su' },
    });
    const error = await errorFromFetchResponse(answer);
    expect(error).to.be.instanceOf(FeApiError);
    expect(error.errorCode).to.equal(SHOULD_STEP_UP);
    expect(error.message).to.equal('Step-up required');
    expect(error.traceId).to.equal('trace-su');
  });

  it('SI-7.59 a 302 answer navigates to the address in the response text and never settles', async () => {
    const navigated: string[] = [];
    const api = client({ navigate: (u) => navigated.push(u) });
    let settled = false;
    api.get('/redirect302', { query: { to: 'https://login.example.test/next?x=1' } }).then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 400));
    expect(navigated).to.deep.equal(['https://login.example.test/next?x=1']);
    expect(settled).to.equal(false);
  });

  it('SI-8.14 a network failure (server unreachable) is an FeApiError with statusCode 0', async () => {
    const e = await rejection(createApiClient({ baseUrl: 'http://127.0.0.1:9' }).get('/flags'));
    expect(e).to.be.instanceOf(FeApiError);
    expect(e.statusCode).to.equal(0);
    expect(e.message).to.equal(NETWORK_ERROR_MESSAGE);
    expect(e.cause).to.be.instanceOf(Error);
  });

  it('SI-8.14 an aborted request rejects with the abort reason, not an FeApiError', async () => {
    const controller = new AbortController();
    const pending = client().get('/echo', { signal: controller.signal });
    controller.abort();
    const e = await rejection(pending);
    expect(e).not.to.be.instanceOf(FeApiError);
    expect((e as unknown as DOMException).name).to.equal('AbortError');
  });
});

describe('api client: logging', () => {
  const levels: LogLevel[] = ['error', 'warn', 'info', 'debug'];

  it('SI-9.01 the log levels are error 40, warn 30, info 20, debug 10', () => {
    expect(LOG_LEVELS).to.deep.equal({ error: 40, warn: 30, info: 20, debug: 10 });
  });

  it('SI-9.02 the default log level is warn', () => {
    expect(DEFAULT_LOG_LEVEL).to.equal('warn');
    expect(createLogger().level).to.equal('warn');
    expect(client().logger.level).to.equal('warn');
  });

  it('SI-9.01 a logger prints only messages at or above its level', async () => {
    const printed: string[] = [];
    const original = { error: console.error, warn: console.warn, info: console.info, debug: console.debug };
    for (const name of levels) console[name] = (...args: unknown[]) => void printed.push(`${name}:${String(args[0])}`);
    try {
      const logger = createLogger('info');
      for (const name of levels) logger[name]('m');
    } finally {
      Object.assign(console, original);
    }
    expect(printed).to.deep.equal(['error:m', 'warn:m', 'info:m']);
  });

  it('SI-8.21 a 4xx answer is logged with console.warn only at log level warn', async () => {
    for (const level of levels) {
      const { warns, errors } = await captureConsole(() => client({ logLevel: level }).get('/status/404?body=errors'));
      expect(warns.length, `warns at ${level}`).to.equal(level === 'warn' ? 1 : 0);
      expect(errors.length, `errors at ${level}`).to.equal(0);
    }
    const { warns } = await captureConsole(() => client().get('/status/400?body=errors'));
    expect(warns.length, 'default level').to.equal(1);
    expect(String(warns[0][0])).to.include('First problem, Second problem');
  });

  it('SI-8.22 a 500 answer is logged with console.error at log level warn or error', async () => {
    for (const level of levels) {
      const { warns, errors } = await captureConsole(() => client({ logLevel: level }).get('/status/500?body=string'));
      expect(errors.length, `errors at ${level}`).to.equal(level === 'warn' || level === 'error' ? 1 : 0);
      expect(warns.length, `warns at ${level}`).to.equal(0);
    }
  });
});

describe('api client: retry helper', () => {
  const key = () => `k-${Math.random().toString(36).slice(2)}`;

  it('SI-9.12 defaults to 3 attempts with a 500 ms delay', () => {
    expect(DEFAULT_RETRY_ATTEMPTS).to.equal(3);
    expect(DEFAULT_RETRY_DELAY_MS).to.equal(500);
  });

  it('SI-9.12 retries a failing request: succeeds on the 3rd attempt after two 500 ms waits', async () => {
    const api = client({ logLevel: 'debug' });
    const k = key();
    let attempts = 0;
    const started = performance.now();
    const result = await retry(() => {
      attempts++;
      return api.get<{ ok: boolean; attempt: number }>('/flaky', { query: { key: k, failures: 2 } });
    });
    const elapsed = performance.now() - started;
    expect(attempts).to.equal(3);
    expect(result).to.deep.equal({ ok: true, attempt: 3 });
    expect(elapsed).to.be.at.least(990);
  });

  it('SI-9.12 gives up after 3 attempts and throws the last error', async () => {
    const api = client({ logLevel: 'debug' });
    const k = key();
    let attempts = 0;
    const e = await rejection(
      retry(
        () => {
          attempts++;
          return api.get('/flaky', { query: { key: k, failures: 10 } });
        },
        { delayMs: 10 },
      ),
    );
    expect(attempts).to.equal(3);
    expect(e).to.be.instanceOf(FeApiError);
    expect(e.statusCode).to.equal(503);
    expect(e.message).to.equal('flaky failure 3');
  });

  it('SI-9.12 honours custom attempts and delay, and stops early when shouldRetry says no', async () => {
    let calls = 0;
    const e = await rejection(retry(() => Promise.reject(new Error(`fail ${++calls}`)), { attempts: 5, delayMs: 1 }));
    expect(calls).to.equal(5);
    expect(e.message).to.equal('fail 5');
    calls = 0;
    await rejection(retry(() => Promise.reject(new Error(`fail ${++calls}`)), { delayMs: 1, shouldRetry: () => false }));
    expect(calls).to.equal(1);
  });
});

describe('api client: one refresh on 401 (architecture "How data flows" 5)', () => {
  type Answer = { ok: boolean; authorization: string };
  /** A client whose token is `state.token`, whose onUnauthorized runs `refresh`, counting hook calls and fetches. */
  function refreshing(refresh: (state: { token: string | null }) => Promise<boolean>, extra: Partial<ApiClientConfig> = {}) {
    const state = { token: 'stale' as string | null, hookCalls: 0, fetches: 0 };
    const api = client({
      getAccessToken: () => state.token,
      onUnauthorized: () => (state.hookCalls++, refresh(state)),
      fetch: (input, init) => (state.fetches++, globalThis.fetch(input, init)),
      logLevel: 'debug',
      ...extra,
    });
    return { api, state };
  }
  const renew = async (state: { token: string | null }) => {
    await new Promise((r) => setTimeout(r, 50));
    state.token = 'fresh';
    return true;
  };

  it('a 401 to a call with the bearer refreshes once and sends the call again with the new token', async () => {
    const { api, state } = refreshing(renew);
    expect(await api.get<Answer>('/needs-token')).to.deep.equal({ ok: true, authorization: 'Bearer fresh' });
    expect(state.hookCalls).to.equal(1);
    expect(state.fetches).to.equal(2);
  });

  it('concurrent 401s share one refresh (one in-flight promise); a later 401 refreshes again', async () => {
    const { api, state } = refreshing(renew);
    const answers = await Promise.all([api.get<Answer>('/needs-token'), api.post<Answer>('/needs-token', { a: 1 }), api.get<Answer>('/needs-token')]);
    expect(answers.map((a) => a.authorization)).to.deep.equal(['Bearer fresh', 'Bearer fresh', 'Bearer fresh']);
    expect(state.hookCalls).to.equal(1);
    expect(state.fetches).to.equal(6);
    state.token = 'stale-again';
    await api.get('/needs-token');
    expect(state.hookCalls).to.equal(2);
  });

  it('a refresh that answers false or fails gives the original 401, without a second request', async () => {
    for (const refresh of [async () => false, async () => Promise.reject(new Error('no session'))]) {
      const { api, state } = refreshing(refresh);
      const e = await rejection(api.get('/needs-token'));
      expect(e).to.be.instanceOf(FeApiError);
      expect(e.statusCode).to.equal(401);
      expect(e.message).to.equal('Unauthorized');
      expect(state.hookCalls).to.equal(1);
      expect(state.fetches).to.equal(1);
    }
  });

  it('the call is sent again only once: a second 401 is final', async () => {
    const { api, state } = refreshing(async (s) => ((s.token = 'also-refused'), true));
    const e = await rejection(api.get('/needs-token'));
    expect(e.statusCode).to.equal(401);
    expect(state.hookCalls).to.equal(1);
    expect(state.fetches).to.equal(2);
  });

  it('no refresh without a bearer, with withoutAuthorization, with noRefresh, or for other statuses', async () => {
    const { api, state } = refreshing(renew);
    expect((await rejection(api.get('/needs-token', { withoutAuthorization: true }))).statusCode).to.equal(401);
    expect((await rejection(api.post('/needs-token', {}, { noRefresh: true }))).statusCode).to.equal(401);
    expect((await rejection(api.get('/status/403?body=errors'))).statusCode).to.equal(403);
    state.token = null;
    expect((await rejection(api.get('/needs-token'))).statusCode).to.equal(401);
    expect(state.hookCalls).to.equal(0);
    expect(state.fetches).to.equal(4);
  });

  it('a token that changed while the call was out: sent again with it, no refresh', async () => {
    const state = { token: 'stale', hookCalls: 0 };
    const api = client({
      getAccessToken: () => state.token,
      onUnauthorized: async () => (state.hookCalls++, false),
      // another tab (or a refresh) replaces the token while the first answer travels
      fetch: async (input, init) => {
        const response = await globalThis.fetch(input, init);
        state.token = 'fresh';
        return response;
      },
    });
    expect((await api.get<Answer>('/needs-token')).authorization).to.equal('Bearer fresh');
    expect(state.hookCalls).to.equal(0);
  });

  it("a 401 to the refresh's own call with the new token is final (no deadlock)", async () => {
    let inner: FeApiError | undefined;
    const { api, state } = refreshing(async (s) => {
      s.token = 'new-but-refused';
      // e.g. the profile load of the refresh: it must not wait for the refresh it belongs to
      inner = await rejection(api.get('/needs-token'));
      return false;
    });
    const e = await rejection(api.get('/needs-token'));
    expect(e.statusCode).to.equal(401);
    expect(inner?.statusCode).to.equal(401);
    expect(state.hookCalls).to.equal(1);
  });

  it('an abort while the refresh runs rejects with the signal reason', async () => {
    const { api } = refreshing(async (s) => {
      await new Promise((r) => setTimeout(r, 300));
      s.token = 'fresh';
      return true;
    });
    const controller = new AbortController();
    const pending = api.get('/needs-token', { signal: controller.signal });
    setTimeout(() => controller.abort(new DOMException('stop', 'AbortError')), 100);
    const e = (await rejection(pending)) as unknown as DOMException;
    expect(e).to.be.instanceOf(DOMException);
    expect(e.name).to.equal('AbortError');
  });

  it('against the emulator: an expired access token (emulator clock) → one refresh through the cookie, then the call succeeds', async function () {
    this.timeout(30000);
    await emulator('POST', '/_emulator/reset');
    const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
    // signed in: the refresh cookie is set
    await emulator('POST', '/frontegg/identity/resources/auth/v1/user', ADMIN);
    const app = createFeApp({ baseUrl: location.origin, name: 'refresh-on-401' });
    try {
      await app.start();
      const first = app.stores.$session.get().accessToken;
      expect(first, 'signed in by the start-up refresh').to.be.a('string');
      // an hour later for the API: the 300 s access token has expired, the 30-day refresh cookie has not
      await setClock(3600);
      performance.clearResourceTimings();
      const [me, tenants] = await Promise.all([app.auth.getMe(), app.auth.getTenants()]);
      await new Promise((r) => setTimeout(r, 100)); // resource timing entries land after the answers
      const calls = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
      expect(me.email).to.equal(ADMIN.email);
      expect(tenants.tenants.length).to.be.greaterThan(0);
      const second = app.stores.$session.get().accessToken;
      expect(second).to.be.a('string').and.not.equal(first);
      expect(app.stores.$session.get().isAuthenticated).to.equal(true);
      expect(calls.filter((p) => p.endsWith('/auth/v1/user/token/refresh')).length, 'two concurrent 401s, one refresh').to.equal(1);
      // each call twice (401, then 200), and the refresh's own profile load once more
      expect(calls.filter((p) => p.endsWith('/users/v2/me')).length).to.equal(3);
    } finally {
      await setClock(0);
      await app.logout();
    }
  });
});

describe('api client: another account’s token (contract §2 "Authorization (override)"; issue 34)', () => {
  it('a call with `jwt` sends Authorization: <jwt> with no Bearer prefix, over the session’s bearer', async () => {
    const echo = await client({ getAccessToken: () => 'own-token' }).get<Echo>('/echo', { jwt: 'aaa.bbb.ccc' });
    expect(echo.headers.authorization).to.equal('aaa.bbb.ccc');
    const own = await client({ getAccessToken: () => 'own-token' }).get<Echo>('/echo');
    expect(own.headers.authorization).to.equal('Bearer own-token');
  });

  it('its 401 refreshes no session, and its refusals do not reach onRefused (they say nothing of the session)', async () => {
    let refreshes = 0;
    const refused: FeApiError[] = [];
    const api = client({
      getAccessToken: () => 'own-token',
      onUnauthorized: async () => {
        refreshes++;
        return true;
      },
      onRefused: (e) => void refused.push(e),
    });
    expect((await rejection(api.get('/status/401', { jwt: 'aaa.bbb.ccc' }))).statusCode).to.equal(401);
    expect((await rejection(api.get('/status/403', { jwt: 'aaa.bbb.ccc' }))).statusCode).to.equal(403);
    expect(refreshes).to.equal(0);
    expect(refused).to.have.length(0);
    await rejection(api.get('/status/403'));
    expect(refused).to.have.length(1);
  });

  it('scopedClient: every call carries the source’s token without Bearer; against the emulator a 401 renews it once and the call is sent again', async () => {
    const echo = await scopedClient(client({ getAccessToken: () => 'own-token' }), {
      token: async () => 'acting.jwt.value',
      renew: () => Promise.reject(new Error('no')),
    }).post<Echo>('/echo', {});
    expect(echo.headers.authorization).to.equal('acting.jwt.value');
    await emulator('POST', '/_emulator/reset');
    const signedIn = await emulator('POST', '/frontegg/identity/resources/auth/v1/user', { email: 'admin@acme.test', password: 'Admin-Passw0rd!' });
    const { accessToken } = (await signedIn.json()) as { accessToken: string };
    const renewed: string[] = [];
    const api = scopedClient(createApiClient({ baseUrl: location.origin }), {
      token: async () => 'not.a.token',
      renew: async (rejected) => {
        renewed.push(rejected);
        return accessToken;
      },
    });
    const me = await api.get<{ email: string }>('/identity/resources/users/v2/me');
    expect(me.email).to.equal('admin@acme.test');
    expect(renewed).to.deep.equal(['not.a.token']);
    // a renewal that fails leaves the 401 standing
    const failing = scopedClient(createApiClient({ baseUrl: location.origin }), { token: async () => 'not.a.token', renew: () => Promise.reject(new Error('refused')) });
    expect((await rejection(failing.get('/identity/resources/users/v2/me'))).statusCode).to.equal(401);
  });
});
