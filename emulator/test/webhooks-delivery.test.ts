// @postgres: the delivery queue: attempts written beside requests and resets in parallel transactions
/**
 * Webhook deliveries (issue 33 item 1; src/webhooks/deliveries.ts, dispatcher.ts): an event emitted in the emulator
 * reaches a receiver started by the test, signed twice (Standard Webhooks, checked with the `standardwebhooks`
 * verifier; Frontegg's `x-webhook-secret`, checked with jose); Svix's rules on the emulator clock — 500 then 200 is
 * retried once the clock moves 5 s, 410 disables, `webhook-delivery: abort-message` stops, `Retry-After` is honoured,
 * a redirect is a failure, failing for 5 days disables —; resend and recover keep the `webhook-id`; the SSRF rules;
 * a secret's rotation signs twice; and the queue survives a restart (a PGlite data directory).
 */
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { jwtVerify } from 'jose';
import type { IWebhooksConfigurations } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { emitEvent, type EventKey } from '../src/events/emit.ts';
import { emulatorDate } from '../src/clock.ts';
import type { Emulator } from '../src/app.ts';
import { Client, startEmulator } from './helpers.ts';
import { useAdminEmulator } from './admin-harness.ts';
import { fronteggClient } from './rest-api.ts';
import { startReceiver, type Received, type Receiver } from './webhook-receiver.ts';

/** Host names the emulator resolves through the test's resolver: one on a link-local address, one on a private one. */
const HOSTS: Record<string, string> = { 'metadata-ish.test': '169.254.10.10', 'intranet.test': '10.0.0.5' };
const harness = useAdminEmulator(() => ({
  startAt: Date.now(),
  frozen: true,
  resolveHost: async (host) => (HOSTS[host] ? [{ address: HOSTS[host], family: 4 }] : [{ address: '127.0.0.1', family: 4 }]),
}));
const { auditRows } = harness;

type Webhook_ = IWebhooksConfigurations & { disabledReason: string | null; failingSince: string | null };
interface DeliveryRow {
  id: string;
  messageId: string;
  eventKey: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  createdAt: string;
  nextAttemptAt: string | null;
}
interface Attempt {
  id: string;
  at: string;
  statusCode: number | null;
  durationMs: number;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseBody: string;
  error: string | null;
}

let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
});

const INVITED: EventKey = 'frontegg.user.invitedToTenant';

/** A webhook on the receiver for `eventKeys`, made with Frontegg's client; its answer (with the secret, once). */
async function makeHook(over: Record<string, unknown> = {}, emu: Emulator = harness.emu): Promise<Webhook_> {
  const token = await admin(emu);
  const { api, close } = await fronteggClient(emu, token);
  try {
    return (await api.connectivity.postWebhooksConfiguration({
      displayName: 'Receiver',
      description: '',
      url: receiver.url(),
      eventKeys: [INVITED],
      isActive: true,
      secret: '',
      ...over,
    } as never)) as Webhook_;
  } finally {
    await close();
  }
}

async function admin(emu: Emulator = harness.emu): Promise<string> {
  const res = await new Client(emu).login(SEED.adminEmail, SEED.adminPassword);
  return res.body.accessToken as string;
}

/** Emits `key` for the seeded account at the emulator clock's now, as an action of emu-events does. */
async function emit(key: EventKey = INVITED, emu: Emulator = harness.emu) {
  const db = emu.db;
  const payload = { user: { id: 'u-1', email: 'invitee@acme.test', name: 'In Vitee' }, eventContext: { tenantId: SEED.tenantId, userId: 'u-1' } };
  await emitEvent(db, { tenantId: SEED.tenantId, key, payload, at: await emulatorDate(db) });
}

/** Moves the emulator clock forward (the answer comes once the deliveries due by then were made). */
async function advance(ms: number, emu: Emulator = harness.emu) {
  const res = await new Client(emu).put('/_emulator/clock', { advance: ms });
  assert.equal(res.status, 200, res.text);
}

async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const client = new Client(harness.emu);
  const res = await client.req<T>(method, `/frontegg${path}`, body, client.bearer(await admin()));
  return { status: res.status, body: res.body };
}
const deliveries = async (hookId: string, query = '') => (await call<{ count: number; rows: DeliveryRow[] }>('GET', `/webhook/${hookId}/deliveries${query}`)).body;
const detail = async (hookId: string, id: string) => (await call<DeliveryRow & { payload: unknown; attempts: Attempt[] }>('GET', `/webhook/${hookId}/deliveries/${id}`)).body;
const hookOf = async (id: string) => (await call<Webhook_>('GET', `/webhook/${id}`)).body;

