/**
 * fe-elements' own calls against Frontegg's client (`@frontegg/rest-api`, a dev dependency): the same operation with
 * the same input makes the same request — method, path, query and JSON body — recorded by a local HTTP server. The
 * emulator's answers to those requests are proven with `@frontegg/rest-api` in emulator/test (admin-phone-numbers,
 * sign-in-rules); this file proves fe-elements asks the same. The recorder answers every request with `{}`-like JSON;
 * only the requests are compared.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContextHolder, createApiClient as createFronteggClient, type FronteggApiClient } from '@frontegg/rest-api';
import { createApiClient } from '../../src/api/client.ts';
import { createPhoneNumbersApi } from '../../src/api/phone-numbers.ts';
import { createAccountApi } from '../../src/api/account.ts';

interface Recorded {
  method: string;
  path: string;
  query: [string, string][];
  body: unknown;
}

let server: http.Server;
let baseUrl: string;
let recorded: Recorded[] = [];
before(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://recorder');
      const text = Buffer.concat(chunks).toString('utf8');
      recorded.push({ method: req.method ?? '', path: url.pathname, query: [...url.searchParams].sort(), body: text ? (JSON.parse(text) as unknown) : null });
      const answer =
        url.pathname.endsWith('/phone-numbers/v1') && req.method === 'GET'
          ? { items: [], _metadata: { totalItems: 0, totalPages: 0 } }
          : { otcToken: 'otc', phoneId: 'p1', tenantId: 't1' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

/** Frontegg's client on the recorder (a browser client: it reads the page's location). */
function frontegg(): FronteggApiClient {
  const page = globalThis as { window?: unknown };
  page.window ??= { location: new URL(`${baseUrl}/`) };
  ContextHolder.for('parity').setContext({ baseUrl, tokenResolver: () => 'tok', logLevel: 'error' });
  return createFronteggClient('parity');
}
/** fe-elements' client on the recorder (both clients put their requests under `/frontegg`). */
const ours = () => createApiClient({ baseUrl, getAccessToken: () => 'tok', getLocationSearch: () => '', logLevel: 'error' });

/** The requests `run` makes. */
async function requestsOf(run: () => Promise<unknown>): Promise<Recorded[]> {
  recorded = [];
  await run();
  return recorded;
}

describe('fe-elements asks what @frontegg/rest-api asks', () => {
  it('AB-7.41 AB-7.42 the phone-number calls: list (_limit, _offset), create, pre-verify, verify, delete and verify-delete', async () => {
    const theirs = frontegg().userPhoneNumbers;
    const mine = createPhoneNumbersApi(ours());
    const code = { otcToken: 'otc', code: '123456' };
    const pairs: [() => Promise<unknown>, () => Promise<unknown>][] = [
      [() => mine.list({ limit: 10, offset: 20 }), () => theirs.getUserPhoneNumbers({ _limit: 10, _offset: 20 })],
      [() => mine.create('+14155550100'), () => theirs.createPhoneNumber({ phoneNumber: '+14155550100', verify: true })],
      [() => mine.preVerify('+14155550100'), () => theirs.preVerifyPhoneNumber({ phoneNumber: '+14155550100' })],
      [() => mine.verify(code), () => theirs.verifyPhoneNumber(code)],
      [() => mine.remove('p1'), () => theirs.deletePhoneNumber('p1')],
      [() => mine.verifyRemove('p1', code), () => theirs.verifyDeletePhoneNumber('p1', code)],
    ];
    for (const [mineRun, theirsRun] of pairs) {
      const expected = await requestsOf(theirsRun);
      assert.equal(expected.length, 1);
      assert.deepEqual(await requestsOf(mineRun), expected);
    }
  });

  it('SI-7.22 the public account settings: GET tenants/resources/account-settings/v1/public', async () => {
    const expected = await requestsOf(() => frontegg().accountSettings.getPublicSettings());
    assert.deepEqual(expected, [{ method: 'GET', path: '/frontegg/tenants/resources/account-settings/v1/public', query: [], body: null }]);
    assert.deepEqual(await requestsOf(() => createAccountApi(ours()).getPublicSettings()), expected);
  });
});
