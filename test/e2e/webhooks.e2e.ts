import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jwtVerify } from 'jose';
import { chromium, type Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { startEmulator } from '../../tools/emulator-process.js';
import { startDemo } from '../../examples/plain-html/server.mjs';
import { startReceiver, type Receiver } from '../../emulator/test/webhook-receiver.ts';
import { signInOnDemo } from './harness.ts';
import { freePort } from '../node/emulator.ts';

/**
 * Issue 33, "Done when", end to end: an administrator adds a webhook in the demo's portal (the secret generated and
 * shown once), invites a user in the users section, and a receiver started by this test gets
 * `frontegg.user.invitedToTenant`, verified with the `standardwebhooks` verifier and with jose (`x-webhook-secret`);
 * the receiver's first answer is a 500, the emulator clock moves 5 s, the retry arrives with the same `webhook-id`,
 * and the portal's delivery inspector shows both attempts. Needs `npm run build` first.
 */
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const LAUNCH = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const INVITED = 'frontegg.user.invitedToTenant';

describe('webhooks from the portal to a receiver', () => {
  let browser: Browser;
  let emulator: { url: string; stop(): Promise<void> };
  let demo: { url: string; stop(): Promise<void> };
  let receiver: Receiver;

  before(async () => {
    const [port, demoPort] = [await freePort(), await freePort()];
    receiver = await startReceiver();
    emulator = await startEmulator({ port, dataDir: 'memory://', env: { EMULATOR_CORS_ORIGINS: `http://127.0.0.1:${demoPort}` } });
    demo = await startDemo({ port: demoPort, emulatorUrl: emulator.url });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: LAUNCH });
  });
  after(async () => {
    await browser?.close();
    await demo?.stop();
    await emulator?.stop();
    await receiver?.close();
  });

  it('an invite in the portal reaches the receiver signed twice; a 500 is retried once the clock moves 5 s, and the inspector shows both attempts', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInOnDemo(page, demo.url, ADMIN);
    await page.goto(`${demo.url}/admin#/admin/webhooks`);
    const portal = page.locator('fe-admin-portal');
    const nav = portal.getByRole('navigation', { name: 'Sections' });

    // a webhook on the receiver for "User invited", its secret generated and shown once
    await portal.getByText('No webhooks yet.').waitFor();
    await portal.getByRole('button', { name: 'Add webhook' }).first().click();
    const form = portal.getByRole('dialog', { name: 'Add a webhook' });
    await form.getByLabel('Display name').fill('Receiver');
    await form.getByLabel('URL', { exact: true }).fill(receiver.url());
    await form.getByRole('checkbox', { name: 'User invited' }).check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const shown = portal.getByRole('dialog', { name: 'The webhook’s secret' });
    const secret = ((await shown.locator('[data-copy-value="fe-webhook-secret"]').textContent()) ?? '').trim();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/, 'a generated secret: whsec_ and the base64 of 24 bytes');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.getByRole('button', { name: 'Close without copying' }).click();
    await portal.getByRole('table', { name: 'Webhooks of this account' }).getByText('Receiver').waitFor();

    // the receiver is down for the first call
    receiver.answer({ status: 500, body: 'down for maintenance' });
    await nav.getByRole('link', { name: 'Users' }).click();
    await portal.getByRole('button', { name: 'Add user' }).click();
    const invite = portal.getByRole('dialog', { name: 'Add a user' });
    await invite.getByLabel('Name').fill('Grace Hopper');
    await invite.getByLabel('Email').fill('grace@acme.test');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await portal.getByText('Invitation sent to grace@acme.test.').waitFor();

    const [first] = await receiver.waitFor(1, 15_000);
    const headers = { 'webhook-id': first.headers['webhook-id'], 'webhook-timestamp': first.headers['webhook-timestamp'], 'webhook-signature': first.headers['webhook-signature'] };
    const payload = new Webhook(secret).verify(first.body, headers) as { user: { email: string }; eventContext: { tenantId: string; userId: string } };
    assert.equal(payload.user.email, 'grace@acme.test');
    assert.ok(payload.eventContext.tenantId && payload.eventContext.userId, 'eventContext names the account and the user');
    const { payload: claims } = await jwtVerify(first.headers['x-webhook-secret'], new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    assert.equal(claims.jti, first.headers['webhook-id']);
    assert.equal((JSON.parse(first.body) as { eventKey: string }).eventKey, INVITED);

    // 5 s on the emulator clock: the retry comes, with the same webhook-id, and is accepted
    const moved = await fetch(`${emulator.url}/_emulator/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance: 5000 }) });
    assert.equal(moved.status, 200);
    const [, second] = await receiver.waitFor(2, 15_000);
    assert.equal(second.headers['webhook-id'], first.headers['webhook-id']);
    assert.equal(second.body, first.body);

    // the inspector: the delivery delivered after 2 attempts, the first answered 500
    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await portal.getByRole('link', { name: 'Receiver: deliveries' }).click();
    const deliveries = portal.getByRole('table', { name: 'Deliveries of Receiver' });
    const row = deliveries.locator('tbody tr[data-row-id]').filter({ hasText: INVITED });
    await row.filter({ hasText: 'Delivered' }).waitFor();
    await row.getByRole('link').first().click();
    await portal.getByRole('heading', { name: `Delivery of ${INVITED}` }).waitFor();
    await portal.getByText('2 attempts').waitFor();
    await portal.getByText('down for maintenance').waitFor();
    await context.close();
  });
});