/** Waits until `check` holds (polling the database through the API). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const verifyStandard = (secret: string, r: Received, format?: 'raw') =>
  new Webhook(secret, format ? { format } : undefined).verify(r.body, {
    'webhook-id': r.headers['webhook-id'],
    'webhook-timestamp': r.headers['webhook-timestamp'],
    'webhook-signature': r.headers['webhook-signature'],
  });

describe('a delivered event', () => {
  it('reaches the receiver in Frontegg’s shape, verified by the standardwebhooks verifier and by jose (x-webhook-secret), stamped in real time', async () => {
    const hook = await makeHook({ eventKeys: [INVITED, 'frontegg.user.created'] });
    await advance(3 * 86_400_000); // the emulator clock far from real time: the timestamp stays real
    await emit();
    await emit('frontegg.tenant.updated'); // no webhook listens to it
    const [r] = await receiver.waitFor(1);
    assert.equal(r.method, 'POST');
    assert.equal(r.headers['content-type'], 'application/json');
    const payload = verifyStandard(hook.secret!, r) as Record<string, unknown>;
    assert.equal(payload.eventKey, INVITED);
    assert.deepEqual(payload.eventContext, { tenantId: SEED.tenantId, userId: 'u-1' });
    assert.equal((payload.user as { email: string }).email, 'invitee@acme.test');
    assert.match(r.headers['webhook-id'], /^msg_[0-9a-f]{24}$/);
    assert.ok(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000) < 60, 'webhook-timestamp is real wall-clock seconds');
    const { payload: claims } = await jwtVerify(r.headers['x-webhook-secret'], new TextEncoder().encode(hook.secret!), { algorithms: ['HS256'] });
    assert.equal(claims.jti, r.headers['webhook-id']);
    assert.equal(claims.sub, hook._id);
    assert.throws(() => verifyStandard(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, r), /signature/i, 'another secret does not verify');
    await new Promise((res) => setTimeout(res, 300));
    assert.equal(receiver.received.length, 1, 'one event, one request');

    const { rows } = await deliveries(hook._id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].status, 'succeeded');
    assert.equal(rows[0].messageId, r.headers['webhook-id']);
    assert.equal(rows[0].lastStatusCode, 200);
    assert.equal(rows[0].nextAttemptAt, null);
  });

  it('a typed secret signs as raw bytes ({ format: "raw" }) and x-webhook-secret with the same text', async () => {
    await makeHook({ secret: 'my-typed-secret' });
    await emit();
    const [r] = await receiver.waitFor(1);
    verifyStandard('my-typed-secret', r, 'raw');
    await jwtVerify(r.headers['x-webhook-secret'], new TextEncoder().encode('my-typed-secret'));
  });

  it('a rotated secret signs beside the new one for 24 h (two signatures); "end overlap now" leaves the new one', async () => {
    const hook = await makeHook({ secret: 'old-secret-1' });
    const patched = await call<Webhook_>('PATCH', `/webhook/${hook._id}`, { secret: 'new-secret-2' });
    assert.equal(patched.status, 200);
    await emit();
    const [r] = await receiver.waitFor(1);
    assert.equal(r.headers['webhook-signature'].split(' ').length, 2);
    verifyStandard('new-secret-2', r, 'raw');
    verifyStandard('old-secret-1', r, 'raw');
    await jwtVerify(r.headers['x-webhook-secret'], new TextEncoder().encode('new-secret-2'));

    assert.equal((await call('POST', `/webhook/${hook._id}/secret/end-overlap`)).status, 200);
    await emit();
    const [, r2] = await receiver.waitFor(2);
    assert.equal(r2.headers['webhook-signature'].split(' ').length, 1);
    verifyStandard('new-secret-2', r2, 'raw');
    assert.throws(() => verifyStandard('old-secret-1', r2, 'raw'));
  });

  it('an inactive webhook gets nothing', async () => {
    await makeHook({ isActive: false });
    await emit();
    await new Promise((res) => setTimeout(res, 300));
    assert.equal(receiver.received.length, 0);
  });
});

describe('the delivery rules (on the emulator clock)', () => {
  it('500 then 200: the retry comes once the clock moves 5 s, with the same webhook-id; both attempts in the log', async () => {
    const hook = await makeHook();
    receiver.answer({ status: 500, body: 'down for maintenance' });
    await emit();
    await receiver.waitFor(1);
    let [row] = (await deliveries(hook._id)).rows;
    await until(async () => ([row] = (await deliveries(hook._id)).rows) && row.attempts === 1, 'the first attempt');
    assert.equal(row.status, 'pending');
    assert.equal(row.lastStatusCode, 500);
    const wait = Date.parse(row.nextAttemptAt!) - Date.parse(row.createdAt);
    assert.ok(wait > 4000 && wait <= 5000, `retry 5 s later, up to 10 % earlier (${wait} ms)`);

    await advance(4000);
    assert.equal(receiver.received.length, 1, 'not due yet: the jitter only makes it up to 10 % earlier');
    await advance(1000);
    const [first, second] = await receiver.waitFor(2);
    assert.equal(second.headers['webhook-id'], first.headers['webhook-id']);
    assert.equal(second.body, first.body);
    const d = await detail(hook._id, row.id);
    assert.equal(d.status, 'succeeded');
    assert.deepEqual(
      d.attempts.map((a) => a.statusCode),
      [500, 200],
    );
    assert.equal(d.attempts[0].responseBody, 'down for maintenance');
    assert.equal(d.attempts[0].error, 'HTTP 500');
    assert.equal(d.attempts[0].requestHeaders['webhook-id'], first.headers['webhook-id']);
    assert.equal(d.attempts[1].requestBody, second.body);
    assert.ok(d.attempts.every((a) => a.durationMs >= 0));
    assert.equal((d.payload as { eventKey: string }).eventKey, INVITED);
    const { body: logs } = await call<{ count: number; rows: { statusCode: number }[] }>('GET', `/webhook/logs/?id=${hook._id}&offset=0&limit=10`);
    assert.deepEqual(
      logs.rows.map((l) => l.statusCode),
      [200, 500],
      'newest first',
    );
    assert.equal((await hookOf(hook._id)).failingSince, null, 'a success ends the failing streak');
  });

  it('the schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then failed (8 attempts)', async () => {
    const hook = await makeHook();
    receiver.fallback = { status: 503 };
    await emit();
    await receiver.waitFor(1);
    const steps = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
    for (const [i, step] of steps.entries()) {
      await advance(step);
      await receiver.waitFor(i + 2);
    }
    const [row] = (await deliveries(hook._id)).rows;
    assert.equal(row.status, 'failed');
    assert.equal(row.attempts, 8);
    assert.equal(row.nextAttemptAt, null);
    await advance(36_000_000);
    assert.equal(receiver.received.length, 8, 'no ninth attempt');
    assert.equal((await deliveries(hook._id, '?status=failed')).count, 1);
    assert.equal((await deliveries(hook._id, '?status=succeeded')).count, 0);
  });

  it('410 disables the endpoint (audit row) and later events are not sent to it', async () => {
    const hook = await makeHook();
    receiver.answer({ status: 410 });
    await emit();
    await receiver.waitFor(1);
    await until(async () => !(await hookOf(hook._id)).isActive, 'the webhook turned off');
    const after = await hookOf(hook._id);
    assert.equal(after.disabledReason, 'gone');
    const [row] = (await deliveries(hook._id)).rows;
    assert.equal(row.status, 'failed');
    const [audit] = await auditRows('webhook.disabled', hook._id);
    assert.ok(audit, 'an audit row');
    assert.equal(audit.actorId, null, 'written by System');
    assert.match(audit.description, /410 Gone/);
    await emit();
    await advance(60_000);
    assert.equal(receiver.received.length, 1);
    // turned on again: why it was off is cleared
    const on = await call<Webhook_>('PATCH', `/webhook/${hook._id}`, { isActive: true });
    assert.equal(on.body.disabledReason, null);
  });

  it('an endpoint failing for 5 days is disabled at its next failure, with an audit row', async () => {
    const hook = await makeHook();
    receiver.fallback = { status: 500 };
    await emit();
    await receiver.waitFor(1);
    assert.ok((await hookOf(hook._id)).failingSince);
    await advance(5 * 86_400_000);
    await receiver.waitFor(2);
    await until(async () => (await hookOf(hook._id)).disabledReason === 'failing', 'disabled for failing');
    assert.equal((await hookOf(hook._id)).isActive, false);
    const [audit] = await auditRows('webhook.disabled', hook._id);
    assert.match(audit.description, /failed for 5 days/);
  });

  it('webhook-delivery: abort-message stops the retries', async () => {
    const hook = await makeHook();
    receiver.answer({ status: 500, headers: { 'webhook-delivery': 'abort-message' } });
    await emit();
    await receiver.waitFor(1);
    let row: DeliveryRow | undefined;
    await until(async () => ([row] = (await deliveries(hook._id)).rows) && row.status === 'failed', 'the delivery ended');
    assert.equal(row!.attempts, 1);
    await advance(86_400_000);
    assert.equal(receiver.received.length, 1);
  });

  it('Retry-After replaces the step: 60 s asked, not retried at 5 s, retried at 60 s', async () => {
    const hook = await makeHook();
    receiver.answer({ status: 429, headers: { 'retry-after': '60' } });
    await emit();
    await receiver.waitFor(1);
    let row: DeliveryRow | undefined;
    await until(async () => ([row] = (await deliveries(hook._id)).rows) && row.attempts === 1, 'the first attempt');
    assert.equal(Date.parse(row!.nextAttemptAt!) - Date.parse(row!.createdAt), 60_000);
    await advance(5_000);
    assert.equal(receiver.received.length, 1);
    await advance(55_000);
    await receiver.waitFor(2);
  });

  it('a redirect is a failure: not followed, its status logged', async () => {
    const hook = await makeHook();
    receiver.answer({ status: 302, headers: { location: receiver.url('/elsewhere') } });
    await emit();
    await receiver.waitFor(1);
    let row: DeliveryRow | undefined;
    await until(async () => ([row] = (await deliveries(hook._id)).rows) && row.attempts === 1, 'the first attempt');
    assert.equal(row!.status, 'pending');
    assert.equal(row!.lastStatusCode, 302);
    const d = await detail(hook._id, row!.id);
    assert.equal(d.attempts[0].error, 'redirect not followed (HTTP 302)');
    await new Promise((res) => setTimeout(res, 200));
    assert.deepEqual(
      receiver.received.map((r) => r.path),
      ['/hook'],
      'the Location was never fetched',
    );
  });

  it('SSRF: a host on a link-local address is refused, a private one without --allow-private-network; the answer read back is bounded', async () => {
    const linkLocal = await makeHook({ url: 'http://metadata-ish.test/hook' });
    const intranet = await makeHook({ url: 'http://intranet.test/hook' });
    receiver.answer({ status: 200, body: 'x'.repeat(200_000) });
    const big = await makeHook();
    await emit();
    await receiver.waitFor(1);
    const attemptOf = async (id: string) => {
      let row: DeliveryRow | undefined;
      await until(async () => ([row] = (await deliveries(id)).rows) && row.attempts === 1, 'an attempt');
      return (await detail(id, row!.id)).attempts[0];
    };
    const refused = await attemptOf(linkLocal._id);
    assert.equal(refused.statusCode, null);
    assert.equal(refused.error, 'address not allowed: link-local');
    assert.match((await attemptOf(intranet._id)).error ?? '', /^address not allowed: private network/);
    const answer = await attemptOf(big._id);
    assert.equal(answer.statusCode, 200, 'a long answer is still a success');
    assert.equal(answer.responseBody.length, 64 * 1024, 'read back up to 64 KiB');
  });
});

describe('resend and recover', () => {
  it('resend one delivery and recover the failed ones since a time: re-delivered with the same webhook-id', async () => {
    const hook = await makeHook();
    receiver.answer({ status: 500, headers: { 'webhook-delivery': 'abort-message' } }, { status: 500, headers: { 'webhook-delivery': 'abort-message' } });
    await emit();
    await receiver.waitFor(1);
    await emit();
    await receiver.waitFor(2);
    await until(async () => (await deliveries(hook._id, '?status=failed')).count === 2, 'two failed deliveries');
    const [newest, oldest] = (await deliveries(hook._id)).rows;

    const resent = await call<DeliveryRow>('POST', `/webhook/${hook._id}/deliveries/${oldest.id}/resend`);
    assert.equal(resent.status, 202);
    assert.equal(resent.body.status, 'pending');
    const third = (await receiver.waitFor(3))[2];
    assert.equal(third.headers['webhook-id'], oldest.messageId);
    assert.equal((await auditRows('webhook.delivery.resent', hook._id)).length, 1);

    const recovered = await call<{ count: number }>('POST', `/webhook/${hook._id}/recover`, { since: new Date(Date.parse(newest.createdAt) - 1000).toISOString() });
    assert.equal(recovered.status, 202);
    assert.equal(recovered.body.count, 1, 'only the one still failed');
    const fourth = (await receiver.waitFor(4))[3];
    assert.equal(fourth.headers['webhook-id'], newest.messageId);
    await until(async () => (await deliveries(hook._id, '?status=succeeded')).count === 2, 'both delivered');
    assert.equal((await detail(hook._id, newest.id)).attempts.length, 2);
    assert.equal((await deliveries(hook._id, `?eventKey=${INVITED}&limit=1`)).rows.length, 1);

    const missing = await call('POST', `/webhook/${hook._id}/deliveries/nope/resend`);
    assert.equal(missing.status, 404);
    const bad = await call<{ errors: string[] }>('POST', `/webhook/${hook._id}/recover`, { since: 'yesterday' });
    assert.equal(bad.status, 400);
  });
});

/** Starts an emulator on `dir` (PGlite reads a global `window` as a browser's: Frontegg's client set one). */
async function startOn(dir: string): Promise<Emulator> {
  const page = globalThis as { window?: unknown };
  const window = page.window;
  delete page.window;
  try {
    return await startEmulator({ dataDir: dir });
  } finally {
    page.window = window;
  }
}

