import { expect, waitUntil } from '@open-wc/testing';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { SLOW, api, callEmulator, signIn } from './helpers.ts';

/**
 * The emulator's webhooks (issue 33 item 1), from a page in Chromium as the portal calls them (through the test
 * server's same-origin proxy): the event catalogue, a webhook on the emulator's own test receiver, an event it
 * delivers signed (the Standard Webhooks signature checked here with WebCrypto), and a 500 retried once the emulator
 * clock moves 5 s, both attempts in the delivery inspector's routes with the same `webhook-id`.
 */

interface Category {
  name: string;
  events: { key: string; displayName: string }[];
}
interface Delivery {
  id: string;
  messageId: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
}
interface Received {
  headers: Record<string, string>;
  body: string;
}

/** The Standard Webhooks signature of `body` sent as `id` at `timestamp` with a `whsec_` secret: `v1,<base64 HMAC-SHA256>`. */
async function standardSignature(secret: string, id: string, timestamp: string, body: string): Promise<string> {
  const keyBytes = Uint8Array.from(atob(secret.replace(/^whsec_/, '')), (ch) => ch.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

describe('the emulator’s webhooks from the browser', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('AB-3.36 AB-7.57 the catalogue, a webhook delivered signed, and a 500 retried after the clock moves 5 s with the same webhook-id', async () => {
    const token = await signIn(ADMIN);
    const categories = await api<Category[]>(token, 'GET', '/frontegg/event/resources/configurations/v1/categories');
    expect(categories.map((c) => c.name)).to.deep.equal(['user', 'tenant', 'userApiToken', 'tenantApiToken']);
    expect(categories.flatMap((c) => c.events).length).to.equal(22);

    const { issuer } = (await callEmulator('GET', '/_emulator')) as { issuer: string };
    await callEmulator('PUT', '/_emulator/receivers/wtr-webhooks', { answers: [{ status: 500, body: 'try later' }] });
    const hook = await api<{ _id: string; secret: string }>(token, 'POST', '/frontegg/webhook/custom', {
      displayName: 'Browser receiver',
      description: '',
      url: `${issuer}/_emulator/receivers/wtr-webhooks`,
      eventKeys: ['frontegg.user.invitedToTenant'],
      isActive: true,
      secret: '',
    });
    expect(hook.secret).to.match(/^whsec_/);
    const list = await api<{ _id: string; secret: string | null }[]>(token, 'GET', '/frontegg/webhook');
    expect(list.map((w) => [w._id, w.secret])).to.deep.equal([[hook._id, null]]);

    await callEmulator('POST', '/_emulator/events', { key: 'frontegg.user.invitedToTenant' });
    const deliveries = () => api<{ count: number; rows: Delivery[] }>(token, 'GET', `/frontegg/webhook/${hook._id}/deliveries`);
    await waitUntil(async () => (await deliveries()).rows[0]?.attempts === 1, 'the first attempt', SLOW);
    const [first] = (await deliveries()).rows;
    expect([first.status, first.lastStatusCode]).to.deep.equal(['pending', 500]);

    await callEmulator('PUT', '/_emulator/clock', { advance: 5000 });
    const [retried] = (await deliveries()).rows;
    expect([retried.status, retried.attempts, retried.lastStatusCode]).to.deep.equal(['succeeded', 2, 200]);
    const detail = await api<{ attempts: { statusCode: number; responseBody: string }[] }>(token, 'GET', `/frontegg/webhook/${hook._id}/deliveries/${first.id}`);
    expect(detail.attempts.map((a) => [a.statusCode, a.responseBody])).to.deep.equal([
      [500, 'try later'],
      [200, 'ok'],
    ]);

    const { requests } = (await callEmulator('GET', '/_emulator/receivers/wtr-webhooks')) as { requests: Received[] };
    expect(requests.map((r) => r.headers['webhook-id'])).to.deep.equal([first.messageId, first.messageId]);
    const [r] = requests;
    expect(JSON.parse(r.body).eventKey).to.equal('frontegg.user.invitedToTenant');
    expect(r.headers['webhook-signature']).to.equal(await standardSignature(hook.secret, r.headers['webhook-id'], r.headers['webhook-timestamp'], r.body));
  });
});
