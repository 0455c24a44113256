import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startEmulator } from '../../tools/emulator-process.js';
import { startDemo } from '../../examples/plain-html/server.mjs';
import { demoPage, totp } from './harness.ts';
import { freePort } from '../node/emulator.ts';

/**
 * Issue 11: the demo page and the emulator's hosted login page served with the
 * strict policy (no inline script or style, everything from 'self'), then the
 * same plus Trusted Types; the flows still work and not one
 * `securitypolicyviolation` event fires: sign-in (password + TOTP), sign-up,
 * forgot password, `<fe-authorized>` and `<fe-tenant-switcher>`, and the
 * hosted login page. Needs `npm run build` first.
 */
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const LAUNCH = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  url: string;
}

/** A browser context that reports every CSP violation of every page and frame to `violations`. */
async function watchedContext(browser: Browser, violations: Violation[]): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.exposeBinding('__feReportViolation', (_source, v: Violation) => void violations.push(v));
  // init scripts are injected by the browser, not by the page, so the policy does not apply to them
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __feReportViolation(v: unknown): void }).__feReportViolation({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        url: location.href,
      }),
    );
  });
  return context;
}

for (const trustedTypes of [false, true]) {
  describe(`strict CSP${trustedTypes ? ' + Trusted Types' : ''}: the demo and the hosted login page`, () => {
    let browser: Browser;
    let emulator: { url: string; stop(): Promise<void> };
    let demo: { url: string; stop(): Promise<void> };
    let hosted: { url: string; stop(): Promise<void> };
    const api = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(emulator.url + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await r.text();
      assert.ok(r.ok, `${method} ${path} → ${r.status} ${text}`);
      return text ? JSON.parse(text) : {};
    };

    before(async () => {
      const [port, demoPort, hostedPort] = [await freePort(), await freePort(), await freePort()];
      emulator = await startEmulator({
        port,
        dataDir: 'memory://',
        env: { EMULATOR_CORS_ORIGINS: `http://127.0.0.1:${demoPort},http://127.0.0.1:${hostedPort}`, EMULATOR_TRUSTED_TYPES: trustedTypes ? '1' : '0' },
      });
      demo = await startDemo({ port: demoPort, emulatorUrl: emulator.url, csp: true, trustedTypes });
      hosted = await startDemo({ port: hostedPort, emulatorUrl: emulator.url, page: 'hosted.html', csp: true, trustedTypes });
      browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: LAUNCH });
    });
    after(async () => {
      await browser?.close();
      await demo?.stop();
      await hosted?.stop();
      await emulator?.stop();
    });

    it('the page is served with the policy', async () => {
      const r = await fetch(demo.url);
      const csp = r.headers.get('content-security-policy') ?? '';
      assert.match(csp, /script-src 'self'/);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
      assert.equal(/require-trusted-types-for 'script'/.test(csp), trustedTypes);
    });

    it('sign-up, forgot password, sign-in with password + TOTP, <fe-authorized> and <fe-tenant-switcher>: zero violations', async () => {
      const violations: Violation[] = [];
      const context = await watchedContext(browser, violations);
      const page: Page = await context.newPage();
      const d = demoPage(page);
      await page.goto(demo.url);

      // sign-up through the UI: signed in at once
      const email = `csp-${trustedTypes ? 'tt' : 'plain'}-${Date.now()}@example.test`;
      await d.box.getByRole('button', { name: 'Sign up' }).click();
      const signUp = page.locator('fe-sign-up');
      await signUp.getByLabel('Full name').fill('CSP User');
      await signUp.getByLabel('Work email').fill(email);
      await signUp.getByLabel('Company name').fill('CSP Co');
      await signUp.getByLabel('Password').fill('Correct-Horse-9-Battery');
      await page.keyboard.press('Enter');
      await d.panel.waitFor({ state: 'visible' });
      assert.equal(await page.locator('#signed-in-email').textContent(), email);
      // <fe-authorized>: the new tenant's admin may read users
      await page.locator('#admin-only').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#not-admin').isVisible(), false);
      await d.signOut.click();
      await d.box.waitFor({ state: 'visible' });

      // forgot password: the link on the password step, then "check your email"
      await d.email.fill(ADMIN.email);
      await page.keyboard.press('Enter');
      await d.password.waitFor();
      await d.box.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = page.locator('fe-forgot-password');
      await forgot.getByRole('button', { name: 'Send reset link' }).click();
      await forgot.locator('[data-step=success]').waitFor();
      await forgot.getByRole('button', { name: 'Back to sign in' }).click();
      await d.box.waitFor({ state: 'visible' });

      // sign in with password + TOTP (an authenticator enrolled for the admin, who belongs to a second tenant too)
      const globex = await api('POST', '/_emulator/tenants', { name: 'Globex' });
      await api('POST', `/_emulator/tenants/${globex.tenantId}/users`, { email: ADMIN.email, activated: true });
      const { userId } = await api('POST', '/frontegg/identity/resources/auth/v1/user', ADMIN);
      const { secret } = await api('POST', `/_emulator/users/${userId}/authenticators`, {});
      await d.email.fill(ADMIN.email);
      await page.keyboard.press('Enter');
      await d.password.fill(ADMIN.password);
      await page.keyboard.press('Enter');
      await d.code.fill(totp(secret));
      await page.keyboard.press('Enter');
      await d.panel.waitFor({ state: 'visible' });
      assert.equal(await page.locator('#signed-in-email').textContent(), ADMIN.email);
      await page.locator('#admin-only').waitFor({ state: 'visible' });
      // <fe-tenant-switcher>: a labelled select of the user's tenants; switching refreshes the session
      const switcher = page.locator('fe-tenant-switcher').getByRole('combobox');
      await switcher.waitFor();
      const switched = page.evaluate(
        () => new Promise((resolve) => document.addEventListener('fe-tenant-change', (e) => resolve((e as CustomEvent).detail.tenantId), { once: true })),
      );
      await switcher.selectOption(globex.tenantId);
      assert.equal(await switched, globex.tenantId);
      // a reload restores the session under the policy too
      await page.reload();
      await d.panel.waitFor({ state: 'visible' });
      await d.signOut.click();
      await d.box.waitFor({ state: 'visible' });

      await context.close();
      assert.deepEqual(violations, []);
    });

    it("the hosted login page (the emulator's own page) signs in with zero violations", async () => {
      const violations: Violation[] = [];
      const context = await watchedContext(browser, violations);
      const page = await context.newPage();
      const d = demoPage(page);
      // a user of its own (the admin has an authenticator from the test above)
      const user = { email: `hosted-${Date.now()}@acme.test`, password: 'Hosted-Passw0rd!' };
      await api('POST', '/_emulator/users', user);
      await page.goto(`${hosted.url}/account/login?redirectUrl=%2F`);
      await page.waitForURL((u) => u.origin === emulator.url && u.pathname === '/oauth/authorize');
      const pageCsp = (await (await fetch(page.url())).headers.get('content-security-policy')) ?? '';
      assert.match(pageCsp, /script-src 'self'/, 'the hosted login page is served with the policy');
      assert.equal(/require-trusted-types-for 'script'/.test(pageCsp), trustedTypes);
      await d.email.fill(user.email);
      await page.keyboard.press('Enter');
      await d.password.fill(user.password);
      await page.keyboard.press('Enter');
      await d.panel.waitFor({ state: 'visible' });
      assert.equal(new URL(page.url()).origin, hosted.url);
      assert.equal(await page.locator('#signed-in-email').textContent(), user.email);
      await context.close();
      assert.deepEqual(violations, []);
    });
  });
}
