// @postgres: the webhook log written by the dispatcher beside the admin requests
/**
 * Webhooks in the emulator (issue 33 items 1 and 5; api-contract §Y; src/routes/admin/webhooks.ts, src/webhooks/),
 * driven by Frontegg's own client (`@frontegg/rest-api` connectivity): the event catalogue (categories, channel maps),
 * webhook create/list/update/delete, logs, test and retry; the permissions, the account's isolation and the audit
 * rows. Deliveries and their rules: webhooks-delivery.test.ts.
 */
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IWebhookLogsResponse, IWebhooksConfigurations } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { emitEvent } from '../src/events/emit.ts';
import { emulatorDate } from '../src/clock.ts';
import { Client } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

const harness = useAdminEmulator(() => ({ startAt: Date.now(), frozen: true }));
const { tokenOf, apiAs, adminApi, makeUser, auditRows } = harness;

/** Our answer: Frontegg's configuration and the extension fields. */
type Webhook = IWebhooksConfigurations & { secretFormat: string; secretOverlapUntil: string | null; disabledReason: string | null };

let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
});

const hook = (over: Record<string, unknown> = {}) => ({
  displayName: 'Billing sync',
  description: 'Tells billing about new users',
  url: receiver.url(),
  eventKeys: ['frontegg.user.invitedToTenant', 'frontegg.user.created'],
  isActive: true,
  secret: '',
  ...over,
});

/** Emits `key` for the seeded account, as emu-events' actions do, at the emulator clock's now. */
async function emit(key: 'frontegg.user.invitedToTenant' | 'frontegg.user.created' | 'frontegg.tenant.updated', tenantId: string = SEED.tenantId) {
  const db = harness.emu.db;
  await emitEvent(db, { tenantId, key, payload: { user: { id: 'u1', email: 'new@acme.test' }, eventContext: { tenantId, userId: 'u1' } }, at: await emulatorDate(db) });
}

describe('the event catalogue', () => {
  it('AB-3.36 AB-7.57 categories: user, tenant, userApiToken and tenantApiToken with the 22 events, their names and descriptions', async () => {
    const api = await adminApi();
    const categories = await api.connectivity.getCategories();
    assert.deepEqual(
      categories.map((c) => c.name),
      ['user', 'tenant', 'userApiToken', 'tenantApiToken'],
    );
    const events = categories.flatMap((c) => c.events ?? []);
    assert.equal(events.length, 22);
    const invited = events.find((e) => e.key === 'frontegg.user.invitedToTenant');
    assert.equal(invited?.displayName, 'User invited to account');
    assert.equal(invited?.description, 'A user was invited to an account');
    assert.equal(invited?.categoryId, categories[0].id);
    assert.equal(categories[0].vendorId, SEED.vendorId);
    for (const e of events) assert.ok(e.id && e.displayName && e.description && e.createdAt, e.key);
    assert.deepEqual(
      categories[3].events?.map((e) => e.key),
      ['frontegg.tenantApiToken.created', 'frontegg.tenantApiToken.deleted'],
    );
  });

  it('AB-3.36 channel maps: every event of a known channel with its category; none for an unknown one', async () => {
    const api = await adminApi();
    const maps = await api.connectivity.getChannelMaps('webhook');
    assert.equal(maps.length, 22);
    const created = maps.find((m) => m.key === 'frontegg.tenant.created');
    assert.equal(created?.category.name, 'tenant');
    assert.equal(created?.categoryId, created?.category.id);
    assert.equal((await api.connectivity.getChannelMaps('email,sms')).length, 22);
    assert.deepEqual(await api.connectivity.getChannelMaps('carrier-pigeon'), []);
  });

  it('any connectivity permission opens the catalogue; none is 403, no token 401', async () => {
    const client = new Client(harness.emu);
    await makeUser('nobody@acme.test', []);
    const res = await client.get('/frontegg/event/resources/configurations/v1/categories', client.bearer(await tokenOf('nobody@acme.test', PASSWORD)));
    assert.equal(res.status, 403, res.text);
    assert.deepEqual(res.body.errors, ['Not authorized']);
    assert.equal((await client.get('/frontegg/event/resources/configurations/v1?channels=webhook')).status, 401);
  });
});

