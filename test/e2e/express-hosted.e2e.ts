import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { startEmulator } from '../../tools/emulator-process.js';
import { startDemo } from '../../examples/express/server.mjs';

/**
 * Issue 6 with hosted login: the Express example (fe-elements/server, a sealed session cookie)
 * signs in through the emulator's hosted login and renders the user's name on the first paint.
 * Needs the full build (`npx vite build` and `npx vite build --config vite.server.config.ts`).
 */
describe('Express host with hosted login: server-rendered session', () => {
  let emulator: { url: string; stop(): Promise<void> };
  let demo: { url: string; stop(): Promise<void> };
  let browser: Browser;
  before(async () => {
    const port = 18000 + Math.floor(Math.random() * 1000);
    const demoPort = port + 1000;
    emulator = await startEmulator({ port, dataDir: 'memory://', env: { EMULATOR_CORS_ORIGINS: `http://127.0.0.1:${demoPort}` } });
    demo = await startDemo({ port: demoPort, env: { FE_BASE_URL: emulator.url, FE_HOSTED_LOGIN: 'true' } });
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  after(async () => {
    await browser?.close();
    await demo?.stop();
    await emulator?.stop();
  });

  it('a protected page → /account/login → hosted login → /oauth/callback → the name on the first paint; logout through /oauth/logout', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const authorize: URL[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/oauth/authorize') authorize.push(u);
    });
    await page.goto(`${demo.url}/`);
    await page.waitForURL((u) => u.origin === emulator.url && u.pathname === '/oauth/authorize');
    const q = authorize[0].searchParams;
    assert.equal(q.get('scope'), 'openid email profile');
    assert.equal(q.get('code_challenge_method'), 'S256');
    assert.match(q.get('nonce')!, /^[A-Za-z0-9]{16}$/);
    assert.equal(q.get('redirect_uri'), `${demo.url}/oauth/callback`);

    const box = page.locator('fe-login-box');
    await box.getByLabel('Email', { exact: true }).fill('admin@acme.test');
    await page.keyboard.press('Enter');
    await box.getByLabel('Password', { exact: true }).fill('Admin-Passw0rd!');
    await page.keyboard.press('Enter');

    await page.waitForURL(`${demo.url}/`);
    await page.locator('#user-name').waitFor();
    const name = (await page.locator('#user-name').textContent())!.trim();
    assert.ok(name.length > 0);
    // the first paint: the server's HTML already has the user (no client-side sign-in needed)
    const html = await (await context.request.get(`${demo.url}/`)).text();
    assert.match(html, new RegExp(`id="user-name">${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`));
    assert.match(html, /id="fe-session"/);

    // logout: the server clears its cookie and sends the browser through the hosted logout.
    // Leave the page first: a refresh the page's <fe-app> has in flight through the proxy could seal a new
    // cookie after the logout cleared it (a known race of the request handler, noted on issue 6).
    await page.goto('about:blank');
    const logout: URL[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('/oauth/logout')) logout.push(u);
    });
    await page.goto(`${demo.url}/account/logout`);
    await page.waitForURL((u) => u.origin === emulator.url && u.pathname === '/oauth/authorize');
    await box.getByLabel('Email', { exact: true }).waitFor();
    assert.equal(logout.length, 1);
    assert.ok(logout[0].searchParams.get('post_logout_redirect_uri')?.startsWith(demo.url));
    const after = await (await context.request.get(`${demo.url}/`, { maxRedirects: 0 })).status();
    assert.equal(after, 302, 'signed out: the protected page redirects to the login');
    await context.close();
  });
});