describe('the queue is the table', () => {
  it('a retry due while the emulator was down is made after a restart (PGlite data directory)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-webhooks-'));
    try {
      const first = await startOn(dir);
      const hook = await makeHook({}, first);
      receiver.answer({ status: 500 });
      await emit(INVITED, first);
      await receiver.waitFor(1);
      await new Promise((res) => setTimeout(res, 200));
      await first.close();

      const second = await startOn(dir);
      try {
        await advance(5_000, second);
        const [a, b] = await receiver.waitFor(2);
        assert.equal(b.headers['webhook-id'], a.headers['webhook-id']);
        const client = new Client(second);
        const list = await client.get(`/frontegg/webhook/${hook._id}/deliveries`, client.bearer(await admin(second)));
        await until(
          async () => (await client.get(`/frontegg/webhook/${hook._id}/deliveries`, client.bearer(await admin(second)))).body.rows[0].status === 'succeeded',
          'delivered after the restart',
        );
        assert.equal(list.status, 200);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the test helpers: /_emulator/events and /_emulator/receivers', () => {
  it('an emitted event reaches a receiver inside the emulator; 500 then 200 after the clock moves 5 s; a test call to it is answered', async () => {
    const { api, baseUrl, close } = await fronteggClient(harness.emu, await admin());
    try {
      const client = new Client(harness.emu);
      assert.equal((await client.put('/_emulator/receivers/inbox', { answers: [{ status: 500, body: 'nope' }] })).status, 200);
      const hook = (await api.connectivity.postWebhooksConfiguration({
        displayName: 'Inside',
        description: '',
        url: `${baseUrl}/_emulator/receivers/inbox`,
        eventKeys: [INVITED],
        isActive: true,
        secret: '',
      })) as Webhook_;
      const emitted = await client.post('/_emulator/events', { key: INVITED });
      assert.equal(emitted.status, 201, emitted.text);
      const requests = async () => (await client.get<{ requests: { headers: Record<string, string>; body: string }[] }>('/_emulator/receivers/inbox')).body.requests;
      await until(async () => (await requests()).length === 1, 'the first request');
      const [first] = await requests();
      const sent = JSON.parse(first.body);
      assert.equal(sent.eventKey, INVITED);
      assert.equal(sent.user.email, SEED.adminEmail, 'the default payload names the account’s first user');
      assert.deepEqual(sent.eventContext, { tenantId: SEED.tenantId, userId: SEED.adminUserId });
      verifyStandard(hook.secret!, { method: 'POST', path: '', headers: first.headers, body: first.body });
      await until(async () => (await deliveries(hook._id)).rows[0]?.attempts === 1, 'the attempt recorded');
      await advance(5_000);
      const all = await requests();
      assert.equal(all.length, 2);
      assert.equal(all[1].headers['webhook-id'], first.headers['webhook-id']);
      assert.equal((await deliveries(hook._id)).rows[0].status, 'succeeded');

      const test = await api.connectivity.postWebhookTest({ url: `${baseUrl}/_emulator/receivers/inbox`, secret: null });
      assert.equal(Number(test.statusCode), 200);
      assert.equal(test.body, 'ok');
      assert.equal((await client.post('/_emulator/events', { key: 'frontegg.user.exploded' })).status, 400);
    } finally {
      await close();
    }
  });
});