describe('webhook configurations', () => {
  it('AB-7.57 AB-3.39 create (secret shown once, whsec_ generated), list by name without the secret, update, delete; audit rows', async () => {
    const api = await adminApi();
    const made = (await api.connectivity.postWebhooksConfiguration(hook())) as Webhook;
    assert.match(made._id, /^[0-9a-f-]{36}$/);
    assert.match(made.secret ?? '', /^whsec_[A-Za-z0-9+/]{32}$/, 'whsec_ + base64 of 24 bytes');
    assert.equal(Buffer.from(made.secret!.slice(6), 'base64').length, 24);
    assert.equal(made.secretFormat, 'whsec');
    assert.deepEqual(made.eventKeys, ['frontegg.user.created', 'frontegg.user.invitedToTenant'], 'in catalogue order');
    assert.equal(made.invocations, 0);
    await api.connectivity.postWebhooksConfiguration(hook({ displayName: 'Audit mirror', secret: 'typed-secret-1', eventKeys: ['frontegg.tenant.updated'] }));

    const list = (await api.connectivity.getWebhooksConfigurations()) as Webhook[];
    assert.deepEqual(
      list.map((w) => w.displayName),
      ['Audit mirror', 'Billing sync'],
      'AB-9.15 by name',
    );
    assert.ok(
      list.every((w) => w.secret === null),
      'the secret is never listed',
    );
    assert.equal(list[0].secretFormat, 'raw', 'a typed secret is raw bytes');

    const updated = (await api.connectivity.postWebhooksConfiguration({ ...hook(), _id: made._id, displayName: 'Billing', isActive: false, secret: null })) as Webhook;
    assert.equal(updated.displayName, 'Billing');
    assert.equal(updated.isActive, false);
    assert.equal(updated.secret, null, 'an empty secret keeps the current one');
    assert.equal(updated.secretOverlapUntil, null);

    assert.deepEqual(await api.connectivity.deleteWebhooksConfiguration(made._id), {});
    assert.deepEqual(
      ((await api.connectivity.getWebhooksConfigurations()) as Webhook[]).map((w) => w.displayName),
      ['Audit mirror'],
    );
    for (const action of ['webhook.created', 'webhook.updated', 'webhook.deleted']) {
      const [row] = await auditRows(action, made._id);
      assert.ok(row, action);
      assert.equal(row.actorEmail, SEED.adminEmail);
      assert.ok(!JSON.stringify(row.details).includes('whsec_'), 'no secret in the audit log');
    }
  });

  it('refuses a bad body: no name, no events, an unknown event, a short secret, a non-http or link-local URL', async () => {
    const api = await adminApi();
    const save = (over: Record<string, unknown>) => api.connectivity.postWebhooksConfiguration(hook(over) as never);
    await rejectsWith(save({ displayName: ' ' }), 400, 'displayName: displayName is required');
    await rejectsWith(save({ eventKeys: [] }), 400, 'eventKeys: choose at least one event');
    await rejectsWith(save({ eventKeys: ['frontegg.user.exploded'] }), 400, 'eventKeys: unknown event keys: frontegg.user.exploded');
    await rejectsWith(save({ secret: 'short' }), 400, 'secret: secret must be at least 8 characters');
    await rejectsWith(save({ url: 'javascript:alert(1)' }), 400, 'url: must be an absolute http: or https: URL');
    await rejectsWith(save({ url: 'http://169.254.169.254/latest' }), 400, 'url: address not allowed: cloud metadata');
    await rejectsWith(save({ url: 'http://[fe80::1]/hook' }), 400, 'url: address not allowed: link-local');
  });

  it('a typed secret other than the current one rotates it: answered once, both sign for 24 h; end overlap now', async () => {
    const api = await adminApi();
    const made = (await api.connectivity.postWebhooksConfiguration(hook({ secret: 'first-secret' }))) as Webhook;
    assert.equal(made.secret, 'first-secret');
    const rotated = (await api.connectivity.postWebhooksConfiguration({ ...hook(), _id: made._id, secret: 'second-secret' })) as Webhook;
    assert.equal(rotated.secret, 'second-secret');
    const now = (await emulatorDate(harness.emu.db)).getTime();
    assert.equal(Date.parse(rotated.secretOverlapUntil!), now + 86_400_000);
    assert.equal((await auditRows('webhook.secret.rotated', made._id)).length, 1);

    const client = new Client(harness.emu);
    const ended = await client.post(`/frontegg/webhook/${made._id}/secret/end-overlap`, {}, client.bearer(await tokenOf()));
    assert.equal(ended.status, 200, ended.text);
    assert.equal(ended.body.secretOverlapUntil, null);
    assert.equal(ended.body.secret, null);
    assert.equal((await auditRows('webhook.secret.overlap-ended', made._id)).length, 1);
  });

  it('permissions: reading needs read.webhooks, changing write.webhooks, deleting delete.webhooks', async () => {
    const api = await adminApi();
    const made = (await api.connectivity.postWebhooksConfiguration(hook())) as Webhook;
    await makeUser('reader@acme.test', ['ReadOnly']);
    const reader = await apiAs(await tokenOf('reader@acme.test', PASSWORD));
    assert.equal(((await reader.connectivity.getWebhooksConfigurations()) as Webhook[]).length, 1, 'ReadOnly reads');
    await rejectsWith(reader.connectivity.postWebhooksConfiguration(hook()), 403, 'Not authorized');
    await rejectsWith(reader.connectivity.deleteWebhooksConfiguration(made._id), 403, 'Not authorized');
    await rejectsWith(reader.connectivity.postWebhookTest({ url: receiver.url(), secret: null }), 403, 'Not authorized');
    await makeUser('nobody@acme.test', []);
    const nobody = await apiAs(await tokenOf('nobody@acme.test', PASSWORD));
    await rejectsWith(nobody.connectivity.getWebhooksConfigurations(), 403, 'Not authorized');
    await rejectsWith(nobody.connectivity.getWebhookLog(made._id), 403, 'Not authorized');
  });

  it("another account's webhook, logs and deliveries are 404 as if absent", async () => {
    const api = await adminApi();
    const made = (await api.connectivity.postWebhooksConfiguration(hook())) as Webhook;
    const other = await new Client(harness.emu).post('/_emulator/tenants', { name: 'Globex' });
    assert.equal(other.status, 201, other.text);
    await makeUser('admin@globex.test', ['Admin'], { tenantId: other.body.tenantId });
    const globex = await apiAs(await tokenOf('admin@globex.test', PASSWORD));
    assert.deepEqual(await globex.connectivity.getWebhooksConfigurations(), []);
    await rejectsWith(globex.connectivity.postWebhooksConfiguration({ ...hook(), _id: made._id }), 404, 'Webhook not found');
    await rejectsWith(globex.connectivity.deleteWebhooksConfiguration(made._id), 404, 'Webhook not found');
    await rejectsWith(globex.connectivity.getWebhookLog(made._id), 404, 'Webhook not found');
    const client = new Client(harness.emu);
    const token = await tokenOf('admin@globex.test', PASSWORD);
    assert.equal((await client.get(`/frontegg/webhook/${made._id}/deliveries`, client.bearer(token))).status, 404);
    assert.equal((await client.post(`/frontegg/webhook/${made._id}/recover`, { since: 0 }, client.bearer(token))).status, 404);
    // an event of Globex reaches none of Acme's webhooks
    await emit('frontegg.user.created', other.body.tenantId);
    await emit('frontegg.user.created');
    await receiver.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(receiver.received.length, 1);
    assert.equal(JSON.parse(receiver.received[0].body).eventContext.tenantId, SEED.tenantId);
  });
});

