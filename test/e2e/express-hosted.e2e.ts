import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startEmulator } from '../../tools/emulator-process.js';
import { startDemo } from '../../examples/express/server.mjs';
import { freePort } from '../node/emulator.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The `<script id="fe-session">` hint of a server-rendered page. */
function hintOf(html: string): { user: { name?: string; email?: string }; expiresAt: number } {
  const m = html.match(/<script type="application\/json" id="fe-session">(.*?)<\/script>/s);
  assert.ok(m, 'the page carries the session hint');
  return JSON.parse(m[1]);
}

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
    const [port, demoPort] = [await freePort(), await freePort()];
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

  /** Hosted sign-in from the protected home page (a new context: no session at the emulator yet); the rendered name. */
  async function signIn(page: Page): Promise<string> {
    await page.goto(`${demo.url}/`);
    await page.waitForURL((u) => u.origin === emulator.url && u.pathname === '/oauth/authorize');
    const box = page.locator('fe-login-box');
    await box.getByLabel('Email', { exact: true }).fill('admin@acme.test');
    await page.keyboard.press('Enter');
    await box.getByLabel('Password', { exact: true }).fill('Admin-Passw0rd!');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${demo.url}/`);
    await page.locator('#user-name').waitFor();
    return (await page.locator('#user-name').textContent())!.trim();
  }

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

    // logout while the page is open: the server clears its cookie and sends the browser through the hosted
    // logout. The page's <fe-app> refreshes through the proxy when it starts, so that refresh may still be in
    // flight: the handler remembers the signed-out session and answers it 401 + cleared cookie, never a new seal.
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

  it("refresh keeps the session past the access token's expiry: a server-rendered page and an API call still see the user (SI-7.13: the server refreshes through the token endpoint and re-seals)", async () => {
    const ACCESS_TOKEN_SECONDS = 3;
    const tokenSettings = (accessTokenExpiresIn: number) =>
      fetch(`${emulator.url}/_emulator/token-settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accessTokenExpiresIn }) });
    assert.equal((await tokenSettings(ACCESS_TOKEN_SECONDS)).status, 200);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const name = await signIn(page);
      // leave the page: its <fe-app> would refresh through the proxy on its own timer; what follows is the server's refresh
      await page.goto('about:blank');

      const first = await context.request.get(`${demo.url}/`, { maxRedirects: 0 });
      assert.equal(first.status(), 200);
      const before = hintOf(await first.text());
      assert.ok(before.expiresAt * 1000 - Date.now() <= ACCESS_TOKEN_SECONDS * 1000, 'the short lifetime applies');
      // wait just past the expiry of the access token sealed in the cookie (the hint carries its exp)
      await sleep(Math.max(0, before.expiresAt * 1000 - Date.now()) + 200);

      // the same expired cookie on a page render and an API call at once: one refresh, both see the user
      const [render, api] = await Promise.all([
        context.request.get(`${demo.url}/`, { maxRedirects: 0 }),
        context.request.get(`${demo.url}/frontegg/identity/resources/users/v2/me`),
      ]);
      assert.equal(render.status(), 200, 'still signed in: no redirect to the login');
      const html = await render.text();
      assert.ok(html.includes(`id="user-name">${name}<`), 'the server renders the user after the expiry');
      const renewed = hintOf(html);
      assert.ok(renewed.expiresAt > before.expiresAt, 'rendered from a refreshed access token');
      assert.ok(renewed.expiresAt * 1000 > Date.now(), 'which is valid');
      const resealed = render.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('fe_session_demo-client='));
      assert.ok(resealed.length === 1 && !/Max-Age=0/i.test(resealed[0].value), 'the renewed session is sealed into the cookie');
      assert.equal(api.status(), 200, `the proxied API call is authorized after the expiry: ${await api.text()}`);
      assert.equal(((await api.json()) as { email: string }).email, 'admin@acme.test');

      // and with the renewed cookie, later requests keep working
      const later = await context.request.get(`${demo.url}/frontegg/identity/resources/users/v2/me`);
      assert.equal(later.status(), 200);
    } finally {
      await context.close();
      await tokenSettings(300);
    }
  });

  it("logout while the page's refresh through the proxy is answered late: its Set-Cookie arrives after the logout's and does not sign the user back in (issue 6 race)", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signIn(page);
      // the server answers this refresh (rotating the session and sealing a new cookie) before the logout,
      // but the page receives that answer only after the logout cleared the cookie
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let holding!: () => void;
      const held = new Promise<void>((r) => (holding = r));
      await page.route('**/frontegg/identity/resources/auth/v1/user/token/refresh', async (route) => {
        if (!route.request().headers()['x-e2e-held']) return route.continue();
        const response = await route.fetch();
        holding();
        await released;
        await route.fulfill({ response });
      });
      const refreshed = page.evaluate(async () => {
        const r = await fetch('/frontegg/identity/resources/auth/v1/user/token/refresh', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-e2e-held': '1' },
          body: '{"tenantId":null}',
        });
        return { status: r.status };
      });
      await held;

      const other = await context.newPage(); // the page stays open; the user signs out in another tab
      await other.goto(`${demo.url}/account/logout`);
      await other.waitForURL((u) => u.origin === emulator.url && u.pathname === '/oauth/authorize');
      release();
      assert.equal((await refreshed).status, 200, 'the server had answered the refresh before the logout');
      assert.ok(
        (await context.cookies(demo.url)).some((c) => c.name === 'fe_session_demo-client'),
        "the late answer's cookie did land",
      );

      const home = await context.request.get(`${demo.url}/`, { maxRedirects: 0 });
      assert.equal(home.status(), 302, 'still signed out: the renewed cookie of a signed-out session is no session');
      assert.ok(!(await context.cookies(demo.url)).some((c) => c.name === 'fe_session_demo-client'), 'and it is cleared');
    } finally {
      await context.close();
    }
  });
});