describe('logs, test and retry', () => {
  it('AB-4.30 AB-7.60 the test sends a signed request and answers its status and body (200 succeeds; 500 is what came back)', async () => {
    const api = await adminApi();
    receiver.answer({ status: 200, body: '{"received":true}', headers: { 'content-type': 'application/json' } }, { status: 500, body: 'boom' });
    const ok = await api.connectivity.postWebhookTest({ url: receiver.url(), secret: 'typed-secret-1', payload: { hello: 'world' } });
    assert.equal(Number(ok.statusCode), 200);
    assert.equal(ok.body, '{"received":true}');
    assert.match(ok.id, /^msg_/);
    assert.equal(ok.tenantId, SEED.tenantId);
    assert.equal(ok.vendorId, SEED.vendorId);
    const [sent] = await receiver.waitFor(1);
    assert.deepEqual(JSON.parse(sent.body), { hello: 'world' });
    assert.match(sent.headers['webhook-signature'], /^v1,/);
    const failed = await api.connectivity.postWebhookTest({ url: receiver.url(), secret: null });
    assert.equal(Number(failed.statusCode), 500);
    assert.equal(failed.body, 'boom');
    assert.equal(receiver.received[1].headers['webhook-signature'], undefined, 'no secret: unsigned');
    // nothing answers: no status, the error
    const down = (await api.connectivity.postWebhookTest({ url: 'http://127.0.0.1:9/hook', secret: null })) as unknown as { statusCode: null; error: string };
    assert.equal(down.statusCode, null);
    assert.equal(down.error, 'ECONNREFUSED');
  });

  it('AB-9.14 AB-7.62 logs default to offset 0, limit 10, newest first; AB-4.31 AB-7.61 a retry answers 202 and re-delivers with the same webhook-id', async () => {
    const api = await adminApi();
    const made = (await api.connectivity.postWebhooksConfiguration(hook())) as Webhook;
    receiver.answer({ status: 500 });
    for (let i = 0; i < 12; i++) await emit('frontegg.user.created');
    await receiver.waitFor(12);
    // the receiver has the 12th call a moment before the emulator writes its attempt: read the log until it has it (5 s)
    let logs = (await api.connectivity.getWebhookLog(made._id)) as IWebhookLogsResponse;
    for (const until = Date.now() + 5000; logs.count < 12 && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      logs = (await api.connectivity.getWebhookLog(made._id)) as IWebhookLogsResponse;
    }
    assert.equal(logs.count, 12);
    assert.equal(logs.rows.length, 10, 'limit 10');
    const failed = ((await api.connectivity.getWebhookLog(made._id, 0, 20)) as IWebhookLogsResponse).rows.find((r) => Number(r.statusCode) === 500)!;
    assert.ok(failed, 'the 500 is in the log');
    assert.equal(failed.webhookId, made._id);
    assert.equal(JSON.parse(failed.body).eventKey, 'frontegg.user.created');
    assert.equal(((await api.connectivity.getWebhookLog(made._id, 10, 10)) as IWebhookLogsResponse).rows.length, 2, 'offset 10');

    const retry = await api.connectivity.postWebhookRetry(failed.id);
    assert.equal(Number(retry.statusCode), 202);
    const all = await receiver.waitFor(13);
    assert.equal(all[12].headers['webhook-id'], all[0].headers['webhook-id'], 'the retry carries the failed delivery’s webhook-id');
    assert.equal((await auditRows('webhook.delivery.retried', made._id)).length, 1);
    await rejectsWith(api.connectivity.postWebhookRetry('no-such-log'), 404, 'Log not found');
  });
});
